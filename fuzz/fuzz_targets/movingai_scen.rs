//! Moving AI `.scen` text: `parse_scenarios` returns an error or scenarios with finite,
//! non-negative optimal lengths and their line numbers; each scenario of a small map is
//! checked against an open map of its size (and refused by a map of another size), and A*
//! on the open map finds the octile distance within a budget of one expansion per cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::grid::movingai::{parse_scenarios, MovingAiErrorKind};
use replan::grid::{Connectivity, Grid, Octile};
use replan::{AStar, Budgeted, Planner};

/// Larger maps are only checked, not searched, so one input costs little.
const SEARCHED_SIDE: u32 = 64;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenarios) = parse_scenarios(text) else {
        return;
    };
    assert!(scenarios.len() < text.lines().count().max(1));
    let mut astar = AStar::new(Octile);
    for scenario in scenarios.iter().take(8) {
        assert!(scenario.line >= 2);
        assert!(scenario.optimal_length.is_finite() && scenario.optimal_length >= 0.0);
        let (width, height) = (scenario.width, scenario.height);
        if !(1..=SEARCHED_SIDE).contains(&width) || !(1..=SEARCHED_SIDE).contains(&height) {
            continue;
        }
        let wider = Grid::open(width + 1, height, Connectivity::Eight);
        let refused = scenario.check(&wider).unwrap_err();
        assert!(matches!(refused.kind, MovingAiErrorKind::SizeMismatch { .. }));

        let grid = Grid::open(width, height, Connectivity::Eight);
        let inside = grid.contains(scenario.start) && grid.contains(scenario.goal);
        match scenario.check(&grid) {
            Ok(()) => assert!(inside),
            Err(err) => {
                assert!(!inside);
                assert!(matches!(err.kind, MovingAiErrorKind::BadEndpoint { .. }));
                continue;
            }
        }
        astar.set_budget(Some(u64::from(width * height) + 1));
        let path = astar.plan(&grid, scenario.start, scenario.goal).expect("open map");
        let dx = f64::from(scenario.start.0.abs_diff(scenario.goal.0));
        let dy = f64::from(scenario.start.1.abs_diff(scenario.goal.1));
        let octile = dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy);
        assert!((path.cost - octile).abs() < 1e-9 * octile.max(1.0), "{} vs {octile}", path.cost);
    }
});
