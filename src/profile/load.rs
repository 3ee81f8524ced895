//! Reading a profile file into the typed model, turning every failure into a [`Problem`] with
//! the file, line, column, field path and a suggestion.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::model::Profile;
use super::spans::{RootKind, SpanIndex};
use super::validate;
use crate::diag::{did_you_mean, Problem, Report};

/// A profile that was read, parsed and validated.
#[derive(Debug, Clone)]
pub struct LoadedProfile {
    /// The validated data.
    pub profile: Profile,
    /// The file it came from, as given.
    pub path: PathBuf,
    /// The directory that relative paths in the profile (the photo) are resolved against.
    pub dir: PathBuf,
    /// The file's text.
    pub text: Arc<str>,
}

/// Reads and validates the profile at `path`.
///
/// On failure, the report holds the problems found (a broken file stops at its first error;
/// a well-formed one lists every failed check).
pub fn load(path: &Path) -> Result<LoadedProfile, Report> {
    let fail = |text: Option<Arc<str>>, problems| Err(Report::new(path, text, problems));
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            return fail(
                None,
                vec![Problem::error(format!("cannot read the profile: {err}"))],
            )
        }
    };
    let text: Arc<str> = match decode(&bytes) {
        Ok(text) => text.into(),
        Err(problem) => return fail(None, vec![problem]),
    };
    let dir = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let dir = if dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        dir
    };
    match parse(&text, &dir) {
        Ok(profile) => Ok(LoadedProfile {
            profile,
            path: path.to_path_buf(),
            dir,
            text,
        }),
        Err(problems) => fail(Some(text), problems),
    }
}

/// Parses and validates profile text; `dir` is where the profile's relative paths start.
pub fn parse(text: &str, dir: &Path) -> Result<Profile, Vec<Problem>> {
    let index = SpanIndex::build(text).map_err(|e| {
        vec![Problem::error(format!("YAML syntax error: {}", e.message)).with_span(e.span)]
    })?;
    match index.root() {
        RootKind::Mapping => {}
        RootKind::Empty => {
            return Err(vec![Problem::error("the profile is empty")
                .with_span(0..0)
                .with_help("a profile needs at least `name: Your Name`")]);
        }
        kind => {
            let found = if kind == RootKind::Sequence {
                "a list"
            } else {
                "a single value"
            };
            let span = index.get("").map_or(0..0, |n| n.value.clone());
            return Err(vec![Problem::error(format!(
                "a profile must be a mapping of keys (`name: …`, `education: …`), but this file holds {found}"
            ))
            .with_span(span)]);
        }
    }
    let deserializer = serde_yaml::Deserializer::from_str(text);
    let profile: Profile = serde_path_to_error::deserialize(deserializer)
        .map_err(|err| vec![serde_problem(&err, &index)])?;
    let problems = validate::validate(&profile, dir);
    if problems.is_empty() {
        Ok(profile)
    } else {
        Err(problems
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
            .collect())
    }
}

/// The byte range of the value at `field` (or its nearest ancestor) in a profile's text.
pub fn field_span(text: &str, field: &str) -> Option<std::ops::Range<usize>> {
    let index = SpanIndex::build(text).ok()?;
    index.nearest(field).map(|n| n.value.clone())
}

/// Every text of the profile with its field path (`publications[2].title`), for checks that
/// look at all of them, such as whether the fonts can draw every character.
pub fn text_fields(profile: &Profile) -> Vec<(String, String)> {
    fn walk(value: &serde_yaml::Value, path: &str, out: &mut Vec<(String, String)>) {
        match value {
            serde_yaml::Value::String(s) => out.push((path.to_string(), s.clone())),
            serde_yaml::Value::Sequence(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, &format!("{path}[{i}]"), out);
                }
            }
            serde_yaml::Value::Mapping(map) => {
                for (key, item) in map {
                    let key = key.as_str().unwrap_or_default();
                    let child = if path.is_empty() {
                        key.to_string()
                    } else {
                        format!("{path}.{key}")
                    };
                    walk(item, &child, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(value) = serde_yaml::to_value(profile) {
        walk(&value, "", &mut out);
    }
    out
}

/// Decodes UTF-8 (dropping a byte-order mark), or says where the first bad byte is.
fn decode(bytes: &[u8]) -> Result<String, Problem> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8(bytes.to_vec()).map_err(|err| {
        let valid = &bytes[..err.utf8_error().valid_up_to()];
        // The prefix is valid UTF-8 by construction; count lines and characters in it.
        let prefix = String::from_utf8_lossy(valid);
        let line = prefix.matches('\n').count() + 1;
        let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let byte = bytes.get(valid.len()).copied().unwrap_or(0);
        let mut problem = Problem::error(format!(
            "the profile is not UTF-8 text (byte 0x{byte:02X} at line {line}, column {column})"
        ))
        .with_help("save the file as UTF-8");
        problem.position = Some((line as u32, column as u32));
        problem
    })
}

/// Turns a serde error into a problem pointing at the offending key or value.
fn serde_problem(
    err: &serde_path_to_error::Error<serde_yaml::Error>,
    index: &SpanIndex,
) -> Problem {
    let path = path_string(err.path());
    let inner = err.inner();
    let message = bare_message(&inner.to_string());
    let value_span = index.nearest(&path).map(|n| n.value.clone());
    let fallback = inner.location().map(|l| l.index()..l.index());
    let span = value_span.or(fallback);

    if let Some((field, expected)) = quoted_after(&message, "unknown field `") {
        // The path ends with the unknown key itself; point at the key.
        let key_span = index.get(&path).and_then(|n| n.key.clone());
        let parent = super::spans::parent(&path).to_string();
        let mut problem =
            Problem::error(format!("unknown field \"{field}\"")).at_field(if parent.is_empty() {
                path.clone()
            } else {
                parent
            });
        problem.span = key_span.or(span);
        return match did_you_mean(&field, expected.iter().map(String::as_str)) {
            Some(best) => {
                problem.message = format!("unknown field \"{field}\", did you mean \"{best}\"?");
                problem
            }
            None => problem.with_help(format!("the fields here are: {}", expected.join(", "))),
        };
    }
    if let Some((variant, expected)) = quoted_after(&message, "unknown variant `") {
        let mut problem = Problem::error(format!("unknown value \"{variant}\"")).at_field(&path);
        problem.span = span;
        if let Some(best) = did_you_mean(&variant, expected.iter().map(String::as_str)) {
            problem.message = format!("unknown value \"{variant}\", did you mean \"{best}\"?");
        }
        return problem.with_help(format!("expected one of: {}", expected.join(", ")));
    }
    if let Some((field, _)) = quoted_after(&message, "missing field `") {
        let where_ = if path.is_empty() {
            "the profile".to_string()
        } else {
            path.clone()
        };
        let mut problem = Problem::error(format!("missing required field \"{field}\" in {where_}"))
            .at_field(&path);
        problem.span = span;
        return problem.with_help(format!("add `{field}: …`"));
    }
    let mut problem = Problem::error(message.clone()).at_field(&path);
    problem.span = span;
    if message.starts_with("invalid type") && message.ends_with("expected a string") {
        problem = problem.with_help("put the value in quotes to make it text");
    } else if message.starts_with("invalid type") && message.ends_with("expected a sequence") {
        problem = problem.with_help("write a list: `[a, b]`, or one `- item` per line");
    }
    problem
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
/// problem carries both in structured form).
fn bare_message(message: &str) -> String {
    let mut message = message;
    if let Some(at) = message.rfind(" at line ") {
        let tail = &message[at + " at line ".len()..];
        let mut words = tail.split(' ');
        let numeric = |w: Option<&str>| w.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        if numeric(words.next()) && words.next() == Some("column") && numeric(words.next()) {
            message = &message[..at];
        }
    }
    for marker in [
        "unknown field `",
        "unknown variant `",
        "missing field `",
        "invalid ",
    ] {
        if let Some(at) = message.find(marker) {
            return message[at..].to_string();
        }
    }
    // Our own messages (dates) come after serde_yaml's `path: ` prefix.
    match message.split_once(": ") {
        Some((prefix, rest)) if !prefix.contains(' ') => rest.to_string(),
        _ => message.to_string(),
    }
}

/// For serde's `<intro>name`, expected one of `a`, `b`` messages: the name and the candidates.
fn quoted_after(message: &str, intro: &str) -> Option<(String, Vec<String>)> {
    let rest = message.strip_prefix(intro)?;
    let (name, rest) = rest.split_once('`')?;
    let expected = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some((name.to_string(), expected))
}

/// Checks that a value deserializes the way the loader does, for unit tests of other modules.
#[cfg(test)]
pub fn parse_str(text: &str) -> Result<Profile, Vec<Problem>> {
    parse(text, Path::new("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(text: &str) -> Problem {
        parse_str(text).unwrap_err().remove(0)
    }

    fn spanned<'a>(text: &'a str, p: &Problem) -> &'a str {
        &text[p.span.clone().unwrap()]
    }

    #[test]
    fn unknown_key_suggests_the_closest_field() {
        let text = "name: A\neducation:\n  - instituton: PKU\n    degree: PhD\n";
        let p = first_error(text);
        assert_eq!(
            p.message,
            "unknown field \"instituton\", did you mean \"institution\"?"
        );
        assert_eq!(p.field.as_deref(), Some("education[0]"));
        assert_eq!(spanned(text, &p), "instituton");
    }

    #[test]
    fn unknown_top_level_key_without_a_close_match_lists_the_fields() {
        let p = first_error("name: A\nsalary: 3\n");
        assert_eq!(p.message, "unknown field \"salary\"");
        assert!(p.help.as_deref().unwrap().contains("publications"), "{p:?}");
    }

    #[test]
    fn wrong_type_names_the_path_and_points_at_the_value() {
        let text = "name: A\npublications:\n  - title: T\n    authors: [A]\n    year: soon\n";
        let p = first_error(text);
        assert_eq!(p.field.as_deref(), Some("publications[0].year"));
        assert!(p.message.contains("invalid type"), "{p:?}");
        assert_eq!(spanned(text, &p), "soon");
    }

    #[test]
    fn missing_required_field_is_named() {
        let p = first_error("name: A\neducation:\n  - institution: PKU\n");
        assert_eq!(
            p.message,
            "missing required field \"degree\" in education[0]"
        );
    }

    #[test]
    fn invalid_dates_say_what_is_expected() {
        let text =
            "name: A\neducation:\n  - institution: PKU\n    degree: PhD\n    start: 2023-13\n";
        let p = first_error(text);
        assert_eq!(p.field.as_deref(), Some("education[0].start"));
        assert!(p.message.contains("month 13"), "{p:?}");
        assert_eq!(spanned(text, &p), "2023-13");
    }

    #[test]
    fn unknown_enum_value_suggests_a_variant() {
        let text =
            "name: A\npublications:\n  - {title: T, authors: [A], year: 2020, kind: jurnal}\n";
        let p = first_error(text);
        assert_eq!(
            p.message,
            "unknown value \"jurnal\", did you mean \"journal\"?"
        );
        assert_eq!(p.field.as_deref(), Some("publications[0].kind"));
    }

    #[test]
    fn empty_and_non_mapping_documents_are_refused_clearly() {
        assert_eq!(first_error("").message, "the profile is empty");
        assert_eq!(first_error("# nothing\n").message, "the profile is empty");
        assert!(first_error("- a\n- b\n").message.contains("holds a list"));
        assert!(first_error("hello\n")
            .message
            .contains("holds a single value"));
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let p = first_error("name: A\nbio: [unclosed\n");
        assert!(p.message.starts_with("YAML syntax error"), "{p:?}");
        assert!(p.span.is_some());
    }

    #[test]
    fn non_utf8_is_located() {
        let p = decode(b"name: A\nbio: \xFF\n").unwrap_err();
        assert_eq!(p.position, Some((2, 6)));
        assert!(p.message.contains("0xFF"));
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        assert_eq!(decode(b"\xEF\xBB\xBFname: A").unwrap(), "name: A");
    }
}
