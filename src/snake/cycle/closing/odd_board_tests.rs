use super::*;
use crate::snake::{GameConfig, StepOutcome};

/// Every start of two cells on small odd boards closes a cycle leaving one cell out,
/// and following that cycle wins whatever the food does (five food seeds each): the
/// full board is in reach from all of them.
#[test]
fn every_closing_start_on_small_odd_boards_is_won() {
    for (width, height) in [(3, 3), (5, 3), (5, 5), (7, 5)] {
        let board = Board::new(width, height).unwrap();
        let (mut starts, mut closing) = (0, 0);
        for head in 0..board.cells() {
            let head = board.cell(head);
            board.neighbours(head, |_, tail| {
                starts += 1;
                let config = GameConfig::new(width, height)
                    .unwrap()
                    .with_start(vec![head, tail]);
                let mut cycle = ClosingCycle::default();
                if !cycle.close(&Game::new(&config).unwrap(), 100_000) {
                    return;
                }
                closing += 1;
                for seed in 0..5 {
                    let mut game = Game::new(&config.clone().with_seed(seed)).unwrap();
                    let mut cycle = ClosingCycle::default();
                    assert!(cycle.close(&game, 100_000));
                    let mut outcome = StepOutcome::Moved;
                    while !game.is_over() {
                        outcome = game.step(cycle.follow(&game).expect("the cycle holds"));
                    }
                    assert_eq!(
                        outcome,
                        StepOutcome::Won,
                        "{width}×{height} {head:?} {tail:?}"
                    );
                }
            });
        }
        assert_eq!(closing, starts, "{width}×{height}");
    }
}
