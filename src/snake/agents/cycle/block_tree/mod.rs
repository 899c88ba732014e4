//! [`BlockTreeAgent`], the crate's strongest snake agent (also made by [`best`]): twanvl/snake's
//! cell-tree agent, driving on the right inside 2×2 blocks around a Hamiltonian cycle it
//! re-forms at every step, with an exact test that a cycle still exists before each move.
//! The rules, why it never dies on a board a cycle covers, and its cost are on the type.
//!
//! | board | rule | wins |
//! |---|---|---|
//! | even sides, walls (if any) filling whole 2×2 blocks | the block tree | every game |
//! | cut by runs of two or three columns and rows into blocks, each free, walled, or 3×3 with a wall in a corner (an odd side; single walls such as pillars) | the block tree's lean rule: each plan and detour followed to its end | every game |
//! | any other board (an odd number of free cells, walls no cut fits), or a start the blocks do not hold | [`ReclosingAgent`]'s: the shortest path to the food whenever a cycle closes round the snake after the meal | every game where a cycle (on an odd board: round all free cells but one) closes round the starting body |
//! | the free cells' colours differ by more than one, or walls cut the board | [`SafeAgent`]'s look-ahead (through [`ReclosingAgent`]) | not guaranteed; no full board exists |
//!
//! [`ReclosingAgent`]: crate::snake::ReclosingAgent
//! [`SafeAgent`]: crate::snake::SafeAgent

use std::collections::VecDeque;

use fixedbitset::FixedBitSet;

use super::super::common::{delegate, direction_to, load_body, MoveClock};
use super::reclosing::ReclosingAgent;
use crate::snake::cycle::{
    BlockMoves, Constraint, CycleError, DisjointSets, HamiltonianCycle, Layout, TreeTest, NONE,
};
use crate::snake::{Agent, AgentStats, Board, Direction, Game};

mod body;
#[cfg(test)]
mod game_tests;
mod player;
mod rule;
mod search;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_support;
mod view;

use body::Body;
#[cfg(test)]
use player::OutlookMemo;
pub(crate) use player::TreePlayer;
use rule::Rule;
use search::TimedSearch;
#[cfg(test)]
use view::StepCosts;
use view::TreeView;

/// Which rule [`BlockTreeAgent`] plays by on the current board.
#[derive(Debug)]
pub(crate) enum Mode {
    /// Not decided yet: the first move sees the board and the body.
    Unset,
    /// Driving on the right in 2×2 blocks.
    Tree(Box<TreePlayer>),
    /// The blocks do not fit the board or the body: a shortest path to the food whenever
    /// a cycle closes round the snake after the meal.
    Reclosing(Box<ReclosingAgent>),
}

impl Mode {
    /// Picks the rule for `layout` and `body` (head first).
    pub(crate) fn choose(layout: &Layout, body: &[u32]) -> Mode {
        match TreePlayer::new(layout, body) {
            Some(player) => Mode::Tree(Box::new(player)),
            None => Mode::Reclosing(Box::default()),
        }
    }
}

/// Drives on the right in 2×2 blocks and re-forms its Hamiltonian cycle at every step; the
/// crate's strongest agent, also made by [`best`].
///
/// The first move looks at the board and the starting body and picks the rule (see the
/// sections below for each and why the first two never die):
///
/// 1. where the blocks fit, a shortest path to the food among right-hand moves that keep
///    some spanning tree of the blocks, and so a Hamiltonian cycle, through the body
///    (where the blocks are not all 2×2, the lean rule of "Other cuts into blocks"
///    below);
/// 2. else (an odd number of free cells, walls no cut into blocks fits)
///    [`ReclosingAgent`]'s rule: the shortest path to the food whenever a
///    Hamiltonian cycle (on an odd board, one round every free cell but one) closes
///    round the snake after the meal, else along such a cycle; where no such cycle
///    closes at all, [`SafeAgent`]'s look-ahead, which goes for the food without a
///    guarantee.
///
/// # Guarantee
///
/// It never dies, and so wins every game, on a board where the blocks fit the board and
/// the starting body, or where a Hamiltonian cycle (on a board with an odd number of free
/// cells, one round every free cell but one) closes round the starting body. Elsewhere it
/// plays [`SafeAgent`]'s look-ahead, which never dies at once while a move survives.
///
/// # The idea (twanvl/snake's cell-tree agent)
///
/// Cut an even board into 2×2 blocks and let the snake drive on the right inside each
/// block: from every cell there are only two moves, one that stays in the block and one
/// that leaves it. Joining blocks by the moves between them, any spanning tree of the
/// blocks gives a Hamiltonian cycle: the path of a driver who keeps the tree's edges on
/// the right hand (Twan van Laarhoven, <https://github.com/twanvl/snake>, "cell tree
/// algorithm"; the same construction builds [`HamiltonianCycle`]s on walled boards). The
/// snake does not follow one fixed cycle: it plans a path to the food among right-hand
/// moves and lets the cycle be whatever tree its body implies. (A starting body that
/// drives on the left plays on the board's mirror image, where it drives on the right.)
///
/// # The safety test
///
/// Each step of the body (from the cell behind to the cell ahead) fixes one block edge: a
/// step that leaves a block says "this edge is in the tree", a step that stays inside a
/// block where it could have left says "this edge is not". A Hamiltonian cycle of the
/// right-hand kind holds the whole body in order exactly when some spanning tree of the
/// blocks contains every edge of the first kind and none of the second, which holds
/// exactly when the first kind forms no cycle, no edge is of both kinds, and the blocks
/// stay connected without the second kind (a forest extends to a spanning tree of any
/// connected graph containing it). Disjoint sets answer this in `O(blocks)`.
///
/// The agent keeps that test true after every move. It is true at the start, and it stays
/// true along the cycle it promises (the cycle's next cell is free, and moving there keeps
/// the body in order on the same cycle), so there is always a move that passes it: the
/// agent can never be trapped, and it wins every game. Where twanvl's agent uses flood
/// fills as a heuristic for this condition, the test here is exact, which is what makes
/// the guarantee.
///
/// # The plan
///
/// Each move, A* (Manhattan distance) searches for the cheapest path (costs below) on a
/// graph view of the board whose edges are the right-hand moves into cells that are free
/// when the path arrives, out of a block only along a tree edge the body still fixes or
/// into a block the body has left (so the fixed edges stay a tree). The view knows when
/// the body releases each cell, edge and block (after as many moves as the tail needs),
/// and the search carries the moves each path has taken, so a step is admitted when the
/// path arriving by it comes late enough. The body is then moved along the path
/// to the food (the tail moving too), and the test above is run after the first step and
/// at the end. If the end of the first plan fails, the path would shut off part of the
/// board: blocks the body could then reach only across edges it fixes as absent. The
/// agent then heads for the shut-off free cell nearest its head (Manhattan distance),
/// taking the first step of a plan to it if that step passes the test, so the snake fills
/// the pocket before it closes instead of going round it later (twanvl's "nearest
/// unreachable" detour; there the pocket is found by a flood fill, here by the exact
/// test's disjoint sets). Otherwise, and on later plans, a step where the test turns from
/// passing to failing (found by bisection, a few tests instead of one per step) is taken
/// out of the view and A* runs again, [`ATTEMPTS`](Self::ATTEMPTS) times at most. If no path
/// passes, the agent takes a move that passes the test, preferring the first step of a
/// path it found and then the move nearer the food.
///
/// A plan that passes is weighed against the other move, if that move passes the test
/// too: A* runs again without the plan's first step, and if the plan it finds passes, the
/// agent takes the first step of the plan whose cost plus the next food's expected cost
/// is lower. The next food lands uniformly on a free cell, so its expected cost is the
/// mean, over the free cells, of the cheapest path's cost from the food to the cell once
/// the body has followed the plan (one Dijkstra search on the same view, a cell it cannot
/// reach counting as the farthest it can). Scoring the plans by moves instead of cost
/// did worse, and counting the outlook half or twice as much as the plan's cost did no
/// better.
///
/// # Rollouts
///
/// At the first move toward each food, if the move the plan picks and the other move both
/// pass the safety test, the agent plays its own rule out from each of them until the
/// snake eats (the food stays where it is until then, so each rollout is exactly the game
/// that would follow) and keeps the move whose rollout scores lower: its moves times
/// [`ROLLOUT_STEP_COST`](Self::ROLLOUT_STEP_COST) plus the next food's expected cost after
/// the meal, as above. The moves of the rollout it keeps are the ones its rule makes from
/// there, so it plays them back instead of planning them again, as long as the body and
/// the food are where the rollout left them. This is Bertsekas, Tsitsiklis and Wu's
/// rollout ("Rollout algorithms for combinatorial optimization", Journal of Heuristics 3,
/// 1997) applied once per meal: the rule is its own base policy. Scoring rollouts by
/// their moves alone played worse: a meal reached sooner often leaves a board where the
/// next food costs more.
///
/// Rollouts save a few percent of the steps and double the plans per meal
/// ([`without_rollouts`](Self::without_rollouts) keeps the old rule).
///
/// Steps are weighed, as in twanvl's "cell-variant" (which has back along a tree edge 1,
/// inside a block 1.5, into a new block 3.4), but with other weights: back along a tree
/// edge the body fixes 1, inside a block 2, into a block the body has left 2.5, and 1 more
/// for entering a cell with no board edge, wall or body cell next to it, so the body
/// keeps to itself and the walls and leaves fewer pockets. The detour, the weights and
/// the open-cell cost each saved steps over unit steps; charging per open neighbour
/// instead, or keeping the plan out of body cells until the tail has gone (as twanvl's
/// plan does), did no better.
///
/// # Other cuts into blocks
///
/// A board with an odd side, or with walls in single cells, may still be cut into blocks
/// by runs of two or three columns and rows: where one side is odd, the blocks along it
/// take in its last row or column (3×2 or 2×3), and a 3×3 block with a wall in one
/// corner has a rim too, which cuts in through its middle cell round the wall (the
/// 10×10 with four pillars is cut so, each pillar in the corner of a 3×3 block). A
/// driver on the right goes round each rim as round a 2×2 block's, so the tree, the
/// safety test and the plan are the same. On such a board the agent plays a lean rule: a
/// plan that passes the test is followed to the food without planning again, a detour is
/// followed to the pocket's cell with each move tested before it is played (the first
/// that fails ends it), and neither the other move nor rollouts are weighed. Planning once per meal instead of once per move is what keeps
/// this rule cheap: most moves are played back. [`ReclosingAgent`]'s rule plays these
/// boards in slightly fewer steps at several times the time per move.
///
/// Boards no cut fits (an odd number of free cells, walls a block would hold off its
/// corners, or a starting body that drives on neither side) go to [`ReclosingAgent`],
/// which never dies either where a cycle closes round the starting body, and takes
/// shortcuts on every board.
///
/// # Cost per move
///
/// At most [`ATTEMPTS`](Self::ATTEMPTS) A* searches, one more for a detour or
/// for the other move, and two Dijkstra searches to weigh the two, each over the `n`
/// cells (two successors each) in `O(n)`, the step costs being small integers that a
/// bucket queue orders (Dial's); for each path `O(n)` work to move the body along it and
/// `O(log n)` tests of `O(blocks)` each; `O(n)` to find shut-off cells. The test after a
/// single move is `O(1)` unless the move fixes a new absent edge, and the body keeps the
/// counts that spare the test a union-find. An outlook already worked out for the same
/// body after the meal (one of the last four) is not searched again. All in memory the
/// agent keeps from move to move: no allocation per search or per node. The rollouts
/// plan each meal's moves twice, once from each first move, moving the body and the view
/// by the new head alone from one plan to the next, and the moves then played back cost
/// `O(n)` each (the body is compared with the one expected): about twice the time per
/// game of the plan alone. The lean rule plans when a meal begins and when a committed
/// path ends or a detour's move fails the test, and plays the other moves back at `O(n)`
/// each (`O(1)` for the test of a detour's move).
///
/// # Example
///
/// ```
/// use replan::snake::{simulate, BlockTreeAgent, GameConfig};
///
/// let config = GameConfig::new(8, 8)?.with_start_length(4);
/// let report = simulate(BlockTreeAgent::new, &config, 5, 7)?;
/// assert_eq!(report.wins, 5);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
///
/// [`HamiltonianAgent`]: crate::snake::HamiltonianAgent
/// [`ReclosingAgent`]: crate::snake::ReclosingAgent
/// [`SafeAgent`]: crate::snake::SafeAgent
#[derive(Debug)]
pub struct BlockTreeAgent {
    /// The board last played on, and the cycle code's view of it.
    layout: Option<(Board, Layout)>,
    mode: Mode,
    body: Vec<u32>,
    stats: AgentStats,
    rollouts: bool,
    /// Tells a new game.
    clock: MoveClock,
}

/// The crate's strongest agent, ready for any board: a [`BlockTreeAgent`], which drives in
/// blocks (2×2, or of two and three cells round single walls and odd sides) where they fit
/// and plays [`ReclosingAgent`]'s rule elsewhere. It wins every game on a board where a
/// Hamiltonian cycle, or on a board with an odd number of free cells one round all free
/// cells but one, closes round the starting body, and plays [`SafeAgent`]'s look-ahead
/// where none does. Food in a dead-end corridor (a free cell
/// with one free neighbour, or a one-cell-wide passage that ends in one) cannot be eaten
/// by a snake of two or more cells that must then turn round: there the look-ahead keeps
/// its tail in reach and circles until the step cap rather than die.
///
/// [`ReclosingAgent`]: crate::snake::ReclosingAgent
/// [`SafeAgent`]: crate::snake::SafeAgent
///
/// # Example
///
/// ```
/// use replan::snake::{best, Agent, Game, GameConfig};
/// let mut game = Game::new(&GameConfig::new(6, 6)?.with_seed(1))?;
/// let mut agent = best();
/// while !game.is_over() {
///     game.step(agent.next_move(&game));
/// }
/// assert_eq!(game.snake().len(), 36);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
pub fn best() -> BlockTreeAgent {
    BlockTreeAgent::new()
}

impl Default for BlockTreeAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl BlockTreeAgent {
    /// How many paths a move may plan before it settles for a move that passes the safety
    /// test without a whole path behind it.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::BlockTreeAgent::ATTEMPTS >= 1);
    /// ```
    pub const ATTEMPTS: usize = 4;

    /// What one move of a rollout counts for against the outlook after the meal, in the
    /// plan's cost units (half moves: a step inside a block costs 4).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::snake::BlockTreeAgent::ROLLOUT_STEP_COST > 0);
    /// ```
    pub const ROLLOUT_STEP_COST: u64 = 4;

    /// An agent that picks its rule at its first move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{BlockTreeAgent, Agent};
    /// assert_eq!(BlockTreeAgent::new().name(), "block-tree");
    /// ```
    pub fn new() -> Self {
        BlockTreeAgent {
            layout: None,
            mode: Mode::Unset,
            body: Vec::new(),
            stats: AgentStats::default(),
            rollouts: true,
            clock: MoveClock::default(),
        }
    }

    /// The agent without rollouts (see "Rollouts" above): about half the time per move
    /// where the blocks fit, for a few percent more steps.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{simulate, BlockTreeAgent, GameConfig};
    ///
    /// let config = GameConfig::new(8, 8)?.with_start_length(4);
    /// let report = simulate(BlockTreeAgent::without_rollouts, &config, 5, 7)?;
    /// assert_eq!(report.wins, 5);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn without_rollouts() -> Self {
        BlockTreeAgent {
            rollouts: false,
            ..Self::new()
        }
    }

    /// An agent for `board`, after checking that a Hamiltonian cycle covers it (without
    /// one the agent cannot promise to win).
    ///
    /// # Errors
    ///
    /// Those of [`HamiltonianCycle::new`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{BlockTreeAgent, CycleError, Board};
    /// assert!(BlockTreeAgent::for_board(&Board::new(20, 20).unwrap()).is_ok());
    /// assert!(matches!(
    ///     BlockTreeAgent::for_board(&Board::new(5, 5).unwrap()),
    ///     Err(CycleError::OddCellCount { .. })
    /// ));
    /// ```
    pub fn for_board(board: &Board) -> Result<Self, CycleError> {
        HamiltonianCycle::new(board)?;
        Ok(Self::new())
    }

    /// Whether the agent drives on the right in blocks (`true`) rather than following a
    /// fixed cycle; decided at the first move.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{best, Agent, Game, GameConfig};
    /// let game = Game::new(&GameConfig::new(6, 6)?)?;
    /// let mut agent = best();
    /// agent.next_move(&game);
    /// assert!(agent.drives_in_blocks());
    /// let game = Game::new(&GameConfig::new(5, 7)?)?;
    /// let mut agent = best();
    /// agent.next_move(&game);
    /// assert!(!agent.drives_in_blocks());
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn drives_in_blocks(&self) -> bool {
        matches!(self.mode, Mode::Tree(_))
    }
}

impl Agent for BlockTreeAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        self.stats.moves += 1;
        let board = game.board();
        // The boards' wall lists compare in one memory comparison; testing the layout's
        // bit set cell by cell cost far more.
        let layout = match &mut self.layout {
            Some((known, layout)) if known == board => layout,
            slot => {
                self.mode = Mode::Unset;
                &slot.insert((board.clone(), Layout::from_board(board))).1
            }
        };
        self.clock.tick(game);
        if matches!(self.mode, Mode::Unset) || self.clock.new_game() {
            load_body(game, &mut self.body);
            self.mode = Mode::choose(layout, &self.body);
            if let Mode::Tree(player) = &mut self.mode {
                if !self.rollouts {
                    player.rule = player.rule.without_rollouts();
                }
            }
        }
        let food = game.food().map(|cell| board.index(cell) as u32);
        if let Mode::Tree(player) = &mut self.mode {
            load_body(game, &mut self.body);
            if let Some(next) = player.decide(&self.body, food) {
                self.stats.searches += player.last_searches;
                self.stats.expanded += player.last_expanded;
                return direction_to(game, next);
            }
            // Only a body this agent did not steer can fail the test.
            self.mode = Mode::Reclosing(Box::default());
        }
        let Mode::Reclosing(agent) = &mut self.mode else {
            unreachable!("the tree player either decides or hands over")
        };
        delegate(agent.as_mut(), game, &mut self.stats)
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "block-tree"
    }
}
