//! Plans on grids: a built-in map drawn with its path, or every scenario of a Moving AI
//! benchmark.
//!
//! ```text
//! cargo run --example grid
//! cargo run --release --example grid -- \
//!     --map ../shared/data/movingai/maps/dao/arena.map \
//!     --scen ../shared/data/movingai/scenarios/dao/arena.map.scen --planner astar
//! ```
//!
//! `--planner` is `astar` (the default), `dijkstra`, `jps` or `jps-plus` (jump point search,
//! online or over a precomputed table; unweighted 8-connected maps, as the Moving AI ones
//! are), `subgoal-graph` (the subgoal graph's default: a contraction hierarchy of the
//! subgoals on maps of corridors and rooms, A* over two levels elsewhere, same maps),
//! `two-level-subgoal-graph`, `simple-subgoal-graph` or `subgoal-hierarchy` (each of those
//! structures on every map). The planners with tables (`jps`, `jps-plus` and the subgoal graphs)
//! build them before the first search, as a game does when it loads a level: their summary
//! adds `build_micros=B` (the build) and `micros` times the queries only. With `jps` or
//! `jps-plus`, `--waypoints` has each path returned as its waypoints (the cells where it
//! turns, `JumpPoints::plan_waypoints`) instead of every cell.
//!
//! Any-angle planning: `--planner theta-star` or `lazy-theta-star`, and `--smooth` (string
//! pulling, after any planner) print instead
//! `scenarios=N invalid=K mean_ratio=R micros=T`: `invalid` counts paths with a segment that
//! lacks line of sight (crosses a blocked cell or touches its corner), `mean_ratio` is the mean
//! of path length over the published octile optimum, and `micros` includes the smoothing.
//!
//! `--planner anya` (the shortest any-angle path, turning at obstacle corners) prints the
//! same line, but its paths follow a different rule: they may run along a blocked cell's edge
//! and touch its corner, and never cross a blocked cell's interior, run along an edge between
//! two blocked cells or squeeze through a point where two blocked cells meet diagonally.
//! `invalid` counts segments of its corner polylines ([`Anya::plan_points`]) that break that
//! rule, checked by cutting each segment where it crosses grid lines and looking at the cells
//! beside every piece and cut point. `--smooth` does not apply: the paths are taut already.
//!
//! [`Anya::plan_points`]: replan::grid::Anya::plan_points
//!
//! With a map and scenarios, the last line is a summary that scripts can read:
//! `scenarios=N mismatches=M max_abs_error=E expanded=X micros=T`. A mismatch is a cost
//! more than 0.01 away from the published optimum (the optima are printed rounded, hence
//! the tolerance); `micros` times only the `plan` calls, with one planner reused throughout
//! (the clock is read around blocks of 256 queries, and the costs checked after each block).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use replan::grid::jump_points::Jumper;
use replan::grid::movingai::{read_map, read_scenarios, Scenario};
use replan::grid::subgoal_graph::Levels;
use replan::grid::{
    path_length, smooth_path, Anya, Cell, Connectivity, Grid, JumpPointSearch, JumpPointSearchPlus,
    JumpPoints, LazyThetaStar, Octile, SubgoalGraph, ThetaStar,
};
use replan::{AStar, Budgeted, Dijkstra, PlanError, Planner};

/// Costs this far from the published optimum count as mismatches.
const TOLERANCE: f64 = 0.01;

/// Queries timed together between two clock reads.
const BLOCK: usize = 256;

#[derive(Parser)]
#[command(about = "Plan paths on grid maps; with --map and --scen, solve a Moving AI benchmark")]
struct Args {
    /// A Moving AI `.map` file.
    #[arg(long, requires = "scen")]
    map: Option<PathBuf>,
    /// The `.scen` file of scenarios for that map.
    #[arg(long, requires = "map")]
    scen: Option<PathBuf>,
    /// The planner to run.
    #[arg(long, value_enum, default_value_t = PlannerChoice::Astar)]
    planner: PlannerChoice,
    /// Shorten every path by string pulling along line of sight.
    #[arg(long)]
    smooth: bool,
    /// With `jps` or `jps-plus`: return each path as its waypoints (where it turns), not
    /// every cell (`plan_waypoints`).
    #[arg(long)]
    waypoints: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum PlannerChoice {
    /// A* with the octile-distance heuristic.
    Astar,
    /// Dijkstra's algorithm (A* without a heuristic).
    Dijkstra,
    /// Jump point search, jumping along rows and columns by bit scans (unweighted
    /// 8-connected maps only).
    Jps,
    /// Jump point search over a table of jump distances built once per map (JPS+).
    JpsPlus,
    /// The subgoal graph's default structure for the map, built before the first search.
    SubgoalGraph,
    /// A* over the two-level subgoal graph of the map.
    TwoLevelSubgoalGraph,
    /// A* over the simple (one-level) subgoal graph of the map.
    SimpleSubgoalGraph,
    /// A search upwards from both ends over a contraction hierarchy of the map's subgoals.
    SubgoalHierarchy,
    /// Theta*: any-angle paths between cell centres.
    ThetaStar,
    /// Lazy Theta*: any-angle paths, one line-of-sight test per expansion.
    LazyThetaStar,
    /// Anya: the shortest any-angle paths, turning at the corners of blocked cells.
    Anya,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match (&args.map, &args.scen) {
        (Some(map), Some(scen)) if matches!(args.planner, PlannerChoice::Anya) => anya(map, scen),
        (Some(map), Some(scen)) if args.smooth || args.planner.is_any_angle() => {
            match args.planner {
                PlannerChoice::Astar => any_angle(map, scen, AStar::new(Octile), args.smooth),
                PlannerChoice::Dijkstra => any_angle(map, scen, Dijkstra::default(), args.smooth),
                PlannerChoice::Jps => any_angle(map, scen, JumpPointSearch::new(), args.smooth),
                PlannerChoice::JpsPlus => {
                    any_angle(map, scen, JumpPointSearchPlus::new(), args.smooth)
                }
                PlannerChoice::SubgoalGraph => {
                    any_angle(map, scen, SubgoalGraph::new(), args.smooth)
                }
                PlannerChoice::TwoLevelSubgoalGraph => any_angle(
                    map,
                    scen,
                    SubgoalGraph::with_levels(Levels::Two),
                    args.smooth,
                ),
                PlannerChoice::SimpleSubgoalGraph => {
                    any_angle(map, scen, SubgoalGraph::simple(), args.smooth)
                }
                PlannerChoice::SubgoalHierarchy => {
                    any_angle(map, scen, SubgoalGraph::hierarchy(), args.smooth)
                }
                PlannerChoice::ThetaStar => any_angle(map, scen, ThetaStar::new(), args.smooth),
                PlannerChoice::LazyThetaStar => {
                    any_angle(map, scen, LazyThetaStar::new(), args.smooth)
                }
                PlannerChoice::Anya => unreachable!("Anya takes the branch above"),
            }
        }
        (Some(map), Some(scen)) => match args.planner {
            PlannerChoice::Astar => benchmark(map, scen, AStar::new(Octile)),
            PlannerChoice::Dijkstra => benchmark(map, scen, Dijkstra::default()),
            PlannerChoice::Jps => {
                jump_point_benchmark(map, scen, JumpPointSearch::new(), args.waypoints)
            }
            PlannerChoice::JpsPlus => {
                jump_point_benchmark(map, scen, JumpPointSearchPlus::new(), args.waypoints)
            }
            PlannerChoice::SubgoalGraph => subgoal_benchmark(map, scen, SubgoalGraph::new()),
            PlannerChoice::TwoLevelSubgoalGraph => {
                subgoal_benchmark(map, scen, SubgoalGraph::with_levels(Levels::Two))
            }
            PlannerChoice::SimpleSubgoalGraph => {
                subgoal_benchmark(map, scen, SubgoalGraph::simple())
            }
            PlannerChoice::SubgoalHierarchy => {
                subgoal_benchmark(map, scen, SubgoalGraph::hierarchy())
            }
            PlannerChoice::ThetaStar | PlannerChoice::LazyThetaStar | PlannerChoice::Anya => {
                unreachable!("any-angle planners take the branches above")
            }
        },
        _ => demo(),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The map shown when no files are given: rooms joined by doors, and a wall to go around.
const DEMO_MAP: &str = "
    ..............#...............
    ..............#...............
    ....#######...#....#######....
    ....#.........#..........#....
    ....#.........#..........#....
    ....#.....................#...
    ....#######...#######.....#...
    ..............#...........#...
    ..............#....########...
    ###########...#...............
    ..............#...............
    ..............................";

fn demo() -> Result<(), String> {
    let grid: Grid = DEMO_MAP
        .parse::<Grid>()
        .map_err(|err| format!("the built-in map: {err}"))?
        .with_connectivity(Connectivity::Eight);
    let (start, goal) = ((0, 0), (29, 10));
    let path = AStar::new(Octile)
        .plan(&grid, start, goal)
        .map_err(|err| format!("planning on the built-in map: {err}"))?;
    println!("{}", grid.render_path(&path.nodes));
    println!();
    println!(
        "A* with the octile heuristic, 8-connected, from {start:?} to {goal:?}: cost {:.3} in \
         {} moves, {} nodes expanded",
        path.cost,
        path.len(),
        path.stats.expanded
    );
    println!("Run with --map FILE --scen FILE to solve a Moving AI benchmark.");
    Ok(())
}

fn benchmark<P: Planner<Grid>>(
    map_path: &Path,
    scen_path: &Path,
    planner: P,
) -> Result<(), String> {
    let (grid, scenarios) = load(map_path, scen_path)?;
    let summary = solve_all(&grid, &scenarios, planner)?;
    println!("{summary}");
    Ok(())
}

/// [`benchmark`] for a jump point search: its tables built first, and with `waypoints` each
/// path returned as its waypoints ([`JumpPoints::plan_waypoints`]) rather than every cell.
fn jump_point_benchmark<J: Jumper>(
    map_path: &Path,
    scen_path: &Path,
    planner: JumpPoints<J>,
    waypoints: bool,
) -> Result<(), String> {
    let prepare = |planner: &mut JumpPoints<J>, grid: &Grid| {
        planner.prepare(grid);
        Ok(String::new())
    };
    if waypoints {
        prepared_benchmark(map_path, scen_path, Waypoints(planner), |planner, grid| {
            prepare(&mut planner.0, grid)
        })
    } else {
        prepared_benchmark(map_path, scen_path, planner, prepare)
    }
}

/// A jump point search whose `plan` returns the waypoints only.
struct Waypoints<J>(JumpPoints<J>);

impl<J: Jumper> Budgeted for Waypoints<J> {
    fn budget(&self) -> Option<u64> {
        self.0.budget()
    }

    fn budget_mut(&mut self) -> &mut Option<u64> {
        self.0.budget_mut()
    }
}

impl<J: Jumper> Planner<Grid> for Waypoints<J> {
    fn plan(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
    ) -> Result<replan::Path<Cell, f64>, PlanError> {
        self.0.plan_waypoints(grid, start, goal)
    }

    fn last_stats(&self) -> replan::SearchStats {
        self.0.last_stats()
    }
}

/// [`benchmark`] for a subgoal graph: the graph is built first, and its build time reported
/// apart from the queries'.
fn subgoal_benchmark(
    map_path: &Path,
    scen_path: &Path,
    planner: SubgoalGraph,
) -> Result<(), String> {
    prepared_benchmark(map_path, scen_path, planner, |planner, grid| {
        planner.prepare(grid).map_err(|err| err.to_string())?;
        Ok(format!(
            "{} subgoals ({} global), {} edges, {:.2} bytes per cell",
            planner.subgoal_count(),
            planner.global_count(),
            planner.edge_count(),
            planner.table_bytes() as f64 / f64::from(grid.width() * grid.height())
        ))
    })
}

/// [`benchmark`] for a planner with tables: `prepare` builds them (and says what it built,
/// on stderr) before the queries, as a game does when it loads a level; the summary adds
/// `build_micros=` and `micros` times the queries alone.
fn prepared_benchmark<P: Planner<Grid>>(
    map_path: &Path,
    scen_path: &Path,
    mut planner: P,
    prepare: impl FnOnce(&mut P, &Grid) -> Result<String, String>,
) -> Result<(), String> {
    let (grid, scenarios) = load(map_path, scen_path)?;
    let clock = Instant::now();
    let built = prepare(&mut planner, &grid)?;
    let build = clock.elapsed();
    if !built.is_empty() {
        eprintln!("{built}");
    }
    let summary = solve_all(&grid, &scenarios, planner)?;
    println!("{summary} build_micros={}", build.as_micros());
    Ok(())
}

/// Plans every scenario with `planner`, checking each cost against the published optimum,
/// and returns the summary line.
fn solve_all<P: Planner<Grid>>(
    grid: &Grid,
    scenarios: &[Scenario],
    mut planner: P,
) -> Result<String, String> {
    let progress = std::io::stderr().is_terminal();
    let mut mismatches = 0usize;
    let mut max_abs_error = 0.0f64;
    let mut expanded = 0u64;
    let mut planning = Duration::ZERO;
    // The clock is read once per block of queries, not around each one: on this kind of
    // virtual machine a clock read costs a few hundred nanoseconds, as much as a whole
    // query of the fastest planners on an open map.
    let mut outcomes = Vec::with_capacity(BLOCK);
    for (block, chunk) in scenarios.chunks(BLOCK).enumerate() {
        outcomes.clear();
        let clock = Instant::now();
        for scenario in chunk {
            let cost = planner
                .plan(grid, scenario.start, scenario.goal)
                .map(|path| path.cost);
            outcomes.push((cost, planner.last_stats().expanded));
        }
        planning += clock.elapsed();
        for (scenario, (result, nodes)) in chunk.iter().zip(outcomes.drain(..)) {
            expanded += nodes;
            let cost = match result {
                Ok(cost) => cost,
                Err(PlanError::NoPath) => f64::INFINITY,
                Err(err) => return Err(format!("scenario on line {}: {err}", scenario.line)),
            };
            let error = (cost - scenario.optimal_length).abs();
            if error > TOLERANCE {
                mismatches += 1;
                eprintln!(
                    "mismatch: scenario on line {} from {:?} to {:?} costs {cost}, optimal is {}",
                    scenario.line, scenario.start, scenario.goal, scenario.optimal_length
                );
            }
            max_abs_error = max_abs_error.max(error);
        }
        let done = (block * BLOCK + chunk.len()).min(scenarios.len());
        if progress {
            eprint!("\r{done}/{} scenarios", scenarios.len());
            if done == scenarios.len() {
                eprintln!();
            }
        }
    }
    Ok(format!(
        "scenarios={} mismatches={mismatches} max_abs_error={max_abs_error:.6} \
         expanded={expanded} micros={}",
        scenarios.len(),
        planning.as_micros()
    ))
}

// Any-angle planning and smoothing: path length against the published octile optimum, and
// line of sight along every segment.

impl PlannerChoice {
    fn is_any_angle(self) -> bool {
        matches!(
            self,
            PlannerChoice::ThetaStar | PlannerChoice::LazyThetaStar
        )
    }
}

fn any_angle<P: Planner<Grid>>(
    map_path: &Path,
    scen_path: &Path,
    mut planner: P,
    smooth: bool,
) -> Result<(), String> {
    let (grid, scenarios) = load(map_path, scen_path)?;
    let mut invalid = 0usize;
    let mut ratio_sum = 0.0f64;
    let mut ratios = 0usize;
    let mut planning = Duration::ZERO;
    for scenario in &scenarios {
        let clock = Instant::now();
        let result = planner.plan(&grid, scenario.start, scenario.goal);
        let nodes = match result {
            Ok(path) if smooth => smooth_path(&grid, &path.nodes),
            Ok(path) => path.nodes,
            Err(err) => return Err(format!("scenario on line {}: {err}", scenario.line)),
        };
        planning += clock.elapsed();
        let valid = nodes
            .windows(2)
            .all(|pair| grid.has_line_of_sight(pair[0], pair[1]));
        if !valid {
            invalid += 1;
            eprintln!(
                "invalid: scenario on line {} from {:?} to {:?}: {nodes:?}",
                scenario.line, scenario.start, scenario.goal
            );
        }
        // A start that is its own goal has optimum 0 and no ratio.
        if scenario.optimal_length > 0.0 {
            ratio_sum += path_length(&nodes) / scenario.optimal_length;
            ratios += 1;
        }
    }
    print_any_angle_summary(scenarios.len(), invalid, ratio_sum, ratios, planning);
    Ok(())
}

/// Anya over every scenario: the same summary as [`any_angle`], with validity by the rule
/// of its path model (see the module doc).
fn anya(map_path: &Path, scen_path: &Path) -> Result<(), String> {
    let (grid, scenarios) = load(map_path, scen_path)?;
    let mut planner = Anya::new();
    let mut invalid = 0usize;
    let mut ratio_sum = 0.0f64;
    let mut ratios = 0usize;
    let mut planning = Duration::ZERO;
    for scenario in &scenarios {
        let clock = Instant::now();
        let result = planner.plan_points(&grid, scenario.start, scenario.goal);
        planning += clock.elapsed();
        let path = result.map_err(|err| format!("scenario on line {}: {err}", scenario.line))?;
        let valid = path
            .nodes
            .windows(2)
            .all(|pair| keeps_clear(&grid, doubled(pair[0]), doubled(pair[1])));
        if !valid {
            invalid += 1;
            eprintln!(
                "invalid: scenario on line {} from {:?} to {:?}: {:?}",
                scenario.line, scenario.start, scenario.goal, path.nodes
            );
        }
        if scenario.optimal_length > 0.0 {
            ratio_sum += path.cost / scenario.optimal_length;
            ratios += 1;
        }
    }
    print_any_angle_summary(scenarios.len(), invalid, ratio_sum, ratios, planning);
    Ok(())
}

/// A point of an Anya path (a corner or a cell centre, in cell units) in half-cell units,
/// where it has integer coordinates.
fn doubled((x, y): (f64, f64)) -> (i64, i64) {
    ((2.0 * x).round() as i64, (2.0 * y).round() as i64)
}

/// Whether the segment `p`–`q` (half-cell units) keeps clear of the blocked cells in the
/// limit: no blocked interior, no edge between two blocked cells, no diagonal squeeze. The
/// segment is cut where it crosses grid lines, and every cut point and every piece's
/// midpoint is classified by the cells around it; exact in integers.
fn keeps_clear(grid: &Grid, p: (i64, i64), q: (i64, i64)) -> bool {
    let blocked = |x: i64, y: i64| !(x >= 0 && y >= 0 && grid.is_passable((x as u32, y as u32)));
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // Positions along the segment in units of 1/span, where every grid line falls.
    let span = dx.abs().max(1) * dy.abs().max(1);
    let mut cuts = vec![0, span];
    for (from, delta) in [(p.0, dx), (p.1, dy)] {
        if delta != 0 {
            let (low, high) = (from.min(from + delta), from.max(from + delta));
            for line in (low..=high).filter(|v| v % 2 == 0) {
                cuts.push((line - from) * span / delta);
            }
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut samples: Vec<i64> = cuts.iter().map(|c| 2 * c).collect();
    samples.extend(cuts.windows(2).map(|w| w[0] + w[1]));
    // A sample `u` lies at `p + (q - p) u / scale`; a cell is `cell` of those units.
    let scale = 2 * span;
    let cell = 2 * scale;
    samples.into_iter().all(|u| {
        let (sx, sy) = (p.0 * scale + dx * u, p.1 * scale + dy * u);
        let (x, y) = (sx.div_euclid(cell), sy.div_euclid(cell));
        match (sx.rem_euclid(cell) == 0, sy.rem_euclid(cell) == 0) {
            (false, false) => !blocked(x, y),
            (true, false) => !(blocked(x - 1, y) && blocked(x, y)),
            (false, true) => !(blocked(x, y - 1) && blocked(x, y)),
            (true, true) => {
                let (nw, ne) = (blocked(x - 1, y - 1), blocked(x, y - 1));
                let (sw, se) = (blocked(x - 1, y), blocked(x, y));
                match (dx.signum(), dy.signum()) {
                    (1, 1) | (-1, -1) => !(ne && sw),
                    (1, -1) | (-1, 1) => !(nw && se),
                    _ => !((nw && se) || (ne && sw)),
                }
            }
        }
    })
}

/// The summary line of an any-angle run: scenarios, invalid paths, the mean of path length
/// over the published optimum (scenarios with optimum 0 left out), and the planning time.
fn print_any_angle_summary(
    scenarios: usize,
    invalid: usize,
    ratio_sum: f64,
    ratios: usize,
    planning: std::time::Duration,
) {
    println!(
        "scenarios={scenarios} invalid={invalid} mean_ratio={:.6} micros={}",
        ratio_sum / ratios.max(1) as f64,
        planning.as_micros()
    );
}

/// A Moving AI map and its scenarios, each scenario checked against the map (on it, open
/// endpoints) so that a bad file is an error before any planning.
fn load(map_path: &Path, scen_path: &Path) -> Result<(Grid, Vec<Scenario>), String> {
    let grid = read_map(map_path).map_err(|err| err.to_string())?;
    let scenarios = read_scenarios(scen_path).map_err(|err| err.to_string())?;
    for scenario in &scenarios {
        scenario
            .check(&grid)
            .map_err(|err| format!("{}: {err}", scen_path.display()))?;
    }
    Ok((grid, scenarios))
}
