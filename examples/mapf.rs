//! Multi-agent pathfinding on the benchmark format: one solver on the first N agents of a
//! scenario, checked by the validator, summarised in one JSON line.
//!
//! ```text
//! cargo run --release --features mapf --example mapf                     # the shipped data's map, 100 agents
//! cargo run --release --features mapf --example mapf -- \
//!     --map ../shared/data/mapf/random-32-32-10.map \
//!     --scen ../shared/data/mapf/random-32-32-10-random-1.scen \
//!     --agents 461 --solver lacam [--time-ms 1000] [--output plan.txt] [--repeat 5]
//! ```
//!
//! It prints `{"agents","solved","sum_of_costs","makespan","lower_bound","micros"}`:
//! `micros` is the solver's time alone (the fastest of `--repeat` runs), the lower bound
//! the sum of each agent's distance alone on the map. `--output` writes the plan, one line
//! per agent with its cells `x,y` at each time step. Without `--map`, it looks for the data
//! folder (`$REPLAN_DATA` or `../shared/data`) and falls back to a small built-in instance.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use replan::grid::Grid;
use replan::mapf::{validate, Cbs, Instance, Lacam, MapfError, Pibt, Solution};

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Solver {
    /// LaCAM: complete, fast, suboptimal.
    Lacam,
    /// LaCAM, then refinement of the sum of costs until the time limit.
    LacamStar,
    /// PIBT alone.
    Pibt,
    /// Conflict-Based Search: optimal sum of costs, tens of agents.
    Cbs,
}

#[derive(Parser)]
#[command(about = "Multi-agent pathfinding on a Moving AI map and scenario")]
struct Args {
    /// A Moving AI `.map` file.
    #[arg(long)]
    map: Option<PathBuf>,
    /// A `.scen` file whose first `--agents` lines are the agents.
    #[arg(long)]
    scen: Option<PathBuf>,
    /// How many agents.
    #[arg(long, default_value_t = 100)]
    agents: usize,
    /// Which solver.
    #[arg(long, value_enum, default_value_t = Solver::Lacam)]
    solver: Solver,
    /// Time limit in milliseconds (the anytime mode refines until it; default 1000 there,
    /// none for the others).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Write the plan here.
    #[arg(long)]
    output: Option<PathBuf>,
    /// Solve this many times and report the fastest.
    #[arg(long, default_value_t = 1)]
    repeat: usize,
    /// Count the time limit of `lacam` and `lacam-star` in this thread's CPU time (Linux
    /// only) rather than on the wall clock: the same work on a loaded machine as on an
    /// idle one.
    #[arg(long)]
    cpu_clock: bool,
    /// Seed of the solvers' tie-breaking.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

const BUILT_IN: &str = "
    ........
    ..#.....
    ..#..#..
    .....#..
    ..##....
    ........";

fn data_dir() -> PathBuf {
    std::env::var_os("REPLAN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

fn instance(args: &Args) -> Result<Instance, Box<dyn std::error::Error>> {
    if let Some(map) = &args.map {
        let scen = args.scen.as_ref().ok_or("--map needs --scen")?;
        return Ok(Instance::load(map, scen, args.agents)?);
    }
    let mapf = data_dir().join("mapf");
    let (map, scen) = (
        mapf.join("random-32-32-10.map"),
        mapf.join("random-32-32-10-random-1.scen"),
    );
    if map.exists() && scen.exists() {
        return Ok(Instance::load(&map, &scen, args.agents)?);
    }
    eprintln!("data not found: solving a built-in instance of 6 agents");
    let grid: Grid = BUILT_IN.parse()?;
    let starts = vec![(0, 0), (7, 0), (0, 5), (7, 5), (3, 0), (4, 5)];
    let goals = vec![(7, 5), (0, 5), (7, 0), (0, 0), (4, 5), (3, 0)];
    Ok(Instance::new(grid, starts, goals)?)
}

/// The CPU time of the calling thread, from the scheduler's statistics: no unsafe code
/// and no dependency, at the price of a small file read.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn cpu_clock() -> Duration {
    thread_cpu_time().unwrap_or(Duration::MAX)
}

fn solve(args: &Args, instance: &Instance) -> Result<Solution, MapfError> {
    let limit = args.time_ms.map(Duration::from_millis);
    let lacam = || {
        let lacam = Lacam::new().with_seed(args.seed);
        if args.cpu_clock {
            lacam.with_clock(cpu_clock)
        } else {
            lacam
        }
    };
    match args.solver {
        Solver::Lacam => lacam().with_time_limit(limit).solve(instance),
        Solver::LacamStar => lacam()
            .with_refinement(true)
            .with_time_limit(Some(limit.unwrap_or(Duration::from_secs(1))))
            .solve(instance),
        Solver::Pibt => Pibt::new().with_seed(args.seed).solve(instance),
        Solver::Cbs => Cbs::new().with_time_limit(limit).solve(instance),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.cpu_clock && thread_cpu_time().is_none() {
        eprintln!("error: --cpu-clock needs /proc/thread-self/schedstat (Linux)");
        return ExitCode::FAILURE;
    }
    let instance = match instance(&args) {
        Ok(instance) => instance,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut best = Duration::MAX;
    let mut outcome = None;
    for _ in 0..args.repeat.max(1) {
        let started = Instant::now();
        let result = solve(&args, &instance);
        best = best.min(started.elapsed());
        outcome = Some(result);
    }
    let lower_bound = instance.lower_bound();
    let (solved, soc, makespan) = match outcome.expect("at least one run") {
        Ok(plan) => {
            if let Err(violation) = validate(&instance, &plan) {
                eprintln!("error: the plan is invalid: {violation}");
                return ExitCode::FAILURE;
            }
            if let Some(path) = &args.output {
                if let Err(err) = std::fs::write(path, plan.to_text()) {
                    eprintln!("error: cannot write {}: {err}", path.display());
                    return ExitCode::FAILURE;
                }
            }
            (true, Some(plan.sum_of_costs()), Some(plan.makespan()))
        }
        Err(err) => {
            eprintln!("not solved: {err}");
            (false, None, None)
        }
    };
    println!(
        "{}",
        serde_json::json!({
            "agents": instance.agents(),
            "solved": solved,
            "sum_of_costs": soc,
            "makespan": makespan,
            "lower_bound": lower_bound,
            "micros": best.as_micros() as u64,
        })
    );
    ExitCode::SUCCESS
}
