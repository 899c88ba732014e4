//! Navigation in unknown terrain with D* Lite, against A* from scratch at every step.
//!
//! The agent knows only what it has seen: it assumes every unseen cell is free, sees the
//! true map within a square sensor radius, and follows D* Lite's path one step at a time.
//! After each step it reports the blocked cells it has just seen, and replans. As a
//! baseline, the same walk also runs A* from scratch on the same known map at every step,
//! and the two costs are compared.
//!
//! ```text
//! cargo run --release --example navigate
//! cargo run --release --example navigate -- \
//!     --map ../shared/data/movingai/maps/dao/den312d.map \
//!     --scen ../shared/data/movingai/scenarios/dao/den312d.map.scen --sensor 1 --limit 50
//! ```
//!
//! With a map and scenarios, the last line is a summary scripts can read:
//! `runs=N arrived=A dstar_expanded=X astar_expanded=Y dstar_micros=T1 astar_micros=T2
//! cost_mismatches=M`. The expansions and times are summed over every step of every run:
//! for D* Lite the reports of newly seen cells, the start moves and the replans (the first
//! full search included); for A* one search per step. A cost mismatch is a replan whose path
//! cost differs from A*'s on the same known map by more than 1e-6.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{Cell, Connectivity, Grid, Octile};
use replan::{AStar, DStarLite, DenseIds, Graph, Path, PlanError, Planner};

/// Paths whose costs differ by more than this count as mismatches.
const TOLERANCE: f64 = 1e-6;

#[derive(Parser)]
#[command(about = "Walk through unknown terrain with D* Lite, with A* from scratch as a baseline")]
struct Args {
    /// A Moving AI `.map` file.
    #[arg(long, requires = "scen")]
    map: Option<PathBuf>,
    /// The `.scen` file of scenarios for that map.
    #[arg(long, requires = "map")]
    scen: Option<PathBuf>,
    /// How far the agent sees, in cells (a square of side `2 R + 1`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    sensor: u32,
    /// Run only the first N scenarios.
    #[arg(long)]
    limit: Option<usize>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match (&args.map, &args.scen) {
        (Some(map), Some(scen)) => benchmark(map, scen, args.sensor, args.limit),
        _ => demo(args.sensor),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What one walk did.
#[derive(Default)]
struct Walk {
    arrived: bool,
    /// The cells visited, from the start.
    cells: Vec<Cell>,
    /// The cost of the moves made on the true map.
    cost: f64,
    /// Searches by each planner: the first plan and one per step.
    searches: u64,
    dstar_expanded: u64,
    astar_expanded: u64,
    dstar_time: Duration,
    astar_time: Duration,
    cost_mismatches: u64,
}

/// The two planners, kept from one run to the next as a game would keep them: each reuses
/// its memory.
struct Planners {
    dstar: DStarLite<Octile, Cell, DenseIds, f64>,
    astar: AStar<Octile, DenseIds, f64>,
}

impl Planners {
    fn new() -> Planners {
        Planners {
            dstar: DStarLite::new(Octile),
            astar: AStar::new(Octile),
        }
    }
}

/// Walks from `start` to `goal` on `truth`, seeing `sensor` cells around; returns the walk
/// and the map as the agent knew it at the end.
fn navigate(
    planners: &mut Planners,
    truth: &Grid,
    start: Cell,
    goal: Cell,
    sensor: u32,
) -> Result<(Walk, Grid), String> {
    let Planners { dstar, astar } = planners;
    let mut known = Grid::open(truth.width(), truth.height(), truth.connectivity());
    let mut walk = Walk {
        cells: vec![start],
        ..Walk::default()
    };
    // Nothing is planned yet: what the agent sees from the start only edits its map.
    for cell in newly_seen_walls(truth, &known, start, sensor) {
        known
            .set_blocked(cell, true)
            .map_err(|err| err.to_string())?;
    }
    let clock = Instant::now();
    let mut planned = dstar.plan(&known, start, goal);
    walk.dstar_time += clock.elapsed();

    // Following optimal paths on a map that only gains walls ends in at most a few passes
    // over the map; the cap only guards against a bug looping forever.
    let max_moves = 4 * truth.width() as usize * truth.height() as usize;
    let mut here = start;
    loop {
        walk.searches += 1;
        walk.dstar_expanded += dstar.last_stats().expanded;
        let clock = Instant::now();
        let baseline = astar.plan(&known, here, goal);
        walk.astar_time += clock.elapsed();
        walk.astar_expanded += astar.last_stats().expanded;
        if !same_cost(&planned, &baseline) {
            walk.cost_mismatches += 1;
        }

        let path = match planned {
            Ok(path) => path,
            // The known map only has walls the true map has, so this means the scenario
            // itself has no path.
            Err(PlanError::NoPath) => break,
            Err(err) => return Err(format!("replanning at {here:?}: {err}")),
        };
        if here == goal {
            walk.arrived = true;
            break;
        }
        if walk.cells.len() > max_moves {
            break;
        }
        // The next cell is within the sensor radius, so it (and, for a diagonal, both cells
        // beside the move) was seen: the move is legal on the true map.
        let next = path.nodes[1];
        walk.cost += step_cost(truth, here, next)
            .ok_or_else(|| format!("the path steps from {here:?} to {next:?} through a wall"))?;
        walk.cells.push(next);
        here = next;

        let walls = newly_seen_walls(truth, &known, here, sensor);
        let clock = Instant::now();
        for cell in walls {
            dstar
                .set_blocked(&mut known, cell, true)
                .map_err(|err| err.to_string())?;
        }
        dstar
            .move_start(&known, here)
            .map_err(|err| err.to_string())?;
        planned = dstar.replan(&known);
        walk.dstar_time += clock.elapsed();
    }
    Ok((walk, known))
}

/// The walls within `sensor` cells of `here` that the known map does not have yet.
fn newly_seen_walls(truth: &Grid, known: &Grid, here: Cell, sensor: u32) -> Vec<Cell> {
    let (x, y) = here;
    let mut walls = Vec::new();
    for cy in y.saturating_sub(sensor)..=y.saturating_add(sensor).min(truth.height() - 1) {
        for cx in x.saturating_sub(sensor)..=x.saturating_add(sensor).min(truth.width() - 1) {
            let cell = (cx, cy);
            if !truth.is_passable(cell) && known.is_passable(cell) {
                walls.push(cell);
            }
        }
    }
    walls
}

fn step_cost(grid: &Grid, from: Cell, to: Cell) -> Option<f64> {
    let mut cost = None;
    grid.successors(from, |next, c| {
        if next == to {
            cost = Some(c);
        }
    });
    cost
}

fn same_cost(
    a: &Result<Path<Cell, f64>, PlanError>,
    b: &Result<Path<Cell, f64>, PlanError>,
) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => (a.cost - b.cost).abs() <= TOLERANCE,
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// The map shown when no files are given: a room whose only door faces the agent. Knowing
/// nothing, the agent heads straight for the goal, through the door, and learns that the
/// far wall is closed only when it stands next to it.
const DEMO_MAP: &str = "
    ........................................
    ........................................
    ..........####################..........
    ..........#..................#..........
    ..........#..................#..........
    ..........#..................#..........
    .............................#..........
    ..........#..................#..........
    ..........#..................#..........
    ..........#..................#..........
    ..........####################..........
    ........................................
    ........................................";

fn demo(sensor: u32) -> Result<(), String> {
    let truth: Grid = DEMO_MAP
        .parse::<Grid>()
        .map_err(|err| format!("the built-in map: {err}"))?
        .with_connectivity(Connectivity::Eight);
    let (start, goal) = ((2, 6), (37, 6));
    let (walk, known) = navigate(&mut Planners::new(), &truth, start, goal, sensor)?;

    println!("The true map and the walk (S start, G goal, * cells walked):");
    println!("{}", truth.render_path(&walk.cells));
    println!();
    println!("What the agent knew at the end (only the walls it saw):");
    println!("{}", known.render_path(&walk.cells));
    println!();
    println!(
        "{} in {} moves, walk cost {:.3}, sensor radius {sensor}",
        if walk.arrived { "arrived" } else { "gave up" },
        walk.cells.len() - 1,
        walk.cost
    );
    report(&walk);
    println!("Run with --map FILE --scen FILE [--sensor R] [--limit N] for Moving AI scenarios.");
    Ok(())
}

fn report(walk: &Walk) {
    let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { f64::NAN };
    println!(
        "{} searches each. Nodes expanded: D* Lite {}, A* from scratch {} ({:.1}x fewer). \
         Time: D* Lite {} µs, A* {} µs ({:.1}x less). Cost mismatches: {}.",
        walk.searches,
        walk.dstar_expanded,
        walk.astar_expanded,
        ratio(walk.astar_expanded as f64, walk.dstar_expanded as f64),
        walk.dstar_time.as_micros(),
        walk.astar_time.as_micros(),
        ratio(walk.astar_time.as_secs_f64(), walk.dstar_time.as_secs_f64()),
        walk.cost_mismatches
    );
}

fn benchmark(
    map_path: &PathBuf,
    scen_path: &PathBuf,
    sensor: u32,
    limit: Option<usize>,
) -> Result<(), String> {
    let truth = read_map(map_path).map_err(|err| err.to_string())?;
    let mut scenarios = read_scenarios(scen_path).map_err(|err| err.to_string())?;
    scenarios.truncate(limit.unwrap_or(usize::MAX));
    for scenario in &scenarios {
        scenario
            .check(&truth)
            .map_err(|err| format!("{}: {err}", scen_path.display()))?;
    }

    let progress = std::io::stderr().is_terminal();
    let mut planners = Planners::new();
    let mut total = Walk::default();
    let mut arrived = 0;
    for (done, scenario) in scenarios.iter().enumerate() {
        let (walk, _) = navigate(&mut planners, &truth, scenario.start, scenario.goal, sensor)
            .map_err(|err| format!("scenario on line {}: {err}", scenario.line))?;
        arrived += usize::from(walk.arrived);
        total.searches += walk.searches;
        total.dstar_expanded += walk.dstar_expanded;
        total.astar_expanded += walk.astar_expanded;
        total.dstar_time += walk.dstar_time;
        total.astar_time += walk.astar_time;
        total.cost_mismatches += walk.cost_mismatches;
        if progress {
            eprint!("\r{}/{} runs", done + 1, scenarios.len());
        }
    }
    if progress {
        eprintln!();
    }
    report(&total);
    println!(
        "runs={} arrived={arrived} dstar_expanded={} astar_expanded={} dstar_micros={} \
         astar_micros={} cost_mismatches={}",
        scenarios.len(),
        total.dstar_expanded,
        total.astar_expanded,
        total.dstar_time.as_micros(),
        total.astar_time.as_micros(),
        total.cost_mismatches
    );
    Ok(())
}
