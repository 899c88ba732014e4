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
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::Octile;
    /// use replan::Heuristic;
    /// assert_eq!(Octile.estimate((0, 0), (4, 0)), 4.0);
    /// ```
    fn estimate(&self, from: N, goal: N) -> C;

    /// The estimate for `child`, a successor of `parent` whose estimate is `parent_h`; it
    /// must equal `self.estimate(child, goal)`.
    ///
    /// Planners that know the parent's estimate call this for each child
    /// ([`AStar`](crate::AStar) while its `f` values are small integers,
    /// [`IdaStar`](crate::IdaStar) always). The default computes the estimate afresh;
    /// override it when an edge changes the estimate locally, as a slide changes one tile's
    /// term of a puzzle's Manhattan distance.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Heuristic;
    ///
    /// /// Distance to the goal on a number line, where a step changes it by one.
    /// struct Distance;
    /// impl Heuristic<i32, u32> for Distance {
    ///     fn estimate(&self, from: i32, goal: i32) -> u32 {
    ///         from.abs_diff(goal)
    ///     }
    ///     fn estimate_child(&self, parent: i32, parent_h: u32, child: i32, goal: i32) -> u32 {
    ///         if parent.abs_diff(goal) > child.abs_diff(goal) { parent_h - 1 } else { parent_h + 1 }
    ///     }
    /// }
    /// assert_eq!(Distance.estimate_child(5, 5, 6, 10), Distance.estimate(6, 10));
    /// assert_eq!(Distance.estimate_child(5, 5, 4, 10), Distance.estimate(4, 10));
    /// ```
    #[inline(always)]
    fn estimate_child(&self, parent: N, parent_h: C, child: N, goal: N) -> C {
        let _ = (parent, parent_h);
        self.estimate(child, goal)
    }
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
