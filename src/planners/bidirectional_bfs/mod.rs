//! Bidirectional breadth-first search (Pohl, "Bi-directional search", Machine Intelligence
//! 6, 1971), expanding whole layers of the smaller frontier.
//!
//! # Invariants
//!
//! - Each side is a plain BFS: the forward side over successors from the start, the
//!   backward side over predecessors from the goal. Each round expands one *whole layer*
//!   of whichever side has the smaller frontier.
//! - Before the round in which the sides first meet, no node has been reached by both.
//!   In that round, every edge `u -> v` from the expanding layer to a node the other side
//!   has reached is a candidate, and all candidates give paths of the same, minimal number
//!   of edges: if `v` had been *expanded* by the other side, `u` would have been reached by
//!   both sides in an earlier round. The layer is finished anyway and the candidate with the
//!   least summed edge cost wins, so on weighted graphs the answer is the cheapest of the
//!   fewest-edge meeting paths found, not the first one stumbled upon; with
//!   [`BidirectionalBfs::with_first_meeting`], or on a graph whose edges all cost the same
//!   ([`Graph::uniform_costs`]), the search stops after the
//!   node whose edge met first, which gives up only that choice by cost.
//! - Neither side follows the edge back to a node's parent
//!   ([`NodeIds::successors_skipping_parent`]): the parent is on the same side, and had the
//!   other side reached it too, the sides would have met when the second of them did.
//! - **Ids in discovery order** ([`NodeIds::DISCOVERY_ORDER`], as with hashed ids): every id
//!   the search is handed is reached at once by the side whose expansion met it, so a
//!   side's next layer is exactly the ids handed out while it expands its current one, a
//!   run of consecutive ids. A layer is then a span of ids instead of a list, an edge to the
//!   next unused id is a new node, and which side reached an older id is one byte per id,
//!   written a layer at a time: no reached bits per edge (8-puzzle set: 19% fewer
//!   instructions). Both ways expand the same nodes in the same order.
//! - The search stops with [`PlanError::NoPath`] as soon as either frontier is empty.
//! - **Impassable edges.** An edge of infinite cost is skipped. Layers as spans of ids
//!   cannot skip one that leads to a new node (its id already belongs to the next span), so
//!   the first such edge makes the search start again with layers as lists of ids; a graph
//!   without infinite edges never pays for that.
//!
//! # Complexity
//!
//! `O(V + E)` time and `O(V)` memory, like [`Bfs`](crate::Bfs); on graphs whose layers grow
//! quickly, the two searches together reach about `2 b^(d/2)` nodes where one BFS reaches
//! `b^d`.

use crate::memory::{check_endpoint, check_query, push_ids_to_root, NodeRecord, NO_PARENT};
use crate::{
    Budgeted, Cost, Goal, Graph, NodeIds, Outcome, Path, PlanError, Planner, Query, ReverseGraph,
    SearchStats,
};

use layer::{expand_layer, expand_span};

mod layer;

/// Bidirectional breadth-first search: a path with the fewest edges, found from both ends.
///
/// Needs a [`ReverseGraph`] to search backwards from the goal. Both sides share one node
/// numbering (one hash lookup per generated node on hashed graphs), and the planner keeps
/// all of its memory for the next call.
///
/// Edge costs do not steer the search, but an edge of infinite cost ([`Cost::INFINITY`])
/// is impassable: skipped, as if the graph did not list it. A negative or NaN edge cost on
/// the way is [`PlanError::InvalidCost`], a path cost that overflows
/// [`PlanError::CostOverflow`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::{grid::Grid, Bfs, BidirectionalBfs, Planner};
///
/// let grid: Grid = "
///     .....
///     .###.
///     .#...
///     .#.#.
///     ....."
///     .parse()
///     .unwrap();
/// let both_ways = BidirectionalBfs::new().plan(&grid, (0, 0), (2, 2)).unwrap();
/// let one_way = Bfs::new().plan(&grid, (0, 0), (2, 2)).unwrap();
/// assert_eq!(both_ways.len(), one_way.len());
/// # }
/// ```
///
/// The type names what the planner stores, not the graph it searches: `I` is the graph's
/// node store ([`Graph::Ids`]) and `C` its cost, so one planner searches any graph with
/// those types, views that borrow the world included.
#[derive(Debug)]
pub struct BidirectionalBfs<I, C> {
    rules: Rules,
    ids: I,
    seen: Seen,
    forward: Side<C>,
    backward: Side<C>,
    trail: Vec<u32>,
    stats: SearchStats,
}

/// Which sides have reached each id: two bits an id, [`FORWARD`] and [`BACKWARD`], in one
/// array. One load answers both questions a generated node raises (has the other side
/// reached it, has this side), and the array is 2 bits an id where separate reached and
/// closed bit sets for each side took 4.
///
/// Only words holding a reached id are ever non-zero, and every reached id is in one of the
/// sides' [`Side::order`]; starting a search clears those words, or the whole array when it
/// has fewer words than the last search reached ids, so the cost is at most the size of the
/// last search, not the number of ids a dense graph has.
#[derive(Debug, Default)]
struct Seen {
    words: Vec<u64>,
    /// With ids in discovery order, what takes the place of `words`: the side that reached
    /// each id ([`FORWARD`] or [`BACKWARD`]), written a layer at a time.
    owner: Vec<u8>,
    /// How many ids the search has been given, while they come in discovery order
    /// ([`NodeIds::DISCOVERY_ORDER`]): the next new node gets this id.
    known: u32,
}

const FORWARD: u64 = 1;
const BACKWARD: u64 = 2;
const IDS_PER_WORD: usize = 32;

impl Seen {
    /// Whether `side` has reached `id`.
    #[inline(always)]
    fn reached_by(&self, id: u32, side: u64) -> bool {
        let id = id as usize;
        (self.words[id / IDS_PER_WORD] >> (2 * (id % IDS_PER_WORD))) & side != 0
    }

    #[inline(always)]
    fn set(&mut self, id: u32, side: u64) {
        let id = id as usize;
        self.words[id / IDS_PER_WORD] |= side << (2 * (id % IDS_PER_WORD));
    }

    /// The word holding `id`'s two bits, and their shift in it.
    #[inline(always)]
    fn word_of(&mut self, id: u32) -> (&mut u64, u32) {
        let id = id as usize;
        (
            &mut self.words[id / IDS_PER_WORD],
            2 * (id % IDS_PER_WORD) as u32,
        )
    }

    #[inline(always)]
    fn clear_word_of(&mut self, id: u32) {
        self.words[id as usize / IDS_PER_WORD] = 0;
    }
}

/// One direction's search. `order` holds every id the side reached, in the order it reached
/// them, so the layers are consecutive runs of it: `order[layer..]` is the current layer
/// while a layer is being expanded, and grows at the end with the next one. Nothing is
/// swapped or copied between rounds.
#[derive(Debug)]
struct Side<C> {
    /// Cost from the side's root and parent toward it, for every id below the capacity;
    /// meaningful only where [`Seen`] says the side reached the id.
    records: Vec<NodeRecord<C>>,
    order: Vec<u32>,
    /// Where the current layer starts in `order`.
    layer: usize,
    /// With ids in discovery order, what takes the place of `order`: the current layer is
    /// the ids `span.0..span.1`. Every id the search is handed is reached at once by the
    /// side whose expansion met it, so the ids a layer's expansion is handed are the next
    /// layer, and they are consecutive.
    span: (u32, u32),
}

impl<C: Cost> Side<C> {
    fn new() -> Self {
        Side {
            records: Vec::new(),
            order: Vec::new(),
            layer: 0,
            span: (0, 0),
        }
    }

    /// The size of the current layer (kept as a span with ids in discovery order).
    #[inline(always)]
    fn layer_len(&self, discovery_order: bool) -> usize {
        if discovery_order {
            (self.span.1 - self.span.0) as usize
        } else {
            self.order.len() - self.layer
        }
    }

    /// Records `id` as reached at cost `g` from `parent`, at the end of the next layer.
    #[inline(always)]
    fn reach(&mut self, seen: &mut Seen, side: u64, id: u32, g: C, parent: u32) {
        seen.set(id, side);
        self.add(id, g, parent);
    }

    /// [`reach`](Self::reach) for an id whose bit the caller has set.
    #[inline(always)]
    fn add(&mut self, id: u32, g: C, parent: u32) {
        self.records[id as usize] = NodeRecord { g, parent };
        self.order.push(id);
    }

    /// Appends the ids from `id` back to the root (inclusive) to `out`, in that order.
    fn push_ids_to_root(&self, id: u32, out: &mut Vec<u32>) {
        push_ids_to_root(&self.records, id, out);
    }
}

/// Which way a side walks the graph; a type rather than a closure so each direction's
/// expansion loop is compiled on its own, without a dynamic call per edge.
trait Direction<G: ReverseGraph + ?Sized> {
    /// This side's bit in [`Seen`].
    const NEAR: u64;
    /// The other side's bit in [`Seen`].
    const FAR: u64;
    /// The node's neighbours this way, except perhaps `parent`, the id it was reached
    /// from on this side ([`NodeIds::successors_skipping_parent`]).
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError>;
}

struct Forward;
impl<G: ReverseGraph + ?Sized> Direction<G> for Forward {
    const NEAR: u64 = FORWARD;
    const FAR: u64 = BACKWARD;
    #[inline(always)]
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        ids.successors_skipping_parent(graph, node, id, parent, visit)
    }
}

struct Backward;
impl<G: ReverseGraph + ?Sized> Direction<G> for Backward {
    const NEAR: u64 = BACKWARD;
    const FAR: u64 = FORWARD;
    #[inline(always)]
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        ids.predecessors_skipping_parent(graph, node, id, parent, visit)
    }
}

/// What a search may do: its expansion budget, and whether it stops at the first meeting
/// edge instead of finishing the layer for the cheapest.
#[derive(Clone, Copy, Debug)]
struct Rules {
    budget: Option<u64>,
    first_meeting: bool,
}

/// The cheapest meeting edge of a layer: its total cost, the expanding side's node and the
/// node on the other side.
type Meeting<C> = Option<(C, u32, u32)>;

impl<I: Default, C: Cost> Default for BidirectionalBfs<I, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<I: Default, C: Cost> BidirectionalBfs<I, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, BidirectionalBfs, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = BidirectionalBfs::new();
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// # }
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
    /// A bidirectional planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{BidirectionalBfs, DenseIds};
    /// let search: BidirectionalBfs<DenseIds, f64> = BidirectionalBfs::new();
    /// ```
    pub fn new() -> Self {
        BidirectionalBfs {
            rules: Rules {
                budget: None,
                first_meeting: false,
            },
            ids: I::default(),
            seen: Seen::default(),
            forward: Side::new(),
            backward: Side::new(),
            trail: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Stops at the first edge where the two searches meet, instead of finishing that layer
    /// to pick the cheapest meeting edge. The path still has the fewest edges; only the
    /// choice among fewest-edge paths by their cost is given up, which changes nothing
    /// when every edge costs the same; graphs that say so
    /// ([`Graph::uniform_costs`], puzzles counted in moves) get
    /// this without asking. It skips the rest of the meeting layer: a fifth of the
    /// expansions on the 31-move 8-puzzles.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid}, Bfs, BidirectionalBfs, Planner};
    /// let grid = Grid::open(20, 20, Connectivity::Four);
    /// let first = BidirectionalBfs::new().with_first_meeting().plan(&grid, (0, 0), (19, 19))?;
    /// let cheapest = BidirectionalBfs::new().plan(&grid, (0, 0), (19, 19))?;
    /// assert_eq!(first.len(), cheapest.len());
    /// assert!(first.stats.expanded <= cheapest.stats.expanded);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn with_first_meeting(mut self) -> Self {
        self.rules.first_meeting = true;
        self
    }
}

/// The budget limits each search to that many node expansions, both sides together; a search
/// that needs more returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::{grid::{Connectivity, Grid}, BidirectionalBfs, Budgeted, PlanError, Planner};
/// let grid = Grid::open(30, 30, Connectivity::Four);
/// let mut search = BidirectionalBfs::new().with_budget(3);
/// assert_eq!(search.plan(&grid, (0, 0), (29, 29)), Err(PlanError::BudgetExceeded { budget: 3 }));
/// # }
/// ```
impl<I, C> Budgeted for BidirectionalBfs<I, C> {
    fn budget(&self) -> Option<u64> {
        self.rules.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.rules.budget
    }
}

impl<G: ReverseGraph + ?Sized> Planner<G> for BidirectionalBfs<G::Ids, G::Cost> {
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        // One start and one goal, set in place rather than through `place_roots`: called
        // from here, the general setup made the layer loops compile to 9% more
        // instructions on the 8-puzzle.
        self.stats = SearchStats::default();
        check_endpoint(graph, start, true)?;
        check_endpoint(graph, goal, false)?;
        let BidirectionalBfs {
            rules,
            ids,
            seen,
            forward,
            backward,
            trail,
            stats,
        } = self;
        begin_search(graph, ids, seen, forward, backward)?;
        let start_id = new_id(graph, ids, seen, forward, backward, start)?;
        let goal_id = new_id(graph, ids, seen, forward, backward, goal)?;
        seen.known = start_id.max(goal_id) + 1;
        if G::Ids::DISCOVERY_ORDER {
            let root = NodeRecord {
                g: G::Cost::ZERO,
                parent: NO_PARENT,
            };
            forward.records[start_id as usize] = root;
            backward.records[goal_id as usize] = root;
            forward.span = (start_id, start_id + 1);
            backward.span = (goal_id, goal_id + 1);
            seen.owner.clear();
            seen.owner.resize(seen.known as usize, 0);
            seen.owner[start_id as usize] = FORWARD as u8;
            seen.owner[goal_id as usize] = BACKWARD as u8;
        } else {
            forward.reach(seen, FORWARD, start_id, G::Cost::ZERO, NO_PARENT);
            backward.reach(seen, BACKWARD, goal_id, G::Cost::ZERO, NO_PARENT);
        }
        stats.max_frontier = 2;
        if start_id == goal_id {
            return Ok(Path {
                nodes: vec![start],
                cost: G::Cost::ZERO,
                stats: *stats,
            });
        }
        search_both_ways(
            graph,
            ids,
            seen,
            forward,
            backward,
            trail,
            stats,
            *rules,
            &[start],
            &[goal],
        )
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

impl<I, C: Cost> BidirectionalBfs<I, C> {
    /// Answers a [`Query`] whose goals are nodes: the path with the fewest edges from any
    /// of its starts to any of its goals. The starts make the first layer of the forward
    /// search and the goals the first layer of the backward one.
    ///
    /// # Errors
    ///
    /// As [`Planner::plan`]; [`PlanError::InvalidQuery`] for a query without starts, for a
    /// [`Goal::Where`] test (a backward search needs its goals as nodes), and for
    /// [`Query::or_closest`] (two half searches have no one closest node).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{BidirectionalBfs, Goal, Query};
    /// let grid: Grid = "
    ///     ......
    ///     .####.
    ///     ......"
    ///     .parse()?;
    /// let exits = [(5, 0), (5, 2)];
    /// let outcome = BidirectionalBfs::new().search(&grid, &Query::new((0, 2), Goal::AnyOf(&exits)))?;
    /// assert_eq!(outcome.path().len(), 5);
    /// assert_eq!(outcome.path().goal(), (5, 2));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
    ) -> Result<Outcome<G::Node, C>, PlanError>
    where
        G: ReverseGraph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.stats = SearchStats::default();
        if matches!(query.goal, Goal::Where(_)) {
            return Err(PlanError::InvalidQuery {
                reason: "a bidirectional search needs its goals as nodes, not a test",
            });
        }
        if query.closest {
            return Err(PlanError::InvalidQuery {
                reason: "a bidirectional search has no one closest node to return",
            });
        }
        check_query(graph, query)?;
        let starts = query.starts();
        let goals = match query.goal {
            Goal::Node(ref goal) => std::slice::from_ref(goal),
            Goal::AnyOf(goals) => goals,
            Goal::Where(_) => unreachable!("refused above"),
        };
        if let Some(&node) = goals.iter().find(|goal| starts.contains(goal)) {
            return Ok(Outcome::Reached(Path {
                nodes: vec![node],
                cost: C::ZERO,
                stats: self.stats,
            }));
        }
        if goals.is_empty() {
            return Err(PlanError::NoPath);
        }
        let BidirectionalBfs {
            rules,
            ids,
            seen,
            forward,
            backward,
            trail,
            stats,
        } = self;
        begin_search(graph, ids, seen, forward, backward)?;
        place_roots(graph, ids, seen, forward, backward, starts, goals, true)?;
        // The first layers hold each root once, however often the query lists it.
        let spans = G::Ids::DISCOVERY_ORDER;
        stats.max_frontier = forward.layer_len(spans) + backward.layer_len(spans);
        let path = search_both_ways(
            graph, ids, seen, forward, backward, trail, stats, *rules, starts, goals,
        )?;
        Ok(Outcome::Reached(path))
    }
}

/// Makes room for ids up to `id` in the reached bits and both sides' records.
#[inline(always)]
fn make_room<C: Cost>(seen: &mut Seen, a: &mut Side<C>, b: &mut Side<C>, id: u32) {
    if id as usize >= a.records.len() {
        grow(seen, a, b, id);
    }
}

#[cold]
fn grow<C: Cost>(seen: &mut Seen, a: &mut Side<C>, b: &mut Side<C>, id: u32) {
    // Whole words of ids, so `Seen` and the records cover the same ids.
    let len = (id as usize + 1)
        .max(2 * a.records.len())
        .next_multiple_of(IDS_PER_WORD);
    let empty = NodeRecord {
        g: C::INFINITY,
        parent: NO_PARENT,
    };
    a.records.resize(len, empty);
    b.records.resize(len, empty);
    seen.words.resize(len / IDS_PER_WORD, 0);
}

/// The shared id of `node`, with room for its record on both sides.
#[inline(always)]
fn new_id<G: Graph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    a: &mut Side<G::Cost>,
    b: &mut Side<G::Cost>,
    node: G::Node,
) -> Result<u32, PlanError> {
    let id = ids.id(graph, node)?;
    make_room(seen, a, b, id);
    Ok(id)
}

/// Starts a search: forgets the last one and makes room for the ids known up front.
#[inline(always)]
fn begin_search<G: Graph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    forward: &mut Side<G::Cost>,
    backward: &mut Side<G::Cost>,
) -> Result<(), PlanError> {
    forget_last_search(seen, forward, backward);
    let bound = ids.reset(graph)?;
    if bound > 0 {
        make_room(seen, forward, backward, bound as u32 - 1);
    }
    Ok(())
}

/// Forgets the last search: only the words of ids it reached can be non-zero. Ids handed
/// out in discovery order fill the first words densely, and zeroing the whole array is
/// then cheaper than visiting each id.
#[inline(always)]
fn forget_last_search<C>(seen: &mut Seen, forward: &mut Side<C>, backward: &mut Side<C>) {
    let reached = forward.order.len() + backward.order.len();
    if reached >= seen.words.len() {
        seen.words.fill(0);
    } else {
        for &id in forward.order.iter().chain(&backward.order) {
            seen.clear_word_of(id);
        }
    }
    forward.order.clear();
    backward.order.clear();
    forward.layer = 0;
    backward.layer = 0;
}

/// The path type of a search on `G`.
type PathOf<G> = Path<<G as Graph>::Node, <G as Graph>::Cost>;

/// The search from the roots in place: with layers as spans of ids where the ids come in
/// discovery order, and again with lists if the spans meet an impassable edge to a new
/// node; with lists from the start otherwise.
///
/// Each way is a function of its own ([`search_layers`] with `SPANS` or without), chosen
/// by constants, so a graph's planner compiles only the layer loops it can run: a graph
/// without ids in discovery order compiles no restart, and its one call of each layer loop
/// is inlined (pathfinding's 65×65 no-path grid, a search of 65 one-node layers: 22% fewer
/// instructions than with the restart's second call of each).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn search_both_ways<G: ReverseGraph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    forward: &mut Side<G::Cost>,
    backward: &mut Side<G::Cost>,
    trail: &mut Vec<u32>,
    stats: &mut SearchStats,
    rules: Rules,
    starts: &[G::Node],
    goals: &[G::Node],
) -> Result<PathOf<G>, PlanError> {
    if !G::Ids::DISCOVERY_ORDER {
        // Layers as lists skip impassable edges and never ask for another search.
        return search_layers::<G, false>(
            graph, ids, seen, forward, backward, trail, stats, rules,
        )?
        .ok_or(PlanError::NoPath);
    }
    match search_layers::<G, true>(graph, ids, seen, forward, backward, trail, stats, rules)? {
        Some(path) => Ok(path),
        None => search_by_lists(
            graph, ids, seen, forward, backward, trail, stats, rules, starts, goals,
        ),
    }
}

/// The layers of both searches until they meet, and the path through the meeting edge.
/// With `SPANS` (only where ids come in discovery order), layers are spans of ids; `None`
/// when that met an impassable edge to a new node, which a span cannot leave out: the
/// caller then searches again with lists ([`search_by_lists`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn search_layers<G: ReverseGraph + ?Sized, const SPANS: bool>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    forward: &mut Side<G::Cost>,
    backward: &mut Side<G::Cost>,
    trail: &mut Vec<u32>,
    stats: &mut SearchStats,
    rules: Rules,
) -> Result<Option<PathOf<G>>, PlanError> {
    debug_assert!(!SPANS || G::Ids::DISCOVERY_ORDER);
    let discovery_order = SPANS;
    // With equal edge costs every fewest-edge meeting costs the same: nothing to choose.
    let rules = Rules {
        first_meeting: rules.first_meeting || graph.uniform_costs(),
        ..rules
    };

    let (cost, forward_end, backward_start) = loop {
        let (forward_len, backward_len) = (
            forward.layer_len(discovery_order),
            backward.layer_len(discovery_order),
        );
        if forward_len == 0 || backward_len == 0 {
            return Err(PlanError::NoPath);
        }
        if forward_len <= backward_len {
            let meeting = if SPANS {
                let Some(meeting) =
                    expand_span::<G, Forward>(graph, ids, seen, forward, backward, stats, rules)?
                else {
                    return Ok(None);
                };
                meeting
            } else {
                expand_layer::<G, Forward>(graph, ids, seen, forward, backward, stats, rules)?
            };
            if let Some((cost, near, far)) = meeting {
                break (cost, near, far);
            }
        } else {
            let meeting = if SPANS {
                let Some(meeting) =
                    expand_span::<G, Backward>(graph, ids, seen, backward, forward, stats, rules)?
                else {
                    return Ok(None);
                };
                meeting
            } else {
                expand_layer::<G, Backward>(graph, ids, seen, backward, forward, stats, rules)?
            };
            if let Some((cost, near, far)) = meeting {
                break (cost, far, near);
            }
        }
        stats.max_frontier = stats
            .max_frontier
            .max(forward.layer_len(discovery_order) + backward.layer_len(discovery_order));
    };

    trail.clear();
    forward.push_ids_to_root(forward_end, trail);
    trail.reverse();
    backward.push_ids_to_root(backward_start, trail);
    Ok(Some(Path {
        nodes: trail.iter().map(|&id| ids.node(graph, id)).collect(),
        cost,
        stats: *stats,
    }))
}

/// The search again from the roots, its layers kept as lists of ids: for a graph with an
/// impassable edge, which layers as spans of ids cannot skip. The statistics and the budget
/// count both searches.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
fn search_by_lists<G: ReverseGraph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    forward: &mut Side<G::Cost>,
    backward: &mut Side<G::Cost>,
    trail: &mut Vec<u32>,
    stats: &mut SearchStats,
    rules: Rules,
    starts: &[G::Node],
    goals: &[G::Node],
) -> Result<Path<G::Node, G::Cost>, PlanError> {
    begin_search(graph, ids, seen, forward, backward)?;
    place_roots(graph, ids, seen, forward, backward, starts, goals, false)?;
    // Layers as lists skip impassable edges and never ask for another search.
    search_layers::<G, false>(graph, ids, seen, forward, backward, trail, stats, rules)?
        .ok_or(PlanError::NoPath)
}

/// Makes the starts the forward search's first layer and the goals the backward one's.
/// Kept out of the search loop's function: inlined there, its id lookups changed how the
/// loop's own were compiled (bidirectional BFS on the 8-puzzle: 9% more instructions).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn place_roots<G: Graph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    forward: &mut Side<G::Cost>,
    backward: &mut Side<G::Cost>,
    starts: &[G::Node],
    goals: &[G::Node],
    spans: bool,
) -> Result<(), PlanError> {
    // The roots: the starts, then the goals. With ids in discovery order each side's
    // roots get consecutive ids, the span that is its first layer.
    let mut known = 0;
    let mut start_ids = (u32::MAX, 0);
    for &start in starts {
        let id = new_id(graph, ids, seen, forward, backward, start)?;
        start_ids = (start_ids.0.min(id), start_ids.1.max(id + 1));
        known = known.max(id + 1);
    }
    let mut goal_ids = (u32::MAX, 0);
    for &goal in goals {
        let id = new_id(graph, ids, seen, forward, backward, goal)?;
        goal_ids = (goal_ids.0.min(id), goal_ids.1.max(id + 1));
        known = known.max(id + 1);
    }
    seen.known = known;
    let root = NodeRecord {
        g: G::Cost::ZERO,
        parent: NO_PARENT,
    };
    if spans && G::Ids::DISCOVERY_ORDER {
        seen.owner.clear();
        seen.owner.resize(seen.known as usize, 0);
        // Starts first, so the starts hold `0..s` and the goals, none of them a start,
        // `s..known`.
        debug_assert!(start_ids.0 == 0 && goal_ids.0 == start_ids.1);
        for id in start_ids.0..start_ids.1 {
            forward.records[id as usize] = root;
            seen.owner[id as usize] = FORWARD as u8;
        }
        for id in goal_ids.0..goal_ids.1 {
            backward.records[id as usize] = root;
            seen.owner[id as usize] = BACKWARD as u8;
        }
        forward.span = start_ids;
        backward.span = goal_ids;
    } else {
        for &start in starts {
            let id = ids.id(graph, start)?;
            if !seen.reached_by(id, FORWARD) {
                forward.reach(seen, FORWARD, id, G::Cost::ZERO, NO_PARENT);
            }
        }
        for &goal in goals {
            let id = ids.id(graph, goal)?;
            if !seen.reached_by(id, BACKWARD) {
                backward.reach(seen, BACKWARD, id, G::Cost::ZERO, NO_PARENT);
            }
        }
    }
    Ok(())
}
