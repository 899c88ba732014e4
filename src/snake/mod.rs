//! Snake: the game, graph views of a position that the planners search, and agents that
//! play it.
//!
//! - [`Board`] is the field: `width × height` cells (each side 2 to 255), some of them
//!   walls, parsed from an ASCII picture as [`Grid`](crate::grid::Grid) is.
//! - [`Game`] is the rules engine: a [`Snake`] (a deque of cells, head first), food placed
//!   uniformly at random over the empty cells by a seeded generator, and
//!   [`step`](Game::step), which moves the snake one cell and reports an [`Outcome`].
//! - [`Agent`] is a player: it picks a [`Direction`] for a position. [`simulate`] plays
//!   many games and sums them up in a [`Report`].
//! - [`duel`] is the two-player game of the Botzone platform, both snakes moving at once.
//!
//! # Rules
//!
//! - Each step the head moves one cell in the chosen direction and the tail moves with it,
//!   so the head may enter the cell the tail is leaving, except on a step where the snake
//!   eats: then the tail stays and the snake grows by one.
//! - Leaving the board, entering a wall or entering the body is death.
//! - The game is won when the snake fills every free cell, and capped (ended, not won)
//!   after a step limit, by default `4 × cells²`.
//!
//! # Example
//!
//! ```
//! use replan::snake::{Direction, Game, GameConfig, Outcome};
//!
//! let config = GameConfig::new(6, 6)?.with_seed(7);
//! let mut game = Game::new(&config)?;
//! assert_eq!(game.snake().len(), 3);
//! let head = game.snake().head();
//! let outcome = game.step(Direction::Down);
//! assert!(matches!(outcome, Outcome::Moved | Outcome::Ate));
//! assert_eq!(game.snake().head(), (head.0, head.1 + 1));
//! # Ok::<(), replan::snake::SnakeError>(())
//! ```

mod agent;
mod agents;
mod board;
mod body;
mod config;
pub mod cycle;
mod direction;
mod error;
mod game;
mod simulate;
pub mod view;

pub use agent::{Agent, AgentStats};
pub use agents::{
    best, BestAgent, GreedyAgent, HamiltonianAgent, IncrementalAgent, PlannerComparison, SafeAgent,
};
pub use board::{Board, MAX_SIDE, MIN_SIDE};
pub use body::Snake;
pub use config::GameConfig;
pub use cycle::{CycleError, HamiltonianCycle};
pub use direction::Direction;
pub use error::SnakeError;
pub use game::{DeathReason, Game, Outcome};
pub use simulate::{game_seed, play_game, simulate, GameEnd, GameRecord, Report};
pub use view::{
    BodyBlocks, CellView, Passability, PlainView, Position, Snapshot, StepDistance, TailPasses,
    TailView, TimedCell, TimedView,
};

/// A cell `(x, y)`: `x` the column, `y` the row, `(0, 0)` the top-left cell; the same as
/// [`grid::Cell`](crate::grid::Cell).
pub type Cell = crate::grid::Cell;
