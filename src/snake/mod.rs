//! Snake: the game, graph views of a position that the planners search, and agents that
//! play it. The two-player game of the Botzone platform is its own domain,
//! [`duel`](crate::duel).
//!
//! - [`Board`] is the field: `width × height` cells (each side 2 to 255), some of them
//!   walls, parsed from an ASCII picture as [`Grid`](crate::grid::Grid) is.
//! - [`Game`] is the rules engine: a [`Snake`] (its cells, head first), food placed by a
//!   [`FoodPolicy`] (by default [`UniformFood`], from a seeded generator), and
//!   [`step`](Game::step), which moves the snake one cell and reports a [`StepOutcome`].
//!   [`GameConfig`] sets a game up; [`Game::from_position`] starts one from any position,
//!   so a game with its own engine can hand each of its positions to an agent.
//! - [`view`] holds the graph views of a position that every planner searches.
//! - [`Agent`] is a player: it picks a [`Direction`] for a position. [`simulate`] plays
//!   many games and sums them up in a [`Report`].
//! - [`cycle`] builds [`HamiltonianCycle`]s, which the cycle agents follow.
//!
//! The files read in that order: the types (`board.rs`, `body.rs`, `direction.rs`,
//! `config.rs`, `game.rs`), the graph views (`view.rs`), the agents (`agent.rs` for the
//! trait, `agents/` with one file per agent in two families, `cycle/` for what the cycle agents build on,
//! `simulate.rs` to play them), and the errors (`error.rs`).
//!
//! # Agents
//!
//! Every agent is re-exported here, each named for how it plays:
//!
//! | agent | rule | guarantee |
//! |---|---|---|
//! | [`GreedyAgent`] | shortest path to the food, else the move with the most free space | none |
//! | [`SafeAgent`] | a path to the food only if a look-ahead snake that ate there can still reach its tail; else follow the tail; else the most free space | none |
//! | [`IncrementalAgent`] | [`SafeAgent`]'s rule, its food paths taken from one [`DStarLite`](crate::DStarLite) search repaired each move | none |
//! | [`HamiltonianAgent`] | follows one Hamiltonian cycle, with shortcuts that keep the body in cycle order | wins every game on a board a cycle covers |
//! | [`ReclosingAgent`] | the shortest path to the food whenever a cycle closes round the snake after the meal; else along such a cycle | wins every game where a cycle (on an odd board, round all free cells but one) closes round the starting body |
//! | [`BlockTreeAgent`] (made by [`best`]) | drives on the right in 2×2 blocks (or blocks of two and three cells round odd sides and single walls) and re-forms its cycle every step; where no blocks fit, [`ReclosingAgent`]'s rule | the same, in fewer steps than [`HamiltonianAgent`] |
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
//! use replan::snake::{Direction, Game, GameConfig, StepOutcome};
//!
//! let config = GameConfig::new(6, 6)?.with_seed(7);
//! let mut game = Game::new(&config)?;
//! assert_eq!(game.snake().len(), 3);
//! let head = game.snake().head();
//! let outcome = game.step(Direction::Down);
//! assert!(matches!(outcome, StepOutcome::Moved | StepOutcome::Ate));
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
    best, BlockTreeAgent, GreedyAgent, HamiltonianAgent, IncrementalAgent, PlannerComparison,
    ReclosingAgent, SafeAgent,
};
pub use board::Board;
pub(crate) use board::{beside, manhattan};
pub use body::Snake;
pub use config::GameConfig;
pub use cycle::{CycleError, HamiltonianCycle};
pub use direction::Direction;
pub use error::SnakeError;
pub use game::{DeathReason, FoodPolicy, Game, StepOutcome, UniformFood};
pub use simulate::{game_seed, play_game, simulate, GameEnd, GameRecord, Report};
pub use view::{
    BodyBlocks, CellView, Passability, PlainView, Position, Snapshot, StepDistance, TailPasses,
    TailView, TimedCell, TimedView,
};

// A cell is the grid's `(x, y)`, re-exported (not aliased) so that the snake and the grid can
// be glob-imported together without an ambiguous `Cell`.
pub use crate::grid::Cell;
