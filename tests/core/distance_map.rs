//! `BfsReach` and `DijkstraReach` against the point-to-point planners: from the same source,
//! every node's distance in the map is the cost `Bfs` (edge count) or `Dijkstra` (weighted)
//! finds to it, and a node is in the map exactly when the planner finds a path. Searches
//! that admit a node only at some costs keep to what their documentation promises.

use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, Grid};
use replan::{Bfs, BfsReach, Dijkstra, DijkstraReach, Graph, IndexedGraph, PlanError, Planner};

#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    sources: Vec<Cell>,
}

fn case() -> impl Strategy<Value = Case> {
    case_of(any::<bool>(), any::<bool>())
}

/// Four-connected grids without weights: every edge costs 1, so a weighted search's
/// costs are edge counts.
fn unit_case() -> impl Strategy<Value = Case> {
    case_of(Just(false), Just(false))
}

fn case_of(
    eight: impl Strategy<Value = bool>,
    weighted: impl Strategy<Value = bool>,
) -> impl Strategy<Value = Case> {
    (1u32..=16, 1u32..=16, eight, weighted, 0u32..50).prop_flat_map(
        |(width, height, eight, weighted, wall_percent)| {
            let cells = (width * height) as usize;
            (
                prop::collection::vec(0u32..100, cells),
                prop::collection::vec(1u32..=9, cells),
                prop::collection::vec((0..width, 0..height), 1..4),
            )
                .prop_map(move |(walls, weights, sources)| {
                    let connectivity = if eight {
                        Connectivity::Eight
                    } else {
                        Connectivity::Four
                    };
                    let mut grid = Grid::open(width, height, connectivity);
                    for y in 0..height {
                        for x in 0..width {
                            let i = (y * width + x) as usize;
                            if walls[i] < wall_percent && !sources.contains(&(x, y)) {
                                grid.set_blocked((x, y), true).unwrap();
                            } else if weighted {
                                grid.set_weight((x, y), f64::from(weights[i])).unwrap();
                            }
                        }
                    }
                    Case { grid, sources }
                })
        },
    )
}

/// The edges leaving the nodes a map reached: what a search to every node generates.
fn edges_out_of<C: replan::Cost>(grid: &Grid, map: &replan::DistanceMap<C>) -> u64 {
    let mut edges = 0;
    for (index, _) in map.iter() {
        grid.successors(grid.node(index), |_, _| edges += 1);
    }
    edges
}

fn cells(grid: &Grid) -> impl Iterator<Item = Cell> + '_ {
    (0..grid.height()).flat_map(move |y| (0..grid.width()).map(move |x| (x, y)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn bfs_reach_matches_bfs_from_the_same_source(case in case()) {
        let grid = &case.grid;
        let source = case.sources[0];
        let mut reach = BfsReach::new();
        let mut bfs = Bfs::new();
        // Run twice so the second run reuses (and must reset) the first one's memory.
        let other = case.sources[case.sources.len() - 1];
        reach.run(grid, other).unwrap();
        let map = reach.run(grid, source).unwrap().clone();
        let mut reached = 0;
        for cell in cells(grid) {
            let expected = match bfs.plan(grid, source, cell) {
                Ok(path) => Some(path.len() as u32),
                Err(PlanError::NoPath | PlanError::InvalidGoal { .. }) => None,
                Err(error) => panic!("{error}"),
            };
            prop_assert_eq!(map.distance(grid, cell), expected, "cell {:?}", cell);
            // The three readings of one entry agree.
            let index = grid.index(cell);
            prop_assert_eq!(map.contains(index), expected.is_some());
            prop_assert_eq!(map.as_slice()[index], expected.unwrap_or(u32::MAX));
            reached += usize::from(expected.is_some());
        }
        prop_assert_eq!(map.reached(), reached);
        // Reached in order of distance.
        let order: Vec<u32> = reach.order().iter().map(|&i| map.get(i as usize).unwrap()).collect();
        prop_assert!(order.windows(2).all(|w| w[0] <= w[1]));
        prop_assert_eq!(order.len(), reached);
        prop_assert_eq!(reach.last_stats().expanded, reached as u64);
        prop_assert_eq!(reach.last_stats().generated, edges_out_of(grid, &map));
        prop_assert_eq!(reach.map().as_slice(), map.as_slice());
    }

    #[test]
    fn dijkstra_reach_matches_dijkstra_from_the_same_source(case in case()) {
        let grid = &case.grid;
        let source = case.sources[0];
        let mut reach = DijkstraReach::new();
        let mut dijkstra = Dijkstra::dijkstra();
        let other = case.sources[case.sources.len() - 1];
        reach.run(grid, other).unwrap();
        let map = reach.run(grid, source).unwrap().clone();
        for cell in cells(grid) {
            let expected = match dijkstra.plan(grid, source, cell) {
                Ok(path) => Some(path.cost),
                Err(PlanError::NoPath | PlanError::InvalidGoal { .. }) => None,
                Err(error) => panic!("{error}"),
            };
            let found = map.distance(grid, cell);
            match (found, expected) {
                (Some(a), Some(b)) => prop_assert!((a - b).abs() <= 1e-9 * b.max(1.0), "cell {:?}: {} vs {}", cell, a, b),
                (a, b) => prop_assert_eq!(a, b, "cell {:?}", cell),
            }
        }
        let stats = reach.last_stats();
        prop_assert_eq!(stats.expanded, map.reached() as u64);
        prop_assert_eq!(stats.generated, edges_out_of(grid, &map));
        prop_assert!(stats.max_frontier >= 1 && stats.max_frontier <= map.reached());
        prop_assert_eq!(reach.map().as_slice(), map.as_slice());
    }

    #[test]
    fn a_budget_keeps_exactly_the_nodes_within_it(case in case(), fraction in 0.0f64..1.2) {
        let grid = &case.grid;
        let source = case.sources[0];
        let mut reach = DijkstraReach::new();
        let full = reach.run(grid, source).unwrap().clone();
        let budget = full.max_distance().unwrap() * fraction;
        let map = reach.run_admitting(grid, [(source, 0.0)], |_, arrival| arrival <= budget).unwrap();
        for cell in cells(grid) {
            let i = grid.index(cell);
            prop_assert_eq!(map.get(i), full.get(i).filter(|&d| d <= budget), "cell {:?}", cell);
        }
    }

    #[test]
    fn late_openings_give_the_first_admitted_arrival_over_kept_paths(
        case in case(),
        opening in prop::collection::vec(0u32..24, 256),
    ) {
        // Most cells open at once; some only from a later arrival on.
        let grid = &case.grid;
        let source = case.sources[0];
        let open = |index: usize| f64::from(opening[index % opening.len()].saturating_sub(12));
        let mut reach = DijkstraReach::new();
        let full = reach.run(grid, source).unwrap().clone();
        let map = reach.run_admitting(grid, [(source, 0.0)], |index, arrival| arrival >= open(index)).unwrap().clone();
        let source_index = grid.index(source);
        prop_assert_eq!(map.get(source_index), Some(0.0));
        for (index, distance) in map.iter() {
            // Never cheaper than without the openings, never before the cell opens.
            prop_assert!(distance >= full.get(index).unwrap());
            if index == source_index {
                continue;
            }
            prop_assert!(distance >= open(index));
            // Reached along an edge from a reached cell, at exactly its distance.
            let mut realised = false;
            for (from, from_distance) in map.iter() {
                grid.successors(grid.node(from), |next, edge| {
                    realised |= grid.index(next) == index && from_distance + edge == distance;
                });
            }
            prop_assert!(realised, "cell {:?} at {}", grid.node(index), distance);
        }
        // Closed: every admitted step out of a reached cell leads to a cell reached no later.
        for (from, from_distance) in map.iter() {
            let mut violation = None;
            grid.successors(grid.node(from), |next, edge| {
                let index = grid.index(next);
                let arrival = from_distance + edge;
                if index != source_index
                    && arrival >= open(index)
                    && map.get(index).is_none_or(|d| d > arrival)
                {
                    violation = Some(next);
                }
            });
            prop_assert_eq!(violation, None);
        }
    }

    #[test]
    fn bfs_admitting_matches_dijkstra_admitting_on_unit_costs(
        case in unit_case(),
        opening in prop::collection::vec(0u32..24, 256),
        budget in 0u32..40,
    ) {
        // A budget (closed downwards) and cells that open only from some depth on.
        let grid = &case.grid;
        let open = |index: usize| opening[index % opening.len()].saturating_sub(12);
        let mut bfs = BfsReach::new();
        let mut dijkstra = DijkstraReach::new();
        // Reuse: the first run's memory must be reset.
        bfs.run(grid, case.sources[0]).unwrap();
        let map = bfs
            .run_admitting(grid, case.sources.iter().copied(), |index, depth| {
                depth <= budget && depth >= open(index)
            })
            .unwrap()
            .clone();
        let starts = case.sources.iter().map(|&cell| (cell, 0.0));
        let weighted = dijkstra
            .run_admitting(grid, starts, |index, arrival| {
                arrival <= f64::from(budget) && arrival >= f64::from(open(index))
            })
            .unwrap();
        for cell in cells(grid) {
            let i = grid.index(cell);
            prop_assert_eq!(map.get(i).map(f64::from), weighted.get(i), "cell {:?}", cell);
        }
        prop_assert_eq!(map.reached(), weighted.reached());
        prop_assert_eq!(bfs.last_stats().expanded, dijkstra.last_stats().expanded);
        prop_assert_eq!(bfs.last_stats().generated, dijkstra.last_stats().generated);
        // Expanded in order of depth.
        let order: Vec<u32> = bfs.order().iter().map(|&i| map.get(i as usize).unwrap()).collect();
        prop_assert!(order.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_search_that_stops_at_its_targets_gives_them_their_distances(
        case in unit_case(),
        targets in prop::collection::vec((0u32..16, 0u32..16), 1..4),
    ) {
        let grid = &case.grid;
        let source = case.sources[0];
        let targets: Vec<usize> = targets
            .iter()
            .filter(|&&(x, y)| x < grid.width() && y < grid.height())
            .map(|&cell| grid.index(cell))
            .collect();
        let mut reach = BfsReach::new();
        let full = reach.run(grid, source).unwrap().clone();
        let mut left: Vec<usize> = targets.iter().copied().filter(|&t| full.contains(t)).collect();
        left.retain(|&t| t != grid.index(source));
        let stopped = left.is_empty();
        let mut admitted = 0;
        let map = reach
            .run_admitting(grid, [source], |index, _| {
                if left.is_empty() {
                    return false;
                }
                left.retain(|&t| t != index);
                admitted += 1;
                true
            })
            .unwrap();
        prop_assert_eq!(map.reached(), admitted + 1);
        for &target in &targets {
            prop_assert_eq!(map.get(target), full.get(target));
        }
        // Every admitted node keeps its distance; nothing beyond the farthest target.
        let farthest = targets.iter().filter_map(|&t| full.get(t)).max().unwrap_or(0);
        for (index, distance) in map.iter() {
            prop_assert_eq!(Some(distance), full.get(index));
            prop_assert!(distance <= farthest);
        }
        if stopped {
            prop_assert_eq!(map.reached(), 1);
        }
    }

    #[test]
    fn multi_source_distances_are_the_least_over_the_sources(case in case()) {
        let grid = &case.grid;
        let mut reach = BfsReach::new();
        let mut single = BfsReach::new();
        let mut weighted = DijkstraReach::new();
        let mut weighted_single = DijkstraReach::new();
        let starts: Vec<(Cell, f64)> =
            case.sources.iter().enumerate().map(|(i, &cell)| (cell, i as f64 * 1.5)).collect();
        let map = reach.run_from(grid, case.sources.iter().copied()).unwrap().clone();
        let weighted_map = weighted.run_from(grid, starts.iter().copied()).unwrap().clone();
        let singles: Vec<_> = case.sources.iter().map(|&s| single.run(grid, s).unwrap().clone()).collect();
        let weighted_singles: Vec<_> =
            starts.iter().map(|&(s, _)| weighted_single.run(grid, s).unwrap().clone()).collect();
        for cell in cells(grid) {
            let i = grid.index(cell);
            let least = singles.iter().filter_map(|m| m.get(i)).min();
            prop_assert_eq!(map.get(i), least);
            let least = weighted_singles
                .iter()
                .zip(&starts)
                .filter_map(|(m, &(_, start))| m.get(i).map(|d| d + start))
                .min_by(f64::total_cmp);
            match (weighted_map.get(i), least) {
                (Some(a), Some(b)) => prop_assert!((a - b).abs() <= 1e-9 * b.max(1.0)),
                (a, b) => prop_assert_eq!(a, b),
            }
        }
    }
}

#[test]
fn a_blocked_or_off_grid_source_is_an_error_and_leaves_an_empty_map() {
    let grid: Grid = "..#\n...".parse().unwrap();
    let mut reach = BfsReach::new();
    reach.run(&grid, (0, 0)).unwrap();
    assert!(matches!(
        reach.run(&grid, (2, 0)),
        Err(PlanError::InvalidStart { .. })
    ));
    assert_eq!(reach.map().reached(), 0);
    assert!(matches!(
        reach.run(&grid, (9, 9)),
        Err(PlanError::InvalidStart { .. })
    ));
    let mut weighted = DijkstraReach::new();
    assert!(matches!(
        weighted.run(&grid, (2, 0)),
        Err(PlanError::InvalidStart { .. })
    ));
    assert!(matches!(
        weighted.run_from(&grid, [((0, 0), -1.0)]),
        Err(PlanError::InvalidCost { .. })
    ));
}

/// A graph with an edge of negative cost: the map refuses it rather than returning wrong
/// distances.
struct Negative;
impl Graph for Negative {
    type Node = u8;
    type Cost = i32;
    type Ids = replan::DenseIds;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, i32)) {
        if node == 0 {
            visit(1, -1);
        }
    }
}
impl IndexedGraph for Negative {
    fn node_bound(&self) -> usize {
        2
    }
    fn index(&self, node: u8) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u8 {
        index as u8
    }
}

#[test]
fn a_negative_edge_is_an_error() {
    let mut reach = DijkstraReach::new();
    assert!(matches!(
        reach.run(&Negative, 0),
        Err(PlanError::InvalidCost { .. })
    ));
    assert_eq!(reach.map().reached(), 0);
    // BFS ignores costs.
    assert_eq!(BfsReach::new().run(&Negative, 0).unwrap().get(1), Some(1));
}

#[test]
fn along_a_corridor_the_frontier_holds_one_node() {
    let grid = Grid::open(6, 1, Connectivity::Four);
    let mut bfs = BfsReach::new();
    bfs.run(&grid, (0, 0)).unwrap();
    assert_eq!(bfs.last_stats().max_frontier, 1);
    let mut dijkstra = DijkstraReach::new();
    dijkstra.run(&grid, (0, 0)).unwrap();
    assert_eq!(dijkstra.last_stats().max_frontier, 1);
    // From the middle, both ends are queued at once.
    bfs.run(&grid, (3, 0)).unwrap();
    assert_eq!(bfs.last_stats().max_frontier, 2);
    dijkstra.run(&grid, (3, 0)).unwrap();
    assert_eq!(dijkstra.last_stats().max_frontier, 2);
}
