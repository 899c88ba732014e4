//! [`ReclosingRule`]: follows a Hamiltonian cycle through the body, and goes for the food
//! by the shortest path whenever such a cycle can be closed round the snake it would
//! leave. [`ReclosingAgent`](crate::snake::ReclosingAgent) plays it, and the look-ahead
//! agents hand their endgames to it.

use super::clock::MoveClock;
use crate::snake::beside;
use crate::snake::cycle::ClosingCycle;
use crate::snake::{AgentStats, Board, Cell, Direction, Game, Snake};
use crate::stamped::Stamped;

mod checks;

use checks::Checks;

/// The reclosing rule: follows a cycle through the body and every empty cell, and takes
/// the shortest path to the food whenever a cycle closes round the body it leaves after
/// the meal ([`ReclosingAgent`](crate::snake::ReclosingAgent) states the rule in full,
/// its guarantee and its cost). It plays no move where no cycle closes round the snake:
/// the agent that holds it decides what plays then.
#[derive(Debug, Default)]
pub(in crate::snake::agents) struct ReclosingRule {
    /// The cycle followed.
    tour: Tour,
    /// The closing search, and the cycle it found for the committed path's end position.
    closing: ClosingCycle,
    /// The committed path to the food (the head's next cell first), and how far along.
    plan: Vec<Cell>,
    planned: usize,
    /// The look-ahead snake.
    look: Option<Snake>,
    search: Search,
    /// Moves left before the checks run again after they all failed.
    quiet: u32,
    pub(in crate::snake::agents) stats: AgentStats,
    /// Which shortcuts are checked, and how often.
    checks: Checks,
    /// The last bodies after a meal round which no cycle closed.
    failed: FailedBodies,
    /// The position the last move leads to, where that move went along the cycle from a
    /// body in order on it: the body there is in order too, so it need not be walked.
    on_cycle: Option<PositionMark>,
    /// Tells a new game.
    clock: MoveClock,
}

/// A position, told apart from the positions of the same game by its step, head, tail
/// and length: the agent's own next position once it knows the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionMark {
    steps: u64,
    head: Cell,
    tail: Cell,
    length: usize,
}

impl PositionMark {
    fn of(game: &Game) -> Self {
        let snake = game.snake();
        PositionMark {
            steps: game.steps(),
            head: snake.head(),
            tail: snake.tail(),
            length: snake.len(),
        }
    }

    /// The position after the head moves to `next`.
    fn after(game: &Game, next: Cell) -> Self {
        let snake = game.snake();
        let eats = game.food() == Some(next);
        let tail = if eats {
            snake.tail()
        } else {
            // The cell before the tail, or the head itself for a snake of one.
            snake
                .len()
                .checked_sub(2)
                .and_then(|before_tail| snake.segment(before_tail))
                .unwrap_or(next)
        };
        PositionMark {
            steps: game.steps() + 1,
            head: next,
            tail,
            length: snake.len() + usize::from(eats),
        }
    }
}

/// How many bodies after a meal round which no cycle closed the agent remembers. The
/// checks of one move often end in a body checked a move or two before: the shortest path
/// found again after a quiet move, or the path after another first move that rejoins the
/// first one, end in the same cells once the path is longer than the snake. The closing
/// search's answer depends on the body and the board alone (its budget on the number of
/// empty cells), so a remembered failure is the answer a new search would give.
/// Repeated failures are common (about half the checks on an odd board), four slots
/// catch nearly all that sixteen do, and a success never repeats: a check that passes
/// commits the snake to its path.
const FAILED_BODIES: usize = 4;

/// The last [`FAILED_BODIES`] bodies (board indices, head first) round which no cycle
/// closed, on the board they were checked on.
#[derive(Clone, Debug, Default)]
struct FailedBodies {
    board: Option<Board>,
    bodies: [Vec<u32>; FAILED_BODIES],
    /// The slot the next failure overwrites.
    next: usize,
    /// The body last looked up.
    key: Vec<u32>,
}

impl FailedBodies {
    /// Whether `snake`'s body on `board` is one of the remembered failures; keeps it as
    /// the body [`insert`](Self::insert) remembers. A new board forgets every body.
    fn contains(&mut self, board: &Board, snake: &Snake) -> bool {
        if self.board.as_ref() != Some(board) {
            self.board = Some(board.clone());
            self.bodies.iter_mut().for_each(Vec::clear);
        }
        self.key.clear();
        self.key
            .extend(snake.body().map(|cell| board.index(cell) as u32));
        self.bodies.contains(&self.key)
    }

    /// Remembers the body last looked up, in place of the oldest.
    fn insert(&mut self) {
        let slot = &mut self.bodies[self.next];
        slot.clear();
        slot.extend_from_slice(&self.key);
        self.next = (self.next + 1) % FAILED_BODIES;
    }
}

/// "No place": a cell off the cycle.
const NONE: u32 = u32::MAX;

/// The cycle the agent follows, by board index: each cell's successor and place.
#[derive(Debug, Default)]
struct Tour {
    next: Vec<u32>,
    place: Vec<u32>,
    len: u32,
    /// The free cell the cycle leaves out on a board with an odd number of free cells.
    excluded: Option<u32>,
    active: bool,
}

impl Tour {
    /// Takes the cycle `closing` found, numbering places from `start`.
    fn load(&mut self, board: &Board, closing: &ClosingCycle, start: Cell) {
        self.next.resize(board.cells(), NONE);
        let mut cell = start;
        loop {
            let next = closing.successor(board, cell);
            self.next[board.index(cell)] = board.index(next) as u32;
            cell = next;
            if cell == start {
                break;
            }
        }
        self.excluded = closing.left_out().map(|cell| board.index(cell) as u32);
        self.number(board.index(start) as u32);
        self.active = true;
    }

    /// Numbers the places along the cycle from `start`.
    fn number(&mut self, start: u32) {
        self.place.clear();
        self.place.resize(self.next.len(), NONE);
        let mut cell = start;
        let mut place = 0;
        loop {
            self.place[cell as usize] = place;
            place += 1;
            cell = self.next[cell as usize];
            if cell == start {
                break;
            }
        }
        self.len = place;
    }

    /// The place of `cell` counted from the place `origin`.
    #[inline]
    fn relative(&self, cell: usize, origin: u32) -> u32 {
        let place = self.place[cell];
        if place >= origin {
            place - origin
        } else {
            place + self.len - origin
        }
    }

    /// Whether the body lies on the cycle in order from tail to head (gaps allowed), so
    /// that every cell after the head up to the tail is empty.
    fn holds(&self, board: &Board, snake: &Snake) -> bool {
        if !self.active {
            return false;
        }
        let origin = self.place[board.index(snake.tail())];
        if origin == NONE {
            return false;
        }
        let mut above = 0;
        for cell in snake.body().rev().skip(1) {
            let index = board.index(cell);
            if self.place[index] == NONE {
                return false;
            }
            let place = self.relative(index, origin);
            if place <= above {
                return false;
            }
            above = place;
        }
        true
    }
}

/// A breadth-first search over board indices that keeps its memory between calls.
#[derive(Debug, Default)]
struct Search {
    parent: Vec<u32>,
    /// Moves from the start of the cells this search has reached.
    distance: Stamped<u32>,
    queue: Vec<u32>,
}

impl Search {
    /// Searches from `start` to `goal`, entering a neighbour `next` of `from` at move
    /// `moves` when `admit(from, next, moves)`; on success writes the path (the start's
    /// next cell first) to `path`.
    fn run(
        &mut self,
        board: &Board,
        start: usize,
        goal: usize,
        path: &mut Vec<Cell>,
        admit: impl Fn(usize, usize, u32) -> bool,
        closeness: impl Fn(usize) -> u32,
    ) -> bool {
        if self.parent.len() < board.cells() {
            self.parent.resize(board.cells(), 0);
        }
        self.distance.clear(board.cells());
        self.queue.clear();
        self.queue.push(start as u32);
        self.distance.set(start, 0);
        let (mut front, mut moves, mut layer_end) = (0, 0u32, 0);
        let mut found = false;
        while front < self.queue.len() && !found {
            if front == layer_end {
                moves += 1;
                layer_end = self.queue.len();
            }
            let cell = self.queue[front] as usize;
            front += 1;
            board.neighbours(board.cell(cell), |_, next| {
                let index = board.index(next);
                if !found && !self.distance.contains(index) && admit(cell, index, moves) {
                    self.distance.set(index, moves);
                    self.parent[index] = cell as u32;
                    self.queue.push(index as u32);
                    found = index == goal;
                }
            });
        }
        if !found {
            return false;
        }
        // Among the shortest paths, walk back through the cells that lie closest against
        // walls and body: a body laid along them leaves the empty cells in one piece.
        path.clear();
        let mut cell = goal;
        while cell != start {
            path.push(board.cell(cell));
            let moves = self.distance.get(cell).unwrap_or_default();
            let mut best = (self.parent[cell] as usize, 0);
            board.neighbours(board.cell(cell), |_, before| {
                let index = board.index(before);
                if self
                    .distance
                    .get(index)
                    .is_some_and(|before| before + 1 == moves)
                    && admit(index, cell, moves)
                {
                    let close = closeness(index) + 1;
                    if close > best.1 {
                        best = (index, close);
                    }
                }
            });
            cell = best.0;
        }
        path.reverse();
        true
    }
}

impl ReclosingRule {
    /// Forgets the game.
    fn reset(&mut self) {
        self.tour.active = false;
        self.plan.clear();
        self.planned = 0;
        self.quiet = 0;
        self.on_cycle = None;
    }

    /// Takes the cycle `closing` has just found round the body of `game` as the one it
    /// follows, and from then on checks only the shortest timed path to the food (step 1
    /// of the rule), every [`Checks::Adopted`] allows: the look-ahead agents hand
    /// the rest of a game over this way, and a shortcut checked this seldom costs them
    /// little time per move.
    pub(in crate::snake::agents) fn adopt(&mut self, game: &Game, closing: &ClosingCycle) {
        self.reset();
        self.checks = Checks::Adopted;
        self.tour.load(game.board(), closing, game.snake().head());
    }

    /// The rule's move while the body lies on the cycle held or on a committed path;
    /// `None` otherwise, where [`next_move`](Agent::next_move) would close a new cycle or
    /// play the look-ahead.
    pub(in crate::snake::agents) fn move_on_cycle(&mut self, game: &Game) -> Option<Direction> {
        if self.plan.is_empty()
            && !self.marked(game)
            && !self.tour.holds(game.board(), game.snake())
        {
            return None;
        }
        let head = game.snake().head();
        self.decide(game)
            .and_then(|next| Direction::between(head, next))
            .filter(|&direction| game.death_of(direction).is_none())
    }

    /// Whether `game` is at the position the agent's last move along its cycle led to, so
    /// that its body lies in order on the cycle without a walk.
    fn marked(&self, game: &Game) -> bool {
        self.on_cycle == Some(PositionMark::of(game))
    }

    /// Whether the body lies in order on the cycle the agent holds.
    #[cfg(test)]
    pub(in crate::snake::agents) fn holds_its_cycle(&self, game: &Game) -> bool {
        self.tour.holds(game.board(), game.snake())
    }

    /// The closing search's cap for `empty` empty cells.
    fn cap(&self, empty: usize) -> u32 {
        let (per_cell, base) = self.checks.close_cap();
        u32::try_from(empty)
            .unwrap_or(u32::MAX)
            .saturating_mul(per_cell)
            .saturating_add(base)
    }

    /// The next cell of the committed path, if the snake is on it; on the move that eats,
    /// takes the end position's cycle.
    fn planned_move(&mut self, game: &Game) -> Option<Cell> {
        let head = game.snake().head();
        let on_path = self
            .planned
            .checked_sub(1)
            .is_none_or(|i| self.plan.get(i) == Some(&head));
        let next = self.plan.get(self.planned).copied().filter(|_| on_path);
        match next {
            Some(next) => {
                self.planned += 1;
                self.quiet = 0;
                if self.planned == self.plan.len() {
                    self.tour.load(game.board(), &self.closing, next);
                    self.plan.clear();
                    self.planned = 0;
                }
                Some(next)
            }
            None => {
                self.plan.clear();
                self.planned = 0;
                None
            }
        }
    }

    /// Whether a cycle closes round the snake that has followed `self.plan` and eaten at
    /// its end; leaves that cycle in `self.closing`. A body round which the search failed
    /// a few checks before is answered without a search.
    fn closes_after_plan(&mut self, game: &Game) -> bool {
        let board = game.board();
        // The snake after the meal is one cell longer.
        let cap = self.cap((board.free_cells() - game.snake().len()).saturating_sub(1));
        let look = self.look.get_or_insert_with(|| game.snake().clone());
        look.clone_from(game.snake());
        let last = self.plan.len() - 1;
        for (i, &cell) in self.plan.iter().enumerate() {
            look.advance(cell, i == last);
        }
        if self.failed.contains(board, look) {
            return false;
        }
        let found = self.closing.close_position(&(board, &*look), None, cap);
        self.stats.searches += 1;
        self.stats.expanded += self.closing.entered;
        if !found {
            self.failed.insert();
        }
        found
    }

    /// Closes a cycle round the snake as it stands and follows it; `false` if none is
    /// found.
    fn close_now(&mut self, game: &Game) -> bool {
        let cap = self.cap(game.board().free_cells() - game.snake().len());
        let found = self.closing.close(game, cap);
        self.stats.searches += 1;
        self.stats.expanded += self.closing.entered;
        if found {
            self.tour
                .load(game.board(), &self.closing, game.snake().head());
        }
        found
    }

    fn decide(&mut self, game: &Game) -> Option<Cell> {
        let known = self.marked(game);
        self.on_cycle = None;
        debug_assert!(!known || self.tour.holds(game.board(), game.snake()));
        let (next, along) = self.decide_from(game, known);
        if along {
            self.on_cycle = next.map(|next| PositionMark::after(game, next));
        }
        next
    }

    /// The move, and whether it goes along the cycle from a body in order on it; `known`
    /// if the body is known to be in order.
    fn decide_from(&mut self, game: &Game, known: bool) -> (Option<Cell>, bool) {
        if let Some(next) = self.planned_move(game) {
            return (Some(next), false);
        }
        let board = game.board();
        let snake = game.snake();
        // Whether the body lies in order on the cycle held, asked at most once a move.
        let mut holds = known.then_some(true);
        let checking =
            self.quiet == 0 || !*holds.get_or_insert_with(|| self.tour.holds(board, snake));
        if checking {
            self.quiet = self.checks.quiet_moves();
        } else {
            self.quiet -= 1;
        }
        if let Some(food) = game.food().filter(|_| checking) {
            let head = board.index(snake.head());
            let goal = board.index(food);
            let found = self.search.run(
                board,
                head,
                goal,
                &mut self.plan,
                |_, next, moves| snake.moves_until_free_index(next) <= moves,
                |cell| closeness(board, snake, cell),
            );
            self.stats.searches += 1;
            if found && self.closes_after_plan(game) {
                self.planned = 0;
                return (self.planned_move(game), false);
            }
            self.plan.clear();
        }
        if !holds.unwrap_or_else(|| self.tour.holds(board, snake)) && !self.close_now(game) {
            return (None, false);
        }
        let tour = &mut self.tour;
        let head = board.index(snake.head());
        let along = tour.next[head] as usize;
        let Some(food) = game.food().map(|food| board.index(food)) else {
            return (Some(board.cell(along)), true);
        };
        if tour.excluded == Some(food as u32) {
            // Turn into the left-out cell round its corner: it becomes part of the cycle
            // and the corner cell is left out instead.
            let corner = tour.next[along] as usize;
            if beside(board.cell(head), board.cell(food))
                && beside(board.cell(corner), board.cell(food))
            {
                tour.next[head] = food as u32;
                tour.next[food] = corner as u32;
                tour.excluded = Some(along as u32);
                tour.number(head as u32);
                return (Some(board.cell(food)), false);
            }
            return (Some(board.cell(along)), true);
        }
        if !checking || self.checks == Checks::Adopted {
            return (Some(board.cell(along)), true);
        }
        // The shortest path to the food whose places rise at every step keeps the body in
        // cycle order.
        let origin = tour.place[board.index(snake.tail())];
        let limit = tour.relative(food, origin);
        let tour = &self.tour;
        let found = self.search.run(
            board,
            head,
            food,
            &mut self.plan,
            |from, next, _| {
                tour.place[next] != NONE
                    && tour.relative(next, origin) > tour.relative(from, origin)
                    && tour.relative(next, origin) <= limit
            },
            |cell| closeness(board, snake, cell),
        );
        self.stats.searches += 1;
        if found && self.plan[0] != board.cell(along) && self.closes_after_plan(game) {
            self.planned = 0;
            return (self.planned_move(game), false);
        }
        self.plan.clear();
        // Last, a path that begins with another move: each way out of the head leaves
        // the body in another shape.
        if let Some(next) = self.other_first_moves(game, food) {
            return (Some(next), false);
        }
        // Last, a new cycle round the body as it stands, its path heading for the food
        // first, kept if it reaches the food sooner than the one held.
        let origin = self.tour.place[board.index(snake.tail())];
        let ahead = self.tour.relative(food, origin) - self.tour.relative(head, origin);
        let cap = self.cap(board.free_cells() - snake.len());
        let found = self.closing.close_toward(game, board.cell(food), cap);
        self.stats.searches += 1;
        self.stats.expanded += self.closing.entered;
        if found {
            let mut cell = snake.head();
            let mut steps = 0;
            while cell != board.cell(food) && steps < ahead {
                cell = self.closing.successor(board, cell);
                steps += 1;
            }
            if steps < ahead {
                self.tour.load(board, &self.closing, snake.head());
                return (Some(board.cell(self.tour.next[head] as usize)), true);
            }
        }
        (Some(board.cell(along)), true)
    }

    /// The shortest timed paths to `food` that begin with each move the head can make,
    /// checked as the first candidate is.
    fn other_first_moves(&mut self, game: &Game, food: usize) -> Option<Cell> {
        let board = game.board();
        let snake = game.snake();
        let head = snake.head();
        let mut firsts = [None; 4];
        let mut count = 0;
        board.neighbours(head, |_, next| {
            if snake.moves_until_free_index(board.index(next)) <= 1 {
                firsts[count] = Some(next);
                count += 1;
            }
        });
        for first in firsts.into_iter().flatten() {
            let start = board.index(first);
            let found = start == food
                || self.search.run(
                    board,
                    start,
                    food,
                    &mut self.plan,
                    |_, next, moves| {
                        next != board.index(head) && snake.moves_until_free_index(next) <= moves + 1
                    },
                    |cell| closeness(board, snake, cell),
                );
            if !found {
                continue;
            }
            if start == food {
                self.plan.clear();
            }
            self.plan.insert(0, first);
            self.stats.searches += 1;
            if self.closes_after_plan(game) {
                self.planned = 0;
                return self.planned_move(game);
            }
        }
        self.plan.clear();
        None
    }
}

/// How many of the cell's four sides face a wall, the board's edge or the body.
fn closeness(board: &Board, snake: &Snake, cell: usize) -> u32 {
    let mut open = 0;
    board.neighbours(board.cell(cell), |_, next| {
        open += u32::from(!snake.occupied_index(board.index(next)));
    });
    4 - open
}

impl ReclosingRule {
    /// The rule's move, or `None` where no cycle closes round the snake (the rule then
    /// forgets its cycle and tries to close one again at the next move).
    pub(in crate::snake::agents) fn play(&mut self, game: &Game) -> Option<Direction> {
        self.clock.tick(game);
        if self.clock.new_game() {
            self.reset();
        }
        self.stats.moves += 1;
        let head = game.snake().head();
        if let Some(direction) = self
            .decide(game)
            .and_then(|next| Direction::between(head, next))
        {
            if game.death_of(direction).is_none() {
                return Some(direction);
            }
        }
        self.reset();
        None
    }
}

#[cfg(test)]
mod tests;
