//! Why a multi-agent instance was refused or a solver gave no plan.

use crate::grid::movingai::MovingAiError;
use crate::grid::Cell;
use crate::InvalidNode;

/// Why a multi-agent instance was refused, or why a solver returned no plan.
///
/// # Example
///
/// ```
/// use replan::grid::Grid;
/// use replan::mapf::{Instance, MapfError};
/// let grid: Grid = "..\n.#".parse()?;
/// let err = Instance::new(grid, vec![(0, 0), (0, 0)], vec![(1, 0), (0, 1)]).unwrap_err();
/// assert_eq!(err, MapfError::SharedStart { first: 0, second: 1, cell: (0, 0) });
/// assert_eq!(err.to_string(), "agents 0 and 1 both start at (0, 0)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MapfError {
    /// The `.map` or `.scen` file could not be read or parsed, or a scenario line does not
    /// fit the map (its size, or a start or goal off the map or on a wall).
    #[error(transparent)]
    File(#[from] MovingAiError),
    /// An agent's start or goal cannot be used.
    #[error("agent {agent}'s {which} ({}, {}) is unusable: {reason}", .cell.0, .cell.1)]
    BadEndpoint {
        /// The agent.
        agent: usize,
        /// `"start"` or `"goal"`.
        which: &'static str,
        /// The cell.
        cell: Cell,
        /// Why: off the map or blocked.
        reason: InvalidNode,
    },
    /// Two agents start on one cell.
    #[error("agents {first} and {second} both start at ({}, {})", .cell.0, .cell.1)]
    SharedStart {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
        /// The cell.
        cell: Cell,
    },
    /// Two agents have one goal: no plan can leave both there.
    #[error("agents {first} and {second} both have goal ({}, {})", .cell.0, .cell.1)]
    SharedGoal {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
        /// The cell.
        cell: Cell,
    },
    /// The starts and goals lists differ in length.
    #[error("{starts} starts but {goals} goals")]
    LengthMismatch {
        /// The number of starts.
        starts: usize,
        /// The number of goals.
        goals: usize,
    },
    /// More agents were asked for than the scenario has lines.
    #[error("{requested} agents asked for, but the scenario has only {available}")]
    TooFewScenarios {
        /// The number asked for.
        requested: usize,
        /// The number of scenario lines.
        available: usize,
    },
    /// An agent cannot reach its goal even alone on the map.
    #[error("agent {agent} cannot reach its goal from its start")]
    Unreachable {
        /// The agent.
        agent: usize,
    },
    /// The solver ran out of time, of its search budget or of configurations without
    /// finding a plan.
    #[error("no plan found: {reason}")]
    NotSolved {
        /// Why: the time limit, the budget, or the search space was exhausted.
        reason: &'static str,
    },
}

impl PartialEq for MapfError {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (MapfError::File(a), MapfError::File(b)) => a.to_string() == b.to_string(),
            (
                MapfError::BadEndpoint {
                    agent: a,
                    which: w,
                    cell: c,
                    reason: r,
                },
                MapfError::BadEndpoint {
                    agent: b,
                    which: x,
                    cell: d,
                    reason: s,
                },
            ) => a == b && w == x && c == d && r == s,
            (
                MapfError::SharedStart {
                    first: a,
                    second: b,
                    cell: c,
                },
                MapfError::SharedStart {
                    first: d,
                    second: e,
                    cell: f,
                },
            )
            | (
                MapfError::SharedGoal {
                    first: a,
                    second: b,
                    cell: c,
                },
                MapfError::SharedGoal {
                    first: d,
                    second: e,
                    cell: f,
                },
            ) => (a, b, c) == (d, e, f),
            (
                MapfError::LengthMismatch {
                    starts: a,
                    goals: b,
                },
                MapfError::LengthMismatch {
                    starts: c,
                    goals: d,
                },
            )
            | (
                MapfError::TooFewScenarios {
                    requested: a,
                    available: b,
                },
                MapfError::TooFewScenarios {
                    requested: c,
                    available: d,
                },
            ) => (a, b) == (c, d),
            (MapfError::Unreachable { agent: a }, MapfError::Unreachable { agent: b }) => a == b,
            (MapfError::NotSolved { reason: a }, MapfError::NotSolved { reason: b }) => a == b,
            _ => false,
        }
    }
}
