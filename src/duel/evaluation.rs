//! Evaluating duel positions: time-aware distances from each head, territory, the
//! weighted score of the Botzone sample AI, and forced wins.
//!
//! # Distances
//!
//! [`Evaluator`] runs the crate's breadth-first search to every cell with an admission
//! test, [`BfsReach::run_admitting`] (every move costs one, so no heap is needed), from
//! each head, with the body cells as time-dependent nodes: a body cell `k` cells from
//! its tail frees up at the start of the `(k+1)`-th coming turn on which the snakes do not
//! grow, so a path may enter it only at a move number at or after that turn. This is the
//! earliest-arrival search over a time-dependent network (Cooke and Halsey 1966; Dreyfus
//! 1969) without waiting, since a snake cannot stand still; a path is kept only if it
//! arrives late enough, and the distance of a cell is the first move number at which a
//! head can be there. Each run costs `O(N)` on the `N` board cells and allocates
//! nothing once the evaluator has seen a board that large.
//!
//! # Territory and the weighted score
//!
//! A cell belongs to the snake whose head reaches it first; a tie counts half to each.
//! The Botzone sample AI scores a position as
//! `S = Σ over cells 1/(1 + d_opponent(c)) + own_steps / 6`. We read it as follows: the sum
//! runs over the cells we reach first (ties at half weight), so the cells we claim close to
//! the opponent's head, which confine it, count most, and cells it cannot reach count 0;
//! `own_steps` is the number of cells we reach first, the moves we can make in our own
//! space. [`Evaluation::score`] is our `S` minus the opponent's.
//!
//! # Forced wins
//!
//! [`forced_win`] searches the AND-OR tree over simultaneous moves: a move wins within `n`
//! plies if after it every reply of the opponent either kills the opponent while we
//! survive, or leaves a position that we win within `n − 1` plies. That is `16^n` turns at
//! most, so a few plies are cheap.

use crate::snake::Direction;
use crate::{BfsReach, DenseIds, Graph, IndexedGraph};

use super::rules::{Duel, DuelResult, Side, FREE};

/// The distance of a cell no head can reach.
pub const UNREACHED: u32 = u32::MAX;

/// Territory, reach and the weighted score of both sides in one position.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelBoard, Evaluator, Side};
/// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
/// let evaluation = Evaluator::new().evaluate(&duel);
/// // The empty board splits evenly: 98 cells, the diagonal's ties halved.
/// assert_eq!(evaluation.territory, [49.0, 49.0]);
/// assert_eq!(evaluation.score(Side::First), 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// For each side, the cells it reaches strictly first, plus half of those both reach
    /// at the same move. The two head cells count for neither side.
    pub territory: [f32; 2],
    /// For each side, how many cells its head can reach at all, the two head cells left
    /// out.
    pub reachable: [u32; 2],
    /// For each side, the Botzone weighted score `S` (see the module documentation).
    pub weighted: [f32; 2],
}

impl Evaluation {
    /// `side`'s weighted score minus the opponent's: positive when `side` stands better.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Evaluator, Side};
    /// let board = DuelBoard::new(10, 10).unwrap();
    /// // The second snake sits in the corner, the first in the middle.
    /// let duel = Duel::from_bodies(board, [vec![(4, 4)], vec![(9, 9)]], 1).unwrap();
    /// let evaluation = Evaluator::new().evaluate(&duel);
    /// assert!(evaluation.score(Side::First) > 0.0);
    /// assert_eq!(evaluation.score(Side::Second), -evaluation.score(Side::First));
    /// ```
    pub fn score(&self, side: Side) -> f32 {
        self.weighted[side.index()] - self.weighted[side.other().index()]
    }
}

/// Computes time-aware distances from both heads and [`Evaluation`]s; owns and reuses
/// its queues and maps.
///
/// # Example
///
/// ```
/// use replan::duel::{Duel, DuelBoard, Evaluator, Side, UNREACHED};
/// let board = DuelBoard::new(10, 10).unwrap();
/// // The first snake's head is at (2, 0); its body (1, 0), (0, 0) frees up later.
/// let duel = Duel::from_bodies(board, [vec![(2, 0), (1, 0), (0, 0)], vec![(9, 9)]], 12).unwrap();
/// let mut evaluator = Evaluator::new();
/// evaluator.evaluate(&duel);
/// let distances = evaluator.distances(Side::First);
/// assert_eq!(distances[duel.board().index((3, 0))], 1);
/// // Turn 12 grows, 13 does not: the tail (0, 0) frees at move 2 but is 4 moves away
/// // round the body; (1, 0) frees on turn 14, move 3, reached at move 3 from (1, 1).
/// assert_eq!(distances[duel.board().index((1, 0))], 3);
/// assert_eq!(distances[duel.board().index((0, 0))], 4);
/// assert_ne!(evaluator.distances(Side::Second)[0], UNREACHED);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Evaluator {
    /// One search per side, each owning its queue and distance map.
    reach: [BfsReach; 2],
    free_at: Vec<u32>,
    /// Per cell, the indices of its neighbours on the board, [`NO_NEIGHBOUR`] off it; built
    /// for `shape` so that a search does no index arithmetic per edge.
    neighbours: Vec<[u16; 4]>,
    shape: (u32, u32),
}

/// The board's cells as a graph for [`BfsReach`]: every cell a node, an edge of cost
/// 1 to each neighbour on the board. Which cells may be entered, and when, is the search's
/// admission test over `free_at`, not the graph's.
struct BoardCells<'a> {
    neighbours: &'a [[u16; 4]],
}

impl Graph for BoardCells<'_> {
    type Node = usize;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, node: usize, mut visit: impl FnMut(usize, u32)) {
        for &next in &self.neighbours[node] {
            if next != NO_NEIGHBOUR {
                visit(usize::from(next), 1);
            }
        }
    }
}

impl IndexedGraph for BoardCells<'_> {
    #[inline]
    fn node_bound(&self) -> usize {
        self.neighbours.len()
    }

    #[inline]
    fn index(&self, node: usize) -> usize {
        node
    }

    #[inline]
    fn node(&self, index: usize) -> usize {
        index
    }
}

/// Marks a missing neighbour in [`Evaluator`]'s table.
const NO_NEIGHBOUR: u16 = u16::MAX;

impl Evaluator {
    /// An evaluator with empty scratch memory.
    ///
    /// # Example
    ///
    /// ```
    /// let _evaluator = replan::duel::Evaluator::new();
    /// ```
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// The distances of the last [`evaluate`](Evaluator::evaluate) or
    /// [`reach`](Evaluator::reach) from `side`'s head, by cell index: the first move
    /// number at which the head can stand on the cell, 0 for the head itself,
    /// [`UNREACHED`] for cells it cannot reach.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Evaluator, Side};
    /// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// let mut evaluator = Evaluator::new();
    /// evaluator.evaluate(&duel);
    /// assert_eq!(evaluator.distances(Side::Second)[0], 18);
    /// ```
    pub fn distances(&self, side: Side) -> &[u32] {
        let cells = self.neighbours.len();
        let map = self.reach[side.index()].map().as_slice();
        // The map keeps the size of the largest board seen; empty before the first run.
        &map[..cells.min(map.len())]
    }

    /// Territory, reach and weighted score of both sides in `duel`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Evaluator};
    /// let board = DuelBoard::with_obstacles(10, 10, [(1, 0), (8, 9)]).unwrap();
    /// let duel = Duel::new(board);
    /// // 100 cells less 2 obstacles and the 2 heads.
    /// assert_eq!(Evaluator::new().evaluate(&duel).reachable, [96, 96]);
    /// ```
    pub fn evaluate(&mut self, duel: &Duel) -> Evaluation {
        self.free_times(duel);
        for side in Side::BOTH {
            self.run(duel, side);
        }
        let (first, second) = (self.distances(Side::First), self.distances(Side::Second));
        let mut evaluation = Evaluation {
            territory: [0.0; 2],
            reachable: [0; 2],
            weighted: [0.0; 2],
        };
        let mut pressure = [0.0f32; 2];
        for (&d0, &d1) in first.iter().zip(second) {
            if d0 == 0 || d1 == 0 {
                continue;
            }
            evaluation.reachable[0] += u32::from(d0 != UNREACHED);
            evaluation.reachable[1] += u32::from(d1 != UNREACHED);
            if d0 < d1 {
                evaluation.territory[0] += 1.0;
                if d1 != UNREACHED {
                    pressure[0] += 1.0 / (1.0 + d1 as f32);
                }
            } else if d1 < d0 {
                evaluation.territory[1] += 1.0;
                if d0 != UNREACHED {
                    pressure[1] += 1.0 / (1.0 + d0 as f32);
                }
            } else if d0 != UNREACHED {
                evaluation.territory[0] += 0.5;
                evaluation.territory[1] += 0.5;
                pressure[0] += 0.5 / (1.0 + d1 as f32);
                pressure[1] += 0.5 / (1.0 + d0 as f32);
            }
        }
        evaluation.weighted = [0, 1].map(|side| pressure[side] + evaluation.territory[side] / 6.0);
        evaluation
    }

    /// How many cells `side`'s head can reach in `duel`, counting cells that free up in
    /// time (the other head's cell among them), ignoring where the other head goes.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::duel::{Duel, DuelBoard, Evaluator, Side};
    /// let duel = Duel::new(DuelBoard::new(10, 10).unwrap());
    /// assert_eq!(Evaluator::new().reach(&duel, Side::First), 99);
    /// ```
    pub fn reach(&mut self, duel: &Duel, side: Side) -> u32 {
        self.free_times(duel);
        self.run(duel, side);
        self.distances(side)
            .iter()
            .filter(|&&d| d != 0 && d != UNREACHED)
            .count() as u32
    }

    /// Fills `free_at`: per cell, the first move number at which a head may enter it.
    fn free_times(&mut self, duel: &Duel) {
        let board = duel.board();
        let cells = board.cells();
        if self.shape != (board.width(), board.height()) {
            self.shape = (board.width(), board.height());
            self.neighbours.clear();
            self.neighbours.extend((0..cells).map(|index| {
                Direction::ALL.map(|direction| {
                    board
                        .neighbour(index, direction)
                        .map_or(NO_NEIGHBOUR, |next| next as u16)
                })
            }));
        }
        self.free_at.clear();
        // Obstacles never free up; body cells get their turn below.
        self.free_at
            .extend((0..cells).map(|index| match duel.occupant(index) {
                FREE => 0,
                _ => UNREACHED,
            }));
        let longest = duel.len(Side::First).max(duel.len(Side::Second));
        // `k`-th shrinking turn from now, as a move number (turn t is move 1).
        let mut frees = 0;
        let mut turn = duel.turn();
        while frees < longest {
            if !Duel::grows(turn) {
                let move_number = turn - duel.turn() + 1;
                for side in Side::BOTH {
                    let body = duel.body_indices(side);
                    if frees < body.len() {
                        let cell = body[body.len() - 1 - frees] as usize;
                        self.free_at[cell] = move_number;
                    }
                }
                frees += 1;
            }
            turn += 1;
        }
    }

    /// Breadth-first search from `side`'s head, entering a cell only from its move
    /// number in `free_at` on.
    fn run(&mut self, duel: &Duel, side: Side) {
        let cells = BoardCells {
            neighbours: &self.neighbours,
        };
        let free_at = &self.free_at;
        let head = duel.head_index(side);
        self.reach[side.index()]
            .run_admitting(&cells, [head], |index, arrival| arrival >= free_at[index])
            .expect("the head lies on the board, and move numbers stay far below u32::MAX");
    }
}

/// A move for `side` that wins within `plies` turns whatever the opponent plays, if one
/// exists: after it every opponent reply either kills the opponent while `side` survives
/// or leads to a position `side` wins within `plies − 1` turns.
///
/// # Example
///
/// ```
/// use replan::duel::{forced_win, Duel, DuelBoard, Side};
/// use replan::snake::Direction;
/// // The second snake's only way out of its corner is (8, 9) and then (7, 9); the first
/// // snake lies along (8, 8) and closes (7, 9) by moving down now.
/// let board = DuelBoard::new(10, 10).unwrap();
/// let bodies = [
///     vec![(7, 8), (8, 8), (8, 7), (8, 6)],
///     vec![(9, 9), (9, 8), (9, 7)],
/// ];
/// let duel = Duel::from_bodies(board, bodies, 5).unwrap();
/// assert_eq!(forced_win(&duel, Side::First, 1), None);
/// assert_eq!(forced_win(&duel, Side::First, 2), Some(Direction::Down));
/// ```
pub fn forced_win(duel: &Duel, side: Side, plies: u32) -> Option<Direction> {
    if duel.is_over() || plies == 0 {
        return None;
    }
    let mut scratch = duel.clone();
    winning_move(&mut scratch, side, plies)
}

/// Puts `ours` and `theirs` in the order [`Duel::step`] takes them.
pub(crate) fn moves_for(side: Side, ours: Direction, theirs: Direction) -> [Direction; 2] {
    match side {
        Side::First => [ours, theirs],
        Side::Second => [theirs, ours],
    }
}

fn winning_move(duel: &mut Duel, side: Side, plies: u32) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&ours| {
        duel.is_safe(side, ours)
            && Direction::ALL.into_iter().all(|theirs| {
                let undo = duel.make(moves_for(side, ours, theirs));
                let won = match duel.result() {
                    Some(DuelResult::Won(winner)) => winner == side,
                    Some(DuelResult::Draw) => false,
                    None => plies > 1 && winning_move(duel, side, plies - 1).is_some(),
                };
                duel.unmake(undo);
                won
            })
    })
}
