//! Loading a profile from arbitrary bytes: a profile or problems, never a panic, and every
//! problem's span inside the text. The property lives in `fuzz/checks.rs`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::profile_bytes(data));
