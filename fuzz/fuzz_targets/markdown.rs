//! Inline markdown → Typst for arbitrary text: valid Typst made of string literals and a few
//! known calls, showing only characters of the input. The property lives in `fuzz/checks.rs`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| checks::markdown(text));
