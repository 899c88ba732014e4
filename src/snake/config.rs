//! How a game is set up: the board, the snake's start, the first food, the step cap and the
//! food seed.

use super::{Board, Cell, Direction, SnakeError};

/// How a game is set up: the board, the snake's start, the first food, the step cap and
/// the food seed.
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
    /// The first food's cell; `None` lets the food policy place it (by default
    /// uniformly, from `seed`).
    pub food: Option<Cell>,
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
            food: None,
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

    /// Sets the first food's cell: with [`with_start`](GameConfig::with_start), any
    /// position can be set up.
    ///
    /// # Example
    ///
    /// A snake of three in the top-left corner of 15×15, the food in the middle:
    ///
    /// ```
    /// use replan::snake::{Game, GameConfig};
    /// let config = GameConfig::new(15, 15)?
    ///     .with_start(vec![(2, 0), (1, 0), (0, 0)])
    ///     .with_food((7, 7));
    /// assert_eq!(Game::new(&config)?.food(), Some((7, 7)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn with_food(mut self, cell: Cell) -> GameConfig {
        self.food = Some(cell);
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
