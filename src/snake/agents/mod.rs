//! Agents that play Snake, one per file, in two families: the look-ahead family, from the
//! plain greedy baseline through the safety checks of Chuyang Liu's greedy solver
//! (github.com/chuyangliu/snake), and the cycle family, which follows Hamiltonian cycles.
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
//! The folders read from the bottom up, and each depends only on those before it:
//!
//! - `common/`: what both families share: the last-resort move (the most free space),
//!   the helpers that turn a game into cell indices and a chosen cell back into a move,
//!   the clock that counts a game's moves from what an agent sees, and the reclosing
//!   rule (follow a cycle through the body, shortcut to the food where a cycle closes
//!   again after the meal).
//! - `look_ahead/`: greedy, safe and incremental on one engine (its `mod.rs`): a food
//!   path checked by a look-ahead snake, the exact endgame search, the loop guard, the
//!   tail path, and the hand-over of the endgame to the reclosing rule once a cycle
//!   closes through the body.
//! - `cycle/`: hamiltonian, reclosing and block tree, which decide over plain cell
//!   indices, build on the toolkit in [`cycle`](super::cycle), and fall back on the
//!   look-ahead family where no cycle fits.
//!
//! Every agent owns its planners, distance maps and look-ahead snake and refreshes them in
//! place each move; after the first move of a game nothing is allocated per move except
//! where a doc says so. The endgame search's stacks and sets of positions seen keep their
//! memory between searches, growing only when a search goes further than any before.

mod common;
mod cycle;
mod look_ahead;

pub use cycle::{best, BlockTreeAgent, HamiltonianAgent, ReclosingAgent};
pub use look_ahead::{GreedyAgent, IncrementalAgent, PlannerComparison, SafeAgent};
