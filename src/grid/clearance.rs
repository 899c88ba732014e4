//! Clearance annotation for units larger than one cell. Documented on [`Clearance`] and
//! [`SizedGrid`], the types users see.

use super::{Cell, Grid};
use crate::{DenseIds, Graph, IndexedGraph, InvalidNode, ReverseGraph};

/// Per-cell clearance of a [`Grid`]: the side of the largest square of passable cells with
/// the cell at its top-left corner, capped at a maximum unit size (the annotation of
/// Harabor and Botea, "Hierarchical Path Planning for Multi-Size Agents in Heterogeneous
/// Environments", IEEE CIG 2008, HAA*). A unit of size `k` occupies the `k × k` square with
/// its cell at the top-left, so it may stand where the clearance is at least `k`.
///
/// # Complexity
///
/// [`new`](Clearance::new) is `O(cells)`: `c(x, y) = 1 + min(c(x+1, y), c(x, y+1), c(x+1,
/// y+1))` on passable cells, swept from the bottom-right. [`set_blocked`](Clearance::set_blocked)
/// changes the grid and recomputes the only cells it can affect, the `max × max` square
/// above and left of it: `O(max²)`.
///
/// # Example
///
/// ```
/// use replan::grid::{Clearance, Grid};
/// let grid: Grid = "
///     ...
///     ...
///     ..#"
///     .parse()
///     .unwrap();
/// let clearance = Clearance::new(&grid, 3);
/// assert_eq!(clearance.get(&grid, (0, 0)), 2);
/// assert_eq!(clearance.get(&grid, (1, 1)), 1);
/// assert_eq!(clearance.get(&grid, (2, 2)), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Clearance {
    /// Per padded cell index; 0 on blocked cells and the border.
    values: Vec<u32>,
    max: u32,
    revision: u64,
}

impl Clearance {
    /// The clearance of every cell of `grid`, capped at `max` (at least 1).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Connectivity, Grid};
    /// let grid = Grid::open(10, 10, Connectivity::Eight);
    /// assert_eq!(Clearance::new(&grid, 4).get(&grid, (0, 0)), 4);
    /// ```
    pub fn new(grid: &Grid, max: u32) -> Clearance {
        let mut clearance = Clearance {
            values: vec![0; grid.node_bound()],
            max: max.max(1),
            revision: grid.revision(),
        };
        clearance.recompute(grid, (0, 0), (grid.width(), grid.height()));
        clearance
    }

    /// The clearance of `cell`; 0 when it is blocked or off the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Grid};
    /// let grid: Grid = ".#".parse().unwrap();
    /// let clearance = Clearance::new(&grid, 2);
    /// assert_eq!(clearance.get(&grid, (0, 0)), 1);
    /// assert_eq!(clearance.get(&grid, (5, 0)), 0);
    /// ```
    pub fn get(&self, grid: &Grid, cell: Cell) -> u32 {
        if grid.contains(cell) {
            // A grid other than the table's may index past its end: no clearance known.
            self.values.get(grid.index(cell)).copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// Blocks or clears `cell` of `grid` and brings the clearance up to date.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`](super::GridError::OutOfBounds) when `cell` is off the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Connectivity, Grid};
    /// let mut grid = Grid::open(4, 4, Connectivity::Eight);
    /// let mut clearance = Clearance::new(&grid, 4);
    /// clearance.set_blocked(&mut grid, (2, 2), true)?;
    /// assert_eq!(clearance.get(&grid, (0, 0)), 2);
    /// assert!(clearance.is_current(&grid));
    /// # Ok::<(), replan::grid::GridError>(())
    /// ```
    pub fn set_blocked(
        &mut self,
        grid: &mut Grid,
        cell: Cell,
        blocked: bool,
    ) -> Result<(), super::GridError> {
        grid.set_blocked(cell, blocked)?;
        if self.values.len() != grid.node_bound() {
            *self = Clearance::new(grid, self.max);
            return Ok(());
        }
        let (x, y) = cell;
        let from = (
            x.saturating_sub(self.max - 1),
            y.saturating_sub(self.max - 1),
        );
        self.recompute(grid, from, (x + 1, y + 1));
        self.revision = grid.revision();
        Ok(())
    }

    /// Whether the table matches `grid` as it is now (it was built or last updated at the
    /// grid's current revision).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Connectivity, Grid};
    /// let mut grid = Grid::open(3, 3, Connectivity::Four);
    /// let clearance = Clearance::new(&grid, 2);
    /// grid.set_blocked((1, 1), true).unwrap();
    /// assert!(!clearance.is_current(&grid));
    /// ```
    pub fn is_current(&self, grid: &Grid) -> bool {
        self.revision == grid.revision()
    }

    /// A view of `grid` for units of size `size`, which every planner searches. Sizes from 1
    /// to the table's maximum are meaningful; with any other, every cell fails
    /// [`check_node`](Graph::check_node) with [`InvalidNode::Other`], so planners refuse the
    /// start with a typed error.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Connectivity, Grid, Octile};
    /// use replan::{AStar, PlanError, Planner};
    /// let grid = Grid::open(3, 3, Connectivity::Eight);
    /// let clearance = Clearance::new(&grid, 2);
    /// let view = clearance.view(&grid, 2);
    /// assert_eq!(view.size(), 2);
    /// // The table stops at 2, so it cannot place a unit of size 3.
    /// let too_large = clearance.view(&grid, 3);
    /// let refused = AStar::new(Octile).plan(&too_large, (0, 0), (1, 1));
    /// assert!(matches!(refused, Err(PlanError::InvalidStart { .. })));
    /// ```
    pub fn view<'a>(&'a self, grid: &'a Grid, size: u32) -> SizedGrid<'a> {
        SizedGrid {
            grid,
            clearance: self,
            size,
        }
    }

    /// Recomputes the cells of the rectangle `[from, to)`, bottom-right first, reading the
    /// cells right of and below it as they stand.
    fn recompute(&mut self, grid: &Grid, from: Cell, to: Cell) {
        let stride = grid.stride;
        for y in (from.1..to.1).rev() {
            for x in (from.0..to.0).rev() {
                let i = grid.index((x, y));
                self.values[i] = if grid.passable[i] {
                    let around = self.values[i + 1]
                        .min(self.values[i + stride])
                        .min(self.values[i + stride + 1]);
                    (around + 1).min(self.max)
                } else {
                    0
                };
            }
        }
    }
}

/// A [`Grid`] as seen by a unit of `size × size` cells, whose position is its top-left
/// cell: a cell is open when the unit's whole footprint there is passable (its
/// [`Clearance`] is at least `size`), and a diagonal move also needs the footprints at the
/// two orthogonal cells beside it, so the unit cuts no corner. Costs are the grid's.
///
/// It implements [`Graph`], [`ReverseGraph`] and [`IndexedGraph`], so
/// [`AStar`](crate::AStar), [`DStarLite`](crate::DStarLite) and the other planners search it
/// unchanged. (Jump point search keeps its own tables of the grid and does not search
/// views.)
///
/// # Complexity
///
/// A successor call is the grid's plus one table read per move. The view borrows; a change
/// to the grid goes through [`Clearance::set_blocked`] and a new view.
///
/// # Example
///
/// ```
/// use replan::grid::{Clearance, Connectivity, Grid, Octile};
/// use replan::{AStar, Planner};
///
/// let grid = "
///     ......
///     ......
///     ..#...
///     ......
///     ......"
///     .parse::<Grid>()
///     .unwrap()
///     .with_connectivity(Connectivity::Eight);
/// let clearance = Clearance::new(&grid, 2);
/// let mut astar = AStar::new(Octile);
/// let path = astar.plan(&clearance.view(&grid, 2), (0, 0), (4, 3)).unwrap();
/// for &(x, y) in &path.nodes {
///     for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
///         assert!(grid.is_passable((x + dx, y + dy)));
///     }
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SizedGrid<'a> {
    grid: &'a Grid,
    clearance: &'a Clearance,
    size: u32,
}

impl SizedGrid<'_> {
    /// The unit size the view is for.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Clearance, Connectivity, Grid};
    /// let grid = Grid::open(2, 2, Connectivity::Four);
    /// assert_eq!(Clearance::new(&grid, 1).view(&grid, 1).size(), 1);
    /// ```
    pub fn size(&self) -> u32 {
        self.size
    }

    #[inline]
    fn fits(&self, index: usize) -> bool {
        self.clearance
            .values
            .get(index)
            .is_some_and(|&c| c >= self.size)
    }

    /// Whether the move from `from` to its neighbour `to` keeps the footprint free: both
    /// ends, and for a diagonal the two orthogonal cells beside it.
    #[inline]
    fn move_fits(&self, from: Cell, to: Cell, to_index: usize) -> bool {
        if !self.fits(to_index) {
            return false;
        }
        if from.0 != to.0 && from.1 != to.1 {
            let side_a = self.grid.index((to.0, from.1));
            let side_b = self.grid.index((from.0, to.1));
            return self.fits(side_a) && self.fits(side_b);
        }
        true
    }
}

impl Graph for SizedGrid<'_> {
    type Node = Cell;
    type Cost = f64;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, f64)) {
        if !self.fits_cell(cell) {
            return;
        }
        self.grid.successors(cell, |next, cost| {
            if self.move_fits(cell, next, self.grid.index(next)) {
                visit(next, cost);
            }
        });
    }

    /// Refuses every cell when the size is 0 or above the table's maximum
    /// ([`InvalidNode::Other`]: the table cannot tell where such a unit fits), cells off
    /// the grid ([`InvalidNode::OutOfBounds`]) and cells where the unit's footprint is not
    /// free ([`InvalidNode::Blocked`]).
    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if self.size == 0 || self.size > self.clearance.max {
            Err(InvalidNode::Other(format!(
                "unit size {} is outside 1..={}, the sizes the clearance table covers",
                self.size, self.clearance.max
            )))
        } else if !self.grid.contains(cell) {
            Err(InvalidNode::OutOfBounds)
        } else if !self.fits_cell(cell) {
            Err(InvalidNode::Blocked)
        } else {
            Ok(())
        }
    }
}

impl SizedGrid<'_> {
    #[inline]
    fn fits_cell(&self, cell: Cell) -> bool {
        self.grid.contains(cell) && self.fits(self.grid.index(cell))
    }
}

impl ReverseGraph for SizedGrid<'_> {
    /// The grid's moves are symmetric, and so is the footprint rule.
    #[inline]
    fn predecessors(&self, cell: Cell, mut visit: impl FnMut(Cell, f64)) {
        if !self.fits_cell(cell) {
            return;
        }
        self.grid.predecessors(cell, |previous, cost| {
            if self.move_fits(cell, previous, self.grid.index(previous)) {
                visit(previous, cost);
            }
        });
    }
}

impl IndexedGraph for SizedGrid<'_> {
    #[inline]
    fn node_bound(&self) -> usize {
        self.grid.node_bound()
    }

    #[inline]
    fn index(&self, cell: Cell) -> usize {
        self.grid.index(cell)
    }

    #[inline]
    fn node(&self, index: usize) -> Cell {
        self.grid.node(index)
    }

    #[inline]
    fn indexed_successors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, f64),
    ) {
        if !self.fits(index) {
            return;
        }
        self.grid
            .indexed_successors(cell, index, |next, next_index, cost| {
                if self.move_fits(cell, next, next_index) {
                    visit(next, next_index, cost);
                }
            });
    }
}
