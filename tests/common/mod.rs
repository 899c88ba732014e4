//! Checks shared by the test files, and where they find the benchmark data.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

use replan::{Cost, DenseIds, Graph, IndexedGraph, Path};

#[cfg(feature = "grid")]
pub mod exact_any_angle;
#[cfg(feature = "puzzle")]
pub mod korf;

/// The data folder: `$REPLAN_DATA`, or `../shared/data` beside the crate.
pub fn data_dir() -> PathBuf {
    std::env::var_os("REPLAN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

/// The file or folder `relative` inside the data folder, or `None` after a notice on
/// stderr naming `test`, the missing path and how to provide it. The data are not part of
/// the crate (a clone or a downloaded package has none), so a test that needs them skips
/// rather than fails; a path that exists but cannot be read still fails the test.
pub fn data_path(test: &str, relative: &str) -> Option<PathBuf> {
    let path = data_dir().join(relative);
    if path.exists() {
        return Some(path);
    }
    // Written to the stderr handle rather than with `eprintln!`, which the test harness
    // captures and shows only for failing tests: a skip should be seen.
    let _ = writeln!(
        std::io::stderr(),
        "skipping {test}: {} not found (set REPLAN_DATA to the data folder)",
        path.display()
    );
    None
}

/// Asserts that `path` is a walk of `graph` from `start` to `goal` whose edges add up to
/// `path.cost`; returns a description of the first problem found. Between two nodes joined
/// by parallel edges the planner may have used any of them, so the cost must lie between
/// the sums of the cheapest and the dearest choices (equal when there are no parallel edges).
pub fn check_walk<G: Graph>(
    graph: &G,
    path: &Path<G::Node, G::Cost>,
    start: G::Node,
    goal: G::Node,
) -> Result<(), String> {
    if path.nodes.first() != Some(&start) {
        return Err(format!(
            "path starts at {:?}, not {start:?}",
            path.nodes.first()
        ));
    }
    if path.nodes.last() != Some(&goal) {
        return Err(format!(
            "path ends at {:?}, not {goal:?}",
            path.nodes.last()
        ));
    }
    let (mut low, mut high) = (0.0, 0.0);
    for pair in path.nodes.windows(2) {
        let mut range: Option<(f64, f64)> = None;
        graph.successors(pair[0], |next, cost| {
            if next == pair[1] {
                let cost = cost.as_f64();
                range = Some(range.map_or((cost, cost), |(a, b)| (a.min(cost), b.max(cost))));
            }
        });
        match range {
            Some((cheapest, dearest)) => {
                low += cheapest;
                high += dearest;
            }
            None => return Err(format!("no edge {:?} -> {:?}", pair[0], pair[1])),
        }
    }
    let cost = path.cost.as_f64();
    if !(close(low, cost) || close(high, cost) || (low..=high).contains(&cost)) {
        return Err(format!(
            "edges add up to {low}..={high}, path says {:?}",
            path.cost
        ));
    }
    Ok(())
}

/// Equality up to float rounding in long sums.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// A dense graph that claims four billion nodes and has ten, in a line `0 → 1 → … → 9`:
/// a search must reach node 9 (or refuse the size) without allocating for the claim.
pub struct Claimed;

impl Graph for Claimed {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;
    fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        if node < 9 {
            visit(node + 1, 1);
        }
    }
}

impl IndexedGraph for Claimed {
    fn node_bound(&self) -> usize {
        4_000_000_000
    }
    fn index(&self, node: u32) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}
