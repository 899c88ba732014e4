//! Jump point search over precomputed jump distances, JPS+ (Harabor and Grastien,
//! "Improving Jump Point Search", ICAPS 2014; Rabin and Silva, "JPS+: An Extreme A* Speed
//! Optimization for Static Uniform Cost Grids", Game AI Pro 2, 2015, for the goal test).
//!
//! The same search as [`JumpPointSearch`](super::JumpPointSearch), with the same pruning
//! rules (see [`jump_points`](super::jump_points)), but every jump is one table read: for
//! each cell and each of the 8 directions, the table holds how far the ray from that cell
//! runs before it stops at a jump point (a positive distance) or how many free cells lie
//! before the wall (zero or a negative distance).
//!
//! # The table
//!
//! - Built in `O(cells)`: a straight distance follows from the next cell's (it is 1 if
//!   that cell has a forced neighbour for the direction, else the next cell's distance one
//!   step longer), and a diagonal distance from the next diagonal cell's and that cell's
//!   straight distances along the diagonal's components (it is 1 if either is a positive
//!   distance). Four passes over the rows, each in the order that has the next cell done.
//! - **8 bytes per padded cell** (8 directions × `i8`): 2.1 MB for a 512×512 map, half
//!   what 16-bit distances take, so that more of it stays in the second-level cache (on
//!   the maze and random maps, where rays are short, an expansion costs about one miss
//!   in the table). An entry counts up to `±127`; at that it is saturated, meaning the ray
//!   runs on for at least 127 cells, and a query continues from the entry 126 steps
//!   further. Long rays cost a read per 126 cells but add no jump points, so JPS+ expands
//!   exactly the jump points online JPS does.
//! - The goal is not in the table: a straight ray whose stretch reaches the goal stops
//!   there; a diagonal ray heading into the goal's quadrant stops at the goal's row or
//!   column if it gets that far (the target jump point), which is where an online jump
//!   would have found the goal by a straight scan; when the goal is not in sight from
//!   there, the stop costs two table reads and the diagonal goes on.
//!
//! # Invalidation
//!
//! The table holds as long as no cell is blocked or freed. It records the
//! [`Grid::revision`] it was built from, and a search on a grid whose revision differs (any
//! edit: [`Grid::set_blocked`], [`Grid::set_weight`], [`Grid::set_connectivity`], or
//! another grid) rebuilds it first: correct, but the rebuild costs `O(cells)`, several
//! times a whole search on a large map. On maps that change every frame use
//! [`JumpPointSearch`](super::JumpPointSearch), whose bit sets rebuild faster, or
//! [`DStarLite`](crate::DStarLite).
//!
//! # Complexity
//!
//! `O(1)` per jump (one read per 126 cells of a longer ray), so an expansion costs a few
//! table reads; `O(J log J)` for the `J` jump
//! points reached. Memory: the table, plus the search's per-node records, `O(cells)`, kept
//! for the next call.

use super::jump_points::{
    direction_of, has_forced_neighbour, sealed::JumpRays, sealed::Successors, JumpPoints,
};
use super::{Cell, Grid, DELTAS};

/// Jump point search on an unweighted 8-connected [`Grid`] over a table of jump distances
/// built once per map (JPS+): the optimal cost [`AStar`](crate::AStar) with
/// [`Octile`](super::Octile) finds, with each jump one table read.
///
/// The table holds, per cell and direction, the distance to the next jump point or wall:
/// 8 bytes a cell (2.1 MB for a 512×512 map), built in `O(cells)` by
/// [`prepare`](JumpPoints::prepare) or by the first search. Any edit of the grid
/// (a cell blocked or freed, a weight, the connectivity) invalidates it; the planner notices
/// through [`Grid::revision`] and rebuilds it before the next search, so a grid edited
/// between searches pays the build each time (use [`JumpPointSearch`](super::JumpPointSearch)
/// there). Weighted and 4-connected grids are refused with
/// [`PlanError::UnsupportedGraph`](crate::PlanError::UnsupportedGraph). Its methods are
/// those of [`JumpPoints`], shared with [`JumpPointSearch`](super::JumpPointSearch).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, JumpPointSearchPlus, Octile};
/// use replan::{AStar, Planner};
///
/// let mut grid: Grid = "
///     ..........
///     ....#.....
///     ....#.....
///     ....#....."
///     .parse::<Grid>()?
///     .with_connectivity(Connectivity::Eight);
/// let mut jps = JumpPointSearchPlus::new();
/// jps.prepare(&grid);
/// let path = jps.plan(&grid, (0, 3), (9, 3))?;
/// let astar = AStar::new(Octile).plan(&grid, (0, 3), (9, 3))?;
/// assert!((path.cost - astar.cost).abs() < 1e-9);
///
/// // An edit is noticed: the table is rebuilt before the next search.
/// grid.set_blocked((4, 0), true)?;
/// assert!(jps.plan(&grid, (0, 3), (9, 3)).is_err()); // the wall now spans the map
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type JumpPointSearchPlus = JumpPoints<JumpTable>;

/// The largest magnitude a table entry holds. An entry of `±CAP` is saturated: the ray runs
/// at least `CAP` cells further, so its first `CAP - 1` steps are legal and reach no jump
/// point, and the entry of the cell `CAP - 1` steps ahead tells how it goes on.
const CAP: i8 = i8::MAX;

/// The distance of a cell given the distance of the next cell along the ray, `next`, whose
/// own step was legal and which is no jump point: one step longer, to the same jump point
/// or wall, saturating at `±CAP`.
#[inline(always)]
fn one_step_longer(next: i8) -> i8 {
    if next > 0 {
        next.saturating_add(1)
    } else {
        next.saturating_sub(1).max(-CAP)
    }
}

/// The jumper of [`JumpPointSearchPlus`]: per padded cell and direction, the jump distance
/// (see the module documentation).
///
/// # Example
///
/// ```
/// use replan::grid::jump_point_search_plus::JumpTable;
/// use replan::grid::jump_points::JumpPoints;
/// use replan::grid::{Connectivity, Grid, JumpPointSearchPlus};
///
/// // `JumpPointSearchPlus` is this planner by its usual name.
/// let mut planner: JumpPoints<JumpTable> = JumpPointSearchPlus::new();
/// planner.prepare(&Grid::open(14, 6, Connectivity::Eight));
/// assert_eq!(planner.table_bytes(), 8 * 16 * 8);
/// ```
#[derive(Debug, Default)]
pub struct JumpTable {
    revision: Option<u64>,
    distances: Vec<[i8; 8]>,
}

impl JumpTable {
    /// Builds the table unless it is built for the grid's revision; the test is inlined
    /// into every search, the build is not.
    #[inline(always)]
    fn prepare(&mut self, grid: &Grid) {
        if self.revision != Some(grid.revision()) {
            self.build(grid);
        }
    }

    #[inline(never)]
    fn build(&mut self, grid: &Grid) {
        let cells = grid.passable.len();
        let stride = grid.stride;
        let rows = cells / stride;
        self.distances.clear();
        self.distances.resize(cells, [0; 8]);
        let distances = &mut self.distances;
        let moves = &grid.moves;
        // The distance in `direction` of the cell at `i`, from the next cell's.
        let straight = |distances: &[[i8; 8]], i: usize, direction: usize| -> i8 {
            if moves[i] & (1 << direction) == 0 {
                return 0;
            }
            let next = i.wrapping_add_signed(grid.offsets[direction]);
            if has_forced_neighbour(grid, next, direction) {
                1
            } else {
                one_step_longer(distances[next][direction])
            }
        };
        let diagonal = |distances: &[[i8; 8]], i: usize, direction: usize| -> i8 {
            if moves[i] & (1 << direction) == 0 {
                return 0;
            }
            let (dx, dy) = DELTAS[direction];
            let next = &distances[i.wrapping_add_signed(grid.offsets[direction])];
            let (horizontal, vertical) = (usize::from(dx > 0), 2 + usize::from(dy > 0));
            if next[horizontal] > 0 || next[vertical] > 0 {
                1
            } else {
                one_step_longer(next[direction])
            }
        };
        // Only the grid's own rows and columns: the padding stays 0 and is never read as a
        // start, since its moves are empty.
        let inner = 1..rows - 1;
        let columns = 1..stride - 1;
        // Top down: north needs the row above, west the cell to the left.
        for y in inner.clone() {
            for x in columns.clone() {
                let i = y * stride + x;
                distances[i][2] = straight(distances, i, 2);
                distances[i][0] = straight(distances, i, 0);
            }
        }
        // Bottom up: south needs the row below, east the cell to the right.
        for y in inner.clone().rev() {
            for x in columns.clone().rev() {
                let i = y * stride + x;
                distances[i][3] = straight(distances, i, 3);
                distances[i][1] = straight(distances, i, 1);
            }
        }
        // Diagonals after every straight distance: up-left and up-right need the row above.
        for y in inner.clone() {
            for x in columns.clone() {
                let i = y * stride + x;
                distances[i][4] = diagonal(distances, i, 4);
                distances[i][5] = diagonal(distances, i, 5);
            }
        }
        for y in inner.rev() {
            for x in columns.clone() {
                let i = y * stride + x;
                distances[i][6] = diagonal(distances, i, 6);
                distances[i][7] = diagonal(distances, i, 7);
            }
        }
        self.revision = Some(grid.revision());
    }
}

impl JumpRays for JumpTable {
    #[inline(always)]
    fn prepare(&mut self, grid: &Grid) {
        JumpTable::prepare(self, grid);
    }

    fn table_bytes(&self) -> usize {
        std::mem::size_of_val(self.distances.as_slice())
    }

    /// The legal moves from the node's table entry, so that an expansion touches one entry
    /// of the table and nothing of the grid: a move is legal when its distance is not 0.
    /// The eight bytes are read as one word; each nonzero byte sets its high bit, and one
    /// multiplication gathers the eight high bits into the top byte.
    #[inline(always)]
    fn legal_moves(&self, _grid: &Grid, index: usize) -> u8 {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let entry = u64::from_le_bytes(self.distances[index].map(|distance| distance as u8));
        let nonzero = ((entry & LOW).wrapping_add(LOW) | entry) & !LOW;
        ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    #[inline]
    fn straight(
        &self,
        grid: &Grid,
        cell: Cell,
        index: usize,
        direction: usize,
        goal: Cell,
    ) -> Option<u32> {
        let (dx, dy) = DELTAS[direction];
        // The goal on the ray, within its stretch, comes first.
        let to_goal = match (dx, dy) {
            (_, 0) if goal.1 == cell.1 => ahead(cell.0, goal.0, dx),
            (0, _) if goal.0 == cell.0 => ahead(cell.1, goal.1, dy),
            _ => None,
        };
        self.stop(grid, index, direction, to_goal)
    }

    #[inline]
    fn clear(&self, grid: &Grid, _cell: Cell, index: usize, direction: usize, steps: u32) -> bool {
        JumpTable::clear(self, grid, index, direction, steps)
    }

    /// Steps from stop to stop along the diagonal, a table read each, and at each stop
    /// reads the two straight rays.
    #[inline]
    fn diagonal(
        &self,
        grid: &Grid,
        cell: Cell,
        index: usize,
        direction: usize,
        goal: Cell,
        found: &mut impl Successors,
    ) {
        match direction {
            4 => self.diagonal_ray::<4>(grid, cell, index, goal, found),
            5 => self.diagonal_ray::<5>(grid, cell, index, goal, found),
            6 => self.diagonal_ray::<6>(grid, cell, index, goal, found),
            _ => self.diagonal_ray::<7>(grid, cell, index, goal, found),
        }
    }
}

impl JumpTable {
    /// The diagonal ray in direction `D` (4 to 7) from `cell` at padded index `index`; see
    /// [`JumpRays::diagonal`]. With the goal in the quadrant ahead, the diagonal also stops
    /// once on the goal's row or column, whichever it reaches first, from where a straight
    /// ray may see the goal; no other stop can.
    #[inline(always)]
    fn diagonal_ray<const D: usize>(
        &self,
        grid: &Grid,
        cell: Cell,
        index: usize,
        goal: Cell,
        found: &mut impl Successors,
    ) {
        let (dx, dy) = DELTAS[D];
        let (across, down) = (direction_of(dx, 0), direction_of(0, dy));
        let offset = grid.offsets[D];
        let goal_stop = match (ahead(cell.0, goal.0, dx), ahead(cell.1, goal.1, dy)) {
            (Some(across), Some(down)) => across.min(down),
            _ => u32::MAX,
        };
        let skip = CAP.unsigned_abs() as u32 - 1;
        let (mut at, mut steps) = (index, 0);
        loop {
            let distance = self.distances[at][D];
            let reach = steps + u32::from(distance.unsigned_abs());
            let next = if goal_stop > steps && goal_stop <= reach {
                goal_stop
            } else if distance.unsigned_abs() == CAP.unsigned_abs() {
                steps += skip;
                at = at.wrapping_add_signed(offset * skip as isize);
                continue;
            } else if distance > 0 {
                reach
            } else {
                return;
            };
            at = at.wrapping_add_signed(offset * (next - steps) as isize);
            steps = next;
            if steps == goal_stop {
                if self.goal_stop::<D>(grid, cell, (at, steps), goal, found) {
                    return;
                }
            } else {
                // Both straight distances come from the stop's one entry; only a saturated
                // one needs the walk of `stop`.
                let entry = self.distances[at];
                for component in [across, down] {
                    let distance = entry[component];
                    let length = if distance > 0 && distance != CAP {
                        Some(u32::from(distance.unsigned_abs()))
                    } else if distance.unsigned_abs() == CAP.unsigned_abs() {
                        self.stop(grid, at, component, None)
                    } else {
                        None
                    };
                    if let Some(length) = length {
                        found.found([(D, steps), (component, length)]);
                    }
                }
            }
        }
    }

    /// The stop of the diagonal ray in direction `D` from `cell` on the goal's row or column,
    /// `steps` along it at padded index `at`: generates the goal if the stop is the goal
    /// (and says so: the ray ends), else the stops of the two straight rays from there,
    /// which may see the goal. Out of line, since a ray has at most one such stop: the
    /// walk's own loop then keeps fewer copies of the successor's generation.
    #[inline(never)]
    fn goal_stop<const D: usize>(
        &self,
        grid: &Grid,
        cell: Cell,
        (at, steps): (usize, u32),
        goal: Cell,
        found: &mut impl Successors,
    ) -> bool {
        let (dx, dy) = DELTAS[D];
        let stop = (
            cell.0.wrapping_add_signed(dx * steps as i32),
            cell.1.wrapping_add_signed(dy * steps as i32),
        );
        if stop == goal {
            found.found([(D, steps), (D, 0)]);
            return true;
        }
        for component in [direction_of(dx, 0), direction_of(0, dy)] {
            if let Some(length) = self.straight(grid, stop, at, component, goal) {
                found.found([(D, steps), (component, length)]);
            }
        }
        false
    }

    /// Whether the `steps` moves from the cell at `index` in `direction` are all legal,
    /// from the table: an entry's distance is that many legal moves, and past a jump point
    /// (or a saturated entry) the entry there says how the ray goes on.
    #[inline(always)]
    fn clear(&self, grid: &Grid, mut index: usize, direction: usize, mut steps: u32) -> bool {
        loop {
            let distance = self.distances[index][direction];
            let reach = u32::from(distance.unsigned_abs());
            if steps <= reach {
                return true;
            }
            let skip = if reach == CAP.unsigned_abs() as u32 {
                reach - 1
            } else if distance > 0 {
                reach
            } else {
                return false;
            };
            steps -= skip;
            index = index.wrapping_add_signed(grid.offsets[direction] * skip as isize);
        }
    }

    /// Where the ray from the cell at `index` in `direction` stops, given the steps to the
    /// goal's stop on it if the goal is ahead: there, if the ray gets that far; else at the
    /// jump point, if any. A saturated entry hands over to the entry `CAP - 1` steps on.
    #[inline(always)]
    fn stop(
        &self,
        grid: &Grid,
        mut index: usize,
        direction: usize,
        to_goal: Option<u32>,
    ) -> Option<u32> {
        let skip = CAP.unsigned_abs() as u32 - 1;
        let mut covered = 0;
        loop {
            let distance = self.distances[index][direction];
            let reach = covered + u32::from(distance.unsigned_abs());
            match to_goal {
                Some(steps) if steps <= reach => return Some(steps),
                _ if distance.unsigned_abs() == CAP.unsigned_abs() => {}
                _ if distance > 0 => return Some(reach),
                _ => return None,
            }
            covered += skip;
            index = index.wrapping_add_signed(grid.offsets[direction] * skip as isize);
        }
    }
}

/// The steps from `from` to `to` along one axis moving by `delta`, if `to` lies ahead.
#[inline(always)]
fn ahead(from: u32, to: u32, delta: i32) -> Option<u32> {
    match delta {
        1 if to > from => Some(to - from),
        -1 if to < from => Some(from - to),
        _ => None,
    }
}
