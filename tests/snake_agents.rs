//! The agents over many seeds on small boards: no agent picks a move that dies at once
//! while a surviving one exists, the incremental agent makes the safe agent's moves, and
//! the safety checks pay off against the greedy baseline.

use replan::snake::{
    play_game, simulate, Agent, Board, Direction, Game, GameConfig, GameEnd, GreedyAgent,
    IncrementalAgent, SafeAgent,
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
fn the_incremental_agent_makes_the_safe_agents_moves() {
    for (name, config) in boards() {
        for seed in 0..25 {
            let config = config.clone().with_seed(seed).with_max_steps(3000);
            let mut safe = SafeAgent::new();
            let mut incremental = IncrementalAgent::new();
            let mut a = Game::new(&config).unwrap();
            let mut b = Game::new(&config).unwrap();
            while !a.is_over() {
                let (da, db) = (safe.next_move(&a), incremental.next_move(&b));
                assert_eq!(da, db, "{name} seed {seed} step {}:\n{a}", a.steps());
                assert_eq!(a.step(da), b.step(db));
            }
        }
    }
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
    assert!(
        comparison.ratio() > 2.0,
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
