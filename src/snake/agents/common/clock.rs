//! [`MoveClock`]: an agent's own count of the moves of the game it follows.

use crate::snake::{Cell, Game, Snake};

/// Counts the moves of the game an agent follows from the positions, so that an agent
/// does not depend on how its game counts steps.
///
/// A position that follows the last one read by one move continues the game: the neck
/// is where the head was, and the tail has moved on one cell or, after a meal, stayed.
/// Its move number is the last one's plus one, whatever [`Game::steps`] says. Any other
/// position takes its number from [`Game::steps`], and at step 0 starts a new game. A
/// game driven by another engine, which builds a fresh [`Game`] each move with its own
/// step count or none, is then played as one driven by [`Game::step`]; there, and for an
/// agent that plays only some moves of a game, the number is the game's step count.
///
/// Cost: `O(1)` per move.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MoveClock {
    last: Option<Mark>,
    moves: u64,
    new_game: bool,
}

/// What tells whether a position follows the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mark {
    head: Cell,
    tail: Cell,
    /// The cell the tail moves to next, or the head for a snake of one.
    before_tail: Cell,
    length: usize,
}

impl Mark {
    fn of(snake: &Snake) -> Mark {
        let length = snake.len();
        Mark {
            head: snake.head(),
            tail: snake.tail(),
            before_tail: length
                .checked_sub(2)
                .and_then(|i| snake.segment(i))
                .unwrap_or(snake.head()),
            length,
        }
    }

    /// Whether `snake` is this position one move on.
    fn continued_by(&self, snake: &Snake) -> bool {
        let neck = snake.segment(1).unwrap_or(snake.tail());
        let moved_on = if snake.len() == self.length + 1 {
            snake.tail() == self.tail
        } else if snake.len() == self.length {
            snake.tail() == self.before_tail || (self.length == 1 && snake.tail() == snake.head())
        } else {
            false
        };
        let neck_ok = if snake.len() == 1 {
            crate::snake::beside(snake.head(), self.head)
        } else {
            neck == self.head
        };
        moved_on && neck_ok
    }
}

impl MoveClock {
    /// Reads the position of `game` for a new decision and returns its move number.
    pub(crate) fn tick(&mut self, game: &Game) -> u64 {
        let snake = game.snake();
        let continues = self.last.is_some_and(|mark| mark.continued_by(snake));
        self.new_game = !continues && game.steps() == 0;
        self.moves = if continues {
            self.moves + 1
        } else {
            game.steps()
        };
        self.last = Some(Mark::of(snake));
        self.moves
    }

    /// The move number the last [`tick`](MoveClock::tick) returned.
    pub(crate) fn now(&self) -> u64 {
        self.moves
    }

    /// Whether the last [`tick`](MoveClock::tick) read the first position of a game.
    pub(crate) fn new_game(&self) -> bool {
        self.new_game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{Direction, GameConfig};

    /// `config` with the first food on `food`, if any.
    fn with_food(config: GameConfig, food: Option<Cell>) -> GameConfig {
        match food {
            Some(cell) => config.with_food(cell),
            None => config,
        }
    }

    #[test]
    fn the_clock_counts_the_moves_of_positions_that_follow_each_other() {
        let config = GameConfig::new(6, 6).unwrap().with_start(vec![(2, 2)]);
        let mut game = Game::new(&config.clone().with_food((4, 2))).unwrap();
        let mut clock = MoveClock::default();
        // A snake of one that eats on its second move, then moves on at length two.
        let moves = [
            Direction::Right,
            Direction::Right,
            Direction::Down,
            Direction::Left,
        ];
        for direction in moves {
            assert_eq!(clock.tick(&game), game.steps());
            assert_eq!(clock.new_game(), game.steps() == 0);
            game.step(direction);
        }
        assert_eq!(game.snake().len(), 2);
        assert_eq!(clock.tick(&game), 4);
        // The same position again does not follow itself: it takes the game's count.
        let body: Vec<_> = game.snake().body().collect();
        let again = Game::new(&with_food(config.clone().with_start(body), game.food()));
        assert_eq!(clock.tick(&again.unwrap()), 0);
        assert!(clock.new_game());
        assert_eq!(clock.tick(&game), 4);
        assert!(!clock.new_game());
    }

    #[test]
    fn an_engine_without_a_step_count_is_counted_by_the_positions() {
        let config = GameConfig::new(6, 6)
            .unwrap()
            .with_start(vec![(1, 1), (0, 1)]);
        let mut game = Game::new(&config.clone().with_food((5, 5))).unwrap();
        let mut clock = MoveClock::default();
        for (i, direction) in [Direction::Right, Direction::Down, Direction::Down]
            .into_iter()
            .enumerate()
        {
            let body = game.snake().body().collect();
            let fresh =
                Game::new(&with_food(config.clone().with_start(body), game.food())).unwrap();
            assert_eq!(clock.tick(&fresh), i as u64);
            assert_eq!(clock.new_game(), i == 0);
            game.step(direction);
        }
    }
}
