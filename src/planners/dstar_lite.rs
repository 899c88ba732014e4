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
//!   `rhs` of the edge's source. Each node also keeps `next(s)`, the successor its `rhs`
//!   came through, so `rhs(s) = c(s, next(s)) + g(next(s))`.
//!
//! A node is *consistent* when `g == rhs`, *overconsistent* when `g > rhs` (a cheaper route
//! appeared) and *underconsistent* when `g < rhs` (its route got dearer or vanished). The
//! priority queue holds exactly the inconsistent nodes, each with the key
//! `[k1; k2]` computed when it was queued: `k1 = min(g, rhs) + h(start, s) + km` as in the
//! papers, but `k2` is our own tie-break (see **Ties** below): `∞` for an underconsistent
//! node, `rhs` otherwise, *larger first*. Keys compare lexicographically in the total order
//! of [`Cost::total_cmp`], packed into one integer by [`Cost::frontier_key_of`] (for `f64`
//! the depth keeps its top 20 bits, which is enough: only "underconsistent first" matters
//! for correctness, and `∞` stays strictly ahead of every finite depth).
//!
//! - **`km`.** When the start moves from `s_last` to `s_start`, `km` grows by
//!   `h(s_last, s_start)` instead of every queued key being recomputed. Each queued key is
//!   then a *lower bound* on the node's current key, as long as `h` is consistent (it obeys
//!   the triangle inequality, as every grid heuristic in this crate does). A node at the
//!   top whose queued key is below its current key is re-keyed instead of expanded.
//! - **Termination.** A replan expands nodes while the smallest key is below the start's key
//!   or the start is underconsistent. Then `rhs(start)` is the cost of a shortest path
//!   (`∞` when there is none), and following `next` from the start through consistent
//!   nodes reaches the goal along one. With positive costs `g` strictly falls along that
//!   path, so it cannot turn back on itself, and an agent that follows it step by step on
//!   an unchanged map gets the rest of the same path at each step, with nothing expanded.
//! - **Ties.** The papers break ties in `k1` toward the smaller `min(g, rhs)`, nearer the
//!   goal. Their termination test then expands every node whose key ties the start's and
//!   lies nearer the goal: on a grid, the whole band of equally short routes (a
//!   parallelogram on an open 8-connected grid, tens of thousands of cells on a 512×512
//!   map, where A* with its larger-`g` tie-break expands one route). Here underconsistent
//!   nodes come first among equal `k1`, and the others go deepest (largest `rhs`, nearest
//!   the start) first, so a search runs straight at the start. This needs no mode and no
//!   re-keying, and is exact (with positive edge costs and exact keys):
//!   1. *A value below the truth leads to an underconsistent node.* If
//!      `min(g, rhs)(x) < g*(x)`, the successor `y` that `rhs(x)` came through has
//!      `g(y) < g*(y)`; following those successors, values strictly fall, so the chain
//!      ends at a queued underconsistent node `w` with `g(w) + d(x, w) <= rhs(x)`, hence
//!      (`h` consistent) `k1(w) <= k1(x)`.
//!   2. *An overconsistent node `x` is expanded with `rhs(x) = g*(x)`.* Were `rhs(x)` too
//!      low, by 1 an underconsistent `w` would have `k1(w) <= k1(x)` and, ranked first among
//!      ties, be on top instead. Were it too high, then along a shortest path from `x`
//!      take the first node `u` with `g(u) <= g*(u)` (the goal has `rhs = 0`; if its `g` is
//!      still `∞` take it as `v`): its predecessor `v` on the path (not `x`, whose `rhs`
//!      is too high) has
//!      `rhs(v) <= g*(v) < g(v)`, so `v` is queued with
//!      `k1(v) <= g*(x) + h(start, x) + km < k1(x)`, *strictly* smaller, and would be on
//!      top whatever the order among ties. So each node is expanded at most twice per
//!      replan (raised once, settled once), as in the papers.
//!   3. *Termination.* The start's key is computed the same way (ranked as an
//!      overconsistent node, since the test goes on anyway while it is underconsistent).
//!      With `x` = the start, 1 and 2 show `rhs(start) = g*(start)` once no queued key is
//!      below the start's; and each node `u` along `next` from the start has
//!      `g(u) = g*(u)` (lower would give, by 1, an underconsistent node keyed below the
//!      start's) and is consistent (underconsistent or a lower `rhs` would be keyed below the
//!      start's), so the strict path read below succeeds.
//!
//!   In unknown-terrain navigation this only postpones the band, it does not avoid it: the
//!   first wall that makes the start's best route dearer lifts the start's key above the
//!   whole band, and every node in it must then be expanded, in any order. It pays where a
//!   changed route stays as short as before or the start does not move away from the
//!   changes (the snake benchmark: 2.3 to 3 times fewer expansions).
//! - **Float keys.** Sums of the same real value can differ in their last bit with the
//!   order of the additions (`1 + √2 + 1` against `√2 + 1 + 1`), so a node whose true key
//!   ties the start's can come out an ulp above it; ordered exactly, it would be left
//!   unexpanded, and if it is underconsistent and on the best route its stale `g` would
//!   mislead the path. So `k1` is compared through [`Cost::frontier_order`], which gives
//!   floats within a relative 2^-32 one key and lets `k2` decide, as it does for true ties
//!   (this also cut the expansions on den312d by a quarter). For a tie that straddles one
//!   of its boundaries, the path is read strictly: if it reaches an inconsistent node,
//!   the replan also expands the keys within a relative 1e-9 of the start's and reads it
//!   again. Expanding extra nodes is always safe; integer keys are exact and never need it.
//!   Folding has one cost, shared with [`AStar`](crate::AStar): in step 2 of **Ties**, a
//!   `v` whose `k1` is below `x`'s by less than a relative 2^-32 ties with it, and `x`,
//!   deeper, goes first; so for floats the cost found can exceed the optimum by that much
//!   of `k1(start)` (the cost plus `km`). On grids, whose route costs `a + b√2` differ by
//!   far more, this never happens. For the same reason the first search settles a node
//!   before the shallower nodes that tie for its best route, and they offer it the same
//!   real cost again later, summed in another order; an offer lower only by rounding noise
//!   (a relative 1e-12) is not taken, which would queue the node and then its predecessors
//!   over nothing (on open ground, that doubled the search).
//! - **Ties and zero-cost edges.** If `next` pointers loop (possible only through zero-cost
//!   edges), the path is read off the `g` values instead, depth-first, never revisiting a
//!   node.
//! - **No NaN.** Every edge cost is checked on the way in ([`Cost::is_valid_edge_cost`]),
//!   and sums of valid costs are numbers or `∞`, so values are compared with `<` and `==`,
//!   which agree with [`Cost::total_cmp`] on them (up to `-0.0 == 0.0`, the same cost) and
//!   are one instruction for floats; only the queue keys use the total order. Estimates
//!   are checked where a key is computed: a NaN one is [`PlanError::InvalidEstimate`] and
//!   drops the search, whose queue would otherwise miss an inconsistent node.
//! - **The last path is kept.** A strict read marks the nodes of the path, and any change
//!   to the record of a marked node drops it; a start moved one step along it keeps the
//!   rest. A replan whose repairs stay off the route hands out a copy instead of reading
//!   the path again.
//!
//! Two departures from the papers' pseudocode, both exact: an underconsistent node
//! re-examines only the predecessors whose `next` it is (the papers test
//! `rhs(p) == c(p, s) + g_old(s)`, which in floats is fragile and also fires on mere ties),
//! and a node left with no edge in or out (a blocked cell) is made consistent as soon as it
//! is reported, since no other node's `rhs` can depend on its `g`.
//!
//! A start or goal that fails [`Graph::check_node`](crate::Graph::check_node) (a blocked cell) makes [`replan`]
//! return the error at once; the reported changes stay queued and are repaired by the first
//! replan after the endpoint becomes valid again.
//!
//! # Priority queue
//!
//! The papers' notes on an efficient implementation suggest a binary heap with lazy
//! deletion: push a new entry on every key change and skip stale ones when they surface.
//! The crate's [`IndexedMinHeap`] re-keys and removes entries in place instead, and is
//! faster here: on the unknown-terrain navigation replay of `benches/dstar_lite.rs`
//! (den312d, the 20 longest scenarios, best of 8 interleaved runs, same code otherwise) it
//! takes 60 ms against lazy deletion's 80 ms at sensor radius 1, and 50 ms against 63 ms at
//! radius 3. D* Lite re-keys about as often as it expands (every move of the start makes
//! the top keys stale), and every `rhs` change re-keys a queued node; with lazy deletion
//! each of those leaves a stale entry that later costs a full pop, and the heap grows with
//! them. In place, a re-key is one sift and the heap never holds more than the
//! inconsistent nodes.
//!
//! # Complexity
//!
//! The first search is a backward A*: `O((V + E) log V)` time for the `V` nodes and `E`
//! edges it reaches. A replan costs `O((k + r + e) log Q)` for the `k` nodes it expands,
//! the `r` it re-keys, the `e` edges around them and a queue of `Q` inconsistent nodes,
//! plus `O(L)` to read a path of `L` edges off the `next` pointers (a copy of the kept
//! path when nothing on it changed: a memory copy instead of a record read per step).
//! Reporting a changed
//! node costs `O(d_in · d)`: its own and each predecessor's `rhs` is recomputed (the grid's
//! [`DStarLite::set_blocked`] does less: only neighbours whose route went through the cell).
//! Memory is `O(V)` and persists between replans; node records live in a flat array
//! indexed by the graph's [`NodeIds`] (dense for an
//! [`IndexedGraph`](crate::IndexedGraph)).
//!
//! [`replan`]: DStarLite::replan

use std::cmp::Ordering;

use crate::memory::{add_edge, check_endpoints, estimate_error, is_infinite_sum, is_nan};
use crate::{
    Budgeted, Cost, Heuristic, IndexedMinHeap, InvalidNode, NodeIds, Path, PlanError, Planner,
    ReverseGraph, SearchStats,
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
/// what the last replan did. The graph must be a [`ReverseGraph`]. The heuristic must be
/// admissible and consistent, including between any two nodes (`h(a, c) <= h(a, b) +
/// h(b, c)`): when the start moves, D* Lite adds `h(old start, new start)` to every queued
/// key at once instead of recomputing them (Koenig and Likhachev's `km`). Every grid
/// heuristic in this crate qualifies. A NaN estimate is [`PlanError::InvalidEstimate`], as
/// for [`AStar`](crate::AStar), from whichever call computed the key (`plan`, `replan` or a
/// change report); it also ends the search, since the node it was for could not be
/// queued, so the next call is a new [`plan`](Planner::plan). Checking costs one compare
/// per key for floats and nothing for integer costs.
///
/// An edge of infinite cost ([`Cost::INFINITY`]) is impassable: a route over it costs
/// infinity, like a route to a node no path reaches, and is never taken; setting an edge's
/// cost to infinity and reporting it is the papers' way of blocking it. A negative or NaN
/// edge cost is [`PlanError::InvalidCost`], a path cost that overflows
/// [`PlanError::CostOverflow`].
///
/// Per node it keeps `g` (cost to the goal as of the node's last expansion) and `rhs`
/// (the best `c(s, s') + g(s')` over its edges now); the queue holds exactly the nodes
/// where they differ, and a replan expands only those whose key is below the start's.
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
///
/// The type names what the planner stores, not the graph it searches: `H` is the
/// heuristic, `N` the node type (the planner keeps its start, goal and last path), `I` the
/// graph's node store ([`Graph::Ids`](crate::Graph::Ids)) and `C` its cost. The graph is handed to every call,
/// so it may be a view that borrows the world anew each time, as long as it describes the
/// same graph apart from the changes reported.
#[derive(Debug)]
pub struct DStarLite<H, N, I, C: Cost> {
    heuristic: H,
    budget: Option<u64>,
    ids: I,
    /// Ids known up front (dense stores); 0 when ids are handed out on discovery.
    bound: usize,
    records: Vec<Record<C>>,
    /// Records whose `generation` differs are untouched by the current search; bumping it
    /// forgets a whole search in `O(1)`.
    generation: u32,
    /// Marks the nodes of the path walk in progress; see `Record::walk`.
    walk_stamp: u32,
    /// The inconsistent nodes, by key.
    open: IndexedMinHeap<C::FrontierKey>,
    km: C,
    search: Option<Endpoints<N>>,
    stats: SearchStats,
    /// Scratch for the predecessors (with their ids) of the node being expanded or changed.
    neighbours: Vec<(N, u32)>,
    /// Scratch for the path walk: node ids from the start, with their cost from it.
    trail: Vec<(u32, C)>,
    /// The last path read, from `path[path_from]` (the start as the agent moved along it)
    /// to the goal; reused while `path_valid`.
    path: Vec<N>,
    path_from: usize,
    /// Whether `path` is still what a walk would read: set by a strict walk, cleared by any
    /// change to the record of a node on it (those carry `on_path == path_stamp`), by a
    /// start move off it, and by a new search.
    path_valid: bool,
    path_stamp: u32,
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

/// What D* Lite keeps for one node; whether it is queued, and with which key, the heap
/// knows.
#[derive(Clone, Copy, Debug)]
struct Record<C> {
    g: C,
    rhs: C,
    /// The successor `rhs` came through ([`NONE`] if none): following these from the
    /// start reads the path off in one step per node.
    next: u32,
    generation: u32,
    /// Equal to the planner's `walk_stamp` while the node is on, or was tried by, the path
    /// walk in progress.
    walk: u32,
    /// Equal to the planner's `path_stamp` while the node is on the cached path.
    on_path: u32,
}

/// No node: the `next` of a node with no finite route, the goal's.
const NONE: u32 = u32::MAX;

impl<C: Cost> Record<C> {
    const fn fresh(generation: u32) -> Self {
        Record {
            g: C::INFINITY,
            rhs: C::INFINITY,
            next: NONE,
            generation,
            walk: 0,
            on_path: 0,
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

impl<H, N: Copy, I: Default, C: Cost> DStarLite<H, N, I, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Grid, Manhattan}, DStarLite, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = DStarLite::new(Manhattan);
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// # }
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
    /// A D* Lite planner guided by `heuristic`, an admissible and consistent estimate of the
    /// cost between two nodes (it is asked for `h(start, s)`).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Cell, Octile}, DStarLite, DenseIds};
    /// let dstar: DStarLite<_, Cell, DenseIds, f64> = DStarLite::new(Octile);
    /// assert!(dstar.start().is_none());
    /// # }
    /// ```
    pub fn new(heuristic: H) -> Self {
        DStarLite {
            heuristic,
            budget: None,
            ids: I::default(),
            bound: 0,
            records: Vec::new(),
            generation: 0,
            walk_stamp: 0,
            open: IndexedMinHeap::new(),
            km: C::ZERO,
            search: None,
            stats: SearchStats::default(),
            neighbours: Vec::new(),
            trail: Vec::new(),
            path: Vec::new(),
            path_from: 0,
            path_valid: false,
            path_stamp: 0,
        }
    }

    /// The current start, once a search has begun.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (2, 2))?;
    /// dstar.move_start(&grid, (1, 1))?;
    /// assert_eq!(dstar.start(), Some((1, 1)));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn start(&self) -> Option<N> {
        self.search.map(|search| search.start)
    }

    /// The goal of the current search, once one has begun.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (2, 2))?;
    /// assert_eq!(dstar.goal(), Some((2, 2)));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn goal(&self) -> Option<N> {
        self.search.map(|search| search.goal)
    }

    /// The number of inconsistent nodes waiting in the priority queue: repairs deferred
    /// because they cannot affect the current path yet.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let grid = Grid::open(10, 10, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (9, 9))?;
    /// assert!(dstar.queue_len() > 0); // the search frontier
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn queue_len(&self) -> usize {
        self.open.len()
    }
}

impl<H, N, I, C> DStarLite<H, N, I, C>
where
    H: Heuristic<N, C>,
    N: Copy + Eq + std::hash::Hash + std::fmt::Debug,
    C: Cost,
    I: Default,
{
    /// Moves the start of the current search to `start` (the agent moved). Nothing is
    /// searched until the next [`replan`](DStarLite::replan).
    ///
    /// The new start need not be next to the old one nor anywhere the search has been;
    /// the heuristic's triangle inequality keeps the queued keys valid.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] when [`Graph::check_node`](crate::Graph::check_node) refuses `start` (off the
    /// graph, blocked); [`PlanError::NotPlanned`] before the first
    /// [`plan`](Planner::plan). The start is unchanged then.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, PlanError, Planner};
    /// let grid = Grid::open(5, 5, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// let path = dstar.plan(&grid, (0, 0), (4, 4))?;
    /// dstar.move_start(&grid, path.nodes[1])?;
    /// assert_eq!(dstar.replan(&grid)?.nodes, path.nodes[1..]);
    /// assert!(matches!(dstar.move_start(&grid, (9, 9)), Err(PlanError::InvalidStart { .. })));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn move_start<G>(&mut self, graph: &G, start: N) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
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
        // One step along the cached path keeps the rest of it.
        if start != search.start {
            self.path_valid &= self.path.get(self.path_from + 1) == Some(&start);
            self.path_from += 1;
        }
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
    /// [`PlanError::InvalidEstimate`] when the heuristic gave NaN for a node to queue; the
    /// search is then dropped and the next replan is [`PlanError::NotPlanned`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
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
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn notify_changed<G>(
        &mut self,
        graph: &G,
        nodes: impl IntoIterator<Item = N>,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km()?;
        for node in nodes {
            let id = self.changed_id(graph, node)?;
            self.refresh(graph, node, id)?;
            let mut predecessors = std::mem::take(&mut self.neighbours);
            predecessors.clear();
            let mut result = self.ids.predecessors(graph, node, id, |p, p_id, _| {
                predecessors.push((p, p_id));
            });
            for &(p, p_id) in &predecessors {
                if result.is_err() {
                    break;
                }
                self.ensure_record(p_id);
                result = self.refresh(graph, p, p_id);
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
    /// costs the planner cannot add up; [`PlanError::InvalidEstimate`] for a NaN estimate,
    /// which drops the search as in [`notify_changed`](DStarLite::notify_changed).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let mut grid = Grid::open(3, 1, Connectivity::Four);
    /// let mut dstar = DStarLite::new(Octile);
    /// assert_eq!(dstar.plan(&grid, (0, 0), (2, 0))?.cost, 2.0);
    /// // Entering (1, 0) now costs 5; only the edges into it changed.
    /// grid.set_weight((1, 0), 5.0).unwrap();
    /// dstar.update_edges(&grid, [((0, 0), (1, 0)), ((2, 0), (1, 0))])?;
    /// assert_eq!(dstar.replan(&grid)?.cost, 6.0);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn update_edges<G>(
        &mut self,
        graph: &G,
        edges: impl IntoIterator<Item = (N, N)>,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km()?;
        for (from, to) in edges {
            self.changed_id(graph, to)?;
            let id = self.changed_id(graph, from)?;
            self.refresh(graph, from, id)?;
        }
        Ok(())
    }

    /// Reports nodes whose *outgoing* edges changed, and only those: each one's `rhs` is
    /// recomputed, nothing else. For domain adapters that know exactly which sources a
    /// change touches; they guarantee the nodes are on the graph.
    #[cfg(feature = "grid")]
    pub(crate) fn update_sources<G>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = N>,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km()?;
        for node in sources {
            let id = self.id_of(graph, node)?;
            self.refresh(graph, node, id)?;
        }
        Ok(())
    }

    /// Reports that edges leaving `sources` were removed or got dearer, all of them edges
    /// into nodes whose ids pass `lost`. A source whose `rhs` came through such a node
    /// recomputes it; the others keep theirs, since their best edge survived and the rest
    /// only got worse. (The papers' test `rhs(u) == c_old + g(v)`, with the `next` pointer
    /// standing in for the old cost.) Nodes are on the graph, as for
    /// [`update_sources`](Self::update_sources).
    #[cfg(feature = "grid")]
    pub(crate) fn update_sources_after_loss<G>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = N>,
        lost: impl Fn(u32) -> bool,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        if self.search.is_none() {
            return Ok(());
        }
        self.sync_km()?;
        for node in sources {
            let id = self.id_of(graph, node)?;
            let next = self.record(id).next;
            if next != NONE && lost(next) {
                self.refresh(graph, node, id)?;
            }
        }
        Ok(())
    }

    /// Reports that edges leaving `sources` appeared or got cheaper, all of them edges into
    /// nodes whose ids pass `gained`: `rhs(u) = min(rhs(u), c(u, v) + g(v))` over just
    /// those edges (the papers' update for a cost decrease), reading no other successor's
    /// record. Nodes are on the graph, as for [`update_sources`](Self::update_sources).
    #[cfg(feature = "grid")]
    pub(crate) fn update_sources_after_gain<G>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = N>,
        gained: impl Fn(u32) -> bool,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let Some(search) = self.search else {
            return Ok(());
        };
        self.sync_km()?;
        for node in sources {
            let id = self.id_of(graph, node)?;
            if id == search.goal_id {
                continue;
            }
            let mut best = (self.record(id).rhs, NONE);
            let mut failure = None;
            let records = &self.records;
            let generation = self.generation;
            self.ids.successors(graph, node, id, |_, next_id, edge| {
                if !gained(next_id) {
                    return;
                }
                match path_cost(edge, read(records, generation, next_id).g) {
                    Ok(cost) if improves(cost, best.0) => {
                        best = (cost, next_id);
                    }
                    Ok(_) => {}
                    Err(fault) => failure = Some(fault.error(edge)),
                }
            })?;
            if let Some(error) = failure {
                return Err(error);
            }
            if best.1 != NONE {
                let record = self.record_mut(id);
                record.rhs = best.0;
                record.next = best.1;
                self.update_vertex(node, id)?;
            }
        }
        Ok(())
    }

    /// Reports one edge `from -> to` that appeared or got cheaper, given the ids of its
    /// ends: `rhs(from) = min(rhs(from), cost + g(to))`, the papers' update for a cost
    /// decrease. For domain adapters that can name the changed edges directly; they
    /// guarantee the ids are the graph's for those nodes.
    #[cfg(feature = "grid")]
    pub(crate) fn offer_edge(
        &mut self,
        from: N,
        from_id: u32,
        to_id: u32,
        cost: C,
    ) -> Result<(), PlanError> {
        let Some(search) = self.search else {
            return Ok(());
        };
        if from_id == search.goal_id {
            return Ok(());
        }
        self.sync_km()?;
        self.ensure_record(from_id);
        self.ensure_record(to_id);
        let through = path_cost(cost, self.record(to_id).g).map_err(|fault| fault.error(cost))?;
        if improves(through, self.record(from_id).rhs) {
            let record = self.record_mut(from_id);
            record.rhs = through;
            record.next = to_id;
            self.update_vertex(from, from_id)?;
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
    /// refused by [`Graph::check_node`](crate::Graph::check_node) (blocked); [`PlanError::NoPath`] when the goal is
    /// unreachable; [`PlanError::BudgetExceeded`] when the budget ran out (the next replan
    /// continues the repair); [`PlanError::InvalidCost`] / [`PlanError::CostOverflow`] for
    /// costs it cannot add up; [`PlanError::InvalidEstimate`] when the heuristic gave NaN,
    /// after which the search is dropped (the next replan is [`PlanError::NotPlanned`]
    /// until a new [`plan`](Planner::plan)).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Planner};
    /// let mut grid = Grid::open(20, 20, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// dstar.plan(&grid, (0, 0), (19, 19))?;
    ///
    /// // A wall far from the path cannot change it: nothing is expanded.
    /// dstar.set_blocked(&mut grid, (0, 19), true)?;
    /// assert_eq!(dstar.replan(&grid)?.stats.expanded, 0);
    ///
    /// // A wall on the path: the search is repaired and the path goes round it.
    /// dstar.set_blocked(&mut grid, (10, 10), true)?;
    /// let again = dstar.replan(&grid)?;
    /// assert!(again.stats.expanded > 0);
    /// assert!(!again.nodes.contains(&(10, 10)));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn replan<G>(&mut self, graph: &G) -> Result<Path<N, C>, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.stats = SearchStats::default();
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        check_endpoints(graph, search.start, search.goal)?;
        if search.start_id == search.goal_id {
            return Ok(Path {
                nodes: vec![search.start],
                cost: C::ZERO,
                stats: self.stats,
            });
        }
        self.sync_km()?;
        self.compute_shortest_path(graph, Stop::Exact)?;
        let mut strict = true;
        let found = loop {
            // The optimized termination test leaves the start overconsistent (`g = ∞`)
            // when nothing forces its expansion, so its cost is `rhs`.
            if self.record(search.start_id).rhs == C::INFINITY {
                break Err(PlanError::NoPath);
            }
            if let Some(found) = self.walk(graph, strict)? {
                break Ok(found);
            }
            // The path ran into an inconsistent node: with float keys, one whose true key
            // ties the start's but came out an ulp above it. Expand the keys within
            // rounding of the start's, then read the path again.
            let before = self.stats.expanded;
            self.compute_shortest_path(graph, Stop::Rounding)?;
            strict = self.stats.expanded > before;
        };
        let (nodes, cost) = found?;
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
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid, Manhattan}, DStarLite, Planner};
    /// let grid = Grid::open(4, 1, Connectivity::Four);
    /// let mut dstar = DStarLite::new(Manhattan);
    /// dstar.plan(&grid, (0, 0), (3, 0))?;
    /// let one_step_in = dstar.node_values(&grid, (1, 0))?;
    /// assert_eq!((one_step_in.g, one_step_in.rhs), (2.0, 2.0));
    /// assert!(one_step_in.is_consistent());
    /// // The search stops as soon as the start's cost is known (its `rhs`), without
    /// // expanding the start itself.
    /// let start = dstar.node_values(&grid, (0, 0))?;
    /// assert_eq!((start.g, start.rhs, start.queued), (f64::INFINITY, 3.0, true));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn node_values<G>(&mut self, graph: &G, node: N) -> Result<NodeValues<C>, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let id = self.changed_id(graph, node)?;
        let record = self.record(id);
        Ok(NodeValues {
            g: record.g,
            rhs: record.rhs,
            queued: self.open.contains(id),
        })
    }

    /// The id of a node produced by the graph or validated, with room for its record.
    #[inline]
    fn id_of<G>(&mut self, graph: &G, node: N) -> Result<u32, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
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
    fn changed_id<G>(&mut self, graph: &G, node: N) -> Result<u32, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
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
    fn record(&self, id: u32) -> Record<C> {
        read(&self.records, self.generation, id)
    }

    /// Makes room for the record of an id the graph's [`NodeIds`](crate::NodeIds) just
    /// handed out; nothing to do for bounded ids, whose records were all made by `plan`.
    #[inline(always)]
    fn ensure_record(&mut self, id: u32) {
        if id as usize >= self.records.len() {
            self.grow(id);
        }
    }

    #[inline(always)]
    fn record_mut(&mut self, id: u32) -> &mut Record<C> {
        let generation = self.generation;
        let record = &mut self.records[id as usize];
        if record.generation != generation {
            *record = Record::fresh(generation);
        }
        // Every change to `g`, `rhs` or `next` comes through here (callers that only
        // might change a record read it first), so this is what keeps the cached path true.
        if record.on_path == self.path_stamp {
            self.path_valid = false;
        }
        record
    }

    /// Brings `km` up to date with a start that moved since the keys were last computed.
    fn sync_km(&mut self) -> Result<(), PlanError> {
        if let Some(search) = &mut self.search {
            if search.last != search.start {
                let step = self.heuristic.estimate(search.last, search.start);
                if is_nan(step) {
                    return Err(self.end_search(step));
                }
                self.km = self.km.saturating_add(step);
                search.last = search.start;
            }
        }
        Ok(())
    }

    /// Forgets the search after a NaN estimate and returns the error. The node whose key
    /// it was is left out of the queue, which then no longer holds every inconsistent
    /// node, so no later replan could be trusted.
    #[cold]
    #[inline(never)]
    fn end_search(&mut self, estimate: C) -> PlanError {
        self.search = None;
        self.open.clear();
        self.path_valid = false;
        estimate_error(estimate)
    }

    /// The queue key `[k1; depth]`: smaller `k1` first, then deeper first, where the
    /// depth is `∞` for an underconsistent node and `rhs` otherwise.
    ///
    /// `k1` goes through [`Cost::frontier_order`], which for floats gives values within a
    /// relative 2^-32 one key: sums of the same real value differ in their last bits with
    /// the order of the additions (`1 + √2 + 1` against `√2 + 1 + 1`), and an exact order
    /// would let that noise, not the depth, decide between a node whose true key ties the
    /// start's and the start. Integer keys are exact.
    #[inline(always)]
    fn key(&mut self, node: N, g: C, rhs: C) -> Result<C::FrontierKey, PlanError> {
        // Underconsistent nodes first among equal `k1` (as if infinitely deep), then the
        // others deepest (largest `rhs`, nearest the start) first; see "Ties" in the
        // module docs for why that order is exact.
        let depth = if g < rhs { C::INFINITY } else { rhs };
        // Packed into one integer for the common cost types (see `Cost::frontier_key_of`):
        // `k1` through `frontier_order`, the depth to within a relative 2^-9 for `f64`,
        // which is exact enough since only "underconsistent first" matters for
        // correctness, and `∞` sorts strictly before every finite depth.
        Ok(C::frontier_key_of(self.k1(node, g, rhs)?, depth))
    }

    /// `min(g, rhs) + h(start, node) + km`, the first key component as a cost; a NaN
    /// estimate ends the search ([`PlanError::InvalidEstimate`]). A NaN key would sort
    /// after every other, so the node would wait behind the start forever and its route
    /// would be lost without a word.
    #[inline(always)]
    fn k1(&mut self, node: N, g: C, rhs: C) -> Result<C, PlanError> {
        let start = match &self.search {
            Some(search) => search.start,
            None => node,
        };
        let h = self.heuristic.estimate(start, node);
        if is_nan(h) {
            return Err(self.end_search(h));
        }
        Ok(min_cost(g, rhs).saturating_add(h).saturating_add(self.km))
    }

    /// The papers' `UpdateVertex`: queues `id` with its current key if it is inconsistent
    /// and takes it out of the queue if it is consistent.
    #[inline]
    fn update_vertex(&mut self, node: N, id: u32) -> Result<(), PlanError> {
        let record = self.record(id);
        if record.g != record.rhs {
            let key = self.key(node, record.g, record.rhs)?;
            if self.open.key_of(id) != Some(&key) {
                self.open.push(id, key);
            }
        } else {
            self.open.remove(id);
        }
        Ok(())
    }

    /// Recomputes `rhs` of a node from its edges as they are now, then `UpdateVertex`.
    fn refresh<G>(&mut self, graph: &G, node: N, id: u32) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        if Some(id) != self.search.map(|search| search.goal_id) {
            let (rhs, next, edges) = self.lookahead(graph, node, id)?;
            let isolated = edges == 0 && {
                let mut entered = false;
                graph.predecessors(node, |_, _| entered = true);
                !entered
            };
            // No edge leads into or out of the node (a blocked cell): no other node's rhs
            // depends on its g, so it is made consistent at once rather than queued for an
            // expansion that would change nothing.
            let old = self.record(id);
            let g = if isolated { rhs } else { old.g };
            if old.rhs != rhs || old.next != next || old.g != g {
                let record = self.record_mut(id);
                record.rhs = rhs;
                record.next = next;
                record.g = g;
            }
        }
        self.update_vertex(node, id)
    }

    /// `min over edges node -> s of c(node, s) + g(s)`, the `s` achieving it, and the
    /// number of edges.
    fn lookahead<G>(&mut self, graph: &G, node: N, id: u32) -> Result<(C, u32, u64), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        // One pass in the graph's callback, which cannot return early: the first failure
        // is kept and ends the work. A successor seen for the first time has no record and
        // `g = ∞`, so it never becomes `next` and needs none.
        let mut best = C::INFINITY;
        let mut best_id = NONE;
        let mut edges = 0u64;
        let mut failure = None;
        let (records, generation) = (&self.records, self.generation);
        self.ids.successors(graph, node, id, |_, next_id, edge| {
            edges += 1;
            match path_cost(edge, read(records, generation, next_id).g) {
                Ok(cost) if cost < best => {
                    best = cost;
                    best_id = next_id;
                }
                Ok(_) => {}
                Err(fault) => {
                    if failure.is_none() {
                        failure = Some(fault.error(edge));
                    }
                }
            }
        })?;
        self.stats.generated += edges;
        if let Some(error) = failure {
            return Err(error);
        }
        Ok((best, best_id, edges))
    }

    /// The papers' `ComputeShortestPath`; with [`Stop::Rounding`] it also expands the
    /// nodes whose keys are within rounding of the start's.
    fn compute_shortest_path<G>(&mut self, graph: &G, stop: Stop) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        self.stats.max_frontier = self.stats.max_frontier.max(self.open.len());
        loop {
            let Some((top_id, &top_key)) = self.open.peek() else {
                return Ok(());
            };
            let start = self.record(search.start_id);
            let start_key = self.key(search.start, start.g, start.rhs)?;
            let node = self.ids.node(graph, top_id);
            let record = self.record(top_id);
            let go_on = start.rhs > start.g
                || match stop {
                    Stop::Exact => top_key < start_key,
                    Stop::Rounding => {
                        top_key < start_key
                            || k1_near(
                                self.k1(node, record.g, record.rhs)?,
                                self.k1(search.start, start.g, start.rhs)?,
                            )
                    }
                };
            if !go_on {
                return Ok(());
            }
            let key = self.key(node, record.g, record.rhs)?;
            if top_key < key {
                // The start moved since the node was queued: only its key was stale.
                self.open.increase_key(top_id, key);
                continue;
            }
            if self
                .budget
                .is_some_and(|budget| self.stats.expanded >= budget)
            {
                return Err(PlanError::BudgetExceeded {
                    budget: self.stats.expanded,
                });
            }
            self.open.pop();
            self.stats.expanded += 1;
            self.expand(graph, node, top_id, record)?;
            self.stats.max_frontier = self.stats.max_frontier.max(self.open.len());
        }
    }

    /// Expands a popped node: settles an overconsistent one, re-opens an underconsistent
    /// one, and propagates the new `g` to its predecessors.
    fn expand<G>(&mut self, graph: &G, node: N, id: u32, record: Record<C>) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let goal_id = self.search.map_or(NONE, |search| search.goal_id);
        if record.g > record.rhs {
            return self.settle(graph, node, id, record.rhs, goal_id);
        }
        let mut predecessors = std::mem::take(&mut self.neighbours);
        predecessors.clear();
        let listed = self.ids.predecessors(graph, node, id, |p, p_id, _| {
            predecessors.push((p, p_id));
        });
        self.stats.generated += predecessors.len() as u64;
        let result = listed.and_then(|()| self.reopen(graph, node, id, goal_id, &predecessors));
        self.neighbours = predecessors;
        result
    }

    /// Overconsistent: `g = rhs`, and each predecessor may now route through the node.
    /// The hottest loop of a search, so it runs in the graph's callback, in one pass; the
    /// callback cannot return early, so the first failure is kept and ends the work.
    fn settle<G>(
        &mut self,
        graph: &G,
        node: N,
        id: u32,
        g: C,
        goal_id: u32,
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.record_mut(id).g = g;
        let mut generated = 0u64;
        let mut failure = None;
        // The ids are taken out for the walk over the predecessors, which needs the rest of
        // `self`; for dense ids that moves nothing.
        let mut ids = std::mem::take(&mut self.ids);
        let listed = ids.predecessors(graph, node, id, |p, p_id, edge| {
            generated += 1;
            if failure.is_some() || p_id == goal_id {
                return;
            }
            self.ensure_record(p_id);
            let through = match path_cost(edge, g) {
                Ok(through) => through,
                Err(fault) => {
                    failure = Some(fault.error(edge));
                    return;
                }
            };
            if improves(through, self.record(p_id).rhs) {
                let record = self.record_mut(p_id);
                record.rhs = through;
                record.next = id;
                if let Err(error) = self.update_vertex(p, p_id) {
                    failure = Some(error);
                }
            }
        });
        self.ids = ids;
        self.stats.generated += generated;
        listed?;
        failure.map_or(Ok(()), Err)
    }

    /// Underconsistent: `g = ∞`, and each predecessor whose `rhs` came through the node
    /// looks for its best route again.
    fn reopen<G>(
        &mut self,
        graph: &G,
        node: N,
        id: u32,
        goal_id: u32,
        predecessors: &[(N, u32)],
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.record_mut(id).g = C::INFINITY;
        self.update_vertex(node, id)?;
        for &(p, p_id) in predecessors {
            if p_id == goal_id {
                continue;
            }
            self.ensure_record(p_id);
            // The papers test `rhs(p) == c(p, node) + old_g`. The `next` pointer says the
            // same without float equality, and skips a predecessor that merely ties: its
            // `rhs` still holds through the successor it came through.
            if self.record(p_id).next == id {
                self.refresh(graph, p, p_id)?;
            }
        }
        Ok(())
    }

    /// Reads the path off the search: from the start, follow each node's `next` (the
    /// successor its `rhs` came through) to the goal; the cost is `rhs(start)`. That costs
    /// one record read per step. When `strict`, gives up (`None`) on reaching an
    /// inconsistent node, whose `g` cannot be trusted. Should the pointers loop (only
    /// possible through zero-cost edges, or through inconsistent nodes when not `strict`),
    /// the walk outgrows the number of nodes with records and the path is read off the `g`
    /// values instead; a simple path is never longer than that, so no per-node visited mark
    /// is needed.
    ///
    /// A strict walk's path is kept, and its nodes marked, so that the next replan can
    /// hand it out again without a walk if no record along it has changed since (the
    /// common case when the changes are away from the route, or the agent just took the
    /// path's first step).
    #[allow(clippy::type_complexity)]
    fn walk<G>(&mut self, graph: &G, strict: bool) -> Result<Option<(Vec<N>, C)>, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        let cost = self.record(search.start_id).rhs;
        if strict && self.path_valid {
            return Ok(Some((self.path[self.path_from..].to_vec(), cost)));
        }
        self.path_valid = false;
        let stamp = self.next_path_stamp();
        let longest = self.records.len();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        self.path_from = 0;
        let mut id = search.start_id;
        let mut record = self.record(id);
        let complete = loop {
            path.push(self.ids.node(graph, id));
            self.records[id as usize].on_path = stamp;
            if id == search.goal_id {
                break true;
            }
            let next = record.next;
            if next == NONE || path.len() > longest {
                break false;
            }
            record = self.record(next);
            if strict && record.g != record.rhs {
                self.path = path;
                return Ok(None);
            }
            id = next;
        };
        let found = complete.then(|| path.clone());
        self.path = path;
        match found {
            Some(nodes) => {
                self.path_valid = strict;
                Ok(Some((nodes, cost)))
            }
            None => self.walk_by_g(graph, strict),
        }
    }

    fn next_path_stamp(&mut self) -> u32 {
        next_stamp(&mut self.path_stamp, &mut self.records, |record| {
            &mut record.on_path
        })
    }

    fn next_walk_stamp(&mut self) -> u32 {
        next_stamp(&mut self.walk_stamp, &mut self.records, |record| {
            &mut record.walk
        })
    }

    /// Reads the path off the `g` values: from the start, step to a successor minimizing
    /// `c + g` until the goal. Ties (zero-cost edges) are walked depth-first without
    /// revisiting a node. When `strict`, gives up (`None`) on stepping onto an
    /// inconsistent node.
    #[allow(clippy::type_complexity)]
    fn walk_by_g<G>(&mut self, graph: &G, strict: bool) -> Result<Option<(Vec<N>, C)>, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let Some(search) = self.search else {
            return Err(PlanError::NotPlanned);
        };
        let stamp = self.next_walk_stamp();
        let mut trail = std::mem::take(&mut self.trail);
        trail.clear();
        trail.push((search.start_id, C::ZERO));
        self.record_mut(search.start_id).walk = stamp;
        let result = loop {
            let Some(&(id, cost)) = trail.last() else {
                break Err(PlanError::NoPath);
            };
            if id == search.goal_id {
                let nodes = trail.iter().map(|&(id, _)| self.ids.node(graph, id));
                break Ok(Some((nodes.collect(), cost)));
            }
            match self.best_unwalked(graph, self.ids.node(graph, id), stamp) {
                Ok(Some((next, edge))) => {
                    let record = self.record_mut(next);
                    if strict && record.g != record.rhs {
                        break Ok(None);
                    }
                    record.walk = stamp;
                    match add_edge(cost, edge) {
                        Ok(cost) => trail.push((next, cost)),
                        Err(error) => break Err(error),
                    }
                }
                // A dead end among zero-cost ties: back up and try another.
                Ok(None) => {
                    trail.pop();
                }
                Err(error) => break Err(error),
            }
        };
        self.trail = trail;
        match result {
            Err(PlanError::NoPath) if strict => Ok(None),
            Err(PlanError::NoPath) => {
                debug_assert!(false, "D* Lite: rhs(start) is finite but no path follows g");
                Err(PlanError::NoPath)
            }
            other => other,
        }
    }

    /// The unwalked successor of `node` minimizing `c + g`, among those achieving the
    /// minimum over all successors, with the edge to it.
    fn best_unwalked<G>(
        &mut self,
        graph: &G,
        node: N,
        stamp: u32,
    ) -> Result<Option<(u32, C)>, PlanError>
    where
        G: ReverseGraph<Node = N, Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let mut best = C::INFINITY;
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
                Err(fault) => {
                    failure = Some(fault.error(edge));
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
        Ok(if best == C::INFINITY { None } else { choice })
    }
}

/// The budget limits each search or replan to that many node expansions; one that needs more
/// returns [`PlanError::BudgetExceeded`]. The work done is kept: the next
/// [`replan`](DStarLite::replan) carries on from where the budget ran out.
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::{grid::{Connectivity, Grid, Octile}, DStarLite, Budgeted, PlanError, Planner};
/// let grid = Grid::open(30, 30, Connectivity::Eight);
/// let mut dstar = DStarLite::new(Octile).with_budget(10);
/// assert_eq!(dstar.plan(&grid, (0, 0), (29, 29)), Err(PlanError::BudgetExceeded { budget: 10 }));
/// dstar.set_budget(None);
/// assert!(dstar.replan(&grid).is_ok());
/// # }
/// ```
impl<H, N, I, C: Cost> Budgeted for DStarLite<H, N, I, C> {
    fn budget(&self) -> Option<u64> {
        self.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.budget
    }
}

impl<G, H> Planner<G> for DStarLite<H, G::Node, G::Ids, G::Cost>
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
        self.path_valid = false;
        self.open.clear();
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
        self.open.reserve_ids(self.bound);
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
        self.update_vertex(goal, goal_id)?;
        self.replan(graph)
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// Whether `top` is at most a relative 1e-9 above `start`: the band
/// [`Stop::Rounding`] expands, for the rare tie that straddles a
/// [`Cost::frontier_order`] boundary. Integer values that differ differ by at least 1, so
/// for them (below 10^9) this is plain equality.
#[inline]
fn k1_near<C: Cost>(top: C, start: C) -> bool {
    let (a, b) = (top.as_f64(), start.as_f64());
    a - b <= 1e-9 * b.abs().max(1.0)
}

/// Whether `new` is below `old` by more than rounding noise: a relative 1e-12 for floats,
/// exactly for integers (only a value with bits below [`Cost::frontier_order`]'s cut can be
/// a float carrying noise; a float without any compares exactly too, which is safe).
///
/// The deep tie-break settles a node before the shallower successors that tie for its
/// best route, and those offer it the same real cost again later, often an ulp lower for
/// being summed in another order. Taking such an offer would make the node inconsistent
/// over nothing and queue it, and then its predecessors the same way; on open ground that
/// doubled the first search. Skipping it leaves `rhs` at most a relative 1e-12 above the
/// minimum at that node.
#[inline]
fn improves<C: Cost>(new: C, old: C) -> bool {
    if new >= old {
        return false;
    }
    let exact = new.frontier_order() == new.ordered() && old.frontier_order() == old.ordered();
    if exact || old == C::INFINITY {
        return true;
    }
    let (a, b) = (new.as_f64(), old.as_f64());
    b - a > 1e-12 * b.abs().max(1.0)
}

/// When [`DStarLite::compute_shortest_path`] stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The papers' test: no key below the start's and the start not underconsistent.
    Exact,
    /// Also go on while the smallest `k1` is within rounding of the start's.
    Rounding,
}

/// Advances a stamp that marks records (`mark` picks the field); when it wraps, every
/// record's mark is cleared first, so an old mark can never equal the new stamp.
fn next_stamp<C>(
    stamp: &mut u32,
    records: &mut [Record<C>],
    mark: impl Fn(&mut Record<C>) -> &mut u32,
) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        for record in records {
            *mark(record) = 0;
        }
        *stamp = 1;
    }
    *stamp
}

/// The record of `id` in the search of `generation`: fresh (`g = rhs = ∞`) when the search
/// has not touched it or the id has no record yet.
#[inline(always)]
fn read<C: Cost>(records: &[Record<C>], generation: u32, id: u32) -> Record<C> {
    match records.get(id as usize) {
        Some(record) if record.generation == generation => *record,
        _ => Record::fresh(generation),
    }
}

#[inline(always)]
fn min_cost<C: Cost>(a: C, b: C) -> C {
    if b < a {
        b
    } else {
        a
    }
}

/// Why `edge + g` could not be formed; small and `Copy`, so hot loops carry no
/// [`PlanError`] (which owns a `String`) until one is needed.
#[derive(Clone, Copy, Debug)]
enum EdgeFault {
    Invalid,
    Overflow,
}

impl EdgeFault {
    #[cold]
    fn error<C: Cost>(self, edge: C) -> PlanError {
        match self {
            EdgeFault::Invalid => PlanError::InvalidCost {
                cost: format!("{edge:?}"),
            },
            EdgeFault::Overflow => PlanError::CostOverflow,
        }
    }
}

/// `edge + g` for a successor's `g`, which may be infinite (unreached); checks the edge.
/// An infinite edge is impassable: the route over it costs infinity, like one to an
/// unreached node, and is never taken.
#[inline(always)]
fn path_cost<C: Cost>(edge: C, g: C) -> Result<C, EdgeFault> {
    if !edge.is_valid_edge_cost() {
        return Err(EdgeFault::Invalid);
    }
    if g == C::INFINITY || edge == C::INFINITY {
        return Ok(C::INFINITY);
    }
    match g.checked_add(edge) {
        // An integer sum that reaches the type's largest value would read as unreached.
        Some(sum) if !is_infinite_sum(sum) => Ok(sum),
        _ => Err(EdgeFault::Overflow),
    }
}
