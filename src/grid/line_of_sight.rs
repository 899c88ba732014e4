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
//! The segment is walked along its shorter axis, say row by row, in doubled coordinates
//! (centres at odd integers, cell borders at even ones), so every test is exact integer
//! arithmetic: within a row the segment spans a closed range of abscissae, and the cells of
//! that row it touches, those whose closed square meets the range, are a run of adjacent
//! cells tested in one pass. This is the supercover of the segment plus the cells it touches
//! at a corner. The bounds of consecutive runs differ by a fixed quotient and remainder, so
//! the walk divides once per segment, not once per row.
//!
//! # Complexity
//!
//! `O(1 + |dx| + |dy|)` per test, for a segment of `dx` columns and `dy` rows, with
//! `O(1 + min(|dx|, |dy|))` bound computations (the cells themselves are read in runs);
//! no allocation.
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
    /// 8-connected grid keeps line of sight along each move. The test walks the segment row
    /// by row (or column by column, whichever are fewer) in exact integer arithmetic, reading
    /// the cells each row touches as one run.
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
        let (dx, dy) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
        if dx >= dy {
            // One run of adjacent cells per row, contiguous in memory.
            self.walk_runs(from, to, 1, self.stride)
        } else {
            // Transposed: one run per column, a row apart in memory.
            self.walk_runs((from.1, from.0), (to.1, to.0), self.stride, 1)
        }
    }

    /// Whether every cell the segment between the centres of `a` and `b` touches is passable,
    /// for `|a.1 - b.1| ≤ |a.0 - b.0|`, with coordinates possibly transposed: a step along the
    /// first coordinate moves `along` in `passable`, a step along the second `across`.
    ///
    /// The cells touched in one line of the second coordinate (a row, untransposed) are a run
    /// of consecutive cells, tested in one pass, so a test costs one bound computation per
    /// row instead of one per column. Row `k` of the walk (counted from `a`'s) spans doubled
    /// heights `2k - 1 ..= 2k + 1` from `a`'s centre, clipped to the segment; the segment
    /// leaves it at doubled abscissa `X_k = ax + (2k + 1)·run / rise`. The run of row `k` ends
    /// at column `⌊X_k / 2⌋` and that of row `k + 1` starts at `⌈X_k / 2⌉ - 1` (a closed
    /// square meets the boundary point), that is `⌊(N - 1) / D⌋` for `X_k / 2 = N / D`. The
    /// numerator grows by `2·run` per row, so the quotient is carried, not divided out.
    #[inline]
    fn walk_runs(&self, a: Cell, b: Cell, along: usize, across: usize) -> bool {
        walk_runs(a, b, along, across, |start, length| {
            (0..=length as usize).all(|k| self.passable[start + k * along])
        })
    }
}

/// The walk of [`Grid::walk_runs`], with the test of one run left to `open_run(start,
/// length)`: whether the cells at padded indices `start + k · along`, `k` in `0..=length`,
/// are all passable.
#[inline(always)]
fn walk_runs(
    a: Cell,
    b: Cell,
    along: usize,
    across: usize,
    open_run: impl Fn(usize, u32) -> bool,
) -> bool {
    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let base = |column: u32, row: u32| (column as usize + 1) * along + (row as usize + 1) * across;
    let open_run = |row: u32, first: u32, last: u32| open_run(base(first, row), last - first);
    let rise = a.1.abs_diff(b.1);
    if rise == 0 {
        return open_run(a.1, a.0, b.0);
    }
    // Doubled coordinates, columns counted from `a`'s (whose centre is then at 1), so
    // the numbers stay below 2^36 for any grid.
    let run = 2 * u64::from(b.0 - a.0);
    let rise2 = 2 * u64::from(rise);
    let divisor = 2 * rise2;
    // N_0 = 1·rise2 + run, over D = 2·rise2; it grows by 2·run per row.
    let numerator = rise2 + run;
    let mut quotient = u64::from(a.0) + numerator / divisor;
    let mut rest = numerator % divisor;
    let (step_quotient, step_rest) = ((2 * run) / divisor, (2 * run) % divisor);
    let mut first = a.0;
    let mut row = a.1;
    for _ in 0..rise {
        let last = quotient as u32;
        if !open_run(row, first, last) {
            return false;
        }
        first = if rest == 0 { last - 1 } else { last };
        rest += step_rest;
        quotient += step_quotient;
        if rest >= divisor {
            rest -= divisor;
            quotient += 1;
        }
        row = if b.1 > a.1 { row + 1 } else { row - 1 };
    }
    open_run(row, first, b.0)
}

/// Line of sight with one read per run: for every cell, how many passable cells start there
/// along each axis, so a row's run of `n` cells is open exactly when the count at its first
/// cell reaches `n`. The same answers as [`Grid::has_line_of_sight`] for cells known to be
/// passable; planners that test many segments keep one and [`refresh`](SightRuns::refresh)
/// it before each search.
///
/// The counts are rebuilt, in `O(cells)`, only when the grid's
/// [`revision`](Grid::revision) changes. On the open 49×49 `arena` map the cell-by-cell runs
/// made line of sight half of Theta*'s instructions and three fifths of its mispredicted
/// branches (the loop over each run ends after a varying 1–4 cells).
#[derive(Clone, Debug, Default)]
pub(crate) struct SightRuns {
    revision: Option<u64>,
    /// Padded, row-major: passable cells from each one toward larger columns, at most
    /// `u16::MAX`.
    right: Vec<u16>,
    /// Padded, row-major: passable cells from each one toward larger rows, at most
    /// `u16::MAX`.
    down: Vec<u16>,
}

impl SightRuns {
    /// Rebuilds the counts unless they were built from the grid as it is now.
    pub(crate) fn refresh(&mut self, grid: &Grid) {
        if self.revision == Some(grid.revision) {
            return;
        }
        let cells = grid.passable.len();
        let stride = grid.stride;
        self.right.clear();
        self.right.resize(cells, 0);
        self.down.clear();
        self.down.resize(cells, 0);
        // The border is blocked, so every count stops inside its row and column.
        for i in (0..cells).rev() {
            if grid.passable[i] {
                self.right[i] = self.right[i + 1].saturating_add(1);
                self.down[i] = self.down[i + stride].saturating_add(1);
            }
        }
        self.revision = Some(grid.revision);
    }

    /// [`Grid::has_line_of_sight`] between two passable cells of the grid the counts were
    /// last [refreshed](SightRuns::refresh) from.
    #[inline]
    pub(crate) fn sees(&self, grid: &Grid, from: Cell, to: Cell) -> bool {
        debug_assert_eq!(self.revision, Some(grid.revision));
        let (dx, dy) = (from.0.abs_diff(to.0), from.1.abs_diff(to.1));
        if dx >= dy {
            walk_runs(
                from,
                to,
                1,
                grid.stride,
                open_by_count(grid, &self.right, 1),
            )
        } else {
            walk_runs(
                (from.1, from.0),
                (to.1, to.0),
                grid.stride,
                1,
                open_by_count(grid, &self.down, grid.stride),
            )
        }
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

/// A run test for [`walk_runs`] that reads the count at the run's first cell; a count that
/// saturated says only that the run is long, so then the cells are read.
#[inline(always)]
fn open_by_count<'a>(
    grid: &'a Grid,
    counts: &'a [u16],
    along: usize,
) -> impl Fn(usize, u32) -> bool + 'a {
    move |start, length| {
        let count = counts[start];
        u32::from(count) > length
            || (count == u16::MAX
                && (0..=length as usize).all(|k| grid.passable[start + k * along]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Connectivity;
    use proptest::prelude::*;

    /// A grid of `width × height` with the listed cells blocked.
    fn grid_with(width: u32, height: u32, blocked: &[bool]) -> Grid {
        let mut grid = Grid::open(width, height, Connectivity::Eight);
        for y in 0..height {
            for x in 0..width {
                if blocked[(y * width + x) as usize] {
                    grid.set_blocked((x, y), true).unwrap();
                }
            }
        }
        grid
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn counted_runs_see_what_the_cell_walk_sees(
            (width, height, blocked, pairs) in (1u32..24, 1u32..24).prop_flat_map(|(w, h)| (
                Just(w),
                Just(h),
                proptest::collection::vec(proptest::bool::weighted(0.2), (w * h) as usize),
                proptest::collection::vec(((0..w, 0..h), (0..w, 0..h)), 1..40),
            ))
        ) {
            let grid = grid_with(width, height, &blocked);
            let mut runs = SightRuns::default();
            runs.refresh(&grid);
            for (a, b) in pairs {
                if grid.is_passable(a) && grid.is_passable(b) {
                    prop_assert_eq!(runs.sees(&grid, a, b), grid.has_line_of_sight(a, b));
                }
            }
        }
    }

    #[test]
    fn an_endpoint_off_the_grid_or_blocked_sees_nothing() {
        let mut grid = Grid::open(5, 5, Connectivity::Eight);
        grid.set_blocked((4, 0), true).unwrap();
        for (a, b) in [((0, 0), (9, 0)), ((0, 0), (4, 0)), ((0, 0), (0, 70_000))] {
            assert!(!grid.has_line_of_sight(a, b), "{a:?} {b:?}");
            assert!(!grid.has_line_of_sight(b, a), "{b:?} {a:?}");
        }
    }

    #[test]
    fn counts_follow_the_grid_through_edits() {
        let mut grid = Grid::open(9, 9, Connectivity::Eight);
        let mut runs = SightRuns::default();
        runs.refresh(&grid);
        assert!(runs.sees(&grid, (0, 0), (8, 8)));
        assert!(runs.sees(&grid, (0, 4), (8, 4)));
        assert!(runs.sees(&grid, (4, 0), (4, 8)));
        grid.set_blocked((4, 4), true).unwrap();
        runs.refresh(&grid);
        assert!(!runs.sees(&grid, (0, 0), (8, 8)));
        assert!(!runs.sees(&grid, (0, 4), (8, 4)));
        assert!(!runs.sees(&grid, (4, 0), (4, 8)));
        assert!(runs.sees(&grid, (0, 3), (8, 3)));
    }

    #[test]
    fn runs_longer_than_a_count_holds_are_read_cell_by_cell() {
        // Rows and columns of more than `u16::MAX` cells saturate their counts.
        let long = u32::from(u16::MAX) + 10;
        for (width, height) in [(long, 3), (3, long)] {
            let mut grid = Grid::open(width, height, Connectivity::Eight);
            let end = if width > height {
                (long - 1, 1)
            } else {
                (1, long - 1)
            };
            let mut runs = SightRuns::default();
            runs.refresh(&grid);
            assert!(runs.sees(&grid, (1, 1), end) && runs.sees(&grid, end, (1, 1)));
            let near_end = if width > height {
                (long - 3, 1)
            } else {
                (1, long - 3)
            };
            grid.set_blocked(near_end, true).unwrap();
            runs.refresh(&grid);
            assert!(!runs.sees(&grid, (1, 1), end) && !runs.sees(&grid, end, (1, 1)));
        }
    }
}
