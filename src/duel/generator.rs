//! Seeded random duel maps: obstacles symmetric through the board's centre, free cells
//! connected, both starting corners free.
//!
//! Obstacles are placed one mirrored pair at a time (the centre cell alone when the count
//! is odd, which needs odd width and height); a pair that would cut the free cells apart is
//! taken back and another drawn. Each placement costs one flood fill, `O(W·H)`, so a map
//! costs `O(K·W·H)` for `K` obstacles plus the rejected draws.

use rand_core::Rng;

use super::rules::{DuelBoard, DuelError, Side};

/// How many rejected draws the generator allows per obstacle before giving up.
const ATTEMPTS_PER_OBSTACLE: u32 = 200;

/// A uniform integer in `0..bound` (`bound > 0`), by rejection so that no value is favoured.
pub(crate) fn below(rng: &mut impl Rng, bound: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX % bound);
    loop {
        let value = rng.next_u32();
        if value < zone {
            return value % bound;
        }
    }
}

impl DuelBoard {
    /// A random `width` × `height` board with `obstacles` obstacle cells, symmetric through
    /// the centre, its free cells connected and both starting corners free. The same
    /// generator state gives the same board.
    ///
    /// # Errors
    ///
    /// [`DuelError::BoardSize`]; [`DuelError::ObstacleCount`] when the count cannot be
    /// placed symmetrically (odd without a centre cell, or more than the cells outside the
    /// corners); [`DuelError::NoConnectedMap`] when no connected placement turned up.
    ///
    /// # Example
    ///
    /// ```
    /// use rand::rngs::ChaCha8Rng;
    /// use rand::SeedableRng;
    /// use replan::duel::DuelBoard;
    ///
    /// let board = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(7)).unwrap();
    /// assert_eq!(board.free_cells(), 134);
    /// assert!(board.is_symmetric() && board.is_connected());
    /// let again = DuelBoard::generate(12, 12, 10, &mut ChaCha8Rng::seed_from_u64(7)).unwrap();
    /// assert_eq!(board, again);
    /// ```
    pub fn generate(
        width: u32,
        height: u32,
        obstacles: usize,
        rng: &mut impl Rng,
    ) -> Result<DuelBoard, DuelError> {
        let mut board = DuelBoard::new(width, height)?;
        let cells = board.cells();
        let has_centre = width % 2 == 1 && height % 2 == 1;
        let count_error = DuelError::ObstacleCount {
            count: obstacles,
            width,
            height,
        };
        if (obstacles % 2 == 1 && !has_centre) || obstacles > cells - 2 {
            return Err(count_error);
        }
        let corners = [board.start(Side::First), board.start(Side::Second)];
        let mut placed = 0;
        if obstacles % 2 == 1 {
            let centre = board.index((width / 2, height / 2));
            board.set_obstacle(centre, true);
            placed = 1;
        }
        let budget = ATTEMPTS_PER_OBSTACLE * obstacles as u32;
        let mut attempts = 0;
        while placed < obstacles {
            attempts += 1;
            if attempts > budget {
                return Err(DuelError::NoConnectedMap {
                    count: obstacles,
                    attempts: budget,
                });
            }
            let index = below(rng, cells as u32) as usize;
            let cell = board.cell(index);
            let mirror = board.index(board.mirror(cell));
            if index == mirror
                || corners.contains(&cell)
                || board.obstacle_at(index)
                || board.obstacle_at(mirror)
            {
                continue;
            }
            board.set_obstacle(index, true);
            board.set_obstacle(mirror, true);
            if board.is_connected() {
                placed += 2;
            } else {
                board.set_obstacle(index, false);
                board.set_obstacle(mirror, false);
            }
        }
        Ok(board)
    }
}
