//! Bidirectional breadth-first search (Pohl, "Bi-directional search", Machine Intelligence
//! 6, 1971), expanding whole layers of the smaller frontier.
//!
//! # Invariants
//!
//! - Each side is a plain BFS: the forward side over successors from the start, the
//!   backward side over predecessors from the goal. Each round expands one *whole layer*
//!   of whichever side has the smaller frontier.
//! - Before the round in which the sides first meet, no node has been reached by both.
//!   In that round, every edge `u -> v` from the expanding layer to a node the other side
//!   has reached is a candidate, and all candidates give paths of the same, minimal number
//!   of edges: if `v` had been *expanded* by the other side, `u` would have been reached by
//!   both sides in an earlier round. The layer is finished anyway and the candidate with the
//!   least summed edge cost wins, so on weighted graphs the answer is the cheapest of the
//!   fewest-edge meeting paths found, not the first one stumbled upon.
//! - The search stops with [`PlanError::NoPath`] as soon as either frontier is empty.
//!
//! # Complexity
//!
//! `O(V + E)` time and `O(V)` memory, like [`Bfs`](crate::Bfs); on graphs whose layers grow
//! quickly, the two searches together reach about `2 b^(d/2)` nodes where one BFS reaches
//! `b^d`.

use super::memory::{add_edge, check_endpoints, Records, NO_PARENT};
use crate::{Cost, Graph, NodeIds, Path, PlanError, Planner, ReverseGraph, SearchStats};

/// Bidirectional breadth-first search: a path with the fewest edges, found from both ends.
///
/// Needs a [`ReverseGraph`] to search backwards from the goal. Both sides share one node
/// numbering (one hash lookup per generated node on hashed graphs), and the planner keeps
/// all of its memory for the next call.
///
/// # Example
///
/// ```
/// use replan::{grid::Grid, Bfs, BidirectionalBfs, Planner};
///
/// let grid: Grid = "
///     .....
///     .###.
///     .#...
///     .#.#.
///     ....."
///     .parse()
///     .unwrap();
/// let both_ways = BidirectionalBfs::new().plan(&grid, (0, 0), (2, 2)).unwrap();
/// let one_way = Bfs::new().plan(&grid, (0, 0), (2, 2)).unwrap();
/// assert_eq!(both_ways.len(), one_way.len());
/// ```
#[derive(Debug)]
pub struct BidirectionalBfs<G: Graph + ?Sized> {
    budget: Option<u64>,
    ids: G::Ids,
    forward: Side<G::Cost>,
    backward: Side<G::Cost>,
    trail: Vec<u32>,
    stats: SearchStats,
}

/// One direction's search: its records and its current and next layer.
#[derive(Debug)]
struct Side<C> {
    records: Records<C>,
    layer: Vec<u32>,
    next: Vec<u32>,
}

impl<C: Cost> Side<C> {
    fn new() -> Self {
        Side {
            records: Records::new(),
            layer: Vec::new(),
            next: Vec::new(),
        }
    }

    fn begin(&mut self, bound: usize) {
        self.layer.clear();
        self.next.clear();
        self.records.begin(bound);
    }
}

/// Which way a side walks the graph; a type rather than a closure so each direction's
/// expansion loop is compiled on its own, without a dynamic call per edge.
trait Direction<G: ReverseGraph + ?Sized> {
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError>;
}

struct Forward;
impl<G: ReverseGraph + ?Sized> Direction<G> for Forward {
    #[inline(always)]
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        ids.successors(graph, node, id, visit)
    }
}

struct Backward;
impl<G: ReverseGraph + ?Sized> Direction<G> for Backward {
    #[inline(always)]
    fn neighbours(
        ids: &mut G::Ids,
        graph: &G,
        node: G::Node,
        id: u32,
        visit: impl FnMut(G::Node, u32, G::Cost),
    ) -> Result<(), PlanError> {
        ids.predecessors(graph, node, id, visit)
    }
}

/// The cheapest meeting edge of a layer: its total cost, the expanding side's node and the
/// node on the other side.
type Meeting<C> = Option<(C, u32, u32)>;

impl<G: Graph + ?Sized> Default for BidirectionalBfs<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Graph + ?Sized> BidirectionalBfs<G> {
    /// A bidirectional planner with no expansion budget.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Grid, BidirectionalBfs};
    /// let search: BidirectionalBfs<Grid> = BidirectionalBfs::new();
    /// ```
    pub fn new() -> Self {
        BidirectionalBfs {
            budget: None,
            ids: G::Ids::default(),
            forward: Side::new(),
            backward: Side::new(),
            trail: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Limits each search to `max_expanded` node expansions, both sides together; a search
    /// that needs more returns [`PlanError::BudgetExceeded`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::{Connectivity, Grid}, BidirectionalBfs, PlanError, Planner};
    /// let grid = Grid::open(30, 30, Connectivity::Four);
    /// let mut search = BidirectionalBfs::new().with_budget(3);
    /// assert_eq!(search.plan(&grid, (0, 0), (29, 29)), Err(PlanError::BudgetExceeded { budget: 3 }));
    /// ```
    pub fn with_budget(mut self, max_expanded: u64) -> Self {
        self.budget = Some(max_expanded);
        self
    }

    /// Sets or lifts the expansion budget of later searches.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{grid::Grid, BidirectionalBfs};
    /// let mut search: BidirectionalBfs<Grid> = BidirectionalBfs::new();
    /// search.set_budget(Some(100));
    /// ```
    pub fn set_budget(&mut self, max_expanded: Option<u64>) {
        self.budget = max_expanded;
    }
}

impl<G: ReverseGraph + ?Sized> Planner<G> for BidirectionalBfs<G> {
    fn plan(
        &mut self,
        graph: &G,
        start: G::Node,
        goal: G::Node,
    ) -> Result<Path<G::Node, G::Cost>, PlanError> {
        self.stats = SearchStats::default();
        check_endpoints(graph, start, goal)?;
        let BidirectionalBfs {
            budget,
            ids,
            forward,
            backward,
            trail,
            stats,
        } = self;
        let bound = ids.reset(graph)?;
        forward.begin(bound);
        backward.begin(bound);
        let start_id = new_id(graph, ids, forward, backward, start)?;
        let goal_id = new_id(graph, ids, forward, backward, goal)?;
        forward.records.reach(start_id, G::Cost::ZERO, NO_PARENT);
        backward.records.reach(goal_id, G::Cost::ZERO, NO_PARENT);
        forward.layer.push(start_id);
        backward.layer.push(goal_id);
        stats.max_frontier = 2;
        if start_id == goal_id {
            return Ok(Path {
                nodes: vec![start],
                cost: G::Cost::ZERO,
                stats: *stats,
            });
        }

        let (cost, forward_end, backward_start) = loop {
            if forward.layer.is_empty() || backward.layer.is_empty() {
                return Err(PlanError::NoPath);
            }
            if forward.layer.len() <= backward.layer.len() {
                let meeting =
                    expand_layer::<G, Forward>(graph, ids, forward, backward, stats, *budget)?;
                if let Some((cost, near, far)) = meeting {
                    break (cost, near, far);
                }
            } else {
                let meeting =
                    expand_layer::<G, Backward>(graph, ids, backward, forward, stats, *budget)?;
                if let Some((cost, near, far)) = meeting {
                    break (cost, far, near);
                }
            }
            stats.max_frontier = stats
                .max_frontier
                .max(forward.layer.len() + backward.layer.len());
        };

        trail.clear();
        forward.records.push_ids_to_root(forward_end, trail);
        trail.reverse();
        backward.records.push_ids_to_root(backward_start, trail);
        Ok(Path {
            nodes: trail.iter().map(|&id| ids.node(graph, id)).collect(),
            cost,
            stats: *stats,
        })
    }

    fn last_stats(&self) -> SearchStats {
        self.stats
    }
}

/// The shared id of `node`, with room for its record on both sides.
#[inline(always)]
fn new_id<G: Graph + ?Sized>(
    graph: &G,
    ids: &mut G::Ids,
    a: &mut Side<G::Cost>,
    b: &mut Side<G::Cost>,
    node: G::Node,
) -> Result<u32, PlanError> {
    let id = ids.id(graph, node)?;
    a.records.make_room(id);
    b.records.make_room(id);
    Ok(id)
}

/// Expands every node of `near.layer` in direction `D`, filling `near.next`, then makes
/// that the current layer. Returns the cheapest edge into a node that `far` has reached.
fn expand_layer<G, D>(
    graph: &G,
    ids: &mut G::Ids,
    near: &mut Side<G::Cost>,
    far: &mut Side<G::Cost>,
    stats: &mut SearchStats,
    budget: Option<u64>,
) -> Result<Meeting<G::Cost>, PlanError>
where
    G: ReverseGraph + ?Sized,
    D: Direction<G>,
{
    let mut best: Meeting<G::Cost> = None;
    let mut failure = None;
    for index in 0..near.layer.len() {
        if Some(stats.expanded) == budget {
            return Err(PlanError::BudgetExceeded {
                budget: stats.expanded,
            });
        }
        stats.expanded += 1;
        let id = near.layer[index];
        let g = near.records.record(id).g;
        let node = ids.node(graph, id);
        D::neighbours(ids, graph, node, id, |_, other_id, edge| {
            if failure.is_some() {
                return;
            }
            stats.generated += 1;
            if !G::Ids::BOUNDED {
                near.records.make_room(other_id);
                far.records.make_room(other_id);
            }
            let far_g = far.records.g_if_reached(other_id);
            // Most edges lead back into this side's search; like `Bfs`, skip them before
            // any cost arithmetic. Once the sides have met, this layer is the last: the rest
            // of it is only scanned for cheaper meeting edges, and nothing more is recorded.
            let record = best.is_none() && !near.records.is_reached(other_id);
            if far_g.is_none() && !record {
                return;
            }
            let other_g = match add_edge(g, edge) {
                Ok(other_g) => other_g,
                Err(error) => {
                    failure = Some(error);
                    return;
                }
            };
            if let Some(far_g) = far_g {
                match other_g.checked_add(far_g) {
                    Some(total) if best.map_or(true, |(cost, _, _)| total < cost) => {
                        best = Some((total, id, other_id));
                    }
                    Some(_) => {}
                    None => failure = Some(PlanError::CostOverflow),
                }
            }
            if record && best.is_none() {
                near.records.reach(other_id, other_g, id);
                near.next.push(other_id);
            }
        })?;
        if let Some(error) = failure {
            return Err(error);
        }
    }
    std::mem::swap(&mut near.layer, &mut near.next);
    near.next.clear();
    Ok(best)
}
