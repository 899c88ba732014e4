//! Hamiltonian cycles over a snake board, and the toolkit the cycle-following agents
//! ([`HamiltonianAgent`](crate::snake::HamiltonianAgent),
//! [`BlockTreeAgent`](crate::snake::BlockTreeAgent)) build on.
//!
//! # Building the cycle
//!
//! [`HamiltonianCycle::new`] checks the board first and names the reason when no cycle can
//! exist: an odd number of free cells, unequal numbers of dark and light cells on a
//! chessboard colouring (a cycle alternates colours), a free cell with fewer than two free
//! neighbours, or free cells in more than one piece. It then builds:
//!
//! - on a board without walls (any `W×H` with `W·H` even), the "comb": along the first row,
//!   back and forth over the other rows, and home along the first column;
//! - on an even board whose walls fill whole 2×2 blocks, a spanning tree over the free
//!   blocks, walked around with the right hand on its edges (each block holds a small
//!   loop, and a tree edge joins the loops of two blocks);
//! - otherwise, a depth-first search for a cycle with Warnsdorff's ordering (fewest onward
//!   neighbours first; H. C. von Warnsdorf, 1823, for the knight's tour) and two prunings
//!   (every unvisited cell keeps two usable neighbours; the unvisited cells stay in one
//!   piece), stopped after a fixed number of steps with [`CycleError::NotFound`].
//!
//! [`HamiltonianCycle::through`] builds a cycle that also holds a given snake body in order,
//! trying the mirror images and reversals of the constructions before the search.
//!
//! # The toolkit
//!
//! Agents decide over plain cell indices (row-major, `y * width + x`) rather than
//! `(x, y)` pairs, so the crate-level part of this module speaks in those:
//!
//! - `Layout`: the board as a width, a height and its wall cells, with neighbours and the
//!   mirror image; `NONE` stands for "no cell";
//! - `DisjointSets`: union-find for spanning trees and connectivity tests;
//! - `HamiltonianCycle::through_layout`, `order` and `places`: a cycle built for a layout
//!   and a body, read as cell indices;
//! - `BlockMoves`, `Cut` and `Constraint`: right-hand driving in blocks (2×2, or cut by
//!   runs of two and three columns and rows round an odd side or single walls), what each
//!   body step says about the block tree, and the exact test that a spanning tree (and so
//!   a cycle) still holds the body.
//!
//! # Complexity
//!
//! `O(n)` for the constructions over `n` cells, at most the step budget for the search
//! (`200_000 + 200 n` steps of `O(n)` each on boards up to 1024 cells).

mod blocks;
mod closing;
mod disjoint_sets;
mod error;
mod hamiltonian_cycle;
mod layout;

pub(crate) use blocks::{BlockMoves, Constraint, TreeTest};
pub(crate) use closing::ClosingCycle;
pub(crate) use disjoint_sets::DisjointSets;
pub use error::CycleError;
pub use hamiltonian_cycle::HamiltonianCycle;
pub(crate) use layout::{Layout, NONE};
