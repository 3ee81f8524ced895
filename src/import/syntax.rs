//! The syntax errors of the parsers the importers use (serde_json, serde_yaml, toml), as
//! problems with a span in the text that was parsed, so that `cvpdf import` quotes the line.

use crate::diag::Problem;

/// A YAML syntax error of a text that starts `offset` bytes into the file, as a problem at its
/// place: `what` (`not valid YAML`), then serde_yaml's reason without its position, which the
/// span says.
pub(super) fn yaml(what: &str, error: &serde_yaml::Error, offset: usize) -> Problem {
    let message = error.to_string();
    let Some(at) = error.location() else {
        return Problem::error(format!("{what}: {message}"));
    };
    // serde_yaml ends its message with the position; the problem says it as a span.
    let place = format!(" at line {} column {}", at.line(), at.column());
    let reason = message.strip_suffix(&place).unwrap_or(&message);
    let start = offset + at.index();
    Problem::error(format!("{what}: {reason}")).with_span(start..start)
}

/// A JSON syntax error of `text` as a problem at its place: `what`, then serde_json's reason
/// without its position.
pub(super) fn json(what: &str, error: &serde_json::Error, text: &str) -> Problem {
    let message = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    let reason = message.strip_suffix(&place).unwrap_or(&message);
    let problem = Problem::error(format!("{what}: {reason}"));
    if error.line() == 0 {
        return problem;
    }
    // serde_json counts columns in bytes from 1; the line's start is found by counting lines.
    let line_start = text
        .split_inclusive('\n')
        .take(error.line() - 1)
        .map(str::len)
        .sum::<usize>();
    let mut at = (line_start + error.column().saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    problem.with_span(at..at)
}

/// A TOML syntax error of a text that starts `offset` bytes into the file, as a problem at its
/// place; toml's own message (several lines, with a quote of the line) is cut to its reason.
pub(super) fn toml(what: &str, error: &toml::de::Error, offset: usize) -> Problem {
    let reason = error.message().trim();
    let problem = Problem::error(format!("{what}: {reason}"));
    match error.span() {
        Some(span) => problem.with_span(offset + span.start..offset + span.end),
        None => problem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_error_points_at_its_byte() {
        let text = "{\n  \"a\": 1,\n  \"b\": x\n}";
        let error = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
        let problem = json("not valid JSON", &error, text);
        let span = problem.span.clone().unwrap();
        assert_eq!(&text[span.start..span.start + 1], "x");
        assert_eq!(problem.message, "not valid JSON: expected value");
    }

    #[test]
    fn a_yaml_error_points_into_the_file_past_the_offset() {
        let front = "title: Ada\nbio: x\n  role: Other\n";
        let error = serde_yaml::from_str::<serde_yaml::Value>(front).unwrap_err();
        let problem = yaml("not valid YAML", &error, 4);
        let span = problem.span.clone().unwrap();
        let file = format!("---\n{front}");
        assert_eq!(crate::diag::line_column(&file, span.start).0, 4);
        assert!(
            !problem.message.contains(" at line "),
            "{}",
            problem.message
        );
    }
}
