//! The board as the cycle code sees it: plain cell indices, row-major.

use fixedbitset::FixedBitSet;

use crate::snake::Board;

/// "No cell": off the board, or no constraint.
pub(crate) const NONE: u32 = u32::MAX;

/// The board as the cycle code sees it: a width, a height and the wall cells, cells
/// numbered row-major (`y * width + x`).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) wall: FixedBitSet,
}

impl Layout {
    pub(crate) fn from_board(board: &Board) -> Self {
        let mut layout = Layout::open(board.width(), board.height());
        for index in 0..layout.len() {
            if board.is_wall_index(index) {
                layout.wall.insert(index);
            }
        }
        layout
    }

    pub(crate) fn same_board(&self, board: &Board) -> bool {
        self.width == board.width()
            && self.height == board.height()
            && (0..self.len()).all(|index| self.wall.contains(index) == board.is_wall_index(index))
    }

    pub(crate) fn open(width: u32, height: u32) -> Self {
        Layout {
            width,
            height,
            wall: FixedBitSet::with_capacity((width * height) as usize),
        }
    }

    pub(crate) fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    pub(crate) fn is_free(&self, cell: u32) -> bool {
        !self.wall.contains(cell as usize)
    }

    pub(crate) fn at(&self, x: u32, y: u32) -> u32 {
        y * self.width + x
    }

    pub(crate) fn xy(&self, cell: u32) -> (u32, u32) {
        (cell % self.width, cell / self.width)
    }

    /// The neighbours up, right, down and left, [`NONE`] where the board ends.
    #[inline]
    pub(crate) fn neighbours(&self, cell: u32) -> [u32; 4] {
        let (x, y) = self.xy(cell);
        [
            if y > 0 { cell - self.width } else { NONE },
            if x + 1 < self.width { cell + 1 } else { NONE },
            if y + 1 < self.height {
                cell + self.width
            } else {
                NONE
            },
            if x > 0 { cell - 1 } else { NONE },
        ]
    }

    /// The free neighbours, [`NONE`] for the others.
    #[inline]
    pub(crate) fn free_neighbours(&self, cell: u32) -> [u32; 4] {
        self.neighbours(cell).map(|n| {
            if n != NONE && self.is_free(n) {
                n
            } else {
                NONE
            }
        })
    }

    pub(crate) fn adjacent(&self, a: u32, b: u32) -> bool {
        crate::snake::beside(self.xy(a), self.xy(b))
    }

    pub(crate) fn free_count(&self) -> usize {
        self.len() - self.wall.count_ones(..)
    }

    /// The same board seen in a mirror held at its right edge (`x -> width - 1 - x`).
    pub(crate) fn mirrored(&self) -> Self {
        let mut wall = FixedBitSet::with_capacity(self.len());
        for cell in self.wall.ones() {
            wall.insert(self.mirror(cell as u32) as usize);
        }
        Layout { wall, ..*self }
    }

    pub(crate) fn mirror(&self, cell: u32) -> u32 {
        let (x, y) = self.xy(cell);
        self.at(self.width - 1 - x, y)
    }
}

/// Whether `order` visits every free cell once, each adjacent to the next, cyclically.
pub(super) fn is_cycle(layout: &Layout, order: &[u32]) -> bool {
    if order.len() != layout.free_count() || order.len() < 2 {
        return false;
    }
    let mut seen = FixedBitSet::with_capacity(layout.len());
    order.iter().all(|&cell| {
        (cell as usize) < layout.len() && layout.is_free(cell) && !seen.put(cell as usize)
    }) && (0..order.len()).all(|i| layout.adjacent(order[i], order[(i + 1) % order.len()]))
}
