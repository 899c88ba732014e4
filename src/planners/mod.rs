//! The planners, one algorithm per file, all implementing [`Planner`](crate::Planner).

// `Option::is_none_or` (Rust 1.82) says `map_or(true, …)` more plainly; these two modules
// still use the older form.
#[allow(clippy::unnecessary_map_or)]
mod astar;
mod bfs;
#[allow(clippy::unnecessary_map_or)]
mod bidirectional_bfs;
mod dijkstra;
mod dstar_lite;
mod ida_star;
pub(crate) mod memory;
mod reach;

pub use astar::AStar;
pub use bfs::Bfs;
pub use bidirectional_bfs::BidirectionalBfs;
pub use dijkstra::Dijkstra;
pub use dstar_lite::{DStarLite, NodeValues};
pub use ida_star::{IdaStar, IncrementalHeuristic, Reestimate};
pub use reach::{BfsReach, DijkstraReach, DistanceMap};
