//! Jump point search, online (`JumpPointSearch`) and over precomputed distances
//! (`JumpPointSearchPlus`), against A* with the octile heuristic and Dijkstra: random grids,
//! named edge cases, and every Moving AI scenario.
//!
//! The Moving AI check (18,500 scenarios, each path checked cell by cell; minutes even in
//! a release build) is ignored by default:
//!
//! ```text
//! cargo test --release --test grid -- jump_point_search:: --ignored --nocapture
//! ```
//!
//! It reads `$REPLAN_DATA/movingai` (default `../shared/data` beside the crate) and says on
//! stderr that it skipped when the folder does not exist.

use crate::common;

use std::f64::consts::SQRT_2;
use std::path::{Path as FilePath, PathBuf};

use common::{check_walk, close};
use proptest::prelude::*;
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{Cell, Connectivity, Grid, JumpPointSearch, JumpPointSearchPlus, Octile};
use replan::{AStar, Budgeted, Dijkstra, InvalidNode, Path, PlanError, Planner};

fn eight(picture: &str) -> Grid {
    picture
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight)
}

/// Checks that `path` walks from `start` to `goal` over adjacent passable cells, never
/// cutting a corner, and that its steps add up to its cost.
fn check_path(grid: &Grid, path: &Path<Cell, f64>, start: Cell, goal: Cell) -> Result<(), String> {
    // `check_walk` follows the grid's own moves, which forbid corner cutting.
    check_walk(grid, path, start, goal)?;
    for pair in path.nodes.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        if dx > 1 || dy > 1 || (dx, dy) == (0, 0) {
            return Err(format!("{a:?} -> {b:?} is not a move to a neighbour"));
        }
        if dx == 1 && dy == 1 && !(grid.is_passable((b.0, a.1)) && grid.is_passable((a.0, b.1))) {
            return Err(format!("{a:?} -> {b:?} cuts a corner"));
        }
    }
    Ok(())
}

/// Plans with both jump point searches and A*, and checks that they agree: the same cost
/// (1e-9) or the same error, and valid paths.
fn assert_agree(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    jps: &mut JumpPointSearch,
    plus: &mut JumpPointSearchPlus,
) -> Result<Option<f64>, String> {
    let expected = AStar::new(Octile).plan(grid, start, goal);
    for (name, result) in [
        ("JumpPointSearch", jps.plan(grid, start, goal)),
        ("JumpPointSearchPlus", plus.plan(grid, start, goal)),
    ] {
        match (&expected, &result) {
            (Ok(want), Ok(got)) => {
                if !close(want.cost, got.cost) {
                    return Err(format!(
                        "{name} {start:?} -> {goal:?}: cost {} but A* finds {}\n{grid}",
                        got.cost, want.cost
                    ));
                }
                check_path(grid, got, start, goal).map_err(|err| format!("{name}: {err}"))?;
            }
            (Err(want), Err(got)) if want == got => {}
            _ => {
                return Err(format!(
                    "{name} {start:?} -> {goal:?}: {result:?}, A* {expected:?}\n{grid}"
                ))
            }
        }
    }
    Ok(expected.ok().map(|path| path.cost))
}

/// A `width × height` 8-connected grid with each cell blocked when its draw is below
/// `wall_percent`, except `keep`.
fn walled(width: u32, height: u32, draws: &[u32], wall_percent: u32, keep: &[Cell]) -> Grid {
    let mut grid = Grid::open(width, height, Connectivity::Eight);
    for y in 0..height {
        for x in 0..width {
            if draws[(y * width + x) as usize] < wall_percent && !keep.contains(&(x, y)) {
                grid.set_blocked((x, y), true).unwrap();
            }
        }
    }
    grid
}

fn grid_case(
    max_width: u32,
    max_height: u32,
    max_wall_percent: u32,
) -> impl Strategy<Value = (Grid, Cell, Cell)> {
    (
        1..=max_width,
        1..=max_height,
        0..=max_wall_percent,
        any::<bool>(),
    )
        .prop_flat_map(|(width, height, wall_percent, keep_ends)| {
            (
                prop::collection::vec(0u32..100, (width * height) as usize),
                (0..width, 0..height),
                (0..width, 0..height),
            )
                .prop_map(move |(draws, start, goal)| {
                    // Mostly open endpoints, so that most cases have a path to find; the
                    // rest check that blocked endpoints get the same error.
                    let keep: &[Cell] = if keep_ends { &[start, goal] } else { &[] };
                    (
                        walled(width, height, &draws, wall_percent, keep),
                        start,
                        goal,
                    )
                })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn small_random_grids_cost_what_dijkstra_finds((grid, start, goal) in grid_case(24, 24, 45)) {
        let mut jps = JumpPointSearch::new();
        let mut plus = JumpPointSearchPlus::new();
        let cost = assert_agree(&grid, start, goal, &mut jps, &mut plus)
            .map_err(TestCaseError::fail)?;
        // A* itself against the plain oracle.
        let dijkstra = Dijkstra::default().plan(&grid, start, goal).ok().map(|p| p.cost);
        match (cost, dijkstra) {
            (Some(a), Some(b)) => prop_assert!(close(a, b), "A* {a}, Dijkstra {b}"),
            (a, b) => prop_assert_eq!(a, b),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Rows and columns longer than a 64-cell word, so jumps cross word boundaries.
    #[test]
    fn wide_sparse_grids_agree_with_astar((grid, start, goal) in grid_case(150, 150, 12)) {
        let mut jps = JumpPointSearch::new();
        let mut plus = JumpPointSearchPlus::new();
        assert_agree(&grid, start, goal, &mut jps, &mut plus).map_err(TestCaseError::fail)?;
    }

    /// One planner pair reused over many queries and edits of one grid: the tables must
    /// follow every change.
    #[test]
    fn reused_planners_follow_edits(
        (grid, _, _) in grid_case(70, 20, 30),
        edits in prop::collection::vec((0u32..70, 0u32..20, any::<bool>()), 1..12),
        queries in prop::collection::vec(((0u32..70, 0u32..20), (0u32..70, 0u32..20)), 12),
    ) {
        let mut grid = grid;
        let mut jps = JumpPointSearch::new();
        let mut plus = JumpPointSearchPlus::new();
        let size = (grid.width(), grid.height());
        let on_grid = |(x, y): Cell| (x % size.0, y % size.1);
        for (round, &(start, goal)) in queries.iter().enumerate() {
            if let Some(&(x, y, blocked)) = edits.get(round) {
                grid.set_blocked(on_grid((x, y)), blocked).unwrap();
            }
            assert_agree(&grid, on_grid(start), on_grid(goal), &mut jps, &mut plus)
                .map_err(TestCaseError::fail)?;
        }
    }
}

/// The cells from waypoint to waypoint, each pair joined by one straight or diagonal line.
fn fill_waypoints(waypoints: &[Cell]) -> Result<Vec<Cell>, String> {
    let mut cells = waypoints[..1].to_vec();
    for pair in waypoints.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (across, down) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        if !(across == 0 || down == 0 || across == down) || (across, down) == (0, 0) {
            return Err(format!(
                "{a:?} -> {b:?} is not one straight or diagonal line"
            ));
        }
        let sign = |from: u32, to: u32| i32::from(to > from) - i32::from(to < from);
        let (dx, dy) = (sign(a.0, b.0), sign(a.1, b.1));
        for k in 1..=across.max(down) as i32 {
            cells.push((
                a.0.wrapping_add_signed(dx * k),
                a.1.wrapping_add_signed(dy * k),
            ));
        }
    }
    Ok(cells)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `plan_waypoints` returns `plan`'s path, filled in, and each waypoint turns.
    #[test]
    fn waypoints_are_the_turns_of_the_planned_path((grid, start, goal) in grid_case(40, 30, 30)) {
        let (mut jps, mut plus) = both();
        for (cells, waypoints) in [
            (jps.plan(&grid, start, goal), jps.plan_waypoints(&grid, start, goal)),
            (plus.plan(&grid, start, goal), plus.plan_waypoints(&grid, start, goal)),
        ] {
            let (cells, waypoints) = match (cells, waypoints) {
                (Ok(cells), Ok(waypoints)) => (cells, waypoints),
                (cells, waypoints) => {
                    prop_assert_eq!(cells.err(), waypoints.err());
                    continue;
                }
            };
            prop_assert_eq!(cells.cost, waypoints.cost);
            prop_assert_eq!(cells.stats, waypoints.stats);
            prop_assert_eq!(&fill_waypoints(&waypoints.nodes).map_err(TestCaseError::fail)?, &cells.nodes);
            for triple in waypoints.nodes.windows(3) {
                let heading = |a: Cell, b: Cell| {
                    let sign = |from: u32, to: u32| i32::from(to > from) - i32::from(to < from);
                    (sign(a.0, b.0), sign(a.1, b.1))
                };
                prop_assert_ne!(heading(triple[0], triple[1]), heading(triple[1], triple[2]));
            }
        }
    }
}

fn both() -> (JumpPointSearch, JumpPointSearchPlus) {
    (JumpPointSearch::new(), JumpPointSearchPlus::new())
}

fn plan_both(grid: &Grid, start: Cell, goal: Cell) -> [Result<Path<Cell, f64>, PlanError>; 2] {
    let (mut jps, mut plus) = both();
    [jps.plan(grid, start, goal), plus.plan(grid, start, goal)]
}

#[test]
fn start_equal_to_goal_is_a_one_cell_path() {
    let grid = eight("....\n.#..\n....");
    for result in plan_both(&grid, (2, 1), (2, 1)) {
        let path = result.unwrap();
        assert_eq!(path.nodes, [(2, 1)]);
        assert_eq!(path.cost, 0.0);
        assert_eq!(path.stats.expanded, 0);
    }
}

#[test]
fn goal_next_to_start() {
    let grid = eight("...\n.#.\n...");
    for (goal, cost) in [((1, 0), 1.0), ((0, 1), 1.0)] {
        for result in plan_both(&grid, (0, 0), goal) {
            let path = result.unwrap();
            assert_eq!(path.nodes, [(0, 0), goal]);
            assert_eq!(path.cost, cost);
        }
    }
    let open = Grid::open(3, 3, Connectivity::Eight);
    for result in plan_both(&open, (1, 1), (2, 2)) {
        let path = result.unwrap();
        assert_eq!(path.nodes, [(1, 1), (2, 2)]);
        assert_eq!(path.cost, SQRT_2);
    }
    // A diagonal neighbour behind a corner is two straight steps away.
    for result in plan_both(&grid, (0, 1), (1, 2)) {
        let path = result.unwrap();
        assert_eq!(path.nodes, [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(path.cost, 2.0);
    }
}

#[test]
fn blocked_or_off_grid_endpoints_are_errors() {
    let grid = eight("..#\n...");
    for result in plan_both(&grid, (2, 0), (0, 0)) {
        assert!(matches!(
            result,
            Err(PlanError::InvalidStart {
                reason: InvalidNode::Blocked,
                ..
            })
        ));
    }
    for result in plan_both(&grid, (0, 0), (2, 0)) {
        assert!(matches!(
            result,
            Err(PlanError::InvalidGoal {
                reason: InvalidNode::Blocked,
                ..
            })
        ));
    }
    for result in plan_both(&grid, (0, 0), (3, 0)) {
        assert!(matches!(
            result,
            Err(PlanError::InvalidGoal {
                reason: InvalidNode::OutOfBounds,
                ..
            })
        ));
    }
    for result in plan_both(&grid, (0, 9), (0, 0)) {
        assert!(matches!(
            result,
            Err(PlanError::InvalidStart {
                reason: InvalidNode::OutOfBounds,
                ..
            })
        ));
    }
}

#[test]
fn unreachable_goal_is_no_path() {
    let grid = eight("..#..\n..#..\n..#..");
    for result in plan_both(&grid, (0, 0), (4, 2)) {
        assert_eq!(result, Err(PlanError::NoPath));
    }
    // Diagonally adjacent, but only through a corner.
    let grid = eight(".#\n#.");
    for result in plan_both(&grid, (0, 0), (1, 1)) {
        assert_eq!(result, Err(PlanError::NoPath));
    }
}

#[test]
fn goal_in_a_dead_end() {
    let grid = eight(
        "
        ..........
        .########.
        .#.......#
        .#.#######
        ..........",
    );
    let (mut jps, mut plus) = both();
    let cost = assert_agree(&grid, (0, 0), (2, 2), &mut jps, &mut plus).unwrap();
    // Down the left column, along the bottom row, up the right, into the pocket: the
    // pocket's mouth is (9, 1)-(8, 2), reached from the top row.
    assert!(cost.is_some());
    assert_agree(&grid, (2, 2), (0, 4), &mut jps, &mut plus).unwrap();
    assert_agree(&grid, (9, 4), (2, 2), &mut jps, &mut plus).unwrap();
}

#[test]
fn one_cell_wide_corridors() {
    // A serpentine one cell wide: no diagonal move is legal anywhere along it.
    let grid = eight(
        "
        .#...#...
        .#.#.#.#.
        .#.#.#.#.
        ...#...#.",
    );
    let (mut jps, mut plus) = both();
    let cost = assert_agree(&grid, (0, 0), (8, 3), &mut jps, &mut plus).unwrap();
    assert_eq!(cost, Some(23.0));
    let astar = AStar::new(Octile).plan(&grid, (0, 0), (8, 3)).unwrap();
    for result in plan_both(&grid, (0, 0), (8, 3)) {
        let path = result.unwrap();
        assert_eq!(path.nodes, astar.nodes);
        assert!(path.stats.expanded <= astar.stats.expanded);
    }
    assert_agree(&grid, (4, 2), (2, 1), &mut jps, &mut plus).unwrap();
    assert_agree(&grid, (8, 0), (0, 3), &mut jps, &mut plus).unwrap();
}

#[test]
fn maps_of_one_row_or_one_column() {
    for (width, height) in [(1, 1), (7, 1), (1, 7), (130, 1), (1, 130)] {
        let mut grid = Grid::open(width, height, Connectivity::Eight);
        let last = (width - 1, height - 1);
        let (mut jps, mut plus) = both();
        let cost = assert_agree(&grid, (0, 0), last, &mut jps, &mut plus).unwrap();
        assert_eq!(cost, Some(f64::from(width.max(height) - 1)));
        if width.max(height) > 2 {
            let middle = (width / 2, height / 2);
            grid.set_blocked(middle, true).unwrap();
            assert_eq!(
                assert_agree(&grid, (0, 0), last, &mut jps, &mut plus),
                Ok(None)
            );
            grid.set_blocked(middle, false).unwrap();
            assert_agree(&grid, last, (0, 0), &mut jps, &mut plus).unwrap();
        }
    }
}

#[test]
fn paths_along_and_between_the_borders() {
    let grid = eight(
        "
        ..........
        ...#......
        .......#..
        ..........",
    );
    let (mut jps, mut plus) = both();
    let corners = [(0, 0), (9, 0), (0, 3), (9, 3)];
    for &a in &corners {
        for &b in &corners {
            assert_agree(&grid, a, b, &mut jps, &mut plus).unwrap();
        }
    }
    for x in 0..10 {
        assert_agree(&grid, (x, 0), (9 - x, 3), &mut jps, &mut plus).unwrap();
        assert_agree(&grid, (0, x % 4), (9, 3 - x % 4), &mut jps, &mut plus).unwrap();
    }
}

#[test]
fn rays_longer_than_the_table_can_count() {
    // 40,000 cells in a row: far more than a table entry counts, so every long ray hands
    // over from entry to entry.
    let grid = Grid::open(40_000, 2, Connectivity::Eight);
    let (mut jps, mut plus) = both();
    for (start, goal) in [
        ((0, 0), (39_999, 1)),
        ((39_999, 0), (0, 0)),
        ((5, 1), (39_000, 1)),
    ] {
        let cost = assert_agree(&grid, start, goal, &mut jps, &mut plus).unwrap();
        assert!(cost.is_some());
    }
    let column = Grid::open(1, 40_000, Connectivity::Eight);
    assert_eq!(
        assert_agree(&column, (0, 39_999), (0, 1), &mut jps, &mut plus),
        Ok(Some(39_998.0))
    );
}

#[test]
fn rays_across_the_saturated_table_entries_stop_where_online_jumps_do() {
    // The table counts up to 127 steps and hands longer rays on to the entry 126 steps
    // ahead: obstacles put jump points, and the goals sit, on either side of those counts,
    // straight and diagonal, so that a hand-over one step off would show as a wrong cost
    // or as more expanded jump points than the online search's.
    let mut grid = Grid::open(300, 300, Connectivity::Eight);
    for blocked in [(128, 41), (40, 127), (168, 168), (200, 3), (3, 255)] {
        grid.set_blocked(blocked, true).unwrap();
    }
    let (mut jps, mut plus) = both();
    let mut goals = Vec::new();
    for steps in [125, 126, 127, 128, 129, 252, 253, 254] {
        goals.extend([
            (steps, 0),
            (0, steps),
            (steps, steps),
            (steps, 40),
            (39, steps),
        ]);
    }
    for start in [(0, 0), (1, 40), (299, 299)] {
        for &goal in &goals {
            let cost = assert_agree(&grid, start, goal, &mut jps, &mut plus).unwrap();
            assert!(cost.is_some());
            assert_eq!(
                plus.last_stats().expanded,
                jps.last_stats().expanded,
                "{start:?} to {goal:?}"
            );
        }
    }
}

#[test]
fn a_jump_point_just_past_a_saturated_entry_is_not_skipped() {
    // A corridor whose one side opening leads to the goal: the cell in front of the
    // opening is the only jump point, so a ray that handed over one step too far would
    // pass it and find no path. The starts put it on either side of the entry's count.
    let (length, opening) = (500, 300);
    let mut along = Grid::open(length, 4, Connectivity::Eight);
    let mut down = Grid::open(4, length, Connectivity::Eight);
    for x in 0..length {
        for y in [0, 2, 3] {
            if y == 0 || x != opening {
                along.set_blocked((x, y), true).unwrap();
                down.set_blocked((y, x), true).unwrap();
            }
        }
    }
    let (mut jps, mut plus) = both();
    for steps in (120..=135).chain(245..=260) {
        for (grid, start, goal) in [
            (&along, (opening - steps, 1), (opening, 3)),
            (&down, (1, opening - steps), (3, opening)),
        ] {
            let cost = assert_agree(grid, start, goal, &mut jps, &mut plus).unwrap();
            assert_eq!(cost, Some(f64::from(steps + 2)));
        }
    }
    // From the far side, westward and upward.
    for steps in [126, 127, 128] {
        let start = (opening + steps, 1);
        let cost = assert_agree(&along, start, (opening, 3), &mut jps, &mut plus).unwrap();
        assert_eq!(cost, Some(f64::from(steps + 2)));
    }
}

#[test]
fn weighted_and_four_connected_grids_are_refused() {
    let weighted = eight("..2\n...");
    let four: Grid = "...\n...".parse().unwrap();
    for grid in [&weighted, &four] {
        for result in plan_both(grid, (0, 0), (2, 1)) {
            assert!(matches!(result, Err(PlanError::UnsupportedGraph { .. })));
        }
    }
    // Weights set back to 1 make the grid uniform again.
    let mut grid = weighted;
    grid.set_weight((2, 0), 1.0).unwrap();
    for result in plan_both(&grid, (0, 0), (2, 1)) {
        assert_eq!(result.unwrap().cost, 1.0 + SQRT_2);
    }
}

#[test]
fn the_budget_counts_expanded_jump_points() {
    let grid = eight(
        "
        ...#...#...
        .#.#.#.#.#.
        .#...#...#.",
    );
    let (mut jps, mut plus) = both();
    let full = jps.plan(&grid, (0, 0), (10, 0)).unwrap();
    assert_eq!(plus.plan(&grid, (0, 0), (10, 0)).unwrap().cost, full.cost);
    let expanded = full.stats.expanded;
    assert!(expanded > 1);
    assert!(full.stats.generated >= expanded, "{:?}", full.stats);
    assert_eq!(jps.last_stats(), full.stats);
    jps.set_budget(Some(expanded - 1));
    plus.set_budget(Some(expanded - 1));
    assert_eq!(
        jps.plan(&grid, (0, 0), (10, 0)),
        Err(PlanError::BudgetExceeded {
            budget: expanded - 1
        })
    );
    assert!(plus.plan(&grid, (0, 0), (10, 0)).is_err());
    jps.set_budget(Some(expanded));
    assert_eq!(jps.plan(&grid, (0, 0), (10, 0)).unwrap().cost, full.cost);
    // Both straight rays from the corner stop beside the block: two nodes on the frontier
    // after the first expansion.
    let branching = eight("....\n.#..\n....");
    for planner in [&mut jps as &mut dyn Planner<Grid>, &mut plus] {
        let stats = planner.plan(&branching, (0, 0), (3, 2)).unwrap().stats;
        assert!(stats.max_frontier >= 2, "{stats:?}");
    }
}

#[test]
fn open_ground_expands_few_jump_points() {
    let grid = Grid::open(300, 200, Connectivity::Eight);
    let astar = AStar::new(Octile).plan(&grid, (3, 7), (290, 150)).unwrap();
    for result in plan_both(&grid, (3, 7), (290, 150)) {
        let path = result.unwrap();
        assert!(close(path.cost, astar.cost));
        assert_eq!(path.nodes.len(), astar.nodes.len());
        assert!(path.stats.expanded <= 3, "{:?}", path.stats);
    }
}

fn data_dir() -> PathBuf {
    match std::env::var_os("REPLAN_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => FilePath::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
    }
}

/// Every `.scen` file below `movingai/scenarios`, with its map (the folders mirror each
/// other).
fn scenario_files(movingai: &FilePath) -> Vec<(PathBuf, PathBuf)> {
    let scenarios = movingai.join("scenarios");
    let mut pending = vec![scenarios.clone()];
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "scen") {
                let relative = path.strip_prefix(&scenarios).unwrap().with_extension("");
                found.push((path.clone(), movingai.join("maps").join(relative)));
            }
        }
    }
    found.sort();
    found
}

#[test]
#[ignore = "slow in a debug build: cargo test --release --test grid -- jump_point_search:: --ignored"]
fn every_moving_ai_scenario_is_solved_optimally() {
    let data = data_dir();
    if !data.join("movingai").exists() {
        eprintln!(
            "skipping the Moving AI check: {} does not exist (set REPLAN_DATA)",
            data.join("movingai").display()
        );
        return;
    }
    let files = scenario_files(&data.join("movingai"));
    assert!(!files.is_empty(), "no .scen files under {}", data.display());
    let (mut jps, mut plus) = both();
    let mut solved = 0;
    let mut failures = Vec::new();
    for (scen, map) in &files {
        let grid = read_map(map).unwrap_or_else(|err| panic!("{err}"));
        let scenarios = read_scenarios(scen).unwrap_or_else(|err| panic!("{err}"));
        for scenario in &scenarios {
            for (name, result) in [
                ("jps", jps.plan(&grid, scenario.start, scenario.goal)),
                ("jps+", plus.plan(&grid, scenario.start, scenario.goal)),
            ] {
                let ok = match &result {
                    Ok(path) => {
                        (path.cost - scenario.optimal_length).abs() <= 0.01
                            && check_path(&grid, path, scenario.start, scenario.goal).is_ok()
                    }
                    Err(_) => false,
                };
                if !ok && failures.len() < 20 {
                    failures.push(format!(
                        "{name} {} line {}: {:?} -> {:?} optimal {}, got {:?}",
                        scen.display(),
                        scenario.line,
                        scenario.start,
                        scenario.goal,
                        scenario.optimal_length,
                        result.map(|path| path.cost)
                    ));
                }
            }
            solved += 1;
        }
    }
    eprintln!("{solved} Moving AI scenarios checked with both planners");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
