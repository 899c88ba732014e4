//! Sliced A* searches (`begin`, `resume` with random slices, budgets changed between
//! slices, resumes with another query) on small tie-prone digraphs, against a plain
//! search; the checks are in `tests/common/sliced_search_driver.rs`, which a property test
//! also runs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/sliced_search_driver.rs"]
mod driver;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = driver::check(data) {
        panic!("{broken}");
    }
});
