//! `BucketQueue`: the frontier of searches whose priorities are small non-negative integers
//! (Dial, "Algorithm 360: Shortest-path forest with topological ordering", CACM 12(11),
//! 1969). A*, the flow field's Dijkstra and the snake searches all take it.
//!
//! Invariants: every queued entry sits in bucket `priority & mask`; no bucket below
//! `lowest` (in priority, not in slot) holds an entry, and `len` entries are queued.
//! `mask` is all ones (a bucket per priority) unless the queue is a ring, when it is the
//! ring's length less one and every queued priority lies within `mask` above `lowest`
//! (the last popped priority, or lower), so no two live priorities share a bucket. The queue keeps no upper end: popping stops at the
//! first non-empty bucket, which `len > 0` guarantees, and clearing stops once it has
//! cleared `len` entries, so a push does not pay to maintain one.
//!
//! The queue does not know which ids are queued: a popped or cleared id's position is left
//! as it was, and the caller says which ids are queued by which operation it calls
//! ([`push_absent`](BucketQueue::push_absent) for an id that is not, `change` and `remove`
//! for one that is). A* knows already (a reached node that is not closed is queued), and
//! marking each popped id and every id left over from the last search cost it 2% of its
//! instructions on the 8-puzzle.

#[derive(Clone, Copy, Debug)]
struct Position {
    /// The bucket's slot, `priority & mask`.
    bucket: u32,
    slot: u32,
}

/// A priority queue over dense `u32` ids with small integer priorities: one bucket per
/// priority, each a stack of ids.
///
/// # Rule
///
/// [`pop`](Self::pop) takes the newest entry of the lowest non-empty bucket (last in,
/// first out among equal priorities). A* numbers its buckets by `f` and then by the
/// estimate `h`, so that among nodes of equal `f` the deepest comes first, the same
/// tie-break the heap's keys encode.
///
/// Two ways of queueing share the buckets and that rule:
/// - **Exact** ([`push_absent`](Self::push_absent), [`change`](Self::change),
///   [`remove`](Self::remove)): each id is queued at most once; a position per id makes a
///   decrease-key a swap-remove and a push, so no stale entry is left behind. A* and the
///   snake's search towards the head work this way; A*, whose buckets always grow, calls
///   the `_growing` forms, which skip the ring's mask.
/// - **Lazy** ([`push`](Self::push), in a ring, with monotone priorities): an id may be
///   queued again at a lower priority, leaving its earlier entry behind, and the caller
///   skips entries that a later push superseded when they come out. No position is
///   written, so a push is one store. The flow field and the block tree's timed search
///   work this way; their order among equal priorities is then exactly a stack's, which a
///   swap-remove would change.
///
/// The buckets either grow with the largest priority queued (below [`Self::LIMIT`]) or,
/// after [`clear_ring`](Self::clear_ring), form a ring of a fixed power-of-two length
/// indexed by priority modulo that length: then priorities may be any `usize`, as long as
/// every queued priority lies less than the ring's length above the lowest queued or, once
/// something was popped, the last popped (Dijkstra's and A*'s with a consistent estimate
/// do, when the ring is longer than the dearest step raises them).
///
/// # Guarantee
///
/// Every pop returns an entry of the lowest priority queued, with that priority. Among
/// equal priorities the order is the stack's for lazy pushes; in exact mode a `change` or
/// `remove` moves the bucket's newest id into the freed slot.
///
/// # Cost
///
/// | operation | cost |
/// |---|---|
/// | `push`, `push_absent`, `change`, `remove` | `O(1)` (amortized, for the bucket's growth) |
/// | `pop` | `O(1)` plus the empty buckets skipped; over a monotone search, `O(largest priority)` skips in all |
/// | `clear`, `clear_ring` | `O(buckets from the lowest to the last that holds an entry + entries queued)` |
///
/// Memory: the buckets' stacks (one `u32` per queued entry) and, in exact mode, eight
/// bytes per id up to the largest queued.
///
/// # Example
///
/// The queue is private to the crate, so rustdoc cannot run this; the unit test
/// `doc_example` runs the same lines.
///
/// ```ignore
/// let mut queue = BucketQueue::default();
/// queue.push_absent(7, 3);
/// queue.push_absent(8, 3);
/// queue.push_absent(9, 1);
/// queue.change(7, 2);
/// assert_eq!(queue.pop(), Some((9, 1)));
/// assert_eq!(queue.pop(), Some((7, 2)));
/// assert_eq!(queue.pop(), Some((8, 3)));
///
/// // A ring of 4 buckets for a Dijkstra whose steps cost at most 3, queueing lazily.
/// queue.clear_ring(4, 1_000);
/// queue.push(0, 1_000);
/// queue.push(1, 1_003);
/// queue.push(1, 1_002); // a cheaper way to 1: its first entry is now stale
/// assert_eq!(queue.pop(), Some((0, 1_000)));
/// assert_eq!(queue.pop(), Some((1, 1_002)));
/// assert_eq!(queue.pop(), Some((1, 1_003))); // the caller skips this one
/// assert_eq!(queue.pop(), None);
/// ```
#[derive(Clone, Debug)]
pub(crate) struct BucketQueue {
    buckets: Vec<Vec<u32>>,
    positions: Vec<Position>,
    /// The lowest priority an entry may have; `usize::MAX` after a clear.
    lowest: usize,
    len: usize,
    /// Which bucket a priority falls in: `priority & mask`.
    mask: usize,
}

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            buckets: Vec::new(),
            positions: Vec::new(),
            lowest: usize::MAX,
            len: 0,
            mask: usize::MAX,
        }
    }
}

impl BucketQueue {
    /// The largest priority the growing buckets take; A* falls back to its heap beyond it.
    pub(crate) const LIMIT: u32 = 1 << 16;

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Queues `id` with `priority` in a ring, lazily: `id` may be queued already, and its
    /// earlier entries stay queued for the caller to skip when they come out. The
    /// priorities must be monotone: at least the last popped one (or the ring's start, if
    /// nothing was popped since [`clear_ring`](Self::clear_ring)), and less than the
    /// ring's length above it. That keeps a push to one store, as a growing bucket or a
    /// lowered start would not.
    // The ring's users, the flow field and the block tree, are behind `grid`.
    #[cfg_attr(not(feature = "grid"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn push(&mut self, id: u32, priority: usize) {
        debug_assert!(
            self.mask != usize::MAX
                && priority >= self.lowest
                && priority - self.lowest <= self.mask,
            "a lazy push outside the ring"
        );
        self.buckets[priority & self.mask].push(id);
        self.len += 1;
    }

    /// Queues an id that is not queued, with `priority`, recording where, so that
    /// [`change`](Self::change) and [`remove`](Self::remove) can find it.
    #[inline(always)]
    pub(crate) fn push_absent(&mut self, id: u32, priority: usize) {
        debug_assert!(
            self.mask != usize::MAX || priority < Self::LIMIT as usize,
            "priority beyond the growing buckets' limit"
        );
        // In a ring the last popped priority counts as queued: a push far above it after
        // the queue emptied would alias a bucket below.
        debug_assert!(
            self.mask == usize::MAX
                || self.lowest == usize::MAX
                || priority.abs_diff(self.lowest) <= self.mask,
            "priority outside the ring"
        );
        self.push_absent_at(id, priority, priority & self.mask);
    }

    /// [`push_absent`](Self::push_absent) in a queue that is not a ring (its buckets grow,
    /// as A*'s do): the bucket is the priority itself, with no mask to load and apply on
    /// each push (1.3% of A*'s instructions on the 8-puzzle).
    #[inline(always)]
    pub(crate) fn push_absent_growing(&mut self, id: u32, priority: usize) {
        debug_assert_eq!(self.mask, usize::MAX, "a growing push into a ring");
        debug_assert!(
            priority < Self::LIMIT as usize,
            "priority beyond the growing buckets' limit"
        );
        self.push_absent_at(id, priority, priority);
    }

    /// Queues `id` with `priority` in bucket `index`, recording where.
    #[inline(always)]
    fn push_absent_at(&mut self, id: u32, priority: usize, index: usize) {
        let stack = bucket(&mut self.buckets, index);
        let position = Position {
            bucket: index as u32,
            slot: stack.len() as u32,
        };
        stack.push(id);
        match self.positions.get_mut(id as usize) {
            Some(slot) => *slot = position,
            None => grow_positions(&mut self.positions, id, position),
        }
        self.lowest = self.lowest.min(priority);
        self.len += 1;
    }

    /// Moves an id queued by [`push_absent`](Self::push_absent) to `priority`, on top of
    /// that bucket.
    // A* takes `change_growing`; the snake's search towards the head takes this one.
    #[cfg_attr(not(feature = "snake"), allow(dead_code))]
    #[inline]
    pub(crate) fn change(&mut self, id: u32, priority: usize) {
        self.remove(id);
        self.push_absent(id, priority);
    }

    /// [`change`](Self::change) in a queue that is not a ring, as
    /// [`push_absent_growing`](Self::push_absent_growing).
    #[inline]
    pub(crate) fn change_growing(&mut self, id: u32, priority: usize) {
        self.remove(id);
        self.push_absent_growing(id, priority);
    }

    /// Takes an id queued by [`push_absent`](Self::push_absent) out of the queue.
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

    /// Takes the newest entry of the lowest non-empty bucket, with its priority.
    // A* takes `pop_growing`; the rings' users (flow field, block tree) are behind `grid`.
    #[cfg_attr(not(feature = "grid"), allow(dead_code))]
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, usize)> {
        if self.len == 0 {
            return None;
        }
        // Some bucket from `lowest` on holds an entry, so the scan ends.
        loop {
            if let Some(id) = self.buckets[self.lowest & self.mask].pop() {
                self.len -= 1;
                return Some((id, self.lowest));
            }
            self.lowest += 1;
        }
    }

    /// [`pop`](Self::pop) in a queue that is not a ring: bucket and priority are the same
    /// number, so the scan skips the ring's mask (0.5% of A*'s instructions on the
    /// 8-puzzle).
    #[inline]
    pub(crate) fn pop_growing(&mut self) -> Option<(u32, usize)> {
        debug_assert_eq!(self.mask, usize::MAX, "a growing pop from a ring");
        if self.len == 0 {
            return None;
        }
        // Some bucket from `lowest` on holds an entry, so the scan ends inside `buckets`.
        while let Some(stack) = self.buckets.get_mut(self.lowest) {
            if let Some(id) = stack.pop() {
                self.len -= 1;
                return Some((id, self.lowest));
            }
            self.lowest += 1;
        }
        None
    }

    /// The priority of the entry [`pop`](Self::pop) took last, while nothing has been
    /// pushed since: where that entry goes back to be popped first again.
    #[inline]
    pub(crate) fn last_popped_priority(&self) -> usize {
        self.lowest
    }

    /// The queued entries, in no particular order.
    pub(crate) fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        let from = if self.len == 0 {
            self.buckets.len()
        } else if self.mask == usize::MAX {
            self.lowest
        } else {
            0
        };
        self.buckets[from..].iter().flatten().copied()
    }

    /// Empties the queue, touching only the buckets from the lowest to the last that holds
    /// an entry.
    pub(crate) fn clear(&mut self) {
        let mut left = self.len;
        let mut priority = self.lowest;
        while left > 0 {
            let stack = &mut self.buckets[priority & self.mask];
            left -= stack.len();
            stack.clear();
            priority += 1;
        }
        self.lowest = usize::MAX;
        self.len = 0;
    }

    /// Empties the queue and makes its buckets a ring of `span` rounded up to a power of
    /// two, starting at priority `start`: from now on every queued priority must lie less
    /// than that above the lowest queued or last popped one (or `start`).
    #[cfg_attr(not(feature = "grid"), allow(dead_code))]
    pub(crate) fn clear_ring(&mut self, span: usize, start: usize) {
        self.clear();
        let ring = span.next_power_of_two();
        if self.buckets.len() < ring {
            self.buckets.resize_with(ring, Vec::new);
        }
        self.mask = ring - 1;
        self.lowest = start;
    }
}
/// Bucket `index`, added if need be.
#[inline(always)]
fn bucket(buckets: &mut Vec<Vec<u32>>, index: usize) -> &mut Vec<u32> {
    // A `match` on `get_mut` returning the stack would not borrow-check here.
    if index < buckets.len() {
        return &mut buckets[index];
    }
    grow_buckets(buckets, index)
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
        Push(u32, usize),
        Change(u32, usize),
        Remove(u32),
        Pop,
        Clear,
    }

    fn op() -> impl proptest::strategy::Strategy<Value = Op> {
        use proptest::prelude::*;
        prop_oneof![
            4 => (0..40_u32, 0..30_usize).prop_map(|(id, b)| Op::Push(id, b)),
            2 => (0..40_u32, 0..30_usize).prop_map(|(id, b)| Op::Change(id, b)),
            1 => (0..40_u32).prop_map(Op::Remove),
            4 => Just(Op::Pop),
            1 => Just(Op::Clear),
        ]
    }

    /// Runs `ops` in exact mode against a model, a set of (priority, id): pops must return
    /// an id of the lowest priority present; which one is the queue's tie-break. With
    /// `ring`, the queue is a ring of that many buckets and every priority is raised by
    /// `base`.
    fn exact_against_model(
        ops: Vec<Op>,
        ring: Option<usize>,
        base: usize,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let mut queue = BucketQueue::default();
        match ring {
            Some(span) => queue.clear_ring(span, base),
            None => queue.clear(),
        }
        let mut model: BTreeSet<(usize, u32)> = BTreeSet::new();
        let mut priority = vec![None; 40];
        for op in ops {
            match op {
                Op::Push(id, bucket) => {
                    if priority[id as usize].is_none() {
                        queue.push_absent(id, base + bucket);
                        model.insert((base + bucket, id));
                        priority[id as usize] = Some(base + bucket);
                    }
                }
                Op::Change(id, bucket) => {
                    if let Some(old) = priority[id as usize] {
                        queue.change(id, base + bucket);
                        model.remove(&(old, id));
                        model.insert((base + bucket, id));
                        priority[id as usize] = Some(base + bucket);
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
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn behaves_like_a_set_of_priorities(ops in proptest::collection::vec(op(), 0..200)) {
            exact_against_model(ops, None, 0)?;
        }

        /// Outside a ring, the growing operations leave the queue as the general ones do:
        /// the same entries popped in the same order, ties included.
        #[test]
        fn growing_operations_match_the_general_ones(
            ops in proptest::collection::vec(op(), 0..200),
        ) {
            let (mut general, mut growing) = (BucketQueue::default(), BucketQueue::default());
            let mut queued = [false; 40];
            for op in ops {
                match op {
                    Op::Push(id, bucket) if !queued[id as usize] => {
                        general.push_absent(id, bucket);
                        growing.push_absent_growing(id, bucket);
                        queued[id as usize] = true;
                    }
                    Op::Change(id, bucket) if queued[id as usize] => {
                        general.change(id, bucket);
                        growing.change_growing(id, bucket);
                    }
                    Op::Remove(id) if queued[id as usize] => {
                        general.remove(id);
                        growing.remove(id);
                        queued[id as usize] = false;
                    }
                    Op::Pop => {
                        let popped = general.pop();
                        proptest::prop_assert_eq!(growing.pop_growing(), popped);
                        if let Some((id, _)) = popped {
                            queued[id as usize] = false;
                        }
                    }
                    Op::Clear => {
                        general.clear();
                        growing.clear();
                        queued = [false; 40];
                    }
                    _ => {}
                }
                proptest::prop_assert_eq!(growing.len(), general.len());
                proptest::prop_assert!(growing.ids().eq(general.ids()));
            }
        }

        /// Priorities 0..30 above any base all lie within a ring of 32 of each other.
        #[test]
        fn a_ring_behaves_like_a_set_of_priorities(
            ops in proptest::collection::vec(op(), 0..200),
            base in proptest::prop_oneof![0..100_usize, (1_usize << 40)..(1 << 40) + 100],
        ) {
            exact_against_model(ops, Some(32), base)?;
        }

        /// Lazy pushes in a ring, as Dijkstra makes them (each at most `span - 1` above the
        /// last popped priority), against a model that is a list of entries: every pop
        /// returns the newest entry of the lowest priority, stale or not.
        #[test]
        fn lazy_pushes_pop_as_a_stack_per_priority(
            steps in proptest::collection::vec((proptest::option::of((0..20_u32, 0..8_usize)), 0..3_usize), 0..200),
            base in proptest::prop_oneof![0..100_usize, (1_usize << 40)..(1 << 40) + 100],
            span in 1..9_usize,
        ) {
            let mut queue = BucketQueue::default();
            queue.clear_ring(span, base);
            // (priority, id), oldest first.
            let mut model: Vec<(usize, u32)> = Vec::new();
            let mut last = base;
            for (push, pops) in steps {
                if let Some((id, rise)) = push {
                    let priority = last + rise % span;
                    queue.push(id, priority);
                    model.push((priority, id));
                }
                for _ in 0..pops {
                    let popped = queue.pop();
                    let lowest = model.iter().map(|&(priority, _)| priority).min();
                    let expected = lowest.map(|lowest| {
                        let at = model.iter().rposition(|&(priority, _)| priority == lowest);
                        model.remove(at.expect("the lowest is present"))
                    });
                    proptest::prop_assert_eq!(popped, expected.map(|(p, id)| (id, p)));
                    if let Some((priority, _)) = expected {
                        last = priority;
                    }
                }
                proptest::prop_assert_eq!(queue.len(), model.len());
            }
        }
    }

    #[test]
    fn doc_example() {
        let mut queue = BucketQueue::default();
        queue.push_absent(7, 3);
        queue.push_absent(8, 3);
        queue.push_absent(9, 1);
        queue.change(7, 2);
        assert_eq!(queue.pop(), Some((9, 1)));
        assert_eq!(queue.pop(), Some((7, 2)));
        assert_eq!(queue.pop(), Some((8, 3)));

        queue.clear_ring(4, 1_000);
        queue.push(0, 1_000);
        queue.push(1, 1_003);
        queue.push(1, 1_002);
        assert_eq!(queue.pop(), Some((0, 1_000)));
        assert_eq!(queue.pop(), Some((1, 1_002)));
        assert_eq!(queue.pop(), Some((1, 1_003)));
        assert_eq!(queue.pop(), None);
    }

    #[test]
    fn clearing_a_ring_forgets_entries_that_wrapped() {
        let mut queue = BucketQueue::default();
        queue.clear_ring(4, 6);
        queue.push(1, 6);
        queue.push(2, 9);
        queue.clear_ring(4, 1);
        assert_eq!(queue.pop(), None);
        queue.push(3, 1);
        assert_eq!(queue.pop(), Some((3, 1)));
        assert_eq!(queue.ids().count(), 0);
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
