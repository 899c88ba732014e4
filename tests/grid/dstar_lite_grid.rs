//! D* Lite on the crate's grid: `f64` costs with √2 diagonals, dense node ids, the
//! no-corner-cutting rule, and the `set_blocked` / `set_weight` conveniences. Every replan
//! is checked against a fresh Dijkstra on the current map with a 1e-6 tolerance.

use proptest::prelude::*;
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{Cell, Connectivity, Grid, Manhattan, Octile};
use replan::{DStarLite, Dijkstra, Graph, Heuristic, InvalidNode, Path, PlanError, Planner};

use crate::common;

const TOLERANCE: f64 = 1e-6;

fn dijkstra(grid: &Grid, start: Cell, goal: Cell) -> Result<f64, PlanError> {
    Dijkstra::default().plan(grid, start, goal).map(|p| p.cost)
}

/// Checks that `path` is a walk on `grid` from its first cell whose edge costs add up to
/// its cost.
fn check_walk(grid: &Grid, path: &Path<Cell, f64>) -> Result<(), String> {
    let mut total = 0.0;
    for pair in path.nodes.windows(2) {
        let mut step = None;
        grid.successors(pair[0], |next, c| {
            if next == pair[1] {
                step = Some(c);
            }
        });
        total += step.ok_or_else(|| format!("no edge {:?} -> {:?}", pair[0], pair[1]))?;
    }
    if (total - path.cost).abs() > 1e-9 {
        return Err(format!("edges add up to {total}, path says {}", path.cost));
    }
    Ok(())
}

/// Compares a D* Lite answer with Dijkstra's on the same map.
fn agree(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    result: &Result<Path<Cell, f64>, PlanError>,
) -> Result<(), String> {
    let expected = dijkstra(grid, start, goal);
    match (result, &expected) {
        (Ok(path), Ok(cost)) => {
            if (path.cost - cost).abs() > TOLERANCE {
                return Err(format!("D* Lite cost {} but Dijkstra {cost}", path.cost));
            }
            if path.nodes[0] != start || path.goal() != goal {
                return Err(format!(
                    "path {:?} does not join {start:?} to {goal:?}",
                    path.nodes
                ));
            }
            check_walk(grid, path)
        }
        (Err(a), Err(b)) if a == b => Ok(()),
        _ => Err(format!(
            "D* Lite {:?} but Dijkstra {expected:?}",
            result.as_ref().map(|p| p.cost)
        )),
    }
}

#[derive(Clone, Debug)]
enum Op {
    /// Block or free the cell (coordinates modulo the grid's size).
    Toggle(u8, u8),
    /// Give the cell a weight from 1 to 4.
    Weigh(u8, u8, u8),
    /// Move the start one step along the current path.
    Step,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Op::Toggle(x, y)),
        1 => (any::<u8>(), any::<u8>(), 1..=4u8).prop_map(|(x, y, w)| Op::Weigh(x, y, w)),
        3 => Just(Op::Step),
    ]
}

fn run_ops<H: Heuristic<Cell, f64>>(
    mut grid: Grid,
    h: H,
    mut start: Cell,
    goal: Cell,
    ops: &[Op],
) -> Result<(), String> {
    let (width, height) = (grid.width() as u8, grid.height() as u8);
    let at = |x: u8, y: u8| (u32::from(x % width), u32::from(y % height));
    let mut dstar = DStarLite::new(h);
    let mut result = dstar.plan(&grid, start, goal);
    agree(&grid, start, goal, &result)?;
    for op in ops {
        match *op {
            Op::Toggle(x, y) => {
                let cell = at(x, y);
                let blocked = grid.is_passable(cell);
                assert!(dstar.set_blocked(&mut grid, cell, blocked).unwrap());
            }
            Op::Weigh(x, y, w) => {
                dstar.set_weight(&mut grid, at(x, y), f64::from(w)).unwrap();
            }
            Op::Step => {
                if let Ok(path) = &result {
                    if path.nodes.len() > 1 {
                        start = path.nodes[1];
                        dstar.move_start(&grid, start).unwrap();
                    }
                }
            }
        }
        result = dstar.replan(&grid);
        agree(&grid, start, goal, &result).map_err(|err| format!("after {op:?}: {err}"))?;
    }
    Ok(())
}

/// A `width × height` grid with the given walls (coordinates wrapped onto the grid) and the
/// start and goal picked by `ends`, both left open.
fn walled_grid(
    width: u32,
    height: u32,
    eight: bool,
    walls: &[(u8, u8)],
    ends: (u8, u8, u8, u8),
) -> (Grid, Cell, Cell) {
    let connectivity = if eight {
        Connectivity::Eight
    } else {
        Connectivity::Four
    };
    let mut grid = Grid::open(width, height, connectivity);
    let at = |x: u8, y: u8| (u32::from(x) % width, u32::from(y) % height);
    for &(x, y) in walls {
        grid.set_blocked(at(x, y), true).unwrap();
    }
    let (start, goal) = (at(ends.0, ends.1), at(ends.2, ends.3));
    grid.set_blocked(start, false).unwrap();
    grid.set_blocked(goal, false).unwrap();
    (grid, start, goal)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random 4- and 8-connected grids under random block/free edits, weight changes and
    /// start moves along the current path: after every replan the cost equals a fresh
    /// Dijkstra's within 1e-6, the path is a walk on the current map, and both agree when
    /// the goal is unreachable or an endpoint is blocked.
    #[test]
    fn replans_match_dijkstra_on_random_grids(
        width in 2..14u32,
        height in 2..14u32,
        eight in any::<bool>(),
        walls in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..60),
        ends in (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()),
        ops in proptest::collection::vec(op(), 0..60),
    ) {
        let (grid, start, goal) = walled_grid(width, height, eight, &walls, ends);
        let outcome = if eight {
            run_ops(grid, Octile, start, goal, &ops)
        } else {
            run_ops(grid, Manhattan, start, goal, &ops)
        };
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }
}

/// One round of [`mixed_increases_and_decreases_match_dijkstra`].
#[derive(Clone, Debug)]
struct Round {
    /// Cells of the current path to block, as indices along it (modulo its inner cells).
    block: Vec<u8>,
    /// Blocked cells to free again, as indices into those blocked so far.
    free: Vec<u8>,
    /// Steps the start then takes along the path, before the same replan as the frees.
    steps: u8,
}

fn round() -> impl Strategy<Value = Round> {
    (
        proptest::collection::vec(any::<u8>(), 0..4),
        proptest::collection::vec(any::<u8>(), 0..4),
        0..3u8,
    )
        .prop_map(|(block, free, steps)| Round { block, free, steps })
}

/// Plays the rounds: blocks cells on the path (routes get dearer, so nodes turn
/// underconsistent), replans, then frees some blocked cells (cheaper routes:
/// overconsistent nodes) and moves the start before the next replan, so one queue holds
/// both kinds, left over from the last replan or just reported. Every replan is checked.
fn play_rounds<H: Heuristic<Cell, f64>>(
    mut grid: Grid,
    h: H,
    mut start: Cell,
    goal: Cell,
    rounds: &[Round],
) -> Result<(), String> {
    let mut dstar = DStarLite::new(h);
    let mut result = dstar.plan(&grid, start, goal);
    agree(&grid, start, goal, &result)?;
    let mut blocked: Vec<Cell> = Vec::new();
    for (i, round) in rounds.iter().enumerate() {
        if let Some(path) = result.as_ref().ok().filter(|path| path.nodes.len() > 2) {
            let inner = &path.nodes[1..path.nodes.len() - 1];
            for &at in &round.block {
                let cell = inner[usize::from(at) % inner.len()];
                if dstar.set_blocked(&mut grid, cell, true).unwrap() {
                    blocked.push(cell);
                }
            }
        }
        result = dstar.replan(&grid);
        agree(&grid, start, goal, &result).map_err(|err| format!("round {i}, blocks: {err}"))?;
        for &at in &round.free {
            if !blocked.is_empty() {
                let cell = blocked.swap_remove(usize::from(at) % blocked.len());
                assert!(dstar.set_blocked(&mut grid, cell, false).unwrap());
            }
        }
        // Freeing cells only makes routes cheaper, so the path stays walkable.
        if let Ok(path) = &result {
            for &cell in path.nodes.iter().skip(1).take(usize::from(round.steps)) {
                start = cell;
                dstar.move_start(&grid, start).unwrap();
            }
        }
        result = dstar.replan(&grid);
        agree(&grid, start, goal, &result).map_err(|err| format!("round {i}, frees: {err}"))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The tie-break puts underconsistent nodes first among equal `k1` and the others
    /// deepest first; this mixes the two kinds in one queue, on mostly open grids where
    /// most keys tie, with increases on the path itself, decreases and start moves, and
    /// checks every replan against a fresh Dijkstra.
    #[test]
    fn mixed_increases_and_decreases_match_dijkstra(
        side in 6..24u32,
        eight in any::<bool>(),
        walls in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..20),
        ends in (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()),
        rounds in proptest::collection::vec(round(), 1..20),
    ) {
        let (grid, start, goal) = walled_grid(side, side, eight, &walls, ends);
        let outcome = if eight {
            play_rounds(grid, Octile, start, goal, &rounds)
        } else {
            play_rounds(grid, Manhattan, start, goal, &rounds)
        };
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }
}

/// Blocking a cell also forbids the diagonal moves that would cut its corner, between two
/// of its neighbours; `set_blocked` must report those edges too, although neither end of
/// such a move is the cell itself.
#[test]
fn blocking_a_cell_reports_the_diagonals_past_its_corner() {
    let mut grid = Grid::open(3, 3, Connectivity::Eight);
    let mut dstar = DStarLite::new(Octile);
    let path = dstar.plan(&grid, (1, 0), (0, 1)).unwrap();
    assert_eq!(path.nodes, [(1, 0), (0, 1)]);
    assert!((path.cost - std::f64::consts::SQRT_2).abs() < 1e-12);

    // (1, 1) blocked: the diagonal (1, 0) -> (0, 1) would cut its corner.
    dstar.set_blocked(&mut grid, (1, 1), true).unwrap();
    let path = dstar.replan(&grid).unwrap();
    assert_eq!((path.nodes, path.cost), (vec![(1, 0), (0, 0), (0, 1)], 2.0));

    // (0, 0) blocked too: the long way round the ring.
    dstar.set_blocked(&mut grid, (0, 0), true).unwrap();
    let path = dstar.replan(&grid).unwrap();
    assert_eq!((path.len(), path.cost), (6, 6.0));
    assert_eq!(dijkstra(&grid, (1, 0), (0, 1)), Ok(6.0));

    dstar.set_blocked(&mut grid, (0, 0), false).unwrap();
    dstar.set_blocked(&mut grid, (1, 1), false).unwrap();
    let path = dstar.replan(&grid).unwrap();
    assert!((path.cost - std::f64::consts::SQRT_2).abs() < 1e-12);
}

#[test]
fn cells_off_the_grid_are_errors_not_panics() {
    let mut grid = Grid::open(4, 4, Connectivity::Eight);
    let mut dstar = DStarLite::new(Octile);
    // Edits before the first search only edit the grid, and are checked all the same.
    assert_eq!(dstar.set_blocked(&mut grid, (1, 1), true), Ok(true));
    assert!(matches!(
        dstar.set_blocked(&mut grid, (4, 0), true),
        Err(PlanError::InvalidChange {
            reason: InvalidNode::OutOfBounds,
            ..
        })
    ));
    dstar.plan(&grid, (0, 0), (3, 3)).unwrap();
    assert!(matches!(
        dstar.set_blocked(&mut grid, (0, u32::MAX), true),
        Err(PlanError::InvalidChange { .. })
    ));
    assert!(matches!(
        dstar.set_weight(&mut grid, (9, 9), 2.0),
        Err(PlanError::InvalidChange { .. })
    ));
    assert!(matches!(
        dstar.set_weight(&mut grid, (2, 2), f64::NAN),
        Err(PlanError::InvalidCost { .. })
    ));
    assert!(matches!(
        dstar.notify_changed(&grid, [(u32::MAX, u32::MAX)]),
        Err(PlanError::InvalidChange { .. })
    ));
    assert_eq!(
        dstar.move_start(&grid, (7, 1)),
        Err(PlanError::InvalidStart {
            node: "(7, 1)".into(),
            reason: InvalidNode::OutOfBounds
        })
    );
    assert_eq!(
        dstar.move_start(&grid, (1, 1)),
        Err(PlanError::InvalidStart {
            node: "(1, 1)".into(),
            reason: InvalidNode::Blocked
        })
    );
    let path = dstar.replan(&grid).unwrap();
    assert_eq!(path.nodes[0], (0, 0));
    agree(&grid, (0, 0), (3, 3), &Ok(path)).unwrap();
}

/// Float keys over long walks: √2 diagonals summed in every order, `km` growing at each
/// step. An agent walks den312d in unknown terrain (sensor radius 1) on the longest
/// scenarios, and every replan must cost what Dijkstra finds on the known map.
#[test]
fn float_keys_stay_exact_over_long_walks_on_den312d() {
    let test = "float_keys_stay_exact_over_long_walks_on_den312d";
    let (Some(map), Some(scen)) = (
        common::data_path(test, "movingai/maps/dao/den312d.map"),
        common::data_path(test, "movingai/scenarios/dao/den312d.map.scen"),
    ) else {
        return;
    };
    let truth = read_map(map).unwrap();
    let scenarios = read_scenarios(scen).unwrap();
    let mut steps = 0;
    for scenario in &scenarios[scenarios.len() - 4..] {
        let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
        let mut dstar = DStarLite::new(Octile);
        let sense =
            |dstar: &mut DStarLite<Octile, Cell, _, f64>, known: &mut Grid, (x, y): Cell| {
                for y in y.saturating_sub(1)..=(y + 1).min(truth.height() - 1) {
                    for x in x.saturating_sub(1)..=(x + 1).min(truth.width() - 1) {
                        if !truth.is_passable((x, y)) {
                            dstar.set_blocked(known, (x, y), true).unwrap();
                        }
                    }
                }
            };
        let (mut here, goal) = (scenario.start, scenario.goal);
        sense(&mut dstar, &mut known, here);
        let mut path = dstar.plan(&known, here, goal).unwrap();
        while here != goal {
            here = path.nodes[1];
            assert!(truth.is_passable(here), "stepped into a wall at {here:?}");
            sense(&mut dstar, &mut known, here);
            dstar.move_start(&known, here).unwrap();
            let result = dstar.replan(&known);
            agree(&known, here, goal, &result).unwrap();
            path = result.unwrap();
            steps += 1;
            assert!(steps < 10_000, "the agent is going round in circles");
        }
    }
    assert!(steps > 100);
}
