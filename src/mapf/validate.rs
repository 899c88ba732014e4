//! Checks a plan against an instance: starts, goals, moves, and both kinds of conflict.

use super::{Instance, Solution};
use crate::grid::Cell;

/// The first thing wrong with a plan, as found by [`validate`].
///
/// # Example
///
/// ```
/// use replan::mapf::Violation;
/// let v = Violation::VertexConflict { first: 0, second: 2, cell: (1, 1), time: 4 };
/// assert_eq!(v.to_string(), "agents 0 and 2 are both at (1, 1) at time 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// The plan has another number of paths than the instance has agents.
    #[error("the plan has {found} paths for {expected} agents")]
    AgentCount {
        /// Paths in the plan.
        found: usize,
        /// Agents in the instance.
        expected: usize,
    },
    /// A path is empty, or its length differs from the first path's.
    #[error("agent {agent}'s path has {found} steps, expected {expected}")]
    PathLength {
        /// The agent.
        agent: usize,
        /// Its length.
        found: usize,
        /// The first path's length (at least 1).
        expected: usize,
    },
    /// A path does not begin at the agent's start.
    #[error("agent {agent} begins at {found:?}, not at its start {expected:?}")]
    WrongStart {
        /// The agent.
        agent: usize,
        /// Where it begins.
        found: Cell,
        /// Its start.
        expected: Cell,
    },
    /// A path does not end at the agent's goal.
    #[error("agent {agent} ends at {found:?}, not at its goal {expected:?}")]
    WrongGoal {
        /// The agent.
        agent: usize,
        /// Where it ends.
        found: Cell,
        /// Its goal.
        expected: Cell,
    },
    /// A step is neither a wait nor a move to one of the four neighbouring passable cells.
    #[error("agent {agent} jumps from {from:?} to {to:?} at time {time}")]
    BadMove {
        /// The agent.
        agent: usize,
        /// Where it is at `time`.
        from: Cell,
        /// Where it is at `time + 1`.
        to: Cell,
        /// The time.
        time: usize,
    },
    /// Two agents on one cell at one time.
    #[error("agents {first} and {second} are both at ({}, {}) at time {time}", .cell.0, .cell.1)]
    VertexConflict {
        /// The lower-numbered agent.
        first: usize,
        /// The other agent.
        second: usize,
        /// The cell.
        cell: Cell,
        /// The time.
        time: usize,
    },
    /// Two agents swap cells in one step.
    #[error("agents {first} and {second} swap {a:?} and {b:?} between times {time} and {}", .time + 1)]
    SwapConflict {
        /// One agent.
        first: usize,
        /// The other agent.
        second: usize,
        /// `first`'s cell at `time`.
        a: Cell,
        /// `second`'s cell at `time`.
        b: Cell,
        /// The time.
        time: usize,
    },
}

/// Checks that `plan` solves `instance`: one path per agent, all of one length, from each
/// start to each goal, every step a wait or a move to a 4-neighbouring passable cell, no
/// two agents on one cell at one time and no two agents swapping cells in one step.
///
/// # Errors
///
/// The first [`Violation`] found. Costs `O(agents × makespan)` time, with memory for one
/// time step of the map.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::{validate, Instance, Solution, Violation};
/// let instance = Instance::new("..".parse::<Grid>()?, vec![(0, 0), (1, 0)], vec![(1, 0), (0, 0)])?;
/// let swap = Solution::new(vec![vec![(0, 0), (1, 0)], vec![(1, 0), (0, 0)]]);
/// assert!(matches!(validate(&instance, &swap), Err(Violation::SwapConflict { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn validate(instance: &Instance, plan: &Solution) -> Result<(), Violation> {
    let agents = instance.agents();
    if plan.paths.len() != agents {
        return Err(Violation::AgentCount {
            found: plan.paths.len(),
            expected: agents,
        });
    }
    if agents == 0 {
        return Ok(());
    }
    let length = plan.paths[0].len().max(1);
    for (agent, path) in plan.paths.iter().enumerate() {
        if path.len() != length {
            return Err(Violation::PathLength {
                agent,
                found: path.len(),
                expected: length,
            });
        }
        if path[0] != instance.starts()[agent] {
            return Err(Violation::WrongStart {
                agent,
                found: path[0],
                expected: instance.starts()[agent],
            });
        }
        if path[length - 1] != instance.goals()[agent] {
            return Err(Violation::WrongGoal {
                agent,
                found: path[length - 1],
                expected: instance.goals()[agent],
            });
        }
        for time in 0..length - 1 {
            let (from, to) = (path[time], path[time + 1]);
            let step = from.0.abs_diff(to.0) + from.1.abs_diff(to.1);
            if step > 1 || !instance.grid().is_passable(to) {
                return Err(Violation::BadMove {
                    agent,
                    from,
                    to,
                    time,
                });
            }
        }
    }
    let (width, height) = (instance.grid().width(), instance.grid().height());
    let index = |(x, y): Cell| y as usize * width as usize + x as usize;
    // Who is at each cell at the time being checked, stamped with the time.
    let mut at: Vec<(usize, usize)> = vec![(usize::MAX, 0); width as usize * height as usize];
    for time in 0..length {
        for (agent, path) in plan.paths.iter().enumerate() {
            let slot = &mut at[index(path[time])];
            if slot.0 == time {
                return Err(Violation::VertexConflict {
                    first: slot.1,
                    second: agent,
                    cell: path[time],
                    time,
                });
            }
            *slot = (time, agent);
        }
        if time == 0 {
            continue;
        }
        // A swap: agent `a` moves from p to q while the agent at q at time-1 moves to p.
        for (agent, path) in plan.paths.iter().enumerate() {
            let (from, to) = (path[time - 1], path[time]);
            if from == to {
                continue;
            }
            let (stamp, other) = at[index(from)];
            if stamp == time && other != agent && plan.paths[other][time - 1] == to {
                return Err(Violation::SwapConflict {
                    first: agent.min(other),
                    second: agent.max(other),
                    a: if agent < other { from } else { to },
                    b: if agent < other { to } else { from },
                    time: time - 1,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each kind of fault, alone in an otherwise valid plan, named with its exact fields.

    use super::{validate, Violation};
    use crate::grid::{Cell, Grid};
    use crate::mapf::{Instance, Solution};

    /// A 5 × 3 map with a wall at (1, 1); four agents, and a valid plan of five steps in
    /// which agent 1 follows agent 0 into the cell it leaves and agent 3 waits.
    fn crowd() -> (Instance, Vec<Vec<Cell>>) {
        let grid: Grid = ".....\n.#...\n.....".parse().unwrap();
        let paths = vec![
            vec![(1, 0), (2, 0), (3, 0), (4, 0), (4, 0)],
            vec![(0, 0), (1, 0), (2, 0), (3, 0), (3, 0)],
            vec![(0, 1), (0, 2), (1, 2), (2, 2), (2, 1)],
            vec![(4, 2), (4, 1), (4, 1), (3, 1), (3, 1)],
        ];
        let starts = paths.iter().map(|p| p[0]).collect();
        let goals = paths.iter().map(|p| p[p.len() - 1]).collect();
        (Instance::new(grid, starts, goals).unwrap(), paths)
    }

    /// The crowd's plan with agent `agent`'s path replaced, unpadded.
    fn with(agent: usize, path: &[Cell]) -> Solution {
        let (_, mut paths) = crowd();
        paths[agent] = path.to_vec();
        Solution { paths }
    }

    #[test]
    fn a_valid_plan_passes() {
        let (instance, paths) = crowd();
        assert_eq!(validate(&instance, &Solution::new(paths)), Ok(()));
        let grid: Grid = "..".parse().unwrap();
        let nobody = Instance::new(grid, vec![], vec![]).unwrap();
        assert_eq!(validate(&nobody, &Solution::new(vec![])), Ok(()));
        assert_eq!(
            validate(&nobody, &Solution::new(vec![vec![(0, 0)]])),
            Err(Violation::AgentCount {
                found: 1,
                expected: 0
            })
        );
    }

    #[test]
    fn each_fault_is_named_with_its_agent_cells_and_time() {
        let (instance, paths) = crowd();
        let check = |plan: Solution| validate(&instance, &plan);
        assert_eq!(
            check(Solution::new(paths[..3].to_vec())),
            Err(Violation::AgentCount {
                found: 3,
                expected: 4
            })
        );
        let mut five = paths.clone();
        five.push(vec![(0, 2); 5]);
        assert_eq!(
            check(Solution::new(five)),
            Err(Violation::AgentCount {
                found: 5,
                expected: 4
            })
        );
        assert_eq!(
            check(with(0, &[])),
            Err(Violation::PathLength {
                agent: 0,
                found: 0,
                expected: 1
            })
        );
        assert_eq!(
            check(with(2, &paths[2][..4])),
            Err(Violation::PathLength {
                agent: 2,
                found: 4,
                expected: 5
            })
        );
        assert_eq!(
            check(with(1, &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 0), (3, 0)])),
            Err(Violation::PathLength {
                agent: 1,
                found: 6,
                expected: 5
            })
        );
        assert_eq!(
            check(with(2, &[(0, 2), (0, 2), (1, 2), (2, 2), (2, 1)])),
            Err(Violation::WrongStart {
                agent: 2,
                found: (0, 2),
                expected: (0, 1)
            })
        );
        assert_eq!(
            check(with(3, &[(4, 2), (4, 1), (4, 1), (3, 1), (3, 2)])),
            Err(Violation::WrongGoal {
                agent: 3,
                found: (3, 2),
                expected: (3, 1)
            })
        );
        let bad_move = |from, to, time| {
            Err(Violation::BadMove {
                agent: 2,
                from,
                to,
                time,
            })
        };
        // A jump along the row, a diagonal step, and a step onto the wall.
        let jump = with(2, &[(0, 1), (0, 2), (2, 2), (2, 2), (2, 1)]);
        assert_eq!(check(jump), bad_move((0, 2), (2, 2), 1));
        let diagonal = with(2, &[(0, 1), (1, 2), (1, 2), (2, 2), (2, 1)]);
        assert_eq!(check(diagonal), bad_move((0, 1), (1, 2), 0));
        let wall = with(2, &[(0, 1), (1, 1), (2, 1), (2, 1), (2, 1)]);
        assert_eq!(check(wall), bad_move((0, 1), (1, 1), 0));
        // Agent 3 steps onto (3, 0) while agent 1 stands there.
        assert_eq!(
            check(with(3, &[(4, 2), (4, 1), (3, 1), (3, 0), (3, 1)])),
            Err(Violation::VertexConflict {
                first: 1,
                second: 3,
                cell: (3, 0),
                time: 3
            })
        );
    }

    #[test]
    fn a_swap_is_named_by_its_lower_agent_first() {
        // Agent 0 stays put; agents 1 and 2 swap (1, 0) and (2, 0) between times 1 and 2.
        let grid: Grid = "...\n...".parse().unwrap();
        let plan = Solution::new(vec![
            vec![(0, 1); 3],
            vec![(1, 0), (1, 0), (2, 0)],
            vec![(2, 0), (2, 0), (1, 0)],
        ]);
        let starts = plan.paths.iter().map(|p| p[0]).collect();
        let goals = plan.paths.iter().map(|p| p[2]).collect();
        let instance = Instance::new(grid, starts, goals).unwrap();
        assert_eq!(
            validate(&instance, &plan),
            Err(Violation::SwapConflict {
                first: 1,
                second: 2,
                a: (1, 0),
                b: (2, 0),
                time: 1
            })
        );
    }
}
