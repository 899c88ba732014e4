//! Tests that count what the crate allocates: a planner kept between searches allocates
//! only the path it returns, and a size read from the input is checked before anything is
//! allocated for it (a header claiming four billion columns costs a few bytes).
//!
//! Both need the counting allocator below, and a binary has one global allocator, so they
//! share this binary. Tests run on several threads at once, so the counts are per thread.

#[cfg(all(feature = "grid", feature = "puzzle"))]
mod allocations;
#[cfg(all(feature = "grid", feature = "puzzle"))]
mod limits;

mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    /// The system allocator, counting per thread the calls and the bytes asked for.
    struct Counting;

    thread_local! {
        static CALLS: Cell<usize> = const { Cell::new(0) };
        static BYTES: Cell<usize> = const { Cell::new(0) };
    }

    fn count(bytes: usize) {
        CALLS.with(|calls| calls.set(calls.get() + 1));
        BYTES.with(|total| total.set(total.get() + bytes));
    }

    // SAFETY: every call is forwarded unchanged to `System`; the counts are thread-local
    // `Cell`s with const initialisers and no destructor, which allocate nothing.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            count(layout.size());
            unsafe { System.alloc(layout) }
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            count(layout.size());
            unsafe { System.alloc_zeroed(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            count(new_size);
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
}
