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
//! - [`Evaluator`]: breadth-first search from each head
//!   ([`BfsReach::run_admitting`](crate::BfsReach::run_admitting)), aware of when each
//!   body cell frees up;
//!   territory and the weighted score; [`forced_win`].
//! - Agents ([`DuelAgent`]), each named for how it plays: [`RandomSafe`], [`MostSpace`],
//!   [`Territory`], [`AlphaBeta`].
//! - [`play_duel`]: one game between two agents, timed, summed up in a [`DuelRecord`].
//! - [`BotzoneRequest`]: replay the platform's request history into a position.
//!
//! The files read as the snake's do: the types and rules (`rules.rs`, `generator.rs`),
//! the graph view and evaluation (`evaluation.rs`), the agents (`agents/`, one file
//! each), playing them (`tournament.rs`), and the platform's format (`botzone.rs`).
//!
//! # Why a domain of its own
//!
//! The duel shares the snake's vocabulary, not its machinery: it moves with
//! [`snake::Direction`](crate::snake::Direction) and names cells with the crate's one
//! [`Cell`] type, but its board, position and rules are its own, for reasons of the game
//! rather than of history:
//!
//! - two bodies move at once and are undone together (`Duel::make`/`Duel::unmake`) at
//!   every node of [`AlphaBeta`]; [`snake::Game`](crate::snake::Game) steps one snake and
//!   places food from a generator, which the duel has none of (its snakes grow on a
//!   schedule);
//! - the board's bounds (10 to 16 a side, hence its own [`DuelBoard::MIN_SIDE`] and [`DuelBoard::MAX_SIDE`]),
//!   its obstacles symmetric through the centre and its free starting corners are the
//!   platform's rules, checked by [`DuelBoard`]; [`snake::Board`](crate::snake::Board)
//!   takes any walls on 2 to 255 a side and would have to learn none of this;
//! - the platform sends obstacles as a list in its own (row, column) terms, not as an
//!   ASCII picture, so the snake's picture parser has nothing to read.
//!
//! Built on [`snake::Board`](crate::snake::Board), every duel position would carry a
//! board type whose checks and parser it never uses; kept apart, each game keeps the
//! invariants it needs, and the names do not clash (`play_duel` and [`DuelRecord`] beside
//! [`snake::play_game`](crate::snake::play_game) and
//! [`snake::GameRecord`](crate::snake::GameRecord)).
//!
//! # Example
//!
//! ```
//! use rand::rngs::ChaCha8Rng;
//! use rand::SeedableRng;
//! use replan::duel::{play_duel, DuelBoard, MostSpace, RandomSafe};
//!
//! let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
//! let record = play_duel(board, [&mut MostSpace::new(), &mut RandomSafe::new(1)]);
//! assert!(record.result.is_some());
//! ```

mod agents;
mod botzone;
pub mod evaluation;
mod generator;
mod rules;
mod tournament;

pub use agents::{AlphaBeta, AlphaBetaReport, Budget};
pub use agents::{DuelAgent, MostSpace, RandomSafe, Territory};
pub use botzone::{direction_from_botzone, direction_to_botzone, BotzoneError, BotzoneRequest};
pub use evaluation::{forced_win, Evaluation, Evaluator, UNREACHED};
pub use rules::{Cell, DeathCause, Duel, DuelBoard, DuelError, DuelResult, Side, Turn};
pub use tournament::{play_duel, play_duel_watched, DuelRecord};
