//! Playing whole duels between two agents, timing each side's moves.

use std::time::Instant;

use super::agents::DuelAgent;
use super::rules::{Duel, DuelBoard, DuelResult, Side};

/// How one game between two agents went.
///
/// # Example
///
/// ```
/// use replan::duel::{play_duel, DuelBoard, MostSpace, RandomSafe};
/// let board = DuelBoard::new(10, 10).unwrap();
/// let record = play_duel(board, [&mut MostSpace::new(), &mut RandomSafe::new(1)]);
/// assert!(record.turns > 0);
/// assert_eq!(record.moves, [record.turns; 2]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DuelRecord {
    /// How the duel ended; `None` if it reached the turn limit with both alive.
    pub result: Option<DuelResult>,
    /// Turns played.
    pub turns: u32,
    /// Moves each side chose (equal to `turns`).
    pub moves: [u32; 2],
    /// Microseconds each side spent choosing its moves, in total.
    pub micros: [u64; 2],
    /// The last position.
    pub last: Duel,
}

/// Plays a duel on `board` between `agents[0]` (the first side, top-left) and
/// `agents[1]`, until a snake dies or `4 × cells` turns pass.
///
/// # Example
///
/// ```
/// use replan::duel::{play_duel, DuelBoard, RandomSafe, Side};
/// let board = DuelBoard::new(10, 10).unwrap();
/// let record = play_duel(board, [&mut RandomSafe::new(1), &mut RandomSafe::new(2)]);
/// assert!(record.result.is_some());
/// assert_eq!(record.last.turn(), record.turns);
/// ```
pub fn play_duel(board: DuelBoard, agents: [&mut dyn DuelAgent; 2]) -> DuelRecord {
    play_duel_watched(board, agents, |_| {})
}

/// [`play_duel`], calling `watch` with the position before the first turn and after each
/// turn (to draw the game as it goes).
///
/// # Example
///
/// ```
/// use replan::duel::{play_duel_watched, DuelBoard, MostSpace, RandomSafe};
/// let mut positions = 0;
/// let board = DuelBoard::new(10, 10).unwrap();
/// let record = play_duel_watched(board, [&mut MostSpace::new(), &mut RandomSafe::new(2)], |_| {
///     positions += 1
/// });
/// assert_eq!(positions, record.turns + 1);
/// ```
pub fn play_duel_watched(
    board: DuelBoard,
    agents: [&mut dyn DuelAgent; 2],
    mut watch: impl FnMut(&Duel),
) -> DuelRecord {
    let limit = 4 * board.cells() as u32;
    let mut duel = Duel::new(board);
    let mut micros = [0u64; 2];
    let [first, second] = agents;
    watch(&duel);
    while !duel.is_over() && duel.turn() < limit {
        let clock = Instant::now();
        let first_move = first.choose(&duel, Side::First);
        micros[0] += clock.elapsed().as_micros() as u64;
        let clock = Instant::now();
        let second_move = second.choose(&duel, Side::Second);
        micros[1] += clock.elapsed().as_micros() as u64;
        duel.step([first_move, second_move])
            .expect("the loop stops when the duel is over");
        watch(&duel);
    }
    DuelRecord {
        result: duel.result(),
        turns: duel.turn(),
        moves: [duel.turn(); 2],
        micros,
        last: duel,
    }
}
