//! Readers for the Moving AI grid benchmark formats: `.map` files and `.scen` scenario
//! lists (Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012;
//! <https://movingai.com/benchmarks/formats.html>).
//!
//! A `.map` file is a four-line header and then the rows:
//!
//! ```text
//! type octile
//! height 3
//! width 4
//! map
//! ..@.
//! .T..
//! ....
//! ```
//!
//! `.`, `G` and `S` are passable, `@`, `O`, `T` and `W` are not; moves follow the
//! [`Grid`] rules with 8-connectivity, which is how the published optimal lengths were
//! computed. A `.scen` file starts with `version 1` (or `version 1.0`) and then has one
//! scenario per line: `bucket map width height start_x start_y goal_x goal_y
//! optimal_length`, separated by tabs or spaces.
//!
//! Every error is a [`MovingAiError`] with the 1-based line it was found on and, for the
//! `read_*` functions, the file.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{Cell, Connectivity, Grid};
use crate::{Graph, InvalidNode};

/// A problem reading a Moving AI file: where it is (file and 1-based line, when known)
/// and what it is ([`MovingAiErrorKind`]).
///
/// # Example
///
/// ```
/// use replan::grid::movingai::{parse_map, MovingAiErrorKind};
/// let err = parse_map("type octile\nheight 2\nwidth 2\nmap\n..\n.").unwrap_err();
/// assert_eq!(err.line, 6);
/// assert!(matches!(err.kind, MovingAiErrorKind::RowLength { found: 1, expected: 2, .. }));
/// assert_eq!(err.to_string(), "line 6: map row 1 has 1 cells, but the header says width 2");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("{}{kind}", Location(.path.as_deref(), *.line))]
pub struct MovingAiError {
    /// The file, when the error came from [`read_map`] or [`read_scenarios`].
    pub path: Option<PathBuf>,
    /// The 1-based line the problem is on; 0 when it concerns no line (an I/O error).
    pub line: usize,
    /// What is wrong.
    pub kind: MovingAiErrorKind,
}

/// What is wrong in a Moving AI file; see [`MovingAiError`].
///
/// # Example
///
/// ```
/// use replan::grid::movingai::{parse_scenarios, MovingAiErrorKind};
/// let err = parse_scenarios("version 1\n0 a.map 4 4 0 0 x 3 3.0\n").unwrap_err();
/// assert!(matches!(err.kind, MovingAiErrorKind::BadNumber { field: "goal_x", .. }));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MovingAiErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(std::io::Error),
    /// A header line of a `.map` file (or the version line of a `.scen` file) is missing
    /// or malformed.
    #[error("expected the header line `{expected}`, found {found}")]
    BadHeader {
        /// What the line should look like.
        expected: &'static str,
        /// What it is, quoted, or "the end of the file".
        found: String,
    },
    /// A map row is not as long as the header's width.
    #[error("map row {row} has {found} cells, but the header says width {expected}")]
    RowLength {
        /// The 0-based row (`y`).
        row: u32,
        /// Its length in characters.
        found: usize,
        /// The header's width.
        expected: u32,
    },
    /// The file ends before the header's number of rows: it is probably truncated.
    #[error(
        "the map ends after {found} rows, but the header says height {expected} (truncated file?)"
    )]
    TooFewRows {
        /// The rows present.
        found: u32,
        /// The header's height.
        expected: u32,
    },
    /// Text follows the last row.
    #[error("unexpected text after the {height} rows the header announces")]
    TooManyRows {
        /// The header's height.
        height: u32,
    },
    /// A map character that is not `.`, `G`, `S`, `@`, `O`, `T` or `W`.
    #[error(
        "unknown terrain character {found:?} at column {column} (expected one of . G S @ O T W)"
    )]
    UnknownTerrain {
        /// The character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
    /// A scenario line without exactly nine fields.
    #[error(
        "a scenario line needs 9 fields (bucket map width height start_x start_y goal_x \
         goal_y optimal_length), found {found}"
    )]
    FieldCount {
        /// The fields present.
        found: usize,
    },
    /// A scenario field that should be a number is not one.
    #[error("scenario field `{field}` must be {expected}, found {text:?}")]
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// What it should be.
        expected: &'static str,
        /// What it is.
        text: String,
    },
    /// A scenario's map size differs from the map it is checked against.
    #[error("the scenario is for a {scenario_width}×{scenario_height} map, but the map is {map_width}×{map_height}")]
    SizeMismatch {
        /// The scenario's width.
        scenario_width: u32,
        /// The scenario's height.
        scenario_height: u32,
        /// The map's width.
        map_width: u32,
        /// The map's height.
        map_height: u32,
    },
    /// A scenario's start or goal cannot be used on the map.
    #[error("the scenario's {which} ({}, {}) is unusable: {reason}", .cell.0, .cell.1)]
    BadEndpoint {
        /// `"start"` or `"goal"`.
        which: &'static str,
        /// The cell.
        cell: Cell,
        /// Why: off the map or blocked.
        reason: InvalidNode,
    },
}

/// Formats the "where" part of a [`MovingAiError`].
struct Location<'a>(Option<&'a Path>, usize);

impl fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Some(path), 0) => write!(f, "{}: ", path.display()),
            (Some(path), line) => write!(f, "{}, line {line}: ", path.display()),
            (None, 0) => Ok(()),
            (None, line) => write!(f, "line {line}: "),
        }
    }
}

impl MovingAiError {
    fn at(line: usize, kind: MovingAiErrorKind) -> MovingAiError {
        MovingAiError {
            path: None,
            line,
            kind,
        }
    }

    fn in_file(mut self, path: &Path) -> MovingAiError {
        self.path = Some(path.to_path_buf());
        self
    }
}

/// Lines of a text with their 1-based numbers and trailing whitespace (and `\r`) removed.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end()))
}

/// Whether a map character is passable, or `None` for a character the format lacks.
fn terrain(byte: u8) -> Option<bool> {
    match byte {
        b'.' | b'G' | b'S' => Some(true),
        b'@' | b'O' | b'T' | b'W' => Some(false),
        _ => None,
    }
}

/// Quotes a line for an error message, or names the end of the file.
fn describe(line: Option<&str>) -> String {
    match line {
        Some(text) => format!("{text:?}"),
        None => "the end of the file".into(),
    }
}

/// Parses the text of a Moving AI `.map` file into an 8-connected [`Grid`].
///
/// # Errors
///
/// A [`MovingAiError`] with the line number for a missing or malformed header (only
/// `type octile` maps exist in the benchmarks), a zero height or width, a row of the wrong
/// length, an unknown terrain character, fewer rows than the header's height (a truncated
/// file) or text after the last row. Trailing blank lines are fine. Every row is checked
/// before the grid is allocated, so the grid's size follows from the text read, never from
/// the header alone.
///
/// # Example
///
/// ```
/// use replan::grid::{movingai::parse_map, Connectivity};
///
/// let grid = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n").unwrap();
/// assert_eq!((grid.width(), grid.height()), (3, 2));
/// assert_eq!(grid.connectivity(), Connectivity::Eight);
/// assert!(!grid.is_passable((1, 0)) && !grid.is_passable((0, 1)));
/// ```
pub fn parse_map(text: &str) -> Result<Grid, MovingAiError> {
    let mut lines = numbered_lines(text);
    // The header is the first four lines, in this order; `value` is the word after the key.
    let mut header = |line: usize, key: &str, expected: &'static str, has_value: bool| {
        let text = lines.next().map(|(_, text)| text);
        let bad = |found: String| {
            MovingAiError::at(line, MovingAiErrorKind::BadHeader { expected, found })
        };
        let words: Vec<&str> = text.unwrap_or("").split_whitespace().collect();
        match (words.as_slice(), has_value) {
            ([first, value], true) if *first == key => Ok(*value),
            ([first], false) if *first == key => Ok(""),
            _ => Err(bad(describe(text))),
        }
    };
    let kind = header(1, "type", "type octile", true)?;
    if kind != "octile" {
        return Err(MovingAiError::at(
            1,
            MovingAiErrorKind::BadHeader {
                expected: "type octile",
                found: format!("map type {kind:?}"),
            },
        ));
    }
    let number = |line: usize, value: &str, expected: &'static str| {
        value.parse::<u32>().map_err(|_| {
            MovingAiError::at(
                line,
                MovingAiErrorKind::BadHeader {
                    expected,
                    found: format!("{value:?}, which is not a whole number"),
                },
            )
        })
    };
    let height = number(
        2,
        header(2, "height", "height <rows>", true)?,
        "height <rows>",
    )?;
    let width = number(
        3,
        header(3, "width", "width <columns>", true)?,
        "width <columns>",
    )?;
    header(4, "map", "map", false)?;
    let map_line = 4;
    // With no rows to check against, the width alone would size the grid: a zero height
    // must not let a header number allocate (and no empty map is worth searching).
    for (line, size, expected) in [(2, height, "height <rows>"), (3, width, "width <columns>")] {
        if size == 0 {
            return Err(MovingAiError::at(
                line,
                MovingAiErrorKind::BadHeader {
                    expected,
                    found: "0: a map needs at least one row and one column".into(),
                },
            ));
        }
    }

    // Every row is checked before the grid is allocated, so a header that promises more
    // than the file holds fails cleanly instead of allocating for it.
    let mut rows: Vec<(usize, &str)> = lines.collect();
    let end_line = rows.last().map_or(map_line, |&(line, _)| line);
    while rows.last().is_some_and(|(_, text)| text.is_empty()) {
        rows.pop();
    }
    if let Some(&(line, _)) = rows[(height as usize).min(rows.len())..]
        .iter()
        .find(|(_, text)| !text.is_empty())
    {
        return Err(MovingAiError::at(
            line,
            MovingAiErrorKind::TooManyRows { height },
        ));
    }
    for (y, &(line, text)) in rows.iter().take(height as usize).enumerate() {
        let mut length = 0;
        for (column, symbol) in text.chars().enumerate() {
            if !u8::try_from(symbol).is_ok_and(|byte| terrain(byte).is_some()) {
                return Err(MovingAiError::at(
                    line,
                    MovingAiErrorKind::UnknownTerrain {
                        found: symbol,
                        column: column + 1,
                    },
                ));
            }
            length += 1;
        }
        if length != width as usize {
            return Err(MovingAiError::at(
                line,
                MovingAiErrorKind::RowLength {
                    row: y as u32,
                    found: length,
                    expected: width,
                },
            ));
        }
    }
    if rows.len() < height as usize {
        return Err(MovingAiError::at(
            end_line + 1,
            MovingAiErrorKind::TooFewRows {
                found: rows.len() as u32,
                expected: height,
            },
        ));
    }

    let mut grid = Grid::blocked(width, height, Connectivity::Eight).map_err(|err| {
        MovingAiError::at(
            map_line,
            MovingAiErrorKind::BadHeader {
                expected: "height and width of a grid with at most 2^32 cells",
                found: err.to_string(),
            },
        )
    })?;
    for (y, &(_, text)) in rows.iter().take(height as usize).enumerate() {
        let start = grid.padded_index(0, y as u32);
        let cells = &mut grid.passable[start..start + width as usize];
        for (cell, &byte) in cells.iter_mut().zip(text.as_bytes()) {
            *cell = terrain(byte) == Some(true);
        }
    }
    grid.rebuild_moves();
    Ok(grid)
}

/// Reads and parses a Moving AI `.map` file; see [`parse_map`].
///
/// # Errors
///
/// As [`parse_map`], with the file's path in the error; [`MovingAiErrorKind::Io`] when
/// it cannot be read.
///
/// # Example
///
/// ```
/// use replan::grid::movingai::{read_map, MovingAiErrorKind};
/// let err = read_map("no/such/file.map").unwrap_err();
/// assert!(matches!(err.kind, MovingAiErrorKind::Io(_)));
/// assert!(err.to_string().starts_with("no/such/file.map: cannot read the file"));
/// ```
pub fn read_map(path: impl AsRef<Path>) -> Result<Grid, MovingAiError> {
    let path = path.as_ref();
    let text = read(path)?;
    parse_map(&text).map_err(|err| err.in_file(path))
}

fn read(path: &Path) -> Result<String, MovingAiError> {
    std::fs::read_to_string(path)
        .map_err(|err| MovingAiError::at(0, MovingAiErrorKind::Io(err)).in_file(path))
}

/// One benchmark problem from a `.scen` file.
///
/// # Example
///
/// ```
/// use replan::grid::movingai::parse_scenarios;
/// let scenarios = parse_scenarios("version 1\n3\tmaps/a.map\t4\t4\t0\t0\t3\t2\t3.82842712\n").unwrap();
/// let s = &scenarios[0];
/// assert_eq!((s.bucket, s.map.as_str(), s.width, s.height), (3, "maps/a.map", 4, 4));
/// assert_eq!((s.start, s.goal, s.optimal_length, s.line), ((0, 0), (3, 2), 3.82842712, 2));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The difficulty bucket (paths of similar length share a bucket).
    pub bucket: u32,
    /// The map file the scenario is for, as written in the file.
    pub map: String,
    /// The map's width.
    pub width: u32,
    /// The map's height.
    pub height: u32,
    /// The start cell.
    pub start: Cell,
    /// The goal cell.
    pub goal: Cell,
    /// The optimal path cost, as printed (to 2 decimals or 6 significant digits, so compare
    /// with a tolerance of 0.01).
    pub optimal_length: f64,
    /// The 1-based line of the `.scen` file it came from, for messages.
    pub line: usize,
}

impl Scenario {
    /// Checks that the scenario fits `grid`: same size, start and goal on the map and
    /// passable.
    ///
    /// # Errors
    ///
    /// [`MovingAiErrorKind::SizeMismatch`] or [`MovingAiErrorKind::BadEndpoint`], with the
    /// scenario's line.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::movingai::{parse_map, parse_scenarios};
    /// let grid = parse_map("type octile\nheight 1\nwidth 3\nmap\n.@.").unwrap();
    /// let scenarios = parse_scenarios("version 1\n0 m 3 1 0 0 2 0 0\n0 m 3 1 0 0 1 0 0\n").unwrap();
    /// assert!(scenarios[0].check(&grid).is_ok());
    /// let err = scenarios[1].check(&grid).unwrap_err();
    /// assert_eq!(err.to_string(), "line 3: the scenario's goal (1, 0) is unusable: the cell is blocked");
    /// ```
    pub fn check(&self, grid: &Grid) -> Result<(), MovingAiError> {
        if (self.width, self.height) != (grid.width(), grid.height()) {
            return Err(MovingAiError::at(
                self.line,
                MovingAiErrorKind::SizeMismatch {
                    scenario_width: self.width,
                    scenario_height: self.height,
                    map_width: grid.width(),
                    map_height: grid.height(),
                },
            ));
        }
        for (which, cell) in [("start", self.start), ("goal", self.goal)] {
            grid.check_node(cell).map_err(|reason| {
                MovingAiError::at(
                    self.line,
                    MovingAiErrorKind::BadEndpoint {
                        which,
                        cell,
                        reason,
                    },
                )
            })?;
        }
        Ok(())
    }
}

/// Parses the text of a Moving AI `.scen` file.
///
/// # Errors
///
/// A [`MovingAiError`] with the line number when the first line is not `version 1` or
/// `version 1.0`, when a line does not have nine fields, or when a field that should be a
/// number is not (coordinates and sizes are whole numbers, the optimal length a finite
/// non-negative number). Blank lines are skipped.
///
/// # Example
///
/// ```
/// use replan::grid::movingai::parse_scenarios;
/// let text = "version 1.0\n0 m.map 8 8 1 2 3 4 2.82843\n1 m.map 8 8 0 0 7 7 9.89949\n";
/// let scenarios = parse_scenarios(text).unwrap();
/// assert_eq!(scenarios.len(), 2);
/// assert_eq!(scenarios[1].goal, (7, 7));
///
/// let err = parse_scenarios("version 2\n").unwrap_err();
/// assert_eq!(err.line, 1);
/// ```
pub fn parse_scenarios(text: &str) -> Result<Vec<Scenario>, MovingAiError> {
    let mut lines = numbered_lines(text);
    let version = lines.next();
    if !matches!(
        version
            .map(|(_, text)| text.split_whitespace().collect::<Vec<_>>())
            .as_deref(),
        Some(["version", "1" | "1.0"])
    ) {
        return Err(MovingAiError::at(
            1,
            MovingAiErrorKind::BadHeader {
                expected: "version 1",
                found: describe(version.map(|(_, text)| text)),
            },
        ));
    }
    let mut scenarios = Vec::new();
    for (line, text) in lines {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        let &[bucket, map, width, height, start_x, start_y, goal_x, goal_y, optimal] =
            fields.as_slice()
        else {
            return Err(MovingAiError::at(
                line,
                MovingAiErrorKind::FieldCount {
                    found: fields.len(),
                },
            ));
        };
        let whole = |field: &'static str, text: &str| {
            text.parse::<u32>().map_err(|_| {
                MovingAiError::at(
                    line,
                    MovingAiErrorKind::BadNumber {
                        field,
                        expected: "a whole number",
                        text: text.into(),
                    },
                )
            })
        };
        // Fields are checked left to right so the error names the first bad one.
        let bucket = whole("bucket", bucket)?;
        let width = whole("width", width)?;
        let height = whole("height", height)?;
        let start = (whole("start_x", start_x)?, whole("start_y", start_y)?);
        let goal = (whole("goal_x", goal_x)?, whole("goal_y", goal_y)?);
        let optimal_length = optimal
            .parse::<f64>()
            .ok()
            .filter(|length| length.is_finite() && *length >= 0.0)
            .ok_or_else(|| {
                MovingAiError::at(
                    line,
                    MovingAiErrorKind::BadNumber {
                        field: "optimal_length",
                        expected: "a finite non-negative number",
                        text: optimal.into(),
                    },
                )
            })?;
        scenarios.push(Scenario {
            bucket,
            map: map.into(),
            width,
            height,
            start,
            goal,
            optimal_length,
            line,
        });
    }
    Ok(scenarios)
}

/// Reads and parses a Moving AI `.scen` file; see [`parse_scenarios`].
///
/// # Errors
///
/// As [`parse_scenarios`], with the file's path in the error; [`MovingAiErrorKind::Io`]
/// when it cannot be read.
///
/// # Example
///
/// ```
/// use replan::grid::movingai::read_scenarios;
/// let err = read_scenarios("missing.map.scen").unwrap_err();
/// assert!(err.to_string().contains("missing.map.scen"));
/// ```
pub fn read_scenarios(path: impl AsRef<Path>) -> Result<Vec<Scenario>, MovingAiError> {
    let path = path.as_ref();
    let text = read(path)?;
    parse_scenarios(&text).map_err(|err| err.in_file(path))
}
