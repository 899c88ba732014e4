//! Flow fields: following the field from any cell walks a cheapest path to the nearest goal,
//! checked against Dijkstra from that cell to each goal; unreachable cells have no direction.

use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, FlowField, Grid};
use replan::{Dijkstra, Graph, PlanError, Planner};

fn map_with_goals() -> impl Strategy<Value = (Grid, Vec<Cell>)> {
    (2u32..9, 2u32..9, any::<bool>())
        .prop_flat_map(|(w, h, eight)| {
            (
                Just((w, h, eight)),
                proptest::collection::vec(0u8..8, (w * h) as usize),
                proptest::collection::vec((0..w, 0..h), 1..4),
            )
        })
        .prop_map(|((w, h, eight), cells, goals)| {
            let connectivity = if eight {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let mut grid = Grid::open(w, h, connectivity);
            for y in 0..h {
                for x in 0..w {
                    match cells[(y * w + x) as usize] {
                        0 | 1 if !goals.contains(&(x, y)) => {
                            grid.set_blocked((x, y), true).unwrap()
                        }
                        2 => grid.set_weight((x, y), 3.0).unwrap(),
                        _ => {}
                    }
                }
            }
            (grid, goals)
        })
}

/// The cost of the move from `a` to its neighbour `b`.
fn step_cost(grid: &Grid, a: Cell, b: Cell) -> Option<f64> {
    let mut cost = None;
    grid.successors(a, |n, c| {
        if n == b {
            cost = Some(c);
        }
    });
    cost
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn following_the_field_walks_a_cheapest_path((grid, goals) in map_with_goals()) {
        let mut field = FlowField::new();
        field.build(&grid, goals.iter().copied()).unwrap();
        prop_assert!(field.is_current(&grid));
        let mut dijkstra = Dijkstra::default();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let cell = (x, y);
                let best = goals
                    .iter()
                    .filter_map(|&goal| match dijkstra.plan(&grid, cell, goal) {
                        Ok(path) => Some(path.cost),
                        Err(PlanError::NoPath | PlanError::InvalidStart { .. }) => None,
                        Err(err) => panic!("{err}"),
                    })
                    .min_by(f64::total_cmp);
                let Some(best) = best else {
                    prop_assert_eq!(field.next_cell(&grid, cell), None);
                    prop_assert_eq!(field.distance(&grid, cell), None);
                    continue;
                };
                let distance = field.distance(&grid, cell).unwrap();
                prop_assert!((distance - best).abs() < 1e-9, "{distance} vs {best}");
                // Walk the field; the walked cost must equal the cheapest cost.
                let (mut at, mut walked, mut steps) = (cell, 0.0, 0);
                loop {
                    let next = field.next_cell(&grid, at).unwrap();
                    if next == at {
                        break;
                    }
                    walked += step_cost(&grid, at, next).expect("the field moves to a neighbour");
                    at = next;
                    steps += 1;
                    prop_assert!(steps <= grid.width() * grid.height(), "the field loops");
                }
                prop_assert!(goals.contains(&at));
                prop_assert!((walked - best).abs() < 1e-9, "walked {walked}, best {best}");
            }
        }
    }
}

#[test]
fn a_rebuild_follows_changed_cells() {
    let mut grid = Grid::open(5, 3, Connectivity::Eight);
    let mut field = FlowField::new();
    field.build(&grid, [(4, 1)]).unwrap();
    assert_eq!(field.next_cell(&grid, (0, 1)), Some((1, 1)));
    for y in 0..3 {
        if y != 2 {
            grid.set_blocked((2, y), true).unwrap();
        }
    }
    assert!(!field.is_current(&grid));
    field.build(&grid, [(4, 1)]).unwrap();
    assert!(field.is_current(&grid));
    assert_eq!(field.next_cell(&grid, (0, 1)), Some((1, 2)));
    assert_eq!(
        field.distance(&grid, (0, 1)),
        Some(2.0 + 2.0 * std::f64::consts::SQRT_2)
    );
    assert!(matches!(
        field.build(&grid, [(2, 0)]),
        Err(PlanError::InvalidGoal { .. })
    ));
}
