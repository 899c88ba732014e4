//! The query API's contracts under adversarial use: a closest path costs what its edges
//! sum to whatever the heuristic; a resumed search refuses another query or a changed
//! graph and ends exactly where an uninterrupted one does; budgets are limits read at
//! every slice; bad input (a start past a dense graph's bound, a NaN estimate, an empty
//! goal set, an infinite edge, a slice of zero, a huge claimed graph) gets a defined answer
//! or a typed error, never a panic or a search that never ends.

#[path = "../common/sliced_search_driver.rs"]
mod sliced_search_driver;

use std::cell::Cell as Counter;

use crate::common::Claimed;
use proptest::prelude::*;
use replan::grid::{Cell, Connectivity, Grid, Octile};
use replan::{
    from_fn, AStar, Bfs, BidirectionalBfs, Budgeted, DenseIds, Dijkstra, Goal, Graph, HashedIds,
    Heuristic, IndexedGraph, InvalidNode, Outcome, PlanError, Planner, Progress, Query,
};

/// A digraph on `char` nodes from an edge list.
struct Edges(Vec<(char, char, u32)>);

impl Graph for Edges {
    type Node = char;
    type Cost = u32;
    type Ids = HashedIds<char>;
    fn successors(&self, node: char, mut visit: impl FnMut(char, u32)) {
        for &(from, to, cost) in &self.0 {
            if from == node {
                visit(to, cost);
            }
        }
    }
}

#[test]
fn a_closest_path_costs_its_edges_with_an_inconsistent_heuristic() {
    // S→A 5, S→B 1, B→A 1, A→C 10, C→G 100; h(S, A, B, C) = 5, 1, 6, 0: admissible, but B's
    // estimate drops by 5 over an edge of 1. A is expanded at 5 (through S), C recorded at
    // 15; then B is expanded and A reopened at 2, and the budget runs out before A again.
    // B→A has two dearer parallel edges, one listed before the cheapest and one after: the
    // path's cost counts the cheapest of them.
    let graph = Edges(vec![
        ('S', 'A', 5),
        ('S', 'B', 1),
        ('B', 'A', 3),
        ('B', 'A', 1),
        ('B', 'A', 2),
        ('A', 'C', 10),
        ('C', 'G', 100),
    ]);
    let h = |node: char, _goal: char| match node {
        'S' => 5,
        'A' => 1,
        'B' => 6,
        _ => 0,
    };
    let query = Query::new('S', Goal::Node('G')).or_closest();
    let outcome = AStar::new(h).with_budget(3).search(&graph, &query).unwrap();
    let path = outcome.path();
    assert_eq!(path.nodes, ['S', 'B', 'A', 'C']);
    assert_eq!(path.cost, 12);
    // Unbudgeted, the goal at its optimal cost.
    let reached = AStar::new(h).plan(&graph, 'S', 'G').unwrap();
    assert_eq!(
        (reached.nodes, reached.cost),
        (vec!['S', 'B', 'A', 'C', 'G'], 112)
    );
}

/// A digraph on the nodes `0..5` from an edge list, with dense ids: A* keeps its records
/// in arrays indexed by node rather than in the order it discovers nodes.
struct DenseEdges(Vec<(usize, usize, u32)>);

impl Graph for DenseEdges {
    type Node = usize;
    type Cost = u32;
    type Ids = DenseIds;
    fn successors(&self, node: usize, mut visit: impl FnMut(usize, u32)) {
        for &(from, to, cost) in &self.0 {
            if from == node {
                visit(to, cost);
            }
        }
    }
}

impl IndexedGraph for DenseEdges {
    fn node_bound(&self) -> usize {
        5
    }
    fn index(&self, node: usize) -> usize {
        node
    }
    fn node(&self, index: usize) -> usize {
        index
    }
}

#[test]
fn a_closest_path_costs_its_edges_on_a_dense_graph_too() {
    // The graph and estimates above, as S, A, B, C, G = 0..5.
    let graph = DenseEdges(vec![
        (0, 1, 5),
        (0, 2, 1),
        (2, 1, 1),
        (1, 3, 10),
        (3, 4, 100),
    ]);
    let h = |node: usize, _goal: usize| [5, 1, 6, 0, 0][node];
    let query = Query::new(0, Goal::Node(4)).or_closest();
    let outcome = AStar::new(h).with_budget(3).search(&graph, &query).unwrap();
    let path = outcome.path();
    assert_eq!(path.nodes, [0, 2, 1, 3]);
    assert_eq!(path.cost, 12);
}

#[test]
fn resume_refuses_another_query_and_keeps_the_search() {
    let grid = Grid::open(30, 5, Connectivity::Eight);
    let mut astar = AStar::new(Octile);
    let query = Query::new((0, 2), Goal::Node((29, 2)));
    astar.begin(&grid, &query).unwrap();
    assert_eq!(astar.resume(&grid, &query, 3), Ok(Progress::Pending));
    let goals = [(29, 2)];
    let other_goals = [(29, 1)];
    let starts = [(0, 2), (0, 1)];
    let refused = [
        Query::new((0, 2), Goal::Node((0, 2))),
        Query::new((0, 2), Goal::AnyOf(&goals)),
        Query::new((1, 2), Goal::Node((29, 2))),
        Query::from_each(&starts, Goal::Node((29, 2))),
        Query::new((0, 2), Goal::Node((29, 2))).or_closest(),
    ];
    for other in &refused {
        assert!(
            matches!(
                astar.resume(&grid, other, 100),
                Err(PlanError::InvalidQuery { .. })
            ),
            "{other:?}"
        );
    }
    let path = loop {
        if let Progress::Done(outcome) = astar.resume(&grid, &query, 10).unwrap() {
            break outcome.into_path();
        }
    };
    assert_eq!(path.goal(), (29, 2));

    // Goal sets: other contents are another query.
    let set = Query::new((0, 2), Goal::AnyOf(&goals));
    astar.begin(&grid, &set).unwrap();
    let other_set = Query::new((0, 2), Goal::AnyOf(&other_goals));
    assert!(matches!(
        astar.resume(&grid, &other_set, 10),
        Err(PlanError::InvalidQuery { .. })
    ));
}

#[test]
fn resume_refuses_a_grid_that_changed() {
    let mut grid = Grid::open(30, 5, Connectivity::Eight);
    let mut astar = AStar::new(Octile);
    let query = Query::new((0, 2), Goal::Node((29, 2)));
    astar.begin(&grid, &query).unwrap();
    assert_eq!(astar.resume(&grid, &query, 3), Ok(Progress::Pending));
    // A clone is the same grid.
    assert_eq!(
        astar.resume(&grid.clone(), &query, 3),
        Ok(Progress::Pending)
    );
    grid.set_blocked((10, 2), true).unwrap();
    assert_eq!(astar.resume(&grid, &query, 3), Err(PlanError::GraphChanged));
    // The search is dropped.
    assert_eq!(astar.resume(&grid, &query, 3), Err(PlanError::NotPlanned));

    // Another grid value, larger, with the same cells open.
    let small = Grid::open(30, 5, Connectivity::Eight);
    let large = Grid::open(40, 9, Connectivity::Eight);
    astar.begin(&small, &query).unwrap();
    assert_eq!(
        astar.resume(&large, &query, 3),
        Err(PlanError::GraphChanged)
    );
}

/// A dense graph that does not tell its revision, whose size can change.
struct Line(usize);

impl Graph for Line {
    type Node = usize;
    type Cost = u32;
    type Ids = DenseIds;
    fn successors(&self, node: usize, mut visit: impl FnMut(usize, u32)) {
        if node + 1 < self.0 {
            visit(node + 1, 1);
        }
        if node > 0 {
            visit(node - 1, 1);
        }
    }
}

impl IndexedGraph for Line {
    fn node_bound(&self) -> usize {
        self.0
    }
    fn index(&self, node: usize) -> usize {
        node
    }
    fn node(&self, index: usize) -> usize {
        index
    }
}

#[test]
fn resume_refuses_a_dense_graph_whose_bound_changed() {
    let mut astar = AStar::dijkstra();
    let query = Query::new(0, Goal::Node(50));
    astar.begin(&Line(100), &query).unwrap();
    assert_eq!(astar.resume(&Line(100), &query, 3), Ok(Progress::Pending));
    assert_eq!(
        astar.resume(&Line(1000), &query, 3),
        Err(PlanError::GraphChanged)
    );
}

#[test]
fn a_start_past_a_dense_bound_is_an_invalid_start() {
    let graph = Line(10);
    let out_of_bounds = Err(PlanError::InvalidStart {
        node: "10".into(),
        reason: InvalidNode::OutOfBounds,
    });
    assert_eq!(
        AStar::dijkstra().plan(&graph, 10, 3).map(|_| ()),
        out_of_bounds
    );
    assert_eq!(Bfs::new().plan(&graph, 10, 3).map(|_| ()), out_of_bounds);
    assert!(matches!(
        AStar::dijkstra().plan(&graph, 3, 12),
        Err(PlanError::InvalidGoal { .. })
    ));
    let goals = [2, 99];
    assert!(matches!(
        Bfs::new().search(&graph, &Query::new(0, Goal::AnyOf(&goals))),
        Err(PlanError::InvalidGoal { .. })
    ));
}

#[test]
fn a_budget_lowered_mid_search_stops_at_the_next_slice() {
    let grid = Grid::open(64, 64, Connectivity::Eight);
    let query = Query::new((0, 0), Goal::Node((63, 63)));
    let mut astar = AStar::new(Octile);
    astar.begin(&grid, &query).unwrap();
    for _ in 0..2 {
        assert_eq!(astar.resume(&grid, &query, 5), Ok(Progress::Pending));
    }
    astar.set_budget(Some(5));
    assert_eq!(
        astar.resume(&grid, &query, 100),
        Err(PlanError::BudgetExceeded { budget: 5 })
    );
    assert_eq!(astar.last_stats().expanded, 10);
}

#[test]
fn a_nan_estimate_is_an_error() {
    let graph = from_fn(|n: u32| [(n + 1, 1.0_f64)]);
    let h = |n: u32, goal: u32| {
        if n == 3 {
            f64::NAN
        } else {
            f64::from(goal - n)
        }
    };
    let result = AStar::new(h).plan(&graph, 0, 10);
    assert!(
        matches!(result, Err(PlanError::InvalidEstimate { .. })),
        "{result:?}"
    );
    let at_start = AStar::new(|_: u32, _: u32| f64::NAN).plan(&graph, 0, 10);
    assert!(matches!(at_start, Err(PlanError::InvalidEstimate { .. })));
}

/// A distance along a line of integers that counts how it is asked: afresh, or along an
/// edge from the parent's estimate.
struct CountingDistance<'a> {
    fresh: &'a Counter<u64>,
    along_edges: &'a Counter<u64>,
}

impl Heuristic<i64, u32> for CountingDistance<'_> {
    fn estimate(&self, from: i64, goal: i64) -> u32 {
        self.fresh.set(self.fresh.get() + 1);
        from.abs_diff(goal) as u32
    }

    fn estimate_child(&self, _: i64, _: u32, child: i64, goal: i64) -> u32 {
        self.along_edges.set(self.along_edges.get() + 1);
        child.abs_diff(goal) as u32
    }
}

/// While `f` is a small integer, A* keeps its frontier in buckets and takes every child's
/// estimate along its edge, however large the start's own estimate: the buckets are sized
/// for it, so only the start is estimated afresh.
#[test]
fn a_large_start_estimate_still_updates_estimates_along_edges() {
    let line = from_fn(|n: i64| [(n + 1, 1_u32), (n - 1, 1)]);
    for goal in [100_i64, 2_000, 10_000] {
        let (fresh, along_edges) = (Counter::new(0), Counter::new(0));
        let h = CountingDistance {
            fresh: &fresh,
            along_edges: &along_edges,
        };
        let path = AStar::new(h).plan(&line, 0, goal).unwrap();
        assert_eq!((path.cost, path.stats.expanded), (goal as u32, goal as u64));
        // The nodes reached besides the start: `1..=goal`, and `-1` beside it.
        assert_eq!(
            (fresh.get(), along_edges.get()),
            (1, goal as u64 + 1),
            "goal {goal}"
        );
    }
}

#[test]
fn an_empty_goal_set_is_no_path_at_once_for_every_planner() {
    // An unbounded graph: a search for nothing would never end.
    let line = from_fn(|n: i64| [(n + 1, 1_u32), (n - 1, 1)]);
    let none: [i64; 0] = [];
    let query = Query::new(0, Goal::AnyOf(&none));
    assert_eq!(
        AStar::dijkstra().search(&line, &query),
        Err(PlanError::NoPath)
    );
    assert_eq!(
        AStar::new(|a: i64, b: i64| a.abs_diff(b) as u32).search(&line, &query),
        Err(PlanError::NoPath)
    );
    assert_eq!(Bfs::new().search(&line, &query), Err(PlanError::NoPath));
    let both = from_fn(|n: i64| [(n + 1, 1_u32), (n - 1, 1)])
        .with_predecessors(|n: i64| [(n + 1, 1_u32), (n - 1, 1)]);
    assert_eq!(
        BidirectionalBfs::new().search(&both, &query),
        Err(PlanError::NoPath)
    );
    // With `or_closest`, the start, unexpanded.
    let closest = query.or_closest();
    for outcome in [
        AStar::dijkstra().search(&line, &closest).unwrap(),
        Bfs::new().search(&line, &closest).unwrap(),
    ] {
        match outcome {
            Outcome::Closest { path, reason } => {
                assert_eq!(
                    (path.nodes, path.cost, reason),
                    (vec![0], 0, PlanError::NoPath)
                );
                assert_eq!(path.stats.expanded, 0);
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_slice_of_zero_still_makes_progress() {
    let grid = Grid::open(10, 10, Connectivity::Eight);
    let query = Query::new((0, 0), Goal::Node((9, 9)));
    let mut astar = AStar::new(Octile);
    astar.begin(&grid, &query).unwrap();
    let mut calls = 0;
    loop {
        calls += 1;
        assert!(calls < 1000, "a slice of 0 never ends the search");
        if let Progress::Done(outcome) = astar.resume(&grid, &query, 0).unwrap() {
            assert_eq!(outcome.path().goal(), (9, 9));
            break;
        }
    }
    // Each call expands one node, and the last also finds the goal next in line.
    assert_eq!(calls, astar.last_stats().expanded);
}

#[test]
fn an_infinite_edge_is_impassable() {
    // 0 → 1 costs infinity, 0 → 2 → 1 costs 2.
    let graph = from_fn(|n: u8| match n {
        0 => vec![(1, f64::INFINITY), (2, 1.0)],
        2 => vec![(1, 1.0)],
        _ => vec![],
    });
    let path = AStar::dijkstra().plan(&graph, 0, 1).unwrap();
    assert_eq!((path.nodes, path.cost), (vec![0, 2, 1], 2.0));
    let bfs = Bfs::new().plan(&graph, 0, 1).unwrap();
    assert_eq!(bfs.nodes, [0, 2, 1]);
    let only = from_fn(|n: u8| {
        if n == 0 {
            vec![(1, f64::INFINITY)]
        } else {
            vec![]
        }
    });
    assert_eq!(AStar::dijkstra().plan(&only, 0, 1), Err(PlanError::NoPath));
    assert_eq!(Bfs::new().plan(&only, 0, 1), Err(PlanError::NoPath));
    let integers = from_fn(|n: u8| {
        if n == 0 {
            vec![(1, u32::MAX), (2, 3)]
        } else {
            vec![]
        }
    });
    assert_eq!(
        AStar::dijkstra().plan(&integers, 0, 1),
        Err(PlanError::NoPath)
    );
    assert_eq!(AStar::dijkstra().plan(&integers, 0, 2).unwrap().cost, 3);
}

#[test]
fn dijkstra_closest_without_an_estimate_is_the_start() {
    let grid: Grid = "...#.".parse().unwrap();
    let query = Query::new((0, 0), Goal::Node((4, 0))).or_closest();
    let outcome = Dijkstra::default().search(&grid, &query).unwrap();
    assert_eq!(outcome.path().nodes, [(0, 0)]);
    // With an estimate, the cell next to the wall.
    let towards = |cell: Cell| f64::from(4 - cell.0);
    let outcome = Dijkstra::default()
        .search(&grid, &query.with_estimate(&towards))
        .unwrap();
    assert_eq!(outcome.path().goal(), (2, 0));
}

#[test]
fn a_huge_claimed_graph_is_searched_or_refused_without_aborting() {
    for result in [
        AStar::dijkstra().plan(&Claimed, 0, 9),
        Bfs::new().plan(&Claimed, 0, 9),
    ] {
        match result {
            Ok(path) => assert_eq!(path.cost, 9),
            Err(PlanError::OutOfMemory { .. }) => {}
            Err(other) => panic!("{other}"),
        }
    }
    // A limit the caller sets refuses the claim before anything is allocated.
    let mut limited = AStar::dijkstra();
    limited.set_memory_limit(Some(1 << 30));
    assert!(matches!(
        limited.plan(&Claimed, 0, 9),
        Err(PlanError::OutOfMemory { .. })
    ));
}

/// 4.2 billion cells: an error, or (on a host with 8.5 GB to spare, filled in) a grid, but
/// no abort. Slow where it succeeds: `cargo test --release --test core -- query_contracts:: --ignored`.
#[test]
#[ignore]
fn a_huge_grid_is_an_error_or_a_grid() {
    match Grid::try_open(65_000, 65_000, Connectivity::Four) {
        Ok(grid) => assert_eq!(grid.width(), 65_000),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

/// Small digraphs with costs that tie, and an admissible heuristic that is often
/// inconsistent (a random fraction of the true distance, node by node).
#[derive(Clone, Debug)]
struct Weighted {
    edges: Vec<Vec<(u8, u32)>>,
    start: u8,
    goal: u8,
    fractions: Vec<u32>,
}

fn weighted() -> impl Strategy<Value = Weighted> {
    (2u8..12).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 1u32..6), 0..40),
            0..n,
            0..n,
            prop::collection::vec(0u32..=4, usize::from(n)),
        )
            .prop_map(move |(list, start, goal, fractions)| {
                let mut edges = vec![Vec::new(); usize::from(n)];
                for (from, to, cost) in list {
                    edges[usize::from(from)].push((to, cost));
                }
                Weighted {
                    edges,
                    start,
                    goal,
                    fractions,
                }
            })
    })
}

impl Graph for Weighted {
    type Node = u8;
    type Cost = u32;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, u32)) {
        for &(next, cost) in &self.edges[usize::from(node)] {
            visit(next, cost);
        }
    }
}

impl Weighted {
    /// The cheapest cost from each node to the goal (Bellman-Ford: the oracle).
    fn to_goal(&self) -> Vec<Option<u32>> {
        let n = self.edges.len();
        let mut distance = vec![None; n];
        distance[usize::from(self.goal)] = Some(0);
        for _ in 0..n {
            for from in 0..n {
                for &(to, cost) in &self.edges[from] {
                    if let Some(d) = distance[usize::from(to)] {
                        let through = d + cost;
                        if distance[from].is_none_or(|best| through < best) {
                            distance[from] = Some(through);
                        }
                    }
                }
            }
        }
        distance
    }

    /// The cheapest edges along `nodes`, summed.
    fn walk(&self, nodes: &[u8]) -> Option<u32> {
        nodes.windows(2).try_fold(0, |total, step| {
            let cheapest = self.edges[usize::from(step[0])]
                .iter()
                .filter(|&&(to, _)| to == step[1])
                .map(|&(_, cost)| cost)
                .min()?;
            Some(total + cheapest)
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// With any budget and an admissible, inconsistent heuristic, every path A* returns
    /// (to a goal or to the closest node) costs what its edges sum to, and a goal path is
    /// optimal.
    #[test]
    fn every_path_costs_its_edges(case in weighted(), budget in 0u64..12) {
        let distance = case.to_goal();
        let estimates: Vec<u32> = distance
            .iter()
            .zip(&case.fractions)
            .map(|(d, fraction)| d.map_or(0, |d| d * fraction / 4))
            .collect();
        let h = |node: u8, _goal: u8| estimates[usize::from(node)];
        let query = Query::new(case.start, Goal::Node(case.goal)).or_closest();
        for mut astar in [AStar::new(h).with_budget(budget), AStar::new(h)] {
            let outcome = astar.search(&case, &query).unwrap();
            let path = outcome.path();
            prop_assert_eq!(path.nodes[0], case.start);
            prop_assert_eq!(case.walk(&path.nodes), Some(path.cost), "{:?}", outcome);
            if let Outcome::Reached(path) = &outcome {
                prop_assert_eq!(Some(path.cost), distance[usize::from(case.start)]);
            }
        }
    }

    /// A search in random slices, with the budget lowered or raised between them, stops at
    /// the budget in force, to the expansion.
    #[test]
    fn budgets_changed_between_slices_are_limits(
        case in weighted(),
        steps in prop::collection::vec((0u64..4, prop::option::of(0u64..15)), 1..12),
    ) {
        let mut astar = AStar::dijkstra();
        let query = Query::new(case.start, Goal::Node(case.goal));
        astar.begin(&case, &query).unwrap();
        for (slice, budget) in steps {
            astar.set_budget(budget);
            let before = astar.last_stats().expanded;
            let result = astar.resume(&case, &query, slice);
            let after = astar.last_stats().expanded;
            if let Some(budget) = budget {
                prop_assert!(after <= before.max(budget));
            }
            match result {
                Ok(Progress::Pending) => prop_assert_eq!(after - before, slice.max(1)),
                Err(PlanError::BudgetExceeded { budget: stopped }) => {
                    prop_assert_eq!(Some(stopped), budget);
                    prop_assert_eq!(after, before.max(stopped));
                    break;
                }
                _ => break,
            }
        }
    }

    /// A grid search in random slices returns exactly the uninterrupted path, and resumes
    /// with another start or goal in between are refused without disturbing it.
    #[test]
    fn sliced_grid_searches_match_and_refuse_other_queries(
        width in 2u32..20,
        height in 2u32..20,
        walls in prop::collection::vec((0u32..20, 0u32..20), 0..60),
        weights in prop::collection::vec((0u32..20, 0u32..20, 1u32..4), 0..40),
        slices in prop::collection::vec(0u64..6, 1..40),
    ) {
        let mut grid = Grid::open(width, height, Connectivity::Eight);
        for (x, y, weight) in weights {
            let _ = grid.set_weight((x % width, y % height), f64::from(weight) * 0.1);
        }
        let (start, goal) = ((0, 0), (width - 1, height - 1));
        for (x, y) in walls {
            let cell = (x % width, y % height);
            if cell != start && cell != goal {
                grid.set_blocked(cell, true).unwrap();
            }
        }
        let query = Query::new(start, Goal::Node(goal)).or_closest();
        let other = Query::new(goal, Goal::Node(start)).or_closest();
        let whole = AStar::new(Octile).with_budget(200).search(&grid, &query);
        let mut astar = AStar::new(Octile).with_budget(200);
        astar.begin(&grid, &query).unwrap();
        let mut slices = slices.into_iter().cycle();
        let sliced = loop {
            let slice = slices.next().unwrap();
            if slice == 5 {
                let refused = matches!(
                    astar.resume(&grid, &other, 3),
                    Err(PlanError::InvalidQuery { .. })
                );
                prop_assert!(refused);
            }
            match astar.resume(&grid, &query, slice % 5) {
                Ok(Progress::Pending) => {}
                Ok(Progress::Done(outcome)) => break Ok(outcome),
                Err(error) => break Err(error),
            }
        };
        prop_assert_eq!(sliced, whole);
    }

    /// The fuzz target's checks, on random bytes.
    #[test]
    fn sliced_search_driver_finds_nothing(data in prop::collection::vec(any::<u8>(), 0..160)) {
        if let Err(broken) = sliced_search_driver::check(&data) {
            prop_assert!(false, "{}", broken);
        }
    }
}

#[test]
fn a_query_shows_what_was_asked() {
    let query: Query<u8, u32> = Query::new(3, Goal::Node(7));
    assert_eq!(query.starts(), [3]);
    assert!(matches!(query.goal(), Goal::Node(7)));
    assert_eq!(
        format!("{query:?}"),
        "Query { starts: [3], goal: Node(7), estimate: None, closest: false }"
    );
    let estimate = |n: u8| u32::from(n);
    let set = Query::from_each(&[1, 2], Goal::AnyOf(&[5, 6]))
        .with_estimate(&estimate)
        .or_closest();
    assert_eq!(set.starts(), [1, 2]);
    assert!(matches!(set.goal(), Goal::AnyOf([5, 6])));
    assert_eq!(
        format!("{set:?}"),
        "Query { starts: [1, 2], goal: AnyOf([5, 6]), estimate: Some(\"..\"), closest: true }"
    );
    let test = |n: u8| n > 4;
    assert_eq!(format!("{:?}", Goal::Where(&test)), "Where(..)");
}

#[test]
fn a_search_that_begins_at_its_goal_had_its_start_on_the_frontier() {
    // Float costs queue the start in the heap, integer costs in the buckets.
    let grid = Grid::open(3, 3, Connectivity::Eight);
    let path = AStar::new(Octile).plan(&grid, (1, 1), (1, 1)).unwrap();
    let stats = path.stats;
    assert_eq!(
        (path.nodes.len(), stats.expanded, stats.max_frontier),
        (1, 0, 1)
    );
    let graph = Edges(vec![('S', 'G', 1)]);
    let outcome = AStar::dijkstra().search(&graph, &Query::new('S', Goal::Node('S')));
    assert_eq!(outcome.unwrap().path().stats.max_frontier, 1);
}

/// A goal set with the caller's estimate: the estimate steers the search (fewer expansions
/// than with none, the same cost), and a search in slices ends on the same path.
#[test]
fn a_goal_set_with_an_estimate_is_steered_by_it() {
    let grid = Grid::open(40, 9, Connectivity::Eight);
    let goals = [(39, 4), (25, 8)];
    // The octile distance to the nearer goal: admissible and consistent.
    let to_nearest = |cell: Cell| {
        goals
            .iter()
            .map(|&goal| Octile.estimate(cell, goal))
            .fold(f64::INFINITY, f64::min)
    };
    let blind = Query::new((0, 4), Goal::AnyOf(&goals));
    let steered = blind.with_estimate(&to_nearest);
    let unsteered = AStar::dijkstra().search(&grid, &blind).unwrap().into_path();
    let whole = AStar::dijkstra()
        .search(&grid, &steered)
        .unwrap()
        .into_path();
    assert_eq!(whole.goal(), (25, 8));
    assert!((whole.cost - unsteered.cost).abs() < 1e-9, "{whole:?}");
    assert!(
        whole.stats.expanded < unsteered.stats.expanded,
        "{} expansions steered, {} not",
        whole.stats.expanded,
        unsteered.stats.expanded
    );
    let mut astar = AStar::dijkstra();
    astar.begin(&grid, &steered).unwrap();
    let sliced = loop {
        if let Progress::Done(outcome) = astar.resume(&grid, &steered, 3).unwrap() {
            break outcome.into_path();
        }
    };
    assert_eq!((sliced.nodes, sliced.cost), (whole.nodes, whole.cost));
}

/// A planner kept between searches on ids in discovery order gives the goals of a search
/// the first ids after its starts, whose records still hold what the last search wrote for
/// the nodes that had those ids: a goal is reached all the same, and a node met again the
/// dear way keeps its cheaper route, for a goal with the query's own estimate and for a
/// goal set.
#[test]
fn a_kept_planner_reaches_goals_whatever_their_ids_held_before() {
    // a→b→c→d→e, and a dearer way to c through x, met after c was reached through b.
    let graph = Edges(vec![
        ('a', 'b', 1),
        ('a', 'x', 2),
        ('b', 'c', 2),
        ('x', 'c', 3),
        ('c', 'd', 1),
        ('d', 'e', 1),
    ]);
    let zero = |_: char| 0;
    let goals = ['e'];
    let near = Query::new('a', Goal::Node('b')).with_estimate(&zero);
    let queries = [
        Query::new('a', Goal::Node('e')).with_estimate(&zero),
        Query::new('a', Goal::AnyOf(&goals)),
    ];
    for query in &queries {
        for kept in [false, true] {
            let mut astar = AStar::dijkstra();
            if kept {
                // `b` gets the id `e` gets next, and is reached at 1.
                let first = astar.search(&graph, &near).unwrap().into_path();
                assert_eq!(first.cost, 1);
            }
            let path = astar.search(&graph, query).unwrap().into_path();
            assert_eq!(
                (path.nodes, path.cost),
                (vec!['a', 'b', 'c', 'd', 'e'], 5),
                "{query:?}, kept: {kept}"
            );
        }
    }
}

/// Breadth-first, the closest node among those of least estimate is the cheapest, even when
/// reached after a dearer one, and among equally cheap ones the first reached, with the
/// fewest edges.
#[test]
fn bfs_breaks_closest_ties_by_cost_then_by_the_first_reached() {
    let estimate = |node: char| u32::from(!matches!(node, 'A' | 'C'));
    let query = Query::new('S', Goal::Node('G'))
        .with_estimate(&estimate)
        .or_closest();
    // A and C both estimate 0; A, one edge away, is reached first.
    for (to_a, nodes, cost) in [(5, vec!['S', 'B', 'C'], 2), (2, vec!['S', 'A'], 2)] {
        let graph = Edges(vec![('S', 'A', to_a), ('S', 'B', 1), ('B', 'C', 1)]);
        let outcome = Bfs::new().search(&graph, &query).unwrap();
        assert!(!outcome.is_reached());
        let path = outcome.into_path();
        assert_eq!((path.nodes, path.cost), (nodes, cost), "S→A costs {to_a}");
    }
}
