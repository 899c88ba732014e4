//! Whole games: each rule of the player against the games it saves.

use super::rule::Rule;
use super::tests_support::{play, play_with, Rules};
use super::BlockTreeAgent;

/// Total steps over one game per seed with a rule on and with it off (`play(seed, on)`
/// returns whether the game was won and its steps); every game must be won.
fn steps_with_and_without(
    seeds: std::ops::Range<u64>,
    play: impl Fn(u64, bool) -> (bool, u64),
) -> (u64, u64) {
    let (mut with, mut without) = (0, 0);
    for seed in seeds {
        for (on, total) in [(true, &mut with), (false, &mut without)] {
            let (won, steps) = play(seed, on);
            assert!(won, "seed {seed}, rule on: {on}");
            *total += steps;
        }
    }
    (with, without)
}

#[test]
fn weighed_steps_save_steps() {
    // As for detours: whole games on a board and seeds the costs were not tuned on.
    let (weighed, unit) = steps_with_and_without(100..112, |seed, on| {
        play_with(
            16,
            16,
            &[0],
            seed,
            Rules {
                weighed: on,
                ..Rules::ALL
            },
        )
    });
    assert!(
        weighed * 100 < unit * 99,
        "{weighed} steps with weighed steps, {unit} with unit steps"
    );
}

#[test]
fn weighing_the_other_move_by_the_next_food_saves_steps() {
    // Whole games from length 1 on a board and seeds the rule was not tuned on; the
    // gain is largest on small boards, so few games tell it from noise. Rollouts,
    // which weigh the first move of each meal by the same outlook, are off in both.
    let (with, without) = steps_with_and_without(100..124, |seed, on| {
        play_with(
            12,
            12,
            &[0],
            seed,
            Rules {
                rule: if on { Rule::Weighed } else { Rule::Plain },
                ..Rules::ALL
            },
        )
    });
    assert!(
        with * 100 < without * 98,
        "{with} steps weighing the other move, {without} without"
    );
}

#[test]
fn detours_toward_shut_off_cells_save_steps() {
    // Over whole games from length 1, on a board and seeds the costs were not tuned on.
    let (with, without) = steps_with_and_without(100..106, |seed, on| {
        play_with(
            16,
            16,
            &[0],
            seed,
            Rules {
                detours: on,
                ..Rules::ALL
            },
        )
    });
    assert!(
        with * 100 < without * 98,
        "{with} steps with detours, {without} without"
    );
}

#[test]
fn without_rollouts_no_move_is_played_back() {
    use crate::snake::{Agent, Game, GameConfig};
    for (mut agent, rollouts) in [
        (BlockTreeAgent::new(), true),
        (BlockTreeAgent::without_rollouts(), false),
    ] {
        let config = GameConfig::new(8, 8).unwrap().with_seed(3);
        let mut game = Game::new(&config).unwrap();
        let mut committed = 0;
        while !game.is_over() {
            let direction = agent.next_move(&game);
            if let super::Mode::Tree(player) = &agent.mode {
                committed += usize::from(!player.committed.is_empty());
            }
            game.step(direction);
        }
        assert_eq!(game.snake().len(), 64, "the game is won");
        assert_eq!(committed > 0, rollouts, "{committed} moves committed");
    }
}

#[test]
fn the_agent_keeps_its_player_through_a_game_and_starts_afresh_on_another_board() {
    use crate::snake::{Agent, Board, Direction, Game, GameConfig};
    let play = |agent: &mut BlockTreeAgent, config: &GameConfig| -> Vec<Direction> {
        let mut game = Game::new(config).unwrap();
        let mut moves = Vec::new();
        while !game.is_over() {
            moves.push(agent.next_move(&game));
            game.step(moves[moves.len() - 1]);
        }
        moves
    };
    // The moves of a meal after the first are played back from its rollout, with no
    // search: that needs the player kept from move to move.
    let mut agent = BlockTreeAgent::new();
    let mut game = Game::new(&GameConfig::new(8, 8).unwrap().with_seed(3)).unwrap();
    let (moves, played_back) = play_counting_played_back(&mut agent, &mut game);
    assert_eq!(agent.stats().moves, moves);
    // 173 of 426 here; none if the player were made afresh each move.
    assert!(
        played_back * 4 > moves,
        "{played_back} of {moves} played back"
    );
    // On a board of the same size with a wall cell (no 2×2 blocks: the reclosing
    // rule), then on a larger one, the agent plays as a fresh one.
    let walled: Board =
        "........\n........\n..#.....\n........\n........\n........\n........\n........"
            .parse()
            .unwrap();
    for board in [walled, Board::new(10, 10).unwrap()] {
        let config = GameConfig::with_board(board).with_seed(5);
        let fresh = play(&mut BlockTreeAgent::new(), &config);
        assert_eq!(play(&mut agent, &config), fresh);
    }
}

/// Plays `game` out with `agent`: the moves, and how many of them ran no search.
fn play_counting_played_back(
    agent: &mut BlockTreeAgent,
    game: &mut crate::snake::Game,
) -> (u64, u64) {
    use crate::snake::Agent;
    let (mut moves, mut played_back) = (0, 0);
    while !game.is_over() {
        let searches = agent.stats().searches;
        let direction = agent.next_move(game);
        moves += 1;
        played_back += u64::from(agent.stats().searches == searches);
        game.step(direction);
    }
    (moves, played_back)
}

#[test]
fn on_a_board_with_an_odd_side_the_agent_follows_each_plan_and_detour_to_its_end() {
    use crate::snake::{Game, GameConfig};
    for (width, height, seed) in [(9, 12, 1), (12, 9, 2), (7, 6, 3), (5, 8, 4)] {
        let config = GameConfig::new(width, height)
            .unwrap()
            .with_start_length(3)
            .with_seed(seed);
        let mut game = Game::new(&config).unwrap();
        let mut agent = BlockTreeAgent::new();
        let (moves, played_back) = play_counting_played_back(&mut agent, &mut game);
        assert!(agent.drives_in_blocks());
        assert_eq!(
            game.snake().len() as u32,
            width * height,
            "{width}x{height} lost"
        );
        // Planning every move, as on an even board, plays none back.
        assert!(
            played_back * 3 > 2 * moves,
            "{width}x{height}: {played_back} of {moves} played back"
        );
    }
}

#[test]
fn fills_small_boards_from_straight_starts() {
    for seed in 0..20 {
        assert!(play(4, 4, &[1, 0], seed).0);
        assert!(play(6, 6, &[8, 7, 6], seed).0);
        assert!(play(8, 8, &[3, 2, 1, 0], seed).0);
    }
}
