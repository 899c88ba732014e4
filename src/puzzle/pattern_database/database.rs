//! One pattern database: building it by a breadth-first search backwards from the goal,
//! and looking its entries up (see the [module documentation](super)).

use std::fmt;

use super::regions::{Cells, Regions};
use crate::puzzle::{PuzzleError, SlidingPuzzle, TileBoard};

/// Marks an entry not yet reached while building.
const UNSEEN: u8 = u8::MAX;
/// No database above a gigabyte of entries (of (placement, region) pairs while building a
/// compact one).
const MAX_ENTRIES: usize = 1 << 30;

/// Progress of a database build, reported after each BFS layer.
///
/// # Example
///
/// ```
/// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let mut layers = 0;
/// PatternDatabase::build_with_progress(&puzzle, puzzle.goal(), &[1, 2, 3], |p| {
///     assert!(p.filled <= p.entries);
///     layers += 1;
/// })
/// .unwrap();
/// assert!(layers > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The cost of the layer just finished.
    pub depth: u8,
    /// Entries known so far.
    pub filled: usize,
    /// Entries in all.
    pub entries: usize,
}

/// One pattern database: the exact number of pattern-tile moves from every placement of the
/// pattern tiles to their goal cells.
///
/// # Example
///
/// ```
/// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let goal = puzzle.goal();
/// let db = PatternDatabase::build(&puzzle, goal, &[1, 2, 3, 4]).unwrap();
/// // 9·8·7·6 placements, times 5 free cells to name the blank's region.
/// assert_eq!(db.len(), 9 * 8 * 7 * 6 * 5);
/// assert_eq!(db.distance(goal), Some(0));
/// // Tiles 1 and 2 swapped: at least three moves of pattern tiles.
/// let board = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
/// assert!(db.distance(board).unwrap() >= 3);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    pub(super) goal: TileBoard,
    pub(super) tiles: Vec<u8>,
    pub(super) entries: Vec<u8>,
    /// For the region holding each placement's lowest free cell (which holds the blank most
    /// of the time), its entry modulo 3, four to a byte: 1/40 of the size of `entries`, so
    /// incremental lookups mostly hit the cache (see [`PatternDatabase::step`]).
    first_region_mod3: Vec<u8>,
    /// The board shape's regions, for finding the blank's.
    regions: &'static Regions,
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("goal", &self.goal)
            .field("tiles", &self.tiles)
            .field("entries", &self.entries.len())
            .finish()
    }
}

/// `n! / (n - k)!`: the number of placements of `k` distinct tiles on `n` cells.
pub(super) fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The number of entries of a database of `k` tiles on `n` cells: one per placement and
/// free cell that can name the blank's region.
pub(super) fn slots(n: usize, k: usize) -> usize {
    placements(n, k) * (n - k)
}

/// The perfect hash of a placement given as `cell_of(i)` for pattern tile `i`.
///
/// Digit `i` is the cell's rank among the cells the earlier tiles left free: the cell minus
/// the number of earlier cells below it. Those counts are kept one nibble a cell, nibble `c`
/// counting the placed cells below `c`: placing a cell adds one to every nibble above it,
/// and no count passes 15, so nibbles never carry. That is one shift and one add a tile,
/// where comparing with every earlier cell took `k²/2` comparisons (and the baseline
/// x86-64 target has no `popcount` for the mask way): Korf's 100 with 6-6-3 spent about a
/// tenth of its time there.
#[inline(always)]
pub(super) fn placement_index(n: usize, k: usize, mut cell_of: impl FnMut(usize) -> u32) -> usize {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let mut below_counts = 0_u64;
    let mut index = 0;
    for i in 0..k {
        let cell = cell_of(i) & 0xF;
        let below = ((below_counts >> (4 * cell)) & 0xF) as u32;
        // The nibbles above `cell`: from `cell` on, then one further (cell 15 has none).
        below_counts += (ONES << (4 * cell)) << 4;
        index = index * (n - i) + (cell - below) as usize;
    }
    index
}

/// Where pattern tile `i` sits in a packed build state.
#[inline(always)]
fn tile_shift(i: usize) -> usize {
    4 * (15 - i)
}

/// Checks a pattern against a board of `n` cells and the tiles already taken (`taken` bits),
/// for a database of `entries(n, k)` entries for `k` tiles.
pub(super) fn check_pattern(
    n: usize,
    tiles: &[u8],
    taken: &mut u32,
    entries: fn(usize, usize) -> usize,
) -> Result<(), PuzzleError> {
    let bad = |reason: String| Err(PuzzleError::BadPattern { reason });
    if tiles.is_empty() {
        return bad("a pattern needs at least one tile".into());
    }
    if tiles.len() + 1 > n {
        return bad(format!(
            "{} tiles do not fit a board of {n} cells with a blank",
            tiles.len()
        ));
    }
    for &tile in tiles {
        if tile == 0 {
            return bad("the blank (0) cannot be a pattern tile".into());
        }
        if tile as usize >= n {
            return bad(format!("tile {tile} is not on a board of {n} cells"));
        }
        if *taken & (1 << tile) != 0 {
            return bad(format!("tile {tile} is in more than one pattern"));
        }
        *taken |= 1 << tile;
    }
    if entries(n, tiles.len()) > MAX_ENTRIES {
        return bad(format!(
            "a database of {} tiles on {n} cells is too large",
            tiles.len()
        ));
    }
    Ok(())
}

impl PatternDatabase {
    pub(super) fn new(goal: TileBoard, tiles: Vec<u8>, entries: Vec<u8>, cells: Cells) -> Self {
        let free = goal.len() - tiles.len();
        let mut first_region_mod3 = vec![0u8; (entries.len() / free).div_ceil(4)];
        for (placement, &entry) in entries.iter().step_by(free).enumerate() {
            first_region_mod3[placement / 4] |= (entry % 3) << (2 * (placement % 4));
        }
        PatternDatabase {
            goal,
            tiles,
            entries,
            first_region_mod3,
            regions: Regions::of(&cells),
        }
    }

    /// Builds the database of the pattern `tiles` for reaching `goal` on `puzzle`.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::SizeMismatch`] when `goal` is not a board of `puzzle`;
    /// [`PuzzleError::BadPattern`] for an empty pattern, the blank, a tile not on the board,
    /// a repeated tile, or a database of more than 2^30 entries.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3]).unwrap();
    /// assert_eq!(db.tiles(), [1, 2, 3]);
    /// assert!(PatternDatabase::build(&puzzle, puzzle.goal(), &[0, 1]).is_err());
    /// ```
    pub fn build(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        tiles: &[u8],
    ) -> Result<Self, PuzzleError> {
        Self::build_with_progress(puzzle, goal, tiles, |_| {})
    }

    /// [`build`](PatternDatabase::build), calling `progress` after each BFS layer.
    ///
    /// # Errors
    ///
    /// As [`build`](PatternDatabase::build).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let mut last = None;
    /// let db = PatternDatabase::build_with_progress(&puzzle, puzzle.goal(), &[1, 2], |p| last = Some(p)).unwrap();
    /// assert!(last.unwrap().filled <= db.len());
    /// ```
    pub fn build_with_progress(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        tiles: &[u8],
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PuzzleError> {
        puzzle.check_instance(goal, goal)?;
        let n = puzzle.cells();
        check_pattern(n, tiles, &mut 0, slots)?;
        let k = tiles.len();
        let free = (n - k) as u32;
        let count = slots(n, k);
        let mut entries = vec![UNSEEN; count];
        let cells = Cells::new(puzzle);
        let regions = Regions::of(&cells);

        // A state is a placement and the region of free cells the blank can roam without
        // moving a pattern tile: nibble 15 - i holds the cell of pattern tile i, nibble 0 the
        // lowest cell of the region, so states sort in the order of their slots. Free blank
        // moves stay inside the region, so every edge between states is one pattern-tile
        // move and a plain BFS finds the least costs. Visited states are also kept as bits:
        // eight times denser than the entries, so the one random access per generated state
        // mostly hits the cache.
        let slot = |state: u64| {
            let low = (state & 0xF) as u32;
            let mut below = 0;
            let placement = placement_index(n, k, |i| {
                let cell = ((state >> tile_shift(i)) & 0xF) as u32;
                below += u32::from(cell < low);
                cell
            });
            placement * free as usize + (low - below) as usize
        };
        let goal_cells = goal.positions();
        let mut start = 0;
        let mut occupied = 0u32;
        for (i, &tile) in tiles.iter().enumerate() {
            let cell = (goal_cells >> (4 * tile)) & 0xF;
            start |= cell << tile_shift(i);
            occupied |= 1 << cell;
        }
        let region = cells.flood(1 << goal.blank(), cells.all & !occupied);
        start |= u64::from(region.trailing_zeros());

        let mut visited = vec![0u64; count.div_ceil(64)];
        let start_slot = slot(start);
        entries[start_slot] = 0;
        visited[start_slot / 64] |= 1 << (start_slot % 64);
        let mut filled = 1;
        let mut layer = vec![start];
        let mut next = Vec::new();
        let mut depth = 0u8;
        while !layer.is_empty() {
            // In slot order, the moves of one tile in one direction sweep the visited bits
            // and the entries forwards instead of jumping about: far fewer cache misses.
            layer.sort_unstable();
            for &state in &layer {
                let occupied =
                    (0..k).fold(0u32, |mask, i| mask | 1 << ((state >> tile_shift(i)) & 0xF));
                let empty = cells.all & !occupied;
                // The blank's region is the one whose lowest cell the state names.
                let (low, lowest) = (state & 0xF, regions.lowest(occupied));
                for i in 0..k {
                    let from = ((state >> tile_shift(i)) & 0xF) as usize;
                    let mut targets = cells.neighbours[from] & empty;
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        if lowest >> (4 * to) & 0xF != low {
                            continue;
                        }
                        // The tile slides onto `to`; the blank is left on `from`.
                        let after = occupied & !(1 << from) | 1 << to;
                        let moved = (state & !(0xF << tile_shift(i)) & !0xF)
                            | u64::from(to) << tile_shift(i)
                            | regions.lowest(after) >> (4 * from) & 0xF;
                        let slot = slot(moved);
                        let (word, bit) = (slot / 64, 1 << (slot % 64));
                        if visited[word] & bit == 0 {
                            visited[word] |= bit;
                            entries[slot] = depth + 1;
                            filled += 1;
                            next.push(moved);
                        }
                    }
                }
            }
            progress(BuildProgress {
                depth,
                filled,
                entries: count,
            });
            std::mem::swap(&mut layer, &mut next);
            next.clear();
            depth += 1;
        }
        // Only the lowest cell of each region names it, so the other slots stay unused; and
        // when the pattern fills the board but for the blank, half the placements cannot
        // occur in a solvable board. 0 keeps all of them admissible.
        for entry in &mut entries {
            if *entry == UNSEEN {
                *entry = 0;
            }
        }
        Ok(PatternDatabase::new(goal, tiles.to_vec(), entries, cells))
    }

    /// The pattern tiles, in the order their cells are hashed.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(PatternDatabase::build(&puzzle, puzzle.goal(), &[3, 1]).unwrap().tiles(), [3, 1]);
    /// ```
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The goal the distances lead to.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(PatternDatabase::build(&puzzle, puzzle.goal(), &[1]).unwrap().goal(), puzzle.goal());
    /// ```
    pub fn goal(&self) -> TileBoard {
        self.goal
    }

    /// The number of entries: placements of the pattern tiles times free cells.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// // 4·3 placements of tiles 1 and 2, times 2 free cells.
    /// assert_eq!(PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap().len(), 24);
    /// ```
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The pattern-tile moves needed from `board`, or `None` for a board of another size
    /// than the database's.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1]).unwrap();
    /// let board = puzzle.parse("0 2 3 4 5 6 7 8 1").unwrap();
    /// assert_eq!(db.distance(board), Some(4)); // tile 1 is four cells from home
    /// assert_eq!(db.distance(SlidingPuzzle::new(4, 4).unwrap().goal()), None);
    /// ```
    pub fn distance(&self, board: TileBoard) -> Option<u8> {
        let same_size = board.width() == self.goal.width() && board.height() == self.goal.height();
        same_size.then(|| self.lookup(board.positions()))
    }

    /// Where the entry for the tile cells `positions` (cell of tile `t` in nibble `t`, the
    /// blank's in nibble 0) is: the placement, the region's rank among the free cells, and
    /// the number of free cells.
    #[inline(always)]
    fn locate(&self, positions: u64) -> (usize, u32, usize) {
        let (n, k) = (self.goal.len(), self.tiles.len());
        let mut occupied = 0u32;
        let placement = placement_index(n, k, |i| {
            let cell = ((positions >> (4 * self.tiles[i])) & 0xF) as u32;
            occupied |= 1 << cell;
            cell
        });
        let blank = (positions & 0xF) as u32;
        let rank = self.regions.rank(occupied, blank);
        (placement, rank, n - k)
    }

    /// The entry for the tile cells `positions`.
    #[inline(always)]
    pub(super) fn lookup(&self, positions: u64) -> u8 {
        let (placement, rank, free) = self.locate(positions);
        self.entries[placement * free + rank as usize]
    }

    /// The entry for `positions`, a board one move from one whose entry was `previous`.
    ///
    /// A move changes the entry by at most one (the database is consistent), so the entry
    /// modulo 3 tells which of `previous - 1`, `previous` and `previous + 1` it is: the
    /// compact table answers most lookups.
    #[inline(always)]
    pub(super) fn step(&self, positions: u64, previous: u8) -> u8 {
        let (placement, rank, free) = self.locate(positions);
        if rank != 0 {
            return self.entries[placement * free + rank as usize];
        }
        let residue = (self.first_region_mod3[placement / 4] >> (2 * (placement % 4))) & 3;
        // The step `(residue - previous) mod 3` is 0, 1 or 2 for no change, one more or one
        // less: picked from a constant instead of by a three-way branch, which mispredicted
        // on about a third of the lookups.
        let step = (residue + 3 - previous % 3) % 3;
        let one_more = (0b00_10_01_u8 >> (2 * step)) & 3;
        previous + one_more - 1
    }
}
