//! The tree view of a position: which block moves keep a cycle, and what each step costs.

use super::*;

/// The graph the plan runs on: right-hand moves that keep the body's block edges a tree,
/// into cells that are free when the path arrives, minus the steps a failed plan took out.
///
/// The body changes as the path goes: after `t` moves its last `t` cells have left, and
/// with them the edges their steps fixed. The search ([`TimedSearch`]) tells the view how
/// many moves a path has taken, so a cell, an edge fixed by the body, or a block the body
/// holds counts as released when the path arrives after the moves that release it.
/// Whether the whole path keeps a cycle is checked after.
#[derive(Clone, Debug)]
pub(super) struct TreeView {
    pub(super) moves: BlockMoves,
    /// BlockMoves until each cell is free: 0 for empty cells, 1 for the tail, the body's
    /// length for the head.
    pub(super) free_after: Vec<u32>,
    /// BlockMoves until no body step fixes each edge as present, and as absent.
    pub(super) present_until: Vec<u32>,
    pub(super) absent_until: Vec<u32>,
    /// BlockMoves until each block holds no body cell.
    pub(super) block_until: Vec<u32>,
    /// The cells `free_after` marks.
    pub(super) body_cells: Vec<u32>,
    /// The moves since the last [`show`](Self::show): the times above count from it, so
    /// a path from the head starts at this many moves.
    pub(super) now: u32,
    /// Each cell's four neighbours, a wall or the board's edge given as the cell past the
    /// last, whose `free_after` is `u32::MAX`: the open-cell cost looks up four entries
    /// without working out coordinates.
    pub(super) neighbours: Vec<[u32; 4]>,
    /// Steps taken out: `2 * cell` for the in-block move, `2 * cell + 1` for the other.
    pub(super) removed: FixedBitSet,
    /// Whether any step has been taken out since the last show: most searches have none
    /// and skip the look-ups.
    pub(super) any_removed: bool,
    /// Each cell's moves side by side, for the search's inner loop.
    pub(super) cell_moves: Vec<CellMoves>,
    /// Each cell's column and row, for the search's estimate.
    pub(super) coordinates: Vec<(u32, u32)>,
    pub(super) costs: StepCosts,
}

/// A cell's two right-hand moves ([`BlockMoves`]), kept together so that a step of the
/// search reads them at once.
#[derive(Clone, Copy, Debug)]
pub(super) struct CellMoves {
    pub(super) inside: u32,
    pub(super) outside: u32,
    /// The edge the move out crosses, and the block it enters.
    pub(super) crossing: u32,
    pub(super) outside_block: u32,
}

/// Step costs of the plan (see [`BlockTreeAgent`], "The plan").
#[derive(Clone, Copy, Debug)]
pub(super) struct StepCosts {
    /// Back along a block edge the body still fixes: the tree does not grow.
    pub(super) back: u32,
    /// Inside a block.
    pub(super) inside: u32,
    /// Into a block the body has left: the tree grows by a block.
    pub(super) new_block: u32,
    /// Added on entering a cell with no wall, board edge or body cell next to it.
    pub(super) open: u32,
}

impl StepCosts {
    /// The agent's costs, in half moves: small integers keep A*'s frontier in its bucket
    /// queue.
    pub(super) const WEIGHED: StepCosts = StepCosts {
        back: 2,
        inside: 4,
        new_block: 5,
        open: 2,
    };
}

impl TreeView {
    /// The open-cell cost if no neighbour of `cell` is the board's edge, a wall or a body
    /// cell still held a move after a path arrives at `cell` in `arrival` moves, else 0.
    #[inline]
    pub(super) fn open_cost(&self, cell: u32, arrival: u32) -> u32 {
        let touches = self.neighbours[cell as usize]
            .iter()
            .any(|&next| self.free_after[next as usize] > arrival + 1);
        if touches {
            0
        } else {
            self.costs.open
        }
    }

    pub(super) fn new(moves: BlockMoves) -> Self {
        let layout = moves.layout();
        let len = layout.len();
        let edges = 2 * moves.blocks();
        let neighbours = (0..len as u32)
            .map(|cell| {
                layout.neighbours(cell).map(|next| {
                    if next == NONE || !layout.is_free(next) {
                        len as u32
                    } else {
                        next
                    }
                })
            })
            .collect();
        let mut free_after = vec![0; len + 1];
        free_after[len] = u32::MAX;
        TreeView {
            neighbours,
            free_after,
            now: 0,
            present_until: vec![0; edges],
            absent_until: vec![0; edges],
            block_until: vec![0; moves.blocks()],
            body_cells: Vec::with_capacity(len),
            removed: FixedBitSet::with_capacity(2 * len),
            any_removed: false,
            coordinates: (0..len as u32).map(|cell| layout.xy(cell)).collect(),
            cell_moves: (0..len as u32)
                .map(|cell| {
                    let outside = moves.outside(cell);
                    CellMoves {
                        inside: moves.inside(cell),
                        outside,
                        crossing: moves.crossing(cell),
                        outside_block: if outside == NONE {
                            NONE
                        } else {
                            moves.block_of(outside)
                        },
                    }
                })
                .collect(),
            moves,
            costs: StepCosts::WEIGHED,
        }
    }

    /// Shows the view the body: when each of its cells, fixed edges and blocks is
    /// released.
    pub(super) fn show(&mut self, body: &Body) {
        for &cell in &self.body_cells {
            self.free_after[cell as usize] = 0;
        }
        self.now = 0;
        self.body_cells.clear();
        self.present_until.fill(0);
        self.absent_until.fill(0);
        self.block_until.fill(0);
        let length = body.cells.len() as u32;
        for (i, &cell) in body.cells.iter().enumerate() {
            let free_after = length - i as u32;
            self.free_after[cell as usize] = free_after;
            self.body_cells.push(cell);
            let block = &mut self.block_until[self.moves.block_of(cell) as usize];
            *block = (*block).max(free_after);
            // The step from this cell to the one ahead leaves with this cell.
            if i > 0 {
                self.hold_step(cell, body.cells[i - 1], free_after);
            }
        }
        self.removed.clear();
        self.any_removed = false;
    }

    /// Holds the edge the body's step from `from` to `to` fixes, either way, until
    /// `until` at least.
    pub(super) fn hold_step(&mut self, from: u32, to: u32, until: u32) {
        let held = match self.moves.constraint(from, to) {
            Constraint::Present(edge) => &mut self.present_until[edge as usize],
            Constraint::Absent(edge) => &mut self.absent_until[edge as usize],
            Constraint::Free | Constraint::Invalid => return,
        };
        *held = (*held).max(until);
    }

    /// Shows the view `body` when the view last showed it one move earlier, before a move
    /// that did not eat: `O(1)` instead of [`show`](Self::show)'s `O(length + blocks)`.
    ///
    /// Release times count from the last full show, and [`now`](Self::now) moves on by
    /// one: the cells, edges and blocks the body still holds are released when they were,
    /// and only the new head and its step need times. The tail that has left keeps a time
    /// no later than `now`, which every comparison treats as released.
    pub(super) fn show_moved(&mut self, body: &Body) {
        self.now += 1;
        let head = body.cells[0];
        let length = body.cells.len() as u32;
        let released = self.now + length;
        self.free_after[head as usize] = released;
        self.body_cells.push(head);
        let block = &mut self.block_until[self.moves.block_of(head) as usize];
        *block = (*block).max(released);
        if let Some(&behind) = body.cells.get(1) {
            self.hold_step(behind, head, released - 1);
        }
        self.removed.clear();
        self.any_removed = false;
    }

    pub(super) fn remove(&mut self, from: u32, to: u32) {
        let outward = usize::from(to == self.moves.outside(from));
        self.removed.insert(2 * from as usize + outward);
        self.any_removed = true;
    }
}

impl TreeView {
    /// Calls `visit(next, cost)` for each step out of `cell` that a path which reached
    /// `cell` after `moves` moves may take.
    #[cfg(test)]
    pub(super) fn steps(&self, cell: u32, moves: u32, mut visit: impl FnMut(u32, u32)) {
        for (next, cost) in self.step_list(cell, moves) {
            if next != NONE {
                visit(next, cost);
            }
        }
    }

    /// The steps out of `cell` that a path which reached `cell` after `moves` moves may
    /// take, as `(next, cost)`, the move inside the block first; [`NONE`] for a step it
    /// may not take.
    #[inline(always)]
    pub(super) fn step_list(&self, cell: u32, moves: u32) -> [(u32, u32); 2] {
        let mut steps = [(NONE, 0); 2];
        let at = cell as usize;
        let arrival = moves + 1;
        let CellMoves {
            inside,
            outside,
            crossing: edge,
            outside_block,
        } = self.cell_moves[at];
        let removed = |bit: usize| self.any_removed && self.removed.contains(bit);
        // The head may enter a cell on the move that frees it.
        if inside != NONE
            && self.free_after[inside as usize] <= arrival
            && (edge == NONE || self.present_until[edge as usize] <= arrival)
            && !removed(2 * at)
        {
            steps[0] = (inside, self.costs.inside + self.open_cost(inside, arrival));
        }
        if outside != NONE
            && self.free_after[outside as usize] <= arrival
            && self.absent_until[edge as usize] <= arrival
            && !removed(2 * at + 1)
        {
            // Back along an edge the body still fixes, or into a block it has left.
            let edge = edge as usize;
            if self.present_until[edge] > arrival {
                steps[1] = (outside, self.costs.back + self.open_cost(outside, arrival));
            } else if self.block_until[outside_block as usize] <= arrival {
                steps[1] = (
                    outside,
                    self.costs.new_block + self.open_cost(outside, arrival),
                );
            }
        }
        steps
    }
}
