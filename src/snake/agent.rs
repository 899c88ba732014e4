//! Players: pick a move for a position.

use super::{Direction, Game};

/// A Snake player.
///
/// [`next_move`](Agent::next_move) is called once per step with the game as it stands; the
/// agent may keep whatever it learns between calls (planners, distance maps, a cycle) and
/// should reuse that memory rather than allocate per move. [`simulate`](super::simulate)
/// makes a fresh agent for each game.
///
/// # Example
///
/// An agent that always turns clockwise when the way ahead is deadly:
///
/// ```
/// use replan::snake::{Agent, Direction, Game, GameConfig};
///
/// struct Clockwise(Direction);
/// impl Agent for Clockwise {
///     fn next_move(&mut self, game: &Game) -> Direction {
///         for _ in 0..4 {
///             if game.death_of(self.0).is_none() {
///                 break;
///             }
///             self.0 = match self.0 {
///                 Direction::Up => Direction::Right,
///                 Direction::Right => Direction::Down,
///                 Direction::Down => Direction::Left,
///                 Direction::Left => Direction::Up,
///             };
///         }
///         self.0
///     }
///     fn name(&self) -> &str {
///         "clockwise"
///     }
/// }
///
/// let mut game = Game::new(&GameConfig::new(6, 6)?.with_max_steps(50))?;
/// let mut agent = Clockwise(Direction::Right);
/// while !game.is_over() {
///     game.step(agent.next_move(&game));
/// }
/// assert!(game.steps() > 0);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub trait Agent {
    /// The move to make in `game`'s position.
    fn next_move(&mut self, game: &Game) -> Direction;

    /// What the agent's decisions have cost so far (since it was made).
    ///
    /// The default reports nothing.
    fn stats(&self) -> AgentStats {
        AgentStats::default()
    }

    /// A short name for reports: `"greedy"`, `"safe"`, ...
    fn name(&self) -> &str;
}

/// What an agent's decisions have cost: moves decided, searches run and nodes they
/// expanded.
///
/// # Example
///
/// ```
/// use replan::snake::AgentStats;
/// let stats = AgentStats { moves: 4, searches: 8, expanded: 100, path_expanded: 40 };
/// assert_eq!(stats.expanded_per_move(), 25.0);
/// assert_eq!(stats.path_expanded_per_move(), 10.0);
/// assert_eq!(AgentStats::default().expanded_per_move(), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AgentStats {
    /// Moves decided.
    pub moves: u64,
    /// Searches run (path searches and flood fills).
    pub searches: u64,
    /// Nodes expanded by all searches.
    pub expanded: u64,
    /// Nodes expanded by the path searches alone (to the food or the tail), the part an
    /// incremental planner can save.
    pub path_expanded: u64,
}

impl AgentStats {
    /// Nodes expanded per move, all searches; 0 before the first move.
    ///
    /// # Example
    ///
    /// ```
    /// let stats = replan::snake::AgentStats { moves: 2, expanded: 7, ..Default::default() };
    /// assert_eq!(stats.expanded_per_move(), 3.5);
    /// ```
    pub fn expanded_per_move(&self) -> f64 {
        ratio(self.expanded, self.moves)
    }

    /// Nodes expanded per move by the path searches; 0 before the first move.
    ///
    /// # Example
    ///
    /// ```
    /// let stats = replan::snake::AgentStats { moves: 2, path_expanded: 3, ..Default::default() };
    /// assert_eq!(stats.path_expanded_per_move(), 1.5);
    /// ```
    pub fn path_expanded_per_move(&self) -> f64 {
        ratio(self.path_expanded, self.moves)
    }
}

fn ratio(total: u64, moves: u64) -> f64 {
    if moves == 0 {
        0.0
    } else {
        total as f64 / moves as f64
    }
}
