use super::*;
use crate::snake::Snake;

/// A search on a 5×5 board with a snake of two in the corner and `cells` marked on
/// its path; returns the search and the board.
fn with_path(cells: &[Cell]) -> (ClosingCycle, Board) {
    let board = Board::new(5, 5).unwrap();
    let snake = Snake::new(5, 5, &[(0, 0), (1, 0)]);
    let mut cycle = ClosingCycle::default();
    cycle.prepare(&(&board, &snake));
    for &cell in cells {
        cycle.taken[board.index(cell)] |= ON_PATH;
    }
    (cycle, board)
}

/// A step whose empty neighbours are joined round the eight cells about it splits
/// nothing, and is let through without a fill.
#[test]
fn a_step_with_its_neighbours_joined_round_it_needs_no_fill() {
    let (mut cycle, board) = with_path(&[(2, 2)]);
    assert!(cycle.rest_connected(board.index((2, 2)), 25 - 2 - 1));
    assert!(cycle.fill.is_empty(), "a fill ran");
}

/// A step into the one open cell of a wall across the board leaves its two sides apart;
/// fills of each side count that side alone, whatever the queue held before. A step
/// whose neighbours fall in two pieces round it but meet round an obstacle splits
/// nothing, which a fill finds.
#[test]
fn a_step_through_a_gap_in_a_wall_splits_the_board() {
    // The column x = 2 on the path but for the gap (2, 2), now entered. Left of it
    // eight empty cells (the snake covers two), right of it ten.
    let (left, right) = (8, 10);
    let (mut cycle, board) = with_path(&[(2, 0), (2, 1), (2, 3), (2, 4), (2, 2)]);
    assert!(!cycle.rest_connected(board.index((2, 2)), left + right));
    assert!(!cycle.fill.is_empty(), "no fill ran");
    for (cell, expected) in [((0, 4), left), ((4, 4), right), ((1, 2), left)] {
        assert_eq!(
            cycle.reachable_from(board.index(cell)),
            expected,
            "{cell:?}"
        );
        assert!(cycle.taken.iter().all(|&mark| mark & FILLED == 0));
    }
    // One cell (2, 2) on the path and a step into (2, 1) above it: the neighbours left
    // of the step and above it are apart round it, and meet below (2, 2).
    let (mut cycle, board) = with_path(&[(2, 2), (2, 1)]);
    assert!(cycle.rest_connected(board.index((2, 1)), 25 - 2 - 2));
    assert!(!cycle.fill.is_empty(), "no fill ran");
}
