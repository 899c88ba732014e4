//! The rules engine: a snake on a board, food, and one step at a time.

use std::collections::VecDeque;
use std::fmt;

use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::{Board, Cell, Direction, SnakeError};

/// The snake: its cells, head first.
///
/// Besides the deque of cells, the snake stamps each cell of its board with the step at
/// which the head entered it. The body is always the last `length` cells the head
/// entered, so a cell is covered exactly when its stamp is among the last `length`, and
/// the stamp also says how many moves the cell stays covered:
/// [`occupied`](Snake::occupied) and [`moves_until_free`](Snake::moves_until_free) are
/// `O(1)`, which graph views and agents ask for every cell they look at.
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig};
/// let config = GameConfig::new(5, 5)?.with_start(vec![(2, 2), (2, 3), (2, 4)]);
/// let game = Game::new(&config)?;
/// let snake = game.snake();
/// assert_eq!((snake.head(), snake.tail(), snake.len()), ((2, 2), (2, 4), 3));
/// assert!(snake.contains((2, 3)) && !snake.contains((1, 1)));
/// assert_eq!(snake.body().collect::<Vec<_>>(), [(2, 2), (2, 3), (2, 4)]);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Snake {
    body: VecDeque<Cell>,
    /// Per cell (row-major), the stamp of the step at which the head entered it; `0` for
    /// never. The body holds stamps `head_stamp - len + 1 ..= head_stamp`.
    stamps: Vec<u64>,
    head_stamp: u64,
    width: u32,
    height: u32,
}

impl Snake {
    /// A snake on a `width × height` board with the given cells, head first. The cells are
    /// not checked (a [`Game`] checks them through [`GameConfig::start_cells`]); they must
    /// lie on the board, be distinct and each be a neighbour of the next.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert!(snake.occupied((1, 2)) && !snake.occupied((0, 0)));
    /// ```
    pub fn new(width: u32, height: u32, cells: &[Cell]) -> Snake {
        let mut stamps = vec![0; width as usize * height as usize];
        let length = cells.len() as u64;
        for (i, &(x, y)) in cells.iter().enumerate() {
            stamps[y as usize * width as usize + x as usize] = length - i as u64;
        }
        Snake {
            body: cells.iter().copied().collect(),
            stamps,
            head_stamp: length,
            width,
            height,
        }
    }

    /// Moves the head to `next` and, unless `grow`, the tail along, without checking any
    /// rule: for an agent's look-ahead on its own copy of the snake (reuse one with
    /// [`Clone::clone_from`], which keeps its memory). `next` must be on the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let mut snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// snake.advance((2, 1), false);
    /// assert_eq!((snake.head(), snake.tail(), snake.len()), ((2, 1), (1, 1), 2));
    /// snake.advance((3, 1), true);
    /// assert_eq!((snake.tail(), snake.len()), ((1, 1), 3));
    /// ```
    #[inline]
    pub fn advance(&mut self, next: Cell, grow: bool) {
        if !grow {
            self.body.pop_back();
        }
        self.head_stamp += 1;
        let index = self.index(next);
        self.stamps[index] = self.head_stamp;
        self.body.push_front(next);
    }

    /// [`advance`](Snake::advance), returning what [`retreat`](Snake::retreat) needs to
    /// take the move back: a look-ahead that searches many move sequences walks one snake
    /// down and back up its tree instead of copying it at every node.
    #[inline]
    pub(crate) fn advance_undoable(&mut self, next: Cell, grow: bool) -> Retreat {
        let retreat = Retreat {
            stamp: self.stamps[self.index(next)],
            tail: (!grow).then(|| self.tail()),
        };
        self.advance(next, grow);
        retreat
    }

    /// Takes back the last [`advance_undoable`](Snake::advance_undoable), which returned
    /// `retreat`: the head leaves, its cell gets its old stamp back (the tail's, if the
    /// head had entered it), and a tail that moved comes back.
    #[inline]
    pub(crate) fn retreat(&mut self, retreat: Retreat) {
        let head = self.body.pop_front().expect("a snake always has a head");
        let index = self.index(head);
        self.stamps[index] = retreat.stamp;
        self.head_stamp -= 1;
        if let Some(tail) = retreat.tail {
            self.body.push_back(tail);
        }
    }

    #[inline(always)]
    fn index(&self, (x, y): Cell) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// Whether the snake covers `cell`, in `O(1)`; `false` off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert!(snake.occupied((1, 1)) && !snake.occupied((9, 9)));
    /// ```
    #[inline]
    pub fn occupied(&self, (x, y): Cell) -> bool {
        x < self.width && y < self.height && self.occupied_index(self.index((x, y)))
    }

    /// [`occupied`](Snake::occupied) by the cell's row-major index ([`Board::index`]).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1)]);
    /// assert!(snake.occupied_index(5));
    /// ```
    #[inline(always)]
    pub fn occupied_index(&self, index: usize) -> bool {
        self.stamps[index] + self.body.len() as u64 > self.head_stamp
    }

    /// How many moves from now `cell` stays covered, if nothing is eaten: `0` for a cell
    /// the snake does not cover (or off the board), `1` for the tail (the head may enter
    /// it on the next move, as the tail leaves), up to the length for the head. A path may
    /// enter the cell on its `t`-th move exactly when `t >=` this.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2), (1, 3)]);
    /// assert_eq!(snake.moves_until_free((1, 3)), 1);
    /// assert_eq!(snake.moves_until_free((1, 1)), 3);
    /// assert_eq!(snake.moves_until_free((0, 0)), 0);
    /// ```
    #[inline]
    pub fn moves_until_free(&self, (x, y): Cell) -> u32 {
        if x < self.width && y < self.height {
            self.moves_until_free_index(self.index((x, y)))
        } else {
            0
        }
    }

    /// [`moves_until_free`](Snake::moves_until_free) by row-major index.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert_eq!(snake.moves_until_free_index(5), 2);
    /// ```
    #[inline(always)]
    pub fn moves_until_free_index(&self, index: usize) -> u32 {
        // The tail's stamp is `head_stamp - len + 1` and frees after one move.
        let tail_stamp = self.head_stamp + 1 - self.body.len() as u64;
        let stamp = self.stamps[index];
        if stamp >= tail_stamp {
            (stamp - tail_stamp + 1) as u32
        } else {
            0
        }
    }

    /// The cell of the head.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().head(), (1, 1));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn head(&self) -> Cell {
        self.body[0]
    }

    /// The cell of the tail (the head itself for a snake of length 1).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().tail(), (0, 1));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn tail(&self) -> Cell {
        self.body[self.body.len() - 1]
    }

    /// The number of cells.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start_length(5))?;
    /// assert_eq!(game.snake().len(), 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)] // a snake always has a head
    pub fn len(&self) -> usize {
        self.body.len()
    }

    /// The cells, head first.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().body().last(), Some((0, 1)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn body(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + '_ {
        self.body.iter().copied()
    }

    /// The cell `i` places behind the head (`0` is the head).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().segment(1), Some((0, 1)));
    /// assert_eq!(game.snake().segment(2), None);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn segment(&self, i: usize) -> Option<Cell> {
        self.body.get(i).copied()
    }

    /// Whether the snake covers `cell`; the same as [`occupied`](Snake::occupied).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert!(game.snake().contains((0, 1)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.occupied(cell)
    }
}

/// What [`Snake::retreat`] needs to take back one move: the entered cell's old stamp and
/// the cell the tail left, if it moved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Retreat {
    stamp: u64,
    tail: Option<Cell>,
}

impl PartialEq for Snake {
    /// Snakes are equal when they cover the same cells in the same order, whatever their
    /// history.
    fn eq(&self, other: &Snake) -> bool {
        self.body == other.body
    }
}

impl Eq for Snake {}

/// How a game is set up: the board, the snake's start, the step cap and the food seed.
///
/// # Example
///
/// ```
/// use replan::snake::{Board, Game, GameConfig};
///
/// let board: Board = "
///     ......
///     .#..#.
///     ......".parse()?;
/// let config = GameConfig::with_board(board).with_start_length(4).with_seed(3);
/// let game = Game::new(&config)?;
/// assert_eq!(game.snake().len(), 4);
/// assert_eq!(game.max_steps(), 4 * 18 * 18);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// The board and its walls.
    pub board: Board,
    /// The snake's length at the start, when `start` is not given. Default 3.
    pub start_length: usize,
    /// The snake's cells at the start, head first; `None` places a snake of `start_length`
    /// on the first run of free cells in row-by-row, alternating-direction order.
    pub start: Option<Vec<Cell>>,
    /// The step cap; `None` means `4 × cells²` (walls included in `cells`).
    pub max_steps: Option<u64>,
    /// The seed of the food placement.
    pub seed: u64,
}

impl GameConfig {
    /// An open `width × height` board, start length 3, default cap, seed 0.
    ///
    /// # Errors
    ///
    /// [`SnakeError::BoardSize`] for a side outside 2 to 255.
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?;
    /// assert_eq!((config.start_length, config.seed), (3, 0));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn new(width: u32, height: u32) -> Result<GameConfig, SnakeError> {
        Ok(GameConfig::with_board(Board::new(width, height)?))
    }

    /// A configuration on `board`, start length 3, default cap, seed 0.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Board, GameConfig};
    /// let config = GameConfig::with_board("...\n.#.\n...".parse::<Board>()?);
    /// assert_eq!(config.board.free_cells(), 8);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_board(board: Board) -> GameConfig {
        GameConfig {
            board,
            start_length: 3,
            start: None,
            max_steps: None,
            seed: 0,
        }
    }

    /// Sets the start length (used when no start cells are given).
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?.with_start_length(4);
    /// assert_eq!(config.start_length, 4);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_start_length(mut self, length: usize) -> GameConfig {
        self.start_length = length;
        self
    }

    /// Sets the start cells, head first.
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?.with_start(vec![(3, 3)]);
    /// assert_eq!(config.start.as_deref(), Some(&[(3, 3)][..]));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_start(mut self, cells: Vec<Cell>) -> GameConfig {
        self.start = Some(cells);
        self
    }

    /// Sets the step cap.
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?.with_max_steps(100);
    /// assert_eq!(config.max_steps, Some(100));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_max_steps(mut self, max_steps: u64) -> GameConfig {
        self.max_steps = Some(max_steps);
        self
    }

    /// Sets the food seed.
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?.with_seed(42);
    /// assert_eq!(config.seed, 42);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_seed(mut self, seed: u64) -> GameConfig {
        self.seed = seed;
        self
    }

    /// The step cap in force: the given one or `4 × cells²`.
    ///
    /// # Example
    ///
    /// ```
    /// let config = replan::snake::GameConfig::new(8, 8)?;
    /// assert_eq!(config.step_cap(), 4 * 64 * 64);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn step_cap(&self) -> u64 {
        let cells = self.board.cells() as u64;
        self.max_steps.unwrap_or(4 * cells * cells)
    }

    /// Checks the configuration and returns the snake's start cells, head first.
    ///
    /// # Errors
    ///
    /// [`SnakeError::TooFewFreeCells`], [`SnakeError::StartLength`],
    /// [`SnakeError::NoRoomForStart`], [`SnakeError::ZeroStepCap`], or for given cells
    /// [`SnakeError::StartOffBoard`], [`SnakeError::StartOnWall`],
    /// [`SnakeError::StartOverlaps`] and [`SnakeError::StartNotConnected`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{GameConfig, SnakeError};
    /// let config = GameConfig::new(3, 3)?.with_start_length(9);
    /// assert_eq!(config.start_cells(), Err(SnakeError::StartLength { length: 9, free: 9 }));
    /// let config = GameConfig::new(3, 3)?.with_start(vec![(0, 0), (1, 1)]);
    /// assert!(matches!(config.start_cells(), Err(SnakeError::StartNotConnected { .. })));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn start_cells(&self) -> Result<Vec<Cell>, SnakeError> {
        let board = &self.board;
        let free = board.free_cells();
        if free < 2 {
            return Err(SnakeError::TooFewFreeCells { free });
        }
        if self.max_steps == Some(0) {
            return Err(SnakeError::ZeroStepCap);
        }
        let length = self.start.as_ref().map_or(self.start_length, Vec::len);
        if length == 0 || length >= free {
            return Err(SnakeError::StartLength { length, free });
        }
        let Some(cells) = &self.start else {
            return default_start(board, length);
        };
        let mut seen = vec![false; board.cells()];
        for (i, &cell) in cells.iter().enumerate() {
            if !board.contains(cell) {
                return Err(SnakeError::StartOffBoard { cell });
            }
            if board.is_wall(cell) {
                return Err(SnakeError::StartOnWall { cell });
            }
            let index = board.index(cell);
            if seen[index] {
                return Err(SnakeError::StartOverlaps { cell });
            }
            seen[index] = true;
            if i > 0 && Direction::between(cells[i - 1], cell).is_none() {
                return Err(SnakeError::StartNotConnected {
                    from: cells[i - 1],
                    to: cell,
                });
            }
        }
        Ok(cells.clone())
    }
}

/// The first run of `length` free cells in boustrophedon order (rows top to bottom, left
/// to right on even rows and right to left on odd ones), whose consecutive cells are
/// neighbours; the head is the run's last cell, so the snake points along the order.
fn default_start(board: &Board, length: usize) -> Result<Vec<Cell>, SnakeError> {
    let order = (0..board.height()).flat_map(|y| {
        let width = board.width();
        (0..width).map(move |i| {
            if y % 2 == 0 {
                (i, y)
            } else {
                (width - 1 - i, y)
            }
        })
    });
    let mut run: Vec<Cell> = Vec::with_capacity(length);
    for cell in order {
        if board.is_wall(cell) {
            run.clear();
            continue;
        }
        run.push(cell);
        if run.len() == length {
            run.reverse();
            return Ok(run);
        }
    }
    Err(SnakeError::NoRoomForStart { length })
}

/// What a step did.
///
/// # Example
///
/// ```
/// use replan::snake::{DeathReason, Outcome};
/// assert!(Outcome::Won.is_over() && Outcome::Died(DeathReason::HitWall).is_over());
/// assert!(!Outcome::Ate.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
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

impl Outcome {
    /// Whether the game ends with this outcome.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::Outcome::Capped.is_over());
    /// ```
    pub fn is_over(self) -> bool {
        matches!(self, Outcome::Won | Outcome::Died(_) | Outcome::Capped)
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
/// use replan::snake::{DeathReason, Direction, Game, GameConfig, Outcome};
///
/// // A 2×2 board: the snake fills three cells, the food is on the fourth.
/// let config = GameConfig::new(2, 2)?.with_start(vec![(0, 1), (0, 0), (1, 0)]);
/// let mut game = Game::new(&config)?;
/// assert_eq!(game.food(), Some((1, 1)));
/// assert_eq!(game.step(Direction::Right), Outcome::Won);
/// assert!(game.is_over());
///
/// let mut game = Game::new(&config)?;
/// assert_eq!(game.step(Direction::Left), Outcome::Died(DeathReason::LeftBoard));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub struct Game {
    board: Board,
    snake: Snake,
    food: Option<Cell>,
    steps: u64,
    max_steps: u64,
    last: Option<Outcome>,
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
        self.last.is_some_and(Outcome::is_over)
    }

    /// The outcome of the last step, `None` before the first.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Direction, Game, GameConfig, Outcome};
    /// let mut game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(0, 0)]).with_max_steps(1))?;
    /// assert_eq!(game.last_outcome(), None);
    /// game.step(Direction::Right);
    /// assert_eq!(game.last_outcome(), Some(Outcome::Capped));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn last_outcome(&self) -> Option<Outcome> {
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
    /// [`Outcome::Capped`]. Once the game is over, further steps change nothing and
    /// return the final outcome again.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Direction, Game, GameConfig, Outcome};
    /// // The head may take the cell the tail leaves.
    /// let config = GameConfig::new(4, 4)?.with_start(vec![(0, 0), (1, 0), (1, 1), (0, 1)]);
    /// let mut game = Game::new(&config)?;
    /// if game.food() != Some((0, 1)) {
    ///     assert_eq!(game.step(Direction::Down), Outcome::Moved);
    ///     assert_eq!(game.snake().head(), (0, 1));
    /// }
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn step(&mut self, direction: Direction) -> Outcome {
        if let Some(last) = self.last.filter(|last| last.is_over()) {
            return last;
        }
        if let Some(reason) = self.death_of(direction) {
            return self.finish(Outcome::Died(reason));
        }
        let head = self.snake.head();
        let next = direction
            .apply(head, self.board.width(), self.board.height())
            .expect("death_of checked the move stays on the board");
        let eating = self.food == Some(next);
        self.snake.advance(next, eating);
        self.steps += 1;
        let mut outcome = Outcome::Moved;
        if eating {
            if self.snake.len() == self.board.free_cells() {
                self.food = None;
                return self.finish(Outcome::Won);
            }
            self.place_food();
            outcome = Outcome::Ate;
        }
        if self.steps >= self.max_steps {
            outcome = Outcome::Capped;
        }
        self.finish(outcome)
    }

    fn finish(&mut self, outcome: Outcome) -> Outcome {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell's cover and release time, to compare two snakes by their stamps too.
    fn covers(snake: &Snake, width: u32, height: u32) -> Vec<(bool, u32)> {
        let mut cells = Vec::new();
        for y in 0..height {
            for x in 0..width {
                cells.push((snake.occupied((x, y)), snake.moves_until_free((x, y))));
            }
        }
        cells
    }

    #[test]
    fn retreat_takes_back_moves_that_grow_enter_the_tail_or_leave_it() {
        // A closed loop on a 3×3 board, its head beside its tail at (0, 1).
        let start = [
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
        ];
        let mut snake = Snake::new(3, 3, &start[1..]);
        snake.advance((0, 0), true);
        let before = (snake.clone(), covers(&snake, 3, 3));
        let mut retreats = Vec::new();
        // Into the tail, into the middle cell (free), then growing into the new tail's
        // cell: each overwrites a different stamp.
        for (next, grow) in [((0, 1), false), ((1, 1), false), ((1, 2), true)] {
            retreats.push(snake.advance_undoable(next, grow));
        }
        assert_eq!(snake.len(), start.len() + 1);
        assert_ne!(covers(&snake, 3, 3), before.1);
        while let Some(retreat) = retreats.pop() {
            snake.retreat(retreat);
        }
        assert_eq!(snake, before.0);
        assert_eq!(covers(&snake, 3, 3), before.1);
    }
}
