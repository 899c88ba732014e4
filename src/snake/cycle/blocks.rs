//! Right-hand driving in 2×2 blocks: cut an even board into 2×2 blocks and let a snake
//! drive on the right inside each, so that from every cell one move stays in the block and
//! one leaves it. Any spanning tree of the free blocks then gives a Hamiltonian cycle, the
//! path of a driver who keeps the tree's edges on the right hand.

use fixedbitset::FixedBitSet;

use super::disjoint_sets::DisjointSets;
use super::hamiltonian_cycle::is_cycle;
use super::layout::{Layout, NONE};

/// Right-hand driving in 2×2 blocks: the move that stays inside the block of `(x, y)`, as
/// an offset. Each block is a small loop: top-left, bottom-left, bottom-right, top-right.
fn inside_offset(x: u32, y: u32) -> (i32, i32) {
    match (x % 2, y % 2) {
        (0, 0) => (0, 1),
        (0, _) => (1, 0),
        (_, 0) => (-1, 0),
        _ => (0, -1),
    }
}

/// Right-hand driving in 2×2 blocks: the move that leaves the block of `(x, y)`.
fn outside_offset(x: u32, y: u32) -> (i32, i32) {
    match (x % 2, y % 2) {
        (0, 0) => (-1, 0),
        (0, _) => (0, 1),
        (_, 0) => (0, -1),
        _ => (1, 0),
    }
}

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

/// Whether the walls of an even board fill whole 2×2 blocks.
pub(super) fn walls_fill_blocks(layout: &Layout) -> bool {
    layout.width % 2 == 0
        && layout.height % 2 == 0
        && layout.wall.ones().all(|cell| {
            let (x, y) = layout.xy(cell as u32);
            let (x0, y0) = (x - x % 2, y - y % 2);
            [(0, 0), (1, 0), (0, 1), (1, 1)]
                .iter()
                .all(|&(dx, dy)| !layout.is_free(layout.at(x0 + dx, y0 + dy)))
        })
}

/// The block of `cell` when the board is cut into 2×2 blocks.
fn block_of(layout: &Layout, cell: u32) -> u32 {
    let (x, y) = layout.xy(cell);
    (y / 2) * (layout.width / 2) + x / 2
}

/// The id of the edge between the blocks of two adjacent cells in different blocks:
/// `2 * block` for the edge to the right of `block`, `2 * block + 1` for the edge below it.
fn block_edge(layout: &Layout, a: u32, b: u32) -> u32 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let block = block_of(layout, low);
    if high == low + 1 {
        2 * block
    } else {
        2 * block + 1
    }
}

/// The cell a right-hand driver moves to from `cell` when the edge it faces is in `tree`
/// (then it leaves the block) or not (it stays inside).
fn tree_successor(layout: &Layout, tree: &FixedBitSet, cell: u32) -> u32 {
    let (x, y) = layout.xy(cell);
    let out = offset_cell(layout, cell, outside_offset(x, y));
    if out != NONE && layout.is_free(out) && tree.contains(block_edge(layout, cell, out) as usize) {
        out
    } else {
        offset_cell(layout, cell, inside_offset(x, y))
    }
}

/// The cycle a right-hand driver follows around a spanning tree of the free blocks
/// (`tree` holds its edges by [`block_edge`]); `None` if it is not a Hamiltonian cycle.
fn cycle_around(layout: &Layout, tree: &FixedBitSet) -> Option<Vec<u32>> {
    let start = (0..layout.len() as u32).find(|&cell| layout.is_free(cell))?;
    let mut order = vec![start];
    let mut cell = tree_successor(layout, tree, start);
    while cell != start && cell != NONE && order.len() <= layout.len() {
        order.push(cell);
        cell = tree_successor(layout, tree, cell);
    }
    is_cycle(layout, &order).then_some(order)
}

/// A cycle around a spanning tree of the free 2×2 blocks, when the walls fill whole blocks.
pub(super) fn block_tree_cycle(layout: &Layout) -> Option<Vec<u32>> {
    if !walls_fill_blocks(layout) {
        return None;
    }
    let blocks = (layout.width / 2 * layout.height / 2) as usize;
    // Kruskal over the block edges in a fixed order: any spanning tree will do.
    let mut sets = DisjointSets::default();
    sets.reset(blocks);
    let mut tree = FixedBitSet::with_capacity(2 * blocks);
    for cell in 0..layout.len() as u32 {
        let (x, y) = layout.xy(cell);
        if x % 2 == 1 && y % 2 == 1 && layout.is_free(cell) {
            for next in [
                offset_cell(layout, cell, (1, 0)),
                offset_cell(layout, cell, (0, 1)),
            ] {
                if next != NONE
                    && layout.is_free(next)
                    && sets.union(block_of(layout, cell), block_of(layout, next))
                {
                    tree.insert(block_edge(layout, cell, next) as usize);
                }
            }
        }
    }
    cycle_around(layout, &tree)
}

/// Scratch memory of the walks over blocks ([`BlockMoves::connected_without`],
/// [`BlockMoves::joined`]), kept between walks so that none allocates.
#[derive(Clone, Debug, Default)]
pub(crate) struct TreeTest {
    /// The walk's marks: a block is reached when its mark is `stamp`.
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
}

impl TreeTest {
    /// A fresh mark for a walk over `blocks` blocks.
    fn next_stamp(&mut self, blocks: usize) -> u32 {
        if self.seen.len() < blocks {
            self.seen.resize(blocks, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }
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
}

impl BlockMoves {
    /// The moves of `layout`, or `None` when the blocks do not fit it: an odd side, walls
    /// that do not fill whole blocks, or no free cell.
    pub(crate) fn new(layout: Layout) -> Option<Self> {
        if !walls_fill_blocks(&layout) || layout.wall.count_ones(..) == layout.len() {
            return None;
        }
        let len = layout.len();
        let mut inside = vec![NONE; len];
        let mut outside = vec![NONE; len];
        let mut crossing = vec![NONE; len];
        let blocks = len / 4;
        let mut edges = vec![(NONE, NONE); 2 * blocks];
        let mut free_block = FixedBitSet::with_capacity(blocks);
        for cell in 0..len as u32 {
            if !layout.is_free(cell) {
                continue;
            }
            free_block.insert(block_of(&layout, cell) as usize);
            let (x, y) = layout.xy(cell);
            inside[cell as usize] = offset_cell(&layout, cell, inside_offset(x, y));
            let out = offset_cell(&layout, cell, outside_offset(x, y));
            if out != NONE && layout.is_free(out) {
                outside[cell as usize] = out;
                let edge = block_edge(&layout, cell, out);
                crossing[cell as usize] = edge;
                edges[edge as usize] = (block_of(&layout, cell), block_of(&layout, out));
            }
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
        let cells = (0..len)
            .map(|cell| {
                [
                    inside[cell],
                    outside[cell],
                    crossing[cell],
                    block_of(&layout, cell as u32),
                ]
            })
            .collect();
        Some(BlockMoves {
            cells,
            adjacent,
            blocks,
            free_blocks: free_block.count_ones(..),
            first_free_block: free_block.ones().next().map_or(NONE, |b| b as u32),
            layout,
        })
    }

    /// The board the moves are for.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The number of 2×2 blocks, free or not; block edges are numbered below twice this.
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
        let stamp = test.next_stamp(self.blocks);
        test.stack.clear();
        test.stack.push(self.first_free_block);
        test.seen[self.first_free_block as usize] = stamp;
        let mut reached = 1;
        while let Some(block) = test.stack.pop() {
            for &(edge, next) in &self.adjacent[block as usize] {
                if edge != NONE && absent[edge as usize] == 0 && test.seen[next as usize] != stamp {
                    test.seen[next as usize] = stamp;
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
        let stamp = test.next_stamp(self.blocks);
        test.stack.clear();
        test.stack.push(a);
        test.seen[a as usize] = stamp;
        let mut at = 0;
        while let Some(&block) = test.stack.get(at) {
            at += 1;
            for &(edge, next) in &self.adjacent[block as usize] {
                if edge == NONE
                    || edge == without
                    || test.seen[next as usize] == stamp
                    || !open(edge)
                {
                    continue;
                }
                if next == b {
                    return true;
                }
                test.seen[next as usize] = stamp;
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

    /// A 4×4 board: blocks 0 1 over 2 3, and the ids of the four edges between them.
    fn four_blocks() -> (BlockMoves, [u32; 4]) {
        let layout = Layout::open(4, 4);
        let edge = |a: (u32, u32), b: (u32, u32)| {
            block_edge(&layout, layout.at(a.0, a.1), layout.at(b.0, b.1))
        };
        let edges = [
            edge((1, 0), (2, 0)), // 0-1
            edge((0, 1), (0, 2)), // 0-2
            edge((3, 1), (3, 2)), // 1-3
            edge((1, 3), (2, 3)), // 2-3
        ];
        (BlockMoves::new(layout).expect("blocks fit 4x4"), edges)
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

    #[test]
    fn blocks_fit_only_even_boards_whose_walls_fill_whole_blocks() {
        assert!(BlockMoves::new(Layout::open(5, 4)).is_none());
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
