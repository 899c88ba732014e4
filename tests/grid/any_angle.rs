//! Theta*, Lazy Theta* and string pulling: every segment keeps line of sight (checked by an
//! independent segment-square test), costs never exceed the 8-connected optimum, and on small
//! random maps the paths are compared with the exact Euclidean shortest path, found by brute
//! force over a visibility graph of obstacle corners.

use crate::common;

use common::exact_any_angle::{centre, exact_any_angle, random_map};

use proptest::prelude::*;
use replan::grid::{
    path_length, smooth_path, Cell, Connectivity, Grid, LazyThetaStar, Octile, ThetaStar,
};
use replan::{AStar, Budgeted, PlanError, Planner};

/// Whether the closed segment `p`–`q` meets the closed square of `cell`, by separating axes:
/// the bounding boxes must overlap and the square's corners must not all lie strictly on one
/// side of the segment's line. Exact in integers.
fn segment_meets_cell(p: (i64, i64), q: (i64, i64), (x, y): (i64, i64)) -> bool {
    let (left, right, top, bottom) = (2 * x, 2 * x + 2, 2 * y, 2 * y + 2);
    if p.0.max(q.0) < left || p.0.min(q.0) > right || p.1.max(q.1) < top || p.1.min(q.1) > bottom {
        return false;
    }
    let side =
        |(cx, cy): (i64, i64)| ((q.0 - p.0) * (cy - p.1) - (q.1 - p.1) * (cx - p.0)).signum();
    let sides = [
        side((left, top)),
        side((right, top)),
        side((left, bottom)),
        side((right, bottom)),
    ];
    !(sides.iter().all(|&s| s > 0) || sides.iter().all(|&s| s < 0))
}

/// Line of sight by brute force: no blocked cell of the grid (nor any cell off it) meets the
/// segment between the two centres.
fn sees(grid: &Grid, a: Cell, b: Cell) -> bool {
    let (p, q) = (centre(a), centre(b));
    let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
    for y in -1..=h {
        for x in -1..=w {
            let open = x >= 0 && y >= 0 && grid.is_passable((x as u32, y as u32));
            if !open && segment_meets_cell(p, q, (x, y)) {
                return false;
            }
        }
    }
    true
}

/// The length of the shortest polyline from `start` to `goal` whose vertices are cell centres
/// and whose segments all have line of sight: the best path any planner on centres with this
/// rule can return. Dijkstra over the complete visibility graph of the open cells.
fn exact_over_centres(grid: &Grid, start: Cell, goal: Cell) -> Option<f64> {
    let cells: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&c| grid.is_passable(c))
        .collect();
    let length =
        |a: Cell, b: Cell| (f64::from(a.0.abs_diff(b.0))).hypot(f64::from(a.1.abs_diff(b.1)));
    let mut best = vec![f64::INFINITY; cells.len()];
    let mut done = vec![false; cells.len()];
    best[cells.iter().position(|&c| c == start)?] = 0.0;
    loop {
        let next = (0..cells.len())
            .filter(|&i| !done[i] && best[i].is_finite())
            .min_by(|&a, &b| best[a].total_cmp(&best[b]))?;
        if cells[next] == goal {
            return Some(best[next]);
        }
        done[next] = true;
        for other in 0..cells.len() {
            if !done[other] && sees(grid, cells[next], cells[other]) {
                let through = best[next] + length(cells[next], cells[other]);
                best[other] = best[other].min(through);
            }
        }
    }
}

/// A planner's name, the planner, and the ratios measured for it.
type Measured = (&'static str, Box<dyn Planner<Grid>>, Vec<f64>);

/// A small random map with open endpoints.
fn small_map() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    random_map(3..10, 0.25)
}

/// A larger, sparser map with two open cells far apart: long segments, whose cells the
/// line-of-sight test reads in runs of many per row or column, shallow, steep and diagonal.
fn sparse_map() -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (8u32..48, 8u32..48)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec((0..w, 0..h), 0..6),
                (0..w, 0..h),
                (0..w, 0..h),
            )
        })
        .prop_map(|((w, h), blocked, start, goal)| {
            let mut grid = Grid::open(w, h, Connectivity::Eight);
            for cell in blocked {
                if cell != start && cell != goal {
                    grid.set_blocked(cell, true).unwrap();
                }
            }
            (grid, start, goal)
        })
}

/// Checks an any-angle result against A* on the same query; returns the path's nodes.
fn check_against_octile(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    result: Result<replan::Path<Cell, f64>, PlanError>,
) -> Result<Option<Vec<Cell>>, TestCaseError> {
    let octile = AStar::new(Octile).plan(grid, start, goal);
    match (result, octile) {
        (Err(PlanError::NoPath), Err(PlanError::NoPath)) => Ok(None),
        (Ok(path), Ok(octile)) => {
            prop_assert_eq!(path.nodes.first(), Some(&start));
            prop_assert_eq!(path.nodes.last(), Some(&goal));
            for pair in path.nodes.windows(2) {
                prop_assert!(
                    sees(grid, pair[0], pair[1]),
                    "{:?} lacks sight\n{}",
                    pair,
                    grid
                );
                prop_assert!(grid.has_line_of_sight(pair[0], pair[1]));
            }
            prop_assert!((path.cost - path_length(&path.nodes)).abs() < 1e-9);
            if start != goal && sees(grid, start, goal) {
                // The straight segment is the shortest path of all, found with no search.
                prop_assert_eq!(&path.nodes, &vec![start, goal]);
                prop_assert_eq!(path.stats.expanded, 0);
            }
            prop_assert!(
                path.cost <= octile.cost + 1e-9,
                "any-angle {} above octile {}\n{}",
                path.cost,
                octile.cost,
                grid
            );
            Ok(Some(path.nodes))
        }
        (ours, theirs) => {
            prop_assert!(false, "any-angle {:?}, A* {:?}", ours, theirs);
            unreachable!()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn line_of_sight_matches_the_segment_square_test(
        (grid, a, b) in small_map()
    ) {
        prop_assert_eq!(grid.has_line_of_sight(a, b), sees(&grid, a, b));
        prop_assert_eq!(grid.has_line_of_sight(b, a), sees(&grid, a, b));
    }

    #[test]
    fn line_of_sight_matches_the_segment_square_test_over_long_segments(
        (grid, a, b) in sparse_map()
    ) {
        prop_assert_eq!(grid.has_line_of_sight(a, b), sees(&grid, a, b));
        prop_assert_eq!(grid.has_line_of_sight(b, a), sees(&grid, a, b));
    }

    #[test]
    fn theta_star_paths_see_along_every_segment((grid, start, goal) in small_map()) {
        let result = ThetaStar::new().plan(&grid, start, goal);
        check_against_octile(&grid, start, goal, result)?;
    }

    #[test]
    fn lazy_theta_star_paths_see_along_every_segment((grid, start, goal) in small_map()) {
        let result = LazyThetaStar::new().plan(&grid, start, goal);
        check_against_octile(&grid, start, goal, result)?;
    }

    #[test]
    fn any_angle_paths_on_larger_maps_keep_sight_and_the_octile_bound(
        (grid, start, goal) in random_map(10..28, 0.2)
    ) {
        let result = ThetaStar::new().plan(&grid, start, goal);
        check_against_octile(&grid, start, goal, result)?;
        let result = LazyThetaStar::new().plan(&grid, start, goal);
        check_against_octile(&grid, start, goal, result)?;
    }

    #[test]
    fn smoothing_keeps_sight_and_never_lengthens((grid, start, goal) in small_map()) {
        if let Ok(path) = AStar::new(Octile).plan(&grid, start, goal) {
            let smooth = smooth_path(&grid, &path.nodes);
            prop_assert_eq!(smooth.first(), Some(&start));
            prop_assert_eq!(smooth.last(), Some(&goal));
            for pair in smooth.windows(2) {
                prop_assert!(sees(&grid, pair[0], pair[1]));
            }
            prop_assert!(path_length(&smooth) <= path.cost + 1e-9);
            // Every kept cell is one of the path's, in order.
            let mut rest = path.nodes.iter();
            for cell in &smooth {
                prop_assert!(rest.any(|c| c == cell));
            }
        }
    }
}

/// Theta* and Lazy Theta* (and A* with smoothing) on seeded random maps against two optima:
/// the shortest path with vertices at cell centres (what a planner on centres can at best
/// return: never below it, within a few percent on average), and the shortest path in the
/// plane around the blocked squares (a lower bound; paths through centres keep half a cell
/// from corners, so on maps this small the gap is large). Run with `--nocapture` to see the
/// mean and worst ratios.
#[test]
fn theta_star_is_near_the_exact_any_angle_optimum() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(proptest::test_runner::RngAlgorithm::ChaCha, &[7; 32]),
    );
    let strategy = small_map();
    let mut planners: [Measured; 3] = [
        ("theta*", Box::new(ThetaStar::new()), vec![]),
        ("lazy theta*", Box::new(LazyThetaStar::new()), vec![]),
        ("a* + smoothing", Box::new(AStar::new(Octile)), vec![]),
    ];
    let mut corner_ratios: [Vec<f64>; 3] = Default::default();
    let mut queries = 0;
    while queries < 300 {
        let (grid, start, goal) = strategy.new_tree(&mut runner).unwrap().current();
        if start == goal {
            continue;
        }
        let Some(exact) = exact_over_centres(&grid, start, goal) else {
            continue;
        };
        let plane = exact_any_angle(&grid, start, goal).expect("reachable over centres");
        assert!(
            plane <= exact + 1e-9,
            "plane {plane} above centres {exact}\n{grid}"
        );
        queries += 1;
        for ((name, planner, ratios), corner) in planners.iter_mut().zip(&mut corner_ratios) {
            let path = planner.plan(&grid, start, goal).unwrap();
            let nodes = if name.starts_with("a*") {
                smooth_path(&grid, &path.nodes)
            } else {
                path.nodes
            };
            let length = path_length(&nodes);
            assert!(
                length >= exact - 1e-9 && length >= plane - 1e-9,
                "{name}: {length} below the exact optimum {exact}\n{grid}"
            );
            ratios.push(length / exact);
            corner.push(length / plane);
        }
    }
    let summary = |ratios: &[f64]| {
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        (mean, ratios.iter().copied().fold(1.0, f64::max))
    };
    for ((name, _, ratios), corner) in planners.iter().zip(&corner_ratios) {
        let (mean, worst) = summary(ratios);
        let (corner_mean, corner_worst) = summary(corner);
        println!(
            "{name}: {} queries; over centres mean {mean:.4} worst {worst:.4}; \
             in the plane mean {corner_mean:.4} worst {corner_worst:.4}",
            ratios.len()
        );
        assert!(mean < 1.05, "{name}: mean ratio {mean}");
    }
}

#[test]
fn weighted_grids_and_bad_endpoints_are_refused() {
    let mut grid: Grid = "...\n.#.\n...".parse().unwrap();
    let mut theta = ThetaStar::new();
    assert!(matches!(
        theta.plan(&grid, (1, 1), (0, 0)),
        Err(PlanError::InvalidStart { .. })
    ));
    assert!(matches!(
        theta.plan(&grid, (0, 0), (3, 0)),
        Err(PlanError::InvalidGoal { .. })
    ));
    grid.set_weight((2, 2), 2.0).unwrap();
    assert!(matches!(
        LazyThetaStar::new().plan(&grid, (0, 0), (2, 2)),
        Err(PlanError::UnsupportedGraph { .. })
    ));
}

#[test]
fn moving_ai_paths_keep_sight_and_beat_the_octile_optimum() {
    let Some(map) = common::data_path(
        "moving_ai_paths_keep_sight_and_beat_the_octile_optimum",
        "movingai/maps/dao/den201d.map",
    ) else {
        return;
    };
    let scen = map
        .parent()
        .unwrap()
        .join("../../scenarios/dao/den201d.map.scen");
    let grid = replan::grid::movingai::read_map(&map).unwrap();
    let scenarios = replan::grid::movingai::read_scenarios(&scen).unwrap();
    let mut theta = ThetaStar::new();
    let mut lazy = LazyThetaStar::new();
    for scenario in &scenarios {
        for path in [
            theta.plan(&grid, scenario.start, scenario.goal).unwrap(),
            lazy.plan(&grid, scenario.start, scenario.goal).unwrap(),
        ] {
            for pair in path.nodes.windows(2) {
                assert!(grid.has_line_of_sight(pair[0], pair[1]));
            }
            assert!(path.cost <= scenario.optimal_length + 1e-3);
        }
    }
}

/// A budget below what a search needs stops it with the budget in the error; the stats of a
/// finished search count its expansions.
fn check_budget_and_stats<P: Planner<Grid> + Budgeted>(mut make: impl FnMut() -> P) {
    // A wall between the start and the goal, so the start does not see the goal.
    let mut grid = Grid::open(30, 30, Connectivity::Eight);
    for y in 0..25 {
        grid.set_blocked((15, y), true).unwrap();
    }
    let (start, goal) = ((2, 3), (28, 2));
    let mut planner = make();
    let full = planner.plan(&grid, start, goal).unwrap();
    let needed = full.stats.expanded;
    assert!(needed > 10, "{needed} expansions");
    assert!(full.stats.generated >= needed);
    assert_eq!(planner.last_stats(), full.stats);

    let mut enough = make().with_budget(needed);
    assert_eq!(enough.budget(), Some(needed));
    assert_eq!(enough.plan(&grid, start, goal).unwrap(), full);
    let mut short = make().with_budget(needed - 1);
    assert_eq!(
        short.plan(&grid, start, goal),
        Err(PlanError::BudgetExceeded { budget: needed - 1 })
    );
    *short.budget_mut() = Some(1);
    assert_eq!(short.budget(), Some(1));
    assert_eq!(
        short.plan(&grid, start, goal),
        Err(PlanError::BudgetExceeded { budget: 1 })
    );
    *short.budget_mut() = None;
    assert_eq!(short.plan(&grid, start, goal).unwrap(), full);
}

#[test]
fn budgets_stop_searches_and_stats_count_their_expansions() {
    check_budget_and_stats(ThetaStar::new);
    check_budget_and_stats(LazyThetaStar::new);
}

/// Maps on which Lazy Theta* expanding a cell at once after its assumed parent proved out of
/// sight and its cost rose (as the paper does) returns a path longer than the 8-connected
/// optimum; the cell must go back to the frontier at its checked cost.
#[test]
fn a_failed_lazy_assumption_never_lengthens_the_path_beyond_the_octile_optimum() {
    let cases = [
        (
            ".....\n.....\n##...\n.....\n...##\n.....\n.....",
            (4, 6),
            (0, 0),
        ),
        (
            "..........\n..........\n..........\n....#.....\n.....#....\n\
             .....#....\n.....#....\n..........\n.......#..\n........#.",
            (9, 9),
            (0, 3),
        ),
    ];
    for (picture, start, goal) in cases {
        let grid = picture
            .parse::<Grid>()
            .unwrap()
            .with_connectivity(Connectivity::Eight);
        let octile = AStar::new(Octile).plan(&grid, start, goal).unwrap().cost;
        for path in [
            LazyThetaStar::new().plan(&grid, start, goal).unwrap(),
            ThetaStar::new().plan(&grid, start, goal).unwrap(),
        ] {
            assert!(path.cost <= octile + 1e-9, "{} > {octile}", path.cost);
            assert!(
                path.cost < octile - 0.1,
                "{} saves nothing on {octile}",
                path.cost
            );
        }
    }
}

/// Lazy Theta* tests some segments when it generates a cell (near walls) and then trusts
/// them when the cell is popped: in a serpentine of one-cell corridors, where every cell
/// touches a wall and every shortcut across a bend is blocked, each segment must still be
/// in sight and the path no longer than A*'s walk, which is the optimum there.
#[test]
fn segments_tested_when_generated_keep_sight_in_one_cell_corridors() {
    // Corridors on even rows, joined at alternate ends.
    let (width, height) = (23, 15);
    let mut grid = Grid::open(width, height, Connectivity::Eight);
    for y in (1..height).step_by(2) {
        let gap = if y % 4 == 1 { width - 1 } else { 0 };
        for x in (0..width).filter(|&x| x != gap) {
            grid.set_blocked((x, y), true).unwrap();
        }
    }
    let queries = [
        ((0, 0), (0, height - 1)),
        ((5, 0), (17, height - 1)),
        ((width - 1, 2), (3, 10)),
        ((11, 4), (11, 6)),
    ];
    for (start, goal) in queries {
        let octile = AStar::new(Octile).plan(&grid, start, goal).unwrap().cost;
        let path = LazyThetaStar::new().plan(&grid, start, goal).unwrap();
        for pair in path.nodes.windows(2) {
            assert!(
                sees(&grid, pair[0], pair[1]),
                "{:?} in {:?}",
                pair,
                path.nodes
            );
        }
        assert!((path_length(&path.nodes) - path.cost).abs() < 1e-9);
        assert!(
            (path.cost - octile).abs() < 1e-9,
            "{} against {octile}",
            path.cost
        );
    }
}

/// Once a cell at an obstacle's corner sees the goal, the goal is offered the straight
/// segment from it, and the search ends without expanding the open ground between: here a
/// wall hides a goal 50 columns away; rounding its end takes about 80 expansions, walking
/// the open ground to the goal cell by cell another 50.
#[test]
fn a_corner_in_sight_of_the_goal_ends_the_search() {
    let mut grid = Grid::open(64, 21, Connectivity::Eight);
    for y in 0..15 {
        grid.set_blocked((6, y), true).unwrap();
    }
    let (start, goal) = ((2, 2), (58, 3));
    let octile = AStar::new(Octile).plan(&grid, start, goal).unwrap().cost;
    let mut theta = ThetaStar::new();
    let mut lazy = LazyThetaStar::new();
    for (name, path) in [
        ("theta", theta.plan(&grid, start, goal).unwrap()),
        ("lazy", lazy.plan(&grid, start, goal).unwrap()),
    ] {
        for pair in path.nodes.windows(2) {
            assert!(sees(&grid, pair[0], pair[1]), "{name}: {:?}", path.nodes);
        }
        assert!(
            (path_length(&path.nodes) - path.cost).abs() < 1e-9,
            "{name}"
        );
        assert!(path.cost < octile, "{name}: {} against {octile}", path.cost);
        // One turn, at a corner of the wall's end.
        assert_eq!(path.nodes.len(), 3, "{name}: {:?}", path.nodes);
        assert!(
            [(5, 15), (7, 15)].contains(&path.nodes[1]),
            "{name}: {:?}",
            path.nodes
        );
        assert!(
            path.stats.expanded < 110,
            "{name}: {} expansions",
            path.stats.expanded
        );
    }
}
