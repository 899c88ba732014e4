//! Flow fields: one distance map to a set of goals, read by any number of units.
//! Documented on [`FlowField`], the type users see.

use super::{Cell, Grid};
use crate::{DenseIds, DijkstraReach, Graph, IndexedGraph, InvalidNode, PlanError, ReverseGraph};

/// A direction field over a [`Grid`]: for every cell that can reach one of the goals, the
/// neighbour to step to next. Every unit reads its next cell in `O(1)`, so a crowd heading
/// for the same goals costs one search, not one per unit (the flow fields of Emerson,
/// "Crowd Pathfinding and Steering Using Flow Field Tiles", Game AI Pro, 2013).
///
/// # How it is built
///
/// One [`DijkstraReach`] from all goals at once over the grid's edges walked backwards, so
/// a cell's distance is its cheapest cost *to* the nearest goal, weights included (entering
/// a cell of weight `w` costs `step × w`). Each reachable cell then points at the neighbour
/// through which that cost is least; a goal points at itself. Following the field from any
/// reachable cell walks a cheapest path to a goal: the distance strictly drops with each step.
///
/// [`build`](FlowField::build) again after cells change: the field keeps and reuses its
/// tables; [`is_current`](FlowField::is_current) tells, from the
/// grid's revision, whether that is needed.
///
/// # Complexity
///
/// A build is `O((V + E) log V)` over the reachable cells; a lookup is `O(1)`. Memory is
/// `O(cells)`.
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
/// # Ok::<(), replan::PlanError>(())
/// ```
#[derive(Debug, Default)]
pub struct FlowField {
    reach: DijkstraReach<f64>,
    /// Per padded cell index: the padded index of the next cell, or `NO_NEXT`.
    next: Vec<u32>,
    revision: Option<u64>,
}

const NO_NEXT: u32 = u32::MAX;

impl FlowField {
    /// An empty field; [`build`](FlowField::build) fills it.
    ///
    /// # Example
    ///
    /// ```
    /// let field = replan::grid::FlowField::new();
    /// ```
    pub fn new() -> Self {
        FlowField::default()
    }

    /// Builds the field towards `goals` (at least one), replacing any earlier field.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidGoal`] when a goal is off the grid or blocked.
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
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn build(
        &mut self,
        grid: &Grid,
        goals: impl IntoIterator<Item = Cell>,
    ) -> Result<(), PlanError> {
        self.revision = None;
        let goals: Vec<(Cell, f64)> = goals.into_iter().map(|goal| (goal, 0.0)).collect();
        for &(goal, _) in &goals {
            if let Err(reason) = grid.check_node(goal) {
                return Err(PlanError::InvalidGoal {
                    node: format!("{goal:?}"),
                    reason,
                });
            }
        }
        let map = self.reach.run_from(&Backwards(grid), goals)?;
        self.next.clear();
        self.next.resize(grid.node_bound(), NO_NEXT);
        for (index, distance) in map.iter() {
            let cell = grid.node(index);
            if distance == 0.0 {
                self.next[index] = index as u32;
                continue;
            }
            let mut best = (f64::INFINITY, NO_NEXT);
            grid.indexed_successors(cell, index, |_, neighbour, step| {
                if let Some(rest) = map.get(neighbour) {
                    let through = step + rest;
                    if through < best.0 {
                        best = (through, neighbour as u32);
                    }
                }
            });
            self.next[index] = best.1;
        }
        self.revision = Some(grid.revision());
        Ok(())
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
        if !grid.contains(cell) {
            return None;
        }
        match self.next.get(grid.index(cell)) {
            Some(&next) if next != NO_NEXT => Some(grid.node(next as usize)),
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
    pub fn distance(&self, grid: &Grid, cell: Cell) -> Option<f64> {
        if !grid.contains(cell) {
            return None;
        }
        self.reach.map().get(grid.index(cell))
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

/// The grid with every edge reversed, so a search from the goals finds costs *to* them.
struct Backwards<'a>(&'a Grid);

impl Graph for Backwards<'_> {
    type Node = Cell;
    type Cost = f64;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, cell: Cell, visit: impl FnMut(Cell, f64)) {
        self.0.predecessors(cell, visit);
    }

    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        self.0.check_node(cell)
    }
}

impl IndexedGraph for Backwards<'_> {
    #[inline]
    fn node_bound(&self) -> usize {
        self.0.node_bound()
    }

    #[inline]
    fn index(&self, cell: Cell) -> usize {
        self.0.index(cell)
    }

    #[inline]
    fn node(&self, index: usize) -> Cell {
        self.0.node(index)
    }

    #[inline]
    fn indexed_successors(&self, cell: Cell, index: usize, visit: impl FnMut(Cell, usize, f64)) {
        self.0.indexed_predecessors(cell, index, visit);
    }
}
