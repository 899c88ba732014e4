//! Every planner on random grids (up to 40×40, random walls and weights, 4- and
//! 8-connected) against the oracles: `Bfs` on unit costs, `Dijkstra` on weighted ones.

use crate::common;

use common::{check_walk, close};
use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, Euclidean, Grid, Manhattan, Octile};
use replan::{AStar, Bfs, BidirectionalBfs, Budgeted, Dijkstra, Heuristic, PlanError, Planner};

#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    start: Cell,
    goal: Cell,
    weighted: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (1u32..=40, 1u32..=40, any::<bool>(), any::<bool>(), 0u32..45).prop_flat_map(
        |(width, height, eight, weighted, wall_percent)| {
            let cells = (width * height) as usize;
            (
                prop::collection::vec(0u32..100, cells),
                prop::collection::vec(1u32..=9, cells),
                (0..width, 0..height),
                (0..width, 0..height),
            )
                .prop_map(move |(walls, weights, start, goal)| {
                    let connectivity = if eight {
                        Connectivity::Eight
                    } else {
                        Connectivity::Four
                    };
                    let mut grid = Grid::open(width, height, connectivity);
                    for y in 0..height {
                        for x in 0..width {
                            let i = (y * width + x) as usize;
                            // Keep the endpoints open so most cases have something to find.
                            if walls[i] < wall_percent && (x, y) != start && (x, y) != goal {
                                grid.set_blocked((x, y), true).unwrap();
                            }
                            if weighted {
                                grid.set_weight((x, y), weights[i] as f64).unwrap();
                            }
                        }
                    }
                    Case {
                        grid,
                        start,
                        goal,
                        weighted,
                    }
                })
        },
    )
}

fn assert_planner<P: Planner<Grid>>(
    name: &str,
    planner: &mut P,
    case: &Case,
    expected: &Result<f64, PlanError>,
) -> Result<(), TestCaseError> {
    match (planner.plan(&case.grid, case.start, case.goal), expected) {
        (Ok(path), Ok(cost)) => {
            check_walk(&case.grid, &path, case.start, case.goal)
                .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
            prop_assert!(
                close(path.cost, *cost),
                "{}: cost {} expected {}",
                name,
                path.cost,
                cost
            );
        }
        (Err(error), Err(expected)) => prop_assert_eq!(&error, expected, "{}", name),
        (got, expected) => prop_assert!(false, "{name}: got {got:?}, expected {expected:?}"),
    }
    Ok(())
}

/// A named heuristic.
type Named = (&'static str, Box<dyn Fn(Cell, Cell) -> f64>);

/// The heuristics that are admissible for the case's moves.
fn admissible(case: &Case) -> Vec<Named> {
    let mut list: Vec<Named> = vec![
        ("octile", Box::new(|a, b| Octile.estimate(a, b))),
        ("euclidean", Box::new(|a, b| Euclidean.estimate(a, b))),
    ];
    if case.grid.connectivity() == Connectivity::Four {
        list.push(("manhattan", Box::new(|a, b| Manhattan.estimate(a, b))));
    }
    list
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn planners_find_optimal_paths_on_random_grids(case in case()) {
        let least_cost = Dijkstra::default().plan(&case.grid, case.start, case.goal).map(|p| p.cost);
        let fewest_edges = Bfs::new().plan(&case.grid, case.start, case.goal).map(|p| p.len() as f64);
        prop_assert_eq!(least_cost.is_err(), fewest_edges.is_err());
        let unit = !case.weighted && case.grid.connectivity() == Connectivity::Four;
        if unit {
            // Unit costs: BFS is the oracle for Dijkstra too.
            prop_assert_eq!(&least_cost, &fewest_edges);
        }

        assert_planner("dijkstra", &mut Dijkstra::default(), &case, &least_cost)?;
        for (name, heuristic) in admissible(&case) {
            assert_planner(name, &mut AStar::new(heuristic), &case, &least_cost)?;
        }
        // The breadth-first planners minimise edges; on unit costs that is the cost.
        let bfs_cost = Bfs::new().plan(&case.grid, case.start, case.goal).map(|p| p.cost);
        assert_planner("bfs", &mut Bfs::new(), &case, &bfs_cost)?;
        let mut bidirectional = BidirectionalBfs::new();
        match bidirectional.plan(&case.grid, case.start, case.goal) {
            Ok(path) => {
                check_walk(&case.grid, &path, case.start, case.goal).map_err(TestCaseError::fail)?;
                prop_assert_eq!(Ok(path.len() as f64), fewest_edges.clone());
                if unit {
                    prop_assert_eq!(Ok(path.cost), least_cost.clone());
                }
            }
            Err(error) => prop_assert_eq!(Err(error), fewest_edges.clone()),
        }
    }

    #[test]
    fn start_equal_to_goal_costs_nothing(case in case()) {
        let cell = case.start;
        for path in [
            Bfs::new().plan(&case.grid, cell, cell),
            BidirectionalBfs::new().plan(&case.grid, cell, cell),
            Dijkstra::default().plan(&case.grid, cell, cell),
            AStar::new(Octile).plan(&case.grid, cell, cell),
        ] {
            let path = path.unwrap();
            prop_assert_eq!(path.nodes, vec![cell]);
            prop_assert_eq!(path.cost, 0.0);
        }
    }

    #[test]
    fn a_small_budget_gives_budget_exceeded_never_a_wrong_path(case in case(), budget in 0u64..200) {
        let mut full = AStar::new(Octile);
        let unlimited = full.plan(&case.grid, case.start, case.goal);
        let needed = full.last_stats().expanded;
        let cut = AStar::new(Octile).with_budget(budget).plan(&case.grid, case.start, case.goal);
        if budget < needed {
            prop_assert_eq!(cut, Err(PlanError::BudgetExceeded { budget }));
        } else {
            prop_assert_eq!(cut, unlimited);
        }
        for result in [
            Bfs::new().with_budget(budget).plan(&case.grid, case.start, case.goal),
            BidirectionalBfs::new().with_budget(budget).plan(&case.grid, case.start, case.goal),
        ] {
            match result {
                Err(PlanError::BudgetExceeded { budget: reported }) => prop_assert_eq!(reported, budget),
                Err(error) => prop_assert_eq!(Err(error), Bfs::new().plan(&case.grid, case.start, case.goal).map(|p| p.len())),
                Ok(path) => {
                    check_walk(&case.grid, &path, case.start, case.goal).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(Ok(path.len()), Bfs::new().plan(&case.grid, case.start, case.goal).map(|p| p.len()));
                }
            }
        }
    }

    #[test]
    fn one_planner_reused_answers_like_fresh_ones(
        case in case(),
        queries in prop::collection::vec((0u32..40, 0u32..40, 0u32..40, 0u32..40), 1..12),
    ) {
        let (width, height) = (case.grid.width(), case.grid.height());
        let mut astar = AStar::new(Octile);
        let mut bfs = Bfs::new();
        let mut bidirectional = BidirectionalBfs::new();
        for (sx, sy, gx, gy) in queries {
            let (start, goal) = ((sx % width, sy % height), (gx % width, gy % height));
            prop_assert_eq!(astar.plan(&case.grid, start, goal), AStar::new(Octile).plan(&case.grid, start, goal));
            prop_assert_eq!(bfs.plan(&case.grid, start, goal), Bfs::new().plan(&case.grid, start, goal));
            prop_assert_eq!(
                bidirectional.plan(&case.grid, start, goal),
                BidirectionalBfs::new().plan(&case.grid, start, goal)
            );
        }
    }
}
