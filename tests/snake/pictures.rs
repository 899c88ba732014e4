//! Every ASCII map of the crate is read by one picture reader: the grid and the snake board
//! find the same rows and report an error at the same line and column, counted in
//! characters of the line as written, indentation included.

use replan::grid::{Grid, GridError};
use replan::snake::{Board, SnakeError};

fn grid_error(text: &str) -> GridError {
    text.parse::<Grid>()
        .expect_err("the grid refuses the picture")
}

fn board_error(text: &str) -> SnakeError {
    text.parse::<Board>()
        .expect_err("the board refuses the picture")
}

/// The 1-based line and column of the first character `bad`, counted in characters of the
/// line as written.
fn position_of(text: &str, bad: char) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(line, row)| {
            row.chars()
                .position(|c| c == bad)
                .map(|column| (line + 1, column + 1))
        })
        .expect("the picture holds the character")
}

/// Both domains refuse `text` with a `Parse` error at `line` and `column`; returns the two
/// errors as printed ("line L, column C: message"), grid first.
fn both_refuse_at(text: &str, line: usize, column: usize) -> (String, String) {
    let (grid, board) = (grid_error(text), board_error(text));
    let (
        GridError::Parse {
            line: gl,
            column: gc,
            ..
        },
        SnakeError::Parse {
            line: bl,
            column: bc,
            ..
        },
    ) = (&grid, &board)
    else {
        panic!("not a parse error: {grid} / {board}");
    };
    assert_eq!(
        [(*gl, *gc), (*bl, *bc)],
        [(line, column); 2],
        "{grid} / {board}"
    );
    (grid.to_string(), board.to_string())
}

#[test]
fn an_indented_bad_character_has_the_same_column_in_both_domains() {
    let text = "
        ....
        ..x.
        ....";
    assert_eq!(position_of(text, 'x'), (3, 11));
    let (grid, board) = both_refuse_at(text, 3, 11);
    assert!(grid.contains("unknown character 'x'"), "{grid}");
    assert!(board.contains("unknown character 'x'"), "{board}");
}

#[test]
fn a_ragged_indented_row_has_the_same_error_in_both_domains() {
    // The short row ends after two cells: the error points just past them.
    let (grid, board) = both_refuse_at("\n    ...\n      ..\n    ...", 3, 9);
    assert!(grid.contains("row 1 has 2 cells"), "{grid}");
    assert_eq!(board, grid, "the same words for the same fault");
}

#[test]
fn tabs_and_mixed_indentation_count_as_one_column_each() {
    let text = "\t..\n \t.?";
    assert_eq!(position_of(text, '?'), (2, 4));
    both_refuse_at(text, 2, 4);
}

#[test]
fn a_picture_with_no_rows_is_an_error_at_its_start_in_both_domains() {
    for text in ["", "   \n\n \t "] {
        let (grid, board) = both_refuse_at(text, 1, 1);
        assert!(grid.ends_with("the picture has no rows"), "{grid}");
        assert_eq!(board, grid);
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
