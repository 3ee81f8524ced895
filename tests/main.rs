//! cvpdf's integration tests, one binary: each module is one subject (`cargo test --release
//! lab::` runs one), and all of them share the set-up in `common`: the real binary, a temporary
//! lab, and an independent reader of the PDFs it writes.

mod common;

mod batch;
mod cite;
mod cli;
mod diagnostics;
mod doc_examples;
mod docs;
mod errors;
mod escaping;
mod fuzz_regressions;
mod hostile;
mod house;
mod identifiers;
mod import;
mod import_bib;
mod lab;
mod lab_keep;
mod link;
mod publish_site;
mod record;
mod render;
mod style;
mod sync;
mod timings;
mod typography;
mod variants;
mod visual;
mod web;
