//! The rules engine: a snake on a board, food, and one step at a time; what a step did and
//! why a snake died.

use std::fmt;

use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::{Board, Cell, Direction, GameConfig, Snake, SnakeError};

/// Where the food appears: the game asks its policy after every meal.
///
/// The answer is taken when it names an empty cell (free, not on the snake); `None`, or a
/// cell that is not empty, leaves the choice to [`UniformFood`] with the game's generator.
/// A closure `FnMut(&Board, &Snake) -> Option<Cell>` is a policy.
///
/// # Example
///
/// Food that goes to the first empty cell in row-major order:
///
/// ```
/// use replan::snake::{Board, Direction, Game, GameConfig, Snake};
///
/// let first_empty = |board: &Board, snake: &Snake| {
///     (0..board.cells())
///         .map(|index| board.cell(index))
///         .find(|&cell| board.is_free(cell) && !snake.occupied(cell))
/// };
/// let config = GameConfig::new(5, 5)?.with_start(vec![(1, 0)]).with_food((2, 0));
/// let mut game = Game::new(&config)?.with_food_policy(first_empty);
/// game.step(Direction::Right);
/// assert_eq!(game.food(), Some((0, 0)));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub trait FoodPolicy: Send + Sync {
    /// The cell of the next food, given the board and the snake that has just eaten;
    /// `rng` is the game's generator, for policies that draw.
    fn place(&mut self, board: &Board, snake: &Snake, rng: &mut dyn Rng) -> Option<Cell>;
}

impl<F> FoodPolicy for F
where
    F: FnMut(&Board, &Snake) -> Option<Cell> + Send + Sync,
{
    fn place(&mut self, board: &Board, snake: &Snake, _: &mut dyn Rng) -> Option<Cell> {
        self(board, snake)
    }
}

/// The default [`FoodPolicy`]: uniformly over the empty cells.
///
/// One 64-bit draw `r` picks the `⌊r × empty / 2⁶⁴⌋`-th empty cell in row-major order
/// (Lemire's multiply-shift, whose bias is below `empty / 2⁶⁴`), so placement takes one
/// draw and one scan even on a nearly full board, never a retry loop.
///
/// # Example
///
/// ```
/// use chacha20::ChaCha8Rng;
/// use rand_core::SeedableRng;
/// use replan::snake::{Board, FoodPolicy, Snake, UniformFood};
/// let board = Board::new(3, 2)?;
/// let snake = Snake::new(3, 2, &[(1, 1), (2, 1), (2, 0), (1, 0), (0, 0)]);
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// // One empty cell left: it takes the food.
/// assert_eq!(UniformFood.place(&board, &snake, &mut rng), Some((0, 1)));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniformFood;

impl FoodPolicy for UniformFood {
    fn place(&mut self, board: &Board, snake: &Snake, rng: &mut dyn Rng) -> Option<Cell> {
        let empty = board.free_cells().checked_sub(snake.len())?;
        if empty == 0 {
            return None;
        }
        let draw = rng.next_u64();
        let mut k = ((u128::from(draw) * empty as u128) >> 64) as usize;
        for index in 0..board.cells() {
            if board.is_wall_index(index) || snake.occupied_index(index) {
                continue;
            }
            if k == 0 {
                return Some(board.cell(index));
            }
            k -= 1;
        }
        None
    }
}

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
/// Food is placed by a [`FoodPolicy`], by default [`UniformFood`] over the empty cells. A
/// game can also start from any position ([`from_position`](Game::from_position)): a
/// game with its own engine builds one each move and hands it to an agent.
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
    policy: Box<dyn FoodPolicy>,
}

impl Game {
    /// A new game, its food placed by a [`ChaCha8Rng`] seeded with `config.seed`: the same
    /// configuration gives the same game on every platform.
    ///
    /// # Errors
    ///
    /// Those of [`GameConfig::start_cells`]; [`SnakeError::FoodNotEmpty`] for a first
    /// food off the board, on a wall or on the snake.
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
    /// Those of [`Game::new`].
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
        Game::set_up(config, 0, Box::new(rng))
    }

    /// The game of `config` (its board, its start as the snake's cells head first, its
    /// first food) after `steps` steps: any position, at any step count. A game driven by
    /// another engine builds one of these each move and hands it to an agent, which plays
    /// it as a game it drives itself. Later food comes from a [`ChaCha8Rng`] seeded with
    /// `config.seed`.
    ///
    /// # Errors
    ///
    /// Those of [`Game::new`]; [`SnakeError::StepsPastCap`] when `steps` has reached the
    /// step cap.
    ///
    /// # Example
    ///
    /// A snake of one at (10, 10) on 20×20, the food at (3, 15):
    ///
    /// ```
    /// use replan::snake::{Game, GameConfig, SnakeError};
    /// let config = GameConfig::new(20, 20)?.with_start(vec![(10, 10)]).with_food((3, 15));
    /// let game = Game::from_position(&config, 40)?;
    /// assert_eq!((game.food(), game.steps(), game.snake().len()), (Some((3, 15)), 40, 1));
    /// assert_eq!(
    ///     Game::from_position(&config.with_food((10, 10)), 0).unwrap_err(),
    ///     SnakeError::FoodNotEmpty { cell: (10, 10) }
    /// );
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn from_position(config: &GameConfig, steps: u64) -> Result<Game, SnakeError> {
        let cap = config.step_cap();
        if steps >= cap {
            return Err(SnakeError::StepsPastCap { steps, cap });
        }
        let rng = ChaCha8Rng::seed_from_u64(config.seed);
        Game::set_up(config, steps, Box::new(rng))
    }

    /// The game with `policy` placing every later food (the food on the board stays).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Board, Direction, Game, GameConfig, Snake};
    /// let config = GameConfig::new(4, 2)?.with_start(vec![(0, 0)]).with_food((1, 0));
    /// let last = |board: &Board, _: &Snake| Some((board.width() - 1, 0));
    /// let mut game = Game::new(&config)?.with_food_policy(last);
    /// game.step(Direction::Right);
    /// assert_eq!(game.food(), Some((3, 0)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_food_policy(mut self, policy: impl FoodPolicy + 'static) -> Game {
        self.policy = Box::new(policy);
        self
    }

    /// The game of `config` at `steps`.
    fn set_up(
        config: &GameConfig,
        steps: u64,
        rng: Box<dyn Rng + Send + Sync>,
    ) -> Result<Game, SnakeError> {
        let cells = config.start_cells()?;
        let board = config.board.clone();
        let mut game = Game {
            snake: Snake::new(board.width(), board.height(), &cells),
            board,
            food: None,
            steps,
            max_steps: config.step_cap(),
            last: None,
            rng,
            policy: Box::new(UniformFood),
        };
        match config.food {
            Some(cell) if game.board.is_free(cell) && !game.occupied(cell) => {
                game.food = Some(cell);
            }
            Some(cell) => return Err(SnakeError::FoodNotEmpty { cell }),
            None => game.place_food(),
        }
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

    /// Puts the food where the policy says, or uniformly when it names no empty cell.
    fn place_food(&mut self) {
        let (board, snake) = (&self.board, &self.snake);
        let chosen = self
            .policy
            .place(board, snake, &mut *self.rng)
            .filter(|&cell| board.is_free(cell) && !snake.occupied(cell));
        self.food = chosen.or_else(|| UniformFood.place(board, snake, &mut *self.rng));
        debug_assert!(
            self.food.is_some(),
            "a step that does not win leaves a cell empty"
        );
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
