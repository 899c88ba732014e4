//! The duel's board, positions and the rules that move both snakes at once.
//!
//! Invariants of a [`Duel`]: every body cell lies on the board, off the obstacles, in one
//! snake only, and each snake's cells form a path of adjacent cells from its head to its
//! tail; `occupancy` agrees with the bodies cell for cell. A finished duel keeps the
//! bodies of the turn before the fatal moves.

use std::collections::VecDeque;

use fixedbitset::FixedBitSet;

use crate::snake::Direction;

// A cell of the duel board is the grid's `(column, row)`, re-exported so that the duel, the
// snake and the grid can be glob-imported together.
pub use crate::grid::Cell;

/// One of the two snakes.
///
/// # Example
///
/// ```
/// use replan::duel::Side;
/// assert_eq!(Side::First.other(), Side::Second);
/// assert_eq!(Side::Second.index(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The snake that starts in the top-left corner (row 1, column 1 in Botzone's words).
    First,
    /// The snake that starts in the bottom-right corner.
    Second,
}

impl Side {
    /// Both sides, first then second.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first snake, 1 for the second.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a position, a board or a move was refused.
///
/// # Example
///
/// ```
/// use replan::duel::{DuelBoard, DuelError};
/// assert_eq!(
///     DuelBoard::new(9, 12).unwrap_err(),
///     DuelError::BoardSize { width: 9, height: 12 }
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DuelError {
    /// Width and height must each lie in `10..=16`.
    #[error("a duel board is 10 to 16 cells each way, not {width}x{height}")]
    BoardSize {
        /// The requested width.
        width: u32,
        /// The requested height.
        height: u32,
    },
    /// A cell lies off the board.
    #[error("cell {cell:?} lies off the board")]
    OutOfBounds {
        /// The cell, `(column, row)`.
        cell: Cell,
    },
    /// An obstacle was asked for on a starting corner.
    #[error("cell {cell:?} is a starting corner and cannot be an obstacle")]
    ObstacleOnStart {
        /// The corner.
        cell: Cell,
    },
    /// The same obstacle cell was given twice.
    #[error("obstacle {cell:?} is given twice")]
    DuplicateObstacle {
        /// The repeated cell.
        cell: Cell,
    },
    /// The generator cannot place this many obstacles symmetrically: an odd count needs a
    /// centre cell (odd width and height), and the corners must stay free.
    #[error("cannot place {count} obstacles symmetrically on a {width}x{height} board")]
    ObstacleCount {
        /// The requested count.
        count: usize,
        /// The board width.
        width: u32,
        /// The board height.
        height: u32,
    },
    /// The generator found no placement that keeps the free cells connected.
    #[error("no connected map with {count} obstacles after {attempts} attempts")]
    NoConnectedMap {
        /// The requested count.
        count: usize,
        /// How many placements were tried.
        attempts: u32,
    },
    /// A snake body is empty, not a path of adjacent cells, crosses itself, the other
    /// snake or an obstacle.
    #[error("the body of the {side:?} snake is not a valid path: {reason}")]
    InvalidBody {
        /// The snake.
        side: Side,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A move was asked of a finished duel.
    #[error("the duel is over")]
    GameOver,
}

/// The duel's board: `width` × `height` cells (each 10 to 16) and the obstacles.
///
/// Both starting corners are always free. [`DuelBoard::generate`] draws symmetric,
/// connected maps; [`DuelBoard::with_obstacles`] takes any obstacle set (Botzone sends
/// its own).
///
/// # Example
///
/// ```
/// use replan::duel::DuelBoard;
/// let board = DuelBoard::with_obstacles(12, 10, [(3, 4), (8, 5)]).unwrap();
/// assert!(board.is_obstacle((3, 4)));
/// assert!(board.is_symmetric());
/// assert_eq!(board.free_cells(), 118);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelBoard {
    width: u32,
    height: u32,
    obstacles: FixedBitSet,
}

impl DuelBoard {
    /// The smallest board side the duel allows: the Botzone platform's rule, not a limit of
    /// the code (the single-player [`Board::MIN_SIDE`](crate::snake::Board::MIN_SIDE) is 2).
    ///
    /// ```
    /// assert_eq!(replan::duel::DuelBoard::MIN_SIDE, 10);
    /// ```
    pub const MIN_SIDE: u32 = 10;
    /// The largest board side the duel allows: the Botzone platform's rule, as
    /// [`MIN_SIDE`](Self::MIN_SIDE) is.
    ///
    /// ```
    /// assert_eq!(replan::duel::DuelBoard::MAX_SIDE, 16);
    /// ```
    pub const MAX_SIDE: u32 = 16;

    /// An empty board.
    ///
    /// # Errors
    ///
    /// [`DuelError::BoardSize`] unless both sides lie in `10..=16`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// assert_eq!(DuelBoard::new(12, 12).unwrap().free_cells(), 144);
    /// ```
    pub fn new(width: u32, height: u32) -> Result<DuelBoard, DuelError> {
        if !(Self::MIN_SIDE..=Self::MAX_SIDE).contains(&width)
            || !(Self::MIN_SIDE..=Self::MAX_SIDE).contains(&height)
        {
            return Err(DuelError::BoardSize { width, height });
        }
        Ok(DuelBoard {
            width,
            height,
            obstacles: FixedBitSet::with_capacity((width * height) as usize),
        })
    }

    /// A board with the given obstacle cells, which need not be symmetric.
    ///
    /// # Errors
    ///
    /// [`DuelError::BoardSize`], [`DuelError::OutOfBounds`] for an obstacle off the board,
    /// [`DuelError::ObstacleOnStart`] for one on a starting corner,
    /// [`DuelError::DuplicateObstacle`] for one given twice.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{DuelBoard, DuelError};
    /// assert_eq!(
    ///     DuelBoard::with_obstacles(10, 10, [(0, 0)]).unwrap_err(),
    ///     DuelError::ObstacleOnStart { cell: (0, 0) }
    /// );
    /// ```
    pub fn with_obstacles(
        width: u32,
        height: u32,
        obstacles: impl IntoIterator<Item = Cell>,
    ) -> Result<DuelBoard, DuelError> {
        let mut board = DuelBoard::new(width, height)?;
        for cell in obstacles {
            if !board.contains(cell) {
                return Err(DuelError::OutOfBounds { cell });
            }
            if cell == board.start(Side::First) || cell == board.start(Side::Second) {
                return Err(DuelError::ObstacleOnStart { cell });
            }
            let index = board.index(cell);
            if board.obstacles.put(index) {
                return Err(DuelError::DuplicateObstacle { cell });
            }
        }
        Ok(board)
    }

    /// Number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::duel::DuelBoard::new(11, 13).unwrap().width(), 11);
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::duel::DuelBoard::new(11, 13).unwrap().height(), 13);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, obstacles included: the bound of [`index`](DuelBoard::index).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::duel::DuelBoard::new(11, 13).unwrap().cells(), 143);
    /// ```
    pub fn cells(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// Number of cells that are not obstacles.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// assert_eq!(DuelBoard::with_obstacles(10, 10, [(5, 5)]).unwrap().free_cells(), 99);
    /// ```
    pub fn free_cells(&self) -> usize {
        self.cells() - self.obstacles.count_ones(..)
    }

    /// Whether `cell` lies on the board.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::duel::DuelBoard::new(10, 12).unwrap();
    /// assert!(board.contains((9, 11)));
    /// assert!(!board.contains((10, 0)));
    /// ```
    pub fn contains(&self, cell: Cell) -> bool {
        cell.0 < self.width && cell.1 < self.height
    }

    /// Whether `cell` is an obstacle; cells off the board are not.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// let board = DuelBoard::with_obstacles(10, 10, [(2, 3)]).unwrap();
    /// assert!(board.is_obstacle((2, 3)) && !board.is_obstacle((3, 2)));
    /// ```
    pub fn is_obstacle(&self, cell: Cell) -> bool {
        self.contains(cell) && self.obstacles.contains(self.index(cell))
    }

    /// The row-major index of `cell`, below [`cells`](DuelBoard::cells); `cell` must lie
    /// on the board.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::duel::DuelBoard::new(10, 12).unwrap();
    /// assert_eq!(board.index((3, 2)), 23);
    /// assert_eq!(board.cell(23), (3, 2));
    /// ```
    pub fn index(&self, cell: Cell) -> usize {
        (cell.1 * self.width + cell.0) as usize
    }

    /// The cell with row-major index `index`.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::duel::DuelBoard::new(10, 12).unwrap();
    /// assert_eq!(board.cell(119), (9, 11));
    /// ```
    pub fn cell(&self, index: usize) -> Cell {
        (index as u32 % self.width, index as u32 / self.width)
    }

    /// Where `side` starts: the top-left corner for [`Side::First`], the bottom-right for
    /// [`Side::Second`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{DuelBoard, Side};
    /// let board = DuelBoard::new(12, 10).unwrap();
    /// assert_eq!(board.start(Side::First), (0, 0));
    /// assert_eq!(board.start(Side::Second), (11, 9));
    /// ```
    pub fn start(&self, side: Side) -> Cell {
        match side {
            Side::First => (0, 0),
            Side::Second => (self.width - 1, self.height - 1),
        }
    }

    /// The cell's image under the half-turn about the board's centre.
    ///
    /// # Example
    ///
    /// ```
    /// let board = replan::duel::DuelBoard::new(12, 10).unwrap();
    /// assert_eq!(board.mirror((1, 2)), (10, 7));
    /// ```
    pub fn mirror(&self, cell: Cell) -> Cell {
        (self.width - 1 - cell.0, self.height - 1 - cell.1)
    }

    /// Whether the obstacles are symmetric through the centre.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// assert!(!DuelBoard::with_obstacles(10, 10, [(1, 2)]).unwrap().is_symmetric());
    /// ```
    pub fn is_symmetric(&self) -> bool {
        self.obstacles
            .ones()
            .all(|index| self.is_obstacle(self.mirror(self.cell(index))))
    }

    /// Whether every free cell can be reached from every other.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// let walled = DuelBoard::with_obstacles(10, 10, [(1, 0), (0, 1)]).unwrap();
    /// assert!(!walled.is_connected());
    /// assert!(DuelBoard::new(10, 10).unwrap().is_connected());
    /// ```
    pub fn is_connected(&self) -> bool {
        let mut seen = FixedBitSet::with_capacity(self.cells());
        let mut stack = vec![0usize];
        seen.insert(0);
        let mut reached = 1;
        while let Some(index) = stack.pop() {
            for direction in Direction::ALL {
                if let Some(next) = self.neighbour(index, direction) {
                    if !self.obstacles.contains(next) && !seen.put(next) {
                        reached += 1;
                        stack.push(next);
                    }
                }
            }
        }
        reached == self.free_cells()
    }

    /// The index of the cell one move from the cell with index `index`, or `None` off the
    /// board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::DuelBoard;
    /// use replan::snake::Direction;
    /// let board = DuelBoard::new(10, 10).unwrap();
    /// assert_eq!(board.neighbour(0, Direction::Right), Some(1));
    /// assert_eq!(board.neighbour(0, Direction::Up), None);
    /// ```
    #[inline]
    pub fn neighbour(&self, index: usize, direction: Direction) -> Option<usize> {
        let width = self.width as usize;
        match direction {
            Direction::Up => index.checked_sub(width),
            Direction::Down => Some(index + width).filter(|&next| next < self.cells()),
            Direction::Left => (index % width != 0).then(|| index - 1),
            Direction::Right => (index % width != width - 1).then(|| index + 1),
        }
    }

    pub(crate) fn obstacle_at(&self, index: usize) -> bool {
        self.obstacles.contains(index)
    }

    pub(crate) fn set_obstacle(&mut self, index: usize, value: bool) {
        self.obstacles.set(index, value);
    }
}

/// How a duel ended.
///
/// # Example
///
/// ```
/// use replan::duel::{DuelResult, Side};
/// assert_eq!(DuelResult::Won(Side::First).winner(), Some(Side::First));
/// assert_eq!(DuelResult::Draw.winner(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DuelResult {
    /// This side survived and the other died.
    Won(Side),
    /// Both snakes died on the same turn.
    Draw,
}

impl DuelResult {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            DuelResult::Won(side) => Some(side),
            DuelResult::Draw => None,
        }
    }
}

/// Why a snake died.
///
/// # Example
///
/// ```
/// use replan::duel::{DeathCause, Duel, DuelBoard, Side};
/// use replan::snake::Direction;
/// let mut duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let turn = duel.step([Direction::Up, Direction::Left]).unwrap();
/// assert_eq!(turn.deaths[Side::First.index()], Some(DeathCause::LeftBoard));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeathCause {
    /// The head left the board.
    LeftBoard,
    /// The head entered an obstacle.
    HitObstacle,
    /// The head entered a body cell (its own or the other snake's).
    HitBody,
    /// Both heads entered the same cell.
    HeadOn,
}

/// What one turn did.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelBoard};
/// use replan::snake::Direction;
/// let mut duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let turn = duel.step([Direction::Right, Direction::Left]).unwrap();
/// assert_eq!(turn.deaths, [None, None]);
/// assert!(turn.grew && turn.result.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// For each side, why it died this turn, if it did.
    pub deaths: [Option<DeathCause>; 2],
    /// Whether the snakes grew (kept their tails) this turn.
    pub grew: bool,
    /// The result if the duel ended this turn.
    pub result: Option<DuelResult>,
}

/// What [`Duel::make`] changed, so [`Duel::unmake`] can restore it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    tails: [Option<u16>; 2],
    moved: bool,
}

/// Cell contents in [`Duel`]'s occupancy table.
pub(crate) const FREE: u8 = 0;
pub(crate) const OBSTACLE: u8 = 1;
/// Body of the first snake; the second snake's is `SNAKE + 1`.
pub(crate) const SNAKE: u8 = 2;

/// A duel position: the board, both snakes, the turn number and the result once over.
///
/// Both snakes move at once with [`step`](Duel::step). On turn `t` (from 0) the snakes
/// grow when `t <= 9 || (t - 9) % 3 == 0`; on other turns both tails leave before the
/// heads move, so a head may enter a cell a tail leaves that turn. A head dies leaving the
/// board, entering an obstacle or any body cell (heads included), or meeting the other
/// head; both dying is a draw.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelBoard, DuelResult, Side};
/// use replan::snake::Direction;
///
/// let mut duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// duel.step([Direction::Down, Direction::Up]).unwrap();
/// assert_eq!(duel.head(Side::First), (0, 1));
/// assert_eq!(duel.len(Side::Second), 2);
/// // The first snake turns back into its own neck.
/// let turn = duel.step([Direction::Up, Direction::Up]).unwrap();
/// assert_eq!(turn.result, Some(DuelResult::Won(Side::Second)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    board: DuelBoard,
    /// Head first.
    bodies: [VecDeque<u16>; 2],
    occupancy: Vec<u8>,
    turn: u32,
    result: Option<DuelResult>,
}

impl Duel {
    /// The starting position on `board`: each snake of length 1 on its corner, turn 0.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// let duel = Duel::new(DuelBoard::new(10, 12).unwrap());
    /// assert_eq!(duel.head(Side::Second), (9, 11));
    /// assert_eq!(duel.turn(), 0);
    /// ```
    pub fn new(board: DuelBoard) -> Duel {
        let starts = [board.start(Side::First), board.start(Side::Second)];
        let starts = starts.map(|cell| vec![cell]);
        Duel::from_bodies(board, starts, 0).expect("the corners of a board are free and apart")
    }

    /// A position with the given bodies (head first) at turn `turn`.
    ///
    /// # Errors
    ///
    /// [`DuelError::OutOfBounds`] for a cell off the board, [`DuelError::InvalidBody`] for
    /// an empty body, one that is not a path of adjacent cells, repeats a cell, overlaps
    /// the other snake or an obstacle.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, DuelError, Side};
    /// let board = DuelBoard::new(10, 10).unwrap();
    /// let duel = Duel::from_bodies(board.clone(), [vec![(2, 0), (1, 0)], vec![(9, 9)]], 1).unwrap();
    /// assert_eq!(duel.tail(Side::First), (1, 0));
    /// let gap = Duel::from_bodies(board, [vec![(3, 0), (1, 0)], vec![(9, 9)]], 1);
    /// assert!(matches!(gap, Err(DuelError::InvalidBody { side: Side::First, .. })));
    /// ```
    pub fn from_bodies(
        board: DuelBoard,
        bodies: [Vec<Cell>; 2],
        turn: u32,
    ) -> Result<Duel, DuelError> {
        let mut occupancy: Vec<u8> = (0..board.cells())
            .map(|index| {
                if board.obstacle_at(index) {
                    OBSTACLE
                } else {
                    FREE
                }
            })
            .collect();
        let mut decks: [VecDeque<u16>; 2] = Default::default();
        for side in Side::BOTH {
            let body = &bodies[side.index()];
            if body.is_empty() {
                return Err(DuelError::InvalidBody {
                    side,
                    reason: "it has no cells",
                });
            }
            for (k, &cell) in body.iter().enumerate() {
                if !board.contains(cell) {
                    return Err(DuelError::OutOfBounds { cell });
                }
                let index = board.index(cell);
                let reason = match occupancy[index] {
                    FREE => None,
                    OBSTACLE => Some("it covers an obstacle"),
                    owner if owner == SNAKE + side.index() as u8 => Some("it crosses itself"),
                    _ => Some("it overlaps the other snake"),
                };
                if let Some(reason) = reason {
                    return Err(DuelError::InvalidBody { side, reason });
                }
                if k > 0 {
                    let previous = body[k - 1];
                    if !crate::snake::beside(previous, cell) {
                        return Err(DuelError::InvalidBody {
                            side,
                            reason: "consecutive cells are not adjacent",
                        });
                    }
                }
                occupancy[index] = SNAKE + side.index() as u8;
                decks[side.index()].push_back(index as u16);
            }
        }
        Ok(Duel {
            board,
            bodies: decks,
            occupancy,
            turn,
            result: None,
        })
    }

    /// Whether the snakes grow on turn `turn`: `turn <= 9 || (turn - 9) % 3 == 0`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::Duel;
    /// let growing: Vec<u32> = (0..20).filter(|&t| Duel::grows(t)).collect();
    /// assert_eq!(growing, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 18]);
    /// ```
    pub fn grows(turn: u32) -> bool {
        turn <= 9 || (turn - 9) % 3 == 0
    }

    /// The board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard};
    /// assert_eq!(Duel::new(DuelBoard::new(10, 11).unwrap()).board().height(), 11);
    /// ```
    pub fn board(&self) -> &DuelBoard {
        &self.board
    }

    /// The number of the next turn (turns played so far).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard};
    /// use replan::snake::Direction;
    /// let mut duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// duel.step([Direction::Right, Direction::Left]).unwrap();
    /// assert_eq!(duel.turn(), 1);
    /// ```
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The result once the duel is over.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard};
    /// assert_eq!(Duel::new(DuelBoard::new(10, 10).unwrap()).result(), None);
    /// ```
    pub fn result(&self) -> Option<DuelResult> {
        self.result
    }

    /// Whether a snake has died.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard};
    /// assert!(!Duel::new(DuelBoard::new(10, 10).unwrap()).is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The head of `side`'s snake.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// assert_eq!(Duel::new(DuelBoard::new(10, 10).unwrap()).head(Side::First), (0, 0));
    /// ```
    pub fn head(&self, side: Side) -> Cell {
        self.board.cell(self.head_index(side))
    }

    /// The tail of `side`'s snake (its head when it has length 1).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// assert_eq!(Duel::new(DuelBoard::new(10, 10).unwrap()).tail(Side::Second), (9, 9));
    /// ```
    pub fn tail(&self, side: Side) -> Cell {
        let body = &self.bodies[side.index()];
        self.board.cell(body[body.len() - 1] as usize)
    }

    /// The length of `side`'s snake.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// assert_eq!(Duel::new(DuelBoard::new(10, 10).unwrap()).len(Side::First), 1);
    /// ```
    pub fn len(&self, side: Side) -> usize {
        self.bodies[side.index()].len()
    }

    /// The cells of `side`'s snake, head first.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// use replan::snake::Direction;
    /// let mut duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// duel.step([Direction::Right, Direction::Up]).unwrap();
    /// assert_eq!(duel.body(Side::First).collect::<Vec<_>>(), [(1, 0), (0, 0)]);
    /// ```
    pub fn body(&self, side: Side) -> impl Iterator<Item = Cell> + '_ {
        self.bodies[side.index()]
            .iter()
            .map(|&index| self.board.cell(index as usize))
    }

    /// Which snake covers `cell`, if any.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// assert_eq!(duel.snake_at((9, 9)), Some(Side::Second));
    /// assert_eq!(duel.snake_at((5, 5)), None);
    /// ```
    pub fn snake_at(&self, cell: Cell) -> Option<Side> {
        if !self.board.contains(cell) {
            return None;
        }
        match self.occupancy[self.board.index(cell)] {
            owner if owner == SNAKE => Some(Side::First),
            owner if owner == SNAKE + 1 => Some(Side::Second),
            _ => None,
        }
    }

    /// Whether `side` survives `direction` whatever the other snake does, except for the
    /// two heads meeting: the head stays on the board, off obstacles and off every body
    /// cell still there after this turn's tails leave.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Side};
    /// use replan::snake::Direction;
    /// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// assert!(duel.is_safe(Side::First, Direction::Down));
    /// assert!(!duel.is_safe(Side::First, Direction::Left));
    /// ```
    pub fn is_safe(&self, side: Side, direction: Direction) -> bool {
        self.death(side, direction, Duel::grows(self.turn))
            .is_none()
    }

    /// Plays one turn: `moves[0]` for the first snake, `moves[1]` for the second.
    ///
    /// # Errors
    ///
    /// [`DuelError::GameOver`] if a snake has already died.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{DeathCause, Duel, DuelBoard, DuelResult};
    /// use replan::snake::Direction;
    ///
    /// // Two heads one apart on a row both step into the cell between them.
    /// let board = DuelBoard::new(10, 10).unwrap();
    /// let mut duel = Duel::from_bodies(board, [vec![(3, 4)], vec![(5, 4)]], 2).unwrap();
    /// let turn = duel.step([Direction::Right, Direction::Left]).unwrap();
    /// assert_eq!(turn.deaths, [Some(DeathCause::HeadOn); 2]);
    /// assert_eq!(turn.result, Some(DuelResult::Draw));
    /// ```
    pub fn step(&mut self, moves: [Direction; 2]) -> Result<Turn, DuelError> {
        if self.is_over() {
            return Err(DuelError::GameOver);
        }
        let grew = Duel::grows(self.turn);
        let deaths = self.deaths(moves, grew);
        self.make_with(moves, grew, deaths);
        Ok(Turn {
            deaths,
            grew,
            result: self.result,
        })
    }

    /// Why each side dies if the snakes play `moves` this turn.
    pub(crate) fn deaths(&self, moves: [Direction; 2], grew: bool) -> [Option<DeathCause>; 2] {
        let mut deaths = [
            self.death(Side::First, moves[0], grew),
            self.death(Side::Second, moves[1], grew),
        ];
        if deaths == [None, None] {
            let heads = Side::BOTH.map(|side| {
                self.board
                    .neighbour(self.head_index(side), moves[side.index()])
            });
            if heads[0] == heads[1] {
                deaths = [Some(DeathCause::HeadOn); 2];
            }
        }
        deaths
    }

    /// Why `side` dies moving `direction`, ignoring the other head's move.
    #[inline]
    fn death(&self, side: Side, direction: Direction, grew: bool) -> Option<DeathCause> {
        let Some(next) = self.board.neighbour(self.head_index(side), direction) else {
            return Some(DeathCause::LeftBoard);
        };
        match self.occupancy[next] {
            FREE => None,
            OBSTACLE => Some(DeathCause::HitObstacle),
            _ if !grew && self.is_tail(next) => None,
            _ => Some(DeathCause::HitBody),
        }
    }

    fn is_tail(&self, index: usize) -> bool {
        self.bodies
            .iter()
            .any(|body| body.back() == Some(&(index as u16)))
    }

    /// Plays one turn and returns what to restore; the duel must not be over.
    pub(crate) fn make(&mut self, moves: [Direction; 2]) -> Undo {
        let grew = Duel::grows(self.turn);
        let deaths = self.deaths(moves, grew);
        self.make_with(moves, grew, deaths)
    }

    fn make_with(
        &mut self,
        moves: [Direction; 2],
        grew: bool,
        deaths: [Option<DeathCause>; 2],
    ) -> Undo {
        self.turn += 1;
        let mut undo = Undo {
            tails: [None; 2],
            moved: false,
        };
        self.result = match deaths {
            [None, None] => None,
            [Some(_), Some(_)] => Some(DuelResult::Draw),
            [None, Some(_)] => Some(DuelResult::Won(Side::First)),
            [Some(_), None] => Some(DuelResult::Won(Side::Second)),
        };
        if self.result.is_some() {
            return undo;
        }
        undo.moved = true;
        if !grew {
            for side in Side::BOTH {
                let tail = self.bodies[side.index()]
                    .pop_back()
                    .expect("a snake has cells");
                self.occupancy[tail as usize] = FREE;
                undo.tails[side.index()] = Some(tail);
            }
        }
        for side in Side::BOTH {
            let head = self
                .board
                .neighbour(self.head_index(side), moves[side.index()])
                .expect("a surviving head stays on the board");
            self.bodies[side.index()].push_front(head as u16);
            self.occupancy[head] = SNAKE + side.index() as u8;
        }
        undo
    }

    /// Takes back the turn [`make`](Duel::make) played.
    pub(crate) fn unmake(&mut self, undo: Undo) {
        self.turn -= 1;
        self.result = None;
        if !undo.moved {
            return;
        }
        for side in Side::BOTH {
            let head = self.bodies[side.index()]
                .pop_front()
                .expect("a moved snake has its new head");
            self.occupancy[head as usize] = FREE;
        }
        for side in Side::BOTH {
            if let Some(tail) = undo.tails[side.index()] {
                self.bodies[side.index()].push_back(tail);
                self.occupancy[tail as usize] = SNAKE + side.index() as u8;
            }
        }
    }

    #[inline]
    pub(crate) fn head_index(&self, side: Side) -> usize {
        self.bodies[side.index()][0] as usize
    }

    /// Body cell indices of `side`, head first.
    pub(crate) fn body_indices(&self, side: Side) -> &VecDeque<u16> {
        &self.bodies[side.index()]
    }

    pub(crate) fn occupant(&self, index: usize) -> u8 {
        self.occupancy[index]
    }
}

#[cfg(test)]
mod tests {
    use chacha20::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;
    use crate::duel::generator::below;

    /// `unmake` restores every position `make` left, on random games.
    #[test]
    fn unmake_restores_the_position() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..30 {
            let board = DuelBoard::generate(12, 10, 8, &mut rng).unwrap();
            let mut duel = Duel::new(board);
            while !duel.is_over() {
                for first in Direction::ALL {
                    for second in Direction::ALL {
                        let before = duel.clone();
                        let undo = duel.make([first, second]);
                        let mut stepped = before.clone();
                        stepped.step([first, second]).unwrap();
                        assert_eq!(duel, stepped);
                        duel.unmake(undo);
                        assert_eq!(duel, before);
                    }
                }
                let safe: Vec<[Direction; 2]> = Direction::ALL
                    .into_iter()
                    .flat_map(|a| Direction::ALL.into_iter().map(move |b| [a, b]))
                    .filter(|&[a, b]| duel.is_safe(Side::First, a) && duel.is_safe(Side::Second, b))
                    .collect();
                let moves = if safe.is_empty() {
                    [Direction::Up; 2]
                } else {
                    safe[below(&mut rng, safe.len() as u32) as usize]
                };
                duel.step(moves).unwrap();
            }
        }
    }
}
