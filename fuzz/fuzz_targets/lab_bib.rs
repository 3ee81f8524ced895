//! The lab's `publications.bib` written and read back by `import-bib`, on papers of any text:
//! every paper comes back. The property lives in `fuzz/checks.rs`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    checks::lab_bib(data);
});
