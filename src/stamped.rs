//! A generation-stamped array: per-slot values that count only in the current
//! generation, so that a search forgets every slot in `O(1)` instead of clearing the
//! array before each run.

/// Slots that each hold a value of the current generation or nothing.
///
/// Each slot carries the generation it was written in; [`clear`](Self::clear) starts a
/// new generation, after which every slot reads empty. Only when the generation counter
/// wraps (once in `u32::MAX` clears) is the array itself cleared.
#[derive(Clone, Debug)]
pub(crate) struct Stamped<T> {
    /// Per slot, the generation it was written in and its value. No slot is ever
    /// stamped with generation 0, which `generation` never is.
    slots: Vec<(u32, T)>,
    generation: u32,
}

impl<T: Copy + Default> Default for Stamped<T> {
    fn default() -> Self {
        Stamped {
            slots: Vec::new(),
            generation: 1,
        }
    }
}

impl<T: Copy + Default> Stamped<T> {
    /// An empty array of no slots.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Forgets every slot and makes room for at least `len` of them, all empty.
    pub(crate) fn clear(&mut self, len: usize) {
        if self.slots.len() < len {
            self.slots.resize(len, (0, T::default()));
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill((0, T::default()));
            self.generation = 1;
        }
    }

    /// The value of slot `index` in this generation, if it was written.
    ///
    /// Panics if `index` is not below the length the last [`clear`](Self::clear) made
    /// room for.
    // Read only by the Snake searches; the multi-agent refiner only marks slots.
    #[cfg_attr(not(feature = "snake"), allow(dead_code))]
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<T> {
        let (stamp, value) = self.slots[index];
        (stamp == self.generation).then_some(value)
    }

    /// Whether slot `index` was written in this generation.
    // Read only by the Snake searches; the multi-agent refiner only marks slots.
    #[cfg_attr(not(feature = "snake"), allow(dead_code))]
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.slots[index].0 == self.generation
    }

    /// The value of slot `index` in this generation, to change in place, if it was written.
    // Read only by the Snake searches; the multi-agent refiner only marks slots.
    #[cfg_attr(not(feature = "snake"), allow(dead_code))]
    #[inline]
    pub(crate) fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        let (stamp, value) = &mut self.slots[index];
        (*stamp == self.generation).then_some(value)
    }

    /// Writes `value` to slot `index` for this generation.
    #[inline]
    pub(crate) fn set(&mut self, index: usize, value: T) {
        self.slots[index] = (self.generation, value);
    }

    /// Writes `value` to slot `index` if it is empty; whether it was.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize, value: T) -> bool {
        let slot = &mut self.slots[index];
        if slot.0 == self.generation {
            return false;
        }
        *slot = (self.generation, value);
        true
    }
}

#[cfg(test)]
mod tests;
