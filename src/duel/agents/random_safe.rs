//! [`RandomSafe`]: the baseline, a random move that does not die at once.

use chacha20::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{candidate_moves, DuelAgent};
use crate::duel::generator::below;
use crate::duel::rules::{Duel, Side};
use crate::snake::Direction;

/// A uniformly random move among those that do not die at once (the two heads meeting
/// aside), from a seeded generator.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, RandomSafe, Side};
/// use replan::snake::Direction;
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let direction = RandomSafe::new(3).choose(&duel, Side::Second);
/// assert!(direction == Direction::Up || direction == Direction::Left);
/// ```
///
/// A clone draws the same moves as the original from the point where it was cloned.
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, RandomSafe, Side};
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let mut agent = RandomSafe::new(3);
/// agent.choose(&duel, Side::First);
/// let mut copy = agent.clone();
/// for _ in 0..20 {
///     assert_eq!(agent.choose(&duel, Side::First), copy.choose(&duel, Side::First));
/// }
/// ```
#[derive(Debug)]
pub struct RandomSafe {
    rng: ChaCha8Rng,
}

// `chacha20`'s generators are deliberately not `Clone` (a copied cipher state is a hazard
// in cryptography); a game agent wants copies, and the saved state (key, stream, position)
// restores the same stream exactly.
impl Clone for RandomSafe {
    fn clone(&self) -> RandomSafe {
        RandomSafe {
            rng: ChaCha8Rng::deserialize_state(&self.rng.serialize_state()),
        }
    }
}

impl RandomSafe {
    /// An agent drawing from a generator seeded with `seed`.
    ///
    /// # Example
    ///
    /// ```
    /// let _agent = replan::duel::RandomSafe::new(1);
    /// ```
    pub fn new(seed: u64) -> RandomSafe {
        RandomSafe {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl DuelAgent for RandomSafe {
    fn name(&self) -> &str {
        "RandomSafe"
    }

    fn choose(&mut self, duel: &Duel, side: Side) -> Direction {
        let moves = candidate_moves(duel, side);
        moves[below(&mut self.rng, moves.len() as u32) as usize]
    }
}
