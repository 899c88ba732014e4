//! The checks behind the `sliced_search` fuzz target, shared with the property test that
//! runs them in CI (`tests/query_contracts.rs`).
//!
//! The bytes make a small digraph with `f64` costs chosen to tie (several routes of one
//! length, whose float sums can differ by an ulp) and some impassable edges of infinite
//! cost, an admissible heuristic that is often inconsistent, a query (one goal, a goal
//! set, or an empty set; with or without `or_closest`), a budget, and a sequence of
//! `resume` slices (0 included), budget changes and resumes with another query. The
//! sliced search must end as a plain Dijkstra says, with a path whose cost is its edges'
//! sum, with exactly the uninterrupted search's answer while the budget stays put, and
//! with each slice and budget honoured to the expansion.

use replan::{AStar, Budgeted, Goal, Graph, HashedIds, Outcome, PlanError, Progress, Query};

/// Edge costs: small multiples of 0.1 (which tie, up to rounding) and "impassable".
const COSTS: [f64; 9] = [0.1, 0.2, 0.3, 0.4, 0.1, 0.2, 0.3, 0.7, f64::INFINITY];

/// A digraph on nodes `0..edges.len()`.
#[derive(Debug)]
pub struct Digraph {
    edges: Vec<Vec<(u8, f64)>>,
}

impl Graph for Digraph {
    type Node = u8;
    type Cost = f64;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
        for &(next, cost) in &self.edges[usize::from(node)] {
            visit(next, cost);
        }
    }
}

/// The input, read a byte at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&byte, rest)) => {
                self.0 = rest;
                byte
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The cheapest cost from every node to the nearest of `goals` (infinite edges skipped):
/// a plain Bellman-Ford, the oracle.
fn distances_to(graph: &Digraph, goals: &[u8]) -> Vec<f64> {
    let n = graph.edges.len();
    let mut distance = vec![f64::INFINITY; n];
    for &goal in goals {
        distance[usize::from(goal)] = 0.0;
    }
    for _ in 0..n {
        for from in 0..n {
            for &(to, cost) in &graph.edges[from] {
                if cost.is_finite() {
                    let through = cost + distance[usize::from(to)];
                    if through < distance[from] {
                        distance[from] = through;
                    }
                }
            }
        }
    }
    distance
}

/// The sum of the cheapest edges along `nodes`, in order, or `None` if an edge is missing.
fn walk(graph: &Digraph, nodes: &[u8]) -> Option<f64> {
    let mut total = 0.0;
    for step in nodes.windows(2) {
        let cheapest = graph.edges[usize::from(step[0])]
            .iter()
            .filter(|&&(to, cost)| to == step[1] && cost.is_finite())
            .map(|&(_, cost)| cost)
            .fold(None, |best: Option<f64>, cost| {
                Some(best.map_or(cost, |best| best.min(cost)))
            })?;
        total += cheapest;
    }
    Some(total)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9
}

/// Runs one input; `Err` says which contract broke.
pub fn check(data: &[u8]) -> Result<(), String> {
    let mut bytes = Bytes(data);
    let n = 2 + bytes.next() % 9;
    let mut edges = vec![Vec::new(); usize::from(n)];
    for _ in 0..bytes.next() % 32 {
        let (from, to) = (bytes.next() % n, bytes.next() % n);
        let cost = COSTS[usize::from(bytes.next()) % COSTS.len()];
        edges[usize::from(from)].push((to, cost));
    }
    let graph = Digraph { edges };
    let start = bytes.next() % n;
    let other_start = (start + 1) % n;
    let set = [bytes.next() % n, bytes.next() % n];
    let (goal, goals): (Goal<u8>, &[u8]) = match bytes.next() % 4 {
        0 | 1 => (Goal::Node(set[0]), &set[..1]),
        2 => (Goal::AnyOf(&set), &set),
        _ => (Goal::AnyOf(&[]), &[]),
    };
    let closest = bytes.next() % 2 == 1;
    // Admissible (a fraction of the true distance) and, fractions differing from node to
    // node, often inconsistent. Nodes that reach no goal estimate anything finite.
    let distance = distances_to(&graph, goals);
    let estimates: Vec<f64> = distance
        .iter()
        .map(|&d| {
            let fraction = f64::from(bytes.next() % 5) / 4.0;
            if d.is_finite() {
                d * fraction
            } else {
                fraction
            }
        })
        .collect();
    let heuristic = |node: u8, _goal: u8| estimates[usize::from(node)];
    let budget = match bytes.next() % 3 {
        0 => None,
        _ => Some(u64::from(bytes.next() % 20)),
    };
    let mut query = Query::new(start, goal);
    if closest {
        query = query.or_closest();
    }
    let wrong = Query::new(other_start, goal);

    // The uninterrupted search, the reference for the sliced one.
    let mut whole = AStar::new(heuristic);
    whole.set_budget(budget);
    let uninterrupted = whole.search(&graph, &query);

    let mut astar = AStar::new(heuristic);
    astar.set_budget(budget);
    astar
        .begin(&graph, &query)
        .map_err(|e| format!("begin: {e}"))?;
    let mut budget_now = budget;
    let mut budget_changed = false;
    let mut ops = 0;
    let result = loop {
        ops += 1;
        let slice = if bytes.is_empty() || ops > 40 {
            u64::MAX
        } else {
            match bytes.next() % 6 {
                0..=2 => u64::from(bytes.next() % 4),
                3 => {
                    budget_now = match bytes.next() % 3 {
                        0 => None,
                        _ => Some(u64::from(bytes.next() % 25)),
                    };
                    budget_changed |= budget_now != budget;
                    astar.set_budget(budget_now);
                    continue;
                }
                _ => {
                    let before = astar.last_stats();
                    match astar.resume(&graph, &wrong, 5) {
                        Err(PlanError::InvalidQuery { .. }) => {}
                        other => return Err(format!("resume with other starts gave {other:?}")),
                    }
                    if astar.last_stats() != before {
                        return Err("a refused resume changed the search".into());
                    }
                    continue;
                }
            }
        };
        let before = astar.last_stats().expanded;
        let progress = astar.resume(&graph, &query, slice);
        let after = astar.last_stats().expanded;
        let budget_stop = |reason: &PlanError| -> Result<(), String> {
            if let PlanError::BudgetExceeded { budget } = reason {
                let expected = before.max(*budget);
                if Some(*budget) != budget_now || after != expected {
                    return Err(format!(
                        "budget {budget_now:?} stopped at {after} expansions (from {before})"
                    ));
                }
            }
            Ok(())
        };
        match progress {
            Ok(Progress::Pending) => {
                if after - before != slice.max(1) {
                    return Err(format!(
                        "a slice of {slice} made {} expansions",
                        after - before
                    ));
                }
                if budget_now.is_some_and(|budget| after > budget) {
                    return Err(format!("{after} expansions past the budget {budget_now:?}"));
                }
            }
            Ok(Progress::Done(outcome)) => {
                if let Outcome::Closest { reason, .. } = &outcome {
                    budget_stop(reason)?;
                }
                break Ok(outcome);
            }
            Err(error) => {
                budget_stop(&error)?;
                break Err(error);
            }
        }
    };

    if !budget_changed && result != uninterrupted {
        return Err(format!(
            "sliced search gave {result:?}, uninterrupted {uninterrupted:?}"
        ));
    }
    let start_distance = distance[usize::from(start)];
    match result {
        Ok(outcome) => {
            let path = outcome.path();
            if path.nodes.first() != Some(&start) {
                return Err(format!("path {:?} does not leave from {start}", path.nodes));
            }
            let Some(sum) = walk(&graph, &path.nodes) else {
                return Err(format!("path {:?} is not a walk", path.nodes));
            };
            if sum != path.cost {
                return Err(format!(
                    "path {:?} costs {sum}, says {}",
                    path.nodes, path.cost
                ));
            }
            match outcome {
                Outcome::Reached(path) => {
                    let end = *path.nodes.last().expect("checked above");
                    if !goals.contains(&end) || !close(path.cost, start_distance) {
                        return Err(format!(
                            "reached {end} at {}, the cheapest goal costs {start_distance}",
                            path.cost
                        ));
                    }
                }
                Outcome::Closest { reason, .. } => {
                    if reason == PlanError::NoPath && start_distance.is_finite() {
                        return Err(format!("no path, but a goal is {start_distance} away"));
                    }
                    if !closest {
                        return Err("a closest node without or_closest".into());
                    }
                }
            }
        }
        Err(PlanError::NoPath) if start_distance.is_infinite() => {}
        Err(PlanError::BudgetExceeded { .. }) => {}
        Err(error) => return Err(format!("{error} with a goal {start_distance} away")),
    }
    Ok(())
}
