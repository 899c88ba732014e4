//! Conflict-Based Search (Sharon, Stern, Felner and Sturtevant, "Conflict-based search for
//! optimal multi-agent pathfinding", Artificial Intelligence 219, 2015), with the bypass
//! of Boyarski et al. ("Don't Split, Try To Work It Out: Bypassing Conflicts in
//! Multi-Agent Pathfinding", ICAPS 2015) and ties broken towards fewer conflicts.
//!
//! The high level is a best-first search over constraint trees: each node holds a set of
//! constraints ("agent i may not be at v at t", "may not move u → v at t") and one path per
//! agent, each the fastest under its own constraints (found by
//! [`SpaceTimeAStar`]). The cheapest node is checked for conflicts:
//! none, and its plan is optimal; otherwise the earliest conflict splits it into two
//! children, each forbidding it to one of the two agents. A child whose new path costs no
//! more and conflicts less replaces its parent's path instead of branching (the bypass).
//!
//! # Invariants
//!
//! - Every node's cost (its sum of costs) is a lower bound on any plan that satisfies its
//!   constraints, and every plan is allowed by one of the two children of a split, so the
//!   first conflict-free node popped is optimal for the sum of costs.
//! - A path stays at its goal only from a time after every constraint on that goal.
//!
//! # Complexity
//!
//! Exponential in the number of conflicts in the worst case (the problem is NP-hard); each
//! node costs one space-time search and `O(agents · makespan)` to find conflicts.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use rustc_hash::FxHashSet;

use super::graph::{distances_to, GoalDistance, NONE};
use super::pibt::to_solution;
use super::{Instance, MapfError, Solution};
use crate::stamped::Stamped;
use crate::{ReservationTable, SpaceTimeAStar};

/// One constraint on one agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Constraint {
    /// Not at `vertex` at `time`.
    Vertex { vertex: u32, time: u32 },
    /// Not from `from` to `to` between `time` and `time + 1`.
    Move { from: u32, to: u32, time: u32 },
}

/// A node of the constraint tree: one new constraint on top of its parent's.
#[derive(Clone, Debug)]
struct TreeNode {
    parent: u32,
    agent: u32,
    constraint: Option<Constraint>,
    paths: Vec<Vec<u32>>,
    cost: u64,
    conflicts: u32,
}

/// The constraints of one agent, as the space-time search asks about them.
#[derive(Debug, Default)]
struct AgentConstraints {
    vertices: FxHashSet<(u32, u32)>,
    moves: FxHashSet<(u32, u32, u32)>,
    goal: u32,
    goal_until: Option<u32>,
    latest: u32,
}

impl AgentConstraints {
    fn clear(&mut self, goal: u32) {
        self.vertices.clear();
        self.moves.clear();
        self.goal = goal;
        self.goal_until = None;
        self.latest = 0;
    }

    fn add(&mut self, constraint: Constraint) {
        match constraint {
            Constraint::Vertex { vertex, time } => {
                self.vertices.insert((vertex, time));
                if vertex == self.goal {
                    self.goal_until = Some(self.goal_until.map_or(time, |t| t.max(time)));
                }
                self.latest = self.latest.max(time);
            }
            Constraint::Move { from, to, time } => {
                self.moves.insert((from, to, time));
                self.latest = self.latest.max(time + 1);
            }
        }
    }
}

impl ReservationTable<u32> for AgentConstraints {
    fn is_free(&self, node: u32, time: u32) -> bool {
        !self.vertices.contains(&(node, time))
    }
    fn can_move(&self, from: u32, to: u32, time: u32) -> bool {
        self.is_free(to, time + 1) && !self.moves.contains(&(from, to, time))
    }
    fn can_stay(&self, node: u32, time: u32) -> bool {
        node != self.goal || self.goal_until.is_none_or(|until| until < time)
    }
    fn latest_time(&self) -> u32 {
        self.latest
    }
}

/// A conflict between two agents: `first` and `second` at one vertex at `time`, or
/// swapping `first_at` and `second_at` between `time` and `time + 1`.
#[derive(Clone, Copy, Debug)]
struct Conflict {
    first: u32,
    second: u32,
    swap: bool,
    first_at: u32,
    second_at: u32,
    time: u32,
}

/// Optimal sum of costs by Conflict-Based Search; see the [module](self).
///
/// Rule: returns a plan of least sum of costs, or [`MapfError::NotSolved`] when the time
/// limit or the node budget runs out first. For tens of agents; for hundreds use
/// [`Lacam`](super::Lacam). Deterministic. The solver keeps its tables between calls.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::{Cbs, Instance};
/// // Two agents cross a 3x3 room: the optimum lets one wait or step aside once.
/// let grid: Grid = "...\n...\n...".parse()?;
/// let instance = Instance::new(grid, vec![(0, 1), (1, 0)], vec![(2, 1), (1, 2)])?;
/// let plan = Cbs::new().solve(&instance)?;
/// assert_eq!(plan.sum_of_costs(), 5); // the lower bound is 4, one of them must give way
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Cbs {
    time_limit: Option<Duration>,
    node_budget: usize,
    tree: Vec<TreeNode>,
    open: BinaryHeap<Reverse<(u64, u32, u32)>>,
    distances: Vec<Vec<u32>>,
    constraints: AgentConstraints,
    search: SpaceTimeAStar<u32, GoalDistance>,
    /// Scratch of the conflict count: the agent at each vertex at the time step being read.
    occupant: Stamped<u32>,
    expanded: u64,
}

impl Default for Cbs {
    fn default() -> Self {
        Self::new()
    }
}

impl Cbs {
    /// A solver with no time limit and a budget of a million constraint-tree nodes.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::mapf::Cbs;
    /// let cbs = Cbs::new().with_time_limit(Some(Duration::from_secs(1))).with_node_budget(10_000);
    /// # let _ = cbs;
    /// ```
    pub fn new() -> Self {
        Cbs {
            time_limit: None,
            node_budget: 1_000_000,
            tree: Vec::new(),
            open: BinaryHeap::new(),
            distances: Vec::new(),
            constraints: AgentConstraints::default(),
            search: SpaceTimeAStar::new(GoalDistance::default()),
            occupant: Stamped::new(),
            expanded: 0,
        }
    }

    /// Give up after this long; `None` for no limit.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use replan::mapf::Cbs;
    /// let cbs = Cbs::new().with_time_limit(Some(Duration::from_millis(200)));
    /// # let _ = cbs;
    /// ```
    pub fn with_time_limit(mut self, time_limit: Option<Duration>) -> Self {
        self.time_limit = time_limit;
        self
    }

    /// Give up after generating this many constraint-tree nodes.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Cbs;
    /// let cbs = Cbs::new().with_node_budget(500);
    /// # let _ = cbs;
    /// ```
    pub fn with_node_budget(mut self, node_budget: usize) -> Self {
        self.node_budget = node_budget;
        self
    }

    /// The number of constraint-tree nodes expanded by the last call.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Cbs, Instance};
    /// let instance = Instance::new("...".parse::<Grid>()?, vec![(0, 0)], vec![(2, 0)])?;
    /// let mut cbs = Cbs::new();
    /// cbs.solve(&instance)?;
    /// assert_eq!(cbs.expanded(), 1); // no conflict: the root is the answer
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// A plan of least sum of costs.
    ///
    /// # Errors
    ///
    /// [`MapfError::NotSolved`] when the time limit or node budget runs out, or when no
    /// plan exists and the tree is exhausted (which on an unsolvable instance may take very
    /// long: bound it with a limit).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Grid;
    /// use replan::mapf::{Cbs, Instance};
    /// let instance = Instance::new("....".parse::<Grid>()?, vec![(0, 0), (3, 0)], vec![(1, 0), (2, 0)])?;
    /// assert_eq!(Cbs::new().solve(&instance)?.sum_of_costs(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, instance: &Instance) -> Result<Solution, MapfError> {
        let deadline = self.time_limit.map(|limit| Instant::now() + limit);
        let agents = instance.agents();
        let graph = &instance.graph;
        self.tree.clear();
        self.open.clear();
        self.expanded = 0;
        self.distances.resize_with(agents, Vec::new);
        let mut queue = Vec::new();
        for (agent, &goal) in instance.goal_vertices.iter().enumerate() {
            distances_to(graph, goal, &mut self.distances[agent], &mut queue);
        }
        self.occupant.clear(graph.len());
        let mut paths = Vec::with_capacity(agents);
        for agent in 0..agents {
            paths.push(self.replan(instance, NONE, agent as u32, None)?);
        }
        let cost = paths.iter().map(|p| p.len() as u64 - 1).sum();
        let (conflicts, _) = self.conflicts(&paths);
        self.tree.push(TreeNode {
            parent: NONE,
            agent: NONE,
            constraint: None,
            paths,
            cost,
            conflicts,
        });
        self.open.push(Reverse((cost, conflicts, 0)));
        while let Some(Reverse((_, _, id))) = self.open.pop() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(MapfError::NotSolved {
                    reason: "the time limit passed before CBS proved an optimum",
                });
            }
            if self.tree.len() >= self.node_budget {
                return Err(MapfError::NotSolved {
                    reason: "CBS generated its budget of constraint-tree nodes",
                });
            }
            self.expanded += 1;
            let node = id as usize;
            let paths = std::mem::take(&mut self.tree[node].paths);
            let (_, first) = self.conflicts(&paths);
            self.tree[node].paths = paths;
            let Some(conflict) = first else {
                return Ok(self.plan(instance, node));
            };
            let mut children = [None, None];
            let mut bypassed = false;
            for (k, child) in children.iter_mut().enumerate() {
                let (agent, constraint) = split(conflict, k == 1);
                let Ok(path) = self.replan(instance, id, agent, Some(constraint)) else {
                    continue; // this side of the split has no plan
                };
                let parent = &self.tree[node];
                let (parent_cost, parent_conflicts) = (parent.cost, parent.conflicts);
                let old = parent.paths[agent as usize].len() as u64 - 1;
                let cost = parent_cost - old + path.len() as u64 - 1;
                let mut paths = parent.paths.clone();
                paths[agent as usize] = path;
                let (conflicts, _) = self.conflicts(&paths);
                if cost == parent_cost && conflicts < parent_conflicts {
                    // Bypass: the same cost with fewer conflicts, without a new constraint.
                    let parent = &mut self.tree[node];
                    parent.paths = paths;
                    parent.conflicts = conflicts;
                    self.open.push(Reverse((cost, conflicts, id)));
                    bypassed = true;
                    break;
                }
                *child = Some(TreeNode {
                    parent: id,
                    agent,
                    constraint: Some(constraint),
                    paths,
                    cost,
                    conflicts,
                });
            }
            if bypassed {
                continue;
            }
            for child in children.into_iter().flatten() {
                let child_id = self.tree.len() as u32;
                self.open
                    .push(Reverse((child.cost, child.conflicts, child_id)));
                self.tree.push(child);
            }
        }
        Err(MapfError::NotSolved {
            reason: "no plan exists: CBS exhausted its constraint tree",
        })
    }

    /// The fastest path of `agent` under the constraints on the way from tree node `node`
    /// to the root, plus `extra`.
    fn replan(
        &mut self,
        instance: &Instance,
        mut node: u32,
        agent: u32,
        extra: Option<Constraint>,
    ) -> Result<Vec<u32>, MapfError> {
        let a = agent as usize;
        self.constraints.clear(instance.goal_vertices[a]);
        if let Some(constraint) = extra {
            self.constraints.add(constraint);
        }
        while node != NONE {
            let tree_node = &self.tree[node as usize];
            if tree_node.agent == agent {
                if let Some(constraint) = tree_node.constraint {
                    self.constraints.add(constraint);
                }
            }
            node = tree_node.parent;
        }
        std::mem::swap(
            &mut self.search.heuristic_mut().distance,
            &mut self.distances[a],
        );
        let found = self.search.plan(
            &instance.graph,
            &self.constraints,
            instance.start_vertices[a],
            instance.goal_vertices[a],
            0,
        );
        std::mem::swap(
            &mut self.search.heuristic_mut().distance,
            &mut self.distances[a],
        );
        found
            .map(|walk| walk.nodes)
            .map_err(|_| MapfError::NotSolved {
                reason: "an agent has no path under its constraints",
            })
    }

    /// The number of conflicting pairs over all time steps, and the earliest conflict.
    fn conflicts(&mut self, paths: &[Vec<u32>]) -> (u32, Option<Conflict>) {
        let makespan = paths.iter().map(Vec::len).max().unwrap_or(1);
        let at = |path: &Vec<u32>, t: usize| path[t.min(path.len() - 1)];
        let mut count = 0;
        let mut first = None;
        for t in 0..makespan {
            // A generation a time step: the occupants of step `t` only (sized for the map
            // when the search starts).
            self.occupant.clear(0);
            for (agent, path) in paths.iter().enumerate() {
                let v = at(path, t);
                if let Some(other) = self.occupant.get(v as usize) {
                    count += 1;
                    first.get_or_insert(Conflict {
                        first: other,
                        second: agent as u32,
                        swap: false,
                        first_at: v,
                        second_at: v,
                        time: t as u32,
                    });
                } else {
                    self.occupant.set(v as usize, agent as u32);
                }
            }
            if t + 1 < makespan {
                for (agent, path) in paths.iter().enumerate() {
                    let (from, to) = (at(path, t), at(path, t + 1));
                    if from == to {
                        continue;
                    }
                    let Some(other) = self.occupant.get(to as usize) else {
                        continue;
                    };
                    if (other as usize) > agent && at(&paths[other as usize], t + 1) == from {
                        count += 1;
                        first.get_or_insert(Conflict {
                            first: agent as u32,
                            second: other,
                            swap: true,
                            first_at: from,
                            second_at: to,
                            time: t as u32,
                        });
                    }
                }
            }
        }
        (count, first)
    }

    fn plan(&self, instance: &Instance, node: usize) -> Solution {
        let paths = &self.tree[node].paths;
        let makespan = paths.iter().map(Vec::len).max().unwrap_or(1);
        let configs: Vec<Vec<u32>> = (0..makespan)
            .map(|t| paths.iter().map(|p| p[t.min(p.len() - 1)]).collect())
            .collect();
        to_solution(&instance.graph, &configs)
    }
}

/// The constraint of one side of a split: the first agent's (`second == false`) or the
/// second's.
fn split(conflict: Conflict, second: bool) -> (u32, Constraint) {
    let time = conflict.time;
    match (conflict.swap, second) {
        (false, false) => (
            conflict.first,
            Constraint::Vertex {
                vertex: conflict.first_at,
                time,
            },
        ),
        (false, true) => (
            conflict.second,
            Constraint::Vertex {
                vertex: conflict.first_at,
                time,
            },
        ),
        (true, false) => (
            conflict.first,
            Constraint::Move {
                from: conflict.first_at,
                to: conflict.second_at,
                time,
            },
        ),
        (true, true) => (
            conflict.second,
            Constraint::Move {
                from: conflict.second_at,
                to: conflict.first_at,
                time,
            },
        ),
    }
}
