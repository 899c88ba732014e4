//! The four moves of a snake, shared by the single-player game and the duel.

use super::Cell;

/// One of the four moves.
///
/// # Example
///
/// ```
/// use replan::snake::Direction;
/// assert_eq!(Direction::Up.offset(), (0, -1));
/// assert_eq!(Direction::Left.opposite(), Direction::Right);
/// assert_eq!(Direction::Right.apply((2, 0), 3, 3), None); // off the board
/// assert_eq!(Direction::Down.apply((2, 0), 3, 3), Some((2, 1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 0: `y - 1`.
    Up,
    /// `x + 1`.
    Right,
    /// `y + 1`.
    Down,
    /// `x - 1`.
    Left,
}

impl Direction {
    /// The four directions, clockwise from [`Up`](Direction::Up).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::snake::Direction::ALL.len(), 4);
    /// ```
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The change `(dx, dy)` this move makes to a cell.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::snake::Direction::Right.offset(), (1, 0));
    /// ```
    #[inline]
    pub fn offset(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, -1),
            Direction::Right => (1, 0),
            Direction::Down => (0, 1),
            Direction::Left => (-1, 0),
        }
    }

    /// The reverse move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Direction;
    /// for d in Direction::ALL {
    ///     assert_eq!(d.opposite().opposite(), d);
    /// }
    /// ```
    #[inline]
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Right => Direction::Left,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
        }
    }

    /// The cell this move leads to from `cell` on a `width × height` board, or `None` when
    /// it leaves the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Direction;
    /// assert_eq!(Direction::Up.apply((0, 0), 4, 4), None);
    /// assert_eq!(Direction::Left.apply((1, 3), 4, 4), Some((0, 3)));
    /// ```
    #[inline]
    pub fn apply(self, (x, y): Cell, width: u32, height: u32) -> Option<Cell> {
        let (dx, dy) = self.offset();
        let next = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
        (next.0 < width && next.1 < height).then_some(next)
    }

    /// The direction that leads from `from` to its neighbour `to`, or `None` when the two
    /// cells are not neighbours.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Direction;
    /// assert_eq!(Direction::between((2, 2), (2, 1)), Some(Direction::Up));
    /// assert_eq!(Direction::between((2, 2), (3, 3)), None);
    /// ```
    #[inline]
    pub fn between(from: Cell, to: Cell) -> Option<Direction> {
        let dx = i64::from(to.0) - i64::from(from.0);
        let dy = i64::from(to.1) - i64::from(from.1);
        match (dx, dy) {
            (0, -1) => Some(Direction::Up),
            (1, 0) => Some(Direction::Right),
            (0, 1) => Some(Direction::Down),
            (-1, 0) => Some(Direction::Left),
            _ => None,
        }
    }
}
