//! Dijkstra's algorithm (Dijkstra, "A note on two problems in connexion with graphs",
//! Numerische Mathematik 1, 1959).
//!
//! It is [`AStar`] with the [`Zero`] heuristic: the same code, monomorphised with an
//! estimate that compiles away, so there is no second copy of the search to keep in step.
//! Nodes leave the frontier in order of their cost from the start; the goal's cost is final
//! when it is popped.
//!
//! # Complexity
//!
//! `O((V + E) log V)` time and `O(V)` memory for the `V` nodes and `E` edges it reaches.

use crate::{AStar, Zero};

/// Dijkstra's shortest-path search: [`AStar`] with the [`Zero`] heuristic.
///
/// Create one with [`Dijkstra::default()`] or [`AStar::dijkstra()`]. Its rules are
/// [`AStar`]'s: an edge of infinite cost is impassable, a negative or NaN one is
/// [`PlanError::InvalidCost`](crate::PlanError::InvalidCost).
///
/// # Example
///
/// ```
/// use replan::{Dijkstra, Graph, HashedIds, Planner};
///
/// /// Two routes from 0 to 3: 0-1-3 costs 2 + 2, 0-2-3 costs 1 + 5.
/// struct Diamond;
/// impl Graph for Diamond {
///     type Node = u8;
///     type Cost = u32;
///     type Ids = HashedIds<u8>;
///     fn successors(&self, n: u8, mut visit: impl FnMut(u8, u32)) {
///         match n {
///             0 => { visit(1, 2); visit(2, 1) }
///             1 => visit(3, 2),
///             2 => visit(3, 5),
///             _ => {}
///         }
///     }
/// }
/// let mut dijkstra = Dijkstra::default();
/// let path = dijkstra.plan(&Diamond, 0, 3).unwrap();
/// assert_eq!((path.nodes, path.cost), (vec![0, 1, 3], 4));
/// ```
///
/// Like [`AStar`], the type names what the planner stores: the graph's node store `I`
/// ([`Graph::Ids`](crate::Graph::Ids)) and cost `C`.
///
/// With [`Query::or_closest`](crate::Query::or_closest) and no estimate, every node
/// estimates zero, so the closest node (least estimate, then least cost) is a start:
/// "closest" is by estimate and needs one. A query's own estimate
/// ([`Query::with_estimate`](crate::Query::with_estimate)) supplies it, and then also
/// steers the search, which is A* from there on.
pub type Dijkstra<I, C> = AStar<Zero, I, C>;
