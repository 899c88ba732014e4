//! The goal of a search as the search loop sees it: a test on popped ids and an estimate.

use crate::memory::GoalTest;
use crate::{Cost, Goal, Heuristic, Query};

/// What ends a search and how far away it is. Two implementations: the one-goal search with
/// the planner's heuristic, compiled for itself so that it keeps its single comparison and
/// its estimates updated along edges, and every other goal behind one type, so that the
/// search loop is compiled twice per graph and heuristic rather than once per kind of goal.
pub(super) trait Target<N, C> {
    /// Whether the popped node with this id ends the search; `node` gives the node, for
    /// targets that test nodes rather than ids.
    fn is_goal(&self, id: u32, node: impl FnOnce() -> N) -> bool;
    /// Whether `id` is a goal's. With ids in discovery order ([`NodeIds::DISCOVERY_ORDER`])
    /// a search reaches every id it is handed as it is handed out (a fresh id, flagged by
    /// [`SearchMemory::for_each_successor`]), except the goals', which it asks for before
    /// the search starts; only for those are the reached bits read. On the 8-puzzle set
    /// this spares 19 ids in 20 the reached bits' read and write: 2.5–3% of A*'s
    /// instructions.
    ///
    /// [`NodeIds::DISCOVERY_ORDER`]: crate::NodeIds::DISCOVERY_ORDER
    /// [`SearchMemory::for_each_successor`]: crate::memory::SearchMemory::for_each_successor
    fn is_goal_id(&self, id: u32) -> bool;
    /// The estimate from `node` to the nearest goal.
    fn estimate(&self, node: N) -> C;
    /// The estimate of `child`, whose parent `parent` has estimate `parent_h`.
    fn estimate_child(&self, parent: N, parent_h: C, child: N) -> C;
}

/// One goal node, estimated by the planner's heuristic.
pub(super) struct ToNode<'h, H, N> {
    pub(super) heuristic: &'h H,
    pub(super) goal: N,
    pub(super) goal_id: u32,
}

impl<H: Heuristic<N, C>, N: Copy, C> Target<N, C> for ToNode<'_, H, N> {
    #[inline(always)]
    fn is_goal(&self, id: u32, _: impl FnOnce() -> N) -> bool {
        id == self.goal_id
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        id == self.goal_id
    }
    #[inline(always)]
    fn estimate(&self, node: N) -> C {
        self.heuristic.estimate(node, self.goal)
    }
    #[inline(always)]
    fn estimate_child(&self, parent: N, parent_h: C, child: N) -> C {
        self.heuristic
            .estimate_child(parent, parent_h, child, self.goal)
    }
}

/// Any other goal: a goal test with an estimate behind a dynamic call (the query's own, or
/// the least of the heuristic's estimates to a set of goals).
pub(super) struct Custom<'a, T, N, C> {
    pub(super) is_goal: T,
    pub(super) estimate: &'a dyn Fn(N) -> C,
}

impl<T: GoalTest<N>, N, C> Target<N, C> for Custom<'_, T, N, C> {
    #[inline(always)]
    fn is_goal(&self, id: u32, node: impl FnOnce() -> N) -> bool {
        self.is_goal.test(id, node)
    }
    #[inline(always)]
    fn is_goal_id(&self, id: u32) -> bool {
        self.is_goal.is_goal_id(id)
    }
    #[inline(always)]
    fn estimate(&self, node: N) -> C {
        (self.estimate)(node)
    }
    #[inline(always)]
    fn estimate_child(&self, _: N, _: C, child: N) -> C {
        (self.estimate)(child)
    }
}

/// The estimate [`AStar::begin`] gives a start: the one the search loop's target uses.
///
/// [`AStar::begin`]: super::AStar::begin
pub(super) fn start_estimate<H: Heuristic<N, C>, N: Copy, C: Cost>(
    heuristic: &H,
    query: &Query<'_, N, C>,
    node: N,
) -> C {
    if let Some(estimate) = query.estimate {
        return estimate(node);
    }
    match query.goal {
        Goal::Node(goal) => heuristic.estimate(node, goal),
        Goal::AnyOf(goals) => least_estimate(heuristic, goals, node),
        Goal::Where(_) => C::ZERO,
    }
}

/// The least of the heuristic's estimates from `node` to each goal; zero for no goal,
/// which leaves nothing to steer by (and nothing to find).
#[inline]
pub(super) fn least_estimate<H: Heuristic<N, C>, N: Copy, C: Cost>(
    heuristic: &H,
    goals: &[N],
    node: N,
) -> C {
    let mut least = C::INFINITY;
    for &goal in goals {
        let h = heuristic.estimate(node, goal);
        if h < least {
            least = h;
        }
    }
    if least == C::INFINITY {
        C::ZERO
    } else {
        least
    }
}
