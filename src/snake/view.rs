//! Graph views of a Snake position, for the planners to search unchanged.
//!
//! Each view borrows a board and a snake and answers [`Graph`], [`ReverseGraph`] and
//! [`IndexedGraph`] (dense ids, row-major by [`Board::index`]) from the snake's stamps
//! ([`Snake::moves_until_free`]) in `O(1)` per edge, with nothing built per position. They
//! differ in which body cells a path may enter:
//!
//! | view | may enter | models |
//! |---|---|---|
//! | [`PlainView`] | free cells | the body as walls |
//! | [`TailView`] | free cells and the tail | the tail moving away as the head moves (the "virtual tail" of chuyangliu/snake's greedy solver) |
//! | [`TimedView`] | a body cell `k` moves from the tail once more than `k` moves were made | the whole body moving away, move by move |
//!
//! All three assume the snake does not eat on the way: eating keeps the tail where it is
//! for a step, so only a path's last cell may be the food.
//!
//! In every view the head is the only body cell (the tail aside) that may start a path and
//! no edge enters it; edges leave only cells a path can stand on, so a backward search
//! ([`BidirectionalBfs`](crate::BidirectionalBfs), [`DStarLite`](crate::DStarLite)) never
//! wanders through the body. Every edge costs 1.
//!
//! # Example
//!
//! ```
//! use replan::snake::{Game, GameConfig, PlainView, TailView, TimedCell, TimedView};
//! use replan::{Bfs, Planner};
//!
//! // A snake curled in the top-left corner, its head at (0, 1) facing its tail at (0, 2).
//! let config = GameConfig::new(4, 4)?.with_start(vec![(0, 1), (0, 0), (1, 0), (1, 1), (1, 2), (0, 2)]);
//! let game = Game::new(&config)?;
//! let mut bfs = Bfs::new();
//! // Plain: the tail blocks the way down, the body the way right: no way out.
//! assert!(bfs.plan(&PlainView::new(&game), (0, 1), (0, 3)).is_err());
//! // Virtual tail: through the tail's cell, which it leaves as the head arrives.
//! assert_eq!(Bfs::new().plan(&TailView::new(&game), (0, 1), (0, 3)).unwrap().len(), 2);
//! // Time-aware: through the tail's cell, then (1, 2), which the body leaves after two
//! // moves, just in time.
//! let timed = TimedView::towards(&game, (2, 1));
//! let path = Bfs::new().plan(&timed, timed.start(), timed.goal_node().unwrap()).unwrap();
//! assert_eq!(path.len(), 4);
//! assert_eq!(path.nodes[2].cell, (1, 2));
//! # Ok::<(), replan::snake::SnakeError>(())
//! ```

use std::marker::PhantomData;

use super::{Board, Cell, Game, Snake};
use crate::{DenseIds, Graph, Heuristic, IndexedGraph, InvalidNode, ReverseGraph};

/// Which body cells a [`CellView`] lets a path enter.
///
/// Implemented by [`BodyBlocks`] ([`PlainView`]) and [`TailPasses`] ([`TailView`]).
///
/// # Example
///
/// ```
/// use replan::snake::{BodyBlocks, Passability, Snake, TailPasses};
/// let snake = Snake::new(4, 4, &[(0, 0), (1, 0)]);
/// assert!(!BodyBlocks::enterable(&snake, 1)); // the tail, (1, 0)
/// assert!(TailPasses::enterable(&snake, 1));
/// assert!(!TailPasses::enterable(&snake, 0)); // the head
/// ```
pub trait Passability {
    /// Whether a path may enter the (non-wall) cell with row-major index `index`.
    fn enterable(snake: &Snake, index: usize) -> bool;
}

/// The body blocks every path: [`PlainView`].
///
/// # Example
///
/// ```
/// use replan::snake::{BodyBlocks, Passability, Snake};
/// assert!(BodyBlocks::enterable(&Snake::new(2, 2, &[(0, 0)]), 3));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BodyBlocks;

impl Passability for BodyBlocks {
    #[inline(always)]
    fn enterable(snake: &Snake, index: usize) -> bool {
        !snake.occupied_index(index)
    }
}

/// The tail may be entered, as it leaves: [`TailView`].
///
/// # Example
///
/// ```
/// use replan::snake::{Passability, Snake, TailPasses};
/// assert!(TailPasses::enterable(&Snake::new(2, 2, &[(0, 0), (1, 0)]), 1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TailPasses;

impl Passability for TailPasses {
    #[inline(always)]
    fn enterable(snake: &Snake, index: usize) -> bool {
        snake.moves_until_free_index(index) <= 1
    }
}

/// A view whose nodes are the board's cells, with the body cells a path may enter chosen
/// by `P`. Use it through [`PlainView`] and [`TailView`].
///
/// # Example
///
/// ```
/// use replan::snake::{CellView, Game, GameConfig, TailPasses};
/// use replan::IndexedGraph;
/// let game = Game::new(&GameConfig::new(5, 4)?)?;
/// let view: CellView<&Game, TailPasses> = CellView::new(&game);
/// assert_eq!(view.node_bound(), 20);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct CellView<S, P> {
    position: S,
    rule: PhantomData<P>,
}

impl<S: Clone, P> Clone for CellView<S, P> {
    fn clone(&self) -> Self {
        CellView {
            position: self.position.clone(),
            rule: PhantomData,
        }
    }
}

impl<S: Copy, P> Copy for CellView<S, P> {}

/// A Snake position a view reads: a board and a snake on it.
///
/// Implemented by [`Game`], by a pair `(&Board, &Snake)` (an agent's look-ahead snake), by
/// [`Snapshot`] (an owned copy) and by references to any of them. A view over an owned
/// [`Snapshot`] has no lifetime, so an agent can keep it next to a planner typed for it
/// and refresh it every move without allocating.
///
/// # Example
///
/// ```
/// use replan::snake::{Board, Position, Snake};
/// let board = Board::new(4, 4)?;
/// let snake = Snake::new(4, 4, &[(1, 1)]);
/// assert_eq!((&board, &snake).snake().head(), (1, 1));
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub trait Position {
    /// The board.
    fn board(&self) -> &Board;
    /// The snake.
    fn snake(&self) -> &Snake;
}

impl Position for Game {
    #[inline(always)]
    fn board(&self) -> &Board {
        Game::board(self)
    }
    #[inline(always)]
    fn snake(&self) -> &Snake {
        Game::snake(self)
    }
}

impl Position for (&Board, &Snake) {
    #[inline(always)]
    fn board(&self) -> &Board {
        self.0
    }
    #[inline(always)]
    fn snake(&self) -> &Snake {
        self.1
    }
}

impl<T: Position + ?Sized> Position for &T {
    #[inline(always)]
    fn board(&self) -> &Board {
        (**self).board()
    }
    #[inline(always)]
    fn snake(&self) -> &Snake {
        (**self).snake()
    }
}

/// An owned copy of a position, refreshed in place with [`copy_from`](Snapshot::copy_from).
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig, Snapshot, TailView};
/// use replan::{BidirectionalBfs, Planner};
///
/// let game = Game::new(&GameConfig::new(6, 6)?)?;
/// // An agent keeps both and reuses them every move.
/// let mut view = TailView::new(Snapshot::of(&game));
/// let mut planner = BidirectionalBfs::new();
/// view.position_mut().copy_from(&game);
/// let food = game.food().unwrap();
/// assert!(planner.plan(&view, game.snake().head(), food).is_ok());
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The board.
    pub board: Board,
    /// The snake.
    pub snake: Snake,
}

impl Snapshot {
    /// A copy of `position`.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?)?;
    /// assert_eq!(Snapshot::of(&game).snake, *game.snake());
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn of(position: &impl Position) -> Snapshot {
        Snapshot {
            board: position.board().clone(),
            snake: position.snake().clone(),
        }
    }

    /// Makes this a copy of `position`, reusing its memory when the board size is the
    /// same.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let mut game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1)]))?;
    /// let mut snapshot = Snapshot::of(&game);
    /// game.step(Direction::Down);
    /// snapshot.copy_from(&game);
    /// assert_eq!(snapshot.snake.head(), (1, 2));
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn copy_from(&mut self, position: &impl Position) {
        self.board.clone_from(position.board());
        self.snake.clone_from(position.snake());
    }
}

impl Position for Snapshot {
    #[inline(always)]
    fn board(&self) -> &Board {
        &self.board
    }
    #[inline(always)]
    fn snake(&self) -> &Snake {
        &self.snake
    }
}

/// The body as walls: a path may enter only cells the snake does not cover.
///
/// The head may start a path. Use it to ask what the snake can reach if its body stayed
/// where it is.
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig, PlainView};
/// use replan::BfsReach;
/// let game = Game::new(&GameConfig::new(5, 5)?.with_start(vec![(2, 2), (2, 3)]))?;
/// let view = PlainView::new(&game);
/// let mut reach = BfsReach::new();
/// // Every cell but the body's two, plus the head the search starts from.
/// assert_eq!(reach.run(&view, (2, 2)).unwrap().reached(), 24);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub type PlainView<S> = CellView<S, BodyBlocks>;

/// The tail is passable: it moves away as the head moves, so the head may follow it.
///
/// Chuyang Liu's greedy solver (github.com/chuyangliu/snake, `snake/solver/greedy.py` and
/// `snake/solver/path.py`) plans on this view, and so do the agents here.
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig, TailView};
/// use replan::{BidirectionalBfs, Planner};
/// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (1, 2), (0, 2), (0, 1)]))?;
/// let view = TailView::new(&game);
/// let path = BidirectionalBfs::new().plan(&view, (1, 1), (0, 1)).unwrap();
/// assert_eq!(path.nodes, [(1, 1), (0, 1)]);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub type TailView<S> = CellView<S, TailPasses>;

impl<S: Position, P: Passability> CellView<S, P> {
    /// The view of `position`: a [`Game`] (by reference or owned), a `(&Board, &Snake)`
    /// pair or a [`Snapshot`].
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?)?;
    /// let view = PlainView::new(&game);
    /// assert_eq!(view.snake().len(), 3);
    /// let board = Board::new(4, 4)?;
    /// let snake = Snake::new(4, 4, &[(0, 0), (1, 0)]);
    /// let look_ahead = TailView::new((&board, &snake));
    /// assert_eq!(look_ahead.snake().head(), (0, 0));
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn new(position: S) -> Self {
        CellView {
            position,
            rule: PhantomData,
        }
    }

    /// The position the view reads.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(2, 2)]))?;
    /// assert_eq!(TailView::new(&game).position().steps(), 0);
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn position(&self) -> &S {
        &self.position
    }

    /// The position, to refresh it in place (a [`Snapshot`] an agent keeps).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?)?;
    /// let mut view = TailView::new(Snapshot::of(&game));
    /// view.position_mut().copy_from(&game);
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn position_mut(&mut self) -> &mut S {
        &mut self.position
    }

    /// The snake the view reads.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(2, 2)]))?;
    /// assert_eq!(TailView::new(&game).snake().head(), (2, 2));
    /// # Ok::<(), SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn snake(&self) -> &Snake {
        self.position.snake()
    }

    /// The board the view reads.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 3)?)?;
    /// assert_eq!(TailView::new(&game).board().height(), 3);
    /// # Ok::<(), SnakeError>(())
    /// ```
    #[inline(always)]
    pub fn board(&self) -> &Board {
        self.position.board()
    }

    /// Whether a path may enter `cell`: on the board, not a wall, and passable for `P`.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(0, 0), (1, 0)]))?;
    /// assert!(TailView::new(&game).enterable((1, 0)));
    /// assert!(!PlainView::new(&game).enterable((1, 0)));
    /// # Ok::<(), SnakeError>(())
    /// ```
    #[inline]
    pub fn enterable(&self, cell: Cell) -> bool {
        self.board().is_free(cell) && P::enterable(self.snake(), self.board().index(cell))
    }

    /// Whether a path may stand on the cell: enter it, or start on it (the head).
    #[inline(always)]
    fn live(&self, cell: Cell, index: usize) -> bool {
        P::enterable(self.snake(), index) || cell == self.snake().head()
    }
}

impl<S: Position, P: Passability> Graph for CellView<S, P> {
    type Node = Cell;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, u32)) {
        if self.board().contains(cell) {
            self.indexed_successors(cell, self.board().index(cell), |next, _, cost| {
                visit(next, cost)
            });
        }
    }

    /// Refuses cells off the board, walls, and body cells a path can neither enter nor
    /// start on.
    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if !self.board().contains(cell) {
            Err(InvalidNode::OutOfBounds)
        } else if self.board().is_wall(cell) || !self.live(cell, self.board().index(cell)) {
            Err(InvalidNode::Blocked)
        } else {
            Ok(())
        }
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl<S: Position, P: Passability> ReverseGraph for CellView<S, P> {
    /// The cells a path can stand on beside an enterable `cell`. (The default
    /// [`IndexedGraph::indexed_predecessors`] recomputes each index, which is one
    /// multiply-add.)
    #[inline]
    fn predecessors(&self, cell: Cell, mut visit: impl FnMut(Cell, u32)) {
        if !self.board().contains(cell) {
            return;
        }
        let index = self.board().index(cell);
        if self.board().is_wall_index(index) || !P::enterable(self.snake(), index) {
            return;
        }
        let width = self.board().width() as usize;
        for_each_neighbour(
            self.board(),
            cell,
            index,
            width,
            |previous, previous_index| {
                if self.live(previous, previous_index) {
                    visit(previous, 1);
                }
            },
        );
    }
}

impl<S: Position, P: Passability> IndexedGraph for CellView<S, P> {
    fn node_bound(&self) -> usize {
        self.board().cells()
    }

    #[inline(always)]
    fn index(&self, cell: Cell) -> usize {
        self.board().index(cell)
    }

    #[inline(always)]
    fn node(&self, index: usize) -> Cell {
        self.board().cell(index)
    }

    #[inline]
    fn indexed_successors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, u32),
    ) {
        if self.board().is_wall_index(index) || !self.live(cell, index) {
            return;
        }
        let width = self.board().width() as usize;
        for_each_neighbour(self.board(), cell, index, width, |next, next_index| {
            if P::enterable(self.snake(), next_index) {
                visit(next, next_index, 1);
            }
        });
    }
}

/// Calls `visit(neighbour, its index)` for the board neighbours of `cell` that are not
/// walls, in [`Direction::ALL`](super::Direction::ALL) order.
#[inline(always)]
fn for_each_neighbour(
    board: &Board,
    (x, y): Cell,
    index: usize,
    width: usize,
    mut visit: impl FnMut(Cell, usize),
) {
    if y > 0 && !board.is_wall_index(index - width) {
        visit((x, y - 1), index - width);
    }
    if x + 1 < board.width() && !board.is_wall_index(index + 1) {
        visit((x + 1, y), index + 1);
    }
    if y + 1 < board.height() && !board.is_wall_index(index + width) {
        visit((x, y + 1), index + width);
    }
    if x > 0 && !board.is_wall_index(index - 1) {
        visit((x - 1, y), index - 1);
    }
}

/// A node of [`TimedView`]: a cell and the number of moves made to reach it, capped at the
/// snake's length (after that many moves the whole body has moved away).
///
/// # Example
///
/// ```
/// use replan::snake::TimedCell;
/// let node = TimedCell { cell: (3, 1), time: 2 };
/// assert_eq!(node.cell, (3, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimedCell {
    /// The cell.
    pub cell: Cell,
    /// Moves made to reach it, capped at the snake's length.
    pub time: u32,
}

/// The body moving away move by move: a body cell `k` moves from the tail (the tail is 0)
/// is free for a path that reaches it after more than `k` moves.
///
/// A node is a [`TimedCell`]: the cell and its arrival time, capped at the snake's length
/// `L` (every body cell is free after `L` moves), so the graph has `cells × (L + 1)`
/// nodes. A path from [`start`](TimedView::start), `(head, 0)`, never enters a body cell
/// before the body has left it. The view does not know where the path itself has been:
/// a path that loops back within `L` moves may run into the snake's new body, which only
/// replaying it on the game can tell.
///
/// A goal cell has no known arrival time. [`TimedView::towards`] makes every arrival at the
/// goal cell one node, `(goal, L)` ([`goal_node`](TimedView::goal_node)), with no edges
/// out, so a point-to-point planner can aim at it.
///
/// This is the idea of time-expanded (space-time) search, as in Silver, "Cooperative
/// Pathfinding", AIIDE 2005, with the reservation table read off the snake's own body.
/// The [`Snake`] is that table ([`ReservationTable`](crate::ReservationTable)): for one
/// earliest arrival, [`SpaceTimeAStar`](crate::SpaceTimeAStar) over
/// [`Board::to_grid`] with the snake as its table searches this same graph; the view is
/// for the other planners (breadth-first, bidirectional, D* Lite).
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig, TimedView};
/// use replan::{Bfs, Planner};
///
/// // A straight snake along the top row, head at the right; the goal is its tail's cell.
/// let config = GameConfig::new(5, 3)?.with_start(vec![(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]);
/// let game = Game::new(&config)?;
/// let view = TimedView::towards(&game, (1, 0));
/// let path = Bfs::new().plan(&view, view.start(), view.goal_node().unwrap()).unwrap();
/// // (1, 0) is 1 move from the tail: free from move 2. The head needs 4 moves to get
/// // there anyway (down, left, left, left, up is 5).
/// assert_eq!(path.len(), 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TimedView<'a> {
    board: &'a Board,
    snake: &'a Snake,
    cap: u32,
    goal: Option<Cell>,
}

impl<'a> TimedView<'a> {
    /// The view of `game`'s position, with no goal cell.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?)?;
    /// let view = TimedView::new(&game);
    /// assert_eq!(view.start().time, 0);
    /// assert_eq!(view.goal_node(), None);
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn new(game: &'a Game) -> Self {
        TimedView::of(game.board(), game.snake(), None)
    }

    /// The view of `game`'s position aiming at `goal`: every arrival there is the node
    /// [`goal_node`](TimedView::goal_node).
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?)?;
    /// let view = TimedView::towards(&game, (3, 3));
    /// assert_eq!(view.goal_node(), Some(TimedCell { cell: (3, 3), time: 3 }));
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn towards(game: &'a Game, goal: Cell) -> Self {
        TimedView::of(game.board(), game.snake(), Some(goal))
    }

    /// The view of `snake` on `board`, with an optional goal cell.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let board = Board::new(4, 4)?;
    /// let snake = Snake::new(4, 4, &[(0, 0), (1, 0)]);
    /// let view = TimedView::of(&board, &snake, None);
    /// assert_eq!(view.start(), TimedCell { cell: (0, 0), time: 0 });
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn of(board: &'a Board, snake: &'a Snake, goal: Option<Cell>) -> Self {
        TimedView {
            board,
            snake,
            cap: snake.len() as u32,
            goal,
        }
    }

    /// The node a search starts from: the head at time 0.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1)]))?;
    /// assert_eq!(TimedView::new(&game).start().cell, (1, 1));
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn start(&self) -> TimedCell {
        TimedCell {
            cell: self.snake.head(),
            time: 0,
        }
    }

    /// The node every arrival at the goal cell becomes, if there is a goal.
    ///
    /// # Example
    ///
    /// ```
    /// # use replan::snake::*;
    /// let game = Game::new(&GameConfig::new(4, 4)?.with_start(vec![(1, 1), (1, 2)]))?;
    /// assert_eq!(TimedView::towards(&game, (0, 0)).goal_node().unwrap().time, 2);
    /// # Ok::<(), SnakeError>(())
    /// ```
    pub fn goal_node(&self) -> Option<TimedCell> {
        self.goal.map(|cell| TimedCell {
            cell,
            time: self.cap,
        })
    }

    /// Whether the node is one the view has: on the board, not a wall, time at most the
    /// cap, and the goal cell only at the cap.
    #[inline(always)]
    fn valid(&self, node: TimedCell) -> bool {
        self.board.is_free(node.cell)
            && node.time <= self.cap
            && (Some(node.cell) != self.goal || node.time == self.cap)
    }

    /// Whether a path can stand on the node: the start, or a cell entered no earlier than
    /// it is free.
    #[inline(always)]
    fn live(&self, node: TimedCell, index: usize) -> bool {
        if node.time == 0 {
            node.cell == self.snake.head()
        } else {
            node.time >= self.snake.moves_until_free_index(index)
        }
    }

    #[inline(always)]
    fn arrival(&self, cell: Cell, time: u32) -> TimedCell {
        let time = if Some(cell) == self.goal {
            self.cap
        } else {
            (time + 1).min(self.cap)
        };
        TimedCell { cell, time }
    }
}

impl Graph for TimedView<'_> {
    type Node = TimedCell;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, node: TimedCell, mut visit: impl FnMut(TimedCell, u32)) {
        if !self.valid(node) {
            return;
        }
        let index = self.board.index(node.cell);
        if !self.live(node, index) || Some(node.cell) == self.goal {
            return;
        }
        let width = self.board.width() as usize;
        for_each_neighbour(self.board, node.cell, index, width, |next, next_index| {
            // Entering on move `time + 1`; the cap never hides a wait: every
            // `moves_until_free` is at most the cap.
            if node.time + 1 >= self.snake.moves_until_free_index(next_index) {
                visit(self.arrival(next, node.time), 1);
            }
        });
    }

    /// Refuses nodes off the board, on walls, past the cap, the goal cell before the cap,
    /// and nodes no path can stand on.
    fn check_node(&self, node: TimedCell) -> Result<(), InvalidNode> {
        if !self.board.contains(node.cell) {
            return Err(InvalidNode::OutOfBounds);
        }
        if !self.valid(node) {
            return Err(InvalidNode::Other(format!(
                "{node:?} is a wall, past the time cap {} or an early arrival at the goal",
                self.cap
            )));
        }
        if !self.live(node, self.board.index(node.cell)) {
            return Err(InvalidNode::Blocked);
        }
        Ok(())
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl ReverseGraph for TimedView<'_> {
    fn predecessors(&self, node: TimedCell, mut visit: impl FnMut(TimedCell, u32)) {
        if !self.valid(node) || node.time == 0 {
            return;
        }
        let index = self.board.index(node.cell);
        if !self.live(node, index) {
            return;
        }
        let free_at = self.snake.moves_until_free_index(index);
        // The times a predecessor can have: any (the goal collapses them), or one less,
        // or at the cap also the cap itself.
        let (low, high) = if Some(node.cell) == self.goal {
            (free_at.saturating_sub(1), self.cap)
        } else if node.time < self.cap {
            (node.time - 1, node.time - 1)
        } else {
            (self.cap - 1, self.cap)
        };
        let width = self.board.width() as usize;
        for_each_neighbour(
            self.board,
            node.cell,
            index,
            width,
            |previous, previous_index| {
                if Some(previous) == self.goal {
                    return;
                }
                for time in low..=high {
                    let from = TimedCell {
                        cell: previous,
                        time,
                    };
                    if self.live(from, previous_index) {
                        visit(from, 1);
                    }
                }
            },
        );
    }
}

impl IndexedGraph for TimedView<'_> {
    fn node_bound(&self) -> usize {
        self.board.cells() * (self.cap as usize + 1)
    }

    #[inline(always)]
    fn index(&self, node: TimedCell) -> usize {
        self.board.index(node.cell) * (self.cap as usize + 1) + node.time as usize
    }

    #[inline(always)]
    fn node(&self, index: usize) -> TimedCell {
        let slots = self.cap as usize + 1;
        TimedCell {
            cell: self.board.cell(index / slots),
            time: (index % slots) as u32,
        }
    }
}

/// The Manhattan distance between two cells (or the cells of two [`TimedCell`]s): the
/// fewest moves between them on an open board, so an admissible and consistent heuristic
/// for [`AStar`](crate::AStar) and [`DStarLite`](crate::DStarLite) on every view.
///
/// # Example
///
/// ```
/// use replan::snake::{Game, GameConfig, StepDistance, TailView};
/// use replan::{AStar, Heuristic, Planner};
/// let estimate: u32 = StepDistance.estimate((0_u32, 0_u32), (3, 4));
/// assert_eq!(estimate, 7);
/// let game = Game::new(&GameConfig::new(6, 6)?.with_start(vec![(0, 0)]))?;
/// let path = AStar::new(StepDistance).plan(&TailView::new(&game), (0, 0), (5, 5)).unwrap();
/// assert_eq!(path.cost, 10);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StepDistance;

impl Heuristic<Cell, u32> for StepDistance {
    #[inline]
    fn estimate(&self, from: Cell, goal: Cell) -> u32 {
        super::manhattan(from, goal)
    }
}

impl Heuristic<TimedCell, u32> for StepDistance {
    #[inline]
    fn estimate(&self, from: TimedCell, goal: TimedCell) -> u32 {
        self.estimate(from.cell, goal.cell)
    }
}

impl Heuristic<Cell, f64> for StepDistance {
    #[inline]
    fn estimate(&self, from: Cell, goal: Cell) -> f64 {
        f64::from(Heuristic::<Cell, u32>::estimate(self, from, goal))
    }
}
