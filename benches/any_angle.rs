//! Any-angle planning against A* and jump point search on the Moving AI maps: `ThetaStar`,
//! `LazyThetaStar`, `Anya` and `AStar` with `Octile` followed by `smooth_path`, beside
//! `AStar` and `JumpPointSearch`, on the same scenarios in one process.
//!
//! - `any_angle/<map>/<planner>`: criterion timings, one pass over the map's scenarios per
//!   iteration.
//! - `any_angle/paired`: printed `PAIRED` rows (see `benches/paired`): each any-angle
//!   planner against `AStar` with `Octile` on each map, in alternating rounds; the ratio is
//!   the any-angle pass's time over A*'s.
//! - `any_angle/paired_full`, run only when a filter names it: every scenario of each map.
//!   The file is cut into blocks of consecutive scenarios that take A* about 10 ms;
//!   `AStar` with `Octile`, `ThetaStar` and `LazyThetaStar` each take a turn on a block, in
//!   an order that rotates from block to block, a turn repeating a block that is the whole
//!   set and still shorter until it lasts 10 ms; such rounds over the set run until A*'s
//!   share reaches a second (one round on the large maps). The rows give each planner's
//!   time per pass of the set, each any-angle planner's over A*'s, and in the last column
//!   the lowest and highest of that ratio over ten consecutive slices of the run (of the
//!   file, sorted by length bucket, where the set runs once). The maze alone takes minutes.
//!
//! The criterion and `paired` inputs are thinned to at most 200 scenarios a map, every n-th
//! in file order (the files are sorted by length bucket, so every bucket stays in).
//! `REPLAN_DATA` names the data folder (default `../shared/data`); maps that are missing
//! are skipped with a message.
//!
//! ```text
//! cargo bench -p replan-benches --bench any_angle                        # criterion timings and the paired report
//! cargo bench -p replan-benches --bench any_angle -- paired              # the paired report only
//! cargo bench -p replan-benches --bench any_angle -- paired_full         # every scenario, all seven maps
//! cargo bench -p replan-benches --bench any_angle -- paired_full arena   # every scenario of the maps named
//! ```

mod paired;

use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// The least time of one planner's turn on a block in `paired_full`. A turn of a few
/// microseconds would measure how each planner copes with the others' traces in the caches
/// and branch predictors, which a program planning with one of them does not pay (with
/// turns of eight arena queries, A* took 0.75 ms per arena set, against 0.45 ms in turns
/// of 40 ms); and a short block repeated would let the predictors learn its few queries.
/// So a block is as many consecutive scenarios as A* needs this long for.
const FULL_TURN: Duration = Duration::from_millis(10);

/// `paired_full` runs a map's whole set again until A*'s share reaches this: one pass on
/// the large maps, many on the small ones, whose set takes A* under a millisecond.
const FULL_MIN: Duration = Duration::from_secs(1);

/// Slices of the run over which `paired_full` reports the lowest and highest ratio.
const FULL_SLICES: usize = 10;

/// `paired_full`: every scenario of each map named on the command line (all seven when none
/// is), timed in rotating turns as the module doc says.
fn paired_full() {
    let maps: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-') && !a.contains("paired_full"))
        .collect();
    for (name, relative) in paired::MOVINGAI_MAPS {
        if !maps.is_empty() && !maps.iter().any(|m| name.contains(m.as_str())) {
            continue;
        }
        let Some((grid, scenarios)) = paired::read_movingai(name, relative) else {
            continue;
        };
        let queries: Vec<(Cell, Cell)> = scenarios.iter().map(|s| (s.start, s.goal)).collect();
        let mut astar = AStar::new(Octile);
        let mut theta = ThetaStar::new();
        let mut lazy = LazyThetaStar::new();
        let mut run = |planner: usize, block: &[(Cell, Cell)], repeats: u32| {
            let started = Instant::now();
            for _ in 0..repeats {
                for &(start, goal) in block {
                    match planner {
                        0 => black_box(astar.plan(&grid, start, goal).ok()),
                        1 => black_box(theta.plan(&grid, start, goal).ok()),
                        _ => black_box(lazy.plan(&grid, start, goal).ok()),
                    };
                }
            }
            started.elapsed() / repeats
        };
        // An untimed pass of A* cuts the blocks; a first search sizes each planner's memory.
        let mut blocks = Vec::new();
        let (mut from, mut elapsed) = (0, Duration::ZERO);
        for (k, &query) in queries.iter().enumerate() {
            elapsed += run(0, &[query], 1);
            if elapsed >= FULL_TURN || k + 1 == queries.len() {
                let repeats = FULL_TURN.as_nanos().div_ceil(elapsed.as_nanos().max(1));
                blocks.push((from..k + 1, repeats.max(1) as u32));
                (from, elapsed) = (k + 1, Duration::ZERO);
            }
        }
        run(1, &queries[..1], 1);
        run(2, &queries[..1], 1);
        // The time of one pass of each block by A*, Theta* and Lazy Theta*, in run order.
        let mut turns: Vec<[Duration; 3]> = Vec::new();
        let mut astar_spent = Duration::ZERO;
        while turns.is_empty() || astar_spent < FULL_MIN {
            for (range, repeats) in &blocks {
                let mut times = [Duration::ZERO; 3];
                for turn in 0..3 {
                    let planner = (turns.len() + turn) % 3;
                    times[planner] = run(planner, &queries[range.clone()], *repeats);
                }
                astar_spent += times[0] * *repeats;
                turns.push(times);
            }
        }
        let rounds = turns.len() / blocks.len();
        let total = |turns: &[[Duration; 3]], planner: usize| {
            turns
                .iter()
                .map(|times| times[planner].as_secs_f64())
                .sum::<f64>()
        };
        let slice = turns.len().div_ceil(FULL_SLICES).max(1);
        for (planner, planner_name) in [(1, "theta-star"), (2, "lazy-theta-star")] {
            let slice_ratios: Vec<f64> = turns
                .chunks(slice)
                .map(|part| total(part, planner) / total(part, 0))
                .collect();
            let low = slice_ratios.iter().copied().fold(f64::INFINITY, f64::min);
            let high = slice_ratios.iter().copied().fold(0.0, f64::max);
            let per_pass = 1e3 / rounds as f64;
            let (ours, theirs) = (
                total(&turns, 0) * per_pass,
                total(&turns, planner) * per_pass,
            );
            eprintln!(
                "PAIRED | {name} (all {}, {rounds} {}) | astar | {} | {planner_name} | {} | {:.2}× | {:.2}–{:.2} |",
                queries.len(),
                if rounds == 1 { "round" } else { "rounds" },
                paired::significant(ours),
                paired::significant(theirs),
                theirs / ours,
                low,
                high
            );
        }
    }
}

/// Whether a command-line filter names `paired_full`: the whole sets take minutes, so a
/// run without filters leaves them out.
fn full_set_asked() -> bool {
    std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && a.contains("paired_full"))
}

fn main() {
    if full_set_asked() {
        paired_full();
        return;
    }
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
