//! What keeps a look-ahead agent from circling for ever: [`LoopGuard`] tells when it
//! circles without eating, and [`ClosingCycle`] finds a cycle through the snake's body that
//! it can follow to a full board.
//!
//! # The loop guard
//!
//! A deterministic rule in a position it has been in before, with the same food, makes the
//! same moves again: once a position repeats, the snake circles until the step cap unless
//! something in the rule changes. The guard remembers the positions since the last meal
//! (by [`position_key`], the Zobrist key the endgame search uses) and reports a repeat, or
//! a run of moves without a meal so long that no food chase explains it.
//!
//! Cost: nothing per move while the snake eats regularly; once more moves than free cells
//! have passed since the last meal, one `O(length)` key and one hash-set insertion per
//! move. The set keeps its memory between meals and games.
//!
//! # The closing cycle
//!
//! On a board with an even number of free cells, a path from the head through every empty
//! cell to a neighbour of the tail closes the body into a Hamiltonian cycle of the board.
//! Following that cycle wins for certain: the body stays one unbroken arc of it ending at
//! the head, so the cell after the head is always empty until the board is full, and
//! every food lies ahead on the cycle (the invariant of
//! [`HamiltonianAgent`](crate::snake::hamiltonian::HamiltonianAgent), here with the cycle
//! built around the body the game produced). Near the end of a game, where the look-ahead
//! checks cannot see far enough and a wrong meal leaves holes the snake can never fill,
//! the agents look for such a path once half the board is full and, once one is found,
//! follow its cycle.
//!
//! The path is found by a depth-first search over the empty cells: a flood fill first
//! (the empty cells must form one piece), then Warnsdorff's order (fewest onward empty
//! neighbours first, ties to the cell farther from the tail, where the path must end;
//! H. C. von Warnsdorf, 1823), a cut wherever a step strands an empty cell beside the
//! cell it leaves, and a cap on the cells it enters. A search costs `O(empty cells + cap)`
//! whether or not a path exists, and allocates nothing once the scratch has grown to the
//! board; its recursion is at most as deep as there are empty cells. A search that gives
//! up finds nothing this move; the snake moves on and a later move asks again.

use super::safety::position_key;
use crate::snake::{Cell, Direction, Game};
use rustc_hash::FxHashSet;

/// Moves since the last meal, as a multiple of the free cells, after which the snake is
/// taken to be circling even if no position has repeated yet.
const NO_PROGRESS_FACTOR: u64 = 4;

/// Positions since the last meal, to tell a loop.
#[derive(Debug, Default)]
pub(super) struct LoopGuard {
    /// Keys of the positions seen since watching began.
    seen: FxHashSet<u64>,
    /// The step of the meal the positions in `seen` follow.
    since_meal: Option<u64>,
}

impl LoopGuard {
    /// Forgets the positions seen, for a new game.
    pub(super) fn reset(&mut self) {
        self.seen.clear();
        self.since_meal = None;
    }

    /// Whether the snake of `game`, which last ate at step `last_meal`, is circling: it has
    /// gone more moves than there are free cells without eating, and either stands in a
    /// position it has stood in since the last meal or has gone
    /// [`NO_PROGRESS_FACTOR`] times the free cells without eating. The food has not moved
    /// since the last meal, so the snake's cells in order name the position.
    pub(super) fn circling(&mut self, game: &Game, last_meal: u64) -> bool {
        let free = game.board().free_cells() as u64;
        let waited = game.steps().saturating_sub(last_meal);
        if waited <= free {
            return false;
        }
        if self.since_meal != Some(last_meal) {
            self.seen.clear();
            self.since_meal = Some(last_meal);
        }
        let repeated = !self.seen.insert(position_key(game.snake()));
        repeated || waited > NO_PROGRESS_FACTOR * free
    }
}

/// A Hamiltonian cycle through the snake's body, once found: each cell's successor.
#[derive(Debug, Default)]
pub(super) struct ClosingCycle {
    /// The successor of each cell (by board index) along the cycle; valid while `active`.
    next: Vec<Cell>,
    active: bool,
    /// The search's path from the head, and which cells it holds.
    path: Vec<Cell>,
    on_path: Vec<bool>,
    /// Cells the current search may still enter.
    budget: u32,
    /// Cells the last call of [`close`](Self::close) entered, both dives together.
    pub(super) entered: u64,
}

impl ClosingCycle {
    /// Forgets the cycle, for a new game.
    pub(super) fn reset(&mut self) {
        self.active = false;
    }

    /// The move along the cycle found earlier, if one was found and still holds: the
    /// snake's cells lie on it in order (checked at the head, the only cell a move adds).
    pub(super) fn follow(&mut self, game: &Game) -> Option<Direction> {
        if !self.active {
            return None;
        }
        let snake = game.snake();
        let board = game.board();
        let head = snake.head();
        let holds = snake.len() < 2
            || snake
                .segment(1)
                .is_some_and(|neck| self.next[board.index(neck)] == head);
        let next = self.next[board.index(head)];
        let direction = Direction::between(head, next);
        match direction {
            Some(direction) if holds && game.death_of(direction).is_none() => Some(direction),
            _ => {
                self.active = false;
                None
            }
        }
    }

    /// Looks for a path from the head through every empty cell to a neighbour of the tail,
    /// entering at most `cap` cells; on success makes the cycle it closes the one
    /// [`follow`](Self::follow) takes. Returns whether it found one.
    pub(super) fn close(&mut self, game: &Game, cap: u32) -> bool {
        let board = game.board();
        let snake = game.snake();
        let free = board.free_cells();
        self.entered = 0;
        // A cycle on a grid alternates colours, so it has an even number of cells.
        if free % 2 == 1 || snake.len() < 2 || snake.len() >= free {
            return false;
        }
        if self.on_path.len() < board.cells() {
            self.on_path.resize(board.cells(), false);
            self.next.resize(board.cells(), (0, 0));
        }
        let empty = free - snake.len();
        // A path through every empty cell needs them in one piece: a flood fill costs far
        // less than a search that fails.
        if !self.empty_cells_connected(game, empty) {
            return false;
        }
        // The same path walked from the tail's end meets the cells in another order; a
        // second dive from there finds paths the first one's order misses.
        let mut found = false;
        for (start, goal) in [(snake.head(), snake.tail()), (snake.tail(), snake.head())] {
            self.path.clear();
            self.budget = cap;
            found = self.extend(game, start, goal, empty);
            self.entered += u64::from(cap - self.budget);
            for &cell in &self.path {
                self.on_path[board.index(cell)] = false;
            }
            if found {
                if start == snake.tail() {
                    self.path.reverse();
                }
                break;
            }
        }
        if !found {
            return false;
        }
        let mut toward_head = snake.head();
        for cell in snake.body().skip(1) {
            self.next[board.index(cell)] = toward_head;
            toward_head = cell;
        }
        let mut from = snake.head();
        for &cell in &self.path {
            self.next[board.index(from)] = cell;
            from = cell;
        }
        self.next[board.index(from)] = snake.tail();
        self.active = true;
        true
    }

    /// Whether the `empty` empty cells form one piece, each beside another; uses
    /// `self.path` as the fill's stack and leaves `self.on_path` clear.
    fn empty_cells_connected(&mut self, game: &Game, empty: usize) -> bool {
        let board = game.board();
        let (width, height) = (board.width(), board.height());
        let Some(start) = (0..board.cells())
            .find(|&index| !board.is_wall_index(index) && !game.occupied_index(index))
        else {
            return false;
        };
        self.path.clear();
        self.path.push(board.cell(start));
        self.on_path[start] = true;
        let mut reached = 0;
        while reached < self.path.len() {
            let cell = self.path[reached];
            reached += 1;
            for direction in Direction::ALL {
                let Some(next) = direction.apply(cell, width, height) else {
                    continue;
                };
                let index = board.index(next);
                if !board.is_wall_index(index)
                    && !game.occupied_index(index)
                    && !self.on_path[index]
                {
                    self.on_path[index] = true;
                    self.path.push(next);
                }
            }
        }
        for &cell in &self.path {
            self.on_path[board.index(cell)] = false;
        }
        self.path.len() == empty
    }

    /// Extends the path ending at `from` through `left` more empty cells to a neighbour of
    /// the tail; leaves the cells in `self.path` on success.
    fn extend(&mut self, game: &Game, from: Cell, tail: Cell, left: usize) -> bool {
        let board = game.board();
        if left == 0 {
            return from.0.abs_diff(tail.0) + from.1.abs_diff(tail.1) == 1;
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (width, height) = (board.width(), board.height());
        let open = |cell: Cell, on_path: &[bool]| {
            board.is_free(cell) && !game.occupied(cell) && !on_path[board.index(cell)]
        };
        let mut options = [((0u8, 0u32), from); 4];
        let mut count = 0;
        for direction in Direction::ALL {
            let Some(next) = direction.apply(from, width, height) else {
                continue;
            };
            if !open(next, &self.on_path) {
                continue;
            }
            let onward = Direction::ALL
                .into_iter()
                .filter_map(|d| d.apply(next, width, height))
                .filter(|&cell| open(cell, &self.on_path))
                .count();
            // Ties go to the cell farther from the tail, where the path must end.
            let near_tail = u32::MAX - (next.0.abs_diff(tail.0) + next.1.abs_diff(tail.1));
            options[count] = ((onward as u8, near_tail), next);
            count += 1;
        }
        options[..count].sort_by_key(|&(onward, _)| onward);
        let beside = |a: Cell, b: Cell| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
        for &(_, next) in &options[..count] {
            self.on_path[board.index(next)] = true;
            // `from` closes behind the path: an empty cell beside it that is left with no
            // way in, or with one way in and no tail beside it to leave by, strands the
            // path.
            let stranded = left > 1
                && options[..count].iter().any(|&(_, other)| {
                    if other == next {
                        return false;
                    }
                    let ways = Direction::ALL
                        .into_iter()
                        .filter_map(|d| d.apply(other, width, height))
                        .filter(|&cell| cell == next || open(cell, &self.on_path))
                        .count();
                    ways == 0 || (ways == 1 && !beside(other, tail))
                });
            if stranded {
                self.on_path[board.index(next)] = false;
                continue;
            }
            self.path.push(next);
            if self.extend(game, next, tail, left - 1) {
                return true;
            }
            self.path.pop();
            self.on_path[board.index(next)] = false;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{GameConfig, Outcome};

    /// The 2×2 square in the corner a snake of three circles in.
    const SQUARE: [Cell; 4] = [(1, 1), (0, 1), (0, 0), (1, 0)];

    #[test]
    fn the_guard_tells_a_snake_circling_in_a_square() {
        let body = vec![(1, 1), (1, 0), (0, 0)];
        let config = (0..)
            .map(|seed| {
                GameConfig::new(4, 4)
                    .unwrap()
                    .with_start(body.clone())
                    .with_seed(seed)
            })
            .find(|config| !SQUARE.contains(&Game::new(config).unwrap().food().unwrap()))
            .unwrap();
        let mut game = Game::new(&config).unwrap();
        let mut guard = LoopGuard::default();
        let mut first = None;
        for step in 0..40 {
            if guard.circling(&game, 0) {
                first.get_or_insert(step);
            }
            let head = game.snake().head();
            let place = SQUARE.iter().position(|&cell| cell == head).unwrap();
            let next = SQUARE[(place + 1) % 4];
            let outcome = game.step(Direction::between(head, next).unwrap());
            assert_eq!(outcome, Outcome::Moved);
        }
        // Quiet for as many moves as free cells, then the first repeat four moves later.
        assert_eq!(first, Some(16 + 1 + 4));
        guard.reset();
        assert!(guard.seen.is_empty());
    }

    /// A game whose snake circles in [`SQUARE`] for `steps` moves, never eating.
    fn circled(steps: u64) -> Game {
        let body = vec![(1, 1), (1, 0), (0, 0)];
        let config = (0..)
            .map(|seed| {
                GameConfig::new(4, 4)
                    .unwrap()
                    .with_start(body.clone())
                    .with_seed(seed)
            })
            .find(|config| !SQUARE.contains(&Game::new(config).unwrap().food().unwrap()))
            .unwrap();
        let mut game = Game::new(&config).unwrap();
        for _ in 0..steps {
            let head = game.snake().head();
            let place = SQUARE.iter().position(|&cell| cell == head).unwrap();
            let next = SQUARE[(place + 1) % 4];
            game.step(Direction::between(head, next).unwrap());
        }
        game
    }

    #[test]
    fn the_guard_tells_a_long_run_without_a_meal_even_without_a_repeat() {
        // A guard that sees the position once cannot tell a repeat: only the length of
        // the run counts, more than four times the 16 free cells.
        for (steps, circling) in [
            (17, false),
            (40, false),
            (64, false),
            (65, true),
            (90, true),
        ] {
            let game = circled(steps);
            assert_eq!(
                LoopGuard::default().circling(&game, 0),
                circling,
                "{steps} moves"
            );
        }
    }

    #[test]
    fn a_meal_starts_the_guards_memory_afresh() {
        let mut guard = LoopGuard::default();
        let game = circled(30);
        assert!(!guard.circling(&game, 0));
        assert!(guard.circling(&game, 0), "the same position again");
        // After a meal at step 1 the positions seen before it no longer count.
        assert!(!guard.circling(&game, 1));
        assert!(guard.circling(&game, 1));
    }

    #[test]
    fn a_closing_cycle_is_followed_to_a_full_board() {
        for seed in 0..10 {
            let config = GameConfig::new(4, 4)
                .unwrap()
                .with_start(vec![(2, 0), (1, 0), (0, 0)])
                .with_seed(seed);
            let mut game = Game::new(&config).unwrap();
            let mut cycle = ClosingCycle::default();
            assert!(cycle.close(&game, 1000));
            let mut outcome = Outcome::Moved;
            while !game.is_over() {
                let direction = cycle.follow(&game).expect("the cycle holds");
                outcome = game.step(direction);
            }
            // Each food lies ahead on the cycle, at most a lap away.
            assert_eq!(outcome, Outcome::Won, "seed {seed}");
            assert!(game.steps() <= 13 * 16, "seed {seed}");
        }
    }

    #[test]
    fn empty_cells_in_two_pieces_close_no_cycle() {
        // The body fills column 1 and cuts the empty cells in two.
        let config = GameConfig::new(4, 3)
            .unwrap()
            .with_start(vec![(1, 0), (1, 1), (1, 2)]);
        let game = Game::new(&config).unwrap();
        let mut cycle = ClosingCycle::default();
        assert!(!cycle.close(&game, 1000));
        assert_eq!(cycle.follow(&game), None);
        // In one piece, with a way from the head through them to the tail, they close one.
        let config = GameConfig::new(4, 3)
            .unwrap()
            .with_start(vec![(1, 1), (1, 0), (0, 0)]);
        let game = Game::new(&config).unwrap();
        assert!(cycle.close(&game, 1000));
        assert!(cycle.follow(&game).is_some());
        // An odd number of free cells closes none.
        let config = GameConfig::new(3, 3)
            .unwrap()
            .with_start(vec![(1, 0), (0, 0)]);
        assert!(!cycle.close(&Game::new(&config).unwrap(), 1000));
    }
}
