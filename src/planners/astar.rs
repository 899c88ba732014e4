//! A* search (Hart, Nilsson and Raphael, "A Formal Basis for the Heuristic Determination of
//! Minimum Cost Paths", IEEE Trans. SSC 4(2), 1968), on an [`IndexedMinHeap`] with
//! decrease-key, or on a bucket queue while `f` is a small integer.
//!
//! # Invariants
//!
//! - Each node is in the frontier at most once; a cheaper route to a queued node lowers
//!   its key in place (no duplicate entries, no stale pops).
//! - Heap keys are `(f, g)` with `f = g + h`, ordered by `f` and then by *larger* `g`: among
//!   nodes of equal `f` the one nearer the goal comes first, which on grids with many
//!   equal-cost routes cuts expansions sharply. The key is [`Cost::frontier_key`], which
//!   packs both into one integer for the common cost types, so a sift compares one word.
//! - **Two frontiers, one order.** While `f` is a non-negative integer below 2^16
//!   ([`Cost::small_integer`]), the frontier is a bucket queue (Dial 1969): one stack of ids
//!   per `f` and (up to six bits of) `h`, with a position index so a cheaper route moves a
//!   queued node instead of queueing it twice. A pop takes a node of the lowest `f` and,
//!   among those, of the lowest `h`, the deepest, so the tie-break matches the heap's
//!   (`f` and `h` known, `g = f - h`). Push and pop are `O(1)` instead of `O(log n)`:
//!   on the 8-puzzle, with frontiers of thousands of nodes whose `f` values span a few dozen
//!   integers, the heap was half of A*'s instructions. Floats, larger integers, and the rest
//!   of a search whose `f` outgrows the buckets use the heap (all queued nodes move over at
//!   once). Optimality holds for any order among equal `f`.
//! - **The held child.** In heap mode the frontier is the heap plus at most one node kept
//!   outside it: a child that would be popped next anyway (its key below the heap's top).
//!   With ties toward larger `g`, a child whose `f` equals its parent's always is, and on
//!   corridors most are; holding it saves a push and a pop (on Moving AI mazes, an eighth
//!   of A*'s instructions). A pop takes the smaller of the held node and the heap's top.
//!   Bucket mode does not hold: a bucket push and pop cost little, and on the 8-puzzle
//!   whether a child would be held is as good as random, so the extra branch mispredicted
//!   often enough to make A* 5% slower in spite of 5% fewer instructions.
//! - **Estimates along edges.** A node popped from a bucket has `h = f - g`, so its
//!   children's estimates come from [`Heuristic::estimate_child`], which a heuristic can
//!   update along the edge instead of computing afresh.
//! - **No edge back.** A node's successors come from
//!   [`NodeIds::successors_skipping_parent`](crate::NodeIds::successors_skipping_parent):
//!   the parent's `g` is at most the node's, so the edge back never improves it.
//! - **Ids in discovery order** ([`NodeIds::DISCOVERY_ORDER`]): every id but the goal's is
//!   reached when it is handed out, so a fresh id is a new node and any other (once the
//!   goal has been reached) has a record; the reached bits are not used.
//! - A node is closed when popped. With a consistent heuristic its `g` is then final (up to
//!   float rounding: a route cheaper by a few ulps reopens the node); with an inconsistent
//!   but admissible one a cheaper route can still arrive, and the node is reopened, so the
//!   returned path stays optimal.
//! - The goal test happens when the goal is popped, which is what makes the cost optimal.
//!
//! # Complexity
//!
//! `O((V + E) log V)` time with a consistent heuristic, where `V` and `E` count the nodes
//! and edges the search touches (`O(V + E + f*)` while the buckets hold the frontier);
//! `O(V)` memory, kept by the planner for its next call.

use super::memory::{check_endpoints, edge_error, Records, SearchMemory, NO_PARENT};
use crate::bucket_queue::BucketQueue;
use crate::{
    Cost, Graph, Heuristic, IndexedMinHeap, NodeIds, Path, PlanError, Planner, SearchStats, Zero,
};

/// A* search with any [`Heuristic`]; with [`Zero`] it is Dijkstra's algorithm (see
/// [`Dijkstra`](crate::Dijkstra)).
///
/// The planner owns its frontier and per-node records and reuses them on every call.
///
/// # Example
///
/// ```
/// use replan::{grid::{Grid, Octile}, AStar, Planner};
///
/// let grid: Grid = "
///     ....#
///     .##.#
///     ....."
///     .parse()
///     .unwrap();
/// let mut astar = AStar::new(Octile);
/// let path = astar.plan(&grid, (0, 0), (4, 2)).unwrap();
/// assert_eq!(path.nodes.first(), Some(&(0, 0)));
/// assert_eq!(path.nodes.last(), Some(&(4, 2)));
/// assert!(path.stats.expanded > 0);
/// ```
///
/// The type names what the planner stores, not the graph it searches: `H` is the
/// heuristic, `I` the graph's node store ([`Graph::Ids`]) and `C` its cost. One `AStar`
/// therefore plans over any graph with those types, so a unit or an agent can keep it and
/// search a view that borrows the world anew every frame:
///
/// ```
/// use replan::grid::{Cell, Grid, Octile};
/// use replan::{AStar, DenseIds, Graph, IndexedGraph, InvalidNode, Planner};
///
/// /// The game's own state, owned elsewhere and changed every frame.
/// struct World {
///     grid: Grid,
///     occupied: Vec<Cell>,
/// }
///
/// /// The grid as one unit sees it this frame: other units' cells are walls.
/// struct WorldView<'w> {
///     world: &'w World,
/// }
///
/// impl Graph for WorldView<'_> {
///     type Node = Cell;
///     type Cost = f64;
///     type Ids = DenseIds;
///     fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, f64)) {
///         self.world.grid.successors(cell, |next, cost| {
///             if !self.world.occupied.contains(&next) {
///                 visit(next, cost);
///             }
///         });
///     }
///     fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
///         self.world.grid.check_node(cell)
///     }
/// }
///
/// impl IndexedGraph for WorldView<'_> {
///     fn node_bound(&self) -> usize { self.world.grid.node_bound() }
///     fn index(&self, cell: Cell) -> usize { self.world.grid.index(cell) }
///     fn node(&self, index: usize) -> Cell { self.world.grid.node(index) }
/// }
///
/// struct Unit {
///     at: Cell,
///     target: Cell,
///     /// Kept from frame to frame: its memory is reused by every search.
///     planner: AStar<Octile, DenseIds, f64>,
/// }
///
/// impl Unit {
///     fn think(&mut self, world: &World) -> Option<Cell> {
///         let view = WorldView { world };
///         let path = self.planner.plan(&view, self.at, self.target).ok()?;
///         path.nodes.get(1).copied()
///     }
/// }
///
/// let mut world = World { grid: "....\n.##.\n....".parse()?, occupied: vec![] };
/// let mut unit = Unit { at: (0, 0), target: (3, 2), planner: AStar::new(Octile) };
/// assert_eq!(unit.think(&world), Some((1, 0)));
/// world.occupied.push((1, 0)); // another unit steps in the way
/// assert_eq!(unit.think(&world), Some((0, 1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct AStar<H, I, C: Cost> {
    heuristic: H,
    budget: Option<u64>,
    memory: SearchMemory<I, C>,
    open: IndexedMinHeap<C::FrontierKey>,
    /// The frontier instead of `open` while `f` is a small integer.
    buckets: BucketQueue,
    /// Successors whose `f` did not fit the buckets, on their way to `open`.
    overflow: Vec<u32>,
    stats: SearchStats,
}

impl<H, I: Default, C: Cost> AStar<H, I, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Grid, Manhattan}, AStar, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = AStar::new(Manhattan);
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
    /// An A* planner guided by `heuristic`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Manhattan, AStar, DenseIds};
    /// let astar: AStar<Manhattan, DenseIds, f64> = AStar::new(Manhattan);
    /// ```
    pub fn new(heuristic: H) -> Self {
        AStar {
            heuristic,
            budget: None,
            memory: SearchMemory::new(),
            open: IndexedMinHeap::new(),
            buckets: BucketQueue::default(),
            overflow: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Limits each search to `max_expanded` node expansions; a search that needs more
    /// returns [`PlanError::BudgetExceeded`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Grid, Manhattan}, AStar, PlanError, Planner};
    /// let grid = Grid::open(50, 50, replan::grid::Connectivity::Four);
    /// let mut astar = AStar::new(Manhattan).with_budget(10);
    /// assert_eq!(astar.plan(&grid, (0, 0), (49, 49)), Err(PlanError::BudgetExceeded { budget: 10 }));
    /// ```
    pub fn with_budget(mut self, max_expanded: u64) -> Self {
        self.budget = Some(max_expanded);
        self
    }

    /// Sets or lifts the expansion budget of later searches.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Manhattan, AStar, DenseIds};
    /// let mut astar: AStar<_, DenseIds, f64> = AStar::new(Manhattan);
    /// astar.set_budget(Some(1000));
    /// astar.set_budget(None);
    /// ```
    pub fn set_budget(&mut self, max_expanded: Option<u64>) {
        self.budget = max_expanded;
    }

    /// The heuristic, to inspect or change between searches.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Manhattan, AStar, DenseIds};
    /// let mut astar: AStar<_, DenseIds, f64> = AStar::new(Manhattan);
    /// let _h: &mut Manhattan = astar.heuristic_mut();
    /// ```
    pub fn heuristic_mut(&mut self) -> &mut H {
        &mut self.heuristic
    }
}

impl<I: Default, C: Cost> AStar<Zero, I, C> {
    /// A* without a heuristic: Dijkstra's algorithm.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Grid, AStar, Planner};
    /// let grid: Grid = "...\n.#.\n...".parse().unwrap();
    /// let path = AStar::dijkstra().plan(&grid, (0, 0), (2, 2)).unwrap();
    /// assert_eq!(path.len(), 4);
    /// ```
    pub fn dijkstra() -> Self {
        AStar::new(Zero)
    }
}

impl<I: Default, C: Cost> Default for AStar<Zero, I, C> {
    fn default() -> Self {
        AStar::dijkstra()
    }
}

impl<G, H> Planner<G> for AStar<H, G::Ids, G::Cost>
where
    G: Graph + ?Sized,
    H: Heuristic<G::Node, G::Cost>,
{
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        self.open.clear();
        self.buckets.clear();
        check_endpoints(graph, start, goal)?;
        let AStar {
            heuristic,
            budget,
            memory,
            open,
            buckets,
            overflow,
            stats,
        } = self;
        let bound = memory.begin(graph)?;
        open.reserve_ids(bound);
        buckets.reserve_ids(bound);

        let start_id = memory.id(graph, start)?;
        let goal_id = memory.id(graph, goal)?;
        let mut reached = ReachedIds {
            unreached_goal: if start_id == goal_id {
                NO_PARENT
            } else {
                goal_id
            },
        };
        memory.records.reach(start_id, G::Cost::ZERO, NO_PARENT);
        let start_h = heuristic.estimate(start, goal);
        // Small integer `f` values go in buckets; floats, large integers, and the rest of a
        // search whose `f` outgrows the buckets go in the heap. For float costs this test
        // is constant and the bucket code compiles away.
        let ties = TieBits::for_start(start_h);
        let mut in_buckets = match ties.bucket_of(G::Cost::ZERO.saturating_add(start_h), start_h) {
            Some(f) => {
                buckets.push_absent(start_id, f);
                true
            }
            None => {
                open.push(start_id, G::Cost::frontier_key(G::Cost::ZERO, start_h));
                false
            }
        };
        stats.max_frontier = 1;
        // In heap mode, the frontier is `open` plus at most one node held outside it: the
        // best child of the last expansion. With ties broken toward larger `g`, a child
        // whose `f` equals its parent's is the very next node to expand, and on corridors
        // most are; holding it saves a heap push and pop each time.
        let mut held: Option<(u32, <G::Cost as Cost>::FrontierKey)> = None;

        loop {
            // The popped node's `f`, while it comes from a bucket.
            let mut popped_f = None;
            let popped = if in_buckets {
                buckets.pop().map(|(id, bucket)| {
                    popped_f = Some(ties.f_of(bucket));
                    id
                })
            } else {
                match held {
                    Some((held_id, held_key)) => match open.peek() {
                        Some((_, top)) if *top < held_key => open.pop().map(|(id, _)| id),
                        _ => {
                            held = None;
                            Some(held_id)
                        }
                    },
                    None => open.pop().map(|(id, _)| id),
                }
            };
            let Some(id) = popped else { break };
            if id == goal_id {
                return Ok(Path {
                    nodes: memory.path_from_root(graph, id),
                    cost: memory.records.record(id).g,
                    stats: *stats,
                });
            }
            if Some(stats.expanded) == *budget {
                return Err(PlanError::BudgetExceeded {
                    budget: stats.expanded,
                });
            }
            memory.records.close(id);
            stats.expanded += 1;
            let record = *memory.records.record(id);
            let (g, parent) = (record.g, record.parent);
            let node = memory.node(graph, id);
            // A bucket's `f` is `g + h` for the node's current `g` (a cheaper route moves the
            // node to the bucket of its new `f`), so the node's estimate is `f - g` and each
            // child's can be updated from it instead of computed afresh.
            let node_h = popped_f.and_then(|f| {
                let h = f.checked_sub(g.small_integer()?)?;
                G::Cost::from_small_integer(h)
            });

            // The edge whose cost made a child's `g` invalid: a small `Copy` value rather
            // than the `PlanError` it becomes, so the children's loop can keep it in a register.
            let mut bad_edge = None;
            if let (true, Some(node_h)) = (in_buckets, node_h) {
                // The common case in a loop of its own: bucket frontier, estimates updated
                // along the edges. Without the heap's code and the full estimate in it, the
                // loop keeps more of its state in registers (A* on the 8-puzzle set: 6% fewer
                // instructions with Manhattan).
                memory.for_each_successor(
                    graph,
                    node,
                    id,
                    parent,
                    |records, next, next_id, edge, fresh| {
                        let child = (next_id, edge, fresh);
                        let Some((new_g, queued)) =
                            improve::<G>(records, child, g, id, &mut reached, &mut bad_edge, stats)
                        else {
                            return;
                        };
                        let h = heuristic.estimate_child(node, node_h, next, goal);
                        queue_in_bucket(buckets, overflow, ties, next_id, new_g, h, queued);
                    },
                )?;
            } else {
                memory.for_each_successor(
                    graph,
                    node,
                    id,
                    parent,
                    |records, next, next_id, edge, fresh| {
                        let child = (next_id, edge, fresh);
                        let Some((new_g, queued)) =
                            improve::<G>(records, child, g, id, &mut reached, &mut bad_edge, stats)
                        else {
                            return;
                        };
                        let h = match node_h {
                            Some(node_h) => heuristic.estimate_child(node, node_h, next, goal),
                            None => heuristic.estimate(next, goal),
                        };
                        if in_buckets {
                            queue_in_bucket(buckets, overflow, ties, next_id, new_g, h, queued);
                            return;
                        }
                        let key = G::Cost::frontier_key(new_g, h);
                        match held {
                            Some((held_id, ref mut held_key)) if held_id == next_id => {
                                *held_key = key;
                            }
                            _ if queued => {
                                open.decrease_key(next_id, key);
                            }
                            // Hold a child only if it would be popped next anyway. Without a
                            // heuristic (Dijkstra) a child never ties its parent and is rarely
                            // next, so the test is skipped, at compile time for `Zero`.
                            None if h != G::Cost::ZERO
                                && open.peek().map_or(true, |(_, top)| key < *top) =>
                            {
                                held = Some((next_id, key));
                            }
                            None => open.push_absent(next_id, key),
                            Some((held_id, held_key)) if key < held_key => {
                                open.push_absent(held_id, held_key);
                                held = Some((next_id, key));
                            }
                            Some(_) => open.push_absent(next_id, key),
                        }
                    },
                )?;
            }
            if let Some(edge) = bad_edge {
                return Err(edge_error(edge));
            }
            if !overflow.is_empty() {
                // An `f` too large for the buckets: the heap takes over for the rest of the
                // search, with every queued node's key.
                // Keys come from the records, which hold each node's latest (lowest) `g`;
                // an id met twice in this expansion is queued once.
                for queued in buckets.ids().chain(overflow.iter().copied()) {
                    if !open.contains(queued) {
                        let h = heuristic.estimate(memory.node(graph, queued), goal);
                        let g = memory.records.record(queued).g;
                        open.push_absent(queued, G::Cost::frontier_key(g, h));
                    }
                }
                buckets.clear();
                overflow.clear();
                in_buckets = false;
            }
            let frontier = if in_buckets {
                buckets.len()
            } else {
                open.len() + usize::from(held.is_some())
            };
            stats.max_frontier = stats.max_frontier.max(frontier);
        }
        Err(PlanError::NoPath)
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// Relaxes the edge to a child `(id, edge cost)` of the node `parent_id` at cost `g`:
/// returns the child's new `g` and whether it is queued already, or `None` when the route
/// does not improve it or the edge's cost is invalid (kept in `bad_edge`, which also skips
/// the node's remaining children).
#[inline(always)]
fn improve<G: Graph + ?Sized>(
    records: &mut Records<G::Cost>,
    (child, edge, fresh): (u32, G::Cost, bool),
    g: G::Cost,
    parent_id: u32,
    reached: &mut ReachedIds,
    bad_edge: &mut Option<G::Cost>,
    stats: &mut SearchStats,
) -> Option<(G::Cost, bool)> {
    if bad_edge.is_some() {
        return None;
    }
    stats.generated += 1;
    let new_g = match g.checked_add(edge) {
        Some(new_g) if edge.is_valid_edge_cost() => new_g,
        _ => {
            *bad_edge = Some(edge);
            return None;
        }
    };
    if G::Ids::DISCOVERY_ORDER {
        // Every id but the goal's was reached when it was handed out, so the reached bits
        // are neither read nor written: a fresh id is new, any other has a record.
        if fresh || child == reached.unreached_goal {
            if !fresh {
                reached.unreached_goal = NO_PARENT;
            }
            records.write(child, new_g, parent_id);
            return Some((new_g, false));
        }
        let (old_g, closed) = records.g_and_closed(child);
        if new_g >= old_g {
            return None;
        }
        records.reach(child, new_g, parent_id);
        return Some((new_g, !closed));
    }
    match records.state(child) {
        None => {
            records.reach_new(child, new_g, parent_id);
            Some((new_g, false))
        }
        Some((old_g, _)) if new_g >= old_g => None,
        // A cheaper route to a closed node reopens it. With a consistent heuristic that
        // happens only with float costs, when two routes of equal length sum to values a
        // few ulps apart and the frontier order, which folds such values together, popped
        // the dearer one first.
        Some((_, closed)) => {
            records.reach(child, new_g, parent_id);
            Some((new_g, !closed))
        }
    }
}

/// How A* tells a reached id from a new one when ids come in discovery order
/// ([`NodeIds::DISCOVERY_ORDER`]): the search reaches every id it is handed as it is handed
/// out (a fresh id, flagged by [`SearchMemory::for_each_successor`]), except the goal's,
/// which it asks for before the search starts. On the 8-puzzle set this spares 19 ids in 20
/// the reached bits' read and write: 2.5–3% of A*'s instructions.
#[derive(Clone, Copy, Debug)]
struct ReachedIds {
    /// The goal's id until a route to it is found, then [`NO_PARENT`].
    unreached_goal: u32,
}

/// Queues `id` in the bucket of `g + h`, or, if that `f` is too large for the buckets, sets
/// it aside in `overflow` for the heap to take over after this expansion.
#[inline(always)]
fn queue_in_bucket<C: Cost>(
    buckets: &mut BucketQueue,
    overflow: &mut Vec<u32>,
    ties: TieBits,
    id: u32,
    g: C,
    h: C,
    queued: bool,
) {
    // An id already set aside this expansion (met again over a parallel edge) stays there:
    // the heap takes each set-aside id once, with the `g` of its record. It is not in the
    // buckets, which must not be asked to move or remove it.
    if queued && !overflow.is_empty() && overflow.contains(&id) {
        return;
    }
    match ties.bucket_of(g.saturating_add(h), h) {
        Some(bucket) if queued => buckets.change(id, bucket),
        Some(bucket) => buckets.push_absent(id, bucket),
        None => {
            if queued {
                buckets.remove(id);
            }
            overflow.push(id);
        }
    }
}

/// How a node's bucket orders equal `f` values: a bucket is `f` shifted left by `shift`
/// bits, below which the node's estimate `h` (capped at all ones) puts the nodes nearest the
/// goal, the deepest, first. LIFO within one `f` alone picked the newest node instead, and on
/// the 8-puzzle expanded a sixth more nodes than the heap's `(f, larger g)` order.
#[derive(Clone, Copy, Debug)]
struct TieBits {
    shift: u32,
}

impl TieBits {
    /// Up to six bits of estimate, fewer when the start's estimate is so large that `f`
    /// would soon outgrow the buckets: `f` keeps room for four times the start's.
    #[inline]
    fn for_start<C: Cost>(start_h: C) -> TieBits {
        let room = start_h
            .small_integer()
            .map_or(u64::MAX, |h| 4 * (u64::from(h) + 1));
        let mut shift = 6;
        while shift > 0 && room << shift > u64::from(BucketQueue::LIMIT) {
            shift -= 1;
        }
        TieBits { shift }
    }

    /// The bucket of a node with these `f` and `h`, if `f` is a small enough integer.
    #[inline(always)]
    fn bucket_of<C: Cost>(self, f: C, h: C) -> Option<u32> {
        let f = f.small_integer()?;
        let cap = (1 << self.shift) - 1;
        let h = h.small_integer().map_or(cap, |h| h.min(cap));
        let bucket = (u64::from(f) << self.shift) | u64::from(h);
        // One comparison: below the limit, the bucket also fits a `u32`.
        (bucket < u64::from(BucketQueue::LIMIT)).then_some(bucket as u32)
    }

    /// The `f` of a bucket.
    #[inline(always)]
    fn f_of(self, bucket: u32) -> u32 {
        bucket >> self.shift
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_order_by_f_then_by_smaller_estimate() {
        let ties = TieBits::for_start(30_u32);
        assert_eq!(ties.shift, 6);
        let bucket = |f: u32, h: u32| ties.bucket_of(f, h).unwrap();
        assert!(bucket(20, 0) < bucket(20, 1));
        assert!(bucket(20, 63) < bucket(21, 0));
        // Estimates past the tie bits share the last bucket of their `f`.
        assert_eq!(bucket(20, 63), bucket(20, 500));
        assert!(bucket(20, 500) < bucket(21, 0));
        for (f, h) in [(0, 0), (31, 17), (1023, 63)] {
            assert_eq!(ties.f_of(bucket(f, h)), f);
        }
        assert_eq!(ties.bucket_of(1024_u32, 0), None);
        assert_eq!(ties.bucket_of(2.0_f64, 1.0), None);
    }

    #[test]
    fn large_start_estimates_keep_room_for_f() {
        for start_h in [0_u32, 100, 1000, 10_000, 20_000, u32::MAX] {
            let ties = TieBits::for_start(start_h);
            let room = 4 * (u64::from(start_h) + 1);
            assert!(
                ties.shift == 0 || room << ties.shift <= u64::from(BucketQueue::LIMIT),
                "start estimate {start_h}: shift {}",
                ties.shift
            );
        }
        assert_eq!(TieBits::for_start(20_000_u32).shift, 0);
        assert_eq!(TieBits::for_start(f64::MAX).shift, 0);
    }
}
