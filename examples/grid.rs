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
use replan::grid::{Connectivity, Grid, JumpPointSearch, JumpPointSearchPlus, Octile};
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
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match (&args.map, &args.scen) {
        (Some(map), Some(scen)) => match args.planner {
            PlannerChoice::Astar => benchmark(map, scen, AStar::new(Octile)),
            PlannerChoice::Dijkstra => benchmark(map, scen, Dijkstra::default()),
            PlannerChoice::Jps => benchmark(map, scen, JumpPointSearch::new()),
            PlannerChoice::JpsPlus => benchmark(map, scen, JumpPointSearchPlus::new()),
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
