//! [`SafeAgent`]: eat only when the snake can still reach its tail afterwards.

use super::{FoodPlan, Safety};
use crate::snake::{Agent, AgentStats, Direction, Game, TailView};
use crate::DenseIds;
use crate::{BidirectionalBfs, Planner};

/// Eats only when, after the meal, the snake can still reach its own tail: Chuyang Liu's
/// greedy solver with a virtual snake (github.com/chuyangliu/snake,
/// `snake/solver/greedy.py`), with an endgame search, a loop guard and a hand-over to a
/// closing Hamiltonian cycle added.
///
/// # Rule
///
/// Each move, the first of these that gives a move:
///
/// 1. Once a quarter of the free cells are full, look now and then for a path from the
///    head through every empty cell to the tail (a bounded depth-first search). Once
///    one closes the body into a cycle, hand the game to
///    [`ReclosingAgent`](crate::snake::ReclosingAgent)'s rule, which fills the board.
/// 2. Find the breadth-first distances from the food on the virtual-tail view
///    ([`TailView`]) and rebuild from them a *compressed* shortest path: each step goes
///    to the candidate with the most blocked neighbours, so the body hugs the walls and
///    leaves the open space in one piece.
///    ([`without_compression`](SafeAgent::without_compression) takes
///    [`BidirectionalBfs`]'s path as it comes instead.)
/// 3. Move a look-ahead copy of the snake along the path, eating at its end, and take
///    the path's first move if the copy can still reach its tail (Liu's check), fills
///    the board, or, with two or three empty cells left, can surely eat the next food
///    wherever it appears. Candidates: the path through each first step of a shortest
///    path, best first by `tailDistance - headDistance + freeSpace`, then the best one
///    lengthened by Liu's extension.
/// 4. Else keep to the rest of the last path that passed the check, if it still leads
///    to the food.
/// 5. With four or fewer empty cells, search the snake's own moves exactly (each
///    position once, by a Zobrist key of the body) for a meal that passes step 3.
/// 6. If the snake has gone long without eating and repeats a position, break the loop:
///    a larger cycle search, a larger endgame search, or a move that keeps the tail in
///    reach and changes the shape.
/// 7. Else follow the tail by the longest path Liu's extension finds.
/// 8. Else take the surviving move that leaves the most free space and keeps the tail in
///    reach, ties to the move farther from the food.
///
/// # Guarantee
///
/// Every move it takes enters a free cell or the leaving tail, so it never dies at once
/// while a surviving move exists. Once step 1 has handed over, the game is won. Before
/// that no win is guaranteed: meals the look-ahead lets through can leave holes the body
/// encloses, and then no cycle may close.
///
/// # Cost per move
///
/// One breadth-first search over the `n` free cells and, for each candidate path (at
/// most five), an `O(n)` walk and reachability check of the look-ahead snake. The cycle
/// search enters at most a fixed multiple of the empty cells; the endgame search tries
/// at most a fixed number of moves. On a handed-over cycle a move costs `O(1)` unless a
/// shortcut is checked. All memory is kept from move to move.
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
