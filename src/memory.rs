//! Per-node search records shared by every search of the crate, over either node store: the
//! planners, and the jump point search of the grid, which is a planner too but needs the
//! grid's geometry and so lives with the grid.
//!
//! Every planner keeps, for each node a search has reached, its cost from the search's root
//! (`g`) and the id of the node it was reached from. Records live in one flat array indexed
//! by the id [`NodeIds`] gives the node, so the dense and hashed stores share all the code.
//!
//! Whether a node was reached, and whether it was expanded, live in two `FixedBitSet`s
//! beside the records. Most successors a search generates were already seen or are new, and
//! the answer now comes from a bit array that stays in the first-level cache (32 KiB for a
//! 512×512 grid) instead of a 16-byte record scattered over megabytes: on Moving AI mazes
//! that cache miss per generated node was most of a search's time. Records are only read
//! for nodes the bits say were reached, and are never cleared; starting a search clears the
//! bits, `bound / 8` bytes.
//!
//! # Listing searches
//!
//! A search that reaches few nodes of a large graph (a jump point search on a 512×512 map
//! reaches a few hundred cells of a quarter million) would spend most of its time clearing
//! the bits. Such a search begins with [`Records::begin_listing`] and sets its bits with
//! [`Records::reach_listing`], which lists each word of the bit arrays as it first sets a
//! bit in it; the next search then zeroes the listed words only, or the arrays whole if the
//! list outgrew an eighth of them. The listing costs a test per bit set, which an A*
//! search, expanding thousands of nodes per query on small maps, pays many times over what
//! clearing the arrays whole costs it; A* and the other planners do not list.
//!
//! # What a first search pays
//!
//! Since no record is read before it is written, a table sized for a dense graph's bound
//! holds anything at first: it is allocated zeroed, all at once, which for the crate's cost
//! types (a record is a `(cost, u32)` pair, all zero bits) the allocator serves with pages
//! the system maps, and zeroes, only when the search first writes to them. A fresh
//! planner's first search on a 512×512 grid thus pays for the pages its search touches,
//! not for 4 MiB of records up front. The heap's position table is allocated zeroed to the
//! bound in the same way (a zero there means "not queued"); the bucket queue's grows with
//! the ids pushed. Growing past a previous search's bound allocates anew rather than copying
//! records nobody will read.
//!
//! # Claimed sizes
//!
//! A graph can claim a bound far beyond what any search touches
//! ([`IndexedGraph::node_bound`](crate::IndexedGraph::node_bound) of four billion). Before
//! allocating, the tables' size is checked against the planner's memory limit, if the
//! caller set one, and then with a fallible reservation: a size the allocator refuses is
//! [`PlanError::OutOfMemory`], never an aborted process.

use fixedbitset::FixedBitSet;

use crate::{Cost, Goal, Graph, NodeIds, PlanError, Query};

/// The parent of a search root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeRecord<C> {
    pub(crate) g: C,
    pub(crate) parent: u32,
}

/// One search's records, indexed by node id: `(g, parent)` pairs rather than
/// [`NodeRecord`]s, since a table of pairs of zeroes is allocated zeroed by the system (see
/// the module doc).
#[derive(Debug)]
pub(crate) struct Records<C> {
    records: Vec<(C, u32)>,
    reached: FixedBitSet,
    closed: FixedBitSet,
    /// Whether the last search listed the words it set bits in (see the module doc).
    listing: bool,
    /// The indices of the words of either bit array the last search set a bit in, while
    /// there is room: the last slot takes every word past the others, and then `listed`
    /// says the list is incomplete. A word can be listed twice, never missed.
    touched: Vec<u32>,
    /// How many words the last search listed, room or not.
    listed: usize,
}

/// The fewest words of a bit array for which a listing search lists: on smaller arrays,
/// zeroing both whole costs a few hundred instructions, less than the listing.
#[cfg(feature = "grid")]
const LIST_FROM_WORDS: usize = 256;

/// The slots of the list of touched words for bit arrays of `words` words: past an eighth
/// of the words, zeroing the arrays whole costs about as much as zeroing the listed words.
#[cfg(feature = "grid")]
fn list_room(words: usize) -> usize {
    words / 8 + 1
}

/// The word of `id` in a bit array's blocks, and its bit in that word.
#[cfg(feature = "grid")]
#[inline(always)]
fn word_and_bit(id: u32) -> (usize, usize) {
    let bits = usize::BITS;
    ((id / bits) as usize, 1 << (id % bits))
}

/// The bytes of the tables a search over ids `0..bound` keeps per node: a record, two bits,
/// and the frontier's position (a bucket queue's, the larger).
fn table_bytes<C>(bound: usize) -> u64 {
    let per_node = std::mem::size_of::<(C, u32)>() + std::mem::size_of::<(u32, u32)>();
    (bound as u64).saturating_mul(per_node as u64) + (bound as u64) / 4
}

impl<C: Cost> Records<C> {
    pub(crate) fn new() -> Self {
        Records {
            records: Vec::new(),
            reached: FixedBitSet::new(),
            closed: FixedBitSet::new(),
            listing: false,
            touched: vec![0],
            listed: 0,
        }
    }

    /// Forgets the previous search and makes room for ids `0..bound`.
    pub(crate) fn begin(&mut self, bound: usize) {
        if self.listing && self.listed < self.touched.len() {
            let (reached, closed) = (self.reached.as_mut_slice(), self.closed.as_mut_slice());
            for &word in &self.touched[..self.listed] {
                reached[word as usize] = 0;
                closed[word as usize] = 0;
            }
        } else {
            self.reached.clear();
            self.closed.clear();
        }
        self.listing = false;
        self.listed = 0;
        if self.records.len() < bound {
            // Fresh, not grown: the old records will not be read (see the module doc).
            self.records = Vec::new();
            self.records = vec![(C::ZERO, 0); bound];
            self.reached.grow(bound);
            self.closed.grow(bound);
        }
    }

    #[cfg(feature = "grid")]
    /// [`begin`](Records::begin) for a search that reaches nodes with
    /// [`reach_listing`](Records::reach_listing) only, and closes only nodes it reached, so
    /// that the next search clears only the words it set bits in; below
    /// [`LIST_FROM_WORDS`] words the next search clears the arrays whole all the same.
    pub(crate) fn begin_listing(&mut self, bound: usize) {
        self.begin(bound);
        let words = self.reached.as_slice().len();
        let room = list_room(words);
        if self.touched.len() != room {
            self.touched = vec![0; room];
        }
        self.listing = words >= LIST_FROM_WORDS;
    }

    #[cfg(feature = "grid")]
    /// Lists `word` for the next search to clear, into the last slot once the list is full.
    #[inline(always)]
    fn touch(&mut self, word: usize) {
        let slot = self.listed.min(self.touched.len() - 1);
        self.touched[slot] = word as u32;
        self.listed += 1;
    }

    #[cfg(feature = "grid")]
    /// [`reach`](Records::reach) in a listing search.
    #[inline(always)]
    pub(crate) fn reach_listing(&mut self, id: u32, g: C, parent: u32) {
        if !self.listing {
            // Arrays this small are cleared whole.
            self.reached.insert(id as usize);
            self.closed.set(id as usize, false);
            self.records[id as usize] = (g, parent);
            return;
        }
        let (word, bit) = word_and_bit(id);
        let reached = &mut self.reached.as_mut_slice()[word];
        let was = *reached;
        *reached = was | bit;
        self.closed.set(id as usize, false);
        self.records[id as usize] = (g, parent);
        if was == 0 {
            self.touch(word);
        }
    }

    #[cfg(feature = "grid")]
    /// [`reach_listing`](Records::reach_listing) for a node not reached yet, or reached at
    /// a cost of which `better` holds: `None` when the node was reached and `better` does
    /// not hold (nothing changes), else whether the node was reached and open before. One
    /// read of the node's word of reached bits serves the test and the update.
    #[inline(always)]
    pub(crate) fn improve_listing(
        &mut self,
        id: u32,
        g: C,
        parent: u32,
        better: impl FnOnce(C) -> bool,
    ) -> Option<bool> {
        let (word, bit) = word_and_bit(id);
        let reached = &mut self.reached.as_mut_slice()[word];
        let was = *reached;
        if was & bit != 0 {
            if !better(self.records[id as usize].0) {
                return None;
            }
            let open = !self.closed.contains(id as usize);
            self.closed.set(id as usize, false);
            self.records[id as usize] = (g, parent);
            return Some(open);
        }
        *reached = was | bit;
        // Not reached in this search, so not closed either: its closed bit is clear.
        self.records[id as usize] = (g, parent);
        if self.listing && was == 0 {
            self.touch(word);
        }
        Some(false)
    }

    /// [`begin`](Records::begin) for a bound the graph claims, refused with
    /// [`PlanError::OutOfMemory`] when its tables would pass `limit` bytes or the allocator
    /// would not grant them.
    pub(crate) fn try_begin(&mut self, bound: usize, limit: Option<u64>) -> Result<(), PlanError> {
        if self.records.len() < bound {
            let bytes = table_bytes::<C>(bound);
            let refused = PlanError::OutOfMemory { bytes };
            if limit.is_some_and(|limit| bytes > limit) {
                return Err(refused);
            }
            // A probe: the zeroed allocation below cannot fail softly. Reserved and not
            // written, the probe costs an address range, not memory.
            let mut probe: Vec<u8> = Vec::new();
            let size = usize::try_from(bytes).map_err(|_| refused.clone())?;
            probe.try_reserve_exact(size).map_err(|_| refused)?;
            drop(probe);
        }
        self.begin(bound);
        Ok(())
    }

    fn resize(&mut self, len: usize) {
        self.records.resize(len, (C::INFINITY, NO_PARENT));
        self.reached.grow(len);
        self.closed.grow(len);
    }

    /// Makes room for the record of `id`.
    #[inline(always)]
    pub(crate) fn make_room(&mut self, id: u32) {
        if id as usize >= self.records.len() {
            self.grow(id);
        }
    }

    #[cold]
    fn grow(&mut self, id: u32) {
        self.resize((id as usize + 1).max(self.records.len() * 2));
    }

    /// The record of a node reached in this search.
    #[inline(always)]
    pub(crate) fn record(&self, id: u32) -> NodeRecord<C> {
        let (g, parent) = self.records[id as usize];
        NodeRecord { g, parent }
    }

    /// Whether the node was reached in this search.
    #[inline(always)]
    pub(crate) fn is_reached(&self, id: u32) -> bool {
        self.reached.contains(id as usize)
    }

    /// `g` of the node if it was reached in this search, and whether it is closed.
    #[inline(always)]
    pub(crate) fn state(&self, id: u32) -> Option<(C, bool)> {
        self.is_reached(id).then(|| {
            (
                self.records[id as usize].0,
                self.closed.contains(id as usize),
            )
        })
    }

    /// Marks the node reached (and open) with cost `g` from `parent`.
    #[inline(always)]
    pub(crate) fn reach(&mut self, id: u32, g: C, parent: u32) {
        debug_assert!(
            !self.listing,
            "a listing search sets its bits with reach_listing"
        );
        self.reached.insert(id as usize);
        self.closed.set(id as usize, false);
        self.records[id as usize] = (g, parent);
    }

    /// [`reach`](Records::reach) for a node this search has not reached yet, whose closed
    /// flag is therefore already clear.
    #[inline(always)]
    pub(crate) fn reach_new(&mut self, id: u32, g: C, parent: u32) {
        debug_assert!(
            !self.listing,
            "a listing search sets its bits with reach_listing"
        );
        debug_assert!(!self.is_reached(id));
        self.reached.insert(id as usize);
        self.records[id as usize] = (g, parent);
    }

    /// Sets a node's record and nothing else: for a planner that knows which ids it has
    /// reached without the reached bits (ids in discovery order), which then mean nothing.
    #[inline(always)]
    pub(crate) fn write(&mut self, id: u32, g: C, parent: u32) {
        self.records[id as usize] = (g, parent);
    }

    /// The `g` and the closed bit of a node the caller knows was reached (see
    /// [`write`](Records::write)).
    #[inline(always)]
    pub(crate) fn g_and_closed(&self, id: u32) -> (C, bool) {
        (
            self.records[id as usize].0,
            self.closed.contains(id as usize),
        )
    }

    /// Whether the node was expanded in this search.
    /// The parent recorded for a reached node, [`NO_PARENT`] for a root.
    #[cfg(feature = "grid")]
    #[inline(always)]
    pub(crate) fn parent(&self, id: u32) -> u32 {
        self.records[id as usize].1
    }

    #[cfg(feature = "grid")]
    #[inline(always)]
    pub(crate) fn is_closed(&self, id: u32) -> bool {
        self.closed.contains(id as usize)
    }

    /// Marks a reached node expanded.
    #[inline(always)]
    pub(crate) fn close(&mut self, id: u32) {
        // Listing, the node's word was listed when the node was reached, for both arrays.
        debug_assert!(
            !self.listing || self.is_reached(id),
            "closing an unreached node"
        );
        self.closed.insert(id as usize);
    }

    /// Appends the ids from `id` back to the root (inclusive) to `out`, in that order.
    pub(crate) fn push_ids_to_root(&self, mut id: u32, out: &mut Vec<u32>) {
        loop {
            out.push(id);
            let parent = self.records[id as usize].1;
            if parent == NO_PARENT {
                break;
            }
            id = parent;
        }
    }
}

/// Appends the ids from `id` back to its search's root (inclusive) to `out`, following the
/// parents in `records`.
pub(crate) fn push_ids_to_root<C>(records: &[NodeRecord<C>], mut id: u32, out: &mut Vec<u32>) {
    loop {
        out.push(id);
        let parent = records[id as usize].parent;
        if parent == NO_PARENT {
            break;
        }
        id = parent;
    }
}

/// Node ids plus one record per id: what a one-directional search needs.
#[derive(Debug)]
pub(crate) struct SearchMemory<I, C> {
    pub(crate) ids: I,
    pub(crate) records: Records<C>,
    /// How many ids the search has been given, while they come in discovery order
    /// ([`NodeIds::DISCOVERY_ORDER`]): the next new node gets this id.
    known: u32,
    /// Scratch for path reconstruction, kept to avoid an allocation per search.
    trail: Vec<u32>,
    /// The most bytes the tables may take for a graph's claimed bound, if limited.
    pub(crate) limit: Option<u64>,
}

impl<I: Default, C: Cost> SearchMemory<I, C> {
    pub(crate) fn new() -> Self {
        SearchMemory {
            ids: I::default(),
            records: Records::new(),
            known: 0,
            trail: Vec::new(),
            limit: None,
        }
    }

    /// Starts a new search; returns the number of ids known up front.
    pub(crate) fn begin<G>(&mut self, graph: &G) -> Result<usize, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let bound = self.ids.reset(graph)?;
        self.records.try_begin(bound, self.limit)?;
        self.known = 0;
        Ok(bound)
    }

    /// The id of `node`, with room for its record.
    #[inline(always)]
    pub(crate) fn id<G>(&mut self, graph: &G, node: G::Node) -> Result<u32, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let id = self.ids.id(graph, node)?;
        if !G::Ids::BOUNDED {
            self.records.make_room(id);
        }
        self.known = self.known.max(id + 1);
        Ok(id)
    }

    /// Calls `visit(records, successor, its id, edge cost, fresh)` for each successor of
    /// `node` (whose id is `id`), with room made for the successor's record; `fresh` says
    /// the id was handed out by this lookup (only where [`NodeIds::DISCOVERY_ORDER`] holds;
    /// otherwise it is `false`), so the search has never met the node. The successor
    /// `parent` (the id `node` was reached from, or [`NO_PARENT`]) may be left out
    /// ([`NodeIds::successors_skipping_parent`]): callers only relax edges, and the route
    /// back to the parent is never cheaper than the parent's own.
    #[inline(always)]
    pub(crate) fn for_each_successor<G>(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: u32,
        mut visit: impl FnMut(&mut Records<C>, G::Node, u32, C, bool),
    ) -> Result<(), PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let SearchMemory {
            ids,
            records,
            known,
            ..
        } = self;
        let parent = (parent != NO_PARENT).then_some(parent);
        ids.successors_skipping_parent(graph, node, id, parent, |next, next_id, cost| {
            if !G::Ids::BOUNDED {
                records.make_room(next_id);
            }
            debug_assert!(
                !G::Ids::DISCOVERY_ORDER || next_id <= *known,
                "a NodeIds claiming DISCOVERY_ORDER skipped an id"
            );
            let fresh = G::Ids::DISCOVERY_ORDER && next_id == *known;
            *known += u32::from(fresh);
            visit(records, next, next_id, cost, fresh)
        })
    }

    #[inline(always)]
    pub(crate) fn node<G>(&self, graph: &G, id: u32) -> G::Node
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.ids.node(graph, id)
    }

    /// The nodes from the root to `id`, inclusive.
    pub(crate) fn path_from_root<G>(&mut self, graph: &G, id: u32) -> Vec<G::Node>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        self.trail.clear();
        self.records.push_ids_to_root(id, &mut self.trail);
        self.trail
            .iter()
            .rev()
            .map(|&id| self.ids.node(graph, id))
            .collect()
    }
}

/// Checks a start (or goal) with [`Graph::check_node`], then with the node store's own
/// [`NodeIds::check_node`] (a dense index past the graph's bound).
pub(crate) fn check_endpoint<G: Graph + ?Sized>(
    graph: &G,
    node: G::Node,
    is_start: bool,
) -> Result<(), PlanError> {
    let checked = graph
        .check_node(node)
        .and_then(|()| <G::Ids as NodeIds<G>>::check_node(graph, node));
    checked.map_err(|reason| {
        let node = format!("{node:?}");
        if is_start {
            PlanError::InvalidStart { node, reason }
        } else {
            PlanError::InvalidGoal { node, reason }
        }
    })
}

/// The reached node with the least estimate, ties broken by the least `g`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closest<C> {
    pub(crate) id: u32,
    pub(crate) h: C,
    pub(crate) g: C,
}

impl<C: Cost> Closest<C> {
    #[inline(always)]
    pub(crate) fn offer(best: &mut Option<Closest<C>>, id: u32, h: C, g: C) {
        let better = match best {
            None => true,
            Some(best) => h < best.h || (h == best.h && g < best.g),
        };
        if better {
            *best = Some(Closest { id, h, g });
        }
    }
}

/// Whether a node ends the search, by its id or by the node.
pub(crate) trait GoalTest<N> {
    fn test(&self, id: u32, node: impl FnOnce() -> N) -> bool;
    /// Whether the goals are ids and `id` is one of them.
    fn is_goal_id(&self, id: u32) -> bool;
}

/// The one goal's id.
pub(crate) struct IdIs(pub(crate) u32);

impl<N> GoalTest<N> for IdIs {
    #[inline(always)]
    fn test(&self, id: u32, _: impl FnOnce() -> N) -> bool {
        id == self.0
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        id == self.0
    }
}

/// Any goal test but the common one-goal search's: one type, so a planner's loop is
/// compiled once for all of them (a branch on the kind costs them next to nothing, while
/// a copy of the loop for each kind and each graph costs every build).
pub(crate) enum OtherGoal<'a, N> {
    /// One goal, by id (a one-goal search with the query's own estimate).
    Id(u32),
    /// The goals' ids.
    In(&'a FixedBitSet),
    /// The query's test.
    Where(&'a dyn Fn(N) -> bool),
}

impl<N> GoalTest<N> for OtherGoal<'_, N> {
    #[inline(always)]
    fn test(&self, id: u32, node: impl FnOnce() -> N) -> bool {
        match self {
            Self::Id(goal) => id == *goal,
            Self::In(goals) => goals.contains(id as usize),
            Self::Where(test) => test(node()),
        }
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        match self {
            Self::Id(goal) => id == *goal,
            Self::In(goals) => goals.contains(id as usize),
            Self::Where(_) => false,
        }
    }
}

/// Checks a query's starts and goal nodes with [`Graph::check_node`], and that it has a
/// start.
pub(crate) fn check_query<G: Graph + ?Sized, C>(
    graph: &G,
    query: &Query<'_, G::Node, C>,
) -> Result<(), PlanError> {
    let starts = query.starts();
    if starts.is_empty() {
        return Err(PlanError::InvalidQuery {
            reason: "the query has no start",
        });
    }
    for &start in starts {
        check_endpoint(graph, start, true)?;
    }
    match query.goal {
        Goal::Node(goal) => check_endpoint(graph, goal, false)?,
        Goal::AnyOf(goals) => {
            for &goal in goals {
                check_endpoint(graph, goal, false)?;
            }
        }
        Goal::Where(_) => {}
    }
    Ok(())
}

/// Checks start and goal with [`Graph::check_node`].
pub(crate) fn check_endpoints<G: Graph + ?Sized>(
    graph: &G,
    start: G::Node,
    goal: G::Node,
) -> Result<(), PlanError> {
    check_endpoint(graph, start, true)?;
    check_endpoint(graph, goal, false)
}

/// `g + edge`, refusing negative or NaN edges and overflowing sums.
#[inline(always)]
pub(crate) fn add_edge<C: Cost>(g: C, edge: C) -> Result<C, PlanError> {
    // A `match`, not `ok_or(PlanError::CostOverflow)`: that builds the error on every call
    // and drops it through an out-of-line jump table, once per generated node.
    match g.checked_add(edge) {
        Some(sum) if edge.is_valid_edge_cost() => Ok(sum),
        _ => Err(edge_error(edge)),
    }
}

/// `g + edge`, or `None` for an impassable edge (one of cost [`Cost::INFINITY`]), which the
/// search skips; refuses negative or NaN edges and sums that overflow (for integers, a
/// finite sum that reaches `INFINITY`).
#[inline(always)]
pub(crate) fn relax_edge<C: Cost>(g: C, edge: C) -> Result<Option<C>, PlanError> {
    match g.checked_add(edge) {
        Some(sum) if edge.is_valid_edge_cost() && !is_infinite_sum(sum) => Ok(Some(sum)),
        _ => skip_or_refuse(edge),
    }
}

/// Whether `sum`, a sum [`Cost::checked_add`] accepted, is [`Cost::INFINITY`]: an integer
/// sum can be (the largest integer is the type's infinity), a float sum cannot (the float
/// addition refuses non-finite sums), so for floats this is `false` at compile time.
#[inline(always)]
pub(crate) fn is_infinite_sum<C: Cost>(sum: C) -> bool {
    C::ZERO.small_integer().is_some() && sum == C::INFINITY
}

/// `Ok(None)` for an impassable edge, else the error [`edge_error`] gives.
#[cold]
pub(crate) fn skip_or_refuse<C: Cost>(edge: C) -> Result<Option<C>, PlanError> {
    if edge == C::INFINITY {
        Ok(None)
    } else {
        Err(edge_error(edge))
    }
}

/// Why adding `edge` to a cost failed: the edge is invalid (checked first, as a NaN or a
/// negative edge is the caller's bug either way), or else the sum overflowed.
#[cold]
pub(crate) fn edge_error<C: Cost>(edge: C) -> PlanError {
    if edge.is_valid_edge_cost() {
        PlanError::CostOverflow
    } else {
        PlanError::InvalidCost {
            cost: format!("{edge:?}"),
        }
    }
}

/// A digest of everything a resumed search must be handed again as it began: the starts,
/// the kind of goal and its nodes, whether there is an estimate of the query's own and
/// whether it asks for the closest node. A goal test and an estimate are closures, which
/// cannot be compared; only their presence is. `O(starts + goals)`.
pub(crate) fn query_digest<N: std::hash::Hash + Copy, C>(query: &Query<'_, N, C>) -> u64 {
    use std::hash::{Hash, Hasher};
    // SipHash with fixed keys: deterministic, and two different queries collide with
    // probability 2^-64.
    let mut hasher = std::hash::DefaultHasher::new();
    query.starts().hash(&mut hasher);
    match query.goal {
        Goal::Node(goal) => (0_u8, goal).hash(&mut hasher),
        Goal::AnyOf(goals) => (1_u8, goals).hash(&mut hasher),
        Goal::Where(_) => 2_u8.hash(&mut hasher),
    }
    (query.estimate.is_some(), query.closest).hash(&mut hasher);
    hasher.finish()
}

/// The cost of walking `nodes` in the graph: the sum of the cheapest edge between each
/// pair. A search that reopens a node (an inconsistent heuristic, or float rounding) can
/// leave the recorded cost of the nodes below it stale while their parents already point
/// along the cheaper route; walking the path again gives its true cost.
/// `O(path length × out-degree)`.
pub(crate) fn walk_cost<G: Graph + ?Sized>(
    graph: &G,
    nodes: &[G::Node],
) -> Result<G::Cost, PlanError> {
    let mut total = G::Cost::ZERO;
    for step in nodes.windows(2) {
        let mut cheapest: Option<G::Cost> = None;
        graph.successors(step[0], |next, cost| {
            if next == step[1] && cheapest.is_none_or(|best| cost < best) {
                cheapest = Some(cost);
            }
        });
        // The search walked this edge, so only a graph changed under it lacks one.
        let edge = cheapest.ok_or(PlanError::GraphChanged)?;
        total = add_edge(total, edge)?;
    }
    Ok(total)
}

/// Whether an estimate is NaN; for integer costs `false` at compile time.
#[inline(always)]
#[allow(clippy::eq_op)]
pub(crate) fn is_nan<C: PartialEq>(estimate: C) -> bool {
    // NaN is the one value unequal to itself.
    estimate != estimate
}

/// The error for a NaN estimate.
#[cold]
pub(crate) fn estimate_error<C: Cost>(estimate: C) -> PlanError {
    PlanError::InvalidEstimate {
        estimate: format!("{estimate:?}"),
    }
}

#[cfg(all(test, feature = "grid"))]
mod tests {
    use super::*;

    /// Every bit a listing search set is clear for the next search, whether the list held
    /// every word it set bits in or overflowed, and whether the next search lists or not.
    #[test]
    fn a_listing_search_leaves_no_bit_for_the_next() {
        let bound = 64 * LIST_FROM_WORDS * 2;
        for reached in [1, 3, 200, 5_000, 40_000] {
            for next_lists in [true, false] {
                let mut records = Records::<f64>::new();
                records.begin_listing(bound);
                let ids: Vec<u32> = (0..reached)
                    .map(|k| (k * (bound / reached)) as u32)
                    .collect();
                for (k, &id) in ids.iter().enumerate() {
                    records.reach_listing(id, 1.0, NO_PARENT);
                    if k % 2 == 0 {
                        records.close(id);
                    }
                }
                assert!(ids.iter().all(|&id| records.is_reached(id)));
                if next_lists {
                    records.begin_listing(bound);
                } else {
                    records.begin(bound);
                }
                for &id in &ids {
                    assert_eq!(records.state(id), None, "{reached} reached, id {id}");
                    assert!(!records.is_closed(id), "{reached} reached, id {id}");
                }
            }
        }
    }

    /// `improve_listing` reaches a new node, improves a reached one only where `better`
    /// holds (reopening it if it was closed), and tells which of these happened; the words
    /// it set bits in are cleared for the next search like `reach_listing`'s.
    #[test]
    fn improve_listing_reaches_improves_or_leaves_a_node() {
        let bound = 64 * LIST_FROM_WORDS * 2;
        for listing in [true, false] {
            let mut records = Records::<f64>::new();
            if listing {
                records.begin_listing(bound);
            } else {
                records.begin_listing(100);
            }
            let (id, other) = if listing {
                (bound as u32 - 3, bound as u32 - 2)
            } else {
                (70, 71)
            };
            assert_eq!(records.improve_listing(id, 5.0, 1, |_| true), Some(false));
            assert_eq!(records.state(id), Some((5.0, false)));
            assert_eq!(records.record(id).parent, 1);
            // A neighbour in the same word: its own bit, the first one kept.
            assert_eq!(
                records.improve_listing(other, 9.0, 1, |_| true),
                Some(false)
            );
            assert_eq!(records.state(id), Some((5.0, false)));
            // Not better: nothing changes.
            assert_eq!(records.improve_listing(id, 7.0, 2, |old| 7.0 < old), None);
            assert_eq!(records.state(id), Some((5.0, false)));
            assert_eq!(records.record(id).parent, 1);
            // Better, still open.
            assert_eq!(
                records.improve_listing(id, 4.0, 2, |old| 4.0 < old),
                Some(true)
            );
            assert_eq!(records.state(id), Some((4.0, false)));
            assert_eq!(records.record(id).parent, 2);
            // Better once closed: reopened, and reported as not open before.
            records.close(id);
            assert_eq!(
                records.improve_listing(id, 3.0, 3, |old| 3.0 < old),
                Some(false)
            );
            assert_eq!(records.state(id), Some((3.0, false)));
            // Reached again through `reach_listing`, it stays reached.
            records.reach_listing(other, 2.0, 3);
            assert_eq!(records.state(other), Some((2.0, false)));
            records.begin_listing(if listing { bound } else { 100 });
            assert_eq!(records.state(id), None);
            assert_eq!(records.state(other), None);
        }
    }

    /// The tables' size is a record, a frontier position and two bits a node; a limit of
    /// exactly that size admits the search, a byte less refuses it with the size.
    #[test]
    fn try_begin_admits_a_limit_of_exactly_the_tables_and_refuses_one_byte_less() {
        let bound = 1000;
        let bytes = table_bytes::<u32>(bound);
        assert_eq!(bytes, 1000 * (8 + 8) + 1000 / 4);
        assert_eq!(table_bytes::<f64>(4), 4 * (16 + 8) + 1);
        let mut records = Records::<u32>::new();
        assert_eq!(
            records.try_begin(bound, Some(bytes - 1)),
            Err(PlanError::OutOfMemory { bytes })
        );
        assert_eq!(records.try_begin(bound, Some(bytes)), Ok(()));
        // Tables already that large need no new claim, whatever the limit.
        assert_eq!(records.try_begin(bound, Some(0)), Ok(()));
    }

    /// A digraph on small integers with signed costs, parallel edges in the order listed.
    struct Listed(Vec<(u8, u8, i32)>);

    impl Graph for Listed {
        type Node = u8;
        type Cost = i32;
        type Ids = crate::HashedIds<u8>;
        fn successors(&self, node: u8, mut visit: impl FnMut(u8, i32)) {
            for &(from, to, cost) in &self.0 {
                if from == node {
                    visit(to, cost);
                }
            }
        }
    }

    /// A walk costs the cheapest of the parallel edges at each step, wherever it is listed
    /// and whatever cheaper edges lead elsewhere; a step without an edge is a graph that
    /// changed, and a negative edge is refused even where the sum is a valid cost.
    #[test]
    fn walk_cost_sums_the_cheapest_edge_of_each_step() {
        let graph = Listed(vec![
            (0, 1, 4),
            (0, 1, 2),
            (0, 1, 3),
            (0, 2, 1),
            (1, 2, 0),
            (1, 3, 7),
            (2, 3, 5),
        ]);
        assert_eq!(walk_cost(&graph, &[0]), Ok(0));
        assert_eq!(walk_cost(&graph, &[0, 1, 3]), Ok(9));
        assert_eq!(walk_cost(&graph, &[0, 2, 3]), Ok(6));
        assert_eq!(walk_cost(&graph, &[0, 3]), Err(PlanError::GraphChanged));
        let negative = Listed(vec![(0, 1, 2), (1, 2, -1)]);
        let refused = Err(PlanError::InvalidCost { cost: "-1".into() });
        assert_eq!(walk_cost(&negative, &[0, 1, 2]), refused);
        assert_eq!(add_edge(3, -1), refused);
        assert_eq!(add_edge(3, 0), Ok(3));
        assert_eq!(add_edge(i32::MAX, 1), Err(PlanError::CostOverflow));
    }

    /// A small graph's listing search lists nothing and still leaves no bit behind.
    #[test]
    fn a_small_listing_search_clears_whole() {
        let mut records = Records::<f64>::new();
        records.begin_listing(100);
        records.reach_listing(7, 1.0, NO_PARENT);
        records.close(7);
        records.begin_listing(100);
        assert_eq!(records.state(7), None);
    }
}
