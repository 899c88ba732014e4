//! Reading boards from text: tiles separated by spaces or commas, optionally one row a line.

use std::str::FromStr;

use super::{PuzzleError, SlidingPuzzle, TileBoard};

/// More tiles or rows than any board has (16 cells, 8 rows); text is only scanned past this
/// point, to count and to check that every token is a number, so a line of ten thousand
/// numbers costs no more memory than a board.
pub(crate) const KEPT: usize = 17;

/// The first [`KEPT`] tiles of `text` and, when it is written as several lines, the length
/// of each of its first [`KEPT`] rows; with the total counts of both.
pub(crate) struct Tokens {
    pub(crate) tiles: Vec<i128>,
    pub(crate) tile_count: usize,
    pub(crate) rows: Vec<usize>,
    pub(crate) row_count: usize,
}

pub(crate) fn tokenize(text: &str) -> Result<Tokens, PuzzleError> {
    let mut tokens = Tokens {
        tiles: Vec::with_capacity(KEPT),
        tile_count: 0,
        rows: Vec::new(),
        row_count: 0,
    };
    for line in text.lines() {
        let before = tokens.tile_count;
        for token in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|token| !token.is_empty())
        {
            let value = token.parse::<i128>().map_err(|_| PuzzleError::NotANumber {
                token: token.to_string(),
            })?;
            if tokens.tiles.len() < KEPT {
                tokens.tiles.push(value);
            }
            tokens.tile_count += 1;
        }
        if tokens.tile_count > before {
            if tokens.rows.len() < KEPT {
                tokens.rows.push(tokens.tile_count - before);
            }
            tokens.row_count += 1;
        }
    }
    Ok(tokens)
}

/// Checks that `tiles`, the first of `count` tiles, are a permutation of
/// `0..width * height`, reporting the first problem: too many tiles, a value out of range,
/// a duplicate, then too few (a single absent tile is named).
pub(crate) fn check_tiles(
    width: usize,
    height: usize,
    tiles: &[i128],
    count: usize,
) -> Result<Vec<u8>, PuzzleError> {
    let cells = width * height;
    let max = (cells - 1) as u8;
    if count > cells {
        return Err(PuzzleError::WrongTileCount {
            width,
            height,
            expected: cells,
            found: count,
        });
    }
    debug_assert_eq!(tiles.len(), count);
    if let Some(&value) = tiles.iter().find(|&&v| v < 0 || v > i128::from(max)) {
        return Err(PuzzleError::OutOfRange { value, max });
    }
    let mut seen = 0u32;
    for &value in tiles {
        if seen & (1 << value) != 0 {
            return Err(PuzzleError::DuplicateTile { tile: value as u8 });
        }
        seen |= 1 << value;
    }
    if tiles.len() < cells {
        // All distinct and in range: name the absent tile when only one is.
        let mut absent = (0..cells as u8).filter(|&t| seen & (1 << t) == 0);
        return Err(match (absent.next(), tiles.len() + 1 == cells) {
            (Some(tile), true) => PuzzleError::MissingTile { tile },
            _ => PuzzleError::WrongTileCount {
                width,
                height,
                expected: cells,
                found: tiles.len(),
            },
        });
    }
    Ok(tiles.iter().map(|&v| v as u8).collect())
}

impl SlidingPuzzle {
    /// Reads a board of this puzzle from text: the tiles in row-major order, separated by
    /// spaces, commas or line breaks, `0` for the blank. When the text has several lines,
    /// each must be one row. Text with more tiles than the board is refused after counting
    /// them, without storing more than a board's worth.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::NotANumber`], [`PuzzleError::WrongTileCount`],
    /// [`PuzzleError::RaggedRow`], [`PuzzleError::OutOfRange`],
    /// [`PuzzleError::DuplicateTile`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PuzzleError, SlidingPuzzle};
    ///
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let a = puzzle.parse("8,6,7, 2,5,4, 3,0,1").unwrap();
    /// let b = puzzle.parse("8 6 7\n2 5 4\n3 0 1").unwrap();
    /// assert_eq!(a, b);
    /// assert_eq!(puzzle.parse("1 2 x"), Err(PuzzleError::NotANumber { token: "x".into() }));
    /// assert_eq!(puzzle.parse("1 2 3 4 5 6 7 8 9"), Err(PuzzleError::OutOfRange { value: 9, max: 8 }));
    /// ```
    pub fn parse(&self, text: &str) -> Result<TileBoard, PuzzleError> {
        let tokens = tokenize(text)?;
        if tokens.row_count > 1 {
            self.check_rows(&tokens)?;
        }
        let tiles = check_tiles(
            self.width(),
            self.height(),
            &tokens.tiles,
            tokens.tile_count,
        )?;
        Ok(TileBoard::from_checked(self.width(), self.height(), &tiles))
    }

    /// Rows past the first [`KEPT`] are not checked for length: no board has that many,
    /// so the row count already fails.
    fn check_rows(&self, tokens: &Tokens) -> Result<(), PuzzleError> {
        for (row, &found) in tokens.rows.iter().enumerate() {
            if found != self.width() {
                return Err(PuzzleError::RaggedRow {
                    row: row + 1,
                    found,
                    expected: self.width(),
                });
            }
        }
        if tokens.row_count != self.height() {
            return Err(PuzzleError::WrongTileCount {
                width: self.width(),
                height: self.height(),
                expected: self.cells(),
                found: tokens.tile_count,
            });
        }
        Ok(())
    }
}

impl FromStr for TileBoard {
    type Err = PuzzleError;

    /// Reads a board whose size follows from the text: one row a line (every row the same
    /// length), or on one line 4, 9 or 16 tiles for a 2×2, 3×3 or 4×4 board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{TileBoard, PuzzleError};
    /// let wide: TileBoard = "1 2 3 4\n5 6 7 0".parse().unwrap();
    /// assert_eq!((wide.width(), wide.height()), (4, 2));
    /// let square: TileBoard = "1 2 3 4 5 6 7 8 0".parse().unwrap();
    /// assert_eq!(square.width(), 3);
    /// assert_eq!("1 2 3 0 4".parse::<TileBoard>(), Err(PuzzleError::UnknownSize { found: 5 }));
    /// assert_eq!(
    ///     "1 2 3\n4 0".parse::<TileBoard>(),
    ///     Err(PuzzleError::RaggedRow { row: 2, found: 2, expected: 3 })
    /// );
    /// ```
    fn from_str(text: &str) -> Result<TileBoard, PuzzleError> {
        let tokens = tokenize(text)?;
        let (width, height) = if tokens.row_count > 1 {
            (tokens.rows[0], tokens.row_count)
        } else {
            match tokens.tile_count {
                4 => (2, 2),
                9 => (3, 3),
                16 => (4, 4),
                found => return Err(PuzzleError::UnknownSize { found }),
            }
        };
        SlidingPuzzle::new(width, height)?.parse(text)
    }
}
