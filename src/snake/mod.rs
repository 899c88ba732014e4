//! Snake on a grid board: the single-player game and the two-player duel.

/// A move of a snake's head, numbered 0 to 3 clockwise from north.
///
/// # Example
///
/// ```
/// use replan::snake::Direction;
/// assert_eq!(Direction::Up.opposite(), Direction::Down);
/// assert_eq!(Direction::Right.offset(), (1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Row − 1.
    Up,
    /// Column + 1.
    Right,
    /// Row + 1.
    Down,
    /// Column − 1.
    Left,
}

impl Direction {
    /// All four, in their numbering order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// `(dx, dy)`: the change of column and row.
    pub fn offset(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, -1),
            Direction::Right => (1, 0),
            Direction::Down => (0, 1),
            Direction::Left => (-1, 0),
        }
    }

    /// The reverse move.
    pub fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }
}

pub mod duel;
