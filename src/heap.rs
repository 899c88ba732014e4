//! [`IndexedMinHeap`]: a binary min-heap over dense ids with a position index.
//!
//! Each id `0..n` is in the heap at most once; `positions[id]` says where, so the key of a
//! queued id can be lowered or raised in place (`O(log n)`) instead of pushing a duplicate
//! entry and skipping stale ones later. Keys sit next to their ids in one array, so a
//! comparison during a sift touches one cache line per level, not a side table.
//!
//! Slots count from 1: the entry in slot `s` is `entries[s - 1]`, its parent is slot `s / 2`
//! and its children `2s` and `2s + 1`. Invariants, for every slot `s > 1`: the key in slot
//! `s / 2` is at most the key in slot `s`, and `positions[id]` is the slot of a queued `id`.
//! Ids not in the heap hold [`ABSENT`], 0, which no slot is: a table grown for a large id
//! comes zeroed from the allocator, its pages mapped only as pushes write them, and a slot
//! is stored as it is, with no translation on the sifts' hot paths.
//!
//! | operation | cost |
//! |---|---|
//! | `push`, `pop`, `decrease_key`, `increase_key`, `change_key`, `remove` | `O(log len)` |
//! | `peek`, `contains`, `key_of`, `len` | `O(1)` |
//! | `clear` | `O(len)`: only the ids still queued are touched |

/// Marks an id that is not in the heap: slots count from 1.
const ABSENT: u32 = 0;

/// A binary min-heap of ids `0..n`, each with a key, supporting decrease-key,
/// increase-key and removal by id.
///
/// Ties between equal keys are broken arbitrarily but deterministically. The position table
/// grows to the largest id pushed; [`with_capacity`](IndexedMinHeap::with_capacity) sizes it
/// up front.
///
/// # Example
///
/// ```
/// use replan::IndexedMinHeap;
///
/// let mut heap = IndexedMinHeap::new();
/// heap.push(7, 30);
/// heap.push(2, 10);
/// heap.push(5, 20);
/// assert!(heap.decrease_key(7, 5));
/// assert_eq!(heap.pop(), Some((7, 5)));
/// assert_eq!(heap.remove(2), Some(10));
/// assert_eq!(heap.pop(), Some((5, 20)));
/// assert!(heap.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct IndexedMinHeap<K> {
    entries: Vec<(K, u32)>,
    positions: Vec<u32>,
}

impl<K: Ord + Copy> Default for IndexedMinHeap<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Ord + Copy> IndexedMinHeap<K> {
    /// An empty heap.
    ///
    /// # Example
    ///
    /// ```
    /// let heap = replan::IndexedMinHeap::<u32>::new();
    /// assert_eq!(heap.len(), 0);
    /// ```
    pub fn new() -> Self {
        IndexedMinHeap {
            entries: Vec::new(),
            positions: Vec::new(),
        }
    }

    /// An empty heap whose position table already covers ids `0..ids`.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::with_capacity(100);
    /// heap.push(99, 'z');
    /// assert_eq!(heap.peek(), Some((99, &'z')));
    /// ```
    pub fn with_capacity(ids: usize) -> Self {
        let mut heap = Self::new();
        heap.reserve_ids(ids);
        heap
    }

    /// Makes the position table cover ids `0..ids`, so pushes of those ids never grow it.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::<u8>::new();
    /// heap.reserve_ids(1000);
    /// assert!(!heap.contains(999));
    /// ```
    pub fn reserve_ids(&mut self, ids: usize) {
        if self.positions.len() < ids {
            // Zeroed, not filled: the allocator maps the pages as they are written.
            let mut grown = vec![ABSENT; ids];
            grown[..self.positions.len()].copy_from_slice(&self.positions);
            self.positions = grown;
        }
    }

    /// The number of queued ids.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(1, 1);
    /// assert_eq!(heap.len(), 1);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no id is queued.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(replan::IndexedMinHeap::<i32>::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether `id` is queued.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(3, 0);
    /// assert!(heap.contains(3) && !heap.contains(4));
    /// ```
    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        self.position(id).is_some()
    }

    /// The key of `id`, if queued.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(3, 'c');
    /// assert_eq!(heap.key_of(3), Some(&'c'));
    /// assert_eq!(heap.key_of(4), None);
    /// ```
    #[inline]
    pub fn key_of(&self, id: u32) -> Option<&K> {
        self.position(id).map(|slot| &self.entries[slot - 1].0)
    }

    /// The id with the smallest key and that key, without removing it.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(1, 10);
    /// heap.push(2, 5);
    /// assert_eq!(heap.peek(), Some((2, &5)));
    /// ```
    #[inline]
    pub fn peek(&self) -> Option<(u32, &K)> {
        self.entries.first().map(|(key, id)| (*id, key))
    }

    /// Queues `id` with `key`; if `id` is already queued, changes its key instead and
    /// returns the old one.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// assert_eq!(heap.push(4, 40), None);
    /// assert_eq!(heap.push(4, 4), Some(40));
    /// assert_eq!(heap.len(), 1);
    /// ```
    #[inline]
    pub fn push(&mut self, id: u32, key: K) -> Option<K> {
        if let Some(slot) = self.position(id) {
            return Some(self.replace_at(slot, key));
        }
        if id as usize >= self.positions.len() {
            self.reserve_ids((id as usize + 1).max(self.positions.len() * 2));
        }
        self.entries.push((key, id));
        self.sift_up(self.entries.len());
        None
    }

    /// Queues an id the caller knows is not queued, skipping the position lookup that
    /// [`push`](IndexedMinHeap::push) makes: on a large search that lookup is a cache miss
    /// per newly reached node.
    #[inline]
    pub(crate) fn push_absent(&mut self, id: u32, key: K) {
        debug_assert!(!self.contains(id), "push_absent of a queued id");
        if id as usize >= self.positions.len() {
            self.reserve_ids((id as usize + 1).max(self.positions.len() * 2));
        }
        self.entries.push((key, id));
        self.sift_up(self.entries.len());
    }

    /// Removes and returns the id with the smallest key, with its key.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(0, 'b');
    /// heap.push(1, 'a');
    /// assert_eq!(heap.pop(), Some((1, 'a')));
    /// assert_eq!(heap.pop(), Some((0, 'b')));
    /// assert_eq!(heap.pop(), None);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, K)> {
        let last = self.entries.pop()?;
        let top = if self.entries.is_empty() {
            last
        } else {
            let top = self.entries[0];
            self.entries[0] = last;
            self.sift_down(1);
            top
        };
        self.positions[top.1 as usize] = ABSENT;
        Some((top.1, top.0))
    }

    /// Lowers the key of a queued `id` to `key`. Returns `false`, changing nothing, when
    /// `id` is not queued or `key` is larger than its current key.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(0, 10);
    /// assert!(!heap.decrease_key(0, 11));
    /// assert!(heap.decrease_key(0, 9));
    /// assert!(!heap.decrease_key(1, 0));
    /// ```
    #[inline]
    pub fn decrease_key(&mut self, id: u32, key: K) -> bool {
        match self.position(id) {
            Some(slot) if key <= self.entries[slot - 1].0 => {
                self.entries[slot - 1].0 = key;
                self.sift_up(slot);
                true
            }
            _ => false,
        }
    }

    /// Raises the key of a queued `id` to `key`. Returns `false`, changing nothing, when
    /// `id` is not queued or `key` is smaller than its current key.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(0, 1);
    /// heap.push(1, 2);
    /// assert!(heap.increase_key(0, 3));
    /// assert_eq!(heap.pop(), Some((1, 2)));
    /// ```
    #[inline]
    pub fn increase_key(&mut self, id: u32, key: K) -> bool {
        match self.position(id) {
            Some(slot) if key >= self.entries[slot - 1].0 => {
                self.entries[slot - 1].0 = key;
                self.sift_down(slot);
                true
            }
            _ => false,
        }
    }

    /// Sets the key of a queued `id`, moving it up or down as needed; returns the old key,
    /// or `None` when `id` is not queued.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(0, 5);
    /// assert_eq!(heap.change_key(0, 1), Some(5));
    /// assert_eq!(heap.change_key(9, 1), None);
    /// ```
    #[inline]
    pub fn change_key(&mut self, id: u32, key: K) -> Option<K> {
        let slot = self.position(id)?;
        Some(self.replace_at(slot, key))
    }

    /// Removes `id` from the heap, returning its key, or `None` when it was not queued.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(0, 5);
    /// heap.push(1, 6);
    /// assert_eq!(heap.remove(0), Some(5));
    /// assert_eq!(heap.remove(0), None);
    /// assert_eq!(heap.pop(), Some((1, 6)));
    /// ```
    pub fn remove(&mut self, id: u32) -> Option<K> {
        let slot = self.position(id)?;
        let last = self
            .entries
            .pop()
            .expect("a queued id means a non-empty heap");
        self.positions[id as usize] = ABSENT;
        if slot > self.entries.len() {
            return Some(last.0);
        }
        let removed = std::mem::replace(&mut self.entries[slot - 1], last);
        self.positions[last.1 as usize] = slot as u32;
        if slot > 1 && last.0 < self.entries[slot / 2 - 1].0 {
            self.sift_up(slot);
        } else {
            self.sift_down(slot);
        }
        Some(removed.0)
    }

    /// Empties the heap, touching only the ids still queued.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::with_capacity(1_000_000);
    /// heap.push(12, 'x');
    /// heap.clear(); // costs one entry, not a million
    /// assert!(!heap.contains(12));
    /// ```
    pub fn clear(&mut self) {
        for &(_, id) in &self.entries {
            self.positions[id as usize] = ABSENT;
        }
        self.entries.clear();
    }

    /// Iterates over the queued ids and their keys, in no particular order.
    ///
    /// # Example
    ///
    /// ```
    /// let mut heap = replan::IndexedMinHeap::new();
    /// heap.push(1, 'a');
    /// heap.push(2, 'b');
    /// let mut all: Vec<_> = heap.iter().collect();
    /// all.sort();
    /// assert_eq!(all, [(1, &'a'), (2, &'b')]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (u32, &K)> + '_ {
        self.entries.iter().map(|(key, id)| (*id, key))
    }

    #[inline(always)]
    fn position(&self, id: u32) -> Option<usize> {
        match self.positions.get(id as usize) {
            Some(&slot) if slot != ABSENT => Some(slot as usize),
            _ => None,
        }
    }

    #[inline]
    fn replace_at(&mut self, slot: usize, key: K) -> K {
        let old = std::mem::replace(&mut self.entries[slot - 1].0, key);
        if key < old {
            self.sift_up(slot);
        } else {
            self.sift_down(slot);
        }
        old
    }

    /// Moves the entry at `slot` up to its place. Shifts parents down into the hole rather
    /// than swapping, so each level costs one write instead of two.
    #[inline(always)]
    fn sift_up(&mut self, mut slot: usize) {
        // Local slices for the same reason as in `sift_down`.
        let entries = &mut self.entries[..];
        let positions = &mut self.positions[..];
        let moving = entries[slot - 1];
        while slot > 1 {
            let parent = slot / 2;
            let above = entries[parent - 1];
            if moving.0 >= above.0 {
                break;
            }
            entries[slot - 1] = above;
            positions[above.1 as usize] = slot as u32;
            slot = parent;
        }
        entries[slot - 1] = moving;
        positions[moving.1 as usize] = slot as u32;
    }

    /// Moves the entry at `slot` down to its place, with the same hole technique.
    #[inline]
    fn sift_down(&mut self, mut slot: usize) {
        // Local slices, and both children in one `get`, let the compiler drop most bounds
        // checks: through `self`, a store to `positions` might change `entries`.
        let entries = &mut self.entries[..];
        let positions = &mut self.positions[..];
        let moving = entries[slot - 1];
        loop {
            // The left child's slot, and the index of its entry.
            let left = 2 * slot;
            let below = match entries.get(left - 1..left + 1) {
                // Which child is smaller is a coin toss the branch predictor loses half the
                // time, at every level: pick it with a select instead.
                Some(children) => {
                    let right_smaller = children[1].0 < children[0].0;
                    (
                        left + usize::from(right_smaller),
                        children[usize::from(right_smaller)],
                    )
                }
                None => match entries.get(left - 1) {
                    Some(&child) => (left, child),
                    None => break,
                },
            };
            if below.1 .0 >= moving.0 {
                break;
            }
            entries[slot - 1] = below.1;
            positions[below.1 .1 as usize] = slot as u32;
            slot = below.0;
        }
        entries[slot - 1] = moving;
        positions[moving.1 as usize] = slot as u32;
    }
}
