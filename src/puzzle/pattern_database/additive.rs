//! The additive heuristic: disjoint databases added up, and the larger of that sum and the
//! sum on the board's reflection about the main diagonal where the goal allows it.

use super::database::{check_pattern, slots};
use super::{BuildProgress, PatternDatabase};
use crate::puzzle::{ManhattanSum, PuzzleError, SlidingPuzzle, TileBoard};
use crate::{Heuristic, IncrementalHeuristic};

/// Marks a tile that belongs to no pattern.
const NO_PATTERN: u8 = u8::MAX;
/// At most this many patterns in an [`AdditivePdb`], so its per-node state stays small.
pub(super) const MAX_PATTERNS: usize = 8;

/// The transposition symmetry of a square board: where each cell and tile goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Reflection {
    pub(super) cell: [u8; 16],
    pub(super) tile: [u8; 16],
}

impl Reflection {
    /// The reflection about the main diagonal, if `goal` allows one.
    pub(super) fn of(goal: TileBoard) -> Option<Reflection> {
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
    pub(super) fn mirror(&self, positions: u64, n: usize) -> u64 {
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
    goal: TileBoard,
    pub(super) databases: Vec<PatternDatabase>,
    /// The database each tile belongs to, or [`NO_PATTERN`].
    pattern_of: [u8; 16],
    reflection: Option<Reflection>,
    fallback: ManhattanSum,
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
        goal: TileBoard,
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
        goal: TileBoard,
        patterns: &[&[u8]],
        mut progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PuzzleError> {
        check_patterns(puzzle.cells(), patterns, slots)?;
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
        let goals: Vec<TileBoard> = databases.iter().map(|db| db.goal).collect();
        let patterns: Vec<&[u8]> = databases.iter().map(|db| db.tiles()).collect();
        let (goal, pattern_of) = partition(&goals, &patterns, slots)?;
        Ok(AdditivePdb {
            goal,
            reflection: Reflection::of(goal),
            fallback: ManhattanSum::new(goal),
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
        goal: TileBoard,
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
    pub fn six_six_three_patterns(goal: TileBoard) -> Result<Vec<Vec<u8>>, PuzzleError> {
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
    pub fn default_patterns(goal: TileBoard) -> Vec<Vec<u8>> {
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

pub(super) fn check_patterns(
    n: usize,
    patterns: &[&[u8]],
    entries: fn(usize, usize) -> usize,
) -> Result<(), PuzzleError> {
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
        .try_for_each(|tiles| check_pattern(n, tiles, &mut taken, entries))
}

/// The common goal of databases built for `goals` with the tiles `patterns` (each database
/// counting `entries(n, k)` entries), and per tile the index of its pattern (or
/// `NO_PATTERN`): what both additive heuristics check and keep.
pub(super) fn partition(
    goals: &[TileBoard],
    patterns: &[&[u8]],
    entries: fn(usize, usize) -> usize,
) -> Result<(TileBoard, [u8; 16]), PuzzleError> {
    let Some(&goal) = goals.first() else {
        return Err(PuzzleError::BadPattern {
            reason: "an additive heuristic needs at least one pattern".into(),
        });
    };
    if goals.iter().any(|&g| g != goal) {
        return Err(PuzzleError::BadPattern {
            reason: "the databases were built for different goals".into(),
        });
    }
    check_patterns(goal.len(), patterns, entries)?;
    let mut pattern_of = [NO_PATTERN; 16];
    for (i, tiles) in patterns.iter().enumerate() {
        for &tile in *tiles {
            pattern_of[tile as usize] = i as u8;
        }
    }
    Ok((goal, pattern_of))
}

impl Heuristic<TileBoard, u32> for AdditivePdb {
    fn estimate(&self, from: TileBoard, goal: TileBoard) -> u32 {
        self.first(from, goal).0
    }
}

impl IncrementalHeuristic<TileBoard, u32> for AdditivePdb {
    type State = PdbState;

    fn first(&self, node: TileBoard, goal: TileBoard) -> (u32, PdbState) {
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
        parent: TileBoard,
        _parent_h: u32,
        mut state: PdbState,
        child: TileBoard,
        goal: TileBoard,
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
pub(super) fn with_nibble(packed: u64, index: u8, value: usize) -> u64 {
    let shift = 4 * u32::from(index);
    (packed & !(0xF << shift)) | (value as u64) << shift
}
