//! D* Lite on a small hand-made board: the hand-checked example in the style of Koenig and
//! Likhachev's, and the edge cases implementations get wrong.
//!
//! The board here is deliberately not the crate's grid: it uses integer costs (every move
//! costs 1, diagonals included, as in the papers' examples), hashed node ids, and lets
//! diagonal moves pass blocked corners, so these tests cover the generic code path. The
//! grid (dense ids, `f64` costs) is covered in `dstar_lite_grid.rs`.

use std::collections::HashSet;

use replan::{
    AStar, Budgeted, DStarLite, Graph, HashedIds, InvalidNode, PlanError, Planner, ReverseGraph,
};

type Cell = (i32, i32);

/// A `width × height` board, 8-connected, every move costing 1; blocked cells have no
/// edges. Neighbours come orthogonal first (right, left, up, down), then diagonal.
#[derive(Clone, Debug)]
struct Board {
    width: i32,
    height: i32,
    blocked: HashSet<Cell>,
}

const MOVES: [Cell; 8] = [
    (1, 0),
    (-1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

impl Board {
    fn open(width: i32, height: i32) -> Board {
        Board {
            width,
            height,
            blocked: HashSet::new(),
        }
    }

    fn contains(&self, (x, y): Cell) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    fn free(&self, cell: Cell) -> bool {
        self.contains(cell) && !self.blocked.contains(&cell)
    }

    fn neighbours(&self, (x, y): Cell, mut visit: impl FnMut(Cell, u32)) {
        if !self.free((x, y)) {
            return;
        }
        for (dx, dy) in MOVES {
            let next = (x + dx, y + dy);
            if self.free(next) {
                visit(next, 1);
            }
        }
    }

    /// The cells whose edges change when `cell` is blocked or freed: itself and its
    /// neighbours on the board.
    fn around(&self, (x, y): Cell) -> Vec<Cell> {
        let mut cells = vec![(x, y)];
        cells.extend(
            MOVES
                .iter()
                .map(|(dx, dy)| (x + dx, y + dy))
                .filter(|&c| self.contains(c)),
        );
        cells
    }
}

impl Graph for Board {
    type Node = Cell;
    type Cost = u32;
    type Ids = HashedIds<Cell>;

    fn successors(&self, cell: Cell, visit: impl FnMut(Cell, u32)) {
        self.neighbours(cell, visit);
    }

    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if !self.contains(cell) {
            Err(InvalidNode::OutOfBounds)
        } else if self.blocked.contains(&cell) {
            Err(InvalidNode::Blocked)
        } else {
            Ok(())
        }
    }
}

impl ReverseGraph for Board {
    fn predecessors(&self, cell: Cell, visit: impl FnMut(Cell, u32)) {
        self.neighbours(cell, visit);
    }
}

/// The papers' heuristic for 8-connected unit-cost boards: the larger coordinate distance.
fn chebyshev(a: Cell, b: Cell) -> u32 {
    (a.0 - b.0).unsigned_abs().max((a.1 - b.1).unsigned_abs())
}

/// D* Lite over a [`Board`], with the papers' heuristic.
type BoardDStar = DStarLite<fn(Cell, Cell) -> u32, Cell, HashedIds<Cell>, u32>;

fn planner() -> BoardDStar {
    DStarLite::new(chebyshev as fn(Cell, Cell) -> u32)
}

/// Draws `g/rhs` for every cell, `*` standing for infinity and a trailing `q` marking a
/// queued cell, one row per line.
fn table(dstar: &mut BoardDStar, board: &Board) -> String {
    let show = |v: u32| {
        if v == u32::MAX {
            "*".to_string()
        } else {
            v.to_string()
        }
    };
    let mut rows = Vec::new();
    for y in 0..board.height {
        let mut row = Vec::new();
        for x in 0..board.width {
            let v = dstar.node_values(board, (x, y)).unwrap();
            let q = if v.queued { "q" } else { "" };
            row.push(format!(
                "{:>5}",
                format!("{}/{}{q}", show(v.g), show(v.rhs))
            ));
        }
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// The oracle: Dijkstra from scratch on the board as it is.
fn dijkstra(board: &Board, start: Cell, goal: Cell) -> Result<u32, PlanError> {
    AStar::dijkstra().plan(board, start, goal).map(|p| p.cost)
}

fn assert_walk(board: &Board, nodes: &[Cell], cost: u32) {
    let mut total = 0;
    for pair in nodes.windows(2) {
        let mut step = None;
        board.successors(pair[0], |next, c| {
            if next == pair[1] {
                step = Some(c);
            }
        });
        total += step.unwrap_or_else(|| panic!("no edge {:?} -> {:?}", pair[0], pair[1]));
    }
    assert_eq!(total, cost, "path {nodes:?}");
}

/// A hand-checked run in the style of Koenig and Likhachev's example (T-RO 2005, the
/// eight-connected gridworld where every move costs 1 and `h` is the larger coordinate
/// difference). Every value below was derived by hand, step by step, before the test was
/// run; the derivation is summarised in the comments.
///
/// ```text
///        x=0 x=1 x=2 x=3                 x=0 x=1 x=2 x=3
///   y=0   .   .   .   .             y=0   .   .   #   .
///   y=1   S   .   .   G    then     y=1   .   S   #   G      (agent at (1, 1))
///   y=2   .   .   .   .             y=2   .   .   #   .
///   y=3   .   .   .   .             y=3   .   .   .   .
/// ```
#[test]
fn hand_checked_example_reproduces_every_g_and_rhs() {
    let mut board = Board::open(4, 4);
    let mut dstar = planner();

    // First search from S = (0, 1). Among equal k1 the deepest node (largest rhs, nearest
    // S) goes first, so the search runs straight at S: G [3; 0], then one of the x = 2
    // column at [3; 1] (the heap picks (2, 1)), which gives the x = 1 column rhs 2 and
    // k1 3, so one of them next ((1, 1)), which gives S rhs 3: key(S) = [3; 3] is now the
    // smallest key (S's own, queued), so the search stops after 3 expansions instead of the
    // 7 of the papers' order (which expands every node tied with S that is nearer G).
    // Unexpanded cells hold rhs = 1 + the least g of an expanded neighbour and wait in
    // the queue; S itself is left overconsistent (g = ∞, rhs = 3) by the optimized test.
    let path = dstar.plan(&board, (0, 1), (3, 1)).unwrap();
    assert_eq!(path.stats.expanded, 3);
    assert_eq!(path.nodes, [(0, 1), (1, 1), (2, 1), (3, 1)]);
    assert_walk(&board, &path.nodes, path.cost);
    assert_eq!(
        table(&mut dstar, &board),
        [
            " */3q  */2q  */1q  */1q",
            " */3q   2/2   1/1   0/0",
            " */3q  */2q  */1q  */1q",
            "  */*   */*   */*   */*",
        ]
        .join("\n")
    );

    // The agent steps to (1, 1) (km = h((0,1), (1,1)) = 1) and sees the wall x = 2,
    // y = 0..2. Reported: the wall and every cell next to it (x = 1..3, all rows).
    dstar.move_start(&board, (1, 1)).unwrap();
    for y in 0..3 {
        board.blocked.insert((2, y));
    }
    let changed: Vec<Cell> = (1..4).flat_map(|x| (0..4).map(move |y| (x, y))).collect();
    dstar.notify_changed(&board, changed).unwrap();

    // The wall cells lose every edge: rhs = ∞, and with no edge in or out their g matters
    // to no one, so they are made consistent (g = ∞) as they are reported instead of being
    // queued (the papers would expand each once, to the same effect). The other reported
    // cells and their neighbours recompute rhs: the x = 0 column and (1, 0), (1, 2) keep
    // rhs 3 through (1, 1) (g = 2); (1, 1) itself has no route left (rhs = ∞, g = 2:
    // underconsistent); (3, 0), (3, 2) keep rhs 1.
    // The repair, in key order (km = 1; underconsistent nodes come first among equal k1):
    //  1.   the start (1,1) [3; -]: underconsistent, g = ∞; the five cells whose rhs came
    //       through it find no finite route: rhs = ∞, consistent, dequeued;
    //  2-3. (3,0), (3,2) [4; 1]: g = 1; (3,2) gives (2,3), (3,3) rhs 2 [5; 2];
    //  4-5. (3,3), (2,3) [5; 2] (the heap's order): g = 2; (2,3) gives (1,2) rhs 3
    //       [5; 3] and (1,3) rhs 3 [6; 3];
    //  6.   (1,2) [5; 3], the deepest: g = 3; (0,1), (0,2), (0,3) get rhs 4 [6; 4] and
    //       the start rhs 4 [5; 4].
    // Then the top key is the start's own, [5; 4]: done, 6 expansions.
    let path = dstar.replan(&board).unwrap();
    assert_eq!(path.stats.expanded, 6);
    assert_eq!(path.nodes, [(1, 1), (1, 2), (2, 3), (3, 2), (3, 1)]);
    assert_eq!(path.cost, 4);
    assert_eq!(
        table(&mut dstar, &board),
        [
            "  */*   */*   */*   1/1",
            " */4q  */4q   */*   0/0",
            " */4q   3/3   */*   1/1",
            " */4q  */3q   2/2   2/2",
        ]
        .join("\n")
    );
    assert_eq!(dstar.queue_len(), 5);
}

#[test]
fn start_equals_goal() {
    let board = Board::open(3, 3);
    let mut dstar = planner();
    let path = dstar.plan(&board, (1, 1), (1, 1)).unwrap();
    assert_eq!(
        (path.nodes, path.cost, path.stats.expanded),
        (vec![(1, 1)], 0, 0)
    );

    // Walking onto the goal later is the same case reached by replanning.
    let path = dstar.plan(&board, (0, 0), (2, 2)).unwrap();
    for &cell in &path.nodes[1..] {
        dstar.move_start(&board, cell).unwrap();
        let rest = dstar.replan(&board).unwrap();
        assert_eq!(rest.nodes[0], cell);
    }
    let end = dstar.replan(&board).unwrap();
    assert_eq!((end.nodes, end.cost), (vec![(2, 2)], 0));
}

#[test]
fn goal_becomes_blocked_then_free_again() {
    let mut board = Board::open(5, 5);
    let mut dstar = planner();
    dstar.plan(&board, (0, 0), (4, 4)).unwrap();

    board.blocked.insert((4, 4));
    dstar.notify_changed(&board, board.around((4, 4))).unwrap();
    let err = dstar.replan(&board).unwrap_err();
    assert_eq!(
        err,
        PlanError::InvalidGoal {
            node: "(4, 4)".into(),
            reason: InvalidNode::Blocked
        }
    );
    assert_eq!(Err(err), dijkstra(&board, (0, 0), (4, 4)));

    board.blocked.remove(&(4, 4));
    dstar.notify_changed(&board, board.around((4, 4))).unwrap();
    let path = dstar.replan(&board).unwrap();
    assert_eq!(path.cost, 4);
    assert_walk(&board, &path.nodes, path.cost);
}

#[test]
fn start_becomes_blocked_then_free_again() {
    let mut board = Board::open(5, 5);
    let mut dstar = planner();
    dstar.plan(&board, (0, 0), (4, 4)).unwrap();

    board.blocked.insert((0, 0));
    dstar.notify_changed(&board, board.around((0, 0))).unwrap();
    assert!(matches!(
        dstar.replan(&board),
        Err(PlanError::InvalidStart {
            reason: InvalidNode::Blocked,
            ..
        })
    ));
    // Moving onto a blocked cell is refused and leaves the start where it was.
    assert!(matches!(
        dstar.move_start(&board, (0, 0)),
        Err(PlanError::InvalidStart { .. })
    ));

    board.blocked.remove(&(0, 0));
    dstar.notify_changed(&board, board.around((0, 0))).unwrap();
    let path = dstar.replan(&board).unwrap();
    assert_eq!((path.nodes[0], path.cost), ((0, 0), 4));
}

#[test]
fn no_path_then_a_path_again() {
    // A wall across the board with one gap at (2, 4).
    let mut board = Board::open(5, 5);
    for y in 0..4 {
        board.blocked.insert((2, y));
    }
    let mut dstar = planner();
    let path = dstar.plan(&board, (0, 0), (4, 0)).unwrap();
    assert_eq!(path.cost, dijkstra(&board, (0, 0), (4, 0)).unwrap());

    board.blocked.insert((2, 4));
    dstar.notify_changed(&board, board.around((2, 4))).unwrap();
    assert_eq!(dstar.replan(&board), Err(PlanError::NoPath));
    // Asking again costs nothing and gives the same answer.
    assert_eq!(dstar.replan(&board), Err(PlanError::NoPath));
    assert_eq!(dstar.last_stats().expanded, 0);

    board.blocked.remove(&(2, 1));
    dstar.notify_changed(&board, board.around((2, 1))).unwrap();
    let path = dstar.replan(&board).unwrap();
    assert_eq!(path.cost, dijkstra(&board, (0, 0), (4, 0)).unwrap());
    assert!(path.nodes.contains(&(2, 1)));
    assert_walk(&board, &path.nodes, path.cost);
}

#[test]
fn start_moves_onto_a_node_the_search_never_expanded() {
    let board = Board::open(12, 12);
    let mut dstar = planner();
    // The first search expands a narrow band between (0, 0) and (11, 11) only.
    dstar.plan(&board, (0, 0), (11, 11)).unwrap();
    assert_eq!(dstar.node_values(&board, (0, 11)).unwrap().g, u32::MAX);

    // Jump to a corner the search never reached, then to one it reached but did not expand.
    for start in [(0, 11), (11, 0), (1, 0)] {
        dstar.move_start(&board, start).unwrap();
        let path = dstar.replan(&board).unwrap();
        assert_eq!(path.nodes[0], start);
        assert_eq!(path.cost, dijkstra(&board, start, (11, 11)).unwrap());
        assert_walk(&board, &path.nodes, path.cost);
    }
}

#[test]
fn ties_between_equal_cost_successors_do_not_make_the_agent_oscillate() {
    // An open board has a great many shortest paths. Following the path one step at a time
    // must give the rest of the same path each time, never a step back.
    let board = Board::open(15, 9);
    let mut dstar = planner();
    let mut path = dstar.plan(&board, (0, 4), (14, 0)).unwrap();
    let total = path.cost;
    let mut walked = vec![path.nodes[0]];
    while path.nodes.len() > 1 {
        let next = path.nodes[1];
        dstar.move_start(&board, next).unwrap();
        let rest = dstar.replan(&board).unwrap();
        assert_eq!(
            rest.nodes,
            path.nodes[1..],
            "the path changed with nothing changed"
        );
        assert_eq!(rest.stats.expanded, 0);
        walked.push(next);
        path = rest;
    }
    assert_eq!(walked.len() as u32 - 1, total);

    // With a change off the path, the agent also keeps going forwards.
    let mut board = Board::open(15, 9);
    let mut path = dstar.plan(&board, (0, 4), (14, 4)).unwrap();
    let mut seen = HashSet::from([path.nodes[0]]);
    let mut step = 0;
    while path.nodes.len() > 1 {
        let next = path.nodes[1];
        dstar.move_start(&board, next).unwrap();
        // A door that opens and closes beside the route, every step.
        let door = (7, 2);
        if step % 2 == 0 {
            board.blocked.insert(door);
        } else {
            board.blocked.remove(&door);
        }
        dstar.notify_changed(&board, board.around(door)).unwrap();
        path = dstar.replan(&board).unwrap();
        assert!(seen.insert(next), "the agent came back to {next:?}");
        step += 1;
    }
    assert_eq!(step, 14);
}

#[test]
fn reported_edges_are_repaired_like_reported_nodes() {
    let mut board = Board::open(6, 4);
    let mut dstar = planner();
    dstar.plan(&board, (0, 0), (5, 3)).unwrap();
    // Block (3, 1) and report each vanished edge explicitly, in both directions.
    board.blocked.insert((3, 1));
    let edges: Vec<(Cell, Cell)> = Board::open(6, 4)
        .around((3, 1))
        .into_iter()
        .skip(1)
        .flat_map(|n| [(n, (3, 1)), ((3, 1), n)])
        .collect();
    dstar.update_edges(&board, edges).unwrap();
    let path = dstar.replan(&board).unwrap();
    assert_eq!(path.cost, dijkstra(&board, (0, 0), (5, 3)).unwrap());
    assert!(!path.nodes.contains(&(3, 1)));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let board = Board::open(4, 4);
    let mut dstar = planner();
    assert_eq!(dstar.replan(&board), Err(PlanError::NotPlanned));
    assert_eq!(dstar.move_start(&board, (1, 1)), Err(PlanError::NotPlanned));
    // Reports before a search have nothing to repair.
    assert_eq!(dstar.notify_changed(&board, [(9, 9)]), Ok(()));

    dstar.plan(&board, (0, 0), (3, 3)).unwrap();
    assert_eq!(
        dstar.notify_changed(&board, [(1, 1), (4, 0)]),
        Err(PlanError::InvalidChange {
            node: "(4, 0)".into(),
            reason: InvalidNode::OutOfBounds
        })
    );
    assert!(matches!(
        dstar.update_edges(&board, [((0, 0), (-1, 0))]),
        Err(PlanError::InvalidChange { .. })
    ));
    assert_eq!(
        dstar.move_start(&board, (-1, 2)),
        Err(PlanError::InvalidStart {
            node: "(-1, 2)".into(),
            reason: InvalidNode::OutOfBounds
        })
    );
    // The search is intact after the refusals.
    assert_eq!(dstar.start(), Some((0, 0)));
    assert_eq!(dstar.replan(&board).unwrap().cost, 3);
    assert!(matches!(
        dstar.plan(&board, (0, 0), (7, 7)),
        Err(PlanError::InvalidGoal { .. })
    ));
    assert_eq!(dstar.replan(&board), Err(PlanError::NotPlanned));
}

#[test]
fn a_budget_stops_a_replan_and_the_next_one_carries_on() {
    let mut board = Board::open(30, 30);
    let mut full = planner();
    let mut limited = planner().with_budget(5);
    full.plan(&board, (0, 0), (29, 29)).unwrap();
    let mut attempts = 0;
    let first = loop {
        attempts += 1;
        match if attempts == 1 {
            limited.plan(&board, (0, 0), (29, 29))
        } else {
            limited.replan(&board)
        } {
            Err(PlanError::BudgetExceeded { budget: 5 }) => continue,
            other => break other.unwrap(),
        }
    };
    assert!(attempts > 2);
    assert_eq!(first.cost, 29);

    for y in 0..29 {
        board.blocked.insert((15, y));
    }
    let changed: Vec<Cell> = (14..17)
        .flat_map(|x| (0..30).map(move |y| (x, y)))
        .collect();
    full.notify_changed(&board, changed.clone()).unwrap();
    limited.notify_changed(&board, changed).unwrap();
    let expected = full.replan(&board).unwrap();
    let repaired = loop {
        match limited.replan(&board) {
            Err(PlanError::BudgetExceeded { .. }) => continue,
            other => break other.unwrap(),
        }
    };
    assert_eq!(repaired.cost, expected.cost);
    assert_eq!(expected.cost, dijkstra(&board, (0, 0), (29, 29)).unwrap());
}

/// Zero-cost edges make whole regions tie; the path walk must still end at the goal.
#[test]
fn zero_cost_edges_do_not_trap_the_path_walk() {
    /// A ring 0..8 where every edge costs 0 except 7 -> 8 (cost 1), and 8 is the goal.
    struct Ring;
    impl Graph for Ring {
        type Node = u8;
        type Cost = u32;
        type Ids = HashedIds<u8>;
        fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) {
            match n {
                8 => visit(7, 1),
                7 => {
                    visit(6, 0);
                    visit(0, 0);
                    visit(8, 1);
                }
                0 => {
                    visit(7, 0);
                    visit(1, 0);
                }
                n => {
                    visit(n - 1, 0);
                    visit(n + 1, 0);
                }
            }
        }
    }
    impl ReverseGraph for Ring {
        fn predecessors(&self, n: u8, visit: impl FnMut(u8, u32)) {
            self.successors(n, visit);
        }
    }
    let mut dstar = DStarLite::new(replan::Zero);
    let path = dstar.plan(&Ring, 3, 8).unwrap();
    assert_eq!(path.cost, 1);
    assert_eq!(path.goal(), 8);
    let unique: HashSet<u8> = path.nodes.iter().copied().collect();
    assert_eq!(unique.len(), path.nodes.len());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        /// Block or free the cell (coordinates taken modulo the board's size).
        Toggle(u8, u8),
        /// Move the start one step along the current path.
        Step,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            2 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Op::Toggle(x, y)),
            1 => Just(Op::Step),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Integer costs, hashed ids: after every edit and every replan the cost equals a
        /// fresh Dijkstra's on the current board, the path is a walk on it, and both agree
        /// on unreachable goals and unusable endpoints.
        #[test]
        fn replans_match_dijkstra_from_scratch(
            width in 2..10i32,
            height in 2..10i32,
            walls in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..30),
            ends in (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()),
            ops in proptest::collection::vec(op(), 0..40),
        ) {
            let at = |x: u8, y: u8| (x as i32 % width, y as i32 % height);
            let mut board = Board::open(width, height);
            board.blocked.extend(walls.iter().map(|&(x, y)| at(x, y)));
            let (mut start, goal) = (at(ends.0, ends.1), at(ends.2, ends.3));
            board.blocked.remove(&start);
            board.blocked.remove(&goal);

            let mut dstar = planner();
            let mut result = dstar.plan(&board, start, goal);
            for op in ops {
                prop_assert_eq!(result.as_ref().map(|p| p.cost).map_err(Clone::clone), dijkstra(&board, start, goal));
                if let Ok(path) = &result {
                    prop_assert_eq!(path.nodes[0], start);
                    prop_assert_eq!(path.goal(), goal);
                    assert_walk(&board, &path.nodes, path.cost);
                }
                match op {
                    Op::Toggle(x, y) => {
                        let cell = at(x, y);
                        if !board.blocked.remove(&cell) {
                            board.blocked.insert(cell);
                        }
                        dstar.notify_changed(&board, board.around(cell)).unwrap();
                    }
                    Op::Step => {
                        if let Ok(path) = &result {
                            if path.nodes.len() > 1 {
                                start = path.nodes[1];
                                dstar.move_start(&board, start).unwrap();
                            }
                        }
                    }
                }
                result = dstar.replan(&board);
            }
            prop_assert_eq!(result.map(|p| p.cost), dijkstra(&board, start, goal));
        }
    }
}
