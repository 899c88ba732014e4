//! The additive heuristic over [`CompactDatabase`]s: the 7-8 partition of the 15-puzzle
//! with its diagonal reflection (Korf and Felner 2002; Felner, Korf and Hanan 2004).

use super::additive::{check_patterns, partition, with_nibble, Reflection, MAX_PATTERNS};
use super::database::placements;
use super::{BuildProgress, CompactDatabase};
use crate::puzzle::{ManhattanSum, PuzzleError, SlidingPuzzle, TileBoard};
use crate::{Heuristic, IncrementalHeuristic};

/// Marks a tile that belongs to no pattern.
const NO_PATTERN: u8 = u8::MAX;

/// The sum of disjoint [`CompactDatabase`]s, and the larger of that sum and the same sum on
/// the board's reflection about the main diagonal where the goal allows it: an admissible
/// heuristic for one goal (not a consistent one: each database is the least over the
/// blank's cells).
///
/// As an [`IncrementalHeuristic`] (for [`IdaStar`](crate::IdaStar)) it keeps the cell of every
/// tile, the Manhattan distance and each database's entry per node on the path, so a move
/// costs one database lookup (two with the reflection). Asked about another goal than its
/// own it falls back to the Manhattan distance to that goal.
///
/// Its partition for the 15-puzzle is [`seven_eight`](CompactAdditivePdb::seven_eight):
/// 288 MB of entries, built once on every core and then [saved](CompactAdditivePdb::save).
///
/// # Example
///
/// ```
/// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
/// use replan::{IdaStar, Planner};
///
/// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
/// let goal = puzzle.goal();
/// let pdb = CompactAdditivePdb::build(&puzzle, goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
/// let start = puzzle.parse("8 6 7 2 5 4 3 0 1").unwrap();
/// let solution = puzzle.solve(&mut IdaStar::incremental(pdb), start, goal).unwrap();
/// assert_eq!(solution.len(), 31);
/// ```
#[derive(Clone, Debug)]
pub struct CompactAdditivePdb {
    goal: TileBoard,
    pub(super) databases: Vec<CompactDatabase>,
    /// The database each tile belongs to, or [`NO_PATTERN`].
    pattern_of: [u8; 16],
    reflection: Option<Reflection>,
    fallback: ManhattanSum,
}

/// What [`CompactAdditivePdb`] remembers per node when used incrementally.
///
/// # Example
///
/// ```
/// use replan::puzzle::{CompactAdditivePdb, CompactPdbState, SlidingPuzzle};
/// use replan::IncrementalHeuristic;
/// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
/// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1], &[2, 3]]).unwrap();
/// let (h, _state): (u32, CompactPdbState) = pdb.first(puzzle.goal(), puzzle.goal());
/// assert_eq!(h, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompactPdbState {
    positions: u64,
    mirrored: u64,
    /// Database entries on the board (first half) and on its reflection (second half).
    excess: [u8; 2 * MAX_PATTERNS],
    /// The estimate on the board and on its reflection.
    sum: u16,
    mirrored_sum: u16,
}

impl CompactAdditivePdb {
    /// Builds one database per pattern, one after the other, each on every core.
    ///
    /// # Errors
    ///
    /// As [`CompactDatabase::build`], and [`PuzzleError::BadPattern`] for overlapping
    /// patterns or more than 8 of them.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4], &[5, 6, 7, 8]]).unwrap();
    /// assert!(pdb.reflects());
    /// assert!(CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2], &[2, 3]]).is_err());
    /// ```
    pub fn build(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        patterns: &[&[u8]],
    ) -> Result<Self, PuzzleError> {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Self::build_with_threads(puzzle, goal, patterns, threads, |_, _| {})
    }

    /// [`build`](CompactAdditivePdb::build) on `threads` threads, calling
    /// `progress(pattern, layer)` after each BFS layer of each database.
    ///
    /// # Errors
    ///
    /// As [`build`](CompactAdditivePdb::build).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let mut seen = [false; 2];
    /// CompactAdditivePdb::build_with_threads(&puzzle, puzzle.goal(), &[&[1, 2], &[3, 4, 5]], 2, |i, _| seen[i] = true).unwrap();
    /// assert_eq!(seen, [true, true]);
    /// ```
    pub fn build_with_threads(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        patterns: &[&[u8]],
        threads: usize,
        mut progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PuzzleError> {
        check_patterns(puzzle.cells(), patterns, placements)?;
        let databases = patterns
            .iter()
            .enumerate()
            .map(|(i, tiles)| {
                CompactDatabase::build_with_threads(puzzle, goal, tiles, threads, |p| {
                    progress(i, p)
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_databases(databases)
    }

    /// Combines databases built (or loaded) separately.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] when there are none or more than 8, when their patterns
    /// overlap, or when they were built for different goals.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, CompactDatabase, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(3, 3).unwrap();
    /// let goal = puzzle.goal();
    /// let one = CompactDatabase::build(&puzzle, goal, &[1, 2, 3, 4]).unwrap();
    /// let two = CompactDatabase::build(&puzzle, goal, &[5, 6, 7, 8]).unwrap();
    /// let pdb = CompactAdditivePdb::from_databases(vec![one, two]).unwrap();
    /// assert_eq!(pdb.databases().len(), 2);
    /// ```
    pub fn from_databases(databases: Vec<CompactDatabase>) -> Result<Self, PuzzleError> {
        let goals: Vec<TileBoard> = databases.iter().map(|db| db.goal).collect();
        let patterns: Vec<&[u8]> = databases.iter().map(|db| db.tiles()).collect();
        let (goal, pattern_of) = partition(&goals, &patterns, placements)?;
        Ok(CompactAdditivePdb {
            goal,
            reflection: Reflection::of(goal),
            fallback: ManhattanSum::new(goal),
            databases,
            pattern_of,
        })
    }

    /// Builds the 7-8 partition (Korf and Felner 2002) for a 4×4 goal with the blank in
    /// cell 0 or 15, on `threads` threads; see
    /// [`seven_eight_patterns`](CompactAdditivePdb::seven_eight_patterns). It takes a
    /// quarter byte per (placement, free cell) of the 8 tiles while building, 1.3 GB, and
    /// 288 MB once built.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] for another board or blank cell.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use replan::puzzle::{CompactAdditivePdb, GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let goal = puzzle.goal_of(GoalKind::BlankFirst);
    /// let pdb = CompactAdditivePdb::seven_eight(&puzzle, goal, 2, |_, _| {}).unwrap();
    /// assert_eq!(pdb.databases().len(), 2);
    /// ```
    pub fn seven_eight(
        puzzle: &SlidingPuzzle,
        goal: TileBoard,
        threads: usize,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PuzzleError> {
        let patterns = Self::seven_eight_patterns(goal)?;
        let patterns: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
        Self::build_with_threads(puzzle, goal, &patterns, threads, progress)
    }

    /// The tiles of the 7-8 partition for `goal`: with the blank first (Korf's goal), the
    /// tiles of the top half but for the blank's cell (`1..=7`) and of the bottom half
    /// (`8..=15`); with the blank last, the same cells turned half a circle. Its reflection
    /// about the main diagonal is the left and right halves.
    ///
    /// # Errors
    ///
    /// [`PuzzleError::BadPattern`] unless `goal` is a 4×4 board with the blank in cell 0 or 15.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, GoalKind, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(4, 4).unwrap();
    /// let korf = CompactAdditivePdb::seven_eight_patterns(puzzle.goal_of(GoalKind::BlankFirst)).unwrap();
    /// assert_eq!(korf, [vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11, 12, 13, 14, 15]]);
    /// let last = CompactAdditivePdb::seven_eight_patterns(puzzle.goal()).unwrap();
    /// assert_eq!(last, [vec![9, 10, 11, 12, 13, 14, 15], vec![1, 2, 3, 4, 5, 6, 7, 8]]);
    /// ```
    pub fn seven_eight_patterns(goal: TileBoard) -> Result<Vec<Vec<u8>>, PuzzleError> {
        if goal.width() != 4 || goal.height() != 4 || !matches!(goal.blank(), 0 | 15) {
            return Err(PuzzleError::BadPattern {
                reason: "the 7-8 partition is defined for 4x4 goals with the blank in cell 0 \
                         or 15"
                    .into(),
            });
        }
        let turn = |cell: usize| if goal.blank() == 0 { cell } else { 15 - cell };
        Ok([1..8, 8..16]
            .into_iter()
            .map(|cells| {
                let mut tiles: Vec<u8> = cells.map(|c| goal.tile(turn(c))).collect();
                tiles.sort_unstable();
                tiles
            })
            .collect())
    }

    /// The databases, in pattern order.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2], &[3]]).unwrap();
    /// assert_eq!(pdb.databases()[1].tiles(), [3]);
    /// ```
    pub fn databases(&self) -> &[CompactDatabase] {
        &self.databases
    }

    /// The goal the estimates lead to.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3]]).unwrap();
    /// assert_eq!(pdb.goal(), puzzle.goal());
    /// ```
    pub fn goal(&self) -> TileBoard {
        self.goal
    }

    /// Whether the diagonal reflection is used (square board, goal blank on the diagonal).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 3).unwrap();
    /// let pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3, 4, 5]]).unwrap();
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
    /// use replan::puzzle::{CompactAdditivePdb, SlidingPuzzle};
    /// let puzzle = SlidingPuzzle::new(2, 2).unwrap();
    /// let mut pdb = CompactAdditivePdb::build(&puzzle, puzzle.goal(), &[&[1, 2, 3]]).unwrap();
    /// pdb.set_reflection(false);
    /// assert!(!pdb.reflects());
    /// ```
    pub fn set_reflection(&mut self, on: bool) {
        self.reflection = if on { Reflection::of(self.goal) } else { None };
    }

    /// The estimate for the tile cells `positions`, with each database's entry.
    #[inline]
    fn sum(&self, positions: u64, excess: &mut [u8]) -> u16 {
        let mut sum = 0;
        for (db, part) in self.databases.iter().zip(excess) {
            *part = db.excess(positions);
            sum += u16::from(db.manhattan(positions)) + 2 * u16::from(*part);
        }
        sum
    }

    /// The estimate `sum` for `positions` after `tile` moved from `from` to `to`, with
    /// `excess` the entries before the move (updated).
    #[inline(always)]
    fn step(
        &self,
        positions: u64,
        excess: &mut [u8],
        sum: u16,
        tile: u8,
        from: usize,
        to: usize,
    ) -> u16 {
        let pattern = self.pattern_of[tile as usize];
        if pattern == NO_PATTERN {
            return sum;
        }
        let db = &self.databases[pattern as usize];
        let part = &mut excess[pattern as usize];
        let value = db.excess(positions);
        let sum = sum + u16::from(db.tile_distance(tile, to)) + 2 * u16::from(value)
            - u16::from(db.tile_distance(tile, from))
            - 2 * u16::from(*part);
        *part = value;
        sum
    }
}

impl Heuristic<TileBoard, u32> for CompactAdditivePdb {
    fn estimate(&self, from: TileBoard, goal: TileBoard) -> u32 {
        self.first(from, goal).0
    }
}

impl IncrementalHeuristic<TileBoard, u32> for CompactAdditivePdb {
    type State = CompactPdbState;

    fn first(&self, node: TileBoard, goal: TileBoard) -> (u32, CompactPdbState) {
        let mut state = CompactPdbState::default();
        if goal != self.goal || node.len() != goal.len() {
            return (self.fallback.estimate(node, goal), state);
        }
        state.positions = node.positions();
        state.sum = self.sum(state.positions, &mut state.excess[..MAX_PATTERNS]);
        if let Some(reflection) = &self.reflection {
            state.mirrored = reflection.mirror(state.positions, node.len());
            state.mirrored_sum = self.sum(state.mirrored, &mut state.excess[MAX_PATTERNS..]);
        }
        (u32::from(state.sum.max(state.mirrored_sum)), state)
    }

    #[inline(always)]
    fn next(
        &self,
        parent: TileBoard,
        _parent_h: u32,
        mut state: CompactPdbState,
        child: TileBoard,
        goal: TileBoard,
    ) -> (u32, CompactPdbState) {
        if goal != self.goal {
            return (self.fallback.estimate(child, goal), state);
        }
        let (tile, from, to) = parent.moved_tile(child);
        state.positions = with_nibble(with_nibble(state.positions, tile, to), 0, from);
        let (board, mirror) = state.excess.split_at_mut(MAX_PATTERNS);
        state.sum = self.step(state.positions, board, state.sum, tile, from, to);
        if let Some(reflection) = &self.reflection {
            let tile = reflection.tile[tile as usize];
            let (from, to) = (reflection.cell[from] as usize, reflection.cell[to] as usize);
            state.mirrored = with_nibble(with_nibble(state.mirrored, tile, to), 0, from);
            state.mirrored_sum =
                self.step(state.mirrored, mirror, state.mirrored_sum, tile, from, to);
        }
        (u32::from(state.sum.max(state.mirrored_sum)), state)
    }
}
