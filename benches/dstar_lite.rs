//! D* Lite against A* from scratch, side by side on the same inputs.
//!
//! - `navigate/<map>/r<R>`: unknown-terrain navigation on Moving AI maps. Each walk is
//!   recorded once (the positions the agent passes and the walls it sees at each), then
//!   replayed: `dstar_lite` reports the walls (`set_blocked`), moves the start and replans at
//!   every step, its first full search included;
//!   `astar` plans from scratch on the same known map at every step. One iteration replays
//!   every walk of the set, so the time is the total over the walks.
//! - `snake/<conn>`: a blocked segment random-walks on a 50×50 grid (head cell blocked,
//!   tail cell freed each frame) while start and goal stay put; one iteration is a fixed
//!   sequence of frames, and each frame either repairs with D* Lite or plans from scratch.
//!
//! The node expansions of each side, summed the same way (and D* Lite's first full
//! searches apart), are printed (to stderr) when a group starts. Before each group, the
//! paired report (`benches/paired`) times both sides in alternating rounds; `cargo bench -p
//! replan-benches --bench dstar_lite -- paired` runs the reports alone. Data come from `$REPLAN_DATA`
//! (default `../shared/data`); maps that are absent are skipped.
//!
//! ```text
//! cargo bench -p replan-benches --bench dstar_lite
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{Cell, Connectivity, Grid, Manhattan, Octile};
use replan::{AStar, DStarLite, DenseIds, Heuristic, Planner};

mod paired;

/// One recorded walk: where the agent stood at each step and the walls it saw there.
struct Walk {
    goal: Cell,
    /// `steps[0]` is the start; the walls of a step are seen on arriving there.
    steps: Vec<(Cell, Vec<Cell>)>,
}

fn newly_seen_walls(truth: &Grid, known: &Grid, (x, y): Cell, sensor: u32) -> Vec<Cell> {
    let mut walls = Vec::new();
    for cy in y.saturating_sub(sensor)..=y.saturating_add(sensor).min(truth.height() - 1) {
        for cx in x.saturating_sub(sensor)..=x.saturating_add(sensor).min(truth.width() - 1) {
            if !truth.is_passable((cx, cy)) && known.is_passable((cx, cy)) {
                walls.push((cx, cy));
            }
        }
    }
    walls
}

/// Walks from `start` to `goal` with D* Lite and records what the agent saw.
fn record(truth: &Grid, start: Cell, goal: Cell, sensor: u32) -> Walk {
    let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
    let mut dstar = DStarLite::new(Octile);
    let walls = newly_seen_walls(truth, &known, start, sensor);
    for &cell in &walls {
        known.set_blocked(cell, true).unwrap();
    }
    let mut steps = vec![(start, walls)];
    let mut path = dstar.plan(&known, start, goal).unwrap();
    let mut here = start;
    while here != goal {
        here = path.nodes[1];
        let walls = newly_seen_walls(truth, &known, here, sensor);
        for &cell in &walls {
            dstar.set_blocked(&mut known, cell, true).unwrap();
        }
        dstar.move_start(&known, here).unwrap();
        path = dstar.replan(&known).unwrap();
        steps.push((here, walls));
    }
    Walk { goal, steps }
}

/// Replays the walks with D* Lite; returns the nodes expanded, and how many of those the
/// first full searches expanded.
fn replay_dstar(truth: &Grid, walks: &[Walk]) -> (u64, u64) {
    let (mut expanded, mut first) = (0, 0);
    let mut dstar = DStarLite::new(Octile);
    for walk in walks {
        let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
        let (start, walls) = &walk.steps[0];
        for &cell in walls {
            known.set_blocked(cell, true).unwrap();
        }
        let path = dstar.plan(&known, *start, walk.goal).unwrap();
        expanded += path.stats.expanded;
        first += path.stats.expanded;
        black_box(path);
        for (here, walls) in &walk.steps[1..] {
            for &cell in walls {
                dstar.set_blocked(&mut known, cell, true).unwrap();
            }
            dstar.move_start(&known, *here).unwrap();
            let path = dstar.replan(&known).unwrap();
            expanded += path.stats.expanded;
            black_box(path);
        }
    }
    (expanded, first)
}

/// Replays the walks with A* from scratch at every step; returns the nodes expanded.
fn replay_astar(truth: &Grid, walks: &[Walk]) -> u64 {
    let mut expanded = 0;
    let mut astar = AStar::new(Octile);
    for walk in walks {
        let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
        for (here, walls) in &walk.steps {
            for &cell in walls {
                known.set_blocked(cell, true).unwrap();
            }
            let path = astar.plan(&known, *here, walk.goal).unwrap();
            expanded += path.stats.expanded;
            black_box(path);
        }
    }
    expanded
}

/// A lower bound on the nodes that *any* correct D* Lite with the octile heuristic must
/// expand on these walks, whatever its order among ties or its implementation.
///
/// When a replan at start `s` ends with the start's cost `c*`, every node `u` with
/// `g*(u) + h(s, u) < c*` (`g*` its true cost to the goal on the known map) has a key below
/// the start's, so termination leaves it consistent with `g(u) = g*(u)`: finite, which only
/// an expansion sets. So each such node has been expanded at least once by then. Between
/// two steps that see no new wall the set only shrinks (`h` is consistent), so the union
/// over the first step and every step that sees a wall is the union over the walk. Each set
/// is exactly what a backward A* from the goal to `s` with the same heuristic must expand
/// (nodes of `f < c*`), computed here with a plain binary heap.
fn band_lower_bound(truth: &Grid, walks: &[Walk]) -> u64 {
    let mut total = 0;
    let cells = (truth.width() * truth.height()) as usize;
    for walk in walks {
        let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
        let mut must = vec![false; cells];
        // D* Lite's `km`, which its keys carry and its float comparisons are relative to.
        let mut km = 0.0;
        for (k, (here, walls)) in walk.steps.iter().enumerate() {
            if k > 0 {
                km += Octile.estimate(walk.steps[k - 1].0, *here);
            }
            for &cell in walls {
                known.set_blocked(cell, true).unwrap();
            }
            if k == 0 || !walls.is_empty() {
                mark_band(&known, *here, walk.goal, km, &mut must);
            }
        }
        total += must.iter().filter(|&&m| m).count() as u64;
    }
    total
}

/// Marks the nodes `u` with `g*(u) + h(start, u) < c*(start)`, found by a backward A*
/// from `goal`. D* Lite compares keys `k1 + km` within a relative 2^-32, so only nodes
/// below the start's key by more than a relative 1e-8 of it are counted.
fn mark_band(grid: &Grid, start: Cell, goal: Cell, km: f64, must: &mut [bool]) {
    use replan::ReverseGraph;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let width = grid.width() as usize;
    let index = |(x, y): Cell| y as usize * width + x as usize;
    let mut g = vec![f64::INFINITY; must.len()];
    // Non-negative floats order like their bits.
    let mut open = BinaryHeap::new();
    let mut settled = Vec::new();
    g[index(goal)] = 0.0;
    open.push(Reverse((Octile.estimate(start, goal).to_bits(), goal)));
    let best = loop {
        let Some(Reverse((f, cell))) = open.pop() else {
            return; // no path: the walk never asks
        };
        let (f, g_cell) = (f64::from_bits(f), g[index(cell)]);
        if f > g_cell + Octile.estimate(start, cell) {
            continue; // stale
        }
        if cell == start {
            break g_cell;
        }
        settled.push((cell, f));
        grid.predecessors(cell, |previous, cost| {
            let through = g_cell + cost;
            if through < g[index(previous)] {
                g[index(previous)] = through;
                let f = through + Octile.estimate(start, previous);
                open.push(Reverse((f.to_bits(), previous)));
            }
        });
    };
    for (cell, f) in settled {
        if f + km < (best + km) * (1.0 - 1e-8) {
            must[index(cell)] = true;
        }
    }
}

/// The map sets: a name, the map and scenario files, and how many of the longest
/// scenarios (the last lines of the file) to walk.
const MAPS: [(&str, &str, &str, usize); 2] = [
    (
        "den312d",
        "movingai/maps/dao/den312d.map",
        "movingai/scenarios/dao/den312d.map.scen",
        20,
    ),
    (
        "random512-10-0",
        "movingai/maps/random/random512-10-0.map",
        "movingai/scenarios/random/random512-10-0.map.scen",
        5,
    ),
];

fn navigation(c: &mut Criterion) {
    let data = paired::data_dir();
    for (name, map, scen, count) in MAPS {
        let (map, scen) = (data.join(map), data.join(scen));
        if !map.exists() || !scen.exists() {
            eprintln!(
                "skipping navigate/{name}: {} or {} not found (set REPLAN_DATA)",
                map.display(),
                scen.display()
            );
            continue;
        }
        let truth = read_map(map).unwrap();
        let scenarios = read_scenarios(scen).unwrap();
        let longest = &scenarios[scenarios.len() - count..];
        for sensor in [1, 3] {
            let walks: Vec<Walk> = longest
                .iter()
                .map(|s| record(&truth, s.start, s.goal, sensor))
                .collect();
            let group_name = format!("navigate/{name}/r{sensor}");
            if paired::selected(&format!("paired/{group_name}")) {
                paired::report(
                    &group_name,
                    "D* Lite",
                    "A* from scratch",
                    || {
                        black_box(replay_dstar(&truth, &walks));
                    },
                    || {
                        black_box(replay_astar(&truth, &walks));
                    },
                );
            }
            // Counted once, when the group runs (not when a filter skips it).
            let mut reported = false;
            let mut report = || {
                if !std::mem::replace(&mut reported, true) {
                    let steps: usize = walks.iter().map(|w| w.steps.len()).sum();
                    let (dstar, first) = replay_dstar(&truth, &walks);
                    let astar = replay_astar(&truth, &walks);
                    let bound = band_lower_bound(&truth, &walks);
                    eprintln!(
                        "{group_name}: {count} walks, {steps} searches each; expanded: \
                         D* Lite {dstar} ({first} in the first searches), A* {astar} \
                         ({:.1}x fewer); any D* Lite with this heuristic expands at least \
                         {bound} (so at most {:.1}x fewer)",
                        astar as f64 / dstar as f64,
                        astar as f64 / bound as f64
                    );
                }
            };
            let mut group = c.benchmark_group(&group_name);
            group.sample_size(10);
            group.bench_function("dstar_lite", |b| {
                report();
                b.iter(|| replay_dstar(&truth, &walks))
            });
            group.bench_function("astar", |b| {
                report();
                b.iter(|| replay_astar(&truth, &walks))
            });
            group.finish();
        }
    }
}

/// A small deterministic generator (xorshift64*), so the snake's walk is the same in every
/// run and for both planners.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

const SNAKE_SIDE: u32 = 50;
const SNAKE_LENGTH: usize = 20;
const SNAKE_FRAMES: usize = 1000;
const SNAKE_START: Cell = (0, 25);
const SNAKE_GOAL: Cell = (49, 25);

/// The snake's moves: for each frame, the cell its head enters and the cell its tail
/// leaves. It starts as a vertical segment across the straight route and wanders at random
/// without crossing itself or the start and goal (it turns back along itself if boxed in).
fn snake_frames() -> Vec<(Cell, Cell)> {
    let mut body: std::collections::VecDeque<Cell> =
        (0..SNAKE_LENGTH as u32).map(|i| (25, 15 + i)).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut frames = Vec::with_capacity(SNAKE_FRAMES);
    while frames.len() < SNAKE_FRAMES {
        let (x, y) = *body.back().unwrap();
        let options: Vec<Cell> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .filter_map(|&(dx, dy)| {
                let next = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
                (next.0 < SNAKE_SIDE
                    && next.1 < SNAKE_SIDE
                    && next != SNAKE_START
                    && next != SNAKE_GOAL
                    && !body.contains(&next))
                .then_some(next)
            })
            .collect();
        if options.is_empty() {
            body = body.into_iter().rev().collect();
            continue;
        }
        let head = options[rng.below(options.len())];
        body.push_back(head);
        let tail = body.pop_front().unwrap();
        frames.push((head, tail));
    }
    frames
}

fn snake_grid(connectivity: Connectivity) -> Grid {
    let mut grid = Grid::open(SNAKE_SIDE, SNAKE_SIDE, connectivity);
    for i in 0..SNAKE_LENGTH as u32 {
        grid.set_blocked((25, 15 + i), true).unwrap();
    }
    grid
}

/// D* Lite after its first search, ready for the frames.
fn snake_dstar_ready<H: Heuristic<Cell, f64>>(
    connectivity: Connectivity,
    h: H,
) -> (Grid, DStarLite<H, Cell, DenseIds, f64>) {
    let grid = snake_grid(connectivity);
    let mut dstar = DStarLite::new(h);
    dstar.plan(&grid, SNAKE_START, SNAKE_GOAL).unwrap();
    (grid, dstar)
}

/// Plays the frames, repairing with D* Lite; returns the nodes expanded.
fn snake_dstar<H: Heuristic<Cell, f64>>(
    (mut grid, mut dstar): (Grid, DStarLite<H, Cell, DenseIds, f64>),
    frames: &[(Cell, Cell)],
) -> u64 {
    let mut expanded = 0;
    for &(head, tail) in frames {
        dstar.set_blocked(&mut grid, head, true).unwrap();
        dstar.set_blocked(&mut grid, tail, false).unwrap();
        let path = dstar.replan(&grid).unwrap();
        expanded += path.stats.expanded;
        black_box(path);
    }
    expanded
}

/// Plays the frames, planning from scratch with A* each frame; returns the nodes expanded.
fn snake_astar<H: Heuristic<Cell, f64>>(
    (mut grid, mut astar): (Grid, AStar<H, DenseIds, f64>),
    frames: &[(Cell, Cell)],
) -> u64 {
    let mut expanded = 0;
    for &(head, tail) in frames {
        grid.set_blocked(head, true).unwrap();
        grid.set_blocked(tail, false).unwrap();
        let path = astar.plan(&grid, SNAKE_START, SNAKE_GOAL).unwrap();
        expanded += path.stats.expanded;
        black_box(path);
    }
    expanded
}

fn snake_group<H: Heuristic<Cell, f64> + Copy>(
    c: &mut Criterion,
    name: &str,
    connectivity: Connectivity,
    h: H,
    frames: &[(Cell, Cell)],
) {
    let mut reported = false;
    let mut report = || {
        if !std::mem::replace(&mut reported, true) {
            let dstar = snake_dstar(snake_dstar_ready(connectivity, h), frames);
            let astar = snake_astar((snake_grid(connectivity), AStar::new(h)), frames);
            eprintln!(
                "snake/{name}: {} frames; expanded: D* Lite {dstar}, A* {astar} ({:.1}x fewer)",
                frames.len(),
                astar as f64 / dstar.max(1) as f64
            );
        }
    };
    if paired::selected(&format!("paired/snake/{name}")) {
        // Unlike criterion's timing, a pass here includes the setup (D* Lite's first search).
        paired::report(
            &format!("snake/{name}"),
            "D* Lite",
            "A* from scratch",
            || {
                black_box(snake_dstar(snake_dstar_ready(connectivity, h), frames));
            },
            || {
                black_box(snake_astar(
                    (snake_grid(connectivity), AStar::new(h)),
                    frames,
                ));
            },
        );
    }
    let mut group = c.benchmark_group(format!("snake/{name}"));
    group.sample_size(20);
    // The setup (the grid, and D* Lite's first full search) is not timed: only the frames.
    group.bench_with_input(
        BenchmarkId::new("dstar_lite", frames.len()),
        frames,
        |b, f| {
            b.iter_batched(
                || snake_dstar_ready(connectivity, h),
                |ready| snake_dstar(ready, f),
                BatchSize::LargeInput,
            )
        },
    );
    group.bench_with_input(BenchmarkId::new("astar", frames.len()), frames, |b, f| {
        report();
        b.iter_batched(
            || (snake_grid(connectivity), AStar::new(h)),
            |ready| snake_astar(ready, f),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn snake(c: &mut Criterion) {
    let frames = snake_frames();
    snake_group(c, "eight", Connectivity::Eight, Octile, &frames);
    snake_group(c, "four", Connectivity::Four, Manhattan, &frames);
}

criterion_group!(benches, navigation, snake);
criterion_main!(benches);
