//! What a fresh planner pays before it expands anything, on the 512×512 Moving AI maps: a
//! game that loads a level and plans at once pays it on every level.
//!
//! - `astar_begin`: `AStar::begin` of a fresh `AStar::new(Octile)` (the query checked, the
//!   per-node tables made, the start queued), the planner dropped outside the timing.
//! - `jps_first_plan`: the first `plan` of a fresh `JumpPointSearch` between two
//!   neighbouring open cells: its table built from the grid, its node tables, and the one
//!   or two expansions that reach the goal.
//!
//! `cargo bench -p replan-benches --bench first_search`; the maps come from the data folder (`REPLAN_DATA`,
//! default `../shared/data`) and are skipped without it.

mod paired;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use replan::grid::{Cell, Grid, JumpPointSearch, Octile};
use replan::{AStar, DenseIds, Goal, Planner, Query};

/// The first open cell, in row order, with an open right-hand neighbour.
fn two_neighbours(grid: &Grid) -> (Cell, Cell) {
    (0..grid.height())
        .flat_map(|y| (0..grid.width() - 1).map(move |x| (x, y)))
        .find(|&(x, y)| grid.is_passable((x, y)) && grid.is_passable((x + 1, y)))
        .map(|(x, y)| ((x, y), (x + 1, y)))
        .expect("an open pair of cells")
}

fn first_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("first_search");
    for (name, relative) in paired::MOVINGAI_MAPS {
        let Some((grid, _)) = paired::read_movingai(name, relative) else {
            continue;
        };
        if grid.width() != 512 || grid.height() != 512 {
            continue;
        }
        let (start, goal) = two_neighbours(&grid);
        let far = (0..grid.height())
            .rev()
            .flat_map(|y| (0..grid.width()).rev().map(move |x| (x, y)))
            .find(|&cell| grid.is_passable(cell))
            .expect("an open cell");
        group.bench_function(format!("astar_begin/{name}"), |b| {
            let query = Query::new(start, Goal::Node(far));
            b.iter_batched(
                || AStar::<Octile, DenseIds, f64>::new(Octile),
                |mut astar| {
                    let begun = astar.begin(&grid, &query);
                    (astar, begun)
                },
                BatchSize::PerIteration,
            );
        });
        group.bench_function(format!("jps_first_plan/{name}"), |b| {
            b.iter_batched(
                JumpPointSearch::new,
                |mut jps| {
                    let path = jps.plan(&grid, start, goal);
                    (jps, path)
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, first_search);
criterion_main!(benches);
