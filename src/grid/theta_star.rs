//! Theta* (Nash, Daniel, Koenig and Felner, AAAI 2007): any-angle paths on grids. The paper, invariants, complexity and the
//! line-of-sight rule are documented on [`ThetaStar`], the type users see.

use super::line_of_sight::{euclidean, SightRuns};
use super::{Cell, Grid};
use crate::{
    Budgeted, Cost, Graph, IndexedGraph, IndexedMinHeap, Path, PlanError, Planner, SearchStats,
};

/// Theta*: any-angle paths between cell centres of an unweighted [`Grid`] (Nash, Daniel,
/// Koenig and Felner, "Theta*: Any-Angle Path Planning on Grids", AAAI 2007).
///
/// The planner owns its frontier and per-cell records and reuses them on every call.
///
/// A* over the cells of a [`Grid`], except that a cell's parent need not be its neighbour:
/// when a successor `s'` of the expanded cell `s` is in [line of sight](Grid::has_line_of_sight)
/// of `s`'s parent, `s'` takes that parent and the straight segment to it instead of the
/// two-segment route through `s`. Paths are therefore polylines between cell centres whose
/// turns sit beside obstacles, not chains of 45° steps.
///
/// # Nodes, costs and the line-of-sight rule
///
/// - Nodes are **cell centres**: [`Path::nodes`] holds the start, each turning cell and the
///   goal; consecutive nodes are usually not neighbours.
/// - A segment costs its Euclidean length; the grid must be unweighted (weights do not say
///   what a segment crossing a cell part-way costs), or the search returns
///   [`PlanError::UnsupportedGraph`].
/// - Every segment meets no blocked cell, not even at a corner (the closed-set rule of
///   [`Grid::has_line_of_sight`], which is the no-corner-cutting rule of the grid's diagonal
///   moves carried over to any angle).
/// - Successors are the grid's moves ([`Connectivity`](super::Connectivity) decides which),
///   so a path exists exactly when one exists for [`AStar`](crate::AStar).
///
/// # Invariants
///
/// - `g(s)` is the length of the polyline through `s`'s parent chain, each segment in line
///   of sight.
/// - The open list is ordered by `g + h`, `h` halfway between the Euclidean and the octile
///   distance to the goal (the papers use the Euclidean distance; the octile half breaks
///   its ties, a trade-off measured in `BENCHMARKS.md`). Since `h` never overestimates the
///   octile distance and is consistent for the grid's moves, and every expansion offers each
///   neighbour at most its grid step's cost, the goal is reached at no more than the
///   8-connected optimum: the A* argument, with line of sight only ever lowering a cell's
///   cost. A weight on `h` (as in weighted A*) expands fewer cells still, but loses that
///   bound.
/// - A cell is closed when popped and never reopened. Theta* is therefore not optimal among
///   any-angle paths (its parents are limited to the parent of a neighbour); in the tests,
///   on small random maps, its paths are on average within 2% of the shortest polyline
///   through cell centres, and never longer than the 8-connected optimum.
/// - Ties in `f` go to the larger `g`, as in [`AStar`](crate::AStar).
/// - A cell at an obstacle's outer corner (one blocked diagonal neighbour, every other move
///   legal), when expanded in sight of the goal, offers the goal the straight segment from
///   it: an edge the grid's moves lack, which only lowers the goal's cost through a segment
///   in sight, while the goal still leaves the open list in key order, so the bound above
///   holds. Past the last corner of a path, the search then reaches the goal without
///   walking the open ground to it one expansion per cell.
///
/// # Complexity
///
/// A goal in sight of the start is answered with the straight segment after one
/// line-of-sight test, with no expansion. Otherwise `O((V + E) log V)` heap work, as A*, plus
/// at most one line-of-sight test per generated edge, each `O(min(|dx|, |dy|))` for a
/// segment of `dx` columns and `dy` rows: the planner keeps, for every cell, how many open
/// cells follow it along each axis, so each row (or column) the segment crosses is one read.
/// The test is skipped where the route through the parent would not improve the successor:
/// that route is never longer than the one through the expanded cell, so neither could.
/// An expanded corner cell tests one more segment, to the goal.
/// Memory is `O(cells)` (about 24 bytes a cell), kept by the planner for its next call; the counts
/// are rebuilt in `O(cells)` by the first search after the grid changes
/// ([`Grid::revision`]); a search allocates only the returned path.
///
/// See [`LazyThetaStar`](super::LazyThetaStar) for the variant that tests line of sight
/// once per expansion instead of once per edge.
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, Octile, ThetaStar};
/// use replan::{AStar, Planner};
///
/// let grid = "
///     ..........
///     ..........
///     ...####...
///     .........."
///     .parse::<Grid>()
///     .unwrap()
///     .with_connectivity(Connectivity::Eight);
/// let any_angle = ThetaStar::new().plan(&grid, (0, 0), (9, 3)).unwrap();
/// let octile = AStar::new(Octile).plan(&grid, (0, 0), (9, 3)).unwrap();
/// // One turn beside the wall instead of a staircase.
/// assert!(any_angle.nodes.len() <= 3);
/// assert!(any_angle.cost < octile.cost);
/// for pair in any_angle.nodes.windows(2) {
///     assert!(grid.has_line_of_sight(pair[0], pair[1]));
/// }
/// ```
#[derive(Debug, Default)]
pub struct ThetaStar {
    search: AnyAngleSearch,
}

impl ThetaStar {
    /// A Theta* planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// let theta = replan::grid::ThetaStar::new();
    /// ```
    pub fn new() -> Self {
        ThetaStar::default()
    }
}

/// The budget limits each search to that many expansions; a search that needs more returns
/// [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, ThetaStar};
/// use replan::{Budgeted, PlanError, Planner};
/// let mut grid = Grid::open(40, 40, Connectivity::Eight);
/// grid.set_blocked((20, 20), true)?; // across the diagonal: no straight segment
/// let mut theta = ThetaStar::new().with_budget(3);
/// assert_eq!(
///     theta.plan(&grid, (0, 0), (39, 39)),
///     Err(PlanError::BudgetExceeded { budget: 3 })
/// );
/// # Ok::<(), replan::grid::GridError>(())
/// ```
impl Budgeted for ThetaStar {
    fn budget(&self) -> Option<u64> {
        self.search.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.search.budget
    }
}

impl Planner<Grid> for ThetaStar {
    /// Finds an any-angle path; see [`Planner::plan`] for the errors, plus
    /// [`PlanError::UnsupportedGraph`] on a weighted grid.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, ThetaStar};
    /// use replan::Planner;
    /// let grid = Grid::open(5, 5, Connectivity::Eight);
    /// let path = ThetaStar::new().plan(&grid, (0, 0), (4, 1)).unwrap();
    /// assert_eq!(path.nodes, [(0, 0), (4, 1)]);
    /// assert!((path.cost - 17f64.sqrt()).abs() < 1e-12);
    /// ```
    fn plan(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Path<Cell, f64>, PlanError> {
        self.search.run(grid, start, goal, Rewiring::Eager)
    }

    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, ThetaStar};
    /// use replan::Planner;
    /// let mut theta = ThetaStar::new();
    /// let mut grid = Grid::open(9, 9, Connectivity::Eight);
    /// grid.set_blocked((4, 4), true)?;
    /// theta.plan(&grid, (0, 0), (8, 8)).unwrap();
    /// assert!(theta.last_stats().expanded >= 1);
    /// // A goal in sight of the start needs no search.
    /// theta.plan(&grid, (0, 0), (8, 0)).unwrap();
    /// assert_eq!(theta.last_stats().expanded, 0);
    /// # Ok::<(), replan::grid::GridError>(())
    /// ```
    fn last_stats(&self) -> SearchStats {
        self.search.stats
    }
}

/// When an any-angle search tests line of sight to the grandparent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rewiring {
    /// Theta*: when a successor is generated.
    Eager,
    /// Lazy Theta*: when a cell is expanded, its parent having been assumed visible.
    Lazy,
}

/// How far the estimate `h` goes from the Euclidean distance to the goal toward the octile
/// distance: `h = e + OCTILE_SHARE · (o − e)`.
///
/// Both distances are consistent for the grid's moves and never exceed the octile distance
/// still to go, and so is any blend of them: the goal is still reached at no more than the
/// 8-connected optimum (see [`ThetaStar`]). The octile part breaks the ties of the
/// Euclidean estimate, whose priorities on open maps differ by tiny amounts, the way octile
/// ties lead A* straight to the goal. Over every scenario of the seven non-maze Moving AI
/// maps, Theta*'s mean path over the published optimum is 0.9537 with the Euclidean
/// estimate, 0.9546 at one half, 0.9556 at three quarters and 0.9590 with the octile
/// distance; its time over A*'s on `arena` 6.4×, 5.2×, 5.1× (paired benchmark), on
/// `random512-10-0` 2.0×, 0.83×, 0.80×. A weight above 1 on the Euclidean distance (weighted
/// A*) saves more but loses the bound: the property tests find maps where the path comes
/// out longer than the grid's.
const OCTILE_SHARE: f64 = 0.5;

/// The estimate of the length still to go from `cell`: see [`OCTILE_SHARE`].
fn estimate(cell: Cell, goal: Cell) -> f64 {
    let dx = cell.0.abs_diff(goal.0) as f64;
    let dy = cell.1.abs_diff(goal.1) as f64;
    let octile = dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy);
    let straight = (dx * dx + dy * dy).sqrt();
    straight + OCTILE_SHARE * (octile - straight)
}

/// Lazy Theta* tests a segment to the assumed parent at once, as Theta* does, when it spans
/// at most this many rows and columns: such a test costs a few cell reads, while a wrong
/// assumption costs a second trip through the heap. In corridors, where parents are near and
/// assumptions often fail, this saves 6.6% of the instructions (the maze sample of the
/// benchmark); on open maps, where parents are far, the test almost never runs (+0.4% to
/// +1.6%).
const LAZY_SPAN: u32 = 2;

/// [`LAZY_SPAN`] for the successors of a cell with a blocked neighbour, whose assumed
/// segments are the likeliest to graze an obstacle. A segment tested when generated is
/// marked [`VERIFIED`] and not tested again when popped, so where parents are near (every
/// cell of a maze touches a wall) the test moves from the pop to the generation and a
/// failed assumption never reaches the heap. Against testing only within [`LAZY_SPAN`]
/// (callgrind, the benchmark's samples): maze −9% instructions and −21% mispredicted
/// branches, 8room_000 and random512-10-0 −3%, the other maps within ±0.5%; 16 saves a
/// little more on the maze and costs more on arena, 4 less on both.
const NEAR_OBSTACLE_SPAN: u32 = 8;

/// Whether a cell with legal moves `moves` is the outer corner of an obstacle: exactly one
/// move is illegal, which can only be a diagonal one blocked by its diagonal cell alone (a
/// blocked orthogonal neighbour takes the two diagonal moves beside it too). Any-angle paths
/// turn at such cells. Limiting the goal test to them keeps its cost off most expansions:
/// on a maze almost no cell is one.
#[inline]
fn is_outer_corner(moves: u8) -> bool {
    (!moves).is_power_of_two()
}

/// Whether `next`, a neighbour of `cell`, lies straight on from `parent` through `cell`:
/// along a row, a column or a diagonal.
#[inline(always)]
fn straight_on(parent: Cell, cell: Cell, next: Cell) -> bool {
    let (ax, ay) = (
        i64::from(cell.0) - i64::from(parent.0),
        i64::from(cell.1) - i64::from(parent.1),
    );
    let (sx, sy) = (
        i64::from(next.0) - i64::from(cell.0),
        i64::from(next.1) - i64::from(cell.1),
    );
    ax * sy == ay * sx && ax * sx + ay * sy > 0
}

/// Queues cell `id` with `key`, in the heap or held (see [`AnyAngleSearch::run`]); `queued`
/// says whether it is already in the heap or held.
#[inline(always)]
fn queue(
    open: &mut IndexedMinHeap<i64>,
    held: &mut Option<(u32, i64)>,
    id: u32,
    key: i64,
    queued: bool,
) {
    match held {
        Some((held_id, held_key)) if *held_id == id => {
            *held_key = key;
        }
        _ if queued => {
            open.decrease_key(id, key);
        }
        None if open.peek().is_none_or(|(_, top)| key < *top) => {
            *held = Some((id, key));
        }
        None => open.push_absent(id, key),
        Some((held_id, held_key)) if key < *held_key => {
            open.push_absent(*held_id, *held_key);
            *held = Some((id, key));
        }
        Some(_) => open.push_absent(id, key),
    }
}

/// Takes the next cell to expand: the held cell, unless the heap's top comes before it. A
/// held cell's key came before the top when it was held, but a `decrease_key` in the heap
/// since (a cheaper route to a queued cell) can put the top first.
#[inline(always)]
fn pop_first(open: &mut IndexedMinHeap<i64>, held: &mut Option<(u32, i64)>) -> Option<(u32, i64)> {
    match *held {
        Some((_, held_key)) => match open.peek() {
            Some((_, top)) if *top < held_key => open.pop(),
            _ => held.take(),
        },
        None => open.pop(),
    }
}

/// The checks every any-angle planner makes before it searches: both endpoints on the grid
/// and open, and a grid without weights, whose segments are measured by length alone.
pub(crate) fn check_query(grid: &Grid, start: Cell, goal: Cell) -> Result<(), PlanError> {
    if let Err(reason) = grid.check_node(start) {
        return Err(PlanError::InvalidStart {
            node: format!("{start:?}"),
            reason,
        });
    }
    if let Err(reason) = grid.check_node(goal) {
        return Err(PlanError::InvalidGoal {
            node: format!("{goal:?}"),
            reason,
        });
    }
    if grid.is_weighted() {
        return Err(PlanError::UnsupportedGraph {
            reason: "any-angle planners measure segments by length, so the grid must be unweighted",
        });
    }
    Ok(())
}

/// No parent: the start's record, or a cell not reached.
const NO_PARENT: u32 = u32::MAX;

/// The search loop and scratch memory Theta* and Lazy Theta* share.
///
/// Records are indexed by the grid's padded cell index and stamped with the search that
/// wrote them, so a new search starts without clearing `O(cells)` memory. A cell's cost,
/// parent and stamp share one 16-byte record, so a successor costs one cache line, not up
/// to four: on the 512×512 maps the records outgrow the caches.
#[derive(Debug, Default)]
pub(crate) struct AnyAngleSearch {
    pub(crate) budget: Option<u64>,
    pub(crate) stats: SearchStats,
    open: IndexedMinHeap<i64>,
    records: Vec<Record>,
    /// Line of sight with one read per run, rebuilt when the grid changes.
    sight: SightRuns,
    /// The stamp of the current search, below [`VERIFIED`].
    search: u32,
}

/// One cell's state in a search.
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    /// The length of the parent chain, valid when the stamp is the current search's.
    g: f64,
    parent: u32,
    /// The search that last reached the cell, with [`CLOSED`] set once that search closed
    /// it, or [`VERIFIED`] while it is queued with a parent known to be in sight; records
    /// of other searches are stale.
    stamp: u32,
}

impl Record {
    /// Whether search `search` should replace this record with a route of cost `g`: the
    /// cell is not closed, and the search has not reached it yet or reached it at a higher
    /// cost.
    #[inline]
    fn is_improved_by(&self, search: u32, g: f64) -> bool {
        self.stamp != search | CLOSED && (self.stamp & !VERIFIED != search || g < self.g)
    }
}

/// The stamp bit of a closed cell.
const CLOSED: u32 = 1 << 31;

/// The stamp bit of a queued cell whose segment to its parent is known to be in sight, so
/// Lazy Theta* need not test it again when the cell is popped.
const VERIFIED: u32 = 1 << 30;

/// The heap key of a cell: `f` first, then larger `g` first, packed into one integer as
/// [`AStar`](crate::AStar) packs its float keys ([`Cost::frontier_key_of`]): `f` keeps its
/// top 44 bits, so values within about 2⁻³² of each other (relative) count as tied and go by
/// `g`. Half the size of an exact `(f, g)` pair, which the heap moves at every level.
#[inline]
fn key(f: f64, g: f64) -> i64 {
    <f64 as Cost>::frontier_key_of(f, g)
}

impl AnyAngleSearch {
    pub(crate) fn run(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
        rewiring: Rewiring,
    ) -> Result<Path<Cell, f64>, PlanError> {
        self.stats = SearchStats::default();
        self.open.clear();
        check_query(grid, start, goal)?;
        self.sight.refresh(grid);
        if start != goal && self.sight.sees(grid, start, goal) {
            // The straight segment is the shortest path of all, and a search would spend
            // its expansions finding it (or a longer one, since these planners are not
            // optimal). One test, at most as long as the segment, decides.
            return Ok(Path {
                nodes: vec![start, goal],
                cost: euclidean(start, goal),
                stats: self.stats,
            });
        }
        self.prepare(grid.node_bound());
        let search = self.search;
        let start_index = grid.index(start);
        let goal_index = grid.index(goal);
        self.records[start_index] = Record {
            g: 0.0,
            parent: NO_PARENT,
            stamp: search,
        };
        let h = estimate(start, goal);
        // The frontier is the heap plus at most one cell held outside it, as in
        // [`AStar`](crate::AStar): a successor whose key comes before the heap's top would be
        // popped next anyway, so it skips the push and the pop. On open ground, where the
        // successor straight on ties its parent's `f` with a larger `g`, and in corridors,
        // most expansions hold one.
        let mut held = Some((start_index as u32, key(h, 0.0)));
        self.stats.max_frontier = 1;

        while let Some((id, _)) = pop_first(&mut self.open, &mut held) {
            let index = id as usize;
            let cell = grid.node(index);
            if rewiring == Rewiring::Lazy && self.settle_parent(grid, cell, index) {
                // Its assumed segment was blocked and its cost rose: back to the frontier
                // with the checked cost, to be expanded when that cost is the cheapest.
                // Expanding it now, as the paper does, lets a cell settle on a route longer
                // than the grid's own shortest path. When the checked key still comes
                // before every queued one, the cell would be popped again at once, so it
                // is expanded now without the round trip through the heap.
                let g = self.records[index].g;
                let checked = key(g + estimate(cell, goal), g);
                let first_queued = match (self.open.peek(), held) {
                    (Some((_, &top)), Some((_, held_key))) => Some(top.min(held_key)),
                    (Some((_, &top)), None) => Some(top),
                    (None, held) => held.map(|(_, held_key)| held_key),
                };
                if first_queued.is_some_and(|first| first < checked) {
                    self.open.push_absent(id, checked);
                    continue;
                }
            }
            self.records[index].stamp = search | CLOSED;
            if index == goal_index {
                return Ok(self.path(grid, goal_index));
            }
            if self
                .budget
                .is_some_and(|budget| self.stats.expanded >= budget)
            {
                return Err(PlanError::BudgetExceeded {
                    budget: self.stats.expanded,
                });
            }
            self.stats.expanded += 1;
            let Record {
                g: g_here, parent, ..
            } = self.records[index];
            // The parent's position and cost, read once: every successor is offered it.
            let (parent_cell, g_parent) = if parent == NO_PARENT {
                (cell, g_here)
            } else {
                (grid.node(parent as usize), self.records[parent as usize].g)
            };
            // Every move from `cell` is legal exactly when its eight neighbours are open.
            let span_tested_now = if grid.moves[index] == u8::MAX {
                LAZY_SPAN
            } else {
                NEAR_OBSTACLE_SPAN
            };
            let AnyAngleSearch {
                open,
                records,
                stats,
                sight,
                ..
            } = self;
            grid.indexed_successors(cell, index, |next, next_index, step| {
                stats.generated += 1;
                let record = &mut records[next_index];
                if record.stamp == search | CLOSED {
                    return;
                }
                let seen = record.stamp & !VERIFIED == search;
                let via_parent = g_parent + euclidean(parent_cell, next);
                // The route through the parent is never longer than the one through `cell`
                // (the triangle inequality; `cell` is at `g_parent` plus its distance from
                // the parent), so when it does not improve on `next`, neither does the other,
                // and Theta* skips the line-of-sight test: most of its time on open maps.
                if parent != NO_PARENT && seen && via_parent >= record.g {
                    return;
                }
                // Through the parent when it sees `next` (Theta*) or, lazily, unless a short
                // segment is seen to be blocked: an untested assumption is checked when
                // `next` is expanded.
                let (through_parent, tested) = if parent == NO_PARENT {
                    (false, true)
                } else if straight_on(parent_cell, cell, next) {
                    // The segment to the parent is that of `cell` (in sight: `cell` is
                    // expanded) extended by a legal move: the cells it touches are theirs.
                    (true, true)
                } else {
                    match rewiring {
                        Rewiring::Eager => (sight.sees(grid, parent_cell, next), true),
                        Rewiring::Lazy => {
                            let span = parent_cell
                                .0
                                .abs_diff(next.0)
                                .max(parent_cell.1.abs_diff(next.1));
                            if span > span_tested_now {
                                (true, false)
                            } else {
                                (sight.sees(grid, parent_cell, next), true)
                            }
                        }
                    }
                };
                // A grid move is in sight by the rule's construction.
                let (candidate, candidate_parent, verified) = if !through_parent {
                    (g_here + step, index as u32, VERIFIED)
                } else if tested {
                    (via_parent, parent, VERIFIED)
                } else {
                    (via_parent, parent, 0)
                };
                if seen && candidate >= record.g {
                    return;
                }
                *record = Record {
                    g: candidate,
                    parent: candidate_parent,
                    stamp: search | verified,
                };
                let f = candidate + estimate(next, goal);
                queue(open, &mut held, next_index as u32, key(f, candidate), seen);
            });
            // A corner cell that sees the goal offers it the straight segment, which the
            // grid's moves would otherwise reach one expansion per cell.
            if index != goal_index
                && is_outer_corner(grid.moves[index])
                && self.sight.sees(grid, cell, goal)
            {
                let record = &mut self.records[goal_index];
                let seen = record.stamp & !VERIFIED == search;
                let candidate = g_here + euclidean(cell, goal);
                if record.is_improved_by(search, candidate) {
                    *record = Record {
                        g: candidate,
                        parent: index as u32,
                        stamp: search | VERIFIED,
                    };
                    let goal_key = key(candidate, candidate);
                    queue(&mut self.open, &mut held, goal_index as u32, goal_key, seen);
                }
            }
            let frontier = self.open.len() + usize::from(held.is_some());
            self.stats.max_frontier = self.stats.max_frontier.max(frontier);
        }
        Err(PlanError::NoPath)
    }

    /// Lazy Theta*'s check on expanding `cell`, unless its segment was tested when it was
    /// generated ([`VERIFIED`]): when its assumed parent is out of sight,
    /// the parent becomes the closed neighbour through which `cell` is cheapest. One exists,
    /// since the neighbour `cell` was generated from is closed. Whether the cost rose.
    fn settle_parent(&mut self, grid: &Grid, cell: Cell, index: usize) -> bool {
        let Record { parent, stamp, .. } = self.records[index];
        if stamp & VERIFIED != 0
            || parent == NO_PARENT
            || self.sight.sees(grid, grid.node(parent as usize), cell)
        {
            return false;
        }
        let search = self.search;
        let mut best = (f64::INFINITY, NO_PARENT);
        // The grid's moves are symmetric, so the cells `cell` can reach are those that reach it.
        grid.indexed_predecessors(cell, index, |_, neighbour, step| {
            let record = self.records[neighbour];
            if record.stamp == search | CLOSED {
                let through = record.g + step;
                if through < best.0 {
                    best = (through, neighbour as u32);
                }
            }
        });
        let rose = best.0 > self.records[index].g;
        self.records[index] = Record {
            g: best.0,
            parent: best.1,
            stamp: search | VERIFIED,
        };
        rose
    }

    /// Sizes the records for a grid of `bound` padded cells and starts a new search stamp.
    fn prepare(&mut self, bound: usize) {
        if self.records.len() < bound {
            self.records.resize(bound, Record::default());
            self.open.reserve_ids(bound);
        }
        self.search += 1;
        if self.search == VERIFIED {
            // After 2^30 searches the stamps would reach the flag bits: forget every old one.
            for record in &mut self.records {
                record.stamp = 0;
            }
            self.search = 1;
        }
    }

    fn path(&self, grid: &Grid, goal_index: usize) -> Path<Cell, f64> {
        let mut nodes = Vec::new();
        let mut at = goal_index as u32;
        while at != NO_PARENT {
            nodes.push(grid.node(at as usize));
            at = self.records[at as usize].parent;
        }
        nodes.reverse();
        Path {
            nodes,
            cost: self.records[goal_index].g,
            stats: self.stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_on_is_the_one_neighbour_that_continues_the_parent_step() {
        // From every one of a cell's eight neighbours as parent, exactly one neighbour of
        // the cell lies straight on: the cell plus the parent's step.
        let around = |(x, y): Cell| {
            (-1..=1_i64)
                .flat_map(move |dy| (-1..=1_i64).map(move |dx| (dx, dy)))
                .filter(|&step| step != (0, 0))
                .map(move |(dx, dy)| ((x as i64 + dx) as u32, (y as i64 + dy) as u32))
        };
        for cell in [(3, 3), (1, 7), (6, 2)] {
            for parent in around(cell) {
                let ahead = (2 * cell.0 - parent.0, 2 * cell.1 - parent.1);
                let straight: Vec<Cell> = around(cell)
                    .filter(|&next| straight_on(parent, cell, next))
                    .collect();
                assert_eq!(straight, [ahead], "parent {parent:?}, cell {cell:?}");
            }
        }
    }

    /// A frontier heap holding `entries`.
    fn heap(entries: &[(u32, i64)]) -> IndexedMinHeap<i64> {
        let mut open = IndexedMinHeap::with_capacity(16);
        for &(id, key) in entries {
            open.push(id, key);
        }
        open
    }

    #[test]
    fn the_held_cell_is_expanded_only_when_no_queued_key_comes_before_it() {
        // Cell 1's key fell below the held cell's after the hold (a cheaper route).
        let mut open = heap(&[(1, 30), (4, 70)]);
        let mut held = Some((2, 50));
        assert_eq!(pop_first(&mut open, &mut held), Some((1, 30)));
        assert_eq!(held, Some((2, 50)));
        assert_eq!(pop_first(&mut open, &mut held), Some((2, 50)));
        assert_eq!(held, None);
        assert_eq!(pop_first(&mut open, &mut held), Some((4, 70)));
        assert_eq!(pop_first(&mut open, &mut held), None);
    }

    #[test]
    fn queueing_holds_the_first_cell_and_sends_later_ones_to_the_heap() {
        let mut open = heap(&[]);
        let mut held = None;
        queue(&mut open, &mut held, 1, 40, false);
        assert_eq!((held, open.len()), (Some((1, 40)), 0));
        // After the held cell: into the heap.
        queue(&mut open, &mut held, 2, 60, false);
        assert_eq!((held, open.key_of(2)), (Some((1, 40)), Some(&60)));
        // Before it: the new cell is held and the old one goes to the heap.
        queue(&mut open, &mut held, 3, 20, false);
        assert_eq!((held, open.key_of(1)), (Some((3, 20)), Some(&40)));
        // The held cell improves in the hold; the heap does not hear of it.
        queue(&mut open, &mut held, 3, 10, true);
        assert_eq!(
            (held, open.len(), open.contains(3)),
            (Some((3, 10)), 2, false)
        );
        // A cell in the heap improves there.
        queue(&mut open, &mut held, 2, 15, true);
        assert_eq!((held, open.key_of(2)), (Some((3, 10)), Some(&15)));
        // With nothing held, a cell before the heap's top is held and one after it pushed.
        assert_eq!(pop_first(&mut open, &mut held), Some((3, 10)));
        queue(&mut open, &mut held, 5, 12, false);
        assert_eq!((held, open.contains(5)), (Some((5, 12)), false));
        assert_eq!(pop_first(&mut open, &mut held), Some((5, 12)));
        queue(&mut open, &mut held, 6, 90, false);
        assert_eq!((held, open.key_of(6)), (None, Some(&90)));
    }

    #[test]
    fn a_record_is_replaced_only_by_a_cheaper_route_while_open() {
        let search = 7;
        let record = |g, stamp| Record {
            g,
            parent: 0,
            stamp,
        };
        // Written by an earlier search: any route of this one replaces it.
        assert!(record(1.0, search - 1).is_improved_by(search, 9.0));
        assert!(record(1.0, (search - 1) | CLOSED).is_improved_by(search, 9.0));
        for queued in [search, search | VERIFIED] {
            assert!(record(5.0, queued).is_improved_by(search, 4.5));
            assert!(!record(5.0, queued).is_improved_by(search, 5.0));
            assert!(!record(5.0, queued).is_improved_by(search, 6.0));
        }
        assert!(!record(5.0, search | CLOSED).is_improved_by(search, 1.0));
    }

    #[test]
    fn the_largest_frontier_counts_the_held_cell_with_the_heap() {
        let grid = "
            ..........
            ..........
            ....#.....
            ....#.....
            ....#.....
            .........."
            .parse::<Grid>()
            .unwrap()
            .with_connectivity(crate::grid::Connectivity::Eight);
        for rewiring in [Rewiring::Eager, Rewiring::Lazy] {
            let mut search = AnyAngleSearch::default();
            search.run(&grid, (2, 3), (7, 3), rewiring).unwrap();
            // Every cell reached and not closed was queued beside the goal before its pop.
            let waiting = search
                .records
                .iter()
                .filter(|record| record.stamp & !VERIFIED == search.search)
                .count();
            assert!(waiting >= 8, "{waiting}");
            assert!(
                search.stats.max_frontier > waiting,
                "{rewiring:?}: {} against {waiting} waiting and the goal",
                search.stats.max_frontier
            );
        }
    }

    #[test]
    fn the_estimate_lies_halfway_between_the_euclidean_and_the_octile_distance() {
        for goal in [(0, 0), (3, 4), (9, 1), (5, 5), (0, 9)] {
            for y in 0..10_u32 {
                for x in 0..10_u32 {
                    let (dx, dy) = (x.abs_diff(goal.0) as f64, y.abs_diff(goal.1) as f64);
                    let euclidean = dx.hypot(dy);
                    let octile = dx.max(dy) + (2f64.sqrt() - 1.0) * dx.min(dy);
                    let h = estimate((x, y), goal);
                    assert!(
                        (h - (euclidean + octile) / 2.0).abs() < 1e-12,
                        "{x} {y} {h}"
                    );
                    // Never above the octile distance still to go (the bound on path costs).
                    assert!(h <= octile + 1e-12 && h >= euclidean - 1e-12);
                }
            }
        }
    }
}
