//! D* Lite: incremental replanning when edge costs change and the start moves (Koenig and
//! Likhachev, "D* Lite", AAAI 2002; "Fast Replanning for Navigation in Unknown Terrain",
//! IEEE Transactions on Robotics 21(3), 2005). This is the papers' *optimized* version.
//!
//! D* Lite searches backwards, from the goal towards the start, so the values it keeps are
//! costs *to the goal*. Those stay meaningful when the start moves, which is what lets one
//! search serve a whole walk: after an edge changes, only the nodes whose cost to the goal
//! the change can alter are searched again.
//!
//! # Invariants
//!
//! Every node `s` has two values, both [`Cost::INFINITY`] until the search touches it:
//!
//! - `g(s)`: the cost to the goal the last expansion of `s` settled on;
//! - `rhs(s)`: a one-step lookahead, `0` for the goal and otherwise
//!   `min over edges s -> s' of c(s, s') + g(s')`, over the graph *as it is now*. This holds
//!   for every node at all times between calls, which is why edge changes must be reported
//!   ([`DStarLite::notify_changed`], [`DStarLite::update_edges`]): reporting one recomputes
//!   `rhs` of the edge's source.
//!
//! A node is *consistent* when `g == rhs`, *overconsistent* when `g > rhs` (a cheaper route
//! appeared) and *underconsistent* when `g < rhs` (its route got dearer or vanished). The
//! priority queue holds exactly the inconsistent nodes, each with the key
//! `[min(g, rhs) + h(start, s) + km; min(g, rhs)]` computed when it was queued, compared
//! lexicographically with [`Cost::total_cmp`] (so `f64` keys have a total order).
//!
//! - **Lazy deletion.** Each node's record keeps the key it was last queued with and whether
//!   it is queued. Changing a key pushes a new entry and making a node consistent only
//!   clears its flag; an entry whose key differs from its node's stored key, or whose node
//!   is no longer queued, is stale and is dropped when it reaches the top. When stale
//!   entries outnumber live ones the heap is compacted.
//! - **`km`.** When the start moves from `s_last` to `s_start`, `km` grows by
//!   `h(s_last, s_start)` instead of every queued key being recomputed. Each queued key is
//!   then a *lower bound* on the node's current key, as long as `h` is consistent (it obeys
//!   the triangle inequality, as every grid heuristic in this crate does). A popped node
//!   whose stored key is below its current key is re-queued with the current key instead of
//!   being expanded.
//! - **Termination.** A replan expands nodes while the smallest key is below the start's key
//!   or the start is underconsistent. Then `rhs(start)` is the cost of a shortest path
//!   (`∞` when there is none), and moving from the start to a successor minimizing
//!   `c(s, s') + g(s')` until the goal follows one. Costs are non-negative, so with positive costs `g` strictly falls along
//!   that walk: the path cannot turn back on itself, and an agent that follows it step by
//!   step on an unchanged map gets the rest of the same path at each step. Zero-cost edges
//!   can tie; the walk then never revisits a node and backtracks out of dead ends.
//!
//! A start or goal that fails [`Graph::check_node`] (a blocked cell) makes [`replan`]
//! return the error at once; the reported changes stay queued and are repaired by the first
//! replan after the endpoint becomes valid again.
//!
//! # Priority queue
//!
//! A binary heap of `(key, id)` entries with lazy deletion, as in the papers' description of
//! an efficient implementation. The crate's [`IndexedMinHeap`](crate::IndexedMinHeap)
//! (in-place decrease/increase-key and removal) was measured as the alternative on the
//! navigation and snake benchmarks (`benches/dstar_lite.rs`) and was not faster: D* Lite
//! mostly *pushes* (every rhs change re-keys a node) and rarely needs a removal to be
//! exact, so the lazy heap's cheaper pushes (no position table to maintain) win, and stale
//! entries cost only a comparison when they surface.
//!
//! # Complexity
//!
//! The first search is a backward A*: `O((V + E) log V)` time for the `V` nodes and `E`
//! edges it reaches. A replan costs `O((k + e) log Q)` for the `k` nodes it expands, the `e`
//! edges around them and a queue of `Q` entries, plus `O(L · d)` to read the path of `L`
//! edges off the `g` values (`d` the out-degree). Reporting a changed node costs
//! `O(d_in · d)`: its own and each predecessor's `rhs` is recomputed. Memory is `O(V)` and
//! persists between replans; node records live in a flat array indexed by the graph's
//! [`NodeIds`](crate::NodeIds) (dense for an [`IndexedGraph`](crate::IndexedGraph)).
//!
//! [`replan`]: DStarLite::replan

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::memory::{add_edge, check_endpoints};
use crate::{
    Cost, Graph, Heuristic, InvalidNode, NodeIds, Path, PlanError, Planner, ReverseGraph,
    SearchStats,
};

/// D* Lite: a shortest-path planner that repairs its previous search when edges change or
/// the start moves, instead of searching from scratch.
///
/// The first [`plan`](Planner::plan) is a full (backward) search. After that, tell the
/// planner what changed and call [`replan`](DStarLite::replan):
///
/// - [`move_start`](DStarLite::move_start) when the agent moved;
/// - [`notify_changed`](DStarLite::notify_changed) with nodes whose edges changed (a node
///   that became blocked or free), or [`update_edges`](DStarLite::update_edges) with the
///   changed edges themselves. The graph passed is the graph *after* the change.
///
/// Each call takes the graph by reference, so the caller owns it and edits it between
/// calls. [`last_stats`](Planner::last_stats) and the returned path's `stats` count only
/// what the last replan did. The graph must be a [`ReverseGraph`]; the heuristic must be
/// admissible and consistent (see the [module documentation](self)).
///
/// # Example
///
/// A corridor `0 - 1 - 2 - 3 - 4` with a bypass `1 - 5 - 3` that costs more; the agent
/// walks from 0 to 4 and the edge `2 - 3` breaks while it is at 1.
///
/// ```
/// use std::cell::Cell;
/// use replan::{DStarLite, Graph, HashedIds, Planner, ReverseGraph};
///
/// struct Corridor { broken: Cell<bool> }
/// impl Corridor {
///     fn edges(&self, n: u8, visit: &mut dyn FnMut(u8, u32)) {
///         let broken = self.broken.get();
///         match n {
///             0 => visit(1, 1),
///             1 => { visit(0, 1); visit(2, 1); visit(5, 3) }
///             2 => { visit(1, 1); if !broken { visit(3, 1) } }
///             3 => { if !broken { visit(2, 1) } visit(4, 1); visit(5, 3) }
///             4 => visit(3, 1),
///             5 => { visit(1, 3); visit(3, 3) }
///             _ => {}
///         }
///     }
/// }
/// impl Graph for Corridor {
///     type Node = u8;
///     type Cost = u32;
///     type Ids = HashedIds<u8>;
///     fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) { self.edges(n, &mut visit) }
/// }
/// impl ReverseGraph for Corridor {
///     // Undirected: predecessors are successors.
///     fn predecessors(&self, n: u8, mut visit: impl FnMut(u8, u32)) { self.edges(n, &mut visit) }
/// }
///
/// let graph = Corridor { broken: Cell::new(false) };
/// let mut dstar = DStarLite::new(|_: u8, _: u8| 0u32);
/// let path = dstar.plan(&graph, 0, 4)?;
/// assert_eq!(path.nodes, [0, 1, 2, 3, 4]);
///
/// dstar.move_start(&graph, 1)?;
/// graph.broken.set(true);
/// dstar.update_edges(&graph, [(2, 3), (3, 2)])?;
/// let path = dstar.replan(&graph)?;
/// assert_eq!((path.nodes, path.cost), (vec![1, 5, 3, 4], 7));
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Debug)]
pub struct DStarLite<G: Graph + ?Sized, H> {
    heuristic: H,
    budget: Option<u64>,
    ids: G::Ids,
    /// Ids known up front (dense stores); 0 when ids are handed out on discovery.
    bound: usize,
    records: Vec<Record<G::Cost>>,
    /// Records whose `generation` differs are untouched by the current search; bumping it
    /// forgets a whole search in `O(1)`.
    generation: u32,
    /// Marks the nodes of the path walk in progress; see `Record::walk`.
    walk_stamp: u32,
    open: BinaryHeap<Entry<G::Cost>>,
    /// The number of queued (inconsistent) nodes: live heap entries.
    queued: usize,
    km: G::Cost,
    search: Option<Endpoints<G::Node>>,
    stats: SearchStats,
    /// Scratch for the predecessors of the node being expanded or changed.
    neighbours: Vec<(G::Node, G::Cost)>,
    /// Scratch for the path walk: node ids from the start, with their cost from it.
    trail: Vec<(u32, G::Cost)>,
}

/// The endpoints of the current search.
#[derive(Clone, Copy, Debug)]
struct Endpoints<N> {
    start: N,
    start_id: u32,
    /// The start when `km` was last brought up to date.
    last: N,
    goal: N,
    goal_id: u32,
}

/// What D* Lite keeps for one node.
#[derive(Clone, Copy, Debug)]
struct Record<C> {
    g: C,
    rhs: C,
    /// The key the node was last queued with; an entry with any other key is stale.
    key: Key<C>,
    generation: u32,
    /// Equal to the planner's `walk_stamp` while the node is on, or was tried by, the path
    /// walk in progress.
    walk: u32,
    queued: bool,
}

impl<C: Cost> Record<C> {
    const fn fresh(generation: u32) -> Self {
        Record {
            g: C::INFINITY,
            rhs: C::INFINITY,
            key: Key {
                k1: C::INFINITY,
                k2: C::INFINITY,
            },
            generation,
            walk: 0,
            queued: false,
        }
    }
}

/// The values D* Lite holds for one node, from [`DStarLite::node_values`].
///
/// # Example
///
/// ```
/// use replan::NodeValues;
/// let values = NodeValues { g: 3u32, rhs: 3, queued: false };
/// assert!(values.is_consistent());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeValues<C> {
    /// The node's cost to the goal as of its last expansion ([`Cost::INFINITY`] if never
    /// expanded or if its route was lost).
    pub g: C,
    /// The one-step lookahead: `0` at the goal, else the least `c(s, s') + g(s')` over its
    /// edges.
    pub rhs: C,
    /// Whether the node is in the priority queue (exactly when it is inconsistent).
    pub queued: bool,
}

impl<C: Cost> NodeValues<C> {
    /// `g == rhs`: the node needs no repair.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::NodeValues;
    /// assert!(!NodeValues { g: f64::INFINITY, rhs: 2.0, queued: true }.is_consistent());
    /// ```
    pub fn is_consistent(&self) -> bool {
        self.g == self.rhs
    }
}

impl<G: Graph + ?Sized, H> DStarLite<G, H> {
    /// A D* Lite planner guided by `heuristic`, an admissible and consistent estimate of the
    /// cost between two nodes (it is asked for `h(start, s)`).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Grid, Octile}, DStarLite};
    /// let dstar: DStarLite<Grid, _> = DStarLite::new(Octile);
    /// assert!(dstar.start().is_none());
    /// ```
    pub fn new(heuristic: H) -> Self {
        DStarLite {
            heuristic,
            budget: None,
            ids: G::Ids::default(),
            bound: 0,
            records: Vec::new(),
            generation: 0,
            walk_stamp: 0,
            open: BinaryHeap::new(),
            queued: 0,
            km: G::Cost::ZERO,
            search: None,
            stats: SearchStats::default(),
            neighbours: Vec::new(),
            trail: Vec::new(),
        }
    }

    /// Limits each search or replan to `max_expanded` node expansions; one that needs more
    /// returns [`PlanError::BudgetExceeded`]. The work done is kept: the next
    /// [`replan`](DStarLite::replan) carries on from where the budget ran out.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, PlanError, Planner};
    /// let grid = Grid::open(30, 30, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile).with_budget(10);
    /// assert_eq!(dstar.plan(&grid, (0, 0), (29, 29)), Err(PlanError::BudgetExceeded { budget: 10 }));
    /// dstar.set_budget(None);
    /// assert!(dstar.replan(&grid).is_ok());
    /// ```
    pub fn with_budget(mut self, max_expanded: u64) -> Self {
        self.budget = Some(max_expanded);
        self
    }

    /// Sets or lifts the expansion budget of later searches and replans.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Grid, Octile}, DStarLite};
    /// let mut dstar: DStarLite<Grid, _> = DStarLite::new(Octile);
    /// dstar.set_budget(Some(1000));
    /// ```
    pub fn set_budget(&mut self, max_expanded: Option<u64>) {
        self.budget = max_expanded;
    }

    /// The current start, once a search has begun.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (2, 2))?;
    /// dstar.move_start(&grid, (1, 1))?;
    /// assert_eq!(dstar.start(), Some((1, 1)));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn start(&self) -> Option<G::Node> {
        self.search.map(|search| search.start)
    }

    /// The goal of the current search, once one has begun.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (2, 2))?;
    /// assert_eq!(dstar.goal(), Some((2, 2)));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn goal(&self) -> Option<G::Node> {
        self.search.map(|search| search.goal)
    }

    /// The number of inconsistent nodes waiting in the priority queue: repairs deferred
    /// because they cannot affect the current path yet.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(10, 10, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (9, 9))?;
    /// assert!(dstar.queue_len() > 0); // the search frontier
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn queue_len(&self) -> usize {
        self.queued
    }
}

impl<G, H> DStarLite<G, H>
where
    G: ReverseGraph + ?Sized,
    H: Heuristic<G::Node, G::Cost>,
{
    /// Moves the start of the current search to `start` (the agent moved). Nothing is
    /// searched until the next [`replan`](DStarLite::replan).
    ///
    /// The new start need not be next to the old one nor anywhere the search has been;
    /// the heuristic's triangle inequality keeps the queued keys valid.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] when [`Graph::check_node`] refuses `start` (off the
    /// graph, blocked); [`PlanError::NotPlanned`] before the first
    /// [`plan`](Planner::plan). The start is unchanged then.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, PlanError, Planner};
    /// let grid = Grid::open(5, 5, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// let path = dstar.plan(&grid, (0, 0), (4, 4))?;
    /// dstar.move_start(&grid, path.nodes[1])?;
    /// assert_eq!(dstar.replan(&grid)?.nodes, path.nodes[1..]);
    /// assert!(matches!(dstar.move_start(&grid, (9, 9)), Err(PlanError::InvalidStart { .. })));
    /// # Ok::<(), PlanError>(())
    /// ```
    pub fn move_start(&mut self, graph: &G, start: G::Node) -> Result<(), PlanError> {
        let Some(mut search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        let invalid = |reason| PlanError::InvalidStart {
            node: format!("{start:?}"),
            reason,
        };
        graph.check_node(start).map_err(invalid)?;
        search.start_id = match self.changed_id(graph, start) {
            Err(PlanError::InvalidChange { reason, .. }) => return Err(invalid(reason)),
            other => other?,
        };
        search.start = start;
        self.search = Some(search);
        Ok(())
    }

    /// Reports nodes whose edges changed: every edge into or out of each node may have a
    /// new cost, or have appeared or vanished (the node became blocked or free). `graph`
    /// is the graph after the change.
    ///
    /// Each node's `rhs`, and that of each of its predecessors as `graph` reports them now,
    /// is recomputed, and the inconsistent ones are queued; the repair itself waits for the
    /// next [`replan`](DStarLite::replan), which also skips repairs that cannot affect the
    /// path. Before the first [`plan`](Planner::plan) this does nothing.
    ///
    /// A node whose edges *vanished* (it became blocked and the graph no longer lists its
    /// neighbours) cannot name its former predecessors, so list those too, or report the
    /// vanished edges with [`update_edges`](DStarLite::update_edges). On a
    /// [`Grid`](crate::grid::Grid), [`DStarLite::set_blocked`] does this for you.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidChange`] for a node off the graph (nodes that are merely
    /// blocked are fine); the nodes before it were applied. [`PlanError::InvalidCost`] or
    /// [`PlanError::CostOverflow`] for edge costs the planner cannot add up.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let mut grid = Grid::open(5, 3, Connectivity::Four);
    /// let mut dstar = DStarLite::new(Octile);
    /// assert_eq!(dstar.plan(&grid, (0, 1), (4, 1))?.cost, 4.0);
    ///
    /// // A wall with a gap at the bottom. A cell that becomes *free* lists its edges,
    /// // but a blocked one does not, so its former neighbours are reported as well.
    /// let wall = [(2, 0), (2, 1)];
    /// for cell in wall {
    ///     grid.set_blocked(cell, true).unwrap();
    /// }
    /// dstar.notify_changed(&grid, [(2, 0), (2, 1), (1, 0), (1, 1), (3, 0), (3, 1)])?;
    /// assert_eq!(dstar.replan(&grid)?.cost, 6.0);
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn notify_changed(
        &mut self,
        graph: &G,
        nodes: impl IntoIterator<Item = G::Node>,
    ) -> Result<(), PlanError> {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km();
        for node in nodes {
            let id = self.changed_id(graph, node)?;
            self.refresh(graph, node, id)?;
            let mut predecessors = std::mem::take(&mut self.neighbours);
            predecessors.clear();
            graph.predecessors(node, |p, c| predecessors.push((p, c)));
            let mut result = Ok(());
            for &(p, _) in &predecessors {
                result = self
                    .id_of(graph, p)
                    .and_then(|p_id| self.refresh(graph, p, p_id));
                if result.is_err() {
                    break;
                }
            }
            self.neighbours = predecessors;
            result?;
        }
        Ok(())
    }

    /// Reports edges `(from, to)` whose cost changed, including edges that appeared or
    /// vanished. `graph` is the graph after the change. This is the papers' interface: for
    /// each edge, `rhs(from)` is recomputed and `from` queued if it became inconsistent.
    /// Before the first [`plan`](Planner::plan) this does nothing.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidChange`] when an endpoint is off the graph (the edges before it
    /// were applied); [`PlanError::InvalidCost`] or [`PlanError::CostOverflow`] for edge
    /// costs the planner cannot add up.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let mut grid = Grid::open(3, 1, Connectivity::Four);
    /// let mut dstar = DStarLite::new(Octile);
    /// assert_eq!(dstar.plan(&grid, (0, 0), (2, 0))?.cost, 2.0);
    /// // Entering (1, 0) now costs 5; only the edges into it changed.
    /// grid.set_weight((1, 0), 5.0).unwrap();
    /// dstar.update_edges(&grid, [((0, 0), (1, 0)), ((2, 0), (1, 0))])?;
    /// assert_eq!(dstar.replan(&grid)?.cost, 6.0);
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn update_edges(
        &mut self,
        graph: &G,
        edges: impl IntoIterator<Item = (G::Node, G::Node)>,
    ) -> Result<(), PlanError> {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km();
        for (from, to) in edges {
            self.changed_id(graph, to)?;
            let id = self.changed_id(graph, from)?;
            self.refresh(graph, from, id)?;
        }
        Ok(())
    }

    /// Repairs the search after the reported changes and start moves, and returns a
    /// shortest path from the current start to the goal. Its `stats` (and
    /// [`last_stats`](Planner::last_stats)) count only this replan's work.
    ///
    /// # Errors
    ///
    /// [`PlanError::NotPlanned`] before the first [`plan`](Planner::plan);
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] when an endpoint is now
    /// refused by [`Graph::check_node`] (blocked); [`PlanError::NoPath`] when the goal is
    /// unreachable; [`PlanError::BudgetExceeded`] when the budget ran out (the next replan
    /// continues the repair); [`PlanError::InvalidCost`] / [`PlanError::CostOverflow`] for
    /// costs it cannot add up.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let mut grid = Grid::open(20, 20, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// let first = dstar.plan(&grid, (0, 0), (19, 19))?;
    /// dstar.set_blocked(&mut grid, (10, 10), true)?;
    /// let again = dstar.replan(&grid)?;
    /// assert!(again.stats.expanded < first.stats.expanded);
    /// assert!(!again.nodes.contains(&(10, 10)));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn replan(&mut self, graph: &G) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        check_endpoints(graph, search.start, search.goal)?;
        if search.start_id == search.goal_id {
            return Ok(Path {
                nodes: vec![search.start],
                cost: G::Cost::ZERO,
                stats: self.stats,
            });
        }
        self.sync_km();
        self.compute_shortest_path(graph)?;
        self.compact_queue();
        // The optimized termination test leaves the start overconsistent (`g = ∞`) when
        // nothing forces its expansion, so its cost is `rhs`.
        if self.record(search.start_id).rhs == G::Cost::INFINITY {
            return Err(PlanError::NoPath);
        }
        let (nodes, cost) = self.walk(graph)?;
        Ok(Path {
            nodes,
            cost,
            stats: self.stats,
        })
    }

    /// The `g` and `rhs` values held for `node` (both [`Cost::INFINITY`] for a node the
    /// current search has not touched), for inspection and tests.
    ///
    /// It takes `&mut self` because a hashed node store hands out an id on first sight.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidChange`] when `node` is off the graph.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid, Manhattan}, DStarLite, Planner};
    /// let grid = Grid::open(4, 1, Connectivity::Four);
    /// let mut dstar = DStarLite::new(Manhattan);
    /// dstar.plan(&grid, (0, 0), (3, 0))?;
    /// let start = dstar.node_values(&grid, (0, 0))?;
    /// assert_eq!((start.g, start.rhs), (3.0, 3.0));
    /// assert_eq!(dstar.node_values(&grid, (3, 0))?.rhs, 0.0);
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn node_values(
        &mut self,
        graph: &G,
        node: G::Node,
    ) -> Result<NodeValues<G::Cost>, PlanError> {
        let id = self.changed_id(graph, node)?;
        let record = self.record(id);
        Ok(NodeValues {
            g: record.g,
            rhs: record.rhs,
            queued: record.queued,
        })
    }

    /// The id of a node produced by the graph or validated, with room for its record.
    #[inline]
    fn id_of(&mut self, graph: &G, node: G::Node) -> Result<u32, PlanError> {
        let id = self.ids.id(graph, node)?;
        if id as usize >= self.records.len() {
            self.grow(id);
        }
        Ok(id)
    }

    #[cold]
    fn grow(&mut self, id: u32) {
        let len = (id as usize + 1).max(self.records.len() * 2);
        self.records.resize(len, Record::fresh(0));
    }

    /// The id of a node the caller reported, refusing nodes off the graph.
    fn changed_id(&mut self, graph: &G, node: G::Node) -> Result<u32, PlanError> {
        let invalid = |reason| PlanError::InvalidChange {
            node: format!("{node:?}"),
            reason,
        };
        // A blocked node (or one otherwise unusable as an endpoint) is still part of the
        // graph, and its edges can change.
        if let Err(InvalidNode::OutOfBounds) = graph.check_node(node) {
            return Err(invalid(InvalidNode::OutOfBounds));
        }
        let id = self.ids.id(graph, node)?;
        if self.bound > 0 && id as usize >= self.bound {
            return Err(invalid(InvalidNode::OutOfBounds));
        }
        if id as usize >= self.records.len() {
            self.grow(id);
        }
        Ok(id)
    }

    /// The record of `id` in the current search (fresh if untouched).
    #[inline(always)]
    fn record(&self, id: u32) -> Record<G::Cost> {
        let record = self.records[id as usize];
        if record.generation == self.generation {
            record
        } else {
            Record::fresh(self.generation)
        }
    }

    #[inline(always)]
    fn record_mut(&mut self, id: u32) -> &mut Record<G::Cost> {
        let generation = self.generation;
        let record = &mut self.records[id as usize];
        if record.generation != generation {
            *record = Record::fresh(generation);
        }
        record
    }

    /// Brings `km` up to date with a start that moved since the keys were last computed.
    fn sync_km(&mut self) {
        if let Some(search) = &mut self.search {
            if search.last != search.start {
                let step = self.heuristic.estimate(search.last, search.start);
                self.km = self.km.saturating_add(step);
                search.last = search.start;
            }
        }
    }

    #[inline(always)]
    fn key(&self, node: G::Node, g: G::Cost, rhs: G::Cost) -> Key<G::Cost> {
        let start = match &self.search {
            Some(search) => search.start,
            None => node,
        };
        let k2 = min_cost(g, rhs);
        Key {
            k1: k2
                .saturating_add(self.heuristic.estimate(start, node))
                .saturating_add(self.km),
            k2,
        }
    }

    /// The paper's `UpdateVertex`: queues `id` with its current key if it is inconsistent
    /// and takes it out of the queue if it is consistent.
    #[inline]
    fn update_vertex(&mut self, node: G::Node, id: u32) {
        let record = self.record(id);
        if record.g != record.rhs {
            let key = self.key(node, record.g, record.rhs);
            let record = self.record_mut(id);
            if record.queued && record.key == key {
                return;
            }
            record.key = key;
            if !record.queued {
                record.queued = true;
                self.queued += 1;
            }
            self.open.push(Entry { key, id });
        } else if record.queued {
            self.record_mut(id).queued = false;
            self.queued -= 1;
        }
    }

    /// Recomputes `rhs` of a node from its edges as they are now, then `UpdateVertex`.
    fn refresh(&mut self, graph: &G, node: G::Node, id: u32) -> Result<(), PlanError> {
        if Some(id) != self.search.map(|search| search.goal_id) {
            let rhs = self.lookahead(graph, node)?;
            self.record_mut(id).rhs = rhs;
        }
        self.update_vertex(node, id);
        Ok(())
    }

    /// `min over edges node -> s of c(node, s) + g(s)`.
    fn lookahead(&mut self, graph: &G, node: G::Node) -> Result<G::Cost, PlanError> {
        let mut best = G::Cost::INFINITY;
        let mut failure = None;
        let mut generated = 0;
        graph.successors(node, |next, edge| {
            generated += 1;
            if failure.is_some() {
                return;
            }
            let g = match self.id_of(graph, next) {
                Ok(id) => self.record(id).g,
                Err(error) => {
                    failure = Some(error);
                    return;
                }
            };
            match path_cost(edge, g) {
                Ok(cost) => {
                    if cost.total_cmp(&best) == Ordering::Less {
                        best = cost;
                    }
                }
                Err(error) => failure = Some(error),
            }
        });
        self.stats.generated += generated;
        match failure {
            Some(error) => Err(error),
            None => Ok(best),
        }
    }

    /// The first live entry of the queue, dropping stale ones.
    #[inline]
    fn top(&mut self) -> Option<Entry<G::Cost>> {
        while let Some(&entry) = self.open.peek() {
            let record = self.record(entry.id);
            if record.queued && record.key == entry.key {
                return Some(entry);
            }
            self.open.pop();
        }
        None
    }

    /// The papers' `ComputeShortestPath`.
    fn compute_shortest_path(&mut self, graph: &G) -> Result<(), PlanError> {
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        self.stats.max_frontier = self.stats.max_frontier.max(self.queued);
        loop {
            let Some(top) = self.top() else {
                return Ok(());
            };
            let start = self.record(search.start_id);
            let start_key = self.key(search.start, start.g, start.rhs);
            if top.key >= start_key && start.rhs.total_cmp(&start.g) != Ordering::Greater {
                return Ok(());
            }
            let node = self.ids.node(graph, top.id);
            let record = self.record(top.id);
            let key = self.key(node, record.g, record.rhs);
            if top.key < key {
                // The start moved since the node was queued: only its key was stale.
                self.open.pop();
                self.record_mut(top.id).key = key;
                self.open.push(Entry { key, id: top.id });
                continue;
            }
            if Some(self.stats.expanded) == self.budget {
                return Err(PlanError::BudgetExceeded {
                    budget: self.stats.expanded,
                });
            }
            self.open.pop();
            self.stats.expanded += 1;
            self.expand(graph, node, top.id, record)?;
            self.stats.max_frontier = self.stats.max_frontier.max(self.queued);
        }
    }

    /// Expands a popped node: settles an overconsistent one, re-opens an underconsistent
    /// one, and propagates the new `g` to its predecessors.
    fn expand(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        record: Record<G::Cost>,
    ) -> Result<(), PlanError> {
        let goal_id = self.search.map_or(u32::MAX, |search| search.goal_id);
        let mut predecessors = std::mem::take(&mut self.neighbours);
        predecessors.clear();
        graph.predecessors(node, |p, c| predecessors.push((p, c)));
        self.stats.generated += predecessors.len() as u64;
        let result = if record.g.total_cmp(&record.rhs) == Ordering::Greater {
            self.settle(graph, id, record.rhs, goal_id, &predecessors)
        } else {
            self.reopen(graph, node, id, record.g, goal_id, &predecessors)
        };
        self.neighbours = predecessors;
        result
    }

    /// Overconsistent: `g = rhs`, and each predecessor may now route through the node.
    fn settle(
        &mut self,
        graph: &G,
        id: u32,
        g: G::Cost,
        goal_id: u32,
        predecessors: &[(G::Node, G::Cost)],
    ) -> Result<(), PlanError> {
        let record = self.record_mut(id);
        record.g = g;
        record.queued = false;
        self.queued -= 1;
        for &(p, edge) in predecessors {
            let p_id = self.id_of(graph, p)?;
            if p_id == goal_id {
                continue;
            }
            let through = path_cost(edge, g)?;
            let record = self.record_mut(p_id);
            if through.total_cmp(&record.rhs) == Ordering::Less {
                record.rhs = through;
                self.update_vertex(p, p_id);
            }
        }
        Ok(())
    }

    /// Underconsistent: `g = ∞`, and each predecessor whose `rhs` came through the node
    /// looks for its best route again.
    fn reopen(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        old_g: G::Cost,
        goal_id: u32,
        predecessors: &[(G::Node, G::Cost)],
    ) -> Result<(), PlanError> {
        self.record_mut(id).g = G::Cost::INFINITY;
        self.update_vertex(node, id);
        for &(p, edge) in predecessors {
            let p_id = self.id_of(graph, p)?;
            if p_id == goal_id {
                continue;
            }
            let rhs = self.record(p_id).rhs;
            // `rhs` is a minimum that includes `edge + old_g`, so `>=` means "equal": the
            // route through the node was (one of) the best. Testing `>=` rather than `==`
            // keeps the check exact for floats whatever the order of evaluation.
            let through = path_cost(edge, old_g)?;
            if rhs != G::Cost::INFINITY && rhs.total_cmp(&through) != Ordering::Less {
                self.refresh(graph, p, p_id)?;
            }
        }
        Ok(())
    }

    /// Reads the path off the `g` values: from the start, step to a successor minimizing
    /// `c + g` until the goal. Ties (zero-cost edges) are walked depth-first without
    /// revisiting a node.
    fn walk(&mut self, graph: &G) -> Result<(Vec<G::Node>, G::Cost), PlanError> {
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        self.walk_stamp = self.walk_stamp.wrapping_add(1);
        if self.walk_stamp == 0 {
            for record in &mut self.records {
                record.walk = 0;
            }
            self.walk_stamp = 1;
        }
        let stamp = self.walk_stamp;
        let mut trail = std::mem::take(&mut self.trail);
        trail.clear();
        trail.push((search.start_id, G::Cost::ZERO));
        self.record_mut(search.start_id).walk = stamp;
        let result = loop {
            let Some(&(id, cost)) = trail.last() else {
                break Err(PlanError::NoPath);
            };
            if id == search.goal_id {
                let nodes = trail.iter().map(|&(id, _)| self.ids.node(graph, id));
                break Ok((nodes.collect(), cost));
            }
            match self.best_unwalked(graph, self.ids.node(graph, id), stamp) {
                Ok(Some((next, edge))) => match add_edge(cost, edge) {
                    Ok(cost) => {
                        self.record_mut(next).walk = stamp;
                        trail.push((next, cost));
                    }
                    Err(error) => break Err(error),
                },
                // A dead end among zero-cost ties: back up and try another.
                Ok(None) => {
                    trail.pop();
                }
                Err(error) => break Err(error),
            }
        };
        self.trail = trail;
        debug_assert!(
            !matches!(result, Err(PlanError::NoPath)),
            "D* Lite: g(start) is finite but no path follows the g values"
        );
        result
    }

    /// The unwalked successor of `node` minimizing `c + g`, among those achieving the
    /// minimum over all successors.
    fn best_unwalked(
        &mut self,
        graph: &G,
        node: G::Node,
        stamp: u32,
    ) -> Result<Option<(u32, G::Cost)>, PlanError> {
        let mut best = G::Cost::INFINITY;
        let mut choice = None;
        let mut failure = None;
        graph.successors(node, |next, edge| {
            if failure.is_some() {
                return;
            }
            let id = match self.id_of(graph, next) {
                Ok(id) => id,
                Err(error) => {
                    failure = Some(error);
                    return;
                }
            };
            let record = self.record(id);
            let cost = match path_cost(edge, record.g) {
                Ok(cost) => cost,
                Err(error) => {
                    failure = Some(error);
                    return;
                }
            };
            match cost.total_cmp(&best) {
                Ordering::Less => {
                    best = cost;
                    choice = (record.walk != stamp).then_some((id, edge));
                }
                Ordering::Equal if choice.is_none() && record.walk != stamp => {
                    choice = Some((id, edge));
                }
                _ => {}
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        Ok(if best == G::Cost::INFINITY {
            None
        } else {
            choice
        })
    }

    /// Drops stale entries once they outnumber the live ones, so a long session's heap
    /// stays proportional to the queued nodes.
    fn compact_queue(&mut self) {
        if self.open.len() <= 2 * self.queued + 1024 {
            return;
        }
        let generation = self.generation;
        let records = &self.records;
        self.open.retain(|entry| {
            let record = &records[entry.id as usize];
            record.generation == generation && record.queued && record.key == entry.key
        });
    }
}

impl<G, H> Planner<G> for DStarLite<G, H>
where
    G: ReverseGraph + ?Sized,
    H: Heuristic<G::Node, G::Cost>,
{
    /// Starts a new search from `start` to `goal`, forgetting the previous one, and runs
    /// it in full. Later calls to [`DStarLite::replan`] repair it.
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        self.search = None;
        self.open.clear();
        self.queued = 0;
        self.km = G::Cost::ZERO;
        check_endpoints(graph, start, goal)?;
        self.bound = self.ids.reset(graph)?;
        if self.generation == u32::MAX {
            for record in &mut self.records {
                record.generation = 0;
            }
            self.generation = 0;
        }
        self.generation += 1;
        if self.records.len() < self.bound {
            self.records.resize(self.bound, Record::fresh(0));
        }
        let start_id = self.id_of(graph, start)?;
        let goal_id = self.id_of(graph, goal)?;
        self.search = Some(Endpoints {
            start,
            start_id,
            last: start,
            goal,
            goal_id,
        });
        self.record_mut(goal_id).rhs = G::Cost::ZERO;
        self.update_vertex(goal, goal_id);
        self.replan(graph)
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// A queue key `[k1; k2]`, compared lexicographically with [`Cost::total_cmp`].
#[derive(Clone, Copy, Debug)]
struct Key<C> {
    k1: C,
    k2: C,
}

impl<C: Cost> Ord for Key<C> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        self.k1
            .total_cmp(&other.k1)
            .then_with(|| self.k2.total_cmp(&other.k2))
    }
}

impl<C: Cost> PartialOrd for Key<C> {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> PartialEq for Key<C> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for Key<C> {}

/// A heap entry; `BinaryHeap` is a max-heap, so the order is reversed. Ties go to the
/// smaller id, which makes runs reproducible.
#[derive(Clone, Copy, Debug)]
struct Entry<C> {
    key: Key<C>,
    id: u32,
}

impl<C: Cost> Ord for Entry<C> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .cmp(&self.key)
            .then_with(|| other.id.cmp(&self.id))
    }
}

impl<C: Cost> PartialOrd for Entry<C> {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> PartialEq for Entry<C> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for Entry<C> {}

#[inline(always)]
fn min_cost<C: Cost>(a: C, b: C) -> C {
    if b.total_cmp(&a) == Ordering::Less {
        b
    } else {
        a
    }
}

/// `edge + g` for a successor's `g`, which may be infinite (unreached); checks the edge.
#[inline(always)]
fn path_cost<C: Cost>(edge: C, g: C) -> Result<C, PlanError> {
    if g == C::INFINITY {
        if !edge.is_valid_edge_cost() {
            return Err(PlanError::InvalidCost {
                cost: format!("{edge:?}"),
            });
        }
        return Ok(C::INFINITY);
    }
    add_edge(g, edge)
}
