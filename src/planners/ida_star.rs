//! Iterative-deepening A* (Korf, "Depth-first iterative-deepening: an optimal admissible
//! tree search", Artificial Intelligence 27(1), 1985): A*'s optimal cost with a depth-first
//! search's memory.
//!
//! # Invariants
//!
//! - Each iteration is a depth-first search from the start that cuts off every path whose
//!   `f = g + h` exceeds the iteration's threshold. The first threshold is `h(start)`; each
//!   next one is the smallest `f` that the previous iteration cut off, so no threshold skips
//!   a solution cost.
//! - With an admissible heuristic (and `h(goal) = 0`), the first path that reaches the goal
//!   within the threshold is optimal: every cheaper path would have been found by an
//!   earlier iteration.
//! - No node is stored apart from the current path: the search does not detect transpositions,
//!   it only never steps straight back to the parent of the node it expands. That is what
//!   makes it the planner for state spaces too large to store (the 15-puzzle has `10^13`
//!   states), and what makes it slow on graphs with many short cycles (grids).
//! - The heuristic is evaluated through [`IncrementalHeuristic`], which lets a heuristic
//!   update a child's estimate from its parent's instead of starting over; any
//!   [`Heuristic`] works through [`Reestimate`].
//!
//! # Complexity
//!
//! Memory is `O(d·b)` for a solution depth `d` and branching factor `b` (the current path and
//! the unexplored siblings on it), kept by the planner for its next call; once that has grown
//! to the deepest path, an iteration allocates nothing. Time is the number of paths within
//! the last threshold, times a small factor for the earlier iterations when the number of
//! nodes grows geometrically with `f` (as it does in sliding-tile puzzles); it can be far
//! worse on graphs where `f` takes many distinct values (every new threshold admits only a few
//! new nodes) or with zero-cost cycles (which it never leaves: set a budget).

use crate::memory::{check_endpoints, edge_error, estimate_error, is_infinite_sum, is_nan};
use crate::{
    Budgeted, Cost, Graph, Heuristic, IncrementalHeuristic, Path, PlanError, Planner, Reestimate,
    SearchStats, Zero,
};

/// Iterative-deepening A*: optimal paths with memory linear in the path length.
///
/// Use it on implicit graphs too large to store, with an admissible heuristic (the 15-puzzle
/// with pattern databases is the classic case); on graphs that fit in memory [`AStar`]
/// expands each node once where IDA* may revisit it along every route.
///
/// The planner keeps its path stack for the next call. [`IdaStar::new`] takes any
/// [`Heuristic`]; [`IdaStar::incremental`] takes an [`IncrementalHeuristic`], which lets a
/// domain update estimates move by move.
///
/// An edge of infinite cost ([`Cost::INFINITY`]) is impassable: the search skips it as if
/// the graph did not list it. A negative or NaN edge cost is [`PlanError::InvalidCost`], a
/// NaN estimate [`PlanError::InvalidEstimate`], a path cost that overflows
/// [`PlanError::CostOverflow`].
///
/// [`AStar`]: crate::AStar
///
/// # Example
///
/// A 7×7 open grid, searched with the Manhattan distance:
///
/// ```
/// use replan::{Graph, HashedIds, IdaStar, Planner};
///
/// struct Open;
/// impl Graph for Open {
///     type Node = (i8, i8);
///     type Cost = u32;
///     type Ids = HashedIds<(i8, i8)>;
///     fn successors(&self, (x, y): (i8, i8), mut visit: impl FnMut((i8, i8), u32)) {
///         for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
///             let (nx, ny) = (x + dx, y + dy);
///             if (0..7).contains(&nx) && (0..7).contains(&ny) {
///                 visit((nx, ny), 1);
///             }
///         }
///     }
/// }
/// let manhattan = |a: (i8, i8), b: (i8, i8)| (a.0.abs_diff(b.0) + a.1.abs_diff(b.1)) as u32;
/// let path = IdaStar::new(manhattan).plan(&Open, (0, 0), (6, 6)).unwrap();
/// assert_eq!(path.cost, 12);
/// assert_eq!(path.nodes.len(), 13);
/// ```
///
/// The type names what the planner stores, not the graph it searches: `H` is the
/// heuristic, `N` the node and `C` the cost type (IDA* keeps the nodes of its current path,
/// and no ids), so one planner searches any graph with those types.
#[derive(Debug)]
pub struct IdaStar<H: IncrementalHeuristic<N, C>, N, C> {
    heuristic: H,
    budget: Option<u64>,
    frames: Vec<Frame<N, C, H::State>>,
    children: Vec<(N, C)>,
    stats: SearchStats,
    iterations: u32,
}

/// One node of the current path and where its unexplored children start and continue.
#[derive(Clone, Copy, Debug)]
struct Frame<N, C, S> {
    node: N,
    g: C,
    h: C,
    state: S,
    /// The first of this node's children in `IdaStar::children`.
    first_child: usize,
    /// The next child to descend into.
    next_child: usize,
}

impl<H: Heuristic<N, C>, N, C> IdaStar<Reestimate<H>, N, C> {
    /// An IDA* planner that computes `heuristic` afresh for every node.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::{puzzle::{ManhattanSum, SlidingPuzzle}, IdaStar, Planner};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let goal = puzzle.goal();
    /// let start = puzzle.parse("1 2 3 4 5 6 0 7 8").unwrap();
    /// let mut ida = IdaStar::new(ManhattanSum::new(goal));
    /// assert_eq!(ida.plan(&puzzle, start, goal).unwrap().cost, 2);
    /// # }
    /// ```
    pub fn new(heuristic: H) -> Self {
        Self::incremental(Reestimate(heuristic))
    }
}

impl<N, C: Cost> IdaStar<Reestimate<Zero>, N, C> {
    /// IDA* without a heuristic: iterative deepening on the path cost (for unit costs,
    /// depth-first iterative deepening). Only sensible for shallow goals.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::{puzzle::SlidingPuzzle, IdaStar, Planner};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let start = puzzle.parse("0 1 3 2").unwrap();
    /// let path = IdaStar::uninformed().plan(&puzzle, start, puzzle.goal()).unwrap();
    /// assert_eq!(path.cost, 2);
    /// # }
    /// ```
    pub fn uninformed() -> Self {
        Self::new(Zero)
    }
}

impl<H: IncrementalHeuristic<N, C>, N, C> IdaStar<H, N, C> {
    /// The statistics of the last search, whether it found a path or not: the same as
    /// [`Planner::last_stats`], callable without naming the graph type.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::{grid::{Grid, Manhattan}, IdaStar, Planner};
    /// let grid: Grid = "...\n.#.".parse().unwrap();
    /// let mut planner = IdaStar::new(Manhattan);
    /// let path = planner.plan(&grid, (0, 0), (2, 1)).unwrap();
    /// assert_eq!(planner.last_stats(), path.stats);
    /// # }
    /// ```
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }
    /// An IDA* planner that updates `heuristic` from parent to child.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::{puzzle::{ManhattanSum, SlidingPuzzle}, IdaStar, Planner};
    ///
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let goal = puzzle.goal();
    /// let start = puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15").unwrap();
    /// let mut ida = IdaStar::incremental(ManhattanSum::new(goal));
    /// assert_eq!(ida.plan(&puzzle, start, goal).unwrap().cost, 1);
    /// # }
    /// ```
    pub fn incremental(heuristic: H) -> Self {
        IdaStar {
            heuristic,
            budget: None,
            frames: Vec::new(),
            children: Vec::new(),
            stats: SearchStats::default(),
            iterations: 0,
        }
    }

    /// The heuristic, to inspect or change between searches.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::{puzzle::{ManhattanSum, SlidingPuzzle}, IdaStar};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let mut ida: IdaStar<_, _, u32> = IdaStar::incremental(ManhattanSum::new(puzzle.goal()));
    /// let _h: &mut ManhattanSum = ida.heuristic_mut();
    /// # }
    /// ```
    pub fn heuristic_mut(&mut self) -> &mut H {
        &mut self.heuristic
    }

    /// How many iterations (thresholds) the last search ran, the last one included.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "puzzle")] {
    /// use replan::{puzzle::{ManhattanSum, SlidingPuzzle}, IdaStar, Planner};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
    /// let mut ida = IdaStar::incremental(ManhattanSum::new(puzzle.goal()));
    /// assert_eq!(ida.plan(&puzzle, start, puzzle.goal()).unwrap().cost, 31);
    /// // Manhattan distance 21, and the threshold rises by 2 per iteration on a puzzle.
    /// assert_eq!(ida.last_iterations(), 6);
    /// # }
    /// ```
    pub fn last_iterations(&self) -> u32 {
        self.iterations
    }

    /// Runs one iteration with threshold `bound`: `Ok(Ok(()))` when it reached the goal (the
    /// path is then in `frames`), `Ok(Err(next))` with the smallest `f` it cut off otherwise.
    fn iteration<G>(
        &mut self,
        graph: &G,
        root: Frame<G::Node, G::Cost, H::State>,
        goal: G::Node,
        bound: G::Cost,
    ) -> Result<Result<(), G::Cost>, PlanError>
    where
        G: Graph<Node = N, Cost = C> + ?Sized,
        N: Copy + Eq + std::hash::Hash + std::fmt::Debug,
        C: Cost,
    {
        let IdaStar {
            heuristic,
            budget,
            frames,
            children,
            stats,
            ..
        } = self;
        let mut next_bound = G::Cost::INFINITY;
        frames.clear();
        frames.push(root);
        children.clear();
        expand(graph, frames, children, stats, *budget)?;

        while let Some(top) = frames.last_mut() {
            if top.next_child == children.len() {
                children.truncate(top.first_child);
                frames.pop();
                continue;
            }
            let (child, edge) = children[top.next_child];
            top.next_child += 1;
            let top = *top;
            // Matched here, as A*'s loop does, rather than through `relax_edge`: its
            // `Result<Option<_>>` cost the 8-puzzle with Manhattan 1.2% more instructions.
            let g = match top.g.checked_add(edge) {
                Some(g) if edge.is_valid_edge_cost() && !is_infinite_sum(g) => g,
                // An edge of infinite cost is impassable: skipped, like an absent one.
                _ if edge == G::Cost::INFINITY => continue,
                _ => return Err(edge_error(edge)),
            };
            let (h, state) = heuristic.next(top.node, top.h, top.state, child, goal);
            if is_nan(h) {
                return Err(estimate_error(h));
            }
            let f = g.saturating_add(h);
            if f > bound {
                if f.total_cmp(&next_bound).is_lt() {
                    next_bound = f;
                }
                continue;
            }
            frames.push(Frame {
                node: child,
                g,
                h,
                state,
                first_child: children.len(),
                next_child: children.len(),
            });
            if child == goal {
                return Ok(Ok(()));
            }
            expand(graph, frames, children, stats, *budget)?;
        }
        Ok(Err(next_bound))
    }
}

/// Generates the children of the top frame, except the node it came from, onto `children`.
#[inline(always)]
fn expand<N: Copy + Eq, C: Cost, S, G: Graph<Node = N, Cost = C> + ?Sized>(
    graph: &G,
    frames: &[Frame<N, C, S>],
    children: &mut Vec<(N, C)>,
    stats: &mut SearchStats,
    budget: Option<u64>,
) -> Result<(), PlanError> {
    if budget.is_some_and(|budget| stats.expanded >= budget) {
        return Err(PlanError::BudgetExceeded {
            budget: stats.expanded,
        });
    }
    stats.expanded += 1;
    let depth = frames.len();
    let node = frames[depth - 1].node;
    let before = children.len();
    if depth >= 2 {
        let parent = frames[depth - 2].node;
        graph.successors_except(node, parent, |child, edge| children.push((child, edge)));
    } else {
        graph.successors(node, |child, edge| children.push((child, edge)));
    }
    stats.generated += (children.len() - before) as u64;
    stats.max_frontier = stats.max_frontier.max(children.len());
    Ok(())
}

/// The budget limits each search to that many node expansions, over all iterations together;
/// a search that needs more returns [`PlanError::BudgetExceeded`].
///
/// # Example
///
/// ```
/// # #[cfg(feature = "puzzle")] {
/// use replan::{puzzle::{Misplaced, SlidingPuzzle}, IdaStar, Budgeted, PlanError, Planner};
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// let mut ida = IdaStar::new(Misplaced::new(puzzle.goal())).with_budget(100);
/// assert_eq!(ida.plan(&puzzle, start, puzzle.goal()), Err(PlanError::BudgetExceeded { budget: 100 }));
/// # }
/// ```
impl<H: IncrementalHeuristic<N, C>, N, C> Budgeted for IdaStar<H, N, C> {
    fn budget(&self) -> Option<u64> {
        self.budget
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        &mut self.budget
    }
}

impl<G, H> Planner<G> for IdaStar<H, G::Node, G::Cost>
where
    G: Graph + ?Sized,
    H: IncrementalHeuristic<G::Node, G::Cost>,
{
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        self.iterations = 0;
        check_endpoints(graph, start, goal)?;
        let (h, state) = self.heuristic.first(start, goal);
        if is_nan(h) {
            return Err(estimate_error(h));
        }
        if start == goal {
            return Ok(Path {
                nodes: vec![start],
                cost: G::Cost::ZERO,
                stats: self.stats,
            });
        }
        let root = Frame {
            node: start,
            g: G::Cost::ZERO,
            h,
            state,
            first_child: 0,
            next_child: 0,
        };
        let mut bound = h;
        loop {
            self.iterations += 1;
            match self.iteration(graph, root, goal, bound)? {
                Ok(()) => {
                    let last = self.frames[self.frames.len() - 1];
                    return Ok(Path {
                        nodes: self.frames.iter().map(|frame| frame.node).collect(),
                        cost: last.g,
                        stats: self.stats,
                    });
                }
                Err(next) if next == G::Cost::INFINITY => return Err(PlanError::NoPath),
                Err(next) => bound = next,
            }
        }
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// A shared reference works like the heuristic itself, so several planners (one per thread)
/// can use one large heuristic such as a pattern database.
impl<N, C, H: IncrementalHeuristic<N, C> + ?Sized> IncrementalHeuristic<N, C> for &H {
    type State = H::State;

    #[inline(always)]
    fn first(&self, node: N, goal: N) -> (C, H::State) {
        (**self).first(node, goal)
    }

    #[inline(always)]
    fn next(&self, parent: N, parent_h: C, state: H::State, child: N, goal: N) -> (C, H::State) {
        (**self).next(parent, parent_h, state, child, goal)
    }
}
