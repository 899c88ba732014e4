//! What can go wrong with a puzzle: bad input, an unsolvable instance, a failed search.

use crate::PlanError;

/// Why a board could not be built, parsed or solved.
///
/// Each variant names the problem, so a caller can tell a typo from an impossible instance.
///
/// # Example
///
/// ```
/// use replan::puzzle::{PuzzleError, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// assert_eq!(puzzle.parse("1 2 3 4 5 6 7 8 8"), Err(PuzzleError::DuplicateTile { tile: 8 }));
/// assert_eq!(puzzle.parse("1 2 3 4 5 6 7 8"), Err(PuzzleError::MissingTile { tile: 0 }));
/// assert_eq!(
///     puzzle.parse("1 2 3 4 5 6 7").unwrap_err().to_string(),
///     "a 3x3 board has 9 tiles (the blank is 0), found 7"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The board dimensions are not supported.
    #[error(
        "a {width}x{height} board is not supported: width and height must be at least 2 \
         and the board at most 16 cells"
    )]
    BadSize {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
    /// The input has more or fewer tiles than the board has cells.
    #[error("a {width}x{height} board has {expected} tiles (the blank is 0), found {found}")]
    WrongTileCount {
        /// The board width.
        width: usize,
        /// The board height.
        height: usize,
        /// The number of cells.
        expected: usize,
        /// The number of tiles given.
        found: usize,
    },
    /// The number of tiles fits no supported board when the size was left to guess.
    #[error(
        "cannot tell the board size from {found} tiles: give 4, 9 or 16 tiles, one row per \
         line, or the size"
    )]
    UnknownSize {
        /// The number of tiles given.
        found: usize,
    },
    /// Rows of different lengths, or a row count that does not match the board.
    #[error("row {row} has {found} tiles, expected {expected}")]
    RaggedRow {
        /// The row, counting from 1.
        row: usize,
        /// Its number of tiles.
        found: usize,
        /// The board width.
        expected: usize,
    },
    /// A tile appears twice.
    #[error("tile {tile} appears more than once")]
    DuplicateTile {
        /// The repeated tile.
        tile: u8,
    },
    /// Exactly one tile is absent: one tile too few, all of them distinct and in range.
    #[error("tile {tile} is missing")]
    MissingTile {
        /// The absent tile.
        tile: u8,
    },
    /// A number that is not a tile of this board.
    #[error("{value} is out of range: the tiles of this board are 0 to {max}")]
    OutOfRange {
        /// The value given.
        value: i128,
        /// The largest tile of the board.
        max: u8,
    },
    /// A token that is not a number.
    #[error("`{token}` is not a tile number")]
    NotANumber {
        /// The offending text.
        token: String,
    },
    /// The start and the goal are boards of different sizes, or a board does not belong to
    /// the puzzle it is used with.
    #[error("a {found_width}x{found_height} board used with a {width}x{height} puzzle")]
    SizeMismatch {
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
        /// The board's width.
        found_width: usize,
        /// The board's height.
        found_height: usize,
    },
    /// The goal cannot be reached from the start (the permutation parity and the blank's
    /// distance disagree). Found without searching.
    #[error("unsolvable: the goal cannot be reached from this board")]
    Unsolvable,
    /// Dense indexing through the permutation rank is limited to boards of at most 9 cells.
    #[error("a board of {cells} cells is too large to rank (at most 9 cells)")]
    TooLargeToRank {
        /// The board's number of cells.
        cells: usize,
    },
    /// A pattern for a pattern database is empty, holds the blank or a tile the board does
    /// not have, or overlaps another pattern.
    #[error("bad pattern: {reason}")]
    BadPattern {
        /// What is wrong with it.
        reason: String,
    },
    /// The search itself failed (budget exhausted, or no path).
    #[error(transparent)]
    Plan(#[from] PlanError),
}
