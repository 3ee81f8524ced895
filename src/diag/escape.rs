//! Text from files, fields and names made safe for a terminal: control characters, invisible
//! direction marks and, for one-line places, line breaks written as `\u{…}` escapes. One
//! owner for the rule, shared by both layouts of diagnostics (`print.rs`, `short.rs`) and every
//! line a command prints.

use std::borrow::Cow;

/// `text` with control characters (but newlines and tabs), the invisible bidirectional
/// overrides and marks, and the Unicode line and paragraph separators written as `\u{…}`
/// escapes, for anything shown on a terminal.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(
                c,
                '\u{202A}'..='\u{202E}'
                    | '\u{2066}'..='\u{2069}'
                    | '\u{200E}'
                    | '\u{200F}'
                    | '\u{061C}'
                    | '\u{2028}'
                    | '\u{2029}'
            )
    };
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if hidden(c) {
                    format!("\\u{{{:x}}}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// `text` as one line of a terminal: like [`escape_controls`], and line breaks and tabs
/// escaped too, for a line that names files (`ok    profiles/a\u{a}b.yaml`): a name with a
/// line break in it would otherwise split the line and read as two.
pub fn escape_line(text: &str) -> Cow<'_, str> {
    if !text.contains(['\n', '\r', '\t']) {
        return escape_controls(text);
    }
    let spaced: String = text
        .chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        })
        .collect();
    Cow::Owned(escape_controls(&spaced).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_naming_files_stays_one_line() {
        assert_eq!(
            escape_line("a\u{2028}b\u{b}c\u{85}d\u{200f}"),
            "a\\u{2028}b\\u{b}c\\u{85}d\\u{200f}"
        );
        assert_eq!(
            escape_line("ok    a\nb.yaml\t\u{1b}"),
            "ok    a\\u{a}b.yaml\\u{9}\\u{1b}"
        );
        assert_eq!(escape_line("plain"), "plain");
    }
}
