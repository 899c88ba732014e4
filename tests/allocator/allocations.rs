//! A planner kept between searches allocates nothing but the path it returns: once its
//! memory has grown to the graph, a game that plans every frame pays one allocation a plan.

use crate::counting::allocations;
use replan::grid::{Connectivity, FlowField, Grid, Octile};
use replan::puzzle::{LinearConflict, SlidingPuzzle};
use replan::{AStar, Bfs, BidirectionalBfs, Dijkstra, Goal, Planner, Query};

#[test]
fn planners_kept_between_searches_allocate_only_the_path() {
    let grid: Grid = "
        ........
        .######.
        ........
        .######.
        ........"
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
    let (start, goal) = ((0, 0), (7, 4));
    let mut astar = AStar::new(Octile);
    let mut dijkstra = Dijkstra::default();
    let mut bfs = Bfs::new();
    let mut bidirectional = BidirectionalBfs::new();
    let exits = [(7, 4), (0, 4)];
    let set = Query::new(start, Goal::AnyOf(&exits));
    // The first searches grow each planner's memory to the grid.
    astar.plan(&grid, start, goal).unwrap();
    astar.search(&grid, &set).unwrap();
    dijkstra.plan(&grid, start, goal).unwrap();
    bfs.plan(&grid, start, goal).unwrap();
    bidirectional.plan(&grid, start, goal).unwrap();

    let mut path = None;
    assert_eq!(
        allocations(|| path = Some(astar.plan(&grid, start, goal))),
        1
    );
    assert_eq!(path.take().unwrap().unwrap().goal(), goal);
    let mut outcome = None;
    assert_eq!(allocations(|| outcome = Some(astar.search(&grid, &set))), 1);
    assert!(outcome.unwrap().unwrap().is_reached());
    assert_eq!(
        allocations(|| path = Some(dijkstra.plan(&grid, start, goal))),
        1
    );
    assert_eq!(allocations(|| path = Some(bfs.plan(&grid, start, goal))), 1);
    assert_eq!(
        allocations(|| path = Some(bidirectional.plan(&grid, start, goal))),
        1
    );
    assert_eq!(path.unwrap().unwrap().goal(), goal);

    // The 8-puzzle: ids handed out as boards are met, integer costs in buckets.
    let eight = SlidingPuzzle::new(3, 3).unwrap();
    let solved = eight.goal();
    let board = eight.random_board(solved, 7);
    let mut puzzle_astar = AStar::new(LinearConflict::new(solved));
    puzzle_astar.plan(&eight, board, solved).unwrap();
    let mut solution = None;
    assert_eq!(
        allocations(|| solution = Some(puzzle_astar.plan(&eight, board, solved))),
        1
    );
    assert_eq!(solution.unwrap().unwrap().goal(), solved);
}

/// A flow field keeps its tables, ring of buckets and heap between builds: rebuilding it
/// on a grid it has already been built on allocates nothing, on the ring (unit weights,
/// weight 3) and on the heap (a weight too large for the ring), in float and integer costs.
#[test]
fn flow_fields_rebuilt_in_place_allocate_nothing() {
    let mut grid = Grid::open(24, 24, Connectivity::Eight);
    for y in 2..20 {
        grid.set_blocked((12, y), true).unwrap();
    }
    let mut weighted = grid.clone();
    weighted.set_weight((3, 3), 3.0).unwrap();
    let mut heavy = grid.clone();
    heavy.set_weight((3, 3), 1e6).unwrap();
    let goal_sets: [&[(u32, u32)]; 3] = [&[(23, 23)], &[(0, 0), (23, 0)], &[(11, 11)]];
    let mut float = FlowField::new();
    let mut integer = FlowField::with_integer_steps(10, 14).unwrap();
    for round in 0..2 {
        for map in [&grid, &weighted, &heavy] {
            for goals in goal_sets {
                let made = allocations(|| {
                    float.build(map, goals.iter().copied()).unwrap();
                    integer.build(map, goals.iter().copied()).unwrap();
                });
                // The first round grows the tables; the second must find them grown.
                if round == 1 {
                    assert_eq!(made, 0, "rebuild towards {goals:?}");
                }
            }
        }
    }
    assert_eq!(float.next_cell(&heavy, (11, 12)), Some((11, 11)));
}
