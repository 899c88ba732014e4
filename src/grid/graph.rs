//! The grid as a graph: successors, predecessors and the dense index of its padded array.

use super::{Cell, Grid};
use crate::{DenseIds, Graph, IndexedGraph, InvalidNode, ReverseGraph};

impl Graph for Grid {
    type Node = Cell;
    type Cost = f64;
    type Ids = DenseIds;

    /// Calls `visit` for each neighbour `cell` can move to, with cost `step × weight`;
    /// nothing for a cell that is blocked or off the grid.
    #[inline]
    fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, f64)) {
        // One call site for `visit`, so the planner's callback is inlined into the move
        // loop; the weight test is the same for every move and predicts perfectly.
        let weights = self.weights.as_deref();
        self.for_each_move(cell, |next, i, step| {
            visit(next, weights.map_or(step, |weights| step * weights[i]))
        });
    }

    /// Refuses cells off the grid ([`InvalidNode::OutOfBounds`]) and blocked cells
    /// ([`InvalidNode::Blocked`]).
    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if !self.contains(cell) {
            Err(InvalidNode::OutOfBounds)
        } else if !self.is_passable(cell) {
            Err(InvalidNode::Blocked)
        } else {
            Ok(())
        }
    }

    /// The grid's [`revision`](Grid::revision), changed by every edit.
    #[inline]
    fn revision(&self) -> Option<u64> {
        Some(self.revision)
    }
}

impl ReverseGraph for Grid {
    /// Every move can be made backwards (the corner rule is symmetric), and an edge into
    /// `cell` costs `step × weight(cell)`.
    #[inline]
    fn predecessors(&self, cell: Cell, mut visit: impl FnMut(Cell, f64)) {
        // Multiplying by 1.0 is exact, and one call site lets `visit` be inlined.
        let weight = self.weight(cell).unwrap_or(1.0);
        self.for_each_move(cell, |previous, _, step| visit(previous, step * weight));
    }
}

impl IndexedGraph for Grid {
    /// The size of the padded array, border included.
    #[inline]
    fn node_bound(&self) -> usize {
        self.passable.len()
    }

    /// The cell's index in the padded row-major array. Only meaningful for cells on the
    /// grid, which is all [`Graph::check_node`] lets through.
    #[inline(always)]
    fn index(&self, (x, y): Cell) -> usize {
        self.padded_index(x, y)
    }

    /// The cell at a padded index; unspecified (but no panic) for border indices.
    #[inline(always)]
    fn node(&self, index: usize) -> Cell {
        let row = divide(index, self.stride_reciprocal);
        let column = index - row * self.stride;
        (
            (column as u32).wrapping_sub(1),
            (row as u32).wrapping_sub(1),
        )
    }

    /// Neighbours come with their padded index (the cell's index plus a fixed offset per
    /// move), so planners never recompute it from the cell.
    #[inline]
    fn indexed_successors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, f64),
    ) {
        let weights = self.weights.as_deref();
        self.for_each_move_at(cell, index, |next, i, step| {
            visit(next, i, weights.map_or(step, |weights| step * weights[i]))
        });
    }

    /// As [`indexed_successors`](IndexedGraph::indexed_successors), for the edges into
    /// `cell`.
    #[inline]
    fn indexed_predecessors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, f64),
    ) {
        let weight = self
            .weights
            .as_deref()
            .and_then(|weights| weights.get(index).copied())
            .unwrap_or(1.0);
        self.for_each_move_at(cell, index, |previous, i, step| {
            visit(previous, i, step * weight)
        });
    }
}

/// `dividend / divisor` given `reciprocal = u64::MAX / divisor + 1`, exact for dividends
/// below 2^32 (padded indices are; the grid's size is checked when it is made).
#[inline(always)]
fn divide(dividend: usize, reciprocal: u64) -> usize {
    debug_assert!(dividend <= u32::MAX as usize);
    ((u128::from(reciprocal) * dividend as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Connectivity;

    proptest::proptest! {
        #[test]
        fn division_by_reciprocal_is_exact_for_32_bit_dividends(
            dividend in 0..=u32::MAX,
            divisor in 2..=u32::MAX,
        ) {
            let reciprocal = u64::MAX / u64::from(divisor) + 1;
            proptest::prop_assert_eq!(
                divide(dividend as usize, reciprocal),
                (dividend / divisor) as usize
            );
        }
    }

    #[test]
    fn division_by_reciprocal_at_the_edges() {
        for divisor in [2_u32, 3, 4, 7, 1 << 16, (1 << 31) - 1, 1 << 31, u32::MAX] {
            let reciprocal = u64::MAX / u64::from(divisor) + 1;
            for dividend in [
                0,
                1,
                divisor - 1,
                divisor,
                divisor.wrapping_mul(2),
                u32::MAX,
            ] {
                assert_eq!(
                    divide(dividend as usize, reciprocal),
                    (dividend / divisor) as usize,
                    "{dividend} / {divisor}"
                );
            }
        }
    }

    #[test]
    fn every_cell_survives_the_round_trip_through_its_index() {
        for (width, height) in [
            (1, 1),
            (1, 7),
            (3, 2),
            (62, 5),
            (63, 4),
            (254, 3),
            (1000, 2),
        ] {
            let grid = Grid::open(width, height, Connectivity::Eight);
            for y in 0..height {
                for x in 0..width {
                    assert_eq!(grid.node(grid.index((x, y))), (x, y));
                }
            }
        }
    }
}
