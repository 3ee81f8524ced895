//! The short form of diagnostics, one line each (`--diagnostic-format short`), for editors'
//! problem matchers and CI logs: `file:line:column: error: field: message (help: …)`, as
//! typst-cli's and compilers' short forms read.

use std::io;

use typst_kit::diagnostics::{emit, DiagnosticFormat};

use super::{escape_line, Diagnostic, Problem, Report, Severity};

/// Writes each diagnostic as one line per problem. Text from files (names, messages, fields)
/// is kept on its line: a line break in it is shown escaped, never as a new line.
pub(super) fn write(
    out: &mut dyn codespan_reporting::term::termcolor::WriteColor,
    diagnostics: &[Diagnostic],
) -> io::Result<()> {
    for diagnostic in diagnostics {
        match diagnostic {
            Diagnostic::Report(report) => {
                for problem in &report.problems {
                    writeln!(out, "{}", line(report, problem, true))?;
                }
            }
            Diagnostic::Typst(typst) => emit(
                out,
                typst.world.as_ref(),
                &typst.diagnostics,
                DiagnosticFormat::Short,
            )
            .map_err(io::Error::other)?,
            Diagnostic::Message {
                severity,
                text,
                notes,
            } => {
                let mut line = format!("{}: {}", name(*severity), escape_line(text));
                for note in notes {
                    line = format!("{line} (note: {})", escape_line(note));
                }
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

/// `file:line:column: [severity: ]field: message (help)`: the one line a problem of a report
/// reads as, in the short form (with its severity) and in summaries (without).
pub(super) fn line(report: &Report, problem: &Problem, with_severity: bool) -> String {
    let mut line = escape_line(&report.file.display().to_string()).into_owned();
    if let Some((l, c)) = report.line_column(problem) {
        line = format!("{line}:{l}:{c}");
    }
    if with_severity {
        line = format!("{line}: {}", name(problem.severity));
    }
    if let Some(field) = &problem.field {
        line = format!("{line}: {}", escape_line(field));
    }
    let mut line = format!("{line}: {}", escape_line(&problem.message));
    if let Some(help) = &problem.help {
        let help = escape_line(help);
        line = if with_severity {
            format!("{line} (help: {help})")
        } else {
            format!("{line} ({help})")
        };
    }
    line
}

/// The word a severity is printed as.
fn name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}
