//! [`HamiltonianAgent`]: follows a Hamiltonian cycle of the board and takes shortcuts that
//! keep the snake in cycle order (the shortcut rule of chuyangliu/snake's Hamilton solver
//! and John Tapsell's "perturbed Hamiltonian cycle"). The rule, why it never dies and its
//! cost are on the type; the cycle comes from [`cycle`](crate::snake::cycle).

use super::super::common::{any_safe_move, direction_to, load_body};
use crate::snake::cycle::{CycleError, HamiltonianCycle, Layout, NONE};
use crate::snake::{Agent, AgentStats, Board, Cell, Direction, Game};
use crate::{Bfs, DenseIds, Graph, IndexedGraph, Planner};

/// The graph the shortcut search runs on: cells whose place along the cycle, relative to
/// the tail, lies above the current cell's and at most the food's.
#[derive(Clone, Debug)]
pub(crate) struct ShortcutView {
    layout: Layout,
    position: Vec<u32>,
    len: u32,
    /// The tail's place: places are measured from it.
    origin: u32,
    /// The food's place relative to the tail: no shortcut goes past it.
    limit: u32,
}

impl ShortcutView {
    pub(crate) fn new(layout: &Layout, cycle: &HamiltonianCycle) -> Self {
        ShortcutView {
            layout: layout.clone(),
            position: cycle.places().to_vec(),
            len: cycle.len() as u32,
            origin: 0,
            limit: 0,
        }
    }

    /// The place of `cell` relative to the tail.
    #[inline]
    pub(crate) fn relative(&self, cell: u32) -> u32 {
        let place = self.position[cell as usize];
        if place >= self.origin {
            place - self.origin
        } else {
            place + self.len - self.origin
        }
    }
}

impl Graph for ShortcutView {
    type Node = u32;
    type Cost = u32;
    type Ids = DenseIds;

    #[inline]
    fn successors(&self, cell: u32, mut visit: impl FnMut(u32, u32)) {
        let here = self.relative(cell);
        for next in self.layout.free_neighbours(cell) {
            if next != NONE {
                let place = self.relative(next);
                if place > here && place <= self.limit {
                    visit(next, 1);
                }
            }
        }
    }

    fn uniform_costs(&self) -> bool {
        true
    }
}

impl IndexedGraph for ShortcutView {
    fn node_bound(&self) -> usize {
        self.layout.len()
    }

    fn index(&self, cell: u32) -> usize {
        cell as usize
    }

    fn node(&self, index: usize) -> u32 {
        index as u32
    }
}

/// The decision of [`HamiltonianAgent`] over plain cell indices: a cycle, the shortcut view
/// over it and the search that runs on the view, all kept from move to move.
#[derive(Debug)]
pub(crate) struct CycleFollower {
    pub(crate) cycle: HamiltonianCycle,
    view: ShortcutView,
    search: Bfs<DenseIds, u32>,
    /// Nodes expanded by the last decision's search.
    pub(crate) last_expanded: u64,
}

impl CycleFollower {
    pub(crate) fn new(layout: &Layout, cycle: HamiltonianCycle) -> Self {
        let view = ShortcutView::new(layout, &cycle);
        CycleFollower {
            cycle,
            view,
            search: Bfs::new(),
            last_expanded: 0,
        }
    }

    /// Whether the body (head first) lies in cycle order: places relative to the tail
    /// strictly increase from tail to head.
    pub(crate) fn holds(&mut self, body: &[u32]) -> bool {
        let Some(&tail) = body.last() else {
            return false;
        };
        if body
            .iter()
            .any(|&cell| self.view.position[cell as usize] == NONE)
        {
            return false;
        }
        self.view.origin = self.view.position[tail as usize];
        body.windows(2)
            .all(|pair| self.view.relative(pair[0]) > self.view.relative(pair[1]))
    }

    /// The next cell for a snake whose body (head first) lies in cycle order, as
    /// [`holds`](Self::holds) checked.
    ///
    /// The threshold [`HamiltonianAgent::SHORTCUT_LENGTH`] was set by measurement: the mean
    /// steps vary little between a quarter and a half of the cycle, and are much higher
    /// with shortcuts at every length or almost none.
    pub(crate) fn decide(&mut self, body: &[u32], food: Option<u32>) -> u32 {
        let head = body[0];
        let tail = body[body.len() - 1];
        self.view.origin = self.view.position[tail as usize];
        let place = self.view.position[head as usize] as usize;
        let along = self.cycle.order()[(place + 1) % self.cycle.len()];
        self.last_expanded = 0;
        let Some(food) = food else {
            return along;
        };
        let (numerator, denominator) = HamiltonianAgent::SHORTCUT_LENGTH;
        if body.len() as u64 * denominator >= self.cycle.len() as u64 * numerator {
            return along;
        }
        self.view.limit = self.view.relative(food);
        let path = self.search.plan(&self.view, head, food);
        self.last_expanded = self.search.last_stats().expanded;
        match path {
            Ok(path) if path.nodes.len() > 1 => path.nodes[1],
            _ => along,
        }
    }

    /// [`decide`](Self::decide) as a move in `game`, its search counted into `stats`.
    pub(crate) fn next_move(
        &mut self,
        game: &Game,
        body: &[u32],
        food: Option<u32>,
        stats: &mut AgentStats,
    ) -> Direction {
        let next = self.decide(body, food);
        stats.searches += u64::from(food.is_some());
        stats.expanded += self.last_expanded;
        direction_to(game, next)
    }
}

/// Follows a Hamiltonian cycle of the board and takes the shortest shortcut to the food
/// that keeps the body in cycle order (see below for the rule and why it never
/// dies).
///
/// The first move builds a cycle on which the starting body lies in order (the board's
/// cycle if it already does). Construct the agent with [`for_game`](Self::for_game) to
/// learn up front when no such cycle can be built; with [`new`](Self::new) the board is
/// checked and a body that fits no cycle makes the agent fall back to any move that does
/// not die at once.
///
/// # The rule
///
/// Number the free cells `0..n` along a Hamiltonian cycle, and measure each cell's place
/// relative to the tail: `rel(c) = (pos(c) - pos(tail)) mod n`. The agent keeps one
/// invariant: **from tail to head, the body's places strictly increase** (the body lies in
/// cycle order, possibly with gaps). Then every cell whose place lies beyond the head's is
/// empty, so the cycle's next cell is always free and following the cycle can never die.
/// A move to any neighbour whose place lies between the head's and the food's keeps the
/// invariant too, also after the tail moves on (places relative to the new tail keep their
/// order, since none of them passes the old tail). While the snake is short (below
/// [`HamiltonianAgent::SHORTCUT_LENGTH`] of the cycle) the agent therefore takes the shortest path to the
/// food among those whose places increase at every step: a breadth-first search ([`Bfs`])
/// over a graph view that only admits such moves. No margin for growth is needed: the food
/// is the farthest cell a shortcut may reach, and no cell beyond the head is ever part of
/// the body. A longer snake follows the cycle, because the cells a shortcut skips stay
/// empty behind the head and food that lands there costs a trip around the cycle. A
/// threshold is as fine a trade-off as weighing each skipped cell at `w` moves: along any
/// ordered path from head to food the skipped cells add up to the places between them
/// minus the path's moves, so such a cost is `(1 - w) * moves` plus a constant, minimised
/// by the shortest ordered path when `w < 1` and by the cycle itself when `w > 1`.
///
/// This is the shortcut rule of chuyangliu/snake's Hamilton solver (which takes the first
/// step of the unconstrained shortest path when it happens to be in order, and only while
/// the snake fills less than half the board) and of John Tapsell's "perturbed Hamiltonian
/// cycle" for the Nokia 6110 snake
/// (<https://johnflux.com/2015/05/02/nokia-6110-part-3-algorithms/>), planned here over
/// every ordered path instead of one greedy step.
///
/// # Guarantee
///
/// Where the starting body lies in order on the cycle it builds, it never dies and wins
/// every game: the cycle's next cell is always free, and every food lies ahead within a
/// lap.
///
/// # Cost per move
///
/// Building the cycle: see [`cycle`](crate::snake::cycle). Per move: an `O(length)` check
/// that the body is still in order and, while the snake takes shortcuts, one breadth-first
/// search over at most the `n` cells between head and food, in memory the agent keeps from
/// move to move.
///
/// # Example
///
/// ```
/// use replan::snake::{HamiltonianAgent, simulate, Board, GameConfig};
///
/// let config = GameConfig::new(6, 6)?.with_start_length(4);
/// let board = Board::new(6, 6)?;
/// let report = simulate(|| HamiltonianAgent::new(&board).unwrap(), &config, 5, 1)?;
/// assert_eq!(report.wins, 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct HamiltonianAgent {
    layout: Layout,
    follower: CycleFollower,
    body: Vec<u32>,
    stats: AgentStats,
}

impl HamiltonianAgent {
    /// The agent takes shortcuts while the snake's length is below this fraction of the
    /// cycle, as `(numerator, denominator)`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::HamiltonianAgent;
    /// let (numerator, denominator) = HamiltonianAgent::SHORTCUT_LENGTH;
    /// assert!(numerator < denominator);
    /// ```
    pub const SHORTCUT_LENGTH: (u64, u64) = (2, 5);

    /// An agent for `board`, with the board's cycle built now.
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::new`]: boards and wall layouts no cycle covers.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{CycleError, HamiltonianAgent, Board};
    /// assert!(HamiltonianAgent::new(&Board::new(8, 8).unwrap()).is_ok());
    /// assert!(matches!(
    ///     HamiltonianAgent::new(&Board::new(7, 7).unwrap()),
    ///     Err(CycleError::OddCellCount { free: 49 })
    /// ));
    /// ```
    pub fn new(board: &Board) -> Result<Self, CycleError> {
        let layout = Layout::from_board(board);
        let cycle = HamiltonianCycle::for_layout(&layout)?;
        Ok(HamiltonianAgent {
            follower: CycleFollower::new(&layout, cycle),
            layout,
            body: Vec::new(),
            stats: AgentStats::default(),
        })
    }

    /// An agent for `game`, with a cycle built now that holds the snake's body in order.
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::through`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianAgent, Agent, Game, GameConfig};
    /// let mut game = Game::new(&GameConfig::new(5, 6)?.with_seed(3))?;
    /// let mut agent = HamiltonianAgent::for_game(&game).unwrap();
    /// while !game.is_over() {
    ///     game.step(agent.next_move(&game));
    /// }
    /// assert_eq!(game.snake().len(), 30);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn for_game(game: &Game) -> Result<Self, CycleError> {
        let body: Vec<Cell> = game.snake().body().collect();
        let cycle = HamiltonianCycle::through(game.board(), &body)?;
        let layout = Layout::from_board(game.board());
        Ok(HamiltonianAgent {
            follower: CycleFollower::new(&layout, cycle),
            layout,
            body: Vec::new(),
            stats: AgentStats::default(),
        })
    }

    /// The cycle the agent follows now.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{HamiltonianAgent, Board};
    /// let agent = HamiltonianAgent::new(&Board::new(4, 4).unwrap()).unwrap();
    /// assert_eq!(agent.cycle().len(), 16);
    /// ```
    pub fn cycle(&self) -> &HamiltonianCycle {
        &self.follower.cycle
    }
}

impl Agent for HamiltonianAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        load_body(game, &mut self.body);
        self.stats.moves += 1;
        if !self.layout.same_board(game.board()) {
            self.layout = Layout::from_board(game.board());
            match HamiltonianCycle::for_layout(&self.layout) {
                Ok(cycle) => self.follower = CycleFollower::new(&self.layout, cycle),
                Err(_) => return any_safe_move(game),
            }
        }
        if !self.follower.holds(&self.body) {
            match HamiltonianCycle::through_layout(&self.layout, &self.body) {
                Ok(cycle) => self.follower = CycleFollower::new(&self.layout, cycle),
                Err(_) => return any_safe_move(game),
            }
        }
        let food = game.food().map(|cell| game.board().index(cell) as u32);
        self.follower
            .next_move(game, &self.body, food, &mut self.stats)
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "hamiltonian"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_held_in_order() {
        let layout = Layout::open(6, 6);
        for body in [
            vec![layout.at(3, 2), layout.at(2, 2), layout.at(1, 2)],
            vec![
                layout.at(2, 4),
                layout.at(2, 3),
                layout.at(2, 2),
                layout.at(2, 1),
            ],
            vec![layout.at(3, 3), layout.at(3, 2), layout.at(2, 2)],
        ] {
            let cycle = HamiltonianCycle::through_layout(&layout, &body).unwrap();
            let mut follower = CycleFollower::new(&layout, cycle);
            assert!(follower.holds(&body), "{body:?}");
        }
    }
}
