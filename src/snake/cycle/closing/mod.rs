//! [`ClosingCycle`]: a Hamiltonian path from the snake's head through every empty cell to
//! its tail, which closes the body into a cycle the snake can follow to a full board.
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
//! elsewhere. Without that cut most early dives spend their whole cap, many of them
//! where a path exists; with it, the agent takes fewer steps on odd and walled boards.
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

use crate::snake::{beside, manhattan, Board, Cell, Direction, Game, Position};

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
pub(crate) struct ClosingCycle {
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
    pub(crate) entered: u64,
    /// The flood fills' queue.
    fill: Vec<usize>,
}

impl ClosingCycle {
    /// The cell after `cell` on the cycle found last; meaningful after a successful
    /// [`close`](Self::close) and for cells on that cycle.
    pub(crate) fn successor(&self, board: &Board, cell: Cell) -> Cell {
        self.next[board.index(cell)]
    }

    /// The free cell the cycle found last leaves out, if the board has an odd number of
    /// free cells.
    pub(crate) fn left_out(&self) -> Option<Cell> {
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
    pub(crate) fn follow(&mut self, game: &Game) -> Option<Direction> {
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
    /// out. Ordered so, `ReclosingAgent` takes fewer steps on odd boards than with the
    /// cells ordered by their neighbours that are not walls.
    pub(crate) fn close(&mut self, game: &Game, cap: u32) -> bool {
        self.close_position(game, game.food(), cap)
    }

    /// [`close`](Self::close) for any position, `food` the cell a left-out cell must not
    /// be (if any).
    pub(crate) fn close_position<P: Position>(
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
    pub(crate) fn close_toward(&mut self, game: &Game, toward: Cell, cap: u32) -> bool {
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
        // `ReclosingAgent`'s searches for a new cycle round the body enter about a third
        // fewer cells, and its mean steps barely change.
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
    /// On the agents' own checks it settles a quarter to two fifths of the cells failing
    /// searches would enter.
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
        let tail_cell = self.cell_of[tail];
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
            let cell = self.cell_of[next];
            // Ties go to the cell farther from the tail, where the path must end.
            let near_tail = u32::MAX - manhattan(cell, tail_cell);
            let away = toward.map_or(0, |toward| manhattan(toward, cell));
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

/// The cell's colour on a chessboard: `true` where `x + y` is even.
fn colour(cell: Cell) -> bool {
    (cell.0 + cell.1) % 2 == 0
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod indexed_search_tests;

#[cfg(test)]
mod odd_board_tests;

#[cfg(test)]
mod split_tests;

#[cfg(test)]
mod left_out_tests;

#[cfg(test)]
mod ways_tests;
