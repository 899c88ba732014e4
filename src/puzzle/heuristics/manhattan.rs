//! The Manhattan-distance heuristic.

use super::{other_goal, Distances};
use crate::puzzle::TileBoard;
use crate::{Heuristic, IncrementalHeuristic};

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
/// use replan::puzzle::{ManhattanSum, SlidingPuzzle};
/// use replan::Heuristic;
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let h = ManhattanSum::new(puzzle.goal());
/// let board = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// assert_eq!(h.estimate(board, puzzle.goal()), 21);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManhattanSum {
    distances: Distances,
}

impl ManhattanSum {
    /// The heuristic for `goal`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{ManhattanSum, SlidingPuzzle};
    /// let h = ManhattanSum::new(SlidingPuzzle::new(4, 4).unwrap().goal());
    /// ```
    pub fn new(goal: TileBoard) -> Self {
        ManhattanSum {
            distances: Distances::new(goal),
        }
    }
}

impl Heuristic<TileBoard, u32> for ManhattanSum {
    #[inline]
    fn estimate(&self, from: TileBoard, goal: TileBoard) -> u32 {
        if self.distances.is_for(goal) {
            self.distances.manhattan(from)
        } else {
            Distances::new(goal).manhattan(from)
        }
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

impl IncrementalHeuristic<TileBoard, u32> for ManhattanSum {
    type State = ();

    fn first(&self, node: TileBoard, goal: TileBoard) -> (u32, ()) {
        (self.estimate(node, goal), ())
    }

    #[inline(always)]
    fn next(
        &self,
        parent: TileBoard,
        parent_h: u32,
        _: (),
        child: TileBoard,
        goal: TileBoard,
    ) -> (u32, ()) {
        if !self.distances.is_for(goal) {
            return (other_goal(self, child, goal), ());
        }
        let (tile, from, to) = parent.moved_tile(child);
        let row = &self.distances.distance[tile as usize];
        (parent_h + u32::from(row[to]) - u32::from(row[from]), ())
    }
}
