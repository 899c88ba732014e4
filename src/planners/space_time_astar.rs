//! Space-time A*: the fastest walk through `(node, time)` that avoids a
//! [`Reservations`] table, as used by Cooperative A* (Silver, "Cooperative Pathfinding",
//! AIIDE 2005) and by the low level of Conflict-Based Search (Sharon et al., AIJ 2015).
//!
//! Each step takes one unit of time and is either a move along an edge of the graph or a
//! wait in place; the search minimises the arrival time (edge costs are not used). A goal
//! counts as reached only at a time from which the unit can stay there: no later
//! reservation of the goal node.
//!
//! # Invariants
//!
//! - Every returned walk starts at the start at `start_time`, each step is a wait or an edge
//!   of the graph, no step enters a reserved `(node, time)` or swaps with a reserved move.
//! - Without a window the search is complete and optimal for an admissible heuristic: from
//!   [`Reservations::latest_time`]` + 1` on the table no longer changes, so states later
//!   than that are merged by node, and the time-expanded graph it searches is finite.
//! - With a window `w`, states at `start_time + w` end the search like a goal, ranked by
//!   time plus heuristic: the best partial walk under the table (Windowed Hierarchical
//!   Cooperative A*, where the heuristic is the true distance ignoring other units).
//!
//! # Complexity
//!
//! `O(S log S)` time and `O(S)` memory for the `S` space-time states it reaches, at most
//! `V · (latest_time + 2 − start_time)` (or `V · (w + 1)` with a window) for `V` nodes.
//! The memory is kept between calls.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

use rustc_hash::FxHashMap;

#[cfg(doc)]
use crate::Reservations;
use crate::{Graph, Heuristic, NodeIds, PlanError, ReservationTable, SearchStats};

/// A walk in space and time: `nodes[k]` is where the unit is at `start_time + k`.
///
/// # Example
///
/// ```
/// use replan::{SearchStats, TimedPath};
/// let walk = TimedPath { nodes: vec![3, 3, 4], start_time: 7, arrived: true, stats: SearchStats::default() };
/// assert_eq!(walk.arrival_time(), 9);
/// assert_eq!(walk.at(8), Some(3));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TimedPath<N> {
    /// The node at each time step from `start_time` on, the start first.
    pub nodes: Vec<N>,
    /// The time of `nodes[0]`.
    pub start_time: u32,
    /// `true` when the walk ends at the goal, where the unit can stay; `false` for the
    /// partial walk of a windowed search that ended at its window.
    pub arrived: bool,
    /// What the search did.
    pub stats: SearchStats,
}

impl<N: Copy> TimedPath<N> {
    /// The time of the last node.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{SearchStats, TimedPath};
    /// let walk = TimedPath { nodes: vec!['a'], start_time: 2, arrived: true, stats: SearchStats::default() };
    /// assert_eq!(walk.arrival_time(), 2);
    /// ```
    pub fn arrival_time(&self) -> u32 {
        self.start_time + self.nodes.len() as u32 - 1
    }

    /// Where the unit is at `time`: `None` before the walk starts, its last node after it
    /// ends.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{SearchStats, TimedPath};
    /// let walk = TimedPath { nodes: vec![1, 2], start_time: 5, arrived: true, stats: SearchStats::default() };
    /// assert_eq!((walk.at(4), walk.at(5), walk.at(99)), (None, Some(1), Some(2)));
    /// ```
    pub fn at(&self, time: u32) -> Option<N> {
        let k = time.checked_sub(self.start_time)? as usize;
        Some(self.nodes[k.min(self.nodes.len() - 1)])
    }
}

/// Space-time A* over any [`Graph`] against a [`ReservationTable`] ([`Reservations`] or
/// a solver's own); see the
/// [module](self) for the rule, invariants and cost.
///
/// `H` estimates the number of steps left and must never overestimate it (for the best
/// walk); a grid unit uses [`Manhattan`](crate::grid::Manhattan) as steps, or the exact
/// distance of a [`BfsReach`](crate::BfsReach) from its goal. The planner keeps its state
/// table and frontier between calls.
///
/// # Example
///
/// ```
/// use replan::{from_fn, Reservations, SpaceTimeAStar};
///
/// // A corridor 0 - 1 - 2 - 3; another unit stands on 2 at times 1 and 2.
/// let corridor = from_fn(|n: u32| {
///     let mut next = Vec::new();
///     if n > 0 { next.push((n - 1, 1u32)) }
///     if n < 3 { next.push((n + 1, 1)) }
///     next
/// });
/// let mut table = Reservations::new();
/// table.reserve_vertex(2, 1);
/// table.reserve_vertex(2, 2);
/// let mut planner = SpaceTimeAStar::new(|a: u32, b: u32| a.abs_diff(b));
/// let walk = planner.plan(&corridor, &table, 0, 3, 0)?;
/// assert_eq!(walk.arrival_time(), 4); // one wait on the way
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Debug)]
pub struct SpaceTimeAStar<N, H> {
    heuristic: H,
    window: Option<u32>,
    budget: Option<u64>,
    step_limit: Option<u32>,
    ids: FxHashMap<(N, u32), u32>,
    /// With dense node ids: the state of `(id, time)` at `(time - start) · bound + id`,
    /// `u32::MAX` when unreached; `touched` lists the slots to clear before the next search.
    dense: Vec<u32>,
    touched: Vec<u32>,
    bound: usize,
    origin: u32,
    nodes: Vec<N>,
    times: Vec<u32>,
    steps: Vec<u32>,
    parents: Vec<u32>,
    closed: Vec<bool>,
    /// The frontier: one stack of states per `f` below [`BUCKETS`], a heap above it.
    buckets: Vec<Vec<u32>>,
    lowest: usize,
    in_buckets: usize,
    open: BinaryHeap<Reverse<(u64, u32)>>,
    successors: Vec<N>,
}

/// `f` values kept in buckets; larger ones (huge estimates) go to the heap.
const BUCKETS: u32 = 1 << 12;

/// The most state slots a dense table may take (`u32` each); larger searches hash.
const DENSE_SLOTS: usize = 1 << 22;

impl<N: Copy + Eq + Hash + std::fmt::Debug, H: Heuristic<N, u32>> SpaceTimeAStar<N, H> {
    /// A planner with `heuristic`, no window and no budget.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::{Cell, Manhattan};
    /// use replan::SpaceTimeAStar;
    /// let planner = SpaceTimeAStar::new(|a: Cell, b: Cell| a.0.abs_diff(b.0) + a.1.abs_diff(b.1));
    /// # let _ = planner;
    /// # }
    /// ```
    pub fn new(heuristic: H) -> Self {
        SpaceTimeAStar {
            heuristic,
            window: None,
            budget: None,
            step_limit: None,
            ids: FxHashMap::default(),
            dense: Vec::new(),
            touched: Vec::new(),
            bound: 0,
            origin: 0,
            nodes: Vec::new(),
            times: Vec::new(),
            steps: Vec::new(),
            parents: Vec::new(),
            closed: Vec::new(),
            buckets: Vec::new(),
            lowest: 0,
            in_buckets: 0,
            open: BinaryHeap::new(),
            successors: Vec::new(),
        }
    }

    /// Ends the search at `window` steps after the start, returning the best partial walk
    /// when the goal is not reached before; `None` searches to the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{from_fn, Reservations, SpaceTimeAStar};
    /// let line = from_fn(|n: u32| [(n + 1, 1u32)]);
    /// let mut planner = SpaceTimeAStar::new(|a: u32, b: u32| b.saturating_sub(a)).with_window(Some(2));
    /// let walk = planner.plan(&line, &Reservations::new(), 0, 10, 0)?;
    /// assert_eq!((walk.nodes, walk.arrived), (vec![0, 1, 2], false));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn with_window(mut self, window: Option<u32>) -> Self {
        self.window = window;
        self
    }

    /// Stops with [`PlanError::BudgetExceeded`] after expanding `budget` states.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{from_fn, PlanError, Reservations, SpaceTimeAStar};
    /// let line = from_fn(|n: u32| [(n + 1, 1u32)]);
    /// let mut planner = SpaceTimeAStar::new(|a: u32, b: u32| b.saturating_sub(a)).with_budget(Some(3));
    /// let err = planner.plan(&line, &Reservations::new(), 0, 10, 0).unwrap_err();
    /// assert_eq!(err, PlanError::BudgetExceeded { budget: 3 });
    /// ```
    pub fn with_budget(mut self, budget: Option<u64>) -> Self {
        self.budget = budget;
        self
    }

    /// Only walks of at most `limit` steps: a search that cannot arrive by then returns
    /// [`PlanError::NoPath`], pruning every state whose time plus estimate exceeds it (a
    /// caller that only wants a walk better than one it has stops early).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{from_fn, PlanError, Reservations, SpaceTimeAStar};
    /// let line = from_fn(|n: u32| [(n + 1, 1u32)]);
    /// let mut planner = SpaceTimeAStar::new(|a: u32, b: u32| b.saturating_sub(a));
    /// planner.set_step_limit(Some(4));
    /// assert_eq!(planner.plan(&line, &Reservations::new(), 0, 5, 0), Err(PlanError::NoPath));
    /// planner.set_step_limit(None);
    /// assert!(planner.plan(&line, &Reservations::new(), 0, 5, 0).is_ok());
    /// ```
    pub fn set_step_limit(&mut self, limit: Option<u32>) {
        self.step_limit = limit;
    }

    /// The heuristic, to change what it knows between calls (a distance map for a new
    /// goal).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::SpaceTimeAStar;
    /// let mut planner = SpaceTimeAStar::new(|a: u32, b: u32| a.abs_diff(b));
    /// let _h = planner.heuristic_mut();
    /// ```
    pub fn heuristic_mut(&mut self) -> &mut H {
        &mut self.heuristic
    }

    /// The state of `node` (dense id `id` when the table is dense) at `key_time`.
    #[inline]
    fn state(&mut self, node: N, id: u32, time: u32, key_time: u32) -> u32 {
        let next = self.nodes.len() as u32;
        let found = if self.bound > 0 {
            let slot = (key_time - self.origin) as usize * self.bound + id as usize;
            if slot >= self.dense.len() {
                self.dense.resize(slot + 1, u32::MAX);
            }
            let entry = &mut self.dense[slot];
            if *entry == u32::MAX {
                *entry = next;
                self.touched.push(slot as u32);
            }
            *entry
        } else {
            *self.ids.entry((node, key_time)).or_insert(next)
        };
        if found == next {
            self.nodes.push(node);
            self.times.push(time);
            self.steps.push(u32::MAX);
            self.parents.push(u32::MAX);
            self.closed.push(false);
        }
        found
    }

    #[inline]
    fn push(&mut self, step: u32, h: u32, state: u32) {
        let f = step.saturating_add(h);
        if f < BUCKETS {
            let f = f as usize;
            if f >= self.buckets.len() {
                self.buckets.resize_with(f + 1, Vec::new);
            }
            self.buckets[f].push(state);
            self.lowest = self.lowest.min(f);
            self.in_buckets += 1;
        } else {
            self.open.push(Reverse((priority(step, h), state)));
        }
    }

    /// The queued state of least `f`; among equals, the last pushed, which is usually the
    /// deepest.
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        if self.in_buckets > 0 {
            while self.buckets[self.lowest].is_empty() {
                self.lowest += 1;
            }
            self.in_buckets -= 1;
            return self.buckets[self.lowest].pop();
        }
        self.open.pop().map(|Reverse((_, state))| state)
    }

    /// The walk from `start` at `start_time` to `goal` that arrives earliest (or, with a
    /// window, the best partial walk), avoiding `reservations`. The table must not hold the
    /// unit's own reservations.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidStart`] or [`PlanError::InvalidGoal`] when the graph refuses the
    /// node ([`Graph::check_node`]); [`PlanError::NoPath`] when no walk reaches a goal the
    /// unit can stay at (or, with a window, when the unit cannot stay anywhere for the
    /// window); [`PlanError::BudgetExceeded`].
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Grid;
    /// use replan::{Reservations, SpaceTimeAStar};
    /// let grid: Grid = "...\n...\n...".parse()?;
    /// let mut table = Reservations::new();
    /// table.reserve_path(&[(0, 1), (1, 1), (2, 1)], 0); // another unit crosses the middle row
    /// let mut planner = SpaceTimeAStar::new(|a: (u32, u32), b: (u32, u32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1));
    /// let walk = planner.plan(&grid, &table, (1, 0), (1, 2), 0)?;
    /// assert!(walk.arrived);
    /// assert_eq!(walk.arrival_time(), 3); // it lets the other unit pass first
    /// assert_ne!(walk.at(1), Some((1, 1)));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plan<G: Graph<Node = N>, R: ReservationTable<N> + ?Sized>(
        &mut self,
        graph: &G,
        reservations: &R,
        start: N,
        goal: N,
        start_time: u32,
    ) -> Result<TimedPath<N>, PlanError> {
        graph
            .check_node(start)
            .map_err(|reason| PlanError::InvalidStart {
                node: format!("{start:?}"),
                reason,
            })?;
        graph
            .check_node(goal)
            .map_err(|reason| PlanError::InvalidGoal {
                node: format!("{goal:?}"),
                reason,
            })?;
        self.ids.clear();
        for &slot in &self.touched {
            self.dense[slot as usize] = u32::MAX;
        }
        self.touched.clear();
        let from = self.lowest.min(self.buckets.len());
        for bucket in &mut self.buckets[from..] {
            bucket.clear();
        }
        self.lowest = usize::MAX;
        self.in_buckets = 0;
        self.nodes.clear();
        self.times.clear();
        self.steps.clear();
        self.parents.clear();
        self.closed.clear();
        self.open.clear();
        let mut stats = SearchStats::default();
        // Past this time the table is static, so states are told apart by node alone.
        let merge_time = match self.window {
            Some(_) => u32::MAX,
            None => (reservations.latest_time() + 1).max(start_time),
        };
        let end_time = self
            .window
            .map_or(u32::MAX, |window| start_time.saturating_add(window));
        let step_limit = self.step_limit.unwrap_or(u32::MAX);
        // Dense ids when the graph has them and the table of (id, time) slots stays small.
        let mut node_ids = G::Ids::default();
        let bound = node_ids.reset(graph)?;
        let layers = (merge_time.min(end_time) - start_time) as usize + 1;
        self.bound = if bound.saturating_mul(layers) <= DENSE_SLOTS {
            bound
        } else {
            0
        };
        self.origin = start_time;
        let start_id = if self.bound > 0 {
            node_ids.id(graph, start)?
        } else {
            0
        };
        let root = self.state(start, start_id, start_time, start_time.min(merge_time));
        self.steps[root as usize] = 0;
        let h = self.heuristic.estimate(start, goal);
        if h > step_limit {
            return Err(PlanError::NoPath);
        }
        self.push(0, h, root);
        while let Some(id) = self.pop() {
            let index = id as usize;
            if self.closed[index] {
                continue;
            }
            self.closed[index] = true;
            let (node, time, step) = (self.nodes[index], self.times[index], self.steps[index]);
            let arrived = node == goal && reservations.can_stay(goal, time);
            if arrived || time >= end_time {
                stats.max_frontier = stats.max_frontier.max(self.open.len() + self.in_buckets);
                return Ok(self.walk(id, start_time, arrived, stats));
            }
            if self.budget.is_some_and(|budget| stats.expanded >= budget) {
                return Err(PlanError::BudgetExceeded {
                    budget: stats.expanded,
                });
            }
            stats.expanded += 1;
            self.successors.clear();
            self.successors.push(node);
            let successors = &mut self.successors;
            graph.successors(node, |next, _| successors.push(next));
            for k in 0..self.successors.len() {
                let next = self.successors[k];
                stats.generated += 1;
                if !reservations.can_move(node, next, time) {
                    continue;
                }
                let h = self.heuristic.estimate(next, goal);
                if (step + 1).saturating_add(h) > step_limit {
                    continue;
                }
                let next_time = time + 1;
                let next_id = if self.bound > 0 {
                    node_ids.id(graph, next)?
                } else {
                    0
                };
                let child = self.state(next, next_id, next_time, next_time.min(merge_time));
                let child_index = child as usize;
                if step + 1 < self.steps[child_index] {
                    self.steps[child_index] = step + 1;
                    self.times[child_index] = next_time;
                    self.parents[child_index] = id;
                    self.closed[child_index] = false;
                    self.push(step + 1, h, child);
                }
            }
            stats.max_frontier = stats.max_frontier.max(self.open.len() + self.in_buckets);
        }
        Err(PlanError::NoPath)
    }

    fn walk(
        &self,
        mut id: u32,
        start_time: u32,
        arrived: bool,
        stats: SearchStats,
    ) -> TimedPath<N> {
        let mut nodes = Vec::with_capacity(self.steps[id as usize] as usize + 1);
        while id != u32::MAX {
            nodes.push(self.nodes[id as usize]);
            id = self.parents[id as usize];
        }
        nodes.reverse();
        TimedPath {
            nodes,
            start_time,
            arrived,
            stats,
        }
    }
}

/// Orders by `f = g + h`, then by larger `g` (deeper states first, which reach the goal
/// sooner among equals).
#[inline]
fn priority(step: u32, h: u32) -> u64 {
    ((step as u64 + h as u64) << 32) | (u32::MAX - step) as u64
}
