//! The two-player snake duel of the Botzone platform (贪吃蛇): rules, map generator,
//! evaluation, agents, a game runner and the Botzone request format.
//!
//! Two snakes start in opposite corners of an H × W board (10 to 16 each way) with
//! obstacles symmetric through the centre, and move at the same time. They grow without
//! food on a fixed schedule, and the first to leave the board or run into an obstacle or
//! a body loses; both at once is a draw. See [`Duel`] for the exact rules.
//!
//! - [`DuelBoard`], [`Duel`]: the board, a position and [`Duel::step`];
//!   [`DuelBoard::generate`] draws seeded symmetric connected maps.
//! - [`Evaluator`]: Dijkstra from each head on the crate's
//!   [`IndexedMinHeap`](crate::IndexedMinHeap), aware of when each body cell frees up;
//!   territory and the weighted score; [`forced_win`].
//! - Agents ([`DuelAgent`]): [`RandomSafe`], [`Greedy`], [`Territory`], [`Search`].
//! - [`play_game`]: one game between two agents, timed.
//! - [`BotzoneRequest`]: replay the platform's request history into a position.
//!
//! # Example
//!
//! ```
//! use rand::rngs::ChaCha8Rng;
//! use rand::SeedableRng;
//! use replan::duel::{play_game, DuelBoard, Greedy, RandomSafe};
//!
//! let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
//! let record = play_game(board, [&mut Greedy::new(), &mut RandomSafe::new(1)]);
//! assert!(record.result.is_some());
//! ```

mod agents;
mod botzone;
pub mod evaluation;
mod generator;
mod rules;
mod tournament;

pub use agents::{Budget, Search, SearchReport};
pub use agents::{DuelAgent, Greedy, RandomSafe, Territory};
pub use botzone::{direction_from_botzone, direction_to_botzone, BotzoneError, BotzoneRequest};
pub use evaluation::{forced_win, Evaluation, Evaluator, UNREACHED};
pub use rules::{
    Cell, DeathCause, Duel, DuelBoard, DuelError, DuelResult, Side, Turn, MAX_SIDE, MIN_SIDE,
};
pub use tournament::{play_game, play_game_watched, GameRecord};
