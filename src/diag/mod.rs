//! One way to report what went wrong, kept as data until [`print`] shows it: a [`Problem`] names
//! the field, the position and what was expected; a [`Report`] holds the problems of one file
//! with its text; a [`Diagnostic`] is a report, Typst's own diagnostics, or a message; a
//! [`Failure`] is what a job or a command ends with when it cannot go on.

use std::fmt;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod escape;
pub mod json;
mod print;
mod short;
mod stdout;
mod suggest;

pub use escape::{escape_controls, escape_line};
pub use print::{Format, Printer};
pub(crate) use stdout::{errln, outln};
pub use stdout::{stdout_failure, write_stderr, write_stdout};
pub(crate) use suggest::{close_to, unknown};

use codespan_reporting::diagnostic::Label;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::WriteColor};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Nothing is written for this input.
    Error,
    /// The output is written, but something in it is not as the user meant.
    Warning,
}

/// One thing wrong with an input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The field path, e.g. `publications[3].year`, when the problem belongs to a field.
    pub field: Option<String>,
    /// The byte range in the file's text.
    pub span: Option<Range<usize>>,
    /// A 1-based line and column when there is no text to show (a file that is not UTF-8).
    pub position: Option<(u32, u32)>,
    /// What to do about it.
    pub help: Option<String>,
}

impl Problem {
    /// An error with a message and nothing else yet.
    pub fn error(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            message: message.into(),
            field: None,
            span: None,
            position: None,
            help: None,
        }
    }

    /// A warning with a message and nothing else yet.
    pub fn warning(message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Warning,
            ..Self::error(message)
        }
    }

    /// Names the field the problem belongs to.
    pub fn at_field(mut self, field: impl Into<String>) -> Self {
        let field = field.into();
        self.field = (!field.is_empty()).then_some(field);
        self
    }

    /// Sets the byte range in the file.
    pub fn with_span(mut self, span: Range<usize>) -> Self {
        self.span = Some(span);
        self
    }

    /// Adds a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Problem {
    /// The message alone, for a line that names its subject before it (`DBLP: …` after a
    /// profile's name); [`Report`] prints a problem with its place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where byte `offset` of `text` is: 1-based line and column, the column in characters (an
/// offset past the end or inside a character counts from the character it falls in).
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The most problems of one file that are shown; the rest are counted.
const MAX_SHOWN: usize = 50;

/// The problems of one file, with the text they point into.
#[derive(Debug, Clone)]
pub struct Report {
    /// The file as the user named it.
    pub file: PathBuf,
    /// The file's text, when it could be read as UTF-8.
    pub text: Option<Arc<str>>,
    /// What is wrong, in the order found.
    pub problems: Vec<Problem>,
}

impl Report {
    /// A report on `file` with its text.
    pub fn new(file: &Path, text: Option<Arc<str>>, problems: Vec<Problem>) -> Self {
        Self {
            file: file.to_path_buf(),
            text,
            problems,
        }
    }

    /// The 1-based line and column where `problem` starts, if known.
    pub fn line_column(&self, problem: &Problem) -> Option<(usize, usize)> {
        if let (Some(text), Some(span)) = (&self.text, &problem.span) {
            return Some(line_column(text, span.start));
        }
        problem.position.map(|(l, c)| (l as usize, c as usize))
    }

    /// Prints every problem: the message, `file:line:column`, the source line underlined and
    /// labelled with the field path, then the suggestion.
    pub fn emit(&self, out: &mut dyn WriteColor) -> io::Result<()> {
        // The file's name stays on the header's line whatever it holds.
        let name = escape::escape_line(&self.file.display().to_string()).into_owned();
        let shown = print::without_passwords(self.text.as_deref().unwrap_or(""));
        let file = SimpleFile::new(name.as_str(), shown.as_ref());
        let config = term::Config::default();
        for problem in self.problems.iter().take(MAX_SHOWN) {
            let diagnostic = match problem.severity {
                Severity::Error => codespan_reporting::diagnostic::Diagnostic::error(),
                Severity::Warning => codespan_reporting::diagnostic::Diagnostic::warning(),
            };
            let mut notes = Vec::new();
            if let Some(help) = &problem.help {
                notes.push(format!("help: {help}"));
            }
            let label = problem.field.clone().unwrap_or_default();
            match (&self.text, &problem.span) {
                (Some(_), Some(span)) => {
                    let d = diagnostic
                        .with_message(&problem.message)
                        .with_labels(vec![Label::primary((), span.clone()).with_message(label)])
                        .with_notes(notes);
                    term::emit(out, &config, &file, &d).map_err(io::Error::other)?;
                }
                _ => {
                    // No text to underline: name the place in the message itself.
                    let mut place = name.clone();
                    if let Some((line, column)) = self.line_column(problem) {
                        place = format!("{place}:{line}:{column}");
                    }
                    if let Some(field) = &problem.field {
                        place = format!("{place}: {field}");
                    }
                    let d = diagnostic
                        .with_message(format!("{}\n  ┌─ {place}", problem.message))
                        .with_notes(notes);
                    term::emit(out, &config, &file, &d).map_err(io::Error::other)?;
                }
            }
        }
        if self.problems.len() > MAX_SHOWN {
            // One input must not flood the terminal (a profile once printed gigabytes).
            writeln!(
                out,
                "note: {} more problems in {name} are not shown\n",
                self.problems.len() - MAX_SHOWN
            )?;
        }
        Ok(())
    }

    /// One line per problem, `file:line:column: field: message`, for summaries and tests.
    pub fn short(&self) -> String {
        self.problems
            .iter()
            .map(|p| format!("{}\n", short::line(self, p, false)))
            .collect()
    }
}

/// Something to tell the user, kept as data until a [`Printer`] shows it.
#[derive(Clone)]
pub enum Diagnostic {
    /// Problems of one input file (a profile, a configuration), located in its text.
    Report(Report),
    /// Typst's diagnostics, with the world that holds the sources they point into.
    Typst(TypstDiagnostics),
    /// A message that belongs to no place in a file: `error: cannot write cv.pdf: …`.
    Message {
        /// Error or warning.
        severity: Severity,
        /// What happened, in one sentence.
        text: String,
        /// Notes shown under it (`= note: …`).
        notes: Vec<String>,
    },
}

/// Diagnostics of one Typst compilation and the sources they point into.
#[derive(Clone)]
pub struct TypstDiagnostics {
    /// The world of the compilation (its sources name and show the lines).
    pub world: Arc<dyn typst_kit::diagnostics::DiagnosticWorld + Send + Sync>,
    /// The diagnostics, in Typst's order.
    pub diagnostics: Vec<typst::diag::SourceDiagnostic>,
}

impl Diagnostic {
    /// An error message.
    pub fn error(text: impl Into<String>) -> Self {
        Diagnostic::Message {
            severity: Severity::Error,
            text: text.into(),
            notes: Vec::new(),
        }
    }

    /// A warning message.
    pub fn warning(text: impl Into<String>) -> Self {
        Diagnostic::Message {
            severity: Severity::Warning,
            text: text.into(),
            notes: Vec::new(),
        }
    }

    /// Adds a note under a message (`= note: …`); reports keep their own help lines.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        if let Diagnostic::Message { notes, .. } = &mut self {
            notes.push(note.into());
        }
        self
    }

    /// One line for summaries: the first problem of a report as `file:line:col: field: message
    /// (help)`, the first Typst error's message, or the message itself.
    pub fn summary(&self) -> String {
        match self {
            Diagnostic::Report(report) => report
                .short()
                .lines()
                .next()
                .unwrap_or("cannot load the file")
                .to_string(),
            Diagnostic::Typst(typst) => typst.diagnostics.first().map_or_else(
                || "compilation failed".to_string(),
                |d| d.message.to_string(),
            ),
            Diagnostic::Message { text, .. } => text.clone(),
        }
    }
}

impl From<Report> for Diagnostic {
    fn from(report: Report) -> Self {
        Diagnostic::Report(report)
    }
}

/// Why a job or a command could not go on: what to show, and one line for summary tables.
#[derive(Clone)]
pub struct Failure {
    /// Everything to show, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// One line for the table at the end of a batch.
    pub summary: String,
}

impl Failure {
    /// A failure told by one diagnostic, summarised by its first line.
    pub fn new(diagnostic: impl Into<Diagnostic>) -> Self {
        let diagnostic = diagnostic.into();
        Self {
            summary: diagnostic.summary(),
            diagnostics: vec![diagnostic],
        }
    }

    /// A failure told by a plain error message.
    pub fn message(text: impl Into<String>) -> Self {
        Self::new(Diagnostic::error(text))
    }

    /// Everything it has to say, as plain text.
    pub fn detail(&self) -> String {
        Printer::plain().format(&self.diagnostics)
    }

    /// Puts `diagnostics` (warnings found on the way, say) before the failure's own.
    pub fn after(mut self, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.append(&mut self.diagnostics);
        self.diagnostics = diagnostics;
        self
    }
}

impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_line_and_column_from_the_span() {
        let text: Arc<str> = "name: x\nbad: 1\n".into();
        let problem = Problem::error("unknown field")
            .at_field("bad")
            .with_span(8..11);
        let report = Report::new(Path::new("p.yaml"), Some(text), vec![problem]);
        assert_eq!(report.short(), "p.yaml:2:1: bad: unknown field\n");
        let mut out = term::termcolor::NoColor::new(Vec::new());
        report.emit(&mut out).unwrap();
        let printed = String::from_utf8(out.into_inner()).unwrap();
        assert!(printed.contains("p.yaml:2:1"), "{printed}");
        assert!(printed.contains("bad: 1"), "{printed}");
    }
}
