//! Inputs the fuzz targets (`fuzz/`) once failed on, fed to the same parsers and checks so
//! they stay fixed. Each file under `tests/fuzz_regressions/` is the input as the fuzzer
//! wrote it.

use replan::grid::movingai::{parse_map, MovingAiErrorKind};
use replan::grid::{Cell, Connectivity, Grid, Octile};
use replan::{AStar, Planner};

use crate::common;

/// A header of height 0 has no rows to check the width against, so the width alone sized
/// the grid: `width 1000000000` allocated gigabytes for an empty map. Now it is an error.
#[test]
fn map_of_height_zero_is_an_error() {
    let text = include_str!("fuzz_regressions/movingai_map_zero_height.map");
    assert!(text.contains("height 0"));
    let err = parse_map(text).unwrap_err();
    assert_eq!(err.line, 2);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadHeader {
            expected: "height <rows>",
            ..
        }
    ));
}

/// On this weighted 8-connected picture, routes of equal cost reach a cell with sums of
/// √2 that differ in the last bits, and A* reopens a cell when the cheaper rounding
/// arrives. It expands a few cells twice (113 expansions on 110 cells) but must still agree
/// with Dijkstra and return a valid walk.
#[test]
fn weighted_picture_with_rounding_ties_agrees_with_dijkstra() {
    let text = include_str!("fuzz_regressions/grid_picture_weighted_reopening.txt");
    let grid = text
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
    let cells = grid.width() * grid.height();
    let passable: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&cell| grid.is_passable(cell))
        .collect();
    let (start, goal) = (passable[0], *passable.last().unwrap());
    let astar = AStar::new(Octile).plan(&grid, start, goal).unwrap();
    let dijkstra = AStar::dijkstra().plan(&grid, start, goal).unwrap();
    assert!(
        common::close(astar.cost, dijkstra.cost),
        "{} vs {}",
        astar.cost,
        dijkstra.cost
    );
    common::check_walk(&grid, &astar, start, goal).unwrap();
    assert!(
        astar.stats.expanded <= 2 * u64::from(cells),
        "{} expansions on {cells} cells",
        astar.stats.expanded
    );
}
