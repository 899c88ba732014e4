//! [`ReclosingAgent`]: goes for the food by the shortest path whenever a Hamiltonian cycle
//! can be closed round the snake it would leave, and follows such a cycle otherwise; the
//! look-ahead plays where no cycle closes. The rule, why it never dies, and its cost are
//! on the type; the rule itself is [`ReclosingRule`], which the look-ahead agents also
//! hand their endgames to.

use super::super::common::{delegate, ReclosingRule};
use super::super::look_ahead::SafeAgent;
use crate::snake::{Agent, AgentStats, Direction, Game};

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
/// 5. else it moves one cell along its cycle, and one more before it checks again (the
///    quiet move costs a few steps and saves much of the time).
///
/// Steps 3 and 4 each save a few percent of the steps; step 3 costs up to twice the time
/// per move.
///
/// The safety condition is exact (the body after the meal lies on some Hamiltonian cycle,
/// of any shape), more permissive than keeping one fixed cycle's order or one tree of 2×2
/// blocks ([`BlockTreeAgent`](crate::snake::BlockTreeAgent)), and it holds with walls and
/// on boards of any side. A closing search that gives up only costs this move's shortcut,
/// never the snake. Taking the ordered shortcuts of step 2 without the check, as
/// [`HamiltonianAgent`](crate::snake::HamiltonianAgent) does, leaves holes behind the head
/// that cost a lap each later.
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
/// # Guarantee
///
/// After every move the body lies in order on the cycle the agent holds, or the agent is
/// on a committed path whose end position has one: a move is taken only along the cycle,
/// along an ordered shortcut of it, or along a committed path, each checked before. Where
/// no cycle closes round the snake (the colours of the free cells differ by more than
/// one, the walls cut the board, or the closing search gives up on the starting body), the
/// agent plays [`SafeAgent`](crate::snake::SafeAgent)'s look-ahead that move, which carries no guarantee, and tries
/// to close a cycle again at the next.
///
/// # Cost per move
///
/// Off a committed path: up to six breadth-first searches over the `n` free
/// cells, each followed by an `O(length)` walk of the look-ahead snake and a closing
/// search, and one more closing search from the position as it stands; each closing
/// search is a flood fill, a count of each empty cell's ways and a depth-first search
/// entering at most `empty + 16` cells (`2 × empty + 64` in the lean rule of an adopted
/// cycle), with a flood fill at each step that may split the cells still to visit (on an
/// odd board up to four such searches). The last four bodies round which a search failed
/// are remembered, and a check that ends in one of them is answered without a search:
/// on odd boards that spares many of the cells the searches would enter. Most moves of
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
    /// The rule: the cycle followed and the shortcuts checked.
    pub(in crate::snake::agents) rule: ReclosingRule,
    /// Plays when no cycle closes round the snake.
    pub(in crate::snake::agents) look_ahead: Option<Box<SafeAgent>>,
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
}

impl Agent for ReclosingAgent {
    fn next_move(&mut self, game: &Game) -> Direction {
        if let Some(direction) = self.rule.play(game) {
            return direction;
        }
        // No cycle closes round this snake: the look-ahead agent at least keeps eating.
        let agent = self
            .look_ahead
            .get_or_insert_with(|| Box::new(SafeAgent::new()));
        delegate(agent.as_mut(), game, &mut self.rule.stats)
    }

    fn stats(&self) -> AgentStats {
        self.rule.stats
    }

    fn name(&self) -> &str {
        "reclosing"
    }
}
