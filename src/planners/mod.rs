//! The planners, one algorithm per module, all implementing [`Planner`](crate::Planner).
//!
//! Each module's page gives the algorithm's paper, the invariants the code keeps and its
//! cost in time and memory; the types are also re-exported at the crate root and in
//! [`prelude`](crate::prelude).
//!
//! | module | planner | finds |
//! |---|---|---|
//! | [`bfs`] | [`Bfs`] | fewest edges |
//! | [`bidirectional_bfs`] | [`BidirectionalBfs`] | fewest edges, searching from both ends |
//! | [`dijkstra`] | [`Dijkstra`] | least cost |
//! | [`astar`] | [`AStar`] | least cost, guided by a [`Heuristic`](crate::Heuristic) |
//! | [`ida_star`] | [`IdaStar`] | least cost in memory linear in the path's length |
//! | [`dstar_lite`] | [`DStarLite`] | least cost again after edges change or the start moves |
//! | [`space_time_astar`] | [`SpaceTimeAStar`] | earliest arrival in space and time against [`Reservations`](crate::Reservations) |
//! | [`reach`] | [`BfsReach`], [`DijkstraReach`] | distances to every reachable node, in a [`DistanceMap`] |
//!
//! Jump point search, which needs a grid's geometry, lives with the grid:
//! [`JumpPointSearch`](crate::grid::JumpPointSearch) and
//! [`JumpPointSearchPlus`](crate::grid::JumpPointSearchPlus).

pub mod astar;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod dijkstra;
pub mod dstar_lite;
pub mod ida_star;
pub mod reach;
pub mod space_time_astar;

pub use astar::AStar;
pub use bfs::Bfs;
pub use bidirectional_bfs::BidirectionalBfs;
pub use dijkstra::Dijkstra;
pub use dstar_lite::{DStarLite, NodeValues};
pub use ida_star::IdaStar;
pub use reach::{BfsReach, DijkstraReach, DistanceMap};
pub use space_time_astar::{SpaceTimeAStar, TimedPath};
