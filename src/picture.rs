//! The ASCII pictures every map of the crate is read from: a grid, a snake board.
//!
//! A picture is the text between its first and last non-blank lines, one row of cells a
//! line, each line trimmed of the spaces around it so that a picture can be indented in a
//! Rust string. Every row must have as many cells (characters) as the first, and every cell
//! must be one of the symbols the domain knows.
//!
//! Errors name a 1-based line of the whole text and a 1-based column counted in characters
//! *of the line as written, indentation included*: the column an editor shows for the
//! offending character, whichever domain reads the picture.

/// What is wrong with a picture, and where: the fields of each domain's `Parse` error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PictureError {
    /// 1-based line of the text.
    pub(crate) line: usize,
    /// 1-based column, in characters, of the line as written (indentation included).
    pub(crate) column: usize,
    /// What is wrong.
    pub(crate) message: String,
}

/// One row of a picture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row<'a> {
    /// 1-based line of the text.
    line: usize,
    /// Characters of indentation before the row.
    indent: usize,
    /// The row's cells: the line, trimmed.
    pub(crate) cells: &'a str,
}

/// The rows of a picture, found but not yet checked, so that a domain can refuse a size
/// before it reads the cells (a snake board has at most 255 columns).
#[derive(Clone, Debug)]
pub(crate) struct Picture<'a> {
    rows: Vec<Row<'a>>,
    width: usize,
}

impl<'a> Picture<'a> {
    /// Finds the rows of `text`: its lines from the first non-blank one to the last.
    ///
    /// # Errors
    ///
    /// A text with no non-blank line, at line 1, column 1.
    pub(crate) fn find(text: &'a str) -> Result<Self, PictureError> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines.iter().position(|line| !line.trim().is_empty());
        let last = lines.iter().rposition(|line| !line.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PictureError {
                line: 1,
                column: 1,
                message: "the picture has no rows".into(),
            });
        };
        let rows: Vec<Row<'a>> = (first..=last)
            .map(|index| {
                let line = lines[index];
                let cells = line.trim();
                let indent = line.chars().count() - line.trim_start().chars().count();
                Row {
                    line: index + 1,
                    indent,
                    cells,
                }
            })
            .collect();
        let width = rows[0].cells.chars().count();
        Ok(Picture { rows, width })
    }

    /// The number of cells of the first row.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub(crate) fn height(&self) -> usize {
        self.rows.len()
    }

    /// Checks, row by row from the top, that each row is as wide as the first and that
    /// `is_symbol` accepts each of its cells; `expected` completes the message for a cell it
    /// refuses ("unknown character 'x': expected ...").
    ///
    /// # Errors
    ///
    /// The first row of another width, at the column after the shorter of the two; or the
    /// first refused cell, at its column.
    pub(crate) fn check(
        &self,
        is_symbol: impl Fn(char) -> bool,
        expected: &str,
    ) -> Result<(), PictureError> {
        let width = self.width;
        for (y, row) in self.rows.iter().enumerate() {
            let length = row.cells.chars().count();
            if length != width {
                return Err(PictureError {
                    line: row.line,
                    column: row.indent + length.min(width) + 1,
                    message: format!(
                        "row {y} has {length} cells but the first row has {width}; rows must \
                         all be the same length"
                    ),
                });
            }
            if let Some((x, symbol)) = row.cells.chars().enumerate().find(|&(_, c)| !is_symbol(c)) {
                return Err(PictureError {
                    line: row.line,
                    column: row.indent + x + 1,
                    message: format!("unknown character {symbol:?}: expected {expected}"),
                });
            }
        }
        Ok(())
    }

    /// The rows, top first.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &Row<'a>> + '_ {
        self.rows.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dots_and_hashes(text: &str) -> Result<(), PictureError> {
        Picture::find(text)?.check(|c| matches!(c, '.' | '#'), "'.' or '#'")
    }

    #[test]
    fn rows_run_from_the_first_non_blank_line_to_the_last() {
        let picture = Picture::find("\n   \n  .#.\n  ...\n\n").unwrap();
        assert_eq!((picture.width(), picture.height()), (3, 2));
        let cells: Vec<&str> = picture.rows().map(|row| row.cells).collect();
        assert_eq!(cells, [".#.", "..."]);
        assert_eq!(
            picture.rows().map(|row| row.line).collect::<Vec<_>>(),
            [3, 4]
        );
    }

    #[test]
    fn columns_count_the_indentation() {
        let error = dots_and_hashes("\n    ...\n    .x.").unwrap_err();
        assert_eq!((error.line, error.column), (3, 6));
        assert_eq!(error.message, "unknown character 'x': expected '.' or '#'");
        // A short row: the column just after its last cell.
        let error = dots_and_hashes("  ...\n  ..").unwrap_err();
        assert_eq!((error.line, error.column), (2, 5));
        // A long row: the column of its first cell too many.
        let error = dots_and_hashes("...\n\t....").unwrap_err();
        assert_eq!((error.line, error.column), (2, 5));
    }

    #[test]
    fn an_empty_picture_and_a_blank_line_between_rows_are_errors() {
        let error = dots_and_hashes(" \n\n").unwrap_err();
        assert_eq!((error.line, error.column), (1, 1));
        let error = dots_and_hashes("..\n\n..").unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        assert!(error.message.starts_with("row 1 has 0 cells"));
    }
}
