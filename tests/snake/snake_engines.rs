//! Agents driven by another engine: a game that keeps its own state builds a fresh
//! [`Game`] from its position each move and hands it over. Every agent must then make the
//! moves it makes driving one game, whatever step count the engine reports; and the
//! positions the crate grew from can be written down and played.

use replan::snake::{
    best, Agent, Board, Direction, Game, GameConfig, GreedyAgent, HamiltonianAgent,
    IncrementalAgent, ReclosingAgent, SafeAgent, StepOutcome,
};

/// A level under `tests/levels`.
fn level(name: &str) -> Board {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
        .parse()
        .unwrap()
}

/// Every agent that can play `board`, fresh.
fn agents(board: &Board) -> Vec<Box<dyn Agent>> {
    let mut agents: Vec<Box<dyn Agent>> = vec![
        Box::new(GreedyAgent::new()),
        Box::new(SafeAgent::new()),
        Box::new(IncrementalAgent::new()),
        Box::new(ReclosingAgent::new()),
        Box::new(best()),
    ];
    if let Ok(agent) = HamiltonianAgent::new(board) {
        agents.push(Box::new(agent));
    }
    agents
}

/// How the engine reports its step count in the positions it hands over.
#[derive(Clone, Copy, Debug)]
enum StepCount {
    /// The true count.
    True,
    /// Always 0: an engine that counts no steps.
    Zero,
}

/// The moves `agent` makes over at most `moves` moves of game `seed` on `config`:
/// driving the game itself (`None`), or deciding from a fresh game built each move from
/// the engine's position.
fn moves_of(
    agent: &mut dyn Agent,
    config: &GameConfig,
    moves: usize,
    fresh: Option<StepCount>,
) -> Vec<Direction> {
    let mut engine = Game::new(config).unwrap();
    let mut made = Vec::new();
    while !engine.is_over() && made.len() < moves {
        let direction = match fresh {
            None => agent.next_move(&engine),
            Some(count) => {
                let position = config
                    .clone()
                    .with_start(engine.snake().body().collect())
                    .with_food(engine.food().unwrap());
                let steps = match count {
                    StepCount::True => engine.steps(),
                    StepCount::Zero => 0,
                };
                agent.next_move(&Game::from_position(&position, steps).unwrap())
            }
        };
        made.push(direction);
        engine.step(direction);
    }
    made
}

#[test]
fn every_agent_plays_a_position_rebuilt_each_move_as_the_game_it_drives() {
    for board in ["pillars_10x10.txt", "walls_11x11.txt"] {
        let board = level(board);
        for seed in 0..2 {
            let config = GameConfig::with_board(board.clone()).with_seed(seed);
            for index in 0..agents(&board).len() {
                let mut driving = agents(&board).swap_remove(index);
                let name = driving.name().to_string();
                let driven = moves_of(driving.as_mut(), &config, 500, None);
                assert!(driven.len() >= 100, "{name}: {} moves", driven.len());
                for count in [StepCount::True, StepCount::Zero] {
                    let mut fed = agents(&board).swap_remove(index);
                    let rebuilt = moves_of(fed.as_mut(), &config, 500, Some(count));
                    let first_difference = driven.iter().zip(&rebuilt).position(|(a, b)| a != b);
                    assert_eq!(
                        (first_difference, rebuilt.len()),
                        (None, driven.len()),
                        "{name}, seed {seed}, step count {count:?}"
                    );
                }
            }
        }
    }
}

/// Plays `agent` from `config` until the snake has eaten `meals` times or the game ends;
/// the steps it took for the first meal and the meals eaten.
fn eat_from(agent: &mut dyn Agent, config: &GameConfig, meals: usize) -> (u64, usize) {
    let mut game = Game::new(config).unwrap();
    let (mut eaten, mut first) = (0, None);
    while eaten < meals && !game.is_over() {
        let outcome = game.step(agent.next_move(&game));
        if matches!(outcome, StepOutcome::Ate | StepOutcome::Won) {
            eaten += 1;
            first.get_or_insert(game.steps());
        }
    }
    (first.unwrap_or(u64::MAX), eaten)
}

#[test]
fn a_snake_of_three_in_the_corner_of_15x15_eats_its_way_from_the_food_in_the_middle() {
    let config = GameConfig::new(15, 15)
        .unwrap()
        .with_start(vec![(2, 0), (1, 0), (0, 0)])
        .with_food((7, 7))
        .with_seed(3);
    for mut agent in agents(&config.board) {
        let (first, meals) = eat_from(agent.as_mut(), &config, 40);
        let name = agent.name().to_string();
        assert!(meals == 40 || name == "greedy", "{name}: {meals} meals");
        // Five columns and seven rows away; the look-ahead agents turn down the shortest
        // paths there for a lengthened one.
        assert!((12..=15 * 15).contains(&first), "{name}: {first}");
    }
}

#[test]
fn a_snake_of_one_in_the_middle_of_20x20_eats_its_way_from_the_food_at_3_15() {
    let config = GameConfig::new(20, 20)
        .unwrap()
        .with_start(vec![(10, 10)])
        .with_food((3, 15))
        .with_seed(3);
    for mut agent in agents(&config.board) {
        let (first, meals) = eat_from(agent.as_mut(), &config, 40);
        let name = agent.name().to_string();
        assert!(meals == 40 || name == "greedy", "{name}: {meals} meals");
        if name != "hamiltonian" && name != "block-tree" {
            // Straight there: seven columns and five rows away.
            assert_eq!(first, 12, "{name}");
        }
    }
}
