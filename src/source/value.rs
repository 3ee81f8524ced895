//! Typst values written as source code: the only way generated markup holds user text.
//!
//! Every string becomes an escaped string literal, so no character of a profile (`#`, `$`,
//! `*`, `]`, `//`, `"`, `\`, a newline) can leave the literal and become Typst code.

use std::fmt::Write;

/// A Typst value to be written as source.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `none`.
    None,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string, written as an escaped literal.
    Str(String),
    /// Content built from escaped literals by [`super::inline`]: `[#"a"#strong[#"b"]]`.
    Content(Content),
    /// An array.
    Array(Vec<Value>),
    /// A dictionary with keys in this order.
    Dict(Vec<(&'static str, Value)>),
    /// The bytes of a file of the project, `read(path, encoding: none)`.
    FileBytes(String),
    /// A call of a standard-library function, e.g. `datetime(year: …)`; an empty name makes
    /// the argument positional.
    Call(&'static str, Vec<(&'static str, Value)>),
    /// A name from the standard library chosen by cvpdf (never from user text), e.g. `navy`.
    Ident(&'static str),
    /// A ratio in whole percent, `80%`.
    Percent(u8),
    /// A length in tenths of a point, written `9pt` or `9.5pt`.
    Points(u16),
    /// An item of an array that stands for the profile's item `.0` (publications are written
    /// newest first, not in the profile's order): written as the value, mapped to that index.
    Indexed(usize, Box<Value>),
}

/// Where each text of the profile stands in the generated source, so that a compile's warning
/// pointing there is told at the profile's field instead ([`Value::write_mapped`]).
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    /// Byte ranges of the generated source and the field path each text came from.
    texts: Vec<(std::ops::Range<usize>, String)>,
}

impl SourceMap {
    /// Every text written: its byte range in the generated source and its field path.
    pub fn entries(&self) -> impl Iterator<Item = &(std::ops::Range<usize>, String)> {
        self.texts.iter()
    }

    /// The field whose text holds byte `offset` of the generated source.
    pub fn field_at(&self, offset: usize) -> Option<&str> {
        self.texts
            .iter()
            .filter(|(range, _)| range.contains(&offset))
            .min_by_key(|(range, _)| range.len())
            .map(|(_, path)| path.as_str())
    }
}

/// The field path of the value being written, and the map being filled.
struct Trace<'m> {
    path: String,
    map: Option<&'m mut SourceMap>,
}

/// Content made only of escaped string literals and calls of `strong`, `emph` and `link`.
///
/// The constructor is private to the `markup` module: content can only be built by
/// [`super::inline`], which never pastes user text outside a literal.
#[derive(Debug, Clone, PartialEq)]
pub struct Content(pub(super) String);

impl Content {
    /// The Typst expression.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Value {
    /// Data read from one of cvpdf's own YAML tables (a language's words): mappings as
    /// dictionaries, sequences as arrays, scalars as themselves, numbers other than
    /// integers as strings.
    pub fn data(value: &'static serde_yaml::Value) -> Self {
        use serde_yaml::Value as Yaml;
        match value {
            Yaml::Null => Value::None,
            Yaml::Bool(b) => Value::Bool(*b),
            Yaml::Number(n) => n
                .as_i64()
                .map_or_else(|| Value::str(n.to_string()), Value::Int),
            Yaml::String(s) => Value::str(s.as_str()),
            Yaml::Sequence(items) => Value::Array(items.iter().map(Value::data).collect()),
            Yaml::Mapping(map) => Value::Dict(
                map.iter()
                    .filter_map(|(k, v)| Some((k.as_str()?, Value::data(v))))
                    .collect(),
            ),
            Yaml::Tagged(tagged) => Value::data(&tagged.value),
        }
    }

    /// A string value.
    pub fn str(s: impl Into<String>) -> Self {
        Value::Str(s.into())
    }

    /// `Some` as a string, `None` as `none`.
    pub fn opt_str(s: Option<&String>) -> Self {
        s.map_or(Value::None, |s| Value::Str(s.clone()))
    }

    /// An array of strings.
    pub fn strs<'a>(items: impl IntoIterator<Item = &'a String>) -> Self {
        Value::Array(items.into_iter().map(|s| Value::Str(s.clone())).collect())
    }

    /// Writes the value as Typst code, indenting nested collections by `depth` levels.
    pub fn write(&self, out: &mut String, depth: usize) {
        self.emit(
            out,
            depth,
            &mut Trace {
                path: String::new(),
                map: None,
            },
        );
    }

    /// Writes the value as [`Value::write`] does, recording in `map` where each text (string
    /// or content) stands, under its field path: dictionary keys and array indices from the
    /// top of this value (`education[0].highlights[1]`).
    pub fn write_mapped(&self, out: &mut String, depth: usize, map: &mut SourceMap) {
        self.emit(
            out,
            depth,
            &mut Trace {
                path: String::new(),
                map: Some(map),
            },
        );
    }

    fn emit(&self, out: &mut String, depth: usize, trace: &mut Trace) {
        let start = out.len();
        self.emit_inner(out, depth, trace);
        if let (Value::Str(_) | Value::Content(_), Some(map)) = (self, trace.map.as_deref_mut()) {
            map.texts.push((start..out.len(), trace.path.clone()));
        }
    }

    fn emit_inner(&self, out: &mut String, depth: usize, trace: &mut Trace) {
        match self {
            Value::Indexed(_, value) => value.emit(out, depth, trace),
            Value::None => out.push_str("none"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Value::Str(s) => out.push_str(&string_literal(s)),
            Value::Content(c) => out.push_str(&c.0),
            Value::FileBytes(path) => {
                let _ = write!(out, "read({}, encoding: none)", string_literal(path));
            }
            Value::Call(name, args) => {
                out.push_str(name);
                out.push('(');
                for (i, (key, value)) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !key.is_empty() {
                        out.push_str(key);
                        out.push_str(": ");
                    }
                    value.write(out, depth);
                }
                out.push(')');
            }
            Value::Ident(name) => out.push_str(name),
            Value::Percent(p) => {
                let _ = write!(out, "{p}%");
            }
            Value::Points(tenths) => {
                let _ = match tenths % 10 {
                    0 => write!(out, "{}pt", tenths / 10),
                    r => write!(out, "{}.{r}pt", tenths / 10),
                };
            }
            Value::Array(items) if items.is_empty() => out.push_str("()"),
            Value::Array(items) => {
                out.push('(');
                for (i, item) in items.iter().enumerate() {
                    newline(out, depth + 1);
                    let index = match item {
                        Value::Indexed(index, _) => *index,
                        _ => i,
                    };
                    let parent = trace.path.len();
                    let _ = write!(trace.path, "[{index}]");
                    item.emit(out, depth + 1, trace);
                    trace.path.truncate(parent);
                    out.push(',');
                }
                newline(out, depth);
                out.push(')');
            }
            Value::Dict(entries) if entries.is_empty() => out.push_str("(:)"),
            Value::Dict(entries) => {
                out.push('(');
                for (key, value) in entries {
                    newline(out, depth + 1);
                    if is_identifier(key) {
                        out.push_str(key);
                    } else {
                        out.push_str(&string_literal(key));
                    }
                    out.push_str(": ");
                    let parent = trace.path.len();
                    if parent > 0 {
                        trace.path.push('.');
                    }
                    trace.path.push_str(key);
                    value.emit(out, depth + 1, trace);
                    trace.path.truncate(parent);
                    out.push(',');
                }
                newline(out, depth);
                out.push(')');
            }
        }
    }
}

/// Whether `key` can stand unquoted as a dictionary key: a Typst identifier of ASCII letters,
/// digits, `_` and `-`, not starting with a digit or `-`.
fn is_identifier(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// `s` as a Typst string literal. Typst's string escapes are `\\`, `\"`, `\n`, `\r`, `\t` and
/// `\u{…}`; every other character stands for itself inside the quotes.
pub fn string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_could_end_a_literal() {
        assert_eq!(string_literal(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(string_literal("x\ny\t\u{7}"), r#""x\ny\t\u{7}""#);
        assert_eq!(
            string_literal("#set text(red) $x$ // c /* d"),
            r##""#set text(red) $x$ // c /* d""##
        );
    }

    #[test]
    fn writes_nested_collections() {
        let v = Value::Dict(vec![
            ("a", Value::Array(vec![Value::Int(1)])),
            ("b", Value::Dict(vec![])),
            ("c", Value::Array(vec![])),
        ]);
        let mut out = String::new();
        v.write(&mut out, 0);
        assert_eq!(out, "(\n  a: (\n    1,\n  ),\n  b: (:),\n  c: (),\n)");
    }
}
