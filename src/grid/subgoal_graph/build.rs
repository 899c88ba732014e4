//! The simple subgoal graph of a grid: where the subgoals are, how far each cell sees along
//! the four axes, which subgoals a cell reaches directly, and the edges between subgoals.

use fixedbitset::FixedBitSet;

use super::super::{Cell, Grid, DELTAS};

/// The largest clearance an entry holds, in its low six bits; a length of `SATURATED`
/// means the ray runs on for at least that many cells, and the entry `SATURATED - 1` steps
/// ahead tells how it goes on.
const SATURATED: u8 = 0x3f;

/// The bit of a cell's first entry (the westward one) set when the cell is a subgoal: a
/// scan tests each cell of its diagonals in the entry it reads anyway, not in the bitset,
/// which lies a cache line further per row.
const IS_SUBGOAL: u8 = 0x40;

/// The bit of an entry (below [`SATURATED`]) set when its ray ends on a subgoal: a scan
/// reads it with the length instead of looking the end up among the subgoals, once for
/// each cell of its diagonals.
const ENDS_AT_SUBGOAL: u8 = 0x80;

/// The side of the square tiles of the curve that numbers the subgoals.
const TILE: usize = 64;

/// The subgoals past which they are numbered along the curve: with a few thousand, every
/// table kept per subgoal fits in the nearest caches.
const CURVE_MIN_SUBGOALS: usize = 4096;

/// The subgoals a scan holds before it hands them on: a cell of a diagonal adds at most two.
const SCAN_HITS: usize = 32;

/// The diagonal directions of [`DELTAS`] and, for each, its two axis components.
pub(super) const DIAGONALS: [(usize, [usize; 2]); 4] =
    [(4, [0, 2]), (5, [1, 2]), (6, [0, 3]), (7, [1, 3])];

/// What the graph keeps about the grid's cells, indexed by the grid's padded index: the
/// subgoals and each cell's clearance along the four axes; and the subgoals' numbers.
///
/// Subgoals are numbered in row order, or, past [`CURVE_MIN_SUBGOALS`] of them, along a
/// curve through the cells: tiles of 64 × 64 cells row by row, and the Z-order curve inside
/// each tile. A search touches the subgoals round its frontier and a path runs through
/// neighbouring ones; in row order the subgoal above another lies a whole row of subgoals
/// away in every table kept per subgoal, on the curve most neighbours in both directions
/// lie near. On smaller maps the tables stay in the nearest caches anyway, and the curve
/// only makes each number dearer to look up.
#[derive(Debug, Default, Clone)]
pub(super) struct Cells {
    pub(super) stride: usize,
    /// `⌈2^64 / stride⌉`, so that a padded index divides by `stride` with one multiply, as
    /// the grid's own node ids do: queries turn every subgoal they generate into its cell.
    stride_reciprocal: u64,
    /// Whether each padded cell is a subgoal.
    pub(super) subgoal: FixedBitSet,
    /// When the subgoals are numbered along the curve, whether the cell at each place of
    /// it ([`Cells::place`]) is a subgoal: a subgoal's id is its rank among these bits.
    /// Empty otherwise, and the id is the rank among `subgoal`'s.
    curve: FixedBitSet,
    /// Per 64 bits of `curve` (or `subgoal`), the subgoals before them.
    rank: Vec<u32>,
    /// Tiles of the curve per row of tiles.
    tile_columns: usize,
    /// The places of the curve: whole tiles.
    places: usize,
    /// The cell of each subgoal, by id: a search reads it for every edge it relaxes, so it
    /// is kept whole rather than recomputed from the padded index.
    pub(super) xy: Vec<Cell>,
    /// Per padded cell and axis direction (`DELTAS[0..4]`), the clearance: the steps to the
    /// first subgoal along the ray, or to the last free cell before a blocked one, whichever
    /// comes first; [`SATURATED`] for a ray longer than that. [`ENDS_AT_SUBGOAL`] marks the
    /// rays that end on a subgoal, and [`IS_SUBGOAL`] in the first entry the subgoals.
    pub(super) clearance: Vec<[u8; 4]>,
    /// The grid's move offsets in the padded array.
    pub(super) offsets: [isize; 8],
}

/// Whether the free cell at padded index `i` is a subgoal: a diagonal neighbour is blocked
/// while the two cells beside both are free, so that shortest paths bend round that corner.
pub(super) fn is_corner(grid: &Grid, i: usize) -> bool {
    let p = &grid.passable;
    if !p[i] {
        return false;
    }
    DIAGONALS.iter().any(|&(d, [a, b])| {
        p[i.wrapping_add_signed(grid.offsets[a])]
            && p[i.wrapping_add_signed(grid.offsets[b])]
            && !p[i.wrapping_add_signed(grid.offsets[d])]
    })
}

impl Cells {
    /// Finds the subgoals of `grid` and computes every clearance: `O(cells)`.
    pub(super) fn build(grid: &Grid) -> Cells {
        let cells = grid.passable.len();
        let mut subgoal = FixedBitSet::with_capacity(cells);
        for y in 0..grid.height {
            let row = grid.padded_index(0, y);
            for i in row..row + grid.width as usize {
                if is_corner(grid, i) {
                    subgoal.insert(i);
                }
            }
        }
        let mut built = Cells {
            stride: grid.stride,
            stride_reciprocal: grid.stride_reciprocal,
            subgoal,
            curve: FixedBitSet::new(),
            rank: Vec::new(),
            tile_columns: (grid.width as usize).div_ceil(TILE),
            places: (grid.width as usize).div_ceil(TILE)
                * (grid.height as usize).div_ceil(TILE)
                * TILE
                * TILE,
            xy: Vec::new(),
            clearance: vec![[0; 4]; cells],
            offsets: grid.offsets,
        };
        built.renumber();
        for y in 0..grid.height {
            built.refresh_row(grid, y);
        }
        for x in 0..grid.width {
            built.refresh_column(grid, x);
        }
        built
    }

    /// Recomputes the subgoals' numbers and positions from `subgoal`.
    pub(super) fn renumber(&mut self) {
        let mut curve = FixedBitSet::new();
        if self.subgoal.count_ones(..) > CURVE_MIN_SUBGOALS {
            curve.grow(self.places);
            for i in self.subgoal.ones() {
                curve.insert(self.place(self.cell(i)));
            }
        }
        self.curve = curve;
        let blocks = if self.curved() {
            self.curve.as_slice()
        } else {
            self.subgoal.as_slice()
        };
        self.rank.clear();
        self.rank.reserve(blocks.len());
        let mut count = 0u32;
        for block in blocks {
            self.rank.push(count);
            count += block.count_ones();
        }
        let mut xy = std::mem::take(&mut self.xy);
        xy.clear();
        if self.curved() {
            xy.extend(self.curve.ones().map(|place| self.cell_at(place)));
        } else {
            xy.extend(self.subgoal.ones().map(|i| self.cell(i)));
        }
        self.xy = xy;
    }

    /// Whether the subgoals are numbered along the curve.
    #[inline(always)]
    fn curved(&self) -> bool {
        !self.curve.is_empty()
    }

    /// The place of a cell on the curve that numbers the subgoals: its tile's, then its
    /// own in the tile, the bits of its column and row there interleaved.
    #[inline(always)]
    fn place(&self, (x, y): Cell) -> usize {
        // The six bits of `v` moved to the even bit positions.
        let spread = |v: usize| {
            let v = v & (TILE - 1);
            let v = (v | (v << 4)) & 0x30f;
            let v = (v | (v << 2)) & 0x333;
            (v | (v << 1)) & 0x555
        };
        let (x, y) = (x as usize, y as usize);
        let tile = (y / TILE) * self.tile_columns + x / TILE;
        tile * TILE * TILE + (spread(x) | (spread(y) << 1))
    }

    /// The cell at a place of the curve: [`Cells::place`] undone.
    fn cell_at(&self, place: usize) -> Cell {
        // The even bits of `v`, packed into the low six.
        let gather = |v: usize| {
            let v = v & 0x555;
            let v = (v | (v >> 1)) & 0x333;
            let v = (v | (v >> 2)) & 0x30f;
            (v | (v >> 4)) & (TILE - 1)
        };
        let (tile, within) = (place / (TILE * TILE), place % (TILE * TILE));
        let x = (tile % self.tile_columns) * TILE + gather(within);
        let y = (tile / self.tile_columns) * TILE + gather(within >> 1);
        (x as u32, y as u32)
    }

    /// The subgoal id of the cell at padded index `i`, which must be a subgoal.
    #[inline(always)]
    pub(super) fn id(&self, i: usize) -> u32 {
        let (blocks, place) = if self.curved() {
            (self.curve.as_slice(), self.place(self.cell(i)))
        } else {
            (self.subgoal.as_slice(), i)
        };
        let bits = usize::BITS as usize;
        let below = blocks[place / bits] & ((1usize << (place % bits)) - 1);
        self.rank[place / bits] + below.count_ones()
    }

    /// Whether the cell at padded index `i` is a subgoal.
    #[inline(always)]
    pub(super) fn is_subgoal(&self, i: usize) -> bool {
        self.subgoal.contains(i)
    }

    /// The number of subgoals.
    pub(super) fn len(&self) -> usize {
        self.xy.len()
    }

    /// The cell at padded index `i`.
    #[inline(always)]
    pub(super) fn cell(&self, i: usize) -> Cell {
        // Exact for padded indices, which fit in 32 bits (the grid checks its size).
        let row = ((u128::from(self.stride_reciprocal) * i as u128) >> 64) as usize;
        let column = i - row * self.stride;
        (column as u32 - 1, row as u32 - 1)
    }

    /// The cell of subgoal `id`.
    #[inline(always)]
    pub(super) fn position(&self, id: u32) -> Cell {
        self.xy[id as usize]
    }

    /// The padded index of subgoal `id`.
    #[inline(always)]
    pub(super) fn index(&self, id: u32) -> usize {
        let (x, y) = self.xy[id as usize];
        (y as usize + 1) * self.stride + x as usize + 1
    }

    /// The horizontal clearances (west and east) of row `y`, after a change in it.
    pub(super) fn refresh_row(&mut self, grid: &Grid, y: u32) {
        let row = grid.padded_index(0, y);
        let end = row + grid.width as usize;
        for i in row..end {
            let flag = if self.subgoal.contains(i) {
                IS_SUBGOAL
            } else {
                0
            };
            self.clearance[i][0] = self.step(grid, i, 0) | flag;
        }
        for i in (row..end).rev() {
            self.clearance[i][1] = self.step(grid, i, 1);
        }
    }

    /// The vertical clearances (north and south) of column `x`, after a change in it.
    pub(super) fn refresh_column(&mut self, grid: &Grid, x: u32) {
        let stride = grid.stride;
        let top = grid.padded_index(x, 0);
        let column = (0..grid.height as usize).map(|y| top + y * stride);
        for i in column.clone() {
            self.clearance[i][2] = self.step(grid, i, 2);
        }
        for i in column.rev() {
            self.clearance[i][3] = self.step(grid, i, 3);
        }
    }

    /// The clearance of the cell at `i` along axis direction `k`, from the next cell's.
    #[inline(always)]
    fn step(&self, grid: &Grid, i: usize, k: usize) -> u8 {
        if !grid.passable[i] {
            return 0;
        }
        let next = i.wrapping_add_signed(self.offsets[k]);
        if !grid.passable[next] {
            0
        } else if self.subgoal.contains(next) {
            1 | ENDS_AT_SUBGOAL
        } else {
            let entry = self.clearance[next][k];
            let steps = entry & SATURATED;
            if steps >= SATURATED - 1 {
                SATURATED
            } else {
                (steps + 1) | (entry & ENDS_AT_SUBGOAL)
            }
        }
    }

    /// The full clearance of the cell at `i` along axis direction `k`, and whether its ray
    /// ends on a subgoal.
    #[inline(always)]
    pub(super) fn clearance(&self, mut i: usize, k: usize) -> (u32, bool) {
        let skip = u32::from(SATURATED) - 1;
        let mut total = 0;
        loop {
            let entry = self.clearance[i][k];
            let steps = entry & SATURATED;
            if steps < SATURATED {
                return (total + u32::from(steps), entry & ENDS_AT_SUBGOAL != 0);
            }
            total += skip;
            i = i.wrapping_add_signed(self.offsets[k] * skip as isize);
        }
    }

    /// [`Cells::clearance`] where it is at most `limit`; otherwise some length above
    /// `limit`, and whether the ray ends on a subgoal only if that length is the full one.
    /// A long ray takes a read per [`SATURATED`] cells, and past `limit` its length does
    /// not matter to a scan.
    #[inline(always)]
    fn clearance_within(&self, i: usize, k: usize, limit: u32) -> (u32, bool) {
        let entry = self.clearance[i][k];
        let steps = entry & SATURATED;
        // A saturated entry has no subgoal bit, and its length is above any smaller limit.
        if (steps == SATURATED) & (limit >= u32::from(SATURATED)) {
            self.clearance(i, k)
        } else {
            (u32::from(steps), entry & ENDS_AT_SUBGOAL != 0)
        }
    }

    /// Calls `found` with the padded index of every subgoal that the free cell at `origin`
    /// reaches directly: along an axis or the diagonal up to the first subgoal, and in each
    /// of the eight wedges between them by a diagonal run then an axis run, up to the first
    /// subgoal of each axis run, each run shorter than the one on the row before it (Uras,
    /// Koenig and Hernández 2013). Every subgoal that the cell reaches by a path as short as
    /// the octile distance without passing another subgoal is among them.
    pub(super) fn scan(&self, grid: &Grid, origin: usize, mut found: impl FnMut(usize)) {
        // Per axis direction, how far the wedges beside it may reach.
        let mut reach = [0u32; 4];
        for (k, reach) in reach.iter_mut().enumerate() {
            let (steps, ends) = self.clearance(origin, k);
            *reach = steps;
            if ends {
                found(origin.wrapping_add_signed(self.offsets[k] * steps as isize));
                *reach = steps - 1;
            }
        }
        // The subgoals of the axis runs are written to `hits` whether or not the run finds
        // one, and kept by counting them: whether a run ends on a subgoal is a coin toss to
        // the branch predictor, the cells of a diagonal come in a few dozen, and `found`
        // is called for them afterwards, in the same order.
        let mut hits = [0usize; SCAN_HITS];
        for (diagonal, axes) in DIAGONALS {
            let mut limits = [reach[axes[0]], reach[axes[1]]];
            let mut at = origin;
            let mut count = 0;
            // The origin may be a subgoal, so its diagonal step is read from the grid.
            // Every later cell is a free cell that is not a subgoal: if the two cells
            // beside it on the diagonal's axes are free, so is the diagonal cell (else the
            // cell would be a corner), and the step is legal. Its clearances along those
            // axes, read anyway, tell whether they are free.
            let mut open = grid.moves[at] & (1 << diagonal) != 0;
            while open {
                at = at.wrapping_add_signed(self.offsets[diagonal]);
                if self.clearance[at][0] & IS_SUBGOAL != 0 {
                    hits[count] = at;
                    count += 1;
                    break;
                }
                for (limit, &k) in limits.iter_mut().zip(&axes) {
                    // A run no shorter than the limit is not looked at, and one that ends
                    // on a subgoal has a length of at least 1.
                    let (steps, ends) = self.clearance_within(at, k, *limit);
                    let hit = (steps <= *limit) & ends;
                    *limit = if hit { steps - 1 } else { (*limit).min(steps) };
                    hits[count] = at.wrapping_add_signed(self.offsets[k] * steps as isize);
                    count += usize::from(hit);
                    open &= steps != 0;
                }
                if count > SCAN_HITS - 3 {
                    hits[..count].iter().for_each(|&hit| found(hit));
                    count = 0;
                }
            }
            hits[..count].iter().for_each(|&hit| found(hit));
        }
    }

    /// The bytes of the per-cell tables.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(self.clearance.as_slice())
            + std::mem::size_of_val(self.subgoal.as_slice())
            + std::mem::size_of_val(self.curve.as_slice())
            + std::mem::size_of_val(self.rank.as_slice())
            + std::mem::size_of_val(self.xy.as_slice())
    }
}

/// The octile distance between two cells: the cost of a shortest path on an open grid.
#[inline(always)]
pub(super) fn octile((ax, ay): Cell, (bx, by): Cell) -> f64 {
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    let (low, high) = if dx < dy { (dx, dy) } else { (dy, dx) };
    f64::from(high) + (std::f64::consts::SQRT_2 - 1.0) * f64::from(low)
}

/// The edges of the simple subgoal graph as adjacency lists: each subgoal joined to every
/// subgoal its scan finds, both ways, without repeats.
pub(super) fn simple_edges(grid: &Grid, cells: &Cells) -> Vec<Vec<u32>> {
    let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); cells.len()];
    for id in 0..cells.len() {
        let origin = cells.index(id as u32);
        cells.scan(grid, origin, |end| {
            let other = cells.id(end);
            adjacency[id].push(other);
            adjacency[other as usize].push(id as u32);
        });
    }
    for list in &mut adjacency {
        list.sort_unstable();
        list.dedup();
    }
    adjacency
}

/// The direction index in [`DELTAS`] of a step `(dx, dy)`, both in `-1..=1`.
#[inline(always)]
pub(super) fn direction_of(dx: i32, dy: i32) -> usize {
    // Indexed by `(dx + 1) * 3 + dy + 1`: the refinement looks up two directions per edge
    // of every path.
    const DIRECTION: [u8; 9] = {
        let mut table = [0u8; 9];
        let mut k = 0;
        while k < DELTAS.len() {
            let (dx, dy) = DELTAS[k];
            table[((dx + 1) * 3 + dy + 1) as usize] = k as u8;
            k += 1;
        }
        table
    };
    DIRECTION[((dx + 1) * 3 + dy + 1) as usize % 9] as usize
}

#[cfg(test)]
mod tests {
    use super::super::super::{Connectivity, Grid};
    use super::{Cells, CURVE_MIN_SUBGOALS};

    /// On a map wider and taller than a tile of the numbering's curve, with enough subgoals
    /// to be numbered along it, every subgoal's id leads back to its cell, and the ids are
    /// `0..len`.
    #[test]
    fn every_subgoal_id_leads_back_to_its_cell() {
        let (width, height) = (300, 140);
        let mut grid = Grid::open(width, height, Connectivity::Eight);
        // A fixed pseudo-random scatter of single blocked cells: corners all over.
        let mut x = 7u64;
        for _ in 0..4_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let cell = ((x >> 33) as u32 % width, (x >> 13) as u32 % height);
            grid.set_blocked(cell, true).unwrap();
        }
        let cells = Cells::build(&grid);
        assert!(cells.len() > CURVE_MIN_SUBGOALS, "{} subgoals", cells.len());
        assert!(cells.curved());
        let mut seen = vec![false; cells.len()];
        for i in cells.subgoal.ones() {
            let id = cells.id(i);
            assert_eq!(
                cells.position(id),
                cells.cell(i),
                "id {id} of padded index {i}"
            );
            assert_eq!(cells.index(id), i);
            assert!(
                !std::mem::replace(&mut seen[id as usize], true),
                "id {id} twice"
            );
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// A scan reads a run past the saturated clearance in full when its wedge still
    /// reaches that far: here the run from the first diagonal cell is exactly as long as
    /// the wedge allows and ends on a subgoal, which the scan must find.
    #[test]
    fn a_run_as_long_as_its_wedge_allows_is_read_in_full() {
        let mut grid = Grid::open(80, 6, Connectivity::Eight);
        // Subgoals at (64, 1) and (64, 2), corners of the blocked cells beside them.
        for cell in [(65, 0), (65, 3)] {
            grid.set_blocked(cell, true).unwrap();
        }
        let cells = Cells::build(&grid);
        let at = |(x, y): (u32, u32)| grid.padded_index(x, y);
        assert!(cells.is_subgoal(at((64, 1))) && cells.is_subgoal(at((64, 2))));
        // From (0, 1) the eastward run meets (64, 1) after 64 steps, so the wedge above it
        // reaches 63 steps; the run from (1, 2) meets (64, 2) after exactly 63.
        assert_eq!(cells.clearance(at((1, 2)), 1), (63, true));
        let mut found = Vec::new();
        cells.scan(&grid, at((0, 1)), |end| found.push(end));
        assert!(found.contains(&at((64, 1))), "{found:?}");
        assert!(found.contains(&at((64, 2))), "{found:?}");
    }
}
