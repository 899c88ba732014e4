//! Anya (Harabor, Grastien, Öz and Aksakalli, "Optimal Any-Angle Pathfinding In Practice",
//! JAIR 56, 2016): the shortest any-angle path on a grid, searched over intervals of grid
//! rows instead of cells.
//!
//! # The search
//!
//! A search node is a *root* `r` (the start, or a corner of a blocked cell where the path
//! turns) and an *interval* `I` of one grid row whose every point `r` sees. Expanding a node
//! projects `I` away from `r` onto the next row through the band of cells between the two
//! rows: each run of free cells in that band passes the rays of `I` that stay inside it, and
//! what arrives on the next row are the node's successors, still rooted at `r` (the paper's
//! *observable* successors). Where an interval or a run ends at a corner with one blocked
//! cell of four, a path can bend around that cell: the corner becomes a new root (the
//! paper's *non-observable* successors), reached at `g(r) + |r corner|`.
//!
//! Roots are kept like A*'s nodes: one record per corner with its best `g`, on an indexed
//! heap ordered by `g + |root goal|`, each expanded once (the paper's root-history
//! pruning). Expanding a root casts its row both ways (flat intervals, walked on the spot)
//! and the two rows beside it (the first cone intervals). Interval nodes wait on a second
//! heap ordered by `f = g(r) + min over p in I of (|r p| + |p goal|)`, the goal mirrored
//! across the row when it lies on `r`'s side; the search pops whichever heap holds the
//! smaller `f`.
//!
//! A new root casts only the wedge a taut path can leave it in: between the direction it
//! arrived in and the first edge of the corner's blocked cell (the part of the plane that
//! cell hides from the parent, the paper's non-observable successors), and nothing when it
//! arrived aimed into that cell, where no turn is taut. Two departures from
//! the paper, for simplicity and not for exactness: that wedge is cast as whole rows of the
//! next band rather than split into the paper's cone and flat successors at the projection
//! line, and flat intervals are walked when their root is expanded instead of queued. Of the
//! paper's pruning rules, intermediate pruning is done (an interval with one successor
//! expands it on the spot), cul-de-sac pruning is not (an interval over blocked cells is
//! queued and popped to find it has none).
//!
//! # Invariants
//!
//! - Every point of a queued interval is seen from its root in the path model of
//!   [`Anya`]; every root's `g` is the length of a valid polyline from the start.
//! - `f` never decreases from a node to its successors (each successor's rays pass through
//!   the parent's interval, and the triangle inequality does the rest), and the goal's
//!   heap key is its true length, so the first time the goal is popped its path is shortest:
//!   the A* argument, over roots.
//! - A shortest path turns only at convex corners (one blocked cell of the four), each
//!   seen from the previous turn and bending around that cell; each lies on an interval
//!   or at the end of a run under one, inside the wedge its previous turn casts, so every
//!   turn of a shortest path is offered as a root.
//!
//! # Complexity
//!
//! Each corner is expanded at most once, and each expansion follows its cones row by row:
//! `O(corners × rows)` intervals in the worst case, each costing `O(log n)` on the heap plus
//! the cells under it. In practice far fewer are popped before the goal (but on maps with
//! many small obstacles or long corridors many more than A*'s cells: see `BENCHMARKS.md`).
//! Memory is one 16-byte record per lattice point of the doubled grid (`(2w + 1)(2h + 1)`),
//! kept for the next call with the heaps and the interval store; a search allocates only the
//! returned path.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::theta_star::check_query;
use super::{Cell, Grid};
use crate::{Budgeted, IndexedMinHeap, Path, PlanError, Planner, SearchStats};

/// Anya: the shortest any-angle path between the centres of two cells of an unweighted
/// [`Grid`] (Harabor, Grastien, Öz and Aksakalli, "Optimal Any-Angle Pathfinding In
/// Practice", JAIR 56, 2016).
///
/// Unlike [`ThetaStar`](super::ThetaStar), whose turns sit at cell centres, Anya turns at
/// the corners of blocked cells, where a taut string would, and returns the exact optimum.
///
/// # The path model
///
/// Points are in cell units: `(x, y)` is the top-left corner of cell `(x, y)`, and its
/// centre is `(x + 0.5, y + 0.5)`. Cells off the grid count as blocked. A path is a polyline
/// from the start cell's centre to the goal cell's centre that
///
/// - crosses the interior of no blocked cell,
/// - does not run along an edge shared by two blocked cells,
/// - does not squeeze through a point where two blocked cells meet diagonally,
///
/// and otherwise may touch blocked cells: it may run along a blocked cell's edge and turn at
/// its corner. This is the model of the paper, and a game unit following it should keep a
/// margin of its radius from the walls. (Theta*'s segments, by contrast, keep clear of
/// blocked cells altogether, so they are longer.) The connectivity of the grid plays no part;
/// a path exists exactly when one exists for [`AStar`](crate::AStar) on the grid.
///
/// # What a search returns
///
/// - [`Anya::plan_points`] returns the polyline itself: the start centre, each corner it
///   turns at, the goal centre; and its length, the optimum.
/// - The [`Planner`] implementation returns cells, for code that works with cells: the start
///   cell, for each turning corner the free cell diagonally across from the blocked cell
///   the path bends around (the cell the path grazes at that corner), and the goal cell;
///   repeated cells are listed once. The cost is still the length of the corner polyline,
///   so it can be shorter than the polyline through these cells' centres, which need not
///   even keep line of sight.
///
/// # Example
///
/// ```
/// use replan::grid::{Anya, Grid, ThetaStar};
/// use replan::Planner;
///
/// let grid: Grid = "
///     ......
///     ..##..
///     ..##..
///     ......"
///     .parse()
///     .unwrap();
/// let mut anya = Anya::new();
/// let path = anya.plan_points(&grid, (0, 1), (5, 1)).unwrap();
/// // Over the block, turning at its two top corners.
/// assert_eq!(path.nodes, [(0.5, 1.5), (2.0, 1.0), (4.0, 1.0), (5.5, 1.5)]);
/// let exact = 2.0 * 1.5f64.hypot(0.5) + 2.0;
/// assert!((path.cost - exact).abs() < 1e-12);
/// // Theta* turns at cell centres, a little longer.
/// assert!(ThetaStar::new().plan(&grid, (0, 1), (5, 1)).unwrap().cost > path.cost);
/// ```
#[derive(Debug, Default)]
pub struct Anya {
    budget: Option<u64>,
    stats: SearchStats,
    roots: IndexedMinHeap<(u64, u64)>,
    records: Vec<RootRecord>,
    intervals: BinaryHeap<Reverse<(u64, u32)>>,
    nodes: Vec<IntervalNode>,
    /// The successors of the node being expanded, before they are queued.
    pending: Vec<IntervalNode>,
    /// The stamp of the current search, below [`CLOSED`].
    search: u32,
}

/// One lattice point's state as a root, in doubled units.
#[derive(Clone, Copy, Debug, Default)]
struct RootRecord {
    g: f64,
    parent: u32,
    /// The search that last reached the point, with [`CLOSED`] once it was expanded.
    stamp: u32,
}

/// A cone interval: points `lo..=hi` of row `row` (doubled units), all seen from `root`.
#[derive(Clone, Copy, Debug)]
struct IntervalNode {
    root: u32,
    row: i64,
    lo: f64,
    hi: f64,
}

/// Directions out of a root: up to two constraints `(ux, uy, a)` on a direction `w`,
/// `a·(u × w) ≥ 0`, and how many of the two apply.
type Wedge = ([(i64, i64, i64); 2], usize);

/// The stamp bit of an expanded root.
const CLOSED: u32 = 1 << 31;

/// No parent: the start's record.
const NO_PARENT: u32 = u32::MAX;

/// Tolerance on interval ends. Coordinates are at most a few thousand doubled units and
/// projections are ratios of small integers, so rounding stays far below it, while distinct
/// interval ends are at least one over the largest row distance apart.
const EPS: f64 = 1e-9;

impl Anya {
    /// An Anya planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// let anya = replan::grid::Anya::new();
    /// ```
    pub fn new() -> Self {
        Anya::default()
    }

    /// Finds the shortest any-angle path from the centre of `start` to the centre of `goal`
    /// and returns it as points in cell units: the two centres and every corner between
    /// them where the path turns (see [`Anya`] for the model). `cost` is its length.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] for an endpoint off the grid
    /// or blocked, [`PlanError::UnsupportedGraph`] on a weighted grid,
    /// [`PlanError::NoPath`], and [`PlanError::BudgetExceeded`] when the budget of search
    /// nodes (roots and intervals) runs out first.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Anya, Grid};
    /// let grid: Grid = "...\n.#.\n...".parse().unwrap();
    /// let path = Anya::new().plan_points(&grid, (0, 0), (2, 2)).unwrap();
    /// // Around either free side of the block, touching one of its corners.
    /// assert_eq!(path.nodes.len(), 3);
    /// assert!((path.cost - 2.0 * 1.5f64.hypot(0.5)).abs() < 1e-12);
    /// ```
    pub fn plan_points(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
    ) -> Result<Path<(f64, f64), f64>, PlanError> {
        let (goal_id, lattice) = self.run(grid, start, goal)?;
        let mut nodes = Vec::new();
        let mut at = goal_id;
        while at != NO_PARENT {
            let (x, y) = lattice.point(at);
            nodes.push((x as f64 / 2.0, y as f64 / 2.0));
            at = self.records[at as usize].parent;
        }
        nodes.reverse();
        Ok(Path {
            nodes,
            cost: self.records[goal_id as usize].g / 2.0,
            stats: self.stats,
        })
    }

    /// The search; returns the goal's lattice id, its record holding the path.
    fn run<'g>(
        &mut self,
        grid: &'g Grid,
        start: Cell,
        goal: Cell,
    ) -> Result<(u32, Lattice<'g>), PlanError> {
        self.stats = SearchStats::default();
        self.roots.clear();
        self.intervals.clear();
        self.nodes.clear();
        self.pending.clear();
        check_query(grid, start, goal)?;
        let lattice = Lattice {
            grid,
            columns: 2 * i64::from(grid.width()) + 1,
            goal: (2 * i64::from(goal.0) + 1, 2 * i64::from(goal.1) + 1),
        };
        self.prepare((lattice.columns * (2 * i64::from(grid.height()) + 1)) as usize);
        let start_point = (2 * i64::from(start.0) + 1, 2 * i64::from(start.1) + 1);
        let start_id = lattice.id(start_point);
        let goal_id = lattice.id(lattice.goal);
        self.records[start_id as usize] = RootRecord {
            g: 0.0,
            parent: NO_PARENT,
            stamp: self.search,
        };
        self.roots
            .push(start_id, (distance(start_point, lattice.goal).to_bits(), 0));
        self.stats.max_frontier = 1;

        loop {
            let root_key = self.roots.peek().map(|(_, key)| key.0);
            let interval_key = self.intervals.peek().map(|Reverse((key, _))| *key);
            let take_root = match (root_key, interval_key) {
                (None, None) => return Err(PlanError::NoPath),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                // Roots first on ties: the goal is a root.
                (Some(root), Some(interval)) => root <= interval,
            };
            if take_root {
                let (id, _) = self.roots.pop().expect("peeked");
                if id == goal_id {
                    return Ok((goal_id, lattice));
                }
                self.records[id as usize].stamp = self.search | CLOSED;
                self.count_expansion()?;
                self.expand_root(&lattice, id);
            } else {
                let Reverse((_, index)) = self.intervals.pop().expect("peeked");
                self.count_expansion()?;
                let node = self.nodes[index as usize];
                self.expand_interval(&lattice, node)?;
            }
            let frontier = self.roots.len() + self.intervals.len();
            self.stats.max_frontier = self.stats.max_frontier.max(frontier);
        }
    }

    fn count_expansion(&mut self) -> Result<(), PlanError> {
        if self
            .budget
            .is_some_and(|budget| self.stats.expanded >= budget)
        {
            return Err(PlanError::BudgetExceeded {
                budget: self.stats.expanded,
            });
        }
        self.stats.expanded += 1;
        Ok(())
    }

    /// Casts a root's field of view: along its row both ways, and into the bands of cells
    /// above and below.
    fn expand_root(&mut self, lattice: &Lattice, id: u32) {
        let (x, y) = lattice.point(id);
        let Some((constraints, count)) = self.taut_wedge(lattice, id) else {
            return;
        };
        let constraints = &constraints[..count];
        for step in [-1, 1] {
            // The direction `(step, 0)` against each constraint `a·(u × w) ≥ 0`.
            if constraints.iter().all(|&(_, uy, a)| a * -uy * step >= 0) {
                self.walk_flat(lattice, id, step);
            }
        }
        'directions: for direction in [-1, 1] {
            // The band of cells between row `y` and row `y + direction`.
            let band = if direction > 0 { y } else { y - 1 };
            let left_free = !lattice.blocked(x - 1, band);
            let right_free = !lattice.blocked(x, band);
            if !left_free && !right_free {
                continue;
            }
            // The root lies on the band's edge, so it sees the whole run of free cells it
            // touches: the run is a rectangle, and the root is on its boundary.
            let mut low = x;
            if left_free {
                while !lattice.blocked(low - 1, band) {
                    low -= 1;
                }
            }
            let mut high = x;
            if right_free {
                while !lattice.blocked(high, band) {
                    high += 1;
                }
            }
            // Keep the points `(x + t, y + direction)` of the wedge: for a constraint
            // `a·(u × w) ≥ 0`, `u × w = ux·direction − uy·t` changes sign at
            // `t = ux·direction / uy`.
            let (mut low, mut high) = (low as f64, high as f64);
            for &(ux, uy, a) in constraints {
                if uy == 0 {
                    if a * ux * direction < 0 {
                        continue 'directions;
                    }
                } else {
                    let boundary = x as f64 + (ux * direction) as f64 / uy as f64;
                    if a * -uy > 0 {
                        low = low.max(boundary);
                    } else {
                        high = high.min(boundary);
                    }
                }
            }
            if low > high + EPS {
                continue;
            }
            self.emit_cone(lattice, id, y + direction, low, high.max(low));
        }
        self.queue_pending(lattice);
    }

    /// The directions a shortest path can leave the root `id` in, as up to two constraints
    /// `(ux, uy, a)` on a direction `w`: `a·(u × w) ≥ 0`; `None` when there are none.
    ///
    /// A path that arrives in direction `v` and turns at a corner is taut only if it bends
    /// around the corner's blocked cell `B`: it leaves between `v` and the edge of `B` met
    /// first when turning from `v` towards `B` (the region `B` hides from the parent; the
    /// paper's non-observable successors). Any other turn could be cut short across the
    /// three free cells. An arrival aimed into `B` (both of its steps towards `B`) has no
    /// taut turn at all: whichever way it leaves, the three free cells hold the shortcut,
    /// and a shortest path past `B` bends at another of its corners. The corner is then
    /// not cast from: on lak303d, den312d and AR0011SR that halves the search nodes,
    /// on the maze it saves 8%, with every path the same. No constraint for the start.
    ///
    /// Only the arrival the record keeps is looked at. Another one as short from another
    /// direction needs no wedge of its own: a shortest path through the corner is taut for
    /// every arrival as short, since the kept arrival followed by a turn that is not taut
    /// would be as long, and could be cut shorter.
    fn taut_wedge(&self, lattice: &Lattice, id: u32) -> Option<Wedge> {
        let none = Some(([(0, 0, 0); 2], 0));
        let record = self.records[id as usize];
        if record.parent == NO_PARENT {
            return none;
        }
        let (x, y) = lattice.point(id);
        let Some((cx, cy)) = lattice.lone_blocked_cell((x, y)) else {
            return none;
        };
        let (px, py) = lattice.point(record.parent);
        let (vx, vy) = (x - px, y - py);
        if vx * cx > 0 && vy * cy > 0 {
            return None;
        }
        // Not zero: an arrival along the diagonal through `B` is aimed into it (above), and
        // one from the other side would have crossed it.
        let side = (vx * cy - vy * cx).signum();
        // `B`'s two edges from the corner, along the row and along the column; turning
        // from `v` by `side`, the first one met is the one from which the other lies on
        // the same turn.
        let (along_row, along_column) = ((cx, 0), (0, cy));
        let first = if side * (along_row.0 * along_column.1 - along_row.1 * along_column.0) > 0 {
            along_row
        } else {
            along_column
        };
        Some(([(vx, vy, side), (first.0, first.1, -side)], 2))
    }

    /// Walks row-wise from the root `id` in direction `step`, offering each corner passed
    /// (and the goal) as a root, until the row is shut: by an edge between two blocked
    /// cells, or a point where two blocked cells meet diagonally.
    fn walk_flat(&mut self, lattice: &Lattice, id: u32, step: i64) {
        let (from, y) = lattice.point(id);
        let mut x = from;
        loop {
            let column = if step > 0 { x } else { x - 1 };
            if lattice.blocked(column, y - 1) && lattice.blocked(column, y) {
                break;
            }
            x += step;
            // Corners and diagonal pinches are cell corners, even in both coordinates;
            // elsewhere the half-cells around a point pair up into the same cells.
            if (x | y) & 1 == 0 {
                let (nw, ne) = (lattice.blocked(x - 1, y - 1), lattice.blocked(x, y - 1));
                let (sw, se) = (lattice.blocked(x - 1, y), lattice.blocked(x, y));
                if u8::from(nw) + u8::from(ne) + u8::from(sw) + u8::from(se) == 1 {
                    self.offer(lattice, id, (x, y));
                }
                if (nw && se) || (ne && sw) {
                    break;
                }
            }
        }
        let goal = lattice.goal;
        if goal.1 == y && (goal.0 - from) * step > 0 && (x - goal.0) * step >= 0 {
            self.offer(lattice, id, goal);
        }
    }

    /// Expands an interval node. While a projection has exactly one successor, that
    /// successor is expanded on the spot rather than queued (the paper's intermediate
    /// pruning: its `f` is no lower, and its roots are offered at their true `g` either
    /// way, so expanding it early changes no result); each counts as an expansion.
    fn expand_interval(
        &mut self,
        lattice: &Lattice,
        mut node: IntervalNode,
    ) -> Result<(), PlanError> {
        loop {
            self.project(lattice, node);
            if self.pending.len() != 1 {
                self.queue_pending(lattice);
                return Ok(());
            }
            node = self.pending.pop().expect("one successor");
            self.count_expansion()?;
        }
    }

    /// Projects `node` one row on, into `pending`.
    fn project(&mut self, lattice: &Lattice, node: IntervalNode) {
        let (rx, ry) = lattice.point(node.root);
        let row = node.row;
        let direction = (row - ry).signum();
        let band = if direction > 0 { row } else { row - 1 };
        let next = row + direction;
        let scale = (next - ry) as f64 / (row - ry) as f64;
        let project = |x: f64| rx as f64 + (x - rx as f64) * scale;
        let (project_lo, project_hi) = (project(node.lo), project(node.hi));
        // The cells of the band that touch the interval.
        let first = ceil(node.lo - EPS) - 1;
        let last = floor(node.hi + EPS);
        let mut cell = first;
        while cell <= last {
            if lattice.blocked(cell, band) {
                cell += 1;
                continue;
            }
            let mut low = cell;
            while cell < last && !lattice.blocked(cell + 1, band) {
                cell += 1;
            }
            let mut high = cell + 1;
            cell += 1;
            // The run may reach past the interval: far enough to bound the projection.
            while low as f64 > project_lo && !lattice.blocked(low - 1, band) {
                low -= 1;
            }
            while (high as f64) < project_hi && !lattice.blocked(high, band) {
                high += 1;
            }
            // The rays of the interval that enter this run and stay in it: the run is a
            // convex rectangle, so a ray is inside when both its ends are.
            let from_lo = node.lo.max(low as f64);
            let from_hi = node.hi.min(high as f64);
            if from_lo > from_hi + EPS {
                continue;
            }
            if from_hi - from_lo < EPS {
                // One ray through a lattice point: it must not squeeze between two cells
                // that meet there diagonally.
                if let Some(x) = lattice_x(from_lo) {
                    if !lattice.passes((x, row), ((x - rx).signum(), direction)) {
                        continue;
                    }
                }
            }
            // The run's ends on this row are where rays from the root graze a blocked cell
            // of the band: the path can bend around it there, even when no ray of the
            // root's own enters the run.
            for end in [from_lo, from_hi] {
                if let Some(x) = lattice_x(end) {
                    self.offer_if_turn(lattice, node.root, (x, row));
                }
            }
            let to_lo = project(from_lo).max(low as f64);
            let to_hi = project(from_hi).min(high as f64);
            if to_lo > to_hi + EPS {
                continue;
            }
            self.emit_cone(lattice, node.root, next, to_lo, to_hi.max(to_lo));
        }
    }

    /// Queues the interval `lo..=hi` of `row` seen from `root`, offering its ends as roots
    /// where the path can turn, and the goal when the interval holds it.
    fn emit_cone(&mut self, lattice: &Lattice, root: u32, row: i64, lo: f64, hi: f64) {
        let lo = snap(lo);
        let hi = snap(hi);
        for end in [lo, hi] {
            if let Some(x) = lattice_x(end) {
                self.offer_if_turn(lattice, root, (x, row));
            }
        }
        let goal = lattice.goal;
        if row == goal.1 && lo <= goal.0 as f64 + EPS && goal.0 as f64 - EPS <= hi {
            self.offer(lattice, root, goal);
        }
        self.pending.push(IntervalNode { root, row, lo, hi });
        self.stats.generated += 1;
    }

    /// Moves the intervals just generated to the heap.
    fn queue_pending(&mut self, lattice: &Lattice) {
        for &IntervalNode { root, row, lo, hi } in &self.pending {
            let g = self.records[root as usize].g;
            let f = g + through_row(lattice.point(root), lattice.goal, row, lo, hi);
            let index = self.nodes.len() as u32;
            self.nodes.push(IntervalNode { root, row, lo, hi });
            self.intervals.push(Reverse((f.to_bits(), index)));
        }
        self.pending.clear();
    }

    /// Offers `point` as a root when a path can bend there: a corner with exactly one of its
    /// four cells blocked.
    fn offer_if_turn(&mut self, lattice: &Lattice, parent: u32, point: (i64, i64)) {
        if point == lattice.goal {
            self.offer(lattice, parent, point);
            return;
        }
        let (x, y) = point;
        if (x | y) & 1 == 1 {
            // Not a cell corner: its half-cells pair up into the same cells.
            return;
        }
        let blocked = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
            .iter()
            .filter(|&&(cx, cy)| lattice.blocked(cx, cy))
            .count();
        if blocked == 1 {
            self.offer(lattice, parent, point);
        }
    }

    /// Reaches `point` straight from the root `parent`, keeping the cheaper route.
    fn offer(&mut self, lattice: &Lattice, parent: u32, point: (i64, i64)) {
        let id = lattice.id(point);
        let record = self.records[id as usize];
        let parent_record = self.records[parent as usize];
        let parent_point = lattice.point(parent);
        let g = parent_record.g + distance(parent_point, point);
        // An arrival as short as the kept one changes nothing (see `taut_wedge`).
        if record.stamp == self.search | CLOSED
            || (record.stamp == self.search && g >= record.g - EPS)
        {
            return;
        }
        self.records[id as usize] = RootRecord {
            g,
            parent,
            stamp: self.search,
        };
        self.stats.generated += 1;
        let f = g + distance(point, lattice.goal);
        let key = (f.to_bits(), u64::MAX - g.to_bits());
        if self.roots.contains(id) {
            self.roots.decrease_key(id, key);
        } else {
            self.roots.push(id, key);
        }
    }

    /// Sizes the records for `points` lattice points and starts a new search stamp.
    fn prepare(&mut self, points: usize) {
        if self.records.len() < points {
            self.records.resize(points, RootRecord::default());
            self.roots.reserve_ids(points);
        }
        self.search += 1;
        if self.search == CLOSED {
            // After 2^31 searches the stamps would reach the closed bit: forget every old one.
            for record in &mut self.records {
                record.stamp = 0;
            }
            self.search = 1;
        }
    }
}

/// The grid at doubled resolution: each cell is 2×2 half-cells, so cell centres, where paths
/// start and end, are lattice points like the cell corners, where they turn. Half-cell
/// `(x, y)` is blocked when cell `(x >> 1, y >> 1)` is; nothing is copied. Points where two
/// blocked cells meet diagonally are cell corners, so the path model is the same at both
/// resolutions, and lengths halve back to cell units.
struct Lattice<'a> {
    grid: &'a Grid,
    /// Lattice points per row: `2 × width + 1`.
    columns: i64,
    /// The goal cell's centre.
    goal: (i64, i64),
}

impl Lattice<'_> {
    /// Whether half-cell `(x, y)` is blocked; `x` and `y` are at least `-1`, and the padded
    /// border of the grid answers for the half-cells just off it.
    #[inline]
    fn blocked(&self, x: i64, y: i64) -> bool {
        let (cx, cy) = (x >> 1, y >> 1);
        if cx >= i64::from(self.grid.width()) || cy >= i64::from(self.grid.height()) {
            return true;
        }
        !self.grid.passable[(cy + 1) as usize * self.grid.stride + (cx + 1) as usize]
    }

    /// Whether a path may pass through lattice point `(x, y)` heading `(dx, dy)` (signs):
    /// not between two blocked cells that meet there diagonally.
    fn passes(&self, (x, y): (i64, i64), (dx, dy): (i64, i64)) -> bool {
        let (nw, ne) = (self.blocked(x - 1, y - 1), self.blocked(x, y - 1));
        let (sw, se) = (self.blocked(x - 1, y), self.blocked(x, y));
        match (dx, dy) {
            (1, 1) | (-1, -1) => !(ne && sw),
            (1, -1) | (-1, 1) => !(nw && se),
            _ => !((nw && se) || (ne && sw)),
        }
    }

    /// The direction `(±1, ±1)` from the lattice point `(x, y)` to its one blocked cell, or
    /// `None` when it has none or several.
    fn lone_blocked_cell(&self, (x, y): (i64, i64)) -> Option<(i64, i64)> {
        let towards = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
        let cells = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)];
        let mut blocked = cells
            .iter()
            .zip(towards)
            .filter(|((cx, cy), _)| self.blocked(*cx, *cy));
        match (blocked.next(), blocked.next()) {
            (Some((_, direction)), None) => Some(direction),
            _ => None,
        }
    }

    fn id(&self, (x, y): (i64, i64)) -> u32 {
        (y * self.columns + x) as u32
    }

    fn point(&self, id: u32) -> (i64, i64) {
        (i64::from(id) % self.columns, i64::from(id) / self.columns)
    }
}

/// `x` rounded when it is within [`EPS`] of an integer: interval ends that are lattice points
/// must compare equal to them.
fn snap(x: f64) -> f64 {
    match lattice_x(x) {
        Some(rounded) => rounded as f64,
        None => x,
    }
}

/// The lattice column of `x` when it is one.
fn lattice_x(x: f64) -> Option<i64> {
    let rounded = floor(x + 0.5);
    ((x - rounded as f64).abs() < EPS).then_some(rounded)
}

/// `x.floor()` as an integer, by a truncating conversion: the baseline x86-64 target has no
/// rounding instruction, and `f64::floor` there is a library call.
#[inline]
fn floor(x: f64) -> i64 {
    let truncated = x as i64;
    if (truncated as f64) > x {
        truncated - 1
    } else {
        truncated
    }
}

/// `x.ceil()` as an integer; see [`floor`].
#[inline]
fn ceil(x: f64) -> i64 {
    -floor(-x)
}

/// Euclidean length; `f64::hypot` guards against overflow that lattice coordinates cannot
/// reach, at several times the cost.
#[inline]
fn length(dx: f64, dy: f64) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

fn distance(a: (i64, i64), b: (i64, i64)) -> f64 {
    length((a.0 - b.0) as f64, (a.1 - b.1) as f64)
}

/// The shortest length from `root` to `goal` through a point of `lo..=hi` on `row`: the goal
/// is mirrored across the row when it lies on the root's side, and the straight line from
/// the root to it crosses the row at the best point, clamped to the interval.
fn through_row(root: (i64, i64), goal: (i64, i64), row: i64, lo: f64, hi: f64) -> f64 {
    let mirrored_y = if (goal.1 - row) * (root.1 - row) > 0 {
        2 * row - goal.1
    } else {
        goal.1
    };
    let (rx, ry) = (root.0 as f64, root.1 as f64);
    let (gx, gy) = (goal.0 as f64, mirrored_y as f64);
    let crossing = rx + (gx - rx) * (row as f64 - ry) / (gy - ry);
    let x = crossing.clamp(lo, hi);
    let y = row as f64;
    length(x - rx, y - ry) + length(gx - x, gy - y)
}

/// The budget limits each search to that many expanded search nodes (roots and intervals);
/// a search that needs more returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// use replan::grid::{Anya, Grid};
/// use replan::{Budgeted, PlanError, Planner};
/// let grid: Grid = "....\n.##.\n.##.\n....".parse().unwrap();
/// let mut anya = Anya::new().with_budget(1);
/// assert_eq!(
///     anya.plan(&grid, (0, 0), (3, 3)),
///     Err(PlanError::BudgetExceeded { budget: 1 })
/// );
/// ```
impl Budgeted for Anya {
    fn budget(&self) -> Option<u64> {
        self.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.budget
    }
}

impl Planner<Grid> for Anya {
    /// Finds the shortest any-angle path and returns it as cells (see [`Anya`] for which
    /// cells, and [`Anya::plan_points`] for the corners themselves); the errors are those of
    /// [`Anya::plan_points`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Anya, Grid};
    /// use replan::Planner;
    /// let grid: Grid = ".....\n.....\n..#..\n.....".parse().unwrap();
    /// let path = Anya::new().plan(&grid, (2, 0), (2, 3)).unwrap();
    /// // Down to the block's top-left corner, along its left edge, then to the goal's
    /// // centre: the cells beside those two corners.
    /// assert_eq!(path.nodes, [(2, 0), (1, 1), (1, 3), (2, 3)]);
    /// let exact = 0.5f64.hypot(1.5) + 1.0 + 0.5f64.hypot(0.5);
    /// assert!((path.cost - exact).abs() < 1e-12);
    /// ```
    fn plan(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Path<Cell, f64>, PlanError> {
        let (goal_id, lattice) = self.run(grid, start, goal)?;
        let mut nodes = vec![goal];
        let mut at = self.records[goal_id as usize].parent;
        while at != NO_PARENT {
            let (x, y) = lattice.point(at);
            let cell = if x % 2 == 1 {
                // Only the start is a cell centre among the roots.
                ((x / 2) as u32, (y / 2) as u32)
            } else {
                // The free cell diagonally across from the corner's one blocked cell.
                let left = if lattice.blocked(x - 1, y - 1) || lattice.blocked(x - 1, y) {
                    x / 2
                } else {
                    x / 2 - 1
                };
                let up = if lattice.blocked(x - 1, y - 1) || lattice.blocked(x, y - 1) {
                    y / 2
                } else {
                    y / 2 - 1
                };
                (left as u32, up as u32)
            };
            if nodes.last() != Some(&cell) {
                nodes.push(cell);
            }
            at = self.records[at as usize].parent;
        }
        nodes.reverse();
        Ok(Path {
            nodes,
            cost: self.records[goal_id as usize].g / 2.0,
            stats: self.stats,
        })
    }

    /// # Example
    ///
    /// ```
    /// use replan::grid::{Anya, Connectivity, Grid};
    /// use replan::Planner;
    /// let mut anya = Anya::new();
    /// anya.plan(&Grid::open(9, 9, Connectivity::Eight), (0, 0), (8, 8)).unwrap();
    /// assert!(anya.last_stats().expanded >= 1);
    /// ```
    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Connectivity;

    /// Whether a path arriving at a corner heading `v` and leaving it heading `w` is taut
    /// there, with the corner's one blocked cell in direction `b`: the chord between two
    /// points just before and just after the corner crosses that cell, so no shorter path
    /// cuts the turn. Sampled along the chord, independently of the cross products the
    /// planner uses.
    fn bends_around(v: (i64, i64), w: (i64, i64), b: (i64, i64)) -> bool {
        let unit = |(x, y): (i64, i64)| {
            let norm = length(x as f64, y as f64);
            (x as f64 / norm, y as f64 / norm)
        };
        let ((vx, vy), (wx, wy)) = (unit(v), unit(w));
        (1..1000).any(|step| {
            let t = f64::from(step) / 1000.0;
            let x = -(1.0 - t) * vx + t * wx;
            let y = -(1.0 - t) * vy + t * wy;
            x * b.0 as f64 > 0.0 && y * b.1 as f64 > 0.0
        })
    }

    #[test]
    fn search_statistics_count_what_the_search_held() {
        // Pillars every third cell: many corners, so many roots and intervals.
        let mut grid = Grid::open(30, 30, Connectivity::Eight);
        for y in (1..30).step_by(3) {
            for x in (1..30).step_by(3) {
                grid.set_blocked((x, y), true).unwrap();
            }
        }
        let mut anya = Anya::new();
        let path = anya.plan_points(&grid, (0, 0), (29, 28)).unwrap();
        let stats = path.stats;
        let search = anya.search;
        // Generated: every root reached but the start (more when a root's cost fell), and
        // every interval, queued or expanded on the spot. Expanded: every root closed,
        // every interval popped, every interval expanded on the spot.
        let reached = |closed: bool| {
            anya.records
                .iter()
                .filter(|record| {
                    record.stamp & !CLOSED == search && (!closed || record.stamp & CLOSED != 0)
                })
                .count() as u64
        };
        let queued = anya.nodes.len() as u64;
        let popped = queued - anya.intervals.len() as u64;
        let on_the_spot = stats.expanded - reached(true) - popped;
        assert!(
            stats.generated >= reached(false) - 1 + queued + on_the_spot,
            "{stats:?} {} {queued} {on_the_spot}",
            reached(false)
        );
        assert!(reached(false) > 10 && on_the_spot > 0 && popped > 0);
        // The frontier never held more than was generated, and held what is left.
        let left = (anya.roots.len() + anya.intervals.len()) as u64;
        assert!(
            stats.max_frontier as u64 <= stats.generated + 1,
            "{stats:?}"
        );
        assert!(
            stats.max_frontier as u64 >= left && left > 10,
            "{stats:?} {left}"
        );
    }

    #[test]
    fn floor_and_ceil_agree_with_the_float_functions() {
        for tenths in -45..=45 {
            let x = f64::from(tenths) / 10.0;
            assert_eq!(floor(x), x.floor() as i64, "{x}");
            assert_eq!(ceil(x), x.ceil() as i64, "{x}");
        }
    }

    #[test]
    fn the_estimate_through_a_row_is_the_shortest_way_through_the_interval() {
        let goals = [(3, 9), (-4, 2), (7, -5), (0, 4), (12, 4)];
        for root in [(0, 0), (5, 7), (-3, 1)] {
            for goal in goals {
                for (row, lo, hi) in [(4, -2.0, 1.5), (2, 3.0, 8.0), (-1, -6.0, -5.5)] {
                    if row == root.1 {
                        continue;
                    }
                    // Every point of the interval, finely, as the brute force.
                    let shortest = (0..=20_000)
                        .map(|step| {
                            let x = lo + (hi - lo) * f64::from(step) / 20_000.0;
                            distance_to(root, x, row) + distance_to(goal, x, row)
                        })
                        .fold(f64::INFINITY, f64::min);
                    // The sampled minimum lies above the true one by at most the sample
                    // spacing.
                    let estimate = through_row(root, goal, row, lo, hi);
                    assert!(
                        estimate <= shortest + 1e-9 && estimate > shortest - 1e-3,
                        "root {root:?} goal {goal:?} row {row}: {estimate} against {shortest}"
                    );
                }
            }
        }
    }

    /// The distance from a lattice point to `(x, row)`.
    fn distance_to((px, py): (i64, i64), x: f64, row: i64) -> f64 {
        length(x - px as f64, (row - py) as f64)
    }

    #[test]
    fn a_new_root_casts_exactly_the_directions_that_bend_around_its_cell() {
        let mut grid = Grid::open(7, 7, Connectivity::Eight);
        grid.set_blocked((3, 3), true).unwrap();
        let lattice = Lattice {
            grid: &grid,
            columns: 15,
            goal: (1, 1),
        };
        let mut anya = Anya::new();
        anya.prepare(15 * 15);
        let (mut compared, mut casting) = (0, 0);
        for corner in [(6, 6), (8, 6), (6, 8), (8, 8)] {
            let b = lattice.lone_blocked_cell(corner).unwrap();
            for (dx, dy) in (-5..=5).flat_map(|dy| (-5..=5).map(move |dx| (dx, dy))) {
                let parent = (corner.0 + dx, corner.1 + dy);
                let v = (-dx, -dy);
                // An arrival from inside the blocked cell cannot happen.
                if (dx, dy) == (0, 0) || (dx * b.0 > 0 && dy * b.1 > 0) {
                    continue;
                }
                anya.records[lattice.id(corner) as usize] = RootRecord {
                    g: 1.0,
                    parent: lattice.id(parent),
                    stamp: anya.search,
                };
                let wedge = anya.taut_wedge(&lattice, lattice.id(corner));
                let casts = |(wx, wy): (i64, i64)| {
                    wedge.is_some_and(|(constraints, count)| {
                        constraints[..count]
                            .iter()
                            .all(|&(ux, uy, a)| a * (ux * wy - uy * wx) >= 0)
                    })
                };
                for w in (-3..=3_i64).flat_map(|wy| (-3..=3_i64).map(move |wx| (wx, wy))) {
                    // Directions on a boundary of the wedge (straight on, along an edge of
                    // the blocked cell) are cast on either reading.
                    if w.0 == 0 || w.1 == 0 || w.0 * v.1 == w.1 * v.0 {
                        continue;
                    }
                    let into_cell = w.0 * b.0 > 0 && w.1 * b.1 > 0;
                    let taut = !into_cell && bends_around(v, w, b);
                    assert_eq!(
                        casts(w),
                        taut,
                        "corner {corner:?}, arriving {v:?}, leaving {w:?}"
                    );
                    compared += 1;
                    casting += usize::from(taut);
                }
            }
        }
        assert!(compared > 10_000 && casting > 1000, "{compared} {casting}");
    }
}
