//! The timed search for the food over the block moves.

use super::*;
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
    pub(super) open: Buckets,
    /// The last path found, start first.
    pub(super) path: Vec<u32>,
    /// Cells settled by the last search.
    pub(super) expanded: u64,
}

/// Dial's bucket queue of `(cell, cost)` labels by their `f`, last in first out among
/// equal `f` (the label pushed last is the deepest): the costs are small integers and
/// `f` never falls by more than the costs allow, so a ring of buckets covers every
/// label the frontier holds and push and pop take `O(1)`. Labels are not updated in
/// place: a cheaper one is pushed, and the search skips the others when they come out.
#[derive(Clone, Debug, Default)]
pub(super) struct Buckets {
    pub(super) levels: Vec<Vec<(u32, u32)>>,
    /// The `f` of the level popped from; no label below it is held.
    pub(super) current: u32,
    pub(super) len: usize,
}

impl Buckets {
    /// Empties the queue for labels whose `f` lies within `span` of the lowest held, the
    /// lowest being `start` now.
    pub(super) fn reset(&mut self, span: u32, start: u32) {
        let ring = (span as usize + 1).next_power_of_two();
        if self.levels.len() != ring {
            self.levels.resize_with(ring, Vec::new);
        }
        for level in &mut self.levels {
            level.clear();
        }
        self.current = start;
        self.len = 0;
    }

    #[inline]
    pub(super) fn push(&mut self, f: u32, cell: u32, cost: u32) {
        debug_assert!(f >= self.current && ((f - self.current) as usize) < self.levels.len());
        let mask = self.levels.len() - 1;
        self.levels[f as usize & mask].push((cell, cost));
        self.len += 1;
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let mask = self.levels.len() - 1;
        loop {
            if let Some(label) = self.levels[self.current as usize & mask].pop() {
                self.len -= 1;
                return Some(label);
            }
            self.current += 1;
        }
    }
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
        self.open.reset(dearest + step, estimate(start));
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
        self.open.push(estimate(start), start, 0);
        while let Some((cell, cost)) = self.open.pop() {
            // Every label queued was written by this search.
            let Some(label) = labels.get_mut(cell as usize) else {
                continue;
            };
            if label.settled || label.cost != cost {
                // A dearer label of a cell reached again more cheaply.
                continue;
            }
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
                self.open.push(cost + estimate(next), next, cost);
            }
        }
        false
    }
}
