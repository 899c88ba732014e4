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
/// (rather than counting conflicting pairs) keeps it admissible.
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

    fn conflicts(&self, board: Board) -> u32 {
        let (width, height) = (board.width(), board.height());
        let mut removed = 0;
        let mut line = [0u8; 8];
        for row in 0..height {
            let mut len = 0;
            for col in 0..width {
                let tile = board.tile(row * width + col) as usize;
                if tile != 0 && self.goal_row[tile] as usize == row {
                    line[len] = self.goal_col[tile];
                    len += 1;
                }
            }
            removed += len - longest_increasing(&line[..len]);
        }
        for col in 0..width {
            let mut len = 0;
            for row in 0..height {
                let tile = board.tile(row * width + col) as usize;
                if tile != 0 && self.goal_col[tile] as usize == col {
                    line[len] = self.goal_row[tile];
                    len += 1;
                }
            }
            removed += len - longest_increasing(&line[..len]);
        }
        2 * removed as u32
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
        if goal == self.distances.goal {
            self.distances.manhattan(from) + self.conflicts(from)
        } else {
            LinearConflict::new(goal).estimate(from, goal)
        }
    }
}

impl IncrementalHeuristic<Board, u32> for LinearConflict {
    type State = ();

    fn first(&self, node: Board, goal: Board) -> (u32, ()) {
        (self.estimate(node, goal), ())
    }

    fn next(&self, _: Board, _: u32, _: (), child: Board, goal: Board) -> (u32, ()) {
        (self.estimate(child, goal), ())
    }
}
