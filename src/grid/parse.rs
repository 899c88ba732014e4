//! Reading a grid from an ASCII picture.

use std::str::FromStr;

use super::{Connectivity, Grid, GridError};
use crate::picture::{Picture, PictureError};

impl FromStr for Grid {
    type Err = GridError;

    /// Parses an ASCII picture into a 4-connected grid (call
    /// [`with_connectivity`](Grid::with_connectivity) for 8).
    ///
    /// Each line is trimmed; blank lines before the first row and after the last are
    /// ignored. `.` is a passable cell, `#`, `@`, `T`, `O` and `W` are blocked, and a digit
    /// `1`–`9` is a passable cell of that weight. Rows of different lengths, blank lines
    /// between rows, other characters and a picture with no rows are
    /// [`GridError::Parse`] errors naming the line and the column, counted in characters of
    /// the line as written (indentation included), as for every picture the crate reads.
    fn from_str(text: &str) -> Result<Grid, GridError> {
        let picture = Picture::find(text).map_err(parse_error)?;
        let too_large = |_| GridError::TooLarge {
            width: picture.width() as u64,
            height: picture.height() as u64,
        };
        let grid_width = u32::try_from(picture.width()).map_err(too_large)?;
        let grid_height = u32::try_from(picture.height()).map_err(too_large)?;
        // Every row is checked before the grid is allocated, so its size follows from the
        // text read, never from a first row that the others do not match.
        picture
            .check(
                |symbol| matches!(symbol, '.' | '#' | '@' | 'T' | 'O' | 'W' | '1'..='9'),
                "'.' (passable), '#', '@', 'T', 'O' or 'W' (blocked) or a weight digit 1-9",
            )
            .map_err(parse_error)?;
        let mut grid = Grid::blocked(grid_width, grid_height, Connectivity::Four)?;
        for (y, row) in picture.rows().enumerate() {
            for (x, symbol) in row.cells.chars().enumerate() {
                let i = grid.padded_index(x as u32, y as u32);
                match symbol {
                    '.' => grid.passable[i] = true,
                    '1'..='9' => {
                        grid.passable[i] = true;
                        let weight = f64::from(symbol as u8 - b'0');
                        grid.set_weight((x as u32, y as u32), weight)?;
                    }
                    _ => {}
                }
            }
        }
        grid.rebuild_moves();
        Ok(grid)
    }
}

fn parse_error(error: PictureError) -> GridError {
    GridError::Parse {
        line: error.line,
        column: error.column,
        message: error.message,
    }
}
