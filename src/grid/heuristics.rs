//! Distance estimates between grid cells, for [`AStar`](crate::AStar) on a
//! [`Grid`](super::Grid).
//!
//! | heuristic | admissible and consistent on | notes |
//! |---|---|---|
//! | [`Manhattan`] | 4-connected grids | exact on an open 4-connected grid; overestimates diagonal moves, so not admissible on 8-connected grids |
//! | [`Octile`] | 4- and 8-connected grids | exact on an open 8-connected grid: the one to use there |
//! | [`Euclidean`] | 4- and 8-connected grids | never above Octile or Manhattan, so it expands more nodes |
//! | [`Chebyshev`] | 4- and 8-connected grids | counts a diagonal as 1, the weakest of the four |
//!
//! "Admissible" assumes the grid's rules: steps cost 1 and √2 times the weight of the
//! entered cell, and weights are at least 1, which [`Grid::set_weight`](super::Grid::set_weight)
//! enforces. Each estimate is a distance that no single move can shrink by more than the
//! move's cost, which is what makes it consistent as well.

use std::f64::consts::SQRT_2;

use super::Cell;
use crate::Heuristic;

/// Absolute differences of the coordinates, as floats.
#[inline(always)]
fn deltas(a: Cell, b: Cell) -> (f64, f64) {
    (f64::from(a.0.abs_diff(b.0)), f64::from(a.1.abs_diff(b.1)))
}

/// `|dx| + |dy|`: the length of a 4-connected path on an open grid.
///
/// Admissible on 4-connected grids only: on an 8-connected grid one diagonal move (√2)
/// covers what it counts as 2.
///
/// # Example
///
/// ```
/// use replan::{grid::Manhattan, Heuristic};
/// assert_eq!(Manhattan.estimate((0, 0), (3, 4)), 7.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Manhattan;

impl Heuristic<Cell, f64> for Manhattan {
    #[inline(always)]
    fn estimate(&self, from: Cell, goal: Cell) -> f64 {
        let (dx, dy) = deltas(from, goal);
        dx + dy
    }
}

/// `max(dx, dy) + (√2 − 1) · min(dx, dy)`: the length of an 8-connected path on an open
/// grid (diagonal moves first, then straight).
///
/// Admissible and consistent on 8-connected grids with weights at least 1, and on
/// 4-connected grids (where it is below [`Manhattan`]). The standard choice for the Moving
/// AI benchmarks.
///
/// # Example
///
/// ```
/// use replan::{grid::Octile, Heuristic};
/// let h = Octile.estimate((0, 0), (3, 4));
/// assert!((h - (1.0 + 3.0 * std::f64::consts::SQRT_2)).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Octile;

impl Heuristic<Cell, f64> for Octile {
    #[inline(always)]
    fn estimate(&self, from: Cell, goal: Cell) -> f64 {
        let (dx, dy) = deltas(from, goal);
        let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
        high + (SQRT_2 - 1.0) * low
    }
}

/// The straight-line distance `√(dx² + dy²)`.
///
/// Admissible and consistent on 4- and 8-connected grids with weights at least 1, but
/// lower than [`Octile`] and [`Manhattan`] off the axes, so A* expands more nodes with it.
///
/// # Example
///
/// ```
/// use replan::{grid::Euclidean, Heuristic};
/// assert_eq!(Euclidean.estimate((0, 0), (3, 4)), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Euclidean;

impl Heuristic<Cell, f64> for Euclidean {
    #[inline(always)]
    fn estimate(&self, from: Cell, goal: Cell) -> f64 {
        let (dx, dy) = deltas(from, goal);
        dx.hypot(dy)
    }
}

/// `max(dx, dy)`: the number of king moves on an open grid.
///
/// Admissible and consistent on 4- and 8-connected grids with weights at least 1, the
/// weakest of the four (it prices a diagonal at 1 instead of √2). It is exact for grids
/// whose diagonal moves cost 1, which [`Grid`](super::Grid) does not model.
///
/// # Example
///
/// ```
/// use replan::{grid::Chebyshev, Heuristic};
/// assert_eq!(Chebyshev.estimate((0, 0), (3, 4)), 4.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chebyshev;

impl Heuristic<Cell, f64> for Chebyshev {
    #[inline(always)]
    fn estimate(&self, from: Cell, goal: Cell) -> f64 {
        let (dx, dy) = deltas(from, goal);
        dx.max(dy)
    }
}
