//! The YAML editor `publish` uses, on any document and value: an edit leaves YAML that holds
//! the value and changed nothing else. The property lives in `fuzz/checks.rs`.
#![no_main]

#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::yaml_edit(data));
