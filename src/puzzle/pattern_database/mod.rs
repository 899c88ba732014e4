//! Pattern databases (Culberson and Schaeffer, "Pattern Databases", Computational
//! Intelligence 14(3), 1998), added up over disjoint patterns (Korf and Felner, "Disjoint
//! pattern database heuristics", Artificial Intelligence 134, 2002; Felner, Korf and Hanan,
//! "Additive pattern database heuristics", JAIR 22, 2004).
//!
//! A [`PatternDatabase`] for a set of *pattern tiles* stores the least number of moves *of
//! pattern tiles* that bring them to their goal cells, the other tiles being
//! indistinguishable. Because only pattern-tile moves are counted, databases over disjoint
//! patterns can be added and stay admissible ([`AdditivePdb`]).
//!
//! # Why the blank's region is part of the entry
//!
//! Korf and Felner store one value per placement of the pattern tiles, the minimum over all
//! positions of the blank. That is admissible but not consistent: the minimum may be reached
//! with the blank walled off in another region of free cells than the one it is in, and
//! after one move the value can rise or fall by more than one (by three on a 2×4 board in
//! our property tests). Here an entry is kept per placement *and region of the free cells
//! the blank is in* (the cells it can reach without moving a pattern tile). That is an exact
//! abstraction of the puzzle: a move is one step in it or none, so each database is
//! consistent, and on Korf's 15-puzzle instances IDA* expands about a third fewer nodes
//! than with the minimum over the blank.
//!
//! # Layout and construction
//!
//! - One byte per (placement, region), indexed by a perfect hash: the placement
//!   `(p_0, …, p_{k-1})` of `k` tiles on `n` cells is ranked as a `k`-permutation of `n`
//!   (mixed radix `n, n-1, …`, each digit the cell's rank among the cells not yet taken),
//!   times the `n - k` free cells, plus the rank of the region's lowest cell among the free
//!   ones. A 6-tile database of the 15-puzzle has `16!/10! · 10 = 57,657,600` entries
//!   (55 MiB); the 6-6-3 partition needs 111 MiB in all. Slots of cells that are not the
//!   lowest of their region are never read.
//! - A lookup reads the rank of the blank's region from a table over every set of taken
//!   cells, so it costs `O(k)` word operations and two memory accesses. The table (and one
//!   of each region's lowest cell, for building) is made once per board shape and process
//!   with flood fills on 16-bit masks, and shared by every database of that shape: 1 MiB
//!   for 16 cells, a few milliseconds to fill.
//! - For the IDA* hot loop, the entry of each placement's *first* region (the one holding
//!   its lowest free cell, where the blank is most of the time) is also kept modulo 3, two
//!   bits each (the trick two-bit breadth-first searches use for their levels): a database
//!   changes by at most one per move, so from the parent's value the residue tells the
//!   child's. That table is 1.4 MiB for a 6-tile database, so it mostly stays in cache
//!   where the full one (55 MiB) would not.
//! - Built by a breadth-first search backwards from the goal over (placement, region)
//!   states, each layer sorted so that its moves sweep memory forwards: blank moves inside a region are free and stay in the state, so every edge is
//!   one pattern-tile move and a plain BFS gives least costs. A bit per entry marks the
//!   visited states, so the duplicate check touches 7 MiB rather than 55.
//! - Saved as a header (magic, version, board size, goal, pattern), the entries, and an
//!   FNV-1a checksum; loading checks all of it and the exact size, so a truncated or
//!   corrupted file is an error, never a wrong heuristic.
//!
//! # Reflection
//!
//! On a square board whose goal has the blank on the main diagonal, transposing the board
//! (and renaming each tile to the goal tile on its transposed goal cell) is a symmetry that
//! maps the goal to itself, so the same databases, looked up on the transposed board, give a
//! second admissible estimate; [`AdditivePdb`] takes the larger of the two.
//!
//! # Complexity
//!
//! An incremental update after a move touches one database (two with the reflection).
//! Building visits each (placement, region) state once and each of its moves once, in time
//! `O(entries · k)` and memory `O(entries)` (about 1.3 bytes an entry at the peak).

use std::fmt;
use std::io::{self, Read, Write};
use std::path::Path as FilePath;
use std::sync::OnceLock;

use super::{Board, Manhattan, PuzzleError, SlidingPuzzle};
use crate::{Heuristic, IncrementalHeuristic};

/// Marks an entry not yet reached while building.
const UNSEEN: u8 = u8::MAX;
/// Marks a tile that belongs to no pattern.
const NO_PATTERN: u8 = u8::MAX;
/// At most this many patterns in an [`AdditivePdb`], so its per-node state stays small.
const MAX_PATTERNS: usize = 8;
/// No database above a gigabyte of entries.
const MAX_ENTRIES: usize = 1 << 30;

const DATABASE_MAGIC: &[u8; 8] = b"replnPDB";
const ADDITIVE_MAGIC: &[u8; 8] = b"replnAPD";
const FORMAT_VERSION: u32 = 1;

/// Why a pattern-database file could not be saved or loaded.
///
/// # Example
///
/// ```
/// use replan::puzzle::{DatabaseError, PatternDatabase};
/// let err = PatternDatabase::from_bytes(b"not a database").unwrap_err();
/// assert!(matches!(err, DatabaseError::NotADatabase));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatabaseError {
    /// Reading or writing the file failed.
    #[error("pattern database file: {0}")]
    Io(#[from] io::Error),
    /// The file does not start with the pattern-database magic bytes.
    #[error("not a pattern database file")]
    NotADatabase,
    /// The file was written by another version of the format.
    #[error("pattern database format version {0} is not supported (expected {FORMAT_VERSION})")]
    UnsupportedVersion(u32),
    /// The file ends before the size its header announces.
    #[error("pattern database file is truncated: {expected} bytes expected, {found} found")]
    Truncated {
        /// The size the header announces.
        expected: u64,
        /// The size of the file.
        found: u64,
    },
    /// The file is longer than its header announces.
    #[error("pattern database file has {0} bytes after its end")]
    TrailingBytes(u64),
    /// The checksum does not match the contents.
    #[error("pattern database file is corrupt: checksum mismatch")]
    ChecksumMismatch,
    /// The header describes an impossible board or pattern, or the databases of an additive
    /// file do not fit together.
    #[error("pattern database file describes an invalid database: {0}")]
    Invalid(#[from] PuzzleError),
}

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
    goal: Board,
    tiles: Vec<u8>,
    entries: Vec<u8>,
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
fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The number of entries of a database of `k` tiles on `n` cells: one per placement and
/// free cell that can name the blank's region.
fn slots(n: usize, k: usize) -> usize {
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
fn placement_index(n: usize, k: usize, mut cell_of: impl FnMut(usize) -> u32) -> usize {
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

/// The board's cells as bit masks, for flood fills of the blank's region.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cells {
    all: u32,
    neighbours: [u32; 16],
    /// Cells not in the first column, and not in the last.
    not_first_column: u32,
    not_last_column: u32,
    width: u32,
}

/// For every set of taken cells (a `u32` mask, as an index), the region of each other cell:
/// nibble `c` of `ranks` holds the rank, among the free cells, of the lowest cell of the
/// region holding cell `c` (0 for the region of the lowest free cell), and nibble `c` of
/// `lowest` that lowest cell itself.
///
/// A lookup needs that rank for the blank's cell. Six tiles on the 15-puzzle's board split
/// the free cells into several regions about one time in three, unpredictably, so a flood
/// fill from the blank took about ten rounds with a mispredicted exit, and a fifth of IDA*'s
/// instructions on Korf's 100; one load and a shift now answer every case. Built once per
/// board shape, in a few milliseconds: `2^n` entries, 512 KiB for 16 cells. Building a
/// database names regions by their lowest cell, and reads it from `lowest` for every move
/// instead of a flood fill (a third of the build's instructions); another 512 KiB.
#[derive(Debug, PartialEq, Eq)]
struct Regions {
    ranks: Vec<u64>,
    lowest: Vec<u64>,
}

impl Regions {
    /// The tables of the board shape of `cells`, made on first use and shared since.
    fn of(cells: &Cells) -> &'static Regions {
        // Indexed by width and height, each 2 to 8 (a board has at most 16 cells).
        static SHAPES: [OnceLock<Regions>; 49] = [const { OnceLock::new() }; 49];
        let n = cells.all.count_ones() as usize;
        let shape = (cells.width as usize - 2) * 7 + (n / cells.width as usize - 2);
        SHAPES[shape].get_or_init(|| {
            let (ranks, lowest) = (0..=cells.all)
                .map(|taken| {
                    let open = cells.all & !taken;
                    let mut left = open;
                    let (mut ranks, mut lowest) = (0_u64, 0_u64);
                    while left != 0 {
                        let low = left & left.wrapping_neg();
                        let region = cells.flood(low, left);
                        let rank = u64::from((open & (low - 1)).count_ones());
                        for cell in (0..n).filter(|&cell| region >> cell & 1 == 1) {
                            ranks |= rank << (4 * cell);
                            lowest |= u64::from(low.trailing_zeros()) << (4 * cell);
                        }
                        left &= !region;
                    }
                    (ranks, lowest)
                })
                .unzip();
            Regions { ranks, lowest }
        })
    }

    /// The rank of the region of `cell` when the cells in `taken` are taken.
    #[inline(always)]
    fn rank(&self, taken: u32, cell: u32) -> u32 {
        (self.ranks[taken as usize] >> (4 * (cell & 0xF)) & 0xF) as u32
    }

    /// The lowest cell of every other cell's region (nibble `c` for cell `c`) when the cells
    /// in `taken` are taken.
    #[inline(always)]
    fn lowest(&self, taken: u32) -> u64 {
        self.lowest[taken as usize]
    }
}

impl Cells {
    fn new(puzzle: &SlidingPuzzle) -> Self {
        let (width, n) = (puzzle.width(), puzzle.cells());
        let mut neighbours = [0u32; 16];
        for (cell, mask) in neighbours.iter_mut().enumerate().take(n) {
            *mask = puzzle
                .neighbour_cells(cell)
                .fold(0, |mask, c| mask | 1 << c);
        }
        let column = |col: usize| {
            (0..n)
                .filter(|c| c % width == col)
                .fold(0u32, |m, c| m | 1 << c)
        };
        let all = (1u32 << n) - 1;
        Cells {
            all,
            neighbours,
            not_first_column: all & !column(0),
            not_last_column: all & !column(width - 1),
            width: width as u32,
        }
    }

    /// The cells of `open` connected to `seed` (a subset of `open`).
    #[inline(always)]
    fn flood(&self, seed: u32, open: u32) -> u32 {
        let mut region = seed;
        loop {
            let grown = (region
                | (region << 1) & self.not_first_column
                | (region >> 1) & self.not_last_column
                | region << self.width
                | region >> self.width)
                & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Checks a pattern against a board of `n` cells and the tiles already taken (`taken` bits).
fn check_pattern(n: usize, tiles: &[u8], taken: &mut u32) -> Result<(), PuzzleError> {
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
    if slots(n, tiles.len()) > MAX_ENTRIES {
        return bad(format!(
            "a database of {} tiles on {n} cells is too large",
            tiles.len()
        ));
    }
    Ok(())
}

impl PatternDatabase {
    fn new(goal: Board, tiles: Vec<u8>, entries: Vec<u8>, cells: Cells) -> Self {
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
    pub fn build(puzzle: &SlidingPuzzle, goal: Board, tiles: &[u8]) -> Result<Self, PuzzleError> {
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
        goal: Board,
        tiles: &[u8],
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PuzzleError> {
        puzzle.check_instance(goal, goal)?;
        let n = puzzle.cells();
        check_pattern(n, tiles, &mut 0)?;
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
    pub fn goal(&self) -> Board {
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
    pub fn distance(&self, board: Board) -> Option<u8> {
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
    fn lookup(&self, positions: u64) -> u8 {
        let (placement, rank, free) = self.locate(positions);
        self.entries[placement * free + rank as usize]
    }

    /// The entry for `positions`, a board one move from one whose entry was `previous`.
    ///
    /// A move changes the entry by at most one (the database is consistent), so the entry
    /// modulo 3 tells which of `previous - 1`, `previous` and `previous + 1` it is: the
    /// compact table answers most lookups.
    #[inline(always)]
    fn step(&self, positions: u64, previous: u8) -> u8 {
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

    /// The database as bytes: header, entries, checksum.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap();
    /// assert_eq!(PatternDatabase::from_bytes(&db.to_bytes()).unwrap(), db);
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.entries.len() + 64);
        bytes.extend_from_slice(DATABASE_MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&[
            self.goal.width() as u8,
            self.goal.height() as u8,
            self.tiles.len() as u8,
            0,
        ]);
        bytes.extend_from_slice(&self.goal.packed().to_le_bytes());
        bytes.extend_from_slice(&self.tiles);
        bytes.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&self.entries);
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Reads a database written by [`to_bytes`](PatternDatabase::to_bytes).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::NotADatabase`], [`DatabaseError::UnsupportedVersion`],
    /// [`DatabaseError::Truncated`], [`DatabaseError::TrailingBytes`],
    /// [`DatabaseError::ChecksumMismatch`] or [`DatabaseError::Invalid`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{DatabaseError, PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let bytes = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap().to_bytes();
    /// let cut = PatternDatabase::from_bytes(&bytes[..bytes.len() - 10]);
    /// assert!(matches!(cut, Err(DatabaseError::Truncated { .. })));
    /// let mut flipped = bytes.clone();
    /// flipped[40] ^= 1;
    /// assert!(matches!(PatternDatabase::from_bytes(&flipped), Err(DatabaseError::ChecksumMismatch)));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, DatabaseError> {
        let (database, used) = Self::read_from(bytes)?;
        if used < bytes.len() {
            return Err(DatabaseError::TrailingBytes((bytes.len() - used) as u64));
        }
        Ok(database)
    }

    /// Reads one database from the front of `bytes`; returns it and the bytes it took.
    fn read_from(bytes: &[u8]) -> Result<(Self, usize), DatabaseError> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(8)? != DATABASE_MAGIC {
            return Err(DatabaseError::NotADatabase);
        }
        let version = reader.u32()?;
        if version != FORMAT_VERSION {
            return Err(DatabaseError::UnsupportedVersion(version));
        }
        let header = reader.take(4)?;
        let (width, height, k) = (header[0] as usize, header[1] as usize, header[2] as usize);
        let puzzle = SlidingPuzzle::new(width, height)?;
        let packed = reader.u64()?;
        let tiles = reader.take(k)?.to_vec();
        let count = reader.u64()?;
        let n = puzzle.cells();
        check_pattern(n, &tiles, &mut 0)?;
        let expected = slots(n, k) as u64;
        if count != expected {
            return Err(DatabaseError::Invalid(PuzzleError::BadPattern {
                reason: format!("{count} entries where {k} tiles on {n} cells need {expected}"),
            }));
        }
        // The whole size is known now: report a short file as truncated before anything else.
        let total = reader.at as u64 + count + 8;
        if (bytes.len() as u64) < total {
            return Err(DatabaseError::Truncated {
                expected: total,
                found: bytes.len() as u64,
            });
        }
        let entries = reader.take(count as usize)?.to_vec();
        let body = reader.at;
        let checksum = reader.u64()?;
        if checksum != fnv1a(&bytes[..body]) {
            return Err(DatabaseError::ChecksumMismatch);
        }
        let goal_tiles: Vec<u8> = (0..n).map(|c| ((packed >> (4 * c)) & 0xF) as u8).collect();
        let goal = puzzle.board(&goal_tiles)?;
        Ok((
            PatternDatabase::new(goal, tiles, entries, Cells::new(&puzzle)),
            reader.at,
        ))
    }

    /// Writes the database to `path`.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = PatternDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-{}.pdb", std::process::id()));
    /// db.save(&path).unwrap();
    /// assert_eq!(PatternDatabase::load(&path).unwrap(), db);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        write_file(path.as_ref(), &self.to_bytes())
    }

    /// Reads a database saved by [`save`](PatternDatabase::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`] and every error of
    /// [`from_bytes`](PatternDatabase::from_bytes).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::PatternDatabase;
    /// assert!(PatternDatabase::load("/no/such/file.pdb").is_err());
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        Self::from_bytes(&read_file(path.as_ref())?)
    }
}

fn write_file(path: &FilePath, bytes: &[u8]) -> Result<(), DatabaseError> {
    let mut file = std::fs::File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    Ok(())
}

fn read_file(path: &FilePath) -> Result<Vec<u8>, DatabaseError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// FNV-1a, 64 bits: enough to catch a flipped or missing byte, no dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A cursor over a byte slice whose reads past the end report the file as truncated.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> Result<&'a [u8], DatabaseError> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(DatabaseError::Truncated {
            expected: (self.at + len) as u64,
            found: self.bytes.len() as u64,
        })?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, DatabaseError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, DatabaseError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

/// The transposition symmetry of a square board: where each cell and tile goes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reflection {
    cell: [u8; 16],
    tile: [u8; 16],
}

impl Reflection {
    /// The reflection about the main diagonal, if `goal` allows one.
    fn of(goal: Board) -> Option<Reflection> {
        let width = goal.width();
        if width != goal.height() || goal.blank() % width != goal.blank() / width {
            return None;
        }
        let mut cell = [0u8; 16];
        for (c, slot) in cell.iter_mut().enumerate().take(goal.len()) {
            *slot = ((c % width) * width + c / width) as u8;
        }
        let goal_cells = goal.positions();
        let mut tile = [0u8; 16];
        for (t, slot) in tile.iter_mut().enumerate().take(goal.len()) {
            let home = ((goal_cells >> (4 * t)) & 0xF) as usize;
            *slot = goal.tile(cell[home] as usize);
        }
        Some(Reflection { cell, tile })
    }

    /// The positions (cell of each tile) of the transposed board.
    #[inline]
    fn mirror(&self, positions: u64, n: usize) -> u64 {
        let mut mirrored = 0;
        for t in 0..n {
            let cell = (positions >> (4 * t)) & 0xF;
            mirrored |= u64::from(self.cell[cell as usize]) << (4 * self.tile[t]);
        }
        mirrored
    }
}

/// The sum of disjoint pattern databases, with the diagonal reflection where the board
/// allows it: an admissible, consistent heuristic for one goal.
///
/// As an [`IncrementalHeuristic`] (for [`IdaStar`](crate::IdaStar)) it keeps, per node on the
/// path, the cell of every tile and each database's value, so a move costs one database
/// lookup (two with the reflection) instead of a full evaluation.
///
/// Asked about another goal than its own it falls back to the Manhattan distance to that
/// goal, which is admissible but much weaker.
///
/// # Example
///
/// ```
/// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
/// use replan::{IdaStar, Planner};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let goal = puzzle.goal();
/// let pdb = AdditivePdb::build(&puzzle, goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
/// let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// let solution = puzzle.solve(&mut IdaStar::incremental(pdb), start, goal).unwrap();
/// assert_eq!(solution.len(), 31);
/// ```
#[derive(Clone, Debug)]
pub struct AdditivePdb {
    goal: Board,
    databases: Vec<PatternDatabase>,
    /// The database each tile belongs to, or [`NO_PATTERN`].
    pattern_of: [u8; 16],
    reflection: Option<Reflection>,
    fallback: Manhattan,
}

/// What [`AdditivePdb`] remembers per node when used incrementally: the cell of every tile
/// (on the board and on its reflection) and each database's value.
///
/// # Example
///
/// ```
/// use replan::puzzle::{AdditivePdb, PdbState, SlidingPuzzle};
/// use replan::IncrementalHeuristic;
/// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
/// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1], &[2, 3]]).unwrap();
/// let (h, _state): (u32, PdbState) = pdb.first(puzzle.goal(), puzzle.goal());
/// assert_eq!(h, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdbState {
    positions: u64,
    mirrored: u64,
    /// Database values on the board (first half) and on its reflection (second half).
    parts: [u8; 2 * MAX_PATTERNS],
    sum: u16,
    mirrored_sum: u16,
}

impl AdditivePdb {
    /// Builds one database per pattern, one after the other.
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::build`], and [`PuzzleError::BadPattern`] for overlapping
    /// patterns or more than 8 of them.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    /// assert!(pdb.reflects());
    /// assert!(AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2], &[2, 3]]).is_err());
    /// ```
    pub fn build(
        puzzle: &SlidingPuzzle,
        goal: Board,
        patterns: &[&[u8]],
    ) -> Result<Self, PuzzleError> {
        Self::build_with_progress(puzzle, goal, patterns, |_, _| {})
    }

    /// [`build`](AdditivePdb::build), calling `progress(pattern, layer)` after each BFS
    /// layer of each database.
    ///
    /// # Errors
    ///
    /// As [`build`](AdditivePdb::build).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let mut seen = [false; 2];
    /// AdditivePdb::build_with_progress(&puzzle, puzzle.goal(), &[&[1, 2], &[3, 4, 5]], |i, _| seen[i] = true).unwrap();
    /// assert_eq!(seen, [true, true]);
    /// ```
    pub fn build_with_progress(
        puzzle: &SlidingPuzzle,
        goal: Board,
        patterns: &[&[u8]],
        mut progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PuzzleError> {
        check_patterns(puzzle.cells(), patterns)?;
        let databases = patterns
            .iter()
            .enumerate()
            .map(|(i, tiles)| {
                PatternDatabase::build_with_progress(puzzle, goal, tiles, |p| progress(i, p))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_databases(databases)
    }

    /// Combines databases built (or loaded) separately, e.g. in parallel.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] when there are none or more than 8, when their patterns
    /// overlap, or when they were built for different goals.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, PatternDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let goal = puzzle.goal();
    /// let parts = [&[1u8, 2, 3, 4][..], &[5, 6, 7, 8]];
    /// let databases: Vec<_> = parts.iter().map(|p| PatternDatabase::build(&puzzle, goal, p).unwrap()).collect();
    /// let pdb = AdditivePdb::from_databases(databases).unwrap();
    /// assert_eq!(pdb.databases().len(), 2);
    /// ```
    pub fn from_databases(databases: Vec<PatternDatabase>) -> Result<Self, PuzzleError> {
        let Some(first) = databases.first() else {
            return Err(PuzzleError::BadPattern {
                reason: "an additive heuristic needs at least one pattern".into(),
            });
        };
        let goal = first.goal;
        if databases.iter().any(|db| db.goal != goal) {
            return Err(PuzzleError::BadPattern {
                reason: "the databases were built for different goals".into(),
            });
        }
        let patterns: Vec<&[u8]> = databases.iter().map(|db| db.tiles()).collect();
        check_patterns(goal.len(), &patterns)?;
        let mut pattern_of = [NO_PATTERN; 16];
        for (i, db) in databases.iter().enumerate() {
            for &tile in db.tiles() {
                pattern_of[tile as usize] = i as u8;
            }
        }
        Ok(AdditivePdb {
            goal,
            reflection: Reflection::of(goal),
            fallback: Manhattan::new(goal),
            databases,
            pattern_of,
        })
    }

    /// Builds a 6-6-3 partition (Korf and Felner 2002) for a 4×4 goal with the blank in a
    /// corner cell 0 or 15: with the blank last, the left two columns but for the top cell
    /// (tiles `{1,5,6,9,10,13}`), the right block below the top row (`{7,8,11,12,14,15}`)
    /// and the rest of the top row (`{2,3,4}`); with the blank first (Korf's goal) the same
    /// cells turned half a circle (`{3,6,7,10,11,15}`, `{1,2,4,5,8,9}`, `{12,13,14}`).
    /// Progress is reported like [`build_with_progress`](AdditivePdb::build_with_progress).
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] for another board or blank cell.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use replan::puzzle::{AdditivePdb, GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let pdb = AdditivePdb::six_six_three(&puzzle, puzzle.goal_of(GoalKind::BlankFirst), |_, _| {}).unwrap();
    /// assert_eq!(pdb.databases().len(), 3);
    /// ```
    pub fn six_six_three(
        puzzle: &SlidingPuzzle,
        goal: Board,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PuzzleError> {
        let patterns = Self::six_six_three_patterns(goal)?;
        let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
        Self::build_with_progress(puzzle, goal, &patterns, progress)
    }

    /// The tiles of the 6-6-3 partition for `goal` (see
    /// [`six_six_three`](AdditivePdb::six_six_three)).
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] unless `goal` is a 4×4 board with the blank in cell 0 or 15.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let korf = AdditivePdb::six_six_three_patterns(puzzle.goal_of(GoalKind::BlankFirst)).unwrap();
    /// assert_eq!(korf, [vec![3, 6, 7, 10, 11, 15], vec![1, 2, 4, 5, 8, 9], vec![12, 13, 14]]);
    /// let last = AdditivePdb::six_six_three_patterns(puzzle.goal()).unwrap();
    /// assert_eq!(last, [vec![1, 5, 6, 9, 10, 13], vec![7, 8, 11, 12, 14, 15], vec![2, 3, 4]]);
    /// ```
    pub fn six_six_three_patterns(goal: Board) -> Result<Vec<Vec<u8>>, PuzzleError> {
        const CELLS: [&[usize]; 3] = [&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]];
        if goal.width() != 4 || goal.height() != 4 || !matches!(goal.blank(), 0 | 15) {
            return Err(PuzzleError::BadPattern {
                reason: "the 6-6-3 partition is defined for 4x4 goals with the blank in cell 0 \
                         or 15"
                    .into(),
            });
        }
        let turn = |cell: usize| if goal.blank() == 15 { cell } else { 15 - cell };
        Ok(CELLS
            .iter()
            .map(|cells| {
                let mut tiles: Vec<u8> = cells.iter().map(|&c| goal.tile(turn(c))).collect();
                tiles.sort_unstable();
                tiles
            })
            .collect())
    }

    /// A default partition for any board: the 6-6-3 one for 4×4 goals it fits, otherwise the
    /// goal's tiles in row-major order in groups of 6 (of 4 on boards up to 9 cells).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// assert_eq!(AdditivePdb::default_patterns(puzzle.goal()), [vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    /// ```
    pub fn default_patterns(goal: Board) -> Vec<Vec<u8>> {
        if let Ok(patterns) = Self::six_six_three_patterns(goal) {
            return patterns;
        }
        let group = if goal.len() <= 9 { 4 } else { 6 };
        let tiles: Vec<u8> = goal.tiles().into_iter().filter(|&t| t != 0).collect();
        tiles.chunks(group).map(<[u8]>::to_vec).collect()
    }

    /// The databases, in pattern order.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2], &[3]]).unwrap();
    /// assert_eq!(pdb.databases()[1].tiles(), [3]);
    /// ```
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.databases
    }

    /// Whether the diagonal reflection is used (square board, goal blank on the diagonal).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4, 5]]).unwrap();
    /// assert!(!pdb.reflects());
    /// ```
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
    }

    /// Turns the reflection off (for measurements), or back on where the goal allows it.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let mut pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3]]).unwrap();
    /// pdb.set_reflection(false);
    /// assert!(!pdb.reflects());
    /// ```
    pub fn set_reflection(&mut self, on: bool) {
        self.reflection = if on { Reflection::of(self.goal) } else { None };
    }

    /// Saves all databases to one file.
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = AdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3], &[4, 5, 6], &[7, 8]]).unwrap();
    /// let path = std::env::temp_dir().join(format!("replan-doc-additive-{}.pdb", std::process::id()));
    /// pdb.save(&path).unwrap();
    /// let loaded = AdditivePdb::load(&path).unwrap();
    /// assert_eq!(loaded.databases(), pdb.databases());
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save(&self, path: impl AsRef<FilePath>) -> Result<(), DatabaseError> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(ADDITIVE_MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.databases.len() as u32).to_le_bytes());
        for db in &self.databases {
            bytes.extend_from_slice(&db.to_bytes());
        }
        write_file(path.as_ref(), &bytes)
    }

    /// Loads databases saved by [`save`](AdditivePdb::save).
    ///
    /// # Errors
    ///
    /// [`DatabaseError::Io`], the errors of [`PatternDatabase::from_bytes`] for each
    /// database, and [`DatabaseError::Invalid`] when they do not fit together.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{AdditivePdb, DatabaseError};
    /// let path = std::env::temp_dir().join(format!("replan-doc-empty-{}.pdb", std::process::id()));
    /// std::fs::write(&path, b"").unwrap();
    /// assert!(matches!(AdditivePdb::load(&path), Err(DatabaseError::Truncated { .. })));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: impl AsRef<FilePath>) -> Result<Self, DatabaseError> {
        let bytes = read_file(path.as_ref())?;
        let mut reader = Reader {
            bytes: &bytes,
            at: 0,
        };
        if reader.take(8)? != ADDITIVE_MAGIC {
            return Err(DatabaseError::NotADatabase);
        }
        let version = reader.u32()?;
        if version != FORMAT_VERSION {
            return Err(DatabaseError::UnsupportedVersion(version));
        }
        let count = reader.u32()? as usize;
        if count == 0 || count > MAX_PATTERNS {
            return Err(DatabaseError::Invalid(PuzzleError::BadPattern {
                reason: format!("{count} databases in one file"),
            }));
        }
        let mut databases = Vec::with_capacity(count);
        let mut at = reader.at;
        for _ in 0..count {
            let (db, used) = PatternDatabase::read_from(&bytes[at..]).map_err(|error| {
                // Offsets inside one database are relative to it; report whole-file sizes.
                match error {
                    DatabaseError::Truncated { expected, .. } => DatabaseError::Truncated {
                        expected: expected + at as u64,
                        found: bytes.len() as u64,
                    },
                    other => other,
                }
            })?;
            databases.push(db);
            at += used;
        }
        if at < bytes.len() {
            return Err(DatabaseError::TrailingBytes((bytes.len() - at) as u64));
        }
        Ok(Self::from_databases(databases)?)
    }

    /// The sum of the databases for the tile cells `positions`.
    #[inline]
    fn sum(&self, positions: u64, parts: &mut [u8]) -> u16 {
        let mut sum = 0;
        for (db, part) in self.databases.iter().zip(parts) {
            *part = db.lookup(positions);
            sum += u16::from(*part);
        }
        sum
    }
}

fn check_patterns(n: usize, patterns: &[&[u8]]) -> Result<(), PuzzleError> {
    if patterns.is_empty() || patterns.len() > MAX_PATTERNS {
        return Err(PuzzleError::BadPattern {
            reason: format!(
                "{} patterns: an additive heuristic takes 1 to {MAX_PATTERNS}",
                patterns.len()
            ),
        });
    }
    let mut taken = 0;
    patterns
        .iter()
        .try_for_each(|tiles| check_pattern(n, tiles, &mut taken))
}

impl Heuristic<Board, u32> for AdditivePdb {
    fn estimate(&self, from: Board, goal: Board) -> u32 {
        self.first(from, goal).0
    }
}

impl IncrementalHeuristic<Board, u32> for AdditivePdb {
    type State = PdbState;

    fn first(&self, node: Board, goal: Board) -> (u32, PdbState) {
        let mut state = PdbState::default();
        if goal != self.goal || node.len() != goal.len() {
            return (self.fallback.estimate(node, goal), state);
        }
        state.positions = node.positions();
        state.sum = self.sum(state.positions, &mut state.parts[..MAX_PATTERNS]);
        if let Some(reflection) = &self.reflection {
            state.mirrored = reflection.mirror(state.positions, node.len());
            state.mirrored_sum = self.sum(state.mirrored, &mut state.parts[MAX_PATTERNS..]);
        }
        (u32::from(state.sum.max(state.mirrored_sum)), state)
    }

    #[inline(always)]
    fn next(
        &self,
        parent: Board,
        _parent_h: u32,
        mut state: PdbState,
        child: Board,
        goal: Board,
    ) -> (u32, PdbState) {
        if goal != self.goal {
            return (self.fallback.estimate(child, goal), state);
        }
        let (tile, from, to) = parent.moved_tile(child);
        state.positions = with_nibble(with_nibble(state.positions, tile, to), 0, from);
        let pattern = self.pattern_of[tile as usize];
        if pattern != NO_PATTERN {
            let part = &mut state.parts[pattern as usize];
            let value = self.databases[pattern as usize].step(state.positions, *part);
            state.sum = state.sum + u16::from(value) - u16::from(*part);
            *part = value;
        }
        if let Some(reflection) = &self.reflection {
            let tile = reflection.tile[tile as usize];
            let (from, to) = (reflection.cell[from], reflection.cell[to]);
            state.mirrored = with_nibble(
                with_nibble(state.mirrored, tile, to as usize),
                0,
                from as usize,
            );
            let pattern = self.pattern_of[tile as usize];
            if pattern != NO_PATTERN {
                let part = &mut state.parts[MAX_PATTERNS + pattern as usize];
                let value = self.databases[pattern as usize].step(state.mirrored, *part);
                state.mirrored_sum = state.mirrored_sum + u16::from(value) - u16::from(*part);
                *part = value;
            }
        }
        (u32::from(state.sum.max(state.mirrored_sum)), state)
    }
}

/// `packed` with nibble `index` set to `value`.
#[inline(always)]
fn with_nibble(packed: u64, index: u8, value: usize) -> u64 {
    let shift = 4 * u32::from(index);
    (packed & !(0xF << shift)) | (value as u64) << shift
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lowest cell of `cell`'s region and its rank among the free cells, by flood fill.
    fn lowest_by_flood(cells: &Cells, taken: u32, cell: u32) -> (u32, u32) {
        let open = cells.all & !taken;
        let low = cells.flood(1 << cell, open).trailing_zeros();
        (low, (open & ((1 << low) - 1)).count_ones())
    }

    #[test]
    fn region_ranks_agree_with_flood_fills() {
        for (width, height) in [(2, 2), (3, 2), (3, 3), (2, 4), (4, 3), (2, 8), (4, 4)] {
            let puzzle = SlidingPuzzle::new(width, height).unwrap();
            let cells = Cells::new(&puzzle);
            let regions = Regions::of(&cells);
            let n = puzzle.cells() as u32;
            // Every set of taken cells up to 12 cells, every seventh beyond.
            let step = if n > 12 { 7 } else { 1 };
            for taken in (0..=cells.all).step_by(step) {
                for cell in (0..n).filter(|&cell| taken >> cell & 1 == 0) {
                    let lowest = (regions.lowest(taken) >> (4 * cell) & 0xF) as u32;
                    assert_eq!(
                        (lowest, regions.rank(taken, cell)),
                        lowest_by_flood(&cells, taken, cell),
                        "{width}x{height}, taken {taken:#b}, cell {cell}"
                    );
                }
            }
        }
        // Tiles on cells 1 and 4 of the 15-puzzle wall off the corner: the rest of the free
        // cells form the second region, whose lowest cell (2) has one free cell below it.
        let regions = Regions::of(&Cells::new(&SlidingPuzzle::new(4, 4).unwrap()));
        let taken = 1 << 1 | 1 << 4;
        assert_eq!(regions.rank(taken, 0), 0);
        assert_eq!(regions.rank(taken, 2), 1);
        assert_eq!(regions.rank(taken, 15), 1);
        assert_eq!(regions.lowest(taken) >> (4 * 15) & 0xF, 2);
    }
}
