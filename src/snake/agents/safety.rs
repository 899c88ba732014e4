//! The decisions [`SafeAgent`](super::SafeAgent) and
//! [`IncrementalAgent`](super::IncrementalAgent) share, given a shortest path to the food
//! found by their own planner.

use super::most_free_space;
use crate::snake::{AgentStats, Board, Cell, Direction, Game, Snake, Snapshot, TailView};
use crate::{Bfs, BfsReach, Planner};

/// Per-agent scratch and the decision rule built on it.
#[derive(Debug)]
pub(super) struct Safety {
    /// The real position, refreshed every move.
    pub(super) view: TailView<Snapshot>,
    /// The look-ahead snake that has eaten.
    look_ahead: TailView<Snapshot>,
    /// Distances from the food, from the tail, and flood fills.
    from_food: BfsReach,
    from_tail: BfsReach,
    flood: BfsReach,
    /// Shortest paths to a tail.
    tail_planner: Bfs<TailView<Snapshot>>,
    /// Tail paths.
    path: Vec<Cell>,
    /// The food path being checked, the best compressed one, and the rest of the last
    /// path that passed (its first cell is the head's next cell).
    candidate: Vec<Cell>,
    best: Vec<Cell>,
    committed: Vec<Cell>,
    on_path: Vec<bool>,
    pub(super) compress: bool,
    pub(super) stats: AgentStats,
    /// Free space right after eating: total and count, and the length before the move.
    free_after_eating: (u64, u64),
    last_length: usize,
    /// The step of the last meal (or of the game's start).
    last_meal: u64,
}

impl Safety {
    pub(super) fn new() -> Safety {
        let empty = Snapshot {
            board: crate::snake::Board::new(2, 2).expect("2×2 is a valid board"),
            snake: crate::snake::Snake::new(2, 2, &[(0, 0)]),
        };
        Safety {
            view: TailView::new(empty.clone()),
            look_ahead: TailView::new(empty),
            from_food: BfsReach::new(),
            from_tail: BfsReach::new(),
            flood: BfsReach::new(),
            tail_planner: Bfs::new(),
            path: Vec::new(),
            candidate: Vec::new(),
            best: Vec::new(),
            committed: Vec::new(),
            on_path: Vec::new(),
            compress: true,
            stats: AgentStats::default(),
            free_after_eating: (0, 0),
            last_length: 0,
            last_meal: 0,
        }
    }

    /// Copies the game's position and records the free space after a meal.
    pub(super) fn refresh(&mut self, game: &Game) {
        self.view.position_mut().copy_from(game);
        let length = game.snake().len();
        if game.steps() > 0 && length > self.last_length {
            if let Ok(map) = self.flood.run(&self.view, game.snake().head()) {
                self.free_after_eating.0 += map.reached() as u64 - 1;
                self.free_after_eating.1 += 1;
            }
        }
        if length > self.last_length || game.steps() == 0 {
            self.last_meal = game.steps();
        }
        self.last_length = length;
        self.stats.moves += 1;
    }

    /// Mean cells reachable from the head right after eating, and how many meals.
    pub(super) fn free_space_after_eating(&self) -> (f64, u64) {
        let (total, meals) = self.free_after_eating;
        let mean = if meals == 0 {
            0.0
        } else {
            total as f64 / meals as f64
        };
        (mean, meals)
    }

    fn count(&mut self, expanded: u64) {
        self.stats.searches += 1;
        self.stats.expanded += expanded;
    }

    /// Liu's decision, with alternatives before giving up on the food: take a food path
    /// if a look-ahead snake that followed it and ate can still reach its tail (or has
    /// filled the board); else keep to the last such path; else follow the tail the long
    /// way; else the move with the most free space.
    pub(super) fn decide(&mut self, game: &Game, food_path: Option<&[Cell]>) -> Direction {
        let head = game.snake().head();
        if self.committed.first() == Some(&head) {
            self.committed.remove(0);
        } else {
            self.committed.clear();
        }
        if let (Some(path), Some(food)) = (food_path, game.food()) {
            if path.len() >= 2 && self.food_path(game, path, food) {
                self.committed.clear();
                self.committed.extend_from_slice(&self.candidate[1..]);
                return Direction::between(self.candidate[0], self.candidate[1])
                    .expect("paths step between neighbours");
            }
        }
        // A path checked on an earlier move is still safe: nothing but the snake moved.
        if let Some(&next) = self.committed.first() {
            if self.committed.last() == game.food().as_ref() {
                if let Some(direction) = Direction::between(head, next) {
                    return direction;
                }
            }
        }
        self.committed.clear();
        // Circling without eating: the shape repeats, and so would the refusals. Shake it
        // up with any move that keeps the tail in reach.
        if game.steps() > self.last_meal + game.board().free_cells() as u64 {
            if let Some(direction) = self.shuffle(game) {
                return direction;
            }
        }
        // Follow the tail, the long way round, unless the first step eats (the tail would
        // then stay put).
        let tail = game.snake().tail();
        if tail != head
            && self.longest_path(false, head, tail)
            && self.path.len() >= 2
            && game.food() != Some(self.path[1])
        {
            return Direction::between(self.path[0], self.path[1])
                .expect("paths step between neighbours");
        }
        let (direction, expanded) = most_free_space(game, &self.view, &mut self.flood);
        self.count(expanded);
        direction
    }

    /// A move that neither dies nor eats and after which the snake can still reach its
    /// tail, picked among those by a hash of the step count; `None` if there is none.
    fn shuffle(&mut self, game: &Game) -> Option<Direction> {
        let head = game.snake().head();
        let (width, height) = (game.board().width(), game.board().height());
        let mut safe = [None; 4];
        let mut count = 0;
        for direction in Direction::ALL {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            if game.death_of(direction).is_some() || game.food() == Some(next) {
                continue;
            }
            let look_ahead = self.look_ahead.position_mut();
            look_ahead.copy_from(game);
            look_ahead.snake.advance(next, false);
            if self.look_ahead_reaches_tail() {
                safe[count] = Some(direction);
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        let pick = crate::snake::game_seed(game.steps(), self.last_meal) % count as u64;
        safe[pick as usize]
    }

    /// Tries food paths until one passes the look-ahead; leaves it in `self.candidate`.
    ///
    /// With compression: the compressed shortest path through each first step the
    /// distances allow, best `H` first, then the best one lengthened by Liu's extension.
    /// Without: the planner's path, then the same lengthened.
    fn food_path(&mut self, game: &Game, path: &[Cell], food: Cell) -> bool {
        let head = game.snake().head();
        let board = game.board();
        let (width, height) = (board.width(), board.height());
        if !self.compress {
            self.candidate.clear();
            self.candidate.extend_from_slice(path);
            if self.look_ahead_is_safe(game) {
                return true;
            }
            return self.lengthened_is_safe(game);
        }
        if self.from_food.run(&self.view, food).is_err() {
            return false;
        }
        self.count(self.from_food.last_stats().expanded);
        let tail = game.snake().tail();
        let tail_known = tail != head && self.from_tail.run(&self.view, tail).is_ok();
        if tail_known {
            self.count(self.from_tail.last_stats().expanded);
        }
        // First steps that start a shortest path from there, scored by H.
        let mut firsts: [Option<(i64, Cell)>; 4] = [None; 4];
        for (slot, direction) in firsts.iter_mut().zip(Direction::ALL) {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            let Some(head_distance) = self.from_food.map().get(board.index(next)) else {
                continue;
            };
            let tail_distance = if tail_known {
                self.from_tail
                    .map()
                    .get(board.index(next))
                    .map_or(0, i64::from)
            } else {
                0
            };
            let free = match self.flood.run(&self.view, next) {
                Ok(map) => map.reached() as i64,
                Err(_) => 0,
            };
            self.count(self.flood.last_stats().expanded);
            *slot = Some((tail_distance - i64::from(head_distance) + free, next));
        }
        // Best H first; the sort is stable, so ties keep the direction order.
        firsts.sort_by_key(|first| std::cmp::Reverse(first.map(|(score, _)| score)));
        for (i, first) in firsts.iter().enumerate() {
            let Some((_, first)) = *first else {
                break;
            };
            self.compressed_path(game, first, food);
            if self.look_ahead_is_safe(game) {
                return true;
            }
            if i == 0 {
                self.best.clear();
                self.best.extend_from_slice(&self.candidate);
            }
        }
        std::mem::swap(&mut self.candidate, &mut self.best);
        self.lengthened_is_safe(game)
    }

    /// Lengthens `self.candidate` by Liu's extension and runs the look-ahead on it.
    fn lengthened_is_safe(&mut self, game: &Game) -> bool {
        let length = self.candidate.len();
        if length < 2 {
            return false;
        }
        let (board, snake) = (game.board(), game.snake());
        extend_path(board, snake, &mut self.candidate, &mut self.on_path);
        self.candidate.len() > length && self.look_ahead_is_safe(game)
    }

    /// A shortest path to the food through `first` rebuilt from the distances to the food
    /// ("compressed" against obstacles): each step after `first` goes to the candidate
    /// with the most blocked neighbours (walls, body, the board's edge, the path so far),
    /// then straight on. The path hugs what is already closed off and leaves the open
    /// space in one piece. Leaves it in `self.candidate`.
    fn compressed_path(&mut self, game: &Game, first: Cell, food: Cell) {
        let board = game.board();
        let (width, height) = (board.width(), board.height());
        let head = game.snake().head();
        self.candidate.clear();
        self.candidate.push(head);
        self.candidate.push(first);
        if self.on_path.len() < board.cells() {
            self.on_path.resize(board.cells(), false);
        }
        self.on_path[board.index(head)] = true;
        self.on_path[board.index(first)] = true;
        let distances = self.from_food.map();
        let mut previous = Direction::between(head, first);
        let mut current = first;
        while let Some(distance) = distances.get(board.index(current)).filter(|&d| d > 0) {
            let mut best: Option<(Cell, Direction, i64)> = None;
            for direction in Direction::ALL {
                let Some(next) = direction.apply(current, width, height) else {
                    continue;
                };
                if distances.get(board.index(next)) != Some(distance - 1) {
                    continue;
                }
                let mut blocked = 0;
                for side in Direction::ALL {
                    blocked += match side.apply(next, width, height) {
                        None => 1,
                        Some(cell) => {
                            i64::from(!self.view.enterable(cell) || self.on_path[board.index(cell)])
                        }
                    };
                }
                let score = 2 * blocked + i64::from(previous == Some(direction));
                if best.map_or(true, |(.., best_score)| score > best_score) {
                    best = Some((next, direction, score));
                }
            }
            let Some((next, direction, _)) = best else {
                break;
            };
            self.on_path[board.index(next)] = true;
            self.candidate.push(next);
            previous = Some(direction);
            current = next;
        }
        for &cell in &self.candidate {
            self.on_path[board.index(cell)] = false;
        }
        debug_assert_eq!(self.candidate.last(), Some(&food));
    }

    /// Moves the look-ahead snake along `self.candidate`, eating at its end, and asks
    /// whether it has filled the board or can still reach its tail.
    fn look_ahead_is_safe(&mut self, game: &Game) -> bool {
        if self.candidate.len() < 2 {
            return false;
        }
        let look_ahead = self.look_ahead.position_mut();
        look_ahead.copy_from(game);
        let last = self.candidate.len() - 1;
        for (i, &cell) in self.candidate.iter().enumerate().skip(1) {
            look_ahead.snake.advance(cell, i == last);
        }
        let free = look_ahead.board.free_cells();
        if look_ahead.snake.len() == free {
            return true;
        }
        // One empty cell left: the next food goes there, and eating it wins. A head next
        // to it is safe without reaching the tail.
        if look_ahead.snake.len() + 1 == free {
            let (board, snake) = (&look_ahead.board, &look_ahead.snake);
            let head = snake.head();
            let beside_hole = Direction::ALL.into_iter().any(|direction| {
                direction
                    .apply(head, board.width(), board.height())
                    .is_some_and(|cell| board.is_free(cell) && !snake.occupied(cell))
            });
            if beside_hole {
                return true;
            }
        }
        self.look_ahead_reaches_tail()
    }

    /// Whether the look-ahead snake's head can reach its tail on the virtual-tail view by
    /// a path of at least [`MIN_TAIL_PATH`] cells.
    fn look_ahead_reaches_tail(&mut self) -> bool {
        let (head, tail) = {
            let snake = &self.look_ahead.position().snake;
            (snake.head(), snake.tail())
        };
        self.longest_path(true, head, tail) && self.path.len() >= MIN_TAIL_PATH
    }

    /// A long path from `from` to `to` on the real (`false`) or look-ahead (`true`) view:
    /// a shortest path, then Liu's extension: while two consecutive steps have free cells
    /// beside both, detour through them. Leaves it in `self.path`; `false` when there is
    /// no path.
    fn longest_path(&mut self, look_ahead: bool, from: Cell, to: Cell) -> bool {
        let view = if look_ahead {
            &self.look_ahead
        } else {
            &self.view
        };
        let result = self.tail_planner.plan(view, from, to);
        self.stats.searches += 1;
        self.stats.expanded += self.tail_planner.last_stats().expanded;
        self.path.clear();
        let Ok(path) = result else {
            return false;
        };
        self.path.extend_from_slice(&path.nodes);
        extend_path(
            view.board(),
            view.snake(),
            &mut self.path,
            &mut self.on_path,
        );
        true
    }
}

/// The fewest cells (head and tail included) of the look-ahead snake's path to its tail.
const MIN_TAIL_PATH: usize = 2;

/// Liu's extension (`longest_path_to` in chuyangliu/snake's `snake/solver/path.py`):
/// while two consecutive steps of `path` have free cells beside both, off the path, detour
/// through them, two moves longer. The endpoints stay.
fn extend_path(board: &Board, snake: &Snake, path: &mut Vec<Cell>, on_path: &mut Vec<bool>) {
    let (width, height) = (board.width(), board.height());
    if on_path.len() < board.cells() {
        on_path.resize(board.cells(), false);
    }
    for &cell in path.iter() {
        on_path[board.index(cell)] = true;
    }
    let free = |cell: Option<Cell>, on_path: &[bool]| {
        cell.filter(|&cell| {
            let index = board.index(cell);
            !board.is_wall_index(index) && !snake.occupied_index(index) && !on_path[index]
        })
    };
    let mut i = 0;
    while i + 1 < path.len() {
        let (a, b) = (path[i], path[i + 1]);
        let step = Direction::between(a, b).expect("paths step between neighbours");
        let sides = match step {
            Direction::Left | Direction::Right => [Direction::Up, Direction::Down],
            Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
        };
        let mut extended = false;
        for side in sides {
            let beside_a = free(side.apply(a, width, height), on_path);
            let beside_b = free(side.apply(b, width, height), on_path);
            if let (Some(beside_a), Some(beside_b)) = (beside_a, beside_b) {
                on_path[board.index(beside_a)] = true;
                on_path[board.index(beside_b)] = true;
                path.splice(i + 1..i + 1, [beside_a, beside_b]);
                extended = true;
                break;
            }
        }
        if !extended {
            i += 1;
        }
    }
    for &cell in path.iter() {
        on_path[board.index(cell)] = false;
    }
}
