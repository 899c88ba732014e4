//! Clearance and the sized-unit view: the table matches a brute-force count, stays right
//! under edits, and every path planned on the view keeps the unit's whole footprint free;
//! costs match A* over a grid where a cell is open only when its footprint is.

use proptest::prelude::*;
use replan::grid::{Cell, Clearance, Connectivity, Grid, Octile};
use replan::{
    AStar, DStarLite, Graph, IndexedGraph, InvalidNode, PlanError, Planner, ReverseGraph,
};

fn square_free(grid: &Grid, (x, y): Cell, k: u32) -> bool {
    (0..k).all(|dy| (0..k).all(|dx| grid.is_passable((x + dx, y + dy))))
}

fn brute_clearance(grid: &Grid, cell: Cell, max: u32) -> u32 {
    (1..=max)
        .take_while(|&k| square_free(grid, cell, k))
        .last()
        .unwrap_or(0)
}

fn random_map() -> impl Strategy<Value = (Grid, Vec<(Cell, bool)>, Cell, Cell, u32)> {
    (3u32..12, 3u32..12)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(proptest::bool::weighted(0.15), (w * h) as usize),
                proptest::collection::vec(((0..w, 0..h), any::<bool>()), 0..6),
                (0..w, 0..h),
                (0..w, 0..h),
                1u32..4,
            )
        })
        .prop_map(|((w, h), blocked, edits, start, goal, k)| {
            let mut grid = Grid::open(w, h, Connectivity::Eight);
            for y in 0..h {
                for x in 0..w {
                    if blocked[(y * w + x) as usize] {
                        grid.set_blocked((x, y), true).unwrap();
                    }
                }
            }
            (grid, edits, start, goal, k)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn clearance_matches_brute_force_under_edits((grid, edits, _s, _g, _k) in random_map()) {
        let mut grid = grid;
        let mut clearance = Clearance::new(&grid, 3);
        prop_assert!(clearance.is_current(&grid));
        for (cell, blocked) in edits {
            clearance.set_blocked(&mut grid, cell, blocked).unwrap();
            prop_assert_eq!(grid.is_passable(cell), !blocked, "the edit reaches the grid");
            prop_assert!(clearance.is_current(&grid));
        }
        // An edit that bypasses the table leaves it stale.
        let mut edited = grid.clone();
        prop_assert!(clearance.is_current(&edited));
        edited.set_blocked((0, 0), true).unwrap();
        prop_assert!(!clearance.is_current(&edited));
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                prop_assert_eq!(clearance.get(&grid, (x, y)), brute_clearance(&grid, (x, y), 3));
            }
        }
    }

    #[test]
    fn sized_paths_keep_the_footprint_free((grid, _e, start, goal, k) in random_map()) {
        let clearance = Clearance::new(&grid, 3);
        let view = clearance.view(&grid, k);
        prop_assert_eq!(view.size(), k);
        let ours = AStar::new(Octile).plan(&view, start, goal);
        // Oracle: a grid where a cell is open only when the unit fits there, and a diagonal
        // move then needs the two cells beside it to fit too: the grid's own rule.
        let mut fitted = Grid::open(grid.width(), grid.height(), Connectivity::Eight);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                if !square_free(&grid, (x, y), k) {
                    fitted.set_blocked((x, y), true).unwrap();
                }
            }
        }
        let oracle = AStar::new(Octile).plan(&fitted, start, goal);
        match (&ours, &oracle) {
            (Ok(path), Ok(expected)) => {
                prop_assert!((path.cost - expected.cost).abs() < 1e-9);
                for pair in path.nodes.windows(2) {
                    let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
                    // The footprints at both ends and, for a diagonal, at both sides.
                    for cell in [(ax, ay), (bx, by), (ax, by), (bx, ay)] {
                        prop_assert!(square_free(&grid, cell, k), "{:?} at size {}", cell, k);
                    }
                }
                let mut dstar = DStarLite::new(Octile);
                let repaired = dstar.plan(&view, start, goal).unwrap();
                prop_assert!((repaired.cost - expected.cost).abs() < 1e-9);
            }
            (Err(a), Err(b)) => prop_assert_eq!(std::mem::discriminant(a), std::mem::discriminant(b)),
            _ => prop_assert!(false, "view {:?}, oracle {:?}", ours, oracle),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Every way the view lists moves (successors, predecessors, indexed successors) gives
    /// exactly the grid's moves that keep the footprint free at both ends and, for a
    /// diagonal, at both sides; and nothing from a cell where the unit does not fit.
    #[test]
    fn view_moves_are_the_grid_moves_that_keep_the_footprint_free(
        (grid, _e, _s, _g, k) in random_map(),
    ) {
        let clearance = Clearance::new(&grid, 3);
        let view = clearance.view(&grid, k);
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let cell = (x, y);
                let mut expected = Vec::new();
                if square_free(&grid, cell, k) {
                    grid.successors(cell, |next, cost| {
                        let sides = [next, (next.0, y), (x, next.1)];
                        if sides.iter().all(|&side| square_free(&grid, side, k)) {
                            expected.push((next, cost));
                        }
                    });
                }
                let mut successors = Vec::new();
                view.successors(cell, |next, cost| successors.push((next, cost)));
                let mut predecessors = Vec::new();
                view.predecessors(cell, |previous, cost| predecessors.push((previous, cost)));
                let mut indexed = Vec::new();
                view.indexed_successors(cell, view.index(cell), |next, index, cost| {
                    assert_eq!(view.node(index), next);
                    indexed.push((next, cost));
                });
                for list in [&mut expected, &mut successors, &mut predecessors, &mut indexed] {
                    list.sort_by_key(|a| a.0);
                }
                prop_assert_eq!(&successors, &expected, "successors of {:?}", cell);
                prop_assert_eq!(&indexed, &expected, "indexed successors of {:?}", cell);
                // Moves are symmetric, so the cells that reach `cell` are the ones it reaches,
                // each at the cost of entering `cell`.
                let reached: Vec<Cell> = expected.iter().map(|&(next, _)| next).collect();
                let came: Vec<Cell> = predecessors.iter().map(|&(previous, _)| previous).collect();
                prop_assert_eq!(came, reached, "predecessors of {:?}", cell);
            }
        }
    }
}

/// Asserts that A* and D* Lite both refuse `start` on `view` for `reason`.
fn assert_refused(view: &replan::grid::SizedGrid, start: Cell, goal: Cell, reason: &InvalidNode) {
    let astar = AStar::new(Octile).plan(view, start, goal);
    let dstar = DStarLite::new(Octile).plan(view, start, goal);
    for result in [astar, dstar] {
        match result {
            Err(PlanError::InvalidStart { reason: got, .. }) => assert_eq!(
                std::mem::discriminant(&got),
                std::mem::discriminant(reason),
                "{got:?}"
            ),
            other => panic!("size {}: {other:?}", view.size()),
        }
    }
}

#[test]
fn sizes_the_table_cannot_place_are_refused() {
    let mut grid = Grid::open(6, 6, Connectivity::Eight);
    grid.set_blocked((5, 5), true).unwrap();
    let clearance = Clearance::new(&grid, 3);
    let other = InvalidNode::Other(String::new());
    // Size 0 is no unit at all, and above the maximum the table cannot tell where a unit
    // fits: both are refused even where the cells are free (or, for size 0, blocked).
    for start in [(0, 0), (5, 5)] {
        assert_refused(&clearance.view(&grid, 0), start, (2, 2), &other);
        assert_refused(&clearance.view(&grid, 4), start, (2, 2), &other);
        assert_refused(&clearance.view(&grid, u32::MAX), start, (2, 2), &other);
    }
    // Within the table's range, a unit larger than the free space fits nowhere.
    let open = Grid::open(2, 2, Connectivity::Eight);
    let roomy = Clearance::new(&open, 3);
    assert_refused(&roomy.view(&open, 3), (0, 0), (1, 1), &InvalidNode::Blocked);
    assert!(AStar::new(Octile)
        .plan(&roomy.view(&open, 2), (0, 0), (0, 0))
        .is_ok());
    // A maximum of 0 is taken as 1.
    let ones = Clearance::new(&open, 0);
    assert_eq!(ones.get(&open, (0, 0)), 1);
    assert!(AStar::new(Octile)
        .plan(&ones.view(&open, 1), (0, 0), (1, 1))
        .is_ok());
    assert_refused(&ones.view(&open, 2), (0, 0), (1, 1), &other);
}

#[test]
fn a_table_read_with_another_grid_does_not_panic() {
    let small = Grid::open(2, 2, Connectivity::Four);
    let large = Grid::open(40, 40, Connectivity::Four);
    let clearance = Clearance::new(&small, 2);
    assert!(!clearance.is_current(&large));
    // Cells of the larger grid past the table's end have no known clearance.
    assert_eq!(clearance.get(&large, (39, 39)), 0);
    assert_eq!(clearance.get(&small, (39, 39)), 0);
}
