//! The one place diagnostics become text: colour is decided once, when the printer is made,
//! and every kind of diagnostic is drawn by codespan-reporting (Typst's through typst-kit,
//! which uses it too), so they all look alike.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};

use codespan_reporting::diagnostic::Diagnostic as Codespan;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::termcolor::{Buffer, ColorSpec, WriteColor};
use codespan_reporting::term::{self};
use typst_kit::diagnostics::{emit, DiagnosticFormat};

use super::escape::escape_controls;
use super::{Diagnostic, Severity};

/// How diagnostics are laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Format {
    /// The message, the place, the source line with a caret under the field, the help.
    #[default]
    Human,
    /// One line per problem, `file:line:column: error: message`, for editors and CI.
    Short,
}

/// Turns diagnostics into terminal text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Printer {
    color: bool,
    format: Format,
}

impl Printer {
    /// Colour when standard error is a terminal and `NO_COLOR` is not set.
    pub fn detect() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Self {
            color: !no_color && std::io::stderr().is_terminal(),
            format: Format::Human,
        }
    }

    /// Never colour (tests, files).
    pub fn plain() -> Self {
        Self {
            color: false,
            format: Format::Human,
        }
    }

    /// The same printer laying diagnostics out as `format` says.
    pub fn with_format(self, format: Format) -> Self {
        Self { format, ..self }
    }

    /// The diagnostics as the terminal shows them.
    pub fn format(&self, diagnostics: &[Diagnostic]) -> String {
        let mut colored = if self.color {
            Buffer::ansi()
        } else {
            Buffer::no_color()
        };
        let mut buffer = Escaping::new(&mut colored);
        if self.format == Format::Short {
            // Writing into memory cannot fail.
            let _ = super::short::write(&mut buffer, diagnostics);
            return String::from_utf8_lossy(colored.as_slice()).into_owned();
        }
        for diagnostic in diagnostics {
            buffer.cut = !matches!(diagnostic, Diagnostic::Message { .. });
            // Writing into memory cannot fail; a source that cannot be shown is left out.
            let _ = match diagnostic {
                Diagnostic::Report(report) => report.emit(&mut buffer),
                Diagnostic::Typst(typst) => emit(
                    &mut buffer,
                    typst.world.as_ref(),
                    &typst.diagnostics,
                    DiagnosticFormat::Human,
                )
                .map_err(std::io::Error::other),
                Diagnostic::Message {
                    severity,
                    text,
                    notes,
                } => message(&mut buffer, *severity, text, notes),
            };
        }
        String::from_utf8_lossy(colored.as_slice()).into_owned()
    }

    /// Prints the diagnostics on standard error.
    pub fn eprint(&self, diagnostics: &[Diagnostic]) {
        let text = self.format(diagnostics);
        let mut stderr = std::io::stderr().lock();
        let _ = stderr.write_all(text.as_bytes());
        let _ = stderr.flush();
    }
}

/// A message without a place: `error: …`, then its notes.
fn message(
    out: &mut dyn WriteColor,
    severity: Severity,
    text: &str,
    notes: &[String],
) -> std::io::Result<()> {
    if notes.is_empty() {
        // One line, as `error: cannot write …` always looked.
        let header = match severity {
            Severity::Error => Codespan::<()>::error(),
            Severity::Warning => Codespan::warning(),
        };
        let config = term::Config {
            display_style: term::DisplayStyle::Short,
            ..term::Config::default()
        };
        let file = SimpleFile::new("", "");
        return term::emit(out, &config, &file, &header.with_message(text))
            .map_err(std::io::Error::other);
    }
    let diagnostic = match severity {
        Severity::Error => Codespan::<()>::error(),
        Severity::Warning => Codespan::warning(),
    }
    .with_message(text)
    .with_notes(notes.iter().map(|n| format!("note: {n}")).collect());
    let file = SimpleFile::new("", "");
    term::emit(out, &term::Config::default(), &file, &diagnostic).map_err(std::io::Error::other)
}

/// Passes colour changes through and writes text with control characters escaped, so that
/// text from files, fields and file names can never move the cursor, retitle the terminal or
/// clear the screen; and, for diagnostics that quote source, cuts every line after
/// [`MAX_COLUMNS`] characters, so that a source line of 100,000 characters (a field over its
/// bound, a minified file) is quoted as a line, not a screenful. Messages are never cut.
struct Escaping<'a> {
    out: &'a mut Buffer,
    /// Characters written since the last line break.
    column: usize,
    /// Whether lines are cut after [`MAX_COLUMNS`].
    cut: bool,
}

/// `text` with the user information of every address in it (`https://user:password@host`)
/// masked, each of its characters replaced by as many `*` as it has bytes, so that the spans
/// of diagnostics quoting the text still point where they did: a source line shown under an
/// error never prints a password, even when the error is that the address holds one.
pub fn without_passwords(text: &str) -> Cow<'_, str> {
    if !text.contains("://") || !text.contains('@') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        let end = tail
            .find(|c: char| {
                c.is_whitespace()
                    || matches!(c, '/' | '?' | '#' | '"' | '\'' | ')' | ']' | '>' | '<')
            })
            .unwrap_or(tail.len());
        let authority = &tail[..end];
        match authority.rfind('@') {
            Some(user_end) => {
                for c in authority[..user_end].chars() {
                    out.extend(std::iter::repeat_n('*', c.len_utf8()));
                }
                out.push_str(&authority[user_end..]);
            }
            None => out.push_str(authority),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// How much of one line a diagnostic shows.
const MAX_COLUMNS: usize = 240;

impl<'a> Escaping<'a> {
    fn new(out: &'a mut Buffer) -> Self {
        Self {
            out,
            column: 0,
            cut: false,
        }
    }

    fn put(&mut self, text: &str) -> io::Result<()> {
        let mut kept = String::with_capacity(text.len().min(4 * MAX_COLUMNS));
        for c in text.chars() {
            if c == '\n' {
                self.column = 0;
                kept.push(c);
                continue;
            }
            self.column += 1;
            if !self.cut || self.column <= MAX_COLUMNS {
                kept.push(c);
            } else if self.column == MAX_COLUMNS + 1 {
                kept.push('…');
            }
        }
        self.out.write_all(kept.as_bytes())
    }
}

impl Write for Escaping<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(bytes);
        let escaped = escape_controls(&text).into_owned();
        self.put(&escaped)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl WriteColor for Escaping<'_> {
    fn supports_color(&self) -> bool {
        self.out.supports_color()
    }

    fn set_color(&mut self, spec: &ColorSpec) -> io::Result<()> {
        self.out.set_color(spec)
    }

    fn reset(&mut self) -> io::Result<()> {
        self.out.reset()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_print_as_one_line_or_with_their_notes() {
        let printer = Printer::plain();
        assert_eq!(
            printer.format(&[Diagnostic::error("cannot write cv.pdf: full")]),
            "error: cannot write cv.pdf: full\n"
        );
        let text = printer.format(&[Diagnostic::error("internal error").with_note("a bug")]);
        assert_eq!(text, "error: internal error\n = note: a bug\n\n");
    }

    #[test]
    fn a_huge_source_line_is_quoted_cut_short() {
        let long = format!("bio: {}\n", "x".repeat(100_000));
        let report = crate::diag::Report::new(
            std::path::Path::new("p.yaml"),
            Some(long.clone().into()),
            vec![crate::diag::Problem::error("too long").with_span(5..long.len() - 1)],
        );
        let text = Printer::plain().format(&[Diagnostic::Report(report)]);
        assert!(
            text.lines().all(|l| l.chars().count() <= MAX_COLUMNS + 1),
            "{text}"
        );
        assert!(text.contains("bio: xxx") && text.contains('…'), "{text}");
        assert!(text.contains("too long"), "{text}");
        // A message is never cut, however long.
        let note = "abstract (30), ".repeat(40);
        let text = Printer::plain().format(&[Diagnostic::error("left out").with_note(&note)]);
        assert!(text.contains(note.trim_end()), "{text}");
    }

    #[test]
    fn passwords_in_quoted_source_are_masked_in_place() {
        let line = "website: https://ada:s3crét@a.org/x and [w](http://u@b.org) https://c.org/@x";
        let shown = without_passwords(line);
        assert_eq!(shown.len(), line.len());
        assert!(!shown.contains("s3cr") && !shown.contains("u@b"), "{shown}");
        assert!(
            shown.contains("@a.org/x") && shown.contains("@b.org") && shown.contains("c.org/@x")
        );
        assert!(matches!(without_passwords("no address"), Cow::Borrowed(_)));
    }

    #[test]
    fn control_characters_never_reach_the_terminal() {
        let text = Printer::plain().format(&[Diagnostic::error("a\u{1b}]0;x\u{7}b\u{202e}c\td")]);
        assert_eq!(text, "error: a\\u{1b}]0;x\\u{7}b\\u{202e}c\td\n");
        let colored = Printer {
            color: true,
            format: Format::Human,
        }
        .format(&[Diagnostic::error("\u{1b}[2J")]);
        assert!(colored.contains("\\u{1b}[2J"), "{colored:?}");
        assert!(
            colored.contains('\u{1b}'),
            "colour codes still pass: {colored:?}"
        );
    }
}
