//! Grid maps: cells that are passable or blocked, optionally weighted, 4- or 8-connected.
//!
//! A [`Grid`] is the graph most games search. Its nodes are [`Cell`]s `(x, y)` with `x` the
//! column and `y` the row, `(0, 0)` the top-left cell, as in the Moving AI benchmarks
//! (Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012).
//!
//! # Movement rules
//!
//! - [`Connectivity::Four`]: moves to the four orthogonal neighbours.
//! - [`Connectivity::Eight`]: also the four diagonal ones, but never cutting a corner: a
//!   diagonal move needs both orthogonal cells it passes between to be passable (the Moving
//!   AI rule). The rule is symmetric, so every edge can be walked both ways.
//! - Moving from `a` to `b` costs `step × weight(b)`, with `step` 1 orthogonally and
//!   [`SQRT_2`] diagonally. Weights are finite and at least 1, so
//!   the heuristics in this module stay admissible on weighted grids.
//!
//! # Layout
//!
//! Cells live row-major in an array padded with one blocked cell on every side, and each
//! cell keeps a byte with one bit per legal move, computed when the map changes. Generating
//! successors is then one load and a loop over the set bits, with no bounds tests on the
//! neighbours; the padded index doubles as the dense node index of [`IndexedGraph`], so
//! planners keep their per-node data in flat arrays.
//!
//! # Example
//!
//! ```
//! use replan::grid::{Connectivity, Grid, Octile};
//! use replan::{AStar, Planner};
//!
//! let grid: Grid = "
//!     .....
//!     .###.
//!     ....."
//!     .parse::<Grid>()
//!     .unwrap()
//!     .with_connectivity(Connectivity::Eight);
//! let mut astar = AStar::new(Octile);
//! // Every diagonal past the wall would cut one of its corners, so the path goes around.
//! assert_eq!(astar.plan(&grid, (0, 0), (4, 2)).unwrap().cost, 6.0);
//!
//! // In the open, a diagonal move costs √2.
//! let open = Grid::open(3, 3, Connectivity::Eight);
//! let path = astar.plan(&open, (0, 0), (2, 2)).unwrap();
//! assert_eq!(path.nodes, [(0, 0), (1, 1), (2, 2)]);
//! assert!((path.cost - 2.0 * std::f64::consts::SQRT_2).abs() < 1e-12);
//! ```
//!
//! # Files
//!
//! The grid itself reads as one file a concern: `map.rs` the [`Grid`] type and its edits,
//! `moves.rs` the table of legal moves, `graph.rs` the graph traits, `parse.rs` the ASCII
//! picture, `error.rs` [`GridError`]. The planners that need a grid's geometry follow, one
//! module each.
//!
//! [`SQRT_2`]: std::f64::consts::SQRT_2
//! [`IndexedGraph`]: crate::IndexedGraph

mod error;
mod graph;
mod map;
mod moves;
mod parse;

pub mod anya;
pub mod clearance;
pub mod dstar_lite;
pub mod flow_field;
pub mod heuristics;
pub mod jump_point_search;
pub mod jump_point_search_plus;
pub mod jump_points;
pub mod lazy_theta_star;
pub mod line_of_sight;
pub mod movingai;
pub mod subgoal_graph;
pub mod theta_star;

pub use anya::Anya;
pub use clearance::{Clearance, SizedGrid};
pub use error::GridError;
pub use flow_field::{FieldCost, FlowField};
pub use heuristics::{Chebyshev, Euclidean, Manhattan, Octile};
pub use jump_point_search::JumpPointSearch;
pub use jump_point_search_plus::JumpPointSearchPlus;
pub use jump_points::JumpPoints;
pub use lazy_theta_star::LazyThetaStar;
pub use line_of_sight::{path_length, smooth_path};
pub use map::{Cell, Connectivity, Grid};
pub use subgoal_graph::SubgoalGraph;
pub use theta_star::ThetaStar;

// The move table, for the planners of this module that walk the padded array themselves.
use moves::DELTAS;
