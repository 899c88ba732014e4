//! Dense numbering of small boards by the rank of their permutation (the Lehmer code).
//!
//! A board of `n <= 9` cells is the blank's cell and the order of the `n - 1` tiles read
//! row by row. Its index is the lexicographic rank of that order (the Lehmer code, in
//! `0..(n-1)!`) times `n`, plus the blank's cell: `n!` indices in all.
//!
//! The blank's cell is the *least* significant part on purpose: a horizontal move does not
//! change the order of the tiles, so it changes the index by one and the planner's records
//! of a board and its left and right neighbours share a cache line; a vertical move shifts
//! one tile by `width - 1` places in the order, a smaller jump than a change in the leading
//! digit. Ranking reads each cell once and keeps, one nibble a tile, how many smaller tiles
//! it has placed; unranking takes the `d`-th unplaced tile from a nibble-packed list, with
//! one copy per board size so its divisions are by constants: both `O(n)`. Only
//! half of the `n!` indices are reachable from a given goal, which costs some unused array
//! slots (4.4 MB of planner records for the 8-puzzle) but keeps the rank this simple.

use super::{PuzzleError, PuzzleSolution, SlidingPuzzle, TileBoard};
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
    /// use replan::puzzle::{ManhattanSum, SlidingPuzzle};
    /// use replan::AStar;
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let ranked = puzzle.ranked().unwrap();
    /// let start = puzzle.parse("0 1 2 3 4 5 6 7 8").unwrap();
    /// let solution = ranked.solve(&mut AStar::new(ManhattanSum::new(puzzle.goal())), start, puzzle.goal()).unwrap();
    /// assert_eq!(solution.len(), 22);
    /// ```
    pub fn solve<P: Planner<Self>>(
        &self,
        planner: &mut P,
        start: TileBoard,
        goal: TileBoard,
    ) -> Result<PuzzleSolution, PuzzleError> {
        self.puzzle.check_instance(start, goal)?;
        Ok(PuzzleSolution::from_path(planner.plan(self, start, goal)?))
    }
}

impl Graph for RankedPuzzle {
    type Node = TileBoard;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline(always)]
    fn successors(&self, board: TileBoard, visit: impl FnMut(TileBoard, u32)) {
        self.puzzle.successors(board, visit);
    }

    fn check_node(&self, board: TileBoard) -> Result<(), InvalidNode> {
        self.puzzle.check_node(board)
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl ReverseGraph for RankedPuzzle {
    #[inline(always)]
    fn predecessors(&self, board: TileBoard, visit: impl FnMut(TileBoard, u32)) {
        self.puzzle.successors(board, visit);
    }
}

impl IndexedGraph for RankedPuzzle {
    fn node_bound(&self) -> usize {
        self.bound
    }

    #[inline]
    fn index(&self, board: TileBoard) -> usize {
        let n = self.puzzle.cells();
        let tiles = n - 1;
        // Nibble `t` counts the tiles already placed that are smaller than `t`: placing
        // tile `t` adds one to every nibble above it. No count reaches 16, so nibbles never
        // carry. This replaces a popcount per tile, which x86-64 without the `popcnt`
        // feature (the default target) computes in a dozen instructions.
        const ONES: u64 = 0x1111_1111_1111_1111;
        let mut smaller_placed = 0u64;
        let mut rank = 0;
        let mut placed = 0;
        let mut cells = board.packed();
        for _ in 0..n {
            let tile = (cells & 0xF) as usize;
            cells >>= 4;
            if tile == 0 {
                continue;
            }
            // Tiles are 1..=tiles: the digit is the number of smaller tiles not yet placed.
            let smaller_unseen = tile - 1 - ((smaller_placed >> (4 * tile)) & 0xF) as usize;
            rank = rank * (tiles - placed) + smaller_unseen;
            smaller_placed = smaller_placed.wrapping_add(ONES << (4 * (tile + 1)));
            placed += 1;
        }
        rank * n + board.blank()
    }

    #[inline]
    fn node(&self, index: usize) -> TileBoard {
        // One copy per board size, so every division below is by a constant and compiles to
        // a multiplication: a division by a run-time value costs tens of cycles, and
        // unranking takes two per tile.
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        match self.puzzle.cells() {
            4 => unrank::<4>(index, width, height),
            6 => unrank::<6>(index, width, height),
            8 => unrank::<8>(index, width, height),
            _ => unrank::<9>(index, width, height),
        }
    }
}

/// The board of `N` cells with rank `index` (see the module docs).
#[inline(always)]
fn unrank<const N: usize>(index: usize, width: usize, height: usize) -> TileBoard {
    let tiles = N - 1;
    let blank = index % N;
    let mut rest = index / N;
    let mut digits = [0usize; MAX_RANKED_CELLS];
    for i in (0..tiles).rev() {
        digits[i] = rest % (tiles - i);
        rest /= tiles - i;
    }
    // The tiles not yet placed, smallest first, one a nibble: taking the d-th is a
    // shift and removing it two masks.
    let mut unplaced: u64 = 0x8765_4321;
    let mut cells = 0u64;
    let mut cell = 0;
    for &digit in &digits[..tiles] {
        if cell == blank {
            cell += 1;
        }
        let shift = 4 * digit;
        let tile = (unplaced >> shift) & 0xF;
        unplaced = (unplaced & ((1 << shift) - 1)) | ((unplaced >> (shift + 4)) << shift);
        cells |= tile << (4 * cell);
        cell += 1;
    }
    TileBoard::from_packed(cells, blank, width, height)
}
