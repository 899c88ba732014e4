//! Every ASCII map of the crate is read by one picture reader: the grid and the snake board
//! find the same rows and report an error at the same line and column, counted in
//! characters of the line as written, indentation included.

use replan::grid::{Grid, GridError};
use replan::snake::{Board, SnakeError};

/// The line and column of a picture error, from either domain.
fn grid_error_at(text: &str) -> (usize, usize, String) {
    match text.parse::<Grid>() {
        Err(GridError::Parse {
            line,
            column,
            message,
        }) => (line, column, message),
        other => panic!("expected a parse error for {text:?}, got {other:?}"),
    }
}

fn board_error_at(text: &str) -> (usize, usize, String) {
    match text.parse::<Board>() {
        Err(SnakeError::Parse {
            line,
            column,
            message,
        }) => (line, column, message),
        other => panic!("expected a parse error for {text:?}, got {other:?}"),
    }
}

/// The column of the first character `bad` on the line it is on, 1-based, counted in
/// characters of the line as written.
fn column_of(text: &str, bad: char) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(line, row)| {
            row.chars()
                .position(|c| c == bad)
                .map(|column| (line + 1, column + 1))
        })
        .expect("the picture holds the character")
}

#[test]
fn an_indented_bad_character_has_the_same_column_in_both_domains() {
    let text = "
        ....
        ..x.
        ....";
    let (grid_line, grid_column, grid_message) = grid_error_at(text);
    let (board_line, board_column, board_message) = board_error_at(text);
    assert_eq!((grid_line, grid_column), column_of(text, 'x'));
    assert_eq!((board_line, board_column), (grid_line, grid_column));
    assert_eq!((grid_line, grid_column), (3, 11));
    assert!(grid_message.contains("'x'"), "{grid_message}");
    assert!(board_message.contains("'x'"), "{board_message}");
}

#[test]
fn a_ragged_indented_row_has_the_same_column_in_both_domains() {
    // The short row ends after two cells: the error points just past them.
    let text = "\n    ...\n      ..\n    ...";
    let grid = grid_error_at(text);
    let board = board_error_at(text);
    assert_eq!((grid.0, grid.1), (3, 9));
    assert_eq!((board.0, board.1), (grid.0, grid.1));
    assert_eq!(board.2, grid.2, "the same words for the same fault");
}

#[test]
fn tabs_and_mixed_indentation_count_as_one_column_each() {
    let text = "\t..\n \t.?";
    assert_eq!(column_of(text, '?'), (2, 4));
    let grid = grid_error_at(text);
    let board = board_error_at(text);
    assert_eq!((grid.0, grid.1), (2, 4));
    assert_eq!((board.0, board.1), (2, 4));
}

#[test]
fn a_picture_with_no_rows_is_an_error_at_its_start_in_both_domains() {
    for text in ["", "   \n\n \t "] {
        let grid = grid_error_at(text);
        let board = board_error_at(text);
        assert_eq!((grid.0, grid.1), (1, 1));
        assert_eq!(grid, board);
    }
}

#[test]
fn both_domains_read_the_same_rows_from_an_indented_picture() {
    let text = "

        #..#
        ....
        .##.
    ";
    let grid: Grid = text.parse().unwrap();
    let board: Board = text.parse().unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 3));
    assert_eq!((board.width(), board.height()), (4, 3));
    for y in 0..3 {
        for x in 0..4 {
            assert_eq!(
                grid.is_passable((x, y)),
                !board.is_wall((x, y)),
                "cell ({x}, {y})"
            );
        }
    }
}
