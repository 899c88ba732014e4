//! Distances from the tail to the cells beside the head: A* towards the head, stopped
//! once every asked cell has left the queue.

use crate::bucket_queue::BucketQueue;
use crate::snake::{manhattan, Cell, Game, TailView};
use crate::stamped::Stamped;
use crate::{Graph, IndexedGraph};

/// A* from the tail with the distance to the head, less one, as its estimate: every
/// cell asked for lies beside the head, so the estimate never exceeds the distance to
/// the nearest of them, and it changes by at most one a step (consistent). A cell's
/// distance is final when it leaves the queue, so the search stops once the last cell
/// asked for has left, with the same distances breadth-first search gives; it enters
/// only the cells whose distance plus estimate is below the farthest of those, where
/// breadth-first search enters every cell nearer than it.
#[derive(Debug, Default)]
pub(super) struct TowardHead {
    distance: Stamped<u32>,
    open: BucketQueue,
}

impl TowardHead {
    /// The distance from `tail` to each of `targets` on `view` (`None` for a cell not
    /// reached or not asked), and the number of cells expanded; `None` when the tail is
    /// not a node of the view.
    pub(super) fn run(
        &mut self,
        view: &TailView<&Game>,
        tail: Cell,
        targets: [Option<Cell>; 4],
    ) -> Option<([Option<u32>; 4], u64)> {
        view.check_node(tail).ok()?;
        let board = view.board();
        let head = view.snake().head();
        let estimate = |cell: Cell| manhattan(cell, head).saturating_sub(1) as usize;
        let mut wanted = [usize::MAX; 4];
        let mut left = 0;
        for (slot, target) in wanted.iter_mut().zip(targets) {
            if let Some(cell) = target {
                *slot = board.index(cell);
                left += 1;
            }
        }
        self.distance.clear(board.cells());
        self.open.clear();
        let start = board.index(tail);
        self.distance.set(start, 0);
        self.open.push_absent(start as u32, estimate(tail));
        let mut expanded = 0;
        let mut found = [None; 4];
        while left > 0 {
            let Some((id, _)) = self.open.pop() else {
                break;
            };
            let index = id as usize;
            let g = self
                .distance
                .get(index)
                .expect("a queued cell has a distance");
            for (slot, answer) in wanted.iter_mut().zip(found.iter_mut()) {
                if *slot == index {
                    *slot = usize::MAX;
                    *answer = Some(g);
                    left -= 1;
                }
            }
            if left == 0 {
                break;
            }
            expanded += 1;
            let (distance, open) = (&mut self.distance, &mut self.open);
            view.indexed_successors(board.cell(index), index, |next, next_index, _| {
                let reached = g + 1;
                match distance.get(next_index) {
                    None => {
                        distance.set(next_index, reached);
                        open.push_absent(next_index as u32, reached as usize + estimate(next));
                    }
                    Some(known) if reached < known => {
                        distance.set(next_index, reached);
                        open.change(next_index as u32, reached as usize + estimate(next));
                    }
                    Some(_) => {}
                }
            });
        }
        Some((found, expanded))
    }
}

#[cfg(test)]
mod tests;
