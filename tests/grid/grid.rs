//! The `grid` domain: parsing and printing pictures, movement rules (no corner cutting),
//! weights, endpoint errors, the dense index, and predecessors against successors on random
//! grids, with A* checked against Dijkstra as the oracle.

use std::collections::BTreeMap;
use std::f64::consts::SQRT_2;

use proptest::prelude::*;
use replan::grid::{Cell, Chebyshev, Connectivity, Euclidean, Grid, GridError, Manhattan, Octile};
use replan::{
    AStar, Dijkstra, Graph, Heuristic, IndexedGraph, InvalidNode, PlanError, Planner, ReverseGraph,
};

fn successors(grid: &Grid, cell: Cell) -> Vec<(Cell, f64)> {
    let mut out = Vec::new();
    grid.successors(cell, |next, cost| out.push((next, cost)));
    out.sort_by_key(|&(cell, _)| cell);
    out
}

fn predecessors(grid: &Grid, cell: Cell) -> Vec<(Cell, f64)> {
    let mut out = Vec::new();
    grid.predecessors(cell, |previous, cost| out.push((previous, cost)));
    out.sort_by_key(|&(cell, _)| cell);
    out
}

fn cells(grid: &Grid) -> impl Iterator<Item = Cell> + '_ {
    (0..grid.height()).flat_map(move |y| (0..grid.width()).map(move |x| (x, y)))
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "cost {actual} differs from {expected}"
    );
}

// ---------------------------------------------------------------- parsing and printing

#[test]
fn picture_round_trips() {
    let text = "..#..\n.2#9.\n.....";
    let grid: Grid = text.parse().unwrap();
    assert_eq!((grid.width(), grid.height()), (5, 3));
    assert_eq!(grid.connectivity(), Connectivity::Four);
    assert_eq!(grid.to_string(), text);
    assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
}

#[test]
fn picture_is_trimmed_and_all_blocked_symbols_print_as_hash() {
    let grid: Grid = "

        .@T
        OW#
        1.5

    "
    .parse()
    .unwrap();
    assert_eq!(grid.to_string(), ".##\n###\n..5");
    assert_eq!(grid.weight((0, 2)), Some(1.0));
    assert_eq!(grid.weight((2, 2)), Some(5.0));
    assert!(grid.is_weighted());
}

#[test]
fn ragged_rows_are_a_parse_error_naming_line_and_lengths() {
    let err = "\n  ...\n  ..\n  ...".parse::<Grid>().unwrap_err();
    let GridError::Parse {
        line,
        column,
        message,
    } = &err
    else {
        panic!("expected a parse error, got {err:?}");
    };
    assert_eq!((*line, *column), (3, 5));
    assert!(
        message.contains("2 cells") && message.contains('3'),
        "{message}"
    );
    assert!(err.to_string().starts_with("line 3, column 5: "), "{err}");
}

#[test]
fn unknown_characters_are_a_parse_error_naming_the_character() {
    let err = "...\n.x.".parse::<Grid>().unwrap_err();
    assert!(
        matches!(&err, GridError::Parse { line: 2, column: 2, message } if message.contains("'x'")),
        "{err:?}"
    );
    // 0 is not a weight.
    let err = "..0".parse::<Grid>().unwrap_err();
    assert!(
        matches!(&err, GridError::Parse { line: 1, column: 3, message } if message.contains("'0'")),
        "{err:?}"
    );
}

#[test]
fn blank_lines_inside_or_an_empty_picture_are_errors() {
    assert!(matches!(
        "..\n\n..".parse::<Grid>(),
        Err(GridError::Parse { line: 2, .. })
    ));
    let err = "  \n ".parse::<Grid>().unwrap_err();
    assert!(err.to_string().contains("no rows"), "{err}");
}

#[test]
fn render_path_marks_start_goal_and_steps() {
    let grid: Grid = "...\n.#.\n...".parse().unwrap();
    let drawing = grid.render_path(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (9, 9)]);
    // The off-grid cell is skipped, so the last on-grid cell is drawn as a step.
    assert_eq!(drawing, "S**\n.#*\n..*");
    let drawing = grid.render_path(&[(0, 0), (0, 1), (0, 2)]);
    assert_eq!(drawing, "S..\n*#.\nG..");
    assert_eq!(grid.render_path(&[]), grid.to_string());
}

// ---------------------------------------------------------------- movement rules

#[test]
fn four_connected_moves_orthogonally_at_unit_cost() {
    let grid = Grid::open(3, 3, Connectivity::Four);
    assert_eq!(
        successors(&grid, (1, 1)),
        [((0, 1), 1.0), ((1, 0), 1.0), ((1, 2), 1.0), ((2, 1), 1.0)]
    );
    assert_eq!(successors(&grid, (0, 0)), [((0, 1), 1.0), ((1, 0), 1.0)]);
}

#[test]
fn eight_connected_moves_diagonally_at_root_two() {
    let grid = Grid::open(3, 3, Connectivity::Eight);
    let next = successors(&grid, (1, 1));
    assert_eq!(next.len(), 8);
    for (cell, cost) in next {
        let diagonal = cell.0 != 1 && cell.1 != 1;
        assert_eq!(cost, if diagonal { SQRT_2 } else { 1.0 });
    }
}

#[test]
fn diagonal_moves_never_cut_corners() {
    // One blocked orthogonal neighbour is enough to forbid the diagonal.
    let grid = ".#\n.."
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
    assert_eq!(successors(&grid, (0, 0)), [((0, 1), 1.0)]);
    assert_eq!(successors(&grid, (1, 1)), [((0, 1), 1.0)]);
    let grid = "#.\n.."
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
    assert!(successors(&grid, (0, 1))
        .iter()
        .all(|&(cell, _)| cell != (1, 0)));

    let path = AStar::new(Octile).plan(&grid, (0, 1), (1, 0)).unwrap();
    assert_eq!(path.nodes, [(0, 1), (1, 1), (1, 0)]);
    assert_eq!(path.cost, 2.0);
}

#[test]
fn blocked_and_off_grid_cells_have_no_edges() {
    let grid = "#.\n.."
        .parse::<Grid>()
        .unwrap()
        .with_connectivity(Connectivity::Eight);
    assert!(successors(&grid, (0, 0)).is_empty());
    assert!(predecessors(&grid, (0, 0)).is_empty());
    assert!(successors(&grid, (2, 0)).is_empty());
    assert!(successors(&grid, (u32::MAX, u32::MAX)).is_empty());
    assert!(predecessors(&grid, (0, 7)).is_empty());
}

#[test]
fn grids_are_equal_only_in_size_connectivity_cells_and_weights() {
    let base = || Grid::open(3, 2, Connectivity::Eight);
    assert_eq!(base(), base());
    assert_ne!(base(), Grid::open(2, 3, Connectivity::Eight));
    assert_ne!(base(), Grid::open(3, 3, Connectivity::Eight));
    assert_ne!(base(), Grid::open(3, 2, Connectivity::Four));
    let mut blocked = base();
    blocked.set_blocked((2, 1), true).unwrap();
    assert_ne!(base(), blocked);
    // A weight of 1 everywhere is no weight at all, on either side.
    let mut ones = base();
    ones.set_weight((0, 0), 2.0).unwrap();
    ones.set_weight((0, 0), 1.0).unwrap();
    assert_eq!(ones, base());
    assert_eq!(base(), ones);
    let mut heavy = base();
    heavy.set_weight((1, 1), 3.0).unwrap();
    assert_ne!(heavy, base());
    assert_ne!(base(), heavy);
    let mut other = base();
    other.set_weight((1, 1), 4.0).unwrap();
    assert_ne!(heavy, other);
    assert_eq!(heavy, heavy.clone());
}

#[test]
fn debug_shows_the_picture_of_grids_up_to_80_by_40() {
    let shown = |width, height| {
        let debug = format!("{:?}", Grid::open(width, height, Connectivity::Four));
        assert!(debug.starts_with(&format!(
            "Grid {{ width: {width}, height: {height}, connectivity: Four, weighted: false }}"
        )));
        debug.contains('\n')
    };
    assert!(shown(80, 40));
    assert!(shown(1, 1));
    assert!(!shown(81, 1));
    assert!(!shown(1, 41));
    let mut grid = Grid::open(2, 2, Connectivity::Eight);
    grid.set_blocked((1, 0), true).unwrap();
    assert_eq!(
        format!("{grid:?}"),
        "Grid { width: 2, height: 2, connectivity: Eight, weighted: false }\n.#\n.."
    );
}

#[test]
fn set_blocked_updates_neighbours_moves() {
    let mut grid = Grid::open(3, 3, Connectivity::Eight);
    grid.set_blocked((1, 0), true).unwrap();
    assert!(successors(&grid, (0, 0))
        .iter()
        .all(|&(cell, _)| cell != (1, 1)));
    assert!(successors(&grid, (2, 1))
        .iter()
        .all(|&(cell, _)| cell != (1, 0)));
    grid.set_blocked((1, 0), false).unwrap();
    assert_eq!(grid, Grid::open(3, 3, Connectivity::Eight));
    assert_eq!(successors(&grid, (0, 0)).len(), 3);
    assert!(matches!(
        grid.set_blocked((3, 0), true),
        Err(GridError::OutOfBounds {
            cell: (3, 0),
            width: 3,
            height: 3
        })
    ));
}

/// The grid is exactly its rectangle: a cell one past the last column or the last row is
/// off it, for every method that takes a cell.
#[test]
fn cells_one_past_the_last_column_or_row_are_off_the_grid() {
    let mut grid = Grid::open(3, 2, Connectivity::Eight);
    assert!(grid.contains((2, 1)));
    for off in [(3, 0), (0, 2), (3, 1), (2, 2), (3, 2)] {
        assert!(!grid.contains(off), "{off:?}");
        assert!(!grid.is_passable(off), "{off:?}");
        assert_eq!(grid.weight(off), None, "{off:?}");
        let out_of_bounds = GridError::OutOfBounds {
            cell: off,
            width: 3,
            height: 2,
        };
        assert_eq!(grid.set_blocked(off, true), Err(out_of_bounds.clone()));
        assert_eq!(grid.set_weight(off, 2.0), Err(out_of_bounds));
    }
    assert_eq!(grid, Grid::open(3, 2, Connectivity::Eight));
    assert_eq!(successors(&grid, (2, 1)).len(), 3);
}

/// Every edit gives the grid a revision no grid had before; a clone keeps its original's
/// until either is edited.
#[test]
fn every_edit_changes_the_revision_and_a_clone_keeps_it() {
    let mut grid = Grid::open(4, 3, Connectivity::Four);
    let copy = grid.clone();
    assert_eq!(copy.revision(), grid.revision());
    let mut seen = vec![grid.revision()];
    grid.set_blocked((1, 1), true).unwrap();
    seen.push(grid.revision());
    grid.set_weight((2, 2), 3.0).unwrap();
    seen.push(grid.revision());
    grid.set_connectivity(Connectivity::Eight);
    seen.push(grid.revision());
    seen.push(Grid::open(4, 3, Connectivity::Four).revision());
    seen.push("..\n.#".parse::<Grid>().unwrap().revision());
    let mut distinct = seen.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "{seen:?}");
    assert_eq!(copy.revision(), seen[0]);
}

// ---------------------------------------------------------------- weights

#[test]
fn entering_a_cell_costs_step_times_its_weight() {
    let mut grid = Grid::open(3, 3, Connectivity::Eight);
    grid.set_weight((1, 1), 3.0).unwrap();
    grid.set_weight((2, 2), 1.5).unwrap();
    let into_centre = predecessors(&grid, (1, 1));
    assert_eq!(into_centre.len(), 8);
    for (from, cost) in into_centre {
        let diagonal = from.0 != 1 && from.1 != 1;
        assert_close(cost, if diagonal { 3.0 * SQRT_2 } else { 3.0 });
    }
    let out_of_centre = successors(&grid, (1, 1));
    assert!(out_of_centre.contains(&((2, 2), 1.5 * SQRT_2)));
    assert!(out_of_centre.contains(&((0, 1), 1.0)));
}

#[test]
fn weighted_paths_go_around_expensive_cells() {
    let grid: Grid = "...\n.9.\n...".parse().unwrap();
    let path = AStar::new(Manhattan).plan(&grid, (0, 1), (2, 1)).unwrap();
    assert_eq!(path.cost, 4.0);
    assert!(!path.nodes.contains(&(1, 1)));
    let grid: Grid = "...\n.3.\n...".parse().unwrap();
    let path = AStar::new(Manhattan).plan(&grid, (0, 1), (2, 1)).unwrap();
    assert_eq!(path.cost, 4.0); // through costs 3 + 1, around costs 4: a tie either way
}

#[test]
fn invalid_weights_are_refused() {
    let mut grid = Grid::open(2, 2, Connectivity::Four);
    for bad in [0.0, 0.999, -2.0, f64::NAN, f64::INFINITY] {
        let err = grid.set_weight((0, 0), bad).unwrap_err();
        assert!(
            matches!(err, GridError::InvalidWeight { cell: (0, 0), .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("at least 1"), "{err}");
    }
    assert!(matches!(
        grid.set_weight((2, 2), 2.0),
        Err(GridError::OutOfBounds { .. })
    ));
    assert!(!grid.is_weighted());
    assert_eq!(grid.weight((5, 5)), None);
    // A weight of 1 is no weight: the grid stays unweighted.
    grid.set_weight((1, 1), 1.0).unwrap();
    assert!(!grid.is_weighted());
    assert_eq!(grid.weight((1, 1)), Some(1.0));
}

// ---------------------------------------------------------------- endpoints and index

#[test]
fn off_grid_and_blocked_endpoints_are_refused_with_reasons() {
    let grid: Grid = "..\n.#".parse().unwrap();
    let mut astar = AStar::new(Manhattan);

    let err = astar.plan(&grid, (2, 0), (0, 0)).unwrap_err();
    assert_eq!(
        err,
        PlanError::InvalidStart {
            node: "(2, 0)".into(),
            reason: InvalidNode::OutOfBounds
        }
    );
    assert!(err.to_string().contains("outside"), "{err}");

    let err = astar.plan(&grid, (0, 0), (1, 1)).unwrap_err();
    assert_eq!(
        err,
        PlanError::InvalidGoal {
            node: "(1, 1)".into(),
            reason: InvalidNode::Blocked
        }
    );
    assert!(err.to_string().contains("blocked"), "{err}");

    let err = astar.plan(&grid, (1, 1), (0, 0)).unwrap_err();
    assert!(matches!(
        err,
        PlanError::InvalidStart {
            reason: InvalidNode::Blocked,
            ..
        }
    ));
    let err = astar.plan(&grid, (0, 0), (0, u32::MAX)).unwrap_err();
    assert!(matches!(
        err,
        PlanError::InvalidGoal {
            reason: InvalidNode::OutOfBounds,
            ..
        }
    ));

    assert_eq!(grid.check_node((0, 0)), Ok(()));
}

#[test]
fn unreachable_goals_give_no_path() {
    let grid: Grid = ".#.\n.#.".parse().unwrap();
    assert_eq!(
        AStar::new(Manhattan).plan(&grid, (0, 0), (2, 1)),
        Err(PlanError::NoPath)
    );
}

#[test]
fn dense_index_is_a_bijection_onto_cells() {
    let grid = Grid::open(7, 4, Connectivity::Eight);
    let mut seen = vec![false; grid.node_bound()];
    for cell in cells(&grid) {
        let index = grid.index(cell);
        assert!(index < grid.node_bound());
        assert!(!seen[index], "two cells share index {index}");
        seen[index] = true;
        assert_eq!(grid.node(index), cell);
    }
}

#[test]
fn heuristics_measure_what_their_docs_say() {
    let (a, b) = ((1, 9), (4, 5));
    assert_eq!(Manhattan.estimate(a, b), 7.0);
    assert_eq!(Chebyshev.estimate(a, b), 4.0);
    assert_eq!(Euclidean.estimate(a, b), 5.0);
    assert_close(Octile.estimate(a, b), 1.0 + 3.0 * SQRT_2);
    assert_eq!(Octile.estimate(b, b), 0.0);
}

#[test]
fn planners_reuse_memory_across_grids_of_different_sizes() {
    let mut astar = AStar::new(Octile);
    let big = Grid::open(40, 30, Connectivity::Eight);
    let small = Grid::open(3, 3, Connectivity::Eight);
    for _ in 0..3 {
        assert_close(
            astar.plan(&big, (0, 0), (39, 29)).unwrap().cost,
            10.0 + 29.0 * SQRT_2,
        );
        assert_close(
            astar.plan(&small, (2, 2), (0, 0)).unwrap().cost,
            2.0 * SQRT_2,
        );
    }
}

// ---------------------------------------------------------------- random grids

/// A random grid: cells are blocked with probability about 1/4, and weighted 1 to 4.
fn arb_grid() -> impl Strategy<Value = Grid> {
    (1u32..9, 1u32..9, any::<bool>()).prop_flat_map(|(width, height, eight)| {
        let cells = (width * height) as usize;
        proptest::collection::vec((0u8..4, 1u8..5, 0u8..4), cells).prop_map(move |spec| {
            let connectivity = if eight {
                Connectivity::Eight
            } else {
                Connectivity::Four
            };
            let mut grid = Grid::open(width, height, connectivity);
            for (i, &(block, weight, _)) in spec.iter().enumerate() {
                let cell = (i as u32 % width, i as u32 / width);
                grid.set_blocked(cell, block == 0).unwrap();
                grid.set_weight(cell, f64::from(weight)).unwrap();
            }
            // A second pass frees some cells again, so edits that open a cell among
            // blocked neighbours are covered too.
            for (i, &(_, _, free)) in spec.iter().enumerate() {
                if free == 0 {
                    grid.set_blocked((i as u32 % width, i as u32 / width), false)
                        .unwrap();
                }
            }
            grid
        })
    })
}

proptest! {
    #[test]
    fn predecessors_are_successors_reversed(grid in arb_grid()) {
        let mut reversed: BTreeMap<Cell, Vec<(Cell, f64)>> = BTreeMap::new();
        for cell in cells(&grid) {
            for (next, cost) in successors(&grid, cell) {
                reversed.entry(next).or_default().push((cell, cost));
            }
        }
        for cell in cells(&grid) {
            let mut expected = reversed.remove(&cell).unwrap_or_default();
            expected.sort_by_key(|&(cell, _)| cell);
            prop_assert_eq!(predecessors(&grid, cell), expected, "cell {:?}", cell);
        }
    }

    #[test]
    fn edges_are_symmetric_and_follow_the_rules(grid in arb_grid()) {
        for cell in cells(&grid) {
            for (next, cost) in successors(&grid, cell) {
                prop_assert!(grid.is_passable(cell) && grid.is_passable(next));
                let (dx, dy) = (cell.0.abs_diff(next.0), cell.1.abs_diff(next.1));
                prop_assert!(dx <= 1 && dy <= 1 && dx + dy > 0);
                let weight = grid.weight(next).unwrap();
                if dx + dy == 2 {
                    prop_assert_eq!(grid.connectivity(), Connectivity::Eight);
                    prop_assert!(grid.is_passable((next.0, cell.1)) && grid.is_passable((cell.0, next.1)));
                    prop_assert_eq!(cost, SQRT_2 * weight);
                } else {
                    prop_assert_eq!(cost, weight);
                }
                prop_assert!(successors(&grid, next).iter().any(|&(back, _)| back == cell));
            }
        }
    }

    #[test]
    fn incremental_edits_match_a_fresh_parse(grid in arb_grid()) {
        let fresh: Grid = grid.to_string().parse::<Grid>().unwrap().with_connectivity(grid.connectivity());
        for cell in cells(&grid) {
            // Blocked cells lose their weight in the picture; their edges are empty anyway.
            prop_assert_eq!(successors(&grid, cell), successors(&fresh, cell));
        }
    }

    #[test]
    fn astar_matches_dijkstra(grid in arb_grid(), a in any::<(u8, u8)>(), b in any::<(u8, u8)>()) {
        let pick = |(x, y): (u8, u8)| (u32::from(x) % grid.width(), u32::from(y) % grid.height());
        let (start, goal) = (pick(a), pick(b));
        let oracle = Dijkstra::default().plan(&grid, start, goal);
        let found = match grid.connectivity() {
            Connectivity::Four => AStar::new(Manhattan).plan(&grid, start, goal),
            Connectivity::Eight => AStar::new(Octile).plan(&grid, start, goal),
        };
        match (oracle, found) {
            (Ok(oracle), Ok(found)) => {
                prop_assert!((oracle.cost - found.cost).abs() < 1e-9);
                prop_assert_eq!(found.nodes[0], start);
                prop_assert_eq!(*found.nodes.last().unwrap(), goal);
                let mut walked = 0.0;
                for step in found.nodes.windows(2) {
                    let edge = successors(&grid, step[0]).into_iter().find(|&(n, _)| n == step[1]);
                    prop_assert!(edge.is_some(), "{:?} is not an edge", step);
                    walked += edge.unwrap().1;
                }
                prop_assert!((walked - found.cost).abs() < 1e-9);
            }
            (oracle, found) => prop_assert_eq!(oracle.map(|p| p.cost), found.map(|p| p.cost)),
        }
    }
}
