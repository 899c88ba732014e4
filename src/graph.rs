//! The graph traits every planner searches.
//!
//! A [`Graph`] only has to answer "what are the successors of this node, and what does each
//! step cost". Nothing has to exist up front, so puzzles and games with implicit state spaces
//! implement it as easily as a grid does. Two optional capabilities add to it:
//!
//! - [`ReverseGraph`]: predecessors, for planners that search backwards from the goal.
//! - [`IndexedGraph`]: a dense index `0..node_bound()` for every node, so planners keep their
//!   per-node data in flat arrays instead of hash maps.
//!
//! Which of the two per-node stores a planner uses is the graph's choice, made once through
//! [`Graph::Ids`]: [`HashedIds`] works for any graph, [`DenseIds`] for an [`IndexedGraph`].
//! Every planner is written once against [`NodeIds`], so both stores run the same code.

use std::fmt::Debug;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{Cost, InvalidNode, PlanError};

/// A directed graph with weighted edges, possibly implicit.
///
/// `successors` calls `visit` once per outgoing edge. Internal iteration (a callback rather
/// than a returned iterator) lets an implementation generate neighbours in a plain loop with
/// no iterator state and no allocation per call.
///
/// # Example
///
/// A ring of five nodes where each step costs its target's number:
///
/// ```
/// use replan::{AStar, Graph, HashedIds, Planner};
///
/// struct Ring;
/// impl Graph for Ring {
///     type Node = u32;
///     type Cost = u32;
///     type Ids = HashedIds<u32>;
///     fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
///         let next = (node + 1) % 5;
///         visit(next, next);
///     }
/// }
///
/// let path = AStar::dijkstra().plan(&Ring, 0, 3).unwrap();
/// assert_eq!(path.nodes, [0, 1, 2, 3]);
/// assert_eq!(path.cost, 6);
/// ```
pub trait Graph {
    /// A node: small, copyable, hashable.
    type Node: Copy + Eq + Hash + Debug;
    /// The cost of an edge and of a path.
    type Cost: Cost;
    /// How planners store per-node data for this graph: [`HashedIds<Self::Node>`] for any
    /// graph, [`DenseIds`] when the graph implements [`IndexedGraph`].
    type Ids: NodeIds<Self>;

    /// Calls `visit(successor, edge_cost)` for every edge leaving `node`.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, Graph};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut next = Vec::new();
    /// grid.successors((1, 0), |cell, cost| next.push((cell, cost)));
    /// assert_eq!(next, [((0, 0), 1.0), ((2, 0), 1.0)]); // (1, 1) is blocked
    /// # }
    /// ```
    fn successors(&self, node: Self::Node, visit: impl FnMut(Self::Node, Self::Cost));

    /// Whether `node` may start or end a search. Planners check start and goal with it and
    /// return [`PlanError::InvalidStart`] or [`PlanError::InvalidGoal`] with the reason.
    ///
    /// The default accepts every node.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, Graph, InvalidNode};
    /// let grid: Grid = ".#".parse().unwrap();
    /// assert_eq!(grid.check_node((0, 0)), Ok(()));
    /// assert_eq!(grid.check_node((1, 0)), Err(InvalidNode::Blocked));
    /// assert_eq!(grid.check_node((5, 0)), Err(InvalidNode::OutOfBounds));
    /// # }
    /// ```
    fn check_node(&self, node: Self::Node) -> Result<(), InvalidNode> {
        let _ = node;
        Ok(())
    }

    /// Calls `visit(successor, edge_cost)` for every edge leaving `node` except those that
    /// lead to `skip`.
    ///
    /// Memoryless searches ([`IdaStar`](crate::IdaStar)) never step straight back to the
    /// node they came from and call this with it. The default filters
    /// [`successors`](Graph::successors) by equality; a graph that can leave the edge out
    /// without comparing every successor (a sliding-tile puzzle skips one slide by its
    /// cell) overrides it.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, Graph};
    /// let grid: Grid = "...".parse().unwrap();
    /// let mut seen = Vec::new();
    /// grid.successors_except((1, 0), (0, 0), |cell, _| seen.push(cell));
    /// assert_eq!(seen, [(2, 0)]);
    /// # }
    /// ```
    #[inline(always)]
    fn successors_except(
        &self,
        node: Self::Node,
        skip: Self::Node,
        mut visit: impl FnMut(Self::Node, Self::Cost),
    ) {
        self.successors(node, |next, cost| {
            if next != skip {
                visit(next, cost);
            }
        });
    }

    /// `true` when every edge costs the same, so that all paths with the fewest edges cost
    /// the same too. [`BidirectionalBfs`](crate::BidirectionalBfs) then stops where its two
    /// searches first meet instead of finishing that layer for the cheapest meeting edge.
    ///
    /// The default, `false`, is always safe; answering `true` for a graph with unequal
    /// costs only gives up the choice by cost among fewest-edge paths.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(all(feature = "grid", feature = "puzzle"))] {
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::{grid::Grid, Graph};
    /// assert!(SlidingPuzzle::new(3, 3).unwrap().uniform_costs());
    /// assert!(!"..".parse::<Grid>().unwrap().uniform_costs());
    /// # }
    /// ```
    fn uniform_costs(&self) -> bool {
        false
    }

    /// A number that changes whenever the graph's nodes or edges change, for a search
    /// spread over several calls ([`AStar::resume`](crate::AStar::resume)): it records the
    /// revision it began on and refuses to go on, with [`PlanError::GraphChanged`], once the
    /// revision differs. [`Grid`](crate::grid::Grid) answers its
    /// [`revision`](crate::grid::Grid::revision), which every edit through its own methods
    /// changes and which differs between two grid values unless one is a clone of the
    /// other.
    ///
    /// The default, `None`, opts out: the planner cannot tell that such a graph changed,
    /// and resuming on a changed one is the caller's error. It then gets no panic from the
    /// planner's own tables (a dense graph that grew or shrank is still refused, from its
    /// [`node_bound`](IndexedGraph::node_bound)), but the path may be any path of either
    /// graph, or none. A view that borrows an opted-in graph can forward its revision.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::Graph;
    /// let mut grid = Grid::open(3, 3, Connectivity::Four);
    /// let before = Graph::revision(&grid);
    /// assert!(before.is_some());
    /// grid.set_blocked((1, 1), true)?;
    /// assert_ne!(Graph::revision(&grid), before);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn revision(&self) -> Option<u64> {
        None
    }
}

/// A graph that can also be walked backwards.
///
/// # Example
///
/// ```
/// use replan::{Graph, HashedIds, ReverseGraph};
///
/// /// A line 0 - 1 - 2 - ... where moving right costs 1 and left costs 2.
/// struct Line;
/// impl Graph for Line {
///     type Node = i32;
///     type Cost = u32;
///     type Ids = HashedIds<i32>;
///     fn successors(&self, n: i32, mut visit: impl FnMut(i32, u32)) {
///         visit(n + 1, 1);
///         visit(n - 1, 2);
///     }
/// }
/// impl ReverseGraph for Line {
///     fn predecessors(&self, n: i32, mut visit: impl FnMut(i32, u32)) {
///         visit(n - 1, 1); // (n-1) -> n moves right
///         visit(n + 1, 2);
///     }
/// }
/// let mut preds = Vec::new();
/// Line.predecessors(5, |p, c| preds.push((p, c)));
/// assert_eq!(preds, [(4, 1), (6, 2)]);
/// ```
pub trait ReverseGraph: Graph {
    /// Calls `visit(predecessor, edge_cost)` for every edge entering `node`, where
    /// `edge_cost` is the cost of the edge `predecessor -> node`.
    ///
    /// An undirected graph answers with its successors.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, ReverseGraph};
    /// let mut grid: Grid = "...".parse().unwrap();
    /// grid.set_weight((1, 0), 3.0).unwrap();
    /// let mut previous = Vec::new();
    /// grid.predecessors((1, 0), |cell, cost| previous.push((cell, cost)));
    /// assert_eq!(previous, [((0, 0), 3.0), ((2, 0), 3.0)]); // entering (1, 0) costs its weight
    /// # }
    /// ```
    fn predecessors(&self, node: Self::Node, visit: impl FnMut(Self::Node, Self::Cost));
}

/// A graph whose nodes map one-to-one onto `0..node_bound()`.
///
/// Grids (row-major cell index) and small puzzles (rank of the permutation) have such an
/// index. With [`Graph::Ids`] set to [`DenseIds`], planners keep g-values, parents and
/// visited flags in flat arrays indexed by it.
///
/// # Example
///
/// ```
/// use replan::{Bfs, DenseIds, Graph, IndexedGraph, Planner};
///
/// /// A 1-D corridor of 10 cells.
/// struct Corridor;
/// impl Graph for Corridor {
///     type Node = u8;
///     type Cost = u32;
///     type Ids = DenseIds;
///     fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) {
///         if n > 0 { visit(n - 1, 1) }
///         if n < 9 { visit(n + 1, 1) }
///     }
/// }
/// impl IndexedGraph for Corridor {
///     fn node_bound(&self) -> usize { 10 }
///     fn index(&self, n: u8) -> usize { n as usize }
///     fn node(&self, index: usize) -> u8 { index as u8 }
/// }
/// assert_eq!(Bfs::new().plan(&Corridor, 2, 7).unwrap().cost, 5);
/// ```
pub trait IndexedGraph: Graph {
    /// One more than the largest index of any node.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, IndexedGraph};
    /// let grid: Grid = "...\n...".parse().unwrap();
    /// assert!(grid.node_bound() >= 6);
    /// assert!(grid.index((2, 1)) < grid.node_bound());
    /// # }
    /// ```
    fn node_bound(&self) -> usize;
    /// The index of `node`, below [`node_bound`](IndexedGraph::node_bound). Only called
    /// for nodes the graph produced or that passed [`Graph::check_node`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, IndexedGraph};
    /// let grid: Grid = "...\n...".parse().unwrap();
    /// assert_ne!(grid.index((0, 0)), grid.index((1, 0)));
    /// assert_eq!(grid.node(grid.index((2, 1))), (2, 1));
    /// # }
    /// ```
    fn index(&self, node: Self::Node) -> usize;
    /// The node with index `index`; the inverse of [`index`](IndexedGraph::index).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::IndexedGraph;
    /// let ranked = SlidingPuzzle::new(2, 2).unwrap().ranked().unwrap();
    /// let goal = ranked.puzzle().goal();
    /// assert_eq!(ranked.node(ranked.index(goal)), goal);
    /// # }
    /// ```
    fn node(&self, index: usize) -> Self::Node;

    /// Like [`Graph::successors`], but also passes each successor's index; `index` is
    /// `self.index(node)`.
    ///
    /// Planners with [`DenseIds`] call this. The default looks each index up with
    /// [`index`](IndexedGraph::index); a graph that finds its neighbours by index
    /// arithmetic (a grid adds a fixed offset per move) can hand the index over for free.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, IndexedGraph};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut seen = Vec::new();
    /// grid.indexed_successors((0, 0), grid.index((0, 0)), |cell, index, _| {
    ///     assert_eq!(grid.index(cell), index);
    ///     seen.push(cell);
    /// });
    /// assert_eq!(seen.len(), 2);
    /// # }
    /// ```
    #[inline(always)]
    fn indexed_successors(
        &self,
        node: Self::Node,
        index: usize,
        mut visit: impl FnMut(Self::Node, usize, Self::Cost),
    ) {
        let _ = index;
        self.successors(node, |next, cost| visit(next, self.index(next), cost));
    }

    /// Like [`ReverseGraph::predecessors`], but also passes each predecessor's index;
    /// `index` is `self.index(node)`. See
    /// [`indexed_successors`](IndexedGraph::indexed_successors).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, IndexedGraph};
    /// let grid: Grid = "..\n..".parse().unwrap();
    /// let mut count = 0;
    /// grid.indexed_predecessors((1, 1), grid.index((1, 1)), |cell, index, _| {
    ///     assert_eq!(grid.index(cell), index);
    ///     count += 1;
    /// });
    /// assert_eq!(count, 2); // a parsed picture is 4-connected: the cells left and above
    /// # }
    /// ```
    #[inline(always)]
    fn indexed_predecessors(
        &self,
        node: Self::Node,
        index: usize,
        mut visit: impl FnMut(Self::Node, usize, Self::Cost),
    ) where
        Self: ReverseGraph,
    {
        let _ = index;
        self.predecessors(node, |previous, cost| {
            visit(previous, self.index(previous), cost)
        });
    }
}

/// Gives each node a search a compact `u32` id, so planners index flat arrays by id.
///
/// Implemented by [`DenseIds`] (the graph's own index) and [`HashedIds`] (ids handed out in
/// discovery order). Planners are written once against this trait. You only name it when
/// choosing [`Graph::Ids`]; implementing it yourself is possible but rarely needed.
///
/// # Example
///
/// ```
/// use replan::{Graph, HashedIds, NodeIds};
///
/// struct Two;
/// impl Graph for Two {
///     type Node = char;
///     type Cost = u8;
///     type Ids = HashedIds<char>;
///     fn successors(&self, _: char, _: impl FnMut(char, u8)) {}
/// }
/// let mut ids = HashedIds::default();
/// ids.reset(&Two).unwrap();
/// assert_eq!(ids.id(&Two, 'x').unwrap(), 0);
/// assert_eq!(ids.id(&Two, 'y').unwrap(), 1);
/// assert_eq!(ids.id(&Two, 'x').unwrap(), 0);
/// assert_eq!(ids.node(&Two, 1), 'y');
/// ```
pub trait NodeIds<G: Graph + ?Sized>: Default + Debug {
    /// Starts a new search on `graph`; returns how many ids are known up front (0 when ids
    /// are handed out on discovery).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, DenseIds, HashedIds, NodeIds};
    /// let grid: Grid = "..".parse().unwrap();
    /// // Dense ids know their bound up front; hashed ids hand ids out as nodes are met.
    /// assert!(DenseIds::default().reset(&grid).unwrap() >= 2);
    /// assert_eq!(HashedIds::default().reset(&grid).unwrap(), 0);
    /// # }
    /// ```
    fn reset(&mut self, graph: &G) -> Result<usize, PlanError>;
    /// The id of `node`, handing out a new one if the node was not seen in this search.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, HashedIds, NodeIds};
    /// let grid: Grid = "..".parse().unwrap();
    /// let mut ids = HashedIds::default();
    /// ids.reset(&grid).unwrap();
    /// assert_eq!(ids.id(&grid, (1, 0)), Ok(0));
    /// assert_eq!(ids.id(&grid, (0, 0)), Ok(1));
    /// assert_eq!(ids.id(&grid, (1, 0)), Ok(0));
    /// # }
    /// ```
    fn id(&mut self, graph: &G, node: G::Node) -> Result<u32, PlanError>;
    /// The node that has id `id`.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, DenseIds, NodeIds};
    /// let grid: Grid = "..\n..".parse().unwrap();
    /// let mut ids = DenseIds::default();
    /// ids.reset(&grid).unwrap();
    /// let id = ids.id(&grid, (1, 1)).unwrap();
    /// assert_eq!(ids.node(&grid, id), (1, 1));
    /// # }
    /// ```
    fn node(&self, graph: &G, id: u32) -> G::Node;

    /// Whether the store can give `node` an id, checked by planners on a query's starts and
    /// goals after [`Graph::check_node`]: [`DenseIds`] refuses a node whose index is not
    /// below [`IndexedGraph::node_bound`] (so a graph that keeps the default `check_node`
    /// gets [`PlanError::InvalidStart`] for such a start, not a panic). The default accepts
    /// every node.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{DenseIds, Graph, IndexedGraph, InvalidNode, NodeIds};
    ///
    /// struct Cells;
    /// impl Graph for Cells {
    ///     type Node = usize;
    ///     type Cost = u32;
    ///     type Ids = DenseIds;
    ///     fn successors(&self, _: usize, _: impl FnMut(usize, u32)) {}
    /// }
    /// impl IndexedGraph for Cells {
    ///     fn node_bound(&self) -> usize { 4 }
    ///     fn index(&self, n: usize) -> usize { n }
    ///     fn node(&self, i: usize) -> usize { i }
    /// }
    /// assert_eq!(<DenseIds as NodeIds<Cells>>::check_node(&Cells, 3), Ok(()));
    /// assert_eq!(<DenseIds as NodeIds<Cells>>::check_node(&Cells, 4), Err(InvalidNode::OutOfBounds));
    /// ```
    fn check_node(graph: &G, node: G::Node) -> Result<(), InvalidNode> {
        let _ = (graph, node);
        Ok(())
    }

    /// The bound on ids [`reset`](NodeIds::reset) would return for `graph`, when the store
    /// can tell without starting a search: [`DenseIds`] answers
    /// [`IndexedGraph::node_bound`]. A resumed search compares it with the bound it began
    /// with, to refuse a graph that grew or shrank. The default, `None`, tells nothing.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Connectivity, Grid}, DenseIds, HashedIds, NodeIds};
    /// let grid = Grid::open(3, 3, Connectivity::Four);
    /// assert!(DenseIds.bound(&grid).is_some());
    /// assert_eq!(HashedIds::default().bound(&grid), None);
    /// # }
    /// ```
    fn bound(&self, graph: &G) -> Option<usize> {
        let _ = graph;
        None
    }

    /// `true` when every id is below the bound [`reset`](NodeIds::reset) returned, so a
    /// planner can size its arrays once per search instead of checking at every new id.
    const BOUNDED: bool = false;

    /// `true` when [`id`](NodeIds::id) and the successor and predecessor methods hand out
    /// ids `0, 1, 2, ...` in the order a search first meets the nodes, as [`HashedIds`] and
    /// [`BoardIds`](crate::puzzle::BoardIds) do. A planner that counts the ids it has been
    /// given then knows a node it has never met by its id alone, without reading its own
    /// records (on the 8-puzzle, nine successors in ten are new): [`AStar`](crate::AStar)
    /// and [`Bfs`](crate::Bfs) skip their reached bits for such nodes, and
    /// [`BidirectionalBfs`](crate::BidirectionalBfs) keeps each layer as a span of ids.
    /// Planners trust it (debug builds check that no id is skipped), so an implementation
    /// must not claim it unless every lookup keeps it.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Graph, HashedIds, NodeIds};
    ///
    /// struct Line;
    /// impl Graph for Line {
    ///     type Node = i32;
    ///     type Cost = u32;
    ///     type Ids = HashedIds<i32>;
    ///     fn successors(&self, n: i32, mut visit: impl FnMut(i32, u32)) {
    ///         visit(n - 1, 1);
    ///         visit(n + 1, 1);
    ///     }
    /// }
    /// assert!(<HashedIds<i32> as NodeIds<Line>>::DISCOVERY_ORDER);
    /// let mut ids = HashedIds::default();
    /// ids.reset(&Line).unwrap();
    /// assert_eq!(ids.id(&Line, 10).unwrap(), 0);
    /// let mut met = Vec::new();
    /// ids.successors(&Line, 10, 0, |_, id, _| met.push(id)).unwrap();
    /// ids.successors(&Line, 11, 2, |_, id, _| met.push(id)).unwrap();
    /// // 9 and 11 are new (1, 2); from 11, 10 is known (0) and 12 is new (3).
    /// assert_eq!(met, [1, 2, 0, 3]);
    /// ```
    const DISCOVERY_ORDER: bool = false;

    /// Calls `visit(successor, its id, edge cost)` for each successor of `node`, whose id
    /// is `id`. The default asks [`Graph::successors`] and looks each id up with
    /// [`id`](NodeIds::id); [`DenseIds`] takes the ids from
    /// [`IndexedGraph::indexed_successors`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Graph, HashedIds, NodeIds};
    ///
    /// struct Line;
    /// impl Graph for Line {
    ///     type Node = i32;
    ///     type Cost = u32;
    ///     type Ids = HashedIds<i32>;
    ///     fn successors(&self, n: i32, mut visit: impl FnMut(i32, u32)) {
    ///         visit(n - 1, 1);
    ///         visit(n + 1, 1);
    ///     }
    /// }
    /// let mut ids = HashedIds::default();
    /// ids.reset(&Line).unwrap();
    /// let zero = ids.id(&Line, 0).unwrap();
    /// let mut seen = Vec::new();
    /// ids.successors(&Line, 0, zero, |n, id, _| seen.push((n, id))).unwrap();
    /// assert_eq!(seen, [(-1, 1), (1, 2)]);
    /// ```
    #[inline(always)]
    fn successors(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        mut visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        let _ = id;
        let mut lookup = IdLookup::new(self);
        graph.successors(node, |next, cost| {
            lookup.visit(graph, next, cost, &mut visit)
        });
        lookup.finish()
    }

    /// Calls `visit(predecessor, its id, edge cost)` for each predecessor of `node`, whose
    /// id is `id`; see [`successors`](NodeIds::successors).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, DenseIds, IndexedGraph, NodeIds};
    /// let grid: Grid = "...".parse().unwrap();
    /// let mut ids = DenseIds;
    /// let mut seen = Vec::new();
    /// let id = grid.index((1, 0)) as u32;
    /// ids.predecessors(&grid, (1, 0), id, |cell, _, _| seen.push(cell)).unwrap();
    /// assert_eq!(seen.len(), 2);
    /// # }
    /// ```
    #[inline(always)]
    fn predecessors(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        mut visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph,
    {
        let _ = id;
        let mut lookup = IdLookup::new(self);
        graph.predecessors(node, |previous, cost| {
            lookup.visit(graph, previous, cost, &mut visit)
        });
        lookup.finish()
    }

    /// [`successors`](NodeIds::successors) of a node that the planner reached from the node
    /// with id `parent` (`None` for a root), which may be left out.
    ///
    /// Planners call this where the edge back to the parent cannot change anything: with
    /// non-negative costs the parent's cost from the root is at most the node's, so
    /// reaching the parent again through the node is never cheaper. An implementation may
    /// therefore skip that one successor without looking up its id, which on a sliding-tile
    /// puzzle is a third of all lookups; it must still visit every other successor. The
    /// default visits them all.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::puzzle::{BoardIds, SlidingPuzzle};
    /// use replan::NodeIds;
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let mut ids = BoardIds::default();
    /// ids.reset(&puzzle).unwrap();
    /// let goal = puzzle.goal();
    /// let goal_id = ids.id(&puzzle, goal).unwrap();
    /// let mut children = Vec::new();
    /// ids.successors_skipping_parent(&puzzle, goal, goal_id, None, |board, id, _| children.push((board, id)))
    ///     .unwrap();
    /// assert_eq!(children.len(), 2);
    ///
    /// // From the first child, the board puts the goal (its parent) aside.
    /// let (child, child_id) = children[0];
    /// let mut grandchildren = Vec::new();
    /// ids.successors_skipping_parent(&puzzle, child, child_id, Some(goal_id), |board, _, _| {
    ///     grandchildren.push(board)
    /// })
    /// .unwrap();
    /// assert_eq!(grandchildren.len(), 2);
    /// assert!(!grandchildren.contains(&goal));
    /// # }
    /// ```
    #[inline(always)]
    fn successors_skipping_parent(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        let _ = parent;
        self.successors(graph, node, id, visit)
    }

    /// [`predecessors`](NodeIds::predecessors) of a node that a backward search reached
    /// from the node with id `parent`, which may be left out; see
    /// [`successors_skipping_parent`](NodeIds::successors_skipping_parent).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, DenseIds, IndexedGraph, NodeIds};
    /// let grid: Grid = "...".parse().unwrap();
    /// let mut ids = DenseIds;
    /// let (middle, left) = (grid.index((1, 0)) as u32, grid.index((0, 0)) as u32);
    /// let mut seen = Vec::new();
    /// ids.predecessors_skipping_parent(&grid, (1, 0), middle, Some(left), |cell, _, _| {
    ///     seen.push(cell)
    /// })
    /// .unwrap();
    /// // Grids keep every edge: skipping is allowed, not required.
    /// assert!(seen.contains(&(2, 0)));
    /// # }
    /// ```
    #[inline(always)]
    fn predecessors_skipping_parent(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph,
    {
        let _ = parent;
        self.predecessors(graph, node, id, visit)
    }
}

/// Looks up the id of each neighbour a graph reports, for the [`NodeIds`] methods that pass
/// neighbours on with their ids. A failed lookup is kept and the remaining neighbours are
/// skipped, since a graph's callback cannot stop early.
pub(crate) struct IdLookup<'a, I> {
    ids: &'a mut I,
    failure: Option<PlanError>,
}

impl<'a, I> IdLookup<'a, I> {
    #[inline(always)]
    pub(crate) fn new(ids: &'a mut I) -> Self {
        IdLookup { ids, failure: None }
    }

    /// Calls `visit(node, its id, cost)` unless an earlier lookup failed.
    #[inline(always)]
    pub(crate) fn visit<G: Graph + ?Sized>(
        &mut self,
        graph: &G,
        node: G::Node,
        cost: G::Cost,
        visit: &mut impl FnMut(G::Node, u32, G::Cost),
    ) where
        I: NodeIds<G>,
    {
        if self.failure.is_none() {
            match self.ids.id(graph, node) {
                Ok(id) => visit(node, id, cost),
                Err(error) => self.failure = Some(error),
            }
        }
    }

    /// The first failed lookup, if any.
    #[inline(always)]
    pub(crate) fn finish(self) -> Result<(), PlanError> {
        self.failure.map_or(Ok(()), Err)
    }
}

/// Ids from the graph's own dense index ([`IndexedGraph`]): no hashing, no growth.
///
/// # Example
///
/// ```
/// use replan::{DenseIds, Graph, IndexedGraph};
///
/// struct Cells;
/// impl Graph for Cells {
///     type Node = usize;
///     type Cost = u32;
///     type Ids = DenseIds;
///     fn successors(&self, _: usize, _: impl FnMut(usize, u32)) {}
/// }
/// impl IndexedGraph for Cells {
///     fn node_bound(&self) -> usize { 4 }
///     fn index(&self, n: usize) -> usize { n }
///     fn node(&self, i: usize) -> usize { i }
/// }
/// let _ids: <Cells as Graph>::Ids = DenseIds::default();
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DenseIds;

impl<G: IndexedGraph + ?Sized> NodeIds<G> for DenseIds {
    fn reset(&mut self, graph: &G) -> Result<usize, PlanError> {
        let bound = graph.node_bound();
        if bound > u32::MAX as usize {
            return Err(PlanError::TooManyNodes);
        }
        Ok(bound)
    }

    #[inline(always)]
    fn id(&mut self, graph: &G, node: G::Node) -> Result<u32, PlanError> {
        // `reset` checked that every index fits in a u32.
        Ok(graph.index(node) as u32)
    }

    #[inline(always)]
    fn node(&self, graph: &G, id: u32) -> G::Node {
        graph.node(id as usize)
    }

    fn check_node(graph: &G, node: G::Node) -> Result<(), InvalidNode> {
        if graph.index(node) < graph.node_bound() {
            Ok(())
        } else {
            Err(InvalidNode::OutOfBounds)
        }
    }

    fn bound(&self, graph: &G) -> Option<usize> {
        Some(graph.node_bound())
    }

    const BOUNDED: bool = true;

    #[inline(always)]
    fn successors(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        mut visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        // `reset` checked that every index fits in a u32.
        graph.indexed_successors(node, id as usize, |next, index, cost| {
            visit(next, index as u32, cost)
        });
        Ok(())
    }

    #[inline(always)]
    fn predecessors(
        &mut self,
        graph: &G,
        node: G::Node,
        id: u32,
        mut visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError>
    where
        G: ReverseGraph,
    {
        graph.indexed_predecessors(node, id as usize, |previous, index, cost| {
            visit(previous, index as u32, cost)
        });
        Ok(())
    }
}

/// Ids handed out in discovery order through a hash map; works for any graph.
///
/// The map and the id-to-node table keep their capacity between searches. The map uses
/// the Fx hash (from `rustc-hash`): node types are small keys from the program itself, not
/// from an adversary, and SipHash would cost more than the rest of an expansion.
///
/// # Example
///
/// ```
/// use replan::{Graph, HashedIds};
///
/// struct Words;
/// impl Graph for Words {
///     type Node = &'static str;
///     type Cost = u32;
///     type Ids = HashedIds<&'static str>;
///     fn successors(&self, _: &'static str, _: impl FnMut(&'static str, u32)) {}
/// }
/// let ids: HashedIds<&str> = HashedIds::default();
/// assert!(ids.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct HashedIds<N> {
    ids: FxHashMap<N, u32>,
    nodes: Vec<N>,
}

impl<N> HashedIds<N> {
    /// How many nodes the current search has seen.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, HashedIds, NodeIds};
    /// let grid: Grid = "..".parse().unwrap();
    /// let mut ids = HashedIds::default();
    /// ids.reset(&grid).unwrap();
    /// ids.id(&grid, (0, 0)).unwrap();
    /// assert_eq!(ids.len(), 1);
    /// # }
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the current search has seen no node yet.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, HashedIds, NodeIds};
    /// let grid: Grid = "..".parse().unwrap();
    /// let mut ids = HashedIds::default();
    /// ids.reset(&grid).unwrap();
    /// assert!(ids.is_empty());
    /// # }
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

impl<N> Default for HashedIds<N> {
    fn default() -> Self {
        HashedIds {
            ids: FxHashMap::default(),
            nodes: Vec::new(),
        }
    }
}

impl<G> NodeIds<G> for HashedIds<G::Node>
where
    G: Graph + ?Sized,
{
    const DISCOVERY_ORDER: bool = true;

    fn reset(&mut self, _graph: &G) -> Result<usize, PlanError> {
        self.ids.clear();
        self.nodes.clear();
        Ok(0)
    }

    #[inline]
    fn id(&mut self, _graph: &G, node: G::Node) -> Result<u32, PlanError> {
        let next = self.nodes.len();
        match self.ids.entry(node) {
            std::collections::hash_map::Entry::Occupied(slot) => Ok(*slot.get()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let id = u32::try_from(next).map_err(|_| PlanError::TooManyNodes)?;
                slot.insert(id);
                self.nodes.push(node);
                Ok(id)
            }
        }
    }

    #[inline]
    fn node(&self, _graph: &G, id: u32) -> G::Node {
        self.nodes[id as usize]
    }
}
