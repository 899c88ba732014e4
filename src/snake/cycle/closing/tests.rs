use super::*;
use crate::snake::{GameConfig, StepOutcome};

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
        let mut outcome = StepOutcome::Moved;
        while !game.is_over() {
            let direction = cycle.follow(&game).expect("the cycle holds");
            outcome = game.step(direction);
        }
        // Each food lies ahead on the cycle, at most a lap away.
        assert_eq!(outcome, StepOutcome::Won, "seed {seed}");
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
            let mut outcome = StepOutcome::Moved;
            let mut swaps = 0;
            while !game.is_over() {
                let excluded = cycle.left_out();
                let direction = cycle.follow(&game).expect("the cycle holds");
                swaps += usize::from(cycle.left_out() != excluded);
                outcome = game.step(direction);
            }
            let cells = (width * height) as u64;
            assert_eq!(outcome, StepOutcome::Won, "{width}×{height} seed {seed}");
            assert!(
                game.steps() <= cells * cells,
                "{width}×{height} seed {seed}"
            );
            // The last meal is always the left-out cell.
            assert!(swaps >= 1, "{width}×{height} seed {seed}");
        }
    }
}
