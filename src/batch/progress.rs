//! What a batch prints while it runs: a progress bar on a terminal, one line per profile
//! otherwise, and diagnostics printed without tearing the bar.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::diag::{escape_line, Diagnostic, Printer};
use crate::pipeline::{Done, Outcome};

/// How a run reports progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A progress bar on a terminal, one line per profile otherwise.
    Auto,
    /// Nothing but errors and the summary of failures.
    Quiet,
}

/// Prints per-profile lines and diagnostics of a batch.
pub(crate) struct Reporter {
    bar: Option<ProgressBar>,
    quiet: bool,
    printer: Printer,
}

impl Reporter {
    /// A reporter for `len` jobs.
    pub(crate) fn new(len: usize, progress: Progress, printer: Printer) -> Self {
        Self {
            bar: progress_bar(len, progress),
            quiet: progress == Progress::Quiet,
            printer,
        }
    }

    /// Tells how one job ended.
    pub(crate) fn done(&self, input: &Path, done: &Done) {
        self.diagnostics(&done.warnings);
        match &done.outcome {
            Outcome::Failed(failure) => self.diagnostics(&failure.diagnostics),
            Outcome::Rendered {
                files,
                pages,
                elapsed,
                fitted,
            } if !self.quiet => self.line(&rendered_line(
                input,
                files,
                *pages,
                fitted.as_deref(),
                *elapsed,
            )),
            _ => {}
        }
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Prints diagnostics on standard error.
    pub(crate) fn diagnostics(&self, diagnostics: &[Diagnostic]) {
        if diagnostics.is_empty() {
            return;
        }
        match &self.bar {
            Some(bar) => bar.suspend(|| self.printer.eprint(diagnostics)),
            None => self.printer.eprint(diagnostics),
        }
    }

    fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => crate::diag::outln!("{text}"),
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `profile → file, file (N pages, M ms)`, with what a page budget tightened
/// (`2 pages, tightened to fit 2 pages: space 78%, …; 74 ms`).
pub(crate) fn rendered_line(
    input: &Path,
    files: &[PathBuf],
    pages: usize,
    fitted: Option<&str>,
    elapsed: Duration,
) -> String {
    let unit = if pages == 1 { "page" } else { "pages" };
    let pages = match (pages, fitted) {
        (0, _) => String::new(),
        (_, Some(fitted)) => format!("{pages} {unit}, {fitted}; "),
        (_, None) => format!("{pages} {unit}, "),
    };
    let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let line = format!(
        "{} → {} ({pages}{} ms)",
        input.display(),
        files.join(", "),
        elapsed.as_millis()
    );
    escape_line(&line).into_owned()
}

/// A progress bar when standard error is a terminal and progress is wanted.
fn progress_bar(len: usize, progress: Progress) -> Option<ProgressBar> {
    if progress == Progress::Quiet || !std::io::stderr().is_terminal() || len < 2 {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} profiles {elapsed}") {
        bar.set_style(style);
    }
    Some(bar)
}
