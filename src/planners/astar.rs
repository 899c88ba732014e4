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
//!   [`NodeIds::successors_skipping_parent`]:
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

use fixedbitset::FixedBitSet;

use crate::bucket_queue::BucketQueue;
use crate::memory::{
    check_query, edge_error, estimate_error, is_infinite_sum, is_nan, query_digest, walk_cost,
    Closest, GoalTest, IdIn, IdIs, Records, SearchMemory, Test, NO_PARENT,
};
use crate::{
    Budgeted, Cost, Goal, Graph, Heuristic, IndexedMinHeap, NodeIds, Outcome, Path, PlanError,
    Planner, Progress, Query, SearchStats, Zero,
};

/// A* search with any [`Heuristic`]; with [`Zero`] it is Dijkstra's algorithm (see
/// [`Dijkstra`](crate::Dijkstra)).
///
/// The planner owns its frontier and per-node records and reuses them on every call.
///
/// An edge of infinite cost ([`Cost::INFINITY`]) is impassable: skipped, as if the graph
/// did not list it. A negative or NaN edge cost is [`PlanError::InvalidCost`], a NaN
/// estimate [`PlanError::InvalidEstimate`], a path cost that overflows
/// [`PlanError::CostOverflow`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
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
/// # }
/// ```
///
/// The type names what the planner stores, not the graph it searches: `H` is the
/// heuristic, `I` the graph's node store ([`Graph::Ids`]) and `C` its cost. One `AStar`
/// therefore plans over any graph with those types, so a unit or an agent can keep it and
/// search a view that borrows the world anew every frame:
///
/// ```
/// # #[cfg(feature = "grid")] {
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
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct AStar<H, I, C: Cost> {
    heuristic: H,
    work: Work<I, C>,
    /// The ids of a goal set's nodes.
    goal_ids: FixedBitSet,
    /// Each start's id and estimate while a search begins, kept so that beginning one
    /// allocates nothing once the planner has seen as many starts.
    roots: Vec<(u32, C)>,
    /// The search [`begin`](AStar::begin) started, until it ends.
    state: Option<SearchState<C>>,
}

impl<H, I: Default, C: Cost> AStar<H, I, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Grid, Manhattan}, AStar, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = AStar::new(Manhattan);
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// # }
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.work.stats
    }
    /// An A* planner guided by `heuristic`.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Manhattan, AStar, DenseIds};
    /// let astar: AStar<Manhattan, DenseIds, f64> = AStar::new(Manhattan);
    /// # }
    /// ```
    pub fn new(heuristic: H) -> Self {
        AStar {
            heuristic,
            work: Work {
                budget: None,
                memory: SearchMemory::new(),
                open: IndexedMinHeap::new(),
                buckets: BucketQueue::default(),
                overflow: Vec::new(),
                stats: SearchStats::default(),
            },
            goal_ids: FixedBitSet::new(),
            roots: Vec::new(),
            state: None,
        }
    }

    /// The heuristic, to inspect or change between searches.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Manhattan, AStar, DenseIds};
    /// let mut astar: AStar<_, DenseIds, f64> = AStar::new(Manhattan);
    /// let _h: &mut Manhattan = astar.heuristic_mut();
    /// # }
    /// ```
    pub fn heuristic_mut(&mut self) -> &mut H {
        &mut self.heuristic
    }

    /// Limits the memory of the per-node tables a search sizes for a dense graph's bound
    /// ([`IndexedGraph::node_bound`](crate::IndexedGraph::node_bound)) to `bytes`, or lifts
    /// the limit (`None`, the default). A graph whose bound would need more is refused with
    /// [`PlanError::OutOfMemory`] before anything is allocated; so is one whose tables the
    /// allocator would not grant, limit or not. The tables take about 24 bytes per node of
    /// the bound for `f64` costs, 16 for `u32`, in address space: the system maps the pages
    /// as the search touches them. Graphs with hashed ids grow their tables with the nodes
    /// reached instead, and need no limit.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid, Octile};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid = Grid::open(1000, 1000, Connectivity::Eight);
    /// let mut astar = AStar::new(Octile);
    /// astar.set_memory_limit(Some(1 << 20));
    /// assert!(matches!(astar.plan(&grid, (0, 0), (5, 5)), Err(PlanError::OutOfMemory { .. })));
    /// astar.set_memory_limit(None);
    /// assert!(astar.plan(&grid, (0, 0), (5, 5)).is_ok());
    /// # }
    /// ```
    pub fn set_memory_limit(&mut self, bytes: Option<u64>) {
        self.work.memory.limit = bytes;
    }
}

impl<I: Default, C: Cost> AStar<Zero, I, C> {
    /// A* without a heuristic: Dijkstra's algorithm.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, AStar, Planner};
    /// let grid: Grid = "...\n.#.\n...".parse().unwrap();
    /// let path = AStar::dijkstra().plan(&grid, (0, 0), (2, 2)).unwrap();
    /// assert_eq!(path.len(), 4);
    /// # }
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

/// The budget limits each search to that many node expansions; a search that needs more
/// returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::{grid::{Grid, Manhattan}, AStar, Budgeted, PlanError, Planner};
/// let grid = Grid::open(50, 50, replan::grid::Connectivity::Four);
/// let mut astar = AStar::new(Manhattan).with_budget(10);
/// assert_eq!(astar.plan(&grid, (0, 0), (49, 49)), Err(PlanError::BudgetExceeded { budget: 10 }));
/// # }
/// ```
impl<H, I, C: Cost> Budgeted for AStar<H, I, C> {
    fn budget(&self) -> Option<u64> {
        self.work.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.work.budget
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
        self.search(graph, &Query::new(start, Goal::Node(goal)))?
            .reached()
    }

    fn last_stats(&self) -> SearchStats {
        self.work.stats
    }
}

impl<H, I, C: Cost> AStar<H, I, C> {
    /// Answers a [`Query`]: the cheapest path from any of its starts to any of its goals,
    /// or, if the query asks for it, the path to the closest node reached.
    ///
    /// The estimate is the query's own ([`Query::with_estimate`]) when it has one;
    /// otherwise the planner's heuristic to the goal node, or its least value over a goal
    /// set (one estimate per goal for each node generated, so a large set wants an
    /// estimate of its own), or none at all for a [`Goal::Where`] test.
    ///
    /// # Errors
    ///
    /// As [`Planner::plan`]; [`PlanError::InvalidQuery`] for a query without starts.
    /// [`PlanError::NoPath`] and [`PlanError::BudgetExceeded`] become
    /// [`Outcome::Closest`] when the query asked with [`Query::or_closest`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Octile};
    /// use replan::{AStar, Goal, Query};
    /// let grid: Grid = "
    ///     ......
    ///     .####.
    ///     ......"
    ///     .parse()?;
    /// let mut astar = AStar::new(Octile);
    /// // From either of two units to the nearest of two exits.
    /// let units = [(0, 0), (0, 2)];
    /// let exits = [(5, 0), (3, 2)];
    /// let outcome = astar.search(&grid, &Query::from_each(&units, Goal::AnyOf(&exits)))?;
    /// assert_eq!(outcome.path().nodes, [(0, 2), (1, 2), (2, 2), (3, 2)]);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
    ) -> Result<Outcome<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        // One call with the query: no digest to make and check.
        self.start(graph, query)?;
        match self.carry_on(graph, query, u64::MAX)? {
            Progress::Done(outcome) => Ok(outcome),
            Progress::Pending => unreachable!("a search without a slice limit runs to its end"),
        }
    }

    /// Starts a search that [`resume`](AStar::resume) carries out a slice at a time, so a
    /// game can spread a long search over several frames. Checks the query's endpoints and
    /// queues its starts; expands nothing.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] for an endpoint the graph
    /// refuses, [`PlanError::InvalidQuery`] for a query without starts,
    /// [`PlanError::TooManyNodes`] from the node store.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, Goal, Progress, Query};
    /// let grid: Grid = "....".parse()?;
    /// let query = Query::new((0, 0), Goal::Node((3, 0)));
    /// let mut astar = AStar::new(Manhattan);
    /// astar.begin(&grid, &query)?;
    /// assert_eq!(astar.resume(&grid, &query, 1)?, Progress::Pending);
    /// assert!(matches!(astar.resume(&grid, &query, 100)?, Progress::Done(_)));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin<G>(&mut self, graph: &G, query: &Query<'_, G::Node, C>) -> Result<(), PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        self.start(graph, query)?;
        if let Some(state) = &mut self.state {
            state.digest = query_digest(query);
        }
        Ok(())
    }

    /// [`begin`](AStar::begin) without the query's digest, which only a search resumed
    /// by the caller needs.
    fn start<G>(&mut self, graph: &G, query: &Query<'_, G::Node, C>) -> Result<(), PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        self.work.stats = SearchStats::default();
        self.work.open.clear();
        self.work.buckets.clear();
        self.work.overflow.clear();
        self.state = None;
        check_query(graph, query)?;
        let starts = query.starts();
        let AStar {
            heuristic,
            work:
                Work {
                    memory,
                    open,
                    buckets,
                    ..
                },
            goal_ids,
            roots,
            ..
        } = self;
        // The frontier's position tables grow with the ids pushed, not to the bound: a
        // first search pays for what it touches.
        memory.begin(graph)?;
        // The starts' ids before the goals', in the order the graph hands them out.
        roots.clear();
        for &start in starts {
            roots.push((memory.id(graph, start)?, C::ZERO));
        }
        let target = match query.goal {
            Goal::Node(goal) => TargetIds::Node(memory.id(graph, goal)?),
            Goal::AnyOf(goals) => {
                goal_ids.clear();
                for &goal in goals {
                    let id = memory.id(graph, goal)?;
                    goal_ids.grow(id as usize + 1);
                    goal_ids.insert(id as usize);
                }
                TargetIds::Set
            }
            Goal::Where(_) => TargetIds::Where,
        };
        // Every start's estimate, for the tie bits, the frontier and the closest node.
        for ((_, h), &start) in roots.iter_mut().zip(starts) {
            *h = start_estimate(&*heuristic, query, start);
            if is_nan(*h) {
                return Err(estimate_error(*h));
            }
        }
        let largest_h = roots
            .iter()
            .map(|&(_, h)| h)
            .fold(C::ZERO, |a, b| if b > a { b } else { a });
        let ties = TieBits::for_start(largest_h);
        let in_buckets = roots
            .iter()
            .all(|&(_, h)| ties.bucket_of(C::ZERO.saturating_add(h), h).is_some());
        let mut closest = None;
        for &(id, h) in roots.iter() {
            if memory.records.is_reached(id) {
                continue; // a start given twice
            }
            memory.records.reach(id, C::ZERO, NO_PARENT);
            if in_buckets {
                let f = ties.bucket_of(C::ZERO.saturating_add(h), h);
                buckets.push_absent(id, f.expect("checked above"));
            } else {
                open.push(id, C::frontier_key(C::ZERO, h));
            }
            if query.closest {
                Closest::offer(&mut closest, id, h, C::ZERO);
            }
        }
        if let Goal::AnyOf([]) = query.goal {
            // No goal to find: the search ends at its first slice, with the starts as all
            // it reached.
            buckets.clear();
            open.clear();
        }
        self.work.stats.max_frontier = buckets.len() + open.len();
        self.state = Some(SearchState {
            in_buckets,
            ties,
            held: None,
            target,
            closest,
            digest: 0,
            revision: graph.revision(),
            bound: memory.ids.bound(graph),
            reopened: false,
        });
        Ok(())
    }

    /// Carries the search [`begin`](AStar::begin) started on by at most `max_expanded`
    /// more expansions, and at least one: a slice of 0 expands one node, so a loop of
    /// calls always ends. The path and cost found are exactly those of an uninterrupted
    /// search, whatever the slices (ties are broken the same way).
    ///
    /// The expansion budget ([`with_budget`](AStar::with_budget)) counts the whole search
    /// and is read at every call: lowered below the expansions made so far, the search
    /// stops at once with [`PlanError::BudgetExceeded`].
    ///
    /// `query` must be the one the search began with: other starts, another goal node or
    /// goal set, an estimate or [`or_closest`](Query::or_closest) added or dropped are
    /// refused (a goal test and an estimate are closures and cannot be compared: the same
    /// ones must be passed). `graph` may be a new view of the same data. A graph that
    /// tells its [`revision`](Graph::revision) (a [`Grid`](crate::grid::Grid) does) is
    /// refused once it has changed; so is a dense graph whose node bound changed. Other
    /// changes to a graph that does not tell its revision go unseen: the result is then
    /// some path of either graph, or an error, never a panic of the planner's own.
    ///
    /// # Errors
    ///
    /// [`PlanError::NotPlanned`] when no search is in progress (none begun, or the last one
    /// ended); [`PlanError::InvalidQuery`] for another query than the one begun with (the
    /// search stays in progress, to resume with the right one);
    /// [`PlanError::GraphChanged`] when the graph changed (the search is dropped: begin
    /// anew); otherwise as [`search`](AStar::search).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid, Octile};
    /// use replan::{AStar, Goal, Planner, Progress, Query};
    /// let grid = Grid::open(40, 40, Connectivity::Eight);
    /// let query = Query::new((0, 0), Goal::Node((39, 25)));
    /// let mut astar = AStar::new(Octile);
    /// astar.begin(&grid, &query)?;
    /// let sliced = loop {
    ///     if let Progress::Done(outcome) = astar.resume(&grid, &query, 7)? {
    ///         break outcome.into_path();
    ///     }
    /// };
    /// let whole = astar.plan(&grid, (0, 0), (39, 25))?;
    /// assert_eq!((sliced.nodes, sliced.cost), (whole.nodes, whole.cost));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
        max_expanded: u64,
    ) -> Result<Progress<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        let Some(state) = &self.state else {
            return Err(PlanError::NotPlanned);
        };
        if query_digest(query) != state.digest {
            return Err(PlanError::InvalidQuery {
                reason: "resume was given another query than the search began with",
            });
        }
        if graph.revision() != state.revision || self.work.memory.ids.bound(graph) != state.bound {
            self.state = None;
            return Err(PlanError::GraphChanged);
        }
        self.carry_on(graph, query, max_expanded)
    }

    /// [`resume`](AStar::resume) once the query and the graph are checked.
    fn carry_on<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
        max_expanded: u64,
    ) -> Result<Progress<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        let Some(state) = self.state.take() else {
            return Err(PlanError::NotPlanned);
        };
        let stop_at = self.work.stats.expanded.saturating_add(max_expanded.max(1));
        let AStar {
            heuristic,
            work,
            goal_ids,
            ..
        } = self;
        let closest = query.closest;
        let result = match (state.target, query.goal, query.estimate) {
            (TargetIds::Node(goal_id), Goal::Node(goal), None) => {
                let target = ToNode {
                    heuristic: &*heuristic,
                    goal,
                    goal_id,
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            (TargetIds::Node(goal_id), Goal::Node(_), Some(estimate)) => {
                let target = Custom {
                    is_goal: IdIs(goal_id),
                    estimate,
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            (TargetIds::Set, Goal::AnyOf(goals), None) => {
                let target = ToNearest {
                    heuristic: &*heuristic,
                    goals,
                    goal_ids,
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            (TargetIds::Set, Goal::AnyOf(_), Some(estimate)) => {
                let target = Custom {
                    is_goal: IdIn(goal_ids),
                    estimate,
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            (TargetIds::Where, Goal::Where(test), estimate) => {
                let no_estimate = |_: G::Node| C::ZERO;
                let target = Custom {
                    is_goal: Test(test),
                    estimate: estimate.unwrap_or(&no_estimate),
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            _ => Err(PlanError::InvalidQuery {
                reason: "resume was given another goal than the search began with",
            }),
        };
        let (stop, state) = result?;
        let (reason, state) = match stop {
            Stop::Paused(..) => {
                self.state = Some(state);
                return Ok(Progress::Pending);
            }
            Stop::Found(id) => {
                // A goal's recorded cost is its path's: with an admissible estimate, every
                // node on that path that a cheaper route reached again was expanded again
                // before the goal was popped (its `f` is below the goal's).
                let path = self.path_to(graph, id, false)?;
                return Ok(Progress::Done(Outcome::Reached(path)));
            }
            Stop::Exhausted => (PlanError::NoPath, state),
            Stop::Budget => (
                PlanError::BudgetExceeded {
                    budget: self.work.budget.unwrap_or(self.work.stats.expanded),
                },
                state,
            ),
        };
        match state.closest {
            Some(closest) if query.closest => {
                let path = self.path_to(graph, closest.id, state.reopened)?;
                Ok(Progress::Done(Outcome::Closest { path, reason }))
            }
            _ => Err(reason),
        }
    }

    /// The path from a root to the reached node `id`. Its cost is the node's recorded `g`
    /// unless `reopened` says the search reopened a node: the recorded costs below a
    /// reopened node can then be stale (a cheaper route reached the node after its children
    /// were recorded, and the budget ran out before they were expanded again), while the
    /// parents already follow the cheaper route, so the cost is the sum of the path's edges
    /// instead.
    fn path_to<G>(
        &mut self,
        graph: &G,
        id: u32,
        reopened: bool,
    ) -> Result<Path<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let nodes = self.work.memory.path_from_root(graph, id);
        let cost = if reopened {
            walk_cost(graph, &nodes)?
        } else {
            self.work.memory.records.record(id).g
        };
        Ok(Path {
            nodes,
            cost,
            stats: self.work.stats,
        })
    }
}

/// The parts of an [`AStar`] its search loop changes, apart from the heuristic and the
/// goal ids, which the loop's [`Target`] reads. The loop takes them as one reference: the
/// address of each part is then an offset from one register, where separate references
/// each took a register or a stack slot of their own (A* on Moving AI maps: 1% more
/// instructions that way).
#[derive(Debug)]
struct Work<I, C: Cost> {
    budget: Option<u64>,
    memory: SearchMemory<I, C>,
    open: IndexedMinHeap<C::FrontierKey>,
    /// The frontier instead of `open` while `f` is a small integer.
    buckets: BucketQueue,
    /// Successors whose `f` did not fit the buckets, on their way to `open`.
    overflow: Vec<u32>,
    stats: SearchStats,
}

/// The search loop ([`run`]), with closest-node tracking compiled in only for queries that
/// ask for it.
fn run_target<G, T>(
    work: &mut Work<G::Ids, G::Cost>,
    graph: &G,
    target: T,
    state: SearchState<G::Cost>,
    closest: bool,
    stop_at: u64,
) -> Result<(Stop, SearchState<G::Cost>), PlanError>
where
    G: Graph + ?Sized,
    T: Target<G::Node, G::Cost>,
{
    if closest {
        run::<G, T, true>(work, graph, target, state, stop_at)
    } else {
        run::<G, T, false>(work, graph, target, state, stop_at)
    }
}

/// The search loop: expands nodes until a goal is popped, the frontier empties, the
/// budget runs out, or `stop_at` expansions have been made in all.
#[inline(never)]
fn run<G, T, const CLOSEST: bool>(
    work: &mut Work<G::Ids, G::Cost>,
    graph: &G,
    target: T,
    mut state: SearchState<G::Cost>,
    stop_at: u64,
) -> Result<(Stop, SearchState<G::Cost>), PlanError>
where
    G: Graph + ?Sized,
    T: Target<G::Node, G::Cost>,
{
    let Work {
        budget,
        memory,
        open,
        buckets,
        overflow,
        stats: stats_out,
    } = work;
    let budget = *budget;
    let ties = state.ties;
    // For cost types with no small integers (floats) this is `false` at compile time,
    // and the bucket code compiles away.
    let mut in_buckets = state.in_buckets && G::Cost::ZERO.small_integer().is_some();
    let mut held = state.held;
    let mut closest = state.closest;
    let mut reopened = state.reopened;

    // One comparison an expansion for both limits: which one ran out is sorted out
    // when it does.
    let limit = budget.map_or(stop_at, |budget| budget.min(stop_at));
    // The counters live in a local for the loop, where the compiler keeps them in
    // registers, and go back however the loop ends.
    let mut counters = *stats_out;
    let stats = &mut counters;
    let stop = loop {
        // The popped node's `f`, while it comes from a bucket.
        let mut popped_f = None;
        // In heap mode the next node is only looked at here, and taken off the frontier
        // once it is known to be expanded: a slice that ends leaves the frontier as it
        // was, so the next one takes the same node among equal keys as an uninterrupted
        // search would (a node pushed back into the heap could sift below its equals).
        let mut from_heap = false;
        let popped = if in_buckets {
            buckets.pop().map(|(id, bucket)| {
                popped_f = Some(ties.f_of(bucket));
                id
            })
        } else {
            match held {
                Some((held_id, held_key)) => match open.peek() {
                    Some((top_id, top)) if *top < held_key => {
                        from_heap = true;
                        Some(top_id)
                    }
                    _ => Some(held_id),
                },
                None => {
                    from_heap = true;
                    open.peek().map(|(id, _)| id)
                }
            }
        };
        let Some(id) = popped else {
            break Ok(Stop::Exhausted);
        };
        if target.is_goal(id, || memory.node(graph, id)) {
            break Ok(Stop::Found(id));
        }
        if stats.expanded >= limit {
            // Sorted out below, out of the loop's way: the budget ran out, or the slice.
            break Ok(Stop::Paused(id));
        }
        if from_heap {
            open.pop();
        } else if !in_buckets {
            held = None;
        }
        memory.records.close(id);
        stats.expanded += 1;
        let record = memory.records.record(id);
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
        // A NaN estimate, likewise.
        let mut bad_estimate = None;
        if let (true, Some(node_h)) = (in_buckets, node_h) {
            // The common case in a loop of its own: bucket frontier, estimates updated
            // along the edges. Without the heap's code and the full estimate in it, the
            // loop keeps more of its state in registers (A* on the 8-puzzle set: 6% fewer
            // instructions with Manhattan).
            let visited = memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, next, next_id, edge, fresh| {
                    let child = (next_id, edge, fresh);
                    let Some((new_g, queued)) = improve::<G, T>(
                        records,
                        child,
                        g,
                        id,
                        &target,
                        &mut bad_edge,
                        &mut reopened,
                        stats,
                    ) else {
                        return;
                    };
                    let h = target.estimate_child(node, node_h, next);
                    if is_nan(h) {
                        bad_estimate = Some(h);
                        return;
                    }
                    if CLOSEST {
                        Closest::offer(&mut closest, next_id, h, new_g);
                    }
                    queue_in_bucket(buckets, overflow, ties, next_id, new_g, h, queued);
                },
            );
            if let Err(error) = visited {
                break Err(error);
            }
        } else {
            let visited = memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, next, next_id, edge, fresh| {
                    let child = (next_id, edge, fresh);
                    let Some((new_g, queued)) = improve::<G, T>(
                        records,
                        child,
                        g,
                        id,
                        &target,
                        &mut bad_edge,
                        &mut reopened,
                        stats,
                    ) else {
                        return;
                    };
                    let h = match node_h {
                        Some(node_h) => target.estimate_child(node, node_h, next),
                        None => target.estimate(next),
                    };
                    if is_nan(h) {
                        bad_estimate = Some(h);
                        return;
                    }
                    if CLOSEST {
                        Closest::offer(&mut closest, next_id, h, new_g);
                    }
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
                            && open.peek().is_none_or(|(_, top)| key < *top) =>
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
            );
            if let Err(error) = visited {
                break Err(error);
            }
        }
        if let Some(edge) = bad_edge {
            break Err(edge_error(edge));
        }
        if let Some(estimate) = bad_estimate {
            break Err(estimate_error(estimate));
        }
        if !overflow.is_empty() {
            // An `f` too large for the buckets: the heap takes over for the rest of the
            // search, with every queued node's key.
            // Keys come from the records, which hold each node's latest (lowest) `g`;
            // an id met twice in this expansion is queued once.
            for queued in buckets.ids().chain(overflow.iter().copied()) {
                if !open.contains(queued) {
                    let h = target.estimate(memory.node(graph, queued));
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
    };
    *stats_out = counters;
    let mut stop = stop?;
    if let Stop::Paused(id) = stop {
        if budget.is_some_and(|budget| stats_out.expanded >= budget) {
            stop = Stop::Budget;
        } else if in_buckets {
            // The slice is spent: the popped node goes back on top of its bucket's stack,
            // to be popped first by the next one. (In heap mode it was not taken off.)
            let bucket = buckets.last_popped_bucket();
            buckets.push_absent(id, bucket);
        }
    }
    state.in_buckets = in_buckets;
    state.held = held;
    state.closest = closest;
    state.reopened = reopened;
    Ok((stop, state))
}

/// A search in progress: what [`AStar::resume`] picks up.
#[derive(Debug)]
struct SearchState<C: Cost> {
    /// Whether the frontier is still in the buckets (else in the heap).
    in_buckets: bool,
    ties: TieBits,
    /// In heap mode, the child held outside the heap (see the module doc).
    held: Option<(u32, C::FrontierKey)>,
    target: TargetIds,
    /// The reached node with the least estimate, while the query asks for it.
    closest: Option<Closest<C>>,
    /// What [`resume`](AStar::resume) must be handed again: see [`query_digest`].
    digest: u64,
    /// The graph's [`revision`](Graph::revision) and node bound when the search began.
    revision: Option<u64>,
    bound: Option<usize>,
    /// Whether a node was reopened, which can leave recorded costs below it stale.
    reopened: bool,
}

/// How the search ended, or why it paused.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Found(u32),
    Exhausted,
    Budget,
    /// The slice ran out (or, inside the loop, the budget did) with this node next: taken
    /// from its bucket in bucket mode, still on the frontier in heap mode.
    Paused(u32),
}

/// The goal of a search in progress, as ids.
#[derive(Clone, Copy, Debug)]
enum TargetIds {
    /// One goal node, with this id.
    Node(u32),
    /// The goals whose ids are in `AStar::goal_ids`.
    Set,
    /// The nodes that pass the query's test.
    Where,
}

/// What ends a search and how far away it is. One implementation per kind of goal, so the
/// search loop is compiled for each and the one-goal search keeps its single comparison.
trait Target<N, C> {
    /// Whether the popped node with this id ends the search; `node` gives the node, for
    /// targets that test nodes rather than ids.
    fn is_goal(&self, id: u32, node: impl FnOnce() -> N) -> bool;
    /// Whether `id` is a goal's. With ids in discovery order ([`NodeIds::DISCOVERY_ORDER`])
    /// a search reaches every id it is handed as it is handed out (a fresh id, flagged by
    /// [`SearchMemory::for_each_successor`]), except the goals', which it asks for before
    /// the search starts; only for those are the reached bits read. On the 8-puzzle set
    /// this spares 19 ids in 20 the reached bits' read and write: 2.5–3% of A*'s
    /// instructions.
    fn is_goal_id(&self, id: u32) -> bool;
    /// The estimate from `node` to the nearest goal.
    fn estimate(&self, node: N) -> C;
    /// The estimate of `child`, whose parent `parent` has estimate `parent_h`.
    fn estimate_child(&self, parent: N, parent_h: C, child: N) -> C;
}

/// One goal node, estimated by the planner's heuristic.
struct ToNode<'h, H, N> {
    heuristic: &'h H,
    goal: N,
    goal_id: u32,
}

impl<H: Heuristic<N, C>, N: Copy, C> Target<N, C> for ToNode<'_, H, N> {
    #[inline(always)]
    fn is_goal(&self, id: u32, _: impl FnOnce() -> N) -> bool {
        id == self.goal_id
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        id == self.goal_id
    }
    #[inline(always)]
    fn estimate(&self, node: N) -> C {
        self.heuristic.estimate(node, self.goal)
    }
    #[inline(always)]
    fn estimate_child(&self, parent: N, parent_h: C, child: N) -> C {
        self.heuristic
            .estimate_child(parent, parent_h, child, self.goal)
    }
}

/// A set of goals, estimated by the least of the heuristic's estimates to each.
struct ToNearest<'a, H, N> {
    heuristic: &'a H,
    goals: &'a [N],
    goal_ids: &'a FixedBitSet,
}

impl<H: Heuristic<N, C>, N: Copy, C: Cost> Target<N, C> for ToNearest<'_, H, N> {
    #[inline(always)]
    fn is_goal(&self, id: u32, _: impl FnOnce() -> N) -> bool {
        self.goal_ids.contains(id as usize)
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        self.goal_ids.contains(id as usize)
    }
    #[inline]
    fn estimate(&self, node: N) -> C {
        least_estimate(self.heuristic, self.goals, node)
    }
    #[inline(always)]
    fn estimate_child(&self, _: N, _: C, child: N) -> C {
        self.estimate(child)
    }
}

/// A goal test with the query's own estimate.
struct Custom<'a, T, N, C> {
    is_goal: T,
    estimate: &'a dyn Fn(N) -> C,
}

impl<T: GoalTest<N>, N, C> Target<N, C> for Custom<'_, T, N, C> {
    #[inline(always)]
    fn is_goal(&self, id: u32, node: impl FnOnce() -> N) -> bool {
        self.is_goal.test(id, node)
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        self.is_goal.is_goal_id(id)
    }
    #[inline(always)]
    fn estimate(&self, node: N) -> C {
        (self.estimate)(node)
    }
    #[inline(always)]
    fn estimate_child(&self, _: N, _: C, child: N) -> C {
        (self.estimate)(child)
    }
}

/// The estimate [`AStar::begin`] gives a start: the one the search loop's target uses.
fn start_estimate<H: Heuristic<N, C>, N: Copy, C: Cost>(
    heuristic: &H,
    query: &Query<'_, N, C>,
    node: N,
) -> C {
    if let Some(estimate) = query.estimate {
        return estimate(node);
    }
    match query.goal {
        Goal::Node(goal) => heuristic.estimate(node, goal),
        Goal::AnyOf(goals) => least_estimate(heuristic, goals, node),
        Goal::Where(_) => C::ZERO,
    }
}

/// The least of the heuristic's estimates from `node` to each goal; zero for no goal,
/// which leaves nothing to steer by (and nothing to find).
#[inline]
fn least_estimate<H: Heuristic<N, C>, N: Copy, C: Cost>(heuristic: &H, goals: &[N], node: N) -> C {
    let mut least = C::INFINITY;
    for &goal in goals {
        let h = heuristic.estimate(node, goal);
        if h < least {
            least = h;
        }
    }
    if least == C::INFINITY {
        C::ZERO
    } else {
        least
    }
}

/// Relaxes the edge to a child `(id, edge cost)` of the node `parent_id` at cost `g`:
/// returns the child's new `g` and whether it is queued already, or `None` when the route
/// does not improve it, the edge is impassable (infinite cost), or the edge's cost is
/// invalid (kept in `bad_edge`, which also skips the node's remaining children). Sets
/// `reopened` when a closed node gets a cheaper route.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn improve<G: Graph + ?Sized, T: Target<G::Node, G::Cost>>(
    records: &mut Records<G::Cost>,
    (child, edge, fresh): (u32, G::Cost, bool),
    g: G::Cost,
    parent_id: u32,
    target: &T,
    bad_edge: &mut Option<G::Cost>,
    reopened: &mut bool,
    stats: &mut SearchStats,
) -> Option<(G::Cost, bool)> {
    if bad_edge.is_some() {
        return None;
    }
    stats.generated += 1;
    let new_g = match g.checked_add(edge) {
        Some(new_g) if edge.is_valid_edge_cost() && !is_infinite_sum(new_g) => new_g,
        // An edge of infinite cost is impassable: skipped, not an error.
        _ if edge == G::Cost::INFINITY => {
            if G::Ids::DISCOVERY_ORDER && fresh {
                // The id is handed out, so the node needs a record: one of infinite cost,
                // which any finite route improves, and which says the node is not queued.
                records.write(child, G::Cost::INFINITY, NO_PARENT);
            }
            return None;
        }
        _ => {
            *bad_edge = Some(edge);
            return None;
        }
    };
    if G::Ids::DISCOVERY_ORDER {
        // Every id but the goals' was reached when it was handed out, so the reached bits
        // are read only for goal ids: a fresh id is new, any other has a record.
        if fresh {
            records.write(child, new_g, parent_id);
            return Some((new_g, false));
        }
        if target.is_goal_id(child) && !records.is_reached(child) {
            records.reach_new(child, new_g, parent_id);
            return Some((new_g, false));
        }
        let (old_g, closed) = records.g_and_closed(child);
        if new_g >= old_g {
            return None;
        }
        records.reach(child, new_g, parent_id);
        *reopened |= closed;
        // A node met before only over an impassable edge has an infinite record and is
        // not queued.
        return Some((new_g, !closed && old_g != G::Cost::INFINITY));
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
            *reopened |= closed;
            Some((new_g, !closed))
        }
    }
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
