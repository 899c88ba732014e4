//! Game units with goals of their own walking one map without walking through each other:
//! Windowed Hierarchical Cooperative A* as a per-tick API.
//!
//! ```text
//! cargo run --release --features mapf --example squad                   # the shipped MAPF map, 50 units (12 on the built-in map)
//! cargo run --release --features mapf --example squad -- --map ../shared/data/movingai/maps/dao/arena.map \
//!     --units 100 --seed 1 [--window 16] [--max-steps 2000]
//! ```
//!
//! Units start on distinct random open cells with distinct random goals in the same
//! connected area (seeded), move 4-connected, and tick until all have arrived or
//! `--max-steps` pass. It prints one JSON line, `{"units","arrived","steps",
//! "micros_per_tick","collisions"}`; collisions (two units on one cell after a tick, or two
//! units swapping cells in one) are counted here from the moves, not taken from the planner.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};
use replan::grid::movingai::read_map;
use replan::grid::{Cell, Connectivity, Grid};
use replan::mapf::Cooperative;
use replan::BfsReach;

#[derive(Parser)]
#[command(about = "Units with their own goals walking one map (WHCA*)")]
struct Args {
    /// A Moving AI `.map` file; without it, the shipped MAPF map or a built-in one.
    #[arg(long)]
    map: Option<PathBuf>,
    /// How many units (default 50, or 12 on the small built-in map).
    #[arg(long)]
    units: Option<usize>,
    /// Seed of the starts and goals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many steps each unit looks ahead.
    #[arg(long, default_value_t = 16)]
    window: u32,
    /// Stop after this many ticks.
    #[arg(long, default_value_t = 2000)]
    max_steps: u32,
}

const BUILT_IN: &str = "
    ................
    ..####....####..
    ..#..........#..
    ......####......
    ..#..........#..
    ..####....####..
    ................";

/// The map, and whether it is the built-in one.
fn load(args: &Args) -> Result<(Grid, bool), Box<dyn std::error::Error>> {
    if let Some(map) = &args.map {
        return Ok((read_map(map)?, false));
    }
    let data = std::env::var_os("REPLAN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let shipped = data.join("mapf/random-32-32-10.map");
    if shipped.exists() {
        return Ok((read_map(shipped)?, false));
    }
    eprintln!("data not found: using a built-in map");
    Ok((BUILT_IN.parse()?, true))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let (grid, units) = match load(&args) {
        Ok((grid, built_in)) => (
            grid.with_connectivity(Connectivity::Four),
            args.units.unwrap_or(if built_in { 12 } else { 50 }),
        ),
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    // Starts and goals in the largest connected area, so every goal is reachable.
    let mut reach = BfsReach::new();
    let mut open: Vec<Cell> = Vec::new();
    let mut seen: HashMap<Cell, ()> = HashMap::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if !grid.is_passable((x, y)) || seen.contains_key(&(x, y)) {
                continue;
            }
            let map = reach.run(&grid, (x, y)).expect("a small map");
            let mut area = Vec::new();
            for yy in 0..grid.height() {
                for xx in 0..grid.width() {
                    if map.distance(&grid, (xx, yy)).is_some() {
                        area.push((xx, yy));
                        seen.insert((xx, yy), ());
                    }
                }
            }
            if area.len() > open.len() {
                open = area;
            }
        }
    }
    if units > open.len() {
        eprintln!(
            "error: {units} units do not fit on {} open cells",
            open.len()
        );
        return ExitCode::FAILURE;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut pick = |pool: &mut Vec<Cell>| pool.swap_remove(rng.next_u32() as usize % pool.len());
    let (mut starts, mut goals) = (open.clone(), open);
    let mut planner = Cooperative::new(grid, args.window);
    let mut ids = Vec::new();
    for _ in 0..units {
        let (start, goal) = (pick(&mut starts), pick(&mut goals));
        match planner.add_unit(start, goal) {
            Ok(id) => ids.push(id),
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut collisions = 0u64;
    let mut steps = 0;
    let started = Instant::now();
    let arrived = |planner: &Cooperative| {
        ids.iter()
            .filter(|&&id| planner.position(id) == planner.goal(id))
            .count()
    };
    while steps < args.max_steps && arrived(&planner) < ids.len() {
        let moves = planner.tick();
        steps += 1;
        let mut at: HashMap<Cell, usize> = HashMap::new();
        let mut from: HashMap<Cell, usize> = HashMap::new();
        for (k, m) in moves.iter().enumerate() {
            if at.insert(m.to, k).is_some() {
                collisions += 1;
            }
            from.insert(m.from, k);
        }
        for (k, m) in moves.iter().enumerate() {
            if m.from != m.to {
                if let Some(&other) = from.get(&m.to) {
                    if other > k && moves[other].to == m.from {
                        collisions += 1;
                    }
                }
            }
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{}",
        serde_json::json!({
            "units": ids.len(),
            "arrived": arrived(&planner),
            "steps": steps,
            "micros_per_tick": if steps == 0 { 0.0 } else { elapsed.as_secs_f64() * 1e6 / steps as f64 },
            "collisions": collisions,
        })
    );
    ExitCode::SUCCESS
}
