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
use crate::memory::{Closest, SearchMemory};
use crate::{
    Budgeted, Cost, Goal, Graph, Heuristic, IndexedMinHeap, NodeIds, Outcome, Path, PlanError,
    Planner, Progress, Query, SearchStats, Zero,
};
use search_loop::TieBits;

mod search_loop;
mod sliced;
mod target;

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
}

/// The parts of an [`AStar`] its search loop changes, apart from the heuristic and the
/// goal ids, which the loop's [`Target`] reads. The loop takes them as one reference: the
/// address of each part is then an offset from one register, where separate references
/// each took a register or a stack slot of their own (A* on Moving AI maps: 1% more
/// instructions that way).
///
/// [`Target`]: target::Target
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
    ///
    /// [`query_digest`]: crate::memory::query_digest
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
