//! One way to report what is wrong with an input: a [`Problem`] names the field, the position
//! and what was expected; [`Report`] prints problems against their file's text with
//! codespan-reporting, so a YAML error looks like a Typst error (file, line, column, the
//! offending line underlined).

use std::fmt;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic, Label};
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

    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    /// The 1-based line and column where `problem` starts, if known.
    pub fn line_column(&self, problem: &Problem) -> Option<(usize, usize)> {
        if let (Some(text), Some(span)) = (&self.text, &problem.span) {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            return Some((line, column));
        }
        problem.position.map(|(l, c)| (l as usize, c as usize))
    }

    /// Prints every problem: the message, `file:line:column`, the source line underlined and
    /// labelled with the field path, then the suggestion.
    pub fn emit(&self, out: &mut dyn WriteColor) -> io::Result<()> {
        let name = self.file.display().to_string();
        let file = SimpleFile::new(name.as_str(), self.text.as_deref().unwrap_or(""));
        let config = term::Config::default();
        for problem in &self.problems {
            let diagnostic = match problem.severity {
                Severity::Error => Diagnostic::error(),
                Severity::Warning => Diagnostic::warning(),
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
        Ok(())
    }

    /// One line per problem, `file:line:column: field: message`, for summaries and tests.
    pub fn short(&self) -> String {
        self.problems
            .iter()
            .map(|p| format!("{}\n", self.short_line(p)))
            .collect()
    }

    fn short_line(&self, problem: &Problem) -> String {
        let mut line = self.file.display().to_string();
        if let Some((l, c)) = self.line_column(problem) {
            line = format!("{line}:{l}:{c}");
        }
        if let Some(field) = &problem.field {
            line = format!("{line}: {field}");
        }
        let mut line = format!("{line}: {}", problem.message);
        if let Some(help) = &problem.help {
            line = format!("{line} ({help})");
        }
        line
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

/// The candidate closest to `word`, if one is close enough to be a likely typo or an
/// abbreviation (`pubs` for `publications`).
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            let candidate = c.to_lowercase();
            let typo = strsim::jaro_winkler(&word, &candidate);
            let abbreviation = if is_abbreviation(&word, &candidate) {
                0.85
            } else {
                0.0
            };
            (typo.max(abbreviation), c)
        })
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Whether `word` (three letters or more) starts like `candidate` and its letters appear in
/// `candidate` in order: `pubs` → `publications`, `edu` → `education`.
fn is_abbreviation(word: &str, candidate: &str) -> bool {
    let mut rest = candidate.chars();
    word.chars().count() >= 3
        && word.chars().next() == candidate.chars().next()
        && word.chars().all(|c| rest.any(|d| d == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let fields = ["institution", "degree", "location", "start", "end"];
        assert_eq!(did_you_mean("instituton", fields), Some("institution"));
        assert_eq!(did_you_mean("Degre", fields), Some("degree"));
        assert_eq!(did_you_mean("salary", fields), None);
        assert_eq!(
            did_you_mean("pubs", ["publications", "talks"]),
            Some("publications")
        );
        assert_eq!(
            did_you_mean("edu", ["education", "experience"]),
            Some("education")
        );
    }

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
