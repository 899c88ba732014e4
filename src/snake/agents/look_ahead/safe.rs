//! [`SafeAgent`]: eat only when the snake can still reach its tail afterwards.

use super::{FoodPlan, Safety};
use crate::snake::{Agent, AgentStats, Direction, Game, TailView};
use crate::DenseIds;
use crate::{BidirectionalBfs, Planner};

/// Chuyang Liu's greedy solver with a virtual snake (github.com/chuyangliu/snake,
/// `snake/solver/greedy.py`), planned with breadth-first search.
///
/// The rule, each move:
///
/// 0. Once a quarter of the free cells are full, look for a path from the head through
///    every empty cell to the tail (every eighth move, then every other move once five
///    eighths are full; a bounded depth-first search). Such a path closes the body into
///    a cycle through every free cell (on a board with an odd number of them, every one
///    but an empty cell it passes round a corner of). Once one is found, hand the game
///    to [`ReclosingAgent`](crate::snake::ReclosingAgent)'s rule: follow the cycle, and
///    every eighth move take the shortest path to the food instead if a cycle still
///    closes round the body after the meal. That fills the board for certain. Meals the
///    look-ahead of step 3 lets through can leave holes that the body encloses, where no
///    path joins them; while one is there no cycle closes, and with enough of them the
///    snake circles for ever near the end. Looked for from half full on, 6 of 1,800
///    games (seeds 1 to 3, 9×9 to 20×20) never found a cycle and circled until the
///    step cap. (Module `progress` holds the search.)
/// 1. Find a shortest path to the food on the virtual-tail view ([`TailView`](crate::snake::TailView)):
///    the BFS distances from the food, which step 2 rebuilds the path from, tell whether
///    there is one. [`without_compression`](SafeAgent::without_compression) asks
///    [`BidirectionalBfs`] (Pohl, "Bi-directional search", Machine Intelligence 6, 1971)
///    for the path instead.
/// 2. Rebuild it as a *compressed* shortest path: each step after the first goes to the
///    candidate with the most blocked neighbours (walls, body, the board's edge, the path
///    so far), then straight on, so the path hugs the body and the walls and leaves the
///    open space in one piece ([`without_compression`](SafeAgent::without_compression)
///    keeps the planner's path instead).
/// 3. Move a look-ahead copy of the snake along the path, eating at its end, and take the
///    path's first move if the copy fills the board or can still reach its own tail on the
///    virtual-tail view (Liu's check: the tail is the one cell sure to keep opening up),
///    or, with one empty cell left, has its head beside it (the next food goes there, and
///    eating it wins). With two or three empty cells left after the meal the check is
///    exact instead: wherever the next food appears, the endgame search of step 5 must
///    find a sure way to eat it. Reaching the tail is not enough there: a snake that has
///    filled all but two cells circles on a fixed loop, and if no sequence of its own
///    moves brings the empty cell beside the food it can never eat again.
///    Candidate paths, in order: the compressed path through each first step that starts
///    a shortest path, best first by `H = tailDistance - headDistance + freeSpace` (BFS
///    distances from the tail and the food, and the cells the step's cell reaches), then
///    the best one lengthened by Liu's extension (below), which arrives later, when the
///    tail has moved further.
/// 4. Otherwise keep to the rest of the last path that passed the check, if it still
///    leads to the food: nothing but the snake has moved since, so it is still safe.
///    Once the snake has gone more moves than there are free cells without eating, that
///    rest is kept even when step 3 passes a new path, unless the new one is no longer:
///    the moves left to the food then fall with every move. Scoring first steps afresh
///    each move could otherwise take the snake round one loop for ever, every step's
///    path passing the check.
/// 5. With four or fewer empty cells (the food's included), search exactly: a
///    depth-first search over the look-ahead snake's own moves that do not eat, each
///    position once (a Zobrist key of the body in order; moves are taken back rather
///    than the snake copied, so a node allocates nothing), for one from which eating
///    passes step 3's check, and follow the moves it finds. With so few empty cells each
///    position has one to three moves and the positions number in the hundreds or
///    thousands, where a single path to the food rarely shows the way. Each check and
///    search tries at most 20,000 moves. A search that tried every position without
///    success relaxes step 3's exact check until the next meal, since any meal is then
///    better than circling for ever: first to "the next food can surely be eaten in
///    every cell it may take but one, and the tail is in reach", then to "in at least one
///    of the cells it may take", then, if that fails too, to the tail check alone. A search that ran out of moves is tried again only
///    after four times as many moves as free cells.
/// 6. If the snake has gone more moves than there are free cells without eating, it is
///    circling in a shape that keeps failing the check. If it also stands in a position
///    it has stood in since its last meal (a Zobrist key of its cells; the food has not
///    moved), or has gone four times the free cells without eating, look for a cycle as
///    in step 0 with a larger budget; then, with four or fewer empty cells, search its
///    own moves as in step 5, trying up to 250,000 moves for each judgement, for a meal
///    that passes step 3's exact check, then for one that passes each of step 5's
///    relaxed ones in turn (circling there most often means the 20,000 moves of step 5
///    were too few to find a sure way that exists); then search for any meal after which
///    the tail stays in reach. Each time all of this finds nothing, the next try waits
///    twice as long as the last. Otherwise take any move that neither eats nor
///    dies and after which the tail stays in reach, picked by a hash of the step count,
///    to change the shape.
/// 7. Otherwise follow the real tail by the longest path Liu's extension finds (a
///    shortest path, widened by two cells wherever two consecutive steps have free cells
///    beside both; `longest_path_to` in `snake/solver/path.py`), unless its first step
///    eats.
/// 8. Otherwise take the move that leaves the most free space, ties to the move farther
///    from the food, among the moves after which the tail stays in reach (or the board
///    is full, or the head is beside the last empty cell), eating if only a meal keeps
///    it; among all moves when none does. A snake that reaches its tail can follow it
///    for ever, while the most room bought by losing the tail is how a snake walks into
///    a dead end on a walled board.
///
/// In the endgame of step 5, steps 6 and 7 reach the tail without crossing the food:
/// a path through it would later leave an unchecked meal as the only move.
///
/// Every move it takes at steps 3 to 7 enters a free cell or the leaving tail without
/// eating into it, so it never dies at once while a surviving move exists (step 8
/// considers only surviving moves). Steps 2, 3's alternatives and exact check, 4, 5 and
/// 6 are additions to Liu's solver; on 8×8 boards they take it from about half the
/// games won to 98 in 100, and step 0 takes 16×16 and 20×20 boards from about three
/// games won in four to every game: 500 of 500 on each of 9×9, 10×10, 11×11, 12×10,
/// 16×16 and 20×20 (seeds 1 to 5), 2,000 of 2,000 on 8×8 (see `BENCHMARKS.md`).
///
/// # Example
///
/// ```
/// use replan::snake::{simulate, GameConfig, SafeAgent};
/// let report = simulate(SafeAgent::new, &GameConfig::new(6, 6)?, 5, 1)?;
/// assert_eq!(report.deaths + report.wins + report.capped, 5);
/// assert!(report.mean_length > 10.0);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct SafeAgent {
    safety: Safety,
    planner: BidirectionalBfs<DenseIds, u32>,
}

impl Default for SafeAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl SafeAgent {
    /// The agent, with path compression.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, SafeAgent};
    /// assert_eq!(SafeAgent::new().name(), "safe");
    /// ```
    pub fn new() -> SafeAgent {
        SafeAgent {
            safety: Safety::new(),
            planner: BidirectionalBfs::new(),
        }
    }

    /// The agent taking the planner's shortest path as it comes, to measure what
    /// compression is worth.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, SafeAgent};
    /// assert_eq!(SafeAgent::without_compression().name(), "safe-uncompressed");
    /// ```
    pub fn without_compression() -> SafeAgent {
        let mut agent = SafeAgent::new();
        agent.safety.compress = false;
        agent
    }

    /// The mean number of cells the head could reach right after each meal so far, and
    /// the number of meals.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{play_game, GameConfig, SafeAgent};
    /// let mut agent = SafeAgent::new();
    /// play_game(&mut agent, &GameConfig::new(6, 6)?, 3, 0)?;
    /// let (free, meals) = agent.free_space_after_eating();
    /// assert!(meals > 0 && free > 0.0);
    /// # Ok::<(), replan::snake::SnakeError>(())
    /// ```
    pub fn free_space_after_eating(&self) -> (f64, u64) {
        self.safety.free_space_after_eating()
    }
}

impl Agent for SafeAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        self.safety.refresh(game);
        if let Some(direction) = self.safety.follow_cycle(game) {
            return direction;
        }
        let head = game.snake().head();
        let Some(food) = game.food() else {
            return Direction::Up;
        };
        if self.safety.compress {
            // The compressed path is rebuilt from the food's distances, which also tell
            // whether the food can be reached: a planner's path would be thrown away.
            return self.safety.decide(game, FoodPlan::Distances);
        }
        let result = self.planner.plan(&TailView::new(game), head, food);
        let expanded = self.planner.last_stats().expanded;
        let stats = &mut self.safety.stats;
        stats.searches += 1;
        stats.expanded += expanded;
        stats.path_expanded += expanded;
        let path = result.ok();
        let path = path.as_ref().map(|path| path.nodes.as_slice());
        self.safety.decide(game, FoodPlan::Path(path))
    }

    fn stats(&self) -> AgentStats {
        self.safety.stats
    }

    fn name(&self) -> &str {
        if self.safety.compress {
            "safe"
        } else {
            "safe-uncompressed"
        }
    }
}
