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

use fixedbitset::FixedBitSet;

use crate::memory::{
    check_query, relax_edge, Closest, GoalTest, IdIs, OtherGoal, SearchMemory, NO_PARENT,
};
use crate::{
    Budgeted, Cost, Goal, Graph, NodeIds, Outcome, Path, PlanError, Planner, Query, SearchStats,
};

/// Breadth-first search: the path with the fewest edges.
///
/// The planner owns its queue and per-node records and reuses them on every call.
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
/// # }
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
    /// The ids of a goal set's nodes.
    goal_ids: FixedBitSet,
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
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::Grid, Bfs, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = Bfs::new();
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// # }
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
            goal_ids: FixedBitSet::new(),
        }
    }
}

/// The budget limits each search to that many node expansions; a search that needs more
/// returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::{grid::{Connectivity, Grid}, Bfs, Budgeted, PlanError, Planner};
/// let grid = Grid::open(20, 20, Connectivity::Four);
/// let mut bfs = Bfs::new().with_budget(5);
/// assert_eq!(bfs.plan(&grid, (0, 0), (19, 19)), Err(PlanError::BudgetExceeded { budget: 5 }));
/// # }
/// ```
impl<I, C> Budgeted for Bfs<I, C> {
    fn budget(&self) -> Option<u64> {
        self.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.budget
    }
}

impl<G: Graph + ?Sized> Planner<G> for Bfs<G::Ids, G::Cost> {
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
        self.stats
    }
}

impl<I: Default, C: Cost> Bfs<I, C> {
    /// Limits the memory of the per-node tables a search sizes for a dense graph's bound
    /// to `bytes`, or lifts the limit (`None`, the default); see
    /// [`AStar::set_memory_limit`](crate::AStar::set_memory_limit).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{Bfs, PlanError, Planner};
    /// let grid = Grid::open(1000, 1000, Connectivity::Four);
    /// let mut bfs = Bfs::new();
    /// bfs.set_memory_limit(Some(1 << 20));
    /// assert!(matches!(bfs.plan(&grid, (0, 0), (5, 5)), Err(PlanError::OutOfMemory { .. })));
    /// # }
    /// ```
    pub fn set_memory_limit(&mut self, bytes: Option<u64>) {
        self.memory.limit = bytes;
    }
}

impl<I, C: Cost> Bfs<I, C> {
    /// Answers a [`Query`]: the path with the fewest edges from any of its starts to any of
    /// its goals. A goal is recognised when it is first reached, so a [`Goal::Where`] test
    /// is asked once for every node the search reaches. The query's estimate, if any, only
    /// picks the closest node for [`Query::or_closest`]; without one, every node estimates
    /// zero and the closest node is a start.
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
    /// use replan::grid::Grid;
    /// use replan::{Bfs, Goal, Query};
    /// let grid: Grid = "
    ///     ....
    ///     .##.
    ///     ...."
    ///     .parse()?;
    /// // The nearest cell of the bottom row, from the top-left corner.
    /// let bottom = |cell: (u32, u32)| cell.1 == 2;
    /// let outcome = Bfs::new().search(&grid, &Query::new((0, 0), Goal::Where(&bottom)))?;
    /// assert_eq!(outcome.path().nodes, [(0, 0), (0, 1), (0, 2)]);
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
        I: NodeIds<G>,
    {
        self.stats = SearchStats::default();
        self.queue.clear();
        check_query(graph, query)?;
        let starts = query.starts();
        self.memory.begin(graph)?;
        for &start in starts {
            let id = self.memory.id(graph, start)?;
            if !self.memory.records.is_reached(id) {
                self.memory.records.reach(id, C::ZERO, NO_PARENT);
                self.queue.push(id);
            }
        }
        let found = match query.goal {
            Goal::Node(goal) => {
                let goal = self.memory.id(graph, goal)?;
                self.run(graph, IdIs(goal))
            }
            // No goal to find: nothing to search, the starts are all there is to reach.
            Goal::AnyOf([]) => Err(PlanError::NoPath),
            Goal::AnyOf(goals) => {
                let mut goal_ids = std::mem::take(&mut self.goal_ids);
                goal_ids.clear();
                let mut ids = Ok(());
                for &goal in goals {
                    match self.memory.id(graph, goal) {
                        Ok(id) => {
                            goal_ids.grow(id as usize + 1);
                            goal_ids.insert(id as usize);
                        }
                        Err(error) => ids = Err(error),
                    }
                }
                let found = ids.and_then(|()| self.run(graph, OtherGoal::In(&goal_ids)));
                self.goal_ids = goal_ids;
                found
            }
            Goal::Where(test) => self.run(graph, OtherGoal::Where(test)),
        };
        let reason = match found {
            Ok(id) => {
                return Ok(Outcome::Reached(Path {
                    nodes: self.memory.path_from_root(graph, id),
                    cost: self.memory.records.record(id).g,
                    stats: self.stats,
                }))
            }
            Err(reason @ (PlanError::NoPath | PlanError::BudgetExceeded { .. }))
                if query.closest =>
            {
                reason
            }
            Err(error) => return Err(error),
        };
        // The closest node: least estimate, then fewest edges. The queue holds every node
        // reached, in order of distance.
        let estimate = |node| query.estimate.map_or(C::ZERO, |estimate| estimate(node));
        let mut closest = None;
        for &id in &self.queue {
            let node = self.memory.node(graph, id);
            Closest::offer(
                &mut closest,
                id,
                estimate(node),
                self.memory.records.record(id).g,
            );
        }
        let closest = closest.expect("a search reaches at least its starts");
        let path = Path {
            nodes: self.memory.path_from_root(graph, closest.id),
            cost: self.memory.records.record(closest.id).g,
            stats: self.stats,
        };
        Ok(Outcome::Closest { path, reason })
    }

    /// The search loop over the queued starts: the id of the first goal reached.
    fn run<G, T>(&mut self, graph: &G, target: T) -> Result<u32, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
        T: GoalTest<G::Node>,
    {
        let Bfs {
            budget,
            memory,
            queue,
            stats,
            ..
        } = self;
        stats.max_frontier = queue.len();
        for &id in queue.iter() {
            if target.test(id, || memory.node(graph, id)) {
                return Ok(id);
            }
        }
        let mut found = None;
        let mut head = 0;

        while found.is_none() && head < queue.len() {
            if let Some(budget) = budget.filter(|&budget| stats.expanded >= budget) {
                return Err(PlanError::BudgetExceeded { budget });
            }
            let id = queue[head];
            head += 1;
            stats.expanded += 1;
            let record = memory.records.record(id);
            let (g, parent) = (record.g, record.parent);
            let node = memory.node(graph, id);
            let mut failure = None;
            memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, next, next_id, edge, fresh| {
                    if found.is_some() || failure.is_some() {
                        return;
                    }
                    stats.generated += 1;
                    if !fresh && records.is_reached(next_id) {
                        return;
                    }
                    match relax_edge(g, edge) {
                        Ok(Some(next_g)) => records.reach_new(next_id, next_g, id),
                        // An impassable edge: the node may still be reached another way.
                        Ok(None) => return,
                        Err(error) => {
                            failure = Some(error);
                            return;
                        }
                    }
                    if target.test(next_id, || next) {
                        found = Some(next_id);
                    }
                    queue.push(next_id);
                },
            )?;
            if let Some(error) = failure {
                return Err(error);
            }
            stats.max_frontier = stats.max_frontier.max(queue.len() - head);
        }
        found.ok_or(PlanError::NoPath)
    }
}
