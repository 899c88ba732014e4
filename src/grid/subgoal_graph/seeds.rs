//! The subgoals that each cell of a small map reaches directly, listed at build time.
//!
//! A query joins its start and its goal to the graph by a scan from each, and on a small
//! map, where a search settles a handful of subgoals, the two scans are up to half of the
//! query. The lists of every cell cost a scan per free cell once, and memory that grows
//! with the cells and what they see: on a 49×49 arena the graph takes 29 bytes per cell
//! instead of 8, on a 65×81 dungeon 18 instead of 7. On an open map of 512×512 the lists
//! would take more than ten megabytes, so they are kept for small maps only.

use super::super::Grid;
use super::build::Cells;

/// The most padded cells of a map whose lists are built: 128×128.
pub(super) const MAX_CELLS: usize = 1 << 14;

/// Per padded cell, the ids of the subgoals its scan finds, in the scan's order (empty for
/// blocked cells and subgoals, which a query joins to the graph as themselves).
#[derive(Debug, Clone, Default)]
pub(super) struct Seeds {
    /// The ids of cell `i` are `ids[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    /// Subgoal ids: a map of at most [`MAX_CELLS`] cells has fewer subgoals than `u16`
    /// holds.
    ids: Vec<u16>,
}

impl Seeds {
    /// The lists of `grid`, whose subgoals are `cells`, if it has at most [`MAX_CELLS`]
    /// padded cells and at least one subgoal (without one, a scan finds nothing at once).
    pub(super) fn build(grid: &Grid, cells: &Cells) -> Option<Seeds> {
        let padded = grid.passable.len();
        if padded > MAX_CELLS || cells.len() == 0 {
            return None;
        }
        let mut first = Vec::with_capacity(padded + 1);
        let mut ids = Vec::new();
        for i in 0..padded {
            first.push(ids.len() as u32);
            if grid.passable[i] && !cells.is_subgoal(i) {
                cells.scan(grid, i, |found| ids.push(cells.id(found) as u16));
            }
        }
        first.push(ids.len() as u32);
        Some(Seeds { first, ids })
    }

    /// The subgoals that the free cell at padded index `i`, not a subgoal, reaches
    /// directly: what [`Cells::scan`] finds, in its order.
    #[inline(always)]
    pub(super) fn of(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        self.ids[self.first[i] as usize..self.first[i + 1] as usize]
            .iter()
            .map(|&id| u32::from(id))
    }

    /// The bytes of the lists.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(self.first.as_slice()) + std::mem::size_of_val(self.ids.as_slice())
    }
}

/// Calls `found` with the id of every subgoal the free cell at padded index `i` reaches
/// directly: the cell itself if it is a subgoal, else its list when the map has lists,
/// else what its scan finds.
#[inline(always)]
pub(super) fn direct_subgoals(
    grid: &Grid,
    cells: &Cells,
    seeds: Option<&Seeds>,
    i: usize,
    mut found: impl FnMut(u32),
) {
    if cells.is_subgoal(i) {
        found(cells.id(i));
    } else if let Some(seeds) = seeds {
        seeds.of(i).for_each(found);
    } else {
        cells.scan(grid, i, |end| found(cells.id(end)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::{Connectivity, Grid};
    use super::super::build::Cells;
    use super::{Seeds, MAX_CELLS};

    /// A grid of `width × height` with the cells a fixed pseudo-random sequence picks
    /// (about one in `one_in`) blocked.
    fn scattered(width: u32, height: u32, one_in: u64) -> Grid {
        let mut grid = Grid::open(width, height, Connectivity::Eight);
        let mut x = 99u64;
        for y in 0..height {
            for column in 0..width {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                if (x >> 33) % one_in == 0 {
                    grid.set_blocked((column, y), true).unwrap();
                }
            }
        }
        grid
    }

    /// Every free cell that is not a subgoal lists what its scan finds, in order; the
    /// others list nothing.
    #[test]
    fn each_cell_lists_what_its_scan_finds() {
        for (width, height, one_in) in [(40, 30, 5), (17, 60, 9), (100, 100, 3)] {
            let grid = scattered(width, height, one_in);
            let cells = Cells::build(&grid);
            let seeds = Seeds::build(&grid, &cells).expect("a small map with subgoals");
            let mut listed = 0;
            for i in 0..grid.passable.len() {
                let mut scanned = Vec::new();
                if grid.passable[i] && !cells.is_subgoal(i) {
                    cells.scan(&grid, i, |found| scanned.push(cells.id(found)));
                }
                assert_eq!(seeds.of(i).collect::<Vec<_>>(), scanned, "cell {i}");
                listed += scanned.len();
            }
            assert!(listed > 1_000, "{listed} listed");
            assert_eq!(seeds.bytes(), 4 * (grid.passable.len() + 1) + 2 * listed);
        }
    }

    /// No lists for a map without subgoals, nor for one of more than `MAX_CELLS` cells;
    /// lists for one just small enough.
    #[test]
    fn only_small_maps_with_subgoals_get_lists() {
        let open = Grid::open(20, 20, Connectivity::Eight);
        assert!(Seeds::build(&open, &Cells::build(&open)).is_none());
        // Padded by a cell on each side: 128 × 128 cells.
        let largest = scattered(126, 126, 7);
        assert_eq!(largest.passable.len(), MAX_CELLS);
        assert!(Seeds::build(&largest, &Cells::build(&largest)).is_some());
        let larger = scattered(127, 126, 7);
        assert!(Seeds::build(&larger, &Cells::build(&larger)).is_none());
    }
}
