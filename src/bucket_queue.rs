//! `BucketQueue`: A*'s frontier when `f` is a small non-negative integer (Dial, "Algorithm
//! 360: Shortest-path forest with topological ordering", CACM 12(11), 1969).
//!
//! One bucket per priority, each a stack of ids; a position index per id makes
//! decrease-key a swap-remove and a push, so, like [`IndexedMinHeap`](crate::IndexedMinHeap),
//! each id is queued at most once and no stale entries are left behind. Popping takes the
//! newest id of the lowest non-empty bucket. A* numbers its buckets by `f` and then by the
//! estimate `h`, so that among nodes of equal `f` the deepest (larger `g`) comes first, the
//! same tie-break the heap's keys encode.
//!
//! Invariants: `buckets[positions[id].bucket][positions[id].slot] == id` for every queued
//! `id`; no bucket below `lowest` holds an id, and `len` ids are queued. The queue keeps
//! no upper end: popping stops at the first non-empty bucket, which `len > 0` guarantees,
//! and clearing stops once it has cleared `len` ids, so a push does not pay to maintain one.
//!
//! The queue does not know which ids are queued: a popped or cleared id's position is left
//! as it was, and the caller says which ids are queued by which operation it calls
//! ([`push_absent`](BucketQueue::push_absent) for an id that is not, `change` and `remove`
//! for one that is). A* knows already (a reached node that is not closed is queued), and
//! marking each popped id and every id left over from the last search cost it 2% of its
//! instructions on the 8-puzzle.
//!
//! | operation | cost |
//! |---|---|
//! | `push`, `change`, `remove` | `O(1)` (amortized, for the bucket's growth) |
//! | `pop` | `O(1)` plus the empty buckets skipped; over a search with a consistent heuristic, `O(f*)` skips in all |
//! | `clear` | `O(buckets used + ids queued)` |

#[derive(Clone, Copy, Debug)]
struct Position {
    bucket: u32,
    slot: u32,
}

/// A monotone-friendly priority queue over dense ids with small integer priorities.
#[derive(Clone, Debug, Default)]
pub(crate) struct BucketQueue {
    buckets: Vec<Vec<u32>>,
    positions: Vec<Position>,
    lowest: usize,
    len: usize,
}

impl BucketQueue {
    /// The largest priority the queue takes; A* falls back to its heap beyond it.
    pub(crate) const LIMIT: u32 = 1 << 16;

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Queues an id that is not queued, with priority `bucket` (below [`Self::LIMIT`]).
    #[inline(always)]
    pub(crate) fn push_absent(&mut self, id: u32, bucket: u32) {
        debug_assert!(bucket < Self::LIMIT);
        let index = bucket as usize;
        let stack = match self.buckets.get_mut(index) {
            Some(stack) => stack,
            None => grow_buckets(&mut self.buckets, index),
        };
        let position = Position {
            bucket,
            slot: stack.len() as u32,
        };
        match self.positions.get_mut(id as usize) {
            Some(slot) => *slot = position,
            None => grow_positions(&mut self.positions, id, position),
        }
        stack.push(id);
        self.lowest = self.lowest.min(index);
        self.len += 1;
    }

    /// Moves a queued id to priority `bucket`, on top of that bucket.
    #[inline]
    pub(crate) fn change(&mut self, id: u32, bucket: u32) {
        self.remove(id);
        self.push_absent(id, bucket);
    }

    /// Takes a queued id out of the queue.
    #[inline]
    pub(crate) fn remove(&mut self, id: u32) {
        let Position { bucket, slot } = self.positions[id as usize];
        let stack = &mut self.buckets[bucket as usize];
        debug_assert_eq!(
            stack.get(slot as usize),
            Some(&id),
            "removing an id not queued"
        );
        let last = stack.pop().expect("a queued id's bucket is not empty");
        if (slot as usize) < stack.len() {
            stack[slot as usize] = last;
            self.positions[last as usize].slot = slot;
        }
        self.len -= 1;
    }

    /// Takes the newest id of the lowest non-empty bucket, with that bucket's priority.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        // Some bucket from `lowest` on holds an id, so the scan ends inside `buckets`.
        while let Some(stack) = self.buckets.get_mut(self.lowest) {
            if let Some(id) = stack.pop() {
                self.len -= 1;
                return Some((id, self.lowest as u32));
            }
            self.lowest += 1;
        }
        None
    }

    /// The bucket of the id [`pop`](Self::pop) took last, while nothing has been pushed
    /// since: where that id goes back to be popped first again.
    #[inline]
    pub(crate) fn last_popped_bucket(&self) -> u32 {
        self.lowest as u32
    }

    /// The queued ids, in no particular order.
    pub(crate) fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        let from = if self.len == 0 {
            self.buckets.len()
        } else {
            self.lowest
        };
        self.buckets[from..].iter().flatten().copied()
    }

    /// Empties the queue, touching only the buckets from the lowest to the last that holds
    /// an id.
    pub(crate) fn clear(&mut self) {
        let mut left = self.len;
        let mut index = self.lowest;
        while left > 0 {
            let stack = &mut self.buckets[index];
            left -= stack.len();
            stack.clear();
            index += 1;
        }
        self.lowest = usize::MAX;
        self.len = 0;
    }
}

/// Adds empty buckets up to `index`, off the push's hot path.
#[cold]
fn grow_buckets(buckets: &mut Vec<Vec<u32>>, index: usize) -> &mut Vec<u32> {
    buckets.resize_with(index + 1, Vec::new);
    &mut buckets[index]
}

/// Makes room for `id` (doubling, so growth is amortized) and stores its position.
#[cold]
fn grow_positions(positions: &mut Vec<Position>, id: u32, position: Position) {
    let len = (id as usize + 1).max(positions.len() * 2);
    positions.resize(len, Position { bucket: 0, slot: 0 });
    positions[id as usize] = position;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[derive(Clone, Debug)]
    enum Op {
        Push(u32, u32),
        Change(u32, u32),
        Remove(u32),
        Pop,
        Clear,
    }

    fn op() -> impl proptest::strategy::Strategy<Value = Op> {
        use proptest::prelude::*;
        prop_oneof![
            4 => (0..40_u32, 0..30_u32).prop_map(|(id, b)| Op::Push(id, b)),
            2 => (0..40_u32, 0..30_u32).prop_map(|(id, b)| Op::Change(id, b)),
            1 => (0..40_u32).prop_map(Op::Remove),
            4 => Just(Op::Pop),
            1 => Just(Op::Clear),
        ]
    }

    proptest::proptest! {
        /// Against a model: a set of (priority, id). Pops must return an id of the lowest
        /// priority present; which one is the queue's tie-break.
        #[test]
        fn behaves_like_a_set_of_priorities(ops in proptest::collection::vec(op(), 0..200)) {
            let mut queue = BucketQueue::default();
            queue.clear();
            let mut model: BTreeSet<(u32, u32)> = BTreeSet::new();
            let mut priority = vec![None; 40];
            for op in ops {
                match op {
                    Op::Push(id, bucket) => {
                        if priority[id as usize].is_none() {
                            queue.push_absent(id, bucket);
                            model.insert((bucket, id));
                            priority[id as usize] = Some(bucket);
                        }
                    }
                    Op::Change(id, bucket) => {
                        if let Some(old) = priority[id as usize] {
                            queue.change(id, bucket);
                            model.remove(&(old, id));
                            model.insert((bucket, id));
                            priority[id as usize] = Some(bucket);
                        }
                    }
                    Op::Remove(id) => {
                        if let Some(old) = priority[id as usize].take() {
                            queue.remove(id);
                            model.remove(&(old, id));
                        }
                    }
                    Op::Pop => {
                        let popped = queue.pop();
                        match model.first().copied() {
                            None => proptest::prop_assert_eq!(popped, None),
                            Some((lowest, _)) => {
                                let (id, bucket) = popped.expect("model is not empty");
                                proptest::prop_assert_eq!(bucket, lowest);
                                proptest::prop_assert!(model.remove(&(bucket, id)));
                                priority[id as usize] = None;
                            }
                        }
                    }
                    Op::Clear => {
                        queue.clear();
                        model.clear();
                        priority.iter_mut().for_each(|p| *p = None);
                    }
                }
                proptest::prop_assert_eq!(queue.len(), model.len());
                let mut ids: Vec<u32> = queue.ids().collect();
                ids.sort_unstable();
                let mut expected: Vec<u32> = model.iter().map(|&(_, id)| id).collect();
                expected.sort_unstable();
                proptest::prop_assert_eq!(ids, expected);
            }
        }
    }

    #[test]
    fn equal_priorities_pop_newest_first() {
        let mut queue = BucketQueue::default();
        queue.clear();
        queue.push_absent(1, 5);
        queue.push_absent(2, 5);
        queue.push_absent(3, 4);
        queue.push_absent(4, 5);
        assert_eq!(queue.pop(), Some((3, 4)));
        assert_eq!(queue.pop(), Some((4, 5)));
        queue.change(1, 5);
        assert_eq!(queue.pop(), Some((1, 5)));
        assert_eq!(queue.pop(), Some((2, 5)));
        assert_eq!(queue.pop(), None);
    }
}
