//! Snake benchmarks.
//!
//! - A printed report first (not criterion), on all cores, each figure the sum of whole
//!   games from fixed seeds:
//!   - `8x8`: 1000 games from length 4 per agent (chuyangliu/snake's benchmark): games won,
//!     mean length and steps.
//!   - `incremental vs A*`: the incremental agent's D* Lite against A* from scratch on the
//!     same grid, start and goal at every move of the same games (the agent runs both):
//!     nodes expanded per move, and D* Lite's repairs (moves after the first search for a
//!     food) against its searches from scratch. Games capped at 30 moves per cell.
//!   - `bidirectional vs BFS`: on the positions of safe-agent games on 20×20 (capped at 30
//!     moves per cell), both planners from the head to the food on the virtual-tail view:
//!     nodes expanded.
//!   - `growth`: the safe agent's final length on 20×20 and steps survived on 15×15.
//!   - `compression`: the mean number of cells the head reaches right after eating, safe
//!     agent with and without path compression, 8×8 and 20×20.
//! - `decide/<agent>/<size>` (criterion): one fresh agent plays the first 300 moves of a
//!   fixed game on a 20×20 and a 30×30 board; throughput is per move, so the time per
//!   element is the decision time per move (the game's own steps are included and small).
//!
//! `SNAKE_GAMES` scales the report's game counts down (for a quick look), e.g.
//! `SNAKE_GAMES=100 cargo bench -p replan-benches --bench snake`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use rayon::prelude::*;
use replan::snake::{
    game_seed, play_game, Agent, Game, GameConfig, GreedyAgent, IncrementalAgent, Report,
    SafeAgent, Snapshot, TailView,
};
use replan::{Bfs, BidirectionalBfs, Planner};

fn games(default: u64) -> u64 {
    let scale: u64 = std::env::var("SNAKE_GAMES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(1000);
    (default * scale / 1000).max(1)
}

fn run<A: Agent>(
    make: impl Fn() -> A + Sync,
    config: &GameConfig,
    games: u64,
    seed: u64,
) -> Report {
    let records = (0..games)
        .into_par_iter()
        .map(|index| play_game(&mut make(), config, seed, index).unwrap())
        .collect();
    Report::from_records(records)
}

fn summary(name: &str, report: &Report) {
    eprintln!(
        "  {name:<12} games {:>5}  wins {:>5} ({:.1}%)  deaths {:>4}  capped {:>4}  mean length {:>7.2}  \
         mean steps {:>9.1}  mean steps won {:>9}  {:.2} µs/move",
        report.games,
        report.wins,
        100.0 * report.wins as f64 / report.games as f64,
        report.deaths,
        report.capped,
        report.mean_length,
        report.mean_steps,
        report
            .mean_steps_won
            .map_or_else(|| "-".to_string(), |steps| format!("{steps:.1}")),
        report.micros_per_move,
    );
}

fn report() {
    let started = Instant::now();
    eprintln!("snake report ({} threads)", rayon::current_num_threads());

    let eight = GameConfig::new(8, 8).unwrap().with_start_length(4);
    let n = games(1000);
    eprintln!("8x8, start length 4, {n} games, seed 1:");
    summary("greedy", &run(GreedyAgent::new, &eight, n, 1));
    summary("safe", &run(SafeAgent::new, &eight, n, 1));
    summary("incremental", &run(IncrementalAgent::new, &eight, n, 1));

    for (side, count) in [(8, games(200)), (20, games(20))] {
        // Capped at 30 moves per cell: a game stuck circling near the end (see the 8×8
        // figures) would otherwise fill the averages with moves that repair nothing.
        let cells = u64::from(side * side);
        let config = GameConfig::new(side, side)
            .unwrap()
            .with_start_length(4)
            .with_max_steps(30 * cells);
        let comparisons: Vec<_> = (0..count)
            .into_par_iter()
            .map(|index| {
                let mut agent = IncrementalAgent::with_comparison();
                play_game(&mut agent, &config, 2, index).unwrap();
                agent.comparison().clone()
            })
            .collect();
        let moves: u64 = comparisons.iter().map(|c| c.moves).sum();
        let dstar: u64 = comparisons.iter().map(|c| c.dstar_expanded).sum();
        let astar: u64 = comparisons.iter().map(|c| c.astar_expanded).sum();
        let full: u64 = comparisons.iter().map(|c| c.dstar_full_expanded).sum();
        let full_searches: u64 = comparisons.iter().map(|c| c.dstar_full_searches).sum();
        let mut repairs: Vec<u32> = comparisons
            .iter()
            .flat_map(|c| c.repair_expanded.iter().copied())
            .collect();
        repairs.sort_unstable();
        let repair_mean =
            repairs.iter().map(|&r| u64::from(r)).sum::<u64>() as f64 / repairs.len().max(1) as f64;
        let percentile = |p: f64| repairs[((repairs.len() - 1) as f64 * p) as usize];
        eprintln!(
            "incremental vs A* from scratch, {side}x{side}, {count} games, {moves} moves: \
             D* Lite {:.1} nodes/move, A* {:.1} nodes/move, ratio {:.2}",
            dstar as f64 / moves as f64,
            astar as f64 / moves as f64,
            astar as f64 / dstar as f64
        );
        eprintln!(
            "  D* Lite searches from scratch: {full_searches}, {:.1} nodes each; repairs: {}, \
             mean {:.2}, median {}, 90th percentile {}, 99th {}",
            full as f64 / full_searches as f64,
            repairs.len(),
            repair_mean,
            percentile(0.5),
            percentile(0.9),
            percentile(0.99)
        );
    }

    // Bidirectional BFS against BFS on the positions of safe-agent games.
    let twenty = GameConfig::new(20, 20).unwrap();
    let count = games(10);
    let (bfs, bidirectional, searches) = (0..count)
        .into_par_iter()
        .map(|index| {
            let config = twenty
                .clone()
                .with_seed(game_seed(3, index))
                .with_max_steps(30 * 400);
            let mut game = Game::new(&config).unwrap();
            let mut agent = SafeAgent::new();
            let (mut bfs, mut bidirectional) = (Bfs::new(), BidirectionalBfs::new());
            let mut view = TailView::new(Snapshot::of(&game));
            let (mut bfs_total, mut bidirectional_total, mut searches) = (0u64, 0u64, 0u64);
            while !game.is_over() {
                view.position_mut().copy_from(&game);
                let (head, food) = (game.snake().head(), game.food().unwrap());
                if bfs.plan(&view, head, food).is_ok() {
                    bidirectional.plan(&view, head, food).unwrap();
                    bfs_total += bfs.last_stats().expanded;
                    bidirectional_total += bidirectional.last_stats().expanded;
                    searches += 1;
                }
                let direction = agent.next_move(&game);
                game.step(direction);
            }
            (bfs_total, bidirectional_total, searches)
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    eprintln!(
        "bidirectional BFS vs BFS, head to food on the virtual-tail view, 20x20, {count} \
         safe-agent games, {searches} searches: BFS {:.1} nodes, bidirectional {:.1} nodes \
         (ratio {:.2})",
        bfs as f64 / searches as f64,
        bidirectional as f64 / searches as f64,
        bfs as f64 / bidirectional as f64
    );

    let count = games(20);
    let grown = run(SafeAgent::new, &twenty, count, 4);
    let longest = grown.records.iter().map(|r| r.length).max().unwrap();
    let shortest = grown.records.iter().map(|r| r.length).min().unwrap();
    eprintln!(
        "growth, 20x20 from length 3, {count} games (final length min {shortest}, max {longest}):"
    );
    summary("safe", &grown);
    let fifteen = GameConfig::new(15, 15).unwrap();
    let survived = run(SafeAgent::new, &fifteen, count, 5);
    let fewest = survived.records.iter().map(|r| r.steps).min().unwrap();
    eprintln!("survival, 15x15 from length 3, {count} games (fewest steps {fewest}):");
    summary("safe", &survived);

    for (side, count) in [(8, games(1000)), (20, games(20))] {
        let config = GameConfig::new(side, side).unwrap().with_start_length(4);
        let free_space = |make: fn() -> SafeAgent| {
            let (total, meals, wins) = (0..count)
                .into_par_iter()
                .map(|index| {
                    let mut agent = make();
                    let record = play_game(&mut agent, &config, 6, index).unwrap();
                    let (mean, meals) = agent.free_space_after_eating();
                    (
                        mean * meals as f64,
                        meals,
                        u64::from(record.end == replan::snake::GameEnd::Won),
                    )
                })
                .reduce(|| (0.0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
            (total / meals as f64, meals, wins)
        };
        let with = free_space(SafeAgent::new);
        let without = free_space(SafeAgent::without_compression);
        eprintln!(
            "compression, {side}x{side}, {count} games: mean free cells after eating {:.2} with \
             ({} meals, {} wins), {:.2} without ({} meals, {} wins)",
            with.0, with.1, with.2, without.0, without.1, without.2
        );
    }
    eprintln!("report took {:.1} s", started.elapsed().as_secs_f64());
}

/// Makes a fresh agent for a benchmark.
type MakeAgent = fn() -> Box<dyn Agent>;

fn decide(c: &mut Criterion) {
    const MOVES: u64 = 300;
    let mut group = c.benchmark_group("decide");
    group.sample_size(10);
    group.throughput(Throughput::Elements(MOVES));
    for side in [20u32, 30] {
        let config = GameConfig::new(side, side).unwrap().with_seed(11);
        let agents: [(&str, MakeAgent); 3] = [
            ("greedy", || Box::new(GreedyAgent::new())),
            ("safe", || Box::new(SafeAgent::new())),
            ("incremental", || Box::new(IncrementalAgent::new())),
        ];
        for (name, make) in agents {
            group.bench_with_input(BenchmarkId::new(name, side), &config, |b, config| {
                b.iter(|| {
                    let mut agent = make();
                    let mut game = Game::new(config).unwrap();
                    for _ in 0..MOVES {
                        if game.is_over() {
                            game = Game::new(config).unwrap();
                        }
                        let direction = agent.next_move(&game);
                        game.step(black_box(direction));
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, decide);

fn main() {
    report();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
