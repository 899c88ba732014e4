//! Errors returned by planners, and why a node cannot start or end a search.

use std::fmt;

/// Why a planner returned no path.
///
/// # Example
///
/// ```
/// use replan::PlanError;
/// let err = PlanError::BudgetExceeded { budget: 100 };
/// assert_eq!(err.to_string(), "search stopped after expanding its budget of 100 nodes");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// The goal cannot be reached from the start.
    #[error("no path from start to goal")]
    NoPath,
    /// The start node failed [`Graph::check_node`](crate::Graph::check_node).
    #[error("start {node} is not a valid node: {reason}")]
    InvalidStart {
        /// The start node, as its `Debug` text.
        node: String,
        /// Why it was refused.
        reason: InvalidNode,
    },
    /// The goal node failed [`Graph::check_node`](crate::Graph::check_node).
    #[error("goal {node} is not a valid node: {reason}")]
    InvalidGoal {
        /// The goal node, as its `Debug` text.
        node: String,
        /// Why it was refused.
        reason: InvalidNode,
    },
    /// The planner expanded as many nodes as its budget allows without reaching the goal.
    #[error("search stopped after expanding its budget of {budget} nodes")]
    BudgetExceeded {
        /// The budget that ran out.
        budget: u64,
    },
    /// A path cost does not fit in the cost type.
    #[error("path cost overflows the cost type")]
    CostOverflow,
    /// The graph produced a negative or NaN edge cost.
    #[error("edge cost {cost} is negative or not a number")]
    InvalidCost {
        /// The offending edge cost, as its `Debug` text.
        cost: String,
    },
    /// The graph has more nodes than a `u32` id can number.
    #[error("the graph has more than 2^32 - 1 nodes")]
    TooManyNodes,
    /// A node reported to an incremental planner as changed is not part of the graph
    /// (a cell off the map).
    #[error("changed node {node} is not part of the graph: {reason}")]
    InvalidChange {
        /// The node, as its `Debug` text.
        node: String,
        /// Why it was refused.
        reason: InvalidNode,
    },
    /// An incremental planner was asked to replan, or to move its start, before a first
    /// search gave it a start and a goal.
    #[error("no search to repair yet: call plan first")]
    NotPlanned,
    /// The planner does not search this kind of graph: a jump point search on a grid that is
    /// weighted or 4-connected, whose pruning rules hold only on uniform 8-connected grids.
    #[error("the planner cannot search this graph: {reason}")]
    UnsupportedGraph {
        /// What the graph has that the planner cannot handle.
        reason: &'static str,
    },
    /// A search resumed on a graph that changed since it began: its
    /// [`Graph::revision`](crate::Graph::revision) or its node bound differs. Begin the
    /// search anew.
    #[error("the graph changed since the search began")]
    GraphChanged,
    /// The estimate of a node was NaN, which orders against nothing: the search cannot
    /// tell which node to expand next.
    #[error("estimate {estimate} is not a number")]
    InvalidEstimate {
        /// The estimate, as its `Debug` text.
        estimate: String,
    },
    /// The tables a search needs for the graph's claimed size
    /// ([`IndexedGraph::node_bound`](crate::IndexedGraph::node_bound)) would take more memory
    /// than the planner's limit allows, or than the allocator could give.
    #[error("the search's tables need {bytes} bytes, more than the limit or the allocator allows")]
    OutOfMemory {
        /// The bytes the tables would take.
        bytes: u64,
    },
    /// The [`Query`](crate::Query) has no start, or asks for something the planner cannot
    /// do (a backward search towards a goal test), or a resumed search was handed another
    /// query than it began with (other starts, another goal or goal set, an estimate or
    /// [`or_closest`](crate::Query::or_closest) added or dropped).
    #[error("the planner cannot answer this query: {reason}")]
    InvalidQuery {
        /// What is wrong with the query.
        reason: &'static str,
    },
}

/// Why a node cannot start or end a search.
///
/// # Example
///
/// ```
/// use replan::InvalidNode;
/// assert_eq!(InvalidNode::Blocked.to_string(), "the cell is blocked");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidNode {
    /// The node lies outside the graph (a cell off the map).
    OutOfBounds,
    /// The node exists but may not be entered (a wall).
    Blocked,
    /// Any other reason, in words.
    Other(String),
}

impl fmt::Display for InvalidNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidNode::OutOfBounds => f.write_str("it lies outside the graph"),
            InvalidNode::Blocked => f.write_str("the cell is blocked"),
            InvalidNode::Other(reason) => f.write_str(reason),
        }
    }
}
