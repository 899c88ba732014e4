//! Any-angle planning against A* and jump point search on the Moving AI maps: `ThetaStar`,
//! `LazyThetaStar`, `Anya` and `AStar` with `Octile` followed by `smooth_path`, beside
//! `AStar` and `JumpPointSearch`, on the same scenarios in one process.
//!
//! - `any_angle/<map>/<planner>`: criterion timings, one pass over the map's scenarios per
//!   iteration.
//! - `any_angle/paired`: printed `PAIRED` rows (see `benches/paired`): each any-angle
//!   planner against `AStar` with `Octile` on each map, in alternating rounds; the ratio is
//!   the any-angle pass's time over A*'s.
//!
//! Each map's scenarios are thinned to at most 200, every n-th in file order (the files are
//! sorted by length bucket, so every bucket stays in). `REPLAN_DATA` names the data folder
//! (default `../shared/data`); maps that are missing are skipped with a message.
//!
//! ```text
//! cargo bench --bench any_angle                  # criterion timings and the paired report
//! cargo bench --bench any_angle -- paired        # the paired report only
//! ```

mod paired;

use std::hint::black_box;

use criterion::Criterion;
use replan::grid::{
    smooth_path, Anya, Cell, Grid, JumpPointSearch, LazyThetaStar, Octile, ThetaStar,
};
use replan::{AStar, Planner};

const MAX_SCENARIOS: usize = 200;

struct MapInput {
    name: &'static str,
    grid: Grid,
    queries: Vec<(Cell, Cell)>,
}

fn load() -> Vec<MapInput> {
    let mut inputs = Vec::new();
    for (name, relative) in paired::MOVINGAI_MAPS {
        let Some((grid, scenarios)) = paired::read_movingai(name, relative) else {
            continue;
        };
        let step = scenarios.len().div_ceil(MAX_SCENARIOS).max(1);
        let queries = scenarios
            .iter()
            .step_by(step)
            .map(|s| (s.start, s.goal))
            .collect();
        inputs.push(MapInput {
            name,
            grid,
            queries,
        });
    }
    inputs
}

/// One pass of `planner` over the map's queries.
fn pass<P: Planner<Grid>>(planner: &mut P, input: &MapInput) {
    for &(start, goal) in &input.queries {
        black_box(planner.plan(&input.grid, start, goal).ok());
    }
}

/// One pass of A* with string pulling after each search.
fn pass_smoothed<P: Planner<Grid>>(planner: &mut P, input: &MapInput) {
    for &(start, goal) in &input.queries {
        if let Ok(path) = planner.plan(&input.grid, start, goal) {
            black_box(smooth_path(&input.grid, &path.nodes));
        }
    }
}

fn main() {
    let inputs = load();
    let mut criterion = Criterion::default().configure_from_args();
    for input in &inputs {
        let mut group = criterion.benchmark_group(format!("any_angle/{}", input.name));
        group.sample_size(10);
        let mut astar = AStar::new(Octile);
        group.bench_function("astar", |b| b.iter(|| pass(&mut astar, input)));
        let mut jps = JumpPointSearch::new();
        group.bench_function("jps", |b| b.iter(|| pass(&mut jps, input)));
        let mut smoothed = AStar::new(Octile);
        group.bench_function("astar+smooth", |b| {
            b.iter(|| pass_smoothed(&mut smoothed, input))
        });
        let mut theta = ThetaStar::new();
        group.bench_function("theta-star", |b| b.iter(|| pass(&mut theta, input)));
        let mut lazy = LazyThetaStar::new();
        group.bench_function("lazy-theta-star", |b| b.iter(|| pass(&mut lazy, input)));
        let mut anya = Anya::new();
        group.bench_function("anya", |b| b.iter(|| pass(&mut anya, input)));
        group.finish();
    }
    if paired::selected("any_angle/paired") {
        for input in &inputs {
            let mut astar = AStar::new(Octile);
            let mut theta = ThetaStar::new();
            paired::report(
                input.name,
                "astar",
                "theta-star",
                || pass(&mut astar, input),
                || pass(&mut theta, input),
            );
            let mut lazy = LazyThetaStar::new();
            paired::report(
                input.name,
                "astar",
                "lazy-theta-star",
                || pass(&mut astar, input),
                || pass(&mut lazy, input),
            );
            let mut anya = Anya::new();
            paired::report(
                input.name,
                "astar",
                "anya",
                || pass(&mut astar, input),
                || pass(&mut anya, input),
            );
        }
    }
    criterion.final_summary();
}
