//! The rules by which the block-tree player turns its plans into moves.

/// How [`TreePlayer`](super::player::TreePlayer) turns a plan to the food into moves:
/// each rule is the one before it and one more step, except [`Rule::Committed`], the
/// rule of boards not cut into 2×2 blocks alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Plans every move and plays the first move of the plan that passes the safety test
    /// (or of a detour toward the cells it would shut off): the baseline the other rules
    /// are measured against.
    #[cfg(test)]
    Plain,
    /// As [`Rule::Plain`], and a plan's first move is weighed against the head's other
    /// move by the next food's expected cost (the outlook).
    Weighed,
    /// As [`Rule::Weighed`], and the first move of each meal is chosen by playing both
    /// moves out to the meal's end, then replaying the chosen one's moves.
    RolledOut,
    /// Plans when a meal begins, and follows the plan to the food, or a detour to the
    /// cells it would shut off, without planning again (each detour move still tested):
    /// blocks of two and three cells make a plan per move cost more than it saves.
    Committed,
}

impl Rule {
    /// Whether a plan's first move is weighed against the other move.
    pub(crate) fn weighs_other_move(self) -> bool {
        matches!(self, Rule::Weighed | Rule::RolledOut)
    }

    /// Whether the first move of each meal is chosen by rollouts.
    pub(crate) fn rolls_out(self) -> bool {
        self == Rule::RolledOut
    }

    /// Whether plans and detours are followed to their end without planning again.
    pub(crate) fn commits(self) -> bool {
        self == Rule::Committed
    }

    /// The rule without rollouts: [`Rule::RolledOut`] becomes [`Rule::Weighed`].
    pub(crate) fn without_rollouts(self) -> Rule {
        match self {
            Rule::RolledOut => Rule::Weighed,
            rule => rule,
        }
    }
}
