//! The snake's body as the block tree sees it: its cells and the tree constraints its
//! steps imply.

use super::*;

/// A snake body with the tree constraints its steps imply, counted per edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Body {
    /// Head first.
    pub(super) cells: VecDeque<u32>,
    pub(super) occupied: FixedBitSet,
    pub(super) present: Vec<u16>,
    pub(super) absent: Vec<u16>,
    /// Body cells per block.
    pub(super) load: Vec<u16>,
    /// Steps that are not right-hand moves.
    pub(super) invalid: u32,
    /// Edges fixed as present and blocks holding a body cell, kept as the counts change
    /// so that the safety test only has to walk the blocks.
    pub(super) present_edges: u32,
    pub(super) held_blocks: u32,
}

impl Body {
    pub(super) fn clear(&mut self, moves: &BlockMoves) {
        self.cells.clear();
        self.occupied.clear();
        self.occupied.grow(moves.layout().len());
        self.present.clear();
        self.present.resize(2 * moves.blocks(), 0);
        self.absent.clear();
        self.absent.resize(2 * moves.blocks(), 0);
        self.load.clear();
        self.load.resize(moves.blocks(), 0);
        self.invalid = 0;
        self.present_edges = 0;
        self.held_blocks = 0;
    }

    pub(super) fn copy_from(&mut self, other: &Body) {
        self.cells.clone_from(&other.cells);
        self.occupied.clone_from(&other.occupied);
        self.present.clone_from(&other.present);
        self.absent.clone_from(&other.absent);
        self.load.clone_from(&other.load);
        self.invalid = other.invalid;
        self.present_edges = other.present_edges;
        self.held_blocks = other.held_blocks;
    }

    pub(super) fn count(&mut self, constraint: Constraint, by: i32) {
        // How many edges or blocks start or stop being counted when a counter moves by `by`.
        let change = |counter: &mut u16| -> i32 {
            let before = *counter;
            *counter = (before as i32 + by) as u16;
            i32::from(*counter > 0) - i32::from(before > 0)
        };
        match constraint {
            Constraint::Free => {}
            Constraint::Present(edge) => {
                let changed = change(&mut self.present[edge as usize]);
                self.present_edges = (self.present_edges as i32 + changed) as u32;
            }
            Constraint::Absent(edge) => {
                self.absent[edge as usize] = (self.absent[edge as usize] as i32 + by) as u16;
            }
            Constraint::Invalid => self.invalid = (self.invalid as i32 + by) as u32,
        }
    }

    pub(super) fn push_head(&mut self, moves: &BlockMoves, cell: u32) {
        if let Some(&head) = self.cells.front() {
            self.count(moves.constraint(head, cell), 1);
        }
        self.cells.push_front(cell);
        self.occupied.insert(cell as usize);
        let load = &mut self.load[moves.block_of(cell) as usize];
        self.held_blocks += u32::from(*load == 0);
        *load += 1;
    }

    pub(super) fn pop_tail(&mut self, moves: &BlockMoves) {
        let tail = self.cells.pop_back().expect("a body has a tail");
        if let Some(&next) = self.cells.back() {
            self.count(moves.constraint(tail, next), -1);
        }
        self.occupied.set(tail as usize, false);
        let load = &mut self.load[moves.block_of(tail) as usize];
        *load -= 1;
        self.held_blocks -= u32::from(*load == 0);
    }

    /// Whether the head may move to `cell`: a free cell the body does not hold, or the
    /// tail's cell when the tail moves away (no food eaten).
    pub(super) fn may_enter(&self, cell: u32, eats: bool) -> bool {
        cell != NONE
            && (!self.occupied.contains(cell as usize)
                || (!eats && self.cells.len() > 1 && self.cells.back() == Some(&cell)))
    }

    /// BlockMoves the head to `cell`; the tail follows unless the snake eats.
    pub(super) fn advance(&mut self, moves: &BlockMoves, cell: u32, eats: bool) {
        if !eats {
            self.pop_tail(moves);
        }
        self.push_head(moves, cell);
    }

    /// The safety test after the head moves to `cell` (which it may enter), for a body
    /// that passes it now, without moving the body: `O(1)` for most moves.
    ///
    /// The tail's step, which leaves unless the snake eats, only loosens the test, so only
    /// the head's new step can make it fail. A step that fixes an edge as present closes a
    /// cycle of such edges exactly when the block it enters holds a body cell: the body's
    /// steps between blocks all fix edges as present, so every block it holds is joined to
    /// the head's by them. A step that fixes an edge as absent disconnects the blocks
    /// exactly when no other path of edges not fixed as absent joins the two blocks of
    /// that edge, which a walk that stops on finding one settles. (No step fixes an edge
    /// the body fixes the other way: see [`has_cycle`](Self::has_cycle).)
    pub(super) fn passes_after_move(
        &self,
        moves: &BlockMoves,
        cell: u32,
        eats: bool,
        test: &mut TreeTest,
    ) -> bool {
        let length = self.cells.len();
        if !eats && length == 1 {
            // The snake moves whole: no step is left to fix anything.
            return true;
        }
        let head = self.cells[0];
        // The counts once the tail has left.
        let (mut left_absent, mut left_block) = (NONE, NONE);
        if !eats {
            let tail = self.cells[length - 1];
            left_block = moves.block_of(tail);
            if let Constraint::Absent(edge) = moves.constraint(tail, self.cells[length - 2]) {
                left_absent = edge;
            }
        }
        let absent = |edge: u32| self.absent[edge as usize] - u16::from(edge == left_absent);
        match moves.constraint(head, cell) {
            Constraint::Free => true,
            Constraint::Invalid => false,
            Constraint::Present(edge) => {
                // An edge the body already crosses, even if only by the tail's step: the
                // rest of the body joins the two blocks across it only through it, or the
                // tree the body passes with would hold a cycle.
                if self.present[edge as usize] > 0 {
                    return true;
                }
                let block = moves.block_of(cell);
                self.load[block as usize] - u16::from(block == left_block) == 0
            }
            Constraint::Absent(edge) => {
                if absent(edge) > 0 {
                    return true;
                }
                let (a, b) = (moves.block_of(head), moves.block_of(moves.outside(head)));
                moves.joined(a, b, edge, |other| absent(other) == 0, test)
            }
        }
    }

    /// The safety test: some spanning tree of the blocks contains every edge the body
    /// fixes as present and none it fixes as absent ([`BlockMoves::tree_exists`]).
    ///
    /// With every step a right-hand move, the body's steps between blocks all fix edges
    /// as present, so those edges join the blocks the body holds: they form a tree, as
    /// the test asks, exactly when there is one fewer of them than of those blocks. No
    /// edge is fixed both ways: of the four right-hand steps that fix an edge (out of a
    /// block across it or staying in, from either of the two cells that face it), a step
    /// that fixes it as present and one that fixes it as absent always leave the same
    /// cell or enter the same cell, which a body's steps never do. What is left to walk is
    /// whether the edges not fixed as absent connect the blocks.
    pub(super) fn has_cycle(&self, moves: &BlockMoves, test: &mut TreeTest) -> bool {
        self.invalid == 0
            && self.present_edges + 1 == self.held_blocks
            && moves.connected_without(&self.absent, test)
    }
}
