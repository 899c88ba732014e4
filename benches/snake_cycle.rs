//! Decision time per move of the cycle agents, `HamiltonianAgent` and `best`, on 20×20 and
//! 30×30 boards, and of `best` on 9×12 and 13×13, where it plays `ReclosingAgent`'s rule.
//!
//! Each agent plays a seeded game from length 1 until the snake fills a quarter, a half
//! and three quarters of the board; at each of those positions criterion times one call
//! of `next_move` (the game is not stepped, so every call sees the same position). The
//! whole-game mean is reported by the `measure` test in `tests/snake_cycle.rs`.
//!
//! ```text
//! cargo bench --bench snake_cycle
//! ```

use criterion::{black_box, Criterion};
use replan::snake::{best, Agent, Board, Game, GameConfig, HamiltonianAgent};

/// Plays `agent` on a fresh seeded game until the snake holds `fill` of the board.
fn position<A: Agent>(agent: &mut A, side: u32, fill: f64) -> Game {
    position_on(agent, side, side, fill)
}

/// [`position`] on a `width × height` board.
fn position_on<A: Agent>(agent: &mut A, width: u32, height: u32, fill: f64) -> Game {
    let config = GameConfig::new(width, height)
        .unwrap()
        .with_start_length(1)
        .with_seed(7);
    let mut game = Game::new(&config).unwrap();
    let target = (fill * f64::from(width * height)) as usize;
    while !game.is_over() && game.snake().len() < target {
        game.step(agent.next_move(&game));
    }
    assert!(!game.is_over(), "the game ended before length {target}");
    game
}

fn bench(c: &mut Criterion) {
    for side in [20u32, 30] {
        let board = Board::new(side, side).unwrap();
        for fill in [0.25, 0.5, 0.75] {
            let percent = (fill * 100.0) as u32;
            let mut agent = HamiltonianAgent::new(&board).unwrap();
            let game = position(&mut agent, side, fill);
            c.bench_function(&format!("hamiltonian/{side}x{side}/{percent}%"), |b| {
                b.iter(|| black_box(agent.next_move(black_box(&game))))
            });
            let mut agent = best();
            let game = position(&mut agent, side, fill);
            c.bench_function(&format!("best/{side}x{side}/{percent}%"), |b| {
                b.iter(|| black_box(agent.next_move(black_box(&game))))
            });
        }
    }
}

fn bench_other_boards(c: &mut Criterion) {
    for (width, height) in [(9u32, 12u32), (13, 13)] {
        for fill in [0.25, 0.5, 0.75] {
            let percent = (fill * 100.0) as u32;
            let mut agent = best();
            let game = position_on(&mut agent, width, height, fill);
            c.bench_function(&format!("best/{width}x{height}/{percent}%"), |b| {
                b.iter(|| black_box(agent.next_move(black_box(&game))))
            });
        }
    }
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    bench(&mut criterion);
    bench_other_boards(&mut criterion);
    criterion.final_summary();
}
