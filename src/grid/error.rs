//! What can go wrong building, editing or parsing a grid.

use super::Cell;

/// What went wrong building, editing or parsing a [`Grid`](super::Grid).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, GridError};
/// let mut grid = Grid::open(2, 2, Connectivity::Four);
/// let err = grid.set_blocked((5, 0), true).unwrap_err();
/// assert!(matches!(err, GridError::OutOfBounds { cell: (5, 0), .. }));
/// assert_eq!(err.to_string(), "cell (5, 0) is outside the 2×2 grid");
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// A cell lies outside the grid.
    #[error("cell ({}, {}) is outside the {width}×{height} grid", .cell.0, .cell.1)]
    OutOfBounds {
        /// The cell asked for.
        cell: Cell,
        /// The grid's width.
        width: u32,
        /// The grid's height.
        height: u32,
    },
    /// A weight that is not finite or is below 1.
    #[error("weight {weight} for cell ({}, {}) must be finite and at least 1", .cell.0, .cell.1)]
    InvalidWeight {
        /// The cell whose weight was being set.
        cell: Cell,
        /// The refused weight.
        weight: f64,
    },
    /// The grid has too many cells to index with a `u32` (borders included).
    #[error("a {width}×{height} grid has too many cells to index")]
    TooLarge {
        /// The requested width.
        width: u64,
        /// The requested height.
        height: u64,
    },
    /// The system would not give the memory for the grid's cells (about two bytes a cell,
    /// borders included).
    #[error("a {width}×{height} grid needs {bytes} bytes, more than the allocator grants")]
    OutOfMemory {
        /// The requested width.
        width: u64,
        /// The requested height.
        height: u64,
        /// The bytes its cells would take.
        bytes: u64,
    },
    /// A picture parsed into a [`Grid`](super::Grid) (its `FromStr`) is malformed.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line of the text.
        line: usize,
        /// 1-based column (in characters) of the line as written, indentation included.
        column: usize,
        /// What is wrong.
        message: String,
    },
}
