//! A graph given by closures (`from_fn`) against the same graph written out as a `Graph`
//! implementation: the same edges both ways, and every planner finding the same costs on
//! random directed graphs.

use crate::common;

use common::check_walk;
use proptest::prelude::*;
use replan::prelude::*;

/// A directed graph with `u32` nodes written out by hand: the oracle.
#[derive(Clone, Debug)]
struct Adjacency {
    out: Vec<Vec<(u32, u32)>>,
    into: Vec<Vec<(u32, u32)>>,
}

impl Adjacency {
    fn new(nodes: usize, edges: &[(usize, usize, u32)]) -> Self {
        let mut out = vec![Vec::new(); nodes];
        let mut into = vec![Vec::new(); nodes];
        for &(from, to, cost) in edges {
            out[from].push((to as u32, cost));
            into[to].push((from as u32, cost));
        }
        Adjacency { out, into }
    }
}

impl Graph for Adjacency {
    type Node = u32;
    type Cost = u32;
    type Ids = HashedIds<u32>;
    fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &(next, cost) in &self.out[node as usize] {
            visit(next, cost);
        }
    }
}

impl ReverseGraph for Adjacency {
    fn predecessors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &(previous, cost) in &self.into[node as usize] {
            visit(previous, cost);
        }
    }
}

/// A random graph of 1 to 40 nodes with up to three edges per node on average (parallel
/// edges and self-loops included), costs 1 to 9, and a start and goal in it.
fn graph_case() -> impl Strategy<Value = (Adjacency, u32, u32)> {
    (1usize..40).prop_flat_map(|nodes| {
        (
            prop::collection::vec((0..nodes, 0..nodes, 1u32..10), 0..nodes * 3),
            0..nodes as u32,
            0..nodes as u32,
        )
            .prop_map(move |(edges, start, goal)| (Adjacency::new(nodes, &edges), start, goal))
    })
}

/// Every edge `graph` reports for `node`, in order.
fn edges_of(each: impl FnOnce(&mut dyn FnMut(u32, u32))) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    each(&mut |node, cost| edges.push((node, cost)));
    edges
}

/// `Ok(cost)` with the path checked as a walk of the oracle, or the error.
fn checked_cost(
    oracle: &Adjacency,
    result: Result<Path<u32, u32>, PlanError>,
    start: u32,
    goal: u32,
) -> Result<(u32, usize), PlanError> {
    let path = result?;
    check_walk(oracle, &path, start, goal).unwrap();
    Ok((path.cost, path.nodes.len()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_closure_graph_lists_the_edges_of_the_graph_it_describes(
        (oracle, _, _) in graph_case()
    ) {
        let closures = from_fn(|n: u32| oracle.out[n as usize].iter().copied())
            .with_predecessors(|n: u32| oracle.into[n as usize].iter().copied());
        for node in 0..oracle.out.len() as u32 {
            prop_assert_eq!(
                edges_of(|visit| closures.successors(node, visit)),
                edges_of(|visit| oracle.successors(node, visit))
            );
            prop_assert_eq!(
                edges_of(|visit| closures.predecessors(node, visit)),
                edges_of(|visit| oracle.predecessors(node, visit))
            );
        }
    }

    #[test]
    fn planners_find_the_same_costs_on_a_closure_graph((oracle, start, goal) in graph_case()) {
        // Borrowed slices, as a caller with an adjacency list of their own would write it.
        let closures = from_fn(|n: u32| oracle.out[n as usize].iter().copied())
            .with_predecessors(|n: u32| oracle.into[n as usize].iter().copied());

        let least = checked_cost(&oracle, Dijkstra::default().plan(&oracle, start, goal), start, goal);
        let on_closures =
            checked_cost(&oracle, Dijkstra::default().plan(&closures, start, goal), start, goal);
        prop_assert_eq!(on_closures.map(|(cost, _)| cost), least.clone().map(|(cost, _)| cost));
        let repaired =
            checked_cost(&oracle, DStarLite::new(Zero).plan(&closures, start, goal), start, goal);
        prop_assert_eq!(repaired.map(|(cost, _)| cost), least.clone().map(|(cost, _)| cost));

        let fewest = checked_cost(&oracle, Bfs::new().plan(&oracle, start, goal), start, goal);
        let bfs = checked_cost(&oracle, Bfs::new().plan(&closures, start, goal), start, goal);
        prop_assert_eq!(bfs.map(|(_, len)| len), fewest.clone().map(|(_, len)| len));
        let both_ends = checked_cost(
            &oracle,
            BidirectionalBfs::new().plan(&closures, start, goal),
            start,
            goal,
        );
        prop_assert_eq!(both_ends.map(|(_, len)| len), fewest.clone().map(|(_, len)| len));
    }
}

/// A planner kept across calls on one closure graph answers each query as a fresh one does.
#[test]
fn a_planner_reused_on_a_closure_graph_answers_like_a_fresh_one() {
    // A 6×6 open grid as arithmetic, 4-connected, each step costing 1 + the target's row.
    let grid = from_fn(|(x, y): (i32, i32)| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(|&(x, y)| (0..6).contains(&x) && (0..6).contains(&y))
            .map(|(x, y)| ((x, y), 1 + y as u32))
    });
    let mut kept = AStar::new(|a: (i32, i32), b: (i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1));
    for (start, goal) in [
        ((0, 0), (5, 5)),
        ((5, 0), (0, 5)),
        ((2, 3), (2, 3)),
        ((0, 5), (5, 5)),
    ] {
        let again = kept.plan(&grid, start, goal).unwrap();
        let fresh = Dijkstra::default().plan(&grid, start, goal).unwrap();
        assert_eq!(again.cost, fresh.cost, "{start:?} -> {goal:?}");
        assert_eq!(again.nodes.first(), Some(&start));
        assert_eq!(again.nodes.last(), Some(&goal));
    }
    // Along row 0 every step costs 1: five steps.
    assert_eq!(kept.plan(&grid, (0, 0), (5, 0)).unwrap().cost, 5);
    // An unreachable cell is reported, not searched forever: the grid is finite.
    assert!(matches!(
        kept.plan(&grid, (0, 0), (9, 9)),
        Err(PlanError::NoPath)
    ));
}

/// A closure that returns a `Vec` works too (at one allocation per expansion).
#[test]
fn a_closure_may_return_a_vec() {
    let divisors = from_fn(|n: u32| {
        (2..n)
            .filter(|d| n % d == 0)
            .map(|d| (n / d, d))
            .collect::<Vec<_>>()
    });
    // A step divides by `d` at cost `d`. Reaching 5 from 60 divides by 12 in all: 12 costs
    // 12, 2·6 costs 8, 3·4 and 2·2·3 cost 7.
    let path = Dijkstra::default().plan(&divisors, 60, 5).unwrap();
    assert_eq!(path.cost, 2 + 2 + 3);
    assert_eq!(path.nodes.first(), Some(&60));
    assert_eq!(path.nodes.last(), Some(&5));
}

/// A closure graph clones when its closures do, and prints the closures' types (closures
/// have no `Debug` of their own).
#[test]
fn a_closure_graph_clones_and_prints() {
    // A captured `Vec` makes the closure `Clone` but not `Copy`.
    let offsets: Vec<u32> = (1..=2).collect();
    let ladder = from_fn(move |n: u32| {
        offsets
            .iter()
            .map(|&step| (n + step, step))
            .collect::<Vec<_>>()
    });
    let copy = ladder.clone();
    assert_eq!(
        Bfs::new().plan(&copy, 0, 5).unwrap().nodes.len(),
        Bfs::new().plan(&ladder, 0, 5).unwrap().nodes.len()
    );
    let printed = format!("{ladder:?}");
    assert!(printed.starts_with("FnGraph"), "{printed}");
    assert!(
        printed.contains("successors") && printed.contains("predecessors"),
        "{printed}"
    );
}
