//! The commands, one file each. A command takes its options (already domain types: `cli`
//! converts the arguments), plans its work, calls the pipeline and reports. Errors travel up
//! with `?` as an [`Error`]; [`finish`] prints what is left to print and decides the exit code,
//! in one place.

pub mod check;
pub mod import;
pub mod import_bib;
pub mod lab;
pub mod new;
pub mod publish;
pub mod render;
pub mod schema;
mod setup;
pub mod sync;
pub mod templates;
pub mod watch;

use std::path::PathBuf;

use crate::diag::{Diagnostic, Printer, Report};
use crate::pipeline::Format;

pub use crate::plan::{expand_inputs, plan_jobs, plan_variants, VariantChoice};
use setup::{font_set, renderer, styles, Run};

/// A command to run, with its options.
pub enum Command {
    /// Print text the command line made (a completion script, a manual page).
    Print(String),
    /// A usage error the command line found after parsing (an unknown command's manual).
    Usage(String),
    /// `cvpdf render`.
    Render(render::Options),
    /// `cvpdf watch`.
    Watch(watch::Options),
    /// `cvpdf check`.
    Check(check::Options),
    /// `cvpdf templates`.
    Templates,
    /// `cvpdf new`.
    New(new::Options),
    /// `cvpdf import`.
    Import(import::Options),
    /// `cvpdf import-bib`.
    ImportBib(import_bib::Options),
    /// `cvpdf sync`.
    Sync(sync::Options),
    /// `cvpdf schema`.
    Schema {
        /// Of lab.json rather than of a profile.
        lab: bool,
        /// The profile format's reference page in Markdown rather than the JSON Schema.
        markdown: bool,
    },
    /// `cvpdf publish`.
    Publish(publish::Options),
    /// `cvpdf lab`.
    Lab(lab::Options),
}

/// What `render` and `watch` read and write.
pub struct Target {
    /// Profile files, or directories of profiles.
    pub inputs: Vec<PathBuf>,
    /// `-o`: a file (one profile) or a directory.
    pub output: Option<PathBuf>,
    /// The formats to write, without repeats.
    pub formats: Vec<Format>,
    /// Pixels per inch of PNG pages.
    pub ppi: f32,
    /// PDF standards to meet.
    pub standards: Vec<typst_pdf::PdfStandard>,
    /// Which CVs of each profile (`--variant`).
    pub variants: VariantChoice,
}

/// Why a command did not succeed.
pub enum Error {
    /// The command line or the environment is wrong (exit 2).
    Usage(Vec<Diagnostic>),
    /// An input could not be handled (exit 1); what is left to print.
    Failed(Vec<Diagnostic>),
    /// Stopped by Ctrl-C or SIGTERM (exit 130); every file written is complete.
    Interrupted,
}

impl Error {
    /// A usage error with a message.
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage(vec![Diagnostic::error(message)])
    }

    /// A failure with a message.
    pub fn failed(message: impl Into<String>) -> Self {
        Error::Failed(vec![Diagnostic::error(message)])
    }

    /// A failure whose diagnostics were already printed.
    pub fn reported() -> Self {
        Error::Failed(Vec::new())
    }
}

impl From<Report> for Error {
    fn from(report: Report) -> Self {
        Error::Failed(vec![report.into()])
    }
}

/// Exit code: everything worked.
const EXIT_OK: u8 = 0;
/// Exit code: at least one input could not be loaded or rendered.
const EXIT_FAILED: u8 = 1;
/// Exit code: the command line or the environment is wrong.
const EXIT_USAGE: u8 = 2;
/// Exit code: interrupted (128 + SIGINT), as shells expect.
const EXIT_INTERRUPTED: u8 = 130;

/// Runs a command; diagnostics go through `printer`.
pub fn run(command: Command, printer: Printer) -> Result<(), Error> {
    match command {
        Command::Render(options) => render::run(options, printer),
        Command::Watch(options) => watch::run(options, printer),
        Command::Check(options) => check::run(options, printer),
        Command::Templates => templates::run(),
        Command::New(options) => new::run(options),
        Command::Import(options) => import::run(options, printer),
        Command::ImportBib(options) => import_bib::run(options, printer),
        Command::Sync(options) => sync::run(options, printer),
        Command::Schema { lab, markdown } => schema::run(lab, markdown),
        Command::Publish(options) => publish::run(options, printer),
        Command::Lab(options) => lab::run(options, printer),
        Command::Print(text) => {
            crate::diag::write_stdout(&text);
            Ok(())
        }
        Command::Usage(message) => Err(Error::usage(message)),
    }
}

/// Prints what an ended command left to print and gives its exit code.
pub fn finish(result: Result<(), Error>, printer: Printer) -> u8 {
    // Output the command meant to give and could not is a failure too.
    let result = match (result, crate::diag::stdout_failure()) {
        (Ok(()), Some(message)) => Err(Error::failed(message)),
        (result, _) => result,
    };
    match result {
        Ok(()) => EXIT_OK,
        Err(Error::Usage(diagnostics)) => {
            printer.eprint(&diagnostics);
            EXIT_USAGE
        }
        Err(Error::Failed(diagnostics)) => {
            printer.eprint(&diagnostics);
            EXIT_FAILED
        }
        Err(Error::Interrupted) => EXIT_INTERRUPTED,
    }
}
