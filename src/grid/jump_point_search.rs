//! Jump point search with block-based jumps (Harabor and Grastien, "Online Graph Pruning
//! for Pathfinding on Grid Maps", AAAI 2011; "Improving Jump Point Search", ICAPS 2014).
//!
//! A* on an open 8-connected grid expands every cell of each band of equally good routes.
//! Jump point search expands only the cells where an optimal route may have to turn, and
//! skips the cells between them in jumps; the pruning rules, and why they stay exact under
//! this crate's no-corner-cutting rule, are those of [`jump_points`](super::jump_points),
//! shared with [`JumpPointSearchPlus`](super::JumpPointSearchPlus).
//!
//! # Block-based jumps
//!
//! The planner keeps the passable cells of the padded grid as bit sets, one bit per cell,
//! in four orientations: rows left to right and right to left, columns top to bottom and
//! bottom to top, so every straight ray reads its line "forwards" and a scan is the same
//! code in all four directions. Beside each line it keeps the line's forced cells: those
//! where a ray along it has a forced neighbour, a cell of a line beside it that is free
//! while the cell before it there is blocked (`side & !(side << 1)`, for either side). A
//! straight jump reads 57 cells or more of both, one 64-bit load each from the byte holding
//! its cell: the ray stops at the lowest forced cell (or the goal's bit) below the first
//! blocked cell, or dies at the wall, the two told apart by one `trailing_zeros` and the
//! stop's own bit; with neither in the word it moves on 56 cells, 7 bytes. A diagonal jump
//! steps one cell at a time and at each cell runs the two straight scans of its
//! components, whose addresses move by a constant per step.

//! # Invariants
//!
//! - The bit sets are built from the grid the first time it is searched and rebuilt only
//!   when [`Grid::revision`] changes (any edit changes it), so a planner reused on an
//!   unchanged grid builds them once, and one used on a changed or another grid never
//!   reads stale bits.
//! - Same results as [`AStar`](crate::AStar) with [`Octile`](super::Octile): optimal cost
//!   (to rounding), a path of adjacent cells, the same errors; `expanded` counts jump points.
//!
//! # Complexity
//!
//! A straight ray of `k` cells costs `O(1 + k / 56)` word operations; a diagonal ray of `k`
//! cells costs `k` pairs of straight scans. Memory: 8 bits per padded cell for the bit sets
//! (`(width + 2) × (height + 2)` bytes, 260 KiB for a 512×512 map) plus the per-node
//! records of the search, `O(cells)`, all kept for the next call. Building the bit sets
//! costs `O(cells / 8)` word operations: the rows are packed eight cells to a multiply,
//! reversed a word at a time, turned into columns by transposing 64 × 64 blocks of bits,
//! and their forced cells found a word at a time, so a fresh planner's first search, and a search on a grid edited since the last
//! one, pays a small fraction of a millisecond on a 512×512 map (see `BENCHMARKS.md`).

use super::jump_points::sealed::{JumpRays, Successors};
use super::jump_points::{direction_of, moves_clear, JumpPoints};
use super::{Cell, Grid, DELTAS};

/// Jump point search on an unweighted 8-connected [`Grid`], jumping along rows and columns
/// 64 cells per word: the optimal cost [`AStar`](crate::AStar) with
/// [`Octile`](super::Octile) finds, expanding only jump points.
///
/// The pruning rules follow the grid's no-corner-cutting rule (Harabor and Grastien 2011,
/// with the corner-cutting cases replaced): a node reached diagonally passes the search on
/// to its two straight neighbours ahead and the next diagonal one; a node reached straight
/// to the next cell ahead, and also to a side cell and the diagonal beside it when that
/// side is free but the side of the cell before is blocked (a forced neighbour). Every
/// pruned neighbour has an equally short route from the parent through cells the rule saw
/// free, so the search stays exact. Diagonal jump points are not expanded: the diagonal
/// ray generates the stops of their straight rays directly (Harabor and Grastien 2014).
///
/// Weighted (any weight other than 1) and 4-connected grids are refused with
/// [`PlanError::UnsupportedGraph`](crate::PlanError::UnsupportedGraph); search those with
/// `AStar`. The planner owns its records, frontier and bit sets and reuses them on every
/// call; the bit sets are rebuilt only when the grid changes ([`Grid::revision`]). Its
/// methods are those of [`JumpPoints`], shared with
/// [`JumpPointSearchPlus`](super::JumpPointSearchPlus).
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, JumpPointSearch, Octile};
/// use replan::{AStar, Planner};
///
/// let grid: Grid = "
///     ..........
///     ....#.....
///     ....#.....
///     ....#....."
///     .parse::<Grid>()?
///     .with_connectivity(Connectivity::Eight);
/// let mut jps = JumpPointSearch::new();
/// let path = jps.plan(&grid, (0, 3), (9, 3))?;
/// let astar = AStar::new(Octile).plan(&grid, (0, 3), (9, 3))?;
/// assert!((path.cost - astar.cost).abs() < 1e-9);
/// // Every cell of the path is listed, not only the jump points.
/// assert_eq!(path.nodes.len(), astar.nodes.len());
/// assert!(path.stats.expanded < astar.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type JumpPointSearch = JumpPoints<BlockLines>;

/// The jumper of [`JumpPointSearch`]: the passable cells of the padded grid, one bit each,
/// in the four reading orders, and the cells where a ray along each has a forced
/// neighbour, scanned a 64-bit word at a time (see the module documentation).
///
/// # Example
///
/// ```
/// use replan::grid::jump_point_search::BlockLines;
/// use replan::grid::jump_points::JumpPoints;
/// use replan::grid::{Connectivity, Grid, JumpPointSearch};
///
/// // `JumpPointSearch` is this planner by its usual name.
/// let planner: JumpPoints<BlockLines> = JumpPointSearch::new();
/// assert_eq!(planner.table_bytes(), 0);
/// ```
#[derive(Debug, Default)]
pub struct BlockLines {
    /// The [`Grid::revision`] the bits were built from.
    revision: Option<u64>,
    /// Lines per row, positions per row (the padded width), rows (the padded height).
    stride: usize,
    rows: usize,
    /// Rows left to right: line `y`, position `x` (padded coordinates).
    east: LineBits,
    /// Rows right to left: line `y`, position `stride - 1 - x`.
    west: LineBits,
    /// Columns top to bottom: line `x`, position `y`.
    south: LineBits,
    /// Columns bottom to top: line `x`, position `rows - 1 - y`.
    north: LineBits,
}

impl BlockLines {
    fn prepare(&mut self, grid: &Grid) {
        if self.revision == Some(grid.revision()) {
            return;
        }
        let (stride, rows) = (grid.stride, grid.passable.len() / grid.stride);
        self.stride = stride;
        self.rows = rows;
        self.east.reset(rows, stride);
        for (y, row) in grid.passable.chunks_exact(stride).enumerate() {
            self.east.pack_line(y, row);
        }
        self.west.reverse_of(&self.east);
        self.south.transpose_of(&self.east, stride);
        self.north.reverse_of(&self.south);
        for lines in [
            &mut self.east,
            &mut self.west,
            &mut self.south,
            &mut self.north,
        ] {
            lines.find_forced();
        }
        self.revision = Some(grid.revision());
    }

    /// The straight jump from the padded cell `(x, y)` in direction `direction` (0 to 3).
    #[inline(always)]
    fn straight(&self, x: usize, y: usize, direction: usize, goal: (usize, usize)) -> Option<u32> {
        let (stride, rows) = (self.stride, self.rows);
        match direction {
            0 => self.west.scan(
                y,
                stride - 1 - x,
                (goal.1 == y).then(|| stride - 1 - goal.0),
            ),
            1 => self.east.scan(y, x, (goal.1 == y).then_some(goal.0)),
            2 => self
                .north
                .scan(x, rows - 1 - y, (goal.0 == x).then(|| rows - 1 - goal.1)),
            _ => self.south.scan(x, y, (goal.0 == x).then_some(goal.1)),
        }
    }

    /// The diagonal ray in direction `D` (4 to 7) from the padded cell `(x, y)` at padded
    /// index `index`, the goal at the padded `goal`; see [`JumpRays::diagonal`].
    ///
    /// Each step of the diagonal moves the row scan one position on along its line and one
    /// line over, and the column scan likewise, so both are kept as bit addresses that
    /// advance by a constant. Only the steps that put a scan on the goal's row or column
    /// look for the goal.
    #[inline(always)]
    fn diagonal_ray<const D: usize>(
        &self,
        grid: &Grid,
        (x, y): (usize, usize),
        index: usize,
        goal: (usize, usize),
        found: &mut impl Successors,
    ) {
        let (dx, dy) = DELTAS[D];
        let (across, down) = (direction_of(dx, 0), direction_of(0, dy));
        let (rows, row_at) = if dx > 0 {
            (&self.east, x)
        } else {
            (&self.west, self.stride - 1 - x)
        };
        let (columns, column_at) = if dy > 0 {
            (&self.south, y)
        } else {
            (&self.north, self.rows - 1 - y)
        };
        let (row_bits, column_bits) = (rows.line_bits(), columns.line_bits());
        let mut row_at = y * row_bits + row_at;
        let mut column_at = x * column_bits + column_at;
        let row_step = 1 + dy as isize * row_bits as isize;
        let column_step = 1 + dx as isize * column_bits as isize;
        // The diagonal steps to the goal's row and to its column, if ahead.
        let steps_to = |from: usize, to: usize, delta: i32| match delta {
            1 if to > from => to - from,
            -1 if to < from => from - to,
            _ => usize::MAX,
        };
        let to_goal_row = steps_to(y, goal.1, dy);
        let to_goal_column = steps_to(x, goal.0, dx);
        // The goal lies in the quadrant ahead only if both are finite.
        let goal_step = if to_goal_row.max(to_goal_column) < usize::MAX {
            to_goal_row.min(to_goal_column)
        } else {
            usize::MAX
        };
        let offset = grid.offsets[D];
        let (mut at, mut steps) = (index, 0);
        while grid.moves[at] & (1 << D) != 0 {
            at = at.wrapping_add_signed(offset);
            steps += 1;
            row_at = row_at.wrapping_add_signed(row_step);
            column_at = column_at.wrapping_add_signed(column_step);
            // Only the first of the goal's row and column can show the goal: past it, the
            // goal is behind. The other steps scan without looking for it.
            let (row_goal, column_goal) = if steps == goal_step {
                if to_goal_row == to_goal_column {
                    found.found([(D, steps as u32), (D, 0)]);
                    return;
                }
                // On the goal's row, the goal is as many cells ahead as the diagonal is
                // steps short of its column, and likewise on its column.
                if steps == to_goal_row {
                    (Some(to_goal_column - steps), None)
                } else {
                    (None, Some(to_goal_row - steps))
                }
            } else {
                if let Some(length) = rows.scan_at(row_at, None) {
                    generate(found, [(D, steps as u32), (across, length)]);
                }
                if let Some(length) = columns.scan_at(column_at, None) {
                    generate(found, [(D, steps as u32), (down, length)]);
                }
                continue;
            };
            if let Some(length) = rows.scan_at(row_at, row_goal) {
                generate(found, [(D, steps as u32), (across, length)]);
            }
            if let Some(length) = columns.scan_at(column_at, column_goal) {
                generate(found, [(D, steps as u32), (down, length)]);
            }
        }
    }
}

impl JumpRays for BlockLines {
    fn prepare(&mut self, grid: &Grid) {
        BlockLines::prepare(self, grid);
    }

    fn table_bytes(&self) -> usize {
        [&self.east, &self.west, &self.south, &self.north]
            .iter()
            .map(|lines| lines.bytes.len() + lines.forced.len())
            .sum()
    }

    #[inline]
    fn straight(
        &self,
        _grid: &Grid,
        (x, y): Cell,
        _index: usize,
        direction: usize,
        goal: Cell,
    ) -> Option<u32> {
        let padded = |(x, y): Cell| (x as usize + 1, y as usize + 1);
        let (x, y) = padded((x, y));
        BlockLines::straight(self, x, y, direction, padded(goal))
    }

    /// A straight route is one range of a line's bits; a diagonal one is walked.
    #[inline]
    fn clear(&self, grid: &Grid, (x, y): Cell, index: usize, direction: usize, steps: u32) -> bool {
        let len = steps as usize;
        let (x, y) = (x as usize + 1, y as usize + 1);
        match direction {
            0 => self.east.all_set(y, x - len, len),
            1 => self.east.all_set(y, x + 1, len),
            2 => self.south.all_set(x, y - len, len),
            3 => self.south.all_set(x, y + 1, len),
            _ => moves_clear(grid, index, direction, steps),
        }
    }

    /// Every diagonal cell runs the two scans of its components.
    #[inline]
    fn diagonal(
        &self,
        grid: &Grid,
        (x, y): Cell,
        index: usize,
        direction: usize,
        goal: Cell,
        found: &mut impl Successors,
    ) {
        let padded = |(x, y): Cell| (x as usize + 1, y as usize + 1);
        let (from, goal) = (padded((x, y)), padded(goal));
        match direction {
            4 => self.diagonal_ray::<4>(grid, from, index, goal, found),
            5 => self.diagonal_ray::<5>(grid, from, index, goal, found),
            6 => self.diagonal_ray::<6>(grid, from, index, goal, found),
            _ => self.diagonal_ray::<7>(grid, from, index, goal, found),
        }
    }
}

/// Lines of bits, each padded with a zero word so that 64 bits read from any byte of a
/// line stay in the line.
#[derive(Debug, Default)]
struct LineBits {
    /// Positions per line.
    positions: usize,
    words_per_line: usize,
    /// The lines' 64-bit words, little-endian, so that a scan reads the 64 bits from any
    /// byte with one load.
    bytes: Vec<u8>,
    /// Laid out as `bytes`: the cells where a ray along the line, towards higher
    /// positions, has a forced neighbour (a free cell in line `line - 1` or `line + 1`
    /// whose predecessor there is blocked).
    forced: Vec<u8>,
}

impl LineBits {
    /// `lines` lines of `positions` bits, all clear; keeps the allocation.
    fn reset(&mut self, lines: usize, positions: usize) {
        self.positions = positions;
        self.words_per_line = positions.div_ceil(64) + 1;
        self.bytes.clear();
        self.bytes.resize(8 * lines * self.words_per_line, 0);
    }

    /// Sets line `line` from `cells`, one bool per position, eight at a time.
    fn pack_line(&mut self, line: usize, cells: &[bool]) {
        let bytes = &mut self.bytes[8 * line * self.words_per_line..][..8 * self.words_per_line];
        for (word, block) in bytes.chunks_exact_mut(8).zip(cells.chunks(64)) {
            let mut bits = 0;
            let mut eights = block.chunks_exact(8);
            for (k, eight) in (&mut eights).enumerate() {
                // A whole group of eight: one 8-byte load.
                let eight = <[bool; 8]>::try_from(eight).map_or([false; 8], |eight| eight);
                bits |= gather_bytes(u64::from_le_bytes(eight.map(u8::from))) << (8 * k);
            }
            let rest = eights.remainder();
            if !rest.is_empty() {
                let mut bytes = [0; 8];
                for (byte, &open) in bytes.iter_mut().zip(rest) {
                    *byte = u8::from(open);
                }
                bits |= gather_bytes(u64::from_le_bytes(bytes)) << (8 * (block.len() / 8));
            }
            word.copy_from_slice(&bits.to_le_bytes());
        }
    }

    /// `self` becomes `lines` read backwards: the same lines, position `p` holding what
    /// `lines` holds at `positions - 1 - p`.
    fn reverse_of(&mut self, lines: &LineBits) {
        self.positions = lines.positions;
        self.words_per_line = lines.words_per_line;
        self.bytes.clear();
        self.bytes.resize(lines.bytes.len(), 0);
        let used = self.words_per_line - 1;
        // Reversing all `64 × used` bits puts position `p` at `p + shift`.
        let shift = 64 * used - self.positions;
        for (to, from) in self
            .bytes
            .chunks_exact_mut(8 * self.words_per_line)
            .zip(lines.bytes.chunks_exact(8 * lines.words_per_line))
        {
            for k in 0..used {
                let low = word_at(from, used - 1 - k).reverse_bits();
                let high = if k + 1 < used {
                    word_at(from, used - 2 - k).reverse_bits()
                } else {
                    0
                };
                // Two shifts so that a shift of 0 takes nothing from the next word.
                let word = (low >> shift) | ((high << 1) << (63 - shift));
                to[8 * k..8 * k + 8].copy_from_slice(&word.to_le_bytes());
            }
        }
    }

    /// `self` becomes the transpose of `lines` (whose lines hold `positions` bits each):
    /// line `p`, position `l` holds what `lines` holds at line `l`, position `p`; 64 × 64
    /// blocks at a time.
    fn transpose_of(&mut self, lines: &LineBits, positions: usize) {
        let count = lines.bytes.len() / (8 * lines.words_per_line);
        self.reset(positions, count);
        let mut block = [0u64; 64];
        for line_block in (0..count).step_by(64) {
            for word in 0..lines.words_per_line - 1 {
                for (r, slot) in block.iter_mut().enumerate() {
                    let line = line_block + r;
                    *slot = if line < count {
                        word_at(&lines.bytes, line * lines.words_per_line + word)
                    } else {
                        0
                    };
                }
                transpose64(&mut block);
                for (c, &bits) in block.iter().enumerate() {
                    let position = 64 * word + c;
                    if position < positions {
                        let at = 8 * (position * self.words_per_line + line_block / 64);
                        self.bytes[at..at + 8].copy_from_slice(&bits.to_le_bytes());
                    }
                }
            }
        }
    }

    /// Fills `forced` from the lines, a word at a time: a line's free cells whose
    /// predecessor is blocked are forced cells of the two lines beside it.
    fn find_forced(&mut self) {
        let per_line = 8 * self.words_per_line;
        let (bytes, forced) = (&self.bytes, &mut self.forced);
        // Every byte is written below.
        forced.resize(bytes.len(), 0);
        let count = bytes.len() / per_line;
        if count < 3 {
            forced.fill(0);
            return;
        }
        // The first and last lines are the padding, all blocked: nothing is forced there.
        let (first, rest) = forced.split_at_mut(per_line);
        first.fill(0);
        let (middle, last) = rest.split_at_mut((count - 2) * per_line);
        last.fill(0);
        let lines = bytes.chunks_exact(per_line);
        for ((out, above), below) in middle
            .chunks_exact_mut(per_line)
            .zip(lines.clone())
            .zip(lines.skip(2))
        {
            let (mut carry_above, mut carry_below) = (0, 0);
            for ((out, above), below) in out
                .chunks_exact_mut(8)
                .zip(above.chunks_exact(8))
                .zip(below.chunks_exact(8))
            {
                let (above, below) = (word_at(above, 0), word_at(below, 0));
                // Free here, blocked one position before (the last bit of the word
                // before, for bit 0).
                let word = (above & !((above << 1) | carry_above))
                    | (below & !((below << 1) | carry_below));
                (carry_above, carry_below) = (above >> 63, below >> 63);
                out.copy_from_slice(&word.to_le_bytes());
            }
        }
    }

    /// Whether positions `from..from + count` of `line` are all set.
    #[inline(always)]
    fn all_set(&self, line: usize, from: usize, count: usize) -> bool {
        let start = line * 8 * self.words_per_line;
        let (mut at, mut left) = (from, count);
        while left > 0 {
            let take = left.min(56);
            let mask = u64::MAX >> (64 - take);
            if (word_at_byte(&self.bytes, start + at / 8) >> (at % 8)) & mask != mask {
                return false;
            }
            at += take;
            left -= take;
        }
        true
    }

    /// The bits of one line.
    #[inline(always)]
    fn line_bits(&self) -> usize {
        64 * self.words_per_line
    }

    /// The straight jump along `line` from `position` (a free cell) towards higher
    /// positions: the number of steps to the first cell with a forced neighbour (a free
    /// cell in line `line - 1` or `line + 1` whose predecessor there is blocked) or to
    /// `goal`, or `None` if a blocked cell comes first.
    #[inline(always)]
    fn scan(&self, line: usize, position: usize, goal: Option<usize>) -> Option<u32> {
        let goal = goal.map(|goal| goal.wrapping_sub(position));
        self.scan_at(line * self.line_bits() + position, goal)
    }

    /// [`scan`](Self::scan) from the bit at `at` (`line_bits() * line + position`), the
    /// goal given as the steps to it (past the line's end if behind).
    #[inline(always)]
    fn scan_at(&self, at: usize, goal: Option<usize>) -> Option<u32> {
        // The byte holding the cell, read with the 7 after it: 57 cells or more from the
        // cell on, the bits past the read as blocked.
        let (mut byte, shift) = (at / 8, at % 8);
        let mut covered = 0;
        loop {
            let free = word_at_byte(&self.bytes, byte) >> shift;
            let mut stops = word_at_byte(&self.forced, byte) >> shift | !free;
            if let Some(goal) = goal {
                let to_goal = goal.wrapping_sub(covered);
                if to_goal < 64 {
                    stops |= 1 << to_goal;
                }
            }
            // Bit 0 is the cell the scan stands on, free and already looked at. The first
            // stop is a forced neighbour or the goal if its cell is free, the wall if not;
            // a bit past the bytes read comes at bit 57 or later.
            let stop = (stops & !1).trailing_zeros();
            if stop < 57 {
                return (free & (1 << stop) != 0).then_some((covered + stop as usize) as u32);
            }
            // Cells 0 to 56 are free and hold no stop: stand on cell 56, 7 bytes on.
            byte += 7;
            covered += 56;
        }
    }
}

/// Hands a successor to `found`, out of line: inlined into the diagonal loop's eight copies,
/// the search's bookkeeping costs the loop more in registers than the call.
#[inline(never)]
fn generate(found: &mut impl Successors, legs: [(usize, u32); 2]) {
    found.found(legs);
}

/// Word `k` of `bytes`, little-endian.
#[inline(always)]
fn word_at(bytes: &[u8], k: usize) -> u64 {
    word_at_byte(bytes, 8 * k)
}

/// The 64 bits of `bytes` from byte `at` on, little-endian.
#[inline(always)]
fn word_at_byte(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// Bit `k` of the result is the lowest bit of byte `k` of `bytes`, every byte 0 or 1.
#[inline(always)]
fn gather_bytes(bytes: u64) -> u64 {
    // Each byte's bit lands, by the multiply, in a distinct bit of the top byte.
    (bytes.wrapping_mul(0x0102_0408_1020_4080) >> 56) & 0xff
}

/// Transposes a 64 × 64 bit matrix, row `r` being `block[r]` and column `c` its bit `c`:
/// the off-diagonal halves are swapped, then the quarters within each half, down to single
/// bits (Warren, "Hacker's Delight", 7–3), `6 × 32` swaps in all.
fn transpose64(block: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            let swap = ((block[k] >> width) ^ block[k + width]) & mask;
            block[k] ^= swap << width;
            block[k + width] ^= swap;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines a cell at a time: the plain definition the fast build must match.
    fn slow(grid: &Grid) -> [LineBits; 4] {
        let (stride, rows) = (grid.stride, grid.passable.len() / grid.stride);
        let mut lines: [LineBits; 4] = Default::default();
        let [east, west, south, north] = &mut lines;
        east.reset(rows, stride);
        west.reset(rows, stride);
        south.reset(stride, rows);
        north.reset(stride, rows);
        let set = |lines: &mut LineBits, line: usize, position: usize| {
            lines.bytes[8 * line * lines.words_per_line + position / 8] |= 1 << (position % 8);
        };
        for (y, row) in grid.passable.chunks_exact(stride).enumerate() {
            for (x, _) in row.iter().enumerate().filter(|&(_, &open)| open) {
                set(east, y, x);
                set(west, y, stride - 1 - x);
                set(south, x, y);
                set(north, x, rows - 1 - y);
            }
        }
        // A cell of a line is forced when a neighbouring line is free there and blocked
        // at the position before; the first and last lines (the padding) are never
        // scanned and hold none.
        for lines in &mut lines {
            let per_line = 8 * lines.words_per_line;
            let count = lines.bytes.len() / per_line;
            let bit = |lines: &LineBits, line: usize, position: usize| {
                lines.bytes[line * per_line + position / 8] >> (position % 8) & 1 == 1
            };
            lines.forced = vec![0; lines.bytes.len()];
            for line in 1..count - 1 {
                for position in 0..lines.positions {
                    let forced = [line.wrapping_sub(1), line + 1].into_iter().any(|side| {
                        side < count
                            && bit(lines, side, position)
                            && (position == 0 || !bit(lines, side, position - 1))
                    });
                    if forced {
                        lines.forced[line * per_line + position / 8] |= 1 << (position % 8);
                    }
                }
            }
        }
        lines
    }

    #[test]
    fn fast_build_matches_cell_by_cell() {
        for (width, height) in [
            (1, 1),
            (3, 7),
            (62, 62),
            (63, 5),
            (64, 130),
            (126, 61),
            (200, 129),
        ] {
            let mut grid = Grid::open(width, height, super::super::Connectivity::Eight);
            // Blocks on a pattern with no period of 64 or 8.
            for y in 0..height {
                for x in 0..width {
                    if (x * 7 + y * 13 + x * y) % 5 == 0 {
                        grid.set_blocked((x, y), true).unwrap();
                    }
                }
            }
            let mut lines = BlockLines::default();
            lines.prepare(&grid);
            let [east, west, south, north] = slow(&grid);
            assert_eq!(lines.east.bytes, east.bytes, "east {width}x{height}");
            assert_eq!(lines.west.bytes, west.bytes, "west {width}x{height}");
            assert_eq!(lines.south.bytes, south.bytes, "south {width}x{height}");
            assert_eq!(lines.north.bytes, north.bytes, "north {width}x{height}");
            for (fast, slow, name) in [
                (&lines.east, &east, "east"),
                (&lines.west, &west, "west"),
                (&lines.south, &south, "south"),
                (&lines.north, &north, "north"),
            ] {
                assert_eq!(fast.forced, slow.forced, "{name} forced {width}x{height}");
            }
        }
    }

    #[test]
    fn gather_bytes_packs_each_byte() {
        for pattern in 0..=255u64 {
            let bytes = (0..8).fold(0, |acc, k| acc | ((pattern >> k) & 1) << (8 * k));
            assert_eq!(gather_bytes(bytes), pattern);
        }
    }
}
