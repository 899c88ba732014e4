//! The endgame search: a depth-first search over the look-ahead snake's own moves, each
//! position once by its Zobrist key, for a meal that passes the look-ahead's judgement.

use super::*;

/// One level of the endgame search (one meal): its stack and the positions it has seen.
#[derive(Debug, Default)]
pub(super) struct Level {
    pub(super) frames: Vec<Frame>,
    pub(super) seen: FxHashSet<u64>,
}

/// One position on an endgame search's stack: the moves to try from it, best first, its
/// key, and the move that led there with how to take it back.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) moves: [Cell; 4],
    pub(super) count: u8,
    pub(super) next: u8,
    pub(super) key: u64,
    pub(super) entered: Option<(Cell, Retreat)>,
}

impl Safety {
    /// The endgame search from the real position: whether the snake can eat `food` by
    /// some sequence of moves after which the position passes
    /// [`has_eaten_safely`](Safety::has_eaten_safely). Leaves the cells entered, the food
    /// last, in `self.sequence`.
    pub(super) fn endgame(&mut self, game: &Game, food: Cell) -> bool {
        self.endgame_within(game, food, ENDGAME_BUDGET)
    }

    /// [`endgame`](Safety::endgame), trying at most `budget` moves.
    pub(super) fn endgame_within(&mut self, game: &Game, food: Cell, budget: u64) -> bool {
        self.look_ahead.position_mut().copy_from(game);
        self.nodes_left = budget;
        let found = self.solve(0, food);
        self.count(budget - self.nodes_left);
        found
    }

    /// A depth-first search over the look-ahead snake's moves that do not eat, each
    /// position once (by [`position_key`]), for one from which eating `food` passes
    /// [`has_eaten_safely`](Safety::has_eaten_safely) at the next level. At level 0, on
    /// success, leaves the cells entered, the food last, in `self.sequence`. Leaves the
    /// look-ahead snake as it found it; gives up when `self.nodes_left` runs out.
    pub(super) fn solve(&mut self, level: usize, food: Cell) -> bool {
        if self.levels.len() <= level {
            self.levels.resize_with(level + 1, Level::default);
        }
        let key = position_key(&self.look_ahead.position().snake);
        let root = self.frame(food, key, None);
        let search = &mut self.levels[level];
        search.frames.clear();
        search.seen.clear();
        search.seen.insert(key);
        search.frames.push(root);
        let found = loop {
            let Some(top) = self.levels[level].frames.last_mut() else {
                break false;
            };
            if top.next == top.count {
                if let Some((_, retreat)) = top.entered {
                    self.look_ahead.position_mut().snake.retreat(retreat);
                }
                self.levels[level].frames.pop();
                continue;
            }
            let (cell, key) = (top.moves[usize::from(top.next)], top.key);
            top.next += 1;
            if self.nodes_left == 0 {
                break false;
            }
            self.nodes_left -= 1;
            let snake = &mut self.look_ahead.position_mut().snake;
            if cell == food {
                let retreat = snake.advance_undoable(cell, true);
                let safe = self.has_eaten_safely(level + 1);
                self.look_ahead.position_mut().snake.retreat(retreat);
                if safe {
                    break true;
                }
                continue;
            }
            let next_key = key ^ move_key(snake, cell);
            if !self.levels[level].seen.insert(next_key) {
                continue;
            }
            let retreat = snake.advance_undoable(cell, false);
            let frame = self.frame(food, next_key, Some((cell, retreat)));
            self.levels[level].frames.push(frame);
        };
        if found && level == 0 {
            self.sequence.clear();
            let entered = self.levels[0]
                .frames
                .iter()
                .filter_map(|frame| frame.entered);
            self.sequence.extend(entered.map(|(cell, _)| cell));
            self.sequence.push(food);
        }
        while let Some(frame) = self.levels[level].frames.pop() {
            if let Some((_, retreat)) = frame.entered {
                self.look_ahead.position_mut().snake.retreat(retreat);
            }
        }
        found
    }

    /// The search's frame for the look-ahead snake's position: the moves that do not die,
    /// into the food first, then those that bring the empty cells other than the food's
    /// nearer the food (entering an empty cell moves it to where the tail leaves), then
    /// the rest in direction order.
    pub(super) fn frame(&self, food: Cell, key: u64, entered: Option<(Cell, Retreat)>) -> Frame {
        let position = self.look_ahead.position();
        let (board, snake) = (&position.board, &position.snake);
        let (width, height) = (board.width(), board.height());
        let (head, tail) = (snake.head(), snake.tail());
        let distance = |a: Cell, b: Cell| i64::from(crate::snake::manhattan(a, b));
        let mut scored = [(0, head); 4];
        let mut count = 0;
        for direction in Direction::ALL {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            let index = board.index(next);
            if board.is_wall_index(index) {
                continue;
            }
            let score = if next == food {
                i64::MIN
            } else {
                match snake.moves_until_free_index(index) {
                    0 => distance(tail, food) - distance(next, food),
                    1 => 0,
                    _ => continue,
                }
            };
            scored[count] = (score, next);
            count += 1;
        }
        scored[..count].sort_by_key(|&(score, _)| score);
        let mut moves = [head; 4];
        for (slot, &(_, cell)) in moves.iter_mut().zip(&scored[..count]) {
            *slot = cell;
        }
        Frame {
            moves,
            count: count as u8,
            next: 0,
            key,
            entered,
        }
    }
}

/// A key of the snake's cells in order, for the endgame search to see each position
/// once: Zobrist hashing (Zobrist, "A new hashing method with application for game
/// playing", University of Wisconsin TR 88, 1970), the exclusive or of one pseudo-random
/// key per body cell and the direction to the next cell towards the head, and one for the
/// head. A move changes four keys, so [`move_key`] updates it in `O(1)`; two positions
/// that share a key (odds about `2⁻⁶⁴` per pair) would only hide one from the search.
pub(crate) fn position_key(snake: &Snake) -> u64 {
    let mut key = cell_key(snake.head(), HEAD_CODE);
    let mut toward_head = snake.head();
    for cell in snake.body().skip(1) {
        key ^= cell_key(cell, direction_code(cell, toward_head));
        toward_head = cell;
    }
    key
}

/// What moving the head to `next` without eating changes in [`position_key`].
pub(super) fn move_key(snake: &Snake, next: Cell) -> u64 {
    let (head, tail) = (snake.head(), snake.tail());
    let mut change = cell_key(head, HEAD_CODE) ^ cell_key(next, HEAD_CODE);
    if snake.len() > 1 {
        change ^= cell_key(head, direction_code(head, next));
        let before_tail = snake
            .segment(snake.len() - 2)
            .expect("the snake has two cells");
        change ^= cell_key(tail, direction_code(tail, before_tail));
    }
    change
}

/// The code of the head in [`position_key`]; body cells use their direction's.
pub(super) const HEAD_CODE: u64 = 4;

pub(super) fn direction_code(from: Cell, to: Cell) -> u64 {
    Direction::between(from, to).map_or(HEAD_CODE + 1, |direction| direction as u64)
}

/// A pseudo-random 64-bit key of a cell and a code: SplitMix64's finaliser (Steele, Lea
/// and Flood, OOPSLA 2014), so no table needs building per board.
pub(super) fn cell_key((x, y): Cell, code: u64) -> u64 {
    let mut z = (u64::from(x) << 40 | u64::from(y) << 8 | code)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
