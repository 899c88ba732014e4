//! A*'s search loop: expansions, edge relaxation and the bucket frontier's tie order.

use super::target::Target;
use super::{SearchState, Stop, Work};
use crate::bucket_queue::BucketQueue;
use crate::memory::{
    edge_error, estimate_error, is_infinite_sum, is_nan, Closest, Records, NO_PARENT,
};
use crate::{Cost, Graph, NodeIds, PlanError, SearchStats};

/// The search loop ([`run`]), with closest-node tracking compiled in only for queries that
/// ask for it: for the one-goal search with the planner's heuristic, the common case.
pub(super) fn run_target<G, T>(
    work: &mut Work<G::Ids, G::Cost>,
    graph: &G,
    target: T,
    state: SearchState<G::Cost>,
    closest: bool,
    stop_at: u64,
) -> Result<(Stop, SearchState<G::Cost>), PlanError>
where
    G: Graph + ?Sized,
    T: Target<G::Node, G::Cost>,
{
    if closest {
        run::<G, T, true>(work, graph, target, state, stop_at)
    } else {
        run::<G, T, false>(work, graph, target, state, stop_at)
    }
}

/// The search loop ([`run`]) with closest-node tracking, whether the query asks for it or
/// not: for goal sets and the query's own estimates or tests, where one copy of the loop
/// for each graph saves more build time than skipping the tracking saves search time
/// (next to a goal set's estimate or a dynamic call, it is one comparison a child).
pub(super) fn run_tracking_closest<G, T>(
    work: &mut Work<G::Ids, G::Cost>,
    graph: &G,
    target: T,
    state: SearchState<G::Cost>,
    stop_at: u64,
) -> Result<(Stop, SearchState<G::Cost>), PlanError>
where
    G: Graph + ?Sized,
    T: Target<G::Node, G::Cost>,
{
    run::<G, T, true>(work, graph, target, state, stop_at)
}

/// The search loop: expands nodes until a goal is popped, the frontier empties, the
/// budget runs out, or `stop_at` expansions have been made in all.
#[inline(never)]
fn run<G, T, const CLOSEST: bool>(
    work: &mut Work<G::Ids, G::Cost>,
    graph: &G,
    target: T,
    mut state: SearchState<G::Cost>,
    stop_at: u64,
) -> Result<(Stop, SearchState<G::Cost>), PlanError>
where
    G: Graph + ?Sized,
    T: Target<G::Node, G::Cost>,
{
    let Work {
        budget,
        memory,
        open,
        buckets,
        overflow,
        stats: stats_out,
    } = work;
    let budget = *budget;
    let ties = state.ties;
    // For cost types with no small integers (floats) this is `false` at compile time,
    // and the bucket code compiles away.
    let mut in_buckets = state.in_buckets && G::Cost::ZERO.small_integer().is_some();
    let mut held = state.held;
    let mut closest = state.closest;
    let mut reopened = state.reopened;

    // One comparison an expansion for both limits: which one ran out is sorted out
    // when it does.
    let limit = budget.map_or(stop_at, |budget| budget.min(stop_at));
    // The counters live in a local for the loop, where the compiler keeps them in
    // registers, and go back however the loop ends.
    let mut counters = *stats_out;
    let stats = &mut counters;
    let stop = loop {
        // The popped node's `f`, while it comes from a bucket.
        let mut popped_f = None;
        // Below the limit the next node is expanded unless it is the goal, so it is taken
        // off the frontier at once. At the limit, in heap mode, it is only looked at: a
        // slice that ends leaves the frontier as it was, so the next one takes the same
        // node among equal keys as an uninterrupted search would (a node pushed back into
        // the heap could sift below its equals).
        let at_limit = stats.expanded >= limit;
        let popped = if in_buckets {
            buckets.pop_growing().map(|(id, bucket)| {
                popped_f = Some(ties.f_of(bucket));
                id
            })
        } else if !at_limit {
            match held {
                Some((held_id, held_key)) => match open.peek() {
                    Some((_, top)) if *top < held_key => open.pop().map(|(id, _)| id),
                    _ => {
                        held = None;
                        Some(held_id)
                    }
                },
                None => open.pop().map(|(id, _)| id),
            }
        } else {
            match held {
                Some((held_id, held_key)) => match open.peek() {
                    Some((top_id, top)) if *top < held_key => Some(top_id),
                    _ => Some(held_id),
                },
                None => open.peek().map(|(id, _)| id),
            }
        };
        let Some(id) = popped else {
            break Ok(Stop::Exhausted);
        };
        if target.is_goal(id, || memory.node(graph, id)) {
            break Ok(Stop::Found(id));
        }
        if at_limit {
            // Sorted out below, out of the loop's way: the budget ran out, or the slice.
            break Ok(Stop::Paused(id));
        }
        memory.records.close(id);
        stats.expanded += 1;
        let record = memory.records.record(id);
        let (g, parent) = (record.g, record.parent);
        let node = memory.node(graph, id);
        // A bucket's `f` is `g + h` for the node's current `g` (a cheaper route moves the
        // node to the bucket of its new `f`), so the node's estimate is `f - g` and each
        // child's can be updated from it instead of computed afresh.
        let node_h = popped_f.and_then(|f| {
            let h = f.checked_sub(g.small_integer()?)?;
            G::Cost::from_small_integer(h)
        });

        // An invalid edge cost or a NaN estimate met among the children: a small `Copy`
        // value rather than the `PlanError` it becomes, and one for both, so the children's
        // loop keeps one flag in a register and the expansion tests it once.
        let mut fault = None;
        if let (true, Some(node_h)) = (in_buckets, node_h) {
            // The common case in a loop of its own: bucket frontier, estimates updated
            // along the edges. Without the heap's code and the full estimate in it, the
            // loop keeps more of its state in registers (A* on the 8-puzzle set: 6% fewer
            // instructions with Manhattan).
            let visited = memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, next, next_id, edge, fresh| {
                    let child = (next_id, edge, fresh);
                    let Some((new_g, queued)) = improve::<G, T>(
                        records,
                        child,
                        g,
                        id,
                        &target,
                        &mut fault,
                        &mut reopened,
                        stats,
                    ) else {
                        return;
                    };
                    let h = target.estimate_child(node, node_h, next);
                    if is_nan(h) {
                        fault = Some(Fault::Estimate(h));
                        return;
                    }
                    if CLOSEST {
                        Closest::offer(&mut closest, next_id, h, new_g);
                    }
                    queue_in_bucket(buckets, overflow, ties, next_id, new_g, h, queued);
                },
            );
            if let Err(error) = visited {
                break Err(error);
            }
        } else {
            let visited = memory.for_each_successor(
                graph,
                node,
                id,
                parent,
                |records, next, next_id, edge, fresh| {
                    let child = (next_id, edge, fresh);
                    let Some((new_g, queued)) = improve::<G, T>(
                        records,
                        child,
                        g,
                        id,
                        &target,
                        &mut fault,
                        &mut reopened,
                        stats,
                    ) else {
                        return;
                    };
                    let h = match node_h {
                        Some(node_h) => target.estimate_child(node, node_h, next),
                        None => target.estimate(next),
                    };
                    if is_nan(h) {
                        fault = Some(Fault::Estimate(h));
                        return;
                    }
                    if CLOSEST {
                        Closest::offer(&mut closest, next_id, h, new_g);
                    }
                    if in_buckets {
                        queue_in_bucket(buckets, overflow, ties, next_id, new_g, h, queued);
                        return;
                    }
                    let key = G::Cost::frontier_key(new_g, h);
                    match held {
                        Some((held_id, ref mut held_key)) if held_id == next_id => {
                            *held_key = key;
                        }
                        _ if queued => {
                            open.decrease_key(next_id, key);
                        }
                        // Hold a child only if it would be popped next anyway. Without a
                        // heuristic (Dijkstra) a child never ties its parent and is rarely
                        // next, so the test is skipped, at compile time for `Zero`.
                        None if h != G::Cost::ZERO
                            && open.peek().is_none_or(|(_, top)| key < *top) =>
                        {
                            held = Some((next_id, key));
                        }
                        None => open.push_absent(next_id, key),
                        Some((held_id, held_key)) if key < held_key => {
                            open.push_absent(held_id, held_key);
                            held = Some((next_id, key));
                        }
                        Some(_) => open.push_absent(next_id, key),
                    }
                },
            );
            if let Err(error) = visited {
                break Err(error);
            }
        }
        if let Some(fault) = fault {
            break Err(fault.error());
        }
        if !overflow.is_empty() {
            // An `f` too large for the buckets: the heap takes over for the rest of the
            // search, with every queued node's key.
            // Keys come from the records, which hold each node's latest (lowest) `g`;
            // an id met twice in this expansion is queued once.
            for queued in buckets.ids().chain(overflow.iter().copied()) {
                if !open.contains(queued) {
                    let h = target.estimate(memory.node(graph, queued));
                    let g = memory.records.record(queued).g;
                    open.push_absent(queued, G::Cost::frontier_key(g, h));
                }
            }
            buckets.clear();
            overflow.clear();
            in_buckets = false;
        }
        let frontier = if in_buckets {
            buckets.len()
        } else {
            open.len() + usize::from(held.is_some())
        };
        stats.max_frontier = stats.max_frontier.max(frontier);
    };
    *stats_out = counters;
    let mut stop = stop?;
    if let Stop::Paused(id) = stop {
        if budget.is_some_and(|budget| stats_out.expanded >= budget) {
            stop = Stop::Budget;
        } else if in_buckets {
            // The slice is spent: the popped node goes back on top of its bucket's stack,
            // to be popped first by the next one. (In heap mode it was not taken off.)
            let bucket = buckets.last_popped_priority();
            buckets.push_absent_growing(id, bucket);
        }
    }
    state.in_buckets = in_buckets;
    state.held = held;
    state.closest = closest;
    state.reopened = reopened;
    Ok((stop, state))
}

/// Relaxes the edge to a child `(id, edge cost)` of the node `parent_id` at cost `g`:
/// returns the child's new `g` and whether it is queued already, or `None` when the route
/// does not improve it, the edge is impassable (infinite cost), or the edge's cost is
/// invalid (kept in `fault`, which, like a NaN estimate kept there, also skips the node's
/// remaining children). Sets `reopened` when a closed node gets a cheaper route.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn improve<G: Graph + ?Sized, T: Target<G::Node, G::Cost>>(
    records: &mut Records<G::Cost>,
    (child, edge, fresh): (u32, G::Cost, bool),
    g: G::Cost,
    parent_id: u32,
    target: &T,
    fault: &mut Option<Fault<G::Cost>>,
    reopened: &mut bool,
    stats: &mut SearchStats,
) -> Option<(G::Cost, bool)> {
    if fault.is_some() {
        return None;
    }
    stats.generated += 1;
    let new_g = match g.checked_add(edge) {
        Some(new_g) if edge.is_valid_edge_cost() && !is_infinite_sum(new_g) => new_g,
        // An edge of infinite cost is impassable: skipped, not an error.
        _ if edge == G::Cost::INFINITY => {
            if G::Ids::DISCOVERY_ORDER && fresh {
                // The id is handed out, so the node needs a record: one of infinite cost,
                // which any finite route improves, and which says the node is not queued.
                records.write(child, G::Cost::INFINITY, NO_PARENT);
            }
            return None;
        }
        _ => {
            *fault = Some(Fault::Edge(edge));
            return None;
        }
    };
    if G::Ids::DISCOVERY_ORDER {
        // Every id but the goals' was reached when it was handed out, so the reached bits
        // are read only for goal ids: a fresh id is new, any other has a record.
        if fresh {
            records.write(child, new_g, parent_id);
            return Some((new_g, false));
        }
        if target.is_goal_id(child) && !records.is_reached(child) {
            records.reach_new(child, new_g, parent_id);
            return Some((new_g, false));
        }
        let (old_g, closed) = records.g_and_closed(child);
        if new_g >= old_g {
            return None;
        }
        records.reach(child, new_g, parent_id);
        *reopened |= closed;
        // A node met before only over an impassable edge has an infinite record and is
        // not queued.
        return Some((new_g, !closed && old_g != G::Cost::INFINITY));
    }
    match records.state(child) {
        None => {
            records.reach_new(child, new_g, parent_id);
            Some((new_g, false))
        }
        Some((old_g, _)) if new_g >= old_g => None,
        // A cheaper route to a closed node reopens it. With a consistent heuristic that
        // happens only with float costs, when two routes of equal length sum to values a
        // few ulps apart and the frontier order, which folds such values together, popped
        // the dearer one first.
        Some((_, closed)) => {
            records.reach(child, new_g, parent_id);
            *reopened |= closed;
            Some((new_g, !closed))
        }
    }
}

/// Why an expansion stops early: an edge whose cost is invalid or makes the path's cost
/// overflow, or a NaN estimate.
#[derive(Clone, Copy, Debug)]
enum Fault<C> {
    Edge(C),
    Estimate(C),
}

impl<C: Cost> Fault<C> {
    #[cold]
    fn error(self) -> PlanError {
        match self {
            Fault::Edge(edge) => edge_error(edge),
            Fault::Estimate(estimate) => estimate_error(estimate),
        }
    }
}

/// Queues `id` in the bucket of `g + h`, or, if that `f` is too large for the buckets, sets
/// it aside in `overflow` for the heap to take over after this expansion.
#[inline(always)]
fn queue_in_bucket<C: Cost>(
    buckets: &mut BucketQueue,
    overflow: &mut Vec<u32>,
    ties: TieBits,
    id: u32,
    g: C,
    h: C,
    queued: bool,
) {
    // An id already set aside this expansion (met again over a parallel edge) stays there:
    // the heap takes each set-aside id once, with the `g` of its record. It is not in the
    // buckets, which must not be asked to move or remove it.
    if queued && !overflow.is_empty() && overflow.contains(&id) {
        return;
    }
    match ties.bucket_of(g.saturating_add(h), h) {
        Some(bucket) if queued => buckets.change_growing(id, bucket),
        Some(bucket) => buckets.push_absent_growing(id, bucket),
        None => {
            if queued {
                buckets.remove(id);
            }
            overflow.push(id);
        }
    }
}

/// How a node's bucket orders equal `f` values: a bucket is `f` shifted left by `shift`
/// bits, below which the node's estimate `h` (capped at all ones) puts the nodes nearest the
/// goal, the deepest, first. LIFO within one `f` alone picked the newest node instead, and on
/// the 8-puzzle expanded a sixth more nodes than the heap's `(f, larger g)` order.
#[derive(Clone, Copy, Debug)]
pub(super) struct TieBits {
    shift: u32,
}

impl TieBits {
    /// Up to six bits of estimate, fewer when the start's estimate is so large that `f`
    /// would soon outgrow the buckets: `f` keeps room for four times the start's.
    #[inline]
    pub(super) fn for_start<C: Cost>(start_h: C) -> TieBits {
        let room = start_h
            .small_integer()
            .map_or(u64::MAX, |h| 4 * (u64::from(h) + 1));
        let mut shift = 6;
        while shift > 0 && room << shift > u64::from(BucketQueue::LIMIT) {
            shift -= 1;
        }
        TieBits { shift }
    }

    /// The bucket of a node with these `f` and `h`, if `f` is a small enough integer.
    #[inline(always)]
    pub(super) fn bucket_of<C: Cost>(self, f: C, h: C) -> Option<usize> {
        let f = f.small_integer()?;
        let cap = (1 << self.shift) - 1;
        let h = h.small_integer().map_or(cap, |h| h.min(cap));
        let bucket = (u64::from(f) << self.shift) | u64::from(h);
        // One comparison: below the limit, the bucket is one of the queue's growing ones.
        (bucket < u64::from(BucketQueue::LIMIT)).then_some(bucket as usize)
    }

    /// The `f` of a bucket.
    #[inline(always)]
    fn f_of(self, bucket: usize) -> u32 {
        (bucket >> self.shift) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_order_by_f_then_by_smaller_estimate() {
        let ties = TieBits::for_start(30_u32);
        assert_eq!(ties.shift, 6);
        let bucket = |f: u32, h: u32| ties.bucket_of(f, h).unwrap();
        assert!(bucket(20, 0) < bucket(20, 1));
        assert!(bucket(20, 63) < bucket(21, 0));
        // Estimates past the tie bits share the last bucket of their `f`.
        assert_eq!(bucket(20, 63), bucket(20, 500));
        assert!(bucket(20, 500) < bucket(21, 0));
        for (f, h) in [(0, 0), (31, 17), (1023, 63)] {
            assert_eq!(ties.f_of(bucket(f, h)), f);
        }
        assert_eq!(ties.bucket_of(1024_u32, 0), None);
        assert_eq!(ties.bucket_of(2.0_f64, 1.0), None);
    }

    #[test]
    fn large_start_estimates_keep_room_for_f() {
        for start_h in [0_u32, 100, 1000, 10_000, 20_000, u32::MAX] {
            let ties = TieBits::for_start(start_h);
            let room = 4 * (u64::from(start_h) + 1);
            assert!(
                ties.shift == 0 || room << ties.shift <= u64::from(BucketQueue::LIMIT),
                "start estimate {start_h}: shift {}",
                ties.shift
            );
        }
        // A start estimate of 255 leaves room for `f` up to 1,024, which at six tie bits
        // fills the 2^16 buckets exactly; one more needs a bit less.
        assert_eq!(TieBits::for_start(255_u32).shift, 6);
        assert_eq!(TieBits::for_start(256_u32).shift, 5);
        assert_eq!(TieBits::for_start(20_000_u32).shift, 0);
        assert_eq!(TieBits::for_start(f64::MAX).shift, 0);
    }
}
