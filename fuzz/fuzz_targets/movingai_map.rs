//! Moving AI `.map` text: `parse_map` returns an error or a grid no larger than the text
//! (every cell is a character of the input, so no allocation follows a header number), and
//! A* with the octile heuristic agrees with Dijkstra on it between the first and the last
//! passable cell, both within a budget of a few expansions per cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::grid::movingai::parse_map;
use replan::grid::{Cell, Grid, Octile};
use replan::{AStar, Budgeted, Graph, PlanError, Planner};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = parse_map(text) else {
        return;
    };
    let cells = grid.width() as usize * grid.height() as usize;
    assert!(cells >= 1 && cells <= text.len(), "{cells} cells from {} bytes", text.len());

    // The picture prints and parses back to the same map.
    let picture = grid.to_string();
    let again: Grid = picture.parse().expect("a printed map parses");
    assert_eq!(again.to_string(), picture);

    let passable: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&cell| grid.is_passable(cell))
        .collect();
    let (Some(&start), Some(&goal)) = (passable.first(), passable.last()) else {
        return;
    };
    // A consistent heuristic expands each cell once, but A* reopens a cell when a route
    // cheaper by float rounding arrives; the budget allows for that, not for a blow-up.
    let budget = 8 * cells as u64 + 16;
    let astar = AStar::new(Octile).with_budget(budget).plan(&grid, start, goal);
    let dijkstra = AStar::dijkstra().with_budget(budget).plan(&grid, start, goal);
    match (astar, dijkstra) {
        (Ok(a), Ok(d)) => {
            assert!((a.cost - d.cost).abs() <= 1e-9 * d.cost.max(1.0), "{} vs {}", a.cost, d.cost);
            check_walk(&grid, &a.nodes, a.cost, start, goal);
        }
        (Err(PlanError::NoPath), Err(PlanError::NoPath)) => {}
        (a, d) => panic!("A* {a:?} but Dijkstra {d:?}"),
    }
});

/// The path is a walk of `grid` from `start` to `goal` whose edges add up to `cost`.
fn check_walk(grid: &Grid, nodes: &[Cell], cost: f64, start: Cell, goal: Cell) {
    assert_eq!((nodes.first(), nodes.last()), (Some(&start), Some(&goal)));
    let mut sum = 0.0;
    for pair in nodes.windows(2) {
        let mut step = None;
        grid.successors(pair[0], |next, edge| {
            if next == pair[1] {
                step = Some(edge);
            }
        });
        sum += step.unwrap_or_else(|| panic!("no edge {:?} -> {:?}", pair[0], pair[1]));
    }
    assert!((sum - cost).abs() <= 1e-9 * cost.max(1.0), "edges sum to {sum}, path says {cost}");
}
