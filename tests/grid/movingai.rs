//! The Moving AI readers: every published scenario solved optimally by A* with the octile
//! heuristic, and clear errors for malformed files.
//!
//! The benchmark files are read from `$REPLAN_DATA/movingai` (default `../shared/data`
//! beside the crate). When that folder does not exist the benchmark test says so and
//! passes; when it exists, any file it cannot read fails the test.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use replan::grid::movingai::{
    parse_map, parse_scenarios, read_map, read_scenarios, MovingAiErrorKind, Scenario,
};
use replan::grid::{Grid, Octile};
use replan::{AStar, InvalidNode, Planner};

/// The published optima are rounded to 2 decimals or 6 significant digits.
const TOLERANCE: f64 = 0.01;

/// Every `.scen` file below `dir`, sorted, with the `.map` file it belongs to: the
/// scenario folder mirrors the map folder (`scenarios/<set>/<name>.map.scen` goes with
/// `maps/<set>/<name>.map`; the map names written inside the files do not always match).
fn scenario_files(movingai: &Path) -> Vec<(PathBuf, PathBuf)> {
    let scenarios = movingai.join("scenarios");
    let mut pending = vec![scenarios.clone()];
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|err| panic!("cannot list {}: {err}", dir.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|err| panic!("cannot list {}: {err}", dir.display()))
                .path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "scen") {
                let relative = path.strip_prefix(&scenarios).unwrap().with_extension("");
                found.push((path.clone(), movingai.join("maps").join(relative)));
            }
        }
    }
    found.sort();
    found
}

/// Every 25th scenario of every file, the first one included: each map and each range of
/// path lengths (a file lists its scenarios by rising length) is checked on every run. The
/// whole set is the ignored test below.
#[test]
fn a_sample_of_every_benchmark_file_is_solved_optimally() {
    solve_scenarios("a_sample_of_every_benchmark_file_is_solved_optimally", 25);
}

#[test]
#[ignore = "A* on all 18,500 scenarios: run with `cargo test --release --test grid -- movingai:: --ignored`"]
fn every_benchmark_scenario_is_solved_optimally() {
    solve_scenarios("every_benchmark_scenario_is_solved_optimally", 1);
}

/// A* against the published optimum on every `stride`-th scenario of each file.
fn solve_scenarios(test: &str, stride: usize) {
    let Some(movingai) = common::data_path(test, "movingai") else {
        return;
    };
    let files = scenario_files(&movingai);
    assert!(
        !files.is_empty(),
        "no .scen files under {}",
        movingai.join("scenarios").display()
    );

    let mut grids: Vec<Grid> = Vec::new();
    let mut jobs: Vec<(usize, Scenario)> = Vec::new();
    for (scen, map) in &files {
        let grid = read_map(map).unwrap_or_else(|err| panic!("{err}"));
        let scenarios = read_scenarios(scen).unwrap_or_else(|err| panic!("{err}"));
        assert!(!scenarios.is_empty(), "{} has no scenarios", scen.display());
        for scenario in scenarios.into_iter().step_by(stride) {
            scenario
                .check(&grid)
                .unwrap_or_else(|err| panic!("{}: {err}", scen.display()));
            jobs.push((grids.len(), scenario));
        }
        grids.push(grid);
    }

    // The long maze scenarios come last in their file: hand out the work in small chunks
    // so both cores stay busy to the end.
    let clock = Instant::now();
    let next = AtomicUsize::new(0);
    let mismatches = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut astar = AStar::new(Octile);
                loop {
                    let first = next.fetch_add(16, Ordering::Relaxed);
                    if first >= jobs.len() {
                        break;
                    }
                    for (grid, scenario) in &jobs[first..(first + 16).min(jobs.len())] {
                        let grid = &grids[*grid];
                        let cost = astar
                            .plan(grid, scenario.start, scenario.goal)
                            .map(|path| path.cost);
                        let ok = cost
                            .as_ref()
                            .is_ok_and(|cost| (cost - scenario.optimal_length).abs() <= TOLERANCE);
                        if !ok {
                            mismatches.lock().unwrap().push(format!(
                                "{} line {}: {:?} -> {:?} optimal {} but got {cost:?}",
                                scenario.map,
                                scenario.line,
                                scenario.start,
                                scenario.goal,
                                scenario.optimal_length
                            ));
                        }
                    }
                }
            });
        }
    });
    let mismatches = mismatches.into_inner().unwrap();
    eprintln!(
        "{} scenarios from {} files solved in {:.1?} on {threads} threads",
        jobs.len(),
        files.len(),
        clock.elapsed()
    );
    assert!(
        mismatches.is_empty(),
        "{} of {} scenarios mismatch, first ones:\n{}",
        mismatches.len(),
        jobs.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

// ---------------------------------------------------------------- malformed files

const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n..@.\n.TGS\nOW..\n";

#[test]
fn a_valid_map_parses_with_the_benchmark_rules() {
    let grid = parse_map(MAP).unwrap();
    assert_eq!((grid.width(), grid.height()), (4, 3));
    assert_eq!(grid.to_string(), "..#.\n.#..\n##..");
    // Windows line endings and trailing blank lines are fine.
    let grid_crlf = parse_map(&MAP.replace('\n', "\r\n")).unwrap();
    assert_eq!(grid_crlf, grid);
    assert_eq!(parse_map(&format!("{MAP}\n\n")).unwrap(), grid);
}

#[test]
fn a_truncated_map_names_the_missing_rows() {
    let err = parse_map("type octile\nheight 3\nwidth 4\nmap\n..@.\n.TGS\n").unwrap_err();
    assert_eq!(err.line, 7);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::TooFewRows {
            found: 2,
            expected: 3
        }
    ));
    let message = err.to_string();
    assert!(message.starts_with("line 7: "), "{message}");
    assert!(
        message.contains("2 rows") && message.contains("height 3"),
        "{message}"
    );
}

#[test]
fn a_row_of_the_wrong_length_is_reported_on_its_line() {
    let err = parse_map("type octile\nheight 3\nwidth 4\nmap\n..@.\n.TG\nOW..\n").unwrap_err();
    assert_eq!(err.line, 6);
    let message = err.to_string();
    assert_eq!(
        message,
        "line 6: map row 1 has 3 cells, but the header says width 4"
    );
    let err = parse_map("type octile\nheight 1\nwidth 2\nmap\n...\n").unwrap_err();
    assert!(err.to_string().contains("has 3 cells"), "{err}");
}

#[test]
fn extra_rows_are_reported() {
    let err = parse_map(&format!("{MAP}....\n")).unwrap_err();
    assert_eq!(err.line, 8);
    assert!(err.to_string().contains("after the 3 rows"), "{err}");
}

#[test]
fn unknown_terrain_is_reported_with_line_and_column() {
    let err = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n").unwrap_err();
    assert_eq!(err.line, 6);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::UnknownTerrain {
            found: 'x',
            column: 2
        }
    ));
    assert!(err.to_string().contains("'x' at column 2"), "{err}");
    let err = parse_map("type octile\nheight 1\nwidth 3\nmap\n.é.\n").unwrap_err();
    assert!(err.to_string().contains("'é'"), "{err}");
}

#[test]
fn bad_headers_name_the_expected_line() {
    let cases = [
        ("", 1, "type octile"),
        ("type grid\nheight 1\nwidth 1\nmap\n.\n", 1, "\"grid\""),
        ("height 1\nwidth 1\nmap\n.\n", 1, "type octile"),
        (
            "type octile\nheight x\nwidth 1\nmap\n.\n",
            2,
            "not a whole number",
        ),
        (
            "type octile\nwidth 1\nheight 1\nmap\n.\n",
            2,
            "height <rows>",
        ),
        ("type octile\nheight 1\nwidth -1\nmap\n.\n", 3, "\"-1\""),
        ("type octile\nheight 1\nwidth 1\n.\n", 4, "`map`"),
        ("type octile\nheight 1\nwidth 1\n", 4, "end of the file"),
    ];
    for (text, line, needle) in cases {
        let err = parse_map(text).unwrap_err();
        assert!(
            matches!(err.kind, MovingAiErrorKind::BadHeader { .. }),
            "{text:?}: {err:?}"
        );
        assert_eq!(err.line, line, "{text:?}: {err}");
        let message = err.to_string();
        assert!(message.starts_with(&format!("line {line}: ")), "{message}");
        assert!(message.contains(needle), "{text:?}: {message}");
    }
}

#[test]
fn a_header_promising_a_huge_map_fails_without_allocating_it() {
    let err = parse_map("type octile\nheight 60000\nwidth 60000\nmap\n..\n").unwrap_err();
    assert_eq!(err.line, 5);
    assert!(
        matches!(err.kind, MovingAiErrorKind::RowLength { .. }),
        "{err}"
    );
    let err = parse_map("type octile\nheight 4000000000\nwidth 0\nmap\n").unwrap_err();
    assert!(
        matches!(
            err.kind,
            MovingAiErrorKind::BadHeader {
                expected: "width <columns>",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn scenarios_parse_with_tabs_or_spaces_and_blank_lines() {
    let text = "version 1.0\n\
                0\tmaps/a.map\t4\t3\t0\t0\t3\t2\t3.82843\n\
                \n\
                7 maps/a.map 4 3 1 0 0 0 1\n";
    let scenarios = parse_scenarios(text).unwrap();
    assert_eq!(scenarios.len(), 2);
    assert_eq!(scenarios[0].start, (0, 0));
    assert_eq!(scenarios[0].goal, (3, 2));
    assert_eq!(scenarios[1].bucket, 7);
    assert_eq!(scenarios[1].line, 4);
    assert_eq!(parse_scenarios("version 1\n").unwrap(), []);
}

#[test]
fn malformed_scenario_lines_are_reported() {
    let err = parse_scenarios("version 1\n0 m.map 4 3 0 0 3 2\n").unwrap_err();
    assert_eq!(err.line, 2);
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::FieldCount { found: 8 }
    ));
    assert!(
        err.to_string()
            .starts_with("line 2: a scenario line needs 9 fields"),
        "{err}"
    );

    let err =
        parse_scenarios("version 1\n0 m.map 4 3 0 0 3 2 1\n0 m.map 4 3 0 -1 3 2 1\n").unwrap_err();
    assert_eq!(err.line, 3);
    assert!(
        err.to_string()
            .contains("`start_y` must be a whole number, found \"-1\""),
        "{err}"
    );

    let err = parse_scenarios("version 1\n0 m.map 4 3 0 0 3 2 far\n").unwrap_err();
    assert!(err.to_string().contains("`optimal_length`"), "{err}");
    let err = parse_scenarios("version 1\n0 m.map 4 3 0 0 3 2 NaN\n").unwrap_err();
    assert!(err.to_string().contains("\"NaN\""), "{err}");
}

#[test]
fn a_missing_version_line_is_reported() {
    for text in ["", "version 2\n", "0 m.map 4 3 0 0 3 2 1\n"] {
        let err = parse_scenarios(text).unwrap_err();
        assert_eq!(err.line, 1, "{text:?}");
        assert!(err.to_string().contains("version 1"), "{err}");
    }
}

#[test]
fn scenarios_are_checked_against_their_map() {
    let grid = parse_map(MAP).unwrap();
    let scenarios = parse_scenarios(
        "version 1\n\
         0 m 4 3 0 0 3 2 1\n\
         0 m 5 3 0 0 3 2 1\n\
         0 m 4 3 2 0 3 2 1\n\
         0 m 4 3 0 0 4 2 1\n",
    )
    .unwrap();
    assert!(scenarios[0].check(&grid).is_ok());

    let err = scenarios[1].check(&grid).unwrap_err();
    assert_eq!(err.line, 3);
    assert!(
        err.to_string().contains("5×3 map, but the map is 4×3"),
        "{err}"
    );

    let err = scenarios[2].check(&grid).unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadEndpoint {
            which: "start",
            cell: (2, 0),
            reason: InvalidNode::Blocked
        }
    ));
    let err = scenarios[3].check(&grid).unwrap_err();
    assert!(matches!(
        err.kind,
        MovingAiErrorKind::BadEndpoint {
            which: "goal",
            reason: InvalidNode::OutOfBounds,
            ..
        }
    ));
    assert!(err.to_string().contains("goal (4, 2)"), "{err}");
}

#[test]
fn file_errors_name_the_file() {
    let err = read_map("/nonexistent/replan/x.map").unwrap_err();
    assert!(matches!(err.kind, MovingAiErrorKind::Io(_)));
    assert!(err
        .to_string()
        .starts_with("/nonexistent/replan/x.map: cannot read the file"));

    let dir = std::env::temp_dir().join(format!("replan-movingai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("short.map");
    std::fs::write(&path, "type octile\nheight 2\nwidth 2\nmap\n..\n").unwrap();
    let err = read_map(&path).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(err.path.as_deref(), Some(path.as_path()));
    assert!(
        err.to_string().starts_with(&format!(
            "{}, line 6: the map ends after 1 rows",
            path.display()
        )),
        "{err}"
    );
    assert!(read_scenarios("/nonexistent/replan/x.map.scen").is_err());
}
