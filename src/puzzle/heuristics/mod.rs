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

use super::TileBoard;
use crate::Heuristic;

mod linear_conflict;
mod manhattan;
mod misplaced;

pub use linear_conflict::{LineSums, LinearConflict};
pub use manhattan::ManhattanSum;
pub use misplaced::Misplaced;

/// Per-tile distances to a goal: `distance[tile][cell]` is the Manhattan distance from `cell`
/// to the tile's goal cell (0 for the blank, which is not counted).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Distances {
    goal: TileBoard,
    distance: [[u8; 16]; 16],
}

impl Distances {
    fn new(goal: TileBoard) -> Self {
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

    /// Whether the tables were built for `goal`: two comparisons, a board being its
    /// packed cells and one word for its blank and size.
    #[inline(always)]
    fn is_for(&self, goal: TileBoard) -> bool {
        goal == self.goal
    }

    #[inline(always)]
    fn manhattan(&self, board: TileBoard) -> u32 {
        let mut sum = 0;
        let mut cells = board.packed();
        for cell in 0..board.len() {
            sum += u32::from(self.distance[(cells & 0xF) as usize][cell]);
            cells >>= 4;
        }
        sum
    }
}

/// A child's estimate when a planner asks about another goal than the heuristic's own:
/// out of line and marked cold, so that the per-child update inlined into the planners'
/// loops does not carry this path's code and its live values. As an inlined call it kept
/// both boards on the stack for every child; A* with Manhattan on the 8-puzzle set ran 6%
/// more instructions.
#[cold]
#[inline(never)]
fn other_goal(
    heuristic: &impl Heuristic<TileBoard, u32>,
    child: TileBoard,
    goal: TileBoard,
) -> u32 {
    heuristic.estimate(child, goal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{GoalKind, Move, SlidingPuzzle};
    use crate::IncrementalHeuristic;

    #[test]
    fn a_heuristic_asked_about_another_goal_answers_for_that_goal() {
        // 3x2 and 2x3 goals pack to the same cells; only the width tells them apart.
        let wide = SlidingPuzzle::new(3, 2).unwrap();
        let tall = SlidingPuzzle::new(2, 3).unwrap();
        assert_eq!(wide.goal().packed(), tall.goal().packed());
        for (built, asked) in [(&wide, &tall), (&tall, &wide)] {
            for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
                let goal = asked.goal_of(kind);
                let (manhattan, conflict, misplaced) = (
                    ManhattanSum::new(built.goal()),
                    LinearConflict::new(built.goal()),
                    Misplaced::new(built.goal()),
                );
                for seed in 0..50 {
                    let board = asked.random_board(goal, seed);
                    let m = ManhattanSum::new(goal).estimate(board, goal);
                    let c = LinearConflict::new(goal).estimate(board, goal);
                    assert_eq!(manhattan.estimate(board, goal), m);
                    assert_eq!(conflict.estimate(board, goal), c);
                    assert_eq!(conflict.first(board, goal).0, c);
                    assert_eq!(
                        misplaced.estimate(board, goal),
                        Misplaced::new(goal).estimate(board, goal)
                    );
                    for mv in Move::ALL {
                        if let Some(child) = board.apply(mv) {
                            let m_child = ManhattanSum::new(goal).estimate(child, goal);
                            let c_child = LinearConflict::new(goal).estimate(child, goal);
                            assert_eq!(manhattan.next(board, m, (), child, goal).0, m_child);
                            let sums = conflict.first(board, goal).1;
                            assert_eq!(conflict.next(board, c, sums, child, goal).0, c_child);
                        }
                    }
                }
            }
        }
    }
}
