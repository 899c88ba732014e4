//! The regions of the blank: for every set of taken cells, which region of the free cells
//! each cell is in, shared by every database of a board shape.

use std::sync::OnceLock;

use crate::puzzle::SlidingPuzzle;

/// The board's cells as bit masks, for flood fills of the blank's region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cells {
    pub(super) all: u32,
    pub(super) neighbours: [u32; 16],
    /// Cells not in the first column, and not in the last.
    not_first_column: u32,
    not_last_column: u32,
    pub(super) width: u32,
}

/// For every set of taken cells (a `u32` mask, as an index), the region of each other cell:
/// nibble `c` of `ranks` holds the rank, among the free cells, of the lowest cell of the
/// region holding cell `c` (0 for the region of the lowest free cell), and nibble `c` of
/// `lowest` that lowest cell itself.
///
/// A lookup needs that rank for the blank's cell. Six tiles on the 15-puzzle's board split
/// the free cells into several regions about one time in three, unpredictably, so a flood
/// fill from the blank took about ten rounds with a mispredicted exit, and a fifth of IDA*'s
/// instructions on Korf's 100; one load and a shift now answer every case. Built once per
/// board shape, in a few milliseconds: `2^n` entries, 512 KiB for 16 cells. Building a
/// database names regions by their lowest cell, and reads it from `lowest` for every move
/// instead of a flood fill (a third of the build's instructions); another 512 KiB.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Regions {
    ranks: Vec<u64>,
    lowest: Vec<u64>,
}

impl Regions {
    /// The tables of the board shape of `cells`, made on first use and shared since.
    pub(super) fn of(cells: &Cells) -> &'static Regions {
        // Indexed by width and height, each 2 to 8 (a board has at most 16 cells).
        static SHAPES: [OnceLock<Regions>; 49] = [const { OnceLock::new() }; 49];
        let n = cells.all.count_ones() as usize;
        let shape = (cells.width as usize - 2) * 7 + (n / cells.width as usize - 2);
        SHAPES[shape].get_or_init(|| {
            let (ranks, lowest) = (0..=cells.all)
                .map(|taken| {
                    let open = cells.all & !taken;
                    let mut left = open;
                    let (mut ranks, mut lowest) = (0_u64, 0_u64);
                    while left != 0 {
                        let low = left & left.wrapping_neg();
                        let region = cells.flood(low, left);
                        let rank = u64::from((open & (low - 1)).count_ones());
                        for cell in (0..n).filter(|&cell| region >> cell & 1 == 1) {
                            ranks |= rank << (4 * cell);
                            lowest |= u64::from(low.trailing_zeros()) << (4 * cell);
                        }
                        left &= !region;
                    }
                    (ranks, lowest)
                })
                .unzip();
            Regions { ranks, lowest }
        })
    }

    /// The rank of the region of `cell` when the cells in `taken` are taken.
    #[inline(always)]
    pub(super) fn rank(&self, taken: u32, cell: u32) -> u32 {
        (self.ranks[taken as usize] >> (4 * (cell & 0xF)) & 0xF) as u32
    }

    /// The rank of every other cell's region (nibble `c` for cell `c`) when the cells in
    /// `taken` are taken.
    #[inline(always)]
    pub(super) fn ranks(&self, taken: u32) -> u64 {
        self.ranks[taken as usize]
    }

    /// The lowest cell of every other cell's region (nibble `c` for cell `c`) when the cells
    /// in `taken` are taken.
    #[inline(always)]
    pub(super) fn lowest(&self, taken: u32) -> u64 {
        self.lowest[taken as usize]
    }
}

impl Cells {
    pub(super) fn new(puzzle: &SlidingPuzzle) -> Self {
        let (width, n) = (puzzle.width(), puzzle.cells());
        let mut neighbours = [0u32; 16];
        for (cell, mask) in neighbours.iter_mut().enumerate().take(n) {
            *mask = puzzle
                .neighbour_cells(cell)
                .fold(0, |mask, c| mask | 1 << c);
        }
        let column = |col: usize| {
            (0..n)
                .filter(|c| c % width == col)
                .fold(0u32, |m, c| m | 1 << c)
        };
        let all = (1u32 << n) - 1;
        Cells {
            all,
            neighbours,
            not_first_column: all & !column(0),
            not_last_column: all & !column(width - 1),
            width: width as u32,
        }
    }

    /// Every move of a tile on `taken` into a cell of `open`, one bit each: bit `from + 16·d`
    /// for the move from cell `from` up (`d = 0`), down (1), left (2) or right (3).
    #[inline(always)]
    pub(super) fn moves(&self, taken: u32, open: u32) -> u64 {
        let up = taken & open << self.width;
        let down = taken & open >> self.width;
        let left = taken & open << 1 & self.not_first_column;
        let right = taken & open >> 1 & self.not_last_column;
        u64::from(up) | u64::from(down) << 16 | u64::from(left) << 32 | u64::from(right) << 48
    }

    /// The cells of `open` connected to `seed` (a subset of `open`).
    #[inline(always)]
    pub(super) fn flood(&self, seed: u32, open: u32) -> u32 {
        let mut region = seed;
        loop {
            let grown = (region
                | (region << 1) & self.not_first_column
                | (region >> 1) & self.not_last_column
                | region << self.width
                | region >> self.width)
                & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lowest cell of `cell`'s region and its rank among the free cells, by flood fill.
    fn lowest_by_flood(cells: &Cells, taken: u32, cell: u32) -> (u32, u32) {
        let open = cells.all & !taken;
        let low = cells.flood(1 << cell, open).trailing_zeros();
        (low, (open & ((1 << low) - 1)).count_ones())
    }

    #[test]
    fn region_ranks_agree_with_flood_fills() {
        for (width, height) in [(2, 2), (3, 2), (3, 3), (2, 4), (4, 3), (2, 8), (4, 4)] {
            let puzzle = SlidingPuzzle::new(width, height).unwrap();
            let cells = Cells::new(&puzzle);
            let regions = Regions::of(&cells);
            let n = puzzle.cells() as u32;
            // Every set of taken cells up to 12 cells, every seventh beyond.
            let step = if n > 12 { 7 } else { 1 };
            for taken in (0..=cells.all).step_by(step) {
                for cell in (0..n).filter(|&cell| taken >> cell & 1 == 0) {
                    let lowest = (regions.lowest(taken) >> (4 * cell) & 0xF) as u32;
                    assert_eq!(
                        (lowest, regions.rank(taken, cell)),
                        lowest_by_flood(&cells, taken, cell),
                        "{width}x{height}, taken {taken:#b}, cell {cell}"
                    );
                }
            }
        }
        // Tiles on cells 1 and 4 of the 15-puzzle wall off the corner: the rest of the free
        // cells form the second region, whose lowest cell (2) has one free cell below it.
        let regions = Regions::of(&Cells::new(&SlidingPuzzle::new(4, 4).unwrap()));
        let taken = 1 << 1 | 1 << 4;
        assert_eq!(regions.rank(taken, 0), 0);
        assert_eq!(regions.rank(taken, 2), 1);
        assert_eq!(regions.rank(taken, 15), 1);
        assert_eq!(regions.lowest(taken) >> (4 * 15) & 0xF, 2);
    }
}
