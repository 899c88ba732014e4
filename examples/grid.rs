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
//! are). The first search of `jps` and `jps-plus` builds their tables, and `micros` includes
//! that build.
//!
//! Any-angle planning: `--planner theta-star` or `lazy-theta-star`, and `--smooth` (string
//! pulling, after any planner) print instead
//! `scenarios=N invalid=K mean_ratio=R micros=T`: `invalid` counts paths with a segment that
//! lacks line of sight (crosses a blocked cell or touches its corner), `mean_ratio` is the mean
//! of path length over the published octile optimum, and `micros` includes the smoothing.
//!
//! With a map and scenarios, the last line is a summary that scripts can read:
//! `scenarios=N mismatches=M max_abs_error=E expanded=X micros=T`. A mismatch is a cost
//! more than 0.01 away from the published optimum (the optima are printed rounded, hence
//! the tolerance); `micros` times only the `plan` calls, with one planner reused throughout.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{
    path_length, smooth_path, Connectivity, Grid, JumpPointSearch, JumpPointSearchPlus,
    LazyThetaStar, Octile, ThetaStar,
};
use replan::{AStar, Dijkstra, PlanError, Planner};

/// Costs this far from the published optimum count as mismatches.
const TOLERANCE: f64 = 0.01;

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
    /// Theta*: any-angle paths between cell centres.
    ThetaStar,
    /// Lazy Theta*: any-angle paths, one line-of-sight test per expansion.
    LazyThetaStar,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match (&args.map, &args.scen) {
        (Some(map), Some(scen)) if args.smooth || args.planner.is_any_angle() => {
            match args.planner {
                PlannerChoice::Astar => any_angle(map, scen, AStar::new(Octile), args.smooth),
                PlannerChoice::Dijkstra => any_angle(map, scen, Dijkstra::default(), args.smooth),
                PlannerChoice::Jps => any_angle(map, scen, JumpPointSearch::new(), args.smooth),
                PlannerChoice::JpsPlus => {
                    any_angle(map, scen, JumpPointSearchPlus::new(), args.smooth)
                }
                PlannerChoice::ThetaStar => any_angle(map, scen, ThetaStar::new(), args.smooth),
                PlannerChoice::LazyThetaStar => {
                    any_angle(map, scen, LazyThetaStar::new(), args.smooth)
                }
            }
        }
        (Some(map), Some(scen)) => match args.planner {
            PlannerChoice::Astar => benchmark(map, scen, AStar::new(Octile)),
            PlannerChoice::Dijkstra => benchmark(map, scen, Dijkstra::default()),
            PlannerChoice::Jps => benchmark(map, scen, JumpPointSearch::new()),
            PlannerChoice::JpsPlus => benchmark(map, scen, JumpPointSearchPlus::new()),
            PlannerChoice::ThetaStar | PlannerChoice::LazyThetaStar => {
                unreachable!("any-angle planners take the branch above")
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
    mut planner: P,
) -> Result<(), String> {
    let grid = read_map(map_path).map_err(|err| err.to_string())?;
    let scenarios = read_scenarios(scen_path).map_err(|err| err.to_string())?;
    for scenario in &scenarios {
        scenario
            .check(&grid)
            .map_err(|err| format!("{}: {err}", scen_path.display()))?;
    }

    let progress = std::io::stderr().is_terminal();
    let mut mismatches = 0usize;
    let mut max_abs_error = 0.0f64;
    let mut expanded = 0u64;
    let mut planning = Duration::ZERO;
    for (done, scenario) in scenarios.iter().enumerate() {
        let clock = Instant::now();
        let result = planner.plan(&grid, scenario.start, scenario.goal);
        planning += clock.elapsed();
        expanded += planner.last_stats().expanded;

        let cost = match result {
            Ok(path) => path.cost,
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
        if progress && (done % 256 == 255 || done + 1 == scenarios.len()) {
            eprint!("\r{}/{} scenarios", done + 1, scenarios.len());
            if done + 1 == scenarios.len() {
                eprintln!();
            }
        }
    }
    println!(
        "scenarios={} mismatches={mismatches} max_abs_error={max_abs_error:.6} \
         expanded={expanded} micros={}",
        scenarios.len(),
        planning.as_micros()
    );
    Ok(())
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
    let grid = read_map(map_path).map_err(|err| err.to_string())?;
    let scenarios = read_scenarios(scen_path).map_err(|err| err.to_string())?;
    for scenario in &scenarios {
        scenario
            .check(&grid)
            .map_err(|err| format!("{}: {err}", scen_path.display()))?;
    }
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
    println!(
        "scenarios={} invalid={invalid} mean_ratio={:.6} micros={}",
        scenarios.len(),
        ratio_sum / ratios.max(1) as f64,
        planning.as_micros()
    );
    Ok(())
}
