//! The board: a W×H rectangle of cells, some of them walls.

use std::fmt;
use std::str::FromStr;

use super::{Cell, SnakeError};
use crate::grid::{Connectivity, Grid};
use crate::picture::{Picture, PictureError};

/// A Snake board: `width × height` cells (each side 2 to 255), some of them walls.
///
/// Cells are `(x, y)`, `x` the column and `y` the row, `(0, 0)` top-left, as in
/// [`grid`](crate::grid). [`index`](Board::index) numbers them row-major, `0..width × height`.
///
/// # Example
///
/// ```
/// use replan::snake::Board;
///
/// let board: Board = "
///     ....
///     .##.
///     ....".parse()?;
/// assert_eq!((board.width(), board.height()), (4, 3));
/// assert!(board.is_wall((1, 1)) && !board.is_wall((0, 1)));
/// assert_eq!(board.free_cells(), 10);
/// assert_eq!(board.cell(board.index((3, 2))), (3, 2));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    width: u32,
    height: u32,
    walls: Vec<bool>,
    free: usize,
}

impl Board {
    /// The smallest side a board may have.
    ///
    /// ```
    /// assert_eq!(replan::snake::Board::MIN_SIDE, 2);
    /// ```
    pub const MIN_SIDE: u32 = 2;
    /// The largest side a board may have; cells then fit a `u16` index.
    ///
    /// ```
    /// assert_eq!(replan::snake::Board::MAX_SIDE, 255);
    /// ```
    pub const MAX_SIDE: u32 = 255;

    /// An open board: no walls.
    ///
    /// # Errors
    ///
    /// [`SnakeError::BoardSize`] when a side is below 2 or above 255; nothing is allocated
    /// then.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Board;
    /// assert_eq!(Board::new(20, 20)?.free_cells(), 400);
    /// assert!(Board::new(0, 20).is_err());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn new(width: u32, height: u32) -> Result<Board, SnakeError> {
        check_size(u64::from(width), u64::from(height))?;
        let cells = (width * height) as usize;
        Ok(Board {
            width,
            height,
            walls: vec![false; cells],
            free: cells,
        })
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::snake::Board::new(5, 3)?.width(), 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::snake::Board::new(5, 3)?.height(), 3);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// `width × height`, walls included.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::snake::Board::new(5, 3)?.cells(), 15);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn cells(&self) -> usize {
        self.walls.len()
    }

    /// The cells that are not walls: the length of a snake that fills the board.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::snake::Board = "..#\n...".parse()?;
    /// assert_eq!(board.free_cells(), 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn free_cells(&self) -> usize {
        self.free
    }

    /// Whether `cell` lies on the board.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::snake::Board::new(3, 2)?;
    /// assert!(board.contains((2, 1)) && !board.contains((3, 0)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn contains(&self, (x, y): Cell) -> bool {
        x < self.width && y < self.height
    }

    /// Whether `cell` is a wall; cells off the board are not.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::snake::Board = ".#\n..".parse()?;
    /// assert!(board.is_wall((1, 0)) && !board.is_wall((0, 0)) && !board.is_wall((9, 9)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn is_wall(&self, cell: Cell) -> bool {
        self.contains(cell) && self.walls[self.index(cell)]
    }

    /// Whether `cell` is on the board and not a wall.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::snake::Board = ".#\n..".parse()?;
    /// assert!(board.is_free((0, 0)) && !board.is_free((1, 0)) && !board.is_free((2, 0)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn is_free(&self, cell: Cell) -> bool {
        self.contains(cell) && !self.walls[self.index(cell)]
    }

    /// Whether the cell with index `index` is a wall.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::snake::Board = ".#\n..".parse()?;
    /// assert!(board.is_wall_index(1));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn is_wall_index(&self, index: usize) -> bool {
        self.walls[index]
    }

    /// The row-major index of `cell`, `y × width + x`. Only meaningful for cells on the
    /// board.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::snake::Board::new(4, 4)?;
    /// assert_eq!(board.index((1, 2)), 9);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn index(&self, (x, y): Cell) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The cell with row-major index `index`; the inverse of [`index`](Board::index).
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::snake::Board::new(4, 4)?;
    /// assert_eq!(board.cell(9), (1, 2));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn cell(&self, index: usize) -> Cell {
        let width = self.width as usize;
        ((index % width) as u32, (index / width) as u32)
    }

    /// Makes `cell` a wall (`true`) or free (`false`). Returns `false`, changing nothing,
    /// for a cell off the board.
    ///
    /// # Example
    ///
    /// ```
    /// let mut board = replan::snake::Board::new(3, 3)?;
    /// assert!(board.set_wall((1, 1), true));
    /// assert_eq!(board.free_cells(), 8);
    /// assert!(!board.set_wall((5, 5), true));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn set_wall(&mut self, cell: Cell, wall: bool) -> bool {
        if !self.contains(cell) {
            return false;
        }
        let index = self.index(cell);
        if self.walls[index] != wall {
            self.walls[index] = wall;
            if wall {
                self.free -= 1;
            } else {
                self.free += 1;
            }
        }
        true
    }

    /// The neighbours of `cell` on the board that are not walls, in [`Direction::ALL`]
    /// order, with the direction that leads to each.
    ///
    /// [`Direction::ALL`]: super::Direction::ALL
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Board, Direction};
    /// let board: Board = "..\n#.".parse()?;
    /// let mut seen = Vec::new();
    /// board.neighbours((0, 0), |d, cell| seen.push((d, cell)));
    /// assert_eq!(seen, [(Direction::Right, (1, 0))]);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn neighbours(&self, cell: Cell, mut visit: impl FnMut(super::Direction, Cell)) {
        for direction in super::Direction::ALL {
            if let Some(next) = direction.apply(cell, self.width, self.height) {
                if !self.walls[self.index(next)] {
                    visit(direction, next);
                }
            }
        }
    }

    /// The board as a 4-connected [`Grid`] with the walls blocked, for the grid planners and
    /// [`DStarLite::set_blocked`](crate::DStarLite::set_blocked).
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::snake::Board = ".#.\n...".parse()?;
    /// let grid = board.to_grid();
    /// assert!(!grid.is_passable((1, 0)) && grid.is_passable((1, 1)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn to_grid(&self) -> Grid {
        let mut grid = Grid::open(self.width, self.height, Connectivity::Four);
        for (index, &wall) in self.walls.iter().enumerate() {
            if wall {
                // The cell is on the grid: same size.
                let _ = grid.set_blocked(self.cell(index), true);
            }
        }
        grid
    }
}

fn check_size(width: u64, height: u64) -> Result<(), SnakeError> {
    let side = u64::from(Board::MIN_SIDE)..=u64::from(Board::MAX_SIDE);
    if side.contains(&width) && side.contains(&height) {
        Ok(())
    } else {
        Err(SnakeError::BoardSize { width, height })
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}×{}\n{self}", self.width, self.height)
    }
}

impl fmt::Display for Board {
    /// One line per row, `.` free and `#` wall, no newline after the last row; parses back
    /// to an equal board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            if y > 0 {
                f.write_str("\n")?;
            }
            for x in 0..self.width {
                f.write_str(if self.is_wall((x, y)) { "#" } else { "." })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = SnakeError;

    /// Parses an ASCII picture as [`Grid`] does, with the same reader: each line trimmed,
    /// blank lines before the first row and after the last ignored, `.` free and `#` a
    /// wall; a [`SnakeError::Parse`] names the line and the column counted in characters
    /// of the line as written, indentation included. The size is checked before anything
    /// is allocated, so a 300-column picture is a [`SnakeError::BoardSize`] error, not a
    /// large allocation.
    fn from_str(text: &str) -> Result<Board, SnakeError> {
        let picture = Picture::find(text).map_err(parse_error)?;
        let (width, height) = (picture.width() as u64, picture.height() as u64);
        check_size(width, height)?;
        picture
            .check(
                |symbol| matches!(symbol, '.' | '#'),
                "'.' (free) or '#' (wall)",
            )
            .map_err(parse_error)?;
        let mut board = Board::new(width as u32, height as u32)?;
        for (y, row) in picture.rows().enumerate() {
            for (x, symbol) in row.cells.chars().enumerate() {
                if symbol == '#' {
                    board.set_wall((x as u32, y as u32), true);
                }
            }
        }
        Ok(board)
    }
}

fn parse_error(error: PictureError) -> SnakeError {
    SnakeError::Parse {
        line: error.line,
        column: error.column,
        message: error.message,
    }
}

/// The Manhattan distance between two cells: the fewest moves between them on a board
/// without walls.
#[inline]
pub(crate) fn manhattan(a: Cell, b: Cell) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// Whether two cells share a side.
#[inline]
pub(crate) fn beside(a: Cell, b: Cell) -> bool {
    manhattan(a, b) == 1
}
