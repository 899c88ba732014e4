//! A crowd of units walking a flow field to one goal: one field build, then every unit reads
//! its next cell in `O(1)` per step.
//!
//! ```text
//! cargo run --release --example crowd                       # animated in the terminal
//! cargo run --release --example crowd -- --headless \
//!     --map ../shared/data/movingai/maps/random/random512-10-0.map \
//!     --agents 1000 --goal 256,256 --seed 1 [--integer-steps 10,14]
//! ```
//!
//! `--headless` prints one JSON line,
//! `{"agents","arrived","steps","build_micros","micros_per_step"}`: units placed on random
//! open cells that reach the goal (seeded), the number at the goal when the run ends (when all
//! have arrived or after `--max-steps`), the steps taken, the field's build time and the mean
//! time of one step of every unit. Units move one cell per step and do not block each other:
//! the field steers, collision avoidance is the game's.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};
use replan::grid::movingai::read_map;
use replan::grid::{Cell, Connectivity, FieldCost, FlowField, Grid};

#[derive(Parser)]
#[command(about = "A crowd of units following one flow field")]
struct Args {
    /// Print one JSON line instead of animating.
    #[arg(long)]
    headless: bool,
    /// A Moving AI `.map` file; without it, a built-in map.
    #[arg(long)]
    map: Option<PathBuf>,
    /// How many units.
    #[arg(long, default_value_t = 1000)]
    agents: usize,
    /// The goal cell as `X,Y`; without it, the map's centre (or the nearest open cell).
    #[arg(long, value_parser = parse_cell)]
    goal: Option<Cell>,
    /// Seed of the units' starting cells.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop after this many steps.
    #[arg(long, default_value_t = 100_000)]
    max_steps: usize,
    /// Integer step costs `STRAIGHT,DIAGONAL` (such as `10,14`) instead of the grid's own
    /// float costs (1 and √2).
    #[arg(long, value_parser = parse_cell)]
    integer_steps: Option<(u32, u32)>,
}

fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text.split_once(',').ok_or("expected X,Y")?;
    let parse = |v: &str| v.trim().parse::<u32>().map_err(|err| err.to_string());
    Ok((parse(x)?, parse(y)?))
}

/// The map animated by default: rooms and a wall to flow around.
const DEMO_MAP: &str = "
    ....................#...................
    ....................#...................
    ......######........#.......######......
    ......#.............#............#......
    ......#.............#............#......
    ......#..........................#......
    ......######........#.......######......
    ....................#...................
    ############.....############.....######
    ........................................
    ........................................
    ........#######################.........
    ........................................
    ........................................";

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let grid = match &args.map {
        Some(path) => read_map(path).map_err(|err| err.to_string())?,
        None => DEMO_MAP
            .parse::<Grid>()
            .map_err(|err| err.to_string())?
            .with_connectivity(Connectivity::Eight),
    };
    let goal = match args.goal {
        Some(goal) => goal,
        None => nearest_open(&grid, (grid.width() / 2, grid.height() - 1))
            .ok_or("the map has no open cell")?,
    };

    match args.integer_steps {
        None => walk(&args, &grid, goal, FlowField::new()),
        Some((straight, diagonal)) => {
            let field =
                FlowField::with_integer_steps(straight, diagonal).map_err(|err| err.to_string())?;
            walk(&args, &grid, goal, field)
        }
    }
}

/// Builds `field` towards `goal`, places the units and walks them there.
fn walk<C: FieldCost>(
    args: &Args,
    grid: &Grid,
    goal: Cell,
    mut field: FlowField<C>,
) -> Result<(), String> {
    let clock = Instant::now();
    field
        .build(grid, [goal])
        .map_err(|err| format!("goal {goal:?}: {err}"))?;
    let build = clock.elapsed();

    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut units = Vec::with_capacity(args.agents);
    let mut attempts = 0u64;
    while units.len() < args.agents {
        attempts += 1;
        if attempts > 1000 * (args.agents as u64 + 1) {
            return Err("too few open cells reach the goal".into());
        }
        let x = rng.next_u32() % grid.width();
        let y = rng.next_u32() % grid.height();
        if field.distance(grid, (x, y)).is_some() {
            units.push((x, y));
        }
    }

    let mut stepping = Duration::ZERO;
    let mut steps = 0;
    let animate = !args.headless;
    let mut arrived = units.iter().filter(|&&u| u == goal).count();
    while arrived < units.len() && steps < args.max_steps {
        let clock = Instant::now();
        arrived = 0;
        for unit in &mut units {
            // Every unit was placed on a cell that reaches the goal, and the field only
            // moves along such cells.
            if let Some(next) = field.next_cell(grid, *unit) {
                *unit = next;
            }
            arrived += usize::from(*unit == goal);
        }
        stepping += clock.elapsed();
        steps += 1;
        if animate {
            draw(grid, &units, goal, steps, arrived)?;
            std::thread::sleep(Duration::from_millis(80));
        }
    }
    if args.headless {
        println!(
            "{}",
            serde_json::json!({
                "agents": units.len(),
                "arrived": arrived,
                "steps": steps,
                "build_micros": build.as_micros() as u64,
                "micros_per_step": stepping.as_secs_f64() * 1e6 / steps.max(1) as f64,
            })
        );
    }
    Ok(())
}

fn nearest_open(grid: &Grid, around: Cell) -> Option<Cell> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
        .filter(|&c| grid.is_passable(c))
        .min_by_key(|&(x, y)| x.abs_diff(around.0).pow(2) + y.abs_diff(around.1).pow(2))
}

fn draw(
    grid: &Grid,
    units: &[Cell],
    goal: Cell,
    step: usize,
    arrived: usize,
) -> Result<(), String> {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    if w > 200 || h > 60 {
        return Err("the map is too large to draw; use --headless".into());
    }
    let mut count = vec![0u32; w * h];
    for &(x, y) in units {
        count[y as usize * w + x as usize] += 1;
    }
    let mut frame = String::from("\x1b[H\x1b[2J");
    for y in 0..h {
        for x in 0..w {
            let c = (x as u32, y as u32);
            frame.push(if c == goal {
                'G'
            } else if !grid.is_passable(c) {
                '#'
            } else {
                match count[y * w + x] {
                    0 => '.',
                    1..=9 => char::from_digit(count[y * w + x], 10).unwrap_or('o'),
                    _ => '*',
                }
            });
        }
        frame.push('\n');
    }
    frame.push_str(&format!(
        "step {step}: {arrived}/{} units at the goal\n",
        units.len()
    ));
    let mut out = std::io::stdout().lock();
    out.write_all(frame.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|err| err.to_string())
}
