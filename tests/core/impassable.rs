//! Edges of infinite cost are impassable to every planner: a graph whose best route runs
//! over one gets the detour, never `CostOverflow`; NaN edges and NaN estimates are typed
//! errors, never a silently wrong path.

use std::cell::Cell;

use replan::{
    AStar, Bfs, BfsReach, BidirectionalBfs, Budgeted, Cost, DStarLite, DenseIds, Dijkstra,
    DijkstraReach, Graph, HashedIds, IdaStar, IndexedGraph, PlanError, Planner, ReverseGraph,
};

/// `0 → 1 → 4` is the short way, in edges and in cost, but the edge `1 → 4` costs
/// `shortcut`; `0 → 2 → 3 → 4` is the detour, of cost 3. Dense ids.
struct Detour<C> {
    shortcut: Cell<C>,
}

/// The same graph with hashed ids, which come in discovery order.
struct Hashed<C>(Detour<C>);

impl<C: Cost + From<u8>> Detour<C> {
    fn new(shortcut: C) -> Self {
        Detour {
            shortcut: Cell::new(shortcut),
        }
    }

    fn edges(&self) -> [(u8, u8, C); 5] {
        let one = C::from(1);
        [
            (0, 1, one),
            (1, 4, self.shortcut.get()),
            (0, 2, one),
            (2, 3, one),
            (3, 4, one),
        ]
    }

    fn successors(&self, node: u8, mut visit: impl FnMut(u8, C)) {
        for (from, to, cost) in self.edges() {
            if from == node {
                visit(to, cost);
            }
        }
    }

    fn predecessors(&self, node: u8, mut visit: impl FnMut(u8, C)) {
        for (from, to, cost) in self.edges() {
            if to == node {
                visit(from, cost);
            }
        }
    }
}

/// The graph behind either numbering.
trait Shortcut: ReverseGraph<Node = u8> + IndexedGraph {
    fn detour(&self) -> &Detour<Self::Cost>;
}

/// The graph traits for either numbering, both read from the [`Detour`] inside.
macro_rules! detour_graph {
    ($graph:ident, $ids:ty) => {
        impl<C: Cost + From<u8>> Graph for $graph<C> {
            type Node = u8;
            type Cost = C;
            type Ids = $ids;
            fn successors(&self, node: u8, visit: impl FnMut(u8, C)) {
                self.inner().successors(node, visit)
            }
        }
        impl<C: Cost + From<u8>> ReverseGraph for $graph<C> {
            fn predecessors(&self, node: u8, visit: impl FnMut(u8, C)) {
                self.inner().predecessors(node, visit)
            }
        }
        impl<C: Cost + From<u8>> IndexedGraph for $graph<C> {
            fn node_bound(&self) -> usize {
                5
            }
            fn index(&self, node: u8) -> usize {
                usize::from(node)
            }
            fn node(&self, index: usize) -> u8 {
                index as u8
            }
        }
        impl<C: Cost + From<u8>> Shortcut for $graph<C> {
            fn detour(&self) -> &Detour<C> {
                self.inner()
            }
        }
    };
}
detour_graph!(Detour, DenseIds);
detour_graph!(Hashed, HashedIds<u8>);

impl<C> Detour<C> {
    fn inner(&self) -> &Self {
        self
    }
}

impl<C> Hashed<C> {
    fn inner(&self) -> &Detour<C> {
        &self.0
    }
}

const DETOUR: [u8; 4] = [0, 2, 3, 4];

/// Every point-to-point planner takes the detour around an infinite edge, and takes the
/// shortcut once the edge is finite: the edge, not the graph, decides.
fn every_planner_goes_around<G, C>(graph: G, three: C, two: C)
where
    G: Shortcut<Cost = C>,
    C: Cost + From<u8>,
    G::Ids: Default,
{
    let zero = |_: u8, _: u8| C::ZERO;
    let paths = [
        AStar::new(zero).plan(&graph, 0, 4),
        Dijkstra::default().plan(&graph, 0, 4),
        Bfs::new().plan(&graph, 0, 4),
        BidirectionalBfs::new().plan(&graph, 0, 4),
        BidirectionalBfs::new()
            .with_first_meeting()
            .plan(&graph, 0, 4),
        IdaStar::new(zero).plan(&graph, 0, 4),
        DStarLite::new(zero).plan(&graph, 0, 4),
    ];
    for (planner, path) in paths.into_iter().enumerate() {
        let path = path.unwrap_or_else(|error| panic!("planner {planner}: {error:?}"));
        assert_eq!(
            (path.nodes, path.cost),
            (DETOUR.to_vec(), three),
            "planner {planner}"
        );
    }
    let map = DijkstraReach::new().run(&graph, 0).unwrap().clone();
    assert_eq!(map.get(4), Some(three));
    assert_eq!(map.get(1), Some(C::from(1)));
    assert_eq!(BfsReach::new().run(&graph, 0).unwrap().get(4), Some(3));

    // A finite shortcut is taken: the infinite edge was skipped, not the node.
    graph.detour().shortcut.set(C::from(1));
    for (planner, path) in [
        AStar::new(zero).plan(&graph, 0, 4),
        Bfs::new().plan(&graph, 0, 4),
        BidirectionalBfs::new().plan(&graph, 0, 4),
        IdaStar::new(zero).plan(&graph, 0, 4),
        DStarLite::new(zero).plan(&graph, 0, 4),
    ]
    .into_iter()
    .enumerate()
    {
        let path = path.unwrap_or_else(|error| panic!("planner {planner}: {error:?}"));
        assert_eq!(
            (path.nodes, path.cost),
            (vec![0, 1, 4], two),
            "planner {planner}"
        );
    }
    assert_eq!(
        DijkstraReach::new().run(&graph, 0).unwrap().get(4),
        Some(two)
    );
    assert_eq!(BfsReach::new().run(&graph, 0).unwrap().get(4), Some(2));
}

#[test]
fn an_infinite_edge_on_the_best_path_is_gone_around_by_every_planner() {
    every_planner_goes_around(Hashed(Detour::new(f64::INFINITY)), 3.0, 2.0);
    every_planner_goes_around(Detour::new(f64::INFINITY), 3.0, 2.0);
    every_planner_goes_around(Hashed(Detour::new(u32::MAX)), 3, 2);
    every_planner_goes_around(Detour::new(u32::MAX), 3, 2);
    every_planner_goes_around(Hashed(Detour::new(f32::INFINITY)), 3.0, 2.0);
}

#[test]
fn with_only_infinite_edges_to_the_goal_there_is_no_path() {
    /// 0 → 1 costs infinity, and nothing else leads to 1.
    struct Cut;
    impl Graph for Cut {
        type Node = u8;
        type Cost = f64;
        type Ids = HashedIds<u8>;
        fn successors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
            if node == 0 {
                visit(1, f64::INFINITY);
            }
        }
    }
    impl ReverseGraph for Cut {
        fn predecessors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
            if node == 1 {
                visit(0, f64::INFINITY);
            }
        }
    }
    let zero = |_: u8, _: u8| 0.0;
    assert_eq!(IdaStar::new(zero).plan(&Cut, 0, 1), Err(PlanError::NoPath));
    assert_eq!(
        DStarLite::new(zero).plan(&Cut, 0, 1),
        Err(PlanError::NoPath)
    );
    assert_eq!(
        BidirectionalBfs::new().plan(&Cut, 0, 1),
        Err(PlanError::NoPath)
    );
    assert_eq!(Bfs::new().plan(&Cut, 0, 1), Err(PlanError::NoPath));
}

#[test]
fn dstar_lite_goes_around_an_edge_whose_cost_became_infinite() {
    let graph = Hashed(Detour::new(1.0));
    let mut dstar = DStarLite::new(|_: u8, _: u8| 0.0);
    assert_eq!(dstar.plan(&graph, 0, 4).unwrap().nodes, [0, 1, 4]);
    graph.0.shortcut.set(f64::INFINITY);
    dstar.update_edges(&graph, [(1, 4)]).unwrap();
    let path = dstar.replan(&graph).unwrap();
    assert_eq!((path.nodes, path.cost), (DETOUR.to_vec(), 3.0));
    graph.0.shortcut.set(1.0);
    dstar.update_edges(&graph, [(1, 4)]).unwrap();
    assert_eq!(dstar.replan(&graph).unwrap().cost, 2.0);
}

#[test]
fn a_nan_edge_is_an_invalid_cost_for_every_planner() {
    let graph = Detour::<f64>::new(f64::NAN);
    let zero = |_: u8, _: u8| 0.0;
    let nan = PlanError::InvalidCost { cost: "NaN".into() };
    assert_eq!(AStar::new(zero).plan(&graph, 0, 4), Err(nan.clone()));
    assert_eq!(Bfs::new().plan(&graph, 0, 4), Err(nan.clone()));
    assert_eq!(BidirectionalBfs::new().plan(&graph, 0, 4), Err(nan.clone()));
    assert_eq!(IdaStar::new(zero).plan(&graph, 0, 4), Err(nan.clone()));
    assert_eq!(DStarLite::new(zero).plan(&graph, 0, 4), Err(nan.clone()));
    assert_eq!(DijkstraReach::new().run(&graph, 0).err(), Some(nan));
    // Breadth-first distances ignore costs, NaN included.
    assert_eq!(BfsReach::new().run(&graph, 0).unwrap().get(4), Some(2));
}

#[test]
fn a_nan_estimate_is_an_invalid_estimate_for_ida_star() {
    let graph = Detour::<f64>::new(1.0);
    let on_the_way = |node: u8, _: u8| if node == 2 { f64::NAN } else { 0.0 };
    let result = IdaStar::new(on_the_way).plan(&graph, 0, 4);
    assert!(
        matches!(result, Err(PlanError::InvalidEstimate { .. })),
        "{result:?}"
    );
    let at_start = IdaStar::new(|_: u8, _: u8| f64::NAN).plan(&graph, 0, 4);
    assert!(
        matches!(at_start, Err(PlanError::InvalidEstimate { .. })),
        "{at_start:?}"
    );
}

/// D* Lite reads estimates when it keys a node, in `plan`, in a change report and when
/// the start has moved: a NaN from any of them is `InvalidEstimate`, and the search is
/// dropped (its queue lacks the node it could not key) until the next `plan`.
#[test]
fn a_nan_estimate_is_an_invalid_estimate_for_dstar_lite() {
    fn is_invalid<T>(result: &Result<T, PlanError>) -> bool {
        matches!(result, Err(PlanError::InvalidEstimate { estimate }) if estimate == "NaN")
    }
    let graph = Hashed(Detour::<f64>::new(1.0));
    // Node 2 is keyed on the way, before the start's cost is known.
    let on_the_way = |_: u8, node: u8| if node == 2 { f64::NAN } else { 0.0 };
    let result = DStarLite::new(on_the_way).plan(&graph, 0, 4);
    assert!(is_invalid(&result), "{result:?}");
    let at_the_goal = DStarLite::new(|_: u8, _: u8| f64::NAN).plan(&graph, 0, 4);
    assert!(is_invalid(&at_the_goal), "{at_the_goal:?}");

    // A change report keys the node whose route it changed.
    let broken = Cell::new(false);
    let mut dstar = DStarLite::new(|_: u8, node: u8| {
        if broken.get() && node == 1 {
            f64::NAN
        } else {
            0.0
        }
    });
    assert_eq!(dstar.plan(&graph, 0, 4).unwrap().nodes, [0, 1, 4]);
    broken.set(true);
    graph.0.shortcut.set(f64::INFINITY);
    let reported = dstar.update_edges(&graph, [(1, 4)]);
    assert!(is_invalid(&reported), "{reported:?}");
    assert_eq!(dstar.queue_len(), 0);
    assert_eq!(dstar.replan(&graph), Err(PlanError::NotPlanned));
    broken.set(false);
    let path = dstar.plan(&graph, 0, 4).unwrap();
    assert_eq!((path.nodes, path.cost), (DETOUR.to_vec(), 3.0));

    // The start moved: `km` grows by the estimate between the old start and the new,
    // which no key asked for.
    broken.set(false);
    let mut dstar = DStarLite::new(|from: u8, to: u8| {
        if broken.get() && (from, to) == (0, 2) {
            f64::NAN
        } else {
            0.0
        }
    });
    assert_eq!(dstar.plan(&graph, 0, 4).unwrap().nodes, DETOUR);
    broken.set(true);
    dstar.move_start(&graph, 2).unwrap();
    let moved = dstar.replan(&graph);
    assert!(is_invalid(&moved), "{moved:?}");
    assert_eq!(dstar.replan(&graph), Err(PlanError::NotPlanned));
    assert_eq!(dstar.plan(&graph, 2, 4).unwrap().nodes, [2, 3, 4]);
}

/// `0 → 1` costs infinity; `1` is reached the long way, `0 → 2 → 1`, then `1 → 3`.
struct Behind;

impl Graph for Behind {
    type Node = u8;
    type Cost = u32;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, u32)) {
        match node {
            0 => {
                visit(1, u32::MAX);
                visit(2, 1);
            }
            2 => visit(1, 1),
            1 => visit(3, 1),
            _ => {}
        }
    }
}

impl ReverseGraph for Behind {
    fn predecessors(&self, node: u8, mut visit: impl FnMut(u8, u32)) {
        match node {
            1 => {
                visit(0, u32::MAX);
                visit(2, 1);
            }
            2 => visit(0, 1),
            3 => visit(1, 1),
            _ => {}
        }
    }
}

#[test]
fn bidirectional_bfs_reaches_a_node_first_met_over_an_infinite_edge_the_long_way() {
    // Hashed ids come in discovery order: the infinite edge hands node 1 an id in the
    // first forward layer, which the search must not keep.
    for mut planner in [
        BidirectionalBfs::new(),
        BidirectionalBfs::new().with_first_meeting(),
    ] {
        let path = planner.plan(&Behind, 0, 3).unwrap();
        assert_eq!((path.nodes, path.cost), (vec![0, 2, 1, 3], 3));
        let from_goal = planner.plan(&Behind, 0, 1).unwrap();
        assert_eq!((from_goal.nodes, from_goal.cost), (vec![0, 2, 1], 2));
    }
    assert_eq!(Bfs::new().plan(&Behind, 0, 3).unwrap().nodes, [0, 2, 1, 3]);
}

/// Node 0's edges, in the order `nan_first` gives: an infinite one and a NaN one, each to a
/// new node. Hashed ids, which come in discovery order.
struct InfiniteAndNan {
    nan_first: bool,
}

impl Graph for InfiniteAndNan {
    type Node = u8;
    type Cost = f64;
    type Ids = HashedIds<u8>;
    fn successors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
        if node == 0 {
            if self.nan_first {
                visit(2, f64::NAN);
                visit(1, f64::INFINITY);
            } else {
                visit(1, f64::INFINITY);
                visit(2, f64::NAN);
            }
        }
    }
}

impl ReverseGraph for InfiniteAndNan {
    fn predecessors(&self, node: u8, mut visit: impl FnMut(u8, f64)) {
        match node {
            1 => visit(0, f64::INFINITY),
            2 => visit(0, f64::NAN),
            _ => {}
        }
    }
}

#[test]
fn bidirectional_bfs_reports_a_nan_edge_met_beside_an_infinite_one_in_either_order() {
    // With a budget of one expansion the error must come from that expansion itself: were
    // the infinite edge taken for the whole story, the search would start again and stop
    // at the budget instead.
    let nan = PlanError::InvalidCost { cost: "NaN".into() };
    for nan_first in [false, true] {
        let graph = InfiniteAndNan { nan_first };
        let mut planner = BidirectionalBfs::new().with_budget(1);
        assert_eq!(planner.plan(&graph, 0, 3), Err(nan.clone()), "{nan_first}");
        // The one expansion, and both its edges.
        let stats = planner.last_stats();
        assert_eq!((stats.expanded, stats.generated), (1, 2), "{nan_first}");
        assert_eq!(BidirectionalBfs::new().plan(&graph, 0, 3), Err(nan.clone()));
    }
}
