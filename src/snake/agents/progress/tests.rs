use super::*;
use crate::snake::{GameConfig, Outcome};

/// The 2×2 square in the corner a snake of three circles in.
const SQUARE: [Cell; 4] = [(1, 1), (0, 1), (0, 0), (1, 0)];

/// A snake of three in [`SQUARE`] on a 4×4 board, the food outside the square.
fn in_the_square() -> Game {
    let body = vec![(1, 1), (1, 0), (0, 0)];
    let config = GameConfig::new(4, 4).unwrap().with_start(body);
    Game::new(&config.with_food((3, 3))).unwrap()
}

/// One move on round [`SQUARE`].
fn round_the_square(game: &mut Game) -> Outcome {
    let head = game.snake().head();
    let place = SQUARE.iter().position(|&cell| cell == head).unwrap();
    let next = SQUARE[(place + 1) % 4];
    game.step(Direction::between(head, next).unwrap())
}

#[test]
fn the_guard_tells_a_snake_circling_in_a_square() {
    let mut game = in_the_square();
    let mut guard = LoopGuard::default();
    let mut first = None;
    for step in 0..40 {
        if guard.circling(&game, game.steps(), 0) {
            first.get_or_insert(step);
        }
        assert_eq!(round_the_square(&mut game), Outcome::Moved);
    }
    // Quiet for as many moves as free cells, then the first repeat four moves later.
    assert_eq!(first, Some(16 + 1 + 4));
    guard.reset();
    assert!(guard.seen.is_empty());
}

/// A game whose snake circles in [`SQUARE`] for `steps` moves, never eating.
fn circled(steps: u64) -> Game {
    let mut game = in_the_square();
    for _ in 0..steps {
        round_the_square(&mut game);
    }
    game
}

#[test]
fn the_guard_tells_a_long_run_without_a_meal_even_without_a_repeat() {
    // A guard that sees the position once cannot tell a repeat: only the length of
    // the run counts, more than four times the 16 free cells.
    for (steps, circling) in [
        (17, false),
        (40, false),
        (64, false),
        (65, true),
        (90, true),
    ] {
        let game = circled(steps);
        assert_eq!(
            LoopGuard::default().circling(&game, game.steps(), 0),
            circling,
            "{steps} moves"
        );
    }
}

#[test]
fn a_meal_starts_the_guards_memory_afresh() {
    let mut guard = LoopGuard::default();
    let game = circled(30);
    let now = game.steps();
    assert!(!guard.circling(&game, now, 0));
    assert!(guard.circling(&game, now, 0), "the same position again");
    // After a meal at step 1 the positions seen before it no longer count.
    assert!(!guard.circling(&game, now, 1));
    assert!(guard.circling(&game, now, 1));
}

#[test]
fn a_closing_cycle_is_followed_to_a_full_board() {
    for seed in 0..10 {
        let config = GameConfig::new(4, 4)
            .unwrap()
            .with_start(vec![(2, 0), (1, 0), (0, 0)])
            .with_seed(seed);
        let mut game = Game::new(&config).unwrap();
        let mut cycle = ClosingCycle::default();
        assert!(cycle.close(&game, 1000));
        let mut outcome = Outcome::Moved;
        while !game.is_over() {
            let direction = cycle.follow(&game).expect("the cycle holds");
            outcome = game.step(direction);
        }
        // Each food lies ahead on the cycle, at most a lap away.
        assert_eq!(outcome, Outcome::Won, "seed {seed}");
        assert!(game.steps() <= 13 * 16, "seed {seed}");
    }
}

#[test]
fn empty_cells_in_two_pieces_close_no_cycle() {
    // The body fills column 1 and cuts the empty cells in two.
    let config = GameConfig::new(4, 3)
        .unwrap()
        .with_start(vec![(1, 0), (1, 1), (1, 2)]);
    let game = Game::new(&config).unwrap();
    let mut cycle = ClosingCycle::default();
    assert!(!cycle.close(&game, 1000));
    // In one piece, with a way from the head through them to the tail, they close one.
    let config = GameConfig::new(4, 3)
        .unwrap()
        .with_start(vec![(1, 1), (1, 0), (0, 0)]);
    let game = Game::new(&config).unwrap();
    assert!(cycle.close(&game, 1000));
    assert!(cycle.follow(&game).is_some());
    // An odd number of free cells closes a cycle round all but one of a colour with
    // one cell more than the other: on 3×3 the corners and the centre.
    let config = GameConfig::new(3, 3)
        .unwrap()
        .with_start(vec![(1, 0), (0, 0)]);
    let game = Game::new(&config).unwrap();
    assert!(cycle.close(&game, 1000));
    let excluded = cycle.left_out().unwrap();
    assert_eq!((excluded.0 + excluded.1) % 2, 0);
    assert_ne!(Some(excluded), game.food());
    // Colours that differ by three (eight cells of one, five of the other) close none.
    let board: crate::snake::Board = ".....\n#...#\n.....".parse().unwrap();
    let config = GameConfig::with_board(board).with_start(vec![(1, 0), (0, 0)]);
    assert!(!cycle.close(&Game::new(&config).unwrap(), 1000));
}

#[test]
fn a_cycle_leaving_out_one_cell_is_followed_to_a_full_board() {
    // An odd board: the left-out cell is eaten by turning into it round its corner.
    for (width, height) in [(3, 3), (5, 5), (7, 5)] {
        for seed in 0..20 {
            let config = GameConfig::new(width, height)
                .unwrap()
                .with_start(vec![(1, 0), (0, 0)])
                .with_seed(seed);
            let mut game = Game::new(&config).unwrap();
            let mut cycle = ClosingCycle::default();
            assert!(cycle.close(&game, 10_000));
            let mut outcome = Outcome::Moved;
            let mut swaps = 0;
            while !game.is_over() {
                let excluded = cycle.left_out();
                let direction = cycle.follow(&game).expect("the cycle holds");
                swaps += usize::from(cycle.left_out() != excluded);
                outcome = game.step(direction);
            }
            let cells = (width * height) as u64;
            assert_eq!(outcome, Outcome::Won, "{width}×{height} seed {seed}");
            assert!(
                game.steps() <= cells * cells,
                "{width}×{height} seed {seed}"
            );
            // The last meal is always the left-out cell.
            assert!(swaps >= 1, "{width}×{height} seed {seed}");
        }
    }
}
