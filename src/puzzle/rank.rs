//! Dense numbering of small boards by the rank of their permutation (the Lehmer code).
//!
//! A board of `n <= 9` cells is a permutation of `0..n`; its rank is the number of
//! permutations that precede it in lexicographic order, in `0..n!`. Ranking reads each cell
//! once and counts the smaller tiles already seen with one `popcount`, so it is `O(n)`;
//! unranking is `O(n²)` with `n <= 9`. Only half of the `n!` numbers are reachable from a
//! given goal, which costs some unused array slots (4.4 MB of planner records for the
//! 8-puzzle) but keeps the rank this simple.

use super::{Board, PuzzleError, SlidingPuzzle, Solution};
use crate::{DenseIds, Graph, IndexedGraph, InvalidNode, Planner, ReverseGraph};

/// The largest board that can be ranked: `9! = 362,880` fits a planner's flat arrays
/// comfortably, `10!` would be ten times as much for a 2×5 board.
const MAX_RANKED_CELLS: usize = 9;

/// A [`SlidingPuzzle`] of at most 9 cells as an [`IndexedGraph`]: boards are numbered by the
/// rank of their permutation, so planners keep their records in flat arrays ([`DenseIds`])
/// instead of a hash map.
///
/// Made by [`SlidingPuzzle::ranked`]; searches on it find the same paths as on the puzzle.
///
/// # Example
///
/// ```
/// use replan::puzzle::SlidingPuzzle;
/// use replan::{BidirectionalBfs, IndexedGraph};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let ranked = puzzle.ranked().unwrap();
/// let goal = puzzle.goal();
/// assert_eq!(ranked.node(ranked.index(goal)), goal);
///
/// let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// let solution = ranked.solve(&mut BidirectionalBfs::new(), start, goal).unwrap();
/// assert_eq!(solution.len(), 31);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedPuzzle {
    puzzle: SlidingPuzzle,
    bound: usize,
}

impl RankedPuzzle {
    pub(crate) fn new(puzzle: SlidingPuzzle) -> Result<Self, PuzzleError> {
        let cells = puzzle.cells();
        if cells > MAX_RANKED_CELLS {
            return Err(PuzzleError::TooLargeToRank { cells });
        }
        Ok(RankedPuzzle {
            bound: (1..=cells).product(),
            puzzle,
        })
    }

    /// The puzzle this view numbers.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::SlidingPuzzle;
    /// let puzzle = SlidingPuzzle::new(2, 4).unwrap();
    /// assert_eq!(puzzle.ranked().unwrap().puzzle(), &puzzle);
    /// ```
    pub fn puzzle(&self) -> &SlidingPuzzle {
        &self.puzzle
    }

    /// [`SlidingPuzzle::solve`] on the dense-indexed graph.
    ///
    /// # Errors
    ///
    /// As [`SlidingPuzzle::solve`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{Manhattan, SlidingPuzzle};
    /// use replan::AStar;
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let ranked = puzzle.ranked().unwrap();
    /// let start = puzzle.parse("0 1 2 3 4 5 6 7 8").unwrap();
    /// let solution = ranked.solve(&mut AStar::new(Manhattan::new(puzzle.goal())), start, puzzle.goal()).unwrap();
    /// assert_eq!(solution.len(), 22);
    /// ```
    pub fn solve<P: Planner<Self>>(
        &self,
        planner: &mut P,
        start: Board,
        goal: Board,
    ) -> Result<Solution, PuzzleError> {
        self.puzzle.check_instance(start, goal)?;
        Ok(Solution::from_path(planner.plan(self, start, goal)?))
    }
}

impl Graph for RankedPuzzle {
    type Node = Board;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline(always)]
    fn successors(&self, board: Board, visit: impl FnMut(Board, u32)) {
        self.puzzle.successors(board, visit);
    }

    fn check_node(&self, board: Board) -> Result<(), InvalidNode> {
        self.puzzle.check_node(board)
    }
}

impl ReverseGraph for RankedPuzzle {
    #[inline(always)]
    fn predecessors(&self, board: Board, visit: impl FnMut(Board, u32)) {
        self.puzzle.successors(board, visit);
    }
}

impl IndexedGraph for RankedPuzzle {
    fn node_bound(&self) -> usize {
        self.bound
    }

    #[inline]
    fn index(&self, board: Board) -> usize {
        let n = self.puzzle.cells();
        let mut seen = 0u32;
        let mut rank = 0;
        for cell in 0..n {
            let tile = board.tile(cell) as u32;
            let smaller_unseen = tile - (seen & ((1 << tile) - 1)).count_ones();
            rank = rank * (n - cell) + smaller_unseen as usize;
            seen |= 1 << tile;
        }
        rank
    }

    #[inline]
    fn node(&self, index: usize) -> Board {
        let n = self.puzzle.cells();
        let mut digits = [0usize; MAX_RANKED_CELLS];
        let mut rest = index;
        for cell in (0..n).rev() {
            digits[cell] = rest % (n - cell);
            rest /= n - cell;
        }
        let mut unused = (1u32 << n) - 1;
        let mut tiles = [0u8; MAX_RANKED_CELLS];
        for cell in 0..n {
            // The digit-th smallest tile not yet placed.
            let mut candidates = unused;
            for _ in 0..digits[cell] {
                candidates &= candidates - 1;
            }
            let tile = candidates.trailing_zeros();
            tiles[cell] = tile as u8;
            unused &= !(1 << tile);
        }
        Board::from_checked(self.puzzle.width(), self.puzzle.height(), &tiles[..n])
    }
}
