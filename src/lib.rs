//! cvpdf turns a research lab's profile YAML into polished, uniformly styled academic CV PDFs.
//!
//! Data flows one way, one module per stage (read [`pipeline`] first; it strings them together;
//! `ARCHITECTURE.md` gives every room in its order, bottom to top):
//!
//! ```text
//! profile.yaml ─▶ profile ─▶ style ─▶ source (Typst) ─▶ render (world, compile, export) ─▶ output
//!                 (typed,     (cvpdf.yaml   user text only      fonts loaded once;          (atomic
//!                 validated)   + flags)     as literals)        files read are recorded)     writes)
//! ```
//!
//! - [`profile`]: the serde model, dates, validation, the one list of sections.
//! - [`style`]: `cvpdf.yaml`, the command line's overrides, and the resolved [`style::Style`].
//! - [`source`]: the profile as Typst source for a template's `cv` function.
//! - [`template`]: the built-in templates and user templates.
//! - [`render`] and [`fonts`]: compilation in a confined world, PDF and page-image export.
//! - [`pipeline`]: the one path from a job to written files, used by every command that
//!   renders (`batch` runs it on many workers; `watch` in a loop; `publish` into a website,
//!   `lab` for the lab's site); `plan` turns a command line's inputs into its jobs.
//! - `commands`: one file per command; [`cli`] is the only module that knows clap.
//! - `diag`: problems as data until one printer shows them.
//!
//! The public items are what the binary, the tests, the benchmarks and the fuzz targets use.

// Input-dependent code must not panic: errors are values. (Tests may unwrap.)
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod batch;
pub mod cite;
pub mod cli;
mod commands;
pub mod csl;
mod diag;
mod digest;
pub mod fonts;
mod import;
mod input;
pub mod lab;
pub mod link;
mod lock;
pub mod output;
mod ownership;
mod panics;
mod picture;
pub mod pipeline;
mod plan;
pub mod profile;
mod publish;
pub mod render;
mod slug;
pub mod source;
pub mod style;
pub mod sync;
pub mod template;
mod timestamp;
mod timings;
mod watch;
mod world;
mod yaml;

pub use diag::{Diagnostic, Failure};
pub use slug::slug;

/// What `cvpdf import-bib` makes of `bib` added to the profile text `profile` (whose relative
/// paths start at `dir`): the new profile text, or why there is none. For the fuzz target
/// and tests, which check that it never panics, never takes long and never yields a profile
/// cvpdf would refuse.
pub fn import_bib_text(
    bib: &str,
    profile: &str,
    dir: &std::path::Path,
) -> Result<String, diag::Problem> {
    let parsed = profile::parse(profile, dir).map_err(|mut p| p.swap_remove(0))?;
    let read = import::bib::publications(bib, None)?;
    import::bib::merge(profile, &parsed, dir, &read.papers, &read.comment())
        .map(|outcome| outcome.text)
}

/// Sets the key at `path` of the YAML mapping `text` to the string `value`, as `publish`
/// edits a page's front matter: the new text, or why the text cannot be edited. For the fuzz
/// target, which checks that the result parses and changed nothing else.
pub fn set_yaml_scalar(text: &str, path: &[&str], value: &str) -> Result<String, diag::Problem> {
    yaml::edit::set_scalar(text, path, value)
}

/// The lab's `publications.bib` of `papers` (each one member's), read back as `import-bib`
/// reads it: the publications, in the file's order. For the fuzz target, which checks that
/// every paper comes back.
pub fn lab_bib_round_trip(
    papers: &[profile::Publication],
) -> Result<Vec<profile::Publication>, diag::Problem> {
    let papers: Vec<lab::LabPaper> = papers
        .iter()
        .map(|p| lab::LabPaper {
            publication: p.clone(),
            members: vec![0],
            doubts: Vec::new(),
        })
        .collect();
    let keys = lab::bib::citation_keys(&papers);
    let text = lab::bib::bibtex(&papers, &keys, "Lab");
    let read = import::bib::publications(&text, None)?;
    Ok(read.papers.into_iter().map(|(_, p)| p).collect())
}

/// Runs a parsed command line; returns the process's exit code (0 success, 1 a profile or
/// render failed, 2 a usage error, 130 interrupted).
pub fn run(cli: cli::Cli) -> u8 {
    panics::install_hook();
    let printer = diag::Printer::detect().with_format(cli.diagnostic_format());
    commands::finish(commands::run(cli.command(), printer), printer)
}
