//! Hamiltonian cycles over a snake board.

mod hamiltonian_cycle;

pub use hamiltonian_cycle::*;
