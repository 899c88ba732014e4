//! The decisions [`SafeAgent`](super::SafeAgent) and
//! [`IncrementalAgent`](super::IncrementalAgent) share, given a shortest path to the food
//! found by their own planner (or, for the compressed rule, none: the BFS distances from
//! the food it rebuilds the path from tell whether there is one).

use super::clock::MoveClock;
use super::most_free_space;
use super::progress::{ClosingCycle, LoopGuard};
use super::ReclosingAgent;
use crate::snake::body::Retreat;
use crate::snake::{
    Agent, AgentStats, Board, Cell, Direction, Game, Position, Snake, Snapshot, TailView,
};
use crate::DenseIds;
use crate::{
    Bfs, BfsReach, BidirectionalBfs, DijkstraReach, Graph, IndexedGraph, InvalidNode, Planner,
};
use rustc_hash::FxHashSet;

/// Per-agent scratch and the decision rule built on it.
#[derive(Debug)]
pub(super) struct Safety {
    /// The look-ahead snake that has eaten: a position of its own, simulated ahead of the
    /// game's. The game's own position is read through views that borrow it.
    look_ahead: TailView<Snapshot>,
    /// Distances from the food, from the tail, and flood fills.
    from_food: BfsReach,
    from_tail: BfsReach,
    /// Distances from the tail that stop at the cells asked for.
    tail_reach_bounded: DijkstraReach<u32>,
    flood: BfsReach,
    /// Shortest paths to a tail.
    tail_planner: Bfs<DenseIds, u32>,
    /// Whether the look-ahead snake reaches its tail: only the answer matters there, and
    /// searching from both ends expands fewer cells on an open board.
    tail_reach: BidirectionalBfs<DenseIds, u32>,
    /// Tail paths.
    path: Vec<Cell>,
    /// The food path being checked, the best compressed one, and the rest of the last
    /// path that passed (its first cell is the head's next cell).
    candidate: Vec<Cell>,
    best: Vec<Cell>,
    committed: Vec<Cell>,
    /// The judgement under which the look-ahead passed `committed` when a food path
    /// check put it there; `None` when something else did.
    committed_judge: Option<Judge>,
    on_path: Vec<bool>,
    pub(super) compress: bool,
    pub(super) stats: AgentStats,
    /// Free space right after eating: total and count, and the length before the move.
    free_after_eating: (u64, u64),
    last_length: usize,
    /// The step of the last meal (or of the game's start).
    last_meal: u64,
    /// The endgame search's stacks, one per nested meal, and the cells the last
    /// successful search entered, the food last.
    levels: Vec<Level>,
    sequence: Vec<Cell>,
    /// Moves the current check or search may still try.
    nodes_left: u64,
    /// How meals that leave few empty cells are judged this move (see
    /// [`has_eaten_safely`](Safety::has_eaten_safely)).
    judge: Judge,
    /// The food, length and judgement with which the endgame search went through every
    /// position without finding a way to eat.
    given_up: Option<(Cell, usize, Judge)>,
    /// The food, length and step before which a search that ran out of moves is not
    /// tried again.
    retry: Option<(Cell, usize, u64)>,
    /// Tells when the snake circles without eating.
    guard: LoopGuard,
    /// The step before which no way out of a loop is searched again.
    rescue_wait: u64,
    /// How many free-cell counts of moves the next failed search for a way out waits.
    rescue_backoff: u64,
    /// The search for a cycle through the body.
    closing: ClosingCycle,
    /// Plays the rest of the game once a cycle through the body is found: it follows the
    /// cycle and takes a shortcut only where a cycle still closes after the meal.
    reclosing: Option<Box<ReclosingAgent>>,
    /// Whether `reclosing` plays.
    handed_over: bool,
    /// The move number of the game being played, counted by the agent.
    clock: MoveClock,
}

/// What the agent's planner found on the way to the food, for [`Safety::decide`].
pub(super) enum FoodPlan<'p> {
    /// The planner's shortest path, or `None` when it found none.
    Path(Option<&'p [Cell]>),
    /// No planner ran: with compression the rule rebuilds the path from the food's BFS
    /// distances, which also tell whether there is one, so a planner's path would only
    /// be thrown away.
    Distances,
    /// An incremental planner's shortest path (`None` when there is none), and the
    /// distances to the food it holds: a cell's distance, or `None` where the planner
    /// holds none it can vouch for. The compressed paths are rebuilt from those.
    Repaired(Option<&'p [Cell]>, &'p mut dyn FnMut(Cell) -> Option<u32>),
}

/// Where [`Safety::food_path`] finds its candidates.
enum FoodSource<'p> {
    Path(&'p [Cell]),
    Distances,
    Repaired(&'p [Cell], &'p mut dyn FnMut(Cell) -> Option<u32>),
}

/// How [`Safety::has_eaten_safely`] judges a meal that leaves two or three empty cells,
/// strictest first: each is tried once the endgame search has shown that no meal passes
/// the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Judge {
    /// Wherever the next food appears, the snake can surely eat it.
    Sure,
    /// In every cell the next food may take but at most one, the snake can surely eat it,
    /// and it can reach its tail.
    Likely,
    /// In at least one of the cells the next food may take, the snake can surely eat it,
    /// and it can reach its tail.
    Hopeful,
    /// It can reach its tail (Liu's check).
    Tail,
}

impl Judge {
    fn weaker(self) -> Judge {
        match self {
            Judge::Sure => Judge::Likely,
            Judge::Likely => Judge::Hopeful,
            Judge::Hopeful | Judge::Tail => Judge::Tail,
        }
    }
}

/// One level of the endgame search (one meal): its stack and the positions it has seen.
#[derive(Debug, Default)]
struct Level {
    frames: Vec<Frame>,
    seen: FxHashSet<u64>,
}

/// One position on an endgame search's stack: the moves to try from it, best first, its
/// key, and the move that led there with how to take it back.
#[derive(Clone, Copy, Debug)]
struct Frame {
    moves: [Cell; 4],
    count: u8,
    next: u8,
    key: u64,
    entered: Option<(Cell, Retreat)>,
}

impl Safety {
    pub(super) fn new() -> Safety {
        let empty = Snapshot {
            board: crate::snake::Board::new(2, 2).expect("2×2 is a valid board"),
            snake: crate::snake::Snake::new(2, 2, &[(0, 0)]),
        };
        Safety {
            look_ahead: TailView::new(empty),
            from_food: BfsReach::new(),
            from_tail: BfsReach::new(),
            tail_reach_bounded: DijkstraReach::new(),
            flood: BfsReach::new(),
            tail_planner: Bfs::new(),
            tail_reach: BidirectionalBfs::new(),
            path: Vec::new(),
            candidate: Vec::new(),
            best: Vec::new(),
            committed: Vec::new(),
            committed_judge: None,
            on_path: Vec::new(),
            compress: true,
            stats: AgentStats::default(),
            free_after_eating: (0, 0),
            last_length: 0,
            last_meal: 0,
            levels: Vec::new(),
            sequence: Vec::new(),
            nodes_left: 0,
            judge: Judge::Sure,
            given_up: None,
            retry: None,
            guard: LoopGuard::default(),
            rescue_wait: 0,
            rescue_backoff: 0,
            closing: ClosingCycle::default(),
            reclosing: None,
            handed_over: false,
            clock: MoveClock::default(),
        }
    }

    /// Records the free space after a meal and the step of the last one.
    pub(super) fn refresh(&mut self, game: &Game) {
        let now = self.clock.tick(game);
        let new_game = self.clock.new_game();
        let length = game.snake().len();
        if !new_game && length > self.last_length {
            if let Ok(map) = self.flood.run(&TailView::new(game), game.snake().head()) {
                self.free_after_eating.0 += map.reached() as u64 - 1;
                self.free_after_eating.1 += 1;
            }
        }
        if length > self.last_length || new_game {
            self.last_meal = now;
            self.rescue_backoff = 0;
        }
        if new_game {
            self.guard.reset();
            self.handed_over = false;
            self.rescue_wait = 0;
        }
        self.last_length = length;
        self.stats.moves += 1;
    }

    /// The move of the rule that plays once a cycle through the body was found, if one
    /// was: the agents ask before planning, since that rule alone decides the move.
    pub(super) fn follow_cycle(&mut self, game: &Game) -> Option<Direction> {
        if !self.handed_over {
            return None;
        }
        let reclosing = self.reclosing.as_mut()?;
        let before = reclosing.stats();
        let direction = reclosing.move_on_cycle(game);
        let after = reclosing.stats();
        self.stats.searches += after.searches - before.searches;
        self.stats.expanded += after.expanded - before.expanded;
        // The rule keeps the body on a cycle from move to move, so it always has a move;
        // should it have none, this agent's own rule plays on.
        self.handed_over = direction.is_some();
        direction
    }

    /// Hands the game over to the rule that follows the cycle [`close`](Safety::close)
    /// has just found, and takes its first move.
    fn hand_over(&mut self, game: &Game) -> Option<Direction> {
        let reclosing = self.reclosing.get_or_insert_with(Default::default);
        reclosing.adopt(game, &self.closing);
        self.handed_over = true;
        self.follow_cycle(game)
    }

    /// The move number of the position [`refresh`](Safety::refresh) read last.
    pub(super) fn now(&self) -> u64 {
        self.clock.now()
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
    /// filled the board; near the end, can surely eat the next food); else keep to the
    /// last such path; else, near the end, search the snake's own moves for a way to eat
    /// that passes the same check; else follow the tail the long way; else the move with
    /// the most free space. Past a quarter of a full board, a cycle through the body and
    /// every empty cell, once one is found, hands the game to the reclosing rule, which
    /// the caller asks first ([`follow_cycle`](Safety::follow_cycle)); a snake that
    /// circles looks for a way out. See [`SafeAgent`](super::SafeAgent) for the rule in
    /// full.
    pub(super) fn decide(&mut self, game: &Game, plan: FoodPlan<'_>) -> Direction {
        let head = game.snake().head();
        let now = self.clock.now();
        if self.committed.first() == Some(&head) {
            self.committed.remove(0);
        } else {
            self.committed.clear();
            self.committed_judge = None;
        }
        let length = game.snake().len();
        let free = game.board().free_cells();
        let empty = free - length;
        let close_empty = CLOSE_EMPTY.max(free * CLOSE_SHARE.0 / CLOSE_SHARE.1);
        // With many empty cells a search costs more and the snake can wait: look every
        // few moves there, every other move once the empty cells are fewer (the position
        // changes little in one move, and neither does the search's answer).
        let every = if empty <= close_empty / 2 {
            2
        } else {
            CLOSE_EVERY
        };
        let due = now % every == 0;
        if empty <= close_empty && due && self.close(game, empty) {
            if let Some(direction) = self.hand_over(game) {
                return direction;
            }
        }
        let endgame = free - length <= EXACT_EMPTY + 1;
        self.judge = match self.given_up {
            Some((food, at_length, judge)) if game.food() == Some(food) && at_length == length => {
                judge.weaker()
            }
            _ => Judge::Sure,
        };
        let food_path = match plan {
            FoodPlan::Path(Some(path)) if path.len() >= 2 => Some(FoodSource::Path(path)),
            FoodPlan::Repaired(Some(path), distances) if path.len() >= 2 => {
                Some(FoodSource::Repaired(path, distances))
            }
            FoodPlan::Path(_) | FoodPlan::Repaired(..) => None,
            FoodPlan::Distances => Some(FoodSource::Distances),
        };
        if let (Some(source), Some(food)) = (food_path, game.food()) {
            // Once the snake has gone more moves than there are free cells without eating,
            // a new path replaces the one being followed only if it is no longer than what
            // is left of it: the moves to the food then fall with every move, and the
            // snake eats. Scoring first steps afresh each move can otherwise send it round
            // one loop for ever, every step's path passing the check. Earlier, the fresh
            // choice is worth its detours (keeping every path from the first move cost
            // 16×16 a third more steps and 14 of 100 games), and so is a fresh path of the
            // same length later (keeping the old one cost an 8×8 endgame a third more).
            let waited = now > self.last_meal + free as u64;
            let following = waited && self.committed.last() == Some(&food);
            if self.food_path(game, source, food)
                && (!following || self.candidate.len() <= self.committed.len() + 1)
            {
                self.committed.clear();
                self.committed.extend_from_slice(&self.candidate[1..]);
                self.committed_judge = Some(self.judge);
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
        self.committed_judge = None;
        // Circling: the rule keeps refusing the same meals in the same positions. Any meal
        // after which the tail stays in reach is progress; search the snake's own moves
        // for one.
        if let Some(food) = game.food() {
            if now >= self.rescue_wait && self.guard.circling(game, now, self.last_meal) {
                if self.close(game, RESCUE_CLOSE_CAP) {
                    if let Some(direction) = self.hand_over(game) {
                        return direction;
                    }
                }
                let judge = self.judge;
                let mut found = false;
                // Near the end, where one wrong meal loses the game, search long for the
                // surest meal; then any after which the tail stays in reach.
                if endgame {
                    for rescue_judge in [Judge::Sure, Judge::Likely, Judge::Hopeful] {
                        self.judge = rescue_judge;
                        found = self.endgame_within(game, food, RESCUE_BUDGET);
                        if found {
                            break;
                        }
                    }
                }
                if !found {
                    self.judge = Judge::Tail;
                    found = self.endgame_within(game, food, ENDGAME_BUDGET);
                }
                self.judge = judge;
                if found {
                    self.committed.extend_from_slice(&self.sequence);
                    self.committed_judge = None;
                    return Direction::between(head, self.sequence[0])
                        .expect("the search steps between neighbours");
                }
                // Each search that finds nothing waits twice as long for the next.
                self.rescue_backoff = (self.rescue_backoff * 2).max(1);
                self.rescue_wait = now + self.rescue_backoff * free as u64;
            }
        }
        // Few empty cells: search the snake's own moves exactly for a sure way to eat.
        if let Some(food) = game.food().filter(|_| endgame && self.judge != Judge::Tail) {
            let waiting = matches!(self.retry, Some((retry_food, retry_length, at))
                if (retry_food, retry_length) == (food, length) && now < at);
            if !waiting {
                if self.endgame(game, food) {
                    self.committed.extend_from_slice(&self.sequence);
                    self.committed_judge = None;
                    return Direction::between(head, self.sequence[0])
                        .expect("the search steps between neighbours");
                }
                if self.nodes_left > 0 {
                    // Every position was tried: judge more leniently from the next move.
                    self.given_up = Some((food, length, self.judge));
                } else {
                    let free = game.board().free_cells() as u64;
                    self.retry = Some((food, length, now + RETRY_FACTOR * free));
                }
            }
        }
        // Circling without eating: the shape repeats, and so would the refusals. Shake it
        // up with any move that keeps the tail in reach.
        if now > self.last_meal + game.board().free_cells() as u64 {
            if let Some(direction) = self.shuffle(game, endgame) {
                return direction;
            }
        }
        // Follow the tail, the long way round, unless the first step eats (the tail would
        // then stay put).
        let tail = game.snake().tail();
        let view = Walled {
            view: TailView::new(game),
            wall: game.food().filter(|_| endgame),
        };
        let found = tail != head && self.scratch().longest_path(&view, head, tail);
        if found && self.path.len() >= 2 && game.food() != Some(self.path[1]) {
            return Direction::between(self.path[0], self.path[1])
                .expect("paths step between neighbours");
        }
        // Last, keep the tail in reach if any move does, eating if only that does: a
        // snake that reaches its tail can follow it for ever, while a move that loses the
        // tail for more room is how a snake walks into a dead end.
        let mut keeps = self.tail_keeping_moves(game);
        if !keeps.contains(&true) {
            keeps = [true; 4];
        }
        let (direction, expanded) =
            most_free_space(game, &TailView::new(game), &mut self.flood, keeps);
        self.count(expanded);
        direction
    }

    /// Which moves (indexed as [`Direction::ALL`]) survive and leave a position that
    /// passes the tail check of [`has_eaten_safely`](Safety::has_eaten_safely): the board
    /// full, the head beside the one empty cell left, or the tail in reach.
    fn tail_keeping_moves(&mut self, game: &Game) -> [bool; 4] {
        let head = game.snake().head();
        let (width, height) = (game.board().width(), game.board().height());
        let judge = std::mem::replace(&mut self.judge, Judge::Tail);
        let mut keeps = [false; 4];
        for (keep, direction) in keeps.iter_mut().zip(Direction::ALL) {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            if game.death_of(direction).is_some() {
                continue;
            }
            let look_ahead = self.look_ahead.position_mut();
            look_ahead.copy_from(game);
            look_ahead.snake.advance(next, game.food() == Some(next));
            *keep = self.has_eaten_safely(0);
        }
        self.judge = judge;
        keeps
    }

    /// Looks for a cycle through the body, entering at most `cap` cells of the empty ones.
    fn close(&mut self, game: &Game, cap: usize) -> bool {
        let cap = u32::try_from(CLOSE_CAP_PER_CELL * cap + CLOSE_CAP_BASE).unwrap_or(u32::MAX);
        let found = self.closing.close(game, cap);
        self.count(self.closing.entered);
        found
    }

    /// A move that neither dies nor eats and after which the snake can still reach its
    /// tail (in the endgame, without crossing the food), picked among those by a hash of
    /// the step count; `None` if there is none.
    fn shuffle(&mut self, game: &Game, endgame: bool) -> Option<Direction> {
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
            if let Some(food) = game.food().filter(|_| endgame) {
                look_ahead.board.set_wall(food, true);
            }
            if self.look_ahead_reaches_tail() {
                safe[count] = Some(direction);
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        let pick = crate::snake::game_seed(self.clock.now(), self.last_meal) % count as u64;
        safe[pick as usize]
    }

    /// The endgame search from the real position: whether the snake can eat `food` by
    /// some sequence of moves after which the position passes
    /// [`has_eaten_safely`](Safety::has_eaten_safely). Leaves the cells entered, the food
    /// last, in `self.sequence`.
    fn endgame(&mut self, game: &Game, food: Cell) -> bool {
        self.endgame_within(game, food, ENDGAME_BUDGET)
    }

    /// [`endgame`](Safety::endgame), trying at most `budget` moves.
    fn endgame_within(&mut self, game: &Game, food: Cell, budget: u64) -> bool {
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
    fn solve(&mut self, level: usize, food: Cell) -> bool {
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
    fn frame(&self, food: Cell, key: u64, entered: Option<(Cell, Retreat)>) -> Frame {
        let position = self.look_ahead.position();
        let (board, snake) = (&position.board, &position.snake);
        let (width, height) = (board.width(), board.height());
        let (head, tail) = (snake.head(), snake.tail());
        let distance = |a: Cell, b: Cell| i64::from(a.0.abs_diff(b.0) + a.1.abs_diff(b.1));
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

    /// Tries food paths until one passes the look-ahead; leaves it in `self.candidate`.
    ///
    /// With compression: the compressed shortest path through each first step the
    /// distances allow, best `H` first, then the best one lengthened by Liu's extension.
    /// Without: the planner's path, then the same lengthened. From BFS distances
    /// (`FoodSource::Distances`) the search for them is the search for the food; from a
    /// repaired planner's, only the cells it vouches for are used, and its own path is the
    /// one lengthened when no compressed path reaches the food.
    fn food_path(&mut self, game: &Game, source: FoodSource<'_>, food: Cell) -> bool {
        let head = game.snake().head();
        let board = game.board();
        let (width, height) = (board.width(), board.height());
        let view = TailView::new(game);
        let mut distances = match source {
            FoodSource::Path(path) => {
                self.candidate.clear();
                self.candidate.extend_from_slice(path);
                if self.look_ahead_is_safe(game) {
                    return true;
                }
                return self.lengthened_is_safe(game);
            }
            FoodSource::Distances => {
                if self.from_food.run(&view, food).is_err() {
                    return false;
                }
                let expanded = self.from_food.last_stats().expanded;
                self.count(expanded);
                self.stats.path_expanded += expanded;
                Distances::Bfs
            }
            FoodSource::Repaired(path, distances) => {
                self.best.clear();
                self.best.extend_from_slice(path);
                Distances::Repaired(distances)
            }
        };
        let repaired = matches!(distances, Distances::Repaired(_));
        // The free space a first step reaches is the food's piece of the board: every
        // step scored below reaches the food, and on the virtual-tail view a cell reaches
        // another exactly when that one reaches it back (an edge only asks whether its
        // end may be entered). One fill from the food counts it for all of them; being
        // the same for all, it orders nothing, and a repaired planner need not count it.
        let free = if repaired {
            0
        } else {
            self.from_food.map().reached() as i64
        };
        // First steps that start a shortest path from there, scored by H.
        let mut firsts: [Option<(i64, Cell)>; 4] = [None; 4];
        let mut count = 0;
        for (slot, direction) in firsts.iter_mut().zip(Direction::ALL) {
            let Some(next) = direction.apply(head, width, height) else {
                continue;
            };
            let Some(head_distance) = distances.get(&self.from_food, board, next) else {
                continue;
            };
            *slot = Some((free - i64::from(head_distance), next));
            count += 1;
        }
        if count == 0 && !repaired {
            return false;
        }
        // The distances from the tail only order the steps: a lone step needs none.
        let tail = game.snake().tail();
        if count > 1 && tail != head {
            let targets = firsts.iter().flatten().map(|&(_, cell)| cell);
            if let Some(tail_distances) = self.tail_distances(&view, tail, targets, repaired) {
                for (score, next) in firsts.iter_mut().flatten() {
                    let tail_distance = tail_distances.get(board.index(*next));
                    *score += tail_distance.map_or(0, i64::from);
                }
            }
        }
        // Best H first; the sort is stable, so ties keep the direction order.
        firsts.sort_by_key(|first| std::cmp::Reverse(first.map(|(score, _)| score)));
        let mut have_best = repaired;
        // Whether `self.best` still holds the repaired planner's path, untried.
        let mut raw_untested = repaired;
        for (i, first) in firsts.iter().enumerate() {
            let Some((_, first)) = *first else {
                break;
            };
            let whole = compress(
                &view,
                first,
                &mut self.candidate,
                &mut self.on_path,
                |cell| distances.get(&self.from_food, board, cell),
            );
            debug_assert!(whole || repaired, "BFS distances lead to the food");
            if !whole {
                continue;
            }
            if self.look_ahead_is_safe(game) {
                return true;
            }
            if i == 0 || !have_best || raw_untested {
                self.best.clear();
                self.best.extend_from_slice(&self.candidate);
                have_best = true;
                raw_untested = false;
            }
        }
        if raw_untested {
            // No compressed path reached the food: the planner's own path, as it is.
            std::mem::swap(&mut self.candidate, &mut self.best);
            if self.look_ahead_is_safe(game) {
                return true;
            }
        }
        if repaired {
            // The few first steps the planner's values vouch for all failed: score every
            // first step, as from BFS distances. This is the only search for the food that
            // covers the board, and it runs only on such moves.
            return self.food_path(game, FoodSource::Distances, food);
        }
        if !have_best {
            return false;
        }
        std::mem::swap(&mut self.candidate, &mut self.best);
        self.lengthened_is_safe(game)
    }

    /// Distances from the tail on `view`, at least to each of `targets`: all of them by
    /// breadth-first search, or, with `bounded`, by a search that stops admitting cells
    /// once every target is reached (with unit costs a cell's first distance is final).
    fn tail_distances(
        &mut self,
        view: &TailView<&Game>,
        tail: Cell,
        targets: impl Iterator<Item = Cell> + Clone,
        bounded: bool,
    ) -> Option<&crate::DistanceMap<u32>> {
        if !bounded {
            self.from_tail.run(view, tail).ok()?;
            self.count(self.from_tail.last_stats().expanded);
            return Some(self.from_tail.map());
        }
        let board = view.board();
        let mut indices = [usize::MAX; 4];
        let mut left = 0;
        for cell in targets.filter(|&cell| cell != tail) {
            indices[left] = board.index(cell);
            left += 1;
        }
        let reached = self
            .tail_reach_bounded
            .run_admitting(view, [(tail, 0)], |index, _| {
                if left == 0 {
                    return false;
                }
                if let Some(slot) = indices.iter_mut().find(|slot| **slot == index) {
                    *slot = usize::MAX;
                    left -= 1;
                }
                true
            })
            .is_ok();
        let expanded = self.tail_reach_bounded.last_stats().expanded;
        self.count(expanded);
        reached.then(|| self.tail_reach_bounded.map())
    }

    /// Lengthens `self.candidate` by Liu's extension and runs the look-ahead on it.
    fn lengthened_is_safe(&mut self, game: &Game) -> bool {
        let length = self.candidate.len();
        if length < 2 {
            return false;
        }
        let (board, snake) = (game.board(), game.snake());
        extend_path(board, snake, None, &mut self.candidate, &mut self.on_path);
        self.candidate.len() > length && self.look_ahead_is_safe(game)
    }

    /// Moves the look-ahead snake along `self.candidate`, eating at its end, and asks
    /// whether it has filled the board or can still reach its tail.
    fn look_ahead_is_safe(&mut self, game: &Game) -> bool {
        if self.candidate.len() < 2 {
            return false;
        }
        // The rest of a path that passed on an earlier move, judged the same way, passes
        // again: the look-ahead snake ends where it ended then, and the check is
        // deterministic.
        if self.committed_judge == Some(self.judge) && self.candidate[1..] == self.committed[..] {
            return true;
        }
        let look_ahead = self.look_ahead.position_mut();
        look_ahead.copy_from(game);
        let last = self.candidate.len() - 1;
        for (i, &cell) in self.candidate.iter().enumerate().skip(1) {
            look_ahead.snake.advance(cell, i == last);
        }
        self.nodes_left = ENDGAME_BUDGET;
        let safe = self.has_eaten_safely(0);
        self.count(ENDGAME_BUDGET - self.nodes_left);
        safe
    }

    /// Whether the look-ahead snake, which has just eaten, has filled the board, or has
    /// its head beside the one empty cell left, or, with two or three empty cells left,
    /// passes `self.judge` (its nested searches at `level`), or else can still reach its
    /// tail.
    fn has_eaten_safely(&mut self, level: usize) -> bool {
        let look_ahead = self.look_ahead.position();
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
        } else if self.judge != Judge::Tail && free - look_ahead.snake.len() <= EXACT_EMPTY {
            let board_cells = look_ahead.board.cells();
            let mut misses = 0;
            for index in 0..board_cells {
                let look_ahead = self.look_ahead.position();
                if look_ahead.board.is_wall_index(index) || look_ahead.snake.occupied_index(index) {
                    continue;
                }
                let food = look_ahead.board.cell(index);
                match (self.solve(level, food), self.judge) {
                    (true, Judge::Hopeful) => return self.look_ahead_reaches_tail(),
                    (false, Judge::Sure) => return false,
                    (false, Judge::Likely) if misses == 1 => return false,
                    (false, _) => misses += 1,
                    _ => {}
                }
            }
            return match self.judge {
                Judge::Sure => true,
                Judge::Likely => self.look_ahead_reaches_tail(),
                Judge::Hopeful | Judge::Tail => false,
            };
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
        // Only whether a path exists and its length matter here: Liu's extension, which
        // only lengthens a path of two cells or more, would change neither.
        let result = self.tail_reach.plan(&self.look_ahead, head, tail);
        self.count(self.tail_reach.last_stats().expanded);
        result.is_ok_and(|path| path.nodes.len() >= MIN_TAIL_PATH)
    }

    /// The scratch a tail path is built in, borrowed apart from the look-ahead position.
    fn scratch(&mut self) -> TailScratch<'_> {
        TailScratch {
            planner: &mut self.tail_planner,
            path: &mut self.path,
            on_path: &mut self.on_path,
            stats: &mut self.stats,
        }
    }
}

/// Where the distances to the food come from: a breadth-first search's map, or a
/// repaired planner's values.
enum Distances<'p> {
    Bfs,
    Repaired(&'p mut dyn FnMut(Cell) -> Option<u32>),
}

impl Distances<'_> {
    /// The distance of `cell` to the food, if known.
    fn get(&mut self, bfs: &BfsReach, board: &Board, cell: Cell) -> Option<u32> {
        match self {
            Distances::Bfs => bfs.map().get(board.index(cell)),
            Distances::Repaired(distances) => distances(cell),
        }
    }
}

/// A shortest path to the food through `first` rebuilt from `distance` (to the food)
/// ("compressed" against obstacles): each step after `first` goes to the candidate with
/// the most blocked neighbours (walls, body, the board's edge, the path so far), then
/// straight on. The path hugs what is already closed off and leaves the open space in one
/// piece. Leaves it in `candidate`; `false` when the distances run out before the food.
fn compress(
    view: &TailView<&Game>,
    first: Cell,
    candidate: &mut Vec<Cell>,
    on_path: &mut Vec<bool>,
    mut distance: impl FnMut(Cell) -> Option<u32>,
) -> bool {
    let board = view.board();
    let (width, height) = (board.width(), board.height());
    let head = view.snake().head();
    candidate.clear();
    candidate.push(head);
    candidate.push(first);
    if on_path.len() < board.cells() {
        on_path.resize(board.cells(), false);
    }
    on_path[board.index(head)] = true;
    on_path[board.index(first)] = true;
    let mut previous = Direction::between(head, first);
    let mut current = first;
    let mut left = distance(current);
    while let Some(step) = left.filter(|&d| d > 0) {
        let mut best: Option<(Cell, Direction, i64)> = None;
        for direction in Direction::ALL {
            let Some(next) = direction.apply(current, width, height) else {
                continue;
            };
            if distance(next) != Some(step - 1) {
                continue;
            }
            let mut blocked = 0;
            for side in Direction::ALL {
                blocked += match side.apply(next, width, height) {
                    None => 1,
                    Some(cell) => i64::from(!view.enterable(cell) || on_path[board.index(cell)]),
                };
            }
            let score = 2 * blocked + i64::from(previous == Some(direction));
            if best.is_none_or(|(.., best_score)| score > best_score) {
                best = Some((next, direction, score));
            }
        }
        let Some((next, direction, _)) = best else {
            break;
        };
        on_path[board.index(next)] = true;
        candidate.push(next);
        previous = Some(direction);
        current = next;
        left = Some(step - 1);
    }
    for &cell in candidate.iter() {
        on_path[board.index(cell)] = false;
    }
    left == Some(0)
}

/// A tail path's scratch: the planner, the path and its cells, the statistics.
struct TailScratch<'s> {
    planner: &'s mut Bfs<DenseIds, u32>,
    path: &'s mut Vec<Cell>,
    on_path: &'s mut Vec<bool>,
    stats: &'s mut AgentStats,
}

impl TailScratch<'_> {
    /// A long path from `from` to `to` on `view` (the game's or the look-ahead's):
    /// a shortest path, then Liu's extension: while two consecutive steps have free cells
    /// beside both, detour through them. Leaves it in `self.path`; `false` when there is
    /// no path.
    fn longest_path<V: SnakeGraph>(self, view: &V, from: Cell, to: Cell) -> bool {
        let result = self.planner.plan(view, from, to);
        self.stats.searches += 1;
        self.stats.expanded += self.planner.last_stats().expanded;
        self.path.clear();
        let Ok(path) = result else {
            return false;
        };
        self.path.extend_from_slice(&path.nodes);
        extend_path(
            view.board(),
            view.snake(),
            view.wall(),
            self.path,
            self.on_path,
        );
        true
    }
}

/// The views a tail path is searched on: the game's (maybe with the food walled off) and
/// the look-ahead snake's.
trait SnakeGraph: IndexedGraph<Node = Cell, Cost = u32, Ids = DenseIds> {
    fn board(&self) -> &Board;
    fn snake(&self) -> &Snake;
    /// A cell blocked on top of the board's walls.
    fn wall(&self) -> Option<Cell> {
        None
    }
}

impl<P: Position> SnakeGraph for TailView<P> {
    fn board(&self) -> &Board {
        TailView::board(self)
    }
    fn snake(&self) -> &Snake {
        TailView::snake(self)
    }
}

/// The game's virtual-tail view with one more cell blocked: the food, which a tail path in
/// the endgame must not cross (eating there would leave the tail in place).
struct Walled<'g> {
    view: TailView<&'g Game>,
    wall: Option<Cell>,
}

impl Graph for Walled<'_> {
    type Node = Cell;
    type Cost = u32;
    type Ids = DenseIds;

    fn successors(&self, cell: Cell, mut visit: impl FnMut(Cell, u32)) {
        self.view.successors(cell, |next, cost| {
            if Some(next) != self.wall {
                visit(next, cost);
            }
        });
    }

    fn check_node(&self, cell: Cell) -> Result<(), InvalidNode> {
        if Some(cell) == self.wall {
            return Err(InvalidNode::Blocked);
        }
        self.view.check_node(cell)
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl IndexedGraph for Walled<'_> {
    fn node_bound(&self) -> usize {
        self.view.node_bound()
    }
    fn index(&self, cell: Cell) -> usize {
        self.view.index(cell)
    }
    fn node(&self, index: usize) -> Cell {
        self.view.node(index)
    }
    fn indexed_successors(
        &self,
        cell: Cell,
        index: usize,
        mut visit: impl FnMut(Cell, usize, u32),
    ) {
        self.view
            .indexed_successors(cell, index, |next, next_index, cost| {
                if Some(next) != self.wall {
                    visit(next, next_index, cost);
                }
            });
    }
}

impl SnakeGraph for Walled<'_> {
    fn board(&self) -> &Board {
        self.view.board()
    }
    fn snake(&self) -> &Snake {
        self.view.snake()
    }
    fn wall(&self) -> Option<Cell> {
        self.wall
    }
}

/// The most empty cells a meal may leave for [`Safety::has_eaten_safely`] to check
/// exactly; the endgame search runs with one more.
const EXACT_EMPTY: usize = 3;

/// A key of the snake's cells in order, for the endgame search to see each position
/// once: Zobrist hashing (Zobrist, "A new hashing method with application for game
/// playing", University of Wisconsin TR 88, 1970), the exclusive or of one pseudo-random
/// key per body cell and the direction to the next cell towards the head, and one for the
/// head. A move changes four keys, so [`move_key`] updates it in `O(1)`; two positions
/// that share a key (odds about `2⁻⁶⁴` per pair) would only hide one from the search.
pub(super) fn position_key(snake: &Snake) -> u64 {
    let mut key = cell_key(snake.head(), HEAD_CODE);
    let mut toward_head = snake.head();
    for cell in snake.body().skip(1) {
        key ^= cell_key(cell, direction_code(cell, toward_head));
        toward_head = cell;
    }
    key
}

/// What moving the head to `next` without eating changes in [`position_key`].
fn move_key(snake: &Snake, next: Cell) -> u64 {
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
const HEAD_CODE: u64 = 4;

fn direction_code(from: Cell, to: Cell) -> u64 {
    Direction::between(from, to).map_or(HEAD_CODE + 1, |direction| direction as u64)
}

/// A pseudo-random 64-bit key of a cell and a code: SplitMix64's finaliser (Steele, Lea
/// and Flood, OOPSLA 2014), so no table needs building per board.
fn cell_key((x, y): Cell, code: u64) -> u64 {
    let mut z = (u64::from(x) << 40 | u64::from(y) << 8 | code)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most moves one exact check or endgame search tries, its nested searches included.
const ENDGAME_BUDGET: u64 = 20_000;
/// The most moves a search for a way out of a loop tries with each of the stricter
/// judgements, near the end: rare, and worth the game.
const RESCUE_BUDGET: u64 = 250_000;
/// An endgame search that ran out of moves is tried again, for the same food and length,
/// after this many times the free cells in moves: the snake has moved on to positions the
/// search may not have reached.
const RETRY_FACTOR: u64 = 4;

/// A cycle through the body is looked for once the empty cells are at most the larger of
/// `CLOSE_EMPTY` and the share `CLOSE_SHARE` of the free cells: early enough that the
/// empty cells still leave many ways to close it. With half the free cells, 6 of 1,800
/// games (10×10 to 20×20, 9×9 and 11×11; seeds 1 to 3) never found one: the meals before
/// half the board was full had left holes in the body, no cycle closed after any later
/// meal, and the snake circled until the step cap.
const CLOSE_EMPTY: usize = 12;
const CLOSE_SHARE: (usize, usize) = (3, 4);
/// Above half that bound, a cycle is looked for on every `CLOSE_EVERY`-th move only.
const CLOSE_EVERY: u64 = 8;
/// The cells one search for a closing path may enter: `CLOSE_CAP_PER_CELL` per empty
/// cell (per unit of the cap handed to [`Safety::close`]) and `CLOSE_CAP_BASE`.
const CLOSE_CAP_PER_CELL: usize = 12;
const CLOSE_CAP_BASE: usize = 64;
/// The cap unit of a search for a closing path made to leave a loop, which is rare enough
/// to afford more.
const RESCUE_CLOSE_CAP: usize = 2_000;

/// The fewest cells (head and tail included) of the look-ahead snake's path to its tail.
const MIN_TAIL_PATH: usize = 2;

/// Liu's extension (`longest_path_to` in chuyangliu/snake's `snake/solver/path.py`):
/// while two consecutive steps of `path` have free cells beside both, off the path, detour
/// through them, two moves longer. The endpoints stay.
fn extend_path(
    board: &Board,
    snake: &Snake,
    wall: Option<Cell>,
    path: &mut Vec<Cell>,
    on_path: &mut Vec<bool>,
) {
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
            !board.is_wall_index(index)
                && Some(cell) != wall
                && !snake.occupied_index(index)
                && !on_path[index]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snake::GameConfig;

    /// A 6×6 game with a snake of two cells and the food on `food`.
    fn two_cells_on_6x6(body: [Cell; 2], food: Cell) -> Game {
        let config = GameConfig::new(6, 6).unwrap().with_start(body.to_vec());
        with_food(config, food)
    }

    /// Plays `moves` over and over, `laps` times: a loop that never eats. `safety` reads
    /// each position before its move, as the agent it serves does.
    fn go_round(game: &mut Game, safety: &mut Safety, laps: usize, moves: [Direction; 4]) {
        for _ in 0..laps {
            for direction in moves {
                safety.refresh(game);
                game.step(direction);
            }
        }
    }

    /// The game of `config` with its food on `food`.
    fn with_food(config: GameConfig, food: Cell) -> Game {
        Game::new(&config.with_food(food)).unwrap()
    }

    #[test]
    fn move_keys_follow_the_position_key() {
        let config = GameConfig::new(5, 4).unwrap().with_start_length(6);
        let game = Game::new(&config).unwrap();
        let mut snake = game.snake().clone();
        let mut key = position_key(&snake);
        // Walk the snake round the board's edge and back through the middle, entering its
        // tail's cell on the way, and growing on a few moves.
        for step in 0..60u32 {
            let head = snake.head();
            let next = Direction::ALL
                .into_iter()
                .filter_map(|direction| direction.apply(head, 5, 4))
                .filter(|&cell| snake.moves_until_free(cell) <= 1)
                .nth((step % 2) as usize)
                .or_else(|| {
                    Direction::ALL
                        .into_iter()
                        .filter_map(|direction| direction.apply(head, 5, 4))
                        .find(|&cell| snake.moves_until_free(cell) <= 1)
                });
            let Some(next) = next else { break };
            let grow = step % 7 == 3 && snake.len() < 12 && !snake.occupied(next);
            if !grow {
                key ^= move_key(&snake, next);
            }
            snake.advance(next, grow);
            if grow {
                key = position_key(&snake);
            }
            assert_eq!(key, position_key(&snake), "step {step}");
        }
        assert!(snake.len() > 6);
    }

    /// A position of a real 11×11 game (start length 3, seed 1, game 17, step 2234):
    /// length 117 right after a meal, the food at (9, 8), three more empty cells. No meal
    /// fills the board for sure wherever the later food falls (an exhaustive search of
    /// the snake's moves and the food's cells puts the best play at two wins in three),
    /// but some meal wins in every cell the next food may take but one.
    #[test]
    fn a_fresh_path_replaces_a_longer_one_until_the_snake_has_waited() {
        // A snake of two at the top left, the food at the bottom right, and a path to it
        // kept from an earlier move that winds down the left side first: 12 moves against
        // the 8 of a shortest path.
        let food = (5, 4);
        let game = two_cells_on_6x6([(1, 0), (0, 0)], food);
        let mut safety = Safety::new();
        safety.refresh(&game);
        // As kept: the head's cell first, which the move it made there removes.
        #[rustfmt::skip]
        let winding = [
            (1, 0), (1, 1), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5), (3, 5),
            (4, 5), (5, 5), (5, 4),
        ];
        safety.committed.extend_from_slice(&winding[..]);
        let direction = safety.decide(&game, FoodPlan::Distances);
        assert_eq!(safety.committed.last(), Some(&food));
        assert_eq!(safety.committed.len(), 8, "{:?}", safety.committed);
        assert_ne!(direction, Direction::Down);
    }

    #[test]
    fn a_longer_fresh_path_replaces_the_kept_one_until_the_wait_is_over() {
        // The tail lies between the head and the food, so the kept shortest path runs
        // through the cell it leaves; scoring first steps by distance from the tail
        // prefers a way round it.
        let food = (0, 0);
        let mut game = two_cells_on_6x6([(3, 0), (2, 0)], food);
        let kept = [(3, 0), (2, 0), (1, 0), (0, 0)];
        // One agent's scratch throughout: it dates the last meal from the game's start.
        let mut safety = Safety::new();
        let replaced = |safety: &mut Safety, game: &Game| {
            safety.refresh(game);
            safety.committed.clear();
            safety.committed.extend_from_slice(&kept[..]);
            safety.decide(game, FoodPlan::Distances);
            assert_eq!(safety.committed.last(), Some(&food));
            safety.committed.len() > kept.len() - 1
        };
        assert!(replaced(&mut safety, &game), "at the first move");
        // Nine laps of four moves: as many moves as free cells, not more.
        go_round(
            &mut game,
            &mut safety,
            9,
            [
                Direction::Down,
                Direction::Left,
                Direction::Up,
                Direction::Right,
            ],
        );
        assert_eq!(game.snake().body().collect::<Vec<_>>(), [(3, 0), (2, 0)]);
        assert_eq!(game.steps(), game.board().free_cells() as u64);
        assert!(
            replaced(&mut safety, &game),
            "after as many moves as free cells"
        );
    }

    #[test]
    fn after_a_long_wait_a_fresh_path_as_short_still_replaces_the_one_kept() {
        let food = (5, 4);
        let mut game = two_cells_on_6x6([(1, 0), (0, 0)], food);
        let mut safety = Safety::new();
        safety.refresh(&game);
        // Ten laps round the top-left square without eating: more moves than free cells.
        go_round(
            &mut game,
            &mut safety,
            10,
            [
                Direction::Down,
                Direction::Left,
                Direction::Up,
                Direction::Right,
            ],
        );
        assert_eq!((game.snake().head(), game.snake().len()), ((1, 0), 2));
        assert!(game.steps() > game.board().free_cells() as u64);
        safety.refresh(&game);
        // Kept: a shortest path down the second column, then along the fifth row.
        #[rustfmt::skip]
        let kept = [
            (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4), (4, 4), (5, 4),
        ];
        safety.committed.extend_from_slice(&kept[..]);
        safety.decide(&game, FoodPlan::Distances);
        // A fresh path as short replaces it.
        assert_eq!(safety.committed.len(), 8);
        assert_ne!(safety.committed[..], kept[1..], "the fresh path is another");
    }

    /// Plays a game by `SafeAgent`'s rule (its planning is `decide` on the food's
    /// distances), and reports at each move whether the rule has handed over.
    fn play(config: &GameConfig, mut each: impl FnMut(&Game, &Safety)) -> Game {
        let mut game = Game::new(config).unwrap();
        let mut safety = Safety::new();
        while !game.is_over() {
            safety.refresh(&game);
            let direction = match safety.follow_cycle(&game) {
                Some(direction) => direction,
                None => safety.decide(&game, FoodPlan::Distances),
            };
            game.step(direction);
            each(&game, &safety);
        }
        game
    }

    #[test]
    fn the_rule_hands_over_once_a_quarter_full_and_a_cycle_closes_after_every_later_meal() {
        let mut early = 0;
        for (width, height) in [(8, 8), (9, 9), (10, 8)] {
            for seed in 0..6 {
                let config = GameConfig::new(width, height)
                    .unwrap()
                    .with_start_length(3)
                    .with_seed(seed);
                let free = (width * height) as usize;
                let mut handed_at = None;
                let mut length = 3;
                let game = play(&config, |game, safety| {
                    let empty = free - game.snake().len();
                    if handed_at.is_none() && safety.handed_over {
                        handed_at = Some(empty);
                    }
                    assert_eq!(safety.handed_over, handed_at.is_some(), "it plays on");
                    // After each meal the body lies in order on the cycle the rule holds:
                    // a Hamiltonian cycle (on 9×9, round all cells but one) through it.
                    let meal = game.snake().len() > length;
                    if handed_at.is_some() && meal && empty > 0 {
                        let rule = safety.reclosing.as_ref().expect("the rule plays");
                        assert!(rule.holds_its_cycle(game), "{game}");
                    }
                    length = game.snake().len();
                });
                assert_eq!(game.snake().len(), free, "{width}x{height} seed {seed}");
                let handed_at = handed_at.expect("a cycle closed");
                assert!(handed_at <= free * 3 / 4, "{handed_at} of {free} empty");
                early += usize::from(handed_at > free / 2);
            }
        }
        // Half a board full is where it started looking before.
        assert!(
            early >= 6,
            "{early} of 18 handed over before half the board was full"
        );
    }

    #[test]
    fn after_the_hand_over_the_agent_counts_the_reclosing_rules_work() {
        for seed in 0..4 {
            let config = GameConfig::new(10, 10)
                .unwrap()
                .with_start_length(3)
                .with_seed(seed);
            // The agent's and the rule's searches and cells expanded after the last move
            // that the rule alone decided.
            let mut last: Option<[u64; 4]> = None;
            let mut counted = 0;
            play(&config, |_, safety| {
                if !safety.handed_over {
                    return;
                }
                let rule = safety.reclosing.as_ref().unwrap().stats();
                let now = [
                    safety.stats.searches,
                    safety.stats.expanded,
                    rule.searches,
                    rule.expanded,
                ];
                if let Some(before) = last {
                    assert_eq!(now[0] - before[0], now[2] - before[2], "searches");
                    assert_eq!(now[1] - before[1], now[3] - before[3], "cells expanded");
                    counted += now[3] - before[3];
                }
                last = Some(now);
            });
            assert!(
                counted > 0,
                "seed {seed}: the rule searched after the hand-over"
            );
        }
    }

    #[test]
    fn the_last_resort_keeps_the_tail_and_counts_a_meal_as_growth() {
        // A corridor of five cells, the snake in its first two, the food beside the head.
        // Backing into the cell the tail leaves keeps the tail beside the head; eating
        // leaves the body between head and tail with two cells empty, the tail out of
        // reach.
        let board: Board = ".....\n#####".parse().unwrap();
        let food = (2, 0);
        let game = with_food(
            GameConfig::with_board(board.clone()).with_start(vec![(1, 0), (0, 0)]),
            food,
        );
        let keeps = Safety::new().tail_keeping_moves(&game);
        let keeps = |direction| keeps[Direction::ALL.iter().position(|&d| d == direction).unwrap()];
        assert!(keeps(Direction::Left), "into the leaving tail");
        assert!(!keeps(Direction::Right), "the meal");
        assert!(
            !keeps(Direction::Up) && !keeps(Direction::Down),
            "off the board"
        );
    }

    #[test]
    fn a_likely_meal_is_found_where_no_sure_one_exists() {
        #[rustfmt::skip]
        let body = vec![
            (7, 5), (7, 4), (7, 3), (7, 2), (8, 2), (8, 3), (9, 3), (9, 2), (9, 1), (8, 1),
            (7, 1), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (5, 5), (5, 4), (5, 3), (5, 2),
            (4, 2), (4, 3), (3, 3), (2, 3), (1, 3), (1, 4), (2, 4), (2, 5), (1, 5), (1, 6),
            (0, 6), (0, 5), (0, 4), (0, 3), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (2, 1),
            (1, 1), (0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (5, 1), (5, 0),
            (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (10, 1), (10, 2), (10, 3), (10, 4), (9, 4),
            (9, 5), (10, 5), (10, 6), (9, 6), (9, 7), (10, 7), (10, 8), (10, 9), (10, 10), (9, 10),
            (9, 9), (8, 9), (8, 10), (7, 10), (6, 10), (5, 10), (4, 10), (3, 10), (2, 10), (1, 10),
            (0, 10), (0, 9), (0, 8), (0, 7), (1, 7), (1, 8), (1, 9), (2, 9), (3, 9), (4, 9),
            (5, 9), (5, 8), (5, 7), (4, 7), (3, 7), (3, 8), (2, 8), (2, 7), (2, 6), (3, 6),
            (3, 5), (3, 4), (4, 4), (4, 5), (4, 6), (5, 6), (6, 6), (7, 6), (7, 7), (6, 7),
            (6, 8), (6, 9), (7, 9), (7, 8), (8, 8), (8, 7), (8, 6),
        ];
        let food = (9, 8);
        let game = with_food(
            GameConfig::new(11, 11).unwrap().with_start(body.clone()),
            food,
        );
        assert_eq!(game.board().free_cells() - game.snake().len(), 4);
        let mut safety = Safety::new();
        safety.judge = Judge::Sure;
        assert!(!safety.endgame_within(&game, food, RESCUE_BUDGET));
        safety.judge = Judge::Likely;
        assert!(safety.endgame_within(&game, food, RESCUE_BUDGET));
        assert_eq!(safety.sequence.last(), Some(&food));
        // The way it found: in every cell the next food may take but one, the snake can
        // eat it again under the same judgement.
        let mut look_ahead = game.snake().clone();
        for (i, &cell) in safety.sequence.iter().enumerate() {
            look_ahead.advance(cell, i + 1 == safety.sequence.len());
        }
        let empty: Vec<Cell> = (0..121)
            .map(|index| game.board().cell(index))
            .filter(|&cell| !look_ahead.occupied(cell))
            .collect();
        assert_eq!(empty.len(), 3);
        let likely = empty
            .iter()
            .filter(|&&next_food| {
                let game = with_food(
                    GameConfig::new(11, 11)
                        .unwrap()
                        .with_start(look_ahead.body().collect()),
                    next_food,
                );
                let mut safety = Safety::new();
                safety.judge = Judge::Likely;
                safety.endgame_within(&game, next_food, RESCUE_BUDGET)
            })
            .count();
        assert!(likely >= 2, "{likely} of 3");
    }

    #[test]
    fn position_keys_tell_the_order_of_the_cells() {
        let forward = Snake::new(3, 3, &[(0, 0), (1, 0), (1, 1), (0, 1)]);
        let backward = Snake::new(3, 3, &[(0, 1), (1, 1), (1, 0), (0, 0)]);
        let shifted = Snake::new(3, 3, &[(1, 0), (1, 1), (0, 1), (0, 0)]);
        let keys = [&forward, &backward, &shifted].map(position_key);
        assert_ne!(keys[0], keys[1]);
        assert_ne!(keys[0], keys[2]);
        assert_ne!(keys[1], keys[2]);
        assert_eq!(position_key(&forward.clone()), keys[0]);
    }
}
