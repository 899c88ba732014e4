#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bucket_queue;
mod cost;
mod error;
mod graph;
pub mod grid;
mod heap;
mod heuristic;
mod path;
mod planner;
pub mod planners;
pub mod puzzle;
pub mod snake;

pub use cost::Cost;
pub use error::PlanError;
pub use graph::{DenseIds, Graph, HashedIds, IndexedGraph, InvalidNode, NodeIds, ReverseGraph};
pub use heap::IndexedMinHeap;
pub use heuristic::{Heuristic, Zero};
pub use path::{Path, SearchStats};
pub use planner::Planner;
pub use planners::{
    AStar, Bfs, BidirectionalBfs, DStarLite, Dijkstra, IdaStar, IncrementalHeuristic, NodeValues,
    Reestimate,
};
pub use planners::{BfsReach, DijkstraReach, DistanceMap};
