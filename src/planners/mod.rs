//! The planners, one algorithm per file, all implementing [`Planner`](crate::Planner).

mod astar;
mod bfs;
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
