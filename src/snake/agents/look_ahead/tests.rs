use super::endgame::{move_key, position_key};
use super::*;
use crate::snake::GameConfig;

/// A 6×6 game with a snake of two cells and the food on `food`.
fn two_cells_on_6x6(body: [Cell; 2], food: Cell) -> Game {
    let config = GameConfig::new(6, 6).unwrap().with_start(body.to_vec());
    with_food(config, food)
}

/// Plays `moves` over and over, `laps` times: a loop that never eats. `safety` reads
/// each position before its move, as the agent it serves does.
fn go_round(game: &mut Game, safety: &mut Safety, laps: usize, moves: [Direction; 4]) {
    for _ in 0..laps {
        for direction in moves {
            safety.refresh(game);
            game.step(direction);
        }
    }
}

/// The game of `config` with its food on `food`.
fn with_food(config: GameConfig, food: Cell) -> Game {
    Game::new(&config.with_food(food)).unwrap()
}

#[test]
fn move_keys_follow_the_position_key() {
    let config = GameConfig::new(5, 4).unwrap().with_start_length(6);
    let game = Game::new(&config).unwrap();
    let mut snake = game.snake().clone();
    let mut key = position_key(&snake);
    // Walk the snake round the board's edge and back through the middle, entering its
    // tail's cell on the way, and growing on a few moves.
    for step in 0..60u32 {
        let head = snake.head();
        let next = Direction::ALL
            .into_iter()
            .filter_map(|direction| direction.apply(head, 5, 4))
            .filter(|&cell| snake.moves_until_free(cell) <= 1)
            .nth((step % 2) as usize)
            .or_else(|| {
                Direction::ALL
                    .into_iter()
                    .filter_map(|direction| direction.apply(head, 5, 4))
                    .find(|&cell| snake.moves_until_free(cell) <= 1)
            });
        let Some(next) = next else { break };
        let grow = step % 7 == 3 && snake.len() < 12 && !snake.occupied(next);
        if !grow {
            key ^= move_key(&snake, next);
        }
        snake.advance(next, grow);
        if grow {
            key = position_key(&snake);
        }
        assert_eq!(key, position_key(&snake), "step {step}");
    }
    assert!(snake.len() > 6);
}

/// A position of a real 11×11 game (start length 3, seed 1, game 17, step 2234):
/// length 117 right after a meal, the food at (9, 8), three more empty cells. No meal
/// fills the board for sure wherever the later food falls (an exhaustive search of
/// the snake's moves and the food's cells puts the best play at two wins in three),
/// but some meal wins in every cell the next food may take but one.
#[test]
fn a_fresh_path_replaces_a_longer_one_until_the_snake_has_waited() {
    // A snake of two at the top left, the food at the bottom right, and a path to it
    // kept from an earlier move that winds down the left side first: 12 moves against
    // the 8 of a shortest path.
    let food = (5, 4);
    let game = two_cells_on_6x6([(1, 0), (0, 0)], food);
    let mut safety = Safety::new();
    safety.refresh(&game);
    // As kept: the head's cell first, which the move it made there removes.
    #[rustfmt::skip]
    let winding = [
        (1, 0), (1, 1), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5), (3, 5),
        (4, 5), (5, 5), (5, 4),
    ];
    safety.committed.extend_from_slice(&winding[..]);
    let direction = safety.decide(&game, FoodPlan::Distances);
    assert_eq!(safety.committed.last(), Some(&food));
    assert_eq!(safety.committed.len(), 8, "{:?}", safety.committed);
    assert_ne!(direction, Direction::Down);
}

#[test]
fn a_longer_fresh_path_replaces_the_kept_one_until_the_wait_is_over() {
    // The tail lies between the head and the food, so the kept shortest path runs
    // through the cell it leaves; scoring first steps by distance from the tail
    // prefers a way round it.
    let food = (0, 0);
    let mut game = two_cells_on_6x6([(3, 0), (2, 0)], food);
    let kept = [(3, 0), (2, 0), (1, 0), (0, 0)];
    // One agent's scratch throughout: it dates the last meal from the game's start.
    let mut safety = Safety::new();
    let replaced = |safety: &mut Safety, game: &Game| {
        safety.refresh(game);
        safety.committed.clear();
        safety.committed.extend_from_slice(&kept[..]);
        safety.decide(game, FoodPlan::Distances);
        assert_eq!(safety.committed.last(), Some(&food));
        safety.committed.len() > kept.len() - 1
    };
    assert!(replaced(&mut safety, &game), "at the first move");
    // Nine laps of four moves: as many moves as free cells, not more.
    go_round(
        &mut game,
        &mut safety,
        9,
        [
            Direction::Down,
            Direction::Left,
            Direction::Up,
            Direction::Right,
        ],
    );
    assert_eq!(game.snake().body().collect::<Vec<_>>(), [(3, 0), (2, 0)]);
    assert_eq!(game.steps(), game.board().free_cells() as u64);
    assert!(
        replaced(&mut safety, &game),
        "after as many moves as free cells"
    );
}

#[test]
fn after_a_long_wait_a_fresh_path_as_short_still_replaces_the_one_kept() {
    let food = (5, 4);
    let mut game = two_cells_on_6x6([(1, 0), (0, 0)], food);
    let mut safety = Safety::new();
    safety.refresh(&game);
    // Ten laps round the top-left square without eating: more moves than free cells.
    go_round(
        &mut game,
        &mut safety,
        10,
        [
            Direction::Down,
            Direction::Left,
            Direction::Up,
            Direction::Right,
        ],
    );
    assert_eq!((game.snake().head(), game.snake().len()), ((1, 0), 2));
    assert!(game.steps() > game.board().free_cells() as u64);
    safety.refresh(&game);
    // Kept: a shortest path down the second column, then along the fifth row.
    #[rustfmt::skip]
    let kept = [
        (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (4, 4), (5, 4),
    ];
    safety.committed.extend_from_slice(&kept[..]);
    safety.decide(&game, FoodPlan::Distances);
    // A fresh path as short replaces it.
    assert_eq!(safety.committed.len(), 8);
    assert_ne!(safety.committed[..], kept[1..], "the fresh path is another");
}

/// Plays a game by `SafeAgent`'s rule (its planning is `decide` on the food's
/// distances), and reports at each move whether the rule has handed over.
fn play(config: &GameConfig, mut each: impl FnMut(&Game, &Safety)) -> Game {
    let mut game = Game::new(config).unwrap();
    let mut safety = Safety::new();
    while !game.is_over() {
        safety.refresh(&game);
        let direction = match safety.follow_cycle(&game) {
            Some(direction) => direction,
            None => safety.decide(&game, FoodPlan::Distances),
        };
        game.step(direction);
        each(&game, &safety);
    }
    game
}

#[test]
fn the_rule_hands_over_once_a_quarter_full_and_a_cycle_closes_after_every_later_meal() {
    let mut early = 0;
    for (width, height) in [(8, 8), (9, 9), (10, 8)] {
        for seed in 0..6 {
            let config = GameConfig::new(width, height)
                .unwrap()
                .with_start_length(3)
                .with_seed(seed);
            let free = (width * height) as usize;
            let mut handed_at = None;
            let mut length = 3;
            let game = play(&config, |game, safety| {
                let empty = free - game.snake().len();
                if handed_at.is_none() && safety.handed_over {
                    handed_at = Some(empty);
                }
                assert_eq!(safety.handed_over, handed_at.is_some(), "it plays on");
                // After each meal the body lies in order on the cycle the rule holds:
                // a Hamiltonian cycle (on 9×9, round all cells but one) through it.
                let meal = game.snake().len() > length;
                if handed_at.is_some() && meal && empty > 0 {
                    let rule = safety.reclosing.as_ref().expect("the rule plays");
                    assert!(rule.holds_its_cycle(game), "{game}");
                }
                length = game.snake().len();
            });
            assert_eq!(game.snake().len(), free, "{width}x{height} seed {seed}");
            let handed_at = handed_at.expect("a cycle closed");
            assert!(handed_at <= free * 3 / 4, "{handed_at} of {free} empty");
            early += usize::from(handed_at > free / 2);
        }
    }
    // Half a board full is where it started looking before.
    assert!(
        early >= 6,
        "{early} of 18 handed over before half the board was full"
    );
}

#[test]
fn after_the_hand_over_the_agent_counts_the_reclosing_rules_work() {
    for seed in 0..4 {
        let config = GameConfig::new(10, 10)
            .unwrap()
            .with_start_length(3)
            .with_seed(seed);
        // The agent's and the rule's searches and cells expanded after the last move
        // that the rule alone decided.
        let mut last: Option<[u64; 4]> = None;
        let mut counted = 0;
        play(&config, |_, safety| {
            if !safety.handed_over {
                return;
            }
            let rule = safety.reclosing.as_ref().unwrap().stats;
            let now = [
                safety.stats.searches,
                safety.stats.expanded,
                rule.searches,
                rule.expanded,
            ];
            if let Some(before) = last {
                assert_eq!(now[0] - before[0], now[2] - before[2], "searches");
                assert_eq!(now[1] - before[1], now[3] - before[3], "cells expanded");
                counted += now[3] - before[3];
            }
            last = Some(now);
        });
        assert!(
            counted > 0,
            "seed {seed}: the rule searched after the hand-over"
        );
    }
}

#[test]
fn the_last_resort_keeps_the_tail_and_counts_a_meal_as_growth() {
    // A corridor of five cells, the snake in its first two, the food beside the head.
    // Backing into the cell the tail leaves keeps the tail beside the head; eating
    // leaves the body between head and tail with two cells empty, the tail out of
    // reach.
    let board: Board = ".....\n#####".parse().unwrap();
    let food = (2, 0);
    let game = with_food(
        GameConfig::with_board(board.clone()).with_start(vec![(1, 0), (0, 0)]),
        food,
    );
    let keeps = Safety::new().tail_keeping_moves(&game);
    let keeps = |direction| keeps[Direction::ALL.iter().position(|&d| d == direction).unwrap()];
    assert!(keeps(Direction::Left), "into the leaving tail");
    assert!(!keeps(Direction::Right), "the meal");
    assert!(
        !keeps(Direction::Up) && !keeps(Direction::Down),
        "off the board"
    );
}

#[test]
fn a_likely_meal_is_found_where_no_sure_one_exists() {
    #[rustfmt::skip]
    let body = vec![
        (7, 5), (7, 4), (7, 3), (7, 2), (8, 2), (8, 3), (9, 3), (9, 2), (9, 1), (8, 1),
        (7, 1), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (5, 5), (5, 4), (5, 3), (5, 2),
        (4, 2), (4, 3), (3, 3), (2, 3), (1, 3), (1, 4), (2, 4), (2, 5), (1, 5), (1, 6),
        (0, 6), (0, 5), (0, 4), (0, 3), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (2, 1),
        (1, 1), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (5, 1), (5, 0),
        (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (10, 1), (10, 2), (10, 3), (10, 4), (9, 4),
        (9, 5), (10, 5), (10, 6), (9, 6), (9, 7), (10, 7), (10, 8), (10, 9), (10, 10), (9, 10),
        (9, 9), (8, 9), (8, 10), (7, 10), (6, 10), (5, 10), (4, 10), (3, 10), (2, 10), (1, 10),
        (0, 10), (0, 9), (0, 8), (0, 7), (1, 7), (1, 8), (1, 9), (2, 9), (3, 9), (4, 9),
        (5, 9), (5, 8), (5, 7), (4, 7), (3, 7), (3, 8), (2, 8), (2, 7), (2, 6), (3, 6),
        (3, 5), (3, 4), (4, 4), (4, 5), (4, 6), (5, 6), (6, 6), (7, 6), (7, 7), (6, 7),
        (6, 8), (6, 9), (7, 9), (7, 8), (8, 8), (8, 7), (8, 6),
    ];
    let food = (9, 8);
    let game = with_food(
        GameConfig::new(11, 11).unwrap().with_start(body.clone()),
        food,
    );
    assert_eq!(game.board().free_cells() - game.snake().len(), 4);
    let mut safety = Safety::new();
    safety.judge = Judge::Sure;
    assert!(!safety.endgame_within(&game, food, RESCUE_BUDGET));
    safety.judge = Judge::Likely;
    assert!(safety.endgame_within(&game, food, RESCUE_BUDGET));
    assert_eq!(safety.sequence.last(), Some(&food));
    // The way it found: in every cell the next food may take but one, the snake can
    // eat it again under the same judgement.
    let mut look_ahead = game.snake().clone();
    for (i, &cell) in safety.sequence.iter().enumerate() {
        look_ahead.advance(cell, i + 1 == safety.sequence.len());
    }
    let empty: Vec<Cell> = (0..121)
        .map(|index| game.board().cell(index))
        .filter(|&cell| !look_ahead.occupied(cell))
        .collect();
    assert_eq!(empty.len(), 3);
    let likely = empty
        .iter()
        .filter(|&&next_food| {
            let game = with_food(
                GameConfig::new(11, 11)
                    .unwrap()
                    .with_start(look_ahead.body().collect()),
                next_food,
            );
            let mut safety = Safety::new();
            safety.judge = Judge::Likely;
            safety.endgame_within(&game, next_food, RESCUE_BUDGET)
        })
        .count();
    assert!(likely >= 2, "{likely} of 3");
}

#[test]
fn position_keys_tell_the_order_of_the_cells() {
    let forward = Snake::new(3, 3, &[(0, 0), (1, 0), (1, 1), (0, 1)]);
    let backward = Snake::new(3, 3, &[(0, 1), (1, 1), (1, 0), (0, 0)]);
    let shifted = Snake::new(3, 3, &[(1, 0), (1, 1), (0, 1), (0, 0)]);
    let keys = [&forward, &backward, &shifted].map(position_key);
    assert_ne!(keys[0], keys[1]);
    assert_ne!(keys[0], keys[2]);
    assert_ne!(keys[1], keys[2]);
    assert_eq!(position_key(&forward.clone()), keys[0]);
}
