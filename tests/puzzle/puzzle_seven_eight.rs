//! The 7-8 additive pattern databases of the 15-puzzle with their diagonal reflection
//! ([`CompactAdditivePdb`]), and their file format.
//!
//! Every `cargo test` checks the file format's refusals and optimal solutions on small
//! compact databases. Building the 7-8 databases (about 1.3 GB while building, four minutes
//! of CPU time spread over two threads) and solving Korf's 100 with them are ignored tests:
//!
//! ```text
//! cargo test --release --features puzzle --test puzzle -- puzzle_seven_eight:: --ignored --nocapture --test-threads 1
//! ```
//!
//! The databases are saved to `$REPLAN_PDB`, or `target/pdb/7-8-blank-first.pdb` in the crate, and
//! loaded from there when present.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use replan::puzzle::{
    AdditivePdb, CompactAdditivePdb, CompactDatabase, DatabaseError, GoalKind, ManhattanSum,
    SlidingPuzzle, TileBoard,
};
use replan::{Heuristic, IdaStar};

use crate::common;

/// Where the 7-8 databases live: `$REPLAN_PDB`, or `target/pdb/7-8-blank-first.pdb`.
fn database_path() -> PathBuf {
    std::env::var_os("REPLAN_PDB").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/pdb/7-8-blank-first.pdb"),
        PathBuf::from,
    )
}

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("replan-seven-eight-{}-{name}", std::process::id()))
}

/// This process's peak resident memory in bytes and its CPU time (user and system), from
/// `/proc` (Linux only; `None` elsewhere).
fn peak_memory_and_cpu() -> Option<(u64, Duration)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().ok()? + fields[12].parse::<u64>().ok()?;
    // The kernel reports CPU time in clock ticks of 1/100 s on every common Linux setup.
    Some((kib * 1024, Duration::from_millis(ticks * 10)))
}

/// A small compact partition of the 3×3 puzzle, saved to a fresh file.
fn small_file(name: &str) -> (CompactAdditivePdb, PathBuf) {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let pdb =
        CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    let path = temp_path(name);
    pdb.save(&path).unwrap();
    (pdb, path)
}

#[test]
fn compact_file_round_trips() {
    let (pdb, path) = small_file("round-trip.pdb");
    let loaded = CompactAdditivePdb::load(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(loaded.databases(), pdb.databases());
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    for seed in 0..50 {
        let board = puzzle.random_board(puzzle.goal(), seed);
        assert_eq!(
            loaded.estimate(board, puzzle.goal()),
            pdb.estimate(board, puzzle.goal())
        );
    }
}

#[test]
fn compact_file_truncated_anywhere_is_refused() {
    let (_, path) = small_file("truncated.pdb");
    let bytes = std::fs::read(&path).unwrap();
    for cut in [
        0,
        7,
        12,
        20,
        40,
        bytes.len() / 2,
        bytes.len() - 9,
        bytes.len() - 1,
    ] {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        let result = CompactAdditivePdb::load(&path);
        let Err(DatabaseError::Truncated { expected, found }) = result else {
            panic!("cut at {cut}: {result:?}");
        };
        // The size reported is the whole file's, or the end of the database cut short: the
        // magic bytes for a cut inside them, the whole file for a cut in the last database.
        assert_eq!(found, cut as u64);
        assert!(
            cut < expected as usize && expected as usize <= bytes.len(),
            "cut at {cut}: {expected}"
        );
        if cut < 8 {
            assert_eq!(expected, 8, "cut at {cut}");
        }
        if cut >= bytes.len() - 9 {
            assert_eq!(expected, bytes.len() as u64, "cut at {cut}");
        }
    }
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0, 0, 0]);
    std::fs::write(&path, &longer).unwrap();
    let result = CompactAdditivePdb::load(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(
        matches!(result, Err(DatabaseError::TrailingBytes(3))),
        "{result:?}"
    );
}

#[test]
fn compact_file_of_one_database_is_checked_as_the_whole() {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let db = CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3, 4]).unwrap();
    let bytes = db.to_bytes();
    assert_eq!(CompactDatabase::from_bytes(&bytes).unwrap(), db);
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0, 0, 0]);
    let result = CompactDatabase::from_bytes(&longer);
    assert!(
        matches!(result, Err(DatabaseError::TrailingBytes(3))),
        "{result:?}"
    );
    // The header is 36 bytes; once it is read, the whole size is known.
    let len = bytes.len();
    for (cut, whole) in [
        (0, 8),
        (3, 8),
        (30, 36),
        (40, len),
        (len - 9, len),
        (len - 1, len),
    ] {
        let result = CompactDatabase::from_bytes(&bytes[..cut]);
        let Err(DatabaseError::Truncated { expected, found }) = result else {
            panic!("cut at {cut}: {result:?}");
        };
        assert_eq!(
            (expected, found),
            (whole as u64, cut as u64),
            "cut at {cut}"
        );
    }
}

#[test]
fn compact_file_with_a_bad_database_count_is_refused() {
    // Eight one-tile databases, the most a file holds, load; a count of 0 or 9 does not.
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let singles: Vec<Vec<u8>> = (1..=8).map(|tile| vec![tile]).collect();
    let singles: Vec<&[u8]> = singles.iter().map(Vec::as_slice).collect();
    let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &singles).unwrap();
    let path = temp_path("count.pdb");
    pdb.save(&path).unwrap();
    assert_eq!(
        CompactAdditivePdb::load(&path).unwrap().databases().len(),
        8
    );
    let (_, path) = small_file("count.pdb");
    let bytes = std::fs::read(&path).unwrap();
    for count in [0u32, 9] {
        let mut changed = bytes.clone();
        changed[12..16].copy_from_slice(&count.to_le_bytes());
        std::fs::write(&path, &changed).unwrap();
        let result = CompactAdditivePdb::load(&path);
        assert!(
            matches!(result, Err(DatabaseError::Invalid(_))),
            "{count}: {result:?}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn compact_file_with_a_flipped_bit_is_refused() {
    let (_, path) = small_file("flipped.pdb");
    let bytes = std::fs::read(&path).unwrap();
    // Every byte of the first database's header and a spread of entries and checksums.
    let positions = (0..60)
        .chain((60..bytes.len()).step_by(997))
        .chain([bytes.len() - 1]);
    for at in positions {
        for bit in [0, 3, 7] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            std::fs::write(&path, &flipped).unwrap();
            let result = CompactAdditivePdb::load(&path);
            assert!(result.is_err(), "byte {at} bit {bit} flipped was accepted");
        }
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn foreign_files_are_refused() {
    let (_, path) = small_file("foreign.pdb");
    // A compact file is not an `AdditivePdb` file, nor the other way round.
    let result = AdditivePdb::load(&path);
    assert!(
        matches!(result, Err(DatabaseError::WrongLayout { .. })),
        "{result:?}"
    );
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let bytewise =
        AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    bytewise.save(&path).unwrap();
    let result = CompactAdditivePdb::load(&path);
    assert!(
        matches!(result, Err(DatabaseError::WrongLayout { .. })),
        "{result:?}"
    );
    // Another format version, and a file that is no database at all.
    let (_, path) = small_file("foreign.pdb");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8] = 2;
    std::fs::write(&path, &bytes).unwrap();
    let result = CompactAdditivePdb::load(&path);
    assert!(
        matches!(result, Err(DatabaseError::UnsupportedVersion(2))),
        "{result:?}"
    );
    std::fs::write(
        &path,
        b"# korf100.txt\n1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n",
    )
    .unwrap();
    let result = CompactAdditivePdb::load(&path);
    std::fs::remove_file(&path).unwrap();
    assert!(
        matches!(result, Err(DatabaseError::NotADatabase)),
        "{result:?}"
    );
}

#[test]
fn compact_file_of_another_partition_or_goal_is_refused() {
    let (_, path) = small_file("partition.pdb");
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let asked =
        |goal: TileBoard, patterns: &[&[u8]]| CompactAdditivePdb::load_for(&path, goal, patterns);
    assert!(asked(puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).is_ok());
    for patterns in [
        &[&[1u8, 2, 3, 5][..], &[4, 6, 7, 8]][..],
        &[&[5, 6, 7, 8], &[1, 2, 3, 4]],
        &[&[1, 2, 3, 4]],
    ] {
        let result = asked(puzzle.goal(), patterns);
        assert!(
            matches!(result, Err(DatabaseError::WrongPattern(_))),
            "{patterns:?}"
        );
    }
    let blank_first = puzzle.goal_of(GoalKind::BlankFirst);
    let result = asked(blank_first, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(result, Err(DatabaseError::WrongPattern(_))));
}

/// IDA* with compact databases (and their reflection) finds the same lengths as with the
/// byte-per-region databases of the same partition, on random 3×3 boards and on 15-puzzle
/// boards a few dozen moves from Korf's goal.
#[test]
fn compact_databases_solve_optimally() {
    for (width, patterns, boards, walk) in [
        (3, &[&[1u8, 2, 3, 4][..], &[5, 6, 7, 8]][..], 40, None),
        (
            4,
            &[&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]],
            6,
            Some(36),
        ),
    ] {
        let puzzle = SlidingPuzzle::new(width, width).unwrap();
        let goal = puzzle.goal_of(GoalKind::BlankFirst);
        let compact = CompactAdditivePdb::build(&puzzle, goal, patterns).unwrap();
        assert!(compact.reflects());
        let bytewise = AdditivePdb::build(&puzzle, goal, patterns).unwrap();
        let manhattan = ManhattanSum::new(goal);
        for seed in 0..boards {
            let start = match walk {
                None => puzzle.random_board(goal, seed),
                Some(moves) => random_walk(&puzzle, goal, moves, seed),
            };
            let estimate = compact.estimate(start, goal);
            assert!(estimate >= manhattan.estimate(start, goal));
            let by_compact = puzzle
                .solve(&mut IdaStar::incremental(&compact), start, goal)
                .unwrap();
            let by_bytes = puzzle
                .solve(&mut IdaStar::incremental(&bytewise), start, goal)
                .unwrap();
            assert_eq!(by_compact.len(), by_bytes.len(), "seed {seed}");
            assert!(estimate as usize <= by_compact.len());
            assert_eq!(start.apply_all(&by_compact.moves), Some(goal));
        }
    }
}

/// A board `moves` random moves (never straight back) from `goal`.
fn random_walk(puzzle: &SlidingPuzzle, goal: TileBoard, moves: usize, seed: u64) -> TileBoard {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let (mut board, mut last) = (goal, None);
    for _ in 0..moves {
        let options: Vec<TileBoard> = replan::puzzle::Move::ALL
            .iter()
            .filter_map(|&m| board.apply(m))
            .filter(|&b| Some(b) != last)
            .collect();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        last = Some(board);
        board = options[(state % options.len() as u64) as usize];
    }
    let _ = puzzle;
    board
}

/// Builds the 7-8 databases on two threads and saves them (see the file's documentation).
#[test]
#[ignore = "1.3 GB and about four minutes of CPU time; run with --release --ignored"]
fn seven_eight_build() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let started = Instant::now();
    let cpu_before = peak_memory_and_cpu().map(|(_, cpu)| cpu);
    let pdb = CompactAdditivePdb::seven_eight(&puzzle, goal, 2, |pattern, progress| {
        eprintln!(
            "pattern {pattern} depth {:2}: {:>11} of {} states, {:.1?}",
            progress.depth,
            progress.filled,
            progress.entries,
            started.elapsed()
        );
    })
    .unwrap();
    let built = started.elapsed();
    let path = database_path();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    pdb.save(&path).unwrap();
    eprintln!(
        "7-8 databases built in {built:.2?}, saved to {}",
        path.display()
    );
    if let (Some((peak, cpu)), Some(before)) = (peak_memory_and_cpu(), cpu_before) {
        eprintln!(
            "peak memory {:.2} GiB, CPU time {:.2?} for the build and save",
            peak as f64 / f64::from(1 << 30),
            cpu - before
        );
    }
    let histogram = pdb.databases().iter().map(|db| db.len()).sum::<usize>();
    assert_eq!(histogram, 57_657_600 + 518_918_400);
}

/// Loads the 7-8 databases from [`database_path`] (building and saving them first when the
/// file is missing), then solves Korf's 100 one after the other on this thread and checks
/// every length against the published optimum.
#[test]
#[ignore = "needs the 7-8 databases (built when missing); run with --release --ignored"]
fn seven_eight_korf_hundred() {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let Some(instances) = common::korf::instances("Korf's 100 with 7-8", &puzzle) else {
        return;
    };
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let path = database_path();
    if !path.exists() {
        seven_eight_build();
    }
    let patterns = CompactAdditivePdb::seven_eight_patterns(goal).unwrap();
    let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
    let started = Instant::now();
    let pdb = CompactAdditivePdb::load_for(&path, goal, &patterns).unwrap();
    let load = started.elapsed();
    let mut ida = IdaStar::incremental(&pdb);
    let mut times = Vec::new();
    let mut nodes = 0;
    let cpu_before = peak_memory_and_cpu().map(|(_, cpu)| cpu);
    let started = Instant::now();
    for instance in &instances {
        let one = Instant::now();
        let solution = puzzle.solve(&mut ida, instance.start, goal).unwrap();
        times.push(one.elapsed());
        assert_eq!(
            solution.len() as u32,
            instance.optimal,
            "instance {}",
            instance.id
        );
        assert_eq!(instance.start.apply_all(&solution.moves), Some(goal));
        nodes += solution.stats.expanded;
    }
    let total = started.elapsed();
    times.sort_unstable();
    eprintln!(
        "Korf's 100 with 7-8 reflected: {nodes} nodes expanded in {total:.3?} (load {load:.3?}); \
         median {:.2?}, worst {:.2?} per instance",
        times[times.len() / 2],
        times[times.len() - 1]
    );
    if let (Some((_, cpu)), Some(before)) = (peak_memory_and_cpu(), cpu_before) {
        eprintln!("CPU time of the solving: {:.2?}", cpu - before);
    }
}

/// Along random walks, the estimate updated move by move equals the one computed afresh,
/// with and without the reflection, on goals with the blank first and last (both on the
/// diagonal).
#[test]
fn incremental_estimates_match_fresh_ones() {
    use replan::IncrementalHeuristic;
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    for kind in [GoalKind::BlankFirst, GoalKind::BlankLast] {
        let goal = puzzle.goal_of(kind);
        let patterns: &[&[u8]] = &[&[1, 2, 3, 4], &[5, 6, 9, 10], &[7, 8, 11]];
        let mut pdb = CompactAdditivePdb::build(&puzzle, goal, patterns).unwrap();
        for reflect in [true, false] {
            pdb.set_reflection(reflect);
            assert_eq!(pdb.reflects(), reflect);
            for seed in 0..20 {
                let mut board = puzzle.random_board(goal, seed);
                let (mut h, mut state) = pdb.first(board, goal);
                for step in 0..60 {
                    let child = random_walk(&puzzle, board, 1, seed * 1000 + step);
                    let (next_h, next_state) = pdb.next(board, h, state, child, goal);
                    assert_eq!(next_h, pdb.first(child, goal).0, "seed {seed} step {step}");
                    (board, h, state) = (child, next_h, next_state);
                }
            }
        }
    }
}
