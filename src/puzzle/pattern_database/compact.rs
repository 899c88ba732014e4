//! A pattern database at four bits an entry, the minimum over the blank's position, built by
//! a breadth-first search on every core (see the [module documentation](super)).

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};

use super::database::{check_pattern, placement_index, placements};
use super::regions::{Cells, Regions};
use super::BuildProgress;
use crate::puzzle::{PuzzleError, SlidingPuzzle, TileBoard};

/// The largest excess an entry holds; larger ones are stored as this (still admissible).
pub(super) const MAX_EXCESS: u8 = 15;
/// Placements a worker takes at a time while building: a multiple of 64, so that no two
/// workers write the same byte of the entries.
const CHUNK: usize = 1 << 14;
/// Two bits a search state: 0 for unseen, [`CLOSED`] once expanded, and for the states
/// waiting to be expanded, `CURRENT + depth % 2`: a layer writes the code of the next one,
/// a single bit.
const STATES_PER_WORD: usize = 32;
const CLOSED: u64 = 3;
const CURRENT: u64 = 1;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
/// The lowest bit of every nibble.
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;
/// More than the moves of any placement: a board of at most 16 cells has at most 24 pairs of
/// neighbouring cells.
const MOST_MOVES: usize = 32;

/// A pattern database of four bits an entry: for every placement of the pattern tiles, the
/// least number of pattern-tile moves to their goal cells over every position of the blank
/// (as Korf and Felner store it), kept as its excess over the pattern tiles' Manhattan
/// distance.
///
/// # Rule
///
/// The least number of pattern-tile moves `d` and the pattern tiles' Manhattan distance `m`
/// have the same parity (each such move changes `m` by one) and `d ≥ m`, so the entry
/// `(d - m) / 2` loses nothing; an excess above 15 (never met by the 7-8 partition of the
/// 15-puzzle) is stored as 15, which keeps the estimate admissible.
/// Unlike [`PatternDatabase`](super::PatternDatabase), the blank's region is not part of the
/// entry: the database is admissible but not consistent, and 8 times smaller for 8 tiles.
///
/// # Cost
///
/// `n!/(n-k)!` entries for `k` tiles on `n` cells, two to a byte: 259 MB for 8 tiles of the
/// 15-puzzle, 29 MB for 7. A lookup ranks the placement in `O(k)` and reads one byte.
/// Building takes a quarter byte for each (placement, free cell) plus the entries, and
/// `O(entries · k)` time spread over the threads (see
/// [`build_with_threads`](CompactDatabase::build_with_threads)).
///
/// # Example
///
/// ```
/// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let goal = puzzle.goal();
/// let db = CompactDatabase::build(&puzzle, goal, &[1, 2, 3, 4]).unwrap();
/// assert_eq!(db.len(), 9 * 8 * 7 * 6);
/// assert_eq!(db.distance(goal), Some(0));
/// let board = puzzle.parse("2 1 3 4 5 6 7 8 0").unwrap();
/// assert!(db.distance(board).unwrap() >= 4);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct CompactDatabase {
    pub(super) goal: TileBoard,
    pub(super) tiles: Vec<u8>,
    /// Entry `p` in the low nibble of byte `p / 2` for even `p`, the high one for odd `p`.
    pub(super) nibbles: Vec<u8>,
    /// `manhattan[tile][cell]`: the taxicab distance from `cell` to the tile's goal cell.
    manhattan: [[u8; 16]; 16],
}

impl fmt::Debug for CompactDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompactDatabase")
            .field("goal", &self.goal)
            .field("tiles", &self.tiles)
            .field("entries", &self.len())
            .finish()
    }
}

/// The taxicab distance from every cell to every tile's goal cell.
fn manhattan_table(goal: TileBoard) -> [[u8; 16]; 16] {
    let width = goal.width();
    let goal_cells = goal.positions();
    let mut table = [[0u8; 16]; 16];
    for (tile, row) in table.iter_mut().enumerate().take(goal.len()).skip(1) {
        let home = ((goal_cells >> (4 * tile)) & 0xF) as usize;
        for (cell, distance) in row.iter_mut().enumerate().take(goal.len()) {
            *distance = ((cell / width).abs_diff(home / width)
                + (cell % width).abs_diff(home % width)) as u8;
        }
    }
    table
}

impl CompactDatabase {
    pub(super) fn new(goal: TileBoard, tiles: Vec<u8>, nibbles: Vec<u8>) -> Self {
        CompactDatabase {
            manhattan: manhattan_table(goal),
            goal,
            tiles,
            nibbles,
        }
    }

    /// Builds the database of the pattern `tiles` for reaching `goal` on `puzzle`, on every
    /// core.
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::build`](super::PatternDatabase::build).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let db = CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2, 3]).unwrap();
    /// assert_eq!(db.len(), 16 * 15 * 14);
    /// assert!(CompactDatabase::build(&puzzle, puzzle.goal(), &[0, 1]).is_err());
    /// ```
    pub fn build(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        tiles: &[u8],
    ) -> Result<Self, PuzzleError> {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Self::build_with_threads(puzzle, goal, tiles, threads, |_| {})
    }

    /// [`build`](CompactDatabase::build) on `threads` threads (at least one), calling
    /// `progress` after each BFS layer; there `filled` and `entries` count search states,
    /// (placement, region of the blank) pairs, not database entries.
    ///
    /// The search runs over placements together with the region of free cells the blank is
    /// in, where moving the blank inside its region is free; an entry is the least depth of
    /// any of its placement's states. Each layer scans a two-bit table of every state (unseen,
    /// closed, or in the current or the next layer) in placement order, split between the threads a chunk at a time, and
    /// marks the unseen states one pattern-tile move away with atomic `or`s. No queue is
    /// kept: the memory is a quarter byte per (placement, free cell) plus the entries, 1.3 GB
    /// for 8 tiles of the 15-puzzle, and the scan sweeps it forwards.
    ///
    /// # Errors
    ///
    /// As [`build`](CompactDatabase::build).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let mut layers = 0;
    /// let one = CompactDatabase::build_with_threads(&puzzle, puzzle.goal(), &[1, 2, 3], 1, |_| layers += 1).unwrap();
    /// let two = CompactDatabase::build_with_threads(&puzzle, puzzle.goal(), &[1, 2, 3], 2, |_| {}).unwrap();
    /// assert_eq!(one, two);
    /// assert!(layers > 0);
    /// ```
    pub fn build_with_threads(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        tiles: &[u8],
        threads: usize,
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PuzzleError> {
        puzzle.check_instance(goal, goal)?;
        let n = puzzle.cells();
        check_pattern(n, tiles, &mut 0, placements)?;
        let cells = Cells::new(puzzle);
        let manhattan = manhattan_table(goal);
        let manhattan = tiles.iter().map(|&t| manhattan[t as usize]).collect();
        let search = Search::new(&cells, n, tiles.len(), manhattan);
        let nibbles = search.run(goal, tiles, threads.max(1), &mut progress);
        Ok(CompactDatabase::new(goal, tiles.to_vec(), nibbles))
    }

    /// The pattern tiles, in the order their cells are hashed.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(CompactDatabase::build(&puzzle, puzzle.goal(), &[3, 1]).unwrap().tiles(), [3, 1]);
    /// ```
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The goal the distances lead to.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(CompactDatabase::build(&puzzle, puzzle.goal(), &[1]).unwrap().goal(), puzzle.goal());
    /// ```
    pub fn goal(&self) -> TileBoard {
        self.goal
    }

    /// The number of entries: the placements of the pattern tiles.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// assert_eq!(CompactDatabase::build(&puzzle, puzzle.goal(), &[1, 2]).unwrap().len(), 12);
    /// ```
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(&self) -> usize {
        placements(self.goal.len(), self.tiles.len())
    }

    /// The pattern-tile moves needed from `board` (the least over the blank's cells), or
    /// `None` for a board of another size than the database's.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let db = CompactDatabase::build(&puzzle, puzzle.goal(), &[1]).unwrap();
    /// let board = puzzle.parse("0 2 3 4 5 6 7 8 1").unwrap();
    /// assert_eq!(db.distance(board), Some(4));
    /// assert_eq!(db.distance(SlidingPuzzle::new(4, 4).unwrap().goal()), None);
    /// ```
    pub fn distance(&self, board: TileBoard) -> Option<u8> {
        let same_size = board.width() == self.goal.width() && board.height() == self.goal.height();
        same_size.then(|| {
            let positions = board.positions();
            self.manhattan(positions) + 2 * self.excess(positions)
        })
    }

    /// The pattern tiles' Manhattan distance for the tile cells `positions`.
    #[inline(always)]
    pub(super) fn manhattan(&self, positions: u64) -> u8 {
        self.tiles
            .iter()
            .map(|&t| self.manhattan[t as usize][((positions >> (4 * t)) & 0xF) as usize])
            .sum()
    }

    /// The Manhattan distance of `tile` from `cell`.
    #[inline(always)]
    pub(super) fn tile_distance(&self, tile: u8, cell: usize) -> u8 {
        self.manhattan[tile as usize][cell & 0xF]
    }

    /// The stored entry for the tile cells `positions`: half the excess over the Manhattan
    /// distance.
    #[inline(always)]
    pub(super) fn excess(&self, positions: u64) -> u8 {
        let placement = placement_index(self.goal.len(), self.tiles.len(), |i| {
            ((positions >> (4 * self.tiles[i])) & 0xF) as u32
        });
        (self.nibbles[placement / 2] >> (4 * (placement % 2))) & 0xF
    }
}

/// What every worker of a build shares.
struct Search<'a> {
    n: usize,
    k: usize,
    free: usize,
    placements: usize,
    cells: &'a Cells,
    regions: &'static Regions,
    /// Per pattern tile (in pattern order), its distance from each cell to its goal cell.
    manhattan: Vec<[u8; 16]>,
    /// The weight of each digit of a placement index: `(n-i-1)·(n-i-2)···(n-k+1)`.
    weights: [usize; 16],
    /// `passed_over[i][j]`: what tile `i` passing over a cell holding tile `j` (or no tile,
    /// for `j = k`) adds to the change of the index: less the weight of digit `i` for an
    /// earlier tile, which takes a place of the cells passed over, the weight of digit `j`
    /// for a later one, whose digit moves by one. Negative numbers wrap around.
    passed_over: [[usize; 17]; 16],
    /// `2^64 / (n - i) + 1`, rounded up, for each digit `i`.
    reciprocals: [u64; 16],
    /// For each move `from * 16 + to`, the cells strictly between `from` and `to` (for a
    /// move across rows), then cell 16, which holds no tile.
    between: Vec<[u8; 8]>,
    /// `2^64 / free + 1`, for [`Search::placement_of`].
    free_reciprocal: u64,
    /// What a move up, down, left or right adds to the cell (as in [`Cells::moves`]).
    steps: [u32; 4],
}

impl<'a> Search<'a> {
    fn new(puzzle_cells: &'a Cells, n: usize, k: usize, manhattan: Vec<[u8; 16]>) -> Self {
        let mut weights = [0usize; 16];
        let mut reciprocals = [0u64; 16];
        let mut weight = 1;
        for i in (0..k).rev() {
            weights[i] = weight;
            weight *= n - i;
            reciprocals[i] = u64::MAX / (n - i) as u64 + 1;
        }
        let mut passed_over = [[0usize; 17]; 16];
        for (i, row) in passed_over.iter_mut().enumerate().take(k) {
            for (j, change) in row.iter_mut().enumerate().take(k) {
                *change = match j.cmp(&i) {
                    std::cmp::Ordering::Less => weights[i].wrapping_neg(),
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => weights[j],
                };
            }
        }
        let width = puzzle_cells.width as usize;
        let mut between = vec![[16u8; 8]; 256];
        for from in 0..n {
            for to in (0..n).filter(|&to| puzzle_cells.neighbours[from] >> to & 1 == 1) {
                let (low, high) = (from.min(to), from.max(to));
                for (slot, cell) in between[from * 16 + to].iter_mut().zip(low + 1..high) {
                    *slot = cell as u8;
                }
            }
        }
        Search {
            between,
            free_reciprocal: (u64::MAX / (n - k) as u64).wrapping_add(1),
            steps: [(width as u32).wrapping_neg(), width as u32, u32::MAX, 1],
            n,
            k,
            free: n - k,
            placements: placements(n, k),
            cells: puzzle_cells,
            regions: Regions::of(puzzle_cells),
            manhattan,
            weights,
            passed_over,
            reciprocals,
        }
    }
}

impl Search<'_> {
    /// The breadth-first search; returns the entries, two to a byte.
    fn run(
        &self,
        goal: TileBoard,
        tiles: &[u8],
        threads: usize,
        progress: &mut impl FnMut(BuildProgress),
    ) -> Vec<u8> {
        let states_count = self.placements * self.free;
        let states: Vec<AtomicU64> = (0..states_count.div_ceil(STATES_PER_WORD))
            .map(|_| AtomicU64::new(0))
            .collect();
        let nibbles: Vec<AtomicU8> = (0..self.placements.div_ceil(2))
            .map(|_| AtomicU8::new(0xFF))
            .collect();

        let goal_cells = goal.positions();
        let mut cells = [0u32; 16];
        let mut occupied = 0u32;
        for (i, &tile) in tiles.iter().enumerate() {
            cells[i] = ((goal_cells >> (4 * tile)) & 0xF) as u32;
            occupied |= 1 << cells[i];
        }
        let start = placement_index(self.n, self.k, |i| cells[i]) * self.free
            + self.regions.rank(occupied, goal.blank() as u32) as usize;
        mark(&states, start, CURRENT);

        let mut filled = 1;
        for depth in 0u8.. {
            let next_chunk = AtomicUsize::new(0);
            let added = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .map(|_| {
                        scope.spawn(|| {
                            // A fixed count of cells a move reads lets the compiler unroll
                            // the loop: 3 for boards up to 4 wide (the 15-puzzle), 7 beyond;
                            // the cells past `width - 1` hold no tile.
                            if self.cells.width <= 4 {
                                self.expand_layer::<3>(depth, &states, &nibbles, &next_chunk)
                            } else {
                                self.expand_layer::<7>(depth, &states, &nibbles, &next_chunk)
                            }
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .map(|worker| worker.join().expect("a build worker panicked"))
                    .sum::<usize>()
            });
            filled += added;
            progress(BuildProgress {
                depth,
                filled,
                entries: states_count,
            });
            if added == 0 {
                break;
            }
        }
        self.finish(&states, nibbles)
    }

    /// Expands every state of depth `depth`, chunk by chunk; returns the states it marked.
    /// `PASSES` is the number of cells a move across rows passes over, or more (see
    /// [`Search::moved_index`]).
    fn expand_layer<const PASSES: usize>(
        &self,
        depth: u8,
        states: &[AtomicU64],
        nibbles: &[AtomicU8],
        next_chunk: &AtomicUsize,
    ) -> usize {
        let code = CURRENT + u64::from(depth % 2);
        let next_code = CURRENT + u64::from((depth + 1) % 2);
        // Bit `2s` of `in_layer(word)` is set when state `s` of the word has code `code`.
        let in_layer = |word: usize| {
            let bits = states[word].load(Relaxed) ^ (code * LOW_BITS);
            !(bits | bits >> 1) & LOW_BITS
        };
        let mut added = 0;
        loop {
            let first = next_chunk.fetch_add(1, Relaxed) * CHUNK;
            if first >= self.placements {
                return added;
            }
            let end = (first + CHUNK).min(self.placements) * self.free;
            let end_word = end.div_ceil(STATES_PER_WORD);
            // The scan skips words without a state of this layer; the first one it meets
            // brings its whole placement, whose states are expanded together.
            let mut state = first * self.free;
            'chunk: while state < end {
                let mut word = state / STATES_PER_WORD;
                let mut matches = in_layer(word) & !0 << (2 * (state % STATES_PER_WORD));
                while matches == 0 {
                    word += 1;
                    if word >= end_word {
                        break 'chunk;
                    }
                    matches = in_layer(word);
                }
                let found = word * STATES_PER_WORD + matches.trailing_zeros() as usize / 2;
                if found >= end {
                    break;
                }
                let placement = self.placement_of(found);
                added += self.expand::<PASSES>(placement, depth, code, next_code, states, nibbles);
                state = (placement + 1) * self.free;
            }
        }
    }

    /// The placement of search state `state`: `state / free` by a multiplication, as in
    /// [`Search::unrank`] (whose reciprocal of 1 would not fit).
    #[inline(always)]
    fn placement_of(&self, state: usize) -> usize {
        if self.free == 1 {
            return state;
        }
        let placement =
            ((u128::from(state as u64) * u128::from(self.free_reciprocal)) >> 64) as usize;
        debug_assert_eq!(placement, state / self.free);
        placement
    }

    /// Records the depth in `placement`'s entry, closes its states of the current layer
    /// (code `code`), and marks the unseen states one pattern-tile move away from them.
    ///
    /// A placement's states share its unranking, its tiles' cells and its regions: taking
    /// them together does that work once, and tries each move of a pattern tile into a free
    /// cell once, from the region holding that cell.
    #[inline]
    fn expand<const PASSES: usize>(
        &self,
        placement: usize,
        depth: u8,
        code: u64,
        next_code: u64,
        states: &[AtomicU64],
        nibbles: &[AtomicU8],
    ) -> usize {
        // The placement's fields, two bits a region rank, may straddle two words.
        let first = placement * self.free;
        let (word, shift) = (first / STATES_PER_WORD, 2 * (first % STATES_PER_WORD));
        let spill = shift + 2 * self.free > 64;
        let mut fields = states[word].load(Relaxed) >> shift;
        if spill {
            fields |= states[word + 1].load(Relaxed) << (64 - shift);
        }
        let own = LOW_BITS >> (64 - 2 * self.free);
        let bits = fields ^ (code * LOW_BITS);
        // Bit `2r` is set when the state of the region of rank `r` is in this layer.
        let current = !(bits | bits >> 1) & own;
        // They are closed, so that their code can name a later layer. No move leads from a
        // placement to itself, so no other field of it changes meanwhile.
        let close = current * (code ^ CLOSED);
        states[word].fetch_xor(close << shift, Relaxed);
        if spill {
            states[word + 1].fetch_xor(close >> (64 - shift), Relaxed);
        }

        let (cells, empty) = self.unrank(placement);
        // Per cell, the pattern tile on it (or `k`), for the moves' index updates below.
        let mut tile_on = [self.k as u8; 17];
        let mut manhattan = 0u8;
        for i in 0..self.k {
            tile_on[cells[i] as usize] = i as u8;
            manhattan += self.manhattan[i][cells[i] as usize];
        }
        let occupied = self.cells.all & !empty;
        debug_assert!(depth >= manhattan && (depth - manhattan) % 2 == 0);
        let excess = ((depth - manhattan) / 2).min(MAX_EXCESS);
        // The first layer to reach a placement gives its least depth; later ones only
        // confirm it. Only this worker's chunk holds the placement.
        let byte = &nibbles[placement / 2];
        let nibble = 4 * (placement % 2);
        let old = byte.load(Relaxed);
        if (old >> nibble) & 0xF > excess {
            byte.store(old & !(0xF << nibble) | excess << nibble, Relaxed);
        }

        // The free cells in a region of this layer: those whose region's rank (a nibble of
        // `ranks`) is the rank of a current state, found for all cells at once per rank.
        let ranks = self.regions.ranks(occupied);
        let mut same_rank = 0;
        let mut left = current;
        while left != 0 {
            let rank = u64::from(left.trailing_zeros() / 2);
            left &= left - 1;
            let differ = ranks ^ (rank * NIBBLE_ONES);
            same_rank |= !(differ | differ >> 1 | differ >> 2 | differ >> 3) & NIBBLE_ONES;
        }
        let open = gather_nibbles(same_rank) & empty;
        // The unseen states one move into those cells away, gathered into a list without a
        // branch: whether a move reaches one is as good as random, and a mispredicted branch
        // costs more than the stores.
        let mut candidates = self.cells.moves(occupied, open);
        let mut unseen = [0usize; MOST_MOVES];
        let mut found = 0;
        while candidates != 0 {
            let bit = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let from = bit & 0xF;
            let to = from.wrapping_add(self.steps[(bit >> 4) as usize]) & 0xF;
            let i = tile_on[from as usize] as usize;
            let moved = self.moved_index::<PASSES>(placement, &tile_on, i, from, to);
            debug_assert_eq!(
                moved,
                placement_index(self.n, self.k, |j| if j == i { to } else { cells[j] })
            );
            let after = occupied & !(1 << from) | 1 << to;
            let next = moved * self.free + self.regions.rank(after, from) as usize;
            let word = states[next / STATES_PER_WORD].load(Relaxed);
            unseen[found % MOST_MOVES] = next;
            found += usize::from((word >> (2 * (next % STATES_PER_WORD))) & 3 == 0);
        }
        unseen[..found]
            .iter()
            .map(|&next| mark(states, next, next_code))
            .sum()
    }

    /// The index of `placement` after tile `i` moved from cell
    /// `from` to the free cell `to`.
    ///
    /// Digit `j` is tile `j`'s cell less the earlier tiles below it, so the move changes
    /// digit `i` by the cells passed over that no earlier tile holds, and the digit of each
    /// later tile on a passed-over cell by one (up when tile `i` moved past it upwards). A
    /// move along a row passes over no cell, one across rows over `width - 1`: ranking afresh
    /// would read all `k` tiles. Every move reads `PASSES` cells (at least `width - 1`) of
    /// [`Search::between`], padded with a cell no tile is on, and adds up
    /// [`Search::passed_over`] for the tiles on them: whether a cell is passed over, and whose tile it holds, are as good as random,
    /// and a table has no branch to mispredict.
    #[inline(always)]
    fn moved_index<const PASSES: usize>(
        &self,
        placement: usize,
        tile_on: &[u8; 17],
        i: usize,
        from: u32,
        to: u32,
    ) -> usize {
        let between = &self.between[(from * 16 + to) as usize];
        let passed_over = &self.passed_over[i];
        let mut change = from.abs_diff(to) as usize * self.weights[i];
        for &cell in &between[..PASSES] {
            change = change.wrapping_add(passed_over[usize::from(tile_on[usize::from(cell)])]);
        }
        if to > from {
            placement.wrapping_add(change)
        } else {
            placement.wrapping_sub(change)
        }
    }

    /// The cells of the pattern tiles of `placement` (the inverse of `placement_index`),
    /// and the free cells.
    #[inline]
    fn unrank(&self, placement: usize) -> ([u32; 16], u32) {
        let mut digits = [0u32; 16];
        let mut rest = placement as u64;
        for i in (0..self.k).rev() {
            // Division by the constant `n - i` as a multiplication by its reciprocal (exact
            // for numerators below 2^32), where `div` took a tenth of the build.
            let quotient = ((u128::from(rest) * u128::from(self.reciprocals[i])) >> 64) as u64;
            digits[i] = (rest - quotient * (self.n - i) as u64) as u32;
            rest = quotient;
        }
        // The cells not yet taken, lowest first, one a nibble: taking the `d`-th is a shift
        // and closing the gap two masks, where counting set bits down to it took a loop
        // with an unpredictable exit per tile.
        let mut untaken: u64 = 0xFEDC_BA98_7654_3210;
        let mut cells = [0u32; 16];
        let mut empty = self.cells.all;
        for i in 0..self.k {
            let shift = 4 * digits[i];
            cells[i] = (untaken >> shift & 0xF) as u32;
            untaken = untaken & ((1 << shift) - 1) | untaken >> shift >> 4 << shift;
            empty &= !(1 << cells[i]);
        }
        (cells, empty)
    }

    /// The entries as bytes; placements no state reached (the unsolvable half when the
    /// pattern fills the board but for the blank) get 0, which keeps them admissible.
    fn finish(&self, states: &[AtomicU64], nibbles: Vec<AtomicU8>) -> Vec<u8> {
        let mut nibbles: Vec<u8> = nibbles.into_iter().map(AtomicU8::into_inner).collect();
        for placement in 0..self.placements {
            // A reached placement holds its excess, which is 15 only when clamped: only
            // those need the states read.
            if (nibbles[placement / 2] >> (4 * (placement % 2))) & 0xF != MAX_EXCESS {
                continue;
            }
            let seen = (placement * self.free..(placement + 1) * self.free).any(|state| {
                states[state / STATES_PER_WORD].load(Relaxed) >> (2 * (state % STATES_PER_WORD)) & 3
                    != 0
            });
            if !seen {
                nibbles[placement / 2] &= !(0xF << (4 * (placement % 2)));
            }
        }
        nibbles
    }
}

/// Bit `c` of the result is bit `4c` of `nibbles`, whose other bits are 0.
#[inline(always)]
fn gather_nibbles(nibbles: u64) -> u32 {
    let pairs = (nibbles | nibbles >> 3) & 0x0303_0303_0303_0303;
    let quads = (pairs | pairs >> 6) & 0x000F_000F_000F_000F;
    let octets = (quads | quads >> 12) & 0x0000_00FF_0000_00FF;
    ((octets | octets >> 24) & 0xFFFF) as u32
}

/// Marks the unseen `state` with `code`, one bit; returns 1 unless another worker marked it
/// meanwhile (with the same code: a layer writes one code only).
#[inline(always)]
fn mark(states: &[AtomicU64], state: usize, code: u64) -> usize {
    let bit = 1 << (2 * (state % STATES_PER_WORD) + (code >> 1) as usize);
    usize::from(states[state / STATES_PER_WORD].fetch_or(bit, Relaxed) & bit == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::PatternDatabase;

    /// Every placement of `k` tiles on the cells of `all`, as cells in pattern order.
    fn placements_of(all: u32, k: usize, prefix: &mut Vec<u32>, visit: &mut impl FnMut(&[u32])) {
        if prefix.len() == k {
            return visit(prefix);
        }
        for cell in (0..32).filter(|&c| all >> c & 1 == 1) {
            if !prefix.contains(&cell) {
                prefix.push(cell);
                placements_of(all, k, prefix, visit);
                prefix.pop();
            }
        }
    }

    /// Checks every entry against the least entry over the blank's cells of the database that
    /// keeps the blank's region, built by its own search.
    fn agrees_with_region_database(width: usize, height: usize, tiles: &[u8], threads: usize) {
        let puzzle = SlidingPuzzle::new(width, height).unwrap();
        let goal = puzzle.goal();
        let compact =
            CompactDatabase::build_with_threads(&puzzle, goal, tiles, threads, |_| {}).unwrap();
        let oracle = PatternDatabase::build(&puzzle, goal, tiles).unwrap();
        let all = (1u32 << puzzle.cells()) - 1;
        let full = tiles.len() + 1 == puzzle.cells();
        let mut checked = 0;
        placements_of(all, tiles.len(), &mut Vec::new(), &mut |cells| {
            let occupied = cells.iter().fold(0, |m, &c| m | 1 << c);
            let mut positions = 0u64;
            for (&tile, &cell) in tiles.iter().zip(cells) {
                positions |= u64::from(cell) << (4 * tile);
            }
            let least = (0..puzzle.cells() as u64)
                .filter(|&c| occupied >> c & 1 == 0)
                .map(|blank| oracle.lookup(positions & !0xF | blank))
                .min()
                .unwrap();
            // With one free cell, half the placements cannot be reached: both keep them
            // admissible, the oracle with 0, this database with the Manhattan distance.
            if full && least == 0 && compact.manhattan(positions) != 0 {
                return;
            }
            let found = compact.manhattan(positions) + 2 * compact.excess(positions);
            assert_eq!(
                found, least,
                "{width}x{height} {tiles:?} at cells {cells:?}"
            );
            checked += 1;
        });
        assert!(checked > 0);
    }

    #[test]
    fn entries_are_the_least_over_the_blank() {
        agrees_with_region_database(3, 3, &[1, 2, 3, 4], 1);
        agrees_with_region_database(3, 3, &[5, 7, 8], 2);
        agrees_with_region_database(2, 4, &[1, 2, 3, 4, 5], 3);
        agrees_with_region_database(2, 3, &[1, 2, 3, 4, 5], 2);
        agrees_with_region_database(4, 3, &[2, 5, 6, 9], 2);
        agrees_with_region_database(4, 4, &[1, 4, 5], 2);
        // Boards over 4 wide, whose moves across rows pass over more than 3 cells.
        agrees_with_region_database(5, 2, &[1, 2, 6, 7], 2);
        agrees_with_region_database(6, 2, &[2, 3, 7, 9], 1);
    }

    #[test]
    fn threads_do_not_change_the_entries() {
        let puzzle = SlidingPuzzle::new(4, 4).unwrap();
        let goal = puzzle.goal();
        let one = CompactDatabase::build_with_threads(&puzzle, goal, &[1, 2, 5, 6], 1, |_| {});
        let three = CompactDatabase::build_with_threads(&puzzle, goal, &[1, 2, 5, 6], 3, |_| {});
        assert_eq!(one.unwrap(), three.unwrap());
    }

    #[test]
    fn gathering_nibbles_keeps_every_cell() {
        for cell in 0..16 {
            assert_eq!(gather_nibbles(1 << (4 * cell)), 1 << cell);
        }
        assert_eq!(gather_nibbles(NIBBLE_ONES), 0xFFFF);
        assert_eq!(gather_nibbles(0x1001_0110_0000_0001), 0b1001_0110_0000_0001);
    }

    #[test]
    fn unrank_inverts_the_placement_index() {
        let puzzle = SlidingPuzzle::new(4, 3).unwrap();
        let cells = Cells::new(&puzzle);
        let search = Search::new(&cells, 12, 4, Vec::new());
        for placement in (0..search.placements).step_by(7) {
            let (cells, _) = search.unrank(placement);
            assert_eq!(placement_index(12, 4, |i| cells[i]), placement);
        }
    }
}
