//! Sliding-tile puzzles: the 8-puzzle, the 15-puzzle and every W×H board of up to 16 cells.
//!
//! - [`SlidingPuzzle`] is the board shape and the move rules: a [`Graph`] and [`ReverseGraph`]
//!   whose nodes are [`TileBoard`]s, with every move costing 1. Planners number its nodes in
//!   discovery order through [`BoardIds`], a hash table keyed by the packed cells, which
//!   works for any size.
//! - [`RankedPuzzle`] is the same graph for boards of at most 9 cells, numbered by the rank of
//!   their permutation (`0..cells!`) as an [`IndexedGraph`](crate::IndexedGraph), so
//!   [`Bfs`](crate::Bfs), [`BidirectionalBfs`](crate::BidirectionalBfs) and
//!   [`AStar`](crate::AStar) keep their records in flat arrays with no hashing at all.
//!   [`Graph::Ids`] is fixed per graph type, which is why the dense variant is a second type
//!   rather than a flag: get it with [`SlidingPuzzle::ranked`]. It pays off for searches
//!   that reach a large part of the space (a full BFS of the 8-puzzle); searches that reach
//!   a few thousand boards are faster on [`SlidingPuzzle`], whose records stay compact (see
//!   [`BoardIds`] and the benchmarks).
//! - Heuristics, each admissible and consistent: [`Misplaced`], [`ManhattanSum`],
//!   [`LinearConflict`] and additive disjoint pattern databases ([`AdditivePdb`] over
//!   [`PatternDatabase`]s). Each is a [`Heuristic`](crate::Heuristic) for A* and an
//!   [`IncrementalHeuristic`](crate::IncrementalHeuristic) for [`IdaStar`](crate::IdaStar),
//!   which updates the estimate from the tile that moved.
//! - [`SlidingPuzzle::solve`] checks the boards, refuses an unsolvable instance at once with
//!   [`PuzzleError::Unsolvable`] and turns a planner's path into a [`PuzzleSolution`] of moves.
//!
//! Moves are named by the direction the *blank* moves: `U D L R` ([`Move`]).
//!
//! # Solvability
//!
//! A board can reach a goal exactly when the parity of the permutation that takes the goal's
//! cells to the board's (the blank included) equals the parity of the taxicab distance
//! between the two blanks: every move is one transposition and moves the blank one step.
//! For odd widths and a goal with the blank in its last row this is the familiar rule "the
//! number of inversions is even"; for even widths the blank's row distance enters it. On
//! boards of at least 2×2 every state of the right parity is reachable, so half of all
//! `cells!` arrangements are solvable.
//!
//! # Example
//!
//! ```
//! use replan::puzzle::{LinearConflict, SlidingPuzzle};
//! use replan::AStar;
//!
//! let puzzle = SlidingPuzzle::new(3, 3).unwrap();
//! let goal = puzzle.goal();
//! let start = puzzle.parse("8 6 7\n2 5 4\n3 0 1").unwrap();
//! let ranked = puzzle.ranked().unwrap();
//! let solution = ranked.solve(&mut AStar::new(LinearConflict::new(goal)), start, goal).unwrap();
//! assert_eq!(solution.len(), 31);
//! assert_eq!(start.apply_all(&solution.moves), Some(goal));
//! ```

mod board;
mod error;
mod heuristics;
mod ids;
mod parse;
pub mod pattern_database;
pub mod rank;

pub use board::{Move, TileBoard};
pub use error::PuzzleError;
pub use heuristics::{LineSums, LinearConflict, ManhattanSum, Misplaced};
pub use ids::BoardIds;
pub use pattern_database::{
    AdditivePdb, BuildProgress, CompactAdditivePdb, CompactDatabase, CompactPdbState,
    DatabaseError, PatternDatabase, PdbState,
};
pub use rank::RankedPuzzle;

use crate::{Graph, InvalidNode, Path, Planner, ReverseGraph, SearchStats};

/// Which goal a puzzle's [`goal_of`](SlidingPuzzle::goal_of) builds.
///
/// # Example
///
/// ```
/// use replan::puzzle::{GoalKind, SlidingPuzzle};
/// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
/// assert_eq!(puzzle.goal_of(GoalKind::BlankLast).tiles(), [1, 2, 3, 0]);
/// assert_eq!(puzzle.goal_of(GoalKind::BlankFirst).tiles(), [0, 1, 2, 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GoalKind {
    /// `1 2 … n-1 0`: the usual convention, and the default.
    #[default]
    BlankLast,
    /// `0 1 … n-1`: Korf's convention (tile `i` on cell `i`).
    BlankFirst,
}

/// A W×H sliding-tile puzzle with `2 <= W, H` and `W·H <= 16`: the move rules as a graph.
///
/// Nodes are [`TileBoard`]s; a move slides a tile next to the blank into it and costs 1. The
/// graph is undirected, so predecessors are the successors.
///
/// # Example
///
/// ```
/// use replan::puzzle::{ManhattanSum, SlidingPuzzle};
/// use replan::{IdaStar, Planner};
///
/// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
/// let goal = puzzle.goal();
/// let start = puzzle.parse("1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12").unwrap();
/// let solution = puzzle.solve(&mut IdaStar::incremental(ManhattanSum::new(goal)), start, goal).unwrap();
/// assert_eq!(solution.move_string(), "RD");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlidingPuzzle {
    width: u8,
    height: u8,
    /// `slides[blank][parent]`: the cells the blank on `blank` can swap with, in
    /// [`Move::ALL`] order, leaving out `parent` ([`NO_PARENT_CELL`] leaves out none): a
    /// 4-bit count, then one nibble a cell. The list comes whole from one load, so skipping
    /// the move back to the parent costs no branch per move; a branch there mispredicts
    /// about once a node, and that cost more than the hash lookup it saved. Boxed: at 1 KiB
    /// it would make the puzzle a large value to move around.
    slides: Box<[[u32; 17]; 16]>,
}

const NO_CELL: u8 = u8::MAX;

/// The `parent` column of [`SlidingPuzzle::slides`] that leaves out no move.
pub(crate) const NO_PARENT_CELL: usize = 16;

impl SlidingPuzzle {
    /// A `width` × `height` puzzle.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadSize`] unless `2 <= width, height` and `width * height <= 16`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PuzzleError, SlidingPuzzle};
    /// assert!(SlidingPuzzle::new(2, 5).is_ok());
    /// assert_eq!(SlidingPuzzle::new(5, 4), Err(PuzzleError::BadSize { width: 5, height: 4 }));
    /// assert!(SlidingPuzzle::new(1, 9).is_err());
    /// ```
    pub fn new(width: usize, height: usize) -> Result<Self, PuzzleError> {
        if width < 2 || height < 2 || width.checked_mul(height).is_none_or(|cells| cells > 16) {
            return Err(PuzzleError::BadSize { width, height });
        }
        let cells = width * height;
        let mut neighbours = [[NO_CELL; 4]; 16];
        for (cell, slots) in neighbours.iter_mut().enumerate().take(cells) {
            // In `Move::ALL` order: up, down, left, right.
            let targets = [
                cell.checked_sub(width),
                (cell + width < cells).then_some(cell + width),
                (cell % width != 0).then(|| cell - 1),
                ((cell + 1) % width != 0).then_some(cell + 1),
            ];
            for (slot, target) in slots.iter_mut().zip(targets) {
                if let Some(target) = target {
                    *slot = target as u8;
                }
            }
        }
        let mut slides = Box::new([[0; 17]; 16]);
        for (blank, row) in slides.iter_mut().enumerate().take(cells) {
            for (parent, list) in row.iter_mut().enumerate() {
                let mut count = 0;
                for &cell in &neighbours[blank] {
                    if cell != NO_CELL && usize::from(cell) != parent {
                        *list |= u32::from(cell) << (4 + 4 * count);
                        count += 1;
                    }
                }
                *list |= count;
            }
        }
        Ok(SlidingPuzzle {
            width: width as u8,
            height: height as u8,
            slides,
        })
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::puzzle::SlidingPuzzle::new(2, 5).unwrap().width(), 2);
    /// ```
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::puzzle::SlidingPuzzle::new(2, 5).unwrap().height(), 5);
    /// ```
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The number of cells, `width * height`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::puzzle::SlidingPuzzle::new(2, 5).unwrap().cells(), 10);
    /// ```
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// The goal with the blank last: `1 2 … n-1 0`.
    ///
    /// # Example
    ///
    /// ```
    /// let puzzle = replan::puzzle::SlidingPuzzle::new(3, 2).unwrap();
    /// assert_eq!(puzzle.goal().to_string(), "1 2 3\n4 5 0");
    /// ```
    pub fn goal(&self) -> TileBoard {
        self.goal_of(GoalKind::BlankLast)
    }

    /// The goal of the given kind.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 2).unwrap();
    /// assert_eq!(puzzle.goal_of(GoalKind::BlankFirst).to_string(), "0 1 2\n3 4 5");
    /// ```
    pub fn goal_of(&self, kind: GoalKind) -> TileBoard {
        let n = self.cells() as u8;
        let tiles: Vec<u8> = match kind {
            GoalKind::BlankLast => (1..n).chain([0]).collect(),
            GoalKind::BlankFirst => (0..n).collect(),
        };
        TileBoard::from_checked(self.width(), self.height(), &tiles)
    }

    /// A board of this puzzle from its tiles in row-major order (0 for the blank).
    ///
    /// # Errors
    ///
    /// [`PuzzleError::WrongTileCount`], [`PuzzleError::OutOfRange`],
    /// [`PuzzleError::DuplicateTile`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PuzzleError, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(puzzle.board(&[3, 1, 2, 0]).unwrap().blank(), 3);
    /// assert_eq!(puzzle.board(&[3, 1, 1, 0]), Err(PuzzleError::DuplicateTile { tile: 1 }));
    /// ```
    pub fn board(&self, tiles: &[u8]) -> Result<TileBoard, PuzzleError> {
        let values: Vec<i128> = tiles
            .iter()
            .take(parse::KEPT)
            .map(|&t| i128::from(t))
            .collect();
        let tiles = parse::check_tiles(self.width(), self.height(), &values, tiles.len())?;
        Ok(TileBoard::from_checked(self.width(), self.height(), &tiles))
    }

    /// The cells next to `cell`, in [`Move::ALL`] order.
    pub(crate) fn neighbour_cells(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let list = self.slides[cell & 0xF][NO_PARENT_CELL];
        (0..list & 0xF).map(move |k| ((list >> (4 + 4 * k)) & 0xF) as usize)
    }

    /// Calls `visit(child, 1)` for each board one slide from `board` except the one where
    /// the blank goes back to `parent_blank` ([`NO_PARENT_CELL`] to visit them all).
    #[inline(always)]
    pub(crate) fn slides_except(
        &self,
        board: TileBoard,
        parent_blank: usize,
        mut visit: impl FnMut(TileBoard, u32),
    ) {
        let list = self.slides[board.blank() & 0xF][parent_blank.min(NO_PARENT_CELL)];
        for k in 0..list & 0xF {
            let cell = (list >> (4 + 4 * k)) & 0xF;
            visit(board.slide_from(cell as usize), 1);
        }
    }

    /// Whether `board` has this puzzle's size.
    fn check_size(&self, board: TileBoard) -> Result<(), PuzzleError> {
        if board.width() == self.width() && board.height() == self.height() {
            Ok(())
        } else {
            Err(PuzzleError::SizeMismatch {
                width: self.width(),
                height: self.height(),
                found_width: board.width(),
                found_height: board.height(),
            })
        }
    }

    /// Whether `goal` can be reached from `start` (see the [module docs](self) for the rule).
    /// Boards of another size than the puzzle's are never solvable.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let goal = puzzle.goal();
    /// // Sam Loyd's 14-15 puzzle.
    /// let loyd = puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0").unwrap();
    /// assert!(!puzzle.is_solvable(loyd, goal));
    /// assert!(puzzle.is_solvable(puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15").unwrap(), goal));
    /// ```
    pub fn is_solvable(&self, start: TileBoard, goal: TileBoard) -> bool {
        if self.check_size(start).is_err() || self.check_size(goal).is_err() {
            return false;
        }
        let n = self.cells();
        let goal_cells = goal.positions();
        // The permutation cell -> goal cell of the tile on it, decomposed into cycles: a
        // cycle of length k is k - 1 transpositions.
        let mut seen = 0u32;
        let mut transpositions = 0;
        for first in 0..n {
            if seen & (1 << first) != 0 {
                continue;
            }
            let mut cell = first;
            let mut length = 0;
            while seen & (1 << cell) == 0 {
                seen |= 1 << cell;
                length += 1;
                cell = ((goal_cells >> (4 * start.tile(cell))) & 0xF) as usize;
            }
            transpositions += length - 1;
        }
        let w = self.width();
        let (a, b) = (start.blank(), goal.blank());
        let blank_distance = (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w);
        transpositions % 2 == blank_distance % 2
    }

    /// Checks that `start` and `goal` belong to this puzzle and that `goal` is reachable.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::SizeMismatch`] or [`PuzzleError::Unsolvable`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PuzzleError, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let swapped = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
    /// assert_eq!(puzzle.check_instance(swapped, puzzle.goal()), Err(PuzzleError::Unsolvable));
    /// ```
    pub fn check_instance(&self, start: TileBoard, goal: TileBoard) -> Result<(), PuzzleError> {
        self.check_size(start)?;
        self.check_size(goal)?;
        if self.is_solvable(start, goal) {
            Ok(())
        } else {
            Err(PuzzleError::Unsolvable)
        }
    }

    /// Solves `start` -> `goal` with `planner`, after checking the instance without searching.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::SizeMismatch`] and [`PuzzleError::Unsolvable`] before any search;
    /// [`PuzzleError::Plan`] when the planner fails (its budget ran out).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{ManhattanSum, PuzzleError, SlidingPuzzle};
    /// use replan::{AStar, BidirectionalBfs};
    ///
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let goal = puzzle.goal();
    /// let start = puzzle.parse("0 1\n2 3\n4 5").unwrap();
    /// let by_bfs = puzzle.solve(&mut BidirectionalBfs::new(), start, goal).unwrap();
    /// let by_astar = puzzle.solve(&mut AStar::new(ManhattanSum::new(goal)), start, goal).unwrap();
    /// assert_eq!(by_bfs.len(), by_astar.len());
    ///
    /// let stuck = puzzle.parse("2 1\n3 4\n5 0").unwrap();
    /// assert_eq!(puzzle.solve(&mut BidirectionalBfs::new(), stuck, goal).unwrap_err(), PuzzleError::Unsolvable);
    /// ```
    pub fn solve<P: Planner<Self>>(
        &self,
        planner: &mut P,
        start: TileBoard,
        goal: TileBoard,
    ) -> Result<PuzzleSolution, PuzzleError> {
        self.check_instance(start, goal)?;
        Ok(PuzzleSolution::from_path(planner.plan(self, start, goal)?))
    }

    /// The dense-indexed view of this puzzle, for boards of at most 9 cells.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::TooLargeToRank`] for boards of more than 9 cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::IndexedGraph;
    /// let ranked = SlidingPuzzle::new(3, 3).unwrap().ranked().unwrap();
    /// assert_eq!(ranked.node_bound(), 362_880);
    /// assert!(SlidingPuzzle::new(4, 4).unwrap().ranked().is_err());
    /// ```
    pub fn ranked(&self) -> Result<RankedPuzzle, PuzzleError> {
        RankedPuzzle::new(self.clone())
    }

    /// A uniformly random board from which `goal` is reachable, from a seed (the same seed
    /// gives the same board). Useful for tests and benchmarks.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let board = puzzle.random_board(puzzle.goal(), 7);
    /// assert!(puzzle.is_solvable(board, puzzle.goal()));
    /// assert_eq!(board, puzzle.random_board(puzzle.goal(), 7));
    /// ```
    pub fn random_board(&self, goal: TileBoard, seed: u64) -> TileBoard {
        let n = self.cells();
        let mut tiles: Vec<u8> = (0..n as u8).collect();
        let mut state = seed;
        // Fisher-Yates with splitmix64: no dependency for a few random numbers.
        for i in (1..n).rev() {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            tiles.swap(i, (z % (i as u64 + 1)) as usize);
        }
        let board = TileBoard::from_checked(self.width(), self.height(), &tiles);
        if self.is_solvable(board, goal) {
            return board;
        }
        // Swapping two tiles (not the blank) flips the parity; the two solvable halves are
        // the same size, so the result is still uniform.
        let (a, b) = match (0..n)
            .filter(|&c| tiles[c] != 0)
            .take(2)
            .collect::<Vec<_>>()[..]
        {
            [a, b] => (a, b),
            _ => unreachable!("a board has at least three tiles"),
        };
        tiles.swap(a, b);
        TileBoard::from_checked(self.width(), self.height(), &tiles)
    }
}

impl Graph for SlidingPuzzle {
    type Node = TileBoard;
    type Cost = u32;
    type Ids = BoardIds;

    #[inline(always)]
    fn successors(&self, board: TileBoard, visit: impl FnMut(TileBoard, u32)) {
        self.slides_except(board, NO_PARENT_CELL, visit);
    }

    fn check_node(&self, board: TileBoard) -> Result<(), InvalidNode> {
        self.check_size(board)
            .map_err(|error| InvalidNode::Other(error.to_string()))
    }

    /// Every slide is one move.
    fn uniform_costs(&self) -> bool {
        true
    }

    /// The list of slides without the one to `skip` comes from one table load: one board
    /// comparison in all instead of one per move, and no branch per move.
    #[inline(always)]
    fn successors_except(
        &self,
        board: TileBoard,
        skip: TileBoard,
        mut visit: impl FnMut(TileBoard, u32),
    ) {
        // The only successor that can equal `skip` is the one whose blank is on `skip`'s;
        // if that cell is not next to the blank, no slide is left out.
        let back = skip.blank() & 0xF;
        if board.slide_from(back) == skip {
            self.slides_except(board, back, visit);
        } else {
            self.successors(board, |next, cost| {
                if next != skip {
                    visit(next, cost);
                }
            });
        }
    }
}

impl ReverseGraph for SlidingPuzzle {
    #[inline(always)]
    fn predecessors(&self, board: TileBoard, visit: impl FnMut(TileBoard, u32)) {
        self.successors(board, visit);
    }
}

/// A solved instance: the boards from start to goal, the moves between them and what the
/// search took.
///
/// # Example
///
/// ```
/// use replan::puzzle::{Move, SlidingPuzzle};
/// use replan::Bfs;
/// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
/// let start = puzzle.parse("1 2\n0 3").unwrap();
/// let solution = puzzle.solve(&mut Bfs::new(), start, puzzle.goal()).unwrap();
/// assert_eq!(solution.moves, [Move::Right]);
/// assert_eq!(solution.boards.len(), 2);
/// assert_eq!(solution.move_string(), "R");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSolution {
    /// The boards from start to goal, both included.
    pub boards: Vec<TileBoard>,
    /// The moves, one fewer than the boards.
    pub moves: Vec<Move>,
    /// The planner's statistics.
    pub stats: SearchStats,
}

impl PuzzleSolution {
    /// Turns a planner's path over boards into moves.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{TileBoard, Move, PuzzleSolution};
    /// use replan::{Path, SearchStats};
    /// let a: TileBoard = "1 2\n3 0".parse().unwrap();
    /// let b = a.apply(Move::Up).unwrap();
    /// let solution = PuzzleSolution::from_path(Path { nodes: vec![a, b], cost: 1, stats: SearchStats::default() });
    /// assert_eq!(solution.moves, [Move::Up]);
    /// ```
    pub fn from_path(path: Path<TileBoard, u32>) -> PuzzleSolution {
        let moves = path
            .nodes
            .windows(2)
            .map(|pair| {
                pair[0]
                    .move_to(pair[1])
                    .expect("planners return paths along the puzzle's edges")
            })
            .collect();
        PuzzleSolution {
            boards: path.nodes,
            moves,
            stats: path.stats,
        }
    }

    /// The number of moves.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::Bfs;
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let goal = puzzle.goal();
    /// assert_eq!(puzzle.solve(&mut Bfs::new(), goal, goal).unwrap().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start was the goal.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::Bfs;
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let goal = puzzle.goal();
    /// assert!(puzzle.solve(&mut Bfs::new(), goal, goal).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves as letters, e.g. `"ULDR"`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// use replan::Bfs;
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let start = puzzle.parse("0 1\n3 2").unwrap();
    /// assert_eq!(puzzle.solve(&mut Bfs::new(), start, puzzle.goal()).unwrap().move_string(), "RD");
    /// ```
    pub fn move_string(&self) -> String {
        self.moves.iter().map(|mv| mv.letter()).collect()
    }
}
