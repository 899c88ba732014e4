//! Clearance and the sized-unit view: the table matches a brute-force count, stays right
//! under edits, and every path planned on the view keeps the unit's whole footprint free;
//! costs match A* over a grid where a cell is open only when its footprint is.

use proptest::prelude::*;
use replan::grid::{Cell, Clearance, Connectivity, Grid, Octile};
use replan::{AStar, DStarLite, Planner};

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
        for (cell, blocked) in edits {
            clearance.set_blocked(&mut grid, cell, blocked).unwrap();
            prop_assert!(clearance.is_current(&grid));
        }
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
