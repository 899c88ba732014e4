//! Duel agents that look at most one turn ahead: [`RandomSafe`], [`Greedy`] and
//! [`Territory`]; the deeper [`Search`](super::Search) lives in its own file.

use chacha20::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::snake::Direction;

mod alpha_beta;

pub use alpha_beta::{Budget, Search, SearchReport};

use crate::duel::evaluation::{moves_for, Evaluator};
use crate::duel::generator::below;
use crate::duel::rules::{Duel, DuelResult, Side};

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
/// use replan::duel::{Duel, DuelAgent, DuelBoard, Greedy, Side};
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let mut agent: Box<dyn DuelAgent> = Box::new(Greedy::new());
/// let direction = agent.choose(&duel, Side::First);
/// assert!(duel.is_safe(Side::First, direction));
/// assert_eq!(agent.name(), "Greedy");
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

/// The move that keeps the most reachable space: for each move, the fewest cells its head
/// can reach over the opponent's replies that do not die at once; a reply that kills both
/// or only us counts below any space.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelAgent, DuelBoard, Greedy, Side};
/// use replan::snake::Direction;
/// // Walled in on the left by its own body, the head turns to the open side.
/// let board = DuelBoard::new(10, 10).unwrap();
/// let bodies = [vec![(1, 5), (1, 4), (0, 4), (0, 5), (0, 6), (1, 6), (2, 6)], vec![(9, 9)]];
/// let duel = Duel::from_bodies(board, bodies, 6).unwrap();
/// assert_eq!(Greedy::new().choose(&duel, Side::First), Direction::Right);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    evaluator: Evaluator,
}

impl Greedy {
    /// A greedy agent.
    ///
    /// # Example
    ///
    /// ```
    /// let _agent = replan::duel::Greedy::new();
    /// ```
    pub fn new() -> Greedy {
        Greedy::default()
    }
}

impl DuelAgent for Greedy {
    fn name(&self) -> &str {
        "Greedy"
    }

    fn choose(&mut self, duel: &Duel, side: Side) -> Direction {
        if duel.is_over() {
            return Direction::Up;
        }
        let mut scratch = duel.clone();
        let replies = candidate_moves(duel, side.other());
        let mut best = (i64::MIN, Direction::Up);
        for ours in candidate_moves(duel, side) {
            let mut worst = i64::MAX;
            for &theirs in &replies {
                let undo = scratch.make(moves_for(side, ours, theirs));
                let value = match scratch.result() {
                    None => i64::from(self.evaluator.reach(&scratch, side)),
                    Some(DuelResult::Won(winner)) if winner == side => i64::MAX,
                    Some(DuelResult::Draw) => -1,
                    Some(DuelResult::Won(_)) => -2,
                };
                scratch.unmake(undo);
                worst = worst.min(value);
            }
            if worst > best.0 {
                best = (worst, ours);
            }
        }
        best.1
    }
}

/// The move with the best [`Evaluation::score`](super::Evaluation::score) after one turn,
/// predicting the opponent's move with [`Greedy`].
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
    predictor: Greedy,
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
