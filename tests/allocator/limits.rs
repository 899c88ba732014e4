//! Sizes in the input that would allocate hugely or overflow are typed errors, found before
//! any allocation that follows a number in the text rather than its length.

use crate::common::Claimed;
use crate::counting::{allocated_by, refusing_above};
use replan::grid::movingai::{parse_map, parse_scenarios, MovingAiErrorKind};
use replan::grid::{Connectivity, Grid, GridError};
use replan::puzzle::{PuzzleError, SlidingPuzzle, TileBoard};
use replan::{AStar, Bfs, PlanError, Planner};

/// Far below any grid or list sized by the numbers in these inputs.
const SMALL: usize = 64 * 1024;

#[test]
fn map_header_with_four_billion_columns_is_an_error() {
    let text = "type octile\nheight 1\nwidth 4000000000\nmap\n....\n";
    let (result, bytes) = allocated_by(|| parse_map(text));
    let err = result.unwrap_err();
    assert_eq!(err.line, 5);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::RowLength {
            row: 0,
            found: 4,
            expected: 4_000_000_000
        }
    ));
    assert!(bytes < SMALL, "{bytes} bytes allocated");

    // With no rows to measure, the header alone may not size the grid.
    for width in ["4000000000", "1000000000"] {
        let text = format!("type octile\nheight 0\nwidth {width}\nmap\n");
        let (result, bytes) = allocated_by(|| parse_map(&text));
        let err = result.unwrap_err();
        assert_eq!(err.line, 2, "width {width}");
        assert!(matches!(
            err.kind,
            MovingAiErrorKind::BadHeader {
                expected: "height <rows>",
                ..
            }
        ));
        assert!(bytes < SMALL, "width {width}: {bytes} bytes allocated");
    }
}

#[test]
fn map_header_with_four_billion_rows_is_an_error() {
    let text = "type octile\nheight 4000000000\nwidth 3\nmap\n...\n.@.\n";
    let (result, bytes) = allocated_by(|| parse_map(text));
    let err = result.unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::TooFewRows {
            found: 2,
            expected: 4_000_000_000
        }
    ));
    assert!(bytes < SMALL, "{bytes} bytes allocated");
    let err = parse_map("type octile\nheight 3\nwidth 0\nmap\n\n\n\n").unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadHeader {
            expected: "width <columns>",
            ..
        }
    ));
}

#[test]
fn map_header_numbers_beyond_u32_are_errors() {
    for (line, text) in [
        (2, "type octile\nheight 5000000000\nwidth 3\nmap\n...\n"),
        (
            3,
            "type octile\nheight 1\nwidth 99999999999999999999999\nmap\n...\n",
        ),
        (2, "type octile\nheight -1\nwidth 3\nmap\n...\n"),
    ] {
        let err = parse_map(text).unwrap_err();
        assert_eq!(err.line, line, "{text:?}");
        assert!(
            matches!(err.kind, MovingAiErrorKind::BadHeader { .. }),
            "{text:?}"
        );
    }
}

#[test]
fn truncated_maps_are_errors() {
    let whole = "type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n....\n";
    assert!(parse_map(whole).is_ok());
    // Every proper prefix of the file is refused, wherever the cut falls: in the header,
    // in a row, or between rows.
    for end in 0..whole.trim_end().len() {
        let cut = &whole[..end];
        assert!(parse_map(cut).is_err(), "{cut:?} parsed");
    }
    let err = parse_map("type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n").unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::TooFewRows {
            found: 2,
            expected: 3
        }
    ));
    assert_eq!(err.line, 7);
    let err = parse_map("type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n..").unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::RowLength {
            row: 2,
            found: 2,
            expected: 4
        }
    ));
    let err = parse_map("type octile\nheight 3\nwidth 4\n").unwrap_err();
    assert_eq!(err.line, 4);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadHeader {
            expected: "map",
            ..
        }
    ));
}

#[test]
fn scenario_numbers_beyond_u32_are_errors() {
    let err = parse_scenarios("version 1\n0 m 4294967296 4 0 0 1 1 1.4\n").unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadNumber { field: "width", .. }
    ));
    let err = parse_scenarios("version 1\n0 m 4 4 0 0 1 1 1e400\n").unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadNumber {
            field: "optimal_length",
            ..
        }
    ));
}

#[test]
fn puzzle_line_of_ten_thousand_numbers_is_an_error() {
    let line = (0..10_000)
        .map(|i| (i % 16).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let (result, bytes) = allocated_by(|| line.parse::<TileBoard>());
    assert_eq!(result, Err(PuzzleError::UnknownSize { found: 10_000 }));
    assert!(bytes < SMALL, "{bytes} bytes allocated");

    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let (result, bytes) = allocated_by(|| puzzle.parse(&line));
    assert_eq!(
        result,
        Err(PuzzleError::WrongTileCount {
            width: 4,
            height: 4,
            expected: 16,
            found: 10_000
        })
    );
    assert!(bytes < SMALL, "{bytes} bytes allocated");

    let tiles = vec![0_u8; 10_000];
    let (result, bytes) = allocated_by(|| puzzle.board(&tiles));
    assert_eq!(
        result,
        Err(PuzzleError::WrongTileCount {
            width: 4,
            height: 4,
            expected: 16,
            found: 10_000
        })
    );
    assert!(bytes < SMALL, "{bytes} bytes allocated");
}

#[test]
fn puzzle_text_of_ten_thousand_lines_is_an_error() {
    let one_a_line = (0..10_000)
        .map(|i| (i % 16).to_string())
        .collect::<Vec<_>>()
        .join("\n");
    let (result, bytes) = allocated_by(|| one_a_line.parse::<TileBoard>());
    assert_eq!(
        result,
        Err(PuzzleError::BadSize {
            width: 1,
            height: 10_000
        })
    );
    assert!(bytes < SMALL, "{bytes} bytes allocated");

    let pairs = (0..5_000).map(|_| "1 2").collect::<Vec<_>>().join("\n");
    let (result, bytes) = allocated_by(|| SlidingPuzzle::new(2, 2).unwrap().parse(&pairs));
    assert_eq!(
        result,
        Err(PuzzleError::WrongTileCount {
            width: 2,
            height: 2,
            expected: 4,
            found: 10_000
        })
    );
    assert!(bytes < SMALL, "{bytes} bytes allocated");
}

#[test]
fn puzzle_numbers_beyond_every_integer_type_are_errors() {
    let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    let huge = "1".repeat(60);
    assert_eq!(
        puzzle.parse(&format!("{huge} 1 2 0")),
        Err(PuzzleError::NotANumber { token: huge })
    );
    assert_eq!(
        puzzle.parse("170141183460469231731687303715884105727 1 2 0"),
        Err(PuzzleError::OutOfRange {
            value: i128::MAX,
            max: 3
        })
    );
    assert_eq!(
        puzzle.parse("-170141183460469231731687303715884105728 1 2 0"),
        Err(PuzzleError::OutOfRange {
            value: i128::MIN,
            max: 3
        })
    );
}

#[test]
fn grid_picture_sized_by_its_text_not_its_first_row() {
    // A long first row over many one-cell rows: the grid it would imply is 2,000 × 2,000
    // cells, the text a few kilobytes; the ragged second row is found before allocating.
    let picture = format!("{}\n{}", ".".repeat(2_000), ".\n".repeat(1_999));
    let (result, bytes) = allocated_by(|| picture.parse::<Grid>());
    assert!(
        matches!(result, Err(GridError::Parse { line: 2, .. })),
        "{result:?}"
    );
    // The line table takes a few words a line; the grid itself would take 8 MB.
    assert!(bytes < 32 * picture.len(), "{bytes} bytes allocated");
}

/// On a system that will not grant the memory a size asks for, the size is a typed error,
/// not an abort: the tables such sizes claim are allocated zeroed, which cannot fail
/// softly, so their size is asked for first in a way that can.
#[test]
fn sizes_the_system_refuses_are_errors_not_aborts() {
    const CEILING: usize = 16 << 20;
    // 10,002 × 10,002 cells at two bytes each: 200 MB.
    let huge = refusing_above(CEILING, || {
        Grid::try_open(10_000, 10_000, Connectivity::Four)
    });
    assert!(
        matches!(
            huge,
            Err(GridError::OutOfMemory {
                width: 10_000,
                height: 10_000,
                ..
            })
        ),
        "{huge:?}"
    );
    let small = refusing_above(CEILING, || Grid::try_open(100, 100, Connectivity::Four));
    assert_eq!(small.map(|grid| grid.width()), Ok(100));

    // Four billion records of a cost and a parent, claimed by the graph's bound.
    let astar = refusing_above(CEILING, || AStar::dijkstra().plan(&Claimed, 0, 9));
    assert!(
        matches!(astar, Err(PlanError::OutOfMemory { bytes }) if bytes >= 32_000_000_000),
        "{astar:?}"
    );
    let bfs = refusing_above(CEILING, || Bfs::new().plan(&Claimed, 0, 9));
    assert!(matches!(bfs, Err(PlanError::OutOfMemory { .. })), "{bfs:?}");
}
