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
//! built around the body the game produced). Later in a game, where the look-ahead
//! checks cannot see far enough and a wrong meal leaves holes the snake can never fill,
//! the agents look for such a path once a quarter of the board is full and, once one is
//! found, hand the game to [`ReclosingAgent`](crate::snake::ReclosingAgent)'s rule: follow
//! the cycle, and take a shortcut to the food only where a cycle still closes round the
//! body after the meal.
//!
//! The path is found by a depth-first search over the empty cells: a flood fill and a
//! count of each cell's ways first (the empty cells must form one piece, and only the
//! path's two ends may have a single empty neighbour), then Warnsdorff's order (fewest
//! onward empty neighbours first, ties to the cell farther from the tail, where the path
//! must end; H. C. von Warnsdorf, 1823), a cut wherever a step strands an empty cell
//! beside the cell it leaves, a cut wherever a step splits the cells still to visit in two
//! (the path goes on through them alone, so it could never reach both parts), and a cap
//! on the cells it enters. A look at the eight cells round a step rules the split out
//! where the step's empty neighbours are joined round them; a flood fill decides
//! elsewhere. Without that cut, 954 of the 1,360 dives of `ReclosingAgent`'s searches
//! before a quarter of a 9×9 board was full spent their whole cap (`best`, 20 games, seed
//! 5), and searched again with two million cells, 393 of those found a path; with it, the
//! agent takes 3 to 9% fewer mean steps on odd boards, on 9×12 and on two walled levels.
//! A search enters at most `cap` cells and fills at most `empty` cells for each, so it
//! costs `O(empty × cap)` at worst whether or not a path exists; it allocates nothing
//! once the scratch has grown to the board, and its recursion is at most as deep as
//! there are empty cells. A search that gives up finds nothing this move; the snake
//! moves on and a later move asks again.
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

/// Marks in [`ClosingCycle::taken`]: a cell the search may enter has none.
const WALL: u8 = 1;
const BODY: u8 = 2;
const ON_PATH: u8 = 4;
/// A mark of the flood fills, cleared before they return.
const FILLED: u8 = 8;

/// A Hamiltonian cycle through the snake's body, once found: each cell's successor.
///
/// The search works on board indices: each node tests some twenty neighbours, and a
/// neighbour table with one byte of marks per cell makes each test one load instead of
/// a bounds check, a wall test, a body test and a path test on `(x, y)` cells.
#[derive(Clone, Debug, Default)]
pub(super) struct ClosingCycle {
    /// The successor of each cell (by board index) along the cycle found last.
    next: Vec<Cell>,
    /// The one free cell that cycle leaves out, on a board with an odd number of free
    /// cells.
    excluded: Option<Cell>,
    /// The search's path from the head (board indices).
    path: Vec<usize>,
    /// [`WALL`], [`BODY`], [`ON_PATH`] and [`FILLED`] marks of each cell by board index, and one more
    /// entry, always a wall, that stands for the cells off the board.
    taken: Vec<u8>,
    /// The four neighbours of each cell in [`Direction::ALL`] order, the off-board entry
    /// of `taken` where there is none; built for the board shape in `shape`.
    around: Vec<[usize; 4]>,
    /// The cell of each board index, for the distances that order the search.
    cell_of: Vec<Cell>,
    /// The width and height `around` and `cell_of` were built for.
    shape: (u32, u32),
    /// Cells the current search may still enter.
    budget: u32,
    /// The board index of a cell the search heads for before anything else, if any.
    toward: Option<usize>,
    /// Cells the last call of [`close`](Self::close) entered, both dives together.
    pub(super) entered: u64,
    /// The flood fills' queue.
    fill: Vec<usize>,
}

impl ClosingCycle {
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

    /// The move along the cycle found last, if it still holds: the snake's cells lie on
    /// it in order (checked at the head, the only cell a move adds). The agents follow
    /// the cycle by [`ReclosingAgent`](crate::snake::ReclosingAgent)'s rule; the tests
    /// follow it by this one, which takes no shortcut, to check that every cycle found
    /// fills the board.
    ///
    /// A cycle that leaves a cell out turns into it when the food lies there and the
    /// cycle runs round the far corner of the cell's 2×2 square (`head -> o -> y` with the
    /// left-out cell beside both the head and `y`): the snake eats and the cycle runs
    /// `head -> food -> y` from then on, leaving `o` out instead. [`close`](Self::close)
    /// only leaves out cells with such a corner, and the swap keeps one, so the food is
    /// never out of reach.
    #[cfg(test)]
    pub(super) fn follow(&mut self, game: &Game) -> Option<Direction> {
        let snake = game.snake();
        let board = game.board();
        let head = snake.head();
        let holds = snake.len() < 2
            || snake
                .segment(1)
                .is_some_and(|neck| self.next[board.index(neck)] == head);
        if !holds {
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
        Direction::between(head, next).filter(|&direction| game.death_of(direction).is_none())
    }

    /// Looks for a path from the head through every empty cell to a neighbour of the tail,
    /// entering at most `cap` cells; on success makes the cycle it closes the one
    /// [`successor`](Self::successor) reads. Returns whether it found one.
    ///
    /// On a board with an odd number of free cells no cycle covers them all; the path
    /// then leaves out one empty cell of the colour (in the chessboard colouring) that has
    /// one cell more than the other, never the food, and one that the cycle passes round
    /// a corner of (see the module's documentation). Up to [`EXCLUSION_TRIES`] cells are
    /// tried, each try a search of its own, those with the fewest empty neighbours first:
    /// a path through every other empty cell cannot pass a cell with one empty neighbour
    /// (it could only end there), so where there is such a cell it is the one to leave
    /// out. Ordered so, `ReclosingAgent` takes 3.6%, 1.3% and 1.9% fewer mean steps on
    /// 9×9, 11×11 and 13×13 than with the cells ordered by their neighbours that are not
    /// walls (`best`, 100 games from length 3 on each of seeds 1 to 3).
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
        self.prepare(position);
        let empty = free - snake.len();
        // A cycle on a grid alternates colours, so it has an even number of cells.
        if free % 2 == 0 {
            return self.close_leaving_out(position, None, empty, cap);
        }
        // Leaving out a cell of the colour with one cell more evens the colours.
        let mut surplus = 0i64;
        for (index, &cell) in self.cell_of.iter().enumerate() {
            if self.taken[index] & WALL == 0 {
                surplus += if colour(cell) { 1 } else { -1 };
            }
        }
        if surplus.abs() != 1 {
            return false;
        }
        let majority = surplus == 1;
        let food = food.map(|cell| board.index(cell));
        let mut tried = 0;
        for wanted in 1..=4 {
            for index in 0..board.cells() {
                // Empty cells of the majority colour other than the food, by their empty
                // neighbours (a cell walled in by the body counts as one).
                if self.taken[index] != 0
                    || colour(self.cell_of[index]) != majority
                    || Some(index) == food
                    || self.around[index]
                        .iter()
                        .filter(|&&next| self.taken[next] == 0)
                        .count()
                        .max(1)
                        != wanted
                {
                    continue;
                }
                let cell = self.cell_of[index];
                if self.close_leaving_out(position, Some(cell), empty - 1, cap)
                    && self.has_corner(board, cell)
                {
                    return true;
                }
                tried += 1;
                if tried == EXCLUSION_TRIES {
                    return false;
                }
            }
        }
        false
    }

    /// [`close_position`](Self::close_position) with a path from the head that heads for
    /// `toward` first (nearer it first, then Warnsdorff's order) and on through the rest;
    /// one dive per cell left out, none from the tail's end.
    pub(super) fn close_toward(&mut self, game: &Game, toward: Cell, cap: u32) -> bool {
        self.toward = Some(game.board().index(toward));
        let found = self.close_position(game, game.food(), cap);
        self.toward = None;
        found
    }

    /// Sizes the scratch for `position`'s board, builds the neighbour table if the board's
    /// shape changed, and marks the walls and the body in `taken`.
    fn prepare<P: Position>(&mut self, position: &P) {
        let board = position.board();
        let snake = position.snake();
        let cells = board.cells();
        let (width, height) = (board.width(), board.height());
        if self.next.len() < cells {
            self.next.resize(cells, (0, 0));
        }
        if self.shape != (width, height) || self.around.len() != cells {
            self.shape = (width, height);
            self.cell_of.clear();
            self.cell_of
                .extend((0..cells).map(|index| board.cell(index)));
            self.around.clear();
            self.around.extend(self.cell_of.iter().map(|&cell| {
                Direction::ALL.map(|direction| {
                    direction
                        .apply(cell, width, height)
                        .map_or(cells, |next| board.index(next))
                })
            }));
        }
        self.taken.clear();
        self.taken.extend((0..cells).map(|index| {
            if board.is_wall_index(index) {
                WALL
            } else if snake.occupied_index(index) {
                BODY
            } else {
                0
            }
        }));
        // Off the board.
        self.taken.push(WALL);
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
            self.taken[board.index(cell)] |= ON_PATH;
        }
        // A path through every empty cell needs them in one piece, and every cell but its
        // two ends entered and left by empty cells: a flood fill and a count of each
        // cell's ways cost far less than a search that fails.
        let (head, tail) = (board.index(snake.head()), board.index(snake.tail()));
        let mut found =
            self.empty_cells_connected(empty) && self.ways_allow_a_path(head, tail, empty);
        // The same path walked from the tail's end meets the cells in another order; a
        // second dive from there finds paths the first one's order misses. A path that
        // heads for a cell is only dived for from the head: from the tail's end it would
        // enter that cell first and so pass it last on the way round from the head, where
        // the search is wanted for a cycle that reaches it soon. Without that dive
        // `ReclosingAgent`'s searches for a new cycle round the body enter 32% fewer cells
        // on 9×9 and 40% fewer on 13×13 (`best`, 20 games, seed 5), and its mean steps
        // stay within 1% on six boards with an odd side, odd cell count or walls.
        if found {
            found = false;
            let dives = if self.toward.is_some() { 1 } else { 2 };
            for (start, goal) in [(head, tail), (tail, head)].into_iter().take(dives) {
                self.path.clear();
                self.budget = cap;
                found = self.extend(start, goal, empty);
                self.entered += u64::from(cap - self.budget);
                for &index in &self.path {
                    self.taken[index] &= !ON_PATH;
                }
                if found {
                    if start == tail {
                        self.path.reverse();
                    }
                    break;
                }
            }
        }
        if let Some(cell) = excluded {
            self.taken[board.index(cell)] &= !ON_PATH;
        }
        if !found {
            return false;
        }
        let mut toward_head = snake.head();
        for cell in snake.body().skip(1) {
            self.next[board.index(cell)] = toward_head;
            toward_head = cell;
        }
        let mut from = board.index(snake.head());
        for &index in &self.path {
            self.next[from] = self.cell_of[index];
            from = index;
        }
        self.next[from] = snake.tail();
        self.excluded = excluded;
        true
    }

    /// Whether each of the `empty` cells with no mark in `self.taken` has the ways a path
    /// needs that runs from beside `head` through all of them to beside `tail`: a cell
    /// inside the path is entered and left by empty cells, so it has two empty
    /// neighbours; the first has one and the head, the last one and the tail. A cell
    /// with a single empty neighbour is therefore an end, and there are only two ends,
    /// one of each kind. Where this fails no path exists, and a search would fail only
    /// after spending its whole budget or tree; where it holds, the search runs.
    /// Measured on `best`'s own checks (20 games, seed 5, start length 3): it settles 31%
    /// of the cells failing searches entered on 13×13, 42% on 9×9, 23% on 9×12.
    fn ways_allow_a_path(&self, head: usize, tail: usize, empty: usize) -> bool {
        if empty == 1 {
            // The one cell is both ends; the search itself checks it at once.
            return true;
        }
        let (mut ends, mut firsts, mut lasts) = (0usize, 0usize, 0usize);
        for (index, around) in self.around.iter().enumerate() {
            if self.taken[index] != 0 {
                continue;
            }
            let open = around.iter().filter(|&&cell| self.taken[cell] == 0).count();
            if open >= 2 {
                continue;
            }
            let (by_head, by_tail) = (around.contains(&head), around.contains(&tail));
            if open == 0 || !(by_head || by_tail) {
                return false;
            }
            ends += 1;
            firsts += usize::from(!by_tail);
            lasts += usize::from(!by_head);
        }
        ends <= 2 && firsts <= 1 && lasts <= 1
    }

    /// Whether the `empty` cells with no mark in `self.taken` form one piece, each beside
    /// another.
    fn empty_cells_connected(&mut self, empty: usize) -> bool {
        let cells = self.around.len();
        (0..cells)
            .find(|&index| self.taken[index] == 0)
            .is_some_and(|start| self.reachable_from(start) == empty)
    }

    /// Whether the `rest` cells with no mark in `self.taken` form one piece once the path
    /// has entered `cell`, itself marked: else the path, which goes on from `cell` through
    /// unmarked cells alone, can never reach both parts. Looks at the eight cells round
    /// `cell` first: where its empty neighbours are joined round the ring (two beside each
    /// other through the cell between them on the diagonal), any way through `cell` has a
    /// way round it, so taking `cell` splits nothing and no fill runs. That holds because
    /// the cells were in one piece before the step: the dives start so (the search checks
    /// it first) and each step keeps them so.
    fn rest_connected(&mut self, cell: usize, rest: usize) -> bool {
        let ring = self.around[cell];
        let open = ring.map(|next| self.taken[next] == 0);
        let Some(first) = open.iter().position(|&open| open) else {
            // Nowhere to go on to, with cells still to visit.
            return false;
        };
        let mut pieces = open.iter().filter(|&&open| open).count();
        for (side, &next) in ring.iter().enumerate() {
            // The side after `side` in `Direction::ALL`'s turn, one quarter clockwise.
            let after = (side + 1) % 4;
            if open[side] && open[after] && self.taken[self.around[next][after]] == 0 {
                pieces -= 1;
            }
        }
        // Four open neighbours joined all round count one piece less than there are.
        if pieces <= 1 {
            return true;
        }
        self.reachable_from(ring[first]) == rest
    }

    /// How many cells with no mark in `self.taken` are reachable from `start`, one of them,
    /// through such cells; uses `self.fill` as the fill's queue and leaves `self.taken` as
    /// it found it. The queue is sized to the board once and written by index: each cell
    /// joins it at most once.
    fn reachable_from(&mut self, start: usize) -> usize {
        let cells = self.around.len();
        if self.fill.len() < cells {
            self.fill.resize(cells, 0);
        }
        self.fill[0] = start;
        self.taken[start] |= FILLED;
        let (mut reached, mut end) = (0, 1);
        while reached < end {
            let index = self.fill[reached];
            reached += 1;
            for next in self.around[index] {
                if self.taken[next] == 0 {
                    self.taken[next] |= FILLED;
                    self.fill[end] = next;
                    end += 1;
                }
            }
        }
        for &index in &self.fill[..end] {
            self.taken[index] &= !FILLED;
        }
        end
    }

    /// Extends the path ending at board index `from` through `left` more empty cells to a
    /// neighbour of `tail`; leaves the cells in `self.path` on success.
    fn extend(&mut self, from: usize, tail: usize, left: usize) -> bool {
        if left == 0 {
            return self.around[from].contains(&tail);
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (tail_x, tail_y) = self.cell_of[tail];
        // Until the path has entered the cell it heads for, nearer that cell goes first.
        let toward = self
            .toward
            .filter(|&index| self.taken[index] & ON_PATH == 0)
            .map(|index| self.cell_of[index]);
        // The options in the order they are tried, with whether each is a dead end; ordered
        // as they come in, a stable insertion sort: equal keys keep `Direction::ALL` order.
        let mut options = [(0u64, from, false); 4];
        let mut count = 0;
        let mut dead_ends = 0;
        for next in self.around[from] {
            if self.taken[next] != 0 {
                continue;
            }
            let around = self.around[next];
            let onward = around.iter().filter(|&&cell| self.taken[cell] == 0).count();
            // Left with no way in, or with one and no tail beside it to leave by, once the
            // path passes it by.
            let dead_end = onward == 0 || (onward == 1 && !around.contains(&tail));
            dead_ends += usize::from(dead_end);
            let (x, y) = self.cell_of[next];
            // Ties go to the cell farther from the tail, where the path must end.
            let near_tail = u32::MAX - (x.abs_diff(tail_x) + y.abs_diff(tail_y));
            let away = toward.map_or(0, |cell| cell.0.abs_diff(x) + cell.1.abs_diff(y));
            // `(away, onward, near_tail)` in one word, compared in that order (sides are
            // at most 255 cells, so `away` fits its 29 bits).
            let key = (u64::from(away) << 35) | ((onward as u64) << 32) | u64::from(near_tail);
            let mut place = count;
            while place > 0 && options[place - 1].0 > key {
                options[place] = options[place - 1];
                place -= 1;
            }
            options[place] = (key, next, dead_end);
            count += 1;
        }
        for &(_, next, dead_end) in &options[..count] {
            // `from` closes behind the path: an empty cell beside it that is left a dead
            // end strands the path. Two cells beside `from` are never beside each other,
            // so entering `next` leaves the other options' ways in as they were counted,
            // and the search undoes every mark it makes before it tries the next option.
            if left > 1 && dead_ends > usize::from(dead_end) {
                continue;
            }
            self.taken[next] |= ON_PATH;
            if left > 2 && !self.rest_connected(next, left - 1) {
                self.taken[next] &= !ON_PATH;
                continue;
            }
            self.path.push(next);
            if self.extend(next, tail, left - 1) {
                return true;
            }
            self.path.pop();
            self.taken[next] &= !ON_PATH;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{GameConfig, StepOutcome};

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
    fn round_the_square(game: &mut Game) -> StepOutcome {
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
            assert_eq!(round_the_square(&mut game), StepOutcome::Moved);
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
            let mut outcome = StepOutcome::Moved;
            while !game.is_over() {
                let direction = cycle.follow(&game).expect("the cycle holds");
                outcome = game.step(direction);
            }
            // Each food lies ahead on the cycle, at most a lap away.
            assert_eq!(outcome, StepOutcome::Won, "seed {seed}");
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
        let excluded = cycle.left_out().unwrap();
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
                let mut outcome = StepOutcome::Moved;
                let mut swaps = 0;
                while !game.is_over() {
                    let excluded = cycle.left_out();
                    let direction = cycle.follow(&game).expect("the cycle holds");
                    swaps += usize::from(cycle.left_out() != excluded);
                    outcome = game.step(direction);
                }
                let cells = (width * height) as u64;
                assert_eq!(outcome, StepOutcome::Won, "{width}×{height} seed {seed}");
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
mod indexed_search_tests {
    use super::*;
    use crate::snake::{Agent, GameConfig, ReclosingAgent};

    /// The depth-first search of [`ClosingCycle`] written plainly on `(x, y)` cells, with
    /// the board's and the snake's own tests for each neighbour: what the indexed search
    /// must match step for step.
    struct PlainSearch<'a> {
        game: &'a Game,
        on_path: Vec<bool>,
        path: Vec<Cell>,
        budget: u32,
        toward: Option<Cell>,
    }

    impl PlainSearch<'_> {
        fn open(&self, cell: Cell) -> bool {
            let board = self.game.board();
            board.is_free(cell)
                && !self.game.snake().occupied(cell)
                && !self.on_path[board.index(cell)]
        }

        fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> {
            let board = self.game.board();
            let (width, height) = (board.width(), board.height());
            Direction::ALL
                .into_iter()
                .filter_map(move |direction| direction.apply(cell, width, height))
        }

        /// Whether the `rest` open cells are one piece, through open cells, with `cell`
        /// beside it.
        fn rest_in_one_piece(&self, cell: Cell, rest: usize) -> bool {
            let board = self.game.board();
            let Some(start) = self.neighbours(cell).find(|&next| self.open(next)) else {
                return false;
            };
            let mut seen = vec![false; board.cells()];
            seen[board.index(start)] = true;
            let mut stack = vec![start];
            let mut reached = 1;
            while let Some(cell) = stack.pop() {
                for next in self.neighbours(cell) {
                    if self.open(next) && !seen[board.index(next)] {
                        seen[board.index(next)] = true;
                        reached += 1;
                        stack.push(next);
                    }
                }
            }
            reached == rest
        }

        fn extend(&mut self, from: Cell, tail: Cell, left: usize) -> bool {
            let board = self.game.board();
            if left == 0 {
                return beside(from, tail);
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let toward = self.toward.filter(|&cell| !self.on_path[board.index(cell)]);
            let mut options = Vec::new();
            for next in self.neighbours(from) {
                if !self.open(next) {
                    continue;
                }
                let onward = self.neighbours(next).filter(|&c| self.open(c)).count();
                let near_tail = u32::MAX - (next.0.abs_diff(tail.0) + next.1.abs_diff(tail.1));
                let away = toward.map_or(0, |c| c.0.abs_diff(next.0) + c.1.abs_diff(next.1));
                options.push(((away, onward as u8, near_tail), next));
            }
            options.sort_by_key(|&(key, _)| key);
            for &(_, next) in &options {
                self.on_path[board.index(next)] = true;
                let stranded = left > 1
                    && options.iter().any(|&(_, other)| {
                        let ways = self
                            .neighbours(other)
                            .filter(|&c| c == next || self.open(c))
                            .count();
                        other != next && (ways == 0 || (ways == 1 && !beside(other, tail)))
                    });
                if stranded || (left > 2 && !self.rest_in_one_piece(next, left - 1)) {
                    self.on_path[board.index(next)] = false;
                    continue;
                }
                self.path.push(next);
                if self.extend(next, tail, left - 1) {
                    return true;
                }
                self.path.pop();
                self.on_path[board.index(next)] = false;
            }
            false
        }
    }

    /// What one dive found: whether it closed, its path, and the cells it entered.
    type Dive = (bool, Vec<Cell>, u32);

    fn plain_dive(
        game: &Game,
        (start, goal): (Cell, Cell),
        excluded: Option<Cell>,
        toward: Option<Cell>,
        cap: u32,
    ) -> Dive {
        let board = game.board();
        let mut search = PlainSearch {
            game,
            on_path: vec![false; board.cells()],
            path: Vec::new(),
            budget: cap,
            toward,
        };
        if let Some(cell) = excluded {
            search.on_path[board.index(cell)] = true;
        }
        let empty = board.free_cells() - game.snake().len() - usize::from(excluded.is_some());
        let found = search.extend(start, goal, empty);
        (found, search.path, cap - search.budget)
    }

    fn indexed_dive(
        cycle: &mut ClosingCycle,
        game: &Game,
        (start, goal): (Cell, Cell),
        excluded: Option<Cell>,
        toward: Option<Cell>,
        cap: u32,
    ) -> Dive {
        let board = game.board();
        cycle.prepare(game);
        if let Some(cell) = excluded {
            cycle.taken[board.index(cell)] |= ON_PATH;
        }
        cycle.toward = toward.map(|cell| board.index(cell));
        cycle.path.clear();
        cycle.budget = cap;
        let empty = board.free_cells() - game.snake().len() - usize::from(excluded.is_some());
        let found = cycle.extend(board.index(start), board.index(goal), empty);
        let path = cycle.path.iter().map(|&index| board.cell(index)).collect();
        cycle.toward = None;
        (found, path, cap - cycle.budget)
    }

    /// Positions from games [`ReclosingAgent`] plays, from the move where half the board
    /// is full: each dive of the indexed search (both ends, a cell left out or none, a
    /// cell to head for or none, a cap that runs out and one that does not) finds the
    /// same path, or fails, after entering the same cells as the plain one. One search
    /// object serves all boards, so the neighbour table is rebuilt between shapes.
    #[test]
    fn the_indexed_search_takes_the_plain_searchs_steps() {
        let walled: Board = "........\n..#.....\n........\n.....#..\n........\n..#.....\n........"
            .parse()
            .unwrap();
        let configs = [
            GameConfig::new(7, 7).unwrap(),
            GameConfig::new(6, 8).unwrap(),
            GameConfig::new(5, 9).unwrap(),
            GameConfig::with_board(walled),
        ];
        let mut cycle = ClosingCycle::default();
        let (mut dives, mut closed, mut failed, mut ran_out, mut split) = (0, 0, 0, 0, 0);
        for config in configs {
            for seed in 0..3 {
                let mut game = Game::new(&config.clone().with_seed(seed)).unwrap();
                let mut agent = ReclosingAgent::new();
                let mut moves = 0;
                while !game.is_over() {
                    let board = game.board();
                    let snake = game.snake();
                    moves += 1;
                    if 2 * snake.len() >= board.free_cells() && moves % 3 == 0 {
                        // A left-out cell: the first empty one, as the odd boards need.
                        let excluded = (0..board.cells())
                            .map(|index| board.cell(index))
                            .find(|&cell| board.is_free(cell) && !snake.occupied(cell));
                        let ends = [(snake.head(), snake.tail()), (snake.tail(), snake.head())];
                        for ends in ends {
                            for excluded in [None, excluded] {
                                // The search dives only where the cells to visit are in
                                // one piece.
                                let start = PlainSearch {
                                    game: &game,
                                    on_path: (0..board.cells())
                                        .map(|index| Some(board.cell(index)) == excluded)
                                        .collect(),
                                    path: Vec::new(),
                                    budget: 0,
                                    toward: None,
                                };
                                let empty = board.free_cells()
                                    - snake.len()
                                    - usize::from(excluded.is_some());
                                if !start.rest_in_one_piece(ends.0, empty) {
                                    split += 1;
                                    continue;
                                }
                                for toward in [None, game.food()] {
                                    for cap in [12, 5_000] {
                                        let plain = plain_dive(&game, ends, excluded, toward, cap);
                                        let indexed = indexed_dive(
                                            &mut cycle, &game, ends, excluded, toward, cap,
                                        );
                                        assert_eq!(indexed, plain, "seed {seed} move {moves}");
                                        dives += 1;
                                        closed += usize::from(plain.0);
                                        failed += usize::from(!plain.0);
                                        ran_out += usize::from(plain.2 == cap);
                                    }
                                }
                            }
                        }
                    }
                    game.step(agent.next_move(&game));
                }
            }
        }
        // The positions reach every branch: paths found, dives that fail, caps spent.
        assert!(dives > 1_000 && split > 0, "{dives} dives, {split} split");
        assert!(
            closed > 50 && failed > 50 && ran_out > 50,
            "{closed} {failed} {ran_out}"
        );
    }
}

#[cfg(test)]
mod odd_board_tests {
    use super::*;
    use crate::snake::{GameConfig, StepOutcome};

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
                        let mut outcome = StepOutcome::Moved;
                        while !game.is_over() {
                            outcome = game.step(cycle.follow(&game).expect("the cycle holds"));
                        }
                        assert_eq!(
                            outcome,
                            StepOutcome::Won,
                            "{width}×{height} {head:?} {tail:?}"
                        );
                    }
                });
            }
            assert_eq!(closing, starts, "{width}×{height}");
        }
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;
    use crate::snake::Snake;

    /// A search on a 5×5 board with a snake of two in the corner and `cells` marked on
    /// its path; returns the search and the board.
    fn with_path(cells: &[Cell]) -> (ClosingCycle, Board) {
        let board = Board::new(5, 5).unwrap();
        let snake = Snake::new(5, 5, &[(0, 0), (1, 0)]);
        let mut cycle = ClosingCycle::default();
        cycle.prepare(&(&board, &snake));
        for &cell in cells {
            cycle.taken[board.index(cell)] |= ON_PATH;
        }
        (cycle, board)
    }

    /// A step whose empty neighbours are joined round the eight cells about it splits
    /// nothing, and is let through without a fill.
    #[test]
    fn a_step_with_its_neighbours_joined_round_it_needs_no_fill() {
        let (mut cycle, board) = with_path(&[(2, 2)]);
        assert!(cycle.rest_connected(board.index((2, 2)), 25 - 2 - 1));
        assert!(cycle.fill.is_empty(), "a fill ran");
    }

    /// A step into the one open cell of a wall across the board leaves its two sides apart;
    /// fills of each side count that side alone, whatever the queue held before. A step
    /// whose neighbours fall in two pieces round it but meet round an obstacle splits
    /// nothing, which a fill finds.
    #[test]
    fn a_step_through_a_gap_in_a_wall_splits_the_board() {
        // The column x = 2 on the path but for the gap (2, 2), now entered. Left of it
        // eight empty cells (the snake covers two), right of it ten.
        let (left, right) = (8, 10);
        let (mut cycle, board) = with_path(&[(2, 0), (2, 1), (2, 3), (2, 4), (2, 2)]);
        assert!(!cycle.rest_connected(board.index((2, 2)), left + right));
        assert!(!cycle.fill.is_empty(), "no fill ran");
        for (cell, expected) in [((0, 4), left), ((4, 4), right), ((1, 2), left)] {
            assert_eq!(
                cycle.reachable_from(board.index(cell)),
                expected,
                "{cell:?}"
            );
            assert!(cycle.taken.iter().all(|&mark| mark & FILLED == 0));
        }
        // One cell (2, 2) on the path and a step into (2, 1) above it: the neighbours left
        // of the step and above it are apart round it, and meet below (2, 2).
        let (mut cycle, board) = with_path(&[(2, 2), (2, 1)]);
        assert!(cycle.rest_connected(board.index((2, 1)), 25 - 2 - 2));
        assert!(!cycle.fill.is_empty(), "no fill ran");
    }
}

#[cfg(test)]
mod left_out_tests {
    use super::*;
    use crate::snake::Snake;

    /// On an odd board the left-out cell is an empty cell of the colour with one cell
    /// more, never the food, and among those the cells with the fewest empty neighbours
    /// are tried first: with the food on the corner (0, 0), the cycle leaves out the
    /// corner (4, 0) rather than (2, 0), which comes first in the board's order but has
    /// three empty neighbours.
    #[test]
    fn the_left_out_cell_is_an_empty_cell_of_the_larger_colour_fewest_neighbours_first() {
        let board = Board::new(5, 5).unwrap();
        let snake = Snake::new(5, 5, &[(2, 2), (2, 3)]);
        let mut cycle = ClosingCycle::default();
        assert!(cycle.close_position(&(&board, &snake), Some((0, 0)), 100_000));
        assert_eq!(cycle.left_out(), Some((4, 0)));
        // The body walls (2, 2) in on three sides, away from its head and its tail: no
        // path passes through it, so it is the only cell that can be left out. Counted
        // by the neighbours that are not walls it would come after every cell on the
        // board's edge, beyond the cells a search tries.
        let walled_in = Snake::new(
            5,
            5,
            &[(1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3)],
        );
        assert!(cycle.close_position(&(&board, &walled_in), Some((0, 0)), 100_000));
        assert_eq!(cycle.left_out(), Some((2, 2)));
        // Whatever the food and the body, the cell left out is empty, of the larger
        // colour and not the food.
        let mut closed = 0;
        for food in 0..board.cells() {
            let food = board.cell(food);
            if snake.occupied(food) {
                continue;
            }
            if cycle.close_position(&(&board, &snake), Some(food), 100_000) {
                closed += 1;
                let left_out = cycle.left_out().expect("an odd board leaves a cell out");
                assert!(
                    left_out != food && !snake.occupied(left_out) && colour(left_out),
                    "food {food:?}: left out {left_out:?}"
                );
            }
        }
        assert!(closed > 15, "{closed}");
    }
}

#[cfg(test)]
mod ways_tests {
    use super::*;
    use crate::snake::Snake;
    use chacha20::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    /// Whether a path runs from beside `from` through every cell of `open` to beside
    /// `tail`: every order of the cells tried, nothing pruned.
    fn any_path(board: &Board, open: &mut [bool], from: Cell, tail: Cell, left: usize) -> bool {
        if left == 0 {
            return beside(from, tail);
        }
        let mut found = false;
        board.neighbours(from, |_, next| {
            let index = board.index(next);
            if !found && open[index] {
                open[index] = false;
                found = any_path(board, open, next, tail, left - 1);
                open[index] = true;
            }
        });
        found
    }

    /// A random walk that never crosses itself, head first, from a cell chosen by `next`,
    /// grown until it has `length` cells or no free cell to go on to.
    fn random_body(
        board: &Board,
        length: usize,
        next: &mut impl FnMut(usize) -> usize,
    ) -> Vec<Cell> {
        let free: Vec<Cell> = (0..board.cells())
            .map(|index| board.cell(index))
            .filter(|&cell| board.is_free(cell))
            .collect();
        let mut body = vec![free[next(free.len())]];
        while body.len() < length {
            let mut ways = Vec::new();
            board.neighbours(body[body.len() - 1], |_, cell| {
                if !body.contains(&cell) {
                    ways.push(cell);
                }
            });
            if ways.is_empty() {
                break;
            }
            body.push(ways[next(ways.len())]);
        }
        body
    }

    /// Snakes on `board` from `tries` random walks, those that leave one to fourteen
    /// empty cells.
    fn small_snakes(
        board: &Board,
        tries: usize,
        next: &mut impl FnMut(usize) -> usize,
    ) -> Vec<Snake> {
        let free = board.free_cells();
        (0..tries)
            .filter_map(|_| {
                let length = free - 1 - next(14.min(free - 2));
                let body = random_body(board, length, next);
                (body.len() >= 2 && free - body.len() <= 14)
                    .then(|| Snake::new(board.width(), board.height(), &body))
            })
            .collect()
    }

    /// Whether each cell of `board` (by index) is free and not under `snake`.
    fn open_cells(board: &Board, snake: &Snake) -> Vec<bool> {
        (0..board.cells())
            .map(|index| board.is_free(board.cell(index)) && !snake.occupied_index(index))
            .collect()
    }

    /// The count of ways as documented, on `(x, y)` cells: each empty cell with fewer than
    /// two empty neighbours must be beside the head or the tail and is an end; at most
    /// two ends, one that must start the path and one that must end it. Returns the
    /// answer and which clause said no (0: none, 1: a cell with no way, 2: three ends,
    /// 3: two firsts, 4: two lasts).
    fn plain_ways(board: &Board, snake: &Snake, empty: usize) -> (bool, usize) {
        if empty == 1 {
            return (true, 0);
        }
        let (head, tail) = (snake.head(), snake.tail());
        let open = |cell: Cell| board.is_free(cell) && !snake.occupied(cell);
        let (mut ends, mut firsts, mut lasts) = (0, 0, 0);
        for index in 0..board.cells() {
            let cell = board.cell(index);
            if !open(cell) {
                continue;
            }
            let mut ways = 0;
            board.neighbours(cell, |_, next| ways += usize::from(open(next)));
            if ways >= 2 {
                continue;
            }
            let (by_head, by_tail) = (beside(cell, head), beside(cell, tail));
            if ways == 0 || !(by_head || by_tail) {
                return (false, 1);
            }
            ends += 1;
            firsts += usize::from(!by_tail);
            lasts += usize::from(!by_head);
        }
        match (ends > 2, firsts > 1, lasts > 1) {
            (true, ..) => (false, 2),
            (_, true, _) => (false, 3),
            (.., true) => (false, 4),
            _ => (true, 0),
        }
    }

    /// Random bodies on small boards, with up to fourteen empty cells in one piece: the
    /// count of ways answers as documented, and where it says no path can run from the
    /// head through them all to the tail, an exhaustive search finds none and the closing
    /// search enters no cell. Both answers occur, each clause says no somewhere, and so do
    /// one empty cell and paths that must start or end at a cell with one empty neighbour.
    #[test]
    fn where_the_count_of_ways_says_no_no_path_exists() {
        let walled: Board = "....\n.#..\n....\n....\n....\n....".parse().unwrap();
        let boards = [
            Board::new(4, 4).unwrap(),
            Board::new(5, 4).unwrap(),
            Board::new(5, 5).unwrap(),
            Board::new(6, 4).unwrap(),
            walled,
        ];
        // The game's own seeded generator: the same bodies on every run.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut next = |bound: usize| (rng.next_u64() % bound as u64) as usize;
        let mut cycle = ClosingCycle::default();
        let (mut turned_down, mut paths, mut single, mut forced_end) = (0, 0, 0, 0);
        let mut by_clause = [0; 5];
        for board in &boards {
            let free = board.free_cells();
            for snake in small_snakes(board, 12_000, &mut next) {
                let body: Vec<Cell> = snake.body().collect();
                let empty = free - body.len();
                cycle.prepare(&(board, &snake));
                if !cycle.empty_cells_connected(empty) {
                    continue;
                }
                let (head, tail) = (snake.head(), snake.tail());
                let allowed = cycle.ways_allow_a_path(board.index(head), board.index(tail), empty);
                let (expected, clause) = plain_ways(board, &snake, empty);
                assert_eq!(allowed, expected, "{board:?} {body:?}");
                by_clause[clause] += 1;
                if !allowed && free % 2 == 0 {
                    assert!(!cycle.close_position(&(board, &snake), None, 10_000));
                    assert_eq!(cycle.entered, 0, "{board:?} {body:?}");
                }
                let mut open = open_cells(board, &snake);
                let exists = any_path(board, &mut open, head, tail, empty);
                assert!(allowed || !exists, "a path exists\n{board:?} {body:?}");
                turned_down += usize::from(!allowed);
                paths += usize::from(exists);
                single += usize::from(exists && empty == 1);
                let one_way = (0..board.cells()).any(|index| {
                    open[index] && {
                        let mut ways = 0;
                        board.neighbours(board.cell(index), |_, cell| {
                            ways += usize::from(open[board.index(cell)]);
                        });
                        ways == 1
                    }
                });
                forced_end += usize::from(exists && empty > 1 && one_way);
            }
        }
        assert!(
            turned_down > 2_000 && paths > 1_000 && single > 20 && forced_end > 600,
            "{turned_down} turned down, {paths} paths, {single} single, {forced_end} forced ends"
        );
        assert!(by_clause.iter().all(|&count| count > 15), "{by_clause:?}");
    }

    /// Every cut of the closing search is exact: given no cap, on boards with an even
    /// number of free cells (where it leaves no cell out), it finds a cycle round random
    /// bodies exactly where an exhaustive search finds a path from beside the head through
    /// every empty cell to beside the tail. The sample includes bodies that leave the empty
    /// cells in one piece and bodies that split them, with and without a path.
    #[test]
    fn with_no_cap_the_search_finds_a_path_exactly_where_one_exists() {
        let walled: Board = "....\n.#..\n....\n....\n..#.\n....".parse().unwrap();
        let boards = [
            Board::new(4, 4).unwrap(),
            Board::new(5, 4).unwrap(),
            Board::new(6, 4).unwrap(),
            walled,
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut next = |bound: usize| (rng.next_u64() % bound as u64) as usize;
        let mut cycle = ClosingCycle::default();
        // [split or in one piece][no path or a path]
        let mut seen = [[0; 2]; 2];
        for board in &boards {
            let free = board.free_cells();
            assert_eq!(free % 2, 0);
            for snake in small_snakes(board, 6_000, &mut next) {
                let empty = free - snake.len();
                let found = cycle.close_position(&(board, &snake), None, u32::MAX);
                let mut open = open_cells(board, &snake);
                let exists = any_path(board, &mut open, snake.head(), snake.tail(), empty);
                assert_eq!(found, exists, "{board:?} {snake:?}");
                cycle.prepare(&(board, &snake));
                let whole = cycle.empty_cells_connected(empty);
                seen[usize::from(whole)][usize::from(exists)] += 1;
            }
        }
        assert!(
            seen[0][0] > 100 && seen[1][0] > 100 && seen[1][1] > 100,
            "{seen:?}"
        );
    }
}
