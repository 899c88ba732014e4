//! The interface every planner implements.

use crate::{Graph, Path, PlanError, SearchStats};

/// A search algorithm that finds a path from `start` to `goal` in a graph of type `G`.
///
/// A planner is a value that owns its scratch memory (frontier, per-node records) and
/// reuses it from one call to the next: a game that plans every frame allocates only the
/// returned path.
///
/// # Example
///
/// ```
/// use replan::{AStar, Bfs, BidirectionalBfs, Graph, HashedIds, Planner, ReverseGraph};
///
/// struct Line;
/// impl Graph for Line {
///     type Node = i64;
///     type Cost = u32;
///     type Ids = HashedIds<i64>;
///     fn successors(&self, n: i64, mut visit: impl FnMut(i64, u32)) { visit(n - 1, 1); visit(n + 1, 1) }
/// }
/// impl ReverseGraph for Line {
///     fn predecessors(&self, n: i64, visit: impl FnMut(i64, u32)) { self.successors(n, visit) }
/// }
///
/// fn cost_of<P: Planner<Line>>(mut planner: P) -> u32 {
///     planner.plan(&Line, -3, 3).unwrap().cost
/// }
/// assert_eq!(cost_of(Bfs::new()), 6);
/// assert_eq!(cost_of(BidirectionalBfs::new()), 6);
/// assert_eq!(cost_of(AStar::new(|a: i64, b: i64| (a - b).unsigned_abs() as u32)), 6);
/// ```
pub trait Planner<G: Graph + ?Sized> {
    /// Finds a path from `start` to `goal`.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] when
    /// [`Graph::check_node`] refuses an endpoint, [`PlanError::NoPath`] when the goal is
    /// unreachable, [`PlanError::BudgetExceeded`] when the expansion budget ran out first,
    /// [`PlanError::CostOverflow`] / [`PlanError::InvalidCost`] for costs the planner cannot
    /// add up.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid: Grid = "..#\n..#\n..#".parse().unwrap();
    /// let mut astar = AStar::new(Manhattan);
    /// assert_eq!(astar.plan(&grid, (0, 0), (1, 2)).unwrap().cost, 3.0);
    /// assert!(matches!(astar.plan(&grid, (0, 0), (2, 0)), Err(PlanError::InvalidGoal { .. })));
    /// ```
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError>;

    /// The statistics of the last call to [`plan`](Planner::plan), whether it found a path
    /// or not.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid: Grid = ".#.".parse().unwrap();
    /// let mut astar = AStar::new(Manhattan);
    /// assert_eq!(astar.plan(&grid, (0, 0), (2, 0)), Err(PlanError::NoPath));
    /// assert_eq!(astar.last_stats().expanded, 1); // the failed search's work is still reported
    /// ```
    fn last_stats(&self) -> SearchStats;
}
