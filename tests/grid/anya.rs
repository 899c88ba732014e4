//! Anya: on small random maps its length equals the exact any-angle optimum found by brute
//! force over a visibility graph of obstacle corners, every segment keeps clear of blocked
//! cells in the limit (an independent segment test), it is never longer than Theta*, and it
//! finds a path exactly when A* does; bad input gives typed errors; on Moving AI maps its
//! paths are valid and never longer than the published 8-connected optima.

use crate::common;

use common::exact_any_angle::{exact_any_angle, free_in_limit, random_map};
use proptest::prelude::*;
use replan::grid::{Anya, Cell, Connectivity, Grid, Octile, ThetaStar};
use replan::{AStar, Budgeted, PlanError, Planner};

/// A point in cell units as doubled integer coordinates, the brute force's units. Anya's
/// points are corners and centres, so doubling is exact.
fn doubled((x, y): (f64, f64)) -> (i64, i64) {
    let (dx, dy) = (2.0 * x, 2.0 * y);
    assert!(
        dx.fract() == 0.0 && dy.fract() == 0.0,
        "({x}, {y}) off the lattice"
    );
    (dx as i64, dy as i64)
}

/// Runs Anya (both entry points) on one query and checks it against the brute force,
/// Theta* and A*.
fn check(grid: &Grid, start: Cell, goal: Cell) -> Result<(), TestCaseError> {
    let mut anya = Anya::new();
    let points = anya.plan_points(grid, start, goal);
    let cells = anya.plan(grid, start, goal);
    let exact = exact_any_angle(grid, start, goal);
    let octile = AStar::new(Octile).plan(grid, start, goal);
    match (points, cells, exact) {
        (Err(PlanError::NoPath), Err(PlanError::NoPath), None) => {
            prop_assert_eq!(octile, Err(PlanError::NoPath));
        }
        (Ok(points), Ok(cells), Some(exact)) => {
            prop_assert!(octile.is_ok(), "A* found no path\n{}", grid);
            let centre = |(x, y): Cell| (f64::from(x) + 0.5, f64::from(y) + 0.5);
            prop_assert_eq!(points.nodes.first(), Some(&centre(start)));
            prop_assert_eq!(points.nodes.last(), Some(&centre(goal)));
            prop_assert!(
                (points.cost - exact).abs() < 1e-9,
                "anya {} exact {}: {:?}\n{}",
                points.cost,
                exact,
                points.nodes,
                grid
            );
            let mut length = 0.0;
            for pair in points.nodes.windows(2) {
                prop_assert!(
                    free_in_limit(grid, doubled(pair[0]), doubled(pair[1])),
                    "segment {:?} blocked\n{}",
                    pair,
                    grid
                );
                length += (pair[0].0 - pair[1].0).hypot(pair[0].1 - pair[1].1);
            }
            prop_assert!((length - points.cost).abs() < 1e-9);
            prop_assert_eq!(cells.cost, points.cost);
            prop_assert_eq!(
                &cells.nodes,
                &beside_corners(grid, start, goal, &points.nodes)
            );
            for &cell in &cells.nodes {
                prop_assert!(grid.is_passable(cell));
            }
            let theta = ThetaStar::new().plan(grid, start, goal).unwrap();
            prop_assert!(points.cost <= theta.cost + 1e-9);
        }
        (points, cells, exact) => {
            prop_assert!(
                false,
                "anya {:?} / {:?}, exact {:?}\n{}",
                points,
                cells,
                exact,
                grid
            );
        }
    }
    Ok(())
}

/// The cells `Planner::plan` promises for a corner polyline: the start, for each corner the
/// free cell diagonally across from its one blocked cell (cells off the grid count as
/// blocked), and the goal, a cell repeated in a row listed once.
fn beside_corners(grid: &Grid, start: Cell, goal: Cell, points: &[(f64, f64)]) -> Vec<Cell> {
    let blocked = |x: i64, y: i64| {
        x < 0
            || y < 0
            || x >= i64::from(grid.width())
            || y >= i64::from(grid.height())
            || !grid.is_passable((x as u32, y as u32))
    };
    let mut cells = vec![start];
    // A start that is the goal has a one-point polyline.
    for &(x, y) in points.iter().skip(1).take(points.len().saturating_sub(2)) {
        let (x, y) = (x as i64, y as i64);
        let around = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)];
        let lone: Vec<_> = around
            .into_iter()
            .filter(|&(cx, cy)| blocked(cx, cy))
            .collect();
        assert_eq!(lone.len(), 1, "corner ({x}, {y})");
        let (bx, by) = lone[0];
        cells.push(((2 * x - 1 - bx) as u32, (2 * y - 1 - by) as u32));
    }
    cells.push(goal);
    cells.dedup();
    cells
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn anya_is_exact_on_small_maps((grid, start, goal) in random_map(3..10, 0.25)) {
        check(&grid, start, goal)?;
    }

    #[test]
    fn anya_is_exact_on_dense_maps((grid, start, goal) in random_map(4..12, 0.4)) {
        check(&grid, start, goal)?;
    }
}

#[test]
fn open_grids_give_the_straight_segment() {
    let grid = Grid::open(7, 5, Connectivity::Four);
    let path = Anya::new().plan_points(&grid, (0, 4), (6, 1)).unwrap();
    assert_eq!(path.nodes, [(0.5, 4.5), (6.5, 1.5)]);
    assert!((path.cost - 45f64.sqrt()).abs() < 1e-12);
    let same = Anya::new().plan(&grid, (3, 3), (3, 3)).unwrap();
    assert_eq!(same.nodes, [(3, 3)]);
    assert_eq!(same.cost, 0.0);
}

#[test]
fn diagonal_pinches_are_not_squeezed_through() {
    // The only straight line runs through the point where the two walls meet.
    let grid: Grid = ".#\n#.".parse().unwrap();
    assert_eq!(
        Anya::new().plan_points(&grid, (0, 0), (1, 1)),
        Err(PlanError::NoPath)
    );
    let grid: Grid = "...\n.#.\n..#\n...".parse().unwrap();
    let path = Anya::new().plan_points(&grid, (0, 0), (2, 3)).unwrap();
    for pair in path.nodes.windows(2) {
        assert!(free_in_limit(&grid, doubled(pair[0]), doubled(pair[1])));
    }
    let exact = exact_any_angle(&grid, (0, 0), (2, 3)).unwrap();
    assert!((path.cost - exact).abs() < 1e-9);
}

#[test]
fn bad_input_gives_typed_errors() {
    let mut grid: Grid = "...\n.#.\n...".parse().unwrap();
    let mut anya = Anya::new();
    assert!(matches!(
        anya.plan(&grid, (1, 1), (0, 0)),
        Err(PlanError::InvalidStart { .. })
    ));
    assert!(matches!(
        anya.plan(&grid, (3, 0), (0, 0)),
        Err(PlanError::InvalidStart { .. })
    ));
    assert!(matches!(
        anya.plan_points(&grid, (0, 0), (1, 1)),
        Err(PlanError::InvalidGoal { .. })
    ));
    assert!(matches!(
        anya.plan(&grid, (0, 0), (0, 7)),
        Err(PlanError::InvalidGoal { .. })
    ));
    let walled: Grid = "..#..\n..#..".parse().unwrap();
    assert_eq!(anya.plan(&walled, (0, 0), (4, 1)), Err(PlanError::NoPath));
    anya.set_budget(Some(2));
    assert_eq!(anya.budget(), Some(2));
    assert_eq!(
        anya.plan(&grid, (0, 0), (2, 2)),
        Err(PlanError::BudgetExceeded { budget: 2 })
    );
    anya.set_budget(None);
    let path = anya.plan(&grid, (0, 0), (2, 2)).unwrap();
    assert!(path.stats.expanded > 2);
    assert_eq!(anya.last_stats(), path.stats);
    grid.set_weight((2, 2), 2.0).unwrap();
    assert!(matches!(
        anya.plan(&grid, (0, 0), (2, 2)),
        Err(PlanError::UnsupportedGraph { .. })
    ));
}

/// A sample of Moving AI scenarios: every tenth of each listed map's file (the files list
/// scenarios by increasing length, so the sample spans short and long queries), checked
/// for valid segments and a length never above the published octile optimum.
#[test]
fn moving_ai_paths_are_valid_and_beat_the_octile_optimum() {
    for (map, scen) in [
        (
            "movingai/maps/dao/den201d.map",
            "movingai/scenarios/dao/den201d.map.scen",
        ),
        (
            "movingai/maps/random/random512-10-0.map",
            "movingai/scenarios/random/random512-10-0.map.scen",
        ),
    ] {
        let Some(map) =
            common::data_path("moving_ai_paths_are_valid_and_beat_the_octile_optimum", map)
        else {
            return;
        };
        let Some(scen) = common::data_path(
            "moving_ai_paths_are_valid_and_beat_the_octile_optimum",
            scen,
        ) else {
            return;
        };
        let grid = replan::grid::movingai::read_map(&map).unwrap();
        let scenarios = replan::grid::movingai::read_scenarios(&scen).unwrap();
        let mut anya = Anya::new();
        for scenario in scenarios.iter().step_by(10) {
            let path = anya
                .plan_points(&grid, scenario.start, scenario.goal)
                .unwrap();
            assert!(path.cost <= scenario.optimal_length + 1e-3);
            for pair in path.nodes.windows(2) {
                assert!(free_in_limit(&grid, doubled(pair[0]), doubled(pair[1])));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Longer rows and more corners per interval than the small maps.
    #[test]
    fn anya_is_exact_on_larger_maps((grid, start, goal) in random_map(8..24, 0.2)) {
        check(&grid, start, goal)?;
    }
}

/// A square map whose top-left `corner × corner` block is symmetric about the main diagonal,
/// with the start on that diagonal inside the block: corners on the diagonal are reached
/// at exactly equal lengths from two mirrored directions, while the rest of the map, goal
/// included, is drawn freely, so only one of the two arrivals may lead on to the goal.
fn mirrored_start_map() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (5..12_u32)
        .prop_flat_map(|side| {
            (
                Just(side),
                3..=side,
                proptest::collection::vec(proptest::bool::weighted(0.25), (side * side) as usize),
                0..side,
                (0..side, 0..side),
            )
        })
        .prop_map(|(side, corner, blocked, start, goal)| {
            let start = (start % corner, start % corner);
            let mut grid = Grid::open(side, side, Connectivity::Eight);
            for y in 0..side {
                for x in 0..side {
                    // Inside the block a cell and its mirror image share one draw.
                    let (dx, dy) = if x < corner && y < corner && x > y {
                        (y, x)
                    } else {
                        (x, y)
                    };
                    let cell = (x, y);
                    if blocked[(dy * side + dx) as usize] && cell != start && cell != goal {
                        grid.set_blocked(cell, true).unwrap();
                    }
                }
            }
            (grid, start, goal)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Ties between two directions into one corner, where the corner must be cast for both.
    #[test]
    fn anya_is_exact_when_mirrored_routes_tie((grid, start, goal) in mirrored_start_map()) {
        check(&grid, start, goal)?;
    }
}
