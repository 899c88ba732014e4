//! Flow fields: one distance map to a set of goals, read by any number of units.
//! Documented on [`FlowField`], the type users see.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::f64::consts::SQRT_2;

use super::{Cell, Grid};
use crate::bucket_queue::BucketQueue;
use crate::{Cost, Graph, IndexedGraph, PlanError};

/// A direction field over a [`Grid`]: for every cell that can reach one of the goals, the
/// neighbour to step to next. Every unit reads its next cell in `O(1)`, so a crowd heading
/// for the same goals costs one search, not one per unit (the flow fields of Emerson,
/// "Crowd Pathfinding and Steering Using Flow Field Tiles", Game AI Pro, 2013).
///
/// # Costs
///
/// `FlowField<f64>` ([`FlowField::new`]) measures the grid's own costs: a step is 1
/// orthogonally and √2 diagonally, times the weight of the cell it enters, so distances
/// are exact octile distances (weighted). `FlowField<u32>`
/// ([`FlowField::with_integer_steps`]) measures integer costs of the caller's choosing, such
/// as 10 and 14 or 5 and 7: a step into a cell of weight `w` costs `round(step × w)`. Integer
/// steps approximate the octile metric; with a diagonal `d` and a straight `s`, the paths the
/// field walks are at most `max(d / (s√2), s√2 / d)` times longer in the octile metric than
/// the shortest (1.0102 for 10/14 and 5/7, 1.0607 for 2/3), and exact in the integer one.
///
/// # How it is built
///
/// One Dijkstra search from all goals at once over the grid's edges walked backwards, so a
/// cell's distance is its cheapest cost *to* the nearest goal. Each cell records the move
/// through which its distance last dropped, so the direction field comes out of the same
/// pass; a goal points at itself. Following the field from any reachable cell walks a
/// cheapest path to a goal: the distance strictly drops with each step.
///
/// The frontier is a ring of buckets one cost unit wide (Dial, "Algorithm 360: Shortest-path
/// forest with topological ordering", CACM 12(11), 1969), which stays exact for float costs
/// because no step costs less than the bucket width (Dinitz, "Economical algorithms for
/// finding shortest paths in a network", 1978): a cell's distance is final once its bucket
/// is the lowest, so cells leave the ring in any order within it. The ring has one bucket
/// more than the dearest step, four on an unweighted grid; beyond 2^16 buckets (weights in
/// the tens of thousands) a binary heap takes over.
///
/// [`build`](FlowField::build) again after cells change: the field keeps its tables and
/// fills them in place, with no allocation once they have grown to the grid's size;
/// [`is_current`](FlowField::is_current) tells, from the grid's revision, whether that is
/// needed.
///
/// # Complexity
///
/// A build is `O(V + E + D)` over the reachable cells, `D` the largest distance in bucket
/// widths (`O((V + E) log V)` on the heap); a lookup is `O(1)`. Memory is `O(cells)`: one
/// cost and one byte per cell.
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, FlowField, Grid};
///
/// let grid = "
///     .....
///     .###.
///     ....."
///     .parse::<Grid>()
///     .unwrap()
///     .with_connectivity(Connectivity::Eight);
/// let mut field = FlowField::new();
/// field.build(&grid, [(4, 2)])?;
/// let mut at = (0, 0);
/// let mut steps = 0;
/// while let Some(next) = field.next_cell(&grid, at) {
///     if next == at {
///         break; // at the goal
///     }
///     at = next;
///     steps += 1;
/// }
/// assert_eq!((at, steps), ((4, 2), 6));
/// assert_eq!(field.distance(&grid, (0, 0)), Some(6.0));
///
/// // The same field in integer costs, 10 straight and 14 diagonal.
/// let mut integer = FlowField::with_integer_steps(10, 14)?;
/// integer.build(&grid, [(4, 2)])?;
/// assert_eq!(integer.distance(&grid, (0, 0)), Some(60));
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct FlowField<C: FieldCost = f64> {
    /// The cost of a straight and of a diagonal step into a cell of weight 1.
    steps: [C; 2],
    /// Per padded cell index: the cost to the nearest goal, `C::INFINITY` where unreached.
    distance: Vec<C>,
    /// Per padded cell index: the move (as the grid numbers them) to the next cell,
    /// `AT_GOAL`, or `NO_MOVE`.
    direction: Vec<u8>,
    ring: BucketQueue,
    heap: BinaryHeap<Reverse<(C::Ordered, u32)>>,
    revision: Option<u64>,
}

const AT_GOAL: u8 = 8;
const NO_MOVE: u8 = u8::MAX;
/// Move `k` backwards, in the grid's numbering of moves.
const OPPOSITE: [u8; 8] = [1, 0, 3, 2, 7, 6, 5, 4];
/// Rings larger than this hand over to the heap.
const MAX_RING: usize = 1 << 16;

mod sealed {
    pub trait Sealed {}
    impl Sealed for f64 {}
    impl Sealed for u32 {}
}

/// The cost types a [`FlowField`] measures in: `f64` (the grid's own costs) and `u32`
/// (integer steps). Sealed: the ring of buckets relies on how each rounds.
///
/// # Example
///
/// ```
/// use replan::grid::{FieldCost, FlowField};
/// fn fresh<C: FieldCost>(field: &FlowField<C>) -> bool {
///     !field.is_built()
/// }
/// assert!(fresh(&FlowField::new()));
/// ```
pub trait FieldCost: Cost + sealed::Sealed {
    /// The cost of a step of cost `step` into a cell of weight `weight`, `None` when it does
    /// not fit.
    #[doc(hidden)]
    fn weighted_step(step: Self, weight: f64) -> Option<Self>;
    /// The bucket of a distance: its integer part.
    #[doc(hidden)]
    fn bucket(self) -> usize;
    /// `self + step`, [`Cost::INFINITY`] when the sum does not fit: one addition on the
    /// search's hot path, with the overflow test left to a comparison the caller makes.
    #[doc(hidden)]
    fn add_step(self, step: Self) -> Self;
    /// Whether `self` lies below the start of bucket `bucket`.
    #[doc(hidden)]
    fn below_bucket(self, bucket: usize) -> bool;
}

impl FieldCost for f64 {
    #[inline(always)]
    fn weighted_step(step: f64, weight: f64) -> Option<f64> {
        Some(step * weight)
    }

    #[inline(always)]
    fn bucket(self) -> usize {
        // Distances are non-negative and finite, so the cast is the floor.
        self as usize
    }

    #[inline(always)]
    fn add_step(self, step: f64) -> f64 {
        // Finite non-negative terms overflow only to infinity.
        self + step
    }

    #[inline(always)]
    fn below_bucket(self, bucket: usize) -> bool {
        self < bucket as f64
    }
}

impl FieldCost for u32 {
    #[inline(always)]
    fn weighted_step(step: u32, weight: f64) -> Option<u32> {
        let cost = (f64::from(step) * weight).round();
        (cost <= f64::from(u32::MAX)).then_some(cost as u32)
    }

    #[inline(always)]
    fn bucket(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn add_step(self, step: u32) -> u32 {
        self.saturating_add(step)
    }

    #[inline(always)]
    fn below_bucket(self, bucket: usize) -> bool {
        (self as usize) < bucket
    }
}

impl Default for FlowField<f64> {
    fn default() -> Self {
        FlowField::new()
    }
}

impl FlowField<f64> {
    /// An empty field in the grid's own costs (1 straight, √2 diagonal, times weights);
    /// [`build`](FlowField::build) fills it.
    ///
    /// # Example
    ///
    /// ```
    /// let field = replan::grid::FlowField::new();
    /// assert!(!field.is_built());
    /// ```
    pub fn new() -> Self {
        FlowField::with_steps([1.0, SQRT_2])
    }
}

impl FlowField<u32> {
    /// An empty field in integer costs: `straight` per orthogonal step and `diagonal` per
    /// diagonal one, times the weight of the cell entered, rounded. Common choices are 10
    /// and 14, 5 and 7 (both 1% short of √2 on the diagonal) or 2 and 3.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidCost`] when a step is 0: every step must cost at least one unit.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let grid = Grid::open(4, 4, Connectivity::Eight);
    /// let mut field = FlowField::with_integer_steps(5, 7)?;
    /// field.build(&grid, [(3, 3)])?;
    /// assert_eq!(field.distance(&grid, (0, 0)), Some(21));
    /// assert_eq!(field.distance(&grid, (0, 3)), Some(15));
    /// assert!(FlowField::with_integer_steps(0, 1).is_err());
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn with_integer_steps(straight: u32, diagonal: u32) -> Result<Self, PlanError> {
        if straight == 0 || diagonal == 0 {
            return Err(PlanError::InvalidCost {
                cost: "0".to_string(),
            });
        }
        Ok(FlowField::with_steps([straight, diagonal]))
    }
}

impl<C: FieldCost> FlowField<C> {
    fn with_steps(steps: [C; 2]) -> Self {
        FlowField {
            steps,
            distance: Vec::new(),
            direction: Vec::new(),
            ring: BucketQueue::default(),
            heap: BinaryHeap::new(),
            revision: None,
        }
    }

    /// Builds the field towards `goals` (at least one), replacing any earlier field.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidGoal`] when a goal is off the grid or blocked;
    /// [`PlanError::CostOverflow`] when an integer distance does not fit in a `u32`, or an
    /// integer step into any cell of the grid does not (reached from the goals or not). The
    /// field is left unbuilt: every lookup answers `None` until a build succeeds.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let grid = Grid::open(5, 1, Connectivity::Four);
    /// let mut field = FlowField::new();
    /// // Two exits: each cell heads for the nearer one.
    /// field.build(&grid, [(0, 0), (4, 0)])?;
    /// assert_eq!(field.next_cell(&grid, (1, 0)), Some((0, 0)));
    /// assert_eq!(field.next_cell(&grid, (3, 0)), Some((4, 0)));
    /// assert!(field.build(&grid, [(9, 0)]).is_err());
    /// assert!(!field.is_built());
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn build(
        &mut self,
        grid: &Grid,
        goals: impl IntoIterator<Item = Cell>,
    ) -> Result<(), PlanError> {
        let result = self.fill(grid, goals);
        if result.is_err() {
            // A build that stopped part-way has set some directions already; lookups read
            // the direction table without consulting the revision, so drop it.
            self.direction.clear();
        }
        result
    }

    /// The body of [`build`](FlowField::build), which clears what an error leaves behind.
    fn fill(
        &mut self,
        grid: &Grid,
        goals: impl IntoIterator<Item = Cell>,
    ) -> Result<(), PlanError> {
        self.revision = None;
        let cells = grid.node_bound();
        self.distance.clear();
        self.distance.resize(cells, C::INFINITY);
        self.direction.clear();
        self.direction.resize(cells, NO_MOVE);
        let mut goal_ids = 0;
        for goal in goals {
            if let Err(reason) = grid.check_node(goal) {
                return Err(PlanError::InvalidGoal {
                    node: format!("{goal:?}"),
                    reason,
                });
            }
            let index = grid.index(goal);
            self.distance[index] = C::ZERO;
            self.direction[index] = AT_GOAL;
            goal_ids += 1;
        }
        let dearest = self.dearest_step(grid)?;
        // Steps near 2^63 cost units (float weights of about 10^19) would overflow the
        // power of two; the heap takes those.
        let ring_len = dearest
            .and_then(|d| d.checked_add(2))
            .and_then(usize::checked_next_power_of_two)
            .unwrap_or(usize::MAX);
        if ring_len <= MAX_RING && goal_ids > 0 {
            let mut ring = std::mem::take(&mut self.ring);
            ring.clear_ring(ring_len, 0);
            for (index, &direction) in self.direction.iter().enumerate() {
                if direction == AT_GOAL {
                    ring.push(index as u32, 0);
                }
            }
            let result = self.settle(grid, &mut ring);
            self.ring = ring;
            result?;
        } else if goal_ids > 0 {
            let mut heap = Heap {
                heap: std::mem::take(&mut self.heap),
            };
            heap.heap.clear();
            for (index, &direction) in self.direction.iter().enumerate() {
                if direction == AT_GOAL {
                    heap.heap.push(Reverse((C::ZERO.ordered(), index as u32)));
                }
            }
            let result = self.settle(grid, &mut heap);
            self.heap = heap.heap;
            result?;
        }
        self.revision = Some(grid.revision());
        Ok(())
    }

    /// The integer part of the dearest step on `grid`, `None` when it does not fit a
    /// `usize`.
    fn dearest_step(&self, grid: &Grid) -> Result<Option<usize>, PlanError> {
        let largest = if self.steps[0].total_cmp(&self.steps[1]).is_ge() {
            self.steps[0]
        } else {
            self.steps[1]
        };
        let heaviest = grid
            .weights
            .as_deref()
            .map_or(1.0, |weights| weights.iter().copied().fold(1.0, f64::max));
        let dearest = C::weighted_step(largest, heaviest).ok_or(PlanError::CostOverflow)?;
        Ok(dearest.bucket().checked_add(1))
    }

    /// Dijkstra's search from the queued goals backwards over the grid's moves, recording
    /// each cell's distance and the move towards the neighbour it was reached from.
    fn settle(&mut self, grid: &Grid, frontier: &mut impl Frontier<C>) -> Result<(), PlanError> {
        let distance = &mut self.distance;
        let direction = &mut self.direction;
        let weights = grid.weights.as_deref();
        let mask = grid.mask;
        let offsets = grid.offsets;
        let steps = self.steps;
        while let Some(index) = frontier.pop(distance) {
            let here = index as usize;
            let reached = distance[here];
            // Every move into `here` enters the cell at `here`, so its weight prices all of
            // them.
            let [straight, diagonal] = match weights {
                None => steps,
                Some(weights) => {
                    let weight = weights[here];
                    match (
                        C::weighted_step(steps[0], weight),
                        C::weighted_step(steps[1], weight),
                    ) {
                        (Some(straight), Some(diagonal)) => [straight, diagonal],
                        _ => return Err(PlanError::CostOverflow),
                    }
                }
            };
            // The grid's moves are symmetric, so the cells that can move here are the ones
            // `here` can move to.
            let mut moves = grid.moves[here] & mask;
            while moves != 0 {
                let k = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let step = if k < 4 { straight } else { diagonal };
                let through = reached.add_step(step);
                if through == C::INFINITY {
                    return Err(PlanError::CostOverflow);
                }
                let from = here.wrapping_add_signed(offsets[k]);
                if through < distance[from] {
                    distance[from] = through;
                    direction[from] = OPPOSITE[k];
                    frontier.push(from as u32, through);
                }
            }
        }
        Ok(())
    }

    /// Whether the field holds a complete build (which may since have gone stale: see
    /// [`is_current`](FlowField::is_current)).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let grid = Grid::open(3, 3, Connectivity::Four);
    /// let mut field = FlowField::new();
    /// assert!(!field.is_built());
    /// field.build(&grid, [(1, 1)])?;
    /// assert!(field.is_built());
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn is_built(&self) -> bool {
        self.revision.is_some()
    }

    /// The cell a unit at `cell` moves to next: a neighbour on a cheapest path to a goal,
    /// `cell` itself at a goal, `None` where no goal can be reached (or off the grid).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{FlowField, Grid};
    /// let grid: Grid = "..#.".parse().unwrap();
    /// let mut field = FlowField::new();
    /// field.build(&grid, [(0, 0)])?;
    /// assert_eq!(field.next_cell(&grid, (1, 0)), Some((0, 0)));
    /// assert_eq!(field.next_cell(&grid, (0, 0)), Some((0, 0)));
    /// assert_eq!(field.next_cell(&grid, (3, 0)), None);
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn next_cell(&self, grid: &Grid, cell: Cell) -> Option<Cell> {
        let (dx, dy) = self.direction(grid, cell)?;
        Some((
            cell.0.wrapping_add_signed(dx),
            cell.1.wrapping_add_signed(dy),
        ))
    }

    /// The step a unit at `cell` takes next, as `(dx, dy)` with each in `-1..=1`: `(0, 0)`
    /// at a goal, `None` where no goal can be reached (or off the grid). A unit that moves
    /// between cell centres steers along it.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let mut field = FlowField::new();
    /// field.build(&grid, [(2, 0)])?;
    /// assert_eq!(field.direction(&grid, (0, 2)), Some((1, -1)));
    /// assert_eq!(field.direction(&grid, (2, 0)), Some((0, 0)));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    #[inline]
    pub fn direction(&self, grid: &Grid, cell: Cell) -> Option<(i32, i32)> {
        if !grid.contains(cell) {
            return None;
        }
        match self.direction.get(grid.index(cell)) {
            Some(&AT_GOAL) => Some((0, 0)),
            Some(&k) if k < AT_GOAL => Some(super::DELTAS[usize::from(k)]),
            _ => None,
        }
    }

    /// The cost from `cell` to the nearest goal, `None` where no goal can be reached.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let grid = Grid::open(4, 1, Connectivity::Four);
    /// let mut field = FlowField::new();
    /// field.build(&grid, [(0, 0)])?;
    /// assert_eq!(field.distance(&grid, (3, 0)), Some(3.0));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn distance(&self, grid: &Grid, cell: Cell) -> Option<C> {
        if !grid.contains(cell) || self.revision.is_none() {
            return None;
        }
        self.distance
            .get(grid.index(cell))
            .copied()
            .filter(|&d| d != C::INFINITY)
    }

    /// Whether the field was built on `grid` as it is now (same revision): `false` after any
    /// edit of the grid, when the field should be rebuilt.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, FlowField, Grid};
    /// let mut grid = Grid::open(4, 4, Connectivity::Eight);
    /// let mut field = FlowField::new();
    /// field.build(&grid, [(0, 0)])?;
    /// assert!(field.is_current(&grid));
    /// grid.set_blocked((1, 1), true).unwrap();
    /// assert!(!field.is_current(&grid));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision == Some(grid.revision())
    }
}

/// The frontier of the field's search: cells with their tentative distances.
trait Frontier<C> {
    fn push(&mut self, id: u32, distance: C);
    /// The next cell whose distance is final, skipping entries that a later push
    /// superseded.
    fn pop(&mut self, distance: &[C]) -> Option<u32>;
}

/// Dial's buckets, one cost unit wide, in a ring indexed by the distance's integer part
/// modulo a power of two larger than the dearest step: every queued distance lies within
/// one step of the lowest bucket, so no two live buckets share a slot.
impl<C: FieldCost> Frontier<C> for BucketQueue {
    #[inline(always)]
    fn push(&mut self, id: u32, distance: C) {
        BucketQueue::push(self, id, distance.bucket());
    }

    #[inline(always)]
    fn pop(&mut self, distance: &[C]) -> Option<u32> {
        while let Some((id, bucket)) = BucketQueue::pop(self) {
            // A cell pushed again at a lower distance left its first entry behind in a
            // later bucket, where its distance lies below the bucket's start.
            if !distance[id as usize].below_bucket(bucket) {
                return Some(id);
            }
        }
        None
    }
}

/// A binary heap with lazy deletion, for grids whose dearest step would need a ring too
/// large to sweep.
struct Heap<C: Cost> {
    heap: BinaryHeap<Reverse<(C::Ordered, u32)>>,
}

impl<C: FieldCost> Frontier<C> for Heap<C> {
    #[inline]
    fn push(&mut self, id: u32, distance: C) {
        self.heap.push(Reverse((distance.ordered(), id)));
    }

    #[inline]
    fn pop(&mut self, distance: &[C]) -> Option<u32> {
        while let Some(Reverse((key, id))) = self.heap.pop() {
            if key == distance[id as usize].ordered() {
                return Some(id);
            }
        }
        None
    }
}
