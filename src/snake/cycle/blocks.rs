//! Right-hand driving in 2×2 blocks: cut an even board into 2×2 blocks and let a snake
//! drive on the right inside each, so that from every cell one move stays in the block and
//! at most one leaves it. Any spanning tree of the free blocks then gives a Hamiltonian
//! cycle, the path of a driver who keeps the tree's edges on the right hand.
//!
//! Where 2×2 blocks do not fit (an odd side, a wall in a single cell), runs of two or
//! three columns and rows may ([`Cut`]): blocks of 3×2, 2×3, and 3×3 with a wall in one
//! corner, each with a rim a driver on the right goes round. The cycles of
//! [`block_tree_cycle`] keep to 2×2 blocks.

use fixedbitset::FixedBitSet;

use super::disjoint_sets::DisjointSets;
use super::layout::{is_cycle, Layout, NONE};
use crate::stamped::Stamped;

/// The cell at `offset` from `cell`, [`NONE`] off the board.
fn offset_cell(layout: &Layout, cell: u32, offset: (i32, i32)) -> u32 {
    let (x, y) = layout.xy(cell);
    let (nx, ny) = (x as i64 + offset.0 as i64, y as i64 + offset.1 as i64);
    if nx < 0 || ny < 0 || nx >= layout.width as i64 || ny >= layout.height as i64 {
        NONE
    } else {
        layout.at(nx as u32, ny as u32)
    }
}

/// A cycle around a spanning tree of the free 2×2 blocks, when the walls fill whole blocks
/// (other cuts are left to the search, whose cycles the fixed-cycle agent has always
/// followed there).
pub(super) fn block_tree_cycle(layout: &Layout) -> Option<Vec<u32>> {
    let moves = BlockMoves::new(layout.clone()).filter(BlockMoves::square)?;
    // Kruskal over the block edges in a fixed order: any spanning tree will do.
    let order = moves.cycle_around(&moves.spanning_tree(moves.edges()));
    is_cycle(layout, &order).then_some(order)
}

/// What a block of a [`Cut`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    /// No wall: its rim runs round its edge.
    Free,
    /// Walls only.
    Walled,
    /// A 3×3 block with a wall in one corner (0 top left, then clockwise): its rim cuts
    /// in through the middle cell, round the wall.
    Corner(u8),
}

/// The cells of a block's rim, from its top left corner (or the cell after the walled
/// one), in the order a driver on the right goes round: down the left side, right along
/// the bottom, up the right side, left along the top, so that the block's outside is on
/// the driver's right. Empty for a walled block.
fn rim(kind: BlockKind, width: u32, height: u32) -> Vec<(u32, u32)> {
    match kind {
        BlockKind::Walled => Vec::new(),
        BlockKind::Free => {
            let (right, bottom) = (width - 1, height - 1);
            let down = (0..bottom).map(|y| (0, y));
            let along = (0..right).map(|x| (x, bottom));
            let up = (1..=bottom).rev().map(|y| (right, y));
            let back = (1..=right).rev().map(|x| (x, 0));
            down.chain(along).chain(up).chain(back).collect()
        }
        BlockKind::Corner(corner) => {
            // The walled corner at the top left; a quarter turn clockwise about the middle
            // cell moves it to the next corner and keeps the rim's sense.
            let mut cells = vec![
                (1, 0),
                (1, 1),
                (0, 1),
                (0, 2),
                (1, 2),
                (2, 2),
                (2, 1),
                (2, 0),
            ];
            for _ in 0..corner {
                for cell in &mut cells {
                    *cell = (2 - cell.1, cell.0);
                }
            }
            cells
        }
    }
}

/// A cut of the board into blocks: runs of two or three columns by runs of two or three
/// rows, each block free, walled, or 3×3 with a wall in one corner. `columns` and `rows`
/// hold where each run starts and, last, the board's width and height.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    columns: Vec<u32>,
    rows: Vec<u32>,
}

impl Cut {
    /// Column cuts tried, each with the row cut that suits it, before the board is taken
    /// not to fit: the search is setup work, done once per board.
    const COLUMN_CUTS: usize = 256;

    /// What the block of `columns` by `rows` holds, `None` if no rim fits it.
    fn block(
        layout: &Layout,
        columns: std::ops::Range<u32>,
        rows: std::ops::Range<u32>,
    ) -> Option<BlockKind> {
        let (width, height) = (columns.end - columns.start, rows.end - rows.start);
        let mut walls = 0;
        let mut corner = 0;
        for y in rows.clone() {
            for x in columns.clone() {
                if !layout.is_free(layout.at(x, y)) {
                    walls += 1;
                    corner = match (x - columns.start, y - rows.start) {
                        (0, 0) => 0,
                        (2, 0) => 1,
                        (2, 2) => 2,
                        (0, 2) => 3,
                        _ => 4,
                    };
                }
            }
        }
        let square = width == 3 && height == 3;
        match walls {
            0 if !square => Some(BlockKind::Free),
            1 if square && corner < 4 => Some(BlockKind::Corner(corner)),
            _ if walls == width * height => Some(BlockKind::Walled),
            _ => None,
        }
    }

    /// The first cut that fits `layout`, runs of two tried before runs of three from the
    /// top left: on an even board whose walls fill whole 2×2 blocks that is the cut into
    /// 2×2 blocks, and with one odd side the cut whose last run is of three. `None` if no
    /// cut fits within [`COLUMN_CUTS`](Self::COLUMN_CUTS) column cuts, or a side is
    /// shorter than 2.
    pub(crate) fn find(layout: &Layout) -> Option<Cut> {
        let free = layout.len() - layout.wall.count_ones(..);
        if free % 2 == 1 {
            // No rim, nor any cycle, covers an odd number of cells.
            return None;
        }
        let mut columns = vec![0];
        let mut tries = 0;
        // Whether a run of two (three) columns from each column has some cut into rows
        // alone: most column cuts that cannot fit fail here, before any row search.
        let mut strips = vec![[None; 2]; layout.width as usize];
        Self::find_columns(layout, &mut columns, &mut tries, &mut strips)
    }

    fn find_columns(
        layout: &Layout,
        columns: &mut Vec<u32>,
        tries: &mut usize,
        strips: &mut [[Option<bool>; 2]],
    ) -> Option<Cut> {
        let at = *columns.last().expect("a cut starts at 0");
        if at == layout.width {
            *tries += 1;
            let mut rows = vec![0];
            let mut failed = vec![false; layout.height as usize];
            return Self::find_rows(layout, columns, &mut rows, &mut failed).then(|| Cut {
                columns: columns.clone(),
                rows,
            });
        }
        for run in [2, 3] {
            if at + run > layout.width || *tries >= Self::COLUMN_CUTS {
                continue;
            }
            let strip = &mut strips[at as usize][run as usize - 2];
            let fits = *strip.get_or_insert_with(|| {
                let mut failed = vec![false; layout.height as usize];
                Self::find_rows(layout, &[at, at + run], &mut vec![0], &mut failed)
            });
            if !fits {
                continue;
            }
            columns.push(at + run);
            if let Some(cut) = Self::find_columns(layout, columns, tries, strips) {
                return Some(cut);
            }
            columns.pop();
        }
        None
    }

    /// Whether runs of rows from the last in `rows` to the board's bottom fit `columns`,
    /// adding them to `rows`; `failed` marks rows known not to start such runs.
    fn find_rows(
        layout: &Layout,
        columns: &[u32],
        rows: &mut Vec<u32>,
        failed: &mut [bool],
    ) -> bool {
        let at = *rows.last().expect("a cut starts at 0");
        if at == layout.height {
            return true;
        }
        if failed[at as usize] {
            return false;
        }
        for run in [2, 3] {
            let fits = at + run <= layout.height
                && columns
                    .windows(2)
                    .all(|pair| Self::block(layout, pair[0]..pair[1], at..at + run).is_some());
            if fits {
                rows.push(at + run);
                if Self::find_rows(layout, columns, rows, failed) {
                    return true;
                }
                rows.pop();
            }
        }
        failed[at as usize] = true;
        false
    }

    /// Whether every block is 2×2.
    fn square(&self) -> bool {
        self.columns
            .windows(2)
            .chain(self.rows.windows(2))
            .all(|pair| pair[1] - pair[0] == 2)
    }
}

/// Scratch memory of the walks over blocks ([`BlockMoves::connected_without`],
/// [`BlockMoves::joined`]), kept between walks so that none allocates.
#[derive(Clone, Debug, Default)]
pub(crate) struct TreeTest {
    /// The blocks the walk has reached.
    seen: Stamped<()>,
    stack: Vec<u32>,
}

/// What one body step says about the block tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Constraint {
    /// Nothing: a step inside a block at the board's edge or next to a wall.
    Free,
    /// The edge is in the tree.
    Present(u32),
    /// The edge is not in the tree.
    Absent(u32),
    /// Not a right-hand move.
    Invalid,
}

/// The board's right-hand moves, computed once: for each cell its move inside its block,
/// its move out of it and the block edge that move crosses.
#[derive(Clone, Debug)]
pub(crate) struct BlockMoves {
    layout: Layout,
    /// For each cell, side by side (a body's step reads them together): the cell its
    /// in-block move leads to; the cell its out-of-block move leads to, [`NONE`] off the
    /// board or into a wall; the block edge that move crosses, [`NONE`] as for the move;
    /// and its block.
    cells: Vec<[u32; 4]>,
    /// Each block's edges to free blocks and the blocks across them, `(NONE, NONE)` for
    /// the rest: the connectivity test walks these without working out coordinates.
    adjacent: Vec<[(u32, u32); 4]>,
    blocks: usize,
    free_blocks: usize,
    first_free_block: u32,
    /// Whether every block is 2×2.
    square: bool,
}

impl BlockMoves {
    /// The moves of `layout`, or `None` when no cut into blocks fits it ([`Cut::find`])
    /// or it has no free cell.
    ///
    /// The moves between blocks are found from the rims rather than from coordinates: a
    /// cell's move out of its block pairs the rim step it would take with the opposite rim
    /// step of the block beside it, and two blocks are joined by one such pair (two 3×2
    /// blocks side by side could be joined by two; the first in cell order is kept). Each
    /// rim step is in at most one pair, so the swaps of any spanning tree's pairs merge
    /// the rims into one Hamiltonian cycle, as on a board of 2×2 blocks.
    pub(crate) fn new(layout: Layout) -> Option<Self> {
        let cut = Cut::find(&layout)?;
        let len = layout.len();
        let across = cut.columns.len() as u32 - 1;
        let blocks = (across as usize) * (cut.rows.len() - 1);
        let mut column_run = vec![0; layout.width as usize];
        for (run, pair) in cut.columns.windows(2).enumerate() {
            column_run[pair[0] as usize..pair[1] as usize].fill(run as u32);
        }
        let mut row_run = vec![0; layout.height as usize];
        for (run, pair) in cut.rows.windows(2).enumerate() {
            row_run[pair[0] as usize..pair[1] as usize].fill(run as u32);
        }
        let block_of = |cell: u32| {
            let (x, y) = layout.xy(cell);
            row_run[y as usize] * across + column_run[x as usize]
        };
        let mut free_block = FixedBitSet::with_capacity(blocks);
        let mut inside = vec![NONE; len];
        for (by, rows) in cut.rows.windows(2).enumerate() {
            for (bx, columns) in cut.columns.windows(2).enumerate() {
                let (x0, y0) = (columns[0], rows[0]);
                let kind = Cut::block(&layout, x0..columns[1], y0..rows[1])
                    .expect("the cut fits the board");
                let rim = rim(kind, columns[1] - x0, rows[1] - y0);
                if rim.is_empty() {
                    continue;
                }
                free_block.insert(by * across as usize + bx);
                for (i, &(x, y)) in rim.iter().enumerate() {
                    let (nx, ny) = rim[(i + 1) % rim.len()];
                    inside[layout.at(x0 + x, y0 + y) as usize] = layout.at(x0 + nx, y0 + ny);
                }
            }
        }
        if free_block.count_ones(..) == 0 {
            return None;
        }
        let mut outside = vec![NONE; len];
        let mut crossing = vec![NONE; len];
        let mut edges = vec![(NONE, NONE); 2 * blocks];
        for cell in 0..len as u32 {
            if !layout.is_free(cell) {
                continue;
            }
            // The rim step turned a quarter to the right: out of the block.
            let ahead = inside[cell as usize];
            let ((x, y), (ax, ay)) = (layout.xy(cell), layout.xy(ahead));
            let (dx, dy) = (ax as i32 - x as i32, ay as i32 - y as i32);
            let out = (-dy, dx);
            let (to, from) = (
                offset_cell(&layout, cell, out),
                offset_cell(&layout, ahead, out),
            );
            if to == NONE || from == NONE || !layout.is_free(to) || inside[from as usize] != to {
                continue;
            }
            let (a, b) = (block_of(cell), block_of(to));
            if a == b || block_of(from) != b {
                continue;
            }
            let (low, high) = (a.min(b), a.max(b));
            let edge = 2 * low + u32::from(high != low + 1);
            // Blocks joined already, by this pair seen from the other side or by another.
            if edges[edge as usize] != (NONE, NONE) {
                continue;
            }
            edges[edge as usize] = (a, b);
            (outside[cell as usize], crossing[cell as usize]) = (to, edge);
            (outside[from as usize], crossing[from as usize]) = (ahead, edge);
        }
        let mut adjacent = vec![[(NONE, NONE); 4]; blocks];
        for (edge, &(a, b)) in edges.iter().enumerate() {
            if a == NONE {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                let slot = adjacent[from as usize]
                    .iter_mut()
                    .find(|(e, _)| *e == NONE)
                    .expect("a block has at most four edges");
                *slot = (edge as u32, to);
            }
        }
        let cells = (0..len as u32)
            .map(|cell| {
                let at = cell as usize;
                [inside[at], outside[at], crossing[at], block_of(cell)]
            })
            .collect();
        Some(BlockMoves {
            cells,
            adjacent,
            blocks,
            free_blocks: free_block.count_ones(..),
            first_free_block: free_block.ones().next().map_or(NONE, |b| b as u32),
            square: cut.square(),
            layout,
        })
    }

    /// Whether every block is 2×2: an even board whose walls fill whole 2×2 blocks.
    #[inline]
    pub(crate) fn square(&self) -> bool {
        self.square
    }

    /// The board the moves are for.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The number of blocks (2×2, or 3×2 along an odd side), free or not; block edges are
    /// numbered below twice this.
    #[inline]
    pub(crate) fn blocks(&self) -> usize {
        self.blocks
    }

    /// The block of `cell`.
    #[inline]
    pub(crate) fn block_of(&self, cell: u32) -> u32 {
        self.cells[cell as usize][3]
    }

    /// The cell the move inside the block of `cell` leads to.
    #[inline]
    pub(crate) fn inside(&self, cell: u32) -> u32 {
        self.cells[cell as usize][0]
    }

    /// The cell the move out of the block of `cell` leads to, [`NONE`] off the board or into
    /// a wall.
    #[inline]
    pub(crate) fn outside(&self, cell: u32) -> u32 {
        self.cells[cell as usize][1]
    }

    /// The block edge the move out of the block of `cell` crosses, [`NONE`] as for
    /// [`outside`](Self::outside).
    #[inline]
    pub(crate) fn crossing(&self, cell: u32) -> u32 {
        self.cells[cell as usize][2]
    }

    /// The edges between free blocks, as `(edge, a, b)` with `a < b`, by edge number.
    pub(crate) fn edges(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        self.adjacent.iter().enumerate().flat_map(|(a, adjacent)| {
            adjacent
                .iter()
                .map(move |&(edge, b)| (edge, a as u32, b))
                .filter(|&(edge, a, b)| edge != NONE && a < b)
        })
    }

    /// A spanning forest of the blocks by Kruskal over `edges` in their order, as a set of
    /// edge numbers.
    pub(crate) fn spanning_tree(
        &self,
        edges: impl IntoIterator<Item = (u32, u32, u32)>,
    ) -> FixedBitSet {
        let mut sets = DisjointSets::default();
        sets.reset(self.blocks);
        let mut tree = FixedBitSet::with_capacity(2 * self.blocks);
        for (edge, a, b) in edges {
            if sets.union(a, b) {
                tree.insert(edge as usize);
            }
        }
        tree
    }

    /// The cells a driver on the right visits from the first free cell until it comes
    /// back there, leaving a block only across the edges in `tree`: every free cell once
    /// when `tree` spans the free blocks, and at most one more than the board's cells.
    pub(crate) fn cycle_around(&self, tree: &FixedBitSet) -> Vec<u32> {
        let layout = &self.layout;
        let Some(start) = (0..layout.len() as u32).find(|&cell| layout.is_free(cell)) else {
            return Vec::new();
        };
        let mut order = vec![start];
        loop {
            let cell = *order.last().expect("the walk starts with a cell");
            let edge = self.crossing(cell);
            let next = if edge != NONE && tree.contains(edge as usize) {
                self.outside(cell)
            } else {
                self.inside(cell)
            };
            if next == start || order.len() > layout.len() {
                return order;
            }
            order.push(next);
        }
    }

    /// Whether some spanning tree of the free blocks holds every edge counted in `present`
    /// and none counted in `absent` (both indexed by edge): the first kind forms no cycle,
    /// no edge is of both kinds, and the blocks stay connected without the second kind (a
    /// forest extends to a spanning tree of any connected graph containing it).
    ///
    /// Union-find over the first kind, then [`connected_without`](Self::connected_without)
    /// the second.
    #[cfg(test)]
    pub(crate) fn tree_exists(&self, present: &[u16], absent: &[u16], test: &mut TreeTest) -> bool {
        let mut sets = DisjointSets::default();
        sets.reset(self.blocks);
        for (a, adjacent) in self.adjacent.iter().enumerate() {
            for &(edge, b) in adjacent {
                let a = a as u32;
                if edge != NONE
                    && a < b
                    && present[edge as usize] > 0
                    && (absent[edge as usize] > 0 || !sets.union(a, b))
                {
                    return false;
                }
            }
        }
        self.connected_without(absent, test)
    }

    /// Whether the edges not counted in `absent` connect the free blocks: a depth-first
    /// walk, `O(blocks)`.
    pub(crate) fn connected_without(&self, absent: &[u16], test: &mut TreeTest) -> bool {
        test.seen.clear(self.blocks);
        test.stack.clear();
        test.stack.push(self.first_free_block);
        test.seen.set(self.first_free_block as usize, ());
        let mut reached = 1;
        while let Some(block) = test.stack.pop() {
            for &(edge, next) in &self.adjacent[block as usize] {
                if edge != NONE && absent[edge as usize] == 0 && test.seen.insert(next as usize, ())
                {
                    reached += 1;
                    test.stack.push(next);
                }
            }
        }
        reached == self.free_blocks
    }

    /// Whether blocks `a` and `b` are joined by a path of edges, other than `without`,
    /// that `open` admits: a breadth-first walk from `a` that stops when it reaches `b`,
    /// so a short way round costs a handful of blocks.
    pub(crate) fn joined(
        &self,
        a: u32,
        b: u32,
        without: u32,
        open: impl Fn(u32) -> bool,
        test: &mut TreeTest,
    ) -> bool {
        if a == b {
            return true;
        }
        test.seen.clear(self.blocks);
        test.stack.clear();
        test.stack.push(a);
        test.seen.set(a as usize, ());
        let mut at = 0;
        while let Some(&block) = test.stack.get(at) {
            at += 1;
            for &(edge, next) in &self.adjacent[block as usize] {
                if edge == NONE
                    || edge == without
                    || test.seen.contains(next as usize)
                    || !open(edge)
                {
                    continue;
                }
                if next == b {
                    return true;
                }
                test.seen.set(next as usize, ());
                test.stack.push(next);
            }
        }
        false
    }

    /// What the step from `from` to `to` says about the block tree.
    pub(crate) fn constraint(&self, from: u32, to: u32) -> Constraint {
        let [inside, outside, edge, _] = self.cells[from as usize];
        if to == inside {
            if edge == NONE {
                Constraint::Free
            } else {
                Constraint::Absent(edge)
            }
        } else if to == outside && edge != NONE {
            Constraint::Present(edge)
        } else {
            Constraint::Invalid
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×4 board: blocks 0 1 over 2 3, and the ids of the four edges between them (twice
    /// the block for the edge to its right, and one more for the edge below it).
    fn four_blocks() -> (BlockMoves, [u32; 4]) {
        let moves = BlockMoves::new(Layout::open(4, 4)).expect("blocks fit 4x4");
        let edges = [0, 1, 3, 4];
        let joined: Vec<_> = moves.edges().collect();
        assert_eq!(joined, [(0, 0, 1), (1, 0, 2), (3, 1, 3), (4, 2, 3)]);
        (moves, edges)
    }

    fn counts(moves: &BlockMoves, edges: &[u32]) -> Vec<u16> {
        let mut count = vec![0; 2 * moves.blocks()];
        for &edge in edges {
            count[edge as usize] += 1;
        }
        count
    }

    #[test]
    fn a_tree_exists_exactly_when_present_edges_are_a_forest_and_absent_ones_leave_a_connected_graph(
    ) {
        let (moves, [e01, e02, e13, e23]) = four_blocks();
        let mut test = TreeTest::default();
        let mut exists = |present: &[u32], absent: &[u32]| {
            moves.tree_exists(&counts(&moves, present), &counts(&moves, absent), &mut test)
        };
        assert!(exists(&[], &[]));
        assert!(
            exists(&[e01, e02, e13], &[]),
            "three edges span four blocks"
        );
        assert!(
            !exists(&[e01, e02, e13, e23], &[]),
            "four edges close a cycle"
        );
        assert!(exists(&[], &[e23]), "any one edge can be left out");
        assert!(!exists(&[], &[e01, e02]), "block 0 cut off");
        assert!(!exists(&[e01], &[e01]), "an edge both in and out");
        assert!(exists(&[e01, e23], &[e02]));
        assert!(
            !exists(&[e01, e23], &[e02, e13]),
            "the two present edges stay apart"
        );
    }

    #[test]
    fn steps_say_what_they_fix() {
        let (moves, [e01, ..]) = four_blocks();
        let layout = Layout::open(4, 4);
        let at = |x, y| layout.at(x, y);
        // (1, 1) drives up inside its block or right across the edge to block 1.
        assert_eq!(moves.inside(at(1, 1)), at(1, 0));
        assert_eq!(moves.outside(at(1, 1)), at(2, 1));
        assert_eq!(moves.crossing(at(1, 1)), e01);
        assert_eq!(
            moves.constraint(at(1, 1), at(1, 0)),
            Constraint::Absent(e01)
        );
        assert_eq!(
            moves.constraint(at(1, 1), at(2, 1)),
            Constraint::Present(e01)
        );
        assert_eq!(moves.constraint(at(1, 1), at(0, 1)), Constraint::Invalid);
        assert_eq!(moves.constraint(at(1, 1), at(1, 2)), Constraint::Invalid);
        // (0, 0) can only stay inside: its other move leaves the board.
        assert_eq!(moves.outside(at(0, 0)), NONE);
        assert_eq!(moves.constraint(at(0, 0), at(0, 1)), Constraint::Free);
        assert_eq!(moves.constraint(at(0, 0), at(1, 0)), Constraint::Invalid);
        assert_eq!(moves.block_of(at(3, 3)), 3);
    }

    /// A spanning tree of the free blocks: Kruskal over the edges in an order `seed`
    /// shuffles.
    fn spanning_tree(moves: &BlockMoves, seed: u64) -> FixedBitSet {
        let mut edges: Vec<_> = moves.edges().collect();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for i in (1..edges.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            edges.swap(i, (state % (i as u64 + 1)) as usize);
        }
        moves.spanning_tree(edges)
    }

    #[test]
    fn every_spanning_tree_of_the_blocks_gives_a_hamiltonian_cycle() {
        let mut walled = Layout::open(7, 6);
        for (x, y) in [(4, 2), (5, 2), (6, 2), (4, 3), (5, 3), (6, 3)] {
            walled.wall.insert(walled.at(x, y) as usize);
        }
        let boards = [
            Layout::open(8, 8),
            Layout::open(9, 12),
            Layout::open(12, 9),
            Layout::open(5, 4),
            Layout::open(3, 6),
            Layout::open(2, 7),
            walled,
        ];
        for layout in boards {
            let moves = BlockMoves::new(layout.clone()).expect("the blocks fit");
            // Every two free blocks side by side are joined by one edge, so the blocks'
            // graph is the grid's and has a spanning tree.
            let (across, down) = (layout.width / 2, layout.height / 2);
            let free = |block: u32| {
                let (x, y) = (2 * (block % across), 2 * (block / across));
                layout.is_free(layout.at(x, y))
            };
            let mut pairs = 0;
            for block in 0..across * down {
                let right = block % across + 1 < across && free(block) && free(block + 1);
                let below = block / across + 1 < down && free(block) && free(block + across);
                pairs += usize::from(right) + usize::from(below);
            }
            let edges: usize = moves
                .adjacent
                .iter()
                .map(|edges| edges.iter().filter(|&&(edge, _)| edge != NONE).count())
                .sum();
            assert_eq!(edges, 2 * pairs, "{}x{}", layout.width, layout.height);
            for seed in 0..20 {
                let tree = spanning_tree(&moves, seed);
                let order = moves.cycle_around(&tree);
                assert!(
                    is_cycle(&layout, &order),
                    "{}x{} seed {seed}: {order:?}",
                    layout.width,
                    layout.height
                );
            }
        }
    }

    #[test]
    fn a_three_by_three_block_with_a_walled_corner_goes_round_the_wall() {
        for (corner, (wx, wy)) in [(0, 0), (2, 0), (2, 2), (0, 2)].into_iter().enumerate() {
            let cells = rim(BlockKind::Corner(corner as u8), 3, 3);
            assert_eq!(cells.len(), 8);
            assert!(!cells.contains(&(wx, wy)), "corner {corner}: {cells:?}");
            for (i, &(x, y)) in cells.iter().enumerate() {
                let (nx, ny) = cells[(i + 1) % 8];
                assert_eq!(
                    x.abs_diff(nx) + y.abs_diff(ny),
                    1,
                    "corner {corner}: {cells:?}"
                );
                // Along the block's edge the rim runs as round a free block: down the
                // left side, right along the bottom, up the right side, left along the top.
                let step = (nx as i32 - x as i32, ny as i32 - y as i32);
                match step {
                    (0, 1) if x == 2 => panic!("down the right side: {cells:?}"),
                    (0, -1) if x == 0 => panic!("up the left side: {cells:?}"),
                    (1, 0) if y == 0 => panic!("right along the top: {cells:?}"),
                    (-1, 0) if y == 2 => panic!("left along the bottom: {cells:?}"),
                    _ => {}
                }
            }
        }
        let free = rim(BlockKind::Free, 3, 2);
        assert_eq!(free, [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0), (1, 0)]);
        assert!(rim(BlockKind::Walled, 2, 2).is_empty());
    }

    #[test]
    fn single_walls_in_the_corners_of_three_by_three_blocks_are_cut_round() {
        let mut pillars = Layout::open(10, 10);
        for (x, y) in [(2, 2), (7, 2), (2, 7), (7, 7)] {
            pillars.wall.insert(pillars.at(x, y) as usize);
        }
        let cut = Cut::find(&pillars).expect("a cut fits the pillars");
        assert_eq!(cut.columns, [0, 2, 5, 7, 10]);
        assert_eq!(cut.rows, [0, 2, 5, 7, 10]);
        assert!(!cut.square());
        let moves = BlockMoves::new(pillars.clone()).unwrap();
        assert!(!moves.square());
        assert!(BlockMoves::new(Layout::open(8, 6)).unwrap().square());
        for seed in 0..20 {
            let order = moves.cycle_around(&spanning_tree(&moves, seed));
            assert!(is_cycle(&pillars, &order), "seed {seed}");
        }
        // The default cut comes first: all 2×2, or the last run of three.
        assert_eq!(
            Cut::find(&Layout::open(6, 4)).unwrap().columns,
            [0, 2, 4, 6]
        );
        assert_eq!(
            Cut::find(&Layout::open(7, 4)).unwrap().columns,
            [0, 2, 4, 7]
        );
        // A wall off the corners of every block that could hold it, and a board with an
        // odd number of free cells, have no cut.
        let mut middle = Layout::open(10, 10);
        for (x, y) in [(1, 1), (1, 2)] {
            middle.wall.insert(middle.at(x, y) as usize);
        }
        assert_eq!(Cut::find(&middle), None);
        let mut odd = Layout::open(10, 10);
        odd.wall.insert(odd.at(2, 2) as usize);
        assert_eq!(Cut::find(&odd), None);
        assert_eq!(Cut::find(&Layout::open(9, 9)), None);
        let walled = |width, height, walls: &[(u32, u32)]| {
            let mut layout = Layout::open(width, height);
            for &(x, y) in walls {
                layout.wall.insert(layout.at(x, y) as usize);
            }
            layout
        };
        // A 3×3 board with a wall in any corner is one block round it; with the wall in
        // the middle of a side it is no block.
        for corner in [(0, 0), (2, 0), (2, 2), (0, 2)] {
            let layout = walled(3, 3, &[corner]);
            let moves = BlockMoves::new(layout.clone()).expect("a 3x3 block round a corner");
            let order = moves.cycle_around(&FixedBitSet::new());
            assert!(is_cycle(&layout, &order), "{corner:?}: {order:?}");
        }
        assert_eq!(Cut::find(&walled(3, 3, &[(1, 0)])), None);
        // A single wall in a 2×2 block, and a free 3×3 block (its middle off the rim): the
        // only cut of these 4×4 and 6×6 boards holds one, so none fits.
        assert_eq!(Cut::find(&walled(4, 4, &[(0, 0), (2, 0)])), None);
        assert_eq!(Cut::find(&walled(6, 6, &[(0, 0), (5, 5)])), None);
    }

    #[test]
    fn a_block_along_an_odd_side_is_three_cells_wide() {
        // 5×4: blocks 0 1 over 2 3, blocks 1 and 3 taking in the last column.
        let layout = Layout::open(5, 4);
        let moves = BlockMoves::new(layout.clone()).expect("blocks fit 5x4");
        let at = |x, y| layout.at(x, y);
        assert_eq!(moves.blocks(), 4);
        for (x, y) in [(2, 0), (3, 1), (4, 0), (4, 1)] {
            assert_eq!(moves.block_of(at(x, y)), 1);
        }
        assert_eq!(moves.block_of(at(4, 3)), 3);
        // Round the rim of block 1: down, right, right, up, left, left.
        let rim = [(2, 0), (2, 1), (3, 1), (4, 1), (4, 0), (3, 0), (2, 0)];
        for step in rim.windows(2) {
            let (from, to) = (at(step[0].0, step[0].1), at(step[1].0, step[1].1));
            assert_eq!(moves.inside(from), to, "{step:?}");
        }
        // (3, 1) could leave down or, on a 2×2 block, right: here it has no way out.
        assert_eq!(moves.outside(at(3, 1)), NONE);
        assert_eq!(moves.constraint(at(3, 1), at(4, 1)), Constraint::Free);
        assert_eq!(moves.outside(at(4, 1)), NONE);
        // Blocks 1 and 3 are joined once, by the rim steps at their left ends.
        assert_eq!(moves.outside(at(2, 1)), at(2, 2));
        assert_eq!(moves.outside(at(3, 2)), at(3, 1));
        assert_eq!(moves.crossing(at(2, 1)), moves.crossing(at(3, 2)));
        assert_eq!(moves.outside(at(4, 2)), NONE);
        // (2, 0) leaves left into block 0 as on a 2×2 block.
        assert_eq!(moves.outside(at(2, 0)), at(1, 0));
        assert!(matches!(
            moves.constraint(at(2, 0), at(1, 0)),
            Constraint::Present(_)
        ));
    }

    #[test]
    fn blocks_fit_where_walls_fill_whole_blocks_of_a_cut() {
        assert!(BlockMoves::new(Layout::open(5, 5)).is_none());
        assert!(BlockMoves::new(Layout::open(1, 4)).is_none());
        assert!(BlockMoves::new(Layout::open(3, 2)).is_some());
        let mut layout = Layout::open(5, 4);
        layout.wall.insert(layout.at(4, 0) as usize);
        assert!(
            BlockMoves::new(layout.clone()).is_none(),
            "a wall in part of a block"
        );
        for (x, y) in [(2, 0), (3, 0), (2, 1), (3, 1), (4, 1)] {
            layout.wall.insert(layout.at(x, y) as usize);
        }
        let moves = BlockMoves::new(layout.clone()).expect("a whole 3x2 block walled");
        assert_eq!(moves.outside(layout.at(1, 0)), NONE);
        assert!(BlockMoves::new(Layout::open(4, 5)).is_some());
        let mut layout = Layout::open(4, 4);
        layout.wall.insert(layout.at(2, 2) as usize);
        assert!(BlockMoves::new(layout.clone()).is_none());
        for (x, y) in [(3, 2), (2, 3), (3, 3)] {
            layout.wall.insert(layout.at(x, y) as usize);
        }
        let moves = BlockMoves::new(layout.clone()).expect("one whole block walled");
        assert_eq!(
            moves.outside(layout.at(1, 3)),
            NONE,
            "into the walled block"
        );
        let mut all = Layout::open(2, 2);
        all.wall.insert_range(..);
        assert!(BlockMoves::new(all).is_none());
    }
}
