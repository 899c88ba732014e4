//! The timed search for the food over the block moves.

use super::*;
use crate::bucket_queue::BucketQueue;
use crate::snake::manhattan;
use crate::stamped::Stamped;

/// A* over a [`TreeView`] whose labels carry, besides the cost, the moves the path took,
/// so each step is admitted by when the path actually arrives. Cells are settled once
/// (the cheapest label wins; a later but dearer arrival is not kept), so the search is a
/// heuristic for the time-dependent problem and the safety test judges its paths.
#[derive(Clone, Debug, Default)]
pub(super) struct TimedSearch {
    /// By cell, the labels of the last search, side by side with their stamps so that a
    /// step touches one cache line.
    pub(super) labels: Stamped<Label>,
    /// Cells by `f`, queued lazily: a cell reached again more cheaply is queued again, and
    /// its dearer entry is skipped when it comes out. The costs are small integers and `f`
    /// never rises by more than a step allows above the lowest queued, so a ring of
    /// buckets holds the frontier.
    pub(super) open: BucketQueue,
    /// The last path found, start first.
    pub(super) path: Vec<u32>,
    /// Cells settled by the last search.
    pub(super) expanded: u64,
}

/// What a [`TimedSearch`] knows of a cell.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Label {
    pub(super) cost: u32,
    pub(super) moves: u32,
    pub(super) parent: u32,
    /// Whether the search has settled the cell.
    pub(super) settled: bool,
}

impl TimedSearch {
    /// The cost of the cheapest path the last search found to `cell`, if it settled it.
    pub(super) fn cost(&self, cell: u32) -> u32 {
        self.labels
            .get(cell as usize)
            .map_or(u32::MAX, |label| label.cost)
    }

    /// Whether the last search settled `cell`.
    pub(super) fn settled(&self, cell: u32) -> bool {
        self.labels
            .get(cell as usize)
            .is_some_and(|label| label.settled)
    }

    /// Puts the path the last search found to `goal` (a cell it settled) into `path`.
    pub(super) fn path_to(&mut self, goal: u32) {
        self.path.clear();
        let mut at = goal;
        while at != NONE {
            self.path.push(at);
            at = self
                .labels
                .get(at as usize)
                .map_or(NONE, |label| label.parent);
        }
        self.path.reverse();
    }

    /// Finds the cheapest path from `start` to `goal` in `view` into [`path`](Self::path);
    /// `false` if there is none. Manhattan distance times the cheapest step's cost is
    /// the estimate: consistent, since every step is a move of the board.
    pub(super) fn plan(&mut self, view: &TreeView, start: u32, goal: u32) -> bool {
        self.labels.clear(view.moves.layout().len());
        let coordinates = &view.coordinates[..];
        let goal_xy = if goal == NONE {
            (0, 0)
        } else {
            coordinates[goal as usize]
        };
        let step = view
            .costs
            .back
            .min(view.costs.inside)
            .min(view.costs.new_block);
        let estimate = |cell: u32| {
            if goal == NONE {
                return 0;
            }
            step * manhattan(coordinates[cell as usize], goal_xy)
        };
        // A step raises f by its cost less the fall of the estimate, at most `step`.
        let costs = view.costs;
        let dearest = costs.back.max(costs.inside).max(costs.new_block) + costs.open;
        self.open.clear_ring(
            dearest as usize + step as usize + 1,
            estimate(start) as usize,
        );
        self.expanded = 0;
        let labels = &mut self.labels;
        labels.set(
            start as usize,
            Label {
                cost: 0,
                moves: view.now,
                parent: NONE,
                settled: false,
            },
        );
        self.open.push(start, estimate(start) as usize);
        while let Some((cell, f)) = self.open.pop() {
            // Every cell queued was labelled by this search.
            let Some(label) = labels.get_mut(cell as usize) else {
                continue;
            };
            if label.settled {
                // The dearer entry of a cell reached again more cheaply: the cheaper one,
                // of lower `f` (the estimate is the cell's), came out first.
                continue;
            }
            let cost = label.cost;
            debug_assert_eq!((cost + estimate(cell)) as usize, f, "a settled cell's f");
            label.settled = true;
            self.expanded += 1;
            if cell == goal {
                self.path_to(goal);
                return true;
            }
            let moves = label.moves;
            for (next, step_cost) in view.step_list(cell, moves) {
                if next == NONE {
                    continue;
                }
                let cost = cost + step_cost;
                if labels
                    .get(next as usize)
                    .is_some_and(|label| label.settled || label.cost <= cost)
                {
                    continue;
                }
                labels.set(
                    next as usize,
                    Label {
                        cost,
                        moves: moves + 1,
                        parent: cell,
                        settled: false,
                    },
                );
                self.open.push(next, (cost + estimate(next)) as usize);
            }
        }
        false
    }
}
