//! What a search is asked: where it starts, which nodes end it, how to estimate the way
//! there, and what to hand back when no goal is reached.
//!
//! [`Planner::plan`](crate::Planner::plan) answers the simplest question, one start to one
//! goal. Games ask more: the nearest of several exits, the first cell with food, a path
//! from any of a squad's cells, or, when the target is walled off, the way to the closest
//! point reached. A [`Query`] says all of that, and [`AStar::search`](crate::AStar::search),
//! [`Bfs::search`](crate::Bfs::search) and
//! [`BidirectionalBfs::search`](crate::BidirectionalBfs::search) answer it with an
//! [`Outcome`].

use crate::{Path, PlanError};

/// Which nodes end a search.
///
/// # Example
///
/// ```
/// use replan::Goal;
/// let exits = [(0, 9), (9, 9)];
/// let any_exit: Goal<(i32, i32)> = Goal::AnyOf(&exits);
/// let right_edge = |cell: (i32, i32)| cell.0 == 9;
/// let on_the_edge: Goal<(i32, i32)> = Goal::Where(&right_edge);
/// assert!(matches!(any_exit, Goal::AnyOf(cells) if cells.len() == 2));
/// assert!(matches!(on_the_edge, Goal::Where(_)));
/// ```
#[derive(Clone, Copy)]
pub enum Goal<'a, N> {
    /// One node.
    Node(N),
    /// The nearest of these nodes. An empty set is never reached: every planner answers
    /// [`PlanError::NoPath`] at once, without searching (or, for
    /// [`Query::or_closest`], the path to a start).
    AnyOf(&'a [N]),
    /// The first node, in the planner's order, for which the test holds: for
    /// [`Bfs`](crate::Bfs) the one with the fewest edges, for [`AStar`](crate::AStar) the
    /// cheapest (its estimate, if any, must then be admissible for every node that passes).
    /// Not every planner can search for a test: a backward search needs the goals as nodes.
    Where(&'a dyn Fn(N) -> bool),
}

impl<N: std::fmt::Debug> std::fmt::Debug for Goal<'_, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goal::Node(node) => f.debug_tuple("Node").field(node).finish(),
            Goal::AnyOf(nodes) => f.debug_tuple("AnyOf").field(nodes).finish(),
            Goal::Where(_) => f.write_str("Where(..)"),
        }
    }
}

/// A search's starts, goals, optional estimate, and whether to return the closest node
/// reached when no goal is.
///
/// Build one with [`Query::new`] (one start) or [`Query::from_each`] (several), then add
/// [`with_estimate`](Query::with_estimate) and [`or_closest`](Query::or_closest) as needed.
/// A query borrows its node lists and closures, so it costs nothing to build every frame.
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::{Grid, Octile};
/// use replan::{AStar, Goal, Outcome, Query};
///
/// let grid: Grid = "
///     .....
///     .###.
///     ....."
///     .parse()?;
/// let food = [(4, 0), (0, 2)];
/// let mut astar = AStar::new(Octile);
/// // The nearest food, with A*'s estimate the least over the set.
/// let outcome = astar.search(&grid, &Query::new((2, 2), Goal::AnyOf(&food)))?;
/// assert_eq!(outcome.path().goal(), (0, 2));
/// assert_eq!(outcome.path().cost, 2.0);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Query<'a, N, C> {
    pub(crate) starts: Starts<'a, N>,
    pub(crate) goal: Goal<'a, N>,
    pub(crate) estimate: Option<&'a dyn Fn(N) -> C>,
    pub(crate) closest: bool,
}

/// One start or a slice of them; a one-node slice without the borrow.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Starts<'a, N> {
    One(N),
    Many(&'a [N]),
}

impl<N: Copy> Starts<'_, N> {
    pub(crate) fn as_slice(&self) -> &[N] {
        match self {
            Starts::One(node) => std::slice::from_ref(node),
            Starts::Many(nodes) => nodes,
        }
    }
}

impl<'a, N: Copy, C> Query<'a, N, C> {
    /// A search from `start` to `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, Goal, Query};
    /// let grid: Grid = "...\n...".parse()?;
    /// let outcome = AStar::new(Manhattan).search(&grid, &Query::new((0, 0), Goal::Node((2, 1))))?;
    /// assert_eq!(outcome.path().cost, 3.0);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: N, goal: Goal<'a, N>) -> Self {
        Query {
            starts: Starts::One(start),
            goal,
            estimate: None,
            closest: false,
        }
    }

    /// A search from whichever of `starts` is nearest to a goal: every start begins at
    /// cost zero. An empty slice is refused with [`PlanError::InvalidQuery`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{Bfs, Goal, Query};
    /// let grid: Grid = "....".parse()?;
    /// let squad = [(0, 0), (2, 0)];
    /// let outcome = Bfs::new().search(&grid, &Query::from_each(&squad, Goal::Node((3, 0))))?;
    /// assert_eq!(outcome.path().nodes, [(2, 0), (3, 0)]);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_each(starts: &'a [N], goal: Goal<'a, N>) -> Self {
        Query {
            starts: Starts::Many(starts),
            goal,
            estimate: None,
            closest: false,
        }
    }

    /// Estimates the cost from a node to the nearest goal with `estimate` instead of the
    /// planner's heuristic. Use it when the goals are a test ([`Goal::Where`]), or a set
    /// large enough that the least estimate over it costs too much per node. It must never
    /// overestimate, or the path found may not be the cheapest. Planners that use no
    /// estimate to steer ([`Bfs`](crate::Bfs)) read it only to pick the closest node
    /// ([`or_closest`](Query::or_closest)).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Octile};
    /// use replan::{AStar, Goal, Query};
    /// let grid: Grid = "......".parse()?;
    /// let east_edge = |cell: (u32, u32)| cell.0 == 5;
    /// let to_edge = |cell: (u32, u32)| f64::from(5 - cell.0);
    /// let query = Query::new((0, 0), Goal::Where(&east_edge)).with_estimate(&to_edge);
    /// let outcome = AStar::new(Octile).search(&grid, &query)?;
    /// assert_eq!(outcome.path().goal(), (5, 0));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_estimate(mut self, estimate: &'a dyn Fn(N) -> C) -> Self {
        self.estimate = Some(estimate);
        self
    }

    /// When no goal is reached (none is reachable, or the budget runs out), return the path
    /// to the reached node with the least estimate, ties broken by the least cost, as
    /// [`Outcome::Closest`] with the reason, instead of the error. The path's `cost` is
    /// always the sum of its edges, whatever the heuristic.
    ///
    /// "Closest" is by estimate, so it needs one: the planner's heuristic to a goal node or
    /// set, or the query's own ([`with_estimate`](Query::with_estimate)). Without any (a
    /// [`Dijkstra`](crate::Dijkstra) search, whose heuristic is [`Zero`](crate::Zero), or a
    /// [`Goal::Where`] test without an estimate, or [`Bfs`](crate::Bfs) without one) every
    /// node estimates zero, the tie-break by least cost decides, and the closest node is a
    /// start: give the query an estimate to get the way towards the goal.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, Goal, Outcome, PlanError, Query};
    /// // The goal is behind a closed door: walk up to it.
    /// let grid: Grid = "...#.".parse()?;
    /// let query = Query::new((0, 0), Goal::Node((4, 0))).or_closest();
    /// match AStar::new(Manhattan).search(&grid, &query)? {
    ///     Outcome::Closest { path, reason } => {
    ///         assert_eq!(path.goal(), (2, 0));
    ///         assert_eq!(reason, PlanError::NoPath);
    ///     }
    ///     Outcome::Reached(_) => unreachable!(),
    /// }
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn or_closest(mut self) -> Self {
        self.closest = true;
        self
    }

    /// The start nodes.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Goal, Query};
    /// let query: Query<u8, u32> = Query::new(3, Goal::Node(7));
    /// assert_eq!(query.starts(), [3]);
    /// ```
    pub fn starts(&self) -> &[N] {
        self.starts.as_slice()
    }

    /// The goal.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Goal, Query};
    /// let query: Query<u8, u32> = Query::new(3, Goal::Node(7));
    /// assert!(matches!(query.goal(), Goal::Node(7)));
    /// ```
    pub fn goal(&self) -> Goal<'a, N> {
        self.goal
    }
}

impl<N: std::fmt::Debug + Copy, C> std::fmt::Debug for Query<'_, N, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Query")
            .field("starts", &self.starts.as_slice())
            .field("goal", &self.goal)
            .field("estimate", &self.estimate.map(|_| ".."))
            .field("closest", &self.closest)
            .finish()
    }
}

/// How a search ended: at a goal, or (for a query that asked with
/// [`Query::or_closest`]) at the closest node it reached.
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::{Grid, Manhattan};
/// use replan::{AStar, Goal, Outcome, Query};
/// let grid: Grid = "..#.".parse()?;
/// let mut astar = AStar::new(Manhattan);
/// let reached = astar.search(&grid, &Query::new((0, 0), Goal::Node((1, 0))))?;
/// assert!(reached.is_reached());
/// let closest = astar.search(&grid, &Query::new((0, 0), Goal::Node((3, 0))).or_closest())?;
/// assert!(!closest.is_reached());
/// assert_eq!(closest.into_path().nodes, [(0, 0), (1, 0)]);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<N, C> {
    /// The path to a goal: the cheapest (or, for [`Bfs`](crate::Bfs), fewest-edge) path
    /// from any start to any goal, its `cost` the sum of its edges. Both hold for an
    /// estimate that never overestimates, consistent or not; with one that does, the path
    /// may be dearer than the cheapest, and its cost may be a recorded one above its edges'
    /// sum.
    Reached(Path<N, C>),
    /// No goal was reached; the path leads to the reached node with the least estimate,
    /// ties broken by the least cost from a start.
    Closest {
        /// The path to the closest node.
        path: Path<N, C>,
        /// Why no goal was reached: [`PlanError::NoPath`] or
        /// [`PlanError::BudgetExceeded`].
        reason: PlanError,
    },
}

impl<N, C> Outcome<N, C> {
    /// The path, to a goal or to the closest node.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Outcome, Path, SearchStats};
    /// let outcome = Outcome::Reached(Path { nodes: vec![1, 2], cost: 1u32, stats: SearchStats::default() });
    /// assert_eq!(outcome.path().cost, 1);
    /// ```
    pub fn path(&self) -> &Path<N, C> {
        match self {
            Outcome::Reached(path) | Outcome::Closest { path, .. } => path,
        }
    }

    /// The path, by value.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Outcome, Path, PlanError, SearchStats};
    /// let path = Path { nodes: vec![1], cost: 0u32, stats: SearchStats::default() };
    /// let outcome = Outcome::Closest { path: path.clone(), reason: PlanError::NoPath };
    /// assert_eq!(outcome.into_path(), path);
    /// ```
    pub fn into_path(self) -> Path<N, C> {
        match self {
            Outcome::Reached(path) | Outcome::Closest { path, .. } => path,
        }
    }

    /// Whether the path ends at a goal.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Outcome, Path, SearchStats};
    /// let path = Path { nodes: vec![1], cost: 0u32, stats: SearchStats::default() };
    /// assert!(Outcome::Reached(path).is_reached());
    /// ```
    pub fn is_reached(&self) -> bool {
        matches!(self, Outcome::Reached(_))
    }

    /// The path to a goal, or the reason none was reached as an error: what a caller that
    /// has no use for the closest node wants.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{Outcome, Path, PlanError, SearchStats};
    /// let path = Path { nodes: vec![1], cost: 0u32, stats: SearchStats::default() };
    /// let outcome = Outcome::Closest { path, reason: PlanError::NoPath };
    /// assert_eq!(outcome.reached(), Err(PlanError::NoPath));
    /// ```
    pub fn reached(self) -> Result<Path<N, C>, PlanError> {
        match self {
            Outcome::Reached(path) => Ok(path),
            Outcome::Closest { reason, .. } => Err(reason),
        }
    }
}

/// Where a search spread over several calls stands after one of them.
///
/// # Example
///
/// ```
/// # #[cfg(feature = "grid")] {
/// use replan::grid::{Connectivity, Grid, Octile};
/// use replan::{AStar, Goal, Progress, Query};
/// let grid = Grid::open(64, 64, Connectivity::Eight);
/// let query = Query::new((0, 0), Goal::Node((63, 63)));
/// let mut astar = AStar::new(Octile);
/// astar.begin(&grid, &query)?;
/// let mut frames = 0;
/// let path = loop {
///     frames += 1;
///     // At most 16 expansions this frame; the rest waits for the next one.
///     match astar.resume(&grid, &query, 16)? {
///         Progress::Pending => continue,
///         Progress::Done(outcome) => break outcome.into_path(),
///     }
/// };
/// assert!(frames > 1);
/// assert_eq!(path.goal(), (63, 63));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Progress<N, C> {
    /// The slice of work is done and the search is not: call again.
    Pending,
    /// The search is over.
    Done(Outcome<N, C>),
}
