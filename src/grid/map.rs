//! The [`Grid`] type: its cells, their moves and weights, and the edits that keep the
//! move bits current.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use super::moves::{mask_for, DELTAS, NEIGHBOURHOOD_MOVES, STEPS};
use super::GridError;

/// The source of [`Grid`] revisions: every grid made or changed anywhere in the process
/// takes the next value, so two grids share a revision only if one is an unchanged clone
/// of the other.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

pub(super) fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// A grid cell `(x, y)`: `x` is the column, `y` the row, `(0, 0)` the top-left cell.
///
/// # Example
///
/// ```
/// use replan::grid::{Cell, Connectivity, Grid};
/// let grid = Grid::open(3, 2, Connectivity::Four);
/// let bottom_right: Cell = (2, 1);
/// assert!(grid.contains(bottom_right));
/// ```
pub type Cell = (u32, u32);

/// Which neighbours a cell can move to.
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid};
/// use replan::Graph;
///
/// let mut grid = Grid::open(3, 3, Connectivity::Four);
/// let mut count = 0;
/// grid.successors((1, 1), |_, _| count += 1);
/// assert_eq!(count, 4);
///
/// grid.set_connectivity(Connectivity::Eight);
/// count = 0;
/// grid.successors((1, 1), |_, _| count += 1);
/// assert_eq!(count, 8);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// The four orthogonal neighbours, each at cost 1 (times the target's weight).
    #[default]
    Four,
    /// The orthogonal neighbours and the four diagonal ones at cost √2 (times the target's
    /// weight); a diagonal move needs both orthogonal cells beside it passable.
    Eight,
}

/// A rectangular map of passable and blocked cells with optional per-cell weights.
///
/// `Grid` implements [`Graph`] (nodes are [`Cell`]s, costs `f64`), [`ReverseGraph`] and
/// [`IndexedGraph`], so every planner in the crate searches it with flat per-node arrays.
/// See the [module documentation](super) for the movement rules.
///
/// # Example
///
/// ```
/// use replan::grid::{Connectivity, Grid, Manhattan};
/// use replan::{AStar, Planner};
///
/// let mut grid = Grid::open(5, 3, Connectivity::Four);
/// for y in 0..2 {
///     grid.set_blocked((2, y), true).unwrap();
/// }
/// grid.set_weight((2, 2), 3.0).unwrap();
/// assert_eq!(grid.to_string(), "..#..\n..#..\n..3..");
///
/// let path = AStar::new(Manhattan).plan(&grid, (0, 0), (4, 0)).unwrap();
/// assert_eq!(path.cost, 10.0); // seven unit steps and one into the weight-3 cell
/// ```
///
/// [`Graph`]: crate::Graph
/// [`ReverseGraph`]: crate::ReverseGraph
/// [`IndexedGraph`]: crate::IndexedGraph
#[derive(Clone)]
pub struct Grid {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) connectivity: Connectivity,
    /// Padded row length: `width + 2`.
    pub(super) stride: usize,
    /// `⌈2^64 / stride⌉`, so that a padded index divides by `stride` with one multiply
    /// (Lemire, Kaser and Kurz, "Faster Remainder by Direct Computation", 2019: exact for
    /// every 32-bit dividend). A* turns each popped id back into a cell; a hardware divide
    /// there was the slowest instruction of an expansion.
    pub(super) stride_reciprocal: u64,
    /// Padded, row-major: whether each cell is passable; the border is blocked.
    pub(super) passable: Vec<bool>,
    /// Padded, row-major: bit `k` set when move `k` (see `DELTAS`) is legal under
    /// 8-connectivity. Kept for both connectivities so switching costs nothing; `mask` picks
    /// the moves in use.
    pub(super) moves: Vec<u8>,
    pub(super) mask: u8,
    /// Index offset of each move in the padded array.
    pub(super) offsets: [isize; 8],
    /// Padded, row-major weights, absent while every weight is 1 so unweighted grids skip
    /// the multiplication.
    pub(super) weights: Option<Vec<f64>>,
    /// Changes with every edit (from a process-wide counter), so planners that keep tables
    /// built from the grid's contents know in `O(1)` whether those tables still hold.
    pub(super) revision: u64,
}

impl Grid {
    /// A `width × height` grid with every cell passable and of weight 1.
    ///
    /// # Panics
    ///
    /// When `(width + 2) × (height + 2)` exceeds `u32::MAX`, the most a planner can index;
    /// [`Grid::try_open`] returns an error instead.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let grid = Grid::open(4, 3, Connectivity::Eight);
    /// assert_eq!((grid.width(), grid.height()), (4, 3));
    /// assert!(grid.is_passable((3, 2)));
    /// ```
    pub fn open(width: u32, height: u32, connectivity: Connectivity) -> Grid {
        match Grid::try_open(width, height, connectivity) {
            Ok(grid) => grid,
            Err(err) => panic!("{err}"),
        }
    }

    /// Like [`Grid::open`], but returns an error instead of panicking.
    ///
    /// # Errors
    ///
    /// [`GridError::TooLarge`] when the grid would have more than `u32::MAX` cells counting
    /// its border; [`GridError::OutOfMemory`] when the system would not give the memory
    /// for its cells (two bytes each), instead of aborting the process.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, GridError};
    /// assert!(Grid::try_open(100, 100, Connectivity::Four).is_ok());
    /// assert!(matches!(
    ///     Grid::try_open(100_000, 100_000, Connectivity::Four),
    ///     Err(GridError::TooLarge { .. })
    /// ));
    /// ```
    pub fn try_open(
        width: u32,
        height: u32,
        connectivity: Connectivity,
    ) -> Result<Grid, GridError> {
        let mut grid = Grid::blocked(width, height, connectivity)?;
        for y in 0..height {
            let row = grid.padded_index(0, y);
            grid.passable[row..row + width as usize].fill(true);
        }
        grid.rebuild_moves();
        Ok(grid)
    }

    /// A grid with every cell blocked, `moves` all zero.
    pub(super) fn blocked(
        width: u32,
        height: u32,
        connectivity: Connectivity,
    ) -> Result<Grid, GridError> {
        let too_large = GridError::TooLarge {
            width: width.into(),
            height: height.into(),
        };
        let padded_width = u64::from(width) + 2;
        let padded_height = u64::from(height) + 2;
        // Planners number nodes with u32 ids, so larger grids could not be searched anyway.
        let cells = padded_width
            .checked_mul(padded_height)
            .filter(|&cells| u32::try_from(cells).is_ok())
            .and_then(|cells| usize::try_from(cells).ok())
            .ok_or(too_large)?;
        // A probe, since the zeroed allocations below cannot fail softly: two bytes a
        // cell (passability and moves), reserved but never written.
        let bytes = cells.saturating_mul(2);
        let mut probe: Vec<u8> = Vec::new();
        probe
            .try_reserve_exact(bytes)
            .map_err(|_| GridError::OutOfMemory {
                width: width.into(),
                height: height.into(),
                bytes: bytes as u64,
            })?;
        drop(probe);
        let stride = cells / padded_height as usize;
        let s = stride as isize;
        Ok(Grid {
            width,
            height,
            connectivity,
            stride,
            stride_reciprocal: u64::MAX / stride as u64 + 1,
            passable: vec![false; cells],
            moves: vec![0; cells],
            mask: mask_for(connectivity),
            offsets: [-1, 1, -s, s, -s - 1, -s + 1, s - 1, s + 1],
            weights: None,
            revision: next_revision(),
        })
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = replan::grid::Grid::open(7, 2, Default::default());
    /// assert_eq!(grid.width(), 7);
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = replan::grid::Grid::open(7, 2, Default::default());
    /// assert_eq!(grid.height(), 2);
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// How cells connect to their neighbours.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let grid: Grid = "..\n..".parse().unwrap();
    /// assert_eq!(grid.connectivity(), Connectivity::Four); // the default for pictures
    /// ```
    #[inline]
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// Changes how cells connect; costs nothing, the legal moves of both kinds are kept.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let mut grid = Grid::open(2, 2, Connectivity::Four);
    /// grid.set_connectivity(Connectivity::Eight);
    /// assert_eq!(grid.connectivity(), Connectivity::Eight);
    /// ```
    pub fn set_connectivity(&mut self, connectivity: Connectivity) {
        self.connectivity = connectivity;
        self.mask = mask_for(connectivity);
        self.revision = next_revision();
    }

    /// The grid with its connectivity set to `connectivity`: handy after parsing a picture,
    /// which is 4-connected.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let grid = "...".parse::<Grid>().unwrap().with_connectivity(Connectivity::Eight);
    /// assert_eq!(grid.connectivity(), Connectivity::Eight);
    /// ```
    #[must_use]
    pub fn with_connectivity(mut self, connectivity: Connectivity) -> Grid {
        self.set_connectivity(connectivity);
        self
    }

    /// Whether `cell` lies on the grid.
    ///
    /// # Example
    ///
    /// ```
    /// let grid = replan::grid::Grid::open(3, 3, Default::default());
    /// assert!(grid.contains((2, 2)));
    /// assert!(!grid.contains((3, 0)));
    /// ```
    #[inline]
    pub fn contains(&self, (x, y): Cell) -> bool {
        x < self.width && y < self.height
    }

    /// Whether `cell` lies on the grid and may be entered; `false` off the grid.
    ///
    /// # Example
    ///
    /// ```
    /// let grid: replan::grid::Grid = ".#".parse().unwrap();
    /// assert!(grid.is_passable((0, 0)));
    /// assert!(!grid.is_passable((1, 0)));
    /// assert!(!grid.is_passable((2, 0)));
    /// ```
    #[inline]
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.contains(cell) && self.passable[self.padded_index(cell.0, cell.1)]
    }

    /// Blocks (`true`) or clears (`false`) `cell`.
    ///
    /// Updates the legal moves of the cell and its eight neighbours, so it costs `O(1)`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] when `cell` is off the grid.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let mut grid = Grid::open(3, 1, Connectivity::Four);
    /// grid.set_blocked((1, 0), true)?;
    /// assert_eq!(grid.to_string(), ".#.");
    /// grid.set_blocked((1, 0), false)?;
    /// assert_eq!(grid.to_string(), "...");
    /// # Ok::<(), replan::grid::GridError>(())
    /// ```
    pub fn set_blocked(&mut self, cell: Cell, blocked: bool) -> Result<(), GridError> {
        self.check_contains(cell)?;
        let (x, y) = cell;
        let i = self.padded_index(x, y);
        self.passable[i] = !blocked;
        self.revision = next_revision();
        // The cell and its eight neighbours; those in the padding stay blocked, with no
        // moves, so no clamping to the grid is needed.
        self.refresh_moves_around(i);
        Ok(())
    }

    /// The weight of `cell`, or `None` off the grid. Blocked cells keep the weight they
    /// had, which applies again once they are cleared.
    ///
    /// # Example
    ///
    /// ```
    /// let grid: replan::grid::Grid = ".5".parse().unwrap();
    /// assert_eq!(grid.weight((0, 0)), Some(1.0));
    /// assert_eq!(grid.weight((1, 0)), Some(5.0));
    /// assert_eq!(grid.weight((2, 0)), None);
    /// ```
    #[inline]
    pub fn weight(&self, cell: Cell) -> Option<f64> {
        if !self.contains(cell) {
            return None;
        }
        let i = self.padded_index(cell.0, cell.1);
        Some(self.weights.as_ref().map_or(1.0, |weights| weights[i]))
    }

    /// Sets the weight of `cell`: entering it costs `step × weight`.
    ///
    /// # Errors
    ///
    /// [`GridError::OutOfBounds`] when `cell` is off the grid, [`GridError::InvalidWeight`]
    /// when `weight` is not finite or below 1 (a weight below 1 would make the grid
    /// heuristics overestimate, and A* could return a longer path than the best).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid, GridError};
    /// let mut grid = Grid::open(2, 1, Connectivity::Four);
    /// grid.set_weight((1, 0), 2.5)?;
    /// assert_eq!(grid.weight((1, 0)), Some(2.5));
    /// assert!(matches!(grid.set_weight((1, 0), 0.5), Err(GridError::InvalidWeight { .. })));
    /// assert!(grid.set_weight((1, 0), f64::NAN).is_err());
    /// # Ok::<(), GridError>(())
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: f64) -> Result<(), GridError> {
        self.check_contains(cell)?;
        if !(weight.is_finite() && weight >= 1.0) {
            return Err(GridError::InvalidWeight { cell, weight });
        }
        let i = self.padded_index(cell.0, cell.1);
        self.revision = next_revision();
        match &mut self.weights {
            Some(weights) => weights[i] = weight,
            None if weight == 1.0 => {}
            None => {
                let mut weights = vec![1.0; self.passable.len()];
                weights[i] = weight;
                self.weights = Some(weights);
            }
        }
        Ok(())
    }

    /// Whether any cell was given a weight other than 1 (so edge costs multiply by weights).
    ///
    /// # Example
    ///
    /// ```
    /// let grid: replan::grid::Grid = "..".parse().unwrap();
    /// assert!(!grid.is_weighted());
    /// let grid: replan::grid::Grid = ".2".parse().unwrap();
    /// assert!(grid.is_weighted());
    /// ```
    pub fn is_weighted(&self) -> bool {
        self.weights.is_some()
    }

    /// A number that changes whenever the grid does (a cell blocked or freed, a weight or
    /// the connectivity set), taken from a process-wide counter: two grids with the same
    /// revision have the same contents (one is an unedited clone of the other). Planners
    /// that keep tables built from a grid, such as
    /// [`JumpPointSearchPlus`](super::JumpPointSearchPlus), compare it to know whether
    /// their tables still hold.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Connectivity, Grid};
    /// let mut grid = Grid::open(3, 3, Connectivity::Eight);
    /// let before = grid.revision();
    /// assert_eq!(grid.clone().revision(), before);
    /// grid.set_blocked((1, 1), true)?;
    /// assert_ne!(grid.revision(), before);
    /// assert_ne!(Grid::open(3, 3, Connectivity::Eight).revision(), grid.revision());
    /// # Ok::<(), replan::grid::GridError>(())
    /// ```
    #[inline]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Draws the grid as [`Display`](fmt::Display) does, with the path over it: `S` on its
    /// first cell, `G` on its last and `*` on the cells between. Cells off the grid are
    /// skipped.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::grid::{Grid, Manhattan};
    /// use replan::{AStar, Planner};
    ///
    /// let grid: Grid = "...\n.#.\n...".parse().unwrap();
    /// let path = AStar::new(Manhattan).plan(&grid, (0, 2), (2, 0)).unwrap();
    /// let drawing = grid.render_path(&path.nodes);
    /// assert_eq!(drawing.matches('*').count(), 3);
    /// assert!(drawing.starts_with("..G") || drawing.starts_with("**G"));
    /// ```
    pub fn render_path(&self, path: &[Cell]) -> String {
        let mut canvas: Vec<Vec<char>> = (0..self.height)
            .map(|y| (0..self.width).map(|x| self.symbol((x, y))).collect())
            .collect();
        let last = path.len().saturating_sub(1);
        for (k, &cell) in path.iter().enumerate() {
            if self.contains(cell) {
                let mark = match k {
                    0 => 'S',
                    k if k == last => 'G',
                    _ => '*',
                };
                canvas[cell.1 as usize][cell.0 as usize] = mark;
            }
        }
        let rows: Vec<String> = canvas.into_iter().map(String::from_iter).collect();
        rows.join("\n")
    }

    /// The character [`Display`](fmt::Display) uses for a cell on the grid.
    pub(super) fn symbol(&self, cell: Cell) -> char {
        if !self.is_passable(cell) {
            return '#';
        }
        let weight = self.weight(cell).unwrap_or(1.0);
        // Weights are at least 1; those that are not whole digits show as the nearest one.
        match weight.round().min(9.0) as u32 {
            0 | 1 => '.',
            digit => char::from_digit(digit, 10).unwrap_or('9'),
        }
    }

    pub(super) fn check_contains(&self, cell: Cell) -> Result<(), GridError> {
        if self.contains(cell) {
            Ok(())
        } else {
            Err(GridError::OutOfBounds {
                cell,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// Index in the padded arrays of an on-grid cell.
    #[inline(always)]
    pub(super) fn padded_index(&self, x: u32, y: u32) -> usize {
        (y as usize + 1) * self.stride + x as usize + 1
    }

    /// The legal 8-connected moves of the cell at padded index `i` (which must have a neighbour on
    /// each side in the array: on the grid, or padding with no moves wanted).
    pub(super) fn moves_of(&self, i: usize) -> u8 {
        let p = &self.passable;
        // Border cells are padding, always blocked, and may lack neighbours in the array.
        if !p[i] {
            return 0;
        }
        let s = self.stride;
        let around = [
            i - s - 1,
            i - s,
            i - s + 1,
            i - 1,
            i,
            i + 1,
            i + s - 1,
            i + s,
            i + s + 1,
        ];
        let mut square = 0;
        for (bit, j) in around.into_iter().enumerate() {
            square |= usize::from(p[j]) << bit;
        }
        NEIGHBOURHOOD_MOVES[square]
    }

    /// Recomputes the moves of the cell at padded index `i` and of its eight neighbours,
    /// after `i` was blocked or freed. Their neighbourhoods all lie in the 5×5 square
    /// around `i`, read once into a bit set instead of nine times over. Cells of that
    /// square beyond the padding (two rows or columns out) read as blocked: they are
    /// padding of the next or previous row, or off the array.
    pub(super) fn refresh_moves_around(&mut self, i: usize) {
        let s = self.stride as isize;
        let mut square = 0u32;
        for row in 0..5 {
            for column in 0..5 {
                let j = i.wrapping_add_signed((row - 2) * s + column - 2);
                let open = self.passable.get(j).copied().unwrap_or(false);
                square |= u32::from(open) << (row * 5 + column);
            }
        }
        for row in 1..4 {
            for column in 1..4 {
                let at = |r: isize| (square >> ((r * 5 + column - 1) as u32)) & 7;
                let neighbourhood = at(row - 1) | at(row) << 3 | at(row + 1) << 6;
                let j = i.wrapping_add_signed((row - 2) * s + column - 2);
                self.moves[j] = NEIGHBOURHOOD_MOVES[neighbourhood as usize];
            }
        }
    }

    /// Calls `visit(from, from's padded index, to's padded index, cost)` for each legal
    /// diagonal move between two orthogonal neighbours of `cell`: the moves that pass its
    /// corner, so the only ones besides its own that blocking or freeing it can change.
    /// Nothing under 4-connectivity.
    pub(crate) fn for_each_diagonal_past(
        &self,
        cell: Cell,
        mut visit: impl FnMut(Cell, usize, usize, f64),
    ) {
        // From each orthogonal neighbour (moves 0-3), the two diagonals that lead to the
        // orthogonal neighbours beside it: from the left one, up-right and down-right.
        const PAST: [(usize, [usize; 2]); 4] = [(0, [5, 7]), (1, [4, 6]), (2, [6, 7]), (3, [4, 5])];
        if self.connectivity != Connectivity::Eight || !self.contains(cell) {
            return;
        }
        let (x, y) = cell;
        let i = self.padded_index(x, y);
        let weights = self.weights.as_deref();
        for (k, diagonals) in PAST {
            let (dx, dy) = DELTAS[k];
            // A neighbour off the grid is padding, with no moves.
            let from_index = i.wrapping_add_signed(self.offsets[k]);
            let from = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            let moves = self.moves[from_index];
            for d in diagonals {
                if moves & (1 << d) != 0 {
                    let to_index = from_index.wrapping_add_signed(self.offsets[d]);
                    let step = weights.map_or(STEPS[d], |weights| STEPS[d] * weights[to_index]);
                    visit(from, from_index, to_index, step);
                }
            }
        }
    }

    pub(super) fn rebuild_moves(&mut self) {
        self.revision = next_revision();
        for y in 0..self.height {
            for x in 0..self.width {
                let i = self.padded_index(x, y);
                self.moves[i] = self.moves_of(i);
            }
        }
    }

    /// Calls `visit(neighbour, padded index of the neighbour, step)` for each legal move
    /// from `cell`; nothing for cells off the grid or blocked.
    #[inline(always)]
    pub(super) fn for_each_move(&self, (x, y): Cell, visit: impl FnMut(Cell, usize, f64)) {
        if !self.contains((x, y)) {
            return;
        }
        self.for_each_move_at((x, y), self.padded_index(x, y), visit);
    }

    /// [`for_each_move`](Grid::for_each_move) from `cell` whose padded index, `i`, the
    /// caller already has. Nothing for an index off the array; garbage, but no panic, for
    /// an index that is not `cell`'s.
    #[inline(always)]
    pub(super) fn for_each_move_at(
        &self,
        (x, y): Cell,
        i: usize,
        mut visit: impl FnMut(Cell, usize, f64),
    ) {
        let Some(&moves) = self.moves.get(i) else {
            return;
        };
        let mut moves = moves & self.mask;
        while moves != 0 {
            let k = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (dx, dy) = DELTAS[k];
            // A legal move stays on the grid, so these neither wrap nor leave the array.
            let next = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            visit(next, i.wrapping_add_signed(self.offsets[k]), STEPS[k]);
        }
    }
}

impl PartialEq for Grid {
    /// Grids are equal when they have the same size, connectivity, blocked cells and
    /// weights (an unweighted grid equals one whose weights are all 1).
    fn eq(&self, other: &Grid) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.connectivity == other.connectivity
            && self.passable == other.passable
            && match (&self.weights, &other.weights) {
                (None, None) => true,
                (Some(a), Some(b)) => a == b,
                (Some(w), None) | (None, Some(w)) => w.iter().all(|&w| w == 1.0),
            }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid {{ width: {}, height: {}, connectivity: {:?}, weighted: {} }}",
            self.width,
            self.height,
            self.connectivity,
            self.is_weighted()
        )?;
        if self.width <= 80 && self.height <= 40 {
            write!(f, "\n{self}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Grid {
    /// One line per row, no newline after the last: `.` for a passable cell of weight 1,
    /// `#` for a blocked cell and a digit for a weight from 2 to 9 (other weights show as
    /// the nearest such digit). Grids whose weights are whole numbers up to 9 print as a
    /// picture that parses back to an equal grid, except that the connectivity is not
    /// printed and blocked cells lose their weight.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for y in 0..self.height {
            if y > 0 {
                f.write_char('\n')?;
            }
            for x in 0..self.width {
                f.write_char(self.symbol((x, y)))?;
            }
        }
        Ok(())
    }
}
