//! Why no cycle could be built.

/// Why no Hamiltonian cycle could be built.
///
/// # Example
///
/// ```
/// use replan::snake::CycleError;
/// let error = CycleError::OddCellCount { free: 9 };
/// assert!(error.to_string().contains("9 free cells"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CycleError {
    /// A cycle through every free cell alternates dark and light cells, so it needs an even
    /// number of them.
    #[error("the board has {free} free cells; a cycle through all of them needs an even number")]
    OddCellCount {
        /// How many free cells the board has.
        free: usize,
    },
    /// The free cells hold unequal numbers of dark and light cells on a chessboard
    /// colouring; a cycle alternates colours.
    #[error("the free cells are {dark} dark and {light} light on a chessboard colouring; a cycle needs as many of each")]
    Unbalanced {
        /// Free cells with `x + y` even.
        dark: usize,
        /// Free cells with `x + y` odd.
        light: usize,
    },
    /// A free cell with fewer than two free neighbours cannot lie on a cycle.
    #[error("free cell {cell:?} has fewer than two free neighbours")]
    DeadEnd {
        /// The cell.
        cell: (u32, u32),
    },
    /// The free cells fall into more than one piece.
    #[error("the free cells are not connected")]
    Disconnected,
    /// The snake body handed in is not a path of distinct, adjacent free cells.
    #[error("the snake's body is not a path of distinct, adjacent free cells")]
    InvalidBody,
    /// The search ran through every possibility: no cycle exists (with the body in order,
    /// when one was given).
    #[error("no Hamiltonian cycle exists")]
    NoCycle,
    /// The search stopped after its budget of steps without finding a cycle.
    #[error("no Hamiltonian cycle found within {budget} search steps")]
    NotFound {
        /// The number of search steps allowed.
        budget: u64,
    },
}
