//! Subgoal graphs (`SubgoalGraph`, one and two levels and the hierarchy) against a plain Dijkstra over the
//! grid: every pair of cells of many seeded random grids, proptest cases, named edge cases,
//! edits repaired in place, and every Moving AI scenario.
//!
//! The Moving AI check (18,500 scenarios, each path checked cell by cell) is ignored by
//! default:
//!
//! ```text
//! cargo test --release --test grid -- subgoal_graph:: --ignored --nocapture
//! ```
//!
//! It reads `$REPLAN_DATA/movingai` (default `../shared/data` beside the crate) and says on
//! stderr that it skipped when the folder does not exist.

use crate::common;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::path::{Path as FilePath, PathBuf};

use common::{check_walk, close, data_path};
use proptest::prelude::*;
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::subgoal_graph::Levels;
use replan::grid::{Cell, Connectivity, Grid, SubgoalGraph};
use replan::{Budgeted, Graph, Path, PlanError, Planner};

fn eight(picture: &str) -> Grid {
    picture
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight)
}

/// The oracle: costs from `start` to every cell by a textbook Dijkstra over the grid's own
/// moves (millionths of a cell as integers, so that the heap needs no float order).
fn distances_from(grid: &Grid, start: Cell) -> Vec<Option<f64>> {
    let width = grid.width() as usize;
    let index = |(x, y): Cell| y as usize * width + x as usize;
    let mut best: Vec<Option<f64>> = vec![None; width * grid.height() as usize];
    let mut open = BinaryHeap::new();
    best[index(start)] = Some(0.0);
    open.push(Reverse((0u64, start)));
    let mut done = vec![false; best.len()];
    while let Some(Reverse((_, cell))) = open.pop() {
        if std::mem::replace(&mut done[index(cell)], true) {
            continue;
        }
        let g = best[index(cell)].unwrap();
        grid.successors(cell, |next, step| {
            let cost = g + step;
            if best[index(next)].is_none_or(|old| cost < old - 1e-9) {
                best[index(next)] = Some(cost);
                open.push(Reverse(((cost * 1e6).round() as u64, next)));
            }
        });
    }
    best
}

/// Checks `result` against the oracle's cost: the same cost and a valid walk, or no path.
fn check(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    expected: Option<f64>,
    result: &Result<Path<Cell, f64>, PlanError>,
) -> Result<(), String> {
    match (expected, result) {
        (Some(cost), Ok(path)) => {
            if !close(cost, path.cost) {
                return Err(format!(
                    "{start:?} -> {goal:?}: cost {} instead of {cost}",
                    path.cost
                ));
            }
            check_walk(grid, path, start, goal)
                .map_err(|err| format!("{start:?} -> {goal:?}: {err}"))
        }
        (None, Err(PlanError::NoPath)) => Ok(()),
        (expected, result) => Err(format!(
            "{start:?} -> {goal:?}: expected {expected:?}, got {:?}",
            result.as_ref().map(|path| path.cost)
        )),
    }
}

/// Every pair of free cells of `grid`, with both planners, against the oracle.
fn check_all_pairs(grid: &Grid, planners: &mut [SubgoalGraph]) -> Result<(), String> {
    let free: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&cell| grid.is_passable(cell))
        .collect();
    for &start in &free {
        let costs = distances_from(grid, start);
        for &goal in &free {
            let expected = costs[(goal.1 * grid.width() + goal.0) as usize];
            for planner in planners.iter_mut() {
                let result = planner.plan(grid, start, goal);
                check(grid, start, goal, expected, &result)
                    .map_err(|err| format!("{:?}: {err}\n{grid}", planner.levels()))?;
            }
        }
    }
    Ok(())
}

fn both() -> [SubgoalGraph; 3] {
    [
        SubgoalGraph::simple(),
        SubgoalGraph::with_levels(Levels::Two),
        SubgoalGraph::hierarchy(),
    ]
}

/// A grid with each cell blocked when its draw is below `wall_percent`.
fn walled(width: u32, height: u32, draws: &[u32], wall_percent: u32) -> Grid {
    let mut grid = Grid::open(width, height, Connectivity::Eight);
    for y in 0..height {
        for x in 0..width {
            if draws[(y * width + x) as usize] < wall_percent {
                grid.set_blocked((x, y), true).unwrap();
            }
        }
    }
    grid
}

/// A small deterministic generator for the seeded grids (SplitMix64).
fn draws(seed: u64, count: usize) -> Vec<u32> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % 100) as u32
        })
        .collect()
}

#[test]
fn the_default_builds_two_levels_for_scattered_obstacles_only() {
    // A corridor winding round walls: each corner sees few others.
    let corridor = eight(
        "\
.#...#...#..
.#.#.#.#.#..
.#.#.#.#.#..
...#...#....",
    );
    // Scattered single obstacles: corners everywhere, each seeing many others.
    let scattered = walled(12, 12, &draws(7, 144), 10);
    // Open ground round a few pillars: few corners, each seeing many others.
    let mut pillars = Grid::open(16, 16, Connectivity::Eight);
    for cell in [(4, 4), (11, 4), (4, 11), (11, 11), (8, 8)] {
        pillars.set_blocked(cell, true).unwrap();
    }
    let mut simple = SubgoalGraph::simple();
    simple.prepare(&pillars).unwrap();
    assert!(2 * simple.edge_count() > 4 * simple.subgoal_count());
    let open = Grid::open(6, 6, Connectivity::Eight);
    for (grid, chosen) in [
        (&corridor, Levels::Hierarchy),
        (&scattered, Levels::Two),
        (&pillars, Levels::Hierarchy),
        (&open, Levels::Two),
    ] {
        let mut planner = SubgoalGraph::new();
        planner.prepare(grid).unwrap();
        assert_eq!(planner.built_levels(), Some(chosen), "{grid}");
        check_all_pairs(grid, std::slice::from_mut(&mut planner)).unwrap();
    }
    let mut grid = corridor;
    let mut planner = SubgoalGraph::new();
    planner.prepare(&grid).unwrap();
    planner.set_blocked(&mut grid, (11, 0), true).unwrap();
    assert_eq!(planner.built_levels(), Some(Levels::One));
}

#[test]
fn every_pair_of_cells_of_seeded_random_grids() {
    let mut planners = both();
    for seed in 0..120u64 {
        let width = 3 + (seed % 10) as u32;
        let height = 3 + (seed / 10 % 9) as u32;
        let percent = [10, 20, 30, 40][(seed % 4) as usize];
        let grid = walled(
            width,
            height,
            &draws(seed, (width * height) as usize),
            percent,
        );
        check_all_pairs(&grid, &mut planners).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_grids_cost_what_dijkstra_finds(
        (width, height, wall_percent, cells) in (2u32..=16, 2u32..=16, 0u32..=45)
            .prop_flat_map(|(w, h, p)| (Just(w), Just(h), Just(p), prop::collection::vec(0u32..100, (w * h) as usize)))
    ) {
        let grid = walled(width, height, &cells, wall_percent);
        let mut planners = both();
        if let Err(err) = check_all_pairs(&grid, &mut planners) {
            prop_assert!(false, "{}", err);
        }
    }

    #[test]
    fn wide_grids_with_few_walls(
        (width, height, wall_percent, cells, pairs) in (20u32..=90, 20u32..=90, 0u32..=15)
            .prop_flat_map(|(w, h, p)| (
                Just(w), Just(h), Just(p),
                prop::collection::vec(0u32..100, (w * h) as usize),
                prop::collection::vec(((0..w, 0..h), (0..w, 0..h)), 20),
            ))
    ) {
        let grid = walled(width, height, &cells, wall_percent);
        let mut planners = both();
        for (start, goal) in pairs {
            if !grid.is_passable(start) || !grid.is_passable(goal) {
                continue;
            }
            let expected = distances_from(&grid, start)[(goal.1 * width + goal.0) as usize];
            for planner in planners.iter_mut() {
                let result = planner.plan(&grid, start, goal);
                if let Err(err) = check(&grid, start, goal, expected, &result) {
                    prop_assert!(false, "{}", err);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Edits made through the planner repair its graph: after each one, every pair of
    /// cells still costs what the oracle finds.
    #[test]
    fn repaired_graphs_stay_exact(
        (width, height, wall_percent, cells, edits) in (3u32..=11, 3u32..=11, 0u32..=40)
            .prop_flat_map(|(w, h, p)| (
                Just(w), Just(h), Just(p),
                prop::collection::vec(0u32..100, (w * h) as usize),
                prop::collection::vec(((0..w, 0..h), any::<bool>()), 1..6),
            ))
    ) {
        let grid = walled(width, height, &cells, wall_percent);
        for mut planner in both() {
            let mut grid = grid.clone();
            planner.prepare(&grid).unwrap();
            for &(cell, blocked) in &edits {
                planner.set_blocked(&mut grid, cell, blocked).unwrap();
                let mut fresh = SubgoalGraph::simple();
                fresh.prepare(&grid).unwrap();
                prop_assert_eq!(planner.subgoal_count(), fresh.subgoal_count());
                if let Err(err) = check_all_pairs_with(&grid, &mut planner) {
                    prop_assert!(false, "after {:?} -> {}: {}", cell, blocked, err);
                }
            }
        }
    }
}

/// [`check_all_pairs`] with one planner that must not rebuild its graph.
fn check_all_pairs_with(grid: &Grid, planner: &mut SubgoalGraph) -> Result<(), String> {
    check_all_pairs(grid, std::slice::from_mut(planner))
}

/// The simple graph by its definition, by brute force: the subgoals (free cells with a
/// blocked diagonal neighbour whose two cells beside it are free), and the pairs of them
/// that are directly h-reachable: some path between them is as short as their octile
/// distance, and no such path passes another subgoal. Returns both counts.
fn simple_graph_by_definition(grid: &Grid) -> (usize, usize) {
    let (width, height) = (i64::from(grid.width()), i64::from(grid.height()));
    let free = |(x, y): (i64, i64)| {
        (0..width).contains(&x)
            && (0..height).contains(&y)
            && grid.is_passable((x as u32, y as u32))
    };
    let is_subgoal = |(x, y): (i64, i64)| {
        free((x, y))
            && [(-1, -1), (-1, 1), (1, -1), (1, 1)]
                .iter()
                .any(|&(dx, dy)| !free((x + dx, y + dy)) && free((x + dx, y)) && free((x, y + dy)))
    };
    let legal = |(x, y): (i64, i64), (tx, ty): (i64, i64)| {
        let mut found = false;
        grid.successors((x as u32, y as u32), |next, _| {
            found |= next == (tx as u32, ty as u32);
        });
        found
    };
    let subgoals: Vec<(i64, i64)> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&cell| is_subgoal(cell))
        .collect();
    let mut edges = 0;
    for (k, &a) in subgoals.iter().enumerate() {
        for &b in &subgoals[k + 1..] {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let diagonal = (dx.signum(), dy.signum());
            let straight = if dx.abs() > dy.abs() {
                (dx.signum(), 0)
            } else {
                (0, dy.signum())
            };
            let (diagonals, straights) = (dx.abs().min(dy.abs()), (dx.abs() - dy.abs()).abs());
            // Every shortest path takes `diagonals` diagonal and `straights` straight steps
            // in some order: cell (i, j) is `a` after i of the one and j of the other.
            let at = |i: i64, j: i64| {
                (
                    a.0 + i * diagonal.0 + j * straight.0,
                    a.1 + i * diagonal.1 + j * straight.1,
                )
            };
            let size = ((diagonals + 1) * (straights + 1)) as usize;
            let index = |i: i64, j: i64| (i * (straights + 1) + j) as usize;
            let (mut from_a, mut to_b) = (vec![false; size], vec![false; size]);
            for i in 0..=diagonals {
                for j in 0..=straights {
                    from_a[index(i, j)] = (i, j) == (0, 0)
                        || (i > 0 && from_a[index(i - 1, j)] && legal(at(i - 1, j), at(i, j)))
                        || (j > 0 && from_a[index(i, j - 1)] && legal(at(i, j - 1), at(i, j)));
                }
            }
            for i in (0..=diagonals).rev() {
                for j in (0..=straights).rev() {
                    to_b[index(i, j)] = (i, j) == (diagonals, straights)
                        || (i < diagonals
                            && to_b[index(i + 1, j)]
                            && legal(at(i, j), at(i + 1, j)))
                        || (j < straights
                            && to_b[index(i, j + 1)]
                            && legal(at(i, j), at(i, j + 1)));
                }
            }
            let reachable = from_a[index(diagonals, straights)];
            let passes_another = (0..=diagonals).any(|i| {
                (0..=straights).any(|j| {
                    let inside = (i, j) != (0, 0) && (i, j) != (diagonals, straights);
                    inside && from_a[index(i, j)] && to_b[index(i, j)] && is_subgoal(at(i, j))
                })
            });
            edges += usize::from(reachable && !passes_another);
        }
    }
    (subgoals.len(), edges)
}

#[test]
fn the_simple_graph_joins_exactly_the_directly_h_reachable_subgoals() {
    for seed in 0..300 {
        let (width, height) = (6 + (seed % 9) as u32, 6 + (seed / 9 % 9) as u32);
        let wall_percent = [8, 15, 25][seed as usize % 3];
        let grid = walled(
            width,
            height,
            &draws(seed, (width * height) as usize),
            wall_percent,
        );
        let mut planner = SubgoalGraph::simple();
        planner.prepare(&grid).unwrap();
        let (subgoals, edges) = simple_graph_by_definition(&grid);
        assert_eq!(
            (planner.subgoal_count(), planner.edge_count()),
            (subgoals, edges),
            "seed {seed}:\n{grid}"
        );
    }
}

#[test]
fn a_scan_that_meets_more_subgoals_than_its_buffer_holds() {
    // A wall of single cells touching at their corners, from (40, 1) down to (1, 40): a
    // scan along the diagonal beside it meets a subgoal on nearly every cell's axis runs,
    // dozens on one diagonal, more than a scan buffers before it hands them on.
    let mut grid = Grid::open(43, 43, Connectivity::Eight);
    for k in 0..40 {
        grid.set_blocked((40 - k, k + 1), true).unwrap();
    }
    let mut planners = both();
    let starts = [(0, 0), (0, 20), (20, 0), (42, 42), (42, 0), (0, 42)];
    for &start in &starts {
        let costs = distances_from(&grid, start);
        for goal in starts.iter().copied().chain((0..43).map(|i| (i, 42 - i))) {
            let expected = costs[(goal.1 * grid.width() + goal.0) as usize];
            for planner in &mut planners {
                let result = planner.plan(&grid, start, goal);
                check(&grid, start, goal, expected, &result)
                    .map_err(|err| format!("{:?}: {err}", planner.levels()))
                    .unwrap();
            }
        }
    }
    let (subgoals, edges) = simple_graph_by_definition(&grid);
    assert_eq!(
        (planners[0].subgoal_count(), planners[0].edge_count()),
        (subgoals, edges)
    );
}

#[test]
fn corners_of_one_blocked_cell_are_the_subgoals() {
    let grid = eight(".....\n.....\n..#..\n.....\n.....");
    let mut planner = SubgoalGraph::simple();
    planner.prepare(&grid).unwrap();
    assert_eq!(planner.subgoal_count(), 4);
    assert_eq!(planner.edge_count(), 4);
    check_all_pairs(&grid, &mut both()).unwrap();
}

#[test]
fn the_second_level_makes_corridor_bends_local() {
    // A winding one-cell corridor: every bend is a subgoal, and none is needed between two
    // others, since each pair of neighbours of a bend sees each other round it or not at all.
    let grid = eight(
        "\
.#...#...
.#.#.#.#.
.#.#.#.#.
...#...#.",
    );
    let mut simple = SubgoalGraph::simple();
    let mut two = SubgoalGraph::with_levels(Levels::Two);
    simple.prepare(&grid).unwrap();
    two.prepare(&grid).unwrap();
    assert_eq!(simple.global_count(), simple.subgoal_count());
    assert!(two.global_count() < two.subgoal_count());
    check_all_pairs(&grid, &mut both()).unwrap();
}

#[test]
fn the_hierarchy_adds_shortcuts_and_stays_exact() {
    // Rooms joined by doors: removing a door's corners needs shortcuts between the rooms.
    let grid = eight(
        "\
.....#.....#.....
.....#.....#.....
...........#.....
.....#...........
.....#.....#.....
##.####.#####.###
.....#.....#.....
.................
.....#.....#.....",
    );
    let mut simple = SubgoalGraph::simple();
    let mut hierarchy = SubgoalGraph::hierarchy();
    simple.prepare(&grid).unwrap();
    hierarchy.prepare(&grid).unwrap();
    assert_eq!(hierarchy.subgoal_count(), simple.subgoal_count());
    assert_eq!(hierarchy.global_count(), hierarchy.subgoal_count());
    assert!(hierarchy.edge_count() > simple.edge_count());
    assert!(hierarchy.table_bytes() > simple.table_bytes());
    check_all_pairs(&grid, &mut both()).unwrap();
}

#[test]
fn an_edited_hierarchy_searches_the_repaired_simple_graph() {
    let mut grid = eight(
        "\
.....#.....
.....#.....
...........
.....#.....
##.#####.##
...........",
    );
    let mut planner = SubgoalGraph::hierarchy();
    planner.prepare(&grid).unwrap();
    planner.set_blocked(&mut grid, (5, 2), true).unwrap();
    let mut simple = SubgoalGraph::simple();
    simple.prepare(&grid).unwrap();
    assert_eq!(planner.subgoal_count(), simple.subgoal_count());
    assert!(planner.table_bytes() <= simple.table_bytes() + 64);
    check_all_pairs_with(&grid, &mut planner).unwrap();
}

/// On a small map a fresh graph lists each cell's subgoals; an edit drops the lists, and
/// the queries scan for the subgoals again, still exact.
#[test]
fn after_an_edit_queries_scan_for_their_subgoals() {
    for seed in 0..12u64 {
        let (width, height) = (9 + (seed % 5) as u32, 8 + (seed % 4) as u32);
        let mut grid = walled(width, height, &draws(seed, (width * height) as usize), 20);
        let Some(free) = (0..width * height)
            .map(|i| (i % width, i / width))
            .find(|&cell| grid.is_passable(cell))
        else {
            continue;
        };
        for mut planner in both() {
            planner.prepare(&grid).unwrap();
            let listed = planner.table_bytes();
            planner.set_blocked(&mut grid, free, true).unwrap();
            planner.set_blocked(&mut grid, free, false).unwrap();
            let mut fresh = SubgoalGraph::simple();
            fresh.prepare(&grid).unwrap();
            if fresh.subgoal_count() > 0 {
                // The lists take at least 4 bytes a cell.
                let cells = ((width + 2) * (height + 2)) as usize;
                assert!(
                    planner.table_bytes() + 4 * cells <= listed.max(fresh.table_bytes()),
                    "seed {seed}: {} bytes after the edit, {listed} before",
                    planner.table_bytes()
                );
            }
            check_all_pairs_with(&grid, &mut planner).unwrap();
        }
    }
}

/// The table size counts the per-cell tables and every edge list: at least 4 bytes of
/// clearances per padded cell and 4 bytes per end of each edge of the simple graph, and
/// not many times more.
#[test]
fn the_table_size_counts_the_cells_and_both_ends_of_every_edge() {
    // Larger than the maps that keep per-cell lists of subgoals.
    let (width, height) = (200, 100);
    let grid = walled(width, height, &draws(7, (width * height) as usize), 8);
    let mut planner = SubgoalGraph::simple();
    planner.prepare(&grid).unwrap();
    let padded = ((width + 2) * (height + 2)) as usize;
    assert!(
        planner.edge_count() > 10_000,
        "{} edges",
        planner.edge_count()
    );
    let least = 4 * padded + 8 * planner.edge_count();
    assert!(
        (least..2 * least).contains(&planner.table_bytes()),
        "{} bytes for {padded} cells and {} edges",
        planner.table_bytes(),
        planner.edge_count()
    );
}

#[test]
fn endpoints_and_errors() {
    let grid = eight("..#\n..#\n...");
    for mut planner in both() {
        let path = planner.plan(&grid, (1, 1), (1, 1)).unwrap();
        assert_eq!((path.nodes, path.cost), (vec![(1, 1)], 0.0));
        assert!(matches!(
            planner.plan(&grid, (2, 0), (0, 0)),
            Err(PlanError::InvalidStart { .. })
        ));
        assert!(matches!(
            planner.plan(&grid, (0, 0), (5, 0)),
            Err(PlanError::InvalidGoal { .. })
        ));
    }
    let walled_off = eight("..#..\n..#..");
    for mut planner in both() {
        assert_eq!(
            planner.plan(&walled_off, (0, 0), (4, 1)),
            Err(PlanError::NoPath)
        );
    }
}

#[test]
fn weighted_and_four_connected_grids_are_refused() {
    let four: Grid = "...\n...".parse().unwrap();
    let mut weighted = eight("...\n...");
    weighted.set_weight((1, 1), 2.0).unwrap();
    for grid in [four, weighted] {
        assert!(matches!(
            SubgoalGraph::new().plan(&grid, (0, 0), (2, 1)),
            Err(PlanError::UnsupportedGraph { .. })
        ));
    }
}

/// The statistics of A* over one or two levels count what the search did: the frontier
/// never holds more nodes than the graph has (its subgoals, the start and the goal), and
/// every node that was on it was generated by an edge looked at.
#[test]
fn the_statistics_count_the_frontier_and_the_edges_looked_at() {
    let mut searched = 0;
    for seed in 0..24u64 {
        let (width, height) = (12 + (seed % 7) as u32, 10 + (seed % 5) as u32);
        let grid = walled(width, height, &draws(seed, (width * height) as usize), 15);
        let free: Vec<Cell> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&cell| grid.is_passable(cell))
            .collect();
        for mut planner in [
            SubgoalGraph::simple(),
            SubgoalGraph::with_levels(Levels::Two),
        ] {
            planner.prepare(&grid).unwrap();
            let nodes = planner.subgoal_count() + 2;
            for &start in free.iter().step_by(3) {
                for &goal in &free {
                    let Ok(path) = planner.plan(&grid, start, goal) else {
                        continue;
                    };
                    let stats = path.stats;
                    assert!(
                        stats.max_frontier <= nodes,
                        "{start:?} -> {goal:?}: a frontier of {} in a graph of {nodes}",
                        stats.max_frontier
                    );
                    assert!(
                        stats.generated >= stats.max_frontier as u64,
                        "{start:?} -> {goal:?}: {} generated, a frontier of {}",
                        stats.generated,
                        stats.max_frontier
                    );
                    searched += usize::from(stats.expanded > 0);
                }
            }
        }
    }
    assert!(searched > 1_000, "{searched} searches");
}

#[test]
fn the_budget_counts_expanded_nodes() {
    let grid = eight(
        "\
...#...
.#.#.#.
.#...#.",
    );
    let mut planner = SubgoalGraph::new().with_budget(1);
    assert_eq!(
        planner.plan(&grid, (0, 0), (6, 0)),
        Err(PlanError::BudgetExceeded { budget: 1 })
    );
    planner.set_budget(None);
    let path = planner.plan(&grid, (0, 0), (6, 0)).unwrap();
    assert!(planner.last_stats().expanded > 1);
    let expected = distances_from(&grid, (0, 0))[6].unwrap();
    assert!(close(path.cost, expected));
}

#[test]
fn long_rays_past_the_saturated_clearances() {
    // Rows longer than a clearance entry counts, with obstacles far along them.
    let mut grid = Grid::open(700, 5, Connectivity::Eight);
    for x in [3, 300, 520, 699] {
        grid.set_blocked((x, 2), true).unwrap();
    }
    let expected = |start: Cell, goal: Cell| {
        distances_from(&grid, start)[(goal.1 * grid.width() + goal.0) as usize]
    };
    let mut planners = both();
    for (start, goal) in [
        ((0, 2), (698, 2)),
        ((1, 0), (600, 4)),
        ((0, 1), (699, 3)),
        ((2, 2), (521, 2)),
    ] {
        let cost = expected(start, goal);
        for planner in planners.iter_mut() {
            check(&grid, start, goal, cost, &planner.plan(&grid, start, goal)).unwrap();
        }
    }
}

/// Every `.scen` file below `movingai/scenarios`, with its map.
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
#[ignore = "slow in a debug build: cargo test --release --test grid -- subgoal_graph:: --ignored"]
fn every_moving_ai_scenario_is_solved_optimally() {
    let Some(movingai) = data_path("the Moving AI check", "movingai") else {
        return;
    };
    let files = scenario_files(&movingai);
    assert!(
        !files.is_empty(),
        "no .scen files under {}",
        movingai.display()
    );
    let mut solved = 0;
    let mut failures = Vec::new();
    for (scen, map) in &files {
        let grid = read_map(map).unwrap_or_else(|err| panic!("{err}"));
        let scenarios = read_scenarios(scen).unwrap_or_else(|err| panic!("{err}"));
        // The default's choice: two levels only for the large map of scattered obstacles
        // (66,874 subgoals of seven neighbours on average); the maze has 36,220 subgoals
        // of two neighbours.
        let mut default = SubgoalGraph::new();
        default.prepare(&grid).unwrap();
        let scattered = scen.to_string_lossy().contains("random512");
        let chosen = default.built_levels();
        if chosen
            != Some(if scattered {
                Levels::Two
            } else {
                Levels::Hierarchy
            })
        {
            failures.push(format!("{}: the default built {chosen:?}", map.display()));
        }
        for levels in [Levels::One, Levels::Two, Levels::Hierarchy] {
            let mut planner = SubgoalGraph::with_levels(levels);
            for scenario in &scenarios {
                let result = planner.plan(&grid, scenario.start, scenario.goal);
                let ok = match &result {
                    Ok(path) => {
                        (path.cost - scenario.optimal_length).abs() <= 0.01
                            && check_walk(&grid, path, scenario.start, scenario.goal).is_ok()
                    }
                    Err(_) => false,
                };
                if !ok && failures.len() < 20 {
                    failures.push(format!(
                        "{levels:?} {} line {}: {:?} -> {:?} optimal {}, got {:?}",
                        scen.display(),
                        scenario.line,
                        scenario.start,
                        scenario.goal,
                        scenario.optimal_length,
                        result.map(|path| path.cost)
                    ));
                }
                solved += 1;
            }
        }
    }
    eprintln!(
        "{solved} Moving AI queries checked (every scenario, one and two levels and the hierarchy)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
