//! The paired timing the benches print beside criterion's measurements.
//!
//! This host's speed drifts over seconds (other work shares its two cores), so two
//! criterion measurements taken a few seconds apart can land in different phases and their
//! ratio with them. Here both sides run in alternating chunks of about 40 ms within one
//! run, and the report is the median of the per-round ratios: a round's two chunks see the
//! same machine.
//!
//! Each report is one line on stderr, a Markdown table row after the word `PAIRED`, which
//! `benches/report.sh` collects:
//!
//! ```text
//! PAIRED | input | ours | ours ms | theirs | theirs ms | theirs / ours | lowest–highest round |
//! ```
#![allow(dead_code)]

use std::path::PathBuf;

use replan::grid::movingai::{self, Scenario};
use replan::grid::Grid;
use std::time::{Duration, Instant};

/// Rounds per comparison; the median of an odd count is one of the rounds.
pub const ROUNDS: usize = 11;

/// The outcome of one comparison.
pub struct Paired {
    /// Median over the rounds of `theirs / ours` (time per pass).
    pub ratio: f64,
    /// The lowest and highest round ratios.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// Median time of one pass of `ours`, in milliseconds.
    pub ours_ms: f64,
    /// Median time of one pass of `theirs`, in milliseconds.
    pub theirs_ms: f64,
}

/// Times `ours` and `theirs` (one pass each per call) in alternating chunks of at least
/// one pass and about 40 ms, `ROUNDS` times.
pub fn compare(mut ours: impl FnMut(), mut theirs: impl FnMut()) -> Paired {
    let chunk = Duration::from_millis(40);
    // The first call of each warms it up and sizes its chunk.
    let passes_for = |pass: &mut dyn FnMut()| {
        let started = Instant::now();
        pass();
        let once = started.elapsed().max(Duration::from_micros(1));
        (chunk.as_secs_f64() / once.as_secs_f64()).ceil().max(1.0) as usize
    };
    let (ours_passes, theirs_passes) = (passes_for(&mut ours), passes_for(&mut theirs));
    let time = |pass: &mut dyn FnMut(), passes: usize| {
        let started = Instant::now();
        for _ in 0..passes {
            pass();
        }
        started.elapsed().as_secs_f64() * 1e3 / passes as f64
    };
    let (mut ratios, mut ours_ms, mut theirs_ms) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let mine = time(&mut ours, ours_passes);
        let other = time(&mut theirs, theirs_passes);
        ratios.push(other / mine);
        ours_ms.push(mine);
        theirs_ms.push(other);
    }
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let ratio = median(&mut ratios);
    Paired {
        ratio,
        low: ratios[0],
        high: ratios[ROUNDS - 1],
        ours_ms: median(&mut ours_ms),
        theirs_ms: median(&mut theirs_ms),
    }
}

/// Compares and prints the `PAIRED` line for `input`: `ours` against `theirs`.
pub fn report(
    input: &str,
    ours_name: &str,
    theirs_name: &str,
    ours: impl FnMut(),
    theirs: impl FnMut(),
) {
    let p = compare(ours, theirs);
    eprintln!(
        "PAIRED | {input} | {ours_name} | {} | {theirs_name} | {} | {:.2}× | {:.2}–{:.2} |",
        significant(p.ours_ms),
        significant(p.theirs_ms),
        p.ratio,
        p.low,
        p.high
    );
}

/// Prints the `PAIRED` line for times already taken: `ours_ms[r]` and `theirs_ms[r]` are
/// one round's times of a pass of each side, taken in alternation within the round. As for
/// [`report`], the ratio is the median over the rounds and the times are medians.
pub fn report_rounds(
    input: &str,
    ours_name: &str,
    theirs_name: &str,
    ours_ms: &[f64],
    theirs_ms: &[f64],
) {
    let mut ratios: Vec<f64> = ours_ms
        .iter()
        .zip(theirs_ms)
        .map(|(mine, other)| other / mine)
        .collect();
    let median = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let ratio = median(&mut ratios);
    eprintln!(
        "PAIRED | {input} | {ours_name} | {} | {theirs_name} | {} | {:.2}× | {:.2}–{:.2} |",
        significant(median(&mut ours_ms.to_vec())),
        significant(median(&mut theirs_ms.to_vec())),
        ratio,
        ratios[0],
        ratios[ratios.len() - 1]
    );
}

/// `value` to three significant digits (four for values of 1000 and more, written whole).
pub fn significant(value: f64) -> String {
    let decimals = (2 - value.log10().floor() as i32).max(0) as usize;
    format!("{value:.decimals$}")
}

/// Whether `name` passes the command line's filters (criterion's own filter only reaches
/// its benchmarks; this is for the work around them).
pub fn selected(name: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// The data folder: `$REPLAN_DATA`, or `shared/data` beside the repository.
pub fn data_dir() -> PathBuf {
    std::env::var_os("REPLAN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    )
}

/// The seven Moving AI maps the grid-planner benches time, as (name, path below
/// `movingai/maps`); each one's scenarios are the same path with `.scen` below
/// `movingai/scenarios`.
pub const MOVINGAI_MAPS: [(&str, &str); 7] = [
    ("arena", "dao/arena.map"),
    ("den312d", "dao/den312d.map"),
    ("lak303d", "dao/lak303d.map"),
    ("random512-10-0", "random/random512-10-0.map"),
    ("8room_000", "rooms/8room_000.map"),
    ("AR0011SR", "bg512/AR0011SR.map"),
    ("maze512-1-0", "mazes/maze512-1-0.map"),
];

/// A Moving AI map and its scenarios from the data folder, or `None`, said on stderr, when
/// either file is missing (a clone without the data skips the input).
pub fn read_movingai(name: &str, relative: &str) -> Option<(Grid, Vec<Scenario>)> {
    let data = data_dir().join("movingai");
    let map = data.join("maps").join(relative);
    let scen = data.join("scenarios").join(format!("{relative}.scen"));
    if !map.exists() || !scen.exists() {
        eprintln!(
            "skipping {name}: {} or its scenarios not found",
            map.display()
        );
        return None;
    }
    let grid = movingai::read_map(&map).expect("readable map");
    let scenarios = movingai::read_scenarios(&scen).expect("readable scenarios");
    Some((grid, scenarios))
}
