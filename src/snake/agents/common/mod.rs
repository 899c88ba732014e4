//! What both families of agents share: the last-resort move, the helpers that turn a game
//! into cell indices and a chosen cell back into a move, the clock that counts moves from
//! what an agent sees, and the reclosing rule, which the cycle agents play and the
//! look-ahead agents hand their endgames to. Nothing here depends on either family.

mod clock;
mod reclosing;

pub(super) use clock::MoveClock;
pub(super) use reclosing::ReclosingRule;

use crate::snake::{Direction, Game, Position, TailView};
use crate::BfsReach;

/// The move that leaves the most room: among the moves `allowed` (indexed as
/// [`Direction::ALL`]) that do not die at once, the one whose new head cell reaches the
/// most cells on the virtual-tail view, ties going to the move farther from the food
/// (Liu's last resort, which wanders away to leave the food for later). Any move when none
/// survives. Returns the move and the nodes expanded.
pub(super) fn most_free_space<P: Position>(
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
        let away = crate::snake::manhattan(next, food);
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
pub(super) fn delegate<A: crate::snake::Agent + ?Sized>(
    agent: &mut A,
    game: &Game,
    stats: &mut crate::snake::AgentStats,
) -> Direction {
    let before = agent.stats();
    let direction = agent.next_move(game);
    let after = agent.stats();
    stats.searches += after.searches - before.searches;
    stats.expanded += after.expanded - before.expanded;
    direction
}

/// Copies the snake's body (head first) as cell indices into `body`.
pub(super) fn load_body(game: &Game, body: &mut Vec<u32>) {
    let board = game.board();
    body.clear();
    body.extend(game.snake().body().map(|cell| board.index(cell) as u32));
}

/// The direction from the head to the adjacent cell `next`, or, if `next` is not adjacent
/// (no rule holds the body), any move that does not die at once.
pub(super) fn direction_to(game: &Game, next: u32) -> Direction {
    let head = game.snake().head();
    let next = game.board().cell(next as usize);
    Direction::between(head, next).unwrap_or_else(|| any_safe_move(game))
}

/// A move that does not die at once, if there is one.
pub(super) fn any_safe_move(game: &Game) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|&direction| game.death_of(direction).is_none())
        .unwrap_or(Direction::Up)
}
