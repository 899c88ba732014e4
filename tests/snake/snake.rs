//! The rules of Snake, one named test each, and the simulation's determinism.

use replan::snake::{
    play_game, simulate, Agent, Board, DeathReason, Direction, Game, GameConfig, Report, Snake,
    SnakeError, StepOutcome,
};

/// The game of `config` with its first food on the first empty cell, in row-major
/// order, that is not in `avoid`.
fn game_with_food_off(config: GameConfig, avoid: &[(u32, u32)]) -> Game {
    let start = config.start_cells().unwrap();
    let board = &config.board;
    let food = (0..board.cells())
        .map(|index| board.cell(index))
        .find(|cell| board.is_free(*cell) && !start.contains(cell) && !avoid.contains(cell))
        .expect("an empty cell off `avoid`");
    Game::new(&config.with_food(food)).unwrap()
}

/// The game of `config` with its first food on `food`.
fn game_with_food_on(config: GameConfig, food: (u32, u32)) -> Game {
    Game::new(&config.with_food(food)).unwrap()
}

#[test]
fn board_of_300_by_300_is_an_error() {
    assert_eq!(
        Board::new(300, 300),
        Err(SnakeError::BoardSize {
            width: 300,
            height: 300
        })
    );
    let row = ".".repeat(300);
    let picture = vec![row; 300].join("\n");
    assert_eq!(
        picture.parse::<Board>(),
        Err(SnakeError::BoardSize {
            width: 300,
            height: 300
        })
    );
    assert!(GameConfig::new(300, 300).is_err());
    assert!(Board::new(1, 10).is_err());
    assert!(Board::new(255, 255).is_ok());
}

#[test]
fn a_board_parses_from_a_picture_and_prints_back() {
    let board: Board = "
        ..#.
        ....
        #..."
        .parse()
        .unwrap();
    assert_eq!(board.to_string(), "..#.\n....\n#...");
    assert_eq!(board.free_cells(), 10);
    assert!(matches!(
        "..\n.x".parse::<Board>(),
        Err(SnakeError::Parse {
            line: 2,
            column: 2,
            ..
        })
    ));
    assert!(matches!(
        "..\n...".parse::<Board>(),
        Err(SnakeError::Parse { .. })
    ));
    assert!(matches!("".parse::<Board>(), Err(SnakeError::Parse { .. })));
}

#[test]
fn head_enters_the_cell_the_tail_leaves() {
    // A 2×2 ring: head (0,0), tail (0,1); moving down takes the tail's cell.
    let config = GameConfig::new(3, 3)
        .unwrap()
        .with_start(vec![(0, 0), (1, 0), (1, 1), (0, 1)]);
    let mut game = game_with_food_off(config, &[]);
    assert_eq!(game.step(Direction::Down), StepOutcome::Moved);
    assert_eq!(game.snake().head(), (0, 1));
    assert_eq!(game.snake().tail(), (1, 1));
    assert_eq!(game.snake().len(), 4);
    assert!(!game.occupied((0, 0)) || game.snake().contains((0, 0)));
}

#[test]
fn on_an_eating_step_the_tail_stays_so_its_cell_is_not_freed() {
    // Head (0,1), tail (1,1); the food at (0,2).
    let config = GameConfig::new(3, 3)
        .unwrap()
        .with_start(vec![(0, 1), (0, 0), (1, 0), (1, 1)]);
    let mut game = game_with_food_on(config.clone(), (0, 2));
    assert_eq!(game.step(Direction::Down), StepOutcome::Ate);
    assert_eq!(game.snake().len(), 5);
    assert_eq!(game.snake().tail(), (1, 1));
    assert!(game.occupied((1, 1)));
    // Without food there, the same move frees the tail's cell.
    let mut game = game_with_food_off(config, &[(0, 2)]);
    assert_eq!(game.step(Direction::Down), StepOutcome::Moved);
    assert_eq!(game.snake().tail(), (1, 0));
    assert!(!game.occupied((1, 1)));
}

#[test]
fn the_head_may_not_take_the_tail_cell_when_the_tail_stays() {
    // The head at (0,2) eats at (1,2), beside the tail (1,1): the tail stays, so the cell
    // it would have left is still body on that step. The head then enters it on the next
    // step, as the tail leaves it.
    let config =
        GameConfig::new(3, 3)
            .unwrap()
            .with_start(vec![(0, 2), (0, 1), (0, 0), (1, 0), (1, 1)]);
    let mut game = game_with_food_on(config, (1, 2));
    // `death_of` agrees with `step`: moving right eats, and is safe.
    assert_eq!(game.death_of(Direction::Right), None);
    assert_eq!(game.step(Direction::Right), StepOutcome::Ate);
    assert_eq!(game.snake().tail(), (1, 1));
    assert_eq!(game.moves_until_free((1, 1)), Some(1));
    // The new food is on (2,*); moving up into the tail's cell does not eat, so it is fine.
    assert_ne!(game.food(), Some((1, 1)));
    assert_eq!(game.step(Direction::Up), StepOutcome::Moved);
    assert_eq!(game.snake().head(), (1, 1));
}

#[test]
fn hitting_a_wall_is_death() {
    let board: Board = "...\n.#.\n...".parse().unwrap();
    let config = GameConfig::with_board(board).with_start(vec![(1, 0), (0, 0)]);
    let mut game = game_with_food_off(config, &[]);
    assert_eq!(
        game.step(Direction::Down),
        StepOutcome::Died(DeathReason::HitWall)
    );
    assert!(game.is_over());
    // The snake stays where it was and further steps change nothing.
    assert_eq!(game.snake().head(), (1, 0));
    assert_eq!(
        game.step(Direction::Right),
        StepOutcome::Died(DeathReason::HitWall)
    );
    assert_eq!(game.steps(), 0);
}

#[test]
fn hitting_the_body_is_death() {
    let config =
        GameConfig::new(4, 4)
            .unwrap()
            .with_start(vec![(1, 1), (2, 1), (2, 2), (1, 2), (0, 2)]);
    let mut game = game_with_food_off(config, &[]);
    assert_eq!(
        game.step(Direction::Down),
        StepOutcome::Died(DeathReason::HitBody)
    );
    let config = GameConfig::new(4, 4)
        .unwrap()
        .with_start(vec![(1, 1), (2, 1)]);
    let mut game = game_with_food_off(config, &[]);
    // Reversing into the neck is entering the body... unless it is the tail, which leaves:
    // a length-2 snake may turn back onto its tail's cell.
    assert_eq!(game.step(Direction::Right), StepOutcome::Moved);
    let config = GameConfig::new(4, 4)
        .unwrap()
        .with_start(vec![(1, 1), (2, 1), (3, 1)]);
    let mut game = game_with_food_off(config, &[]);
    assert_eq!(
        game.step(Direction::Right),
        StepOutcome::Died(DeathReason::HitBody)
    );
}

#[test]
fn leaving_the_board_is_death() {
    for (start, direction) in [
        ((0, 1), Direction::Left),
        ((3, 1), Direction::Right),
        ((1, 0), Direction::Up),
        ((1, 3), Direction::Down),
    ] {
        let config = GameConfig::new(4, 4).unwrap().with_start(vec![start]);
        let mut game = game_with_food_off(config, &[]);
        assert_eq!(
            game.step(direction),
            StepOutcome::Died(DeathReason::LeftBoard)
        );
    }
}

#[test]
fn filling_the_board_wins() {
    // 2×2 with a snake of 3: the last free cell holds the food.
    let config = GameConfig::new(2, 2)
        .unwrap()
        .with_start(vec![(0, 0), (1, 0), (1, 1)]);
    let mut game = Game::new(&config).unwrap();
    assert_eq!(game.food(), Some((0, 1)));
    assert_eq!(game.step(Direction::Down), StepOutcome::Won);
    assert_eq!(game.food(), None);
    assert_eq!(game.snake().len(), 4);
    assert!(game.is_over());
    // With walls, the free cells count.
    let board: Board = "..\n.#".parse().unwrap();
    let config = GameConfig::with_board(board).with_start(vec![(0, 0), (1, 0)]);
    let mut game = Game::new(&config).unwrap();
    assert_eq!(game.step(Direction::Down), StepOutcome::Won);
}

#[test]
fn the_step_cap_ends_a_game_as_capped() {
    let config = GameConfig::new(6, 6)
        .unwrap()
        .with_start(vec![(0, 0), (1, 0), (1, 1), (0, 1)])
        .with_max_steps(10);
    let mut game = game_with_food_off(config, &[]);
    // Circle in the 2×2 square: never eats, never dies.
    let circle = [
        Direction::Down,
        Direction::Right,
        Direction::Up,
        Direction::Left,
    ];
    let mut outcomes = Vec::new();
    for i in 0..12 {
        // The square may hold the food; then the test just stops early.
        outcomes.push(game.step(circle[i % 4]));
        if game.is_over() {
            break;
        }
    }
    if outcomes.iter().all(|o| *o != StepOutcome::Ate) {
        assert_eq!(outcomes.len(), 10);
        assert_eq!(outcomes[9], StepOutcome::Capped);
        assert!(outcomes[..9].iter().all(|o| *o == StepOutcome::Moved));
        assert_eq!(game.steps(), 10);
    }
    // The default cap is 4 × cells².
    let game = Game::new(&GameConfig::new(5, 4).unwrap()).unwrap();
    assert_eq!(game.max_steps(), 4 * 20 * 20);
}

#[test]
fn food_is_never_placed_on_the_snake_or_a_wall() {
    let board: Board = "
        ......
        .#..#.
        ..##..
        ......"
        .parse()
        .unwrap();
    for seed in 0..200 {
        let config = GameConfig::with_board(board.clone())
            .with_start_length(5)
            .with_seed(seed);
        let mut game = Game::new(&config).unwrap();
        // Walk the snake about safely and check the food after every step.
        for _ in 0..60 {
            let food = game.food().unwrap();
            assert!(!board.is_wall(food));
            assert!(
                !game.snake().contains(food),
                "seed {seed}: food on the snake"
            );
            let Some(direction) = Direction::ALL
                .into_iter()
                .find(|&d| game.death_of(d).is_none())
            else {
                break;
            };
            if game.step(direction).is_over() {
                break;
            }
        }
    }
}

#[test]
fn food_is_uniform_over_the_empty_cells() {
    // A 3×3 board with a snake of 3: six empty cells, each should get about 1/6.
    let config = GameConfig::new(3, 3)
        .unwrap()
        .with_start(vec![(0, 0), (1, 0), (2, 0)]);
    let mut counts = [0u32; 9];
    let runs = 6000;
    for seed in 0..runs {
        let game = Game::new(&config.clone().with_seed(seed)).unwrap();
        let (x, y) = game.food().unwrap();
        counts[(y * 3 + x) as usize] += 1;
    }
    assert_eq!(&counts[..3], &[0, 0, 0]);
    for &count in &counts[3..] {
        // Expected 1000; 6 standard deviations is about ±175.
        assert!((825..=1175).contains(&count), "{counts:?}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let config = GameConfig::new(7, 5).unwrap().with_seed(11);
    let play = || {
        let mut game = Game::new(&config).unwrap();
        let mut trace = vec![(game.food(), game.snake().head())];
        for _ in 0..40 {
            let Some(direction) = Direction::ALL
                .into_iter()
                .find(|&d| game.death_of(d).is_none())
            else {
                break;
            };
            game.step(direction);
            trace.push((game.food(), game.snake().head()));
        }
        trace
    };
    assert_eq!(play(), play());
    let other = Game::new(&config.clone().with_seed(12)).unwrap();
    let foods: Vec<_> = (0..20)
        .map(|seed| Game::new(&config.clone().with_seed(seed)).unwrap().food())
        .collect();
    assert!(foods.iter().any(|&f| f != other.food()));
}

#[test]
fn unplayable_configurations_are_typed_errors() {
    let config = GameConfig::new(3, 3).unwrap();
    assert_eq!(
        Game::new(&config.clone().with_start_length(0)).unwrap_err(),
        SnakeError::StartLength { length: 0, free: 9 }
    );
    assert_eq!(
        Game::new(&config.clone().with_start_length(9)).unwrap_err(),
        SnakeError::StartLength { length: 9, free: 9 }
    );
    assert!(matches!(
        Game::new(&config.clone().with_start(vec![(3, 0)])).unwrap_err(),
        SnakeError::StartOffBoard { .. }
    ));
    assert!(matches!(
        Game::new(&config.clone().with_start(vec![(0, 0), (0, 1), (0, 0)])).unwrap_err(),
        SnakeError::StartOverlaps { .. }
    ));
    assert!(matches!(
        Game::new(&config.clone().with_max_steps(0)).unwrap_err(),
        SnakeError::ZeroStepCap
    ));
    let board: Board = "..\n.#".parse().unwrap();
    assert!(matches!(
        Game::new(&GameConfig::with_board(board.clone()).with_start(vec![(1, 1)])).unwrap_err(),
        SnakeError::StartOnWall { .. }
    ));
    let board: Board = "##\n.#".parse().unwrap();
    assert!(matches!(
        Game::new(&GameConfig::with_board(board).with_start_length(1)).unwrap_err(),
        SnakeError::TooFewFreeCells { free: 1 }
    ));
    // Walls cut every run of four free cells.
    let board: Board = "..#..\n##.##\n..#..".parse().unwrap();
    assert!(matches!(
        Game::new(&GameConfig::with_board(board).with_start_length(4)).unwrap_err(),
        SnakeError::NoRoomForStart { length: 4 }
    ));
}

/// Moves to the first direction that does not die at once.
struct Careful;
impl Agent for Careful {
    fn next_move(&mut self, game: &Game) -> Direction {
        Direction::ALL
            .into_iter()
            .find(|&d| game.death_of(d).is_none())
            .unwrap_or(Direction::Up)
    }
    fn name(&self) -> &str {
        "careful"
    }
}

#[test]
fn games_in_any_order_give_the_serial_report() {
    let config = GameConfig::new(6, 5).unwrap().with_max_steps(400);
    let serial = simulate(|| Careful, &config, 24, 99).unwrap();
    assert_eq!(serial.games, 24);
    assert_eq!(serial.wins + serial.deaths + serial.capped, 24);
    // Games played on threads, in reverse order and interleaved, as a parallel run would.
    let handles: Vec<_> = (0..4u64)
        .map(|thread| {
            let config = config.clone();
            std::thread::spawn(move || {
                (0..24u64)
                    .rev()
                    .filter(|i| i % 4 == thread)
                    .map(|i| play_game(&mut Careful, &config, 99, i).unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let records = handles
        .into_iter()
        .flat_map(|handle| handle.join().unwrap())
        .collect();
    let parallel = Report::from_records(records);
    assert!(parallel.same_games(&serial));
    assert_eq!(parallel.mean_length, serial.mean_length);
    assert_eq!(parallel.mean_steps, serial.mean_steps);
    // A different seed plays different games.
    let other = simulate(|| Careful, &config, 24, 100).unwrap();
    assert!(!other.same_games(&serial));
}

#[test]
fn a_rayon_run_gives_the_serial_report() {
    use rayon::prelude::*;
    let config = GameConfig::new(6, 6).unwrap().with_start_length(4);
    let serial = simulate(replan::snake::SafeAgent::new, &config, 16, 5).unwrap();
    let records = (0..16u64)
        .into_par_iter()
        .map(|i| play_game(&mut replan::snake::SafeAgent::new(), &config, 5, i).unwrap())
        .collect();
    let parallel = Report::from_records(records);
    assert!(parallel.same_games(&serial));
    assert_eq!(parallel.stats, serial.stats);
}

/// Plays `game` to its end with a fresh [`SafeAgent`](replan::snake::SafeAgent) and returns
/// every food cell and outcome in order: two games that play identically give equal lists.
fn play_out(mut game: Game) -> Vec<(Option<(u32, u32)>, StepOutcome)> {
    let mut agent = replan::snake::SafeAgent::new();
    let mut history = Vec::new();
    while !game.is_over() {
        let direction = agent.next_move(&game);
        let outcome = game.step(direction);
        history.push((game.food(), outcome));
    }
    history
}

#[test]
fn a_rand_generator_places_the_food_and_the_same_seed_replays_the_game() {
    use rand::rngs::{ChaCha8Rng, StdRng};
    use rand::SeedableRng;

    let config = GameConfig::new(8, 8).unwrap().with_max_steps(2_000);
    let mut differs_from_the_default = 0;
    for seed in 0..6 {
        // `Game::new` seeds ChaCha8 from `config.seed`; `rand`'s ChaCha8Rng is the same
        // generator, so handing it over with the same seed must replay the same game.
        let own = play_out(Game::new(&config.clone().with_seed(seed)).unwrap());
        let handed = play_out(Game::with_rng(&config, ChaCha8Rng::seed_from_u64(seed)).unwrap());
        assert!(
            own.len() > 10,
            "seed {seed}: the game ended after {} steps",
            own.len()
        );
        assert_eq!(own, handed, "seed {seed}");

        // Any other `rand` generator: the same seed plays the same game twice.
        let first = play_out(Game::with_rng(&config, StdRng::seed_from_u64(seed)).unwrap());
        let again = play_out(Game::with_rng(&config, StdRng::seed_from_u64(seed)).unwrap());
        assert_eq!(first, again, "seed {seed}");
        differs_from_the_default += usize::from(first != own);
    }
    // The handed-over generator is the one used: a different generator places the food
    // elsewhere in some of the games.
    assert!(differs_from_the_default > 0);
}

#[test]
fn a_position_is_built_from_a_board_a_body_a_food_cell_and_a_step_count() {
    let board: Board = "
        .....
        .#...
        .....
        ....."
        .parse()
        .unwrap();
    let config = GameConfig::with_board(board)
        .with_start(vec![(2, 2), (2, 3), (3, 3)])
        .with_food((0, 0))
        .with_max_steps(100);
    let mut game = Game::from_position(&config, 98).unwrap();
    assert_eq!(game.food(), Some((0, 0)));
    assert_eq!(game.steps(), 98);
    assert_eq!(
        game.snake().body().collect::<Vec<_>>(),
        [(2, 2), (2, 3), (3, 3)]
    );
    assert_eq!(game.step(Direction::Up), StepOutcome::Moved);
    assert_eq!(game.step(Direction::Right), StepOutcome::Capped);
    for (food, error) in [
        ((1, 1), SnakeError::FoodNotEmpty { cell: (1, 1) }),
        ((2, 3), SnakeError::FoodNotEmpty { cell: (2, 3) }),
        ((5, 0), SnakeError::FoodNotEmpty { cell: (5, 0) }),
    ] {
        let config = config.clone().with_food(food);
        assert_eq!(Game::from_position(&config, 0).unwrap_err(), error);
        assert_eq!(Game::new(&config).unwrap_err(), error);
    }
    assert_eq!(
        Game::from_position(&config, 100).unwrap_err(),
        SnakeError::StepsPastCap {
            steps: 100,
            cap: 100
        }
    );
}

#[test]
fn without_a_food_cell_a_position_places_food_as_a_new_game_does() {
    let config = GameConfig::new(9, 7).unwrap().with_seed(4);
    let fresh = Game::new(&config).unwrap();
    let later = Game::from_position(&config, 30).unwrap();
    assert_eq!(fresh.food(), later.food());
    assert_eq!(later.steps(), 30);
}

#[test]
fn a_food_policy_places_every_meal_and_a_non_empty_answer_falls_back_to_uniform() {
    // Food always on the cell right of the head when it is empty; the snake walks right.
    let right_of_head = |board: &Board, snake: &Snake| {
        let (x, y) = snake.head();
        (x + 1 < board.width()).then_some((x + 1, y))
    };
    let config = GameConfig::new(6, 2)
        .unwrap()
        .with_start(vec![(0, 0)])
        .with_food((1, 0));
    let mut game = Game::new(&config).unwrap().with_food_policy(right_of_head);
    for x in 2..6 {
        assert_eq!(game.step(Direction::Right), StepOutcome::Ate);
        assert_eq!(game.food(), Some((x, 0)));
    }
    assert_eq!(game.step(Direction::Right), StepOutcome::Ate);
    // Off the board: uniform placement over the empty cells of the second row.
    let food = game.food().unwrap();
    assert_eq!(food.1, 1, "{game}");
    // A policy that names the snake's own cell is not followed either.
    let on_the_head = |_: &Board, snake: &Snake| Some(snake.head());
    let config = GameConfig::new(4, 4)
        .unwrap()
        .with_start(vec![(0, 0)])
        .with_food((1, 0));
    let mut game = Game::new(&config).unwrap().with_food_policy(on_the_head);
    assert_eq!(game.step(Direction::Right), StepOutcome::Ate);
    let food = game.food().unwrap();
    assert!(!game.occupied(food) && food != (1, 0));
}

#[test]
fn uniform_placement_is_the_default_policy_with_the_same_draws() {
    use replan::snake::UniformFood;
    for seed in 0..20 {
        let config = GameConfig::new(7, 7).unwrap().with_seed(seed);
        let mut plain = Game::new(&config).unwrap();
        let mut uniform = Game::new(&config).unwrap().with_food_policy(UniformFood);
        let moves = [
            Direction::Down,
            Direction::Right,
            Direction::Right,
            Direction::Down,
        ];
        for direction in moves.iter().cycle().take(12) {
            assert_eq!(plain.step(*direction), uniform.step(*direction));
            assert_eq!(plain.food(), uniform.food(), "seed {seed}");
        }
    }
}
