//! Multi-agent pathfinding on the shipped benchmark (`random-32-32-10` with its "random-1"
//! scenario): one LaCAM solve and one PIBT run at each of the sizes the C++ reference was
//! measured at, N = 50, 100, 200, 300, 400 and 461 (all six, not a sample), and CBS with
//! 20 and 30 agents.
//!
//! The C++ reference (`Kei18/lacam`) runs in another process; its side-by-side timings are
//! taken with the `mapf` example, which reports the solver's own time, alternating with
//! the reference's binary (see the crate's benchmark notes). `REPLAN_DATA` names the data
//! folder (default `../shared/data`); without the data the bench prints a notice and stops.
//!
//! ```text
//! cargo bench -p replan-benches --bench mapf
//! ```

mod paired;

use std::hint::black_box;

use criterion::Criterion;
use replan::mapf::{Cbs, Instance, Lacam, Pibt};

fn main() {
    let folder = paired::data_dir().join("mapf");
    let (map, scen) = (
        folder.join("random-32-32-10.map"),
        folder.join("random-32-32-10-random-1.scen"),
    );
    if !map.exists() || !scen.exists() {
        eprintln!("skipping mapf: {} not found", folder.display());
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("mapf/random-32-32-10");
    group.sample_size(10);
    for agents in [50, 100, 200, 300, 400, 461] {
        let instance = Instance::load(&map, &scen, agents).expect("the shipped instance");
        let mut lacam = Lacam::new();
        group.bench_function(format!("lacam/{agents}"), |b| {
            b.iter(|| black_box(lacam.solve(&instance).is_ok()))
        });
        let mut pibt = Pibt::new();
        group.bench_function(format!("pibt/{agents}"), |b| {
            b.iter(|| black_box(pibt.solve(&instance).is_ok()))
        });
    }
    for agents in [20, 30] {
        let instance = Instance::load(&map, &scen, agents).expect("the shipped instance");
        let mut cbs = Cbs::new();
        group.bench_function(format!("cbs/{agents}"), |b| {
            b.iter(|| black_box(cbs.solve(&instance).is_ok()))
        });
    }
    group.finish();
}
