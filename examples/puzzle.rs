//! Solve sliding-tile puzzles optimally from the command line.
//!
//! ```text
//! cargo run --release --features puzzle --example puzzle                             # a hard 8- and 15-puzzle
//! cargo run --release --features puzzle --example puzzle -- 8 6 7 2 5 4 3 0 1        # one 8-puzzle
//! cargo run --release --features puzzle --example puzzle -- --size 2x5 1 2 3 4 5 6 7 8 0 9
//! cargo run --release --features puzzle --example puzzle -- --goal blank-first --batch instances.txt
//! ```
//!
//! Options: `[--size WxH] [--goal blank-last|blank-first]
//! [--algorithm auto|astar|bidirectional-bfs|ida-star]
//! [--heuristic auto|misplaced|manhattan|linear-conflict|pdb|pdb-7-8] [--threads N]
//! [--pdb-file FILE] (TILES... | --batch FILE)`.
//!
//! The size defaults to 3×3 for 9 tiles and 4×4 for 16. `auto` picks A* with linear
//! conflicts on boards of up to 9 cells and IDA* with additive pattern databases on larger
//! ones: on the 4×4 the 7-8 partition with its reflection when its file is there (the best
//! known heuristic: Korf's 100 in under a second of CPU time), else the 6-6-3 one, built in seconds,
//! with a note on how to build the 7-8 file once.
//!
//! The 7-8 databases take about four minutes of CPU time and 1.3 GB to build, and 288 MB on disk:
//!
//! ```text
//! cargo run --release --features puzzle --example puzzle -- --goal blank-first --heuristic pdb-7-8
//! ```
//!
//! builds them into `target/pdb/7-8-blank-first.pdb` (or `--pdb-file FILE`) when missing,
//! and loads them from there on every later run; the file's version, partition and checksum
//! are checked on load.
//!
//! A batch file holds one instance a line (tiles only; blank lines and lines starting with
//! `#` are skipped). Instances are solved in parallel on all cores (or `--threads N`) and
//! printed in input order, one JSON object a line, then a summary line:
//!
//! ```text
//! {"length":N,"moves":"ULDR...","expanded":K,"micros":T}
//! {"error":"..."}
//! {"solved":S,"errors":E,"expanded":K,"total_micros":T,"load_micros":L,"median_micros":M,"worst_micros":W}
//! ```
//!
//! `total_micros` is the wall time of the solving alone; `load_micros` that of building or
//! loading the pattern databases; `median_micros` and `worst_micros` are per instance. A
//! progress bar runs on stderr.
//!
//! Pattern databases are built once per run (in parallel, progress on stderr when it is a
//! terminal), or loaded from `--pdb-file` when that file exists (and saved there otherwise).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use replan::puzzle::{
    AdditivePdb, BoardIds, CompactAdditivePdb, CompactPdbState, DatabaseError, GoalKind, LineSums,
    LinearConflict, ManhattanSum, Misplaced, PatternDatabase, PdbState, PuzzleError,
    PuzzleSolution, SlidingPuzzle, TileBoard,
};
use replan::{AStar, BidirectionalBfs, Heuristic, IdaStar, IncrementalHeuristic};

#[derive(Parser, Debug)]
#[command(about = "Solve sliding-tile puzzles optimally", version)]
struct Args {
    /// TileBoard size as WxH (2 <= W, H and W*H <= 16); default 3x3 for 9 tiles, 4x4 for 16.
    #[arg(long, value_parser = parse_size)]
    size: Option<(usize, usize)>,
    /// The goal: blank last (1 2 ... 0) or blank first (0 1 2 ..., Korf's).
    #[arg(long, value_enum, default_value_t = Goal::BlankLast)]
    goal: Goal,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = Algorithm::Auto)]
    algorithm: Algorithm,
    /// The heuristic for A* and IDA*.
    #[arg(long, value_enum, default_value_t = HeuristicName::Auto)]
    heuristic: HeuristicName,
    /// Solve every instance in FILE (one a line) and print JSON lines.
    #[arg(long, value_name = "FILE", conflicts_with = "tiles")]
    batch: Option<PathBuf>,
    /// Worker threads for --batch (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Load the pattern databases from FILE if it exists, else build and save them there
    /// (for pdb-7-8 the default is target/pdb/7-8-blank-first.pdb or -blank-last.pdb).
    #[arg(long, value_name = "FILE")]
    pdb_file: Option<PathBuf>,
    /// The tiles in row-major order, 0 for the blank (spaces or commas).
    #[arg(value_name = "TILES")]
    tiles: Vec<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Goal {
    BlankLast,
    BlankFirst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Algorithm {
    Auto,
    Astar,
    BidirectionalBfs,
    IdaStar,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum HeuristicName {
    Auto,
    Misplaced,
    Manhattan,
    LinearConflict,
    /// Additive pattern databases: 6-6-3 on the 4x4, groups of 6 or 4 tiles elsewhere.
    Pdb,
    /// The 7-8 additive pattern databases with their reflection (4x4 only).
    #[value(name = "pdb-7-8")]
    Pdb78,
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{text}` is not WxH"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{text}` is not WxH"))
    };
    let (w, h) = (parse(w)?, parse(h)?);
    SlidingPuzzle::new(w, h).map_err(|e| e.to_string())?;
    Ok((w, h))
}

/// One of the crate's heuristics, chosen at run time. The pattern database is shared by
/// reference between the worker threads.
#[derive(Clone)]
enum AnyHeuristic<'a> {
    Misplaced(Misplaced),
    Manhattan(ManhattanSum),
    LinearConflict(LinearConflict),
    Pdb(&'a AdditivePdb),
    Compact(&'a CompactAdditivePdb),
}

impl Heuristic<TileBoard, u32> for AnyHeuristic<'_> {
    fn estimate(&self, from: TileBoard, goal: TileBoard) -> u32 {
        match self {
            AnyHeuristic::Misplaced(h) => h.estimate(from, goal),
            AnyHeuristic::Manhattan(h) => h.estimate(from, goal),
            AnyHeuristic::LinearConflict(h) => h.estimate(from, goal),
            AnyHeuristic::Pdb(h) => h.estimate(from, goal),
            AnyHeuristic::Compact(h) => h.estimate(from, goal),
        }
    }

    /// Forwarded, so that A* updates the estimates move by move as the heuristics can.
    fn estimate_child(
        &self,
        parent: TileBoard,
        parent_h: u32,
        child: TileBoard,
        goal: TileBoard,
    ) -> u32 {
        match self {
            AnyHeuristic::Misplaced(h) => h.estimate_child(parent, parent_h, child, goal),
            AnyHeuristic::Manhattan(h) => h.estimate_child(parent, parent_h, child, goal),
            AnyHeuristic::LinearConflict(h) => h.estimate_child(parent, parent_h, child, goal),
            AnyHeuristic::Pdb(h) => h.estimate_child(parent, parent_h, child, goal),
            AnyHeuristic::Compact(h) => h.estimate_child(parent, parent_h, child, goal),
        }
    }
}

impl IncrementalHeuristic<TileBoard, u32> for AnyHeuristic<'_> {
    /// The pattern databases' states and linear conflict's line sums; the other heuristics
    /// need none.
    type State = (PdbState, LineSums, CompactPdbState);

    fn first(&self, node: TileBoard, goal: TileBoard) -> (u32, Self::State) {
        let none = (
            PdbState::default(),
            LineSums::default(),
            CompactPdbState::default(),
        );
        match self {
            AnyHeuristic::Misplaced(h) => (h.first(node, goal).0, none),
            AnyHeuristic::Manhattan(h) => (h.first(node, goal).0, none),
            AnyHeuristic::LinearConflict(h) => {
                let (estimate, lines) = h.first(node, goal);
                (estimate, (none.0, lines, none.2))
            }
            AnyHeuristic::Pdb(h) => {
                let (estimate, pdb) = h.first(node, goal);
                (estimate, (pdb, none.1, none.2))
            }
            AnyHeuristic::Compact(h) => {
                let (estimate, compact) = h.first(node, goal);
                (estimate, (none.0, none.1, compact))
            }
        }
    }

    #[inline]
    fn next(
        &self,
        parent: TileBoard,
        h: u32,
        (pdb, lines, compact): Self::State,
        child: TileBoard,
        goal: TileBoard,
    ) -> (u32, Self::State) {
        match self {
            AnyHeuristic::Misplaced(m) => {
                let estimate = m.next(parent, h, (), child, goal).0;
                (estimate, (pdb, lines, compact))
            }
            AnyHeuristic::Manhattan(m) => {
                let estimate = m.next(parent, h, (), child, goal).0;
                (estimate, (pdb, lines, compact))
            }
            AnyHeuristic::LinearConflict(m) => {
                let (estimate, lines) = m.next(parent, h, lines, child, goal);
                (estimate, (pdb, lines, compact))
            }
            AnyHeuristic::Pdb(m) => {
                let (estimate, pdb) = m.next(parent, h, pdb, child, goal);
                (estimate, (pdb, lines, compact))
            }
            AnyHeuristic::Compact(m) => {
                let (estimate, compact) = m.next(parent, h, compact, child, goal);
                (estimate, (pdb, lines, compact))
            }
        }
    }
}

/// A planner with its graph; one per worker thread, reused for every instance it solves.
///
/// A* and bidirectional BFS search [`SlidingPuzzle`] rather than the dense `RankedPuzzle`
/// even on the 8-puzzle: a search that reaches a few thousand boards keeps its records
/// compact that way, and the benchmarks show it is faster.
enum Solver<'a> {
    AStar(SlidingPuzzle, Box<AStar<AnyHeuristic<'a>, BoardIds, u32>>),
    Bidirectional(SlidingPuzzle, BidirectionalBfs<BoardIds, u32>),
    IdaStar(SlidingPuzzle, IdaStar<AnyHeuristic<'a>, TileBoard, u32>),
}

impl Solver<'_> {
    fn solve(&mut self, start: TileBoard, goal: TileBoard) -> Result<PuzzleSolution, PuzzleError> {
        match self {
            Solver::AStar(graph, planner) => graph.solve(planner.as_mut(), start, goal),
            Solver::Bidirectional(graph, planner) => graph.solve(planner, start, goal),
            Solver::IdaStar(graph, planner) => graph.solve(planner, start, goal),
        }
    }
}

/// Everything fixed for a run: the board, the goal, the algorithm and the heuristic.
struct Setup {
    puzzle: SlidingPuzzle,
    goal: TileBoard,
    algorithm: Algorithm,
    heuristic: HeuristicName,
    pdb: Option<AdditivePdb>,
    compact: Option<CompactAdditivePdb>,
    /// Microseconds spent building or loading the pattern databases.
    load_micros: u128,
}

impl Setup {
    fn new(args: &Args, (width, height): (usize, usize)) -> Result<Setup, String> {
        let puzzle = SlidingPuzzle::new(width, height).map_err(|e| e.to_string())?;
        let goal = puzzle.goal_of(match args.goal {
            Goal::BlankLast => GoalKind::BlankLast,
            Goal::BlankFirst => GoalKind::BlankFirst,
        });
        let small = puzzle.cells() <= 9;
        let algorithm = match args.algorithm {
            Algorithm::Auto if small => Algorithm::Astar,
            Algorithm::Auto => Algorithm::IdaStar,
            chosen => chosen,
        };
        let started = Instant::now();
        let searched = algorithm != Algorithm::BidirectionalBfs;
        let mut compact = None;
        let heuristic = match args.heuristic {
            HeuristicName::Auto if small => HeuristicName::LinearConflict,
            HeuristicName::Auto if searched => {
                compact = best_databases(&puzzle, goal, args.pdb_file.as_deref())?;
                if compact.is_some() {
                    HeuristicName::Pdb78
                } else {
                    HeuristicName::Pdb
                }
            }
            HeuristicName::Pdb78 if searched => {
                compact = Some(seven_eight(&puzzle, goal, args.pdb_file.as_deref())?);
                HeuristicName::Pdb78
            }
            chosen => chosen,
        };
        let pdb = if heuristic == HeuristicName::Pdb && searched {
            Some(pattern_databases(&puzzle, goal, args.pdb_file.as_deref())?)
        } else {
            None
        };
        Ok(Setup {
            puzzle,
            goal,
            algorithm,
            heuristic,
            pdb,
            compact,
            load_micros: started.elapsed().as_micros(),
        })
    }

    fn describe(&self) -> String {
        let algorithm = match self.algorithm {
            Algorithm::Astar => "A*",
            Algorithm::BidirectionalBfs => return "bidirectional BFS".into(),
            _ => "IDA*",
        };
        let heuristic = match self.heuristic {
            HeuristicName::Misplaced => "misplaced tiles".to_string(),
            HeuristicName::Manhattan => "Manhattan distance".to_string(),
            HeuristicName::Pdb => {
                let pdb = self.pdb.as_ref().expect("built with the setup");
                let sizes: Vec<String> = pdb
                    .databases()
                    .iter()
                    .map(|db| db.tiles().len().to_string())
                    .collect();
                format!("{} pattern databases", sizes.join("-"))
            }
            HeuristicName::Pdb78 => "7-8 pattern databases with their reflection".to_string(),
            _ => "linear conflict".to_string(),
        };
        format!("{algorithm} with {heuristic}")
    }

    fn heuristic(&self) -> AnyHeuristic<'_> {
        match self.heuristic {
            HeuristicName::Misplaced => AnyHeuristic::Misplaced(Misplaced::new(self.goal)),
            HeuristicName::Manhattan => AnyHeuristic::Manhattan(ManhattanSum::new(self.goal)),
            HeuristicName::Pdb => {
                AnyHeuristic::Pdb(self.pdb.as_ref().expect("built with the setup"))
            }
            HeuristicName::Pdb78 => {
                AnyHeuristic::Compact(self.compact.as_ref().expect("loaded with the setup"))
            }
            _ => AnyHeuristic::LinearConflict(LinearConflict::new(self.goal)),
        }
    }

    fn solver(&self) -> Solver<'_> {
        let puzzle = self.puzzle.clone();
        match self.algorithm {
            Algorithm::Astar => Solver::AStar(puzzle, Box::new(AStar::new(self.heuristic()))),
            Algorithm::BidirectionalBfs => Solver::Bidirectional(puzzle, BidirectionalBfs::new()),
            _ => Solver::IdaStar(puzzle, IdaStar::incremental(self.heuristic())),
        }
    }
}

/// Where the 7-8 databases for `goal` are kept unless `--pdb-file` names a file.
fn default_seven_eight_file(goal: TileBoard) -> PathBuf {
    let name = if goal.blank() == 0 {
        "7-8-blank-first.pdb"
    } else {
        "7-8-blank-last.pdb"
    };
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/pdb")
        .join(name)
}

/// The 7-8 databases for `goal` when their file (`file`, or the default one) is there;
/// otherwise `None`, after telling how to build them once. A file of other databases (such
/// as a 6-6-3 one named by `--pdb-file`) is left to [`pattern_databases`].
fn best_databases(
    puzzle: &SlidingPuzzle,
    goal: TileBoard,
    file: Option<&Path>,
) -> Result<Option<CompactAdditivePdb>, String> {
    let Ok(patterns) = CompactAdditivePdb::seven_eight_patterns(goal) else {
        return Ok(None);
    };
    let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
    let path = file.map_or_else(|| default_seven_eight_file(goal), Path::to_path_buf);
    if path.exists() {
        match CompactAdditivePdb::load_for(&path, goal, &patterns) {
            Ok(pdb) => return Ok(Some(pdb)),
            Err(DatabaseError::WrongLayout { .. }) if file.is_some() => return Ok(None),
            Err(error) => return Err(format!("{}: {error}", path.display())),
        }
    }
    if file.is_none() {
        let _ = puzzle;
        eprintln!(
            "note: using the 6-6-3 pattern databases; the 7-8 ones solve 15-puzzles about \
             ten times faster. Build them once (about four minutes of CPU time, 1.3 GB of memory, 288 MB \
             on disk) with\n  cargo run --release --features puzzle --example puzzle -- --goal {} \
             --heuristic pdb-7-8",
            if goal.blank() == 0 {
                "blank-first"
            } else {
                "blank-last"
            }
        );
    }
    Ok(None)
}

/// The 7-8 databases for `goal`, loaded from `file` (or the default file), or built on
/// every core and saved there when it is missing.
fn seven_eight(
    puzzle: &SlidingPuzzle,
    goal: TileBoard,
    file: Option<&Path>,
) -> Result<CompactAdditivePdb, String> {
    let patterns = CompactAdditivePdb::seven_eight_patterns(goal).map_err(|e| e.to_string())?;
    let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
    let path = file.map_or_else(|| default_seven_eight_file(goal), Path::to_path_buf);
    if path.exists() {
        return CompactAdditivePdb::load_for(&path, goal, &patterns)
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    eprintln!(
        "building the 7-8 pattern databases into {} (about four minutes of CPU time, 1.3 GB of memory)",
        path.display()
    );
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let started = Instant::now();
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {percent}% {elapsed}")
            .expect("a valid template"),
    );
    let pdb = CompactAdditivePdb::build_with_threads(puzzle, goal, &patterns, threads, |i, p| {
        bar.set_length(p.entries as u64);
        bar.set_position(p.filled as u64);
        bar.set_message(format!(
            "{}-tile database, depth {:2}",
            patterns[i].len(),
            p.depth
        ));
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    eprintln!("built in {:.1?}", started.elapsed());
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    pdb.save(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("saved them to {}", path.display());
    Ok(pdb)
}

/// Loads the databases from `file` when it exists, else builds them (in parallel, with
/// progress on a terminal) and saves them there if a file was named.
fn pattern_databases(
    puzzle: &SlidingPuzzle,
    goal: TileBoard,
    file: Option<&Path>,
) -> Result<AdditivePdb, String> {
    if let Some(file) = file.filter(|file| file.exists()) {
        let pdb = AdditivePdb::load(file).map_err(|e| format!("{}: {e}", file.display()))?;
        if pdb.databases()[0].goal() != goal {
            return Err(format!(
                "{}: the databases were built for another board or goal",
                file.display()
            ));
        }
        return Ok(pdb);
    }
    let patterns = AdditivePdb::default_patterns(goal);
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let databases = patterns
        .par_iter()
        .enumerate()
        .map(|(i, tiles)| {
            PatternDatabase::build_with_progress(puzzle, goal, tiles, |p| {
                if terminal {
                    eprint!(
                        "\rpattern database {} of {} ({} tiles): depth {:2}, {:5.1}% of entries",
                        i + 1,
                        patterns.len(),
                        tiles.len(),
                        p.depth,
                        100.0 * p.filled as f64 / p.entries as f64
                    );
                }
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let pdb = AdditivePdb::from_databases(databases).map_err(|e| e.to_string())?;
    if terminal {
        eprint!("\r{:78}\r", "");
    }
    let sizes: Vec<String> = patterns.iter().map(|p| p.len().to_string()).collect();
    eprintln!(
        "built {} pattern databases ({} entries) in {:.2?}",
        sizes.join("-"),
        pdb.databases()
            .iter()
            .map(PatternDatabase::len)
            .sum::<usize>(),
        started.elapsed()
    );
    if let Some(file) = file {
        pdb.save(file)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        eprintln!("saved them to {}", file.display());
    }
    Ok(pdb)
}

/// The board size for tiles given without `--size`: 3×3 for 9, 4×4 for 16 (and 2×2 for 4).
fn size_of(tiles: &str) -> Result<(usize, usize), PuzzleError> {
    tiles
        .parse::<TileBoard>()
        .map(|board| (board.width(), board.height()))
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(threads) = args.threads {
        if let Err(error) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
        {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    let result = if let Some(batch) = &args.batch {
        run_batch(&args, batch)
    } else if args.tiles.is_empty() {
        demo(&args)
    } else {
        run_one(&args)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// With no tiles: a hardest 8-puzzle (31 moves) and Korf's first 15-puzzle instance.
fn demo(args: &Args) -> Result<(), String> {
    let eight = Args {
        size: Some((3, 3)),
        goal: Goal::BlankLast,
        tiles: vec!["8 6 7 2 5 4 3 0 1".into()],
        ..args_copy(args)
    };
    run_one(&eight)?;
    println!();
    let fifteen = Args {
        size: Some((4, 4)),
        goal: Goal::BlankFirst,
        tiles: vec!["14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".into()],
        ..args_copy(args)
    };
    run_one(&fifteen)
}

fn args_copy(args: &Args) -> Args {
    Args {
        size: args.size,
        goal: args.goal,
        algorithm: args.algorithm,
        heuristic: args.heuristic,
        batch: None,
        threads: args.threads,
        pdb_file: args.pdb_file.clone(),
        tiles: Vec::new(),
    }
}

fn run_one(args: &Args) -> Result<(), String> {
    let text = args.tiles.join(" ");
    let size = match args.size {
        Some(size) => size,
        None => size_of(&text).map_err(|e| e.to_string())?,
    };
    let setup = Setup::new(args, size)?;
    let start = setup.puzzle.parse(&text).map_err(|e| e.to_string())?;
    println!(
        "{}x{} puzzle, goal with the blank {}, {}",
        size.0,
        size.1,
        if setup.goal.blank() == 0 {
            "first"
        } else {
            "last"
        },
        setup.describe()
    );
    println!("start:\n{start}\n");
    let started = Instant::now();
    let solution = setup
        .solver()
        .solve(start, setup.goal)
        .map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    println!("goal:\n{}\n", setup.goal);
    println!(
        "{} moves (the blank moves U D L R): {}",
        solution.len(),
        solution.move_string()
    );
    println!(
        "{} nodes expanded, {} generated, in {elapsed:.2?}",
        solution.stats.expanded, solution.stats.generated
    );
    Ok(())
}

fn run_batch(args: &Args, path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let size = match args.size {
        Some(size) => size,
        // The first line whose size can be told sets it; the rest must match.
        None => lines
            .iter()
            .find_map(|line| size_of(line).ok())
            .unwrap_or((3, 3)),
    };
    let setup = Setup::new(args, size)?;
    eprintln!(
        "{} instances on a {}x{} board, {}, {} threads",
        lines.len(),
        size.0,
        size.1,
        setup.describe(),
        rayon::current_num_threads()
    );
    let bar = ProgressBar::new(lines.len() as u64).with_style(
        ProgressStyle::with_template("{pos}/{len} solved [{bar:30}] {elapsed}")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let results: Vec<Result<(PuzzleSolution, u128), PuzzleError>> = lines
        .par_iter()
        .map_init(
            || setup.solver(),
            |solver, line| {
                let one = Instant::now();
                let start = setup.puzzle.parse(line)?;
                let solution = solver.solve(start, setup.goal);
                bar.inc(1);
                Ok((solution?, one.elapsed().as_micros()))
            },
        )
        .collect();
    let total = started.elapsed().as_micros();
    bar.finish_and_clear();
    let mut times: Vec<u128> = results
        .iter()
        .filter_map(|result| result.as_ref().ok().map(|(_, micros)| *micros))
        .collect();
    times.sort_unstable();
    let expanded: u64 = results
        .iter()
        .filter_map(|result| result.as_ref().ok().map(|(s, _)| s.stats.expanded))
        .sum();
    let mut solved = 0;
    for result in &results {
        match result {
            Ok((solution, micros)) => {
                solved += 1;
                println!(
                    "{{\"length\":{},\"moves\":\"{}\",\"expanded\":{},\"micros\":{micros}}}",
                    solution.len(),
                    solution.move_string(),
                    solution.stats.expanded
                );
            }
            Err(error) => println!("{{\"error\":\"{}\"}}", json_escape(&error.to_string())),
        }
    }
    println!(
        "{{\"solved\":{solved},\"errors\":{},\"expanded\":{expanded},\"total_micros\":{total},\
         \"load_micros\":{},\"median_micros\":{},\"worst_micros\":{}}}",
        results.len() - solved,
        setup.load_micros,
        times.get(times.len() / 2).copied().unwrap_or(0),
        times.last().copied().unwrap_or(0)
    );
    Ok(())
}

/// Escapes a string for a JSON string literal.
fn json_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}
