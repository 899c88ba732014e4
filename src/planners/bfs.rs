//! Breadth-first search (Moore, "The shortest path through a maze", 1959): the crate's
//! reference oracle.
//!
//! # Invariants
//!
//! - Nodes leave the FIFO queue in order of their distance in *edges* from the start, so
//!   the first time a node is reached is by a path with the fewest edges.
//! - Each node is queued at most once; the goal test happens when the goal is first
//!   reached (generated), one layer earlier than a test on expansion would.
//! - Edge costs do not steer the search. The returned `cost` is the sum of the edge costs
//!   along the path found, so it is the optimal cost only when every edge costs the same.
//!
//! # Complexity
//!
//! `O(V + E)` time and `O(V)` memory for the `V` nodes and `E` edges reached.

use super::memory::{add_edge, check_endpoints, SearchMemory, NO_PARENT};
use crate::{Cost, Graph, Path, PlanError, Planner, SearchStats};

/// Breadth-first search: the path with the fewest edges.
///
/// The planner owns its queue and per-node records and reuses them on every call.
///
/// # Example
///
/// ```
/// use replan::{grid::Grid, Bfs, Planner};
///
/// let grid: Grid = "
///     ..#.
///     ..#.
///     ...."
///     .parse()
///     .unwrap();
/// let path = Bfs::new().plan(&grid, (0, 0), (3, 0)).unwrap();
/// assert_eq!(path.len(), 7);
/// assert_eq!(path.cost, 7.0);
/// ```
///
/// The type names what the planner stores, not the graph it searches: `I` is the graph's
/// node store ([`Graph::Ids`]) and `C` its cost, so one `Bfs` plans over any graph with
/// those two types, a view that borrows the world anew every frame included.
#[derive(Debug)]
pub struct Bfs<I, C> {
    budget: Option<u64>,
    memory: SearchMemory<I, C>,
    queue: Vec<u32>,
    stats: SearchStats,
}

impl<I: Default, C: Cost> Default for Bfs<I, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<I: Default, C: Cost> Bfs<I, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Grid, Bfs, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = Bfs::new();
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
    /// A breadth-first planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Bfs, DenseIds};
    /// // A planner for graphs whose nodes have dense indices and whose costs are `f64`,
    /// // as `Grid`'s are.
    /// let bfs: Bfs<DenseIds, f64> = Bfs::new();
    /// ```
    pub fn new() -> Self {
        Bfs {
            budget: None,
            memory: SearchMemory::new(),
            queue: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Limits each search to `max_expanded` node expansions; a search that needs more
    /// returns [`PlanError::BudgetExceeded`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid}, Bfs, PlanError, Planner};
    /// let grid = Grid::open(20, 20, Connectivity::Four);
    /// let mut bfs = Bfs::new().with_budget(5);
    /// assert_eq!(bfs.plan(&grid, (0, 0), (19, 19)), Err(PlanError::BudgetExceeded { budget: 5 }));
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
    /// use replan::{Bfs, DenseIds};
    /// let mut bfs: Bfs<DenseIds, f64> = Bfs::new();
    /// bfs.set_budget(Some(100));
    /// ```
    pub fn set_budget(&mut self, max_expanded: Option<u64>) {
        self.budget = max_expanded;
    }
}

impl<G: Graph + ?Sized> Planner<G> for Bfs<G::Ids, G::Cost> {
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        self.queue.clear();
        check_endpoints(graph, start, goal)?;
        let Bfs {
            budget,
            memory,
            queue,
            stats,
        } = self;
        memory.begin(graph)?;
        let start_id = memory.id(graph, start)?;
        let goal_id = memory.id(graph, goal)?;
        memory.records.reach(start_id, G::Cost::ZERO, NO_PARENT);
        stats.max_frontier = 1;
        let mut found = start_id == goal_id;
        queue.push(start_id);
        let mut head = 0;

        while !found && head < queue.len() {
            if Some(stats.expanded) == *budget {
                return Err(PlanError::BudgetExceeded {
                    budget: stats.expanded,
                });
            }
            let id = queue[head];
            head += 1;
            stats.expanded += 1;
            let record = *memory.records.record(id);
            let (g, parent) = (record.g, record.parent);
            let node = memory.node(graph, id);
            let mut failure = None;
            memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, _, next_id, edge, fresh| {
                    if found || failure.is_some() {
                        return;
                    }
                    stats.generated += 1;
                    if !fresh && records.is_reached(next_id) {
                        return;
                    }
                    match add_edge(g, edge) {
                        Ok(next_g) => records.reach_new(next_id, next_g, id),
                        Err(error) => {
                            failure = Some(error);
                            return;
                        }
                    }
                    found = next_id == goal_id;
                    queue.push(next_id);
                },
            )?;
            if let Some(error) = failure {
                return Err(error);
            }
            stats.max_frontier = stats.max_frontier.max(queue.len() - head);
        }
        if !found {
            return Err(PlanError::NoPath);
        }
        Ok(Path {
            nodes: memory.path_from_root(graph, goal_id),
            cost: memory.records.record(goal_id).g,
            stats: *stats,
        })
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}
