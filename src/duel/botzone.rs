//! Replaying a request of the Botzone platform's two-player snake (贪吃蛇).
//!
//! Botzone sends a bot, each turn, the whole history: the first request gives the board
//! (`height` rows, `width` columns), the obstacles and our starting corner as `x` (row) and
//! `y` (column), 1-based; each later request gives the opponent's last direction and each
//! response our own, numbered 0 north (row − 1), 1 east, 2 south, 3 west, which is the
//! order of [`Direction::ALL`]. [`BotzoneRequest`] holds that history as plain numbers
//! (the JSON itself is read by the caller, so the library needs no JSON parser) and
//! [`BotzoneRequest::replay`] rebuilds the position, refusing impossible histories.

use crate::snake::Direction;

use super::rules::{Duel, DuelBoard, DuelError, Side};

/// One Botzone request, as plain numbers in Botzone's own coordinates.
///
/// # Example
///
/// ```
/// use replan::duel::{BotzoneRequest, Side};
/// let request = BotzoneRequest {
///     x: 1,
///     y: 1,
///     width: 10,
///     height: 12,
///     obstacles: vec![(3, 4), (10, 7)],
///     opponent_directions: vec![0],
///     our_directions: vec![2],
/// };
/// let (duel, side) = request.replay().unwrap();
/// assert_eq!(side, Side::First);
/// assert_eq!(duel.head(Side::First), (0, 1)); // we moved south: row 2, column 1
/// assert!(duel.board().is_obstacle((3, 2))); // row 3, column 4
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BotzoneRequest {
    /// Our starting row, 1-based: 1 or `height`.
    pub x: u32,
    /// Our starting column, 1-based: 1 or `width`.
    pub y: u32,
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// Obstacles as `(x, y)`: row and column, 1-based.
    pub obstacles: Vec<(u32, u32)>,
    /// The opponent's directions so far, one per later request.
    pub opponent_directions: Vec<u32>,
    /// Our directions so far, one per response.
    pub our_directions: Vec<u32>,
}

/// Why a Botzone request cannot be replayed.
///
/// # Example
///
/// ```
/// use replan::duel::{BotzoneError, BotzoneRequest};
/// let request = BotzoneRequest { x: 2, y: 1, width: 10, height: 10, ..Default::default() };
/// assert_eq!(request.replay().unwrap_err(), BotzoneError::Start { x: 2, y: 1 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotzoneError {
    /// The board or an obstacle is invalid.
    #[error("invalid board: {0}")]
    Board(#[from] DuelError),
    /// An obstacle's row or column is 0 or past the board.
    #[error("obstacle at row {x}, column {y} lies off the board")]
    ObstacleOffBoard {
        /// Its row, 1-based.
        x: u32,
        /// Its column, 1-based.
        y: u32,
    },
    /// The starting cell is neither corner.
    #[error("start at row {x}, column {y} is neither (1, 1) nor (height, width)")]
    Start {
        /// The given row.
        x: u32,
        /// The given column.
        y: u32,
    },
    /// A direction outside 0..=3.
    #[error("direction {value} is not 0, 1, 2 or 3")]
    Direction {
        /// The given number.
        value: u32,
    },
    /// There must be exactly one opponent direction per response of ours.
    #[error("{opponent} opponent directions for {ours} of our own")]
    History {
        /// Opponent directions given.
        opponent: usize,
        /// Our directions given.
        ours: usize,
    },
    /// A snake died during the history, so there is no move left to make.
    #[error("the game ended on turn {turn}")]
    Ended {
        /// The turn on which it ended, from 0.
        turn: u32,
    },
}

/// The direction Botzone numbers `value`.
///
/// # Errors
///
/// [`BotzoneError::Direction`] outside `0..=3`.
///
/// # Example
///
/// ```
/// use replan::duel::direction_from_botzone;
/// use replan::snake::Direction;
/// assert_eq!(direction_from_botzone(1), Ok(Direction::Right));
/// assert!(direction_from_botzone(4).is_err());
/// ```
pub fn direction_from_botzone(value: u32) -> Result<Direction, BotzoneError> {
    Direction::ALL
        .get(value as usize)
        .copied()
        .ok_or(BotzoneError::Direction { value })
}

/// Botzone's number for `direction`.
///
/// # Example
///
/// ```
/// use replan::duel::direction_to_botzone;
/// use replan::snake::Direction;
/// assert_eq!(direction_to_botzone(Direction::Left), 3);
/// ```
pub fn direction_to_botzone(direction: Direction) -> u32 {
    direction as u32
}

impl BotzoneRequest {
    /// The position after the history, and which side is ours.
    ///
    /// Obstacles listed twice are taken once: Botzone lists each mirrored pair, and a
    /// self-mirrored centre cell may appear in both halves.
    ///
    /// # Errors
    ///
    /// [`BotzoneError`] for a bad board, obstacle, start, direction, a history whose
    /// lengths disagree, or one in which a snake died.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{BotzoneError, BotzoneRequest};
    /// // We start bottom-right and our first move, east, leaves the board.
    /// let request = BotzoneRequest {
    ///     x: 10,
    ///     y: 10,
    ///     width: 10,
    ///     height: 10,
    ///     opponent_directions: vec![1],
    ///     our_directions: vec![1],
    ///     ..Default::default()
    /// };
    /// assert_eq!(request.replay().unwrap_err(), BotzoneError::Ended { turn: 0 });
    /// ```
    pub fn replay(&self) -> Result<(Duel, Side), BotzoneError> {
        let mut cells = Vec::with_capacity(self.obstacles.len());
        for &(x, y) in &self.obstacles {
            if x == 0 || y == 0 || x > self.height || y > self.width {
                return Err(BotzoneError::ObstacleOffBoard { x, y });
            }
            let cell = (y - 1, x - 1);
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        let board = DuelBoard::with_obstacles(self.width, self.height, cells)?;
        let side = match (self.x, self.y) {
            (1, 1) => Side::First,
            (x, y) if x == self.height && y == self.width => Side::Second,
            (x, y) => return Err(BotzoneError::Start { x, y }),
        };
        if self.opponent_directions.len() != self.our_directions.len() {
            return Err(BotzoneError::History {
                opponent: self.opponent_directions.len(),
                ours: self.our_directions.len(),
            });
        }
        let mut duel = Duel::new(board);
        for (&ours, &theirs) in self.our_directions.iter().zip(&self.opponent_directions) {
            let ours = direction_from_botzone(ours)?;
            let theirs = direction_from_botzone(theirs)?;
            let moves = match side {
                Side::First => [ours, theirs],
                Side::Second => [theirs, ours],
            };
            let turn = duel.turn();
            duel.step(moves)?;
            if duel.is_over() {
                return Err(BotzoneError::Ended { turn });
            }
        }
        Ok((duel, side))
    }
}
