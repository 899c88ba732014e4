//! The cycle family: agents that keep the body on a Hamiltonian cycle through every free
//! cell and take shortcuts off it only where the cycle survives, built on the toolkit in
//! [`snake::cycle`](crate::snake::cycle) and on the reclosing rule the look-ahead agents
//! share. Where no cycle fits they fall back on the look-ahead family, never the other
//! way round.

mod block_tree;
mod hamiltonian;
mod reclosing;

pub use block_tree::{best, BlockTreeAgent};
pub use hamiltonian::HamiltonianAgent;
pub use reclosing::ReclosingAgent;
