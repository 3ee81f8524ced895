//! `cvpdf render`: every profile through the pipeline, in parallel, then a summary.

use std::path::PathBuf;

use crate::batch::{self, BatchOptions, Summary};
use crate::diag::{escape_controls, escape_line, Printer};
use crate::fonts::FontOptions;
use crate::pipeline::Pipeline;
use crate::style::Overrides;
use crate::timings;

use super::{plan_jobs, Error, Run, Target};

/// Options of `cvpdf render`.
pub struct Options {
    /// What to read and write.
    pub target: Target,
    /// Render even what has not changed.
    pub force: bool,
    /// Profiles rendered at once (default: one per core).
    pub jobs: Option<usize>,
    /// Print nothing but errors and the summary of failures.
    pub quiet: bool,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from.
    pub fonts: FontOptions,
    /// Where to write a trace of where the run's time went (`--timings`).
    pub timings: Option<PathBuf>,
}

/// Runs `cvpdf render`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    if let Some(path) = &options.timings {
        crate::render::trace::may_write(path).map_err(|p| Error::usage(p.message))?;
        timings::start();
    }
    let run = timings::scope("cvpdf render");
    let target = options.target;
    let renderer = timings::timed("font metadata", || {
        super::renderer(options.fonts, target.standards)
    })?;
    let Run { styles, planned } = Run::plan(
        &renderer,
        options.style,
        &target.inputs,
        &target.variants,
        printer,
    )?;
    let jobs = plan_jobs(&planned, target.output.as_deref(), &target.formats)
        .map_err(|p| Error::usage(p.message))?;
    let pipeline = Pipeline::new(&renderer, &styles, target.ppi);
    let batch_options = BatchOptions::new(options.jobs, options.force, options.quiet);
    let summary = batch::run(&pipeline, &jobs, &batch_options, printer);
    drop(run);
    if let Some(path) = &options.timings {
        crate::render::trace::finish(path).map_err(|p| Error::failed(p.message))?;
    }
    report(&summary, options.quiet)
}

/// Prints the counts of a batch and a table of its failures.
pub(super) fn report(summary: &Summary, quiet: bool) -> Result<(), Error> {
    let total = summary.rendered + summary.unchanged + summary.failed.len() + summary.interrupted;
    if summary.interrupted > 0 {
        crate::diag::errln!(
            "interrupted: {} of {total} profiles not rendered ({} rendered, {} unchanged, {} failed); every file written is complete",
            summary.interrupted,
            summary.rendered,
            summary.unchanged,
            summary.failed.len()
        );
    }
    if summary.failed.is_empty() {
        if !quiet && total > 1 && summary.interrupted == 0 {
            crate::diag::errln!(
                "{} rendered, {} unchanged",
                summary.rendered,
                summary.unchanged
            );
        }
    } else {
        crate::diag::errln!(
            "error: {} of {total} profiles failed ({} rendered, {} unchanged):",
            summary.failed.len(),
            summary.rendered,
            summary.unchanged
        );
        let rows: Vec<(String, std::borrow::Cow<str>)> = summary
            .failed
            .iter()
            .map(|(p, reason)| {
                let shown = p.display().to_string();
                (escape_line(&shown).into_owned(), escape_controls(reason))
            })
            .collect();
        let width = rows
            .iter()
            .map(|(p, _)| p.chars().count())
            .max()
            .unwrap_or(0)
            .max("PROFILE".len());
        crate::diag::errln!("  {:<width$}  {:<6}  ERROR", "PROFILE", "STATUS");
        for (profile, reason) in rows {
            crate::diag::errln!("  {profile:<width$}  {:<6}  {reason}", "failed");
        }
    }
    if summary.interrupted > 0 {
        Err(Error::Interrupted)
    } else if !summary.failed.is_empty() {
        Err(Error::reported())
    } else {
        Ok(())
    }
}
