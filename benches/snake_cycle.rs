//! Decision time per move of the cycle agents, `HamiltonianAgent` and `best`, on 20×20 and
//! 30×30 boards, and of `best` on 9×12, where it drives in blocks of two and three cells
//! with its lean rule, and on 13×13, where it plays `ReclosingAgent`'s rule.
//!
//! Each agent plays a seeded game from length 1 until the snake fills a quarter, a half
//! and three quarters of the board. On 20×20 and 30×30, at each of those positions
//! criterion times one call of `next_move` (the game is not stepped, so every call sees
//! the same position). On 9×12 and 13×13 it times the next [`MOVES`] moves of the game
//! from each position, played by a fresh `best()` that takes the game over there: both
//! rules remember what they worked out (the reclosing rule the checks that failed, the
//! lean rule the path it follows), so one position asked again would time that memory
//! rather than the searches. The fresh agent's first move closes a cycle round the body
//! (on 13×13), a search the agent in play makes only when it loses its cycle. The
//! whole-game mean is reported by the `measure` test in `tests/snake_cycle.rs`.
//!
//! ```text
//! cargo bench -p replan-benches --bench snake_cycle
//! ```

use criterion::{black_box, BatchSize, Criterion, Throughput};
use replan::snake::{best, Agent, Board, Direction, Game, GameConfig, HamiltonianAgent};

/// Plays `agent` on a fresh seeded game until the snake holds `fill` of the board.
fn position<A: Agent>(agent: &mut A, side: u32, fill: f64) -> Game {
    position_on(agent, side, side, fill)
}

/// [`position`] on a `width × height` board.
fn position_on<A: Agent>(agent: &mut A, width: u32, height: u32, fill: f64) -> Game {
    recorded(agent, width, height, fill).0
}

/// [`position_on`], with the game's configuration and the moves that led there: the same
/// moves from a new game of that configuration reach the same position (the food follows
/// the seed).
fn recorded<A: Agent>(
    agent: &mut A,
    width: u32,
    height: u32,
    fill: f64,
) -> (Game, GameConfig, Vec<Direction>) {
    let config = GameConfig::new(width, height)
        .unwrap()
        .with_start_length(1)
        .with_seed(7);
    let mut game = Game::new(&config).unwrap();
    let mut moves = Vec::new();
    let target = (fill * f64::from(width * height)) as usize;
    while !game.is_over() && game.snake().len() < target {
        let direction = agent.next_move(&game);
        moves.push(direction);
        game.step(direction);
    }
    assert!(!game.is_over(), "the game ended before length {target}");
    (game, config, moves)
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

/// Moves timed from each position on 9×12 and 13×13.
const MOVES: u64 = 32;

fn bench_other_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("best");
    group.throughput(Throughput::Elements(MOVES));
    for (width, height) in [(9u32, 12u32), (13, 13)] {
        for fill in [0.25, 0.5, 0.75] {
            let percent = (fill * 100.0) as u32;
            let (_, config, moves) = recorded(&mut best(), width, height, fill);
            let replay = || {
                let mut game = Game::new(&config).unwrap();
                for &direction in &moves {
                    game.step(direction);
                }
                game
            };
            group.bench_function(format!("{width}x{height}/{percent}%"), |b| {
                b.iter_batched(
                    replay,
                    |mut game| {
                        let mut agent = best();
                        for _ in 0..MOVES {
                            game.step(agent.next_move(&game));
                        }
                        black_box(game)
                    },
                    BatchSize::SmallInput,
                )
            });
        }
    }
    group.finish();
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
