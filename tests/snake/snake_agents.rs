//! The agents over many seeds on small boards: no agent picks a move that dies at once
//! while a surviving one exists, the incremental agent wins as the safe agent does with
//! far less search, and
//! the safety checks pay off against the greedy baseline.

use replan::snake::{
    play_game, simulate, Agent, AgentStats, Board, Direction, Game, GameConfig, GameEnd,
    GreedyAgent, IncrementalAgent, SafeAgent, StepOutcome,
};

fn boards() -> Vec<(&'static str, GameConfig)> {
    let walls: Board = "
        ......
        .#..#.
        ......
        ..##..
        ......"
        .parse()
        .unwrap();
    vec![
        ("4x4", GameConfig::new(4, 4).unwrap()),
        ("6x6", GameConfig::new(6, 6).unwrap()),
        ("5x6", GameConfig::new(5, 6).unwrap()),
        ("walls", GameConfig::with_board(walls)),
    ]
}

/// Plays one game, checking every move: when some move survives, the agent's must too.
fn play_checked(agent: &mut dyn Agent, config: &GameConfig) -> Game {
    let mut game = Game::new(config).unwrap();
    while !game.is_over() {
        let direction = agent.next_move(&game);
        let survivor = Direction::ALL
            .into_iter()
            .any(|d| game.death_of(d).is_none());
        if survivor {
            assert_eq!(
                game.death_of(direction),
                None,
                "{} moved {direction:?} to its death with a way out, seed {}:\n{game}",
                agent.name(),
                config.seed
            );
        }
        game.step(direction);
    }
    game
}

#[test]
fn no_agent_dies_at_once_while_a_move_survives() {
    for (name, config) in boards() {
        for seed in 0..40 {
            let config = config.clone().with_seed(seed).with_max_steps(3000);
            let agents: [Box<dyn Agent>; 4] = [
                Box::new(GreedyAgent::new()),
                Box::new(SafeAgent::new()),
                Box::new(SafeAgent::without_compression()),
                Box::new(IncrementalAgent::new()),
            ];
            for mut agent in agents {
                let game = play_checked(agent.as_mut(), &config);
                assert!(game.steps() > 0, "{name}");
            }
        }
    }
}

#[test]
fn the_incremental_agent_wins_as_the_safe_agent_does_repairing_instead_of_searching() {
    let (mut safe_wins, mut incremental_wins) = (0, 0);
    let (mut safe, mut incremental) = (AgentStats::default(), AgentStats::default());
    for (name, config) in boards() {
        let config = config.with_max_steps(3000);
        for index in 0..25 {
            let a = play_game(&mut SafeAgent::new(), &config, 1, index).unwrap();
            let b = play_game(&mut IncrementalAgent::new(), &config, 1, index).unwrap();
            assert!(!matches!(b.end, GameEnd::Died(_)), "{name} game {index}");
            safe_wins += u64::from(a.end == GameEnd::Won);
            incremental_wins += u64::from(b.end == GameEnd::Won);
            for (sum, stats) in [(&mut safe, a.stats), (&mut incremental, b.stats)] {
                sum.moves += stats.moves;
                sum.expanded += stats.expanded;
                sum.path_expanded += stats.path_expanded;
            }
        }
    }
    assert!(
        incremental_wins + 2 >= safe_wins,
        "{incremental_wins} against {safe_wins}"
    );
    // The search for the food: a repair against a search of the board. On boards this
    // small the body often hides a first step from the repaired values, and the agent
    // then searches the board as the safe agent does; on 20×20 the ratio is above ten.
    assert!(
        incremental.path_expanded_per_move() * 2.0 < safe.path_expanded_per_move(),
        "{incremental:?} against {safe:?}"
    );
    assert!(incremental.expanded_per_move() < safe.expanded_per_move());
}

#[test]
fn d_star_lite_expands_fewer_nodes_than_astar_from_scratch() {
    let config = GameConfig::new(10, 10).unwrap();
    let mut agent = IncrementalAgent::with_comparison();
    for index in 0..5 {
        play_game(&mut agent, &config, 3, index).unwrap();
    }
    let comparison = agent.comparison();
    assert!(comparison.moves > 100);
    // D* Lite runs without a heuristic (its values serve as the food's distances), A*
    // with the step distance: the repairs still expand fewer nodes than A*'s searches.
    assert!(
        comparison.ratio() > 1.3,
        "A* from scratch {} against D* Lite {}",
        comparison.astar_expanded,
        comparison.dstar_expanded
    );
    assert_eq!(
        comparison.repair_expanded.len() as u64,
        comparison.moves - comparison.dstar_full_searches
    );
}

#[test]
fn the_safe_agent_outgrows_the_greedy_one() {
    let config = GameConfig::new(8, 8).unwrap().with_start_length(4);
    let greedy = simulate(GreedyAgent::new, &config, 40, 8).unwrap();
    let safe = simulate(SafeAgent::new, &config, 40, 8).unwrap();
    assert!(
        safe.mean_length > greedy.mean_length + 5.0,
        "safe {} greedy {}",
        safe.mean_length,
        greedy.mean_length
    );
    assert!(safe.wins > greedy.wins);
    assert!(safe.wins >= 20, "{} of 40", safe.wins);
}

#[test]
fn agents_report_their_work() {
    let config = GameConfig::new(6, 6).unwrap();
    for mut agent in [
        Box::new(GreedyAgent::new()) as Box<dyn Agent>,
        Box::new(SafeAgent::new()),
        Box::new(IncrementalAgent::new()),
    ] {
        let record = play_game(agent.as_mut(), &config, 5, 0).unwrap();
        // A fatal move is decided but not counted as a step.
        let fatal = u64::from(matches!(record.end, GameEnd::Died(_)));
        assert_eq!(record.stats.moves, record.steps + fatal, "{}", agent.name());
        assert!(record.stats.path_expanded > 0);
        assert!(record.stats.expanded >= record.stats.path_expanded);
        assert!(matches!(
            record.end,
            GameEnd::Won | GameEnd::Died(_) | GameEnd::Capped
        ));
    }
}

/// A position of a real 8×8 game (seed 1, game 43, length 60 with the food in the
/// bottom-left corner and three more empty cells) where the rule with only the
/// tail-reach check went on to circle until the step cap. The exact endgame search
/// fills the board within a few hundred moves, and both agents play it alike.
#[test]
fn the_endgame_search_fills_a_board_the_tail_check_circled_on() {
    #[rustfmt::skip]
    let body = vec![
        (2, 5), (2, 6), (3, 6), (4, 6), (4, 5), (4, 4), (4, 3), (5, 3), (5, 4), (5, 5),
        (5, 6), (6, 6), (6, 5), (6, 4), (6, 3), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7),
        (6, 7), (5, 7), (4, 7), (3, 7), (2, 7), (1, 7), (1, 6), (0, 6), (0, 5), (1, 5),
        (1, 4), (0, 4), (0, 3), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (3, 1),
        (4, 1), (4, 0), (5, 0), (5, 1), (6, 1), (6, 0), (7, 0), (7, 1), (7, 2), (6, 2),
        (5, 2), (4, 2), (3, 2), (2, 2), (1, 2), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5),
    ];
    let config = GameConfig::new(8, 8)
        .unwrap()
        .with_start(body)
        .with_seed(2)
        .with_max_steps(2000);
    let mut safe = SafeAgent::new();
    let mut incremental = IncrementalAgent::new();
    let mut a = Game::new(&config).unwrap();
    let mut b = Game::new(&config).unwrap();
    assert_eq!(a.food(), Some((0, 7)), "the position's food\n{a}");
    assert_eq!(a.board().free_cells() - a.snake().len(), 4);
    while !a.is_over() {
        let (da, db) = (safe.next_move(&a), incremental.next_move(&b));
        assert_eq!(da, db, "step {}:\n{a}", a.steps());
        assert_eq!(a.step(da), b.step(db));
    }
    assert_eq!(a.last_outcome(), Some(StepOutcome::Won), "{a:?}");
    assert!(a.steps() <= 300, "won only after {} moves", a.steps());
}

/// chuyangliu/snake's benchmark, 8×8 from length 4: the rule without the exact endgame
/// won 81 of these 100 games, circling at length 60 to 62 in the rest.
#[test]
fn the_safe_agent_fills_nine_boards_in_ten_on_8x8() {
    let config = GameConfig::new(8, 8).unwrap().with_start_length(4);
    let report = simulate(SafeAgent::new, &config, 100, 1).unwrap();
    assert_eq!(report.deaths, 0);
    assert!(report.wins >= 90, "{} of 100", report.wins);
}

/// With an odd number of cells no Hamiltonian cycle exists; the strongest agent used to
/// fall back to merely legal moves there and circle at length 3 until the step cap. These
/// are the games that showed it (seed 5, start length 3).
#[test]
fn best_eats_and_finishes_on_odd_boards() {
    for side in [5, 7, 9] {
        let config = GameConfig::new(side, side)
            .unwrap()
            .with_start_length(3)
            .with_seed(5);
        let report = simulate(replan::snake::best, &config, 4, 5).unwrap();
        assert_eq!(report.deaths, 0, "{side}x{side}: {report:?}");
        assert!(
            report.mean_length > f64::from(side * side) * 0.9,
            "{side}x{side}: {report:?}"
        );
    }
}

/// Real games in which the look-ahead rule circled until the step cap (start length 3,
/// seed 5): past the middle of the game the empty cells broke into pockets, some meal
/// left holes the snake could never fill, and from then on every position repeated
/// (10×10 game 12 from step 1844 at length 98, 12×10 game 0 from step 2426 at length
/// 116, 16×16 game 8 from step 11,415 at length 252). Now the snake, once half the board
/// is full, closes its body into a cycle through the empty cells as soon as one exists,
/// and follows it to a full board.
#[test]
fn games_that_circled_until_the_cap_fill_the_board() {
    for (width, height, index) in [(10, 10, 12), (12, 10, 0), (16, 16, 8)] {
        let config = GameConfig::new(width, height).unwrap().with_start_length(3);
        let cells = u64::from(width * height);
        for mut agent in [
            Box::new(SafeAgent::new()) as Box<dyn Agent>,
            Box::new(IncrementalAgent::new()),
        ] {
            let record = play_game(agent.as_mut(), &config, 5, index).unwrap();
            assert_eq!(
                record.end,
                GameEnd::Won,
                "{width}x{height} game {index}, {}: {record:?}",
                agent.name()
            );
            assert!(record.steps < 60 * cells, "{} steps", record.steps);
        }
    }
}

/// Real games (start length 3) that circled until the step cap with two to four cells
/// empty: 20×20 seed 1 game 28 and seed 2 game 99, 12×10 seed 1 game 19 and seed 3 game
/// 57, 11×11 seed 1 game 89 and seed 2 game 3. Meals between a quarter and half of a full
/// board had left holes that the body enclosed; no cycle through the body closed after
/// any later meal, and the final positions were lost (every position the snake's moves
/// reach, every cell the food may take: none leads to a full board). Now the snake looks
/// for a cycle through its body from a quarter full on, and once it has one plays on by
/// the rule that keeps one.
#[test]
fn games_lost_to_holes_before_half_the_board_was_full_are_won() {
    for (width, height, seed, index) in [
        (20, 20, 1, 28),
        (20, 20, 2, 99),
        (12, 10, 1, 19),
        (12, 10, 3, 57),
        (11, 11, 1, 89),
        (11, 11, 2, 3),
    ] {
        let config = GameConfig::new(width, height).unwrap().with_start_length(3);
        let cells = u64::from(width * height);
        for mut agent in [
            Box::new(SafeAgent::new()) as Box<dyn Agent>,
            Box::new(IncrementalAgent::new()),
        ] {
            let record = play_game(agent.as_mut(), &config, seed, index).unwrap();
            assert_eq!(
                record.end,
                GameEnd::Won,
                "{width}x{height} seed {seed} game {index}, {}: {record:?}",
                agent.name()
            );
            assert!(record.steps < 50 * cells, "{} steps", record.steps);
        }
    }
}

/// Real 12×10 games (start length 3, seed 2) that circled until the step cap at length
/// 118: each reached length 116 in a position from which some sequence of meals fills the
/// board wherever the later food falls (game 56 at step 2507, the food at (3, 7), is one;
/// an exhaustive search of the snake's moves and the food's cells says so), but none that
/// a search of 20,000 moves finds. The rule circled, then took the first meal after which
/// its tail stayed in reach, and lost the board. Now a snake that circles this near the
/// end searches much longer for a sure sequence, then for one that wins in most cells the
/// food may take, before it settles for any meal.
#[test]
fn a_snake_circling_near_the_end_finds_the_sure_way_to_fill_the_board() {
    let config = GameConfig::new(12, 10).unwrap().with_start_length(3);
    for index in [56, 75, 93] {
        for mut agent in [
            Box::new(SafeAgent::new()) as Box<dyn Agent>,
            Box::new(IncrementalAgent::new()),
        ] {
            let record = play_game(agent.as_mut(), &config, 2, index).unwrap();
            assert_eq!(
                record.end,
                GameEnd::Won,
                "game {index}, {}: {record:?}",
                agent.name()
            );
        }
    }
}
