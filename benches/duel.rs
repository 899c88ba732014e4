//! Snake duel benchmarks.
//!
//! - `duel/evaluate`: [`Evaluator::evaluate`] on 20 mid-game positions (12×12, 10
//!   obstacles, turn 30 of RandomSafe games): two time-aware breadth-first runs and the
//!   territory sums. Beside it, `pathfinding`'s `dijkstra_all` from both heads on the same
//!   positions with every body cell a wall, the nearest thing it has: it does not know that
//!   body cells free up, so it answers a simpler question, and is a yardstick for the
//!   cost, not a like-for-like race.
//! - `duel/step`: cloning a position and playing one turn.
//! - `duel/search_5000_nodes`: one [`AlphaBeta`] move with a 5 000-node budget from each of
//!   the 20 positions (deterministic work).
//!
//! ```text
//! cargo bench -p replan-benches --bench duel
//! ```

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use pathfinding::prelude::dijkstra_all;
use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;
use replan::duel::{AlphaBeta, Duel, DuelAgent, DuelBoard, Evaluator, RandomSafe, Side};
use replan::snake::Direction;

/// Mid-game positions: RandomSafe against itself for 30 turns on seeded maps, kept if
/// both snakes still live.
fn positions() -> Vec<Duel> {
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < 20 {
        seed += 1;
        let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let mut duel = Duel::new(board);
        let mut agents = [RandomSafe::new(seed), RandomSafe::new(seed + 1000)];
        while !duel.is_over() && duel.turn() < 30 {
            let moves = [
                agents[0].choose(&duel, Side::First),
                agents[1].choose(&duel, Side::Second),
            ];
            duel.step(moves).unwrap();
        }
        if !duel.is_over() {
            found.push(duel);
        }
    }
    found
}

/// Static distances from `side`'s head with every body cell a wall.
fn static_distances(duel: &Duel, side: Side) -> usize {
    let board = duel.board();
    let successors = |&cell: &(u32, u32)| {
        let mut next: smallvec::SmallVec<[((u32, u32), u32); 4]> = smallvec::SmallVec::new();
        for direction in Direction::ALL {
            if let Some(to) = direction.apply(cell, board.width(), board.height()) {
                if !board.is_obstacle(to) && duel.snake_at(to).is_none() {
                    next.push((to, 1));
                }
            }
        }
        next
    };
    dijkstra_all(&duel.head(side), successors).len()
}

fn duel(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("duel");
    let mut evaluator = Evaluator::new();
    group.bench_function("evaluate/replan", |b| {
        b.iter(|| {
            for duel in &positions {
                black_box(evaluator.evaluate(black_box(duel)));
            }
        })
    });
    group.bench_function("evaluate/pathfinding_static", |b| {
        b.iter(|| {
            for duel in &positions {
                black_box(static_distances(black_box(duel), Side::First));
                black_box(static_distances(black_box(duel), Side::Second));
            }
        })
    });
    group.bench_function("step", |b| {
        b.iter(|| {
            for duel in &positions {
                let mut next = duel.clone();
                let first = Direction::ALL
                    .into_iter()
                    .find(|&d| duel.is_safe(Side::First, d))
                    .unwrap_or(Direction::Up);
                let second = Direction::ALL
                    .into_iter()
                    .find(|&d| duel.is_safe(Side::Second, d))
                    .unwrap_or(Direction::Up);
                black_box(next.step([first, second]).unwrap());
            }
        })
    });
    group.sample_size(10);
    let mut search = AlphaBeta::with_nodes(5_000);
    group.bench_function("search_5000_nodes", |b| {
        b.iter(|| {
            for duel in &positions {
                black_box(search.choose(black_box(duel), Side::First));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, duel);
criterion_main!(benches);
