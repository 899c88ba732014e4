//! [`ReclosingAgent`]: goes for the food by the shortest path whenever a Hamiltonian cycle
//! can be closed round the snake it would leave, and follows such a cycle otherwise. The
//! rule, why it never dies, and its cost are on the type.

use super::progress::ClosingCycle;
use crate::snake::{Agent, AgentStats, Board, Cell, Direction, Game, SafeAgent, Snake};

/// Cells the closing search may enter per empty cell, plus a base, in the checks of the
/// full rule: a search that needs more gives up, and the snake keeps to its cycle this
/// move. Most searches that give up have no path at all, so a cap of one cell per empty
/// cell costs few shortcuts: `best` over 100 games from length 3 on each of seeds 1 to 3,
/// mean steps with 2 per cell and 64 against 1 per cell and 16, 9×9 853.7 and 850.7,
/// 11×11 1,673.4 and 1,697.9, 13×13 2,982.9 and 2,990.0, 9×12 1,175.9 and 1,193.7, while
/// the instructions of five games on 9×12 (seed 12) fell by 16%.
const CLOSE_CAP_PER_CELL: u32 = 1;
const CLOSE_CAP_BASE: u32 = 16;

/// The same for the lean rule of a cycle taken over from the look-ahead agents
/// ([`adopt`](ReclosingAgent::adopt)), which checks one move in [`LEAN_QUIET_MOVES`] + 1
/// and so affords longer searches: `SafeAgent` on 20×20 (100 games, seed 1, start length
/// 3) took 14,975 mean steps with 2 per cell and 64 and 15,374 with 1 per cell and 16.
const LEAN_CLOSE_CAP_PER_CELL: u32 = 2;
const LEAN_CLOSE_CAP_BASE: u32 = 64;

/// Moves along the cycle without checking any path, after a move whose checks all failed:
/// the next position differs by one step and seldom passes where this one did not.
/// Measured (20 games, seed 5, start length 3, one thread), mean steps and µs per move for
/// 0, 1, 3 and 7 quiet moves: 13×13 3,271 / 96, 3,287 / 55, 3,552 / 32, 3,423 / 42; the
/// 10×10 with four pillars 1,058 / 33, 1,090 / 20, 1,156 / 12, 1,218 / 20; 9×12 1,268 / 30,
/// 1,257 / 19, 1,266 / 11, 1,365 / 20.
const QUIET_MOVES: u32 = 1;

/// Quiet moves of an agent that took over a cycle from the look-ahead agents
/// ([`adopt`](ReclosingAgent::adopt)), which checks only the shortest timed path to the
/// food. Measured for `SafeAgent` on 20×20 (20 games, seed 1, start length 3, one
/// thread), mean steps and µs per move: all checks and 3 quiet moves 15,390 / 11.2;
/// shortest paths and ordered shortcuts, 3 quiet moves 16,314 / 5.4; shortest paths alone,
/// 3 quiet moves 16,889 / 4.6; 7 quiet moves 17,510 / 3.6 (the look-ahead rule to the end:
/// 18,399 / 3.9).
const LEAN_QUIET_MOVES: u32 = 7;

/// Goes for the food by the shortest path whenever, after eating there, a Hamiltonian cycle
/// runs through the snake's body and every empty cell; follows such a cycle otherwise.
///
/// # The rule
///
/// The agent always holds a cycle through its body: a closed path over every free cell
/// on which the body lies in order from tail to head. Following the cycle can never die:
/// the cell after the head is empty or the tail's, and every food lies ahead within a
/// lap. Each move that is not already on its way to the food:
///
/// 1. it finds the shortest path to the food on which every cell is free when the head
///    gets there (a body cell `k` moves from the tail is free after `k` moves), among
///    those the one that runs closest along walls and body (ties broken cell by cell,
///    walking back from the food), moves a look-ahead snake along it, and searches for a
///    path from the look-ahead head through every empty cell to a neighbour of its tail:
///    a cycle through the body it would have after eating. If there is one, the agent
///    commits to the path and, on eating, takes that cycle as its own;
/// 2. else it does the same for the shortest path whose places along its own cycle rise
///    at every step (the shortcut rule of
///    [`HamiltonianAgent`](crate::snake::HamiltonianAgent));
/// 3. else it checks the shortest timed path that begins with each other move of the
///    head (each way out of the head leaves the body in another shape);
/// 4. else it closes a new cycle round the body as it stands, by a search that heads for
///    the food before it fills the rest, and follows it if the food lies nearer along it
///    than along the cycle held;
/// 5. else it moves one cell along its cycle, and one more before it checks again
///    (one quiet move cost 3% more steps on the pillars level and saved 40% of the time).
///
/// Step 3 saves 2 to 3% of the steps (20 games, seed 5: 9×12 1,315 to 1,276 mean steps,
/// the 10×10 with four pillars 1,143 to 1,125) at up to twice the time per move; step 4
/// another 6% on the pillars (1,058) and 4% on 20×20 (10 games: 15,454 to 14,789).
///
/// The safety condition is exact (the body after the meal lies on some Hamiltonian cycle,
/// of any shape), more permissive than keeping one fixed cycle's order or one tree of 2×2
/// blocks ([`BlockTreeAgent`](crate::snake::BlockTreeAgent)), and it holds with walls and
/// on boards of any side. A closing search that gives up only costs this move's shortcut,
/// never the snake. Taking the ordered shortcuts of step 2 without the check, as
/// [`HamiltonianAgent`](crate::snake::HamiltonianAgent) does, leaves holes behind the head
/// that cost a lap each later (20×20: twice the steps).
///
/// This is the "take a shortcut only while a Hamiltonian cycle still exists" idea of
/// twanvl/snake (<https://github.com/twanvl/snake>), there tested on a tree of 2×2 blocks
/// and here by a depth-first search over the empty cells (Warnsdorff's order; H. C. von
/// Warnsdorf, 1823).
///
/// # Odd boards
///
/// On a board with an odd number of free cells no cycle covers them all, since a cycle on
/// a grid alternates the two chessboard colours. The cycle then leaves out one empty cell
/// `s` of the colour with one cell more, and only an `s` round whose 2×2 square the cycle
/// turns a corner: `a -> o -> b` with `a` and `b` beside `s`. Food on `s` is eaten by
/// turning from `a` into `s` and on to `b`; the cycle then runs `a -> s -> b` and leaves
/// `o` out, again with a corner round it. So the food is never out of reach, the last one
/// included (one cell short of a full board the body fills the cycle and the food lies on
/// `s`), and every game from a starting body round which such a cycle closes is won.
/// Where the free cells' colours differ by more than one, no path visits every free cell,
/// so no game can fill the board.
///
/// # Invariant
///
/// After every move the body lies in order on the cycle the agent holds, or the agent is
/// on a committed path whose end position has one: a move is taken only along the cycle,
/// along an ordered shortcut of it, or along a committed path, each checked before. Where
/// no cycle closes round the snake (the colours of the free cells differ by more than
/// one, the walls cut the board, or the closing search gives up on the starting body), the
/// agent plays [`SafeAgent`]'s look-ahead that move, which carries no guarantee, and tries
/// to close a cycle again at the next.
///
/// # Complexity
///
/// Per move off a committed path: up to six breadth-first searches over the `n` free
/// cells, each followed by an `O(length)` walk of the look-ahead snake and a closing
/// search, and one more closing search from the position as it stands; each closing
/// search is a flood fill, a count of each empty cell's ways and a depth-first search
/// entering at most `empty + 16` cells (`2 × empty + 64` in the lean rule of an adopted
/// cycle), with a flood fill at each step that may split the cells still to visit (on an
/// odd board up to four such searches). The last four bodies round which a search failed
/// are remembered, and a check that ends in one of them is answered without a search:
/// that saves about half the cells the searches would enter on odd boards. Most moves of
/// a game are on a committed path, which costs `O(1)`. All memory is kept from move to
/// move.
///
/// # Example
///
/// ```
/// use replan::snake::{simulate, GameConfig, ReclosingAgent};
///
/// // An odd board: 49 free cells, no Hamiltonian cycle.
/// let config = GameConfig::new(7, 7)?.with_start_length(3);
/// let report = simulate(ReclosingAgent::new, &config, 5, 1)?;
/// assert_eq!(report.wins, 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug, Default)]
pub struct ReclosingAgent {
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
    stats: AgentStats,
    /// Plays when no cycle closes round the snake.
    look_ahead: Option<Box<SafeAgent>>,
    /// Whether only the shortest timed path to the food is checked, every
    /// [`LEAN_QUIET_MOVES`] + 1 moves (see [`adopt`](ReclosingAgent::adopt)).
    lean: bool,
    /// The last bodies after a meal round which no cycle closed.
    failed: FailedBodies,
    /// The position the last move leads to, where that move went along the cycle from a
    /// body in order on it: the body there is in order too, so it need not be walked.
    on_cycle: Option<PositionMark>,
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
/// Measured with sixteen slots (`best`, 20 games from length 3, seed 5): on 13×13, 29,992
/// of 59,099 checks repeated a failure, and their searches had entered 15.2 M of the
/// 29.4 M cells all checks entered; four slots catch 29,970 of them, one slot 20,518. No
/// success ever repeated: a check that passes commits the snake to its path.
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
    stamp: Vec<u32>,
    /// Moves from the start, where `stamp` is the current generation.
    distance: Vec<u32>,
    generation: u32,
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
        if self.stamp.len() < board.cells() {
            self.stamp.resize(board.cells(), 0);
            self.parent.resize(board.cells(), 0);
            self.distance.resize(board.cells(), 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        self.queue.clear();
        self.queue.push(start as u32);
        self.stamp[start] = generation;
        self.distance[start] = 0;
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
                if !found && self.stamp[index] != generation && admit(cell, index, moves) {
                    self.stamp[index] = generation;
                    self.parent[index] = cell as u32;
                    self.distance[index] = moves;
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
            let moves = self.distance[cell];
            let mut best = (self.parent[cell] as usize, 0);
            board.neighbours(board.cell(cell), |_, before| {
                let index = board.index(before);
                if self.stamp[index] == generation
                    && self.distance[index] + 1 == moves
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

impl ReclosingAgent {
    /// An agent that closes its first cycle at its first move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, ReclosingAgent};
    /// assert_eq!(ReclosingAgent::new().name(), "reclosing");
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

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
    /// of the rule), every [`LEAN_QUIET_MOVES`] + 1 moves: the look-ahead agents hand
    /// the rest of a game over this way, and a shortcut checked this seldom costs them
    /// little time per move.
    pub(super) fn adopt(&mut self, game: &Game, closing: &ClosingCycle) {
        self.reset();
        self.lean = true;
        self.tour.load(game.board(), closing, game.snake().head());
    }

    /// The rule's move while the body lies on the cycle held or on a committed path;
    /// `None` otherwise, where [`next_move`](Agent::next_move) would close a new cycle or
    /// play the look-ahead.
    pub(super) fn move_on_cycle(&mut self, game: &Game) -> Option<Direction> {
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
    pub(super) fn holds_its_cycle(&self, game: &Game) -> bool {
        self.tour.holds(game.board(), game.snake())
    }

    /// The closing search's cap for `empty` empty cells.
    fn cap(&self, empty: usize) -> u32 {
        let (per_cell, base) = if self.lean {
            (LEAN_CLOSE_CAP_PER_CELL, LEAN_CLOSE_CAP_BASE)
        } else {
            (CLOSE_CAP_PER_CELL, CLOSE_CAP_BASE)
        };
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
            self.quiet = if self.lean {
                LEAN_QUIET_MOVES
            } else {
                QUIET_MOVES
            };
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
            if board.cell(head).0.abs_diff(board.cell(food).0)
                + board.cell(head).1.abs_diff(board.cell(food).1)
                == 1
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
        if !checking || self.lean {
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

/// Whether two cells share a side.
fn beside(a: Cell, b: Cell) -> bool {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
}

impl Agent for ReclosingAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        if game.steps() == 0 {
            self.reset();
        }
        self.stats.moves += 1;
        let head = game.snake().head();
        if let Some(direction) = self
            .decide(game)
            .and_then(|next| Direction::between(head, next))
        {
            if game.death_of(direction).is_none() {
                return direction;
            }
        }
        // No cycle closes round this snake: the look-ahead agent at least keeps eating.
        self.reset();
        let agent = self
            .look_ahead
            .get_or_insert_with(|| Box::new(SafeAgent::new()));
        super::delegate(agent.as_mut(), game, &mut self.stats)
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "reclosing"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::{GameConfig, StepOutcome};

    /// Plays a game and checks after every move that the agent still holds a cycle with
    /// the body on it in order, or is on a path whose end position has one.
    fn play_checked(config: &GameConfig) -> (StepOutcome, u64) {
        let mut game = Game::new(config).unwrap();
        let mut agent = ReclosingAgent::new();
        let mut outcome = StepOutcome::Moved;
        while !game.is_over() {
            outcome = game.step(agent.next_move(&game));
            assert!(agent.look_ahead.is_none(), "fell back at\n{game}");
            if !game.is_over() && agent.plan.is_empty() && game.snake().len() > 1 {
                assert!(agent.tour.holds(game.board(), game.snake()), "\n{game}");
            }
        }
        (outcome, game.steps())
    }

    /// A 6×6 board with two single walls, one of each colour.
    fn pillars() -> Board {
        "......\n.#....\n......\n......\n...#..\n......"
            .parse()
            .unwrap()
    }

    #[test]
    fn holds_a_cycle_through_every_move_on_odd_and_walled_boards() {
        let configs = [
            GameConfig::new(7, 7).unwrap(),
            GameConfig::new(5, 8).unwrap(),
            GameConfig::with_board(pillars()),
        ];
        for config in configs {
            for seed in 0..6 {
                let config = config.clone().with_seed(seed);
                let (outcome, steps) = play_checked(&config);
                assert_eq!(outcome, StepOutcome::Won, "seed {seed}\n{}", config.board);
                let cells = config.board.free_cells() as u64;
                // Each meal is at most a lap away, the left-out cell two.
                assert!(steps <= 2 * cells * cells, "seed {seed}: {steps}");
            }
        }
    }

    /// The mark an agent keeps after a move along its cycle stands for a walk of the body:
    /// wherever the next position matches it, the body lies in order on the cycle, and an
    /// agent that forgets its mark before every move makes the same moves, with the mark
    /// on more than a quarter of them (2,081 of 5,302), meals along the cycle included.
    #[test]
    fn a_move_along_the_cycle_keeps_the_body_in_order_without_a_walk() {
        let configs = [
            GameConfig::new(7, 7).unwrap(),
            GameConfig::new(9, 12).unwrap(),
            GameConfig::with_board(pillars()),
        ];
        let (mut marked, mut marked_after_meals, mut moves) = (0, 0, 0);
        for config in configs {
            for seed in 0..3 {
                let mut game = Game::new(&config.clone().with_seed(seed)).unwrap();
                let (mut agent, mut forgetful) = (ReclosingAgent::new(), ReclosingAgent::new());
                let mut length = game.snake().len();
                while !game.is_over() {
                    let mark = PositionMark::of(&game);
                    if agent.on_cycle == Some(mark) {
                        marked += 1;
                        marked_after_meals += usize::from(mark.length > length);
                        assert!(agent.tour.holds(game.board(), game.snake()), "\n{game}");
                    }
                    length = mark.length;
                    forgetful.on_cycle = None;
                    let direction = agent.next_move(&game);
                    assert_eq!(forgetful.next_move(&game), direction, "\n{game}");
                    game.step(direction);
                    moves += 1;
                }
                assert_eq!(game.snake().len(), game.board().free_cells());
            }
        }
        assert!(marked * 4 > moves, "{marked} of {moves} moves marked");
        // Meals along the cycle are marked too (4 here: most meals end a committed path).
        assert!(marked_after_meals > 0, "{marked_after_meals} after meals");
    }

    /// Handed a position whose body is off its cycle, with no committed path, the rule
    /// hands the move back to the look-ahead agent: the same snake reversed, on the cycle
    /// adopted round it, runs against the cycle's order.
    #[test]
    fn off_its_cycle_the_rule_hands_the_move_back() {
        for seed in 0..5 {
            let config = GameConfig::new(6, 6)
                .unwrap()
                .with_start_length(4)
                .with_seed(seed);
            let game = Game::new(&config).unwrap();
            let mut closing = ClosingCycle::default();
            assert!(closing.close(&game, 10_000));
            let reversed: Vec<Cell> = game.snake().body().rev().collect();
            let backwards = Game::new(&config.clone().with_start(reversed)).unwrap();
            let mut agent = ReclosingAgent::new();
            agent.adopt(&game, &closing);
            assert!(agent.holds_its_cycle(&game) && !agent.holds_its_cycle(&backwards));
            assert_eq!(agent.move_on_cycle(&backwards), None, "seed {seed}");
            assert!(agent.move_on_cycle(&game).is_some(), "seed {seed}");
        }
    }

    #[test]
    fn places_count_from_the_origin_round_the_cycle() {
        // The 2×2 board's cycle 0 -> 1 -> 3 -> 2 -> 0.
        let mut tour = Tour {
            next: vec![1, 3, 0, 2],
            ..Tour::default()
        };
        tour.number(1);
        assert_eq!((tour.len, tour.place.as_slice()), (4, &[3, 0, 2, 1][..]));
        for origin in 0..4 {
            for cell in 0..4 {
                let expected = (tour.place[cell] + 4 - origin) % 4;
                assert_eq!(
                    tour.relative(cell, origin),
                    expected,
                    "{cell} from {origin}"
                );
            }
        }
    }

    #[test]
    fn a_timed_path_enters_the_tail_as_it_leaves() {
        // A snake curled round (1, 1): its tail at (0, 1) frees on the first move, the
        // cell (1, 0) behind the head only after three.
        let config =
            GameConfig::new(4, 4)
                .unwrap()
                .with_start(vec![(1, 1), (1, 0), (0, 0), (0, 1)]);
        let game = Game::new(&config).unwrap();
        let board = game.board();
        let snake = game.snake();
        let mut search = Search::default();
        let mut path = Vec::new();
        let timed = |_: usize, next: usize, moves: u32| snake.moves_until_free_index(next) <= moves;
        let start = board.index((1, 1));
        assert!(search.run(board, start, board.index((0, 1)), &mut path, timed, |_| 0));
        assert_eq!(path, [(0, 1)]);
        assert!(search.run(board, start, board.index((0, 0)), &mut path, timed, |_| 0));
        assert_eq!(path, [(0, 1), (0, 0)]);
        // The neck is free after three moves, so no path reaches it in one.
        assert!(search.run(board, start, board.index((1, 0)), &mut path, timed, |_| 0));
        assert_eq!(path.len(), 3);
        // Among the shortest paths, the one along the edge.
        assert!(search.run(
            board,
            board.index((3, 3)),
            board.index((1, 3)),
            &mut path,
            |_, _, _| true,
            |cell| closeness(board, snake, cell),
        ));
        assert_eq!(path, [(2, 3), (1, 3)]);
    }

    /// Moves from `start` to each cell (`u32::MAX` where none) by a plain breadth-first
    /// search that enters `next` from `cell` when `open(next, moves)` holds, `moves` being
    /// the moves to `cell`.
    fn breadth_first(board: &Board, start: usize, open: impl Fn(usize, u32) -> bool) -> Vec<u32> {
        let mut distance = vec![u32::MAX; board.cells()];
        distance[start] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            board.neighbours(board.cell(cell), |_, next| {
                let next = board.index(next);
                if distance[next] == u32::MAX && open(next, distance[cell]) {
                    distance[next] = distance[cell] + 1;
                    queue.push_back(next);
                }
            });
        }
        distance
    }

    /// Moves from `start` to each cell over cells off the body.
    fn moves_off_the_body(board: &Board, snake: &Snake, start: usize) -> Vec<u32> {
        breadth_first(board, start, |next, _| !snake.occupied_index(next))
    }

    #[test]
    fn shortest_paths_keep_to_the_closest_cells_walking_back_from_the_goal() {
        let config =
            GameConfig::new(6, 6)
                .unwrap()
                .with_start(vec![(2, 2), (3, 2), (3, 3), (3, 4)]);
        let game = Game::new(&config).unwrap();
        let (board, snake) = (game.board(), game.snake());
        let free: Vec<usize> = (0..board.cells())
            .filter(|&index| !snake.occupied_index(index))
            .collect();
        let open = |_: usize, next: usize, _: u32| !snake.occupied_index(next);
        let close = |index: usize| closeness(board, snake, index);
        let (mut search, mut path) = (Search::default(), Vec::new());
        let mut steps_with_a_choice = 0;
        for &start in &free {
            let distance = moves_off_the_body(board, snake, start);
            for &goal in free.iter().filter(|&&goal| goal != start) {
                assert!(search.run(board, start, goal, &mut path, open, close));
                assert_eq!(path.len() as u32, distance[goal]);
                let mut cells = vec![board.cell(start)];
                cells.extend(&path);
                for pair in cells.windows(2) {
                    let (before, cell) = (board.index(pair[0]), board.index(pair[1]));
                    assert_eq!(distance[before] + 1, distance[cell]);
                    // Of the cells a shortest path could come from, the closest.
                    let mut closest = Vec::new();
                    board.neighbours(pair[1], |_, from| {
                        let from = board.index(from);
                        if distance[from] != u32::MAX && distance[from] + 1 == distance[cell] {
                            closest.push(close(from));
                        }
                    });
                    let most = closest.iter().copied().max().unwrap();
                    assert_eq!(close(before), most, "{start} -> {goal}: {cells:?}");
                    steps_with_a_choice += usize::from(closest.iter().any(|&c| c != most));
                }
            }
        }
        assert!(steps_with_a_choice > 100, "{steps_with_a_choice}");
    }

    #[test]
    fn a_second_game_plays_as_on_a_fresh_agent() {
        // Up to `limit` moves of a game.
        let play = |agent: &mut ReclosingAgent, seed: u64, limit: usize| {
            let config = GameConfig::new(7, 7).unwrap().with_seed(seed);
            let mut game = Game::new(&config).unwrap();
            let mut moves = Vec::new();
            while !game.is_over() && moves.len() < limit {
                let direction = agent.next_move(&game);
                moves.push(direction);
                game.step(direction);
            }
            moves
        };
        // Two games left unfinished and one played out before each. Most stale state is
        // caught by the agent's own checks (a cycle that no longer holds the body is
        // closed again); seed 14 cut at move 42 leaves some that only the reset drops.
        let mut used = ReclosingAgent::new();
        for (seed, limit) in [(1, 7), (4, 42), (3, usize::MAX)] {
            play(&mut used, seed + 10, limit);
            assert_eq!(
                play(&mut used, seed, usize::MAX),
                play(&mut ReclosingAgent::new(), seed, usize::MAX)
            );
        }
    }

    #[test]
    fn after_a_move_whose_checks_fail_the_next_one_follows_the_cycle_unchecked() {
        let config = GameConfig::new(9, 12).unwrap().with_seed(3);
        let mut game = Game::new(&config).unwrap();
        let mut agent = ReclosingAgent::new();
        let (mut quiet, mut checked) = (0, 0);
        while !game.is_over() {
            let searches = agent.stats.searches;
            let on_plan = !agent.plan.is_empty();
            let failed_before = agent.quiet > 0;
            let direction = agent.next_move(&game);
            game.step(direction);
            if on_plan || agent.look_ahead.is_some() {
                continue;
            }
            if failed_before && agent.stats.searches == searches {
                quiet += 1;
            } else if !failed_before {
                checked += 1;
            }
        }
        assert!(
            quiet > 50 && checked > 50,
            "{quiet} quiet, {checked} checked"
        );
    }

    #[test]
    fn the_snake_goes_straight_for_its_next_meals() {
        // While the snake is short a cycle closes after most paths to the food, so most
        // meals are reached in as many moves as the food lies away. Counted from the
        // second meal: the first cycle is closed heading for the first food.
        let (mut straight, mut meals) = (0, 0);
        for seed in 0..20 {
            let config = GameConfig::new(9, 12).unwrap().with_seed(seed);
            let mut game = Game::new(&config).unwrap();
            let mut agent = ReclosingAgent::new();
            while game.snake().len() < 8 && !game.is_over() {
                let length = game.snake().len();
                let (head, food) = (game.snake().head(), game.food().unwrap());
                let distance = head.0.abs_diff(food.0) + head.1.abs_diff(food.1);
                let mut moves = 0;
                while game.snake().len() == length && !game.is_over() {
                    game.step(agent.next_move(&game));
                    moves += 1;
                }
                if length > 3 {
                    meals += 1;
                    straight += usize::from(moves == distance);
                }
            }
        }
        // About four meals in five; following the cycle's order instead (the second
        // rule alone) reaches about half.
        assert!(straight * 10 >= meals * 7, "{straight} of {meals}");
    }

    #[test]
    fn closeness_counts_the_sides_facing_an_edge_a_wall_or_the_body() {
        let board: Board = "....\n.#..\n....".parse().unwrap();
        let config = GameConfig::with_board(board).with_start(vec![(3, 1), (3, 2)]);
        let game = Game::new(&config).unwrap();
        let (board, snake) = (game.board(), game.snake());
        let sides = |cell: Cell| closeness(board, snake, board.index(cell));
        // A corner; an edge cell beside the wall; between the wall and the head; a cell
        // beside the tail on the bottom edge; the open cell above the wall.
        assert_eq!(sides((0, 0)), 2);
        assert_eq!(sides((0, 1)), 2);
        assert_eq!(sides((2, 1)), 2);
        assert_eq!(sides((2, 2)), 2);
        assert_eq!(sides((1, 0)), 2);
        assert_eq!(sides((2, 0)), 1);
    }

    #[test]
    fn statistics_count_the_moves_and_the_searches_made() {
        let config = GameConfig::new(9, 12).unwrap().with_seed(5);
        let mut game = Game::new(&config).unwrap();
        let mut agent = ReclosingAgent::new();
        while !game.is_over() {
            game.step(agent.next_move(&game));
        }
        let stats = agent.stats();
        assert_eq!(stats.moves, game.steps());
        // Each closing search enters at least the cell next to the head.
        assert!(
            stats.searches > 100 && stats.expanded > stats.searches,
            "{stats:?}"
        );
        assert_eq!(agent.name(), "reclosing");
    }

    /// A copy of the agent's cycle.
    fn copy_tour(tour: &Tour) -> Tour {
        Tour {
            next: tour.next.clone(),
            place: tour.place.clone(),
            len: tour.len,
            excluded: tour.excluded,
            active: tour.active,
        }
    }

    /// What a decision off a committed path should do, worked out rule by rule with the
    /// agent's parts: the cell the head moves to, the searches it counts and the cells its
    /// closing searches enter, and which rule decided (1 to 4, 5 for the cycle held).
    /// `None` where the cycle held does not hold the body or the food is on the left-out
    /// cell. The agent's plan, cycle and statistics are left as they were.
    fn expected_decision(agent: &mut ReclosingAgent, game: &Game) -> Option<(Cell, u64, u64, u8)> {
        let (board, snake) = (game.board(), game.snake());
        let food = game.food()?;
        let (head, goal) = (board.index(snake.head()), board.index(food));
        if !agent.tour.holds(board, snake) || agent.tour.excluded == Some(goal as u32) {
            return None;
        }
        let along = board.cell(agent.tour.next[head] as usize);
        if agent.quiet > 0 {
            return Some((along, 0, 0, 5));
        }
        let (stats, tour, failed) = (agent.stats, copy_tour(&agent.tour), agent.failed.clone());
        let (mut searches, mut expanded) = (0, 0);
        let mut path = Vec::new();
        let mut decided = None;
        // A path the agent commits to when a cycle closes round the snake after it. A body
        // remembered failing is answered without a search (checked on its own below).
        let closes =
            |agent: &mut ReclosingAgent, path: &[Cell], searches: &mut u64, expanded: &mut u64| {
                agent.plan = path.to_vec();
                let before = agent.stats.searches;
                let found = agent.closes_after_plan(game);
                if agent.stats.searches > before {
                    *searches += 1;
                    *expanded += agent.closing.entered;
                }
                found
            };
        // 1. The shortest path on which each cell is free when the head gets there.
        searches += 1;
        let timed = |_: usize, next: usize, moves: u32| snake.moves_until_free_index(next) <= moves;
        let close = |cell: usize| closeness(board, snake, cell);
        if agent.search.run(board, head, goal, &mut path, timed, close)
            && closes(agent, &path, &mut searches, &mut expanded)
        {
            decided = Some((path[0], 1));
        }
        // 2. The shortest path whose places along the cycle rise up to the food's, if it
        // leaves the cycle.
        if decided.is_none() {
            let places = &tour;
            let origin = places.place[board.index(snake.tail())];
            let ordered = |from: usize, next: usize, _: u32| {
                places.place[next] != NONE
                    && places.relative(next, origin) > places.relative(from, origin)
                    && places.relative(next, origin) <= places.relative(goal, origin)
            };
            searches += 1;
            if agent
                .search
                .run(board, head, goal, &mut path, ordered, close)
                && path[0] != along
                && closes(agent, &path, &mut searches, &mut expanded)
            {
                decided = Some((path[0], 2));
            }
        }
        // 3. The other first moves (checked on their own elsewhere).
        if decided.is_none() {
            let before = agent.stats;
            let first = agent.other_first_moves(game, goal);
            searches += agent.stats.searches - before.searches;
            expanded += agent.stats.expanded - before.expanded;
            decided = first.map(|first| (first, 3));
            agent.tour = copy_tour(&tour);
        }
        // 4. A new cycle round the body, kept if the food lies nearer along it than along
        // the cycle held, both counted by walking them.
        if decided.is_none() {
            let walk = |successor: &dyn Fn(Cell) -> Cell| {
                let (mut cell, mut steps) = (snake.head(), 0);
                while cell != food {
                    cell = successor(cell);
                    steps += 1;
                }
                steps
            };
            let ahead = walk(&|cell| board.cell(tour.next[board.index(cell)] as usize));
            let cap = agent.cap(board.free_cells() - snake.len());
            searches += 1;
            let found = agent.closing.close_toward(game, food, cap);
            expanded += agent.closing.entered;
            let closing = &agent.closing;
            if found && walk(&|cell| closing.successor(board, cell)) < ahead {
                decided = Some((closing.successor(board, snake.head()), 4));
            }
        }
        let (next, rule) = decided.unwrap_or((along, 5));
        agent.stats = stats;
        agent.tour = tour;
        agent.failed = failed;
        agent.plan.clear();
        agent.planned = 0;
        Some((next, searches, expanded, rule))
    }

    #[test]
    fn each_move_off_a_path_follows_the_first_rule_that_succeeds() {
        let mut decided_by = [0; 6];
        for config in sample_games() {
            let seed = config.seed;
            let mut game = Game::new(&config).unwrap();
            let mut agent = ReclosingAgent::new();
            while !game.is_over() {
                let expected = (game.steps() > 0 && agent.plan.is_empty())
                    .then(|| expected_decision(&mut agent, &game))
                    .flatten();
                let before = agent.stats;
                let head = game.snake().head();
                let direction = agent.next_move(&game);
                if let Some((next, searches, expanded, rule)) = expected {
                    let moved = direction.apply(head, game.board().width(), game.board().height());
                    assert_eq!(moved, Some(next), "rule {rule}, seed {seed}\n{game}");
                    assert_eq!(
                        (
                            agent.stats.searches - before.searches,
                            agent.stats.expanded - before.expanded
                        ),
                        (searches, expanded),
                        "rule {rule}, seed {seed}\n{game}"
                    );
                    decided_by[rule as usize] += 1;
                }
                game.step(direction);
            }
            assert_eq!(game.last_outcome(), Some(StepOutcome::Won));
        }
        assert!(
            decided_by[1..].iter().all(|&moves| moves > 0),
            "{decided_by:?}"
        );
    }

    #[test]
    fn the_last_four_failed_bodies_are_remembered_on_their_board() {
        let board = Board::new(6, 6).unwrap();
        let bodies: Vec<Snake> = (0..6)
            .map(|x| Snake::new(6, 6, &[(x, 0), (x, 1), (x, 2)]))
            .collect();
        let mut failed = FailedBodies::default();
        for snake in &bodies[..5] {
            assert!(!failed.contains(&board, snake));
            failed.insert();
        }
        // The fifth took the first one's place.
        assert!(!failed.contains(&board, &bodies[0]));
        for snake in &bodies[1..5] {
            assert!(failed.contains(&board, snake));
        }
        assert!(!failed.contains(&board, &bodies[5]));
        // The same cells the other way round are another body.
        assert!(!failed.contains(&board, &Snake::new(6, 6, &[(1, 2), (1, 1), (1, 0)])));
        // Another board of the same size forgets them all.
        let walled: Board = "#.....\n......\n......\n......\n......\n......"
            .parse()
            .unwrap();
        assert!(!failed.contains(&walled, &bodies[1]));
        assert!(!failed.contains(&board, &bodies[1]));
    }

    /// Every body the agent remembers failing closes no cycle when searched afresh, so a
    /// remembered answer is the search's; an agent that forgets them after every move
    /// plays the same moves and searches more.
    #[test]
    fn remembered_failures_are_the_searchs_answers_and_save_searches() {
        let mut closing = ClosingCycle::default();
        let mut checked = std::collections::HashSet::new();
        for config in sample_games() {
            let seed = config.seed;
            let mut game = Game::new(&config).unwrap();
            let (mut agent, mut forgetful) = (ReclosingAgent::new(), ReclosingAgent::new());
            while !game.is_over() {
                let direction = agent.next_move(&game);
                forgetful.failed = FailedBodies::default();
                assert_eq!(forgetful.next_move(&game), direction, "seed {seed}\n{game}");
                let board = game.board();
                for body in agent.failed.bodies.iter().filter(|body| !body.is_empty()) {
                    if !checked.insert((board.to_string(), body.clone())) {
                        continue;
                    }
                    let cells: Vec<Cell> = body
                        .iter()
                        .map(|&index| board.cell(index as usize))
                        .collect();
                    let snake = Snake::new(board.width(), board.height(), &cells);
                    let cap = agent.cap(board.free_cells() - snake.len());
                    assert!(
                        !closing.close_position(&(board, &snake), None, cap),
                        "seed {seed}: {cells:?}"
                    );
                }
                game.step(direction);
            }
            assert!(
                agent.stats.searches < forgetful.stats.searches,
                "seed {seed}: {:?} {:?}",
                agent.stats,
                forgetful.stats
            );
        }
        assert!(checked.len() > 100, "{} bodies", checked.len());
    }

    /// Nine games to check decisions on: an odd side, an odd board, single wall cells.
    fn sample_games() -> Vec<GameConfig> {
        let boards = [
            GameConfig::new(9, 12).unwrap(),
            GameConfig::new(7, 7).unwrap(),
            GameConfig::with_board(pillars()),
        ];
        let seeds = 0..3;
        boards
            .iter()
            .flat_map(|config| seeds.clone().map(|seed| config.clone().with_seed(seed)))
            .collect()
    }

    /// Moves from `start` to every cell (`u32::MAX` if none) on which each cell is free
    /// when the head gets there, a path that leaves the head's cell `head` at move
    /// `start_moves` and never re-enters it; by a plain breadth-first search.
    fn timed_distances(game: &Game, start: usize, start_moves: u32) -> Vec<u32> {
        let (board, snake) = (game.board(), game.snake());
        let head = board.index(snake.head());
        breadth_first(board, start, |next, moves| {
            next != head && snake.moves_until_free_index(next) <= start_moves + moves + 1
        })
    }

    #[test]
    fn other_first_moves_take_the_first_move_whose_shortest_timed_path_closes_a_cycle() {
        let (mut tried, mut committed, mut later_move) = (0, 0, 0);
        for config in sample_games() {
            let mut game = Game::new(&config).unwrap();
            let mut agent = ReclosingAgent::new();
            while !game.is_over() {
                let (board, snake) = (game.board(), game.snake());
                if let (Some(food), true, true) =
                    (game.food(), agent.plan.is_empty(), game.steps() > 0)
                {
                    let goal = board.index(food);
                    let (stats, tour) = (agent.stats, copy_tour(&agent.tour));
                    let failed = agent.failed.clone();
                    // Each move into a cell free after one move, in the board's order: the
                    // first whose shortest timed path (checked against a plain search) has
                    // a cycle close round the snake after it.
                    let mut firsts = Vec::new();
                    board.neighbours(snake.head(), |_, next| {
                        if !snake.occupied(next) || next == snake.tail() {
                            firsts.push(next);
                        }
                    });
                    let (mut expected, mut searches, mut expanded) = (None, 0, 0);
                    for (order, &first) in firsts.iter().enumerate() {
                        let start = board.index(first);
                        let distance = timed_distances(&game, start, 1)[goal];
                        if distance == u32::MAX {
                            continue;
                        }
                        let mut path = vec![first];
                        if start != goal {
                            let timed = |_: usize, next: usize, moves: u32| {
                                next != board.index(snake.head())
                                    && snake.moves_until_free_index(next) <= moves + 1
                            };
                            let close = |cell: usize| closeness(board, snake, cell);
                            assert!(agent.search.run(
                                board,
                                start,
                                goal,
                                &mut agent.plan,
                                timed,
                                close
                            ));
                            path.extend(&agent.plan);
                        }
                        assert_eq!(path.len() as u32, distance + 1);
                        agent.plan.clone_from(&path);
                        // The path's search, and the closing search unless the body after
                        // the path is a remembered failure.
                        searches += 1;
                        let before = agent.stats.searches;
                        let closes = agent.closes_after_plan(&game);
                        if agent.stats.searches > before {
                            searches += 1;
                            expanded += agent.closing.entered;
                        }
                        if closes {
                            later_move += usize::from(order > 0);
                            expected = Some(path);
                            break;
                        }
                    }
                    agent.plan.clear();
                    agent.stats = stats;
                    agent.failed = failed.clone();
                    let chosen = agent.other_first_moves(&game, goal);
                    assert_eq!(chosen, expected.as_ref().map(|path| path[0]), "\n{game}");
                    assert_eq!(
                        (
                            agent.stats.searches - stats.searches,
                            agent.stats.expanded - stats.expanded
                        ),
                        (searches, expanded)
                    );
                    if let Some(path) = expected.filter(|path| path.len() > 1) {
                        // Committed: the rest of the path is played from the plan.
                        assert_eq!((&agent.plan[..], agent.planned), (&path[..], 1));
                    }
                    tried += 1;
                    committed += usize::from(chosen.is_some());
                    agent.stats = stats;
                    agent.tour = tour;
                    agent.failed = failed;
                    agent.plan.clear();
                    agent.planned = 0;
                }
                game.step(agent.next_move(&game));
            }
        }
        assert!(
            committed > 100 && later_move > 0,
            "{tried} {committed} {later_move}"
        );
    }

    #[test]
    fn ties_between_equally_close_cells_go_to_the_first_in_the_boards_order() {
        // A short snake on an open board: many cells have no side against anything, so
        // many steps back have several equally close cells to come from.
        let config = GameConfig::new(7, 6)
            .unwrap()
            .with_start(vec![(1, 1), (1, 2)]);
        let game = Game::new(&config).unwrap();
        let (board, snake) = (game.board(), game.snake());
        let open = |_: usize, next: usize, _: u32| !snake.occupied_index(next);
        let close = |index: usize| closeness(board, snake, index);
        let (mut search, mut path) = (Search::default(), Vec::new());
        let mut ties = 0;
        for start in (0..board.cells()).filter(|&index| !snake.occupied_index(index)) {
            let distance = moves_off_the_body(board, snake, start);
            for goal in
                (0..board.cells()).filter(|&goal| distance[goal] != u32::MAX && goal != start)
            {
                // Walking back from the goal: of the cells one move nearer the start, the
                // closest, the first in the board's order among equals.
                let mut expected = Vec::new();
                let mut cell = goal;
                while cell != start {
                    expected.push(board.cell(cell));
                    let mut before = Vec::new();
                    board.neighbours(board.cell(cell), |_, from| {
                        let from = board.index(from);
                        if distance[from] != u32::MAX && distance[from] + 1 == distance[cell] {
                            before.push(from);
                        }
                    });
                    let most = before.iter().map(|&from| close(from)).max().unwrap();
                    let closest: Vec<usize> = before
                        .into_iter()
                        .filter(|&from| close(from) == most)
                        .collect();
                    ties += usize::from(closest.len() > 1);
                    cell = closest[0];
                }
                expected.reverse();
                assert!(search.run(board, start, goal, &mut path, open, close));
                assert_eq!(path, expected, "{start} -> {goal}");
            }
        }
        assert!(ties > 100, "{ties}");
    }

    #[test]
    fn a_closing_search_gives_up_after_its_cap() {
        // One cell per empty cell and 16 in the full rule, two and 64 in the lean one.
        let full = closing_search_gives_up_at(false, |empty| empty as u32 + 16);
        let lean = closing_search_gives_up_at(true, |empty| 2 * empty as u32 + 64);
        // The searches match those with the cap, and the cap binds: some that give up
        // would close with twice as many cells (here 50 of 663 with the full rule's cap
        // and 6 of 609 with the lean rule's).
        assert!(full.0 > 100 && full.2 > 10, "{full:?}");
        assert!(lean.0 > 100 && lean.2 > 3, "{lean:?}");
    }

    /// Checks every closing search of a game on 9×12 against a search with the cap
    /// `budget`, and counts the searches that closed, those that gave up, and those of
    /// the latter that close with twice the cap.
    fn closing_search_gives_up_at(
        lean: bool,
        budget: impl Fn(usize) -> u32,
    ) -> (usize, usize, usize) {
        // The positions of a game on 9x12, and each with the head moved one cell and
        // grown, as after a plan's last move.
        let config = GameConfig::new(9, 12).unwrap().with_seed(0);
        let mut game = Game::new(&config).unwrap();
        let (mut agent, mut probe) = (ReclosingAgent::new(), ReclosingAgent::new());
        probe.lean = lean;
        let (mut closed, mut gave_up, mut larger_budget_closes) = (0, 0, 0);
        let mut closing = ClosingCycle::default();
        while !game.is_over() {
            let (board, snake) = (game.board(), game.snake());
            let mut check = |closes: bool, closes_with_more: bool| {
                closed += usize::from(closes);
                gave_up += usize::from(!closes);
                larger_budget_closes += usize::from(!closes && closes_with_more);
            };
            let empty = board.free_cells() - snake.len();
            let expected = closing.close(&game, budget(empty));
            let more = closing.close(&game, 2 * budget(empty));
            let stats = probe.stats;
            assert_eq!(probe.close_now(&game), expected, "\n{game}");
            assert_eq!(
                (
                    probe.stats.searches - stats.searches,
                    probe.stats.expanded - stats.expanded
                ),
                (1, probe.closing.entered)
            );
            if expected {
                assert!(probe.tour.holds(board, snake));
            }
            check(expected, more);
            let mut steps = Vec::new();
            board.neighbours(snake.head(), |_, next| {
                if !snake.occupied(next) && Some(next) != game.food() {
                    steps.push(next);
                }
            });
            for next in steps {
                let mut look = snake.clone();
                look.advance(next, true);
                let expected = closing.close_position(&(board, &look), None, budget(empty - 1));
                let more = closing.close_position(&(board, &look), None, 2 * budget(empty - 1));
                probe.plan = vec![next];
                assert_eq!(probe.closes_after_plan(&game), expected, "{next:?}\n{game}");
                check(expected, more);
            }
            game.step(agent.next_move(&game));
        }
        (closed, gave_up, larger_budget_closes)
    }
}
