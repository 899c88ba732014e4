//! Hamiltonian cycles over a snake board, and [`HamiltonianAgent`], which follows one and
//! takes shortcuts that keep the snake in cycle order.
//!
//! # The rule
//!
//! Number the free cells `0..n` along a Hamiltonian cycle, and measure each cell's place
//! relative to the tail: `rel(c) = (pos(c) - pos(tail)) mod n`. The agent keeps one
//! invariant: **from tail to head, the body's places strictly increase** (the body lies in
//! cycle order, possibly with gaps). Then every cell whose place lies beyond the head's is
//! empty, so the cycle's next cell is always free and following the cycle can never die.
//! A move to any neighbour whose place lies between the head's and the food's keeps the
//! invariant too, also after the tail moves on (places relative to the new tail keep their
//! order, since none of them passes the old tail). While the snake is short (below
//! [`SHORTCUT_LENGTH`] of the cycle) the agent therefore takes the shortest path to the
//! food among those whose places increase at every step: a breadth-first search ([`Bfs`])
//! over a graph view that only admits such moves. No margin for growth is needed: the food
//! is the farthest cell a shortcut may reach, and no cell beyond the head is ever part of
//! the body. A longer snake follows the cycle, because the cells a shortcut skips stay
//! empty behind the head and food that lands there costs a trip around the cycle. A
//! threshold is as fine a trade-off as weighing each skipped cell at `w` moves: along any
//! ordered path from head to food the skipped cells add up to the places between them
//! minus the path's moves, so such a cost is `(1 - w) * moves` plus a constant, minimised
//! by the shortest ordered path when `w < 1` and by the cycle itself when `w > 1`.
//!
//! This is the shortcut rule of chuyangliu/snake's Hamilton solver (which takes the first
//! step of the unconstrained shortest path when it happens to be in order, and only while
//! the snake fills less than half the board) and of John Tapsell's "perturbed Hamiltonian
//! cycle" for the Nokia 6110 snake
//! (<https://johnflux.com/2015/05/02/nokia-6110-part-3-algorithms/>), planned here over
//! every ordered path instead of one greedy step.
//!
//! # Building the cycle
//!
//! [`HamiltonianCycle::new`] checks the board first and names the reason when no cycle can
//! exist: an odd number of free cells, unequal numbers of dark and light cells on a
//! chessboard colouring (a cycle alternates colours), a free cell with fewer than two free
//! neighbours, or free cells in more than one piece. It then builds:
//!
//! - on a board without walls (any `W×H` with `W·H` even), the "comb": along the first row,
//!   back and forth over the other rows, and home along the first column;
//! - on an even board whose walls fill whole 2×2 blocks, a spanning tree over the free
//!   blocks, walked around with the right hand on its edges (each block holds a small
//!   loop, and a tree edge joins the loops of two blocks);
//! - otherwise, a depth-first search for a cycle with Warnsdorff's ordering (fewest onward
//!   neighbours first; H. C. von Warnsdorf, 1823, for the knight's tour) and two prunings (every unvisited cell keeps two usable neighbours;
//!   the unvisited cells stay in one piece), stopped after a fixed number of steps with
//!   [`CycleError::NotFound`].
//!
//! [`HamiltonianCycle::through`] builds a cycle that also holds a given snake body in order,
//! trying the mirror images and reversals of the constructions before the search.
//!
//! # Complexity
//!
//! Building: `O(n)` for the constructions, at most the step budget for the search
//! (`200_000 + 200 n` steps of `O(n)` each on boards up to 1024 cells). Per move: an
//! `O(length)` check that the body is still in order and, while the snake takes
//! shortcuts, one breadth-first search over at most the `n` cells between head and food,
//! in memory the agent keeps from move to move.

use fixedbitset::FixedBitSet;

use crate::snake::{Agent, AgentStats, Board, Cell, Direction, Game};
use crate::{Bfs, DenseIds, Graph, IndexedGraph, Planner};

/// "No cell": off the board, or no constraint.
pub(crate) const NONE: u32 = u32::MAX;

/// Why no Hamiltonian cycle could be built.
///
/// # Example
///
/// ```
/// use replan::snake::CycleError;
/// let error = CycleError::OddCellCount { free: 9 };
/// assert!(error.to_string().contains("9 free cells"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CycleError {
    /// A cycle through every free cell alternates dark and light cells, so it needs an even
    /// number of them.
    #[error("the board has {free} free cells; a cycle through all of them needs an even number")]
    OddCellCount {
        /// How many free cells the board has.
        free: usize,
    },
    /// The free cells hold unequal numbers of dark and light cells on a chessboard
    /// colouring; a cycle alternates colours.
    #[error("the free cells are {dark} dark and {light} light on a chessboard colouring; a cycle needs as many of each")]
    Unbalanced {
        /// Free cells with `x + y` even.
        dark: usize,
        /// Free cells with `x + y` odd.
        light: usize,
    },
    /// A free cell with fewer than two free neighbours cannot lie on a cycle.
    #[error("free cell {cell:?} has fewer than two free neighbours")]
    DeadEnd {
        /// The cell.
        cell: (u32, u32),
    },
    /// The free cells fall into more than one piece.
    #[error("the free cells are not connected")]
    Disconnected,
    /// The snake body handed in is not a path of distinct, adjacent free cells.
    #[error("the snake's body is not a path of distinct, adjacent free cells")]
    InvalidBody,
    /// The search ran through every possibility: no cycle exists (with the body in order,
    /// when one was given).
    #[error("no Hamiltonian cycle exists")]
    NoCycle,
    /// The search stopped after its budget of steps without finding a cycle.
    #[error("no Hamiltonian cycle found within {budget} search steps")]
    NotFound {
        /// The number of search steps allowed.
        budget: u64,
    },
}

/// The board as the cycle code sees it: a width, a height and the wall cells, cells
/// numbered row-major (`y * width + x`).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) wall: FixedBitSet,
}

impl Layout {
    pub(crate) fn from_board(board: &Board) -> Self {
        let mut layout = Layout::open(board.width(), board.height());
        for index in 0..layout.len() {
            if board.is_wall_index(index) {
                layout.wall.insert(index);
            }
        }
        layout
    }

    pub(crate) fn same_board(&self, board: &Board) -> bool {
        self.width == board.width()
            && self.height == board.height()
            && (0..self.len()).all(|index| self.wall.contains(index) == board.is_wall_index(index))
    }

    pub(crate) fn open(width: u32, height: u32) -> Self {
        Layout {
            width,
            height,
            wall: FixedBitSet::with_capacity((width * height) as usize),
        }
    }

    pub(crate) fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    pub(crate) fn is_free(&self, cell: u32) -> bool {
        !self.wall.contains(cell as usize)
    }

    pub(crate) fn at(&self, x: u32, y: u32) -> u32 {
        y * self.width + x
    }

    pub(crate) fn xy(&self, cell: u32) -> (u32, u32) {
        (cell % self.width, cell / self.width)
    }

    /// The neighbours up, right, down and left, [`NONE`] where the board ends.
    #[inline]
    pub(crate) fn neighbours(&self, cell: u32) -> [u32; 4] {
        let (x, y) = self.xy(cell);
        [
            if y > 0 { cell - self.width } else { NONE },
            if x + 1 < self.width { cell + 1 } else { NONE },
            if y + 1 < self.height {
                cell + self.width
            } else {
                NONE
            },
            if x > 0 { cell - 1 } else { NONE },
        ]
    }

    /// The free neighbours, [`NONE`] for the others.
    #[inline]
    pub(crate) fn free_neighbours(&self, cell: u32) -> [u32; 4] {
        self.neighbours(cell).map(|n| {
            if n != NONE && self.is_free(n) {
                n
            } else {
                NONE
            }
        })
    }

    pub(crate) fn adjacent(&self, a: u32, b: u32) -> bool {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        ax.abs_diff(bx) + ay.abs_diff(by) == 1
    }

    fn free_count(&self) -> usize {
        self.len() - self.wall.count_ones(..)
    }

    /// The same board seen in a mirror held at its right edge (`x -> width - 1 - x`).
    pub(crate) fn mirrored(&self) -> Self {
        let mut wall = FixedBitSet::with_capacity(self.len());
        for cell in self.wall.ones() {
            wall.insert(self.mirror(cell as u32) as usize);
        }
        Layout { wall, ..*self }
    }

    pub(crate) fn mirror(&self, cell: u32) -> u32 {
        let (x, y) = self.xy(cell);
        self.at(self.width - 1 - x, y)
    }
}

/// Disjoint sets with path halving and union by size: spanning trees and connectivity
/// tests over a few hundred nodes, with no allocation after the first use.
#[derive(Clone, Debug, Default)]
pub(crate) struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    pub(crate) fn reset(&mut self, len: usize) {
        self.parent.clear();
        self.parent.extend(0..len as u32);
        self.size.clear();
        self.size.resize(len, 1);
    }

    pub(crate) fn find(&mut self, mut node: u32) -> u32 {
        while self.parent[node as usize] != node {
            let grand = self.parent[self.parent[node as usize] as usize];
            self.parent[node as usize] = grand;
            node = grand;
        }
        node
    }

    /// Joins the sets of `a` and `b`; `false` when they already were one.
    pub(crate) fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }

    pub(crate) fn set_size(&mut self, node: u32) -> u32 {
        let root = self.find(node);
        self.size[root as usize]
    }
}

/// A Hamiltonian cycle over the free cells of a board: every free cell once, each cell
/// adjacent to the next, the last adjacent to the first.
///
/// # Example
///
/// ```
/// use replan::snake::{HamiltonianCycle, Board};
///
/// let board = Board::new(4, 3).unwrap();
/// let cycle = HamiltonianCycle::new(&board).unwrap();
/// assert_eq!(cycle.len(), 12);
/// let cells: Vec<_> = cycle.cells().collect();
/// for (i, &(x, y)) in cells.iter().enumerate() {
///     let (nx, ny) = cells[(i + 1) % cells.len()];
///     assert_eq!(x.abs_diff(nx) + y.abs_diff(ny), 1);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HamiltonianCycle {
    width: u32,
    height: u32,
    /// The cells in cycle order.
    order: Vec<u32>,
    /// Each cell's place in `order`; [`NONE`] for walls.
    position: Vec<u32>,
}

impl HamiltonianCycle {
    /// Builds a Hamiltonian cycle over the free cells of `board`.
    ///
    /// # Errors
    ///
    /// A [`CycleError`] that names why no cycle exists (odd or unbalanced cell counts, a
    /// dead end, disconnected cells, an exhausted search) or why none was found within the
    /// search's budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{CycleError, HamiltonianCycle, Board};
    /// assert!(HamiltonianCycle::new(&Board::new(6, 5).unwrap()).is_ok());
    /// assert_eq!(
    ///     HamiltonianCycle::new(&Board::new(5, 5).unwrap()),
    ///     Err(CycleError::OddCellCount { free: 25 })
    /// );
    /// let walled: Board = "....\n.#..\n....\n...#".parse().unwrap();
    /// assert!(matches!(HamiltonianCycle::new(&walled), Err(CycleError::Unbalanced { .. })));
    /// ```
    pub fn new(board: &Board) -> Result<Self, CycleError> {
        Self::for_layout(&Layout::from_board(board))
    }

    /// Builds a Hamiltonian cycle over the free cells of `board` on which `body` (a snake,
    /// head first) lies in order: every body cell is the cycle's successor of the cell
    /// behind it.
    ///
    /// # Errors
    ///
    /// Those of [`new`](Self::new), and [`CycleError::InvalidBody`] when `body` is not a
    /// path of distinct, adjacent free cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let board = Board::new(6, 6).unwrap();
    /// let body = [(2, 3), (2, 2), (3, 2)]; // head first, with a bend
    /// let cycle = HamiltonianCycle::through(&board, &body).unwrap();
    /// assert_eq!(cycle.next((3, 2)), Some((2, 2)));
    /// assert_eq!(cycle.next((2, 2)), Some((2, 3)));
    /// ```
    pub fn through(board: &Board, body: &[Cell]) -> Result<Self, CycleError> {
        let layout = Layout::from_board(board);
        let mut cells = Vec::with_capacity(body.len());
        for &cell in body {
            if !board.contains(cell) {
                return Err(CycleError::InvalidBody);
            }
            cells.push(board.index(cell) as u32);
        }
        Self::through_layout(&layout, &cells)
    }

    /// The cycle's length: the number of free cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// assert_eq!(HamiltonianCycle::new(&Board::new(2, 3).unwrap()).unwrap().len(), 6);
    /// ```
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Always `false`: a cycle has at least four cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// assert!(!HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The cells in cycle order, starting anywhere.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// assert_eq!(cycle.cells().count(), 4);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.order
            .iter()
            .map(move |&cell| (cell % self.width, cell / self.width))
    }

    /// The place of `cell` along the cycle (its index in [`cells`](Self::cells)), `None`
    /// for walls and cells off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// let first = cycle.cells().next().unwrap();
    /// assert_eq!(cycle.position(first), Some(0));
    /// assert_eq!(cycle.position((5, 5)), None);
    /// ```
    pub fn position(&self, cell: (u32, u32)) -> Option<usize> {
        let (x, y) = cell;
        if x >= self.width || y >= self.height {
            return None;
        }
        match self.position[(y * self.width + x) as usize] {
            NONE => None,
            place => Some(place as usize),
        }
    }

    /// The cell after `cell` along the cycle, `None` for walls and cells off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianCycle, Board};
    /// let cycle = HamiltonianCycle::new(&Board::new(2, 2).unwrap()).unwrap();
    /// let mut cell = (0, 0);
    /// for _ in 0..4 {
    ///     cell = cycle.next(cell).unwrap();
    /// }
    /// assert_eq!(cell, (0, 0));
    /// ```
    pub fn next(&self, cell: (u32, u32)) -> Option<(u32, u32)> {
        let place = self.position(cell)?;
        let next = self.order[(place + 1) % self.order.len()];
        Some((next % self.width, next / self.width))
    }

    pub(crate) fn from_order(layout: &Layout, order: Vec<u32>) -> Self {
        let mut position = vec![NONE; layout.len()];
        for (place, &cell) in order.iter().enumerate() {
            position[cell as usize] = place as u32;
        }
        HamiltonianCycle {
            width: layout.width,
            height: layout.height,
            order,
            position,
        }
    }

    #[cfg(test)]
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// Builds a cycle of the layout, or says why there is none.
    pub(crate) fn for_layout(layout: &Layout) -> Result<Self, CycleError> {
        Self::through_layout(layout, &[])
    }

    /// Builds a cycle of the layout in which `body` (cell indices, head first) lies in
    /// order: each body cell the cycle's successor of the one behind it.
    pub(crate) fn through_layout(layout: &Layout, body: &[u32]) -> Result<Self, CycleError> {
        check_layout(layout)?;
        check_body(layout, body)?;
        let holds_body = |order: &[u32]| -> bool {
            if body.len() < 2 {
                return true;
            }
            let cycle = Self::from_order(layout, order.to_vec());
            body.windows(2).all(|pair| {
                let behind = cycle.position[pair[1] as usize] as usize;
                cycle.order[(behind + 1) % cycle.order.len()] == pair[0]
            })
        };
        for order in constructions(layout) {
            debug_assert!(is_cycle(layout, &order));
            if holds_body(&order) {
                return Ok(Self::from_order(layout, order));
            }
        }
        let budget = search_budget(layout);
        let tail_first: Vec<u32> = if body.is_empty() {
            vec![(0..layout.len() as u32)
                .find(|&cell| layout.is_free(cell))
                .expect("check_layout found free cells")]
        } else {
            body.iter().rev().copied().collect()
        };
        let order = search_cycle(layout, &tail_first, budget)?;
        debug_assert!(is_cycle(layout, &order));
        Ok(Self::from_order(layout, order))
    }
}

/// The step budget of the cycle search: enough for boards with a few walls and a short
/// body, small enough to answer within a few milliseconds.
fn search_budget(layout: &Layout) -> u64 {
    200_000 + 200 * layout.len() as u64
}

fn check_layout(layout: &Layout) -> Result<(), CycleError> {
    let free = layout.free_count();
    if free % 2 == 1 {
        return Err(CycleError::OddCellCount { free });
    }
    let mut dark = 0;
    let mut sets = DisjointSets::default();
    sets.reset(layout.len());
    let mut first = NONE;
    for cell in 0..layout.len() as u32 {
        if !layout.is_free(cell) {
            continue;
        }
        if first == NONE {
            first = cell;
        }
        let (x, y) = layout.xy(cell);
        dark += usize::from((x + y) % 2 == 0);
        let neighbours = layout.free_neighbours(cell);
        if neighbours.iter().filter(|&&n| n != NONE).count() < 2 {
            return Err(CycleError::DeadEnd { cell: (x, y) });
        }
        for n in neighbours {
            if n != NONE {
                sets.union(cell, n);
            }
        }
    }
    if dark != free - dark {
        return Err(CycleError::Unbalanced {
            dark,
            light: free - dark,
        });
    }
    if first == NONE || sets.set_size(first) as usize != free {
        return Err(CycleError::Disconnected);
    }
    Ok(())
}

fn check_body(layout: &Layout, body: &[u32]) -> Result<(), CycleError> {
    let mut seen = FixedBitSet::with_capacity(layout.len());
    for (i, &cell) in body.iter().enumerate() {
        if cell as usize >= layout.len() || !layout.is_free(cell) || seen.put(cell as usize) {
            return Err(CycleError::InvalidBody);
        }
        if i > 0 && !layout.adjacent(body[i - 1], cell) {
            return Err(CycleError::InvalidBody);
        }
    }
    if body.len() > layout.free_count() {
        return Err(CycleError::InvalidBody);
    }
    Ok(())
}

/// Whether `order` visits every free cell once, each adjacent to the next, cyclically.
pub(crate) fn is_cycle(layout: &Layout, order: &[u32]) -> bool {
    if order.len() != layout.free_count() || order.len() < 2 {
        return false;
    }
    let mut seen = FixedBitSet::with_capacity(layout.len());
    order.iter().all(|&cell| {
        (cell as usize) < layout.len() && layout.is_free(cell) && !seen.put(cell as usize)
    }) && (0..order.len()).all(|i| layout.adjacent(order[i], order[(i + 1) % order.len()]))
}

/// The constructed cycles of the layout, in all the mirror images and both directions the
/// construction allows; empty when no construction applies.
fn constructions(layout: &Layout) -> Vec<Vec<u32>> {
    let (width, height) = (layout.width, layout.height);
    let mut bases: Vec<Vec<u32>> = Vec::new();
    if layout.wall.is_clear() {
        if height % 2 == 0 {
            bases.push(comb(width, height, |x, y| layout.at(x, y)));
        }
        if width % 2 == 0 {
            // The comb of the transposed board, read back with x and y swapped.
            bases.push(comb(height, width, |x, y| layout.at(y, x)));
        }
    } else if let Some(order) = block_tree_cycle(layout) {
        bases.push(order);
    }
    let mut all = Vec::with_capacity(bases.len() * 8);
    for base in bases {
        for flip in 0..4u32 {
            let mapped: Vec<u32> = base
                .iter()
                .map(|&cell| {
                    let (mut x, mut y) = layout.xy(cell);
                    if flip & 1 == 1 {
                        x = width - 1 - x;
                    }
                    if flip & 2 == 2 {
                        y = height - 1 - y;
                    }
                    layout.at(x, y)
                })
                .collect();
            if mapped.iter().all(|&cell| layout.is_free(cell)) {
                let mut reversed = mapped.clone();
                reversed.reverse();
                all.push(mapped);
                all.push(reversed);
            }
        }
    }
    all
}

/// The comb of a `width × height` board with `height` even: right along row 0, back and
/// forth over columns `1..width` of the other rows, up column 0.
fn comb(width: u32, height: u32, cell: impl Fn(u32, u32) -> u32) -> Vec<u32> {
    let mut order = Vec::with_capacity((width * height) as usize);
    order.extend((0..width).map(|x| cell(x, 0)));
    for y in 1..height {
        if y % 2 == 1 {
            order.extend((1..width).rev().map(|x| cell(x, y)));
        } else {
            order.extend((1..width).map(|x| cell(x, y)));
        }
    }
    order.extend((1..height).rev().map(|y| cell(0, y)));
    order
}

/// Right-hand driving in 2×2 blocks: the move that stays inside the block of `(x, y)`, as
/// an offset. Each block is a small loop: top-left, bottom-left, bottom-right, top-right.
pub(crate) fn inside_offset(x: u32, y: u32) -> (i32, i32) {
    match (x % 2, y % 2) {
        (0, 0) => (0, 1),
        (0, _) => (1, 0),
        (_, 0) => (-1, 0),
        _ => (0, -1),
    }
}

/// Right-hand driving in 2×2 blocks: the move that leaves the block of `(x, y)`.
pub(crate) fn outside_offset(x: u32, y: u32) -> (i32, i32) {
    match (x % 2, y % 2) {
        (0, 0) => (-1, 0),
        (0, _) => (0, 1),
        (_, 0) => (0, -1),
        _ => (1, 0),
    }
}

/// The cell at `offset` from `cell`, [`NONE`] off the board.
pub(crate) fn offset_cell(layout: &Layout, cell: u32, offset: (i32, i32)) -> u32 {
    let (x, y) = layout.xy(cell);
    let (nx, ny) = (x as i64 + offset.0 as i64, y as i64 + offset.1 as i64);
    if nx < 0 || ny < 0 || nx >= layout.width as i64 || ny >= layout.height as i64 {
        NONE
    } else {
        layout.at(nx as u32, ny as u32)
    }
}

/// Whether the walls of an even board fill whole 2×2 blocks.
pub(crate) fn walls_fill_blocks(layout: &Layout) -> bool {
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
pub(crate) fn block_of(layout: &Layout, cell: u32) -> u32 {
    let (x, y) = layout.xy(cell);
    (y / 2) * (layout.width / 2) + x / 2
}

/// The id of the edge between the blocks of two adjacent cells in different blocks:
/// `2 * block` for the edge to the right of `block`, `2 * block + 1` for the edge below it.
pub(crate) fn block_edge(layout: &Layout, a: u32, b: u32) -> u32 {
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
pub(crate) fn tree_successor(layout: &Layout, tree: &FixedBitSet, cell: u32) -> u32 {
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
pub(crate) fn cycle_around(layout: &Layout, tree: &FixedBitSet) -> Option<Vec<u32>> {
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
fn block_tree_cycle(layout: &Layout) -> Option<Vec<u32>> {
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

/// Depth-first search for a Hamiltonian cycle that starts with the fixed path `fixed`
/// (tail first, head last) and ends next to its tail.
///
/// Warnsdorff's ordering: the neighbour with the fewest unvisited neighbours first. After
/// each step two tests prune: every unvisited neighbour of the cell just left keeps two
/// usable neighbours (unvisited, the new head or the tail), and the unvisited cells stay in
/// one piece (tested every step on small boards, every 32 steps on large ones).
fn search_cycle(layout: &Layout, fixed: &[u32], budget: u64) -> Result<Vec<u32>, CycleError> {
    let free = layout.free_count();
    let tail = fixed[0];
    let mut used = FixedBitSet::with_capacity(layout.len());
    for &cell in fixed {
        used.insert(cell as usize);
    }
    let mut path = fixed.to_vec();
    if path.len() == free {
        return if layout.adjacent(path[path.len() - 1], tail) {
            Ok(path)
        } else {
            Err(CycleError::NoCycle)
        };
    }
    let mut sets = DisjointSets::default();
    let connectivity_every = if layout.len() <= 1024 { 1 } else { 32 };
    // One frame per cell from the fixed head on: its candidates, best first.
    let mut frames: Vec<([u32; 4], u8, u8)> = vec![candidates(layout, &used, path[path.len() - 1])];
    let mut steps = 0u64;
    loop {
        let frame = frames.last_mut().expect("frames end only by return");
        if frame.2 == frame.1 {
            frames.pop();
            if frames.is_empty() {
                return Err(CycleError::NoCycle);
            }
            let cell = path.pop().expect("a frame per path cell");
            used.set(cell as usize, false);
            continue;
        }
        let cell = frame.0[frame.2 as usize];
        frame.2 += 1;
        steps += 1;
        if steps > budget {
            return Err(CycleError::NotFound { budget });
        }
        let left = path[path.len() - 1];
        used.insert(cell as usize);
        path.push(cell);
        if path.len() == free {
            if layout.adjacent(cell, tail) {
                return Ok(path);
            }
        } else if keeps_degrees(layout, &used, left, cell, tail)
            && (steps % connectivity_every != 0
                || stays_connected(layout, &used, &mut sets, free - path.len()))
        {
            frames.push(candidates(layout, &used, cell));
            continue;
        }
        path.pop();
        used.set(cell as usize, false);
    }
}

/// The unvisited neighbours of `cell`, fewest onward neighbours first.
fn candidates(layout: &Layout, used: &FixedBitSet, cell: u32) -> ([u32; 4], u8, u8) {
    let mut list = [NONE; 4];
    let mut keys = [0u8; 4];
    let mut count = 0;
    for next in layout.free_neighbours(cell) {
        if next == NONE || used.contains(next as usize) {
            continue;
        }
        let onward = layout
            .free_neighbours(next)
            .iter()
            .filter(|&&n| n != NONE && !used.contains(n as usize))
            .count() as u8;
        let mut at = count;
        while at > 0 && keys[at - 1] > onward {
            list[at] = list[at - 1];
            keys[at] = keys[at - 1];
            at -= 1;
        }
        list[at] = next;
        keys[at] = onward;
        count += 1;
    }
    (list, count as u8, 0)
}

/// After the head moved from `left` to `head`: every unvisited neighbour of `left` still has
/// two usable neighbours, the head has somewhere to go, and the tail can still be reached.
fn keeps_degrees(layout: &Layout, used: &FixedBitSet, left: u32, head: u32, tail: u32) -> bool {
    let usable = |cell: u32| {
        layout
            .free_neighbours(cell)
            .iter()
            .filter(|&&n| n != NONE && (!used.contains(n as usize) || n == head || n == tail))
            .count()
    };
    let unvisited = |cell: u32| {
        layout
            .free_neighbours(cell)
            .iter()
            .filter(|&&n| n != NONE && !used.contains(n as usize))
            .count()
    };
    if unvisited(head) == 0 {
        return false;
    }
    if unvisited(tail) == 0 && !layout.adjacent(head, tail) {
        return false;
    }
    layout
        .free_neighbours(left)
        .iter()
        .all(|&n| n == NONE || used.contains(n as usize) || usable(n) >= 2)
}

/// Whether the `remaining` unvisited cells form one piece.
fn stays_connected(
    layout: &Layout,
    used: &FixedBitSet,
    sets: &mut DisjointSets,
    remaining: usize,
) -> bool {
    sets.reset(layout.len());
    let mut any = NONE;
    for cell in 0..layout.len() as u32 {
        if !layout.is_free(cell) || used.contains(cell as usize) {
            continue;
        }
        any = cell;
        let (x, y) = layout.xy(cell);
        for next in [
            if x + 1 < layout.width { cell + 1 } else { NONE },
            if y + 1 < layout.height {
                cell + layout.width
            } else {
                NONE
            },
        ] {
            if next != NONE && layout.is_free(next) && !used.contains(next as usize) {
                sets.union(cell, next);
            }
        }
    }
    any == NONE || sets.set_size(any) as usize == remaining
}

/// [`HamiltonianAgent`] takes shortcuts while the snake's length is below this fraction
/// of the cycle, as `(numerator, denominator)`.
///
/// # Example
///
/// ```
/// use replan::snake::SHORTCUT_LENGTH;
/// assert!(SHORTCUT_LENGTH.0 < SHORTCUT_LENGTH.1);
/// ```
pub const SHORTCUT_LENGTH: (u64, u64) = (2, 5);

/// The graph the shortcut search runs on: cells whose place along the cycle, relative to
/// the tail, lies above the current cell's and at most the food's.
#[derive(Clone, Debug)]
pub(crate) struct ShortcutView {
    layout: Layout,
    position: Vec<u32>,
    len: u32,
    /// The tail's place: places are measured from it.
    origin: u32,
    /// The food's place relative to the tail: no shortcut goes past it.
    limit: u32,
}

impl ShortcutView {
    pub(crate) fn new(layout: &Layout, cycle: &HamiltonianCycle) -> Self {
        ShortcutView {
            layout: layout.clone(),
            position: cycle.position.clone(),
            len: cycle.order.len() as u32,
            origin: 0,
            limit: 0,
        }
    }

    /// The place of `cell` relative to the tail.
    #[inline]
    pub(crate) fn relative(&self, cell: u32) -> u32 {
        let place = self.position[cell as usize];
        if place >= self.origin {
            place - self.origin
        } else {
            place + self.len - self.origin
        }
    }
}

impl Graph for ShortcutView {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, cell: u32, mut visit: impl FnMut(u32, u32)) {
        let here = self.relative(cell);
        for next in self.layout.free_neighbours(cell) {
            if next != NONE {
                let place = self.relative(next);
                if place > here && place <= self.limit {
                    visit(next, 1);
                }
            }
        }
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl IndexedGraph for ShortcutView {
    fn node_bound(&self) -> usize {
        self.layout.len()
    }

    fn index(&self, cell: u32) -> usize {
        cell as usize
    }

    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// The decision of [`HamiltonianAgent`] over plain cell indices: a cycle, the shortcut view
/// over it and the search that runs on the view, all kept from move to move.
#[derive(Debug)]
pub(crate) struct CycleFollower {
    pub(crate) cycle: HamiltonianCycle,
    view: ShortcutView,
    search: Bfs<DenseIds, u32>,
    /// Nodes expanded by the last decision's search.
    pub(crate) last_expanded: u64,
}

impl CycleFollower {
    pub(crate) fn new(layout: &Layout, cycle: HamiltonianCycle) -> Self {
        let view = ShortcutView::new(layout, &cycle);
        CycleFollower {
            cycle,
            view,
            search: Bfs::new(),
            last_expanded: 0,
        }
    }

    /// Whether the body (head first) lies in cycle order: places relative to the tail
    /// strictly increase from tail to head.
    pub(crate) fn holds(&mut self, body: &[u32]) -> bool {
        let Some(&tail) = body.last() else {
            return false;
        };
        if body
            .iter()
            .any(|&cell| self.view.position[cell as usize] == NONE)
        {
            return false;
        }
        self.view.origin = self.view.position[tail as usize];
        body.windows(2)
            .all(|pair| self.view.relative(pair[0]) > self.view.relative(pair[1]))
    }

    /// The next cell for a snake whose body (head first) lies in cycle order, as
    /// [`holds`](Self::holds) checked.
    ///
    /// The threshold [`SHORTCUT_LENGTH`] was measured: on 8×8 from length 4 (300 games
    /// each) thresholds of 1/2, 2/5, 1/3 and 2/7 of the cycle gave 699, 679, 685 and 701
    /// mean steps, shortcuts at every length 1000 and almost none 942.
    pub(crate) fn decide(&mut self, body: &[u32], food: Option<u32>) -> u32 {
        let head = body[0];
        let tail = body[body.len() - 1];
        self.view.origin = self.view.position[tail as usize];
        let place = self.view.position[head as usize] as usize;
        let along = self.cycle.order[(place + 1) % self.cycle.order.len()];
        self.last_expanded = 0;
        let Some(food) = food else {
            return along;
        };
        let (numerator, denominator) = SHORTCUT_LENGTH;
        if body.len() as u64 * denominator >= self.cycle.order.len() as u64 * numerator {
            return along;
        }
        self.view.limit = self.view.relative(food);
        let path = self.search.plan(&self.view, head, food);
        self.last_expanded = self.search.last_stats().expanded;
        match path {
            Ok(path) if path.nodes.len() > 1 => path.nodes[1],
            _ => along,
        }
    }
}

/// Follows a Hamiltonian cycle of the board and takes the shortest shortcut to the food
/// that keeps the body in cycle order (see the [module docs](self) for the rule and why it
/// never dies).
///
/// The first move builds a cycle on which the starting body lies in order (the board's
/// cycle if it already does). Construct the agent with [`for_game`](Self::for_game) to
/// learn up front when no such cycle can be built; with [`new`](Self::new) the board is
/// checked and a body that fits no cycle makes the agent fall back to any move that does
/// not die at once.
///
/// # Example
///
/// ```
/// use replan::snake::{HamiltonianAgent, simulate, Board, GameConfig};
///
/// let config = GameConfig::new(6, 6)?.with_start_length(4);
/// let board = Board::new(6, 6)?;
/// let report = simulate(|| HamiltonianAgent::new(&board).unwrap(), &config, 5, 1)?;
/// assert_eq!(report.wins, 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct HamiltonianAgent {
    layout: Layout,
    follower: CycleFollower,
    body: Vec<u32>,
    stats: AgentStats,
}

impl HamiltonianAgent {
    /// An agent for `board`, with the board's cycle built now.
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::new`]: boards and wall layouts no cycle covers.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{CycleError, HamiltonianAgent, Board};
    /// assert!(HamiltonianAgent::new(&Board::new(8, 8).unwrap()).is_ok());
    /// assert!(matches!(
    ///     HamiltonianAgent::new(&Board::new(7, 7).unwrap()),
    ///     Err(CycleError::OddCellCount { free: 49 })
    /// ));
    /// ```
    pub fn new(board: &Board) -> Result<Self, CycleError> {
        let layout = Layout::from_board(board);
        let cycle = HamiltonianCycle::for_layout(&layout)?;
        Ok(HamiltonianAgent {
            follower: CycleFollower::new(&layout, cycle),
            layout,
            body: Vec::new(),
            stats: AgentStats::default(),
        })
    }

    /// An agent for `game`, with a cycle built now that holds the snake's body in order.
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::through`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianAgent, Agent, Game, GameConfig};
    /// let mut game = Game::new(&GameConfig::new(5, 6)?.with_seed(3))?;
    /// let mut agent = HamiltonianAgent::for_game(&game).unwrap();
    /// while !game.is_over() {
    ///     game.step(agent.next_move(&game));
    /// }
    /// assert_eq!(game.snake().len(), 30);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn for_game(game: &Game) -> Result<Self, CycleError> {
        let body: Vec<Cell> = game.snake().body().collect();
        let cycle = HamiltonianCycle::through(game.board(), &body)?;
        let layout = Layout::from_board(game.board());
        Ok(HamiltonianAgent {
            follower: CycleFollower::new(&layout, cycle),
            layout,
            body: Vec::new(),
            stats: AgentStats::default(),
        })
    }

    /// The cycle the agent follows now.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianAgent, Board};
    /// let agent = HamiltonianAgent::new(&Board::new(4, 4).unwrap()).unwrap();
    /// assert_eq!(agent.cycle().len(), 16);
    /// ```
    pub fn cycle(&self) -> &HamiltonianCycle {
        &self.follower.cycle
    }
}

/// Copies the snake's body (head first) as cell indices into `body`.
pub(crate) fn load_body(game: &Game, body: &mut Vec<u32>) {
    let board = game.board();
    body.clear();
    body.extend(game.snake().body().map(|cell| board.index(cell) as u32));
}

/// The direction from the head to the adjacent cell `next`, or, if `next` is not adjacent
/// (no rule holds the body), any move that does not die at once.
pub(crate) fn direction_to(game: &Game, next: u32) -> Direction {
    let head = game.snake().head();
    let next = game.board().cell(next as usize);
    Direction::between(head, next).unwrap_or_else(|| any_safe_move(game))
}

/// A move that does not die at once, if there is one.
pub(crate) fn any_safe_move(game: &Game) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|&direction| game.death_of(direction).is_none())
        .unwrap_or(Direction::Up)
}

impl Agent for HamiltonianAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        load_body(game, &mut self.body);
        self.stats.moves += 1;
        if !self.layout.same_board(game.board()) {
            self.layout = Layout::from_board(game.board());
            match HamiltonianCycle::for_layout(&self.layout) {
                Ok(cycle) => self.follower = CycleFollower::new(&self.layout, cycle),
                Err(_) => return any_safe_move(game),
            }
        }
        if !self.follower.holds(&self.body) {
            match HamiltonianCycle::through_layout(&self.layout, &self.body) {
                Ok(cycle) => self.follower = CycleFollower::new(&self.layout, cycle),
                Err(_) => return any_safe_move(game),
            }
        }
        let food = game.food().map(|cell| game.board().index(cell) as u32);
        let next = self.follower.decide(&self.body, food);
        self.stats.searches += u64::from(food.is_some());
        self.stats.expanded += self.follower.last_expanded;
        direction_to(game, next)
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "hamiltonian"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(picture: &str) -> Layout {
        let rows: Vec<&str> = picture.split_whitespace().collect();
        let mut layout = Layout::open(rows[0].len() as u32, rows.len() as u32);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == '#' {
                    let cell = layout.at(x as u32, y as u32);
                    layout.wall.insert(cell as usize);
                }
            }
        }
        layout
    }

    #[test]
    fn combs_cover_every_even_rectangle() {
        for width in 2..9 {
            for height in 2..9 {
                let layout = Layout::open(width, height);
                let result = HamiltonianCycle::for_layout(&layout);
                if width * height % 2 == 1 {
                    assert_eq!(
                        result,
                        Err(CycleError::OddCellCount {
                            free: (width * height) as usize
                        })
                    );
                } else {
                    assert!(
                        is_cycle(&layout, result.unwrap().order()),
                        "{width}x{height}"
                    );
                }
            }
        }
    }

    #[test]
    fn block_walls_get_a_tree_cycle() {
        let layout = layout("......\n......\n..##..\n..##..\n......\n......");
        let order = block_tree_cycle(&layout).unwrap();
        assert!(is_cycle(&layout, &order));
    }

    #[test]
    fn search_finds_cycles_around_single_walls() {
        let fits = layout("......\n.#....\n......\n......\n...#..\n......");
        assert!(!walls_fill_blocks(&fits));
        let cycle = HamiltonianCycle::for_layout(&fits).unwrap();
        assert!(is_cycle(&fits, cycle.order()));
    }

    #[test]
    fn typed_errors_for_impossible_layouts() {
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("......\n.#....\n......\n......\n....#.\n......")),
            Err(CycleError::Unbalanced {
                dark: 16,
                light: 18
            })
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("....\n....\n.#.#")),
            Err(CycleError::DeadEnd { cell: (0, 2) })
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("..##..\n..##..")),
            Err(CycleError::Disconnected)
        );
        assert_eq!(
            HamiltonianCycle::for_layout(&layout("...\n...\n...")),
            Err(CycleError::OddCellCount { free: 9 })
        );
    }

    #[test]
    fn bodies_are_held_in_order() {
        let layout = Layout::open(6, 6);
        for body in [
            vec![layout.at(3, 2), layout.at(2, 2), layout.at(1, 2)],
            vec![
                layout.at(2, 4),
                layout.at(2, 3),
                layout.at(2, 2),
                layout.at(2, 1),
            ],
            vec![layout.at(3, 3), layout.at(3, 2), layout.at(2, 2)],
        ] {
            let cycle = HamiltonianCycle::through_layout(&layout, &body).unwrap();
            let mut follower = CycleFollower::new(&layout, cycle);
            assert!(follower.holds(&body), "{body:?}");
        }
    }
}
