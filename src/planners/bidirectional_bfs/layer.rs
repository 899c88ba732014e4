//! One layer's expansion, for either side: with layers as spans of ids or as lists.
//!
//! Both expansions are `#[inline]`: a generic function is compiled in the codegen unit of
//! the module that defines it, where a caller in another unit (the search loop, in the
//! parent module) cannot inline it; the hint gives each caller's unit a copy of its own.

use super::{make_room, Direction, Meeting, Rules, Seen, Side};
use crate::memory::{edge_error, is_infinite_sum, NodeRecord, NO_PARENT};
use crate::{Cost, NodeIds, PlanError, ReverseGraph, SearchStats};

/// The first fault met while expanding a node: small and `Copy`, so the edge loop keeps it
/// in registers; the [`PlanError`] is built once the layer stops.
#[derive(Clone, Copy)]
enum Fault<C> {
    /// An edge cost that is negative or not a number, or whose sum overflowed.
    Edge(C),
    /// A meeting's total cost overflowed.
    Overflow,
    /// With layers as spans, an impassable edge to a new node: no error, but the layer
    /// cannot go on ([`expand_span`]). An error met in the same node outranks it.
    Impassable,
}

impl<C: Cost> Fault<C> {
    /// The error the search stops with, or `None` for [`Fault::Impassable`].
    #[cold]
    fn error(self) -> Option<PlanError> {
        match self {
            Fault::Edge(edge) => Some(edge_error(edge)),
            Fault::Overflow => Some(PlanError::CostOverflow),
            Fault::Impassable => None,
        }
    }

    /// Keeps `error` as the node's fault unless it already has an error.
    #[inline(always)]
    fn keep(fault: &mut Option<Self>, error: Self) {
        if matches!(fault, None | Some(Fault::Impassable)) {
            *fault = Some(error);
        }
    }
}

/// Counts a node's expansion, or stops the search if the budget is spent.
#[inline(always)]
fn expand_one(stats: &mut SearchStats, rules: Rules, generated: u64) -> Result<(), PlanError> {
    if rules.budget.is_some_and(|budget| stats.expanded >= budget) {
        stats.generated += generated;
        return Err(PlanError::BudgetExceeded {
            budget: stats.expanded,
        });
    }
    stats.expanded += 1;
    Ok(())
}

/// What ends a layer early once a node's edges are done: a failed lookup or an error
/// (`Err`), or an impassable edge to a new node (`Ok(false)`, only with layers as spans).
#[inline(always)]
fn check_node<C: Cost>(
    visited: Result<(), PlanError>,
    fault: Option<Fault<C>>,
    stats: &mut SearchStats,
    generated: u64,
) -> Result<bool, PlanError> {
    if let Err(error) = visited {
        stats.generated += generated;
        return Err(error);
    }
    if let Some(fault) = fault {
        stats.generated += generated;
        return fault.error().map_or(Ok(false), Err);
    }
    Ok(true)
}

/// The cost of reaching a successor over an edge of cost `edge` from a node at `g`, or
/// `None` with the fault kept; an impassable edge ([`Cost::INFINITY`]) is no fault, or
/// [`Fault::Impassable`] if `impassable_stops`. Errors are rare: the caller keeps the
/// first and finishes the node's edges, which changes nothing the caller sees since the
/// search then stops.
#[inline(always)]
fn edge_cost<C: Cost>(
    g: C,
    edge: C,
    fault: &mut Option<Fault<C>>,
    impassable_stops: bool,
) -> Option<C> {
    match g.checked_add(edge) {
        Some(sum) if edge.is_valid_edge_cost() && !is_infinite_sum(sum) => Some(sum),
        _ => {
            if edge != C::INFINITY {
                Fault::keep(fault, Fault::Edge(edge));
            } else if impassable_stops {
                fault.get_or_insert(Fault::Impassable);
            }
            None
        }
    }
}

/// Takes the meeting `(near id, far id)` at total cost `near_g + far_g` if it is the
/// cheapest so far.
#[inline(always)]
fn meet<C: Cost>(
    best: &mut Meeting<C>,
    fault: &mut Option<Fault<C>>,
    (near_g, far_g): (C, C),
    (id, other_id): (u32, u32),
) {
    match near_g.checked_add(far_g) {
        Some(total) if best.is_none_or(|(cost, _, _)| total < cost) => {
            *best = Some((total, id, other_id));
        }
        Some(_) => {}
        None => Fault::keep(fault, Fault::Overflow),
    }
}

/// [`expand_layer`] for ids in discovery order ([`NodeIds::DISCOVERY_ORDER`]): the layer is
/// `near.span`, and the next one is the ids handed out while expanding it. `None` when a
/// new node was met over an impassable edge: its id is already in the next span.
///
/// A successor with the next unused id is new, and this side reaches it. Any other was
/// reached by the side whose expansion was handed its id: this side's if the id came out
/// during this expansion (at or above `next_layer`), otherwise the side `seen.owner`
/// names. So no reached bit is read or written per edge, and no id is pushed onto a list:
/// on the 8-puzzle set, 19% fewer instructions than with bits and lists.
#[inline]
pub(super) fn expand_span<G, D>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    near: &mut Side<G::Cost>,
    far: &mut Side<G::Cost>,
    stats: &mut SearchStats,
    rules: Rules,
) -> Result<Option<Meeting<G::Cost>>, PlanError>
where
    G: ReverseGraph + ?Sized,
    D: Direction<G>,
{
    let mut best: Meeting<G::Cost> = None;
    let mut fault: Option<Fault<G::Cost>> = None;
    let mut generated = 0;
    let (first, end) = near.span;
    let next_layer = seen.known;
    for id in first..end {
        if rules.first_meeting && best.is_some() {
            break;
        }
        expand_one(stats, rules, generated)?;
        let record = near.records[id as usize];
        let parent = (record.parent != NO_PARENT).then_some(record.parent);
        let g = record.g;
        let node = ids.node(graph, id);
        let visited = D::neighbours(ids, graph, node, id, parent, |_, other_id, edge| {
            generated += 1;
            if !G::Ids::BOUNDED {
                make_room(seen, near, far, other_id);
            }
            debug_assert!(
                other_id <= seen.known,
                "a NodeIds claiming DISCOVERY_ORDER skipped an id"
            );
            if other_id == seen.known {
                seen.known += 1;
                // Once the sides have met, this layer is the last: nothing more is recorded.
                if best.is_none() {
                    if let Some(other_g) = edge_cost(g, edge, &mut fault, true) {
                        near.records[other_id as usize] = NodeRecord {
                            g: other_g,
                            parent: id,
                        };
                    }
                }
                return;
            }
            if other_id >= next_layer || u64::from(seen.owner[other_id as usize]) == D::NEAR {
                return;
            }
            // The other side reached it: a meeting.
            if let Some(other_g) = edge_cost(g, edge, &mut fault, false) {
                let far_g = far.records[other_id as usize].g;
                meet(&mut best, &mut fault, (other_g, far_g), (id, other_id));
            }
        });
        if !check_node(visited, fault, stats, generated)? {
            return Ok(None);
        }
    }
    stats.generated += generated;
    seen.owner.resize(seen.known as usize, D::NEAR as u8);
    near.span = (next_layer, seen.known);
    Ok(Some(best))
}

/// Expands every node of `near`'s current layer in direction `D`, appending the next layer
/// to its `order`, then makes that the current layer. Returns the cheapest edge into a node
/// that `far` has reached.
#[inline]
pub(super) fn expand_layer<G, D>(
    graph: &G,
    ids: &mut G::Ids,
    seen: &mut Seen,
    near: &mut Side<G::Cost>,
    far: &mut Side<G::Cost>,
    stats: &mut SearchStats,
    rules: Rules,
) -> Result<Meeting<G::Cost>, PlanError>
where
    G: ReverseGraph + ?Sized,
    D: Direction<G>,
{
    let mut best: Meeting<G::Cost> = None;
    let mut fault: Option<Fault<G::Cost>> = None;
    let mut generated = 0;
    let (first, end) = (near.layer, near.order.len());
    for index in first..end {
        if rules.first_meeting && best.is_some() {
            break;
        }
        expand_one(stats, rules, generated)?;
        let id = near.order[index];
        let record = near.records[id as usize];
        let parent = (record.parent != NO_PARENT).then_some(record.parent);
        let g = record.g;
        let node = ids.node(graph, id);
        let visited = D::neighbours(ids, graph, node, id, parent, |_, other_id, edge| {
            generated += 1;
            if !G::Ids::BOUNDED {
                make_room(seen, near, far, other_id);
            }
            // The id's word of `seen`, read here and written below: one index computation
            // and one bounds check for both.
            let (word, shift) = seen.word_of(other_id);
            let sides = (*word >> shift) & 3;
            // Most edges lead back into this side's search; like `Bfs`, skip them before
            // any cost arithmetic. Once the sides have met, this layer is the last: the rest
            // of it is only scanned for cheaper meeting edges, and nothing more is recorded.
            let record = sides & D::NEAR == 0 && best.is_none();
            if sides & D::FAR == 0 && !record {
                return;
            }
            let Some(other_g) = edge_cost(g, edge, &mut fault, false) else {
                return;
            };
            if sides & D::FAR != 0 {
                let far_g = far.records[other_id as usize].g;
                meet(&mut best, &mut fault, (other_g, far_g), (id, other_id));
            }
            if record && best.is_none() {
                *word |= D::NEAR << shift;
                near.add(other_id, other_g, id);
            }
        });
        // Never `false` here: lists skip impassable edges without a fault.
        check_node(visited, fault, stats, generated)?;
    }
    stats.generated += generated;
    near.layer = end;
    Ok(best)
}
