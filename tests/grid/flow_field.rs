//! Flow fields: following the field from any cell walks a cheapest path to the nearest goal,
//! checked against Dijkstra from that cell to each goal (float costs) and against a
//! Bellman-Ford relaxation over integer step costs; unreachable cells have no direction.

use crate::common;

use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, FieldCost, FlowField, Grid};
use replan::{Dijkstra, Graph, InvalidNode, PlanError, Planner};

fn map_with_goals() -> impl Strategy<Value = (Grid, Vec<Cell>)> {
    map_with_weight(3.0)
}

/// Random maps of up to 8×8 cells, some blocked, some of weight `heavy`, with 1 to 3 goals.
fn map_with_weight(heavy: f64) -> impl Strategy<Value = (Grid, Vec<Cell>)> {
    (2u32..9, 2u32..9, any::<bool>())
        .prop_flat_map(|(w, h, eight)| {
            (
                Just((w, h, eight)),
                proptest::collection::vec(0u8..8, (w * h) as usize),
                proptest::collection::vec((0..w, 0..h), 1..4),
            )
        })
        .prop_map(move |((w, h, eight), cells, goals)| {
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
                        2 => grid.set_weight((x, y), heavy).unwrap(),
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
        prop_assert!(field.is_built());
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
                    // The invariant that rules out loops: each step strictly lowers the
                    // distance, by exactly the step's cost.
                    let here = field.distance(&grid, at).unwrap();
                    let there = field.distance(&grid, next).unwrap();
                    prop_assert!(there < here, "{at:?} at {here} steps to {next:?} at {there}");
                    prop_assert!((here - there - step_cost(&grid, at, next).unwrap()).abs() < 1e-9);
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

/// The integer cost of the move from `a` to its neighbour `b`: `straight` or `diagonal`
/// times the weight of `b`, rounded.
fn integer_step(grid: &Grid, a: Cell, b: Cell, straight: u32, diagonal: u32) -> u32 {
    let base = if a.0 != b.0 && a.1 != b.1 {
        diagonal
    } else {
        straight
    };
    (f64::from(base) * grid.weight(b).unwrap()).round() as u32
}

/// Distances to the nearest goal in integer step costs by Bellman-Ford: relax every move
/// until nothing changes. Independent of the field's bucket queue.
fn bellman_ford(grid: &Grid, goals: &[Cell], straight: u32, diagonal: u32) -> Vec<Option<u64>> {
    let (w, h) = (grid.width(), grid.height());
    let at = |(x, y): Cell| (y * w + x) as usize;
    let mut distance: Vec<Option<u64>> = vec![None; (w * h) as usize];
    for &goal in goals {
        distance[at(goal)] = Some(0);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for y in 0..h {
            for x in 0..w {
                let mut best = distance[at((x, y))];
                grid.successors((x, y), |next, _| {
                    if let Some(rest) = distance[at(next)] {
                        let through =
                            rest + u64::from(integer_step(grid, (x, y), next, straight, diagonal));
                        if best.is_none_or(|b| through < b) {
                            best = Some(through);
                        }
                    }
                });
                if best != distance[at((x, y))] {
                    distance[at((x, y))] = best;
                    changed = true;
                }
            }
        }
    }
    distance
}

/// Walks the field from `cell`; returns the goal reached and the steps taken, failing if a
/// step is not a move of the grid or the walk runs longer than the grid has cells.
fn walk<C: FieldCost>(grid: &Grid, field: &FlowField<C>, cell: Cell) -> (Cell, Vec<Cell>) {
    let (mut at, mut cells) = (cell, vec![cell]);
    loop {
        let next = field
            .next_cell(grid, at)
            .expect("a reachable cell has a direction");
        if next == at {
            return (at, cells);
        }
        assert!(
            step_cost(grid, at, next).is_some(),
            "{at:?} to {next:?} is not a move"
        );
        at = next;
        cells.push(at);
        assert!(
            cells.len() <= (grid.width() * grid.height()) as usize,
            "the field loops"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Integer steps (10/14, 5/7, 2/3, 1/1 and a diagonal dearer than two straight steps):
    /// distances equal Bellman-Ford's, walking the field costs exactly the distance, and in
    /// the grid's own float costs the walk is within the documented factor of the optimum.
    #[test]
    fn integer_fields_walk_cheapest_integer_paths(
        (grid, goals) in map_with_goals(),
        steps in prop_oneof![Just((10u32, 14u32)), Just((5, 7)), Just((2, 3)), Just((1, 1)), Just((3, 7))],
    ) {
        let (straight, diagonal) = steps;
        let mut field = FlowField::with_integer_steps(straight, diagonal).unwrap();
        field.build(&grid, goals.iter().copied()).unwrap();
        let mut exact = FlowField::new();
        exact.build(&grid, goals.iter().copied()).unwrap();
        let expected = bellman_ford(&grid, &goals, straight, diagonal);
        let ratio = f64::from(diagonal) / f64::from(straight);
        let bound = (ratio / std::f64::consts::SQRT_2).max(std::f64::consts::SQRT_2 / ratio);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let cell = (x, y);
                let want = expected[(y * grid.width() + x) as usize];
                prop_assert_eq!(field.distance(&grid, cell).map(u64::from), want);
                // Integer and float costs agree on which cells reach a goal.
                prop_assert_eq!(want.is_some(), exact.distance(&grid, cell).is_some());
                let Some(want) = want else {
                    prop_assert_eq!(field.next_cell(&grid, cell), None);
                    continue;
                };
                let (goal, cells) = walk(&grid, &field, cell);
                prop_assert!(goals.contains(&goal));
                let walked: u64 = cells
                    .windows(2)
                    .map(|w| u64::from(integer_step(&grid, w[0], w[1], straight, diagonal)))
                    .sum();
                prop_assert_eq!(walked, want);
                // Weights round the integer steps, so the bound holds on unweighted grids.
                if !grid.is_weighted() {
                    let float: f64 = cells
                        .windows(2)
                        .map(|w| step_cost(&grid, w[0], w[1]).unwrap())
                        .sum();
                    let optimum = exact.distance(&grid, cell).unwrap();
                    prop_assert!(float <= optimum * bound + 1e-9, "{float} vs {optimum} × {bound}");
                }
            }
        }
    }
}

#[test]
fn heavy_weights_hand_the_search_to_the_heap() {
    // A step into the heavy cell costs 10^6: far beyond the ring's size, so the heap runs;
    // the field must still route around the cell when that is cheaper.
    let mut grid = Grid::open(3, 3, Connectivity::Four);
    grid.set_weight((1, 1), 1e6).unwrap();
    grid.set_weight((1, 0), 1e6).unwrap();
    let mut field = FlowField::new();
    field.build(&grid, [(2, 1)]).unwrap();
    assert_eq!(field.distance(&grid, (0, 1)), Some(4.0));
    assert_eq!(field.next_cell(&grid, (0, 1)), Some((0, 2)));
    let mut integer = FlowField::with_integer_steps(10, 14).unwrap();
    integer.build(&grid, [(2, 1)]).unwrap();
    assert_eq!(integer.distance(&grid, (0, 1)), Some(40));
    assert_eq!(integer.distance(&grid, (1, 1)), Some(10));
    assert_eq!(integer.distance(&grid, (1, 0)), Some(20));
    // Around the heavy column: down, along the bottom row, up.
    assert_eq!(walk(&grid, &integer, (0, 0)).1.len(), 6);
}

#[test]
fn integer_distances_that_overflow_are_an_error() {
    let mut grid = Grid::open(3, 1, Connectivity::Four);
    grid.set_weight((0, 0), 1e9).unwrap();
    grid.set_weight((1, 0), 1e9).unwrap();
    let mut field = FlowField::with_integer_steps(10, 14).unwrap();
    assert_eq!(field.build(&grid, [(2, 0)]), Err(PlanError::CostOverflow));
    assert!(!field.is_built());
    assert_eq!(field.next_cell(&grid, (1, 0)), None);
    assert_eq!(
        FlowField::with_integer_steps(1, 0).unwrap_err(),
        PlanError::InvalidCost { cost: "0".into() }
    );
}

/// Whether `a` and `b` agree to nine significant digits, at any magnitude.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Weights large enough that the dearest step does not fit the ring of buckets (up to
    /// the largest finite ones a grid accepts) hand the search to the heap: distances still
    /// match Dijkstra's from each cell, and the field still walks them.
    #[test]
    fn huge_float_weights_keep_the_field_exact(
        (grid, goals) in prop_oneof![Just(1e6), Just(7e18), Just(1e19), Just(1e300)]
            .prop_flat_map(map_with_weight),
    ) {
        let mut field = FlowField::new();
        field.build(&grid, goals.iter().copied()).unwrap();
        prop_assert!(field.is_built());
        let mut dijkstra = Dijkstra::default();
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let cell = (x, y);
                let best = goals
                    .iter()
                    .filter_map(|&goal| dijkstra.plan(&grid, cell, goal).ok().map(|p| p.cost))
                    .min_by(f64::total_cmp);
                prop_assert_eq!(field.distance(&grid, cell).is_some(), best.is_some());
                let Some(best) = best else { continue };
                let distance = field.distance(&grid, cell).unwrap();
                prop_assert!(close(distance, best), "{distance} vs {best}");
                let (goal, cells) = walk(&grid, &field, cell);
                prop_assert!(goals.contains(&goal));
                let walked: f64 = cells
                    .windows(2)
                    .map(|w| step_cost(&grid, w[0], w[1]).unwrap())
                    .sum();
                prop_assert!(close(walked, best), "walked {walked}, best {best}");
            }
        }
    }
}

/// Asserts that `field` answers nothing anywhere on `grid`, as after a failed build.
fn assert_unbuilt<C: FieldCost>(grid: &Grid, field: &FlowField<C>) {
    assert!(!field.is_built());
    assert!(!field.is_current(grid));
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            assert_eq!(
                field.next_cell(grid, (x, y)),
                None,
                "next cell of {:?}",
                (x, y)
            );
            assert_eq!(
                field.direction(grid, (x, y)),
                None,
                "direction of {:?}",
                (x, y)
            );
            assert_eq!(
                field.distance(grid, (x, y)),
                None,
                "distance of {:?}",
                (x, y)
            );
        }
    }
}

#[test]
fn a_failed_build_leaves_nothing_to_follow() {
    let mut grid = Grid::open(4, 1, Connectivity::Four);
    grid.set_blocked((1, 0), true).unwrap();
    let mut field = FlowField::new();
    field.build(&grid, [(0, 0), (3, 0)]).unwrap();
    assert_eq!(field.next_cell(&grid, (2, 0)), Some((3, 0)));
    // Off the grid there is nothing to read, built or not.
    for outside in [(4, 0), (0, 1), (u32::MAX, u32::MAX)] {
        assert_eq!(field.next_cell(&grid, outside), None);
        assert_eq!(field.direction(&grid, outside), None);
        assert_eq!(field.distance(&grid, outside), None);
    }
    // A valid goal listed before the bad one must not stay behind as a goal.
    let off_grid = field.build(&grid, [(3, 0), (4, 0)]);
    assert!(
        matches!(
            &off_grid,
            Err(PlanError::InvalidGoal {
                reason: InvalidNode::OutOfBounds,
                ..
            })
        ),
        "{off_grid:?}"
    );
    assert_unbuilt(&grid, &field);
    field.build(&grid, [(3, 0)]).unwrap();
    let blocked = field.build(&grid, [(0, 0), (1, 0)]);
    assert!(
        matches!(
            &blocked,
            Err(PlanError::InvalidGoal {
                reason: InvalidNode::Blocked,
                ..
            })
        ),
        "{blocked:?}"
    );
    assert_unbuilt(&grid, &field);
}

#[test]
fn integer_steps_that_overflow_are_refused_even_out_of_reach() {
    // The heavy cell is walled off from the goal, so no distance passes through it; the
    // step into it does not fit a `u32` all the same, and the build is refused whatever
    // the goals, as the grid may be opened up before the next build.
    let mut grid = Grid::open(4, 1, Connectivity::Four);
    grid.set_weight((0, 0), 1e9).unwrap();
    grid.set_blocked((1, 0), true).unwrap();
    let mut integer = FlowField::with_integer_steps(10, 14).unwrap();
    assert_eq!(integer.build(&grid, [(3, 0)]), Err(PlanError::CostOverflow));
    assert_unbuilt(&grid, &integer);
    // Float costs have room for it.
    let mut float = FlowField::new();
    float.build(&grid, [(3, 0)]).unwrap();
    assert_eq!(float.distance(&grid, (0, 0)), None);
    assert_eq!(float.next_cell(&grid, (2, 0)), Some((3, 0)));
}

#[test]
fn integer_distances_that_overflow_mid_search_leave_the_field_unbuilt() {
    // Each step fits a `u32`; two of them do not. The search has set directions for the
    // cells it settled when the sum overflows.
    let grid = Grid::open(5, 2, Connectivity::Eight);
    let mut field = FlowField::with_integer_steps(1 << 31, 1 << 31).unwrap();
    assert_eq!(field.build(&grid, [(0, 0)]), Err(PlanError::CostOverflow));
    assert_unbuilt(&grid, &field);
    // Steps of a quarter of the range: a corridor of three cells builds, one of six
    // overflows and is refused.
    let step = u32::MAX / 4;
    let mut field = FlowField::with_integer_steps(step, step).unwrap();
    let corridor = Grid::open(3, 1, Connectivity::Four);
    field.build(&corridor, [(0, 0)]).unwrap();
    assert_eq!(field.distance(&corridor, (2, 0)), Some(2 * step));
    let longer = Grid::open(6, 1, Connectivity::Four);
    assert_eq!(field.build(&longer, [(0, 0)]), Err(PlanError::CostOverflow));
    assert_unbuilt(&longer, &field);
}

/// The acceptance run: 1,000 units on a 512×512 Moving AI map all reach the goal with one
/// field build, for float and integer costs.
#[test]
fn a_crowd_on_a_moving_ai_map_arrives() {
    let Some(path) = common::data_path(
        "a_crowd_on_a_moving_ai_map_arrives",
        "movingai/maps/random/random512-10-0.map",
    ) else {
        return;
    };
    let grid = replan::grid::movingai::read_map(&path).unwrap();
    let goal = (256, 256);
    let mut float = FlowField::new();
    float.build(&grid, [goal]).unwrap();
    let mut integer = FlowField::with_integer_steps(10, 14).unwrap();
    integer.build(&grid, [goal]).unwrap();
    let mut state = 1u64;
    let mut placed = 0;
    while placed < 1000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let cell = (((state >> 33) % 512) as u32, ((state >> 13) % 512) as u32);
        let Some(best) = float.distance(&grid, cell) else {
            continue;
        };
        placed += 1;
        let (reached, cells) = walk(&grid, &float, cell);
        assert_eq!(reached, goal);
        let walked: f64 = cells
            .windows(2)
            .map(|w| step_cost(&grid, w[0], w[1]).unwrap())
            .sum();
        assert!((walked - best).abs() < 1e-6, "{walked} vs {best}");
        let (reached, cells) = walk(&grid, &integer, cell);
        assert_eq!(reached, goal);
        let walked: f64 = cells
            .windows(2)
            .map(|w| step_cost(&grid, w[0], w[1]).unwrap())
            .sum();
        assert!(walked <= best * 1.0102 + 1e-6, "{walked} vs {best}");
    }
}
