//! [`GreedyAgent`]: straight to the food.

use super::super::common::most_free_space;
use crate::snake::{Agent, AgentStats, Direction, Game, TailView};
use crate::DenseIds;
use crate::{Bfs, BfsReach, Planner};

/// The baseline: the first move of a shortest path to the food, else the move with the
/// most free space.
///
/// # Rule
///
/// A breadth-first search (Moore 1959) on the virtual-tail view ([`TailView`]) for a
/// shortest path to the food, as in the first step of Chuyang Liu's greedy solver
/// (github.com/chuyangliu/snake) but without its look-ahead. With no path, the surviving
/// move whose cell reaches the most cells, ties to the move farther from the food.
///
/// # Guarantee
///
/// Its moves enter a free cell or the leaving tail, so it never dies at once while a
/// surviving move exists. Nothing more: it happily eats its way into a dead end and dies
/// of being trapped.
///
/// # Cost per move
///
/// One breadth-first search over the `n` free cells, and with no path one flood fill per
/// move: `O(n)`, in memory kept from move to move.
///
/// # Example
///
/// ```
/// use replan::snake::{simulate, GameConfig, GreedyAgent};
/// let report = simulate(GreedyAgent::new, &GameConfig::new(6, 6)?, 5, 1)?;
/// assert_eq!(report.games, 5);
/// assert!(report.mean_length > 3.0);
/// # Ok::<(), replan::snake::SnakeError>(())
/// ```
#[derive(Debug)]
pub struct GreedyAgent {
    /// Kept across moves; each move it searches a view that borrows the game.
    planner: Bfs<DenseIds, u32>,
    flood: BfsReach,
    stats: AgentStats,
}

impl Default for GreedyAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl GreedyAgent {
    /// The agent.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::snake::{Agent, GreedyAgent};
    /// assert_eq!(GreedyAgent::new().name(), "greedy");
    /// ```
    pub fn new() -> GreedyAgent {
        GreedyAgent {
            planner: Bfs::new(),
            flood: BfsReach::new(),
            stats: AgentStats::default(),
        }
    }
}

impl Agent for GreedyAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        self.stats.moves += 1;
        let view = TailView::new(game);
        if let Some(food) = game.food() {
            let result = self.planner.plan(&view, game.snake().head(), food);
            let expanded = self.planner.last_stats().expanded;
            self.stats.searches += 1;
            self.stats.expanded += expanded;
            self.stats.path_expanded += expanded;
            if let Ok(path) = result {
                if let Some(direction) = Direction::between(path.nodes[0], path.nodes[1]) {
                    return direction;
                }
            }
        }
        let (direction, expanded) = most_free_space(game, &view, &mut self.flood, [true; 4]);
        self.stats.searches += 1;
        self.stats.expanded += expanded;
        direction
    }

    fn stats(&self) -> AgentStats {
        self.stats
    }

    fn name(&self) -> &str {
        "greedy"
    }
}
