//! Searches in slices: [`AStar::begin`] checks a query and queues its starts,
//! [`AStar::resume`] checks that it is handed the same query and graph again and carries
//! the search on; [`AStar::search`] is both in one call.

use super::search_loop::{run_target, run_tracking_closest, TieBits};
use super::target::{least_estimate, start_estimate, Custom, ToNode};
use super::{AStar, SearchState, Stop, TargetIds, Work};
use crate::memory::{
    check_query, estimate_error, is_nan, query_digest, walk_cost, Closest, OtherGoal, NO_PARENT,
};
use crate::{
    Cost, Goal, Graph, Heuristic, NodeIds, Outcome, Path, PlanError, Progress, Query, SearchStats,
};

impl<H, I, C: Cost> AStar<H, I, C> {
    /// Starts a search that [`resume`](AStar::resume) carries out a slice at a time, so a
    /// game can spread a long search over several frames. Checks the query's endpoints and
    /// queues its starts; expands nothing.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] / [`PlanError::InvalidGoal`] for an endpoint the graph
    /// refuses, [`PlanError::InvalidQuery`] for a query without starts,
    /// [`PlanError::TooManyNodes`] from the node store.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, Goal, Progress, Query};
    /// let grid: Grid = "....".parse()?;
    /// let query = Query::new((0, 0), Goal::Node((3, 0)));
    /// let mut astar = AStar::new(Manhattan);
    /// astar.begin(&grid, &query)?;
    /// assert_eq!(astar.resume(&grid, &query, 1)?, Progress::Pending);
    /// assert!(matches!(astar.resume(&grid, &query, 100)?, Progress::Done(_)));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin<G>(&mut self, graph: &G, query: &Query<'_, G::Node, C>) -> Result<(), PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        self.start(graph, query)?;
        if let Some(state) = &mut self.state {
            state.digest = query_digest(query);
        }
        Ok(())
    }

    /// [`begin`](AStar::begin) without the query's digest, which only a search resumed
    /// by the caller needs.
    pub(super) fn start<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
    ) -> Result<(), PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        self.work.stats = SearchStats::default();
        self.work.open.clear();
        self.work.buckets.clear();
        self.work.overflow.clear();
        self.state = None;
        check_query(graph, query)?;
        let starts = query.starts();
        let AStar {
            heuristic,
            work:
                Work {
                    memory,
                    open,
                    buckets,
                    ..
                },
            goal_ids,
            roots,
            ..
        } = self;
        // The heap's position table covers the bound at once, allocated zeroed: a first
        // search pays for the pages it touches, and no growth copies the table as larger
        // ids come. The bucket queue's positions grow with the ids pushed.
        let bound = memory.begin(graph)?;
        // The starts' ids before the goals', in the order the graph hands them out.
        roots.clear();
        for &start in starts {
            roots.push((memory.id(graph, start)?, C::ZERO));
        }
        let target = match query.goal {
            Goal::Node(goal) => TargetIds::Node(memory.id(graph, goal)?),
            Goal::AnyOf(goals) => {
                goal_ids.clear();
                for &goal in goals {
                    let id = memory.id(graph, goal)?;
                    goal_ids.grow(id as usize + 1);
                    goal_ids.insert(id as usize);
                }
                TargetIds::Set
            }
            Goal::Where(_) => TargetIds::Where,
        };
        // Every start's estimate, for the tie bits, the frontier and the closest node.
        for ((_, h), &start) in roots.iter_mut().zip(starts) {
            *h = start_estimate(&*heuristic, query, start);
            if is_nan(*h) {
                return Err(estimate_error(*h));
            }
        }
        let largest_h = roots
            .iter()
            .map(|&(_, h)| h)
            .fold(C::ZERO, |a, b| if b > a { b } else { a });
        let ties = TieBits::for_start(largest_h);
        let in_buckets = roots
            .iter()
            .all(|&(_, h)| ties.bucket_of(C::ZERO.saturating_add(h), h).is_some());
        if !in_buckets {
            open.reserve_ids(bound);
        }
        let mut closest = None;
        for &(id, h) in roots.iter() {
            if memory.records.is_reached(id) {
                continue; // a start given twice
            }
            memory.records.reach(id, C::ZERO, NO_PARENT);
            if in_buckets {
                let f = ties.bucket_of(C::ZERO.saturating_add(h), h);
                buckets.push_absent(id, f.expect("checked above"));
            } else {
                open.push(id, C::frontier_key(C::ZERO, h));
            }
            if query.closest {
                Closest::offer(&mut closest, id, h, C::ZERO);
            }
        }
        if let Goal::AnyOf([]) = query.goal {
            // No goal to find: the search ends at its first slice, with the starts as all
            // it reached.
            buckets.clear();
            open.clear();
        }
        self.work.stats.max_frontier = buckets.len() + open.len();
        self.state = Some(SearchState {
            in_buckets,
            ties,
            held: None,
            target,
            closest,
            digest: 0,
            revision: graph.revision(),
            bound: memory.ids.bound(graph),
            reopened: false,
        });
        Ok(())
    }

    /// Carries the search [`begin`](AStar::begin) started on by at most `max_expanded`
    /// more expansions, and at least one: a slice of 0 expands one node, so a loop of
    /// calls always ends. The path and cost found are exactly those of an uninterrupted
    /// search, whatever the slices (ties are broken the same way).
    ///
    /// The expansion budget ([`with_budget`](crate::Budgeted::with_budget)) counts the whole search
    /// and is read at every call: lowered below the expansions made so far, the search
    /// stops at once with [`PlanError::BudgetExceeded`].
    ///
    /// `query` must be the one the search began with: other starts, another goal node or
    /// goal set, an estimate or [`or_closest`](Query::or_closest) added or dropped are
    /// refused (a goal test and an estimate are closures and cannot be compared: the same
    /// ones must be passed). `graph` may be a new view of the same data. A graph that
    /// tells its [`revision`](Graph::revision) (a [`Grid`](crate::grid::Grid) does) is
    /// refused once it has changed; so is a dense graph whose node bound changed. Other
    /// changes to a graph that does not tell its revision go unseen: the result is then
    /// some path of either graph, or an error, never a panic of the planner's own.
    ///
    /// # Errors
    ///
    /// [`PlanError::NotPlanned`] when no search is in progress (none begun, or the last one
    /// ended); [`PlanError::InvalidQuery`] for another query than the one begun with (the
    /// search stays in progress, to resume with the right one);
    /// [`PlanError::GraphChanged`] when the graph changed (the search is dropped: begin
    /// anew); otherwise as [`search`](AStar::search).
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Connectivity, Grid, Octile};
    /// use replan::{AStar, Goal, Planner, Progress, Query};
    /// let grid = Grid::open(40, 40, Connectivity::Eight);
    /// let query = Query::new((0, 0), Goal::Node((39, 25)));
    /// let mut astar = AStar::new(Octile);
    /// astar.begin(&grid, &query)?;
    /// let sliced = loop {
    ///     if let Progress::Done(outcome) = astar.resume(&grid, &query, 7)? {
    ///         break outcome.into_path();
    ///     }
    /// };
    /// let whole = astar.plan(&grid, (0, 0), (39, 25))?;
    /// assert_eq!((sliced.nodes, sliced.cost), (whole.nodes, whole.cost));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
        max_expanded: u64,
    ) -> Result<Progress<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        let Some(state) = &self.state else {
            return Err(PlanError::NotPlanned);
        };
        if query_digest(query) != state.digest {
            return Err(PlanError::InvalidQuery {
                reason: "resume was given another query than the search began with",
            });
        }
        if graph.revision() != state.revision || self.work.memory.ids.bound(graph) != state.bound {
            self.state = None;
            return Err(PlanError::GraphChanged);
        }
        self.carry_on(graph, query, max_expanded)
    }

    /// [`resume`](AStar::resume) once the query and the graph are checked.
    pub(super) fn carry_on<G>(
        &mut self,
        graph: &G,
        query: &Query<'_, G::Node, C>,
        max_expanded: u64,
    ) -> Result<Progress<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        H: Heuristic<G::Node, C>,
        I: NodeIds<G>,
    {
        let Some(state) = self.state.take() else {
            return Err(PlanError::NotPlanned);
        };
        let stop_at = self.work.stats.expanded.saturating_add(max_expanded.max(1));
        let AStar {
            heuristic,
            work,
            goal_ids,
            ..
        } = self;
        let closest = query.closest;
        let result = match (state.target, query.goal, query.estimate) {
            (TargetIds::Node(goal_id), Goal::Node(goal), None) => {
                let target = ToNode {
                    heuristic: &*heuristic,
                    goal,
                    goal_id,
                };
                run_target(work, graph, target, state, closest, stop_at)
            }
            (TargetIds::Node(goal_id), Goal::Node(_), Some(estimate)) => {
                let target = Custom {
                    is_goal: OtherGoal::Id(goal_id),
                    estimate,
                };
                run_tracking_closest(work, graph, target, state, stop_at)
            }
            (TargetIds::Set, Goal::AnyOf(goals), None) => {
                // The least of the heuristic's estimates, behind the same dynamic call as a
                // query's own estimate: one copy of the loop serves both.
                let heuristic = &*heuristic;
                let nearest = |node: G::Node| least_estimate(heuristic, goals, node);
                let target = Custom {
                    is_goal: OtherGoal::In(goal_ids),
                    estimate: &nearest,
                };
                run_tracking_closest(work, graph, target, state, stop_at)
            }
            (TargetIds::Set, Goal::AnyOf(_), Some(estimate)) => {
                let target = Custom {
                    is_goal: OtherGoal::In(goal_ids),
                    estimate,
                };
                run_tracking_closest(work, graph, target, state, stop_at)
            }
            (TargetIds::Where, Goal::Where(test), estimate) => {
                let no_estimate = |_: G::Node| C::ZERO;
                let target = Custom {
                    is_goal: OtherGoal::Where(test),
                    estimate: estimate.unwrap_or(&no_estimate),
                };
                run_tracking_closest(work, graph, target, state, stop_at)
            }
            _ => Err(PlanError::InvalidQuery {
                reason: "resume was given another goal than the search began with",
            }),
        };
        let (stop, state) = result?;
        let (reason, state) = match stop {
            Stop::Paused(..) => {
                self.state = Some(state);
                return Ok(Progress::Pending);
            }
            Stop::Found(id) => {
                // A goal's recorded cost is its path's: with an admissible estimate, every
                // node on that path that a cheaper route reached again was expanded again
                // before the goal was popped (its `f` is below the goal's).
                let path = self.path_to(graph, id, false)?;
                return Ok(Progress::Done(Outcome::Reached(path)));
            }
            Stop::Exhausted => (PlanError::NoPath, state),
            Stop::Budget => (
                PlanError::BudgetExceeded {
                    budget: self.work.budget.unwrap_or(self.work.stats.expanded),
                },
                state,
            ),
        };
        match state.closest {
            Some(closest) if query.closest => {
                let path = self.path_to(graph, closest.id, state.reopened)?;
                Ok(Progress::Done(Outcome::Closest { path, reason }))
            }
            _ => Err(reason),
        }
    }

    /// The path from a root to the reached node `id`. Its cost is the node's recorded `g`
    /// unless `reopened` says the search reopened a node: the recorded costs below a
    /// reopened node can then be stale (a cheaper route reached the node after its children
    /// were recorded, and the budget ran out before they were expanded again), while the
    /// parents already follow the cheaper route, so the cost is the sum of the path's edges
    /// instead.
    fn path_to<G>(
        &mut self,
        graph: &G,
        id: u32,
        reopened: bool,
    ) -> Result<Path<G::Node, C>, PlanError>
    where
        G: Graph<Ids = I, Cost = C> + ?Sized,
        I: NodeIds<G>,
    {
        let nodes = self.work.memory.path_from_root(graph, id);
        let cost = if reopened {
            walk_cost(graph, &nodes)?
        } else {
            self.work.memory.records.record(id).g
        };
        Ok(Path {
            nodes,
            cost,
            stats: self.work.stats,
        })
    }
}
