//! Tests of the core: the planners on graphs of every kind, queries, distance maps, D* Lite
//! and the heap, against plain oracles.

#[path = "../common/mod.rs"]
mod common;

#[cfg(feature = "grid")]
mod distance_map;
mod dstar_lite;
mod graph_fn;
mod heap;
mod impassable;
mod planners;
#[cfg(all(feature = "grid", feature = "puzzle"))]
mod queries;
#[cfg(feature = "grid")]
mod query_contracts;
