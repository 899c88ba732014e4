//! [`LoopGuard`]: tells when a look-ahead agent circles without eating.
//!
//! A deterministic rule in a position it has been in before, with the same food, makes the
//! same moves again: once a position repeats, the snake circles until the step cap unless
//! something in the rule changes. The guard remembers the positions since the last meal
//! (by [`position_key`], the Zobrist key the endgame search uses) and reports a repeat, or
//! a run of moves without a meal so long that no food chase explains it.
//!
//! Cost: nothing per move while the snake eats regularly; once more moves than free cells
//! have passed since the last meal, one `O(length)` key and one hash-set insertion per
//! move. The set keeps its memory between meals and games.

use super::endgame::position_key;
use crate::snake::Game;
use rustc_hash::FxHashSet;

/// Moves since the last meal, as a multiple of the free cells, after which the snake is
/// taken to be circling even if no position has repeated yet.
const NO_PROGRESS_FACTOR: u64 = 4;

/// Positions since the last meal, to tell a loop.
#[derive(Debug, Default)]
pub(super) struct LoopGuard {
    /// Keys of the positions seen since watching began.
    seen: FxHashSet<u64>,
    /// The step of the meal the positions in `seen` follow.
    since_meal: Option<u64>,
}

impl LoopGuard {
    /// Forgets the positions seen, for a new game.
    pub(super) fn reset(&mut self) {
        self.seen.clear();
        self.since_meal = None;
    }

    /// Whether the snake of `game`, at move `now`, which last ate at move `last_meal`
    /// (both as the agent counts them), is circling: it has
    /// gone more moves than there are free cells without eating, and either stands in a
    /// position it has stood in since the last meal or has gone
    /// [`NO_PROGRESS_FACTOR`] times the free cells without eating. The food has not moved
    /// since the last meal, so the snake's cells in order name the position.
    pub(super) fn circling(&mut self, game: &Game, now: u64, last_meal: u64) -> bool {
        let free = game.board().free_cells() as u64;
        let waited = now.saturating_sub(last_meal);
        if waited <= free {
            return false;
        }
        if self.since_meal != Some(last_meal) {
            self.seen.clear();
            self.since_meal = Some(last_meal);
        }
        let repeated = !self.seen.insert(position_key(game.snake()));
        repeated || waited > NO_PROGRESS_FACTOR * free
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{Cell, Direction, GameConfig, StepOutcome};

    /// The 2×2 square in the corner a snake of three circles in.
    const SQUARE: [Cell; 4] = [(1, 1), (0, 1), (0, 0), (1, 0)];

    /// A snake of three in [`SQUARE`] on a 4×4 board, the food outside the square.
    fn in_the_square() -> Game {
        let body = vec![(1, 1), (1, 0), (0, 0)];
        let config = GameConfig::new(4, 4).unwrap().with_start(body);
        Game::new(&config.with_food((3, 3))).unwrap()
    }

    /// One move on round [`SQUARE`].
    fn round_the_square(game: &mut Game) -> StepOutcome {
        let head = game.snake().head();
        let place = SQUARE.iter().position(|&cell| cell == head).unwrap();
        let next = SQUARE[(place + 1) % 4];
        game.step(Direction::between(head, next).unwrap())
    }

    #[test]
    fn the_guard_tells_a_snake_circling_in_a_square() {
        let mut game = in_the_square();
        let mut guard = LoopGuard::default();
        let mut first = None;
        for step in 0..40 {
            if guard.circling(&game, game.steps(), 0) {
                first.get_or_insert(step);
            }
            assert_eq!(round_the_square(&mut game), StepOutcome::Moved);
        }
        // Quiet for as many moves as free cells, then the first repeat four moves later.
        assert_eq!(first, Some(16 + 1 + 4));
        guard.reset();
        assert!(guard.seen.is_empty());
    }

    /// A game whose snake circles in [`SQUARE`] for `steps` moves, never eating.
    fn circled(steps: u64) -> Game {
        let mut game = in_the_square();
        for _ in 0..steps {
            round_the_square(&mut game);
        }
        game
    }

    #[test]
    fn the_guard_tells_a_long_run_without_a_meal_even_without_a_repeat() {
        // A guard that sees the position once cannot tell a repeat: only the length of
        // the run counts, more than four times the 16 free cells.
        for (steps, circling) in [
            (17, false),
            (40, false),
            (64, false),
            (65, true),
            (90, true),
        ] {
            let game = circled(steps);
            assert_eq!(
                LoopGuard::default().circling(&game, game.steps(), 0),
                circling,
                "{steps} moves"
            );
        }
    }

    #[test]
    fn a_meal_starts_the_guards_memory_afresh() {
        let mut guard = LoopGuard::default();
        let game = circled(30);
        let now = game.steps();
        assert!(!guard.circling(&game, now, 0));
        assert!(guard.circling(&game, now, 0), "the same position again");
        // After a meal at step 1 the positions seen before it no longer count.
        assert!(!guard.circling(&game, now, 1));
        assert!(guard.circling(&game, now, 1));
    }
}
