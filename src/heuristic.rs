//! Heuristics: estimates of the remaining cost to the goal.

/// An estimate of the cost from `from` to `goal`.
///
/// [`AStar`](crate::AStar) returns optimal paths when the estimate is *admissible* (never
/// above the true remaining cost) and expands each node at most once when it is also
/// *consistent* (`h(a) <= cost(a, b) + h(b)` for every edge). Closures implement it.
///
/// # Example
///
/// ```
/// use replan::Heuristic;
/// let manhattan = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).unsigned_abs() + (a.1 - b.1).unsigned_abs();
/// assert_eq!(manhattan.estimate((0, 0), (3, -4)), 7);
/// ```
pub trait Heuristic<N, C> {
    /// The estimated cost from `from` to `goal`.
    fn estimate(&self, from: N, goal: N) -> C;
}

impl<N, C, F: Fn(N, N) -> C> Heuristic<N, C> for F {
    #[inline(always)]
    fn estimate(&self, from: N, goal: N) -> C {
        self(from, goal)
    }
}

/// The heuristic that always answers zero; [`AStar`](crate::AStar) with it is Dijkstra's
/// algorithm.
///
/// # Example
///
/// ```
/// use replan::{Heuristic, Zero};
/// let h: u32 = Zero.estimate('a', 'b');
/// assert_eq!(h, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zero;

impl<N, C: crate::Cost> Heuristic<N, C> for Zero {
    #[inline(always)]
    fn estimate(&self, _from: N, _goal: N) -> C {
        C::ZERO
    }
}
