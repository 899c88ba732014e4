//! D* Lite on a [`Grid`]: edit a cell and have the edges that changed reported in one call.
//!
//! On a grid, blocking or freeing a cell changes every edge into and out of it, and with
//! 8-connectivity also the diagonal moves between its orthogonal neighbours, which may no
//! longer cut its corner (or now may). Every edge that changes therefore starts in the
//! cell or one of its neighbours, so reporting those few sources is exact, and cheap: a
//! blocked cell no longer lists its neighbours, which is why the generic
//! [`DStarLite::notify_changed`] cannot find them on its own.
//!
//! This adapter lives beside the grid rather than in the planner, so the planner knows no
//! domain.

use super::DELTAS;
use crate::grid::{Cell, Connectivity, Grid, GridError};
use crate::{DStarLite, DenseIds, Heuristic, IndexedGraph, InvalidNode, PlanError};

/// The neighbour offsets whose edges a change at a cell can touch, by connectivity: the
/// grid's own move table, whose first four moves are the orthogonal ones.
const ORTHOGONAL: &[(i32, i32)] = DELTAS.split_at(4).0;
const ALL: &[(i32, i32)] = &DELTAS;

impl<H: Heuristic<Cell, f64>> DStarLite<H, Cell, DenseIds, f64> {
    /// Blocks (`true`) or frees (`false`) `cell` in `grid` and reports to the planner every
    /// edge that changed. Returns whether the cell changed; the repair waits for the next
    /// [`replan`](DStarLite::replan). Before the first search only the grid is edited.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidChange`] when `cell` is off the grid; neither the grid nor the
    /// planner changes then. [`PlanError::InvalidEstimate`] when the heuristic gave NaN
    /// for a node to queue: the grid keeps the change and the planner drops its search.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, Octile};
    /// use replan::{DStarLite, Planner};
    ///
    /// let mut grid = Grid::open(7, 5, Connectivity::Eight);
    /// let mut dstar = DStarLite::new(Octile);
    /// assert_eq!(dstar.plan(&grid, (0, 2), (6, 2))?.cost, 6.0);
    ///
    /// // A wall appears across the middle, leaving a gap at the top. The path may not cut
    /// // the wall's corner, so it goes through the gap straight: two diagonals, two
    /// // straight moves, two diagonals.
    /// for y in 1..5 {
    ///     assert!(dstar.set_blocked(&mut grid, (3, y), true)?);
    /// }
    /// let path = dstar.replan(&grid)?;
    /// assert!(path.nodes.contains(&(3, 0)));
    /// assert!((path.cost - (2.0 + 4.0 * std::f64::consts::SQRT_2)).abs() < 1e-9);
    ///
    /// assert!(!dstar.set_blocked(&mut grid, (3, 1), true)?); // already blocked
    /// assert!(dstar.set_blocked(&mut grid, (9, 9), true).is_err());
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn set_blocked(
        &mut self,
        grid: &mut Grid,
        cell: Cell,
        blocked: bool,
    ) -> Result<bool, PlanError> {
        if !grid.contains(cell) {
            return Err(off_grid(cell));
        }
        if grid.is_passable(cell) != blocked {
            return Ok(false);
        }
        grid.set_blocked(cell, blocked)
            .map_err(|_| off_grid(cell))?;
        // The cell itself: no edges left (it is made consistent at once), or new ones.
        self.update_sources(grid, [cell])?;
        // Every other edge that changed joins a neighbour to the cell or, under
        // 8-connectivity, two of its orthogonal neighbours by a diagonal that would cut its
        // corner: all end in the cell or an orthogonal neighbour. Those are tested by their
        // padded index's offset from the cell's, without a list to search.
        let eight = grid.connectivity() == Connectivity::Eight;
        let center = grid.index(cell) as u32;
        let stride = grid.stride as u32;
        let orthogonal = move |id: u32| {
            let offset = id.wrapping_sub(center);
            (offset == 1)
                | (offset == u32::MAX)
                | (offset == stride)
                | (offset == stride.wrapping_neg())
        };
        if blocked {
            // A loss: only the neighbours whose best edge was one of those look again.
            let lost = move |id: u32| id == center || (eight && orthogonal(id));
            self.update_sources_after_loss(grid, neighbours(grid, cell), lost)?;
        } else if self.goal() == Some(cell) {
            // A gain: every neighbour can now step onto the goal.
            let gained = move |id: u32| id == center || (eight && orthogonal(id));
            self.update_sources_after_gain(grid, neighbours(grid, cell), gained)?;
        } else if eight {
            // A gain, but the cell was blocked, so unreached (g = ∞): the edges into it
            // improve no one yet (its own expansion will pass its g on). Only the new
            // diagonals between its orthogonal neighbours can.
            let mut failure = Ok(());
            grid.for_each_diagonal_past(cell, |from, from_index, to_index, cost| {
                if failure.is_ok() {
                    // Grid ids are padded indices (`DenseIds` over `Grid::index`).
                    failure = self.offer_edge(from, from_index as u32, to_index as u32, cost);
                }
            });
            failure?;
        }
        Ok(true)
    }

    /// Sets the weight of `cell` in `grid` (entering it costs `step × weight`) and reports
    /// the edges into it, whose costs changed. Returns whether the weight changed.
    ///
    /// # Errors
    ///
    /// [`PlanError::InvalidChange`] when `cell` is off the grid,
    /// [`PlanError::InvalidCost`] when the weight is not finite or below 1; nothing
    /// changes then. [`PlanError::InvalidEstimate`] as for
    /// [`set_blocked`](DStarLite::set_blocked).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, Manhattan};
    /// use replan::{DStarLite, Planner};
    ///
    /// let mut grid: Grid = "
    ///     ...
    ///     ...".parse().unwrap();
    /// let mut dstar = DStarLite::new(Manhattan);
    /// assert_eq!(dstar.plan(&grid, (0, 0), (2, 0))?.cost, 2.0);
    /// dstar.set_weight(&mut grid, (1, 0), 9.0)?; // mud: going round is cheaper
    /// let path = dstar.replan(&grid)?;
    /// assert_eq!((path.cost, path.len()), (4.0, 4));
    /// # Ok::<(), replan::PlanError>(())
    /// ```
    pub fn set_weight(
        &mut self,
        grid: &mut Grid,
        cell: Cell,
        weight: f64,
    ) -> Result<bool, PlanError> {
        if grid.weight(cell) == Some(weight) {
            return Ok(false);
        }
        grid.set_weight(cell, weight).map_err(|err| match err {
            GridError::InvalidWeight { weight, .. } => PlanError::InvalidCost {
                cost: format!("{weight:?}"),
            },
            _ => off_grid(cell),
        })?;
        let sources = neighbours(grid, cell);
        self.update_sources(grid, sources)?;
        Ok(true)
    }
}

fn off_grid(cell: Cell) -> PlanError {
    PlanError::InvalidChange {
        node: format!("{cell:?}"),
        reason: InvalidNode::OutOfBounds,
    }
}

/// The cells around `cell` on the grid whose outgoing edges a change at `cell` can touch.
fn neighbours(grid: &Grid, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
    let offsets: &'static [(i32, i32)] = match grid.connectivity() {
        Connectivity::Four => ORTHOGONAL,
        Connectivity::Eight => ALL,
    };
    around(grid, cell, offsets)
}

/// The cells at `offsets` from `cell` that are on the grid.
fn around<'a>(
    grid: &'a Grid,
    (x, y): Cell,
    offsets: &'static [(i32, i32)],
) -> impl Iterator<Item = Cell> + 'a {
    offsets.iter().filter_map(move |&(dx, dy)| {
        let next = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
        grid.contains(next).then_some(next)
    })
}
