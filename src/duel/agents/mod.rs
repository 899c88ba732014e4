//! Agents that play the duel, one per file, all re-exported from [`duel`](crate::duel),
//! each named for how it plays:
//!
//! | agent | rule |
//! |---|---|
//! | [`RandomSafe`] | a uniformly random move among those that do not die at once |
//! | [`MostSpace`] | the move whose head keeps the most reachable cells over the opponent's replies |
//! | [`Territory`] | the move with the best territory score after one turn, the opponent predicted by [`MostSpace`] |
//! | [`AlphaBeta`] | iterative-deepening alpha-beta over simultaneous moves, after a forced-win check |
//!
//! This file holds what they share: the [`DuelAgent`] trait and the values of finished
//! duels.

mod alpha_beta;
mod most_space;
mod random_safe;
mod territory;

pub use alpha_beta::{AlphaBeta, AlphaBetaReport, Budget};
pub use most_space::MostSpace;
pub use random_safe::RandomSafe;
pub use territory::Territory;

use crate::duel::rules::{Duel, DuelResult, Side};
use crate::snake::Direction;

/// The value of a won position, from the winner's side; wins sooner score a little more.
pub(crate) const WIN: f32 = 10_000.0;
/// The value of a draw: better than losing, worse than any position still in play.
pub(crate) const DRAW: f32 = -WIN / 2.0;

/// The value of a finished duel for `side`.
pub(crate) fn terminal_value(result: DuelResult, side: Side) -> f32 {
    match result {
        DuelResult::Won(winner) if winner == side => WIN,
        DuelResult::Won(_) => -WIN,
        DuelResult::Draw => DRAW,
    }
}

/// Something that picks one side's move in a duel position.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, MostSpace, Side};
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let mut agent: Box<dyn DuelAgent> = Box::new(MostSpace::new());
/// let direction = agent.choose(&duel, Side::First);
/// assert!(duel.is_safe(Side::First, direction));
/// assert_eq!(agent.name(), "MostSpace");
/// ```
pub trait DuelAgent {
    /// A short name for reports.
    fn name(&self) -> &str;

    /// The move of `side` in `duel`. A finished duel, or one where every move dies, gets
    /// some move all the same.
    fn choose(&mut self, duel: &Duel, side: Side) -> Direction;
}

/// The moves of `side` that do not die at once, or all four if every move does.
fn candidate_moves(duel: &Duel, side: Side) -> Vec<Direction> {
    let safe: Vec<Direction> = Direction::ALL
        .into_iter()
        .filter(|&direction| duel.is_safe(side, direction))
        .collect();
    if safe.is_empty() {
        Direction::ALL.to_vec()
    } else {
        safe
    }
}

/// The move of `side` with the highest `value`, the first of equals, among the moves that
/// do not die at once; `value` sees a scratch copy of `duel` it must leave as it found it.
/// A finished duel gets [`Direction::Up`].
fn best_move<T: PartialOrd>(
    duel: &Duel,
    side: Side,
    below_all: T,
    mut value: impl FnMut(&mut Duel, Direction) -> T,
) -> Direction {
    if duel.is_over() {
        return Direction::Up;
    }
    let mut scratch = duel.clone();
    let mut best = (below_all, Direction::Up);
    for ours in candidate_moves(duel, side) {
        let value = value(&mut scratch, ours);
        if value > best.0 {
            best = (value, ours);
        }
    }
    best.1
}
