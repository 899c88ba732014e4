//! [`IncrementalAgent`]: [`SafeAgent`](super::SafeAgent)'s rule, its food paths taken
//! from a D* Lite search repaired each move instead of a search from scratch.

use super::{FoodPlan, Safety};
use crate::snake::{Agent, AgentStats, Cell, Direction, Game, StepDistance, TailView};
use crate::stamped::Stamped;
use crate::DenseIds;
use crate::{AStar, Cost, DStarLite, Planner, Zero};

/// [`SafeAgent`](super::SafeAgent)'s rule, its food paths taken from one [`DStarLite`]
/// (Koenig and Likhachev, "D* Lite", AAAI 2002) that it repairs from move to move.
///
/// # Rule
///
/// D* Lite searches backwards from the food on the virtual-tail view of the game itself
/// ([`TailView`] over `&Game`), with no heuristic: an incremental Dijkstra search that
/// settles every cell nearer the food than the head. Each move only the cells that
/// changed (the new head with its neighbours, the old and new tail) are reported through
/// [`DStarLite::notify_changed`], the start moves to the head, and
/// [`replan`](DStarLite::replan) repairs the search; a meal moves the goal and starts
/// a new one. The compressed paths of [`SafeAgent`](super::SafeAgent)'s rule are rebuilt
/// from D* Lite's values (a consistent cell's `g` is its distance to the food; a first
/// step it did not settle is scored by its `rhs`), and the distances from the tail that
/// order the first steps come from an A* search from the tail towards the head that stops
/// once it has them (the same distances as a breadth-first search). Only when
/// no such path passes the look-ahead does the agent fall back to a breadth-first search
/// from the food, and then decides exactly as [`SafeAgent`](super::SafeAgent) does.
/// Everything else (the look-ahead, the endgame search, the loop guard, the hand-over to
/// a closing cycle) is [`SafeAgent`](super::SafeAgent)'s.
///
/// # Guarantee
///
/// As [`SafeAgent`](super::SafeAgent): every move it takes enters a free cell or the
/// leaving tail unless none does; no win is guaranteed. It plays other games than
/// [`SafeAgent`](super::SafeAgent), where several paths pass the look-ahead.
///
/// # Cost per move
///
/// A repair expands the cells whose distance to the food the move changed, a handful
/// on an open board; a search from scratch after each meal expands the cells nearer the
/// food than the head. The statistics ([`Agent::stats`]) count every node any of its
/// searches expands. [`with_comparison`](IncrementalAgent::with_comparison) also runs
/// [`AStar`] from scratch on the same view each move, to count what the repair saves
/// ([`comparison`](IncrementalAgent::comparison)).
///
/// # Example
///
/// ```
/// use replan::snake::{play_game, GameConfig, IncrementalAgent};
/// let mut agent = IncrementalAgent::with_comparison();
/// let record = play_game(&mut agent, &GameConfig::new(8, 8)?, 1, 0)?;
/// let comparison = agent.comparison();
/// // Moves on a cycle through the body are not planned.
/// assert!(comparison.moves > 0 && comparison.moves <= record.steps);
/// assert!(comparison.dstar_expanded < comparison.astar_expanded);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct IncrementalAgent {
    safety: Safety,
    dstar: DStarLite<Zero, Cell, DenseIds, u32>,
    /// The goal of the search D* Lite holds, if any.
    planned_goal: Option<Cell>,
    /// The move number, head and tail at the last move planned, to tell what changed.
    last: Option<(u64, Cell, Cell)>,
    astar: Option<AStar<StepDistance, DenseIds, u32>>,
    comparison: PlannerComparison,
    path: Vec<Cell>,
    /// This move's values by board index, read from D* Lite once each (`NO_VALUE` for
    /// none).
    values: Stamped<u32>,
}

/// A cell D* Lite holds no usable value for.
const NO_VALUE: u32 = u32::MAX;

/// What D* Lite's repairs cost against A* from scratch on the same positions.
///
/// # Example
///
/// ```
/// use replan::snake::PlannerComparison;
/// let comparison = PlannerComparison { moves: 10, dstar_expanded: 50, astar_expanded: 400, ..Default::default() };
/// assert_eq!(comparison.ratio(), 8.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlannerComparison {
    /// Moves planned.
    pub moves: u64,
    /// Nodes D* Lite expanded, over all moves.
    pub dstar_expanded: u64,
    /// Of which in searches from scratch (the first move, and after each meal).
    pub dstar_full_expanded: u64,
    /// Searches from scratch.
    pub dstar_full_searches: u64,
    /// Nodes A* expanded from scratch on the same positions (0 without the comparison).
    pub astar_expanded: u64,
    /// D* Lite's expansions at each repair (moves that did not plan from scratch), in
    /// order; kept only with the comparison on.
    pub repair_expanded: Vec<u32>,
}

impl PlannerComparison {
    /// How many times more nodes A* from scratch expanded than D* Lite.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::PlannerComparison;
    /// assert_eq!(PlannerComparison::default().ratio(), 0.0);
    /// ```
    pub fn ratio(&self) -> f64 {
        if self.dstar_expanded == 0 {
            0.0
        } else {
            self.astar_expanded as f64 / self.dstar_expanded as f64
        }
    }
}

impl Default for IncrementalAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl IncrementalAgent {
    /// The agent.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, IncrementalAgent};
    /// assert_eq!(IncrementalAgent::new().name(), "incremental");
    /// ```
    pub fn new() -> IncrementalAgent {
        IncrementalAgent {
            safety: Safety::new(),
            dstar: DStarLite::new(Zero),
            planned_goal: None,
            last: None,
            astar: None,
            comparison: PlannerComparison::default(),
            path: Vec::new(),
            values: Stamped::new(),
        }
    }

    /// The agent, also planning each move with A* from scratch to compare.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::IncrementalAgent;
    /// assert_eq!(IncrementalAgent::with_comparison().comparison().moves, 0);
    /// ```
    pub fn with_comparison() -> IncrementalAgent {
        let mut agent = IncrementalAgent::new();
        agent.astar = Some(AStar::new(StepDistance));
        agent
    }

    /// What the planning has cost so far.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{play_game, GameConfig, IncrementalAgent};
    /// let mut agent = IncrementalAgent::new();
    /// play_game(&mut agent, &GameConfig::new(6, 6)?, 2, 0)?;
    /// assert!(agent.comparison().dstar_full_searches >= 1);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn comparison(&self) -> &PlannerComparison {
        &self.comparison
    }

    /// Reports to D* Lite the cells whose passability changed since the last move, or
    /// starts over at a game's first move or after a gap.
    fn sync(&mut self, game: &Game, view: &TailView<&Game>) {
        let snake = game.snake();
        let (head, tail) = (snake.head(), snake.tail());
        let continues = matches!(self.last, Some((steps, ..)) if steps + 1 == self.safety.now());
        match self.last {
            Some((_, _, last_tail)) if continues => {
                if self.planned_goal.is_some() {
                    // The new head became blocked, so its neighbours are reported with it;
                    // the old tail and the new tail opened up and list their own edges. The
                    // old head was not enterable before either.
                    let (width, height) = (game.board().width(), game.board().height());
                    let around_head = Direction::ALL
                        .into_iter()
                        .filter_map(|direction| direction.apply(head, width, height));
                    let changed = [head, last_tail, tail].into_iter().chain(around_head);
                    if self.dstar.notify_changed(view, changed).is_err() {
                        self.planned_goal = None;
                    }
                }
            }
            _ => {
                self.dstar = DStarLite::new(Zero);
                self.planned_goal = None;
            }
        }
        self.last = Some((self.safety.now(), head, tail));
    }
}

impl Agent for IncrementalAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        self.safety.refresh(game);
        // On a cycle through the body the cycle decides; D* Lite starts over if the
        // cycle is ever left, as after any gap.
        if let Some(direction) = self.safety.follow_cycle(game) {
            return direction;
        }
        let head = game.snake().head();
        let Some(food) = game.food() else {
            return Direction::Up;
        };
        let view = TailView::new(game);
        // Move the start first, so the cells reported next are keyed from the new head.
        let repair = self.planned_goal == Some(food)
            && matches!(self.last, Some((steps, ..)) if steps + 1 == self.safety.now());
        if repair && self.dstar.move_start(&view, head).is_err() {
            self.planned_goal = None;
        }
        self.sync(game, &view);
        let full = self.planned_goal != Some(food);
        let result = if full {
            self.planned_goal = Some(food);
            self.dstar.plan(&view, head, food)
        } else {
            self.dstar.replan(&view)
        };
        let expanded = self.dstar.last_stats().expanded;
        let comparison = &mut self.comparison;
        comparison.moves += 1;
        comparison.dstar_expanded += expanded;
        if full {
            comparison.dstar_full_expanded += expanded;
            comparison.dstar_full_searches += 1;
        }
        if let Some(astar) = &mut self.astar {
            let _ = astar.plan(&view, head, food);
            comparison.astar_expanded += astar.last_stats().expanded;
            if !full {
                comparison.repair_expanded.push(expanded as u32);
            }
        }
        let stats = &mut self.safety.stats;
        stats.searches += 1;
        stats.expanded += expanded;
        stats.path_expanded += expanded;
        self.path.clear();
        let found = match result {
            Ok(path) => {
                self.path.extend_from_slice(&path.nodes);
                true
            }
            Err(_) => false,
        };
        // The compressed paths are rebuilt from D* Lite's values. A consistent cell's `g`
        // is its distance to the food; a cell the search only reached has its `rhs`, one
        // more than the `g` of the neighbour it came through; a first step farther from
        // the food than the head, one more than its neighbours' values. A rebuilt path
        // steps down one at a time to `g = 0`, the food, or is dropped: each value is the
        // length of a walk the path can take, so what it finds is a real path.
        let dstar = &mut self.dstar;
        let board = game.board();
        self.values.clear(board.cells());
        let memo = &mut self.values;
        let mut value = move |cell: Cell| -> Option<u32> {
            let index = board.index(cell);
            let known = memo.get(index).unwrap_or_else(|| {
                let read = view
                    .enterable(cell)
                    .then(|| dstar.node_values(&view, cell).ok())
                    .flatten()
                    .map_or(NO_VALUE, |values| {
                        if values.is_consistent() {
                            values.g
                        } else {
                            values.rhs
                        }
                    });
                memo.set(index, read);
                read
            });
            (known != NO_VALUE && known != <u32 as Cost>::INFINITY).then_some(known)
        };
        let (width, height) = (game.board().width(), game.board().height());
        let mut distances = |cell: Cell| -> Option<u32> {
            if let Some(known) = value(cell) {
                return Some(known);
            }
            if Direction::between(head, cell).is_none() || !view.enterable(cell) {
                return None;
            }
            Direction::ALL
                .into_iter()
                .filter_map(|direction| direction.apply(cell, width, height))
                .filter(|&next| next != head)
                .filter_map(&mut value)
                .min()
                .map(|nearest| nearest + 1)
        };
        // A first step the values do not reach lies behind the body or a wall, or out of
        // the food's reach: only a search of the board scores it, as the rule needs.
        let scored = Direction::ALL
            .into_iter()
            .filter_map(|direction| direction.apply(head, width, height))
            .all(|next| !view.enterable(next) || distances(next).is_some());
        if !scored {
            return self.safety.decide(game, FoodPlan::Distances);
        }
        let path = found.then_some(self.path.as_slice());
        self.safety
            .decide(game, FoodPlan::Repaired(path, &mut distances))
    }

    fn stats(&self) -> AgentStats {
        self.safety.stats
    }

    fn name(&self) -> &str {
        "incremental"
    }
}
