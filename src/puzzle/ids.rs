//! Node ids for boards: an open-addressing table keyed by the packed cells.

use super::{Board, SlidingPuzzle};
use crate::{NodeIds, PlanError};

/// The [`NodeIds`] of a [`SlidingPuzzle`]: ids handed out in discovery order, like
/// [`HashedIds`](crate::HashedIds), through a table made for boards.
///
/// A board's packed cells are its key, hashed with one multiplication (Fibonacci hashing)
/// and probed linearly in a power-of-two table that is never more than half full. Slots
/// carry the stamp of the search that wrote them, so starting a search is `O(1)` and the
/// table keeps its capacity. Because ids follow discovery order, a planner's records for a
/// search are one compact array: a search that reaches 25,000 boards touches 300 KB of
/// records, where an index over all `9!` 8-puzzle boards spreads them over 4 MB, which is
/// why A* and bidirectional BFS run faster on [`SlidingPuzzle`] than on
/// [`RankedPuzzle`](crate::puzzle::RankedPuzzle) unless a search reaches most of the space.
///
/// # Example
///
/// ```
/// use replan::puzzle::{BoardIds, SlidingPuzzle};
/// use replan::NodeIds;
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let mut ids = BoardIds::default();
/// ids.reset(&puzzle).unwrap();
/// let goal = puzzle.goal();
/// assert_eq!(ids.id(&puzzle, goal).unwrap(), 0);
/// assert_eq!(ids.node(&puzzle, 0), goal);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BoardIds {
    slots: Vec<Slot>,
    /// The packed cells of each id's board: half the size of a [`Board`], which
    /// [`node`](NodeIds::node) rebuilds from the puzzle's size and the zero nibble.
    nodes: Vec<u64>,
    stamp: u32,
    /// `64 - log2(slots.len())`: the shift that turns a hash into a slot index.
    shift: u32,
    /// The table grows before it holds this many boards (half its slots), one comparison
    /// per lookup instead of recomputing the load.
    limit: usize,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    id: u32,
    /// The search that wrote the slot; any other value means empty.
    stamp: u32,
}

const FIRST_CAPACITY: usize = 1 << 12;

impl BoardIds {
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Doubles the table and puts every board of the search back.
    #[cold]
    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(FIRST_CAPACITY);
        self.slots = vec![Slot::default(); capacity];
        self.stamp = 1;
        self.shift = 64 - capacity.trailing_zeros();
        self.limit = capacity / 2;
        let mask = capacity - 1;
        for (id, &key) in self.nodes.iter().enumerate() {
            let mut at = self.home(key);
            while self.slots[at].stamp == self.stamp {
                at = (at + 1) & mask;
            }
            self.slots[at] = Slot {
                key,
                id: id as u32,
                stamp: self.stamp,
            };
        }
    }
}

impl NodeIds<SlidingPuzzle> for BoardIds {
    fn reset(&mut self, _graph: &SlidingPuzzle) -> Result<usize, PlanError> {
        self.nodes.clear();
        if self.slots.is_empty() {
            self.grow();
        } else if self.stamp == u32::MAX {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        } else {
            self.stamp += 1;
        }
        Ok(0)
    }

    #[inline]
    fn id(&mut self, _graph: &SlidingPuzzle, board: Board) -> Result<u32, PlanError> {
        if self.nodes.len() >= self.limit {
            self.grow();
        }
        let key = board.packed();
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            let slot = self.slots[at];
            if slot.stamp != self.stamp {
                let id = u32::try_from(self.nodes.len()).map_err(|_| PlanError::TooManyNodes)?;
                self.slots[at] = Slot {
                    key,
                    id,
                    stamp: self.stamp,
                };
                self.nodes.push(key);
                return Ok(id);
            }
            if slot.key == key {
                return Ok(slot.id);
            }
            at = (at + 1) & mask;
        }
    }

    #[inline(always)]
    fn node(&self, graph: &SlidingPuzzle, id: u32) -> Board {
        let cells = self.nodes[id as usize];
        Board::from_packed(
            cells,
            blank_of(cells, graph.cells()),
            graph.width(),
            graph.height(),
        )
    }
}

/// The cell of the zero nibble among the first `cells` nibbles of `packed`, which hold a
/// permutation of `0..cells` and so exactly one zero.
#[inline(always)]
fn blank_of(packed: u64, cells: usize) -> usize {
    const LOW: u64 = 0x1111_1111_1111_1111;
    // Bit 4i is set when nibble i is non-zero; cells past the board read as non-zero.
    let nonzero = (packed | packed >> 1 | packed >> 2 | packed >> 3) & LOW;
    let outside = LOW.checked_shl(4 * cells as u32).unwrap_or(0);
    ((!(nonzero | outside) & LOW).trailing_zeros() / 4) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_come_back_whole_from_their_packed_cells() {
        for (width, height) in [(2, 2), (3, 2), (3, 3), (2, 5), (4, 3), (4, 4), (2, 8)] {
            let puzzle = SlidingPuzzle::new(width, height).unwrap();
            let mut ids = BoardIds::default();
            ids.reset(&puzzle).unwrap();
            for seed in 0..200 {
                let board = puzzle.random_board(puzzle.goal(), seed);
                let id = ids.id(&puzzle, board).unwrap();
                assert_eq!(ids.node(&puzzle, id), board);
            }
        }
    }
}
