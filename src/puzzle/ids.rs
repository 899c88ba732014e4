//! Node ids for boards: an open-addressing table keyed by the packed cells.

use super::{SlidingPuzzle, TileBoard, NO_PARENT_CELL};
use crate::graph::IdLookup;
use crate::{NodeIds, PlanError};

/// The [`NodeIds`] of a [`SlidingPuzzle`]: ids handed out in discovery order, like
/// [`HashedIds`](crate::HashedIds), through a table made for boards.
///
/// A board's packed cells are its key, hashed with one multiplication (Fibonacci hashing)
/// and probed linearly in a power-of-two table that is never more than a quarter full for
/// boards of up to 9 cells and half full for larger ones. Slots
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
    /// The table for boards of at most [`COMPACT_CELLS`] cells, one `u64` a slot: the
    /// 36-bit key, a 9-bit search stamp and a 19-bit id. Half the size of a [`Slot`], so the
    /// table of the benchmark's largest 8-puzzle searches (tens of thousands of boards) takes
    /// about 1 MiB and stays in the second-level cache: with 16-byte slots the probe for a
    /// generated board missed it about once in seven.
    ///
    /// It is kept at most a quarter full, not half: a probe that meets another board
    /// mispredicts a branch, and at half load about one lookup in four of bidirectional BFS
    /// met one. A quarter full, the 8-puzzle benchmark's bidirectional BFS ran about 10%
    /// faster and A* 0–4%, though the table's misses in the first-level cache went up.
    compact: Vec<u64>,
    /// The table for larger boards.
    wide: Vec<Slot>,
    /// Which of the two this search uses.
    is_compact: bool,
    /// The packed cells of each id's board: half the size of a [`TileBoard`], which
    /// [`node`](NodeIds::node) rebuilds from the puzzle's size and the blank's cell. Boards
    /// of the compact table keep that cell in the four bits above their cells
    /// ([`BLANK_SHIFT`]); larger ones have no bits to spare and find it by the zero nibble.
    nodes: Vec<u64>,
    /// The current search's stamp: a slot written with another stamp is empty.
    stamp: u32,
    /// The stamp where a compact slot holds it, kept beside `stamp` so a lookup does not
    /// shift it into place every time.
    stamp_field: u64,
    /// `64 - log2(table length)`: the shift that turns a hash into a slot index.
    shift: u32,
    /// The table grows before it holds this many boards (a quarter of its slots for the
    /// compact table, half for the wide one), one comparison per lookup instead of
    /// recomputing the load.
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

/// Boards of up to 9 cells have keys of 36 bits and fewer than `2^19` arrangements
/// (`9! = 362,880`), which leaves 9 bits of a `u64` slot for the stamp.
const COMPACT_CELLS: usize = 9;
const ID_BITS: u32 = 19;
const ID_MASK: u64 = (1 << ID_BITS) - 1;
const KEY_SHIFT: u32 = 28;
/// Where a compact board's entry in `nodes` keeps its blank's cell.
const BLANK_SHIFT: u32 = 4 * COMPACT_CELLS as u32;
const KEY_MASK: u64 = (1 << BLANK_SHIFT) - 1;
const MAX_COMPACT_STAMP: u32 = (1 << (KEY_SHIFT - ID_BITS)) - 1;
/// The bits of a compact slot that hold its stamp.
const STAMP_FIELD: u64 = (MAX_COMPACT_STAMP as u64) << ID_BITS;

impl BoardIds {
    fn set_stamp(&mut self, stamp: u32) {
        self.stamp = stamp;
        self.stamp_field = (u64::from(stamp) << ID_BITS) & STAMP_FIELD;
    }

    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn table_len(&self) -> usize {
        if self.is_compact {
            self.compact.len()
        } else {
            self.wide.len()
        }
    }

    /// Replaces the current layout's table by an empty one of `capacity` slots.
    fn fresh(&mut self, capacity: usize) {
        if self.is_compact {
            self.compact = vec![0; capacity];
            self.wide = Vec::new();
        } else {
            self.wide = vec![Slot::default(); capacity];
            self.compact = Vec::new();
        }
        self.set_stamp(1);
        self.shift = 64 - capacity.trailing_zeros();
        self.limit = if self.is_compact {
            capacity / 4
        } else {
            capacity / 2
        };
    }

    /// Doubles the table and puts every board of the search back.
    #[cold]
    fn grow(&mut self) {
        self.fresh((self.table_len() * 2).max(FIRST_CAPACITY));
        let nodes = std::mem::take(&mut self.nodes);
        let key_mask = if self.is_compact { KEY_MASK } else { u64::MAX };
        for &entry in &nodes {
            self.insert(entry & key_mask);
        }
        self.nodes = nodes;
    }

    /// Inserts `key`, which the table does not hold, with the next id.
    fn insert(&mut self, key: u64) -> u32 {
        let id = self.nodes.len() as u32;
        if self.is_compact {
            let mask = self.compact.len() - 1;
            let mut at = self.home(key);
            while self.compact[at] & STAMP_FIELD == self.stamp_field {
                at = (at + 1) & mask;
            }
            self.compact[at] = (key << KEY_SHIFT) | self.stamp_field | u64::from(id);
        } else {
            let mask = self.wide.len() - 1;
            let mut at = self.home(key);
            while self.wide[at].stamp == self.stamp {
                at = (at + 1) & mask;
            }
            self.wide[at] = Slot {
                key,
                id,
                stamp: self.stamp,
            };
        }
        self.nodes.push(key);
        id
    }
    /// [`NodeIds::id`] in the compact table, for a board with cells `key` and its blank on
    /// `blank`.
    #[inline(always)]
    fn compact_id(&mut self, key: u64, blank: usize) -> u32 {
        debug_assert!(
            key >> (4 * COMPACT_CELLS) == 0,
            "a board of more than 9 cells"
        );
        let tag = (key << KEY_SHIFT) | self.stamp_field;
        let mask = self.compact.len() - 1;
        let mut at = self.home(key);
        loop {
            let slot = self.compact[at];
            if slot & !ID_MASK == tag {
                return (slot & ID_MASK) as u32;
            }
            if slot & STAMP_FIELD != self.stamp_field {
                // At most 9! ids, below 2^19.
                let id = self.nodes.len() as u32;
                self.compact[at] = tag | u64::from(id);
                self.nodes.push(key | (blank as u64) << BLANK_SHIFT);
                return id;
            }
            at = (at + 1) & mask;
        }
    }

    /// [`NodeIds::id`] in the wide table.
    #[inline(always)]
    fn wide_id(&mut self, key: u64) -> Result<u32, PlanError> {
        let mask = self.wide.len() - 1;
        let mut at = self.home(key);
        loop {
            let slot = self.wide[at];
            if slot.stamp != self.stamp {
                let id = u32::try_from(self.nodes.len()).map_err(|_| PlanError::TooManyNodes)?;
                self.wide[at] = Slot {
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
}

impl NodeIds<SlidingPuzzle> for BoardIds {
    const DISCOVERY_ORDER: bool = true;

    fn reset(&mut self, graph: &SlidingPuzzle) -> Result<usize, PlanError> {
        self.nodes.clear();
        let compact = graph.cells() <= COMPACT_CELLS;
        let max_stamp = if compact { MAX_COMPACT_STAMP } else { u32::MAX };
        if compact != self.is_compact || self.table_len() == 0 {
            self.is_compact = compact;
            self.fresh(FIRST_CAPACITY);
        } else if self.stamp == max_stamp {
            let capacity = self.table_len();
            self.fresh(capacity);
        } else {
            self.set_stamp(self.stamp + 1);
        }
        Ok(0)
    }

    #[inline(always)]
    fn id(&mut self, _graph: &SlidingPuzzle, board: TileBoard) -> Result<u32, PlanError> {
        if self.nodes.len() >= self.limit {
            self.grow();
        }
        if self.is_compact {
            Ok(self.compact_id(board.packed(), board.blank()))
        } else {
            self.wide_id(board.packed())
        }
    }

    #[inline(always)]
    fn node(&self, graph: &SlidingPuzzle, id: u32) -> TileBoard {
        let entry = self.nodes[id as usize];
        let (cells, blank) = self.cells_and_blank(entry, graph);
        TileBoard::from_packed(cells, blank, graph.width(), graph.height())
    }

    /// Leaves out the slide back to the parent's board, found from the parent's blank cell
    /// without a branch per move: the puzzle keeps, for each blank cell, its list of slides
    /// with each neighbour left out in turn.
    #[inline(always)]
    fn successors_skipping_parent(
        &mut self,
        graph: &SlidingPuzzle,
        node: TileBoard,
        _id: u32,
        parent: Option<u32>,
        mut visit: impl FnMut(TileBoard, u32, u32),
    ) -> Result<(), PlanError> {
        let parent_blank = match parent {
            Some(parent) => self.cells_and_blank(self.nodes[parent as usize], graph).1,
            None => NO_PARENT_CELL,
        };
        let mut lookup = IdLookup::new(self);
        graph.slides_except(node, parent_blank, |next, cost| {
            lookup.visit(graph, next, cost, &mut visit)
        });
        lookup.finish()
    }

    /// As [`successors_skipping_parent`](Self::successors_skipping_parent): every slide can
    /// be undone, so a board's predecessors are its successors.
    #[inline(always)]
    fn predecessors_skipping_parent(
        &mut self,
        graph: &SlidingPuzzle,
        node: TileBoard,
        id: u32,
        parent: Option<u32>,
        visit: impl FnMut(TileBoard, u32, u32),
    ) -> Result<(), PlanError> {
        self.successors_skipping_parent(graph, node, id, parent, visit)
    }
}

impl BoardIds {
    /// The packed cells and the blank's cell of an entry of `nodes`.
    #[inline(always)]
    fn cells_and_blank(&self, entry: u64, graph: &SlidingPuzzle) -> (u64, usize) {
        if self.is_compact {
            (entry & KEY_MASK, (entry >> BLANK_SHIFT) as usize)
        } else {
            (entry, blank_of(entry, graph.cells()))
        }
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

    #[test]
    fn skipping_the_parent_leaves_out_exactly_the_parent() {
        use crate::Graph;
        for (width, height) in [(2, 2), (3, 3), (2, 4), (4, 3), (4, 4)] {
            let puzzle = SlidingPuzzle::new(width, height).unwrap();
            let mut ids = BoardIds::default();
            ids.reset(&puzzle).unwrap();
            for seed in 0..100 {
                let board = puzzle.random_board(puzzle.goal(), seed);
                let id = ids.id(&puzzle, board).unwrap();
                let mut all = Vec::new();
                puzzle.successors(board, |next, _| all.push(next));
                let mut unskipped = Vec::new();
                ids.successors_skipping_parent(&puzzle, board, id, None, |next, next_id, _| {
                    unskipped.push((next, next_id))
                })
                .unwrap();
                for &(next, next_id) in &unskipped {
                    assert_eq!(ids.node(&puzzle, next_id), next);
                }
                let unskipped: Vec<TileBoard> = unskipped.iter().map(|&(next, _)| next).collect();
                assert_eq!(unskipped, all);
                for &parent in &all {
                    let parent_id = ids.id(&puzzle, parent).unwrap();
                    let mut kept = Vec::new();
                    ids.successors_skipping_parent(
                        &puzzle,
                        board,
                        id,
                        Some(parent_id),
                        |n, _, _| kept.push(n),
                    )
                    .unwrap();
                    let expected: Vec<TileBoard> =
                        all.iter().copied().filter(|&n| n != parent).collect();
                    assert_eq!(kept, expected, "{width}x{height} seed {seed}");
                    let mut kept_backwards = Vec::new();
                    ids.predecessors_skipping_parent(
                        &puzzle,
                        board,
                        id,
                        Some(parent_id),
                        |n, _, _| kept_backwards.push(n),
                    )
                    .unwrap();
                    assert_eq!(kept_backwards, expected);
                    let mut except = Vec::new();
                    puzzle.successors_except(board, parent, |n, _| except.push(n));
                    assert_eq!(except, expected);
                }
                // A board that is not a successor leaves nothing out.
                for other in [puzzle.random_board(puzzle.goal(), seed + 1000), board] {
                    if all.contains(&other) {
                        continue;
                    }
                    let mut except = Vec::new();
                    puzzle.successors_except(board, other, |n, _| except.push(n));
                    assert_eq!(except, all, "{width}x{height} seed {seed}");
                }
            }
        }
    }

    /// `DISCOVERY_ORDER` is a promise planners act on without checking: every id a lookup
    /// hands out, through `id` or the successor methods, is the number of boards met before.
    #[test]
    fn ids_come_in_discovery_order_through_every_lookup() {
        const _: () = assert!(<BoardIds as NodeIds<SlidingPuzzle>>::DISCOVERY_ORDER);
        // A 3×3 board uses the compact table, a 4×4 one the wide table; 3,000 boards make
        // both grow at least once.
        for (width, height) in [(3, 3), (4, 4)] {
            let puzzle = SlidingPuzzle::new(width, height).unwrap();
            let mut ids = BoardIds::default();
            for search in 0..3 {
                ids.reset(&puzzle).unwrap();
                let mut met: Vec<TileBoard> = Vec::new();
                let check = |met: &mut Vec<TileBoard>, board: TileBoard, id: u32| {
                    if let Some(known) = met.iter().position(|&b| b == board) {
                        assert_eq!(id as usize, known, "{width}x{height} search {search}");
                    } else {
                        assert_eq!(id as usize, met.len(), "{width}x{height} search {search}");
                        met.push(board);
                    }
                };
                let start = puzzle.random_board(puzzle.goal(), search);
                let start_id = ids.id(&puzzle, start).unwrap();
                check(&mut met, start, start_id);
                let mut next = 0;
                while met.len() < 3000 {
                    let (board, id) = (met[next], next as u32);
                    let parent = id.checked_sub(1);
                    let mut seen = Vec::new();
                    if next % 2 == 0 {
                        ids.successors_skipping_parent(&puzzle, board, id, parent, |b, i, _| {
                            seen.push((b, i))
                        })
                    } else {
                        ids.predecessors_skipping_parent(&puzzle, board, id, parent, |b, i, _| {
                            seen.push((b, i))
                        })
                    }
                    .unwrap();
                    for (b, i) in seen {
                        check(&mut met, b, i);
                    }
                    next += 1;
                }
            }
        }
    }

    #[test]
    fn every_search_starts_empty_across_stamp_wraps_and_sizes() {
        let small = SlidingPuzzle::new(3, 3).unwrap();
        let large = SlidingPuzzle::new(4, 4).unwrap();
        let mut ids = BoardIds::default();
        // More searches than the compact table's 511 stamps, switching sizes now and then,
        // with enough boards to make the table grow.
        for search in 0..1200u64 {
            let puzzle = if search % 97 == 0 { &large } else { &small };
            ids.reset(puzzle).unwrap();
            let count = if search % 50 == 0 { 5000 } else { 3 };
            let boards: Vec<TileBoard> = (0..count)
                .map(|seed| puzzle.random_board(puzzle.goal(), search * 10_000 + seed))
                .collect();
            let mut distinct = Vec::new();
            for &board in &boards {
                let id = ids.id(puzzle, board).unwrap();
                if id as usize == distinct.len() {
                    distinct.push(board);
                }
                assert_eq!(distinct[id as usize], board, "search {search}");
            }
            for &board in &boards {
                let id = ids.id(puzzle, board).unwrap();
                assert_eq!(ids.node(puzzle, id), board);
            }
        }
    }
}
