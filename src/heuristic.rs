//! Heuristics: estimates of the remaining cost to the goal, computed afresh ([`Heuristic`])
//! or updated along an edge from the parent's ([`IncrementalHeuristic`]).

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
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Octile;
    /// use replan::Heuristic;
    /// assert_eq!(Octile.estimate((0, 0), (4, 0)), 4.0);
    /// # }
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

/// A heuristic that can update its estimate along an edge instead of computing it afresh.
///
/// [`IdaStar`](crate::IdaStar) evaluates the heuristic once per generated node, always for a
/// child of the node it has just expanded, so a heuristic that can derive the child's value
/// from the parent's (a sliding-tile puzzle's Manhattan distance changes only for the one
/// tile that moved) saves most of its work. [`State`](IncrementalHeuristic::State) is whatever the heuristic
/// wants to remember per node on the current path beyond the estimate itself (the parts of an
/// additive pattern-database heuristic, for instance); `()` when nothing.
///
/// Every [`Heuristic`] can be used through [`Reestimate`], which recomputes each estimate.
///
/// # Example
///
/// An incremental "distance to 100" on a number line:
///
/// ```
/// use replan::{Graph, HashedIds, IdaStar, IncrementalHeuristic, Planner};
///
/// struct Line;
/// impl Graph for Line {
///     type Node = i32;
///     type Cost = u32;
///     type Ids = HashedIds<i32>;
///     fn successors(&self, n: i32, mut visit: impl FnMut(i32, u32)) {
///         visit(n + 1, 1);
///         visit(n - 1, 1);
///     }
/// }
///
/// struct Distance;
/// impl IncrementalHeuristic<i32, u32> for Distance {
///     type State = ();
///     fn first(&self, node: i32, goal: i32) -> (u32, ()) {
///         (node.abs_diff(goal), ())
///     }
///     fn next(&self, parent: i32, parent_h: u32, _: (), child: i32, goal: i32) -> (u32, ()) {
///         // One step towards the goal lowers the distance by one, a step away raises it.
///         let closer = parent.abs_diff(goal) > child.abs_diff(goal);
///         (if closer { parent_h - 1 } else { parent_h + 1 }, ())
///     }
/// }
///
/// let path = IdaStar::incremental(Distance).plan(&Line, 95, 100).unwrap();
/// assert_eq!(path.nodes, [95, 96, 97, 98, 99, 100]);
/// ```
pub trait IncrementalHeuristic<N, C> {
    /// What the heuristic remembers about each node on the current path.
    type State: Copy;

    /// The estimate for `node`, computed from scratch, with the state to update from.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Manhattan;
    /// use replan::{IncrementalHeuristic, Reestimate};
    /// // Any `Heuristic` wrapped in `Reestimate` computes estimates afresh.
    /// let (h, ()) = Reestimate(Manhattan).first((0, 0), (2, 3));
    /// assert_eq!(h, 5.0);
    /// # }
    /// ```
    fn first(&self, node: N, goal: N) -> (C, Self::State);

    /// The estimate for `child`, a successor of `parent` whose estimate was `parent_h` and
    /// whose state was `parent_state`.
    ///
    /// # Example
    ///
    /// ```
    /// # #[cfg(feature = "grid")] {
    /// use replan::grid::Manhattan;
    /// use replan::{IncrementalHeuristic, Reestimate};
    /// let h = Reestimate(Manhattan);
    /// let (parent_h, state) = h.first((0, 0), (2, 3));
    /// assert_eq!(h.next((0, 0), parent_h, state, (1, 0), (2, 3)).0, 4.0);
    /// # }
    /// ```
    fn next(
        &self,
        parent: N,
        parent_h: C,
        parent_state: Self::State,
        child: N,
        goal: N,
    ) -> (C, Self::State);
}

/// Any [`Heuristic`] as an [`IncrementalHeuristic`] without state: each child's estimate comes
/// from [`Heuristic::estimate_child`], which computes it afresh unless the heuristic overrides it.
///
/// # Example
///
/// ```
/// use replan::{IncrementalHeuristic, Reestimate};
/// let h = Reestimate(|a: i32, b: i32| a.abs_diff(b));
/// assert_eq!(h.first(3, 10), (7, ()));
/// assert_eq!(h.next(3, 7, (), 4, 10), (6, ()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Reestimate<H>(pub H);

impl<N, C, H: Heuristic<N, C>> IncrementalHeuristic<N, C> for Reestimate<H> {
    type State = ();

    #[inline(always)]
    fn first(&self, node: N, goal: N) -> (C, ()) {
        (self.0.estimate(node, goal), ())
    }

    #[inline(always)]
    fn next(&self, parent: N, parent_h: C, _state: (), child: N, goal: N) -> (C, ()) {
        (self.0.estimate_child(parent, parent_h, child, goal), ())
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
