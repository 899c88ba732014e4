//! Flow field builds on the 512×512 Moving AI maps: `FlowField` in float and in integer
//! costs beside `DijkstraReach` from the same goal (the distance map alone, no directions).
//!
//! - `flow_field/<map>/<what>`: criterion timings of one build.
//! - `flow_field/paired`: printed `PAIRED` rows (see `benches/paired`): each field build
//!   against `DijkstraReach` on the same map and goal, in alternating rounds; the ratio is
//!   `DijkstraReach`'s time over the field's.
//!
//! The goal of each map is the open cell nearest its centre. `REPLAN_DATA` names the data
//! folder (default `../shared/data`); maps that are missing are skipped with a message.
//!
//! ```text
//! cargo bench -p replan-benches --bench flow_field                 # criterion timings and the paired report
//! cargo bench -p replan-benches --bench flow_field -- paired       # the paired report only
//! ```

mod paired;

use std::hint::black_box;

use criterion::Criterion;
use replan::grid::{movingai, Cell, FlowField, Grid};
use replan::DijkstraReach;

/// The maps, as (name, path below `movingai/maps`).
const MAPS: [(&str, &str); 4] = [
    ("random512-10-0", "random/random512-10-0.map"),
    ("8room_000", "rooms/8room_000.map"),
    ("AR0011SR", "bg512/AR0011SR.map"),
    ("maze512-1-0", "mazes/maze512-1-0.map"),
];

fn load() -> Vec<(&'static str, Grid, Cell)> {
    let data = paired::data_dir().join("movingai").join("maps");
    let mut inputs = Vec::new();
    for (name, relative) in MAPS {
        let path = data.join(relative);
        if !path.exists() {
            eprintln!("skipping {name}: {} not found", path.display());
            continue;
        }
        let grid = movingai::read_map(&path).expect("map");
        let centre = (grid.width() / 2, grid.height() / 2);
        let goal = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
            .filter(|&cell| grid.is_passable(cell))
            .min_by_key(|&(x, y)| x.abs_diff(centre.0).pow(2) + y.abs_diff(centre.1).pow(2))
            .expect("an open cell");
        inputs.push((name, grid, goal));
    }
    inputs
}

fn main() {
    let inputs = load();
    let mut criterion = Criterion::default().configure_from_args();
    for (name, grid, goal) in &inputs {
        let mut group = criterion.benchmark_group(format!("flow_field/{name}"));
        group.sample_size(20);
        let mut float = FlowField::new();
        group.bench_function("field-f64", |b| {
            b.iter(|| black_box(float.build(grid, [*goal]).is_ok()))
        });
        let mut integer = FlowField::with_integer_steps(10, 14).expect("steps");
        group.bench_function("field-u32", |b| {
            b.iter(|| black_box(integer.build(grid, [*goal]).is_ok()))
        });
        let mut reach = DijkstraReach::<f64>::new();
        group.bench_function("dijkstra-reach", |b| {
            b.iter(|| black_box(reach.run_from(grid, [(*goal, 0.0)]).is_ok()))
        });
        group.finish();
    }
    if paired::selected("flow_field/paired") {
        for (name, grid, goal) in &inputs {
            let mut float = FlowField::new();
            let mut integer = FlowField::with_integer_steps(10, 14).expect("steps");
            let mut reach = DijkstraReach::<f64>::new();
            paired::report(
                name,
                "field-f64",
                "dijkstra-reach",
                || assert!(float.build(grid, [*goal]).is_ok()),
                || assert!(reach.run_from(grid, [(*goal, 0.0)]).is_ok()),
            );
            paired::report(
                name,
                "field-u32",
                "dijkstra-reach",
                || assert!(integer.build(grid, [*goal]).is_ok()),
                || assert!(reach.run_from(grid, [(*goal, 0.0)]).is_ok()),
            );
        }
    }
    criterion.final_summary();
}
