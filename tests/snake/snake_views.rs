//! The graph views of a Snake position: the time-aware view never admits a path through a
//! body cell before it is free (checked by replaying the path on the game), and every
//! planner finds paths as short as `Bfs` on each view, space-time A* against the body as
//! reservations among them.

use proptest::prelude::*;
use replan::snake::{
    Board, Cell, DeathReason, Direction, Game, GameConfig, PlainView, StepDistance, StepOutcome,
    TailView, TimedView,
};
use replan::{
    AStar, Bfs, BidirectionalBfs, DStarLite, Graph, Path, PlanError, Planner, SpaceTimeAStar,
};

#[derive(Clone, Debug)]
struct Case {
    config: GameConfig,
    /// Indices into the safe moves at each step of the walk that sets up the position.
    walk: Vec<u8>,
    target: (u32, u32),
}

fn case() -> impl Strategy<Value = Case> {
    (3u32..=8, 3u32..=8, 0u32..12, any::<u64>(), 1usize..=6).prop_flat_map(
        |(width, height, wall_percent, seed, start_length)| {
            let cells = (width * height) as usize;
            (
                prop::collection::vec(0u32..100, cells),
                prop::collection::vec(any::<u8>(), 0..60),
                (0..width, 0..height),
            )
                .prop_map(move |(walls, walk, target)| {
                    let mut board = Board::new(width, height).unwrap();
                    for (i, &roll) in walls.iter().enumerate() {
                        if roll < wall_percent {
                            board.set_wall(board.cell(i), true);
                        }
                    }
                    let config = GameConfig::with_board(board)
                        .with_start_length(start_length)
                        .with_seed(seed);
                    Case {
                        config,
                        walk,
                        target,
                    }
                })
        },
    )
}

/// The game after the case's walk: at each step, the chosen one of the moves that do not
/// die at once; stops early when there is none or the game ends.
fn position(case: &Case) -> Option<Game> {
    let mut game = Game::new(&case.config).ok()?;
    for &choice in &case.walk {
        let safe: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| game.death_of(d).is_none())
            .collect();
        if safe.is_empty() {
            break;
        }
        let outcome = game.step(safe[choice as usize % safe.len()]);
        if outcome.is_over() {
            return None;
        }
    }
    Some(game)
}

fn walk_is_valid<G: Graph>(graph: &G, path: &Path<G::Node, u32>) -> bool {
    path.nodes.windows(2).all(|pair| {
        let mut found = false;
        graph.successors(pair[0], |next, _| found |= next == pair[1]);
        found
    })
}

fn cost_or_none<N>(result: Result<Path<N, u32>, PlanError>) -> Option<u32> {
    match result {
        Ok(path) => Some(path.cost),
        Err(PlanError::NoPath) => None,
        Err(error) => panic!("{error}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn the_timed_view_never_enters_the_body_before_it_leaves(case in case()) {
        let Some(game) = position(&case) else { return Ok(()) };
        let target = case.target;
        if !game.board().is_free(target) || target == game.snake().head() {
            return Ok(());
        }
        let view = TimedView::towards(&game, target);
        let Ok(path) = Bfs::new().plan(&view, view.start(), view.goal_node().unwrap()) else {
            return Ok(());
        };
        prop_assert!(walk_is_valid(&view, &path));
        let cells: Vec<Cell> = path.nodes.iter().map(|node| node.cell).collect();
        // Replay on the same game (same config, same walk): the path may only die by
        // running into the new body it laid itself, never into the snake's old body.
        let mut replay = position(&case).unwrap();
        let old_body: Vec<Cell> = replay.snake().body().collect();
        for (i, pair) in cells.windows(2).enumerate() {
            let direction = Direction::between(pair[0], pair[1]).unwrap();
            match replay.step(direction) {
                StepOutcome::Moved => {}
                // The view does not model growth: stop where the snake eats.
                StepOutcome::Ate | StepOutcome::Won | StepOutcome::Capped => break,
                StepOutcome::Died(DeathReason::HitBody) => {
                    prop_assert!(
                        cells[..=i].contains(&pair[1]),
                        "entered old body cell {:?} at move {} (body {:?})",
                        pair[1], i + 1, old_body
                    );
                    break;
                }
                StepOutcome::Died(reason) => prop_assert!(false, "died: {reason}"),
            }
        }
    }

    #[test]
    fn planners_are_optimal_on_every_view(case in case()) {
        let Some(game) = position(&case) else { return Ok(()) };
        let (head, target) = (game.snake().head(), case.target);
        if !game.board().is_free(target) || target == head {
            return Ok(());
        }
        // Plain and virtual-tail views: cells.
        let plain = PlainView::new(&game);
        let tail = TailView::new(&game);
        let mut costs = Vec::new();
        for (name, reference, others) in [
            ("plain", Bfs::new().plan(&plain, head, target), [
                BidirectionalBfs::new().plan(&plain, head, target),
                AStar::new(StepDistance).plan(&plain, head, target),
                DStarLite::new(StepDistance).plan(&plain, head, target),
            ]),
            ("tail", Bfs::new().plan(&tail, head, target), [
                BidirectionalBfs::new().plan(&tail, head, target),
                AStar::new(StepDistance).plan(&tail, head, target),
                DStarLite::new(StepDistance).plan(&tail, head, target),
            ]),
        ] {
            let target_blocked = matches!(reference, Err(PlanError::InvalidGoal { .. }));
            if target_blocked {
                costs.push(None);
                continue;
            }
            if let Ok(path) = &reference {
                let view_ok = if name == "plain" { walk_is_valid(&plain, path) } else { walk_is_valid(&tail, path) };
                prop_assert!(view_ok);
            }
            let expected = cost_or_none(reference);
            for other in others {
                if let Ok(path) = &other {
                    let view_ok = if name == "plain" { walk_is_valid(&plain, path) } else { walk_is_valid(&tail, path) };
                    prop_assert!(view_ok, "{} view: invalid walk {:?}", name, path.nodes);
                }
                prop_assert_eq!(cost_or_none(other), expected, "{} view", name);
            }
            costs.push(expected);
        }
        // Time-aware view, towards the target.
        let timed = TimedView::towards(&game, target);
        let (start, goal) = (timed.start(), timed.goal_node().unwrap());
        let expected = cost_or_none(Bfs::new().plan(&timed, start, goal));
        for other in [
            BidirectionalBfs::new().plan(&timed, start, goal),
            AStar::new(StepDistance).plan(&timed, start, goal),
            DStarLite::new(StepDistance).plan(&timed, start, goal),
        ] {
            if let Ok(path) = &other {
                prop_assert!(walk_is_valid(&timed, path));
            }
            prop_assert_eq!(cost_or_none(other), expected, "timed view");
        }
        // The body as a reservation table: space-time A* over the board's grid arrives
        // when the search of the timed view does.
        let walk = SpaceTimeAStar::new(StepDistance).plan(
            &game.board().to_grid(),
            game.snake(),
            head,
            target,
            0,
        );
        let arrival = match walk {
            Ok(walk) => {
                prop_assert!(walk.nodes.windows(2).all(|step| step[0] != step[1]));
                Some(walk.arrival_time())
            }
            Err(PlanError::NoPath) => None,
            Err(error) => panic!("{error}"),
        };
        prop_assert_eq!(arrival, expected, "space-time A* against the timed view");
        // Each view admits at least the paths of the one before: time-aware <= tail <= plain.
        let at_most = |a: Option<u32>, b: Option<u32>| match (a, b) {
            (_, None) => true,
            (Some(a), Some(b)) => a <= b,
            (None, Some(_)) => false,
        };
        prop_assert!(at_most(costs[1], costs[0]), "tail {:?} plain {:?}", costs[1], costs[0]);
        prop_assert!(at_most(expected, costs[1]), "timed {:?} tail {:?}", expected, costs[1]);
    }
}

#[test]
fn the_timed_view_waits_for_the_body_to_leave() {
    // A snake filling the top row of a 5×3 board, head at (4, 0).
    let config =
        GameConfig::new(5, 3)
            .unwrap()
            .with_start(vec![(4, 0), (3, 0), (2, 0), (1, 0), (0, 0)]);
    let game = Game::new(&config).unwrap();
    let view = TimedView::towards(&game, (3, 0));
    // (3, 0) is the neck: free only after 4 moves. Down, left, up would reach it at move 3
    // through (3, 1): too early, so the path waits by going further round.
    let path = Bfs::new()
        .plan(&view, view.start(), view.goal_node().unwrap())
        .unwrap();
    assert!(path.len() >= 4, "{:?}", path.nodes);
    assert_eq!(
        path.len() % 2,
        1,
        "a grid path to a neighbour has odd length"
    );
    assert_eq!(path.len(), 5);
    // The tail view sees the neck as blocked altogether.
    assert!(matches!(
        Bfs::new().plan(&TailView::new(&game), (4, 0), (3, 0)),
        Err(PlanError::InvalidGoal { .. })
    ));
}
