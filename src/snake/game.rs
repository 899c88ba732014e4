//! The rules engine: a snake on a board, food, and one step at a time; what a step did and
//! why a snake died.

use std::fmt;

use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::{Board, Cell, Direction, GameConfig, Snake, SnakeError};

/// What a step did.
///
/// # Example
///
/// ```
/// use replan::snake::{DeathReason, StepOutcome};
/// assert!(StepOutcome::Won.is_over() && StepOutcome::Died(DeathReason::HitWall).is_over());
/// assert!(!StepOutcome::Ate.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepOutcome {
    /// The snake moved; its length did not change.
    Moved,
    /// The snake ate and grew by one; new food was placed.
    Ate,
    /// The snake ate and now fills every free cell. The game is over.
    Won,
    /// The snake died. The game is over; the snake is left where it was before the step.
    Died(DeathReason),
    /// The step cap was reached without a win. The game is over.
    Capped,
}

impl StepOutcome {
    /// Whether the game ends with this outcome.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::StepOutcome::Capped.is_over());
    /// ```
    pub fn is_over(self) -> bool {
        matches!(
            self,
            StepOutcome::Won | StepOutcome::Died(_) | StepOutcome::Capped
        )
    }
}

/// Why a snake died.
///
/// # Example
///
/// ```
/// use replan::snake::DeathReason;
/// assert_eq!(DeathReason::HitBody.to_string(), "ran into its own body");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathReason {
    /// The head left the board.
    LeftBoard,
    /// The head entered a wall.
    HitWall,
    /// The head entered the body.
    HitBody,
}

impl fmt::Display for DeathReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeathReason::LeftBoard => "left the board",
            DeathReason::HitWall => "ran into a wall",
            DeathReason::HitBody => "ran into its own body",
        })
    }
}

/// A game of Snake in progress.
///
/// Food is placed uniformly over the empty cells: one 64-bit draw `r` picks the
/// `⌊r × empty / 2⁶⁴⌋`-th empty cell in row-major order (Lemire's multiply-shift, whose bias
/// is below `empty / 2⁶⁴`), so placement takes one draw and one scan even on a nearly full
/// board, never a retry loop.
///
/// # Example
///
/// ```
/// use replan::snake::{DeathReason, Direction, Game, GameConfig, StepOutcome};
///
/// // A 2×2 board: the snake fills three cells, the food is on the fourth.
/// let config = GameConfig::new(2, 2)?.with_start(vec![(0, 1), (0, 0), (1, 0)]);
/// let mut game = Game::new(&config)?;
/// assert_eq!(game.food(), Some((1, 1)));
/// assert_eq!(game.step(Direction::Right), StepOutcome::Won);
/// assert!(game.is_over());
///
/// let mut game = Game::new(&config)?;
/// assert_eq!(game.step(Direction::Left), StepOutcome::Died(DeathReason::LeftBoard));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub struct Game {
    board: Board,
    snake: Snake,
    food: Option<Cell>,
    steps: u64,
    max_steps: u64,
    last: Option<StepOutcome>,
    rng: Box<dyn Rng + Send + Sync>,
}

impl Game {
    /// A new game, its food placed by a [`ChaCha8Rng`] seeded with `config.seed`: the same
    /// configuration gives the same game on every platform.
    ///
    /// # Errors
    ///
    /// Those of [`GameConfig::start_cells`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Game, GameConfig};
    /// let config = GameConfig::new(10, 10)?.with_seed(5);
    /// assert_eq!(Game::new(&config)?.food(), Game::new(&config)?.food());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn new(config: &GameConfig) -> Result<Game, SnakeError> {
        Game::with_rng(config, ChaCha8Rng::seed_from_u64(config.seed))
    }

    /// A new game whose food is placed by `rng` (`config.seed` is not used): any
    /// [`rand_core::Rng`] of `rand_core` 0.10, so a generator from `rand` 0.10 (which
    /// re-exports that trait as `rand::Rng`) can be handed over.
    ///
    /// # Errors
    ///
    /// Those of [`GameConfig::start_cells`].
    ///
    /// # Example
    ///
    /// ```
    /// use rand::rngs::ChaCha20Rng;
    /// use rand::SeedableRng;
    /// use replan::snake::{Game, GameConfig};
    /// let config = GameConfig::new(10, 10)?;
    /// let game = Game::with_rng(&config, ChaCha20Rng::seed_from_u64(1))?;
    /// assert!(game.food().is_some());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_rng(
        config: &GameConfig,
        rng: impl Rng + Send + Sync + 'static,
    ) -> Result<Game, SnakeError> {
        let cells = config.start_cells()?;
        let board = config.board.clone();
        let mut game = Game {
            snake: Snake::new(board.width(), board.height(), &cells),
            board,
            food: None,
            steps: 0,
            max_steps: config.step_cap(),
            last: None,
            rng: Box::new(rng),
        };
        game.place_food();
        Ok(game)
    }

    /// The board.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(7, 5)?)?;
    /// assert_eq!(game.board().width(), 7);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The snake.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(7, 5)?)?;
    /// assert_eq!(game.snake().len(), 3);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn snake(&self) -> &Snake {
        &self.snake
    }

    /// The food's cell; `None` once the game is won.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(7, 5)?)?;
    /// let food = game.food().unwrap();
    /// assert!(!game.occupied(food) && !game.board().is_wall(food));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn food(&self) -> Option<Cell> {
        self.food
    }

    /// The steps taken so far.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Direction, Game, GameConfig};
    /// let mut game = Game::new(&GameConfig::new(7, 5)?.with_start(vec![(3, 3)]))?;
    /// game.step(Direction::Up);
    /// assert_eq!(game.steps(), 1);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The step cap of this game.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_max_steps(9))?;
    /// assert_eq!(game.max_steps(), 9);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn max_steps(&self) -> u64 {
        self.max_steps
    }

    /// Whether the game has ended (won, died or capped).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Direction, Game, GameConfig};
    /// let mut game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(0, 0)]))?;
    /// assert!(!game.is_over());
    /// game.step(Direction::Up);
    /// assert!(game.is_over());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn is_over(&self) -> bool {
        self.last.is_some_and(StepOutcome::is_over)
    }

    /// The outcome of the last step, `None` before the first.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Direction, Game, GameConfig, StepOutcome};
    /// let mut game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(0, 0)]).with_max_steps(1))?;
    /// assert_eq!(game.last_outcome(), None);
    /// game.step(Direction::Right);
    /// assert_eq!(game.last_outcome(), Some(StepOutcome::Capped));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn last_outcome(&self) -> Option<StepOutcome> {
        self.last
    }

    /// Whether the snake covers `cell`, in `O(1)`.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (1, 2)]))?;
    /// assert!(game.occupied((1, 2)) && !game.occupied((0, 0)) && !game.occupied((9, 9)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn occupied(&self, cell: Cell) -> bool {
        self.board.contains(cell) && self.occupied_index(self.board.index(cell))
    }

    /// [`occupied`](Game::occupied) by the cell's [`Board::index`].
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1)]))?;
    /// assert!(game.occupied_index(game.board().index((1, 1))));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn occupied_index(&self, index: usize) -> bool {
        self.snake.occupied_index(index)
    }

    /// How many moves from now the cell stays covered by the body, if nothing is eaten:
    /// `0` for a cell the snake does not cover, `1` for the tail (the head may enter it on
    /// the next move, as the tail leaves), up to the length for the head. `None` for a
    /// wall or a cell off the board.
    ///
    /// A path may enter the cell on its `t`-th move exactly when `t >=` this.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (1, 2), (1, 3)]))?;
    /// assert_eq!(game.moves_until_free((1, 3)), Some(1));
    /// assert_eq!(game.moves_until_free((1, 1)), Some(3));
    /// assert_eq!(game.moves_until_free((0, 0)), Some(0));
    /// assert_eq!(game.moves_until_free((4, 0)), None);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn moves_until_free(&self, cell: Cell) -> Option<u32> {
        self.board
            .is_free(cell)
            .then(|| self.moves_until_free_index(self.board.index(cell)))
    }

    /// [`moves_until_free`](Game::moves_until_free) by the index of a cell that is not a
    /// wall.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (1, 2)]))?;
    /// assert_eq!(game.moves_until_free_index(game.board().index((1, 1))), 2);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn moves_until_free_index(&self, index: usize) -> u32 {
        self.snake.moves_until_free_index(index)
    }

    /// What moving `direction` would do, without moving: `Some(reason)` when it kills the
    /// snake. Follows [`step`](Game::step)'s rules exactly.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{DeathReason, Direction, Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(0, 0), (1, 0), (1, 1)]))?;
    /// assert_eq!(game.death_of(Direction::Up), Some(DeathReason::LeftBoard));
    /// assert_eq!(game.death_of(Direction::Right), Some(DeathReason::HitBody));
    /// assert_eq!(game.death_of(Direction::Down), None);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn death_of(&self, direction: Direction) -> Option<DeathReason> {
        let Some(next) =
            direction.apply(self.snake.head(), self.board.width(), self.board.height())
        else {
            return Some(DeathReason::LeftBoard);
        };
        let index = self.board.index(next);
        if self.board.is_wall_index(index) {
            return Some(DeathReason::HitWall);
        }
        let eating = self.food == Some(next);
        // The tail leaves this step unless the snake eats; the head may take its cell.
        let free_at = self.moves_until_free_index(index);
        if free_at > 1 || (free_at == 1 && eating) {
            return Some(DeathReason::HitBody);
        }
        None
    }

    /// Moves the snake one cell.
    ///
    /// The head moves to the neighbour in `direction` and the tail leaves its cell in the
    /// same step, unless the head enters the food: then the tail stays, the snake grows by
    /// one and new food is placed (or, if the snake now fills every free cell, the game is
    /// won). Leaving the board, entering a wall or entering the body (the tail's cell
    /// included on a step that eats) kills the snake, which is then left as it was. When
    /// the step reaches the cap and the game is not won, the outcome is
    /// [`StepOutcome::Capped`]. Once the game is over, further steps change nothing and
    /// return the final outcome again.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Direction, Game, GameConfig, StepOutcome};
    /// // The head may take the cell the tail leaves.
    /// let config = GameConfig::new(4, 4)?.with_start(vec![(0, 0), (1, 0), (1, 1), (0, 1)]);
    /// let mut game = Game::new(&config)?;
    /// if game.food() != Some((0, 1)) {
    ///     assert_eq!(game.step(Direction::Down), StepOutcome::Moved);
    ///     assert_eq!(game.snake().head(), (0, 1));
    /// }
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn step(&mut self, direction: Direction) -> StepOutcome {
        if let Some(last) = self.last.filter(|last| last.is_over()) {
            return last;
        }
        if let Some(reason) = self.death_of(direction) {
            return self.finish(StepOutcome::Died(reason));
        }
        let head = self.snake.head();
        let next = direction
            .apply(head, self.board.width(), self.board.height())
            .expect("death_of checked the move stays on the board");
        let eating = self.food == Some(next);
        self.snake.advance(next, eating);
        self.steps += 1;
        let mut outcome = StepOutcome::Moved;
        if eating {
            if self.snake.len() == self.board.free_cells() {
                self.food = None;
                return self.finish(StepOutcome::Won);
            }
            self.place_food();
            outcome = StepOutcome::Ate;
        }
        if self.steps >= self.max_steps {
            outcome = StepOutcome::Capped;
        }
        self.finish(outcome)
    }

    fn finish(&mut self, outcome: StepOutcome) -> StepOutcome {
        self.last = Some(outcome);
        outcome
    }

    /// Puts the food on the `k`-th empty cell, `k` uniform in `0..empty`.
    fn place_food(&mut self) {
        let empty = self.board.free_cells() - self.snake.len();
        debug_assert!(empty > 0);
        let draw = self.rng.next_u64();
        let mut k = ((u128::from(draw) * empty as u128) >> 64) as usize;
        for index in 0..self.board.cells() {
            if self.board.is_wall_index(index) || self.occupied_index(index) {
                continue;
            }
            if k == 0 {
                self.food = Some(self.board.cell(index));
                return;
            }
            k -= 1;
        }
        unreachable!("fewer empty cells than counted");
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Game {{ steps: {}, length: {}, food: {:?}, last: {:?} }}\n{self}",
            self.steps,
            self.snake.len(),
            self.food,
            self.last
        )
    }
}

impl fmt::Display for Game {
    /// The board, one line per row: `#` wall, `.` empty, `*` food, `@` head, `o` body.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = self.snake.head();
        for y in 0..self.board.height() {
            if y > 0 {
                f.write_str("\n")?;
            }
            for x in 0..self.board.width() {
                let cell = (x, y);
                let symbol = if self.board.is_wall(cell) {
                    '#'
                } else if cell == head {
                    '@'
                } else if self.occupied(cell) {
                    'o'
                } else if self.food == Some(cell) {
                    '*'
                } else {
                    '.'
                };
                write!(f, "{symbol}")?;
            }
        }
        Ok(())
    }
}
