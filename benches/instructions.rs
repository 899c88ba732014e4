//! Instruction counts of the hot paths, taken by callgrind: unlike times, they do not move
//! with whatever else the machine is doing, so a change of a few percent shows.
//!
//! ```sh
//! cargo bench -p replan-benches --bench instructions            # every workload (about a minute; needs valgrind)
//! cargo bench -p replan-benches --bench instructions -- astar   # the workloads whose name contains "astar"
//! ```
//!
//! The bench runs itself once per workload under `valgrind --tool=callgrind`, counting only
//! inside the workload's `measured_*` function (`--toggle-collect`), so building the map,
//! the jump table or the pattern databases is left out. Each line gives the instructions
//! of the whole workload and per unit (scenario, instance, decision).
//!
//! - `astar_grid`, `jps_plus_grid`: every scenario of Moving AI `den312d` (from the data
//!   folder, `REPLAN_DATA` or `../shared/data`), or, without it, 300 seeded queries on a
//!   seeded 128×128 map with a fifth of its cells walled; the same queries for both.
//! - `ida_star_pdb_663`: IDA* with the reflected 6-6-3 pattern databases on the first five
//!   of Korf's 100 (needs the data folder); the databases are built natively once and
//!   loaded by the counted run.
//! - `snake_safe_decision`, `snake_best_decision`: moves 200 to 299 of a seeded 20×20 game
//!   from length 3, the agent's decision and the game's step.
//! - `duel_alpha_beta_decision`: one `AlphaBeta` move with a 5,000-node budget from each of
//!   five seeded mid-game positions on 12×12.

use std::hint::black_box;
use std::path::{Path as FilePath, PathBuf};
use std::process::Command;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use replan::duel::{AlphaBeta, Duel, DuelAgent, DuelBoard, RandomSafe, Side};
use replan::grid::movingai::{read_map, read_scenarios};
use replan::grid::{Cell, Connectivity, Grid, JumpPointSearchPlus, Octile};
use replan::puzzle::{AdditivePdb, GoalKind, SlidingPuzzle, TileBoard};
use replan::snake::{best, Agent, Game, GameConfig, SafeAgent};
use replan::{AStar, IdaStar, Planner};

/// The workloads, by name, each with the unit its per-unit figure counts.
const WORKLOADS: [(&str, &str); 6] = [
    ("astar_grid", "query"),
    ("jps_plus_grid", "query"),
    ("ida_star_pdb_663", "instance"),
    ("snake_safe_decision", "move"),
    ("snake_best_decision", "move"),
    ("duel_alpha_beta_decision", "decision"),
];

fn data_dir() -> PathBuf {
    std::env::var_os("REPLAN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    )
}

fn work_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/instructions");
    std::fs::create_dir_all(&dir).expect("target/instructions can be created");
    dir
}

/// The map and queries of the grid workloads: `den312d` when the data folder has it, else a
/// seeded map. The second value names the input for the report.
fn grid_input() -> (Grid, Vec<(Cell, Cell)>, &'static str) {
    let maps = data_dir().join("movingai");
    let map = maps.join("maps/dao/den312d.map");
    let scen = maps.join("scenarios/dao/den312d.map.scen");
    if let (Ok(grid), Ok(scenarios)) = (read_map(&map), read_scenarios(&scen)) {
        let queries = scenarios.iter().map(|s| (s.start, s.goal)).collect();
        return (grid, queries, "den312d, every scenario");
    }
    // A small linear congruential generator: the bench needs the same map on every run,
    // not good randomness.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |bound: u32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % u64::from(bound)) as u32
    };
    let size = 128;
    let mut grid = Grid::open(size, size, Connectivity::Eight);
    for y in 0..size {
        for x in 0..size {
            if next(5) == 0 {
                grid.set_blocked((x, y), true)
                    .expect("the cell is on the map");
            }
        }
    }
    let mut astar = AStar::new(Octile);
    let mut queries = Vec::new();
    while queries.len() < 300 {
        let start = (next(size), next(size));
        let goal = (next(size), next(size));
        if astar.plan(&grid, start, goal).is_ok() {
            queries.push((start, goal));
        }
    }
    (grid, queries, "a seeded 128×128 map, 300 queries")
}

fn korf_instances(count: usize) -> Option<(SlidingPuzzle, TileBoard, Vec<TileBoard>)> {
    let text = std::fs::read_to_string(data_dir().join("korf100.txt")).ok()?;
    let puzzle = SlidingPuzzle::new(4, 4).ok()?;
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let boards = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .take(count)
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            puzzle
                .parse(&fields[2..].join(" "))
                .expect("a Korf instance parses")
        })
        .collect();
    Some((puzzle, goal, boards))
}

fn pdb_file() -> PathBuf {
    work_dir().join("six-six-three.pdb")
}

#[inline(never)]
fn measured_astar_grid(grid: &Grid, queries: &[(Cell, Cell)]) -> f64 {
    let mut astar = AStar::new(Octile);
    queries
        .iter()
        .map(|&(start, goal)| astar.plan(grid, start, goal).map_or(0.0, |path| path.cost))
        .sum()
}

#[inline(never)]
fn measured_jps_plus_grid(
    jps: &mut JumpPointSearchPlus,
    grid: &Grid,
    queries: &[(Cell, Cell)],
) -> f64 {
    queries
        .iter()
        .map(|&(start, goal)| jps.plan(grid, start, goal).map_or(0.0, |path| path.cost))
        .sum()
}

#[inline(never)]
fn measured_ida_star_pdb_663(
    pdb: &AdditivePdb,
    puzzle: &SlidingPuzzle,
    goal: TileBoard,
    boards: &[TileBoard],
) -> usize {
    let mut ida = IdaStar::incremental(pdb);
    boards
        .iter()
        .map(|&board| ida.plan(puzzle, board, goal).map_or(0, |path| path.len()))
        .sum()
}

fn play<A: Agent>(agent: &mut A, game: &mut Game, moves: usize) -> usize {
    let mut played = 0;
    while played < moves && !game.is_over() {
        let direction = agent.next_move(game);
        game.step(direction);
        played += 1;
    }
    played
}

#[inline(never)]
fn measured_snake_decision<A: Agent>(agent: &mut A, game: &mut Game, moves: usize) -> usize {
    play(agent, game, moves)
}

#[inline(never)]
fn measured_duel_alpha_beta_decision(positions: &[Duel]) -> usize {
    let mut search = AlphaBeta::with_nodes(5_000);
    positions
        .iter()
        .map(|duel| search.choose(duel, Side::First) as usize)
        .sum()
}

/// Plays moves 0 to 199 of the seeded 20×20 game uncounted, then moves 200 to 299 counted.
fn snake_workload<A: Agent>(mut agent: A) -> usize {
    let config = GameConfig::new(20, 20)
        .expect("20×20 is a board")
        .with_start_length(3)
        .with_seed(5);
    let mut game = Game::new(&config).expect("the game starts");
    play(&mut agent, &mut game, 200);
    black_box(measured_snake_decision(&mut agent, &mut game, 100))
}

fn duel_positions() -> Vec<Duel> {
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < 5 {
        seed += 1;
        let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(seed))
            .expect("a 12×12 duel board");
        let mut duel = Duel::new(board);
        let mut agents = [RandomSafe::new(seed), RandomSafe::new(seed + 1000)];
        while !duel.is_over() && duel.turn() < 30 {
            let moves = [
                agents[0].choose(&duel, Side::First),
                agents[1].choose(&duel, Side::Second),
            ];
            duel.step(moves).expect("moves of RandomSafe are legal");
        }
        if !duel.is_over() {
            found.push(duel);
        }
    }
    found
}

/// Runs one workload in this process; returns its unit count and a description of its
/// input, or `None` when its input is missing.
fn run(name: &str) -> Option<(usize, String)> {
    match name {
        "astar_grid" => {
            let (grid, queries, input) = grid_input();
            black_box(measured_astar_grid(&grid, &queries));
            Some((queries.len(), input.to_string()))
        }
        "jps_plus_grid" => {
            let (grid, queries, input) = grid_input();
            let mut jps = JumpPointSearchPlus::new();
            // The first plan builds the jump table: outside the counted function.
            let _ = jps.plan(&grid, queries[0].0, queries[0].1);
            black_box(measured_jps_plus_grid(&mut jps, &grid, &queries));
            Some((
                queries.len(),
                format!("{input}, table built outside the count"),
            ))
        }
        "ida_star_pdb_663" => {
            let (puzzle, goal, boards) = korf_instances(5)?;
            let pdb = AdditivePdb::load(pdb_file()).ok()?;
            black_box(measured_ida_star_pdb_663(&pdb, &puzzle, goal, &boards));
            Some((boards.len(), "Korf's 100, instances 1 to 5".to_string()))
        }
        "snake_safe_decision" => Some((
            snake_workload(SafeAgent::new()),
            "20×20, seed 5, moves 200 to 299".to_string(),
        )),
        "snake_best_decision" => Some((
            snake_workload(best()),
            "20×20, seed 5, moves 200 to 299".to_string(),
        )),
        "duel_alpha_beta_decision" => {
            let positions = duel_positions();
            black_box(measured_duel_alpha_beta_decision(&positions));
            Some((
                positions.len(),
                "12×12, five positions after 30 turns".to_string(),
            ))
        }
        _ => None,
    }
}

/// The instructions callgrind counted inside `function`, read from its output file.
fn collected(out: &FilePath) -> Option<u64> {
    let text = std::fs::read_to_string(out).ok()?;
    text.lines()
        .find_map(|line| {
            line.strip_prefix("summary:")
                .or_else(|| line.strip_prefix("totals:"))
        })
        .and_then(|value| value.split_whitespace().next()?.parse().ok())
}

fn count(name: &str, unit: &str) {
    let exe = std::env::current_exe().expect("the bench knows its own path");
    let out = work_dir().join(format!("{name}.callgrind"));
    let function = if name.starts_with("snake_") {
        "measured_snake_decision".to_string()
    } else {
        format!("measured_{name}")
    };
    let mut command = Command::new("valgrind");
    command
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(format!("--toggle-collect=*{function}*"))
        .arg(&exe)
        .args(["--workload", name]);
    let output = command.output().expect("valgrind runs");
    if !output.status.success() {
        eprintln!("{name}: the counted run failed");
        eprintln!("{}", String::from_utf8_lossy(&output.stderr));
        return;
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let Some(line) = stdout.lines().find_map(|line| line.strip_prefix("units ")) else {
        println!("{name:<26} skipped: its input is missing (see the data folder)");
        return;
    };
    let (units, input) = line.split_once(' ').unwrap_or((line, ""));
    let units: u64 = units.parse().unwrap_or(0);
    let Some(total) = collected(&out) else {
        eprintln!("{name}: no count in {}", out.display());
        return;
    };
    println!(
        "{name:<26} {total:>15} instructions  {:>12} per {unit:<8}  ({input})",
        total / units.max(1)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|arg| arg == "--workload") {
        let name = &args[at + 1];
        if let Some((units, input)) = run(name) {
            println!("units {units} {input}");
        }
        return;
    }
    // `cargo bench` passes `--bench`; any other argument filters the workloads by name.
    let filters: Vec<&String> = args.iter().filter(|arg| !arg.starts_with("--")).collect();
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("instructions: valgrind is not installed; nothing to count");
        return;
    }
    // The pattern databases take seconds natively and minutes under valgrind: built here.
    if filters.is_empty()
        || filters
            .iter()
            .any(|f| "ida_star_pdb_663".contains(f.as_str()))
    {
        if let Some((puzzle, goal, _)) = korf_instances(0) {
            if AdditivePdb::load(pdb_file()).is_err() {
                let pdb = AdditivePdb::six_six_three(&puzzle, goal, |_, _| {})
                    .expect("the 6-6-3 databases build");
                pdb.save(pdb_file()).expect("the databases can be saved");
            }
        }
    }
    for (name, unit) in WORKLOADS {
        if filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())) {
            count(name, unit);
        }
    }
}
