//! The names a game imports together: the prelude and every domain's glob import compile
//! side by side, and the prelude's query types are the ones a bare name means. Names two
//! domains both define (`Board`, `Manhattan`, `MAX_SIDE`, `MIN_SIDE`, `heuristics`) stay
//! ambiguous under two globs and are written with their domain's path.

use replan::duel::*;
use replan::grid::*;
use replan::prelude::*;
use replan::puzzle::*;
use replan::snake::*;

#[test]
fn prelude_and_domains_glob_import_together() {
    let grid: Grid = "....".parse().unwrap();
    let query = Query::new((0, 0), Goal::Node((3, 0)));
    let outcome: Outcome<(u32, u32), f64> = AStar::new(Octile).search(&grid, &query).unwrap();
    assert!(outcome.is_reached());
    let step = StepOutcome::Moved;
    assert!(!step.is_over());
    let _: Option<Direction> = None;
    let _: Option<SlidingPuzzle> = None;
    let _: Option<PlanError> = None;
    let _: Option<DuelBoard> = None;
}
