//! Reading a grid from an ASCII picture.

use std::str::FromStr;

use super::{Connectivity, Grid, GridError};

impl FromStr for Grid {
    type Err = GridError;

    /// Parses an ASCII picture into a 4-connected grid (call
    /// [`with_connectivity`](Grid::with_connectivity) for 8).
    ///
    /// Each line is trimmed; blank lines before the first row and after the last are
    /// ignored. `.` is a passable cell, `#`, `@`, `T`, `O` and `W` are blocked, and a digit
    /// `1`–`9` is a passable cell of that weight. Rows of different lengths, blank lines
    /// between rows, other characters and a picture with no rows are
    /// [`GridError::Parse`] errors naming the line and column.
    fn from_str(text: &str) -> Result<Grid, GridError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        let first = lines.iter().position(|(_, line)| !line.trim().is_empty());
        let last = lines.iter().rposition(|(_, line)| !line.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(GridError::Parse {
                line: 1,
                column: 1,
                message: "the picture has no rows".into(),
            });
        };
        let rows = &lines[first..=last];
        let indent = |line: &str| line.chars().count() - line.trim_start().chars().count();
        let width = rows[0].1.trim().chars().count();
        let too_large = |_| GridError::TooLarge {
            width: width as u64,
            height: rows.len() as u64,
        };
        let grid_width = u32::try_from(width).map_err(too_large)?;
        let grid_height = u32::try_from(rows.len()).map_err(too_large)?;
        // Every row is checked before the grid is allocated, so its size follows from the
        // text read, never from a first row that the others do not match.
        for (y, &(line_index, line)) in rows.iter().enumerate() {
            let row = line.trim();
            let length = row.chars().count();
            if length != width {
                return Err(GridError::Parse {
                    line: line_index + 1,
                    column: indent(line) + length.min(width) + 1,
                    message: format!(
                        "row {y} has {length} cells but the first row has {width}; rows must \
                         all be the same length"
                    ),
                });
            }
            if let Some((x, symbol)) = row.chars().enumerate().find(|&(_, symbol)| {
                !matches!(symbol, '.' | '#' | '@' | 'T' | 'O' | 'W' | '1'..='9')
            }) {
                return Err(GridError::Parse {
                    line: line_index + 1,
                    column: indent(line) + x + 1,
                    message: format!(
                        "unknown character {symbol:?}: expected '.' (passable), '#', \
                         '@', 'T', 'O' or 'W' (blocked) or a weight digit 1-9"
                    ),
                });
            }
        }
        let mut grid = Grid::blocked(grid_width, grid_height, Connectivity::Four)?;
        for (y, &(_, line)) in rows.iter().enumerate() {
            for (x, symbol) in line.trim().chars().enumerate() {
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
