//! Snake.
pub mod best;
pub mod hamiltonian;
