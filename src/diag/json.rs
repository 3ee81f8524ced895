//! Diagnostics as data for scripts, editors and CI annotations (`cvpdf check --json`): one
//! flat record per problem, with the file, the 1-based line and column where it starts and
//! ends, the field path, the message and the suggestion. Written by serde, so any text in it
//! is escaped as JSON requires.

use serde::Serialize;

use super::{line_column, Diagnostic, Severity};

/// One problem as a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Record {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The file it is in, when it is in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Where it starts, 1-based.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The column where it starts, 1-based, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Where it ends, 1-based.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_line: Option<usize>,
    /// The column where it ends, 1-based, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<usize>,
    /// The field path, e.g. `publications[3].year`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// What to do about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Record {
    /// A problem that belongs to no place in a file.
    fn unplaced(level: Severity, message: String, help: Option<String>) -> Self {
        Self {
            severity: severity(level),
            file: None,
            line: None,
            column: None,
            end_line: None,
            end_column: None,
            field: None,
            message,
            help,
        }
    }
}

/// The name of a severity in records.
fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Every problem of `diagnostics` as records, in order.
pub fn records(diagnostics: &[Diagnostic]) -> Vec<Record> {
    let mut out = Vec::new();
    for diagnostic in diagnostics {
        match diagnostic {
            Diagnostic::Report(report) => {
                let file = Some(report.file.display().to_string());
                for problem in &report.problems {
                    let (start, end) = match (&report.text, &problem.span) {
                        (Some(text), Some(span)) => (
                            Some(line_column(text, span.start)),
                            Some(line_column(text, span.end)),
                        ),
                        _ => (report.line_column(problem), None),
                    };
                    out.push(Record {
                        severity: severity(problem.severity),
                        file: file.clone(),
                        line: start.map(|(l, _)| l),
                        column: start.map(|(_, c)| c),
                        end_line: end.map(|(l, _)| l),
                        end_column: end.map(|(_, c)| c),
                        field: problem.field.clone(),
                        message: problem.message.clone(),
                        help: problem.help.clone(),
                    });
                }
            }
            Diagnostic::Typst(typst) => {
                for d in &typst.diagnostics {
                    let level = match d.severity {
                        typst::diag::Severity::Error => Severity::Error,
                        typst::diag::Severity::Warning => Severity::Warning,
                    };
                    let help = d.hints.first().map(|h| h.v.to_string());
                    out.push(Record::unplaced(level, d.message.to_string(), help));
                }
            }
            Diagnostic::Message {
                severity: level,
                text,
                notes,
            } => {
                let help = (!notes.is_empty()).then(|| notes.join("; "));
                out.push(Record::unplaced(*level, text.clone(), help));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Problem, Report};
    use super::*;

    #[test]
    fn a_report_becomes_records_with_places() {
        let text = "name: A\nyear: 2O20\n";
        let report = Report::new(
            std::path::Path::new("p.yaml"),
            Some(text.into()),
            vec![Problem::error("not a year")
                .at_field("year")
                .with_span(14..18)
                .with_help("write 2020")],
        );
        let records = records(&[report.into(), Diagnostic::warning("w")]);
        assert_eq!(records[0].line, Some(2));
        assert_eq!(records[0].column, Some(7));
        assert_eq!(records[0].end_column, Some(11));
        assert_eq!(records[0].field.as_deref(), Some("year"));
        assert_eq!(records[0].help.as_deref(), Some("write 2020"));
        assert_eq!(records[1].severity, "warning");
        assert_eq!(records[1].file, None);
    }
}
