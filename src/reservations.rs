//! A reservation table: which nodes and which moves other units hold at which time steps.
//!
//! Space-time planners ([`SpaceTimeAStar`](crate::SpaceTimeAStar)) search `(node, time)`
//! against it. Time is a whole number of steps; one move or one wait takes one step.
//!
//! - A **vertex reservation** `(node, t)` forbids being at `node` at time `t`.
//! - A **move reservation** `(from, to, t)` records that a unit moves from `from` to `to`
//!   between `t` and `t + 1`; another unit may then not move from `to` to `from` in that
//!   step (the two would swap through each other).
//! - A **standing reservation** `(node, t)` forbids `node` at every time from `t` on: a unit
//!   that parks at its goal.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

/// What a space-time search asks of the units it must avoid.
///
/// [`Reservations`] is the general table; a solver with dense node indices (the
/// multi-agent solvers of [`mapf`](crate::mapf)) or with a handful of constraints (the low
/// level of Conflict-Based Search) answers the same questions from its own data.
///
/// Rule: after [`latest_time`](ReservationTable::latest_time) the answers no longer depend
/// on the time; a search relies on it to stay finite.
///
/// # Example
///
/// ```
/// use replan::{ReservationTable, Reservations};
/// fn free_now<T: ReservationTable<u32>>(table: &T) -> bool { table.is_free(0, 0) }
/// assert!(free_now(&Reservations::new()));
/// ```
pub trait ReservationTable<N> {
    /// Whether a unit may be at `node` at `time`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{ReservationTable, Reservations};
    /// assert!(ReservationTable::is_free(&Reservations::new(), 'a', 3));
    /// ```
    fn is_free(&self, node: N, time: u32) -> bool;
    /// Whether a unit at `from` at `time` may be at `to` at `time + 1` (`from == to` is a
    /// wait).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{ReservationTable, Reservations};
    /// assert!(ReservationTable::can_move(&Reservations::new(), 'a', 'b', 3));
    /// ```
    fn can_move(&self, from: N, to: N, time: u32) -> bool;
    /// Whether a unit that reaches `node` at `time` may stay there for ever.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{ReservationTable, Reservations};
    /// assert!(ReservationTable::can_stay(&Reservations::new(), 'a', 0));
    /// ```
    fn can_stay(&self, node: N, time: u32) -> bool;
    /// A time after which no answer changes with the time.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::{ReservationTable, Reservations};
    /// assert_eq!(ReservationTable::<char>::latest_time(&Reservations::new()), 0);
    /// ```
    fn latest_time(&self) -> u32;
}

impl<N: Copy + Eq + Hash> ReservationTable<N> for Reservations<N> {
    #[inline]
    fn is_free(&self, node: N, time: u32) -> bool {
        Reservations::is_free(self, node, time)
    }
    #[inline]
    fn can_move(&self, from: N, to: N, time: u32) -> bool {
        Reservations::can_move(self, from, to, time)
    }
    #[inline]
    fn can_stay(&self, node: N, time: u32) -> bool {
        Reservations::can_stay(self, node, time)
    }
    #[inline]
    fn latest_time(&self) -> u32 {
        Reservations::latest_time(self)
    }
}

/// Vertex, move and standing reservations in space and time, hashed by node.
///
/// Rule: [`is_free`](Reservations::is_free) answers whether a unit may be at a node at a
/// time, [`can_move`](Reservations::can_move) whether it may take one step (a move or a
/// wait) without meeting or swapping with a reserved unit. Every query is `O(1)` expected;
/// [`latest_time`](Reservations::latest_time) is the last time step at which any
/// reservation starts, after which the table no longer changes with time, which is what
/// makes a space-time search over it finite.
///
/// # Example
///
/// ```
/// use replan::Reservations;
///
/// let mut table = Reservations::new();
/// table.reserve_path(&['a', 'b', 'c'], 0); // a unit at a, then b, then c, and stays there
/// assert!(!table.is_free('b', 1));
/// assert!(table.is_free('b', 2));
/// assert!(!table.can_move('b', 'a', 0)); // would swap with the unit moving a -> b
/// assert!(!table.is_free('c', 100)); // the unit stays at its last node
/// ```
#[derive(Clone, Debug)]
pub struct Reservations<N> {
    vertices: FxHashSet<(N, u32)>,
    moves: FxHashSet<(N, N, u32)>,
    standing: FxHashMap<N, u32>,
    /// For each node, the latest time step at which it is reserved (standing ones included),
    /// so that a goal test knows whether a unit can stay.
    last_at: FxHashMap<N, u32>,
    latest: u32,
}

impl<N: Copy + Eq + Hash> Default for Reservations<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<N: Copy + Eq + Hash> Reservations<N> {
    /// An empty table.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let table = Reservations::<u32>::new();
    /// assert!(table.is_free(3, 7));
    /// ```
    pub fn new() -> Self {
        Reservations {
            vertices: FxHashSet::default(),
            moves: FxHashSet::default(),
            standing: FxHashMap::default(),
            last_at: FxHashMap::default(),
            latest: 0,
        }
    }

    /// Forgets every reservation, keeping the memory.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_vertex(1u8, 2);
    /// table.clear();
    /// assert!(table.is_free(1, 2));
    /// ```
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.moves.clear();
        self.standing.clear();
        self.last_at.clear();
        self.latest = 0;
    }

    fn note(&mut self, node: N, time: u32) {
        let last = self.last_at.entry(node).or_insert(time);
        *last = (*last).max(time);
        self.latest = self.latest.max(time);
    }

    /// Reserves `node` at time `time`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_vertex((2, 3), 5);
    /// assert!(!table.is_free((2, 3), 5));
    /// assert!(table.is_free((2, 3), 6));
    /// ```
    pub fn reserve_vertex(&mut self, node: N, time: u32) {
        self.vertices.insert((node, time));
        self.note(node, time);
    }

    /// Reserves the move `from -> to` between `time` and `time + 1`, forbidding the
    /// opposite move in that step.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_move(0u32, 1, 4);
    /// assert!(!table.can_move(1, 0, 4));
    /// assert!(table.can_move(1, 0, 5));
    /// ```
    pub fn reserve_move(&mut self, from: N, to: N, time: u32) {
        if from != to {
            self.moves.insert((from, to, time));
            self.latest = self.latest.max(time);
        }
    }

    /// Reserves `node` at every time from `time` on.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_from(9u32, 3);
    /// assert!(table.is_free(9, 2));
    /// assert!(!table.is_free(9, 1_000));
    /// ```
    pub fn reserve_from(&mut self, node: N, time: u32) {
        let start = self.standing.entry(node).or_insert(time);
        *start = (*start).min(time);
        self.note(node, time);
    }

    /// Reserves a unit's walk: `nodes[k]` at time `start_time + k` with the move into it,
    /// and the last node from the end of the walk on (the unit stays there).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_path(&[1u32, 2, 3], 10);
    /// assert!(!table.is_free(1, 10) && !table.is_free(2, 11) && !table.is_free(3, 50));
    /// assert!(!table.can_move(2, 1, 10));
    /// ```
    pub fn reserve_path(&mut self, nodes: &[N], start_time: u32) {
        self.reserve_walk(nodes, start_time);
        if let Some(&last) = nodes.last() {
            self.reserve_from(last, start_time + nodes.len() as u32 - 1);
        }
    }

    /// Like [`reserve_path`](Reservations::reserve_path) without the standing reservation
    /// at the end: the unit leaves the table after its last step (windowed planning).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_walk(&[1u32, 2], 0);
    /// assert!(!table.is_free(2, 1));
    /// assert!(table.is_free(2, 2));
    /// ```
    pub fn reserve_walk(&mut self, nodes: &[N], start_time: u32) {
        for (k, &node) in nodes.iter().enumerate() {
            let time = start_time + k as u32;
            self.reserve_vertex(node, time);
            if k + 1 < nodes.len() {
                self.reserve_move(node, nodes[k + 1], time);
            }
        }
    }

    /// Whether a unit may be at `node` at time `time`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// assert!(Reservations::<u8>::new().is_free(0, 0));
    /// ```
    #[inline]
    pub fn is_free(&self, node: N, time: u32) -> bool {
        if let Some(&from) = self.standing.get(&node) {
            if time >= from {
                return false;
            }
        }
        !self.vertices.contains(&(node, time))
    }

    /// Whether a unit at `from` at time `time` may be at `to` at `time + 1` (`from == to` is
    /// a wait): `to` is free then and no reserved unit makes the opposite move in that step.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_vertex(5u32, 1);
    /// assert!(!table.can_move(4, 5, 0));
    /// assert!(table.can_move(4, 4, 0));
    /// ```
    #[inline]
    pub fn can_move(&self, from: N, to: N, time: u32) -> bool {
        self.is_free(to, time + 1) && (from == to || !self.moves.contains(&(to, from, time)))
    }

    /// Whether a unit that reaches `node` at `time` can stay there for ever: no reservation
    /// of `node` at any later time.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_vertex(7u32, 9);
    /// assert!(!table.can_stay(7, 3));
    /// assert!(table.can_stay(7, 9) == false && table.can_stay(7, 10));
    /// ```
    #[inline]
    pub fn can_stay(&self, node: N, time: u32) -> bool {
        self.last_at.get(&node).is_none_or(|&last| last < time)
    }

    /// The latest time step at which a reservation starts (0 for an empty table). From
    /// `latest_time() + 1` on, every node is either free for ever or reserved for ever.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Reservations;
    /// let mut table = Reservations::new();
    /// table.reserve_path(&[0u32, 1, 2], 4);
    /// assert_eq!(table.latest_time(), 6);
    /// ```
    pub fn latest_time(&self) -> u32 {
        self.latest
    }
}
