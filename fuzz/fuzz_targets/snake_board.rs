//! The snake board's ASCII picture (`snake::Board: FromStr`) and the games played on it: an
//! error, or a board no larger than the text, on which a game either refuses to start with a
//! typed error or runs; the safe agent then plays a bounded number of steps and never picks a
//! move that dies at once while another survives, and the food never lies on the snake or a
//! wall.
#![no_main]

use libfuzzer_sys::fuzz_target;
use replan::snake::{Agent, Board, Direction, Game, GameConfig, SafeAgent};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    let cells = board.width() as usize * board.height() as usize;
    assert!(cells >= 4 && cells <= text.len(), "{cells} cells from {} bytes", text.len());
    let Ok(mut game) = Game::new(&GameConfig::with_board(board).with_seed(7)) else {
        return;
    };
    let mut agent = SafeAgent::new();
    for _ in 0..200 {
        if game.is_over() {
            break;
        }
        let choice = agent.next_move(&game);
        let survivor = Direction::ALL.iter().any(|&d| game.death_of(d).is_none());
        assert!(
            !survivor || game.death_of(choice).is_none(),
            "{choice:?} dies though another move survives\n{game}"
        );
        game.step(choice);
        if let Some(food) = game.food() {
            assert!(!game.snake().contains(food) && !game.board().is_wall(food));
        }
    }
});
