//! Reading YAML files into typed values with every failure located: the file, line and
//! column, the field path (`publications[3].year`), what was expected and, for a misspelt key
//! or value, the likely intended one. Profiles and the lab configuration both load through here.

pub mod edit;
pub mod list;
mod schema;
pub mod spans;

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::diag::{Problem, Report};
use spans::{RootKind, SpanIndex};

/// What kind of document is being read, for messages ("the profile is empty").
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    /// "profile", "configuration".
    pub noun: &'static str,
    /// What the smallest valid document looks like, for the empty-file message.
    pub minimal: &'static str,
    /// Two example keys, for the not-a-mapping message.
    pub example_keys: &'static str,
}

/// Reads `path` as UTF-8 text (a byte-order mark is dropped), within the size bound.
pub fn read_text(path: &Path, kind: Kind) -> Result<Arc<str>, Report> {
    crate::input::read_text(path, kind.noun)
        .map(Into::into)
        .map_err(|problem| Report::new(path, None, vec![problem]))
}

/// The deepest nesting of collections accepted (a profile needs five levels).
pub const MAX_DEPTH: usize = 32;

/// The most alias references (`*name`) accepted; each may copy a large subtree.
pub const MAX_ALIASES: usize = 100;

/// Parses `text` as a `T`, returning the value with the index of field positions.
pub fn parse<T: DeserializeOwned + JsonSchema>(
    text: &str,
    kind: Kind,
) -> Result<(T, SpanIndex), Vec<Problem>> {
    // The index first, and its bounds checked, before serde (which expands aliases) reads
    // the text. (The two once ran side by side on two threads; but a thread started on the
    // render's path can leave the render's own waiting for a core for up to a scheduler tick,
    // 4 ms here, which it did in 7 of 12 traced runs, while the warm-up thread holds the
    // other core at this point anyway: reading a profile took as long either way.)
    let index = SpanIndex::build(text).map_err(|e| {
        vec![Problem::error(format!("YAML syntax error: {}", e.message)).with_span(e.span)]
    })?;
    if index.depth() > MAX_DEPTH {
        return Err(vec![Problem::error(format!(
            "the {} nests lists and mappings {} levels deep; at most {MAX_DEPTH} are accepted",
            kind.noun,
            index.depth()
        ))
        .with_span(index.deepest())]);
    }
    if index.aliases() > MAX_ALIASES {
        return Err(vec![Problem::error(format!(
            "the {} uses {} YAML aliases (*name); at most {MAX_ALIASES} are accepted",
            kind.noun,
            index.aliases()
        ))
        .with_help(
            "aliases that copy each other can grow a small file into gigabytes of data",
        )]);
    }
    match index.root() {
        RootKind::Mapping => {}
        RootKind::Empty => {
            return Err(vec![Problem::error(format!("the {} is empty", kind.noun))
                .with_span(0..0)
                .with_help(format!(
                    "a {} needs at least `{}`",
                    kind.noun, kind.minimal
                ))]);
        }
        root => {
            let found = if root == RootKind::Sequence {
                "a list"
            } else {
                "a single value"
            };
            let span = index.get("").map_or(0..0, |n| n.value.clone());
            return Err(vec![Problem::error(format!(
                "a {} must be a mapping of keys ({}), but this file holds {found}",
                kind.noun, kind.example_keys
            ))
            .with_span(span)]);
        }
    }
    // Without path tracking first; a document that fails is read again for the message.
    if let Ok(value) = serde_yaml::from_str::<T>(text) {
        return Ok((value, index));
    }
    let deserializer = serde_yaml::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(deserializer)
        .map_err(|err| vec![serde_problem::<T>(text, &err, &index, kind)])?;
    Ok((value, index))
}

/// Gives problems found after parsing (which name a field) the position of that field.
pub fn locate(problems: Vec<Problem>, index: &SpanIndex) -> Vec<Problem> {
    problems
        .into_iter()
        .map(|p| {
            let span = p
                .field
                .as_deref()
                .and_then(|f| index.nearest(f))
                .map(|n| n.value.clone());
            match span {
                Some(span) if p.span.is_none() => p.with_span(span),
                _ => p,
            }
        })
        .collect()
}

/// The byte range of the value at `field` (or its nearest ancestor) in a YAML text.
pub fn field_span(text: &str, field: &str) -> Option<Range<usize>> {
    let index = SpanIndex::build(text).ok()?;
    index.nearest(field).map(|n| n.value.clone())
}

/// Every string of a value with its field path (`publications[2].title`), for checks that
/// look at all of them, such as whether the fonts can draw every character.
pub fn text_fields<T: Serialize>(value: &T) -> Vec<(String, String)> {
    let mut out = Vec::new();
    walk_fields(value, &mut |path, value| {
        if let serde_yaml::Value::String(s) = value {
            out.push((path.to_string(), s.clone()));
        }
        true
    });
    out
}

/// Visits every part of `value` as YAML with its field path, each before what lies below it;
/// `visit` returns `false` to skip what lies below.
pub fn walk_fields<T: Serialize>(
    value: &T,
    visit: &mut dyn FnMut(&str, &serde_yaml::Value) -> bool,
) {
    // One path, extended for each child and cut back after it: no string per node.
    fn walk(
        value: &serde_yaml::Value,
        path: &mut String,
        visit: &mut dyn FnMut(&str, &serde_yaml::Value) -> bool,
    ) {
        if !visit(path, value) {
            return;
        }
        let parent = path.len();
        match value {
            serde_yaml::Value::Sequence(items) => {
                for (i, item) in items.iter().enumerate() {
                    spans::push_index(path, i);
                    walk(item, path, visit);
                    path.truncate(parent);
                }
            }
            serde_yaml::Value::Mapping(map) => {
                for (key, item) in map {
                    spans::push_key(path, key.as_str().unwrap_or_default());
                    walk(item, path, visit);
                    path.truncate(parent);
                }
            }
            _ => {}
        }
    }
    if let Ok(value) = serde_yaml::to_value(value) {
        walk(&value, &mut String::new(), visit);
    }
}

/// Turns a serde error into a problem pointing at the offending key or value. A misspelt
/// key or value, or a missing field, is found from the types (their JSON Schema) rather than
/// from serde's message; what is left (a wrong type, a bad date) keeps serde's message
/// without its position, which the problem carries in structured form.
fn serde_problem<T: JsonSchema>(
    text: &str,
    err: &serde_path_to_error::Error<serde_yaml::Error>,
    index: &SpanIndex,
    kind: Kind,
) -> Problem {
    if let Ok(schema) = serde_json::to_value(schemars::schema_for!(T)) {
        if let Some(problem) = schema::first_name_problem(text, index, &schema, kind.noun) {
            return problem;
        }
    }
    let path = path_string(err.path());
    let inner = err.inner();
    let message = in_words(&bare_message(&inner.to_string(), &path));
    let value_span = index.nearest(&path).map(|n| n.value.clone());
    let fallback = inner.location().map(|l| l.index()..l.index());
    let mut problem = Problem::error(message.clone()).at_field(&path);
    problem.span = value_span.or(fallback);
    if message.starts_with("invalid type") && message.ends_with("expected a string") {
        problem = problem.with_help("put the value in quotes to make it text");
    } else if message.starts_with("invalid type") && message.ends_with("expected a sequence") {
        problem = problem.with_help("write a list: `[a, b]`, or one `- item` per line");
    }
    problem
}

/// serde's words for Rust's types in the user's words: "expected u16" means a whole number.
fn in_words(message: &str) -> String {
    if message.contains("more than one document") {
        return "the file holds more than one YAML document (a second `---` line); it must be \
                one"
        .into();
    }
    // Enum values are "variants" and mappings "structs" to serde, never to a profile's writer.
    let mut out = message.replace("unknown variant ", "unknown value ");
    while let Some(at) = out.find("expected struct ") {
        let name_end = out[at + "expected struct ".len()..]
            .find(|c: char| !c.is_alphanumeric())
            .map_or(out.len(), |end| at + "expected struct ".len() + end);
        out.replace_range(at..name_end, "expected a mapping (key: value lines)");
    }
    for (rust, words) in [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number of 0 or more"),
        ("usize", "a whole number of 0 or more"),
        ("u128", "a whole number"),
        ("i64", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
    ] {
        out = out
            .replace(&format!("expected {rust}"), &format!("expected {words}"))
            .replace(&format!(" as {rust}"), &format!(", expected {words}"));
    }
    out
}

/// serde_path_to_error's path in the profile format's notation: `publications[3].year`.
fn path_string(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Unknown => {}
        }
    }
    out
}

/// serde_yaml's message without its `path: ` prefix and ` at line L column C` suffix (the
/// problem carries both in structured form); `path` is the field's path, which serde_yaml
/// writes the same way.
fn bare_message(message: &str, path: &str) -> String {
    let mut message = message;
    if let Some(at) = message.rfind(" at line ") {
        let tail = &message[at + " at line ".len()..];
        let mut words = tail.split(' ');
        let numeric = |w: Option<&str>| w.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        if numeric(words.next()) && words.next() == Some("column") && numeric(words.next()) {
            message = &message[..at];
        }
    }
    if let Some(at) = message.find("invalid ") {
        return message[at..].to_string();
    }
    // Our own messages (dates) come after serde_yaml's `path: ` prefix: the path we know,
    // taken off as a whole, never looked for in the text.
    message
        .strip_prefix(path)
        .and_then(|rest| rest.strip_prefix(": "))
        .filter(|_| !path.is_empty())
        .unwrap_or(message)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_type_names_never_reach_the_user() {
        assert_eq!(
            in_words("invalid type: sequence, expected struct Sources"),
            "invalid type: sequence, expected a mapping (key: value lines)"
        );
        assert_eq!(
            in_words("unknown variant `A4`, expected `a4` or `us-letter`"),
            "unknown value `A4`, expected `a4` or `us-letter`"
        );
        assert_eq!(
            in_words("invalid type: string \"x\", expected u16"),
            "invalid type: string \"x\", expected a whole number from 0 to 65535"
        );
        assert_eq!(
            in_words("invalid value: integer `18446744073709551616` as u128"),
            "invalid value: integer `18446744073709551616`, expected a whole number"
        );
        assert!(in_words(
            "deserializing from YAML containing more than one document is not supported"
        )
        .contains("one YAML document"));
    }

    #[test]
    fn text_fields_lists_every_string_with_its_path() {
        let value: serde_yaml::Value =
            serde_yaml::from_str("a: x\nb: [y, {c: z}]\nd: 3\n").unwrap();
        let fields = text_fields(&value);
        let expect = [("a", "x"), ("b[0]", "y"), ("b[1].c", "z")];
        assert_eq!(fields, expect.map(|(p, t)| (p.to_string(), t.to_string())));
    }
}

/// Where `text` first nests flow brackets (`[`, `{`) deeper than [`MAX_DEPTH`], if it does:
/// a scan in one pass, before a parser whose cost grows with the depth it is given (libyaml's
/// is quadratic in it) ever sees the text. Quoted strings and comments are skipped.
pub fn too_deep_flow(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut comment = false;
    let mut previous = ' ';
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (_, '\n') => {
                comment = false;
            }
            _ if comment => {}
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') if depth > 0 || previous.is_whitespace() || previous == ':' => {
                quote = Some(c)
            }
            (None, '#') if previous.is_whitespace() => comment = true,
            (None, '[' | '{') => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(at);
                }
            }
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = c;
    }
    None
}

#[cfg(test)]
mod depth_tests {
    use super::too_deep_flow;

    #[test]
    fn flow_nesting_is_measured_outside_strings_and_comments() {
        let deep = format!("cv: {}", "[".repeat(40));
        assert_eq!(too_deep_flow(&deep), Some(4 + 32));
        let quoted = format!(
            "title: \"{}\"\nnote: '{}' # {}\n",
            "[".repeat(40),
            "{".repeat(40),
            "[".repeat(40)
        );
        assert_eq!(too_deep_flow(&quoted), None);
        assert_eq!(too_deep_flow("title: Ada's [draft] and {more}\n"), None);
    }
}
