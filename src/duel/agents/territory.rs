//! [`Territory`]: one turn of look-ahead for the territory score.

use super::{candidate_moves, terminal_value, DuelAgent, MostSpace};
use crate::duel::evaluation::{moves_for, Evaluator};
use crate::duel::rules::{Duel, Side};
use crate::snake::Direction;

/// The move with the best [`Evaluation::score`](crate::duel::Evaluation::score) after one turn,
/// predicting the opponent's move with [`MostSpace`].
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, Side, Territory};
/// let duel = Duel::new(DuelBoard::new(12, 12).unwrap());
/// let direction = Territory::new().choose(&duel, Side::First);
/// assert!(duel.is_safe(Side::First, direction));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Territory {
    predictor: MostSpace,
    evaluator: Evaluator,
}

impl Territory {
    /// A territory agent.
    ///
    /// # Example
    ///
    /// ```
    /// let _agent = replan::duel::Territory::new();
    /// ```
    pub fn new() -> Territory {
        Territory::default()
    }
}

impl DuelAgent for Territory {
    fn name(&self) -> &str {
        "Territory"
    }

    fn choose(&mut self, duel: &Duel, side: Side) -> Direction {
        if duel.is_over() {
            return Direction::Up;
        }
        let theirs = self.predictor.choose(duel, side.other());
        let mut scratch = duel.clone();
        let mut best = (f32::NEG_INFINITY, Direction::Up);
        for ours in candidate_moves(duel, side) {
            let undo = scratch.make(moves_for(side, ours, theirs));
            let value = match scratch.result() {
                Some(result) => terminal_value(result, side),
                None => self.evaluator.evaluate(&scratch).score(side),
            };
            scratch.unmake(undo);
            if value > best.0 {
                best = (value, ours);
            }
        }
        best.1
    }
}
