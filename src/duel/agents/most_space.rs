//! [`MostSpace`]: one turn of look-ahead for the space the head keeps.

use super::{best_move, candidate_moves, DuelAgent};
use crate::duel::evaluation::{moves_for, Evaluator};
use crate::duel::rules::{Duel, DuelResult, Side};
use crate::snake::Direction;

/// The move that keeps the most reachable space: for each move, the fewest cells its head
/// can reach over the opponent's replies that do not die at once; a reply that kills both
/// or only us counts below any space.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, MostSpace, Side};
/// use replan::snake::Direction;
/// // Walled in on the left by its own body, the head turns to the open side.
/// let board = DuelBoard::new(10, 10).unwrap();
/// let bodies = [vec![(1, 5), (1, 4), (0, 4), (0, 5), (0, 6), (1, 6), (2, 6)], vec![(9, 9)]];
/// let duel = Duel::from_bodies(board, bodies, 6).unwrap();
/// assert_eq!(MostSpace::new().choose(&duel, Side::First), Direction::Right);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MostSpace {
    evaluator: Evaluator,
}

impl MostSpace {
    /// An agent; it keeps no state between moves.
    ///
    /// # Example
    ///
    /// ```
    /// let _agent = replan::duel::MostSpace::new();
    /// ```
    pub fn new() -> MostSpace {
        MostSpace::default()
    }
}

impl DuelAgent for MostSpace {
    fn name(&self) -> &str {
        "MostSpace"
    }

    fn choose(&mut self, duel: &Duel, side: Side) -> Direction {
        let replies = candidate_moves(duel, side.other());
        best_move(duel, side, i64::MIN, |scratch, ours| {
            let mut worst = i64::MAX;
            for &theirs in &replies {
                let undo = scratch.make(moves_for(side, ours, theirs));
                let value = match scratch.result() {
                    None => i64::from(self.evaluator.reach(scratch, side)),
                    Some(DuelResult::Won(winner)) if winner == side => i64::MAX,
                    Some(DuelResult::Draw) => -1,
                    Some(DuelResult::Won(_)) => -2,
                };
                scratch.unmake(undo);
                worst = worst.min(value);
            }
            worst
        })
    }
}
