//! Snake: the game, graph views of a position that the planners search, and agents that
//! play it.
//!
//! - [`Board`] is the field: `width × height` cells (each side 2 to 255), some of them
//!   walls, parsed from an ASCII picture as [`Grid`](crate::grid::Grid) is.
//! - [`Game`] is the rules engine: a [`Snake`] (a deque of cells, head first), food placed
//!   uniformly at random over the empty cells by a seeded generator, and
//!   [`step`](Game::step), which moves the snake one cell and reports an [`Outcome`].
//! - [`Agent`] is a player: it picks a [`Direction`] for a position. [`simulate`] plays
//!   many games and sums them up in a [`Report`].
//! - [`duel`] is the two-player game of the Botzone platform, both snakes moving at once.
//!
//! # Rules
//!
//! - Each step the head moves one cell in the chosen direction and the tail moves with it,
//!   so the head may enter the cell the tail is leaving, except on a step where the snake
//!   eats: then the tail stays and the snake grows by one.
//! - Leaving the board, entering a wall or entering the body is death.
//! - The game is won when the snake fills every free cell, and capped (ended, not won)
//!   after a step limit, by default `4 × cells²`.
//!
//! # Example
//!
//! ```
//! use replan::snake::{Direction, Game, GameConfig, Outcome};
//!
//! let config = GameConfig::new(6, 6)?.with_seed(7);
//! let mut game = Game::new(&config)?;
//! assert_eq!(game.snake().len(), 3);
//! let head = game.snake().head();
//! let outcome = game.step(Direction::Down);
//! assert!(matches!(outcome, Outcome::Moved | Outcome::Ate));
//! assert_eq!(game.snake().head(), (head.0, head.1 + 1));
//! # Ok::<(), replan::snake::SnakeError>(())
//! ```

mod agent;
mod agents;
mod board;
pub mod cycle;
mod error;
mod game;
mod simulate;
pub mod view;

pub use agent::{Agent, AgentStats};
pub use agents::{
    best, BestAgent, GreedyAgent, HamiltonianAgent, IncrementalAgent, PlannerComparison, SafeAgent,
};
pub use board::{Board, MAX_SIDE, MIN_SIDE};
pub use cycle::{CycleError, HamiltonianCycle};
pub use error::SnakeError;
pub use game::{DeathReason, Game, GameConfig, Outcome, Snake};
pub use simulate::{game_seed, play_game, simulate, GameEnd, GameRecord, Report};
pub use view::{
    BodyBlocks, CellView, Passability, PlainView, Position, Snapshot, StepDistance, TailPasses,
    TailView, TimedCell, TimedView,
};

/// A cell `(x, y)`: `x` the column, `y` the row, `(0, 0)` the top-left cell; the same as
/// [`grid::Cell`](crate::grid::Cell).
pub type Cell = crate::grid::Cell;

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
