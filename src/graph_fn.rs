//! A [`Graph`] given by a closure that lists a node's successors, for state spaces that
//! exist only as rules (puzzles, games, a level's logic) and for callers used to
//! `pathfinding`'s `successors` argument.
//!
//! [`from_fn`] takes `|node| -> impl IntoIterator<Item = (node, cost)>`, the shape
//! `pathfinding::directed::astar::astar` takes (by value rather than by reference, since
//! nodes here are `Copy`). The graph stores nodes in [`HashedIds`], so any
//! `Copy + Eq + Hash + Debug` value is a node and nothing is built up front.
//! [`FnGraph::with_predecessors`] adds a second closure for the planners that search
//! backwards ([`BidirectionalBfs`](crate::BidirectionalBfs), [`DStarLite`](crate::DStarLite)).
//!
//! # Cost
//!
//! Each expansion calls the closure once and walks what it returns. An array or an iterator
//! over borrowed data (`[(a, 1), (b, 1)]`, `edges[n].iter().copied()`) costs nothing more
//! than a hand-written [`Graph`]; a closure that builds a `Vec` allocates once per expanded
//! node, which is the price `pathfinding` always pays. A graph whose nodes number densely
//! `0..n` searches faster as a hand-written [`IndexedGraph`](crate::IndexedGraph), whose
//! planners keep flat arrays instead of a hash map.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::{Cost, Graph, HashedIds, ReverseGraph};

/// A graph whose edges come from closures: `successors(node)` lists `(next, cost)` pairs,
/// and, once [`with_predecessors`](FnGraph::with_predecessors) sets it, `predecessors(node)`
/// lists `(previous, cost)` pairs for the backward searches.
///
/// `N` is the node type, `C` the cost type, `S` the successor closure and `P` the
/// predecessor closure (`()` while there is none). Make one with [`from_fn`] or
/// [`FnGraph::new`]; the types are inferred.
///
/// # Example
///
/// A knight on an 8×8 board, as in `pathfinding`'s documentation:
///
/// ```
/// use replan::prelude::*;
///
/// const MOVES: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// let board = from_fn(|(x, y): (i8, i8)| {
///     MOVES
///         .iter()
///         .map(move |&(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
///         .map(|square| (square, 1u32))
/// });
/// let path = Bfs::new().plan(&board, (0, 0), (7, 7))?;
/// assert_eq!(path.cost, 6);
/// assert_eq!(path.nodes.len(), 7);
/// # Ok::<(), PlanError>(())
/// ```
pub struct FnGraph<N, C, S, P = ()> {
    successors: S,
    predecessors: P,
    // `fn(N) -> C` rather than `(N, C)`: the graph owns no node or cost, so it is `Send`
    // and `Sync` whenever its closures are.
    nodes_and_costs: PhantomData<fn(N) -> C>,
}

/// A graph from a successor closure: `successors(node)` returns the edges leaving `node`
/// as `(next, cost)` pairs, in any [`IntoIterator`] (an array, an iterator, a `Vec`).
///
/// The same as [`FnGraph::new`]. Node ids are hashed ([`HashedIds`]).
///
/// # Example
///
/// A* on an open 4-connected plane that is never built:
///
/// ```
/// use replan::prelude::*;
///
/// let plane = from_fn(|(x, y): (i32, i32)| {
///     [((x + 1, y), 1u32), ((x - 1, y), 1), ((x, y + 1), 1), ((x, y - 1), 1)]
/// });
/// let manhattan = |a: (i32, i32), b: (i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
/// let mut astar = AStar::new(manhattan);
/// let path = astar.plan(&plane, (0, 0), (3, -4))?;
/// assert_eq!(path.cost, 7);
/// assert_eq!(path.nodes.first(), Some(&(0, 0)));
/// assert_eq!(path.nodes.last(), Some(&(3, -4)));
/// # Ok::<(), PlanError>(())
/// ```
pub fn from_fn<N, C, S, I>(successors: S) -> FnGraph<N, C, S>
where
    S: Fn(N) -> I,
    I: IntoIterator<Item = (N, C)>,
{
    FnGraph::new(successors)
}

impl<N, C, S, I> FnGraph<N, C, S>
where
    S: Fn(N) -> I,
    I: IntoIterator<Item = (N, C)>,
{
    /// A graph whose edges leaving `node` are `successors(node)`, with no predecessors yet.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{FnGraph, Graph};
    ///
    /// // Collatz steps, each costing 1.
    /// let collatz = FnGraph::new(|n: u64| [(if n % 2 == 0 { n / 2 } else { 3 * n + 1 }, 1u8)]);
    /// let mut next = Vec::new();
    /// collatz.successors(7, |node, _| next.push(node));
    /// assert_eq!(next, [22]);
    /// ```
    pub fn new(successors: S) -> Self {
        FnGraph {
            successors,
            predecessors: (),
            nodes_and_costs: PhantomData,
        }
    }
}

impl<N, C, S> FnGraph<N, C, S> {
    /// The same graph, walkable backwards: `predecessors(node)` returns the edges entering
    /// `node` as `(previous, cost)` pairs. It must list exactly the edges the successor
    /// closure lists, from the other end; for an undirected graph pass the successor
    /// closure again (a reference to it will do).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::prelude::*;
    ///
    /// // Words of three letters over "ab", one letter changed per step.
    /// let neighbours = |word: [u8; 3]| {
    ///     (0..3).map(move |i| {
    ///         let mut next = word;
    ///         next[i] = if word[i] == b'a' { b'b' } else { b'a' };
    ///         (next, 1u32)
    ///     })
    /// };
    /// let words = from_fn(&neighbours).with_predecessors(&neighbours);
    /// let path = BidirectionalBfs::new().plan(&words, *b"aaa", *b"bbb")?;
    /// assert_eq!(path.cost, 3);
    /// # Ok::<(), PlanError>(())
    /// ```
    pub fn with_predecessors<P, J>(self, predecessors: P) -> FnGraph<N, C, S, P>
    where
        P: Fn(N) -> J,
        J: IntoIterator<Item = (N, C)>,
    {
        FnGraph {
            successors: self.successors,
            predecessors,
            nodes_and_costs: PhantomData,
        }
    }
}

impl<N, C, S, P> FnGraph<N, C, S, P> {
    /// The successor closure back, and the predecessor closure (`()` when there is none).
    ///
    /// # Example
    ///
    /// ```
    /// let graph = replan::from_fn(|n: u8| [(n.wrapping_add(1), 1u32)]);
    /// let (successors, ()) = graph.into_closures();
    /// assert_eq!(successors(255), [(0, 1)]);
    /// ```
    pub fn into_closures(self) -> (S, P) {
        (self.successors, self.predecessors)
    }
}

impl<N, C, S, I, P> Graph for FnGraph<N, C, S, P>
where
    N: Copy + Eq + Hash + fmt::Debug,
    C: Cost,
    S: Fn(N) -> I,
    I: IntoIterator<Item = (N, C)>,
{
    type Node = N;
    type Cost = C;
    type Ids = HashedIds<N>;

    #[inline]
    fn successors(&self, node: N, mut visit: impl FnMut(N, C)) {
        for (next, cost) in (self.successors)(node) {
            visit(next, cost);
        }
    }
}

impl<N, C, S, I, P, J> ReverseGraph for FnGraph<N, C, S, P>
where
    N: Copy + Eq + Hash + fmt::Debug,
    C: Cost,
    S: Fn(N) -> I,
    I: IntoIterator<Item = (N, C)>,
    P: Fn(N) -> J,
    J: IntoIterator<Item = (N, C)>,
{
    #[inline]
    fn predecessors(&self, node: N, mut visit: impl FnMut(N, C)) {
        for (previous, cost) in (self.predecessors)(node) {
            visit(previous, cost);
        }
    }
}

impl<N, C, S: Clone, P: Clone> Clone for FnGraph<N, C, S, P> {
    fn clone(&self) -> Self {
        FnGraph {
            successors: self.successors.clone(),
            predecessors: self.predecessors.clone(),
            nodes_and_costs: PhantomData,
        }
    }
}

impl<N, C, S: Copy, P: Copy> Copy for FnGraph<N, C, S, P> {}

impl<N, C, S, P> fmt::Debug for FnGraph<N, C, S, P> {
    // Closures have no `Debug`; the type names say which closures these are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnGraph")
            .field("successors", &std::any::type_name::<S>())
            .field("predecessors", &std::any::type_name::<P>())
            .finish()
    }
}
