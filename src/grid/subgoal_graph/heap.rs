//! The frontier of the queries: a min-heap of `(key, id)` pairs, each packed into one
//! `u128` so that a comparison in a sift is one integer compare, not two nor a float's
//! total order.
//!
//! Pairs pop in increasing order of key, then of id.

use std::collections::BinaryHeap;

/// A min-heap of `(key, id)` pairs.
#[derive(Debug, Default, Clone)]
pub(super) struct Heap {
    /// The pairs packed, `key` in the high 64 bits and `id` in the low 32, and complemented:
    /// the greatest entry of the max-heap is the least pair.
    entries: BinaryHeap<u128>,
}

/// The packed entry of a pair.
#[inline(always)]
fn pack(key: u64, id: u32) -> u128 {
    !((u128::from(key) << 64) | u128::from(id))
}

impl Heap {
    /// Forgets every pair, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }

    /// The number of pairs queued.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The least key queued.
    #[inline(always)]
    pub(super) fn peek_key(&self) -> Option<u64> {
        self.entries.peek().map(|&entry| (!entry >> 64) as u64)
    }

    /// Queues `id` with `key`.
    #[inline]
    pub(super) fn push(&mut self, key: u64, id: u32) {
        self.entries.push(pack(key, id));
    }

    /// Removes and returns the pair of least key (least id among equal keys).
    #[inline]
    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        let top = !self.entries.pop()?;
        Some(((top >> 64) as u64, top as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;

    #[test]
    fn pops_in_order_of_key_then_id() {
        let mut heap = Heap::default();
        let mut pairs = Vec::new();
        // A fixed pseudo-random sequence with repeated keys.
        let mut x = 12_345u64;
        for id in 0..500u32 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let key = (x >> 33) % 97;
            pairs.push((key, id));
            heap.push(key, id);
            if id % 7 == 3 {
                pairs.sort_unstable();
                assert_eq!(heap.pop(), Some(pairs.remove(0)));
            }
        }
        pairs.sort_unstable();
        assert_eq!(heap.len(), pairs.len());
        assert_eq!(heap.peek_key(), Some(pairs[0].0));
        for pair in pairs {
            assert_eq!(heap.pop(), Some(pair));
        }
        assert_eq!(heap.pop(), None);
    }
}
