//! Units larger than one cell: A* with `Octile` on `Clearance::view(&grid, k)` for k = 1, 2,
//! 3 beside A* and `JumpPointSearch` on the plain grid, on Moving AI maps, one pass over a
//! thinned scenario set per iteration. Scenarios whose endpoints do not fit a unit of size k
//! are skipped for that k (and counted in the printed line).
//!
//! - `clearance/<map>/...`: criterion timings.
//! - `clearance/paired`: `PAIRED` rows, A* on the grid against A* on the size-2 view.
//! - `clearance/build`: printed: the clearance table's build time (median of 11).
//!
//! ```text
//! cargo bench -p replan-benches --bench clearance
//! cargo bench -p replan-benches --bench clearance -- paired
//! ```

mod paired;

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use replan::grid::{Cell, Clearance, JumpPointSearch, Octile};
use replan::{AStar, Planner};

const MAPS: [(&str, &str); 3] = [
    ("den312d", "dao/den312d.map"),
    ("8room_000", "rooms/8room_000.map"),
    ("AR0011SR", "bg512/AR0011SR.map"),
];
const MAX_SCENARIOS: usize = 200;

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    for (name, relative) in MAPS {
        let Some((grid, scenarios)) = paired::read_movingai(name, relative) else {
            continue;
        };
        let step = scenarios.len().div_ceil(MAX_SCENARIOS).max(1);
        let queries: Vec<(Cell, Cell)> = scenarios
            .iter()
            .step_by(step)
            .map(|s| (s.start, s.goal))
            .collect();
        let mut builds: Vec<f64> = (0..11)
            .map(|_| {
                let clock = Instant::now();
                black_box(Clearance::new(&grid, 3));
                clock.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        builds.sort_by(f64::total_cmp);
        let clearance = Clearance::new(&grid, 3);
        let fitting = |k: u32| -> Vec<(Cell, Cell)> {
            queries
                .iter()
                .copied()
                .filter(|&(s, g)| clearance.get(&grid, s) >= k && clearance.get(&grid, g) >= k)
                .collect()
        };
        let sized: Vec<Vec<(Cell, Cell)>> = (1..=3).map(fitting).collect();
        eprintln!(
            "clearance/build {name}: {:.3} ms; queries fitting size 1/2/3: {}/{}/{} of {}",
            builds[5],
            sized[0].len(),
            sized[1].len(),
            sized[2].len(),
            queries.len()
        );
        let pass_grid = |planner: &mut dyn FnMut(Cell, Cell)| {
            for &(s, g) in &queries {
                planner(s, g);
            }
        };
        let mut group = criterion.benchmark_group(format!("clearance/{name}"));
        group.sample_size(10);
        let mut astar = AStar::new(Octile);
        group.bench_function("astar grid", |b| {
            b.iter(|| pass_grid(&mut |s, g| drop(black_box(astar.plan(&grid, s, g).ok()))))
        });
        let mut jps = JumpPointSearch::new();
        group.bench_function("jps grid", |b| {
            b.iter(|| pass_grid(&mut |s, g| drop(black_box(jps.plan(&grid, s, g).ok()))))
        });
        for k in 1..=3u32 {
            let view = clearance.view(&grid, k);
            let mut astar = AStar::new(Octile);
            let queries = &sized[k as usize - 1];
            group.bench_function(format!("astar size {k}"), |b| {
                b.iter(|| {
                    for &(s, g) in queries {
                        black_box(astar.plan(&view, s, g).ok());
                    }
                })
            });
        }
        group.finish();
        if paired::selected("clearance/paired") {
            let view = clearance.view(&grid, 2);
            let mut on_grid = AStar::new(Octile);
            let mut on_view = AStar::new(Octile);
            let queries = &sized[1];
            paired::report(
                &format!("{name} (size-2 queries)"),
                "astar grid",
                "astar size 2",
                || {
                    for &(s, g) in queries {
                        black_box(on_grid.plan(&grid, s, g).ok());
                    }
                },
                || {
                    for &(s, g) in queries {
                        black_box(on_view.plan(&view, s, g).ok());
                    }
                },
            );
        }
    }
    criterion.final_summary();
}
