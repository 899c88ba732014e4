//! Tests that count what the crate allocates: a planner kept between searches allocates
//! only the path it returns, and a size read from the input is checked before anything is
//! allocated for it (a header claiming four billion columns costs a few bytes); and tests
//! that the allocator refuses, to check that a size it will not grant is a typed error
//! rather than an abort.
//!
//! All need the counting allocator below, and a binary has one global allocator, so they
//! share this binary. Tests run on several threads at once, so the counts and the
//! refusals are per thread.

#[path = "../common/mod.rs"]
mod common;

#[cfg(all(feature = "grid", feature = "puzzle"))]
mod allocations;
#[cfg(all(feature = "grid", feature = "puzzle"))]
mod limits;

mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;
    use std::ptr;

    /// The system allocator, counting per thread the calls and the bytes asked for, and
    /// refusing (a null pointer) any request above the thread's ceiling.
    struct Counting;

    thread_local! {
        static CALLS: Cell<usize> = const { Cell::new(0) };
        static BYTES: Cell<usize> = const { Cell::new(0) };
        static CEILING: Cell<usize> = const { Cell::new(usize::MAX) };
    }

    fn refused(bytes: usize) -> bool {
        bytes > CEILING.with(Cell::get)
    }

    fn count(bytes: usize) {
        CALLS.with(|calls| calls.set(calls.get() + 1));
        BYTES.with(|total| total.set(total.get() + bytes));
    }

    // SAFETY: every call is forwarded unchanged to `System` or refused with a null pointer,
    // which `GlobalAlloc` allows (a refused `realloc` leaves the old block as it was); the
    // counts and the ceiling are thread-local `Cell`s with const initialisers and no
    // destructor, which allocate nothing.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            count(layout.size());
            if refused(layout.size()) {
                return ptr::null_mut();
            }
            unsafe { System.alloc(layout) }
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            count(layout.size());
            if refused(layout.size()) {
                return ptr::null_mut();
            }
            unsafe { System.alloc_zeroed(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            count(new_size);
            if refused(new_size) {
                // The old block stays the caller's, as `GlobalAlloc::realloc` requires.
                return ptr::null_mut();
            }
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static ALLOCATOR: Counting = Counting;

    /// How many allocations `work` makes on this thread.
    #[allow(dead_code)]
    pub fn allocations(work: impl FnOnce()) -> usize {
        let before = CALLS.with(Cell::get);
        work();
        CALLS.with(Cell::get) - before
    }

    /// Runs `parse` and returns its result with the bytes it allocated on this thread.
    #[allow(dead_code)]
    pub fn allocated_by<T>(parse: impl FnOnce() -> T) -> (T, usize) {
        let before = BYTES.with(Cell::get);
        let result = parse();
        (result, BYTES.with(Cell::get) - before)
    }

    /// Runs `work` on a system that refuses, on this thread, every request for more than
    /// `bytes` at once, as a host without that much memory to spare would.
    #[allow(dead_code)]
    pub fn refusing_above<T>(bytes: usize, work: impl FnOnce() -> T) -> T {
        let before = CEILING.with(|ceiling| ceiling.replace(bytes));
        let result = work();
        CEILING.with(|ceiling| ceiling.set(before));
        result
    }
}
