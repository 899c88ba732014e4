//! Grid planners side by side with the `pathfinding` and `petgraph` crates, on the same
//! inputs in one process: pathfinding's own 65×65 corner-to-corner and no-path grids, and
//! the Moving AI scenarios of `arena` (all) and `maze512-1-0`.
//!
//! Run with `cargo bench -p replan-benches --bench grid`; `REPLAN_DATA` names the data folder (default
//! `../shared/data`). `REPLAN_MAZE_STRIDE=n` benches every n-th maze scenario (default 20).
//! `REPLAN_MAZE_STRIDE=1` benches all 11,960: each timed iteration solves one interleaved
//! tenth of them (every 10th scenario from offset 0, 1, ..., 9 in turn), so criterion's ten
//! samples together solve every scenario once; about a quarter of an hour on two cores.
//!
//! Before each input's criterion group, the paired report (`benches/paired`) times each of
//! our planners against its counterparts in alternating rounds; `cargo bench -p replan-benches --bench grid
//! -- paired` runs the reports alone. `paired/movingai` times A* against `pathfinding`'s
//! on the seven Moving AI maps' scenarios (`REPLAN_MOVINGAI_STRIDE=1` for every one; see
//! `movingai_sets`).

use std::hint::black_box;
use std::ops::Add;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode};
use pathfinding::num_traits::Zero;
use replan::grid::{movingai, Cell, Connectivity, Grid, Manhattan, Octile};
use replan::{AStar, Bfs, BidirectionalBfs, Dijkstra, Graph, Heuristic, IndexedGraph, Planner};
use smallvec::SmallVec;

mod paired;

/// A grid and the start/goal pairs to solve on it, all of them in each timed iteration.
struct Input {
    name: String,
    grid: Grid,
    queries: Vec<(Cell, Cell)>,
    /// Each timed iteration solves one of this many interleaved parts of `queries`, in
    /// rotation (1: all of them every iteration). Criterion takes at least ten samples, so
    /// with ten parts the samples together solve every query once.
    parts: usize,
}

/// The queries of the next part in rotation: every `parts`-th one from offset `*next`.
fn next_part<'a>(
    queries: &'a [(Cell, Cell)],
    parts: usize,
    next: &mut usize,
) -> impl Iterator<Item = &'a (Cell, Cell)> + use<'a> {
    let offset = *next % parts;
    *next += 1;
    queries.iter().skip(offset).step_by(parts)
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

fn cells(grid: &Grid, cell: Cell) -> SmallVec<[Cell; 8]> {
    let mut out = SmallVec::new();
    grid.successors(cell, |next, _| out.push(next));
    out
}

/// The grid as a petgraph graph, built once outside the timed loop.
struct PetGrid {
    graph: petgraph::Graph<Cell, f64>,
    nodes: Vec<petgraph::graph::NodeIndex>,
}

impl PetGrid {
    fn new(grid: &Grid) -> Self {
        let mut graph = petgraph::Graph::new();
        let mut nodes = vec![petgraph::graph::NodeIndex::end(); grid.node_bound()];
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                if grid.is_passable((x, y)) {
                    nodes[grid.index((x, y))] = graph.add_node((x, y));
                }
            }
        }
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                if grid.is_passable((x, y)) {
                    let from = nodes[grid.index((x, y))];
                    grid.successors((x, y), |next, cost| {
                        graph.add_edge(from, nodes[grid.index(next)], cost);
                    });
                }
            }
        }
        PetGrid { graph, nodes }
    }
}

fn bench_input<H>(c: &mut Criterion, input: &Input, heuristic: H, samples: usize)
where
    H: Heuristic<Cell, f64> + Copy,
{
    let mut group = c.benchmark_group(&input.name);
    group.sample_size(samples);
    if input.parts > 1 {
        // One part per timed iteration: ten samples of one iteration each.
        group.sampling_mode(SamplingMode::Flat);
    }
    group.measurement_time(Duration::from_secs(5));
    group.warm_up_time(Duration::from_secs(1));
    let grid = &input.grid;
    let queries = &input.queries;
    let estimate = |a: Cell, b: Cell| Length(heuristic.estimate(a, b));

    // The inputs must mean the same to every crate: check a few answers before timing.
    for &(start, goal) in queries.iter().take(20) {
        let ours = AStar::new(heuristic)
            .plan(grid, start, goal)
            .ok()
            .map(|p| p.cost);
        let theirs = pathfinding::directed::astar::astar(
            &start,
            |&cell| neighbours(grid, cell),
            |&cell| estimate(cell, goal),
            |&cell| cell == goal,
        )
        .map(|(_, cost)| cost.0);
        match (ours, theirs) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{start:?}->{goal:?}: {a} vs {b}"),
            (a, b) => assert_eq!(a, b, "{start:?}->{goal:?}"),
        }
    }

    if paired::selected(&format!("paired/{}", input.name)) {
        paired_reports(input, heuristic);
    }

    ours(&mut group, "replan/astar", AStar::new(heuristic), input);
    ours(&mut group, "replan/dijkstra", Dijkstra::default(), input);
    ours(&mut group, "replan/bfs", Bfs::new(), input);
    ours(
        &mut group,
        "replan/bidirectional_bfs",
        BidirectionalBfs::new(),
        input,
    );

    group.bench_function("pathfinding/astar", |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(queries, input.parts, &mut part) {
                black_box(pathfinding::directed::astar::astar(
                    &start,
                    |&cell| neighbours(grid, cell),
                    |&cell| estimate(cell, goal),
                    |&cell| cell == goal,
                ));
            }
        })
    });
    group.bench_function("pathfinding/dijkstra", |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(queries, input.parts, &mut part) {
                black_box(pathfinding::directed::dijkstra::dijkstra(
                    &start,
                    |&cell| neighbours(grid, cell),
                    |&cell| cell == goal,
                ));
            }
        })
    });
    group.bench_function("pathfinding/bfs", |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(queries, input.parts, &mut part) {
                black_box(pathfinding::directed::bfs::bfs(
                    &start,
                    |&cell| cells(grid, cell),
                    |&cell| cell == goal,
                ));
            }
        })
    });
    group.bench_function("pathfinding/bfs_bidirectional", |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(queries, input.parts, &mut part) {
                // Moves are symmetric on an unweighted grid: predecessors are successors.
                black_box(pathfinding::directed::bfs::bfs_bidirectional(
                    &start,
                    &goal,
                    |&cell| cells(grid, cell),
                    |&cell| cells(grid, cell),
                ));
            }
        })
    });
    let pet = PetGrid::new(grid);
    group.bench_function("petgraph/astar", |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(queries, input.parts, &mut part) {
                if !grid.is_passable(start) || !grid.is_passable(goal) {
                    continue;
                }
                let target = pet.nodes[grid.index(goal)];
                black_box(petgraph::algo::astar(
                    &pet.graph,
                    pet.nodes[grid.index(start)],
                    |node| node == target,
                    |edge| *edge.weight(),
                    |node| heuristic.estimate(pet.graph[node], goal),
                ));
            }
        })
    });
    group.finish();
}

/// The paired reports: each of our planners against its counterparts, every query of the
/// input in each pass.
fn paired_reports<H>(input: &Input, heuristic: H)
where
    H: Heuristic<Cell, f64> + Copy,
{
    let (grid, queries) = (&input.grid, &input.queries);
    let estimate = |a: Cell, b: Cell| Length(heuristic.estimate(a, b));
    let all = |planner: &mut dyn FnMut(Cell, Cell)| {
        for &(start, goal) in queries {
            planner(start, goal);
        }
    };
    let name = &input.name;
    let mut astar = AStar::new(heuristic);
    let mut ours_astar = |s, g| {
        let _ = black_box(astar.plan(grid, s, g));
    };
    paired::report(
        name,
        "replan A*",
        "pathfinding A*",
        || all(&mut ours_astar),
        || {
            all(&mut |start, goal| {
                black_box(pathfinding::directed::astar::astar(
                    &start,
                    |&cell| neighbours(grid, cell),
                    |&cell| estimate(cell, goal),
                    |&cell| cell == goal,
                ));
            })
        },
    );
    let pet = PetGrid::new(grid);
    paired::report(
        name,
        "replan A*",
        "petgraph A*",
        || all(&mut ours_astar),
        || {
            all(&mut |start, goal| {
                if grid.is_passable(start) && grid.is_passable(goal) {
                    let target = pet.nodes[grid.index(goal)];
                    black_box(petgraph::algo::astar(
                        &pet.graph,
                        pet.nodes[grid.index(start)],
                        |node| node == target,
                        |edge| *edge.weight(),
                        |node| heuristic.estimate(pet.graph[node], goal),
                    ));
                }
            })
        },
    );
    let mut dijkstra = Dijkstra::default();
    paired::report(
        name,
        "replan Dijkstra",
        "pathfinding Dijkstra",
        || {
            all(&mut |s, g| {
                let _ = black_box(dijkstra.plan(grid, s, g));
            })
        },
        || {
            all(&mut |start, goal| {
                black_box(pathfinding::directed::dijkstra::dijkstra(
                    &start,
                    |&cell| neighbours(grid, cell),
                    |&cell| cell == goal,
                ));
            })
        },
    );
    let mut bfs = Bfs::new();
    paired::report(
        name,
        "replan BFS",
        "pathfinding BFS",
        || {
            all(&mut |s, g| {
                let _ = black_box(bfs.plan(grid, s, g));
            })
        },
        || {
            all(&mut |start, goal| {
                black_box(pathfinding::directed::bfs::bfs(
                    &start,
                    |&cell| cells(grid, cell),
                    |&cell| cell == goal,
                ));
            })
        },
    );
    let mut bidirectional = BidirectionalBfs::new();
    paired::report(
        name,
        "replan bidirectional BFS",
        "pathfinding bidirectional BFS",
        || {
            all(&mut |s, g| {
                let _ = black_box(bidirectional.plan(grid, s, g));
            })
        },
        || {
            all(&mut |start, goal| {
                black_box(pathfinding::directed::bfs::bfs_bidirectional(
                    &start,
                    &goal,
                    |&cell| cells(grid, cell),
                    |&cell| cells(grid, cell),
                ));
            })
        },
    );
}

fn ours<P: Planner<Grid>>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    mut planner: P,
    input: &Input,
) {
    group.bench_function(name, |b| {
        let mut part = 0;
        b.iter(|| {
            for &(start, goal) in next_part(&input.queries, input.parts, &mut part) {
                let _ = black_box(planner.plan(&input.grid, start, goal));
            }
        })
    });
}

/// pathfinding's benchmark grid: 65×65 cells, all open, 4-connected. With `walled_goal`,
/// two more columns: a wall, then an open column the goal sits in, unreachable.
fn open_65(walled_goal: bool) -> Grid {
    if !walled_goal {
        return Grid::open(65, 65, Connectivity::Four);
    }
    let mut grid = Grid::open(67, 65, Connectivity::Four);
    for y in 0..65 {
        grid.set_blocked((65, y), true).expect("in bounds");
    }
    grid
}

fn moving_ai(name: &str, map: &str, stride: usize, parts: usize) -> Option<Input> {
    let dir = paired::data_dir().join("movingai");
    let map_path = dir.join("maps").join(map);
    if !map_path.exists() {
        eprintln!(
            "skipping {name}: {} not found (set REPLAN_DATA)",
            map_path.display()
        );
        return None;
    }
    let grid = movingai::read_map(&map_path).expect("readable map");
    let scenarios = movingai::read_scenarios(dir.join("scenarios").join(format!("{map}.scen")))
        .expect("readable scenarios");
    let queries = scenarios
        .iter()
        .step_by(stride)
        .map(|s| (s.start, s.goal))
        .collect::<Vec<_>>();
    let name = if parts > 1 {
        format!("{name}/{}_scenarios_in_{parts}_parts", queries.len())
    } else {
        format!("{name}/{}_scenarios", queries.len())
    };
    Some(Input {
        name,
        grid,
        queries,
        parts,
    })
}

fn pathfinding_grids(c: &mut Criterion) {
    let corner = Input {
        name: "corner_to_corner_65x65".into(),
        grid: open_65(false),
        queries: vec![((0, 0), (64, 64))],
        parts: 1,
    };
    bench_input(c, &corner, Manhattan, 50);
    // The goal sits beyond a wall of blocked columns, so every search explores all
    // 65×65 cells before it gives up, as pathfinding's own no-path benchmark does.
    let no_path = Input {
        name: "no_path_65x65".into(),
        grid: open_65(true),
        queries: vec![((2, 3), (66, 0))],
        parts: 1,
    };
    bench_input(c, &no_path, Manhattan, 50);
}

fn moving_ai_maps(c: &mut Criterion) {
    if let Some(arena) = moving_ai("arena", "dao/arena.map", 1, 1) {
        bench_input(c, &arena, Octile, 20);
    }
    let stride = std::env::var("REPLAN_MAZE_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    // All 11,960 scenarios every iteration would take hours for the nine planners; with
    // stride 1 each timed iteration solves one interleaved tenth instead, so the ten
    // samples solve every scenario once and the ratios cover the whole file.
    let parts = if stride == 1 { 10 } else { 1 };
    if let Some(maze) = moving_ai("maze512", "mazes/maze512-1-0.map", stride, parts) {
        bench_input(c, &maze, Octile, 10);
    }
}

/// Scenarios per chunk in [`movingai_sets`]: the two sides alternate chunk by chunk, so
/// each chunk's pair of times sees the same machine (a maze chunk takes tens of ms).
const SET_CHUNK: usize = 32;

/// A whole number from the environment, or `default`.
fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// A* against `pathfinding`'s A* on the seven Moving AI maps (`paired::MOVINGAI_MAPS`):
/// every `REPLAN_MOVINGAI_STRIDE`-th scenario of each (default 20; 1 for the whole sets,
/// 18,390 scenarios, a few minutes a round), `REPLAN_MOVINGAI_ROUNDS` rounds (default 5).
/// A round solves each map's scenarios once on each side, alternating every
/// [`SET_CHUNK`] scenarios and starting with the other side every other round; a `PAIRED`
/// line per map and one for the sum over the maps give the median over the rounds.
fn movingai_sets(_: &mut Criterion) {
    if !paired::selected("paired/movingai") {
        return;
    }
    let stride = env_count("REPLAN_MOVINGAI_STRIDE", 20);
    let rounds = env_count("REPLAN_MOVINGAI_ROUNDS", 5);
    let maps: Vec<_> = paired::MOVINGAI_MAPS
        .iter()
        .filter_map(|&(name, relative)| {
            let (grid, scenarios) = paired::read_movingai(name, relative)?;
            let queries: Vec<(Cell, Cell)> = scenarios
                .iter()
                .step_by(stride)
                .map(|s| (s.start, s.goal))
                .collect();
            Some((name, grid, queries))
        })
        .collect();
    let mut astar = AStar::new(Octile);
    let theirs = |grid: &Grid, start: Cell, goal: Cell| {
        pathfinding::directed::astar::astar(
            &start,
            |&cell| neighbours(grid, cell),
            |&cell| Length(Octile.estimate(cell, goal)),
            |&cell| cell == goal,
        )
    };
    // Both sides must answer alike: check (and warm up on) the first scenarios of each map.
    for (name, grid, queries) in &maps {
        for &(start, goal) in queries.iter().take(20) {
            let ours = astar.plan(grid, start, goal).ok().map(|p| p.cost);
            let other = theirs(grid, start, goal).map(|(_, cost)| cost.0);
            match (ours, other) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{name} {start:?}->{goal:?}"),
                (a, b) => assert_eq!(a, b, "{name} {start:?}->{goal:?}"),
            }
        }
    }
    let mut ours_ms = vec![vec![0.0; rounds]; maps.len()];
    let mut theirs_ms = vec![vec![0.0; rounds]; maps.len()];
    for round in 0..rounds {
        for (m, (_, grid, queries)) in maps.iter().enumerate() {
            for chunk in queries.chunks(SET_CHUNK) {
                let mut time_ours = || {
                    let started = Instant::now();
                    for &(start, goal) in chunk {
                        let _ = black_box(astar.plan(grid, start, goal));
                    }
                    started.elapsed().as_secs_f64() * 1e3
                };
                let time_theirs = || {
                    let started = Instant::now();
                    for &(start, goal) in chunk {
                        black_box(theirs(grid, start, goal));
                    }
                    started.elapsed().as_secs_f64() * 1e3
                };
                let (mine, other) = if round % 2 == 0 {
                    let mine = time_ours();
                    (mine, time_theirs())
                } else {
                    let other = time_theirs();
                    (time_ours(), other)
                };
                ours_ms[m][round] += mine;
                theirs_ms[m][round] += other;
            }
        }
    }
    let mut scenarios = 0;
    for (m, (name, _, queries)) in maps.iter().enumerate() {
        scenarios += queries.len();
        let input = format!("{name}, {} scenarios", queries.len());
        paired::report_rounds(
            &input,
            "replan A*",
            "pathfinding A*",
            &ours_ms[m],
            &theirs_ms[m],
        );
    }
    let sum = |times: &[Vec<f64>]| -> Vec<f64> {
        (0..rounds)
            .map(|round| times.iter().map(|map| map[round]).sum())
            .collect()
    };
    let input = format!("{} maps summed, {scenarios} scenarios", maps.len());
    paired::report_rounds(
        &input,
        "replan A*",
        "pathfinding A*",
        &sum(&ours_ms),
        &sum(&theirs_ms),
    );
}

criterion_group!(benches, pathfinding_grids, moving_ai_maps, movingai_sets);
criterion_main!(benches);
