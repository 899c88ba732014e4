//! The decisions [`SafeAgent`](super::SafeAgent) and
//! [`IncrementalAgent`](super::IncrementalAgent) share, given a shortest path to the food
//! found by their own planner (or, for the compressed rule, none: the BFS distances from
//! the food it rebuilds the path from tell whether there is one).

use super::common::{most_free_space, MoveClock, ReclosingRule};
use crate::snake::body::Retreat;
use crate::snake::cycle::ClosingCycle;
use crate::snake::{AgentStats, Board, Cell, Direction, Game, Position, Snake, Snapshot, TailView};
use crate::DenseIds;
use crate::{Bfs, BfsReach, BidirectionalBfs, Graph, IndexedGraph, InvalidNode, Planner};
use loop_guard::LoopGuard;
use rustc_hash::FxHashSet;

mod endgame;
mod food_path;
mod greedy;
mod incremental;
mod loop_guard;
mod rules;
mod safe;
mod tail_path;
#[cfg(test)]
mod tests;
mod toward_head;

pub use greedy::GreedyAgent;
pub use incremental::{IncrementalAgent, PlannerComparison};
pub use safe::SafeAgent;

use endgame::Level;
use tail_path::{extend_path, TailScratch, Walled};

/// Per-agent scratch and the decision rule built on it.
#[derive(Debug)]
pub(super) struct Safety {
    /// The look-ahead snake that has eaten: a position of its own, simulated ahead of the
    /// game's. The game's own position is read through views that borrow it.
    look_ahead: TailView<Snapshot>,
    /// Distances from the food, from the tail, and flood fills.
    from_food: BfsReach,
    from_tail: BfsReach,
    /// Distances from the tail to the cells beside the head, and no farther.
    toward_head: toward_head::TowardHead,
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
    reclosing: Option<Box<ReclosingRule>>,
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
            toward_head: toward_head::TowardHead::default(),
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
        let before = reclosing.stats;
        let direction = reclosing.move_on_cycle(game);
        let after = reclosing.stats;
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

/// The most empty cells a meal may leave for [`Safety::has_eaten_safely`] to check
/// exactly; the endgame search runs with one more.
const EXACT_EMPTY: usize = 3;

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
/// empty cells still leave many ways to close it. Looked for only from half full on,
/// some games never found one: the meals before had left holes in the body, no cycle
/// closed after any later meal, and the snake circled until the step cap.
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
