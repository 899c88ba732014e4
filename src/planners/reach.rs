//! Distances from one node (or several) to every node it reaches: breadth-first search
//! (Moore, "The shortest path through a maze", 1959) and Dijkstra's algorithm (Dijkstra,
//! "A note on two problems in connexion with graphs", Numerische Mathematik 1, 1959) run to
//! exhaustion instead of stopping at a goal.
//!
//! Game agents ask these questions every frame: how much room is left around the head, how
//! far is every cell from the tail, which cells does each player reach first. A
//! point-to-point planner answers one pair at a time; [`BfsReach`] and [`DijkstraReach`]
//! answer all of them in one search and hand back a [`DistanceMap`], a flat array indexed
//! by [`IndexedGraph::index`], as `pathfinding`'s `bfs_reach` and `dijkstra_all` do. Unlike
//! those, each searcher owns its map, queue and heap and reuses them: after the first call
//! on a graph, a search allocates nothing.
//!
//! # Invariants
//!
//! - [`BfsReach`]: a node's distance is the fewest edges on any path from the nearest
//!   source; edge costs are ignored. Nodes are reached in order of distance
//!   ([`BfsReach::order`]).
//! - [`DijkstraReach`]: a node's distance is the cheapest cost of any path from a source,
//!   plus that source's start cost. Nodes leave the [`IndexedMinHeap`] in order of cost,
//!   and a node's cost is final when it leaves.
//! - In both, a node that no source reaches has no distance ([`DistanceMap::get`] is
//!   `None`). Starting a search only resets the entries the previous search set.
//!
//! # Complexity
//!
//! [`BfsReach`]: `O(V + E)` time for the `V` nodes and `E` edges reached.
//! [`DijkstraReach`]: `O((V + E) log V)`. Memory is `O(node_bound)` for the map, kept
//! between searches.
//!
//! # Example
//!
//! ```
//! # #[cfg(feature = "grid")] {
//! use replan::grid::Grid;
//! use replan::{BfsReach, IndexedGraph};
//!
//! let grid: Grid = "
//!     ..#.
//!     ..#.
//!     ...."
//!     .parse()
//!     .unwrap();
//! let mut reach = BfsReach::new();
//! let map = reach.run(&grid, (0, 0))?;
//! assert_eq!(map.get(grid.index((3, 0))), Some(7));
//! assert_eq!(map.reached(), 10);
//! # }
//! # Ok::<(), replan::PlanError>(())
//! ```

use crate::memory::{edge_error, relax_edge};
use crate::{Cost, IndexedGraph, IndexedMinHeap, PlanError, SearchStats};

/// Distances from a search's sources to every node, indexed by [`IndexedGraph::index`].
///
/// Produced by [`BfsReach`] (edge counts, `u32`) and [`DijkstraReach`] (path costs). Each
/// entry is the distance or [`Cost::INFINITY`] for a node not reached, so the raw slice
/// ([`as_slice`](DistanceMap::as_slice)) can be read without a branch per node.
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::{Connectivity, Grid};
/// use replan::{BfsReach, IndexedGraph};
///
/// let grid = Grid::open(3, 3, Connectivity::Four);
/// let mut reach = BfsReach::new();
/// let map = reach.run(&grid, (1, 1))?;
/// assert_eq!(map.get(grid.index((0, 0))), Some(2));
/// assert_eq!(map.distance(&grid, (1, 0)), Some(1));
/// assert_eq!(map.reached(), 9);
/// assert_eq!(map.iter().count(), 9);
/// # }
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DistanceMap<C> {
    distances: Vec<C>,
    /// The indices whose entry is finite, in the order they were reached; resetting the map
    /// touches only these.
    reached: Vec<u32>,
}

impl<C: Cost> Default for DistanceMap<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> DistanceMap<C> {
    /// An empty map: no node reached.
    ///
    /// # Example
    ///
    /// ```
    /// let map = replan::DistanceMap::<u32>::new();
    /// assert_eq!(map.reached(), 0);
    /// assert_eq!(map.get(5), None);
    /// ```
    pub fn new() -> Self {
        DistanceMap {
            distances: Vec::new(),
            reached: Vec::new(),
        }
    }

    /// The distance of the node with index `index`, or `None` when no source reaches it
    /// (or the index is beyond the graph).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid = Grid::open(4, 1, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// assert_eq!(map.get(grid.index((3, 0))), Some(3));
    /// assert_eq!(map.get(usize::MAX), None);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn get(&self, index: usize) -> Option<C> {
        match self.distances.get(index) {
            Some(&distance) if distance != C::INFINITY => Some(distance),
            _ => None,
        }
    }

    /// The distance of `node` in `graph` (the graph the map was computed on).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid: Grid = ".#.".parse().unwrap();
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// assert_eq!(map.distance(&grid, (0, 0)), Some(0));
    /// assert_eq!(map.distance(&grid, (2, 0)), None);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn distance<G: IndexedGraph + ?Sized>(&self, graph: &G, node: G::Node) -> Option<C> {
        self.get(graph.index(node))
    }

    /// Whether the node with index `index` was reached.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid: Grid = "..#.".parse().unwrap();
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// assert!(map.contains(grid.index((1, 0))));
    /// assert!(!map.contains(grid.index((3, 0))));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        self.get(index).is_some()
    }

    /// How many nodes the search reached, sources included.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::BfsReach;
    /// let grid: Grid = "..#...".parse().unwrap();
    /// let mut reach = BfsReach::new();
    /// assert_eq!(reach.run(&grid, (4, 0))?.reached(), 3);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn reached(&self) -> usize {
        self.reached.len()
    }

    /// The largest distance of any reached node, or `None` when nothing was reached.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::BfsReach;
    /// let grid = Grid::open(5, 3, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// assert_eq!(reach.run(&grid, (0, 0))?.max_distance(), Some(6));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn max_distance(&self) -> Option<C> {
        self.iter()
            .map(|(_, distance)| distance)
            .max_by(|a, b| a.total_cmp(b))
    }

    /// The reached indices with their distances, in the order the search reached them.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid = Grid::open(3, 1, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// let cells: Vec<_> = map.iter().map(|(i, d)| (grid.node(i), d)).collect();
    /// assert_eq!(cells, [((0, 0), 0), ((1, 0), 1), ((2, 0), 2)]);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (usize, C)> + '_ {
        self.reached
            .iter()
            .map(move |&index| (index as usize, self.distances[index as usize]))
    }

    /// Every entry, indexed by node index: the distance, or [`Cost::INFINITY`] for a node
    /// not reached. Its length is at least the `node_bound` of the last graph searched.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid: Grid = ".#".parse().unwrap();
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// assert_eq!(map.as_slice()[grid.index((0, 0))], 0);
    /// assert_eq!(map.as_slice()[grid.index((1, 0))], u32::MAX);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[C] {
        &self.distances
    }

    /// Forgets the last search, touching only the entries it set, and makes room for
    /// indices `0..bound`.
    fn reset(&mut self, bound: usize) -> Result<(), PlanError> {
        if bound > u32::MAX as usize {
            return Err(PlanError::TooManyNodes);
        }
        for &index in &self.reached {
            self.distances[index as usize] = C::INFINITY;
        }
        self.reached.clear();
        if self.distances.len() < bound {
            self.distances.resize(bound, C::INFINITY);
        }
        Ok(())
    }

    /// Sets the distance of a node; records it as reached the first time.
    #[inline(always)]
    fn set(&mut self, index: u32, distance: C) {
        let entry = &mut self.distances[index as usize];
        if *entry == C::INFINITY {
            self.reached.push(index);
        }
        *entry = distance;
    }
}

/// Checks a source node and returns its index.
fn source_index<G: IndexedGraph + ?Sized>(graph: &G, node: G::Node) -> Result<u32, PlanError> {
    graph
        .check_node(node)
        .map_err(|reason| PlanError::InvalidStart {
            node: format!("{node:?}"),
            reason,
        })?;
    let index = graph.index(node);
    if index >= graph.node_bound() {
        return Err(PlanError::InvalidStart {
            node: format!("{node:?}"),
            reason: crate::InvalidNode::OutOfBounds,
        });
    }
    Ok(index as u32)
}

/// Breadth-first search from one or more sources to every node they reach: the number of
/// edges on a shortest path to each.
///
/// The searcher owns its [`DistanceMap`] and reuses it; each [`run`](BfsReach::run) returns
/// a borrow of it, valid until the next run. Edge costs are ignored (use
/// [`DijkstraReach`] for weighted distances), so the map holds `u32` edge counts whatever
/// the graph's cost type, except that an edge of infinite cost ([`Cost::INFINITY`]) is
/// impassable, as it is to every planner.
///
/// # Example
///
/// Free space around a cell, and how far the farthest cell is:
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::Grid;
/// use replan::BfsReach;
///
/// let grid: Grid = "
///     ...#....
///     ...#....
///     ...#...."
///     .parse()
///     .unwrap();
/// let mut reach = BfsReach::new();
/// let left = reach.run(&grid, (1, 1))?;
/// assert_eq!((left.reached(), left.max_distance()), (9, Some(2)));
/// let right = reach.run(&grid, (7, 2))?; // the same memory, reused
/// assert_eq!(right.reached(), 12);
/// # }
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BfsReach {
    map: DistanceMap<u32>,
    stats: SearchStats,
}

impl BfsReach {
    /// A searcher with empty memory; the first run sizes it for its graph.
    ///
    /// # Example
    ///
    /// ```
    /// let reach = replan::BfsReach::new();
    /// assert_eq!(reach.map().reached(), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Distances in edges from `source` to every node it reaches.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] when `source` fails [`Graph::check_node`](crate::Graph::check_node)
    /// or its index is not below `node_bound`; [`PlanError::TooManyNodes`] when the graph
    /// has more than `u32::MAX` node indices. The map is then empty.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{BfsReach, IndexedGraph, PlanError};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut reach = BfsReach::new();
    /// let map = reach.run(&grid, (0, 1))?;
    /// assert_eq!(map.distance(&grid, (2, 1)), Some(4));
    /// assert!(matches!(reach.run(&grid, (1, 1)), Err(PlanError::InvalidStart { .. })));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run<G: IndexedGraph + ?Sized>(
        &mut self,
        graph: &G,
        source: G::Node,
    ) -> Result<&DistanceMap<u32>, PlanError> {
        self.run_from(graph, [source])
    }

    /// Distances in edges from the nearest of `sources` to every node they reach: a
    /// multi-source search, all sources at distance 0 (which player reaches a cell first,
    /// how far each cell is from a set of exits).
    ///
    /// # Errors
    ///
    /// As [`run`](BfsReach::run), for any source.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid = Grid::open(7, 1, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// let map = reach.run_from(&grid, [(0, 0), (6, 0)])?;
    /// assert_eq!(map.distance(&grid, (3, 0)), Some(3));
    /// assert_eq!(map.distance(&grid, (5, 0)), Some(1));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run_from<G: IndexedGraph + ?Sized>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = G::Node>,
    ) -> Result<&DistanceMap<u32>, PlanError> {
        self.run_admitting(graph, sources, |_, _| true)
    }

    /// Distances in edges from the nearest of `sources` when a node may be entered only at
    /// some depths: a path enters the node with index `index` after `depth` edges only if
    /// `admit(index, depth)` holds. The sources themselves are not asked.
    ///
    /// This is [`DijkstraReach::run_admitting`] for unit edge costs, with a FIFO queue
    /// instead of a heap. The rule is the same: nodes are expanded in order of depth, and a
    /// node not yet reached is offered to `admit` at each depth a reached neighbour offers
    /// it, until one is admitted; that depth is its distance.
    ///
    /// # Guarantee
    ///
    /// When `admit` depends only on its arguments, the map is the one
    /// [`DijkstraReach::run_admitting`] computes with unit costs, node for node: with
    /// admission closed downwards (a budget of moves) the fewest edges over admitted paths;
    /// with nodes that open only from some depth on, each node's first admitted arrival
    /// over paths that were shortest to every node they pass (a longer detour that would
    /// arrive late enough is not searched). A closure with state is offered nodes in
    /// breadth-first order, nearest first; one that admits every node until it stops
    /// admitting any (once some targets are reached) leaves each node it admitted at its
    /// distance without the closure.
    ///
    /// # Cost
    ///
    /// `O(V + E)` for the `V` nodes reached and the `E` edges leaving them, one call of
    /// `admit` per edge into a node not yet reached; no allocation once the map has seen a
    /// graph this large.
    ///
    /// # Errors
    ///
    /// As [`run`](BfsReach::run), for any source.
    ///
    /// # Example
    ///
    /// The cells within 3 moves, and a cell that opens only after 4:
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid = Grid::open(9, 1, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// let map = reach.run_admitting(&grid, [(0, 0)], |_, depth| depth <= 3)?;
    /// assert_eq!(map.reached(), 4);
    /// let door = grid.index((2, 0));
    /// let map = reach.run_admitting(&grid, [(4, 0)], |index, depth| index != door || depth >= 4)?;
    /// // The door is reached at depth 2, too early, and a path cannot wait.
    /// assert_eq!(map.distance(&grid, (1, 0)), None);
    /// assert_eq!(map.distance(&grid, (8, 0)), Some(4));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run_admitting<G: IndexedGraph + ?Sized>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = G::Node>,
        mut admit: impl FnMut(usize, u32) -> bool,
    ) -> Result<&DistanceMap<u32>, PlanError> {
        self.stats = SearchStats::default();
        let map = &mut self.map;
        map.reset(graph.node_bound())?;
        for source in sources {
            match source_index(graph, source) {
                Ok(index) => map.set(index, 0),
                Err(error) => {
                    map.reset(0)?;
                    return Err(error);
                }
            }
        }
        // The reached list doubles as the FIFO queue: BFS reaches nodes in the order it
        // expands them.
        let mut head = 0;
        self.stats.max_frontier = map.reached.len();
        while head < map.reached.len() {
            let index = map.reached[head];
            head += 1;
            self.stats.expanded += 1;
            let next_distance = map.distances[index as usize] + 1;
            let node = graph.node(index as usize);
            let mut generated = 0;
            graph.indexed_successors(node, index as usize, |_, next, edge| {
                generated += 1;
                // Costs are ignored, but an edge of infinite cost is impassable.
                if map.distances[next] == u32::INFINITY
                    && edge != G::Cost::INFINITY
                    && admit(next, next_distance)
                {
                    map.set(next as u32, next_distance);
                }
            });
            self.stats.generated += generated;
            self.stats.max_frontier = self.stats.max_frontier.max(map.reached.len() - head);
        }
        Ok(&self.map)
    }

    /// The map of the last run (empty before the first).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::BfsReach;
    /// let grid = Grid::open(2, 2, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// reach.run(&grid, (0, 0))?;
    /// assert_eq!(reach.map().reached(), 4);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn map(&self) -> &DistanceMap<u32> {
        &self.map
    }

    /// The indices reached by the last run, nearest first: BFS layers in order.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{BfsReach, IndexedGraph};
    /// let grid = Grid::open(3, 1, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// reach.run(&grid, (2, 0))?;
    /// assert_eq!(reach.order()[0] as usize, grid.index((2, 0)));
    /// assert_eq!(reach.order().len(), 3);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn order(&self) -> &[u32] {
        &self.map.reached
    }

    /// What the last run did: nodes expanded (every node reached), successors generated and
    /// the largest queue.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::BfsReach;
    /// let grid = Grid::open(3, 3, Connectivity::Four);
    /// let mut reach = BfsReach::new();
    /// reach.run(&grid, (0, 0))?;
    /// assert_eq!(reach.last_stats().expanded, 9);
    /// assert_eq!(reach.last_stats().generated, 24);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// Dijkstra's algorithm from one or more sources to every node they reach: the cost of a
/// cheapest path to each.
///
/// The frontier is the crate's [`IndexedMinHeap`] over node indices, which lowers a queued
/// node's key in place; the searcher owns it and its [`DistanceMap`] and reuses both.
///
/// An edge of infinite cost ([`Cost::INFINITY`]) is impassable: skipped, as if the graph
/// did not list it. A negative or NaN edge cost is [`PlanError::InvalidCost`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::Grid;
/// use replan::{DijkstraReach, IndexedGraph};
///
/// let grid: Grid = "
///     .9.
///     ..."
///     .parse()
///     .unwrap();
/// let mut reach = DijkstraReach::new();
/// let map = reach.run(&grid, (0, 0))?;
/// assert_eq!(map.distance(&grid, (2, 0)), Some(4.0)); // round the weight-9 cell
/// assert_eq!(map.distance(&grid, (1, 0)), Some(9.0));
/// # }
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct DijkstraReach<C: Cost> {
    map: DistanceMap<C>,
    heap: IndexedMinHeap<C::Ordered>,
    stats: SearchStats,
}

impl<C: Cost> Default for DijkstraReach<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost> DijkstraReach<C> {
    /// A searcher with empty memory; the first run sizes it for its graph.
    ///
    /// # Example
    ///
    /// ```
    /// let reach = replan::DijkstraReach::<f64>::new();
    /// assert_eq!(reach.map().reached(), 0);
    /// ```
    pub fn new() -> Self {
        DijkstraReach {
            map: DistanceMap::new(),
            heap: IndexedMinHeap::new(),
            stats: SearchStats::default(),
        }
    }

    /// Cheapest path costs from `source` to every node it reaches.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] for a source that fails
    /// [`Graph::check_node`](crate::Graph::check_node); [`PlanError::InvalidCost`] for a
    /// negative or NaN edge (an infinite one is impassable, not an error);
    /// [`PlanError::CostOverflow`] when a path cost overflows `C`;
    /// [`PlanError::TooManyNodes`] for more than `u32::MAX` node indices. The map is then
    /// empty.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{DijkstraReach, IndexedGraph};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut reach = DijkstraReach::new();
    /// let map = reach.run(&grid, (0, 0))?;
    /// let corner = map.distance(&grid, (2, 2)).unwrap();
    /// assert!((corner - 2.0 * std::f64::consts::SQRT_2).abs() < 1e-12);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run<G: IndexedGraph<Cost = C> + ?Sized>(
        &mut self,
        graph: &G,
        source: G::Node,
    ) -> Result<&DistanceMap<C>, PlanError> {
        self.run_from(graph, [(source, C::ZERO)])
    }

    /// Cheapest costs from several sources, each starting at its own cost: a node's
    /// distance is the least `start cost + path cost` over the sources. A source listed
    /// twice keeps its smaller start cost.
    ///
    /// Start costs model sources that enter the map at different times, or a head start
    /// one player has over another.
    ///
    /// # Errors
    ///
    /// As [`run`](DijkstraReach::run); a negative or NaN start cost is
    /// [`PlanError::InvalidCost`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{DijkstraReach, IndexedGraph};
    /// let grid = Grid::open(9, 1, Connectivity::Four);
    /// let mut reach = DijkstraReach::new();
    /// // The right source starts 2 later: the two fronts meet right of the middle.
    /// let map = reach.run_from(&grid, [((0, 0), 0.0), ((8, 0), 2.0)])?;
    /// assert_eq!(map.distance(&grid, (5, 0)), Some(5.0));
    /// assert_eq!(map.distance(&grid, (6, 0)), Some(4.0));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run_from<G: IndexedGraph<Cost = C> + ?Sized>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = (G::Node, C)>,
    ) -> Result<&DistanceMap<C>, PlanError> {
        self.run_admitting(graph, sources, |_, _| true)
    }

    /// Cheapest costs from several sources when a node may be entered only at some costs:
    /// a path enters the node with index `index` at cost `arrival` only if
    /// `admit(index, arrival)` holds. The sources themselves are not asked.
    ///
    /// Costs read as times make this an earliest-arrival search over a time-dependent
    /// network (Cooke and Halsey, "The shortest route through a network with
    /// time-dependent internodal transit times", 1966): a door that shuts at some time, a
    /// cell another unit leaves at some time, a budget of moves.
    ///
    /// When admission is closed downwards (whatever is admitted at some cost is admitted at
    /// any lower cost: budgets, deadlines), Dijkstra's prefix argument still holds and the
    /// map holds the cheapest admitted paths. When a node opens only from some cost on,
    /// a path that comes too early cannot wait: it is dropped, and each node keeps its
    /// first admitted arrival over paths that were cheapest to every node they pass. A
    /// longer detour that would arrive late enough to enter is then not found, so the map
    /// may miss nodes (never report a cost lower than a real path's).
    ///
    /// # Errors
    ///
    /// As [`run_from`](DijkstraReach::run_from).
    ///
    /// # Example
    ///
    /// The cells a unit reaches within 3 moves, and a cell that opens at time 4:
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{DijkstraReach, IndexedGraph};
    /// let grid = Grid::open(9, 1, Connectivity::Four);
    /// let mut reach = DijkstraReach::new();
    /// let map = reach.run_admitting(&grid, [((0, 0), 0.0)], |_, arrival| arrival <= 3.0)?;
    /// assert_eq!(map.reached(), 4);
    /// let door = grid.index((2, 0));
    /// let map = reach.run_admitting(&grid, [((4, 0), 0.0)], |index, arrival| {
    ///     index != door || arrival >= 4.0
    /// })?;
    /// // The door is reached at time 2, too early; detours that would come back to it
    /// // later are not searched, so the far side stays unreached.
    /// assert_eq!(map.distance(&grid, (1, 0)), None);
    /// assert_eq!(map.distance(&grid, (8, 0)), Some(4.0));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn run_admitting<G: IndexedGraph<Cost = C> + ?Sized>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = (G::Node, C)>,
        admit: impl FnMut(usize, C) -> bool,
    ) -> Result<&DistanceMap<C>, PlanError> {
        let result = self.search(graph, sources, admit);
        self.heap.clear();
        match result {
            Ok(()) => Ok(&self.map),
            Err(error) => {
                self.map.reset(0)?;
                Err(error)
            }
        }
    }

    fn search<G: IndexedGraph<Cost = C> + ?Sized>(
        &mut self,
        graph: &G,
        sources: impl IntoIterator<Item = (G::Node, C)>,
        mut admit: impl FnMut(usize, C) -> bool,
    ) -> Result<(), PlanError> {
        self.stats = SearchStats::default();
        let DijkstraReach { map, heap, stats } = self;
        let bound = graph.node_bound();
        map.reset(bound)?;
        heap.clear();
        heap.reserve_ids(bound);
        for (source, start) in sources {
            let index = source_index(graph, source)?;
            if !start.is_valid_edge_cost() {
                return Err(edge_error(start));
            }
            if start.total_cmp(&map.distances[index as usize]).is_lt() {
                map.set(index, start);
                heap.push(index, start.ordered());
            }
        }
        stats.max_frontier = heap.len();
        // A popped node's distance is final; the heap holds only nodes not yet popped, so
        // a node is expanded once.
        while let Some((index, _)) = heap.pop() {
            stats.expanded += 1;
            let distance = map.distances[index as usize];
            let node = graph.node(index as usize);
            let mut failure = None;
            graph.indexed_successors(node, index as usize, |_, next, edge| {
                if failure.is_some() {
                    return;
                }
                stats.generated += 1;
                let next_distance = match relax_edge(distance, edge) {
                    Ok(Some(sum)) => sum,
                    // An edge of infinite cost is impassable.
                    Ok(None) => return,
                    Err(error) => {
                        failure = Some(error);
                        return;
                    }
                };
                let current = map.distances[next];
                if next_distance.total_cmp(&current).is_lt() && admit(next, next_distance) {
                    let next = next as u32;
                    // A finite entry that is not queued was popped, and is final; with
                    // non-negative edges it cannot improve, so this is a first reach or a
                    // queued node's decrease.
                    map.set(next, next_distance);
                    heap.push(next, next_distance.ordered());
                }
            });
            if let Some(error) = failure {
                return Err(error);
            }
            stats.max_frontier = stats.max_frontier.max(heap.len());
        }
        Ok(())
    }

    /// The map of the last run (empty before the first).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::DijkstraReach;
    /// let grid = Grid::open(2, 2, Connectivity::Four);
    /// let mut reach = DijkstraReach::new();
    /// reach.run(&grid, (0, 0))?;
    /// assert_eq!(reach.map().max_distance(), Some(2.0));
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn map(&self) -> &DistanceMap<C> {
        &self.map
    }

    /// What the last run did: nodes expanded (each reached node once), successors
    /// generated and the largest heap.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::DijkstraReach;
    /// let grid = Grid::open(3, 3, Connectivity::Four);
    /// let mut reach = DijkstraReach::new();
    /// reach.run(&grid, (1, 1))?;
    /// assert_eq!(reach.last_stats().expanded, 9);
    /// # }
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
}
