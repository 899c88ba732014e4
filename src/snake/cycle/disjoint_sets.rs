//! Union-find over cell or block indices.

/// Disjoint sets with path halving and union by size: spanning trees and connectivity
/// tests over a few hundred nodes, with no allocation after the first use.
#[derive(Clone, Debug, Default)]
pub(crate) struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    pub(crate) fn reset(&mut self, len: usize) {
        self.parent.clear();
        self.parent.extend(0..len as u32);
        self.size.clear();
        self.size.resize(len, 1);
    }

    pub(crate) fn find(&mut self, mut node: u32) -> u32 {
        while self.parent[node as usize] != node {
            let grand = self.parent[self.parent[node as usize] as usize];
            self.parent[node as usize] = grand;
            node = grand;
        }
        node
    }

    /// Joins the sets of `a` and `b`; `false` when they already were one.
    pub(crate) fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }

    pub(crate) fn set_size(&mut self, node: u32) -> u32 {
        let root = self.find(node);
        self.size[root as usize]
    }
}
