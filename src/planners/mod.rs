//! The planners, one algorithm per file, all implementing [`Planner`](crate::Planner).

mod astar;
mod dijkstra;
pub(crate) mod memory;

pub use astar::AStar;
pub use dijkstra::Dijkstra;
