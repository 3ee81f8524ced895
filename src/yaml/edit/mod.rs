//! Editing YAML files as text, so that everything but the edited part — comments, key order,
//! quoting, blank lines — stays exactly as the author wrote it. Positions come from the
//! [`SpanIndex`]; new values are written as YAML text by serde_yaml. Where a list is and how
//! it is written is `sequence.rs`; one scalar set and read back is `scalar.rs`.

mod scalar;
mod sequence;

pub(crate) use scalar::replacing;
pub use scalar::set_scalar;
pub use sequence::{comment_lines_in, inline_value_lines, sequence_at, SequenceAt};

use crate::diag::Problem;
use crate::yaml::spans::SpanIndex;
use std::ops::Range;

use serde::Serialize;

/// A replacement of a byte range of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// What to replace (empty for an insertion).
    pub range: Range<usize>,
    /// The new text.
    pub text: String,
}

/// Applies edits (which must not overlap) to `text`.
pub fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
    let mut out = text.to_string();
    for edit in edits {
        out.replace_range(edit.range, &edit.text);
    }
    out
}

/// The plain form of a file's text, which edits are made on: no byte-order mark, LF line
/// endings, and a last line that ends (so that what is added after it starts a line of its
/// own, and never runs on into the file's last value or comment). [`in_original_form`] gives
/// an edit back the file's own form.
pub fn plain_form(text: &str) -> String {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut plain = body.replace("\r\n", "\n");
    if !plain.is_empty() && !plain.ends_with('\n') {
        plain.push('\n');
    }
    plain
}

/// Where byte `offset` of the plain form of `original` ([`plain_form`]) is in `original`
/// itself: past the byte-order mark and the carriage returns before it, so that a problem
/// found in the plain form points into the file as it is.
pub fn original_offset(original: &str, offset: usize) -> usize {
    let bom = if original.starts_with('\u{feff}') {
        3
    } else {
        0
    };
    let bytes = &original.as_bytes()[bom..];
    let (mut at, mut plain) = (0, 0);
    while at < bytes.len() && plain < offset {
        if !(bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n')) {
            plain += 1;
        }
        at += 1;
    }
    bom + at
}

/// `problem` placed at the node `path` of the document `index` was built from: the field
/// named, and the key and value underlined (when the document has the node).
pub fn placed(problem: Problem, index: &SpanIndex, path: &str) -> Problem {
    let problem = problem.at_field(path);
    match index.get(path) {
        Some(node) => {
            let start = node.key.as_ref().map_or(node.value.start, |k| k.start);
            problem.with_span(start..node.value.end.max(start))
        }
        None => problem,
    }
}

/// serde_yaml's syntax error in `text` as a problem at the place it names.
pub fn syntax_problem(text: &str, error: &serde_yaml::Error) -> Problem {
    // serde_yaml counts lines in the text it read, which may be a part of the file (a page's
    // front matter): the place is the span's, not the message's.
    let problem = Problem::error(format!("YAML syntax error: {}", without_places(error)));
    match error.location().map(|l| l.index().min(text.len())) {
        Some(at) if text.is_char_boundary(at) => {
            let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            problem.with_span(at..end)
        }
        _ => problem,
    }
}

/// serde_yaml's message without its ` at line L column C` places.
fn without_places(error: &serde_yaml::Error) -> String {
    let mut message = error.to_string();
    while let Some(at) = message.find(" at line ") {
        let rest = &message[at + " at line ".len()..];
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let line = digits(rest);
        let Some(after) = rest[line..].strip_prefix(" column ") else {
            break;
        };
        let end = at + " at line ".len() + line + " column ".len() + digits(after);
        message.replace_range(at..end, "");
    }
    message
}

/// `edited`, a new version of the file text `original` made on its plain form (LF line
/// endings, no byte-order mark), given back the file's own form: its byte-order mark, every
/// line the edit did not touch exactly as it was, and the changed lines ending as the line
/// before them does (a CRLF front matter above an LF body keeps both).
pub fn in_original_form(original: &str, edited: &str) -> String {
    let (bom, body) = match original.strip_prefix('\u{feff}') {
        Some(body) => ("\u{feff}", body),
        None => ("", original),
    };
    let lines: Vec<&str> = body.split_inclusive('\n').collect();
    let plain = |line: &str| match line.strip_suffix("\r\n") {
        Some(rest) => format!("{rest}\n"),
        None => line.to_string(),
    };
    let old: Vec<String> = lines.iter().map(|l| plain(l)).collect();
    let new: Vec<&str> = edited.split_inclusive('\n').collect();
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == *b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == *b)
        .count();
    let crlf = match prefix.checked_sub(1) {
        Some(before) => lines[before].ends_with("\r\n"),
        None => lines
            .get(prefix)
            .map_or(body.contains("\r\n"), |l| l.ends_with("\r\n")),
    };
    let mut out = String::with_capacity(original.len() + edited.len() / 8);
    out.push_str(bom);
    out.extend(lines[..prefix].iter().copied());
    for line in &new[prefix..new.len() - suffix] {
        match line.strip_suffix('\n') {
            Some(rest) if crlf && !rest.ends_with('\r') => {
                out.push_str(rest);
                out.push_str("\r\n");
            }
            _ => out.push_str(line),
        }
    }
    out.extend(lines[lines.len() - suffix..].iter().copied());
    out
}

/// Where the line holding byte `at` ends, before its line break (`\n` or `\r\n`).
pub(super) fn line_end(text: &str, at: usize) -> usize {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if end > at && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// `text` made safe to write after a `#` on one line of YAML: line breaks (also the ones
/// YAML 1.1 readers know, U+0085, U+2028, U+2029) and tabs become spaces, other control
/// characters visible escapes — so text from an imported file can never end the comment and
/// become YAML.
pub fn comment_text(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
            c => c,
        })
        .collect();
    crate::diag::escape_controls(&spaced).into_owned()
}

/// The start of the line that holds byte `at`.
pub fn line_start(text: &str, at: usize) -> usize {
    // Only the line break matters, so the bytes are searched: `at` may fall inside a
    // character (the byte before a line's end).
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
}

/// Moves `end` back over trailing blank lines and comment lines, but not before `floor`;
/// the result is at the start of a line.
pub(super) fn trim_trailing_trivia(text: &str, floor: usize, end: usize) -> usize {
    let mut end = end.min(text.len());
    // An end inside the text is where the next token starts: its line is not the node's. At
    // the text's end, the last line is the node's, with or without a line break.
    if end < text.len() {
        end = line_start(text, end);
    }
    loop {
        if end <= floor {
            return floor;
        }
        let prev_start = line_start(text, end - 1);
        let line = text[prev_start..end].trim();
        if line.is_empty() || line.starts_with('#') {
            end = prev_start;
        } else {
            return end;
        }
    }
}

/// A value as a block sequence item: `{indent}- first line`, further lines indented to match.
pub fn sequence_item<T: Serialize>(value: &T, indent: &str) -> Result<String, Problem> {
    let yaml = serde_yaml::to_string(value).map_err(|e| Problem::error(e.to_string()))?;
    let mut out = String::new();
    for (i, line) in yaml.lines().enumerate() {
        let prefix = if i == 0 { "- " } else { "  " };
        out.push_str(indent);
        out.push_str(prefix);
        out.push_str(line);
        out.push('\n');
    }
    Ok(out)
}

/// A string as a YAML scalar, written by the serializer (quoted when it must be).
pub fn scalar(value: &str) -> String {
    serde_yaml::to_string(value)
        .map(|s| s.trim_end().to_string())
        .unwrap_or_else(|_| serde_json::to_string(value).unwrap_or_default())
}

/// Whether a key can be added at the end of `text`: only to a document in block style that
/// does not end with `...`, since anything else would stop being YAML. `what` names what
/// would be added, for the message.
pub fn appendable(text: &str, what: &str) -> Result<(), Problem> {
    let body = text.trim();
    if body.starts_with('{') || body.starts_with('[') {
        return Err(Problem::error(format!(
            "the file is written on one line ({{…}}); add {what} to it by hand"
        )));
    }
    if text.lines().any(|line| line.trim_end() == "...") {
        return Err(Problem::error(format!(
            "the file ends its document with `...`; add {what} before it by hand"
        )));
    }
    Ok(())
}

/// Where a block scalar's header (`>`, `|-`, `>+2`) starts, when the value at `start` is the
/// content of one: the header is replaced with it.
pub(super) fn block_header(text: &str, start: usize) -> Option<usize> {
    let before = text[..start].trim_end();
    let line = &before[line_start(before, before.len())..];
    // The line without its comment; the header follows the key's colon and any blanks.
    let code = line.split(" #").next().unwrap_or(line);
    let indicator = code.rsplit(':').next()?.trim();
    let is_header = indicator.starts_with(['>', '|'])
        && indicator[1..]
            .chars()
            .all(|c| matches!(c, '+' | '-' | '1'..='9'));
    is_header.then(|| before.len() - (line.len() - code.rfind(indicator).unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::spans::SpanIndex;

    #[test]
    fn a_document_that_cannot_take_a_key_at_its_end_is_refused() {
        // Issue 24, bug 4: the file stopped being YAML.
        for text in ["{layout: cv, title: t}\n", "layout: cv\n...\n"] {
            let err = set_scalar(text, &["cv_pdf"], "a.pdf").unwrap_err().message;
            assert!(err.contains("by hand"), "{text:?}: {err}");
        }
    }

    const DOC: &str = "name: A  # the name\n# Papers, newest first\npublications:\n  - title: One\n    year: 2020\n  # keep this\n  - {title: Two, year: 2021}\n\n# trailing comment\nskills: []\n";

    #[test]
    fn an_edit_keeps_the_form_of_every_line_it_did_not_touch() {
        let original = "\u{feff}---\r\ntitle: A\r\n---\nBody\nmore\n";
        let plain = "---\ntitle: A\n---\nBody\nmore\n";
        let edited = plain.replace("title: A\n", "title: A\nsocial: []\n");
        assert_eq!(
            in_original_form(original, &edited),
            "\u{feff}---\r\ntitle: A\r\nsocial: []\r\n---\nBody\nmore\n"
        );
        let lf_first = "a: 1\nb: 2\r\n";
        assert_eq!(
            in_original_form(lf_first, "a: 1\nc: 3\nb: 2\n"),
            "a: 1\nc: 3\nb: 2\r\n"
        );
        assert_eq!(in_original_form("x\r\n", "y\n"), "y\r\n");
        assert_eq!(in_original_form("", "y\n"), "y\n");
        assert_eq!(in_original_form("a\r\nb", "a\nb\nc"), "a\r\nb\r\nc");
    }

    #[test]
    fn comment_text_stays_one_comment() {
        let text = comment_text("a\rname: evil\u{2028}b\u{85}c\u{7}");
        assert!(
            !text.chars().any(|c| c.is_control() || c == '\u{2028}'),
            "{text:?}"
        );
        let yaml = format!("# {text}\nname: A\n");
        let value: serde_yaml::Value = serde_yaml::from_str(&yaml).unwrap();
        assert_eq!(value["name"], serde_yaml::Value::from("A"));
        assert_eq!(value.as_mapping().unwrap().len(), 1);
    }

    #[test]
    fn edits_keep_everything_else() {
        let index = SpanIndex::build(DOC).unwrap();
        let SequenceAt::Block(seq) = sequence_at(DOC, &index, "publications") else {
            panic!()
        };
        #[derive(Serialize)]
        struct P {
            title: &'static str,
            year: u16,
        }
        let item = sequence_item(
            &P {
                title: "Three",
                year: 2022,
            },
            &seq.indent,
        )
        .unwrap();
        let out = apply(
            DOC,
            vec![Edit {
                range: seq.append_at..seq.append_at,
                text: item,
            }],
        );
        assert!(out.contains("  - {title: Two, year: 2021}\n  - title: Three\n    year: 2022\n\n# trailing comment"), "{out}");
        assert!(out.starts_with("name: A  # the name\n# Papers, newest first\n"));
    }
}
