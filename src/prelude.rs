//! One import for the common case: `use replan::prelude::*;`.
//!
//! It brings the traits a caller needs in scope to call [`Planner::plan`], to give a planner
//! a budget ([`Budgeted`]) or to describe a graph ([`Graph`], [`ReverseGraph`],
//! [`IndexedGraph`], [`NodeIds`], [`Heuristic`], [`Cost`]), every general planner and distance map, what they return ([`Path`],
//! [`SearchStats`], [`PlanError`]), queries ([`Query`], [`Goal`], [`Outcome`], [`Progress`]),
//! the node stores ([`DenseIds`], [`HashedIds`]) and the
//! closure graph ([`from_fn`], [`FnGraph`]). Domain types stay in their modules
//! (`replan::grid`, `replan::puzzle`, `replan::snake`, `replan::duel`), whose names (`Manhattan`, `Board`)
//! would otherwise clash.
//!
//! # Example
//!
//! ```
//! use replan::prelude::*;
//!
//! // A ring of ten nodes; each step costs 2 one way and 3 the other.
//! let ring = from_fn(|n: u32| [((n + 1) % 10, 2u32), ((n + 9) % 10, 3)]);
//! let mut dijkstra = Dijkstra::default();
//! let path: Path<u32, u32> = dijkstra.plan(&ring, 0, 8)?;
//! assert_eq!(path.cost, 6); // two steps back, not eight forward
//! assert_eq!(path.nodes, [0, 9, 8]);
//!
//! let stats: SearchStats = path.stats;
//! assert!(stats.expanded >= 2);
//! # Ok::<(), PlanError>(())
//! ```

pub use crate::graph_fn::{from_fn, FnGraph};
pub use crate::{
    AStar, Bfs, BfsReach, BidirectionalBfs, Budgeted, Cost, DStarLite, DenseIds, Dijkstra,
    DijkstraReach, DistanceMap, Goal, Graph, HashedIds, Heuristic, IdaStar, IndexedGraph, NodeIds,
    Outcome, Path, PlanError, Planner, Progress, Query, ReverseGraph, SearchStats, Zero,
};
