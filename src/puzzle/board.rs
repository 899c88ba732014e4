//! The board: tiles packed four bits a cell into a `u64`, with the blank's cell alongside.

use std::fmt;
use std::hash::{Hash, Hasher};

/// A move, named by the direction the *blank* moves (the tile moves the opposite way).
///
/// # Example
///
/// ```
/// use replan::puzzle::Move;
/// assert_eq!(Move::Up.letter(), 'U');
/// assert_eq!(Move::from_letter('l'), Some(Move::Left));
/// assert_eq!(Move::Down.opposite(), Move::Up);
/// assert_eq!(Move::ALL.len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The blank moves up (the tile above it slides down).
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Move {
    /// The four moves, in the order successors are generated.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::Move;
    /// let letters: String = Move::ALL.iter().map(|m| m.letter()).collect();
    /// assert_eq!(letters, "UDLR");
    /// ```
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// `U`, `D`, `L` or `R`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::puzzle::Move::Right.letter(), 'R');
    /// ```
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move named by `letter` (either case).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::Move;
    /// assert_eq!(Move::from_letter('D'), Some(Move::Down));
    /// assert_eq!(Move::from_letter('x'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(replan::puzzle::Move::Left.opposite(), replan::puzzle::Move::Right);
    /// ```
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A position of a sliding-tile puzzle of up to 16 cells.
///
/// Cell `i` (row-major, 0 is the top-left) holds tile `(cells >> 4 i) & 0xF`; tile 0 is the
/// blank. A 16-cell board uses all 64 bits, so the blank's cell is stored next to them
/// rather than in spare bits: a move is a few shifts and never has to search for it. The
/// width and height ride along so a board can print itself and a puzzle can refuse a board
/// of another size; equality compares all of it, hashing only the packed cells. The blank,
/// width and height share one `u32`, so a board is two scalars, which Rust passes in two
/// registers; as four fields it went through memory whenever a call was not inlined.
///
/// Boards are made by [`SlidingPuzzle`](crate::puzzle::SlidingPuzzle) (which checks the
/// tiles) or parsed with [`str::parse`], and are always a permutation of `0..cells`.
///
/// # Example
///
/// ```
/// use replan::puzzle::{TileBoard, Move};
///
/// let board: TileBoard = "1 2 3\n4 0 6\n7 5 8".parse().unwrap();
/// assert_eq!(board.blank(), 4);
/// assert_eq!(board.tile(7), 5);
/// let moved = board.apply(Move::Down).unwrap();
/// assert_eq!(moved.to_string(), "1 2 3\n4 5 6\n7 0 8");
/// assert_eq!(board.move_to(moved), Some(Move::Down));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TileBoard {
    cells: u64,
    /// The blank's cell in bits 0..8, the width in bits 8..16, the height in bits 16..24.
    shape: u32,
}

/// The packed cells and the blank, width and height, as separate fields.
///
/// # Example
///
/// ```
/// let board: replan::puzzle::TileBoard = "1 2\n3 0".parse().unwrap();
/// assert_eq!(
///     format!("{board:?}"),
///     "TileBoard { cells: 801, blank: 3, width: 2, height: 2 }"
/// );
/// ```
impl fmt::Debug for TileBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TileBoard")
            .field("cells", &self.cells)
            .field("blank", &self.blank())
            .field("width", &self.width())
            .field("height", &self.height())
            .finish()
    }
}

impl Hash for TileBoard {
    fn hash<S: Hasher>(&self, state: &mut S) {
        // Equal boards have equal cells, so hashing them alone is consistent with `Eq`.
        state.write_u64(self.cells);
    }
}

impl TileBoard {
    /// Builds a board from its parts; the caller has checked that `tiles` is a permutation.
    pub(crate) fn from_checked(width: usize, height: usize, tiles: &[u8]) -> TileBoard {
        let mut cells = 0u64;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            cells |= u64::from(tile) << (4 * cell);
            if tile == 0 {
                blank = cell;
            }
        }
        TileBoard::from_packed(cells, blank, width, height)
    }

    /// A board from its packed cells; the caller has checked them.
    #[inline(always)]
    pub(crate) fn from_packed(cells: u64, blank: usize, width: usize, height: usize) -> TileBoard {
        let shape = (blank & 0xFF) | (width & 0xFF) << 8 | (height & 0xFF) << 16;
        TileBoard {
            cells,
            shape: shape as u32,
        }
    }

    /// The packed cells: tile at cell `i` in bits `4i..4i + 4`.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2\n3 0".parse().unwrap();
    /// assert_eq!(board.packed(), 0x0321);
    /// ```
    #[inline(always)]
    pub fn packed(self) -> u64 {
        self.cells
    }

    /// The tile on `cell` (0 for the blank); `cell` must be below [`len`](TileBoard::len).
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2\n3 0".parse().unwrap();
    /// assert_eq!(board.tile(2), 3);
    /// ```
    #[inline(always)]
    pub fn tile(self, cell: usize) -> u8 {
        debug_assert!(cell < 16, "cell {cell} is off a board of at most 16 cells");
        ((self.cells >> (4 * (cell & 0xF))) & 0xF) as u8
    }

    /// The blank's cell.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2\n0 3".parse().unwrap();
    /// assert_eq!(board.blank(), 2);
    /// ```
    #[inline(always)]
    pub fn blank(self) -> usize {
        // A board has at most 16 cells; reading four bits tells the compiler so, and the
        // per-cell tables indexed by the blank (or by a moved tile's cells) lose their
        // bounds checks.
        (self.shape & 0xF) as usize
    }

    /// The number of columns.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2 3\n4 5 0".parse().unwrap();
    /// assert_eq!((board.width(), board.height()), (3, 2));
    /// ```
    #[inline(always)]
    pub fn width(self) -> usize {
        ((self.shape >> 8) & 0xFF) as usize
    }

    /// The number of rows.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2 3\n4 5 0".parse().unwrap();
    /// assert_eq!(board.height(), 2);
    /// ```
    #[inline(always)]
    pub fn height(self) -> usize {
        (self.shape >> 16) as usize
    }

    /// The number of cells, `width * height`.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2 3\n4 5 0".parse().unwrap();
    /// assert_eq!(board.len(), 6);
    /// ```
    #[inline(always)]
    #[allow(clippy::len_without_is_empty)] // a board is never empty
    pub fn len(self) -> usize {
        self.width() * self.height()
    }

    /// The tiles in cell order.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "1 2\n3 0".parse().unwrap();
    /// assert_eq!(board.tiles(), [1, 2, 3, 0]);
    /// ```
    pub fn tiles(self) -> Vec<u8> {
        (0..self.len()).map(|cell| self.tile(cell)).collect()
    }

    /// The cell of every tile, packed like the cells: `(positions >> 4 t) & 0xF` is the cell
    /// of tile `t`. The inverse permutation, which heuristics index by tile.
    ///
    /// # Example
    ///
    /// ```
    /// let board: replan::puzzle::TileBoard = "3 1\n0 2".parse().unwrap();
    /// // tile 0 on cell 2, tile 1 on cell 1, tile 2 on cell 3, tile 3 on cell 0
    /// assert_eq!(board.positions(), 0x0312);
    /// ```
    #[inline]
    pub fn positions(self) -> u64 {
        let mut positions = 0;
        for cell in 0..self.len() {
            positions |= (cell as u64) << (4 * self.tile(cell) as u32);
        }
        positions
    }

    /// The cell the blank moves to with `mv`, if it stays on the board.
    #[inline(always)]
    pub(crate) fn target(self, mv: Move) -> Option<usize> {
        let (blank, width) = (self.blank(), self.width());
        match mv {
            Move::Up => blank.checked_sub(width),
            Move::Down => (blank + width < self.len()).then_some(blank + width),
            Move::Left => (blank % width != 0).then(|| blank - 1),
            Move::Right => ((blank + 1) % width != 0).then_some(blank + 1),
        }
    }

    /// The board after the blank swaps with the tile on `cell` (which must be its neighbour).
    #[inline(always)]
    pub(crate) fn slide_from(self, cell: usize) -> TileBoard {
        let tile = (self.cells >> (4 * cell)) & 0xF;
        // The blank's nibble is zero, so moving the tile is one clear and one set.
        let cells = (self.cells & !(0xF << (4 * cell))) | (tile << (4 * self.blank()));
        TileBoard {
            cells,
            shape: (self.shape & !0xFF) | (cell as u32 & 0xFF),
        }
    }

    /// The board after `mv`, or `None` when the blank would leave the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{TileBoard, Move};
    /// let board: TileBoard = "1 2\n3 0".parse().unwrap();
    /// assert_eq!(board.apply(Move::Right), None);
    /// assert_eq!(board.apply(Move::Up).unwrap().to_string(), "1 0\n3 2");
    /// ```
    pub fn apply(self, mv: Move) -> Option<TileBoard> {
        self.target(mv).map(|cell| self.slide_from(cell))
    }

    /// The boards after each move in turn, or `None` at the first move off the board.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{TileBoard, Move};
    /// let board: TileBoard = "1 2\n3 0".parse().unwrap();
    /// let end = board.apply_all(&[Move::Up, Move::Left, Move::Down]).unwrap();
    /// assert_eq!(end.to_string(), "3 1\n0 2");
    /// ```
    pub fn apply_all(self, moves: &[Move]) -> Option<TileBoard> {
        moves.iter().try_fold(self, |board, &mv| board.apply(mv))
    }

    /// The move that turns `self` into `next`, if one does.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::puzzle::{TileBoard, Move};
    /// let board: TileBoard = "1 2\n3 0".parse().unwrap();
    /// let next = board.apply(Move::Left).unwrap();
    /// assert_eq!(board.move_to(next), Some(Move::Left));
    /// assert_eq!(board.move_to(board), None);
    /// ```
    pub fn move_to(self, next: TileBoard) -> Option<Move> {
        Move::ALL
            .into_iter()
            .find(|&mv| self.apply(mv) == Some(next))
    }

    /// The tile that moved between `self` and its neighbour `child`, with the cell it left
    /// and the cell it entered.
    #[inline(always)]
    pub(crate) fn moved_tile(self, child: TileBoard) -> (u8, usize, usize) {
        (self.tile(child.blank()), child.blank(), self.blank())
    }
}

impl fmt::Display for TileBoard {
    /// The rows on separate lines, numbers right-aligned, the blank as `0`; it parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = if self.len() > 10 { 2 } else { 1 };
        for row in 0..self.height() {
            if row > 0 {
                writeln!(f)?;
            }
            for col in 0..self.width() {
                if col > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{:>digits$}", self.tile(row * self.width() + col))?;
            }
        }
        Ok(())
    }
}
