//! The grid's ASCII picture (`Grid: FromStr`): an error, or a grid no larger than the text
//! that prints and parses back unchanged, on which A* agrees with Dijkstra (4-connected with
//! Manhattan, 8-connected with Octile; weights from the digits) within a budget of a few
//! expansions per cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::grid::{Cell, Connectivity, Grid, Manhattan, Octile};
use replan::{AStar, Budgeted, Graph, Heuristic, PlanError, Planner};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = text.parse::<Grid>() else {
        return;
    };
    let cells = grid.width() as usize * grid.height() as usize;
    assert!(cells >= 1 && cells <= text.len(), "{cells} cells from {} bytes", text.len());
    let picture = grid.to_string();
    let again: Grid = picture.parse().expect("a printed grid parses");
    assert_eq!(again.to_string(), picture);

    let passable: Vec<Cell> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&cell| grid.is_passable(cell))
        .collect();
    let (Some(&start), Some(&goal)) = (passable.first(), passable.last()) else {
        return;
    };
    agree(&grid, Manhattan, start, goal);
    agree(&grid.with_connectivity(Connectivity::Eight), Octile, start, goal);
});

fn agree(grid: &Grid, heuristic: impl Heuristic<Cell, f64>, start: Cell, goal: Cell) {
    // A consistent heuristic expands each cell once, but A* reopens a cell when a route
    // cheaper by float rounding arrives; the budget allows for that, not for a blow-up.
    let budget = 8 * u64::from(grid.width()) * u64::from(grid.height()) + 16;
    let astar = AStar::new(heuristic).with_budget(budget).plan(grid, start, goal);
    let dijkstra = AStar::dijkstra().with_budget(budget).plan(grid, start, goal);
    match (astar, dijkstra) {
        (Ok(a), Ok(d)) => {
            assert!((a.cost - d.cost).abs() <= 1e-9 * d.cost.max(1.0), "{} vs {}", a.cost, d.cost);
            assert_eq!((a.nodes.first(), a.nodes.last()), (Some(&start), Some(&goal)));
            let mut sum = 0.0;
            for pair in a.nodes.windows(2) {
                let mut step = None;
                grid.successors(pair[0], |next, edge| {
                    if next == pair[1] {
                        step = Some(edge);
                    }
                });
                sum += step.unwrap_or_else(|| panic!("no edge {:?} -> {:?}", pair[0], pair[1]));
            }
            assert!((sum - a.cost).abs() <= 1e-9 * a.cost.max(1.0));
        }
        (Err(PlanError::NoPath), Err(PlanError::NoPath)) => {}
        (a, d) => panic!("A* {a:?} but Dijkstra {d:?}"),
    }
}
