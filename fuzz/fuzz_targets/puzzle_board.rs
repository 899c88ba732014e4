//! Puzzle boards: `TileBoard: FromStr` (size read from the text) and `SlidingPuzzle::parse`
//! (size given; the first byte picks it). Each returns an error or a permutation of the
//! board's tiles that prints and parses back to itself; an unsolvable board is refused by
//! `solve` without a search, and a solvable one is solved (or stops at the budget) by A*
//! with Manhattan and with linear conflict, which agree on the length, and the moves lead
//! from the board to the goal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::puzzle::{TileBoard, LinearConflict, ManhattanSum, PuzzleError, SlidingPuzzle};
use replan::{AStar, Budgeted, PlanError};

/// Enough for most 8-puzzle instances, little enough to keep an input fast.
const BUDGET: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let parsed = if size < 64 {
        text.parse::<TileBoard>()
    } else {
        let (width, height) = (usize::from(size & 7), usize::from((size >> 3) & 7));
        SlidingPuzzle::new(width, height).and_then(|puzzle| puzzle.parse(text))
    };
    let Ok(board) = parsed else {
        return;
    };
    let mut tiles = board.tiles();
    assert_eq!(tiles.len(), board.width() * board.height());
    tiles.sort_unstable();
    assert!(tiles.iter().enumerate().all(|(i, &t)| usize::from(t) == i));
    assert_eq!(board.to_string().parse::<TileBoard>(), Ok(board));

    let puzzle = SlidingPuzzle::new(board.width(), board.height()).expect("the board's size");
    let goal = puzzle.goal();
    let mut manhattan = AStar::new(ManhattanSum::new(goal)).with_budget(BUDGET);
    let solvable = puzzle.is_solvable(board, goal);
    match puzzle.solve(&mut manhattan, board, goal) {
        Err(PuzzleError::Unsolvable) => assert!(!solvable),
        Err(PuzzleError::Plan(PlanError::BudgetExceeded { .. })) => assert!(solvable),
        Err(other) => panic!("{other}"),
        Ok(solution) => {
            assert!(solvable);
            assert_eq!(solution.boards.first(), Some(&board));
            assert_eq!(solution.boards.last(), Some(&goal));
            assert_eq!(board.apply_all(&solution.moves), Some(goal));
            let mut conflict = AStar::new(LinearConflict::new(goal)).with_budget(BUDGET);
            if let Ok(other) = puzzle.solve(&mut conflict, board, goal) {
                assert_eq!(other.len(), solution.len());
            }
        }
    }
});
