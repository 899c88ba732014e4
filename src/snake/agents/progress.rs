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
//!
//! On a board with an odd number of free cells no cycle covers them all (a cycle on a grid
//! alternates colours). The path then leaves out one empty cell `s` of the colour with one
//! cell more, chosen so that the cycle runs round a corner of `s`'s 2×2 square: `a -> o ->
//! b` with `a` and `b` beside `s`. Food that lands on `s` is eaten by turning from `a` into
//! `s` and on to `b`, which leaves `o` out instead, again with the corner `a -> s -> b`
//! round it. So the snake following the cycle reaches every food within a lap, the last
//! one included: at one cell short of a full board the body fills the cycle and the food
//! lies on `s`. A full board is reachable from any position that has such a cycle; a board
//! whose colours differ by more than one cell has no path through all its cells, so no
//! full board at all. Leaving a cell out costs at most [`EXCLUSION_TRIES`] searches.

use super::safety::position_key;
use crate::snake::{Board, Cell, Direction, Game, Position};
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

/// How many cells a search on a board with an odd number of free cells tries to leave
/// out before it gives up: each try is one more search.
const EXCLUSION_TRIES: usize = 4;

/// A Hamiltonian cycle through the snake's body, once found: each cell's successor.
#[derive(Clone, Debug, Default)]
pub(super) struct ClosingCycle {
    /// The successor of each cell (by board index) along the cycle; valid while `active`.
    next: Vec<Cell>,
    active: bool,
    /// The one free cell the cycle leaves out, on a board with an odd number of free
    /// cells; valid while `active`.
    excluded: Option<Cell>,
    /// The search's path from the head, and which cells it holds.
    path: Vec<Cell>,
    on_path: Vec<bool>,
    /// Cells the current search may still enter.
    budget: u32,
    /// A cell the search heads for before anything else, if any.
    toward: Option<Cell>,
    /// Cells the last call of [`close`](Self::close) entered, both dives together.
    pub(super) entered: u64,
}

impl ClosingCycle {
    /// Forgets the cycle, for a new game.
    pub(super) fn reset(&mut self) {
        self.active = false;
    }

    /// The cell after `cell` on the cycle found last; meaningful after a successful
    /// [`close`](Self::close) and for cells on that cycle.
    pub(super) fn successor(&self, board: &Board, cell: Cell) -> Cell {
        self.next[board.index(cell)]
    }

    /// The free cell the cycle found last leaves out, if the board has an odd number of
    /// free cells.
    pub(super) fn left_out(&self) -> Option<Cell> {
        self.excluded
    }

    /// The free cell the cycle leaves out, if the board has an odd number of free cells.
    #[cfg(test)]
    pub(super) fn excluded(&self) -> Option<Cell> {
        self.excluded.filter(|_| self.active)
    }

    /// The move along the cycle found earlier, if one was found and still holds: the
    /// snake's cells lie on it in order (checked at the head, the only cell a move adds).
    ///
    /// A cycle that leaves a cell out turns into it when the food lies there and the
    /// cycle runs round the far corner of the cell's 2×2 square (`head -> o -> y` with the
    /// left-out cell beside both the head and `y`): the snake eats and the cycle runs
    /// `head -> food -> y` from then on, leaving `o` out instead. [`close`](Self::close)
    /// only leaves out cells with such a corner, and the swap keeps one, so the food is
    /// never out of reach.
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
        if !holds {
            self.active = false;
            return None;
        }
        let mut next = self.next[board.index(head)];
        if let Some(excluded) = self.excluded {
            let corner = self.next[board.index(next)];
            if game.food() == Some(excluded) && beside(head, excluded) && beside(corner, excluded) {
                self.next[board.index(head)] = excluded;
                self.next[board.index(excluded)] = corner;
                self.excluded = Some(next);
                next = excluded;
            }
        }
        match Direction::between(head, next) {
            Some(direction) if game.death_of(direction).is_none() => Some(direction),
            _ => {
                self.active = false;
                None
            }
        }
    }

    /// Looks for a path from the head through every empty cell to a neighbour of the tail,
    /// entering at most `cap` cells; on success makes the cycle it closes the one
    /// [`follow`](Self::follow) takes. Returns whether it found one.
    ///
    /// On a board with an odd number of free cells no cycle covers them all; the path
    /// then leaves out one empty cell of the colour (in the chessboard colouring) that has
    /// one cell more than the other, never the food, and one that the cycle passes round
    /// a corner of (see [`follow`](Self::follow)). Up to [`EXCLUSION_TRIES`] cells are
    /// tried, those with the fewest free neighbours first (a cell with two free
    /// neighbours forces the cycle round its corner), each try a search of its own.
    pub(super) fn close(&mut self, game: &Game, cap: u32) -> bool {
        self.close_position(game, game.food(), cap)
    }

    /// [`close`](Self::close) for any position, `food` the cell a left-out cell must not
    /// be (if any).
    pub(super) fn close_position<P: Position>(
        &mut self,
        position: &P,
        food: Option<Cell>,
        cap: u32,
    ) -> bool {
        let board = position.board();
        let snake = position.snake();
        let free = board.free_cells();
        self.entered = 0;
        if snake.len() < 2 || snake.len() >= free {
            return false;
        }
        if self.on_path.len() < board.cells() {
            self.on_path.resize(board.cells(), false);
            self.next.resize(board.cells(), (0, 0));
        }
        let empty = free - snake.len();
        // A cycle on a grid alternates colours, so it has an even number of cells.
        if free % 2 == 0 {
            return self.close_leaving_out(position, None, empty, cap);
        }
        // Leaving out a cell of the colour with one cell more evens the colours.
        let mut surplus = 0i64;
        for index in (0..board.cells()).filter(|&index| !board.is_wall_index(index)) {
            surplus += if colour(board.cell(index)) { 1 } else { -1 };
        }
        if surplus.abs() != 1 {
            return false;
        }
        let majority = surplus == 1;
        let mut tried = 0;
        for wanted in 1..=4 {
            for index in 0..board.cells() {
                let cell = board.cell(index);
                if board.is_wall_index(index)
                    || snake.occupied_index(index)
                    || colour(cell) != majority
                    || Some(cell) == food
                    || free_neighbours(board, cell) != wanted
                {
                    continue;
                }
                if self.close_leaving_out(position, Some(cell), empty - 1, cap)
                    && self.has_corner(board, cell)
                {
                    return true;
                }
                self.active = false;
                tried += 1;
                if tried == EXCLUSION_TRIES {
                    return false;
                }
            }
        }
        false
    }

    /// [`close_position`](Self::close_position) with a path that heads for `toward`
    /// first (nearer it first, then Warnsdorff's order) and on through the rest.
    pub(super) fn close_toward(&mut self, game: &Game, toward: Cell, cap: u32) -> bool {
        self.toward = Some(toward);
        let found = self.close_position(game, game.food(), cap);
        self.toward = None;
        found
    }

    /// Whether the cycle passes round a corner of `excluded`'s 2×2 square: some cell
    /// beside it whose successor's successor is beside it too.
    fn has_corner(&self, board: &Board, excluded: Cell) -> bool {
        let mut corner = false;
        board.neighbours(excluded, |_, cell| {
            corner |= beside(
                self.next[board.index(self.next[board.index(cell)])],
                excluded,
            );
        });
        corner
    }

    /// The search of [`close_position`](Self::close_position) with `excluded` left out
    /// and `empty` cells to pass through.
    fn close_leaving_out<P: Position>(
        &mut self,
        position: &P,
        excluded: Option<Cell>,
        empty: usize,
        cap: u32,
    ) -> bool {
        let board = position.board();
        let snake = position.snake();
        // The left-out cell counts as taken: on the path from the start.
        if let Some(cell) = excluded {
            self.on_path[board.index(cell)] = true;
        }
        // A path through every empty cell needs them in one piece: a flood fill costs far
        // less than a search that fails.
        let mut found = self.empty_cells_connected(position, empty);
        // The same path walked from the tail's end meets the cells in another order; a
        // second dive from there finds paths the first one's order misses.
        if found {
            found = false;
            for (start, goal) in [(snake.head(), snake.tail()), (snake.tail(), snake.head())] {
                self.path.clear();
                self.budget = cap;
                found = self.extend(position, start, goal, empty);
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
        }
        if let Some(cell) = excluded {
            self.on_path[board.index(cell)] = false;
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
        self.excluded = excluded;
        true
    }

    /// Whether the `empty` empty cells not marked in `self.on_path` form one piece, each
    /// beside another; uses `self.path` as the fill's stack and leaves `self.on_path` as
    /// it found it.
    fn empty_cells_connected<P: Position>(&mut self, position: &P, empty: usize) -> bool {
        let board = position.board();
        let snake = position.snake();
        let (width, height) = (board.width(), board.height());
        let Some(start) = (0..board.cells()).find(|&index| {
            !board.is_wall_index(index) && !snake.occupied_index(index) && !self.on_path[index]
        }) else {
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
                    && !snake.occupied_index(index)
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
    fn extend<P: Position>(&mut self, position: &P, from: Cell, tail: Cell, left: usize) -> bool {
        let board = position.board();
        let snake = position.snake();
        if left == 0 {
            return beside(from, tail);
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (width, height) = (board.width(), board.height());
        let open = |cell: Cell, on_path: &[bool]| {
            board.is_free(cell) && !snake.occupied(cell) && !on_path[board.index(cell)]
        };
        // Until the path has entered the cell it heads for, nearer that cell goes first.
        let toward = self.toward.filter(|&cell| !self.on_path[board.index(cell)]);
        let mut options = [((0u32, 0u8, 0u32), from); 4];
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
            let away = toward.map_or(0, |cell| cell.0.abs_diff(next.0) + cell.1.abs_diff(next.1));
            options[count] = ((away, onward as u8, near_tail), next);
            count += 1;
        }
        options[..count].sort_by_key(|&(onward, _)| onward);
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
            if self.extend(position, next, tail, left - 1) {
                return true;
            }
            self.path.pop();
            self.on_path[board.index(next)] = false;
        }
        false
    }
}

/// Whether two cells share a side.
fn beside(a: Cell, b: Cell) -> bool {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
}

/// The cell's colour on a chessboard: `true` where `x + y` is even.
fn colour(cell: Cell) -> bool {
    (cell.0 + cell.1) % 2 == 0
}

/// How many of the cell's neighbours are on the board and not walls.
fn free_neighbours(board: &Board, cell: Cell) -> u32 {
    let mut count = 0;
    board.neighbours(cell, |_, _| count += 1);
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{GameConfig, Outcome};

    /// The 2×2 square in the corner a snake of three circles in.
    const SQUARE: [Cell; 4] = [(1, 1), (0, 1), (0, 0), (1, 0)];

    /// A snake of three in [`SQUARE`] on a 4×4 board, the food outside the square.
    fn in_the_square() -> Game {
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
        Game::new(&config).unwrap()
    }

    /// One move on round [`SQUARE`].
    fn round_the_square(game: &mut Game) -> Outcome {
        let head = game.snake().head();
        let place = SQUARE.iter().position(|&cell| cell == head).unwrap();
        let next = SQUARE[(place + 1) % 4];
        game.step(Direction::between(head, next).unwrap())
    }

    #[test]
    fn the_guard_tells_a_snake_circling_in_a_square() {
        let mut game = in_the_square();
        let mut guard = LoopGuard::default();
        let mut first = None;
        for step in 0..40 {
            if guard.circling(&game, 0) {
                first.get_or_insert(step);
            }
            assert_eq!(round_the_square(&mut game), Outcome::Moved);
        }
        // Quiet for as many moves as free cells, then the first repeat four moves later.
        assert_eq!(first, Some(16 + 1 + 4));
        guard.reset();
        assert!(guard.seen.is_empty());
    }

    /// A game whose snake circles in [`SQUARE`] for `steps` moves, never eating.
    fn circled(steps: u64) -> Game {
        let mut game = in_the_square();
        for _ in 0..steps {
            round_the_square(&mut game);
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
        // An odd number of free cells closes a cycle round all but one of a colour with
        // one cell more than the other: on 3×3 the corners and the centre.
        let config = GameConfig::new(3, 3)
            .unwrap()
            .with_start(vec![(1, 0), (0, 0)]);
        let game = Game::new(&config).unwrap();
        assert!(cycle.close(&game, 1000));
        let excluded = cycle.excluded().unwrap();
        assert_eq!((excluded.0 + excluded.1) % 2, 0);
        assert_ne!(Some(excluded), game.food());
        // Colours that differ by three (eight cells of one, five of the other) close none.
        let board: crate::snake::Board = ".....\n#...#\n.....".parse().unwrap();
        let config = GameConfig::with_board(board).with_start(vec![(1, 0), (0, 0)]);
        assert!(!cycle.close(&Game::new(&config).unwrap(), 1000));
    }

    #[test]
    fn a_cycle_leaving_out_one_cell_is_followed_to_a_full_board() {
        // An odd board: the left-out cell is eaten by turning into it round its corner.
        for (width, height) in [(3, 3), (5, 5), (7, 5)] {
            for seed in 0..20 {
                let config = GameConfig::new(width, height)
                    .unwrap()
                    .with_start(vec![(1, 0), (0, 0)])
                    .with_seed(seed);
                let mut game = Game::new(&config).unwrap();
                let mut cycle = ClosingCycle::default();
                assert!(cycle.close(&game, 10_000));
                let mut outcome = Outcome::Moved;
                let mut swaps = 0;
                while !game.is_over() {
                    let excluded = cycle.excluded();
                    let direction = cycle.follow(&game).expect("the cycle holds");
                    swaps += usize::from(cycle.excluded() != excluded);
                    outcome = game.step(direction);
                }
                let cells = (width * height) as u64;
                assert_eq!(outcome, Outcome::Won, "{width}×{height} seed {seed}");
                assert!(
                    game.steps() <= cells * cells,
                    "{width}×{height} seed {seed}"
                );
                // The last meal is always the left-out cell.
                assert!(swaps >= 1, "{width}×{height} seed {seed}");
            }
        }
    }
}

#[cfg(test)]
mod odd_board_tests {
    use super::*;
    use crate::snake::{GameConfig, Outcome};

    /// Every start of two cells on small odd boards closes a cycle leaving one cell out,
    /// and following that cycle wins whatever the food does (five food seeds each): the
    /// full board is in reach from all of them.
    #[test]
    fn every_closing_start_on_small_odd_boards_is_won() {
        for (width, height) in [(3, 3), (5, 3), (5, 5), (7, 5)] {
            let board = Board::new(width, height).unwrap();
            let (mut starts, mut closing) = (0, 0);
            for head in 0..board.cells() {
                let head = board.cell(head);
                board.neighbours(head, |_, tail| {
                    starts += 1;
                    let config = GameConfig::new(width, height)
                        .unwrap()
                        .with_start(vec![head, tail]);
                    let mut cycle = ClosingCycle::default();
                    if !cycle.close(&Game::new(&config).unwrap(), 100_000) {
                        return;
                    }
                    closing += 1;
                    for seed in 0..5 {
                        let mut game = Game::new(&config.clone().with_seed(seed)).unwrap();
                        let mut cycle = ClosingCycle::default();
                        assert!(cycle.close(&game, 100_000));
                        let mut outcome = Outcome::Moved;
                        while !game.is_over() {
                            outcome = game.step(cycle.follow(&game).expect("the cycle holds"));
                        }
                        assert_eq!(outcome, Outcome::Won, "{width}×{height} {head:?} {tail:?}");
                    }
                });
            }
            assert_eq!(closing, starts, "{width}×{height}");
        }
    }
}
