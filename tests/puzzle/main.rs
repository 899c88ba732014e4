//! Tests of the sliding-tile puzzle domain: boards, heuristics, pattern databases and
//! Korf's 100.

#[path = "../common/mod.rs"]
mod common;

mod puzzle;
mod puzzle_korf;
mod puzzle_seven_eight;
