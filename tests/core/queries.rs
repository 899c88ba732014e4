//! Queries against one-pair searches: goal sets, goal tests and several starts cost what the
//! best single pair costs; the closest node is the reached node of least estimate; a search
//! run a slice at a time ends where an uninterrupted one does. Random grids up to 24×24,
//! random walls and weights, 4- and 8-connected; random 8-puzzles for integer costs, which
//! A* keeps in buckets rather than a heap.

use crate::common;

use common::{check_walk, close};
use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, Grid, Manhattan, Octile};
use replan::puzzle::{self, LinearConflict, SlidingPuzzle};
use replan::{
    AStar, Bfs, BfsReach, BidirectionalBfs, Budgeted, Dijkstra, DijkstraReach, Goal, Heuristic,
    IndexedGraph, Outcome, PlanError, Planner, Progress, Query,
};

#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    starts: Vec<Cell>,
    goals: Vec<Cell>,
}

fn case() -> impl Strategy<Value = Case> {
    (1u32..=24, 1u32..=24, any::<bool>(), any::<bool>(), 0u32..45).prop_flat_map(
        |(width, height, eight, weighted, wall_percent)| {
            let cells = (width * height) as usize;
            let cell = (0..width, 0..height);
            (
                prop::collection::vec(0u32..100, cells),
                prop::collection::vec(1u32..=9, cells),
                prop::collection::vec(cell.clone(), 1..4),
                prop::collection::vec(cell, 0..5),
            )
                .prop_map(move |(walls, weights, starts, goals)| {
                    let connectivity = if eight {
                        Connectivity::Eight
                    } else {
                        Connectivity::Four
                    };
                    let mut grid = Grid::open(width, height, connectivity);
                    for y in 0..height {
                        for x in 0..width {
                            let i = (y * width + x) as usize;
                            let endpoint = starts.contains(&(x, y)) || goals.contains(&(x, y));
                            if walls[i] < wall_percent && !endpoint {
                                grid.set_blocked((x, y), true).unwrap();
                            }
                            if weighted {
                                grid.set_weight((x, y), f64::from(weights[i])).unwrap();
                            }
                        }
                    }
                    Case {
                        grid,
                        starts,
                        goals,
                    }
                })
        },
    )
}

/// The admissible heuristic for the grid's moves: octile when 8-connected, else Manhattan.
fn estimate(grid: &Grid, from: Cell, to: Cell) -> f64 {
    match grid.connectivity() {
        Connectivity::Eight => Octile.estimate(from, to),
        Connectivity::Four => Manhattan.estimate(from, to),
    }
}

/// The least cost over every start and goal pair, each found by one-pair Dijkstra, or
/// `None` when no pair connects.
fn best_pair_cost(case: &Case) -> Option<f64> {
    let mut dijkstra = Dijkstra::default();
    let mut best: Option<f64> = None;
    for &start in &case.starts {
        for &goal in &case.goals {
            if let Ok(path) = dijkstra.plan(&case.grid, start, goal) {
                best = Some(best.map_or(path.cost, |b: f64| b.min(path.cost)));
            }
        }
    }
    best
}

/// The fewest edges over every start and goal pair, by one-pair BFS.
fn best_pair_edges(case: &Case) -> Option<usize> {
    let mut bfs = Bfs::new();
    case.starts
        .iter()
        .flat_map(|&start| case.goals.iter().map(move |&goal| (start, goal)))
        .filter_map(|(start, goal)| bfs.plan(&case.grid, start, goal).ok())
        .map(|path| path.len())
        .min()
}

/// Checks that `outcome` reached a goal from a start along a real walk, at `cost`.
fn check_reached(case: &Case, outcome: &Outcome<Cell, f64>) -> Result<(), TestCaseError> {
    let Outcome::Reached(path) = outcome else {
        return Err(TestCaseError::fail(format!("no goal reached: {outcome:?}")));
    };
    prop_assert!(case.starts.contains(&path.start()), "{:?}", path.start());
    prop_assert!(case.goals.contains(&path.goal()), "{:?}", path.goal());
    check_walk(&case.grid, path, path.start(), path.goal()).map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn a_goal_set_costs_the_least_single_pair(case in case()) {
        let query = Query::from_each(&case.starts, Goal::AnyOf(&case.goals));
        let best = best_pair_cost(&case);
        let octile = |a: Cell, b: Cell| estimate(&case.grid, a, b);
        let outcomes = [
            ("A*", AStar::new(octile).search(&case.grid, &query)),
            ("Dijkstra", Dijkstra::default().search(&case.grid, &query)),
        ];
        for (name, outcome) in outcomes {
            match (best, outcome) {
                (Some(best), Ok(outcome)) => {
                    check_reached(&case, &outcome)?;
                    let cost = outcome.path().cost;
                    prop_assert!(close(cost, best), "{name}: {cost} against {best}");
                }
                (None, Err(PlanError::NoPath)) => {}
                (best, outcome) => {
                    return Err(TestCaseError::fail(format!("{name}: {outcome:?}, best pair {best:?}")));
                }
            }
        }
    }

    #[test]
    fn breadth_first_goal_sets_have_the_fewest_edges_of_any_pair(case in case()) {
        let query = Query::from_each(&case.starts, Goal::AnyOf(&case.goals));
        let best = best_pair_edges(&case);
        let outcomes = [
            ("BFS", Bfs::new().search(&case.grid, &query)),
            ("bidirectional BFS", BidirectionalBfs::new().search(&case.grid, &query)),
        ];
        for (name, outcome) in outcomes {
            match (best, outcome) {
                (Some(best), Ok(outcome)) => {
                    check_reached(&case, &outcome)?;
                    prop_assert_eq!(outcome.path().len(), best, "{}", name);
                }
                (None, Err(PlanError::NoPath)) => {}
                (best, outcome) => {
                    return Err(TestCaseError::fail(format!("{name}: {outcome:?}, best pair {best:?}")));
                }
            }
        }
    }

    #[test]
    fn a_goal_test_ends_where_the_set_of_nodes_passing_it_does(case in case(), column in 0u32..24) {
        // The test: any cell of one column. The same cells as a set must cost the same.
        let passing: Vec<Cell> = (0..case.grid.height())
            .map(|y| (column, y))
            .filter(|&cell| case.grid.is_passable(cell))
            .collect();
        let in_column = |cell: Cell| cell.0 == column;
        let by_test = Query::from_each(&case.starts, Goal::Where(&in_column));
        let by_set = Query::from_each(&case.starts, Goal::AnyOf(&passing));
        let mut dijkstra = Dijkstra::default();
        let tested = dijkstra.search(&case.grid, &by_test).map(|o| o.path().cost);
        let listed = dijkstra.search(&case.grid, &by_set).map(|o| o.path().cost);
        match (&tested, &listed) {
            (Ok(a), Ok(b)) => prop_assert!(close(*a, *b), "{a} against {b}"),
            _ => prop_assert_eq!(&tested, &listed),
        }
        let mut bfs = Bfs::new();
        let tested = bfs.search(&case.grid, &by_test).map(|o| o.path().len());
        let listed = bfs.search(&case.grid, &by_set).map(|o| o.path().len());
        prop_assert_eq!(tested, listed);
        // A* with its own estimate to the column: the same cost again.
        let to_column = |cell: Cell| f64::from(cell.0.abs_diff(column));
        let estimated = by_test.with_estimate(&to_column);
        let tested = AStar::new(Octile).search(&case.grid, &estimated);
        match (tested, dijkstra.search(&case.grid, &by_set)) {
            (Ok(a), Ok(b)) => {
                prop_assert!(a.path().goal().0 == column);
                prop_assert!(close(a.path().cost, b.path().cost));
            }
            (a, b) => prop_assert_eq!(a.err(), b.err()),
        }
    }

    #[test]
    fn a_search_in_slices_ends_where_one_search_does(case in case(), slices in prop::collection::vec(0u64..40, 1..8).prop_filter("some slice expands", |s| s.iter().any(|&n| n > 0))) {
        let Some(&goal) = case.goals.first() else { return Ok(()) };
        let start = case.starts[0];
        let octile = |a: Cell, b: Cell| estimate(&case.grid, a, b);
        let mut astar = AStar::new(octile);
        let whole = astar.plan(&case.grid, start, goal);
        let query = Query::new(start, Goal::Node(goal));
        astar.begin(&case.grid, &query).unwrap();
        let mut calls = 0;
        let sliced = loop {
            let slice = slices[calls % slices.len()];
            calls += 1;
            match astar.resume(&case.grid, &query, slice) {
                Ok(Progress::Pending) => prop_assert!(calls < 100_000, "no progress"),
                Ok(Progress::Done(outcome)) => break outcome.reached(),
                Err(error) => break Err(error),
            }
        };
        prop_assert_eq!(&sliced, &whole);
        // Done: a further resume has nothing to carry on.
        prop_assert_eq!(astar.resume(&case.grid, &query, 1), Err(PlanError::NotPlanned));
        // Dijkstra over the goal set, sliced, against the whole.
        let set = Query::from_each(&case.starts, Goal::AnyOf(&case.goals));
        let mut dijkstra = Dijkstra::default();
        let whole = dijkstra.search(&case.grid, &set);
        dijkstra.begin(&case.grid, &set).unwrap();
        let sliced = loop {
            match dijkstra.resume(&case.grid, &set, slices[0] + 1) {
                Ok(Progress::Pending) => {}
                Ok(Progress::Done(outcome)) => break Ok(outcome),
                Err(error) => break Err(error),
            }
        };
        prop_assert_eq!(sliced, whole);
    }

    #[test]
    fn a_search_over_integer_costs_in_slices_ends_where_one_search_does(seed in 0u64..1_000_000, slices in prop::collection::vec(1u64..25, 1..6)) {
        let eight = SlidingPuzzle::new(3, 3).unwrap();
        let goal = eight.goal();
        let start = eight.random_board(goal, seed);
        let mut astar = AStar::new(LinearConflict::new(goal));
        let whole = astar.plan(&eight, start, goal);
        prop_assert!(whole.is_ok());
        let query = Query::new(start, Goal::Node(goal));
        astar.begin(&eight, &query).unwrap();
        let mut calls = 0;
        let sliced = loop {
            let slice = slices[calls % slices.len()];
            calls += 1;
            match astar.resume(&eight, &query, slice) {
                Ok(Progress::Pending) => prop_assert!(calls < 100_000, "no progress"),
                Ok(Progress::Done(outcome)) => break outcome.reached(),
                Err(error) => break Err(error),
            }
        };
        // The same path, cost and counts: each paused node went back to be expanded first.
        prop_assert_eq!(&sliced, &whole);
        let moves: Vec<puzzle::TileBoard> = sliced.unwrap().nodes;
        prop_assert_eq!(moves.first(), Some(&start));
    }

    #[test]
    fn the_closest_node_has_the_least_estimate_then_the_least_cost(case in case()) {
        let Some(&goal) = case.goals.first() else { return Ok(()) };
        let start = case.starts[0];
        let query = Query::new(start, Goal::Node(goal)).or_closest();
        let octile = |a: Cell, b: Cell| estimate(&case.grid, a, b);
        let outcome = AStar::new(octile).search(&case.grid, &query).unwrap();
        let mut reach = DijkstraReach::new();
        let distances = reach.run(&case.grid, start).unwrap();
        match &outcome {
            Outcome::Reached(path) => {
                prop_assert!(distances.distance(&case.grid, goal).is_some());
                prop_assert_eq!(path.goal(), goal);
            }
            Outcome::Closest { path, reason } => {
                prop_assert_eq!(reason, &PlanError::NoPath);
                prop_assert!(distances.distance(&case.grid, goal).is_none());
                // Every node reached, with its estimate and cost: the path's end has the
                // least pair, and the path is the cheapest way there.
                let least = distances
                    .iter()
                    .map(|(index, cost)| (octile(case.grid.node(index), goal), cost))
                    .fold((f64::INFINITY, f64::INFINITY), |a, b| if b < a { b } else { a });
                let end = path.goal();
                let end_cost = distances.distance(&case.grid, end).unwrap();
                prop_assert!(close(octile(end, goal), least.0), "{end:?}: {least:?}");
                prop_assert!(close(end_cost, least.1), "{end:?}: {end_cost} against {least:?}");
                prop_assert!(close(path.cost, end_cost));
                check_walk(&case.grid, path, start, end).map_err(TestCaseError::fail)?;
            }
        }
    }

    #[test]
    fn a_spent_budget_hands_back_a_real_walk_to_a_reached_node(case in case(), budget in 0u64..30) {
        let Some(&goal) = case.goals.first() else { return Ok(()) };
        let start = case.starts[0];
        let query = Query::new(start, Goal::Node(goal)).or_closest();
        let mut astar = AStar::new(Octile).with_budget(budget);
        let full = AStar::new(Octile).plan(&case.grid, start, goal);
        match astar.search(&case.grid, &query) {
            Ok(Outcome::Reached(path)) => prop_assert_eq!(Ok(path), full),
            Ok(Outcome::Closest { path, reason }) => {
                let expected = matches!(reason, PlanError::BudgetExceeded { .. } | PlanError::NoPath);
                prop_assert!(expected, "{:?}", reason);
                let mut bfs = BfsReach::new();
                let reached = bfs.run(&case.grid, start).unwrap();
                prop_assert!(reached.distance(&case.grid, path.goal()).is_some());
                check_walk(&case.grid, &path, start, path.goal()).map_err(TestCaseError::fail)?;
                prop_assert!(path.stats.expanded <= budget);
            }
            Err(error) => return Err(TestCaseError::fail(format!("{error:?}"))),
        }
    }
}

#[test]
fn a_query_without_starts_or_asking_the_impossible_is_an_error() {
    let grid: Grid = "...".parse().unwrap();
    let none: [Cell; 0] = [];
    let empty = Query::from_each(&none, Goal::Node((2, 0)));
    assert!(matches!(
        AStar::new(Manhattan).search(&grid, &empty),
        Err(PlanError::InvalidQuery { .. })
    ));
    assert!(matches!(
        Bfs::new().search(&grid, &empty),
        Err(PlanError::InvalidQuery { .. })
    ));
    let anything = |_: Cell| true;
    let tested = Query::new((0, 0), Goal::Where(&anything));
    assert!(matches!(
        BidirectionalBfs::new().search(&grid, &tested),
        Err(PlanError::InvalidQuery { .. })
    ));
    let closest = Query::new((0, 0), Goal::Node((2, 0))).or_closest();
    assert!(matches!(
        BidirectionalBfs::new().search(&grid, &closest),
        Err(PlanError::InvalidQuery { .. })
    ));
    // A goal set with a blocked cell is refused like a blocked goal.
    let walled: Grid = "..#".parse().unwrap();
    let goals = [(1, 0), (2, 0)];
    assert!(matches!(
        Dijkstra::default().search(&walled, &Query::new((0, 0), Goal::AnyOf(&goals))),
        Err(PlanError::InvalidGoal { .. })
    ));
    // An empty goal set is never reached.
    assert_eq!(
        Dijkstra::default().search(&grid, &Query::new((0, 0), Goal::AnyOf(&none))),
        Err(PlanError::NoPath)
    );
}

#[test]
fn resuming_with_another_goal_or_without_a_search_is_an_error() {
    let grid = Grid::open(20, 20, Connectivity::Eight);
    let mut astar = AStar::new(Octile);
    let query = Query::new((0, 0), Goal::Node((19, 19)));
    assert_eq!(astar.resume(&grid, &query, 10), Err(PlanError::NotPlanned));
    astar.begin(&grid, &query).unwrap();
    let goals = [(19, 19)];
    let other = Query::new((0, 0), Goal::AnyOf(&goals));
    assert!(matches!(
        astar.resume(&grid, &other, 10),
        Err(PlanError::InvalidQuery { .. })
    ));
}

#[test]
fn a_start_that_is_a_goal_ends_the_search_at_once() {
    let grid: Grid = ".....".parse().unwrap();
    let starts = [(0, 0), (3, 0)];
    let goals = [(4, 0), (3, 0)];
    let query = Query::from_each(&starts, Goal::AnyOf(&goals));
    for outcome in [
        AStar::new(Manhattan).search(&grid, &query),
        Bfs::new().search(&grid, &query),
        BidirectionalBfs::new().search(&grid, &query),
    ] {
        let path = outcome.unwrap().into_path();
        assert_eq!((path.nodes, path.cost), (vec![(3, 0)], 0.0));
    }
}

#[test]
fn outcomes_say_whether_a_goal_was_reached_and_queries_print_what_they_ask() {
    let grid: Grid = "..#.".parse().unwrap();
    let mut astar = AStar::new(Manhattan);
    let reached = astar
        .search(&grid, &Query::new((0, 0), Goal::Node((1, 0))))
        .unwrap();
    assert!(reached.is_reached());
    let closest = astar
        .search(&grid, &Query::new((0, 0), Goal::Node((3, 0))).or_closest())
        .unwrap();
    assert!(!closest.is_reached());
    assert_eq!(closest.clone().reached(), Err(PlanError::NoPath));

    let goals = [(3, 0)];
    let estimate = |cell: Cell| f64::from(3 - cell.0);
    let query = Query::new((0, 0), Goal::AnyOf(&goals))
        .with_estimate(&estimate)
        .or_closest();
    let printed = format!("{query:?}");
    for part in [
        "starts: [(0, 0)]",
        "AnyOf([(3, 0)])",
        "estimate: Some",
        "closest: true",
    ] {
        assert!(printed.contains(part), "{printed}");
    }
    let right_edge = |cell: Cell| cell.0 == 3;
    assert_eq!(format!("{:?}", Goal::Where(&right_edge)), "Where(..)");
    assert_eq!(format!("{:?}", Goal::Node((1, 2))), "Node((1, 2))");
}
