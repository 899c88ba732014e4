//! Classic sliding-tile heuristics: misplaced tiles, Manhattan distance, and Manhattan
//! distance plus linear conflicts (Hansson, Mayer and Yung, "Criticizing solutions to relaxed
//! models yields powerful admissible heuristics", Information Sciences 63(3), 1992).
//!
//! Each is built for one goal and precomputes per-tile tables for it; asked about another
//! goal it computes the answer for that goal the slow way, so it is never wrong. All three
//! are admissible and consistent: a move changes one tile's position, which changes each
//! estimate by at most 1 (for linear conflicts: the tile's Manhattan term by ±1, and a
//! conflict can only appear or vanish in the one row or column the tile enters or leaves
//! while its Manhattan term moves the other way).

use super::Board;
use crate::{Heuristic, IncrementalHeuristic};

/// Per-tile distances to a goal: `distance[tile][cell]` is the Manhattan distance from `cell`
/// to the tile's goal cell (0 for the blank, which is not counted).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Distances {
    goal: Board,
    distance: [[u8; 16]; 16],
}

impl Distances {
    fn new(goal: Board) -> Self {
        let width = goal.width();
        let mut distance = [[0u8; 16]; 16];
        for goal_cell in 0..goal.len() {
            let tile = goal.tile(goal_cell) as usize;
            if tile == 0 {
                continue;
            }
            for (cell, slot) in distance[tile].iter_mut().enumerate().take(goal.len()) {
                let d = (cell / width).abs_diff(goal_cell / width)
                    + (cell % width).abs_diff(goal_cell % width);
                *slot = d as u8;
            }
        }
        Distances { goal, distance }
    }

    #[inline(always)]
    fn manhattan(&self, board: Board) -> u32 {
        let mut sum = 0;
        let mut cells = board.packed();
        for cell in 0..board.len() {
            sum += u32::from(self.distance[(cells & 0xF) as usize][cell]);
            cells >>= 4;
        }
        sum
    }
}

/// The number of tiles (not the blank) off their goal cell.
///
/// The weakest of the heuristics here; every misplaced tile needs at least one move.
///
/// # Example
///
/// ```
/// use replan::puzzle::{Misplaced, SlidingPuzzle};
/// use replan::Heuristic;
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let h = Misplaced::new(puzzle.goal());
/// let board = puzzle.parse("1 2 3 4 5 6 0 7 8").unwrap();
/// assert_eq!(h.estimate(board, puzzle.goal()), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misplaced {
    goal: Board,
}

impl Misplaced {
    /// The heuristic for `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{Misplaced, SlidingPuzzle};
    /// let h = Misplaced::new(SlidingPuzzle::new(4, 4).unwrap().goal());
    /// ```
    pub fn new(goal: Board) -> Self {
        Misplaced { goal }
    }
}

fn misplaced(board: Board, goal: Board) -> u32 {
    (0..board.len())
        .filter(|&cell| board.tile(cell) != 0 && board.tile(cell) != goal.tile(cell))
        .count() as u32
}

impl Heuristic<Board, u32> for Misplaced {
    fn estimate(&self, from: Board, goal: Board) -> u32 {
        misplaced(from, goal)
    }
}

impl IncrementalHeuristic<Board, u32> for Misplaced {
    type State = ();

    fn first(&self, node: Board, goal: Board) -> (u32, ()) {
        (misplaced(node, goal), ())
    }

    #[inline]
    fn next(&self, parent: Board, parent_h: u32, _: (), child: Board, goal: Board) -> (u32, ()) {
        if goal != self.goal {
            return (misplaced(child, goal), ());
        }
        let (tile, from, to) = parent.moved_tile(child);
        let h = parent_h + u32::from(goal.tile(from) == tile) - u32::from(goal.tile(to) == tile);
        (h, ())
    }
}

/// The sum over tiles of the Manhattan distance to their goal cells.
///
/// Each move moves one tile one step, so this never overestimates. [`IdaStar`] updates it
/// from the one tile that moved.
///
/// [`IdaStar`]: crate::IdaStar
///
/// # Example
///
/// ```
/// use replan::puzzle::{Manhattan, SlidingPuzzle};
/// use replan::Heuristic;
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let h = Manhattan::new(puzzle.goal());
/// let board = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// assert_eq!(h.estimate(board, puzzle.goal()), 21);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manhattan {
    distances: Distances,
}

impl Manhattan {
    /// The heuristic for `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{Manhattan, SlidingPuzzle};
    /// let h = Manhattan::new(SlidingPuzzle::new(4, 4).unwrap().goal());
    /// ```
    pub fn new(goal: Board) -> Self {
        Manhattan {
            distances: Distances::new(goal),
        }
    }
}

impl Heuristic<Board, u32> for Manhattan {
    #[inline]
    fn estimate(&self, from: Board, goal: Board) -> u32 {
        if goal == self.distances.goal {
            self.distances.manhattan(from)
        } else {
            Distances::new(goal).manhattan(from)
        }
    }
}

impl IncrementalHeuristic<Board, u32> for Manhattan {
    type State = ();

    fn first(&self, node: Board, goal: Board) -> (u32, ()) {
        (self.estimate(node, goal), ())
    }

    #[inline(always)]
    fn next(&self, parent: Board, parent_h: u32, _: (), child: Board, goal: Board) -> (u32, ()) {
        if goal != self.distances.goal {
            return (self.estimate(child, goal), ());
        }
        let (tile, from, to) = parent.moved_tile(child);
        let row = &self.distances.distance[tile as usize];
        (parent_h + u32::from(row[to]) - u32::from(row[from]), ())
    }
}

/// The Manhattan distance plus two moves for every tile that must leave its goal row or
/// column to let another tile of that line past it.
///
/// In each row, the tiles whose goal is in that row must end up in goal order; those not in
/// a longest increasing run (by goal column) have to step out and back, two moves their
/// Manhattan term does not count. The same holds for columns. Taking `len - LIS` per line
/// (rather than counting conflicting pairs) keeps it admissible. [`IdaStar`] updates it
/// from the two lines the moved tile leaves and enters.
///
/// [`IdaStar`]: crate::IdaStar
///
/// # Example
///
/// ```
/// use replan::puzzle::{LinearConflict, Manhattan, SlidingPuzzle};
/// use replan::Heuristic;
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let goal = puzzle.goal();
/// // 2 and 1 are swapped in their goal row: Manhattan 2, plus 2 for the conflict.
/// let board = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
/// assert_eq!(Manhattan::new(goal).estimate(board, goal), 2);
/// assert_eq!(LinearConflict::new(goal).estimate(board, goal), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearConflict {
    distances: Distances,
    /// Each tile's goal row and column.
    goal_row: [u8; 16],
    goal_col: [u8; 16],
}

impl LinearConflict {
    /// The heuristic for `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{LinearConflict, SlidingPuzzle};
    /// let h = LinearConflict::new(SlidingPuzzle::new(4, 4).unwrap().goal());
    /// ```
    pub fn new(goal: Board) -> Self {
        let mut goal_row = [0; 16];
        let mut goal_col = [0; 16];
        for cell in 0..goal.len() {
            let tile = goal.tile(cell) as usize;
            goal_row[tile] = (cell / goal.width()) as u8;
            goal_col[tile] = (cell % goal.width()) as u8;
        }
        LinearConflict {
            distances: Distances::new(goal),
            goal_row,
            goal_col,
        }
    }

    /// Tiles that must leave row `row` to let the others of their goal row pass.
    #[inline]
    fn row_removals(&self, board: Board, row: usize) -> u8 {
        let width = board.width();
        let mut line = [0u8; 8];
        let mut len = 0;
        for col in 0..width {
            let tile = board.tile(row * width + col) as usize;
            if tile != 0 && self.goal_row[tile] as usize == row {
                line[len] = self.goal_col[tile];
                len += 1;
            }
        }
        (len - longest_increasing(&line[..len])) as u8
    }

    /// Tiles that must leave column `col` to let the others of their goal column pass.
    #[inline]
    fn column_removals(&self, board: Board, col: usize) -> u8 {
        let width = board.width();
        let mut line = [0u8; 8];
        let mut len = 0;
        for row in 0..board.height() {
            let tile = board.tile(row * width + col) as usize;
            if tile != 0 && self.goal_col[tile] as usize == col {
                line[len] = self.goal_row[tile];
                len += 1;
            }
        }
        (len - longest_increasing(&line[..len])) as u8
    }

    /// The removals of every row, then of every column.
    fn removals(&self, board: Board) -> [u8; 16] {
        let mut lines = [0u8; 16];
        let (rows, columns) = lines.split_at_mut(board.height());
        for (row, slot) in rows.iter_mut().enumerate() {
            *slot = self.row_removals(board, row);
        }
        for (col, slot) in columns.iter_mut().enumerate().take(board.width()) {
            *slot = self.column_removals(board, col);
        }
        lines
    }
}

/// The length of a longest strictly increasing subsequence of a short slice.
fn longest_increasing(values: &[u8]) -> usize {
    let mut best = [0usize; 8];
    let mut longest = 0;
    for i in 0..values.len() {
        best[i] = 1
            + (0..i)
                .filter(|&j| values[j] < values[i])
                .map(|j| best[j])
                .max()
                .unwrap_or(0);
        longest = longest.max(best[i]);
    }
    longest
}

impl Heuristic<Board, u32> for LinearConflict {
    fn estimate(&self, from: Board, goal: Board) -> u32 {
        self.first(from, goal).0
    }
}

/// As an [`IncrementalHeuristic`], the state is the number of tiles each line must let
/// past (rows, then columns): a move changes the Manhattan term of one tile and the
/// conflicts of only the two rows (or columns) that tile leaves and enters.
impl IncrementalHeuristic<Board, u32> for LinearConflict {
    type State = [u8; 16];

    fn first(&self, node: Board, goal: Board) -> (u32, [u8; 16]) {
        if goal != self.distances.goal {
            return LinearConflict::new(goal).first(node, goal);
        }
        let lines = self.removals(node);
        let removed: u32 = lines.iter().map(|&r| u32::from(r)).sum();
        (self.distances.manhattan(node) + 2 * removed, lines)
    }

    #[inline]
    fn next(
        &self,
        parent: Board,
        parent_h: u32,
        mut lines: [u8; 16],
        child: Board,
        goal: Board,
    ) -> (u32, [u8; 16]) {
        if goal != self.distances.goal {
            return self.first(child, goal);
        }
        let (tile, from, to) = parent.moved_tile(child);
        let row = &self.distances.distance[tile as usize];
        let width = child.width();
        let mut h = parent_h + u32::from(row[to]) - u32::from(row[from]);
        let (a, b) = if from % width == to % width {
            // A vertical move: the tile changed rows.
            let (a, b) = (from / width, to / width);
            (
                (a, self.row_removals(child, a)),
                (b, self.row_removals(child, b)),
            )
        } else {
            let (a, b) = (from % width, to % width);
            let offset = child.height();
            (
                (offset + a, self.column_removals(child, a)),
                (offset + b, self.column_removals(child, b)),
            )
        };
        for (line, removals) in [a, b] {
            h = h + 2 * u32::from(removals) - 2 * u32::from(lines[line]);
            lines[line] = removals;
        }
        (h, lines)
    }
}
