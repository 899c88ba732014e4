//! [`Territory`]: one turn of look-ahead for the territory score.

use super::{best_move, terminal_value, DuelAgent, MostSpace};
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
        // A finished duel is answered by `best_move`; the work before it has no effect.
        let theirs = self.predictor.choose(duel, side.other());
        best_move(duel, side, f32::NEG_INFINITY, |scratch, ours| {
            let undo = scratch.make(moves_for(side, ours, theirs));
            let value = match scratch.result() {
                Some(result) => terminal_value(result, side),
                None => self.evaluator.evaluate(scratch).score(side),
            };
            scratch.unmake(undo);
            value
        })
    }
}
