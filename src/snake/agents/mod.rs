//! Agents that play Snake, one per file, from the plain greedy baseline through the safety
//! checks of Chuyang Liu's greedy solver (github.com/chuyangliu/snake) to the agents that
//! follow Hamiltonian cycles.
//!
//! | agent | rule |
//! |---|---|
//! | [`GreedyAgent`] | shortest path to the food, else the move with the most free space |
//! | [`SafeAgent`] | a path to the food only if a look-ahead snake that ate there can still reach its tail (near the end: can surely eat again, searched exactly over its own moves); else follow the tail the long way; else the most free space; past a quarter of a full board, once a cycle closes through its body and every empty cell, [`ReclosingAgent`]'s rule on that cycle |
//! | [`IncrementalAgent`] | [`SafeAgent`]'s rule, its food paths taken from one [`DStarLite`](crate::DStarLite) search repaired each move |
//! | [`HamiltonianAgent`] | follows a Hamiltonian cycle with shortcuts that keep the body in cycle order |
//! | [`ReclosingAgent`] | the shortest path to the food whenever a Hamiltonian cycle (on an odd board, one round all free cells but one) closes round the snake after the meal; else along such a cycle |
//! | [`BlockTreeAgent`] | drives on the right in 2×2 blocks (or blocks of two and three cells round odd sides and single walls) around a cycle it re-forms every step (twanvl/snake's cell tree); plays [`ReclosingAgent`]'s rule where no blocks fit |
//!
//! The cycle agents decide over plain cell indices and build on the toolkit in
//! [`cycle`](super::cycle); the helpers at the end of this file turn a game into those
//! indices and a chosen cell back into a move.
//!
//! Every agent owns its planners, distance maps and look-ahead snake and refreshes them in
//! place each move; after the first move of a game nothing is allocated per move except
//! where a doc says so. The endgame search's stacks and sets of positions seen keep their
//! memory between searches, growing only when a search goes further than any before.

mod block_tree;
mod clock;
mod greedy;
mod hamiltonian;
mod incremental;
mod loop_guard;
mod reclosing;
mod safe;
mod safety;

pub use block_tree::{best, BlockTreeAgent};
pub use greedy::GreedyAgent;
pub use hamiltonian::HamiltonianAgent;
pub use incremental::{IncrementalAgent, PlannerComparison};
pub use reclosing::ReclosingAgent;
pub use safe::SafeAgent;

use super::{Direction, Game, Position, TailView};
use crate::BfsReach;

/// The move that leaves the most room: among the moves `allowed` (indexed as
/// [`Direction::ALL`]) that do not die at once, the one whose new head cell reaches the
/// most cells on the virtual-tail view, ties going to the move farther from the food
/// (Liu's last resort, which wanders away to leave the food for later). Any move when none
/// survives. Returns the move and the nodes expanded.
fn most_free_space<P: Position>(
    game: &Game,
    view: &TailView<P>,
    reach: &mut BfsReach,
    allowed: [bool; 4],
) -> (Direction, u64) {
    let head = game.snake().head();
    let (width, height) = (game.board().width(), game.board().height());
    let food = game.food().unwrap_or(head);
    let mut best: Option<(Direction, usize, u32)> = None;
    let mut expanded = 0;
    for (direction, allowed) in Direction::ALL.into_iter().zip(allowed) {
        if !allowed || game.death_of(direction).is_some() {
            continue;
        }
        let Some(next) = direction.apply(head, width, height) else {
            continue;
        };
        let room = match reach.run(view, next) {
            Ok(map) => map.reached(),
            Err(_) => 0,
        };
        expanded += reach.last_stats().expanded;
        let away = next.0.abs_diff(food.0) + next.1.abs_diff(food.1);
        if best.is_none_or(|(_, best_room, best_away)| (room, away) > (best_room, best_away)) {
            best = Some((direction, room, away));
        }
    }
    (
        best.map_or(Direction::Up, |(direction, ..)| direction),
        expanded,
    )
}

/// The move `agent` makes in `game`, on behalf of an agent that hands the position over;
/// the searches and expansions it spends are added to the caller's `stats`.
fn delegate<A: super::Agent + ?Sized>(
    agent: &mut A,
    game: &Game,
    stats: &mut super::AgentStats,
) -> Direction {
    let before = agent.stats();
    let direction = agent.next_move(game);
    let after = agent.stats();
    stats.searches += after.searches - before.searches;
    stats.expanded += after.expanded - before.expanded;
    direction
}

/// Copies the snake's body (head first) as cell indices into `body`.
fn load_body(game: &Game, body: &mut Vec<u32>) {
    let board = game.board();
    body.clear();
    body.extend(game.snake().body().map(|cell| board.index(cell) as u32));
}

/// The direction from the head to the adjacent cell `next`, or, if `next` is not adjacent
/// (no rule holds the body), any move that does not die at once.
fn direction_to(game: &Game, next: u32) -> Direction {
    let head = game.snake().head();
    let next = game.board().cell(next as usize);
    Direction::between(head, next).unwrap_or_else(|| any_safe_move(game))
}

/// A move that does not die at once, if there is one.
fn any_safe_move(game: &Game) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|&direction| game.death_of(direction).is_none())
        .unwrap_or(Direction::Up)
}
