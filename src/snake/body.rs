//! The snake's body: its cells head first, the stamps that answer "is this cell covered,
//! and for how many moves" in `O(1)`, and the undo that lets a search step the snake
//! forward and take the steps back.

use std::collections::VecDeque;

use super::Cell;
use crate::ReservationTable;

/// The snake: its cells, head first.
///
/// Besides the deque of cells, the snake stamps each cell of its board with the step at
/// which the head entered it. The body is always the last `length` cells the head
/// entered, so a cell is covered exactly when its stamp is among the last `length`, and
/// the stamp also says how many moves the cell stays covered:
/// [`occupied`](Snake::occupied) and [`moves_until_free`](Snake::moves_until_free) are
/// `O(1)`, which graph views and agents ask for every cell they look at.
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig};
/// let config = GameConfig::new(5, 5)?.with_start(vec![(2, 2), (2, 3), (2, 4)]);
/// let game = Game::new(&config)?;
/// let snake = game.snake();
/// assert_eq!((snake.head(), snake.tail(), snake.len()), ((2, 2), (2, 4), 3));
/// assert!(snake.contains((2, 3)) && !snake.contains((1, 1)));
/// assert_eq!(snake.body().collect::<Vec<_>>(), [(2, 2), (2, 3), (2, 4)]);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct Snake {
    body: VecDeque<Cell>,
    /// Per cell (row-major), the stamp of the step at which the head entered it; `0` for
    /// never. The body holds stamps `head_stamp - len + 1 ..= head_stamp`.
    stamps: Vec<u64>,
    head_stamp: u64,
    width: u32,
    height: u32,
}

impl Clone for Snake {
    fn clone(&self) -> Self {
        Snake {
            body: self.body.clone(),
            stamps: self.stamps.clone(),
            head_stamp: self.head_stamp,
            width: self.width,
            height: self.height,
        }
    }

    /// Reuses this snake's memory: the agents copy the game's snake into a look-ahead
    /// snake at most moves, and the derived form would allocate both buffers each time.
    fn clone_from(&mut self, source: &Self) {
        self.body.clone_from(&source.body);
        self.stamps.clone_from(&source.stamps);
        self.head_stamp = source.head_stamp;
        self.width = source.width;
        self.height = source.height;
    }
}

impl Snake {
    /// A snake on a `width × height` board with the given cells, head first. The cells are
    /// not checked (a [`Game`](super::Game) checks them through [`GameConfig::start_cells`](super::GameConfig::start_cells)); they must
    /// lie on the board, be distinct and each be a neighbour of the next.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert!(snake.occupied((1, 2)) && !snake.occupied((0, 0)));
    /// ```
    pub fn new(width: u32, height: u32, cells: &[Cell]) -> Snake {
        let mut stamps = vec![0; width as usize * height as usize];
        let length = cells.len() as u64;
        for (i, &(x, y)) in cells.iter().enumerate() {
            stamps[y as usize * width as usize + x as usize] = length - i as u64;
        }
        Snake {
            body: cells.iter().copied().collect(),
            stamps,
            head_stamp: length,
            width,
            height,
        }
    }

    /// Moves the head to `next` and, unless `grow`, the tail along, without checking any
    /// rule: for an agent's look-ahead on its own copy of the snake (reuse one with
    /// [`Clone::clone_from`], which keeps its memory). `next` must be on the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let mut snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// snake.advance((2, 1), false);
    /// assert_eq!((snake.head(), snake.tail(), snake.len()), ((2, 1), (1, 1), 2));
    /// snake.advance((3, 1), true);
    /// assert_eq!((snake.tail(), snake.len()), ((1, 1), 3));
    /// ```
    #[inline]
    pub fn advance(&mut self, next: Cell, grow: bool) {
        if !grow {
            self.body.pop_back();
        }
        self.head_stamp += 1;
        let index = self.index(next);
        self.stamps[index] = self.head_stamp;
        self.body.push_front(next);
    }

    /// [`advance`](Snake::advance), returning what [`retreat`](Snake::retreat) needs to
    /// take the move back: a look-ahead that searches many move sequences walks one snake
    /// down and back up its tree instead of copying it at every node.
    #[inline]
    pub(crate) fn advance_undoable(&mut self, next: Cell, grow: bool) -> Retreat {
        let retreat = Retreat {
            stamp: self.stamps[self.index(next)],
            tail: (!grow).then(|| self.tail()),
        };
        self.advance(next, grow);
        retreat
    }

    /// Takes back the last [`advance_undoable`](Snake::advance_undoable), which returned
    /// `retreat`: the head leaves, its cell gets its old stamp back (the tail's, if the
    /// head had entered it), and a tail that moved comes back.
    #[inline]
    pub(crate) fn retreat(&mut self, retreat: Retreat) {
        let head = self.body.pop_front().expect("a snake always has a head");
        let index = self.index(head);
        self.stamps[index] = retreat.stamp;
        self.head_stamp -= 1;
        if let Some(tail) = retreat.tail {
            self.body.push_back(tail);
        }
    }

    #[inline(always)]
    fn index(&self, (x, y): Cell) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// Whether the snake covers `cell`, in `O(1)`; `false` off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert!(snake.occupied((1, 1)) && !snake.occupied((9, 9)));
    /// ```
    #[inline]
    pub fn occupied(&self, (x, y): Cell) -> bool {
        x < self.width && y < self.height && self.occupied_index(self.index((x, y)))
    }

    /// [`occupied`](Snake::occupied) by the cell's row-major index ([`Board::index`](super::Board::index)).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1)]);
    /// assert!(snake.occupied_index(5));
    /// ```
    #[inline(always)]
    pub fn occupied_index(&self, index: usize) -> bool {
        self.stamps[index] + self.body.len() as u64 > self.head_stamp
    }

    /// How many moves from now `cell` stays covered, if nothing is eaten: `0` for a cell
    /// the snake does not cover (or off the board), `1` for the tail (the head may enter
    /// it on the next move, as the tail leaves), up to the length for the head. A path may
    /// enter the cell on its `t`-th move exactly when `t >=` this.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2), (1, 3)]);
    /// assert_eq!(snake.moves_until_free((1, 3)), 1);
    /// assert_eq!(snake.moves_until_free((1, 1)), 3);
    /// assert_eq!(snake.moves_until_free((0, 0)), 0);
    /// ```
    #[inline]
    pub fn moves_until_free(&self, (x, y): Cell) -> u32 {
        if x < self.width && y < self.height {
            self.moves_until_free_index(self.index((x, y)))
        } else {
            0
        }
    }

    /// [`moves_until_free`](Snake::moves_until_free) by row-major index.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::Snake;
    /// let snake = Snake::new(4, 4, &[(1, 1), (1, 2)]);
    /// assert_eq!(snake.moves_until_free_index(5), 2);
    /// ```
    #[inline(always)]
    pub fn moves_until_free_index(&self, index: usize) -> u32 {
        // The tail's stamp is `head_stamp - len + 1` and frees after one move.
        let tail_stamp = self.head_stamp + 1 - self.body.len() as u64;
        let stamp = self.stamps[index];
        if stamp >= tail_stamp {
            (stamp - tail_stamp + 1) as u32
        } else {
            0
        }
    }

    /// The cell of the head.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().head(), (1, 1));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn head(&self) -> Cell {
        self.body[0]
    }

    /// The cell of the tail (the head itself for a snake of length 1).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().tail(), (0, 1));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn tail(&self) -> Cell {
        self.body[self.body.len() - 1]
    }

    /// The number of cells.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start_length(5))?;
    /// assert_eq!(game.snake().len(), 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)] // a snake always has a head
    pub fn len(&self) -> usize {
        self.body.len()
    }

    /// The cells, head first.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().body().last(), Some((0, 1)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn body(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + '_ {
        self.body.iter().copied()
    }

    /// The cell `i` places behind the head (`0` is the head).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert_eq!(game.snake().segment(1), Some((0, 1)));
    /// assert_eq!(game.snake().segment(2), None);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn segment(&self, i: usize) -> Option<Cell> {
        self.body.get(i).copied()
    }

    /// Whether the snake covers `cell`; the same as [`occupied`](Snake::occupied).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::{Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (0, 1)]))?;
    /// assert!(game.snake().contains((0, 1)));
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.occupied(cell)
    }
}

/// What [`Snake::retreat`] needs to take back one move: the entered cell's old stamp and
/// the cell the tail left, if it moved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Retreat {
    stamp: u64,
    tail: Option<Cell>,
}

/// The body as space-time reservations: a body cell `k` moves from the tail (the tail is
/// 0) is reserved until move `k + 1`, which is when [`moves_until_free`] says it is free,
/// and the reservation never comes back. With it, [`SpaceTimeAStar`] over the board's
/// grid ([`Board::to_grid`](super::Board::to_grid)) searches the time-expanded graph of
/// [`TimedView`](super::TimedView) and finds the same earliest arrival.
///
/// Rule: a snake never waits, so [`can_move`](ReservationTable::can_move) refuses every
/// wait and admits a step into a cell free on arrival; reservations only end, so a cell
/// free at a time is free for good ([`can_stay`](ReservationTable::can_stay) is
/// [`is_free`](ReservationTable::is_free)) and the goal counts as reached on arrival.
/// Like the view, the table does not know the body the walk itself lays. Every answer
/// costs `O(1)`, from the stamps; nothing is built.
///
/// [`moves_until_free`]: Snake::moves_until_free
/// [`SpaceTimeAStar`]: crate::SpaceTimeAStar
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig};
/// use replan::SpaceTimeAStar;
///
/// // A straight snake along the top row, head at (4, 0); the goal is its neck, (3, 0),
/// // which the body leaves after 4 moves.
/// let config = GameConfig::new(5, 3)?.with_start(vec![(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]);
/// let game = Game::new(&config)?;
/// let manhattan = |a: (u32, u32), b: (u32, u32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
/// let mut planner = SpaceTimeAStar::new(manhattan);
/// let walk = planner.plan(&game.board().to_grid(), game.snake(), (4, 0), (3, 0), 0)?;
/// // Down, left, up would arrive at move 3, too early; the walk goes further round.
/// assert_eq!(walk.arrival_time(), 5);
/// assert!(walk.nodes.windows(2).all(|step| step[0] != step[1])); // never a wait
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ReservationTable<Cell> for Snake {
    #[inline]
    fn is_free(&self, node: Cell, time: u32) -> bool {
        time >= self.moves_until_free(node)
    }

    #[inline]
    fn can_move(&self, from: Cell, to: Cell, time: u32) -> bool {
        from != to && time + 1 >= self.moves_until_free(to)
    }

    #[inline]
    fn can_stay(&self, node: Cell, time: u32) -> bool {
        self.is_free(node, time)
    }

    /// The length: after that many moves the whole body has moved away.
    fn latest_time(&self) -> u32 {
        self.body.len() as u32
    }
}

impl PartialEq for Snake {
    /// Snakes are equal when they cover the same cells in the same order, whatever their
    /// history.
    fn eq(&self, other: &Snake) -> bool {
        self.body == other.body
    }
}

impl Eq for Snake {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell's cover and release time, to compare two snakes by their stamps too.
    fn covers(snake: &Snake, width: u32, height: u32) -> Vec<(bool, u32)> {
        let mut cells = Vec::new();
        for y in 0..height {
            for x in 0..width {
                cells.push((snake.occupied((x, y)), snake.moves_until_free((x, y))));
            }
        }
        cells
    }

    #[test]
    fn retreat_takes_back_moves_that_grow_enter_the_tail_or_leave_it() {
        // A closed loop on a 3×3 board, its head beside its tail at (0, 1).
        let start = [
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
        ];
        let mut snake = Snake::new(3, 3, &start[1..]);
        snake.advance((0, 0), true);
        let before = (snake.clone(), covers(&snake, 3, 3));
        let mut retreats = Vec::new();
        // Into the tail, into the middle cell (free), then growing into the new tail's
        // cell: each overwrites a different stamp.
        for (next, grow) in [((0, 1), false), ((1, 1), false), ((1, 2), true)] {
            retreats.push(snake.advance_undoable(next, grow));
        }
        assert_eq!(snake.len(), start.len() + 1);
        assert_ne!(covers(&snake, 3, 3), before.1);
        while let Some(retreat) = retreats.pop() {
            snake.retreat(retreat);
        }
        assert_eq!(snake, before.0);
        assert_eq!(covers(&snake, 3, 3), before.1);
    }
}
