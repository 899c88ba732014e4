//! Every planner against the oracles (`Bfs` for fewest edges, `Dijkstra` for least cost) on
//! random directed graphs, through both node stores: hashed ids and a dense index.

use crate::common;

use common::check_walk;
use proptest::prelude::*;
use replan::{
    AStar, Bfs, BidirectionalBfs, Budgeted, DenseIds, Dijkstra, Goal, Graph, HashedIds,
    IndexedGraph, InvalidNode, NodeIds, PlanError, Planner, Progress, Query, ReverseGraph,
    SearchStats,
};

/// A random directed graph with `u32` nodes; hashed ids.
#[derive(Clone, Debug)]
struct Sparse {
    out: Vec<Vec<(u32, u32)>>,
    into: Vec<Vec<(u32, u32)>>,
}

impl Sparse {
    fn new(nodes: usize, edges: &[(usize, usize, u32)]) -> Self {
        let mut out = vec![Vec::new(); nodes];
        let mut into = vec![Vec::new(); nodes];
        for &(from, to, cost) in edges {
            let (from, to) = (from % nodes, to % nodes);
            out[from].push((to as u32, cost));
            into[to].push((from as u32, cost));
        }
        Sparse { out, into }
    }
}

impl Graph for Sparse {
    type Node = u32;
    type Cost = u32;
    type Ids = HashedIds<u32>;
    fn successors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &(next, cost) in &self.out[node as usize] {
            visit(next, cost);
        }
    }
    fn check_node(&self, node: u32) -> Result<(), InvalidNode> {
        if (node as usize) < self.out.len() {
            Ok(())
        } else {
            Err(InvalidNode::OutOfBounds)
        }
    }
}

impl ReverseGraph for Sparse {
    fn predecessors(&self, node: u32, mut visit: impl FnMut(u32, u32)) {
        for &(previous, cost) in &self.into[node as usize] {
            visit(previous, cost);
        }
    }
}

/// The same graph through its dense index.
struct Dense<'a>(&'a Sparse);

impl Graph for Dense<'_> {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;
    fn successors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.successors(node, visit)
    }
    fn check_node(&self, node: u32) -> Result<(), InvalidNode> {
        self.0.check_node(node)
    }
}

impl ReverseGraph for Dense<'_> {
    fn predecessors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.predecessors(node, visit)
    }
}

impl IndexedGraph for Dense<'_> {
    fn node_bound(&self) -> usize {
        self.0.out.len()
    }
    fn index(&self, node: u32) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// Exact remaining cost to `goal` from every node, by a plain Dijkstra over predecessors
/// written here, independent of the crate.
fn distances_to(graph: &Sparse, goal: u32) -> Vec<Option<u32>> {
    let mut dist = vec![None; graph.out.len()];
    let mut queue = std::collections::BinaryHeap::new();
    dist[goal as usize] = Some(0);
    queue.push(std::cmp::Reverse((0u32, goal)));
    while let Some(std::cmp::Reverse((d, node))) = queue.pop() {
        if dist[node as usize] != Some(d) {
            continue;
        }
        for &(previous, cost) in &graph.into[node as usize] {
            let candidate = d + cost;
            if dist[previous as usize].is_none_or(|old| candidate < old) {
                dist[previous as usize] = Some(candidate);
                queue.push(std::cmp::Reverse((candidate, previous)));
            }
        }
    }
    dist
}

fn graph_and_query() -> impl Strategy<Value = (Sparse, u32, u32, bool, Vec<u8>)> {
    (1usize..40, any::<bool>(), any::<bool>()).prop_flat_map(|(nodes, unit, large)| {
        let cost = if unit { 1u32..2 } else { 0u32..20 };
        // Large costs push `f` past the integer buckets A* starts with (2^16) a few edges
        // into the search, so the hand-over to the heap is exercised too.
        let scale = if large && !unit { 3_000 } else { 1 };
        (
            prop::collection::vec(
                (0..nodes, 0..nodes, cost.prop_map(move |c| c * scale)),
                0..nodes * 4,
            ),
            0..nodes as u32,
            0..nodes as u32,
            prop::collection::vec(0u8..=100, nodes),
        )
            .prop_map(move |(edges, start, goal, fractions)| {
                (Sparse::new(nodes, &edges), start, goal, unit, fractions)
            })
    })
}

/// Runs `planner` and checks it against the expected cost (or the expected error), and that
/// a returned path is a real walk with the cost it claims.
fn check<G: Graph<Cost = u32>, P: Planner<G>>(
    name: &str,
    planner: &mut P,
    graph: &G,
    start: G::Node,
    goal: G::Node,
    expected: &Result<u32, PlanError>,
    check_cost: bool,
) -> Result<(), TestCaseError> {
    match (planner.plan(graph, start, goal), expected) {
        (Ok(path), Ok(cost)) => {
            check_walk(graph, &path, start, goal)
                .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
            if check_cost {
                prop_assert_eq!(path.cost, *cost, "{} cost", name);
            }
            prop_assert_eq!(path.stats, planner.last_stats(), "{} stats", name);
        }
        (Err(error), Err(expected)) => prop_assert_eq!(&error, expected, "{}", name),
        (got, expected) => prop_assert!(false, "{name}: got {got:?}, expected {expected:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn planners_agree_with_the_oracles((graph, start, goal, unit, fractions) in graph_and_query()) {
        let dist = distances_to(&graph, goal);
        let least_cost = dist[start as usize].ok_or(PlanError::NoPath);
        // Admissible but usually inconsistent: a random fraction of the true distance.
        let exact = dist.clone();
        let heuristic = move |node: u32, _goal: u32| {
            exact[node as usize].map_or(0, |d| d * fractions[node as usize] as u32 / 100)
        };

        let fewest_edges = Bfs::new().plan(&graph, start, goal).map(|p| p.len() as u32);
        // On unit costs the fewest edges are the least cost.
        if unit {
            prop_assert_eq!(&fewest_edges, &least_cost);
        }
        prop_assert_eq!(fewest_edges.is_err(), least_cost.is_err());

        check("dijkstra", &mut Dijkstra::default(), &graph, start, goal, &least_cost, true)?;
        check("astar", &mut AStar::new(heuristic.clone()), &graph, start, goal, &least_cost, true)?;
        check("dense dijkstra", &mut Dijkstra::default(), &Dense(&graph), start, goal, &least_cost, true)?;
        check("dense astar", &mut AStar::new(heuristic), &Dense(&graph), start, goal, &least_cost, true)?;

        // Bfs and BidirectionalBfs minimise edges: compare lengths, check the walk and cost.
        let edges_only = fewest_edges.clone();
        for (name, length) in [
            ("bfs", Bfs::new().plan(&graph, start, goal).map(|p| p.len() as u32)),
            ("dense bfs", Bfs::new().plan(&Dense(&graph), start, goal).map(|p| p.len() as u32)),
            ("bidirectional", BidirectionalBfs::new().plan(&graph, start, goal).map(|p| p.len() as u32)),
            ("dense bidirectional", BidirectionalBfs::new().plan(&Dense(&graph), start, goal).map(|p| p.len() as u32)),
            ("first meeting", BidirectionalBfs::new().with_first_meeting().plan(&graph, start, goal).map(|p| p.len() as u32)),
            ("dense first meeting", BidirectionalBfs::new().with_first_meeting().plan(&Dense(&graph), start, goal).map(|p| p.len() as u32)),
        ] {
            prop_assert_eq!(&length, &edges_only, "{}", name);
        }
        let least_edges_cost = Bfs::new().plan(&graph, start, goal).map(|p| p.cost);
        check("bfs walk", &mut Bfs::new(), &graph, start, goal, &least_edges_cost, true)?;
        check("bidirectional walk", &mut BidirectionalBfs::new(), &graph, start, goal, &least_edges_cost, false)?;
        check("dense bidirectional walk", &mut BidirectionalBfs::new(), &Dense(&graph), start, goal, &least_edges_cost, false)?;
        check("first meeting walk", &mut BidirectionalBfs::new().with_first_meeting(), &graph, start, goal, &least_edges_cost, false)?;

        // Hashed ids come in discovery order and take bidirectional BFS's span path; dense
        // ids take the one with reached bits and id lists. Both expand the same nodes in the
        // same order, so they must agree to the statistics.
        prop_assert_eq!(
            BidirectionalBfs::new().plan(&graph, start, goal),
            BidirectionalBfs::new().plan(&Dense(&graph), start, goal),
            "span and list paths"
        );
        prop_assert_eq!(
            BidirectionalBfs::new().with_first_meeting().plan(&graph, start, goal),
            BidirectionalBfs::new().with_first_meeting().plan(&Dense(&graph), start, goal),
            "span and list paths, first meeting"
        );
    }

    #[test]
    fn budgets_cut_searches_short_but_never_return_a_wrong_path(
        (graph, start, goal, _unit, _fractions) in graph_and_query(),
        budget in 0u64..40,
    ) {
        fn compare<P: Planner<Sparse>>(mut unlimited: P, mut limited: P, budget: u64, graph: &Sparse, start: u32, goal: u32) -> Result<(), TestCaseError> {
            let full = unlimited.plan(graph, start, goal);
            let needed = unlimited.last_stats().expanded;
            let cut = limited.plan(graph, start, goal);
            if budget < needed {
                prop_assert_eq!(cut, Err(PlanError::BudgetExceeded { budget }));
            } else {
                prop_assert_eq!(cut, full);
            }
            Ok(())
        }
        compare(Bfs::new(), Bfs::new().with_budget(budget), budget, &graph, start, goal)?;
        compare(BidirectionalBfs::new(), BidirectionalBfs::new().with_budget(budget), budget, &graph, start, goal)?;
        compare(Dijkstra::default(), Dijkstra::default().with_budget(budget), budget, &graph, start, goal)?;
    }

    #[test]
    fn a_reused_planner_answers_like_a_fresh_one(
        (graph, _start, _goal, _unit, _fractions) in graph_and_query(),
        queries in prop::collection::vec((0u32..40, 0u32..40), 1..20),
    ) {
        let nodes = graph.out.len() as u32;
        let mut dijkstra = Dijkstra::default();
        let mut bfs = Bfs::new();
        let mut bidirectional = BidirectionalBfs::new();
        let mut dense = Dijkstra::default();
        for (start, goal) in queries {
            let (start, goal) = (start % nodes, goal % nodes);
            prop_assert_eq!(dijkstra.plan(&graph, start, goal), Dijkstra::default().plan(&graph, start, goal));
            prop_assert_eq!(bfs.plan(&graph, start, goal), Bfs::new().plan(&graph, start, goal));
            prop_assert_eq!(bidirectional.plan(&graph, start, goal), BidirectionalBfs::new().plan(&graph, start, goal));
            prop_assert_eq!(dense.plan(&Dense(&graph), start, goal), Dijkstra::default().plan(&Dense(&graph), start, goal));
        }
    }
}

/// `Sparse` through hashed ids (`DENSE` false) or its dense index, counting the expansions
/// of each node: the calls for its successors.
struct Counted<'a, const DENSE: bool> {
    graph: &'a Sparse,
    expansions: std::cell::RefCell<Vec<u32>>,
}

impl<'a, const DENSE: bool> Counted<'a, DENSE> {
    fn new(graph: &'a Sparse) -> Self {
        let expansions = std::cell::RefCell::new(vec![0; graph.out.len()]);
        Counted { graph, expansions }
    }
}

impl Graph for Counted<'_, false> {
    type Node = u32;
    type Cost = u32;
    type Ids = HashedIds<u32>;
    fn successors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.expansions.borrow_mut()[node as usize] += 1;
        self.graph.successors(node, visit)
    }
}

impl Graph for Counted<'_, true> {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;
    fn successors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.expansions.borrow_mut()[node as usize] += 1;
        self.graph.successors(node, visit)
    }
}

impl IndexedGraph for Counted<'_, true> {
    fn node_bound(&self) -> usize {
        self.graph.out.len()
    }
    fn index(&self, node: u32) -> usize {
        node as usize
    }
    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// Plans from `start` to `goal` with `planner` on `graph` and checks that no node was
/// expanded twice and that the statistics count the expansions made.
fn expands_each_node_once<G, P>(
    graph: &G,
    expansions: &std::cell::RefCell<Vec<u32>>,
    mut planner: P,
    start: u32,
    goal: u32,
) -> Result<(), TestCaseError>
where
    G: Graph<Node = u32, Cost = u32>,
    P: Planner<G>,
{
    let _ = planner.plan(graph, start, goal);
    let expansions = expansions.borrow();
    prop_assert!(expansions.iter().all(|&n| n <= 1), "{:?}", expansions);
    let total: u32 = expansions.iter().sum();
    prop_assert_eq!(u64::from(total), planner.last_stats().expanded);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// With a consistent estimate (none at all, or the exact remaining cost) a node's first
    /// expansion is at its least cost, so A* never expands it again, through either node
    /// store, on the integer buckets or the heap they hand over to.
    #[test]
    fn astar_with_a_consistent_estimate_expands_each_node_once(
        (graph, start, goal, _unit, _fractions) in graph_and_query(),
        exact in any::<bool>(),
    ) {
        let dist = distances_to(&graph, goal);
        // A node that cannot reach the goal has only such nodes after it: one value for all
        // of them, at least every finite cost, keeps the estimate consistent.
        let beyond = dist.iter().flatten().copied().max().unwrap_or(0);
        let heuristic = move |node: u32, _goal: u32| {
            if exact { dist[node as usize].unwrap_or(beyond) } else { 0 }
        };
        let hashed = Counted::<false>::new(&graph);
        expands_each_node_once(&hashed, &hashed.expansions, AStar::new(heuristic.clone()), start, goal)?;
        let dense = Counted::<true>::new(&graph);
        expands_each_node_once(&dense, &dense.expansions, AStar::new(heuristic), start, goal)?;
    }
}

#[test]
fn start_equal_to_goal_is_a_one_node_path_of_cost_zero() {
    let graph = Sparse::new(3, &[(0, 1, 5), (1, 2, 5)]);
    for node in 0..3 {
        for path in [
            Bfs::new().plan(&graph, node, node).unwrap(),
            BidirectionalBfs::new().plan(&graph, node, node).unwrap(),
            Dijkstra::default().plan(&graph, node, node).unwrap(),
            AStar::new(|_: u32, _: u32| 0)
                .plan(&graph, node, node)
                .unwrap(),
        ] {
            assert_eq!(path.nodes, [node]);
            assert_eq!(path.cost, 0);
        }
    }
}

#[test]
fn endpoints_outside_the_graph_are_refused_with_the_reason() {
    let graph = Sparse::new(2, &[(0, 1, 1)]);
    let error = Dijkstra::default().plan(&graph, 7, 1).unwrap_err();
    assert_eq!(
        error,
        PlanError::InvalidStart {
            node: "7".into(),
            reason: InvalidNode::OutOfBounds
        }
    );
    assert_eq!(
        error.to_string(),
        "start 7 is not a valid node: it lies outside the graph"
    );
    let error = Bfs::new().plan(&graph, 0, 9).unwrap_err();
    assert!(matches!(error, PlanError::InvalidGoal { .. }));
    assert!(error.to_string().contains("goal 9"));
}

#[test]
fn overflowing_costs_are_an_error_not_a_wrapped_answer() {
    let graph = Sparse::new(3, &[(0, 1, u32::MAX - 1), (1, 2, 5)]);
    assert_eq!(
        Dijkstra::default().plan(&graph, 0, 2),
        Err(PlanError::CostOverflow)
    );
    assert_eq!(Bfs::new().plan(&graph, 0, 2), Err(PlanError::CostOverflow));
    assert_eq!(
        BidirectionalBfs::new().plan(&graph, 0, 2),
        Err(PlanError::CostOverflow)
    );
}

/// A graph with `f64` costs, one of them negative.
struct Signed;
impl Graph for Signed {
    type Node = u8;
    type Cost = f64;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
        match node {
            0 => visit(1, 1.0),
            1 => visit(2, -3.0),
            2 => visit(3, f64::NAN),
            _ => {}
        }
    }
}

#[test]
fn negative_and_nan_edge_costs_are_reported() {
    let error = Dijkstra::default().plan(&Signed, 0, 2).unwrap_err();
    assert_eq!(
        error,
        PlanError::InvalidCost {
            cost: "-3.0".into()
        }
    );
    let error = Dijkstra::default().plan(&Signed, 2, 3).unwrap_err();
    assert_eq!(error, PlanError::InvalidCost { cost: "NaN".into() });
}

/// A graph with `i32` costs, small enough for A*'s bucket frontier, one edge negative;
/// bidirectional BFS meets it from either side.
struct SignedInteger;
impl Graph for SignedInteger {
    type Node = u8;
    type Cost = i32;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, i32)) {
        match node {
            0 => {
                visit(1, 2);
                visit(2, 3);
            }
            1 => visit(3, -1),
            2 => visit(3, 1),
            _ => {}
        }
    }
}

impl ReverseGraph for SignedInteger {
    fn predecessors(&self, node: u8, mut visit: impl FnMut(u8, i32)) {
        match node {
            1 => visit(0, 2),
            2 => visit(0, 3),
            3 => {
                visit(1, -1);
                visit(2, 1);
            }
            _ => {}
        }
    }
}

#[test]
fn negative_integer_edge_costs_are_reported() {
    for error in [
        Dijkstra::default().plan(&SignedInteger, 0, 3).unwrap_err(),
        AStar::dijkstra().plan(&SignedInteger, 0, 3).unwrap_err(),
        BidirectionalBfs::new()
            .plan(&SignedInteger, 0, 3)
            .unwrap_err(),
    ] {
        assert_eq!(error, PlanError::InvalidCost { cost: "-1".into() });
    }
    // The route that avoids the bad edge is fine.
    assert_eq!(
        Dijkstra::default().plan(&SignedInteger, 2, 3).unwrap().cost,
        1
    );
}

#[test]
fn dijkstra_matches_bellman_ford() {
    // A fixed pseudo-random graph, cross-checked against an independent implementation: edge
    // relaxation until nothing changes, which shares no code or ordering with a priority queue.
    let mut state = 0x9E37_79B9_u32;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let edges: Vec<_> = (0..600)
        .map(|_| (next() as usize % 150, next() as usize % 150, next() % 50))
        .collect();
    let graph = Sparse::new(150, &edges);
    let mut distance = vec![None::<u32>; 150];
    distance[0] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for &(from, to, cost) in &edges {
            if let Some(d) = distance[from] {
                if distance[to].is_none_or(|old| d + cost < old) {
                    distance[to] = Some(d + cost);
                    changed = true;
                }
            }
        }
    }
    assert!(
        distance.iter().filter(|d| d.is_some()).count() > 100,
        "a connected sample"
    );
    let mut dijkstra = Dijkstra::default();
    for goal in 0..150 {
        let ours = dijkstra.plan(&graph, 0, goal).map(|p| p.cost).ok();
        assert_eq!(ours, distance[goal as usize], "goal {goal}");
    }
}

/// Breadth-first search counts exactly the work it did: a node expanded per dequeue, an edge
/// generated per successor looked at until the goal is seen (not after), and the largest
/// queue between expansions.
#[test]
fn bfs_counts_expansions_generated_edges_and_the_widest_frontier_exactly() {
    // 0 → 1, 2; 1 → 3; 2 → 3; 3 → 4 (the goal), then 3 → 5, which is never looked at.
    let graph = Sparse::new(
        6,
        &[
            (0, 1, 1),
            (0, 2, 1),
            (1, 3, 1),
            (2, 3, 1),
            (3, 4, 1),
            (3, 5, 1),
        ],
    );
    let mut bfs = Bfs::new();
    let path = bfs.plan(&graph, 0, 4).unwrap();
    assert_eq!(path.nodes, [0, 1, 3, 4]);
    assert_eq!(path.stats.expanded, 4, "0, 1, 2 and 3");
    assert_eq!(
        path.stats.generated, 5,
        "two edges of 0, one of 1, one of 2, the first of 3"
    );
    assert_eq!(
        path.stats.max_frontier, 2,
        "{{1, 2}} after 0, {{2, 3}} after 1"
    );
    assert_eq!(bfs.last_stats(), path.stats);
}

/// A goal set on a fresh planner: the set's bits are sized to every goal it names.
#[test]
fn bfs_finds_the_nearest_of_a_goal_set_on_a_fresh_planner() {
    use replan::{Goal, Query};
    let graph = Sparse::new(6, &[(0, 1, 1), (1, 2, 1), (2, 3, 1), (0, 4, 1), (4, 5, 1)]);
    for goals in [[3, 5], [5, 3]] {
        let found = Bfs::new()
            .search(&graph, &Query::new(0, Goal::AnyOf(&goals)))
            .unwrap();
        assert_eq!(found.path().nodes, [0, 4, 5]);
        let dense = Dense(&graph);
        let found = Bfs::new()
            .search(&dense, &Query::new(0, Goal::AnyOf(&goals)))
            .unwrap();
        assert_eq!(found.path().nodes, [0, 4, 5]);
    }
}

/// The budget a planner was given is the one it reports.
#[test]
fn bfs_reports_the_budget_it_was_given() {
    let bfs: Bfs<HashedIds<u32>, u32> = Bfs::new();
    assert_eq!(bfs.budget(), None);
    let mut bfs = bfs.with_budget(7);
    assert_eq!(bfs.budget(), Some(7));
    bfs.set_budget(None);
    assert_eq!(bfs.budget(), None);
}

/// Bidirectional BFS, too, reports the budget it was given.
#[test]
fn bidirectional_bfs_reports_the_budget_it_was_given() {
    let search: BidirectionalBfs<DenseIds, u32> = BidirectionalBfs::new();
    assert_eq!(search.budget(), None);
    let mut search = search.with_first_meeting().with_budget(7);
    assert_eq!(search.budget(), Some(7));
    search.set_budget(None);
    assert_eq!(search.budget(), None);
}

/// The chain `0 → 1 → … → 7`: from both ends, bidirectional BFS expands 0 to 6 one layer
/// at a time (every layer has one node, and the forward side goes first on ties).
fn chain() -> Sparse {
    let edges: Vec<_> = (0..7).map(|i| (i, i + 1, 1)).collect();
    Sparse::new(8, &edges)
}

/// Bidirectional BFS from 0 to `goal` with `budget`: the path's cost and the statistics.
fn search_to<G>(graph: &G, goal: u32, budget: Option<u64>) -> (Result<u32, PlanError>, SearchStats)
where
    G: ReverseGraph<Node = u32, Cost = u32>,
{
    let mut planner = BidirectionalBfs::new();
    planner.set_budget(budget);
    let cost = planner.plan(graph, 0, goal).map(|path| path.cost);
    (cost, planner.last_stats())
}

#[test]
fn bidirectional_bfs_counts_its_work_up_to_a_spent_budget() {
    let graph = chain();
    let stats = |expanded, generated| SearchStats {
        expanded,
        generated,
        max_frontier: 2,
    };
    // Hashed ids (layers as spans), then dense ones (layers as lists).
    for dense in [false, true] {
        let search = |budget| {
            if dense {
                search_to(&Dense(&graph), 7, budget)
            } else {
                search_to(&graph, 7, budget)
            }
        };
        assert_eq!(search(None), (Ok(7), stats(7, 7)), "dense: {dense}");
        for budget in 0..7 {
            // Each expanded node's one edge was generated before the budget stopped it.
            assert_eq!(
                search(Some(budget)),
                (
                    Err(PlanError::BudgetExceeded { budget }),
                    stats(budget, budget)
                ),
                "dense: {dense}"
            );
        }
    }
}

/// `0 → 1 → 3 → 5` and `0 → 2 → 4 → 5`, and `6 → 5`, `7 → 5`: from 0 to 5, the forward
/// side expands 0, the backward side 5 (four edges), then the forward side's layer {1, 2}.
fn two_ways() -> Sparse {
    let edges = [
        (0, 1),
        (0, 2),
        (1, 3),
        (2, 4),
        (3, 5),
        (4, 5),
        (6, 5),
        (7, 5),
    ];
    Sparse::new(8, &edges.map(|(from, to)| (from, to, 1)))
}

#[test]
fn bidirectional_bfs_counts_the_edges_of_a_layer_cut_short_by_its_budget() {
    // A budget of three stops the search at 2, the second node of the layer {1, 2}, after
    // 1's edge: 2 + 4 + 1 edges.
    let graph = two_ways();
    for (cut, stats) in [
        search_to(&graph, 5, Some(3)),
        search_to(&Dense(&graph), 5, Some(3)),
    ] {
        assert_eq!(cut, Err(PlanError::BudgetExceeded { budget: 3 }));
        assert_eq!((stats.expanded, stats.generated), (3, 7));
    }
}

/// Hashed ids that refuse a sixth node, as a store with a memory limit would: with
/// `SPANS`, in discovery order (layers as spans of ids); without, not (layers as lists).
#[derive(Debug, Default)]
struct FiveIds<const SPANS: bool>(HashedIds<u32>);

impl<G: Graph<Node = u32>, const SPANS: bool> NodeIds<G> for FiveIds<SPANS> {
    const DISCOVERY_ORDER: bool = SPANS;
    fn reset(&mut self, graph: &G) -> Result<usize, PlanError> {
        self.0.reset(graph)
    }
    fn id(&mut self, graph: &G, node: u32) -> Result<u32, PlanError> {
        match self.0.id(graph, node)? {
            id if id < 5 => Ok(id),
            _ => Err(PlanError::TooManyNodes),
        }
    }
    fn node(&self, graph: &G, id: u32) -> u32 {
        self.0.node(graph, id)
    }
}

/// [`two_ways`] through [`FiveIds`].
struct FiveNodes<const SPANS: bool>(Sparse);

impl<const SPANS: bool> Graph for FiveNodes<SPANS> {
    type Node = u32;
    type Cost = u32;
    type Ids = FiveIds<SPANS>;
    fn successors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.successors(node, visit)
    }
}

impl<const SPANS: bool> ReverseGraph for FiveNodes<SPANS> {
    fn predecessors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.predecessors(node, visit)
    }
}

#[test]
fn bidirectional_bfs_stops_with_the_node_stores_error_and_counts_the_work_before_it() {
    // Ids 0 and 1 go to the roots 0 and 5, 2 and 3 to nodes 1 and 2 (expanding 0), 4 to
    // node 3 (expanding 5); 5's next edge, from 4, asks for a sixth id. By then 0 and 5 were
    // expanded and three edges generated, one of them in the layer the error stops.
    let expected = SearchStats {
        expanded: 2,
        generated: 3,
        max_frontier: 3,
    };
    let mut spans = BidirectionalBfs::new();
    assert_eq!(
        spans.plan(&FiveNodes::<true>(two_ways()), 0, 5),
        Err(PlanError::TooManyNodes)
    );
    assert_eq!(spans.last_stats(), expected);
    let mut lists = BidirectionalBfs::new();
    assert_eq!(
        lists.plan(&FiveNodes::<false>(two_ways()), 0, 5),
        Err(PlanError::TooManyNodes)
    );
    assert_eq!(lists.last_stats(), expected);
}

#[test]
fn bidirectional_bfs_takes_the_cheapest_of_the_meetings_in_its_last_layer() {
    // 0 → 1 → 3 and 0 → 2 → 3 both have two edges; the backward side, expanding 3, meets
    // the forward side at 1 and at 2 in that order. Whichever is cheaper must win, first or
    // second; of two that cost the same, the first met.
    for (via_1, via_2, nodes, cost) in [
        (1, 5, [0, 1, 3], 2),
        (5, 1, [0, 2, 3], 2),
        (3, 3, [0, 1, 3], 4),
    ] {
        let graph = Sparse::new(4, &[(0, 1, via_1), (0, 2, via_2), (1, 3, 1), (2, 3, 1)]);
        for path in [
            BidirectionalBfs::new().plan(&graph, 0, 3).unwrap(),
            BidirectionalBfs::new().plan(&Dense(&graph), 0, 3).unwrap(),
        ] {
            assert_eq!((path.nodes.as_slice(), path.cost), (&nodes[..], cost));
        }
    }
}

/// `0 → 2 → 3 → … → 99` at cost 1 an edge, and `0 → 1`, listed first, at `first_edge`:
/// more hashed ids than the planner makes room for up front.
fn long_chain(first_edge: u32) -> Sparse {
    let mut edges = vec![(0, 1, first_edge), (0, 2, 1)];
    edges.extend((2..99).map(|i| (i, i + 1, 1)));
    Sparse::new(100, &edges)
}

#[test]
fn bidirectional_bfs_grows_its_records_for_hashed_ids_on_either_way() {
    let expected: Vec<u32> = [0].into_iter().chain(2..100).collect();
    // Layers as spans of ids; then, with an infinite first edge to a new node, the search
    // again with lists.
    for first_edge in [1, u32::MAX] {
        let path = BidirectionalBfs::new()
            .plan(&long_chain(first_edge), 0, 99)
            .unwrap();
        assert_eq!(path.nodes, expected, "first edge {first_edge}");
        assert_eq!(path.cost, 98);
    }
}

#[test]
fn bidirectional_bfs_ignores_the_cost_of_an_edge_back_into_its_own_search() {
    // 1 → 0 costs so much that the sum would overflow, but 0 is the forward root: like
    // `Bfs`, the search skips an edge to a node its own side reached before adding costs.
    let graph = Sparse::new(3, &[(0, 1, 1), (1, 0, u32::MAX - 1), (1, 2, 1)]);
    for path in [
        BidirectionalBfs::new().plan(&graph, 0, 2),
        BidirectionalBfs::new().plan(&Dense(&graph), 0, 2),
    ] {
        assert_eq!(path.map(|p| (p.nodes, p.cost)), Ok((vec![0, 1, 2], 2)));
    }
}

/// [`two_ways`], saying that its edges all cost the same.
struct Uniform(Sparse);

impl Graph for Uniform {
    type Node = u32;
    type Cost = u32;
    type Ids = HashedIds<u32>;
    fn successors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.successors(node, visit)
    }
    fn uniform_costs(&self) -> bool {
        true
    }
}

impl ReverseGraph for Uniform {
    fn predecessors(&self, node: u32, visit: impl FnMut(u32, u32)) {
        self.0.predecessors(node, visit)
    }
}

#[test]
fn bidirectional_bfs_stops_at_the_first_meeting_where_asked_or_where_costs_are_uniform() {
    // The layer {1, 2} meets the backward side at 1 already: stopping there saves
    // expanding 2.
    let mut cheapest = BidirectionalBfs::new();
    cheapest.plan(&two_ways(), 0, 5).unwrap();
    let mut first = BidirectionalBfs::new().with_first_meeting();
    first.plan(&two_ways(), 0, 5).unwrap();
    let mut uniform = BidirectionalBfs::new();
    uniform.plan(&Uniform(two_ways()), 0, 5).unwrap();
    assert_eq!(cheapest.last_stats().expanded, 4);
    assert_eq!(first.last_stats().expanded, 3);
    assert_eq!(uniform.last_stats().expanded, 3);
}

/// A start or goal listed twice is one root: the same path and the same work as listed
/// once, the widest frontier included, through either node store, past the first word of
/// reached bits.
#[test]
fn bidirectional_bfs_counts_a_repeated_root_once() {
    let edges: Vec<_> = (0..69).map(|i| (i, i + 1, 1)).collect();
    let graph = Sparse::new(70, &edges);
    let once = Query::new(40, Goal::Node(45));
    let twice = Query::from_each(&[40, 40], Goal::AnyOf(&[45, 45]));
    let search = |query: &Query<u32, u32>, dense: bool| {
        let outcome = if dense {
            BidirectionalBfs::new().search(&Dense(&graph), query)
        } else {
            BidirectionalBfs::new().search(&graph, query)
        };
        let path = outcome.unwrap().into_path();
        (path.nodes, path.cost, path.stats)
    };
    let stats = SearchStats {
        expanded: 5,
        generated: 5,
        max_frontier: 2,
    };
    for dense in [false, true] {
        let expected = ((40..=45).collect::<Vec<u32>>(), 5, stats);
        assert_eq!(search(&once, dense), expected, "dense: {dense}");
        assert_eq!(search(&twice, dense), expected, "dense: {dense}");
        // Three roots, two of them goals, the sides meeting in the first layer: the widest
        // frontier is the first one.
        let three = Query::from_each(&[40, 40], Goal::AnyOf(&[41, 60, 41]));
        let (nodes, cost, stats) = search(&three, dense);
        assert_eq!((nodes, cost), (vec![40, 41], 1), "dense: {dense}");
        assert_eq!(stats.max_frontier, 3, "dense: {dense}");
    }
}

/// A* on its heap (`f64` costs) expands in order of `f` even when an expansion makes a
/// queued node cheaper than the child it keeps aside for the next pop: S → P → Y → G costs
/// 4, Y is first queued at `f` 8 from S and lowered to 4 from P after P's child X (`f` 5)
/// was met. Every `f` is distinct, so the nodes expanded are exactly those with `f` below
/// the goal's: S, P, Y. Sliced anywhere, the search does the same work.
#[test]
fn astar_expands_a_lowered_node_before_a_dearer_child() {
    // S = 0, P = 1, Y = 2, X = 3, G = 4; the estimate is consistent.
    let edges: [&[(u32, f64)]; 5] = [
        &[(1, 1.0), (2, 6.0)],
        &[(3, 1.0), (2, 1.0)],
        &[(4, 2.0)],
        &[(4, 10.0)],
        &[],
    ];
    let graph = replan::from_fn(|node: u32| edges[node as usize].iter().copied());
    let estimate = |node: u32, _goal: u32| [4.0, 3.0, 2.0, 3.0, 0.0][node as usize];
    let expected = SearchStats {
        expanded: 3,
        generated: 5,
        max_frontier: 2,
    };
    let mut astar = AStar::new(estimate);
    let path = astar.plan(&graph, 0, 4).unwrap();
    assert_eq!(
        (path.nodes, path.cost, path.stats),
        (vec![0, 1, 2, 4], 4.0, expected)
    );

    for slice in 1..=3 {
        let query = Query::new(0, Goal::Node(4));
        let mut sliced = AStar::new(estimate);
        sliced.begin(&graph, &query).unwrap();
        let path = loop {
            match sliced.resume(&graph, &query, slice).unwrap() {
                Progress::Pending => continue,
                Progress::Done(outcome) => break outcome.into_path(),
            }
        };
        assert_eq!(
            (path.nodes, path.cost, path.stats),
            (vec![0, 1, 2, 4], 4.0, expected),
            "slice {slice}"
        );
    }

    // With Y the goal and a budget of two expansions, the lowered goal is next, not X: the
    // search that has spent its budget still ends on it.
    let to_y = |node: u32, _goal: u32| [2.0, 1.0, 0.0, 3.0, 0.0][node as usize];
    let path = AStar::new(to_y).with_budget(2).plan(&graph, 0, 2).unwrap();
    let stats = SearchStats {
        expanded: 2,
        generated: 4,
        max_frontier: 2,
    };
    assert_eq!(
        (path.nodes, path.cost, path.stats),
        (vec![0, 1, 2], 2.0, stats)
    );
}

/// Towards a goal set, A* is steered by the least of its estimates to each goal: on a line
/// of nine nodes from 4 to the goals {0, 7}, with the distance as the estimate, it expands
/// 4, 5 and 6 and nothing towards the farther goal.
#[test]
fn astar_steers_to_a_goal_set_by_the_least_estimate() {
    let edges: Vec<_> = (0..8)
        .flat_map(|i| [(i, i + 1, 1), (i + 1, i, 1)])
        .collect();
    let graph = Sparse::new(9, &edges);
    let query = Query::new(4, Goal::AnyOf(&[0, 7]));
    let mut astar = AStar::new(|node: u32, goal: u32| node.abs_diff(goal));
    let path = astar.search(&graph, &query).unwrap().into_path();
    assert_eq!((path.nodes, path.cost), (vec![4, 5, 6, 7], 3));
    assert_eq!(path.stats.expanded, 3);
}
