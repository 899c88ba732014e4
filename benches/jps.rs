//! Jump point search against A* on the Moving AI maps: our `AStar` with `Octile`,
//! `JumpPointSearch` (online, block-based jumps), `JumpPointSearchPlus` (precomputed jump
//! distances) and `pathfinding::directed::astar::astar` (same successors and heuristic),
//! on the same scenarios in one process.
//!
//! - `jps/<map>/<planner>`: criterion timings, one pass over the map's scenarios per
//!   iteration.
//! - `jps/build`: printed, not timed by criterion: the time to build JPS's bit sets and
//!   JPS+'s jump table for each map (median of 11 builds), which the timed passes do not
//!   include (each planner is prepared once per map, as a game would at load time).
//! - `jps/paired`: printed: for each map, the four planners timed in alternating rounds
//!   (one pass each per round, five rounds; the host's speed drifts over seconds, a round
//!   does not), the median of the per-round ratios AStar/JPS, AStar/JPS+,
//!   pathfinding/JPS and pathfinding/JPS+, then their geometric means over the maps.
//!
//! Each map's scenarios are thinned to at most 200, every n-th in file order (the files are
//! sorted by length bucket, so every bucket stays in); `REPLAN_JPS_ALL=1` uses every
//! scenario. `REPLAN_DATA` names the data folder (default `../shared/data`); maps that are
//! missing are skipped with a message.
//!
//! ```text
//! cargo bench --bench jps                 # criterion timings, build times, paired report
//! cargo bench --bench jps -- paired       # the build times and the paired report only
//! ```

use std::hint::black_box;
use std::ops::Add;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::Criterion;
use pathfinding::num_traits::Zero;
use replan::grid::{movingai, Cell, Grid, JumpPointSearch, JumpPointSearchPlus, Octile};
use replan::{AStar, Graph, Heuristic, Planner};
use smallvec::SmallVec;

/// The maps, as (name, path below `movingai/maps`).
const MAPS: [(&str, &str); 7] = [
    ("arena", "dao/arena.map"),
    ("den312d", "dao/den312d.map"),
    ("lak303d", "dao/lak303d.map"),
    ("random512-10-0", "random/random512-10-0.map"),
    ("8room_000", "rooms/8room_000.map"),
    ("AR0011SR", "bg512/AR0011SR.map"),
    ("maze512-1-0", "mazes/maze512-1-0.map"),
];

/// At most this many scenarios per map, unless `REPLAN_JPS_ALL` is set.
const MAX_SCENARIOS: usize = 200;

struct MapInput {
    name: &'static str,
    grid: Grid,
    queries: Vec<(Cell, Cell)>,
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

fn data_dir() -> PathBuf {
    std::env::var_os("REPLAN_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"))
}

fn load(name: &'static str, map: &str) -> Option<MapInput> {
    let dir = data_dir().join("movingai");
    let map_path = dir.join("maps").join(map);
    if !map_path.exists() {
        eprintln!("jps: skipping {name}: {} not found", map_path.display());
        return None;
    }
    let grid = movingai::read_map(&map_path).expect("readable map");
    let scenarios = movingai::read_scenarios(dir.join("scenarios").join(format!("{map}.scen")))
        .expect("readable scenarios");
    let all = std::env::var_os("REPLAN_JPS_ALL").is_some();
    let stride = if all {
        1
    } else {
        scenarios.len().div_ceil(MAX_SCENARIOS).max(1)
    };
    let queries = scenarios
        .iter()
        .step_by(stride)
        .map(|s| (s.start, s.goal))
        .collect();
    Some(MapInput {
        name,
        grid,
        queries,
    })
}

/// Whether `name` passes the command line's filters (criterion's own filter only reaches
/// its benchmarks; this is for the reports around them).
fn selected(name: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// One pass of a planner over a map's scenarios.
fn pass<P: Planner<Grid>>(planner: &mut P, input: &MapInput) {
    for &(start, goal) in &input.queries {
        let _ = black_box(planner.plan(&input.grid, start, goal));
    }
}

fn pathfinding_pass(input: &MapInput) {
    for &(start, goal) in &input.queries {
        black_box(pathfinding_astar(&input.grid, start, goal));
    }
}

/// The planners agree on every cost before anything is timed.
fn check(input: &MapInput, jps: &mut JumpPointSearch, plus: &mut JumpPointSearchPlus) {
    let mut astar = AStar::new(Octile);
    for (k, &(start, goal)) in input.queries.iter().enumerate() {
        let want = astar.plan(&input.grid, start, goal).map(|p| p.cost).ok();
        let got = [
            jps.plan(&input.grid, start, goal).map(|p| p.cost).ok(),
            plus.plan(&input.grid, start, goal).map(|p| p.cost).ok(),
        ];
        for cost in got {
            match (want, cost) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{}: {a} vs {b}", input.name),
                (a, b) => assert_eq!(a, b, "{}", input.name),
            }
        }
        // pathfinding is slow; a sample is enough to show the inputs mean the same.
        if k % 16 == 0 {
            let theirs = pathfinding_astar(&input.grid, start, goal);
            match (want, theirs) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{}: {a} vs {b}", input.name),
                (a, b) => assert_eq!(a, b, "{}", input.name),
            }
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

fn print_build_times(input: &MapInput) {
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
    eprintln!(
        "jps/build/{}: {}×{}: JPS bit sets {:.3} ms, JPS+ table {:.3} ms ({:.1} MB, \
         {:.1} bytes per cell of the map)",
        input.name,
        grid.width(),
        grid.height(),
        bits.as_secs_f64() * 1e3,
        table.as_secs_f64() * 1e3,
        plus.table_bytes() as f64 / 1e6,
        plus.table_bytes() as f64 / f64::from(grid.width() * grid.height()),
    );
}

/// Per-map medians of the per-round ratios: AStar/JPS, AStar/JPS+, pathfinding/JPS,
/// pathfinding/JPS+.
fn paired(input: &MapInput, jps: &mut JumpPointSearch, plus: &mut JumpPointSearchPlus) -> [f64; 4] {
    const ROUNDS: usize = 5;
    let mut astar = AStar::new(Octile);
    let time = |run: &mut dyn FnMut()| {
        let started = Instant::now();
        run();
        started.elapsed().as_secs_f64() * 1e3
    };
    // Warm-up.
    pass(&mut astar, input);
    pass(jps, input);
    pass(plus, input);
    let mut rounds: Vec<[f64; 4]> = Vec::new();
    for _ in 0..ROUNDS {
        let astar_ms = time(&mut || pass(&mut astar, input));
        let jps_ms = time(&mut || pass(jps, input));
        let plus_ms = time(&mut || pass(plus, input));
        let theirs_ms = time(&mut || pathfinding_pass(input));
        rounds.push([astar_ms, jps_ms, plus_ms, theirs_ms]);
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let column = |k: usize| median(rounds.iter().map(|r| r[k]).collect());
    let ratio = |num: usize, den: usize| median(rounds.iter().map(|r| r[num] / r[den]).collect());
    let ratios = [ratio(0, 1), ratio(0, 2), ratio(3, 1), ratio(3, 2)];
    eprintln!(
        "jps/paired/{}: {} scenarios; per pass, medians: astar {:.2} ms, jps {:.2} ms, \
         jps+ {:.2} ms, pathfinding {:.2} ms; astar/jps {:.2}x, astar/jps+ {:.2}x, \
         pathfinding/jps {:.2}x, pathfinding/jps+ {:.2}x",
        input.name,
        input.queries.len(),
        column(0),
        column(1),
        column(2),
        column(3),
        ratios[0],
        ratios[1],
        ratios[2],
        ratios[3],
    );
    ratios
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let inputs: Vec<MapInput> = MAPS
        .iter()
        .filter_map(|&(name, map)| load(name, map))
        .collect();
    if inputs.is_empty() {
        eprintln!("jps: no Moving AI maps found (set REPLAN_DATA); nothing to measure");
        return;
    }
    let mut all_ratios = Vec::new();
    for input in &inputs {
        let mut jps = JumpPointSearch::new();
        let mut plus = JumpPointSearchPlus::new();
        jps.prepare(&input.grid);
        plus.prepare(&input.grid);
        check(input, &mut jps, &mut plus);
        if selected("jps/build") || selected("jps/paired") {
            print_build_times(input);
        }

        let mut group = criterion.benchmark_group(format!("jps/{}", input.name));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        let mut astar = AStar::new(Octile);
        group.bench_function("replan/astar", |b| b.iter(|| pass(&mut astar, input)));
        group.bench_function("replan/jps", |b| b.iter(|| pass(&mut jps, input)));
        group.bench_function("replan/jps_plus", |b| b.iter(|| pass(&mut plus, input)));
        group.bench_function("pathfinding/astar", |b| b.iter(|| pathfinding_pass(input)));
        group.finish();

        if selected("jps/paired") {
            all_ratios.push(paired(input, &mut jps, &mut plus));
        }
    }
    if !all_ratios.is_empty() {
        let geometric_mean = |k: usize| {
            let logs: f64 = all_ratios.iter().map(|r| r[k].ln()).sum();
            (logs / all_ratios.len() as f64).exp()
        };
        eprintln!(
            "jps/paired/geometric mean over {} maps: astar/jps {:.2}x, astar/jps+ {:.2}x, \
             pathfinding/jps {:.2}x, pathfinding/jps+ {:.2}x",
            all_ratios.len(),
            geometric_mean(0),
            geometric_mean(1),
            geometric_mean(2),
            geometric_mean(3),
        );
    }
    criterion.final_summary();
}
