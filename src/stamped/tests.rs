use super::Stamped;

#[test]
fn a_new_generation_forgets_every_slot() {
    let mut marks: Stamped<u32> = Stamped::new();
    marks.clear(4);
    assert_eq!(marks.get(2), None);
    marks.set(2, 7);
    marks.set(3, 0);
    assert_eq!(
        (marks.get(2), marks.get(3), marks.get(1)),
        (Some(7), Some(0), None)
    );
    assert!(marks.contains(2) && marks.contains(3) && !marks.contains(0));
    marks.clear(4);
    assert_eq!((marks.get(2), marks.get(3)), (None, None));
    assert!(!marks.contains(2));
}

#[test]
fn insert_writes_only_empty_slots() {
    let mut marks: Stamped<u8> = Stamped::new();
    marks.clear(3);
    assert!(marks.insert(1, 5));
    assert!(!marks.insert(1, 6));
    assert_eq!(marks.get(1), Some(5));
    marks.set(1, 6);
    assert_eq!(marks.get(1), Some(6));
    *marks.get_mut(1).expect("written") += 1;
    assert_eq!(marks.get(1), Some(7));
    assert!(marks.get_mut(0).is_none());
    marks.clear(3);
    assert!(marks.insert(1, 9));
    assert_eq!(marks.get(1), Some(9));
}

#[test]
fn clear_grows_and_keeps_new_slots_empty() {
    let mut marks: Stamped<()> = Stamped::new();
    marks.clear(2);
    marks.set(0, ());
    marks.clear(5);
    assert_eq!(marks.slots.len(), 5);
    assert!((0..5).all(|index| !marks.contains(index)));
    marks.clear(3);
    assert_eq!(marks.slots.len(), 5, "a smaller clear keeps the room");
}

#[test]
fn a_wrapping_generation_clears_the_slots() {
    let mut marks: Stamped<u32> = Stamped::new();
    marks.clear(3);
    marks.generation = u32::MAX;
    marks.set(0, 1);
    marks.slots[1] = (1, 4);
    assert_eq!(marks.get(0), Some(1));
    marks.clear(3);
    assert_eq!(marks.generation, 1);
    assert_eq!(
        (marks.get(0), marks.get(1)),
        (None, None),
        "stale stamps of 1 are wiped"
    );
    marks.set(2, 3);
    assert_eq!(marks.get(2), Some(3));
}

#[test]
fn a_slot_never_written_reads_empty_before_any_clear_wraps() {
    let mut marks: Stamped<u32> = Stamped::new();
    marks.clear(1);
    assert_eq!(marks.generation, 2);
    assert!(!marks.contains(0));
}
