//! Jump point search with block-based jumps (Harabor and Grastien, "Online Graph Pruning
//! for Pathfinding on Grid Maps", AAAI 2011; "Improving Jump Point Search", ICAPS 2014).
//!
//! A* on an open 8-connected grid expands every cell of each band of equally good routes.
//! Jump point search expands only the cells where an optimal route may have to turn, and
//! skips the cells between them in jumps; the pruning rules, and why they stay exact under
//! this crate's no-corner-cutting rule, are those of [`jump_points`](super::jump_points),
//! shared with [`JumpPointSearchPlus`](super::JumpPointSearchPlus).
//!
//! # Block-based jumps
//!
//! The planner keeps the passable cells of the padded grid as bit sets, one bit per cell,
//! in four orientations: rows left to right and right to left, columns top to bottom and
//! bottom to top, so every straight ray reads its line "forwards" and a scan is the same
//! code in all four directions. A straight jump reads 64 cells of its line and of the two
//! lines beside it as three words: the first blocked cell ahead is the lowest zero of the
//! line's word, and a cell with a forced neighbour is a side cell that is free while the side
//! cell before it is blocked, `side & !(side << 1)`, for either side. The ray stops at the
//! lowest such bit (or the goal's bit) below the wall, or dies at the wall; with neither in
//! the word it moves on 63 cells. A diagonal jump steps one cell at a time and at each cell
//! runs the two straight scans of its components.
//!
//! # Invariants
//!
//! - The bit sets are built from the grid the first time it is searched and rebuilt only
//!   when [`Grid::revision`] changes (any edit changes it), so a planner reused on an
//!   unchanged grid builds them once, and one used on a changed or another grid never
//!   reads stale bits.
//! - Same results as [`AStar`](crate::AStar) with [`Octile`](super::Octile): optimal cost
//!   (to rounding), a path of adjacent cells, the same errors; `expanded` counts jump points.
//!
//! # Complexity
//!
//! A straight ray of `k` cells costs `O(1 + k / 63)` word operations; a diagonal ray of `k`
//! cells costs `k` pairs of straight scans. Memory: 4 bits per padded cell for the bit sets
//! (`(width + 2) × (height + 2) / 2` bytes, 130 KiB for a 512×512 map) plus the per-node
//! records of the search, `O(cells)`, all kept for the next call. Building the bit sets
//! costs `O(cells)`: about a millisecond for a 512×512 map (see `BENCHMARKS.md`), which a
//! grid edited before every search adds to each one.

use super::jump_points::{sealed::JumpRays, JumpPoints};
use super::{Cell, Grid};

/// Jump point search on an unweighted 8-connected [`Grid`], jumping along rows and columns
/// 64 cells per word: the optimal cost [`AStar`](crate::AStar) with
/// [`Octile`](super::Octile) finds, expanding only jump points.
///
/// The pruning rules follow the grid's no-corner-cutting rule (Harabor and Grastien 2011,
/// with the corner-cutting cases replaced): a node reached diagonally passes the search on
/// to its two straight neighbours ahead and the next diagonal one; a node reached straight
/// to the next cell ahead, and also to a side cell and the diagonal beside it when that
/// side is free but the side of the cell before is blocked (a forced neighbour). Every
/// pruned neighbour has an equally short route from the parent through cells the rule saw
/// free, so the search stays exact. Diagonal jump points are not expanded: the diagonal
/// ray generates the stops of their straight rays directly (Harabor and Grastien 2014).
///
/// Weighted (any weight other than 1) and 4-connected grids are refused with
/// [`PlanError::UnsupportedGraph`](crate::PlanError::UnsupportedGraph); search those with
/// `AStar`. The planner owns its records, frontier and bit sets and reuses them on every
/// call; the bit sets are rebuilt only when the grid changes ([`Grid::revision`]). Its
/// methods are those of [`JumpPoints`], shared with
/// [`JumpPointSearchPlus`](super::JumpPointSearchPlus).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, JumpPointSearch, Octile};
/// use replan::{AStar, Planner};
///
/// let grid: Grid = "
///     ..........
///     ....#.....
///     ....#.....
///     ....#....."
///     .parse::<Grid>()?
///     .with_connectivity(Connectivity::Eight);
/// let mut jps = JumpPointSearch::new();
/// let path = jps.plan(&grid, (0, 3), (9, 3))?;
/// let astar = AStar::new(Octile).plan(&grid, (0, 3), (9, 3))?;
/// assert!((path.cost - astar.cost).abs() < 1e-9);
/// // Every cell of the path is listed, not only the jump points.
/// assert_eq!(path.nodes.len(), astar.nodes.len());
/// assert!(path.stats.expanded < astar.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type JumpPointSearch = JumpPoints<BlockLines>;

/// The jumper of [`JumpPointSearch`]: the passable cells of the padded grid, one bit each,
/// in the four reading orders, scanned a 64-bit word at a time (see the module
/// documentation).
///
/// # Example
///
/// ```
/// use replan::grid::jump_point_search::BlockLines;
/// use replan::grid::jump_points::JumpPoints;
/// use replan::grid::{Connectivity, Grid, JumpPointSearch};
///
/// // `JumpPointSearch` is this planner by its usual name.
/// let planner: JumpPoints<BlockLines> = JumpPointSearch::new();
/// assert_eq!(planner.table_bytes(), 0);
/// ```
#[derive(Debug, Default)]
pub struct BlockLines {
    /// The [`Grid::revision`] the bits were built from.
    revision: Option<u64>,
    /// Lines per row, positions per row (the padded width), rows (the padded height).
    stride: usize,
    rows: usize,
    /// Rows left to right: line `y`, position `x` (padded coordinates).
    east: LineBits,
    /// Rows right to left: line `y`, position `stride - 1 - x`.
    west: LineBits,
    /// Columns top to bottom: line `x`, position `y`.
    south: LineBits,
    /// Columns bottom to top: line `x`, position `rows - 1 - y`.
    north: LineBits,
}

impl BlockLines {
    fn prepare(&mut self, grid: &Grid) {
        if self.revision == Some(grid.revision()) {
            return;
        }
        let (stride, rows) = (grid.stride, grid.passable.len() / grid.stride);
        self.stride = stride;
        self.rows = rows;
        self.east.reset(rows, stride);
        self.west.reset(rows, stride);
        self.south.reset(stride, rows);
        self.north.reset(stride, rows);
        for (y, row) in grid.passable.chunks_exact(stride).enumerate() {
            for (x, _) in row.iter().enumerate().filter(|&(_, &open)| open) {
                self.east.set(y, x);
                self.west.set(y, stride - 1 - x);
                self.south.set(x, y);
                self.north.set(x, rows - 1 - y);
            }
        }
        self.revision = Some(grid.revision());
    }

    /// The straight jump from the padded cell `(x, y)` in direction `direction` (0 to 3).
    #[inline(always)]
    fn straight(&self, x: usize, y: usize, direction: usize, goal: (usize, usize)) -> Option<u32> {
        let (stride, rows) = (self.stride, self.rows);
        match direction {
            0 => self.west.scan(
                y,
                stride - 1 - x,
                (goal.1 == y).then(|| stride - 1 - goal.0),
            ),
            1 => self.east.scan(y, x, (goal.1 == y).then_some(goal.0)),
            2 => self
                .north
                .scan(x, rows - 1 - y, (goal.0 == x).then(|| rows - 1 - goal.1)),
            _ => self.south.scan(x, y, (goal.0 == x).then_some(goal.1)),
        }
    }
}

impl JumpRays for BlockLines {
    fn prepare(&mut self, grid: &Grid) {
        BlockLines::prepare(self, grid);
    }

    fn table_bytes(&self) -> usize {
        [&self.east, &self.west, &self.south, &self.north]
            .iter()
            .map(|lines| std::mem::size_of_val(lines.words.as_slice()))
            .sum()
    }

    #[inline]
    fn straight(
        &self,
        _grid: &Grid,
        (x, y): Cell,
        _index: usize,
        direction: usize,
        goal: Cell,
    ) -> Option<u32> {
        let padded = |(x, y): Cell| (x as usize + 1, y as usize + 1);
        let (x, y) = padded((x, y));
        BlockLines::straight(self, x, y, direction, padded(goal))
    }

    /// Every diagonal cell: whether a straight ray from it stops is what the two scans
    /// there find out.
    #[inline]
    fn diagonal_stop(
        &self,
        grid: &Grid,
        _cell: Cell,
        index: usize,
        direction: usize,
        _goal: Cell,
    ) -> Option<u32> {
        (grid.moves[index] & (1 << direction) != 0).then_some(1)
    }
}

/// Lines of bits, each padded with a zero word so that a 64-bit window starting anywhere
/// in a line reads two words without a bounds branch.
#[derive(Debug, Default)]
struct LineBits {
    words_per_line: usize,
    words: Vec<u64>,
}

impl LineBits {
    /// `lines` lines of `positions` bits, all clear; keeps the allocation.
    fn reset(&mut self, lines: usize, positions: usize) {
        self.words_per_line = positions.div_ceil(64) + 1;
        self.words.clear();
        self.words.resize(lines * self.words_per_line, 0);
    }

    fn set(&mut self, line: usize, position: usize) {
        self.words[line * self.words_per_line + position / 64] |= 1 << (position % 64);
    }

    /// Bits `position..position + 64` of `line`, bit 0 first; zeros past the line's end.
    #[inline(always)]
    fn window(&self, line: usize, position: usize) -> u64 {
        let at = line * self.words_per_line + position / 64;
        let shift = position % 64;
        // Two shifts so that a shift of 0 takes nothing from the next word.
        (self.words[at] >> shift) | ((self.words[at + 1] << 1) << (63 - shift))
    }

    /// The straight jump along `line` from `position` (a free cell) towards higher
    /// positions: the number of steps to the first cell with a forced neighbour (a free
    /// cell in line `line - 1` or `line + 1` whose predecessor there is blocked) or to
    /// `goal`, or `None` if a blocked cell comes first.
    #[inline(always)]
    fn scan(&self, line: usize, position: usize, goal: Option<usize>) -> Option<u32> {
        let mut at = position;
        loop {
            let ahead = self.window(line, at);
            let before = self.window(line - 1, at);
            let after = self.window(line + 1, at);
            let forced = (before & !(before << 1)) | (after & !(after << 1));
            let goal_bit = match goal {
                Some(goal) if goal > at && goal - at < 64 => 1 << (goal - at),
                _ => 0,
            };
            // Bit 0 is the cell the scan stands on, free and already looked at.
            let stop = ((forced | goal_bit) & !1).trailing_zeros();
            let wall = (!ahead).trailing_zeros();
            if stop < wall {
                return Some((at + stop as usize - position) as u32);
            }
            if wall < 64 {
                return None;
            }
            // The last cell of the window is free and no stop: stand on it.
            at += 63;
        }
    }
}
