//! The names a game imports together: the prelude and every domain's glob import compile
//! side by side, and each name below means one item. A name that two globs bring in as two
//! different items is an error only where it is used, so every public name a domain shares
//! with another (`Cell`, the boards, the heuristics, the moves, the solutions, the side limits) is used here.

use replan::duel::*;
use replan::grid::*;
use replan::mapf::*;
use replan::prelude::*;
use replan::puzzle::*;
use replan::snake::*;

#[test]
fn prelude_and_domains_glob_import_together() {
    let grid: Grid = "....".parse().unwrap();
    let query = Query::new((0, 0), Goal::Node((3, 0)));
    let outcome: Outcome<(u32, u32), f64> = AStar::new(Octile).search(&grid, &query).unwrap();
    assert!(outcome.is_reached());
    assert_eq!(
        AStar::new(Manhattan)
            .search(&grid, &query)
            .unwrap()
            .path()
            .cost,
        3.0
    );
    let step = StepOutcome::Moved;
    assert!(!step.is_over());
    let cell: Cell = (1, 2);
    assert_eq!(cell, (1, 2));
    assert_eq!((Board::MIN_SIDE, Board::MAX_SIDE), (2, 255));
    assert_eq!((DuelBoard::MIN_SIDE, DuelBoard::MAX_SIDE), (10, 16));
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let start: TileBoard = "1 2 3\n4 5 6\n0 7 8".parse().unwrap();
    assert_eq!(
        ManhattanSum::new(puzzle.goal()).estimate(start, puzzle.goal()),
        2
    );
    assert_eq!(Move::Up.letter(), 'U');
    let _: Option<UnitMove> = None;
    let _: Option<Solution> = None;
    let _: Option<PuzzleSolution> = None;
    let _: Option<Direction> = None;
    let _: Option<PlanError> = None;
}
