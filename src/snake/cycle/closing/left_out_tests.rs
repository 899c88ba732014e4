use super::*;
use crate::snake::Snake;

/// On an odd board the left-out cell is an empty cell of the colour with one cell
/// more, never the food, and among those the cells with the fewest empty neighbours
/// are tried first: with the food on the corner (0, 0), the cycle leaves out the
/// corner (4, 0) rather than (2, 0), which comes first in the board's order but has
/// three empty neighbours.
#[test]
fn the_left_out_cell_is_an_empty_cell_of_the_larger_colour_fewest_neighbours_first() {
    let board = Board::new(5, 5).unwrap();
    let snake = Snake::new(5, 5, &[(2, 2), (2, 3)]);
    let mut cycle = ClosingCycle::default();
    assert!(cycle.close_position(&(&board, &snake), Some((0, 0)), 100_000));
    assert_eq!(cycle.left_out(), Some((4, 0)));
    // The body walls (2, 2) in on three sides, away from its head and its tail: no
    // path passes through it, so it is the only cell that can be left out. Counted
    // by the neighbours that are not walls it would come after every cell on the
    // board's edge, beyond the cells a search tries.
    let walled_in = Snake::new(
        5,
        5,
        &[(1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3)],
    );
    assert!(cycle.close_position(&(&board, &walled_in), Some((0, 0)), 100_000));
    assert_eq!(cycle.left_out(), Some((2, 2)));
    // Whatever the food and the body, the cell left out is empty, of the larger
    // colour and not the food.
    let mut closed = 0;
    for food in 0..board.cells() {
        let food = board.cell(food);
        if snake.occupied(food) {
            continue;
        }
        if cycle.close_position(&(&board, &snake), Some(food), 100_000) {
            closed += 1;
            let left_out = cycle.left_out().expect("an odd board leaves a cell out");
            assert!(
                left_out != food && !snake.occupied(left_out) && colour(left_out),
                "food {food:?}: left out {left_out:?}"
            );
        }
    }
    assert!(closed > 15, "{closed}");
}
