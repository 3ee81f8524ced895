//! JSON as hand-kept files have it: `//` and `/* */` comments and trailing commas (a real
//! al-folio `resume.json` has them) are overlooked, with positions kept for errors.

use serde_json::Value;

use crate::diag::Problem;

/// Parses JSON, also with the `//` and `/* */` comments, trailing commas and JavaScript
/// string escapes that hand-kept files (a real al-folio `resume.json`) have; says whether it
/// had to overlook them. An error has its place in `text`.
pub(super) fn relaxed_json(text: &str) -> Result<(Value, bool), Problem> {
    let strict = match serde_json::from_str::<Value>(text) {
        Ok(value) => return Ok((value, false)),
        Err(e) => e,
    };
    let cleaned = repaired_strings(&without_comments_and_trailing_commas(text));
    if cleaned == text {
        return Err(super::syntax::json("not valid JSON", &strict, text));
    }
    // Positions are kept (what is removed becomes spaces), so an error still points right.
    serde_json::from_str::<Value>(&cleaned)
        .map(|value| (value, true))
        .map_err(|e| super::syntax::json("not valid JSON", &e, &cleaned))
}

/// Strings as JavaScript allows and JSON does not, made JSON: a backslash at the end of a line
/// continues the string (`"a \⏎   b"` → `"a b"`), a backslash before a character JSON does
/// not escape is a backslash (`\'` → `'`, `C:\x` → `C:\\x`), tabs and line breaks in a
/// string are escaped.
fn repaired_strings(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if !in_string {
            in_string = c == '"';
            out.push(c);
            continue;
        }
        match c {
            '"' => {
                in_string = false;
                out.push(c);
            }
            '\\' => match chars.peek().copied() {
                Some('\r' | '\n') => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                    out.push(' ');
                }
                Some('\'') => {
                    chars.next();
                    out.push('\'');
                }
                Some(e @ ('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u')) => {
                    chars.next();
                    out.push('\\');
                    out.push(e);
                }
                _ => out.push_str("\\\\"),
            },
            '\n' => out.push_str("\\n"),
            '\r' => {}
            '\t' => out.push_str("\\t"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` with comments and commas before a closing bracket turned into spaces (strings are
/// left alone; line breaks stay, so lines and columns do not move).
pub(super) fn without_comments_and_trailing_commas(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |out: &mut Vec<u8>, range: std::ops::Range<usize>| {
        for b in &mut out[range] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut i = 0;
    // Where the last comma outside strings is, while only white space follows it.
    let mut comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                comma = None;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                blank(&mut out, i..end);
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                blank(&mut out, i..end);
                i = end;
                continue;
            }
            b',' => comma = Some(i),
            b'}' | b']' => {
                if let Some(at) = comma.take() {
                    out[at] = b' ';
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => comma = None,
        }
        i += 1;
    }
    // Only ASCII bytes outside strings were replaced, by ASCII: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}
