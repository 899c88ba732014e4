//! A plan for every agent: where each one is at each time step.

use std::fmt::Write as _;

use crate::grid::Cell;

/// A plan: `paths[i][t]` is agent `i`'s cell at time `t`.
///
/// Rule: every path has the same length, `makespan() + 1`; an agent that arrives early
/// waits at its goal. An agent's cost is the time after which it stays at its last cell
/// for good (waiting at the goal after arriving is free), and the sum of costs adds them.
///
/// # Example
///
/// ```
/// use replan::mapf::Solution;
/// let plan = Solution::new(vec![vec![(0, 0), (1, 0), (1, 0)], vec![(2, 0), (2, 1), (1, 1)]]);
/// assert_eq!(plan.makespan(), 2);
/// assert_eq!(plan.costs(), [1, 2]);
/// assert_eq!(plan.sum_of_costs(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// Each agent's cell at each time step.
    pub paths: Vec<Vec<Cell>>,
}

impl Solution {
    /// A plan from `paths`, padding the shorter ones with waits at their last cell so all
    /// have one length.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Solution;
    /// let plan = Solution::new(vec![vec![(0, 0)], vec![(1, 0), (2, 0)]]);
    /// assert_eq!(plan.paths[0], [(0, 0), (0, 0)]);
    /// ```
    pub fn new(mut paths: Vec<Vec<Cell>>) -> Solution {
        let length = paths.iter().map(Vec::len).max().unwrap_or(0);
        for path in &mut paths {
            if let Some(&last) = path.last() {
                path.resize(length, last);
            }
        }
        Solution { paths }
    }

    /// The number of time steps of the plan (0 for no agent).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Solution;
    /// assert_eq!(Solution::new(vec![vec![(0, 0), (0, 1)]]).makespan(), 1);
    /// ```
    pub fn makespan(&self) -> usize {
        self.paths
            .first()
            .map_or(0, |path| path.len().saturating_sub(1))
    }

    /// Each agent's cost: one more than the last time it is somewhere other than its final
    /// cell (0 for an agent that never moves).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Solution;
    /// // leaves its goal and comes back: every step counts
    /// let plan = Solution::new(vec![vec![(0, 0), (1, 0), (0, 0), (0, 0)]]);
    /// assert_eq!(plan.costs(), [2]);
    /// ```
    pub fn costs(&self) -> Vec<u64> {
        self.paths
            .iter()
            .map(|path| {
                let Some(&last) = path.last() else { return 0 };
                path.iter()
                    .rposition(|&cell| cell != last)
                    .map_or(0, |t| t as u64 + 1)
            })
            .collect()
    }

    /// The sum of [`costs`](Solution::costs).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Solution;
    /// assert_eq!(Solution::new(vec![vec![(0, 0), (0, 1)], vec![(5, 5)]]).sum_of_costs(), 1);
    /// ```
    pub fn sum_of_costs(&self) -> u64 {
        self.costs().iter().sum()
    }

    /// The plan as text: one line per agent, its cells `x,y` at each time step separated by
    /// spaces.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::mapf::Solution;
    /// let plan = Solution::new(vec![vec![(0, 0), (1, 0)], vec![(3, 2)]]);
    /// assert_eq!(plan.to_text(), "0,0 1,0\n3,2 3,2\n");
    /// ```
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for path in &self.paths {
            for (t, (x, y)) in path.iter().enumerate() {
                let separator = if t == 0 { "" } else { " " };
                let _ = write!(text, "{separator}{x},{y}");
            }
            text.push('\n');
        }
        text
    }
}
