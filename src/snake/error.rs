//! What can go wrong building a Snake board or game.

use super::Cell;

/// Why a board or a game could not be built.
///
/// # Example
///
/// ```
/// use replan::snake::{Board, SnakeError};
/// assert_eq!(
///     Board::new(300, 300),
///     Err(SnakeError::BoardSize { width: 300, height: 300 })
/// );
/// assert_eq!(
///     Board::new(1, 5).unwrap_err().to_string(),
///     "a 1×5 board is not supported: each side must be 2 to 255 cells"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SnakeError {
    /// A side is below 2 or above 255 cells.
    #[error("a {width}×{height} board is not supported: each side must be 2 to 255 cells")]
    BoardSize {
        /// The requested width.
        width: u64,
        /// The requested height.
        height: u64,
    },
    /// A board picture that does not parse.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// The line, counting from 1.
        line: usize,
        /// 1-based column (in characters) of the line as written, indentation included: the
        /// same rule as [`GridError::Parse`](crate::grid::GridError::Parse), since both read
        /// pictures with one reader.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// Fewer than two free cells: no room for a snake and its food.
    #[error("the board has {free} free cells; a game needs at least 2")]
    TooFewFreeCells {
        /// The free (non-wall) cells.
        free: usize,
    },
    /// A start length of zero, or one that leaves no free cell for the food.
    #[error("a snake of length {length} does not fit a board with {free} free cells: the length must be 1 to {}", .free.saturating_sub(1))]
    StartLength {
        /// The requested length.
        length: usize,
        /// The free (non-wall) cells.
        free: usize,
    },
    /// No straight-or-winding run of free cells is long enough for the default placement.
    #[error("no run of {length} free cells to place the snake on; give its cells instead")]
    NoRoomForStart {
        /// The requested length.
        length: usize,
    },
    /// A cell of the given start lies off the board.
    #[error("start cell ({}, {}) is off the board", .cell.0, .cell.1)]
    StartOffBoard {
        /// The cell.
        cell: Cell,
    },
    /// A cell of the given start is a wall.
    #[error("start cell ({}, {}) is a wall", .cell.0, .cell.1)]
    StartOnWall {
        /// The cell.
        cell: Cell,
    },
    /// The given start lists a cell twice.
    #[error("start cell ({}, {}) appears twice", .cell.0, .cell.1)]
    StartOverlaps {
        /// The cell.
        cell: Cell,
    },
    /// Two consecutive cells of the given start are not neighbours.
    #[error("start cells ({}, {}) and ({}, {}) are not neighbours", .from.0, .from.1, .to.0, .to.1)]
    StartNotConnected {
        /// The earlier cell (nearer the head).
        from: Cell,
        /// The next cell.
        to: Cell,
    },
    /// A step cap of zero.
    #[error("the step cap must be at least 1")]
    ZeroStepCap,
    /// The food of a position is off the board, on a wall or on the snake.
    #[error("food cell ({}, {}) is not an empty cell of the board", .cell.0, .cell.1)]
    FoodNotEmpty {
        /// The cell.
        cell: Cell,
    },
    /// A position's step count has already reached the step cap.
    #[error("a position at step {steps} is past the step cap of {cap}")]
    StepsPastCap {
        /// The position's step count.
        steps: u64,
        /// The step cap.
        cap: u64,
    },
}
