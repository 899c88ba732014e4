//! The misplaced-tiles heuristic.

use crate::puzzle::TileBoard;
use crate::{Heuristic, IncrementalHeuristic};

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
    goal: TileBoard,
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
    pub fn new(goal: TileBoard) -> Self {
        Misplaced { goal }
    }
}

fn misplaced(board: TileBoard, goal: TileBoard) -> u32 {
    (0..board.len())
        .filter(|&cell| board.tile(cell) != 0 && board.tile(cell) != goal.tile(cell))
        .count() as u32
}

impl Heuristic<TileBoard, u32> for Misplaced {
    fn estimate(&self, from: TileBoard, goal: TileBoard) -> u32 {
        misplaced(from, goal)
    }

    /// Updated from the parent's estimate, as [`IncrementalHeuristic::next`] does. Always
    /// inlined: a planner calls it once per generated node, from one place.
    #[inline(always)]
    fn estimate_child(
        &self,
        parent: TileBoard,
        parent_h: u32,
        child: TileBoard,
        goal: TileBoard,
    ) -> u32 {
        self.next(parent, parent_h, (), child, goal).0
    }
}

impl IncrementalHeuristic<TileBoard, u32> for Misplaced {
    type State = ();

    fn first(&self, node: TileBoard, goal: TileBoard) -> (u32, ()) {
        (misplaced(node, goal), ())
    }

    #[inline]
    fn next(
        &self,
        parent: TileBoard,
        parent_h: u32,
        _: (),
        child: TileBoard,
        goal: TileBoard,
    ) -> (u32, ()) {
        if goal != self.goal {
            return (misplaced(child, goal), ());
        }
        let (tile, from, to) = parent.moved_tile(child);
        let h = parent_h + u32::from(goal.tile(from) == tile) - u32::from(goal.tile(to) == tile);
        (h, ())
    }
}
