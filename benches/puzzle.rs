//! Sliding-tile puzzle benchmarks.
//!
//! - `8puzzle/*`: the two 31-move 8-puzzles and 20 random ones (blank-last goal), solved by
//!   our planners and by `pathfinding`'s on the same boards, with the same successor order
//!   and the same heuristic functions, side by side. Each iteration solves all 22.
//!   `replan` searches [`SlidingPuzzle`] (ids from [`BoardIds`](replan::puzzle::BoardIds)),
//!   `replan_ranked` the dense [`RankedPuzzle`]; `pathfinding` gets its successors in a
//!   `SmallVec`, so neither side allocates per node for them. Our IDA* updates each child's
//!   estimate from its parent's ([`IdaStar::incremental`]), which `pathfinding`'s heuristic
//!   closure, seeing one node, cannot; the estimates are the same values (the tests check
//!   every update against a full evaluation), so both sides search the same nodes in the
//!   same order and only the work per node differs. Both bidirectional searches return at
//!   the first meeting (ours because every slide costs the same,
//!   [`Graph::uniform_costs`]), and both A*s pop equal `f` deepest first: each pair expands
//!   the same number of nodes, give or take ties (A* with linear conflict 13,381 against
//!   13,345). Our planners skip the move back to a node's parent
//!   ([`NodeIds::successors_skipping_parent`](replan::NodeIds::successors_skipping_parent))
//!   and update estimates along moves ([`Heuristic::estimate_child`]); `pathfinding` has
//!   neither hook, and gets the same successor function and heuristic otherwise.
//! - `8puzzle/paired`: not a criterion benchmark but a printed report beside them: right
//!   after each pair's criterion measurements, the same two passes again, `replan` and
//!   `pathfinding` timed in alternating chunks of about 40 ms (`benches/paired`), and the
//!   median of the per-round ratios. This machine's speed changes over
//!   seconds, and `replan`'s more than `pathfinding`'s (see `BENCHMARKS.md`); two criterion
//!   measurements taken five seconds apart can land in different phases, a round of the
//!   report cannot.
//! - `korf100/*`: Korf's 100 15-puzzles by IDA* with the 6-6-3 pattern databases, single
//!   thread; the database build time and the node counts are printed before the timing.
//!   Needs the data folder (`$REPLAN_DATA` or `../shared/data`); skipped without it.
//! - `korf100/ida_star_pdb_78`: the same 100 with the 7-8 pattern databases and their
//!   reflection, single thread, loaded from `$REPLAN_PDB` or `target/pdb/7-8-blank-first.pdb`
//!   (build that once: `cargo run --release --features puzzle --example puzzle -- --goal blank-first
//!   --heuristic pdb-7-8`); the load time and node counts are printed before the timing.
//!   Skipped without the file.
//!
//! ```text
//! cargo bench -p replan-benches --bench puzzle                 # everything (several minutes)
//! cargo bench -p replan-benches --bench puzzle -- 8puzzle      # the comparison with pathfinding only
//! ```

use std::time::{Duration, Instant};

use criterion::{black_box, Criterion};
use pathfinding::prelude::{astar, bfs_bidirectional, idastar};
use replan::puzzle::{
    AdditivePdb, CompactAdditivePdb, GoalKind, LinearConflict, ManhattanSum, RankedPuzzle,
    SlidingPuzzle, TileBoard,
};
use replan::{AStar, BidirectionalBfs, Graph, Heuristic, IdaStar, IncrementalHeuristic, Planner};
use smallvec::SmallVec;

mod paired;

/// The boards of the 8-puzzle comparison: the two 31-move ones first, then 20 random.
fn eight_puzzles(puzzle: &SlidingPuzzle) -> Vec<TileBoard> {
    let goal = puzzle.goal();
    let mut boards = vec![
        puzzle.parse("6 4 7 8 5 0 3 2 1").unwrap(),
        puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap(),
    ];
    boards.extend((0..20).map(|seed| puzzle.random_board(goal, seed)));
    boards
}

/// Successors for `pathfinding`: the same boards in the same order as our graph, in a
/// `SmallVec` so that neither side allocates a successor list. Always inlined, as our
/// planners inline the graph's `successors`: left to the compiler, whether these two were
/// inlined changed with unrelated code in this file, and `pathfinding`'s times with it
/// (bidirectional BFS 4.3 ms in one build, 6.6 ms in another).
#[inline(always)]
fn neighbours(puzzle: &SlidingPuzzle, board: TileBoard) -> SmallVec<[TileBoard; 4]> {
    let mut out = SmallVec::new();
    puzzle.successors(board, |next, _| out.push(next));
    out
}

#[inline(always)]
fn weighted(puzzle: &SlidingPuzzle, board: TileBoard) -> SmallVec<[(TileBoard, u32); 4]> {
    let mut out = SmallVec::new();
    puzzle.successors(board, |next, cost| out.push((next, cost)));
    out
}

fn eight_puzzle(c: &mut Criterion) {
    let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    let ranked: RankedPuzzle = puzzle.ranked().unwrap();
    let goal = puzzle.goal();
    let boards = eight_puzzles(&puzzle);
    let manhattan = ManhattanSum::new(goal);
    let conflict = LinearConflict::new(goal);

    // Both sides must agree before their speed is compared.
    let mut our_astar = AStar::new(conflict.clone());
    let ranked_graph: &RankedPuzzle = &ranked;
    let mut total_moves = 0;
    for &board in &boards {
        let ours = our_astar.plan(ranked_graph, board, goal).unwrap().len();
        let theirs = astar(
            &board,
            |b| weighted(&puzzle, *b),
            |b| conflict.estimate(*b, goal),
            |b| *b == goal,
        )
        .unwrap()
        .1 as usize;
        assert_eq!(ours, theirs);
        total_moves += ours;
    }
    eprintln!(
        "8-puzzle set: {} boards, {total_moves} moves in all",
        boards.len()
    );
    print_expansions(&puzzle, &boards, &manhattan, &conflict);

    let mut group = c.benchmark_group("8puzzle");
    group.sample_size(10);
    // Each pair is measured back to back, `replan` then `pathfinding`, and the ranked
    // variant after both: this machine's speed drifts over minutes, and a ratio taken from
    // two measurements seconds apart drifts least. The paired report, when selected, comes
    // right after each pair.
    let set = EightPuzzleSet {
        puzzle: &puzzle,
        ranked: &ranked,
        boards: &boards,
        paired: paired::selected("8puzzle/paired"),
    };
    bidirectional_pair(&mut group, &set);
    astar_pair(&mut group, &set, "astar_manhattan", manhattan.clone());
    astar_pair(&mut group, &set, "astar_linear_conflict", conflict.clone());
    ida_pair(&mut group, &set, "ida_star_manhattan", manhattan);
    ida_pair(&mut group, &set, "ida_star_linear_conflict", conflict);
    group.finish();
}

/// The 8-puzzle comparison's inputs, shared by its pairs.
struct EightPuzzleSet<'a> {
    puzzle: &'a SlidingPuzzle,
    ranked: &'a RankedPuzzle,
    boards: &'a [TileBoard],
    /// Whether to print the paired report after each pair.
    paired: bool,
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// Measures one pair: `ours` and `theirs` each solve the whole set once per call. Criterion
/// times each on its own, then, if selected, [`paired::report`] times them in alternation.
fn measure_pair(
    group: &mut Group<'_>,
    set: &EightPuzzleSet<'_>,
    name: &str,
    mut ours: impl FnMut(),
    mut theirs: impl FnMut(),
) {
    group.bench_function(format!("{name}/replan"), |b| b.iter(&mut ours));
    group.bench_function(format!("{name}/pathfinding"), |b| b.iter(&mut theirs));
    if set.paired {
        paired::report(
            &format!("8puzzle/{name}"),
            "replan",
            "pathfinding",
            &mut ours,
            &mut theirs,
        );
    }
}

/// Our bidirectional BFS (hashed ids, then ranked) against `pathfinding`'s.
fn bidirectional_pair(group: &mut Group<'_>, set: &EightPuzzleSet<'_>) {
    let (puzzle, boards) = (set.puzzle, set.boards);
    let goal = puzzle.goal();
    let mut ours = BidirectionalBfs::new();
    measure_pair(
        group,
        set,
        "bidirectional_bfs",
        || {
            for &board in boards {
                black_box(ours.plan(puzzle, board, goal).unwrap());
            }
        },
        || {
            for &board in boards {
                black_box(
                    bfs_bidirectional(
                        &board,
                        &goal,
                        |b| neighbours(puzzle, *b),
                        |b| neighbours(puzzle, *b),
                    )
                    .unwrap(),
                );
            }
        },
    );
    let mut ours_ranked = BidirectionalBfs::new();
    group.bench_function("bidirectional_bfs/replan_ranked", |b| {
        b.iter(|| {
            for &board in boards {
                black_box(ours_ranked.plan(set.ranked, board, goal).unwrap());
            }
        })
    });
}

/// Our A* on the 8-puzzle (hashed ids, then ranked) against `pathfinding`'s, with the same
/// heuristic.
fn astar_pair<H>(group: &mut Group<'_>, set: &EightPuzzleSet<'_>, name: &str, heuristic: H)
where
    H: Heuristic<TileBoard, u32> + Clone,
{
    let (puzzle, boards) = (set.puzzle, set.boards);
    let goal = puzzle.goal();
    let mut ours = AStar::new(heuristic.clone());
    measure_pair(
        group,
        set,
        name,
        || {
            for &board in boards {
                black_box(ours.plan(puzzle, board, goal).unwrap());
            }
        },
        || {
            for &board in boards {
                black_box(
                    astar(
                        &board,
                        |b| weighted(puzzle, *b),
                        |b| heuristic.estimate(*b, goal),
                        |b| *b == goal,
                    )
                    .unwrap(),
                );
            }
        },
    );
    let mut ours_ranked = AStar::new(heuristic.clone());
    group.bench_function(format!("{name}/replan_ranked"), |b| {
        b.iter(|| {
            for &board in boards {
                black_box(ours_ranked.plan(set.ranked, board, goal).unwrap());
            }
        })
    });
}

/// Our IDA* (incremental where the heuristic is) against `pathfinding`'s, with the same
/// heuristic.
fn ida_pair<H>(group: &mut Group<'_>, set: &EightPuzzleSet<'_>, name: &str, heuristic: H)
where
    H: Heuristic<TileBoard, u32> + IncrementalHeuristic<TileBoard, u32> + Clone,
{
    let (puzzle, boards) = (set.puzzle, set.boards);
    let goal = puzzle.goal();
    let mut ours = IdaStar::incremental(heuristic.clone());
    measure_pair(
        group,
        set,
        name,
        || {
            for &board in boards {
                black_box(ours.plan(puzzle, board, goal).unwrap());
            }
        },
        || {
            for &board in boards {
                black_box(
                    idastar(
                        &board,
                        |b| weighted(puzzle, *b),
                        |b| heuristic.estimate(*b, goal),
                        |b| *b == goal,
                    )
                    .unwrap(),
                );
            }
        },
    );
}

/// Prints how many nodes each side expands over the set (for `pathfinding`, the calls of
/// its successor closure), so the timings can be read per node as well.
fn print_expansions(
    puzzle: &SlidingPuzzle,
    boards: &[TileBoard],
    manhattan: &ManhattanSum,
    conflict: &LinearConflict,
) {
    let goal = puzzle.goal();
    let calls = std::cell::Cell::new(0_u64);
    let counted = |board: &TileBoard| {
        calls.set(calls.get() + 1);
        neighbours(puzzle, *board)
    };
    let counted_weighted = |board: &TileBoard| {
        calls.set(calls.get() + 1);
        weighted(puzzle, *board)
    };
    let mut ours = [0_u64; 3];
    let mut theirs = [0_u64; 3];
    for &board in boards {
        let path = BidirectionalBfs::new().plan(puzzle, board, goal).unwrap();
        ours[0] += path.stats.expanded;
        bfs_bidirectional(&board, &goal, counted, counted).unwrap();
        theirs[0] += calls.replace(0);
        let path = AStar::new(manhattan.clone())
            .plan(puzzle, board, goal)
            .unwrap();
        ours[1] += path.stats.expanded;
        let h = |b: &TileBoard| manhattan.estimate(*b, goal);
        astar(&board, counted_weighted, h, |b| *b == goal).unwrap();
        theirs[1] += calls.replace(0);
        let path = AStar::new(conflict.clone())
            .plan(puzzle, board, goal)
            .unwrap();
        ours[2] += path.stats.expanded;
        let h = |b: &TileBoard| conflict.estimate(*b, goal);
        astar(&board, counted_weighted, h, |b| *b == goal).unwrap();
        theirs[2] += calls.replace(0);
    }
    for (name, (ours, theirs)) in ["bidirectional BFS", "A* Manhattan", "A* linear conflict"]
        .iter()
        .zip(ours.iter().zip(&theirs))
    {
        eprintln!("8-puzzle set, {name}: replan expands {ours}, pathfinding {theirs}");
    }
}

/// Korf's 100 with their optimal lengths, or `None` after a notice.
fn korf_instances(puzzle: &SlidingPuzzle) -> Option<Vec<(TileBoard, usize)>> {
    let path = paired::data_dir().join("korf100.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("notice: {} not readable; skipping korf100", path.display());
        return None;
    };
    let instances = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (
                puzzle.parse(&fields[2..].join(" ")).unwrap(),
                fields[1].parse().unwrap(),
            )
        })
        .collect();
    Some(instances)
}

fn korf100(c: &mut Criterion) {
    // Building the databases takes seconds: skip them when a filter leaves this group out.
    if !paired::selected("korf100/ida_star_pdb_663") {
        return;
    }
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let Some(instances) = korf_instances(&puzzle) else {
        return;
    };

    let started = Instant::now();
    let pdb = AdditivePdb::six_six_three(&puzzle, goal, |_, _| {}).unwrap();
    eprintln!(
        "korf100: 6-6-3 databases built in {:.2?} (one thread)",
        started.elapsed()
    );

    let mut ida = IdaStar::incremental(&pdb);
    let started = Instant::now();
    let (mut expanded, mut generated) = (0, 0);
    for &(board, optimal) in &instances {
        let path = ida.plan(&puzzle, board, goal).unwrap();
        assert_eq!(path.len(), optimal);
        expanded += path.stats.expanded;
        generated += path.stats.generated;
    }
    eprintln!(
        "korf100: {} instances optimal in {:.2?}: {expanded} nodes expanded, {generated} generated",
        instances.len(),
        started.elapsed()
    );

    let mut group = c.benchmark_group("korf100");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("ida_star_pdb_663", |b| {
        b.iter(|| {
            for &(board, _) in &instances {
                black_box(ida.plan(&puzzle, board, goal).unwrap());
            }
        })
    });
    group.finish();
}

fn korf100_seven_eight(c: &mut Criterion) {
    if !paired::selected("korf100/ida_star_pdb_78") {
        return;
    }
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let Some(instances) = korf_instances(&puzzle) else {
        return;
    };
    let file = std::env::var_os("REPLAN_PDB").map_or_else(
        || {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../target/pdb/7-8-blank-first.pdb")
        },
        std::path::PathBuf::from,
    );
    if !file.exists() {
        eprintln!(
            "notice: {} missing; skipping korf100/ida_star_pdb_78 (build it with \
             `cargo run --release --features puzzle --example puzzle -- --goal blank-first --heuristic pdb-7-8`)",
            file.display()
        );
        return;
    }
    let patterns = CompactAdditivePdb::seven_eight_patterns(goal).unwrap();
    let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
    let started = Instant::now();
    let pdb = CompactAdditivePdb::load_for(&file, goal, &patterns).unwrap();
    eprintln!("korf100: 7-8 databases loaded in {:.2?}", started.elapsed());

    let mut ida = IdaStar::incremental(&pdb);
    let started = Instant::now();
    let (mut expanded, mut generated) = (0, 0);
    for &(board, optimal) in &instances {
        let path = ida.plan(&puzzle, board, goal).unwrap();
        assert_eq!(path.len(), optimal);
        expanded += path.stats.expanded;
        generated += path.stats.generated;
    }
    eprintln!(
        "korf100: {} instances optimal with 7-8 in {:.2?}: {expanded} nodes expanded, {generated} generated",
        instances.len(),
        started.elapsed()
    );

    let mut group = c.benchmark_group("korf100");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("ida_star_pdb_78", |b| {
        b.iter(|| {
            for &(board, _) in &instances {
                black_box(ida.plan(&puzzle, board, goal).unwrap());
            }
        })
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    eight_puzzle(&mut criterion);
    korf100(&mut criterion);
    korf100_seven_eight(&mut criterion);
    criterion.final_summary();
}
