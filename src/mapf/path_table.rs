//! The refinement's record of the plan: who is where at each time step, asked cell by cell
//! by the searches that replan an agent against everyone else.

use fixedbitset::FixedBitSet;

use super::graph::NONE;

/// Who is where at each time step: `at[t · V + v]` is the agent at vertex `v` at time `t`,
/// for `t` up to the last row; after it, every agent stays at its last vertex.
#[derive(Clone, Debug, Default)]
pub(crate) struct PathTable {
    vertices: usize,
    rows: usize,
    at: Vec<u32>,
    /// One bit per entry of `at`, set when someone is there: the searches mostly ask
    /// whether a cell is free, and the bits stay in the first-level cache where the
    /// agent numbers do not.
    busy: FixedBitSet,
    /// The agent that ends its path at each vertex.
    standing: Vec<u32>,
}

impl PathTable {
    pub(super) fn reset(&mut self, vertices: usize) {
        self.vertices = vertices;
        self.rows = 0;
        self.at.clear();
        self.busy.clear();
        self.busy.grow(0);
        self.standing.clear();
        self.standing.resize(vertices, NONE);
    }

    fn grow(&mut self, rows: usize) {
        while self.rows < rows {
            let start = self.at.len();
            self.at.extend_from_slice(&self.standing);
            self.busy.grow(self.at.len());
            for (v, &agent) in self.standing.iter().enumerate() {
                if agent != NONE {
                    self.busy.insert(start + v);
                }
            }
            self.rows += 1;
        }
    }

    pub(super) fn insert(&mut self, agent: u32, path: &[u32]) {
        self.grow(path.len());
        let last = path[path.len() - 1];
        for t in 0..self.rows {
            let v = path[t.min(path.len() - 1)];
            self.at[t * self.vertices + v as usize] = agent;
            self.busy.insert(t * self.vertices + v as usize);
        }
        self.standing[last as usize] = agent;
    }

    pub(super) fn remove(&mut self, agent: u32, path: &[u32]) {
        for t in 0..self.rows {
            let index = t * self.vertices + path[t.min(path.len() - 1)] as usize;
            if self.at[index] == agent {
                self.at[index] = NONE;
                self.busy.set(index, false);
            }
        }
        let last = path[path.len() - 1] as usize;
        if self.standing[last] == agent {
            self.standing[last] = NONE;
        }
    }

    #[inline]
    pub(super) fn occupant(&self, v: u32, t: u32) -> u32 {
        let t = t as usize;
        if t < self.rows {
            self.at[t * self.vertices + v as usize]
        } else {
            self.standing[v as usize]
        }
    }
}

impl PathTable {
    /// Whether nobody is at `node` at `time`.
    #[inline]
    pub(crate) fn is_free(&self, node: u32, time: u32) -> bool {
        let t = time as usize;
        if t < self.rows {
            !self.busy.contains(t * self.vertices + node as usize)
        } else {
            self.standing[node as usize] == NONE
        }
    }

    /// Whether stepping from `from` at `time` to `to` at `time + 1` meets nobody: `to` is
    /// free then and its occupant at `time`, if any, does not come the other way.
    #[inline]
    pub(crate) fn can_move(&self, from: u32, to: u32, time: u32) -> bool {
        if !self.is_free(to, time + 1) {
            return false;
        }
        if from == to {
            return true;
        }
        let there = self.occupant(to, time);
        there == NONE || self.occupant(from, time + 1) != there
    }

    /// The number of rows: from this time on, nothing in the table changes.
    pub(crate) fn latest_time(&self) -> u32 {
        self.rows as u32
    }
}
