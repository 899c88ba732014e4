//! Line of sight between cell centres, and string pulling along it.
//!
//! # The rule
//!
//! Two cells see each other when the straight segment between their centres, taken as a
//! closed set, meets no blocked cell, also taken as a closed square: the segment may not cross
//! a blocked cell, run along its edge or touch its corner. This is the no-corner-cutting rule
//! of [`Connectivity::Eight`](super::Connectivity::Eight) carried over to segments of any
//! angle: a diagonal move between two cells is a segment through the corner the four cells
//! share, so it has line of sight exactly when the move is legal, and every path
//! [`AStar`](crate::AStar) finds on an 8-connected grid stays valid under the rule.
//!
//! # How it is tested
//!
//! The segment is walked column by column in doubled coordinates (centres at odd integers,
//! cell borders at even ones), so every test is exact integer arithmetic: within a column the
//! segment spans a closed range of heights, and the cells of that column it touches are those
//! whose closed square meets the range. This is the supercover of the segment plus the cells
//! it touches at a corner.
//!
//! # Complexity
//!
//! `O(1 + |dx| + |dy|)` per test, for a segment of `dx` columns and `dy` rows; no allocation.
//!
//! # String pulling
//!
//! [`smooth_path`] shortens any path by dropping every vertex the path can see past
//! (the greedy smoothing of Botea, Müller and Schaeffer, "Near Optimal Hierarchical
//! Path-Finding", J. Game Development 1(1), 2004, with the test above): each kept segment
//! has line of sight, and by the triangle inequality the result is never longer.

use super::{Cell, Grid};

impl Grid {
    /// Whether the segment from the centre of `from` to the centre of `to` meets no blocked
    /// cell, not even at a corner ; `false` when either
    /// cell is off the grid or blocked.
    ///
    /// The segment, taken as a closed set, may not cross a blocked cell, run along its edge or
    /// touch its corner. This is the no-corner-cutting rule of
    /// [`Connectivity::Eight`](super::Connectivity::Eight) carried over to any angle: a
    /// diagonal move is a segment through the corner four cells share, so it has line of sight
    /// exactly when the move is legal, and every path of [`AStar`](crate::AStar) on an
    /// 8-connected grid keeps line of sight along each move. The test walks the segment column
    /// by column (or row by row, whichever is longer) in exact integer arithmetic.
    ///
    /// Runs in `O(1 + |dx| + |dy|)` and allocates nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// let grid: Grid = "
    ///     ....
    ///     .#..
    ///     ...."
    ///     .parse()
    ///     .unwrap();
    /// assert!(grid.has_line_of_sight((0, 0), (3, 0)));
    /// // Through the blocked cell.
    /// assert!(!grid.has_line_of_sight((0, 1), (3, 1)));
    /// // Along its border: the segment from (0, 0) to (2, 1) crosses the edge between
    /// // (1, 0) and the blocked (1, 1), so it touches (1, 1).
    /// assert!(!grid.has_line_of_sight((0, 0), (2, 1)));
    /// // Beside it: the segment stays in the top row and the right column's cells.
    /// assert!(grid.has_line_of_sight((2, 0), (3, 2)));
    /// ```
    pub fn has_line_of_sight(&self, from: Cell, to: Cell) -> bool {
        if !self.is_passable(from) || !self.is_passable(to) {
            return false;
        }
        self.sight_between_passable(from, to)
    }

    /// [`has_line_of_sight`](Grid::has_line_of_sight) between two cells already known to be
    /// on the grid.
    pub(crate) fn sight_between_passable(&self, from: Cell, to: Cell) -> bool {
        // Walk the axis with more steps, so each column (or row) holds few cells.
        let (dx, dy) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
        if dx >= dy {
            self.walk_columns(from, to, |grid, column, row| {
                grid.passable[grid.padded_index(column, row)]
            })
        } else {
            // Transposed: the walk's "columns" are rows.
            self.walk_columns((from.1, from.0), (to.1, to.0), |grid, row, column| {
                grid.passable[grid.padded_index(column, row)]
            })
        }
    }

    /// Calls `open(self, column, row)` for every cell whose closed square the segment between
    /// the centres of `a` and `b` meets, column by column, and stops at the first `false`.
    /// Coordinates may be transposed by the caller, as long as `open` transposes back.
    #[inline]
    fn walk_columns(
        &self,
        a: Cell,
        b: Cell,
        mut open: impl FnMut(&Grid, u32, u32) -> bool,
    ) -> bool {
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        // Doubled coordinates: centres are odd, borders even.
        let (ax, ay) = (2 * i64::from(a.0) + 1, 2 * i64::from(a.1) + 1);
        let (bx, by) = (2 * i64::from(b.0) + 1, 2 * i64::from(b.1) + 1);
        let run = bx - ax;
        if run == 0 {
            let (low, high) = (a.1.min(b.1), a.1.max(b.1));
            return (low..=high).all(|row| open(self, a.0, row));
        }
        let rise = by - ay;
        // Height at doubled abscissa `x`, times `run`: `ay·run + (x - ax)·rise`.
        // A cell row `r` spans doubled heights `[2r, 2r + 2]`, that is `[2r·run, (2r + 2)·run]`
        // once scaled; it meets `[low, high]` when `r ≥ ⌈low / 2run⌉ - 1 = ⌊(low - 1) / 2run⌋`
        // and `r ≤ ⌊high / 2run⌋`. Those quotients are kept as the walk goes rather than
        // divided out per column: the height moves by at most one cell height per column
        // (`|rise| ≤ run`), so each quotient moves by at most one.
        let cell_height = 2 * run;
        let mut at = Quotients::new(ay * run, cell_height);
        let (top, bottom) = (i64::from(a.1.min(b.1)), i64::from(a.1.max(b.1)));
        let mut left = ax;
        for column in a.0..=b.0 {
            let right = if column == b.0 {
                bx
            } else {
                2 * i64::from(column) + 2
            };
            let mut next = at;
            next.advance((right - left) * rise, cell_height);
            let (first, last) = if rise >= 0 {
                (at.below, next.floor)
            } else {
                (next.below, at.floor)
            };
            // The range lies between the two centres' rows, so it stays on the grid.
            for row in first.max(top)..=last.min(bottom) {
                if !open(self, column, row as u32) {
                    return false;
                }
            }
            at = next;
            left = right;
        }
        true
    }
}

/// `⌊h / d⌋` and `⌊(h - 1) / d⌋` for a height `h` that moves by at most `d` at a time, with
/// their remainders, so the walk divides once per segment instead of twice per column.
#[derive(Clone, Copy)]
struct Quotients {
    floor: i64,
    floor_rest: i64,
    below: i64,
    below_rest: i64,
}

impl Quotients {
    fn new(height: i64, divisor: i64) -> Quotients {
        Quotients {
            floor: height.div_euclid(divisor),
            floor_rest: height.rem_euclid(divisor),
            below: (height - 1).div_euclid(divisor),
            below_rest: (height - 1).rem_euclid(divisor),
        }
    }

    /// The quotients of `h + delta`, for `|delta| ≤ divisor`.
    #[inline(always)]
    fn advance(&mut self, delta: i64, divisor: i64) {
        debug_assert!(delta.abs() <= divisor);
        step(&mut self.floor, &mut self.floor_rest, delta, divisor);
        step(&mut self.below, &mut self.below_rest, delta, divisor);
    }
}

#[inline(always)]
fn step(quotient: &mut i64, rest: &mut i64, delta: i64, divisor: i64) {
    *rest += delta;
    if *rest >= divisor {
        *rest -= divisor;
        *quotient += 1;
    } else if *rest < 0 {
        *rest += divisor;
        *quotient -= 1;
    }
}

/// The Euclidean length of a polyline through cell centres.
///
/// # Example
///
/// ```
/// use replan::grid::path_length;
/// assert_eq!(path_length(&[(0, 0), (3, 4), (3, 6)]), 7.0);
/// assert_eq!(path_length(&[(2, 2)]), 0.0);
/// ```
pub fn path_length(nodes: &[Cell]) -> f64 {
    nodes
        .windows(2)
        .map(|pair| euclidean(pair[0], pair[1]))
        .sum()
}

/// The straight-line distance between two cell centres.
#[inline]
pub(crate) fn euclidean(a: Cell, b: Cell) -> f64 {
    // The squares of two differences below 2^32 sum to less than 2^65; as integers in a u64
    // they may wrap, so they are summed in f64, exact below 2^53 (grids under 2^26 cells a
    // side) and correctly rounded beyond. A square root is one instruction where `hypot`
    // is a library call guarding against an overflow that cannot happen here.
    let dx = f64::from(a.0.abs_diff(b.0));
    let dy = f64::from(a.1.abs_diff(b.1));
    (dx * dx + dy * dy).sqrt()
}

/// Shortens a path by string pulling (the greedy smoothing of Botea, Müller and Schaeffer,
/// "Near Optimal Hierarchical Path-Finding", J. Game Development 1(1), 2004): keeps its first cell, then repeatedly the farthest
/// later cell of the path still in [line of sight](Grid::has_line_of_sight) of the last
/// kept one, until the last cell.
///
/// Works on any path whose consecutive cells see each other (every path of
/// [`AStar`](crate::AStar), [`JumpPointSearch`](super::JumpPointSearch) or
/// [`ThetaStar`](super::ThetaStar) on an 8-connected grid): then every segment of the result
/// has line of sight too, and the result is never longer, measured with [`path_length`].
/// Segments the input already lacks line of sight for are kept as they are.
///
/// # Complexity
///
/// `O(n)` line-of-sight tests for a path of `n` cells, each `O(length of the segment)`.
///
/// # Example
///
/// ```
/// use replan::grid::{path_length, smooth_path, Connectivity, Grid, Octile};
/// use replan::{AStar, Planner};
///
/// let grid = Grid::open(8, 3, Connectivity::Eight);
/// let path = AStar::new(Octile).plan(&grid, (0, 0), (7, 2)).unwrap();
/// let smooth = smooth_path(&grid, &path.nodes);
/// assert_eq!(smooth, [(0, 0), (7, 2)]);
/// assert!(path_length(&smooth) < path.cost);
/// ```
pub fn smooth_path(grid: &Grid, nodes: &[Cell]) -> Vec<Cell> {
    let mut smooth = Vec::with_capacity(nodes.len().min(16));
    let Some(&first) = nodes.first() else {
        return smooth;
    };
    smooth.push(first);
    let mut anchor = first;
    for k in 1..nodes.len() {
        let next = nodes.get(k + 1).copied();
        // Keep `nodes[k]` when the anchor cannot see past it.
        let keep = match next {
            None => true,
            Some(next) => !grid.has_line_of_sight(anchor, next),
        };
        if keep {
            anchor = nodes[k];
            smooth.push(anchor);
        }
    }
    smooth
}
