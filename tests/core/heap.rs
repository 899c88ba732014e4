//! `IndexedMinHeap` against a model: a `BTreeSet` of `(key, id)` plus a map from id to key.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use replan::IndexedMinHeap;

#[derive(Clone, Debug)]
enum Op {
    Push(u32, u16),
    Pop,
    Decrease(u32, u16),
    Increase(u32, u16),
    Change(u32, u16),
    Remove(u32),
    Clear,
}

fn op() -> impl Strategy<Value = Op> {
    // Few ids and few keys, so that collisions, duplicates and ties are common.
    let id = 0u32..24;
    let key = 0u16..40;
    prop_oneof![
        4 => (id.clone(), key.clone()).prop_map(|(i, k)| Op::Push(i, k)),
        3 => Just(Op::Pop),
        2 => (id.clone(), key.clone()).prop_map(|(i, k)| Op::Decrease(i, k)),
        2 => (id.clone(), key.clone()).prop_map(|(i, k)| Op::Increase(i, k)),
        1 => (id.clone(), key).prop_map(|(i, k)| Op::Change(i, k)),
        2 => id.prop_map(Op::Remove),
        1 => Just(Op::Clear),
    ]
}

#[derive(Default)]
struct Model {
    order: BTreeSet<(u16, u32)>,
    keys: HashMap<u32, u16>,
}

impl Model {
    fn set(&mut self, id: u32, key: u16) -> Option<u16> {
        let old = self.keys.insert(id, key);
        if let Some(old) = old {
            self.order.remove(&(old, id));
        }
        self.order.insert((key, id));
        old
    }

    fn remove(&mut self, id: u32) -> Option<u16> {
        let old = self.keys.remove(&id)?;
        self.order.remove(&(old, id));
        Some(old)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn behaves_like_an_ordered_set(ops in prop::collection::vec(op(), 1..200)) {
        let mut heap = IndexedMinHeap::new();
        let mut model = Model::default();
        for op in ops {
            match op {
                Op::Push(id, key) => prop_assert_eq!(heap.push(id, key), model.set(id, key)),
                Op::Pop => match heap.pop() {
                    // Ties may come out in any order: the popped key must be the minimum
                    // and the popped id one of the ids holding it.
                    Some((id, key)) => {
                        let &(min, _) = model.order.first().unwrap();
                        prop_assert_eq!(key, min);
                        prop_assert_eq!(model.remove(id), Some(key));
                    }
                    None => prop_assert!(model.order.is_empty()),
                },
                Op::Decrease(id, key) => {
                    let allowed = model.keys.get(&id).is_some_and(|&old| key <= old);
                    prop_assert_eq!(heap.decrease_key(id, key), allowed);
                    if allowed { model.set(id, key); }
                }
                Op::Increase(id, key) => {
                    let allowed = model.keys.get(&id).is_some_and(|&old| key >= old);
                    prop_assert_eq!(heap.increase_key(id, key), allowed);
                    if allowed { model.set(id, key); }
                }
                Op::Change(id, key) => {
                    let expected = if model.keys.contains_key(&id) { model.set(id, key) } else { None };
                    prop_assert_eq!(heap.change_key(id, key), expected);
                }
                Op::Remove(id) => prop_assert_eq!(heap.remove(id), model.remove(id)),
                Op::Clear => {
                    heap.clear();
                    model = Model::default();
                }
            }
            prop_assert_eq!(heap.len(), model.keys.len());
            prop_assert_eq!(heap.peek().map(|(_, &key)| key), model.order.first().map(|&(key, _)| key));
            for id in 0..24 {
                prop_assert_eq!(heap.contains(id), model.keys.contains_key(&id));
                prop_assert_eq!(heap.key_of(id).copied(), model.keys.get(&id).copied());
            }
        }
        // Draining yields the model's keys in sorted order.
        let mut drained = Vec::new();
        while let Some((_, key)) = heap.pop() {
            drained.push(key);
        }
        let expected: Vec<u16> = model.order.iter().map(|&(key, _)| key).collect();
        prop_assert_eq!(drained, expected);
    }
}

#[test]
fn ids_beyond_the_reserved_range_grow_the_position_table() {
    let mut heap = IndexedMinHeap::with_capacity(2);
    heap.push(1_000, 'b');
    heap.push(0, 'a');
    assert_eq!(heap.pop(), Some((0, 'a')));
    assert_eq!(heap.pop(), Some((1_000, 'b')));
    assert!(!heap.contains(5_000));
}
