//! Which shortcuts the reclosing rule checks, and how often.

/// Which shortcuts [`ReclosingRule`](super::ReclosingRule) checks before it moves along
/// its cycle, how often, and how far each closing search may go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Checks {
    /// The rule as [`ReclosingAgent`](crate::snake::ReclosingAgent) plays it: the
    /// shortest timed path, the shortest ordered one, those through the head's other
    /// moves, and a new cycle closed round the body as it stands; after a move whose
    /// checks all failed, one move along the cycle unchecked. Closing searches enter at
    /// most one cell per empty cell and 16 more: most that need more find no path at all.
    #[default]
    Full,
    /// The rule of a cycle the look-ahead agents hand over: only the shortest timed path
    /// to the food, and after a move where it failed, seven moves along the cycle
    /// unchecked. Checked this seldom, a shortcut costs the look-ahead agents little time
    /// per move, and each closing search affords two cells per empty cell and 64 more.
    Adopted,
}

impl Checks {
    /// Cells a closing search may enter per empty cell, and a base.
    pub(super) fn close_cap(self) -> (u32, u32) {
        match self {
            Checks::Full => (1, 16),
            Checks::Adopted => (2, 64),
        }
    }

    /// Moves along the cycle without checking any path after a move whose checks all
    /// failed: the next position differs by one step and seldom passes where this one
    /// did not.
    pub(super) fn quiet_moves(self) -> u32 {
        match self {
            Checks::Full => 1,
            Checks::Adopted => 7,
        }
    }
}
