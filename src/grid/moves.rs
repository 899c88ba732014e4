//! The move bits of a cell: which of its eight moves are legal, looked up from the 3×3
//! square around it.

use std::f64::consts::SQRT_2;

use super::Connectivity;

/// Move `k` of a cell: bits 0–3 are the orthogonal moves, 4–7 the diagonal ones, so
/// 4-connectivity is the mask `0x0F`.
pub(super) const DELTAS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];
pub(super) const STEPS: [f64; 8] = [1.0, 1.0, 1.0, 1.0, SQRT_2, SQRT_2, SQRT_2, SQRT_2];
/// The legal moves of a cell from the 3×3 square around it, as bits `row * 3 + column`
/// (the cell is bit 4): nothing from a blocked cell; an orthogonal move into an open
/// cell; a diagonal move when the two orthogonal cells beside it are open too. A lookup
/// instead of a test per move, since which cells are open is a coin toss on a random map.
pub(super) const NEIGHBOURHOOD_MOVES: [u8; 512] = neighbourhood_moves();

const fn neighbourhood_moves() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut square = 0;
    while square < 512 {
        if square_open(square, 1, 1) {
            let mut moves = 0u8;
            let mut k = 0;
            while k < 8 {
                let (dx, dy) = DELTAS[k];
                let (column, row) = ((1 + dx) as usize, (1 + dy) as usize);
                let legal = square_open(square, row, column)
                    && (k < 4 || (square_open(square, 1, column) && square_open(square, row, 1)));
                if legal {
                    moves |= 1 << k;
                }
                k += 1;
            }
            table[square] = moves;
        }
        square += 1;
    }
    table
}

const fn square_open(square: usize, row: usize, column: usize) -> bool {
    (square >> (row * 3 + column)) & 1 == 1
}

const ORTHOGONAL: u8 = 0x0F;
const ALL_MOVES: u8 = 0xFF;

pub(super) fn mask_for(connectivity: Connectivity) -> u8 {
    match connectivity {
        Connectivity::Four => ORTHOGONAL,
        Connectivity::Eight => ALL_MOVES,
    }
}
