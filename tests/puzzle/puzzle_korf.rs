//! Korf's 100 random 15-puzzle instances, solved optimally by IDA* with the 6-6-3 additive
//! pattern database (with its diagonal reflection).
//!
//! The data folder is `$REPLAN_DATA`, or `../shared/data` beside the crate; without it the
//! tests print a notice and pass. `korf_ten` runs in every `cargo test`; all 100:
//!
//! ```text
//! cargo test --release --features puzzle --test puzzle -- puzzle_korf:: --ignored --nocapture
//! ```

use std::sync::OnceLock;
use std::time::Instant;

use replan::puzzle::{AdditivePdb, GoalKind, SlidingPuzzle};
use replan::IdaStar;

use crate::common;

use common::korf::instances;

fn database(puzzle: &SlidingPuzzle) -> &'static AdditivePdb {
    static PDB: OnceLock<AdditivePdb> = OnceLock::new();
    PDB.get_or_init(|| {
        let started = Instant::now();
        let goal = puzzle.goal_of(GoalKind::BlankFirst);
        let pdb = AdditivePdb::six_six_three(puzzle, goal, |_, _| {}).expect("6-6-3 database");
        eprintln!("6-6-3 database built in {:.2?}", started.elapsed());
        pdb
    })
}

/// Solves the instances whose ids are in `ids` (all when `None`), checks each length and
/// path, and prints the totals.
fn solve(ids: Option<&[u32]>) {
    let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    let Some(instances) = instances("Korf's 100", &puzzle) else {
        return;
    };
    let goal = puzzle.goal_of(GoalKind::BlankFirst);
    let pdb = database(&puzzle);
    let mut ida = IdaStar::incremental(pdb);
    let (mut total_nodes, started) = (0u64, Instant::now());
    let mut solved = 0;
    for instance in instances
        .iter()
        .filter(|instance| ids.is_none_or(|ids| ids.contains(&instance.id)))
    {
        let one = Instant::now();
        let solution = puzzle.solve(&mut ida, instance.start, goal).unwrap();
        assert_eq!(
            solution.len() as u32,
            instance.optimal,
            "instance {} solved in {} moves, optimum {}",
            instance.id,
            solution.len(),
            instance.optimal
        );
        assert_eq!(instance.start.apply_all(&solution.moves), Some(goal));
        total_nodes += solution.stats.expanded;
        solved += 1;
        eprintln!(
            "instance {:3}: {} moves, {:>11} nodes expanded, {:.3?}",
            instance.id,
            solution.len(),
            solution.stats.expanded,
            one.elapsed()
        );
    }
    let elapsed = started.elapsed();
    eprintln!(
        "{solved} instances: {total_nodes} nodes expanded in {elapsed:.2?} ({:.0} nodes/s)",
        total_nodes as f64 / elapsed.as_secs_f64()
    );
    let _ = ida.last_stats();
}

/// Ten instances in every test run, so CI checks optimality with the real database.
#[test]
fn korf_ten() {
    solve(Some(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
}

/// All 100: `cargo test --release --features puzzle --test puzzle -- puzzle_korf:: --ignored --nocapture`.
#[test]
#[ignore = "about a minute in release mode; run with --ignored"]
fn korf_hundred() {
    solve(None);
}
