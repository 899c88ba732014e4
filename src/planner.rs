//! The interface every planner implements, and its expansion budget.

use crate::{Graph, Path, PlanError, SearchStats};

/// A search algorithm that finds a path from `start` to `goal` in a graph of type `G`.
///
/// A planner is a value that owns its scratch memory (frontier, per-node records) and
/// reuses it from one call to the next: a game that plans every frame allocates only the
/// returned path. Every planner takes an expansion budget through its supertrait
/// [`Budgeted`], so generic code bounded by `Planner<G>` can set one too.
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
pub trait Planner<G: Graph + ?Sized>: Budgeted {
    /// Finds a path from `start` to `goal`.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] when
    /// [`Graph::check_node`] refuses an endpoint, [`PlanError::NoPath`] when the goal is
    /// unreachable, [`PlanError::BudgetExceeded`] when the expansion budget ran out first,
    /// [`PlanError::CostOverflow`] / [`PlanError::InvalidCost`] for costs the planner cannot
    /// add up. An edge of infinite cost ([`Cost::INFINITY`](crate::Cost::INFINITY)) is no
    /// error: every planner treats it as impassable.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid: Grid = "..#\n..#\n..#".parse().unwrap();
    /// let mut astar = AStar::new(Manhattan);
    /// assert_eq!(astar.plan(&grid, (0, 0), (1, 2)).unwrap().cost, 3.0);
    /// assert!(matches!(astar.plan(&grid, (0, 0), (2, 0)), Err(PlanError::InvalidGoal { .. })));
    /// # }
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
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid: Grid = ".#.".parse().unwrap();
    /// let mut astar = AStar::new(Manhattan);
    /// assert_eq!(astar.plan(&grid, (0, 0), (2, 0)), Err(PlanError::NoPath));
    /// assert_eq!(astar.last_stats().expanded, 1); // the failed search's work is still reported
    /// # }
    /// ```
    fn last_stats(&self) -> SearchStats;
}

/// An optional limit on the nodes a planner expands per search: a search that needs more
/// returns [`PlanError::BudgetExceeded`] instead of running on through a huge implicit
/// graph.
///
/// The budget is defined once, here: a planner only says where it keeps the number
/// ([`budget`](Budgeted::budget) and [`budget_mut`](Budgeted::budget_mut)), and
/// [`with_budget`](Budgeted::with_budget) and [`set_budget`](Budgeted::set_budget) come
/// with the trait. Which search an expansion counts in, and what happens to the work done
/// when the budget runs out, is each planner's to say (see its `Budgeted` impl).
///
/// Why a trait of its own, and not methods of [`Planner`]: `Planner<G>` is generic over the
/// graph, and a planner implements it for every graph it can search, so in
/// `AStar::new(h).with_budget(10)` nothing would tell the compiler which `G` was meant. This
/// trait has no type parameter, so the call resolves from the planner's type alone; and as
/// the supertrait of [`Planner`], code generic over `P: Planner<G>` can set the budget of
/// the planner it is given. It is in the [`prelude`](crate::prelude).
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::{Connectivity, Grid, Manhattan};
/// use replan::{AStar, Bfs, Budgeted, Graph, PlanError, Planner};
///
/// let grid = Grid::open(40, 40, Connectivity::Four);
/// let mut astar = AStar::new(Manhattan).with_budget(10);
/// assert_eq!(astar.plan(&grid, (0, 0), (39, 39)), Err(PlanError::BudgetExceeded { budget: 10 }));
///
/// // Generic code reaches the budget through `Planner`.
/// fn within<G: Graph, P: Planner<G>>(planner: &mut P, graph: &G, a: G::Node, b: G::Node, limit: u64) -> bool {
///     planner.set_budget(Some(limit));
///     planner.plan(graph, a, b).is_ok()
/// }
/// assert!(within(&mut Bfs::new(), &grid, (0, 0), (3, 0), 10));
/// assert!(!within(&mut Bfs::new(), &grid, (0, 0), (39, 39), 10));
/// # }
/// ```
pub trait Budgeted {
    /// The budget of later searches, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Bfs, Budgeted, DenseIds};
    /// let bfs: Bfs<DenseIds, f64> = Bfs::new();
    /// assert_eq!(bfs.budget(), None);
    /// assert_eq!(bfs.with_budget(5).budget(), Some(5));
    /// ```
    fn budget(&self) -> Option<u64>;

    /// Where the planner keeps its budget; the one method a planner writes to take one.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Bfs, Budgeted, DenseIds};
    /// let mut bfs: Bfs<DenseIds, f64> = Bfs::new();
    /// *bfs.budget_mut() = Some(7);
    /// assert_eq!(bfs.budget(), Some(7));
    /// ```
    fn budget_mut(&mut self) -> &mut Option<u64>;

    /// Limits each later search to `max_expanded` node expansions; a search that needs
    /// more returns [`PlanError::BudgetExceeded`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid};
    /// use replan::{Bfs, Budgeted, PlanError, Planner};
    /// let grid = Grid::open(20, 20, Connectivity::Four);
    /// let mut bfs = Bfs::new().with_budget(5);
    /// assert_eq!(bfs.plan(&grid, (0, 0), (19, 19)), Err(PlanError::BudgetExceeded { budget: 5 }));
    /// # }
    /// ```
    fn with_budget(mut self, max_expanded: u64) -> Self
    where
        Self: Sized,
    {
        *self.budget_mut() = Some(max_expanded);
        self
    }

    /// Sets (`Some`) or lifts (`None`) the budget of later searches.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid, Manhattan};
    /// use replan::{AStar, Budgeted, Planner};
    /// let grid = Grid::open(20, 20, Connectivity::Four);
    /// let mut astar = AStar::new(Manhattan);
    /// astar.set_budget(Some(3));
    /// assert!(astar.plan(&grid, (0, 0), (19, 19)).is_err());
    /// astar.set_budget(None);
    /// assert!(astar.plan(&grid, (0, 0), (19, 19)).is_ok());
    /// # }
    /// ```
    fn set_budget(&mut self, max_expanded: Option<u64>) {
        *self.budget_mut() = max_expanded;
    }
}
