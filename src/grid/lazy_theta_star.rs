//! Lazy Theta* (Nash, Koenig and Tovey, AAAI 2010): any-angle paths on grids. The paper, invariants, complexity and the
//! line-of-sight rule are documented on [`LazyThetaStar`], the type users see.

use super::theta_star::{AnyAngleSearch, Rewiring};
use super::{Cell, Grid};
use crate::{Budgeted, Path, PlanError, Planner, SearchStats};

/// Lazy Theta*: any-angle paths between cell centres of an unweighted [`Grid`], testing line
/// of sight once per expansion (Nash, Koenig and Tovey, "Lazy Theta*: Any-Angle Path Planning
/// and Path Length Analysis in 3D", AAAI 2010).
///
/// The planner owns its frontier and per-cell records and reuses them on every call.
///
/// [Theta*](super::ThetaStar) tests line of sight for every edge it generates, though most
/// generated cells are never expanded. Lazy Theta* assumes the test passes: a generated cell
/// takes the expanded cell's parent and the straight segment from it. Only when the cell is
/// popped is the assumption checked; if the parent is out of sight, the cell falls back to
/// the closed neighbour through which it is cheapest (one always exists: the cell it was
/// generated from). One test per expansion instead of one per edge. Short segments are
/// tested when generated instead, and not again when popped, since their test is a few
/// cell reads and a wrong assumption costs a second trip through the frontier: those
/// spanning at most two rows and columns, or eight from a cell beside a blocked cell, where
/// assumptions fail most (in a maze, where every cell is, the search then tests almost
/// nothing when it pops).
///
/// # Nodes, costs and the line-of-sight rule
///
/// As for [`ThetaStar`](super::ThetaStar): nodes are cell centres, a segment costs its
/// Euclidean length on an unweighted grid (a weighted one returns
/// [`PlanError::UnsupportedGraph`]), and every segment of a
/// returned path meets no blocked cell, not even at a corner
/// ([`Grid::has_line_of_sight`]).
///
/// # Invariants
///
/// - The `g` of a queued cell may be optimistic (its assumed segment unchecked); the `g` of a
///   closed cell is the length of its parent chain, every segment in line of sight.
/// - A popped cell whose assumed parent is out of sight and whose cost rises with the
///   fallback parent goes back to the frontier at its checked cost instead of being
///   expanded at once, as the paper does (unless the checked cost still comes first in the
///   queue, when it is expanded at once); a cell is expanded only at a checked cost, so,
///   as for [`ThetaStar`](super::ThetaStar) (the same open-list order and estimate), no
///   path is longer than the 8-connected optimum. Without the re-queue a
///   cell can settle on a route longer than the grid's own (the property tests find such
///   maps).
/// - A cell is closed when expanded and never reopened; like Theta*, the paths are not
///   always the shortest any-angle paths, and usually within a few percent of them.
/// - As in Theta*, an expanded cell at an obstacle's outer corner that sees the goal offers
///   it the straight segment, tested at once.
///
/// # Complexity
///
/// A goal in sight of the start is answered with the straight segment after one
/// line-of-sight test, with no expansion. Otherwise `O((V + E) log V)` heap work plus at most
/// one line-of-sight test per expansion, each `O(min(|dx|, |dy|))` as for
/// [`ThetaStar`](super::ThetaStar), and one of at most eight rows per generated edge of a
/// cell beside a blocked cell, and one to the goal per expanded corner cell. It shares Theta*'s memory (`O(cells)`, kept by the planner,
/// the line-of-sight counts rebuilt after the grid changes).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, LazyThetaStar, Octile};
/// use replan::{AStar, Planner};
///
/// let grid = "
///     ..........
///     ..........
///     ...####...
///     .........."
///     .parse::<Grid>()
///     .unwrap()
///     .with_connectivity(Connectivity::Eight);
/// let any_angle = LazyThetaStar::new().plan(&grid, (0, 0), (9, 3)).unwrap();
/// let octile = AStar::new(Octile).plan(&grid, (0, 0), (9, 3)).unwrap();
/// assert!(any_angle.cost < octile.cost);
/// for pair in any_angle.nodes.windows(2) {
///     assert!(grid.has_line_of_sight(pair[0], pair[1]));
/// }
/// ```
#[derive(Debug, Default)]
pub struct LazyThetaStar {
    search: AnyAngleSearch,
}

impl LazyThetaStar {
    /// A Lazy Theta* planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// let lazy = replan::grid::LazyThetaStar::new();
    /// ```
    pub fn new() -> Self {
        LazyThetaStar::default()
    }
}

/// The budget limits each search to that many expansions; a search that needs more returns
/// [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, LazyThetaStar};
/// use replan::{Budgeted, PlanError, Planner};
/// let mut grid = Grid::open(40, 40, Connectivity::Eight);
/// grid.set_blocked((20, 20), true)?; // across the diagonal: no straight segment
/// let mut lazy = LazyThetaStar::new().with_budget(3);
/// assert_eq!(
///     lazy.plan(&grid, (0, 0), (39, 39)),
///     Err(PlanError::BudgetExceeded { budget: 3 })
/// );
/// # Ok::<(), replan::grid::GridError>(())
/// ```
impl Budgeted for LazyThetaStar {
    fn budget(&self) -> Option<u64> {
        self.search.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.search.budget
    }
}

impl Planner<Grid> for LazyThetaStar {
    /// Finds an any-angle path; see [`Planner::plan`] for the errors, plus
    /// [`PlanError::UnsupportedGraph`] on a weighted grid.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, LazyThetaStar};
    /// use replan::Planner;
    /// let grid = Grid::open(5, 5, Connectivity::Eight);
    /// let path = LazyThetaStar::new().plan(&grid, (0, 0), (4, 1)).unwrap();
    /// assert_eq!(path.nodes, [(0, 0), (4, 1)]);
    /// ```
    fn plan(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Path<Cell, f64>, PlanError> {
        self.search.run(grid, start, goal, Rewiring::Lazy)
    }

    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, LazyThetaStar};
    /// use replan::Planner;
    /// let mut lazy = LazyThetaStar::new();
    /// let mut grid = Grid::open(9, 9, Connectivity::Eight);
    /// grid.set_blocked((4, 4), true)?;
    /// lazy.plan(&grid, (0, 0), (8, 8)).unwrap();
    /// assert!(lazy.last_stats().expanded >= 1);
    /// // A goal in sight of the start needs no search.
    /// lazy.plan(&grid, (0, 0), (8, 0)).unwrap();
    /// assert_eq!(lazy.last_stats().expanded, 0);
    /// # Ok::<(), replan::grid::GridError>(())
    /// ```
    fn last_stats(&self) -> SearchStats {
        self.search.stats
    }
}
