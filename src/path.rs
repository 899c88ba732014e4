//! The result of a search: the path, its cost and what finding it took.

/// A path from start to goal, inclusive, with its total cost and search statistics.
///
/// `nodes[0]` is the start and `nodes.last()` the goal; a search from a node to itself
/// returns a one-node path of cost zero.
///
/// # Example
///
/// ```
/// use replan::{Path, SearchStats};
/// let path = Path { nodes: vec!['a', 'b'], cost: 3u32, stats: SearchStats::default() };
/// assert_eq!(path.len(), 1);
/// assert_eq!(path.start(), 'a');
/// assert_eq!(path.goal(), 'b');
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Path<N, C> {
    /// The nodes from start to goal, both included.
    pub nodes: Vec<N>,
    /// The sum of the edge costs along `nodes`.
    pub cost: C,
    /// What the search that found the path did.
    pub stats: SearchStats,
}

impl<N: Copy, C> Path<N, C> {
    /// The number of edges (moves) in the path.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Path, SearchStats};
    /// let path = Path { nodes: vec![1, 2, 3], cost: 2u32, stats: SearchStats::default() };
    /// assert_eq!(path.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }

    /// Whether the path has no edge (start == goal).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Path, SearchStats};
    /// let here = Path { nodes: vec![7], cost: 0u32, stats: SearchStats::default() };
    /// assert!(here.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first node.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Path, SearchStats};
    /// let path = Path { nodes: vec!['s', 'x', 'g'], cost: 2u32, stats: SearchStats::default() };
    /// assert_eq!(path.start(), 's');
    /// ```
    pub fn start(&self) -> N {
        self.nodes[0]
    }

    /// The last node.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Path, SearchStats};
    /// let path = Path { nodes: vec!['s', 'x', 'g'], cost: 2u32, stats: SearchStats::default() };
    /// assert_eq!(path.goal(), 'g');
    /// ```
    pub fn goal(&self) -> N {
        self.nodes[self.nodes.len() - 1]
    }
}

/// Counters a planner keeps during one search.
///
/// # Example
///
/// ```
/// use replan::{AStar, Graph, HashedIds, Planner};
/// struct Line;
/// impl Graph for Line {
///     type Node = u32;
///     type Cost = u32;
///     type Ids = HashedIds<u32>;
///     fn successors(&self, n: u32, mut visit: impl FnMut(u32, u32)) { visit(n + 1, 1) }
/// }
/// let path = AStar::dijkstra().plan(&Line, 0, 4).unwrap();
/// assert_eq!(path.stats.expanded, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes taken off the frontier and expanded (their successors generated).
    pub expanded: u64,
    /// Edges looked at while expanding: successors generated. An edge back to a node's
    /// parent that the graph's ids leave out
    /// ([`NodeIds::successors_skipping_parent`](crate::NodeIds::successors_skipping_parent))
    /// is not counted.
    pub generated: u64,
    /// The largest number of nodes on the frontier at once.
    pub max_frontier: usize,
}
