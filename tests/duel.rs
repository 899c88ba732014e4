//! The two-player snake duel: rules, map generator, evaluation, forced wins, agents, the
//! game runner and the Botzone request format.

#[path = "../examples/support/botzone_json.rs"]
mod botzone_json;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use replan::duel::{
    direction_from_botzone, direction_to_botzone, forced_win, play_duel, AlphaBeta, BotzoneError,
    BotzoneRequest, DeathCause, Duel, DuelAgent, DuelBoard, DuelError, DuelResult, Evaluator,
    MostSpace, RandomSafe, Side, Territory, UNREACHED,
};
use replan::snake::Direction::{self, Down, Left, Right, Up};

fn empty(width: u32, height: u32) -> DuelBoard {
    DuelBoard::new(width, height).unwrap()
}

fn position(board: DuelBoard, first: &[(u32, u32)], second: &[(u32, u32)], turn: u32) -> Duel {
    Duel::from_bodies(board, [first.to_vec(), second.to_vec()], turn).unwrap()
}

// ---------------------------------------------------------------- rules

#[test]
fn board_sides_are_10_to_16() {
    for (width, height) in [(9, 12), (12, 9), (17, 12), (12, 17), (0, 0)] {
        assert_eq!(
            DuelBoard::new(width, height).unwrap_err(),
            DuelError::BoardSize { width, height }
        );
    }
    for (width, height) in [(10, 10), (16, 16), (10, 16), (13, 11)] {
        assert_eq!(
            DuelBoard::new(width, height).unwrap().cells() as u32,
            width * height
        );
    }
}

#[test]
fn obstacles_must_lie_on_the_board_off_the_corners_once() {
    assert_eq!(
        DuelBoard::with_obstacles(10, 10, [(10, 3)]).unwrap_err(),
        DuelError::OutOfBounds { cell: (10, 3) }
    );
    assert_eq!(
        DuelBoard::with_obstacles(10, 11, [(9, 10)]).unwrap_err(),
        DuelError::ObstacleOnStart { cell: (9, 10) }
    );
    assert_eq!(
        DuelBoard::with_obstacles(10, 10, [(4, 4), (4, 4)]).unwrap_err(),
        DuelError::DuplicateObstacle { cell: (4, 4) }
    );
}

#[test]
fn snakes_start_in_opposite_corners_with_length_one() {
    let duel = Duel::new(empty(13, 11));
    assert_eq!(duel.head(Side::First), (0, 0));
    assert_eq!(duel.head(Side::Second), (12, 10));
    assert_eq!((duel.len(Side::First), duel.len(Side::Second)), (1, 1));
    assert_eq!(duel.turn(), 0);
    assert!(!duel.is_over());
}

#[test]
fn directions_follow_botzone_numbering() {
    // 0 north (row - 1), 1 east (column + 1), 2 south (row + 1), 3 west (column - 1).
    let expected = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    for (number, offset) in expected.into_iter().enumerate() {
        let direction = direction_from_botzone(number as u32).unwrap();
        assert_eq!(direction.offset(), offset);
        assert_eq!(direction_to_botzone(direction), number as u32);
    }
    assert_eq!(
        direction_from_botzone(4),
        Err(BotzoneError::Direction { value: 4 })
    );
}

#[test]
fn growth_schedule_is_every_turn_to_9_then_every_third() {
    let growing: Vec<u32> = (0..25).filter(|&turn| Duel::grows(turn)).collect();
    assert_eq!(growing, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 18, 21, 24]);
    // Lengths over a long game on an empty board: both snakes circle their own corner.
    let mut duel = Duel::new(empty(16, 16));
    let loop_moves = [Right, Down, Left, Up];
    let mut lengths = Vec::new();
    // Walk a 4x4 spiral-free cycle: right 3, down 3, left 3, up 3, repeated.
    let mut step = 0;
    while duel.turn() < 13 {
        let first = loop_moves[(step / 3) % 4];
        let second = loop_moves[(step / 3 + 2) % 4];
        duel.step([first, second]).unwrap();
        lengths.push(duel.len(Side::First));
        step += 1;
    }
    assert!(!duel.is_over());
    // Turns 0..=9 grow (lengths 2..=11), 10 and 11 do not, 12 does.
    assert_eq!(lengths, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11, 12]);
    assert_eq!(duel.len(Side::Second), 12);
}

#[test]
fn both_snakes_move_at_once() {
    let mut duel = Duel::new(empty(10, 10));
    let turn = duel.step([Right, Up]).unwrap();
    assert_eq!(turn.deaths, [None, None]);
    assert_eq!(duel.head(Side::First), (1, 0));
    assert_eq!(duel.head(Side::Second), (9, 8));
    assert_eq!(
        duel.body(Side::Second).collect::<Vec<_>>(),
        [(9, 8), (9, 9)]
    );
}

#[test]
fn leaving_the_board_kills() {
    let mut duel = Duel::new(empty(10, 10));
    let turn = duel.step([Left, Up]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::LeftBoard), None]);
    assert_eq!(turn.result, Some(DuelResult::Won(Side::Second)));
    let mut duel = Duel::new(empty(10, 10));
    let turn = duel.step([Down, Down]).unwrap();
    assert_eq!(turn.deaths, [None, Some(DeathCause::LeftBoard)]);
    assert_eq!(duel.result(), Some(DuelResult::Won(Side::First)));
}

#[test]
fn entering_an_obstacle_kills() {
    let board = DuelBoard::with_obstacles(10, 10, [(1, 0), (8, 9)]).unwrap();
    let mut duel = Duel::new(board);
    let turn = duel.step([Right, Left]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HitObstacle); 2]);
    assert_eq!(turn.result, Some(DuelResult::Draw));
}

#[test]
fn entering_own_body_kills() {
    let mut duel = Duel::new(empty(10, 10));
    duel.step([Right, Left]).unwrap();
    // Back into the neck.
    let turn = duel.step([Left, Up]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HitBody), None]);
    assert_eq!(turn.result, Some(DuelResult::Won(Side::Second)));
}

#[test]
fn entering_the_other_body_kills() {
    let duel_board = empty(10, 10);
    let mut duel = position(duel_board, &[(3, 3), (3, 2)], &[(4, 4), (4, 3), (5, 3)], 5);
    // The first head goes right into (4, 3), the second snake's body.
    let turn = duel.step([Right, Down]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HitBody), None]);
}

#[test]
fn heads_meeting_in_one_cell_both_die() {
    let mut duel = position(empty(10, 10), &[(3, 4), (2, 4)], &[(5, 4), (6, 4)], 3);
    let turn = duel.step([Right, Left]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HeadOn); 2]);
    assert_eq!(turn.result, Some(DuelResult::Draw));
}

#[test]
fn heads_swapping_cells_both_die() {
    // Each head enters the other's head cell, which is a body cell.
    let mut duel = position(empty(10, 10), &[(3, 4), (2, 4)], &[(4, 4), (5, 4)], 3);
    let turn = duel.step([Right, Left]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HitBody); 2]);
    assert_eq!(turn.result, Some(DuelResult::Draw));
}

#[test]
fn a_head_may_enter_a_tail_leaving_on_a_turn_without_growth() {
    // A 2x2 loop: head (1, 1), tail (1, 0) next to it. Turn 10 does not grow.
    let loop_body = [(1, 1), (0, 1), (0, 0), (1, 0)];
    let mut duel = position(empty(10, 10), &loop_body, &[(9, 9), (9, 8)], 10);
    assert!(duel.is_safe(Side::First, Up));
    let turn = duel.step([Up, Left]).unwrap();
    assert_eq!(turn.deaths, [None, None]);
    assert!(!turn.grew);
    assert_eq!(duel.head(Side::First), (1, 0));
    assert_eq!(duel.len(Side::First), 4);
    // The other snake's tail leaves too: the second snake may enter it.
    let mut duel = position(empty(10, 10), &[(5, 4), (5, 5)], &[(6, 5), (7, 5)], 11);
    // The second head enters (5, 5), the first snake's tail, as it leaves.
    let turn = duel.step([Up, Left]).unwrap();
    assert_eq!(turn.deaths, [None, None]);
    assert_eq!(duel.head(Side::Second), (5, 5));
}

#[test]
fn a_tail_stays_on_a_growth_turn() {
    let loop_body = [(1, 1), (0, 1), (0, 0), (1, 0)];
    let mut duel = position(empty(10, 10), &loop_body, &[(9, 9), (9, 8)], 12);
    assert!(Duel::grows(12));
    assert!(!duel.is_safe(Side::First, Up));
    let turn = duel.step([Up, Left]).unwrap();
    assert_eq!(turn.deaths, [Some(DeathCause::HitBody), None]);
}

#[test]
fn no_move_after_the_end() {
    let mut duel = Duel::new(empty(10, 10));
    duel.step([Up, Up]).unwrap();
    assert!(duel.is_over());
    assert_eq!(duel.step([Down, Up]).unwrap_err(), DuelError::GameOver);
}

#[test]
fn invalid_positions_are_typed_errors() {
    let board = DuelBoard::with_obstacles(10, 10, [(5, 5)]).unwrap();
    type Bodies = [Vec<(u32, u32)>; 2];
    type Check = fn(&DuelError) -> bool;
    let cases: [(Bodies, Check); 6] = [
        ([vec![], vec![(9, 9)]], |e| {
            matches!(
                e,
                DuelError::InvalidBody {
                    side: Side::First,
                    ..
                }
            )
        }),
        ([vec![(10, 0)], vec![(9, 9)]], |e| {
            *e == DuelError::OutOfBounds { cell: (10, 0) }
        }),
        (
            [vec![(5, 5)], vec![(9, 9)]],
            |e| matches!(e, DuelError::InvalidBody { side: Side::First, reason } if reason.contains("obstacle")),
        ),
        (
            [vec![(1, 1), (1, 3)], vec![(9, 9)]],
            |e| matches!(e, DuelError::InvalidBody { reason, .. } if reason.contains("adjacent")),
        ),
        (
            [vec![(1, 1), (1, 2), (1, 1)], vec![(9, 9)]],
            |e| matches!(e, DuelError::InvalidBody { reason, .. } if reason.contains("itself")),
        ),
        (
            [vec![(1, 1)], vec![(1, 2), (1, 1)]],
            |e| matches!(e, DuelError::InvalidBody { side: Side::Second, reason } if reason.contains("other")),
        ),
    ];
    for (bodies, check) in cases {
        let error = Duel::from_bodies(board.clone(), bodies.clone(), 0).unwrap_err();
        assert!(check(&error), "{bodies:?}: {error}");
    }
}

// ---------------------------------------------------------------- generator

#[test]
fn generated_maps_are_symmetric_connected_with_free_corners_and_exact_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for (width, height, obstacles) in [
        (12, 12, 10),
        (10, 10, 0),
        (16, 16, 40),
        (11, 13, 7),
        (10, 14, 30),
    ] {
        for _ in 0..10 {
            let board = DuelBoard::generate(width, height, obstacles, &mut rng).unwrap();
            assert_eq!(board.cells() - board.free_cells(), obstacles);
            assert!(board.is_symmetric());
            assert!(board.is_connected());
            assert!(!board.is_obstacle((0, 0)));
            assert!(!board.is_obstacle((width - 1, height - 1)));
        }
    }
}

#[test]
fn generator_is_deterministic_for_a_seed() {
    let make = |seed| DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(seed));
    assert_eq!(make(5).unwrap(), make(5).unwrap());
    let obstacles = |board: &DuelBoard| -> Vec<(u32, u32)> {
        (0..board.cells())
            .map(|index| board.cell(index))
            .filter(|&cell| board.is_obstacle(cell))
            .collect()
    };
    let distinct: std::collections::HashSet<Vec<(u32, u32)>> = (0..20)
        .map(|seed| obstacles(&make(seed).unwrap()))
        .collect();
    assert!(distinct.len() >= 19, "maps barely vary with the seed");
}

#[test]
fn generator_refuses_impossible_counts() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Odd counts need a centre cell.
    assert!(matches!(
        DuelBoard::generate(12, 12, 11, &mut rng),
        Err(DuelError::ObstacleCount { count: 11, .. })
    ));
    assert!(matches!(
        DuelBoard::generate(10, 10, 99, &mut rng),
        Err(DuelError::ObstacleCount { .. })
    ));
    for count in [100, 102, usize::MAX - 1, usize::MAX] {
        assert!(matches!(
            DuelBoard::generate(10, 10, count, &mut rng),
            Err(DuelError::ObstacleCount { .. })
        ));
    }
    assert!(matches!(
        DuelBoard::generate(12, 12, 130, &mut rng),
        Err(DuelError::NoConnectedMap { count: 130, .. })
    ));
    assert!(matches!(
        DuelBoard::generate(8, 12, 2, &mut rng),
        Err(DuelError::BoardSize { .. })
    ));
}

// ---------------------------------------------------------------- evaluation

#[test]
fn distances_wait_for_body_cells_to_free_up() {
    // Head (2, 0), body (1, 0), tail (0, 0), at turn 12 (grows). Turns 13 and 14 do not
    // grow: the tail frees at move 2, the middle cell at move 3, the head cell at move 5.
    let duel = position(empty(10, 10), &[(2, 0), (1, 0), (0, 0)], &[(9, 9)], 12);
    let mut evaluator = Evaluator::new();
    evaluator.evaluate(&duel);
    let board = duel.board();
    let d = evaluator.distances(Side::First);
    assert_eq!(d[board.index((2, 0))], 0);
    assert_eq!(d[board.index((3, 0))], 1);
    assert_eq!(d[board.index((2, 1))], 1);
    assert_eq!(d[board.index((1, 1))], 2);
    // (1, 0) is next to (1, 1), reached at move 2, but free only from move 3.
    assert_eq!(d[board.index((1, 0))], 3);
    assert_eq!(d[board.index((0, 0))], 4);
    assert_eq!(d[board.index((9, 9))], 16);
    // The second snake reaches the first snake's cells from the far corner.
    let d = evaluator.distances(Side::Second);
    assert_eq!(d[board.index((0, 0))], 18);
    assert_eq!(d[board.index((2, 0))], 16);
}

#[test]
fn a_coiled_snake_cannot_enter_its_tail_before_the_tail_leaves() {
    // A 2×2 coil in the corner: head (1, 0), then (1, 1), (0, 1), tail (0, 0), at turn 9.
    // Turn 9 grows, 10 and 11 do not, 12 grows, 13 and 14 do not: the tail frees at move
    // 2, (0, 1) at move 3, (1, 1) at move 5. The tail is next
    // to the head, but at move 1 it is still there; the only way back into the coil is
    // round it, through (0, 2) and the cells that free up in turn.
    let duel = position(
        empty(10, 10),
        &[(1, 0), (1, 1), (0, 1), (0, 0)],
        &[(9, 9)],
        9,
    );
    let mut evaluator = Evaluator::new();
    evaluator.evaluate(&duel);
    let board = duel.board();
    let d = evaluator.distances(Side::First);
    assert_eq!(d[board.index((2, 0))], 1);
    assert_eq!(d[board.index((0, 2))], 5);
    assert_eq!(d[board.index((1, 1))], 5);
    assert_eq!(d[board.index((0, 1))], 6);
    assert_eq!(d[board.index((0, 0))], 7);
}

#[test]
fn territory_of_an_empty_board_splits_evenly() {
    let duel = Duel::new(empty(10, 10));
    let evaluation = Evaluator::new().evaluate(&duel);
    // 98 cells besides the heads; the 10 on the anti-diagonal are ties.
    assert_eq!(evaluation.territory, [49.0, 49.0]);
    assert_eq!(evaluation.reachable, [98, 98]);
    assert_eq!(evaluation.weighted[0], evaluation.weighted[1]);
    assert_eq!(evaluation.score(Side::First), 0.0);
}

#[test]
fn evaluation_of_a_hand_checked_corridor() {
    // Only row 0 and column 9 are free: a corridor of 19 cells, p = 0..=18 from (0, 0)
    // to (9, 9). The first snake lies on p = 2 (head), 1, 0; the second's head on p = 18.
    let mut obstacles = Vec::new();
    for y in 1..10 {
        for x in 0..9 {
            obstacles.push((x, y));
        }
    }
    let board = DuelBoard::with_obstacles(10, 10, obstacles).unwrap();
    let duel = position(board, &[(2, 0), (1, 0), (0, 0)], &[(9, 9)], 2);
    let evaluation = Evaluator::new().evaluate(&duel);
    // First: d0(p) = p - 2 for p >= 3, cannot turn back. Second: d1(p) = 18 - p, and it
    // reaches p = 2, 1, 0 at moves 16, 17, 18, after they free (moves 12, 10, 9).
    // First owns p = 3..=9, second p = 11..=17 and 0, 1; p = 10 is a tie (8 moves each).
    // The pressures are equal: the cells each owns lie 10..=16 moves from the other head.
    // The first snake's head cell counts for neither.
    assert_eq!(evaluation.territory, [7.5, 9.5]);
    assert_eq!(evaluation.reachable, [15, 17]);
    let pressure: f32 = (10..=16).map(|k| 1.0 / k as f32).sum::<f32>() + 0.5 / 9.0;
    assert!((evaluation.weighted[0] - (pressure + 7.5 / 6.0)).abs() < 1e-4);
    assert!((evaluation.weighted[1] - (pressure + 9.5 / 6.0)).abs() < 1e-4);
    assert!((evaluation.score(Side::First) + 1.0 / 3.0).abs() < 1e-4);
    // `reach` also counts the other head's cell, free from move 9, reached at move 16.
    assert_eq!(
        Evaluator::new().reach(&duel, Side::First),
        evaluation.reachable[0] + 1
    );
}

#[test]
fn walled_off_cells_are_unreached() {
    // The first snake's corner is closed by obstacles at (1, 0) and (0, 1).
    let board = DuelBoard::with_obstacles(10, 10, [(1, 0), (0, 1)]).unwrap();
    let duel = Duel::new(board);
    let mut evaluator = Evaluator::new();
    let evaluation = evaluator.evaluate(&duel);
    assert_eq!(evaluation.reachable[0], 0);
    // 100 cells less 2 obstacles and 2 heads; nothing is near the boxed head.
    assert_eq!(evaluation.territory, [0.0, 96.0]);
    assert!(evaluator.distances(Side::First)[duel.board().index((5, 5))] == UNREACHED);
    assert_eq!(evaluation.score(Side::Second), 16.0);
}

// ---------------------------------------------------------------- forced wins

/// The second snake's head in the bottom-right corner of a 10x10 board, its body going
/// up, and a dead-end corridor along the bottom row that it dies at the end of on turn
/// `plies` whatever anyone does; the first snake is far away.
fn trapped_in_corridor(plies: u32) -> Duel {
    let corridor = plies - 1;
    let mut obstacles: Vec<(u32, u32)> = (9 - corridor..9).map(|x| (x, 8)).collect();
    obstacles.push((9 - plies, 9));
    let board = DuelBoard::with_obstacles(10, 10, obstacles).unwrap();
    position(board, &[(0, 0)], &[(9, 9), (9, 8), (9, 7)], 4)
}

#[test]
fn forced_win_in_one_two_and_three_moves() {
    for plies in 1..=3 {
        let duel = trapped_in_corridor(plies);
        let win = forced_win(&duel, Side::First, plies).expect("a forced win");
        assert!(duel.is_safe(Side::First, win));
        assert_eq!(forced_win(&duel, Side::First, plies - 1), None, "{plies}");
        assert!(forced_win(&duel, Side::First, plies + 1).is_some());
        // The trapped side never has one.
        assert_eq!(forced_win(&duel, Side::Second, plies + 1), None);
    }
}

#[test]
fn forced_win_in_two_that_needs_the_right_move() {
    // The second snake can only go left to (8, 9) and then to (7, 9): the first snake,
    // lying along (8, 8), closes (7, 9) by moving down now.
    let duel = position(
        empty(10, 10),
        &[(7, 8), (8, 8), (8, 7), (8, 6)],
        &[(9, 9), (9, 8), (9, 7)],
        5,
    );
    assert_eq!(forced_win(&duel, Side::First, 1), None);
    assert_eq!(forced_win(&duel, Side::First, 2), Some(Down));
    // Playing it out: any reply loses.
    for reply in Direction::ALL {
        let mut line = duel.clone();
        line.step([Down, reply]).unwrap();
        if !line.is_over() {
            let win = forced_win(&line, Side::First, 1).expect("the win completes");
            line.step([win, Left]).unwrap();
        }
        assert_eq!(line.result(), Some(DuelResult::Won(Side::First)));
    }
}

#[test]
fn no_forced_win_claimed_where_none_exists() {
    let duel = Duel::new(empty(12, 12));
    for plies in 0..=3 {
        assert_eq!(forced_win(&duel, Side::First, plies), None);
        assert_eq!(forced_win(&duel, Side::Second, plies), None);
    }
    // Both snakes boxed in: every line is a draw, not a win.
    let board = DuelBoard::with_obstacles(10, 10, [(1, 0), (0, 1), (8, 9), (9, 8)]).unwrap();
    let duel = Duel::new(board);
    assert_eq!(forced_win(&duel, Side::First, 3), None);
    // Closing the exit by taking it would meet the other head: a draw, not a win.
    let duel = position(
        empty(10, 10),
        &[(7, 9), (7, 8), (7, 7)],
        &[(9, 9), (9, 8), (9, 7), (8, 7), (8, 8)],
        5,
    );
    assert_eq!(forced_win(&duel, Side::First, 1), None);
    let mut finished = duel.clone();
    finished.step([Up, Up]).unwrap();
    assert_eq!(forced_win(&finished, Side::Second, 2), None);
}

// ---------------------------------------------------------------- agents

fn all_agents() -> Vec<Box<dyn DuelAgent>> {
    vec![
        Box::new(RandomSafe::new(1)),
        Box::new(MostSpace::new()),
        Box::new(Territory::new()),
        Box::new(AlphaBeta::with_nodes(1_000)),
    ]
}

#[test]
fn every_agent_avoids_immediate_death_when_it_can() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for game in 0..3 {
        let board = DuelBoard::generate(12, 12, 10, &mut rng).unwrap();
        let mut duel = Duel::new(board);
        let mut random = RandomSafe::new(game);
        let mut agents = all_agents();
        while !duel.is_over() {
            for agent in &mut agents {
                for side in Side::BOTH {
                    let safe = Direction::ALL.iter().any(|&d| duel.is_safe(side, d));
                    let choice = agent.choose(&duel, side);
                    assert!(!safe || duel.is_safe(side, choice), "{}", agent.name());
                }
            }
            let moves = [
                random.choose(&duel, Side::First),
                random.choose(&duel, Side::Second),
            ];
            duel.step(moves).unwrap();
        }
    }
}

#[test]
fn random_safe_is_uniform_over_safe_moves_and_seeded() {
    let duel = position(empty(10, 10), &[(5, 5), (5, 4)], &[(9, 9)], 3);
    let mut counts = [0u32; 4];
    let mut agent = RandomSafe::new(17);
    let mut again = RandomSafe::new(17);
    for _ in 0..3000 {
        let choice = agent.choose(&duel, Side::First);
        assert_eq!(choice, again.choose(&duel, Side::First));
        counts[choice as usize] += 1;
    }
    assert_eq!(counts[Up as usize], 0);
    for direction in [Right, Down, Left] {
        assert!(
            (900..1100).contains(&counts[direction as usize]),
            "{counts:?}"
        );
    }
}

#[test]
fn most_space_takes_the_larger_space() {
    // A wall of obstacles on column 3 with a gap: going right leads to the large side.
    let obstacles: Vec<(u32, u32)> = (0..9).map(|y| (3, y)).collect();
    let board = DuelBoard::with_obstacles(10, 10, obstacles).unwrap();
    // The head at (2, 9) can go right through the gap (3, 9) or up into the small room.
    let duel = position(board, &[(2, 9), (1, 9), (0, 9)], &[(9, 0)], 5);
    assert_eq!(MostSpace::new().choose(&duel, Side::First), Right);
}

#[test]
fn territory_plays_the_best_evaluation_against_most_spaces_reply() {
    let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(6)).unwrap();
    let mut duel = Duel::new(board);
    let mut random = [RandomSafe::new(1), RandomSafe::new(2)];
    let mut checked = 0;
    while !duel.is_over() {
        for side in Side::BOTH {
            let reply = MostSpace::new().choose(&duel, side.other());
            let value = |ours: Direction| {
                let mut next = duel.clone();
                let moves = match side {
                    Side::First => [ours, reply],
                    Side::Second => [reply, ours],
                };
                next.step(moves).unwrap();
                match next.result() {
                    None => Evaluator::new().evaluate(&next).score(side),
                    Some(DuelResult::Won(winner)) if winner == side => f32::INFINITY,
                    Some(_) => f32::NEG_INFINITY,
                }
            };
            let safe: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| duel.is_safe(side, d))
                .collect();
            if safe.is_empty() {
                continue;
            }
            let best = safe
                .iter()
                .map(|&d| value(d))
                .fold(f32::NEG_INFINITY, f32::max);
            let choice = Territory::new().choose(&duel, side);
            assert_eq!(value(choice), best, "turn {} {side:?}", duel.turn());
            checked += 1;
        }
        let moves = [
            random[0].choose(&duel, Side::First),
            random[1].choose(&duel, Side::Second),
        ];
        duel.step(moves).unwrap();
    }
    assert!(checked >= 10);
}

#[test]
fn search_plays_a_forced_win_and_reports_it() {
    let duel = position(
        empty(10, 10),
        &[(7, 8), (8, 8), (8, 7), (8, 6)],
        &[(9, 9), (9, 8), (9, 7)],
        5,
    );
    let mut search = AlphaBeta::with_nodes(1_000);
    assert_eq!(search.choose(&duel, Side::First), Down);
    assert!(search.report().forced);
}

#[test]
fn search_with_a_node_budget_is_deterministic_and_deepens() {
    let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
    let duel = Duel::new(board);
    let mut small = AlphaBeta::with_nodes(500);
    let mut large = AlphaBeta::with_nodes(20_000);
    let first = large.choose(&duel, Side::First);
    assert_eq!(
        AlphaBeta::with_nodes(20_000).choose(&duel, Side::First),
        first
    );
    small.choose(&duel, Side::First);
    assert!(large.report().depth > small.report().depth);
    assert!(large.report().nodes <= 20_000 && large.report().nodes > 500);
}

#[test]
fn search_with_a_time_budget_keeps_to_it() {
    let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(4)).unwrap();
    let duel = Duel::new(board);
    let mut search = AlphaBeta::with_time(std::time::Duration::from_millis(30));
    let clock = std::time::Instant::now();
    let choice = search.choose(&duel, Side::Second);
    assert!(clock.elapsed() < std::time::Duration::from_millis(200));
    assert!(duel.is_safe(Side::Second, choice));
    assert!(search.report().depth >= 1);
}

/// Wins of `a` and `b` over `games` games on random 12x12 maps, sides swapped each game.
fn match_up(
    games: u64,
    mut a: impl FnMut() -> Box<dyn DuelAgent>,
    mut b: impl FnMut() -> Box<dyn DuelAgent>,
) -> (u32, u32) {
    let mut wins = (0, 0);
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + game / 2);
        let board = DuelBoard::generate(12, 12, 10, &mut rng).unwrap();
        let (mut first, mut second) = (a(), b());
        let a_side = if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let record = if a_side == Side::First {
            play_duel(board, [first.as_mut(), second.as_mut()])
        } else {
            play_duel(board, [second.as_mut(), first.as_mut()])
        };
        match record.result.and_then(DuelResult::winner) {
            Some(side) if side == a_side => wins.0 += 1,
            Some(_) => wins.1 += 1,
            None => {}
        }
    }
    wins
}

#[test]
fn stronger_agents_beat_weaker_ones() {
    let (greedy, random) = match_up(
        10,
        || Box::new(MostSpace::new()),
        || Box::new(RandomSafe::new(5)),
    );
    assert!(
        greedy >= 3 * random.max(1),
        "MostSpace {greedy} RandomSafe {random}"
    );
    let (territory, greedy) = match_up(
        10,
        || Box::new(Territory::new()),
        || Box::new(MostSpace::new()),
    );
    assert!(
        territory > greedy,
        "Territory {territory} MostSpace {greedy}"
    );
    let (search, greedy) = match_up(
        4,
        || Box::new(AlphaBeta::with_nodes(2_000)),
        || Box::new(MostSpace::new()),
    );
    assert!(
        search >= 3 && greedy == 0,
        "AlphaBeta {search} MostSpace {greedy}"
    );
}

#[test]
fn a_game_record_adds_up() {
    let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(8)).unwrap();
    let record = play_duel(board, [&mut Territory::new(), &mut RandomSafe::new(3)]);
    assert!(record.result.is_some());
    assert_eq!(record.turns, record.last.turn());
    assert_eq!(record.moves, [record.turns; 2]);
    assert!(record.last.is_over());
}

// ---------------------------------------------------------------- Botzone

/// The Botzone request `side` receives before turn `history.len()`, as JSON text.
fn request_json(board: &DuelBoard, side: Side, history: &[[Direction; 2]]) -> String {
    let (x, y) = match side {
        Side::First => (1, 1),
        Side::Second => (board.height(), board.width()),
    };
    let mut obstacles = Vec::new();
    for row in 0..board.height() {
        for column in 0..board.width() {
            if board.is_obstacle((column, row)) {
                obstacles.push(serde_json::json!({"x": row + 1, "y": column + 1}));
            }
        }
    }
    let mut requests = vec![serde_json::json!({
        "x": x, "y": y, "width": board.width(), "height": board.height(), "obstacle": obstacles
    })];
    let mut responses = Vec::new();
    for moves in history {
        let ours = direction_to_botzone(moves[side.index()]);
        let theirs = direction_to_botzone(moves[side.other().index()]);
        requests.push(serde_json::json!({ "direction": theirs }));
        responses.push(serde_json::json!({ "direction": ours }));
    }
    serde_json::json!({"requests": requests, "responses": responses}).to_string()
}

#[test]
fn replayed_requests_agree_with_the_in_process_game() {
    let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(21)).unwrap();
    let mut duel = Duel::new(board.clone());
    let mut history = Vec::new();
    let mut agents: [Box<dyn DuelAgent>; 2] = [
        Box::new(AlphaBeta::with_nodes(1_500)),
        Box::new(Territory::new()),
    ];
    while !duel.is_over() {
        let moves = [
            agents[0].choose(&duel, Side::First),
            agents[1].choose(&duel, Side::Second),
        ];
        for side in Side::BOTH {
            let text = request_json(&board, side, &history);
            let request = botzone_json::parse_request(&text).unwrap();
            let (replayed, our_side) = request.replay().unwrap();
            assert_eq!(our_side, side);
            assert_eq!(replayed, duel);
            // A fresh bot, as on the platform, answers what the game's agent played.
            let mut bot: Box<dyn DuelAgent> = match side {
                Side::First => Box::new(AlphaBeta::with_nodes(1_500)),
                Side::Second => Box::new(Territory::new()),
            };
            assert_eq!(bot.choose(&replayed, side), moves[side.index()]);
        }
        history.push(moves);
        duel.step(moves).unwrap();
    }
    assert!(history.len() > 10);
}

#[test]
fn a_recorded_request_gives_a_legal_move() {
    // As Botzone sends it: we are the bottom-right snake (x = height, y = width) on a
    // 10-row, 11-column board, three turns in.
    let text = r#"{"requests":[{"x":10,"y":11,"width":11,"height":10,
        "obstacle":[{"x":3,"y":5},{"x":8,"y":7},{"x":5,"y":6},{"x":6,"y":6}]},
        {"direction":1},{"direction":2},{"direction":1}],
        "responses":[{"direction":0},{"direction":0},{"direction":3}]}"#;
    let request = botzone_json::parse_request(text).unwrap();
    assert_eq!(request.obstacles.len(), 4);
    let (duel, side) = request.replay().unwrap();
    assert_eq!(side, Side::Second);
    assert_eq!(duel.turn(), 3);
    // Ours: (10, 11) north, north, west: row 8, column 10.
    assert_eq!(duel.head(Side::Second), (9, 7));
    // Theirs: (1, 1) east, south, east: row 2, column 3.
    assert_eq!(duel.head(Side::First), (2, 1));
    assert!(duel.board().is_obstacle((4, 2)));
    for mut agent in all_agents() {
        let choice = agent.choose(&duel, side);
        assert!(duel.is_safe(side, choice), "{}", agent.name());
    }
}

#[test]
fn malformed_requests_are_errors() {
    let valid = r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[{"x":2,"y":3},{"x":9,"y":8}]},{"direction":0}],"responses":[{"direction":1}]}"#;
    assert!(botzone_json::parse_request(valid).unwrap().replay().is_ok());
    let parse_errors = [
        "",
        "not json",
        "[]",
        r#"{"responses":[]}"#,
        r#"{"requests":[]}"#,
        r#"{"requests":{}}"#,
        r#"{"requests":[{"x":1,"y":1,"width":10,"obstacle":[]}]}"#,
        r#"{"requests":[{"x":1,"y":1,"width":10,"height":10}]}"#,
        r#"{"requests":[{"x":-1,"y":1,"width":10,"height":10,"obstacle":[]}]}"#,
        r#"{"requests":[{"x":1.5,"y":1,"width":10,"height":10,"obstacle":[]}]}"#,
        r#"{"requests":[{"x":"1","y":1,"width":10,"height":10,"obstacle":[]}]}"#,
        r#"{"requests":[{"x":1,"y":1,"width":99999999999,"height":10,"obstacle":[]}]}"#,
        r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[{"x":2}]}]}"#,
        r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[]},{}]}"#,
        r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[]},{"direction":null}],"responses":[{"direction":1}]}"#,
    ];
    for text in parse_errors {
        assert!(botzone_json::parse_request(text).is_err(), "{text}");
    }
    let replay_errors: [(&str, BotzoneError); 7] = [
        (
            r#"{"requests":[{"x":1,"y":2,"width":10,"height":10,"obstacle":[]}]}"#,
            BotzoneError::Start { x: 1, y: 2 },
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[{"x":0,"y":3}]}]}"#,
            BotzoneError::ObstacleOffBoard { x: 0, y: 3 },
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[{"x":11,"y":3}]}]}"#,
            BotzoneError::ObstacleOffBoard { x: 11, y: 3 },
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":20,"height":10,"obstacle":[]}]}"#,
            BotzoneError::Board(DuelError::BoardSize {
                width: 20,
                height: 10,
            }),
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[]},{"direction":7}],"responses":[{"direction":1}]}"#,
            BotzoneError::Direction { value: 7 },
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[]},{"direction":3}]}"#,
            BotzoneError::History {
                opponent: 1,
                ours: 0,
            },
        ),
        (
            r#"{"requests":[{"x":1,"y":1,"width":10,"height":10,"obstacle":[]},{"direction":2}],"responses":[{"direction":0}]}"#,
            BotzoneError::Ended { turn: 0 },
        ),
    ];
    for (text, expected) in replay_errors {
        let request = botzone_json::parse_request(text).unwrap();
        assert_eq!(request.replay().unwrap_err(), expected, "{text}");
    }
}

#[test]
fn truncated_requests_are_errors_never_panics() {
    let board = DuelBoard::generate(10, 10, 6, &mut ChaCha8Rng::seed_from_u64(2)).unwrap();
    let text = request_json(
        &board,
        Side::Second,
        &[[Right, Up], [Down, Left], [Down, Up]],
    );
    assert!(botzone_json::parse_request(&text).unwrap().replay().is_ok());
    for cut in 0..text.len() {
        let truncated = &text[..cut];
        let outcome = botzone_json::parse_request(truncated).map(|request| request.replay());
        assert!(
            !matches!(outcome, Ok(Ok(_))),
            "a prefix of {cut} bytes was accepted: {truncated}"
        );
    }
}

#[test]
fn a_request_with_a_repeated_obstacle_replays_once() {
    let request = BotzoneRequest {
        x: 1,
        y: 1,
        width: 11,
        height: 11,
        obstacles: vec![(6, 6), (6, 6), (2, 3), (10, 9)],
        ..Default::default()
    };
    let (duel, _) = request.replay().unwrap();
    assert_eq!(duel.board().free_cells(), 121 - 3);
    assert!(duel.board().is_symmetric());
}
