//! Importing arbitrary bytes as BibTeX: an error or a profile cvpdf loads, never a panic or
//! a stack overflow (`@string` and crossref loops once were). The property lives in
//! `fuzz/checks.rs`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::bib_bytes(data));
