//! Jump point search against A* on the Moving AI maps: our `AStar` with `Octile`,
//! `JumpPointSearch` (online, block-based jumps), `JumpPointSearchPlus` (precomputed jump
//! distances) and `pathfinding::directed::astar::astar` (same successors and heuristic),
//! on the same scenarios in one process.
//!
//! - `jps/paired`: printed, what a user running a whole benchmark file gets: for each map,
//!   A*, JPS and JPS+ each make one pass over the map's scenarios with a fresh planner (so
//!   the JPS bit sets and the JPS+ table are built inside the timing, by the first search),
//!   in alternating rounds (five; the host's speed drifts over seconds, a round does not).
//!   A ratio is the median of the per-round ratios; the geometric means over the maps
//!   follow. Beside them, the build time of each planner's tables (median of 11 builds)
//!   and their bytes per map cell. Every scenario of every map is used but the maze's,
//!   where every 10th is (1,196 of 11,960, all buckets: the files are sorted by bucket;
//!   `REPLAN_JPS_MAZE_STRIDE=1` for all, about 40 s per A* pass on a quiet host).
//! - `jps/subgoal`: printed, the queries alone, as a game that builds its tables when it
//!   loads a level pays them: for each map, `AStar`, `JumpPointSearchPlus` and the default
//!   `SubgoalGraph` (the hierarchy, or two levels where obstacles are scattered), each one
//!   planner prepared before the rounds and reused for every query, one pass each over the
//!   map's queries (the same ones as `jps/paired`) per round, in alternating rounds, each
//!   timed pass after an untimed warm-up over a tenth of the queries (the state another
//!   planner's pass leaves behind would otherwise slow the next pass, by up to 1.4×); ratios
//!   are medians of the per-round ratios, then geometric means over the maps. Beside them
//!   the subgoal graph's build (median of three builds from scratch), its bytes per map
//!   cell, its subgoals and edges, and the time to block and free one cell again through
//!   `SubgoalGraph::set_blocked` (median over cells spread over the map).
//! - `jps/<map>/<planner>`: criterion timings over a sample of at most 200 scenarios per
//!   map, every n-th in file order, with the planner prepared beforehand; `pathfinding`
//!   runs only here (three times slower than our A*).
//!
//! Before timing, the first pass of each planner checks every cost against the file's
//! published optimum. `REPLAN_DATA` names the data folder (default `../shared/data`); maps
//! that are missing are skipped with a message.
//!
//! ```text
//! cargo bench -p replan-benches --bench jps -- paired       # build times and the paired report only
//! cargo bench -p replan-benches --bench jps -- subgoal      # the subgoal graph report only
//! cargo bench -p replan-benches --bench jps                 # and criterion's timings of the samples
//! ```

mod paired;

use std::hint::black_box;
use std::ops::Add;
use std::time::{Duration, Instant};

use criterion::Criterion;
use pathfinding::num_traits::Zero;
use replan::grid::{Cell, Grid, JumpPointSearch, JumpPointSearchPlus, Octile, SubgoalGraph};
use replan::{AStar, Graph, Heuristic, Planner};
use smallvec::SmallVec;

/// At most this many scenarios per map in criterion's samples.
const MAX_SAMPLE: usize = 200;

/// Every this many-th maze scenario in the paired report, unless `REPLAN_JPS_MAZE_STRIDE`
/// says otherwise.
const MAZE_STRIDE: usize = 10;

/// Rounds of the paired report.
const ROUNDS: usize = 5;

struct MapInput {
    name: &'static str,
    grid: Grid,
    /// The paired report's queries, with their published optimal costs.
    queries: Vec<(Cell, Cell, f64)>,
    /// Every how many-th scenario `queries` holds.
    stride: usize,
    /// Criterion's sample.
    sample: Vec<(Cell, Cell)>,
}

/// `f64` with the total order `pathfinding` requires of its costs.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Length(f64);
impl Eq for Length {}
impl PartialOrd for Length {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Length {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}
impl Add for Length {
    type Output = Length;
    fn add(self, other: Length) -> Length {
        Length(self.0 + other.0)
    }
}
impl Zero for Length {
    fn zero() -> Self {
        Length(0.0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

fn neighbours(grid: &Grid, cell: Cell) -> SmallVec<[(Cell, Length); 8]> {
    let mut out = SmallVec::new();
    grid.successors(cell, |next, cost| out.push((next, Length(cost))));
    out
}

fn pathfinding_astar(grid: &Grid, start: Cell, goal: Cell) -> Option<f64> {
    pathfinding::directed::astar::astar(
        &start,
        |&cell| neighbours(grid, cell),
        |&cell| Length(Octile.estimate(cell, goal)),
        |&cell| cell == goal,
    )
    .map(|(_, cost)| cost.0)
}

fn load(name: &'static str, map: &str) -> Option<MapInput> {
    let (grid, scenarios) = paired::read_movingai(name, map)?;
    let stride = if name.starts_with("maze") {
        std::env::var("REPLAN_JPS_MAZE_STRIDE")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(MAZE_STRIDE)
            .max(1)
    } else {
        1
    };
    let queries = scenarios
        .iter()
        .step_by(stride)
        .map(|s| (s.start, s.goal, s.optimal_length))
        .collect();
    let sample = scenarios
        .iter()
        .step_by(scenarios.len().div_ceil(MAX_SAMPLE).max(1))
        .map(|s| (s.start, s.goal))
        .collect();
    Some(MapInput {
        name,
        grid,
        queries,
        stride,
        sample,
    })
}

/// One pass of a planner over a map's sample.
fn pass<P: Planner<Grid>>(planner: &mut P, input: &MapInput) {
    for &(start, goal) in &input.sample {
        let _ = black_box(planner.plan(&input.grid, start, goal));
    }
}

fn pathfinding_pass(input: &MapInput) {
    for &(start, goal) in &input.sample {
        black_box(pathfinding_astar(&input.grid, start, goal));
    }
}

/// One pass of a fresh planner over the map's queries, tables built by its first search;
/// with `check`, every cost is compared with the published optimum.
fn fresh_pass<P: Planner<Grid>>(mut planner: P, input: &MapInput, check: bool, name: &str) {
    for &(start, goal, optimal) in &input.queries {
        let cost = black_box(planner.plan(&input.grid, start, goal)).map(|path| path.cost);
        if check {
            let cost = cost.unwrap_or_else(|err| panic!("{name} on {}: {err}", input.name));
            assert!(
                (cost - optimal).abs() <= 0.01,
                "{name} on {}: {start:?} -> {goal:?} cost {cost}, published {optimal}",
                input.name
            );
        }
    }
}

/// One pass of a reused planner over the map's queries; with `check`, every cost is
/// compared with the published optimum.
fn reused_pass<P: Planner<Grid>>(planner: &mut P, input: &MapInput, check: bool, name: &str) {
    for &(start, goal, optimal) in &input.queries {
        let cost = black_box(planner.plan(&input.grid, start, goal)).map(|path| path.cost);
        if check {
            let cost = cost.unwrap_or_else(|err| panic!("{name} on {}: {err}", input.name));
            assert!(
                (cost - optimal).abs() <= 0.01,
                "{name} on {}: {start:?} -> {goal:?} cost {cost}, published {optimal}",
                input.name
            );
        }
    }
}

/// Plans the first tenth of the map's queries (at least 20), untimed.
fn warm_up<P: Planner<Grid>>(planner: &mut P, input: &MapInput) {
    let count = (input.queries.len() / 10).max(20);
    for &(start, goal, _) in input.queries.iter().take(count) {
        let _ = black_box(planner.plan(&input.grid, start, goal));
    }
}

/// The subgoal graph report for one map (see the module documentation); returns the
/// ratios A*/subgoal graph and JPS+/subgoal graph.
fn subgoal_report(input: &MapInput) -> [f64; 2] {
    let time = |run: &mut dyn FnMut()| {
        let started = Instant::now();
        run();
        started.elapsed().as_secs_f64() * 1e3
    };
    let mut astar = AStar::new(Octile);
    let mut plus = JumpPointSearchPlus::new();
    plus.prepare(&input.grid);
    let mut subgoals = SubgoalGraph::new();
    subgoals
        .prepare(&input.grid)
        .expect("an unweighted 8-connected map");
    // The checked first passes warm up.
    reused_pass(&mut astar, input, true, "astar");
    reused_pass(&mut plus, input, true, "jps+");
    reused_pass(&mut subgoals, input, true, "subgoal graph");
    let mut rounds: Vec<[f64; 3]> = Vec::new();
    for round in 0..ROUNDS {
        let mut times = [0.0; 3];
        let order: [usize; 3] = if round % 2 == 0 { [0, 1, 2] } else { [2, 1, 0] };
        for planner in order {
            // Each timed pass follows an untimed warm-up of the same planner, so that it
            // measures the planner's steady state, as `examples/grid` does, whatever ran
            // before it: a subgoal graph's pass that followed JPS+'s ran up to 1.4× slower
            // than one that followed its own, which made the medians depend on the order.
            times[planner] = match planner {
                0 => {
                    warm_up(&mut astar, input);
                    time(&mut || reused_pass(&mut astar, input, false, "astar"))
                }
                1 => {
                    warm_up(&mut plus, input);
                    time(&mut || reused_pass(&mut plus, input, false, "jps+"))
                }
                _ => {
                    warm_up(&mut subgoals, input);
                    time(&mut || reused_pass(&mut subgoals, input, false, "subgoal graph"))
                }
            };
        }
        rounds.push(times);
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let ratio = |num: usize| {
        let ratios: Vec<f64> = rounds.iter().map(|r| r[num] / r[2]).collect();
        let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let high = ratios.iter().copied().fold(0.0, f64::max);
        (median(ratios), low, high)
    };
    let column = |k: usize| median(rounds.iter().map(|r| r[k]).collect());
    let (over_astar, over_plus) = (ratio(0), ratio(1));
    // Builds from scratch: an edit and its undo give the grid a new revision.
    let mut grid = input.grid.clone();
    let far = (grid.width() - 1, grid.height() - 1);
    let blocked = !grid.is_passable(far);
    let build_ms = median(
        (0..3)
            .map(|_| {
                grid.set_blocked(far, !blocked).unwrap();
                grid.set_blocked(far, blocked).unwrap();
                let mut fresh = SubgoalGraph::new();
                let started = Instant::now();
                fresh.prepare(&grid).unwrap();
                started.elapsed().as_secs_f64() * 1e3
            })
            .collect(),
    );
    let cells = f64::from(grid.width() * grid.height());
    let sizes = format!(
        "{:.2} bytes per cell, {} subgoals ({} global), {} edges",
        subgoals.table_bytes() as f64 / cells,
        subgoals.subgoal_count(),
        subgoals.global_count(),
        subgoals.edge_count(),
    );
    let repair = repair_micros(&mut subgoals, &input.grid);
    eprintln!(
        "jps/subgoal/{}: {} scenarios (every {}); queries only, medians per pass: astar {:.2} ms, \
         jps+ {:.2} ms, subgoal graph {:.2} ms; astar/subgoal {:.2}x ({:.2}-{:.2}), \
         jps+/subgoal {:.2}x ({:.2}-{:.2}); build {:.1} ms, {sizes}; {repair}",
        input.name,
        input.queries.len(),
        input.stride,
        column(0),
        column(1),
        column(2),
        over_astar.0,
        over_astar.1,
        over_astar.2,
        over_plus.0,
        over_plus.1,
        over_plus.2,
        build_ms,
    );
    [over_astar.0, over_plus.0]
}

/// The median time to block a free cell and free it again through the planner, repairing
/// its graph each time, over cells spread evenly over the map, and the same for a fresh
/// build after each edit, as a sentence.
fn repair_micros(planner: &mut SubgoalGraph, grid: &Grid) -> String {
    let mut grid = grid.clone();
    // Near each point of a 7×7 lattice, the first free cell of the 8×8 block below and
    // right of it: on maps of rooms and mazes the lattice points themselves fall on walls.
    let cells: Vec<Cell> = (1..8)
        .flat_map(|i| (1..8).map(move |j| (i, j)))
        .filter_map(|(i, j)| {
            let (x, y) = (grid.width() * i / 8, grid.height() * j / 8);
            (0..8)
                .flat_map(|dy| (0..8).map(move |dx| (x + dx, y + dy)))
                .find(|&cell| grid.is_passable(cell))
        })
        .collect();
    if cells.is_empty() {
        return "no free cell to edit".into();
    }
    planner.prepare(&grid).unwrap();
    let mut times: Vec<f64> = cells
        .iter()
        .map(|&cell| {
            let started = Instant::now();
            planner.set_blocked(&mut grid, cell, true).unwrap();
            planner.set_blocked(&mut grid, cell, false).unwrap();
            started.elapsed().as_secs_f64() * 1e6 / 2.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    format!(
        "edit repair: median {:.0} us per edit over {} cells",
        times[times.len() / 2],
        cells.len()
    )
}

/// The sample's costs agree with the published optimum for `pathfinding` too (every 16th:
/// it is slow), so that its criterion timings solve the same problems.
fn check_pathfinding(input: &MapInput) {
    for &(start, goal) in input.sample.iter().step_by(16) {
        let ours = AStar::new(Octile)
            .plan(&input.grid, start, goal)
            .map(|p| p.cost);
        let theirs = pathfinding_astar(&input.grid, start, goal);
        match (ours.ok(), theirs) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{}: {a} vs {b}", input.name),
            (a, b) => assert_eq!(a, b, "{}", input.name),
        }
    }
}

/// The median of 11 timings of `build` (which must rebuild from scratch each call).
fn median_build(mut build: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..11)
        .map(|_| {
            let started = Instant::now();
            build();
            started.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// The median build times of JPS's bit sets and of JPS+'s table for the map, in
/// milliseconds, and their bytes per cell of the map.
fn build_times(input: &MapInput) -> [f64; 4] {
    // A fresh clone has a new revision only if edited; flipping one far cell twice gives a
    // grid with the same contents and a new revision, so each build starts from scratch.
    let mut grid = input.grid.clone();
    let far = (grid.width() - 1, grid.height() - 1);
    let blocked = !grid.is_passable(far);
    let touch = |grid: &mut Grid| {
        grid.set_blocked(far, !blocked).unwrap();
        grid.set_blocked(far, blocked).unwrap();
    };
    let mut jps = JumpPointSearch::new();
    let mut plus = JumpPointSearchPlus::new();
    let bits = median_build(|| {
        touch(&mut grid);
        jps.prepare(&grid);
    });
    let table = median_build(|| {
        touch(&mut grid);
        plus.prepare(&grid);
    });
    let cells = f64::from(grid.width() * grid.height());
    [
        bits.as_secs_f64() * 1e3,
        table.as_secs_f64() * 1e3,
        jps.table_bytes() as f64 / cells,
        plus.table_bytes() as f64 / cells,
    ]
}

/// The paired report for one map: per-round ratios A*/JPS, A*/JPS+ and JPS/JPS+, medians
/// (and the lowest and highest round of each), with fresh planners, builds included.
fn paired(input: &MapInput) -> [f64; 3] {
    let time = |run: &mut dyn FnMut()| {
        let started = Instant::now();
        run();
        started.elapsed().as_secs_f64() * 1e3
    };
    // The checked first passes warm up.
    fresh_pass(AStar::new(Octile), input, true, "astar");
    fresh_pass(JumpPointSearch::new(), input, true, "jps");
    fresh_pass(JumpPointSearchPlus::new(), input, true, "jps+");
    let mut rounds: Vec<[f64; 3]> = Vec::new();
    for round in 0..ROUNDS {
        let mut times = [0.0; 3];
        // The order alternates between rounds, so no planner always runs first.
        let order: [usize; 3] = if round % 2 == 0 { [0, 1, 2] } else { [2, 1, 0] };
        for planner in order {
            times[planner] = match planner {
                0 => time(&mut || fresh_pass(AStar::new(Octile), input, false, "astar")),
                1 => time(&mut || fresh_pass(JumpPointSearch::new(), input, false, "jps")),
                _ => time(&mut || fresh_pass(JumpPointSearchPlus::new(), input, false, "jps+")),
            };
        }
        rounds.push(times);
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let spread = |values: Vec<f64>| {
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(0.0, f64::max);
        (median(values), low, high)
    };
    let column = |k: usize| median(rounds.iter().map(|r| r[k]).collect());
    let ratio = |num: usize, den: usize| spread(rounds.iter().map(|r| r[num] / r[den]).collect());
    let ratios = [ratio(0, 1), ratio(0, 2), ratio(1, 2)];
    let [bits_ms, table_ms, bits_bytes, table_bytes] = build_times(input);
    eprintln!(
        "jps/paired/{}: {} scenarios (every {}); per pass, build included, medians: \
         astar {:.1} ms, jps {:.1} ms, jps+ {:.1} ms; astar/jps {:.2}x ({:.2}-{:.2}), \
         astar/jps+ {:.2}x ({:.2}-{:.2}), jps/jps+ {:.2}x ({:.2}-{:.2}); build: jps {:.3} ms \
         ({:.2} bytes per cell), jps+ {:.3} ms ({:.2} bytes per cell)",
        input.name,
        input.queries.len(),
        input.stride,
        column(0),
        column(1),
        column(2),
        ratios[0].0,
        ratios[0].1,
        ratios[0].2,
        ratios[1].0,
        ratios[1].1,
        ratios[1].2,
        ratios[2].0,
        ratios[2].1,
        ratios[2].2,
        bits_ms,
        bits_bytes,
        table_ms,
        table_bytes,
    );
    ratios.map(|(median, _, _)| median)
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let inputs: Vec<MapInput> = paired::MOVINGAI_MAPS
        .iter()
        .filter_map(|&(name, map)| load(name, map))
        .collect();
    if inputs.is_empty() {
        eprintln!("jps: no Moving AI maps found (set REPLAN_DATA); nothing to measure");
        return;
    }
    let mut all_ratios = Vec::new();
    let mut subgoal_ratios = Vec::new();
    for input in &inputs {
        if paired::selected("jps/paired") {
            all_ratios.push(paired(input));
        }
        if paired::selected("jps/subgoal") {
            subgoal_ratios.push(subgoal_report(input));
        }
        if !paired::selected(&format!("jps/{}/", input.name)) {
            continue;
        }
        check_pathfinding(input);
        let mut jps = JumpPointSearch::new();
        let mut plus = JumpPointSearchPlus::new();
        jps.prepare(&input.grid);
        plus.prepare(&input.grid);
        let mut group = criterion.benchmark_group(format!("jps/{}", input.name));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        let mut astar = AStar::new(Octile);
        group.bench_function("replan/astar", |b| b.iter(|| pass(&mut astar, input)));
        group.bench_function("replan/jps", |b| b.iter(|| pass(&mut jps, input)));
        group.bench_function("replan/jps_plus", |b| b.iter(|| pass(&mut plus, input)));
        let mut subgoals = SubgoalGraph::new();
        subgoals
            .prepare(&input.grid)
            .expect("an unweighted 8-connected map");
        group.bench_function("replan/subgoal_graph", |b| {
            b.iter(|| pass(&mut subgoals, input))
        });
        group.bench_function("pathfinding/astar", |b| b.iter(|| pathfinding_pass(input)));
        group.finish();
    }
    if !all_ratios.is_empty() {
        let geometric_mean = |k: usize| {
            let logs: f64 = all_ratios.iter().map(|r| r[k].ln()).sum();
            (logs / all_ratios.len() as f64).exp()
        };
        let lowest = |k: usize| {
            all_ratios
                .iter()
                .map(|r| r[k])
                .fold(f64::INFINITY, f64::min)
        };
        eprintln!(
            "jps/paired/geometric mean over {} maps: astar/jps {:.2}x (lowest map {:.2}x), \
             astar/jps+ {:.2}x (lowest map {:.2}x), jps/jps+ {:.2}x (lowest map {:.2}x)",
            all_ratios.len(),
            geometric_mean(0),
            lowest(0),
            geometric_mean(1),
            lowest(1),
            geometric_mean(2),
            lowest(2),
        );
    }
    if !subgoal_ratios.is_empty() {
        let geometric_mean = |k: usize| {
            let logs: f64 = subgoal_ratios.iter().map(|r| r[k].ln()).sum();
            (logs / subgoal_ratios.len() as f64).exp()
        };
        let lowest = |k: usize| {
            subgoal_ratios
                .iter()
                .map(|r| r[k])
                .fold(f64::INFINITY, f64::min)
        };
        eprintln!(
            "jps/subgoal/geometric mean over {} maps: astar/subgoal {:.2}x (lowest map {:.2}x), \
             jps+/subgoal {:.2}x (lowest map {:.2}x)",
            subgoal_ratios.len(),
            geometric_mean(0),
            lowest(0),
            geometric_mean(1),
            lowest(1),
        );
    }
    criterion.final_summary();
}
