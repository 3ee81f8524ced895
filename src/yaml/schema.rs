//! Names checked against the types: which keys a mapping may have, which values an
//! enumeration takes, which fields are required. The knowledge comes from the JSON Schema that
//! schemars derives from the same serde types (the one `cvpdf schema` prints), so a misspelt
//! key or value is found, located and given a suggestion without reading serde's error text.

use serde_json::Value;

use super::spans::{self, RootKind, SpanIndex};
use crate::diag::{unknown, Problem};

/// The first problem with a name in the document, in document order: an unknown key, a value
/// an enumeration does not have, or a required field left out. `schema` is the JSON Schema of
/// the document's type.
pub(crate) fn first_name_problem(
    text: &str,
    index: &SpanIndex,
    schema: &Value,
    noun: &str,
) -> Option<Problem> {
    // Misspelt names first (serde meets a key before the end of its mapping), then fields left
    // out; each in document order.
    let mut found: Vec<(usize, Problem)> = Vec::new();
    let mut missing: Vec<(usize, Problem)> = Vec::new();
    for (path, node) in index.nodes() {
        // A key this mapping's type does not have.
        if let (Some(key_span), false) = (&node.key, path.is_empty()) {
            let parent = spans::parent(path);
            // The key as parsed (quotes and escapes resolved), the last step of its path.
            let key = path
                .strip_prefix(parent)
                .map_or(path, |k| k.trim_start_matches('.'));
            if let Some(object) = schema_at(schema, schema, parent).map(|s| resolve(schema, s)) {
                let closed = object.get("additionalProperties") == Some(&Value::Bool(false));
                let properties = object.get("properties").and_then(Value::as_object);
                if let (true, Some(properties)) = (closed, properties) {
                    if !properties.contains_key(key) {
                        let names: Vec<&str> = properties.keys().map(String::as_str).collect();
                        let field = if parent.is_empty() { path } else { parent };
                        let problem = unknown("field", key, names.iter().copied(), || {
                            format!("the fields here are: {}", names.join(", "))
                        })
                        .at_field(field)
                        .with_span(key_span.clone());
                        found.push((key_span.start, problem));
                        continue;
                    }
                }
            }
        }
        let Some(here) = schema_at(schema, schema, path) else {
            continue;
        };
        let here = resolve(schema, here);
        // A value an enumeration does not have.
        if let Some(values) = enum_values(schema, here) {
            let value = text[node.value.clone()].trim_matches(['"', '\'']);
            if !values.contains(&value) && !value.is_empty() {
                let problem = unknown("value", value, values.iter().copied(), String::new)
                    .with_help(format!("expected one of: {}", values.join(", ")))
                    .at_field(path)
                    .with_span(node.value.clone());
                found.push((node.value.start, problem));
            }
        }
        // A required field left out of a mapping.
        if let Some(required) = here.get("required").and_then(Value::as_array) {
            for field in required.iter().filter_map(Value::as_str) {
                let child = if path.is_empty() {
                    field.to_string()
                } else {
                    format!("{path}.{field}")
                };
                if index.get(&child).is_none() && node.kind == RootKind::Mapping {
                    let place = if path.is_empty() {
                        format!("the {noun}")
                    } else {
                        path.to_string()
                    };
                    let problem =
                        Problem::error(format!("missing required field \"{field}\" in {place}"))
                            .at_field(path)
                            .with_span(node.value.clone())
                            .with_help(format!("add `{field}: …`"));
                    missing.push((node.value.start, problem));
                }
            }
        }
    }
    found.sort_by_key(|(at, _)| *at);
    missing.sort_by_key(|(at, _)| *at);
    found
        .into_iter()
        .chain(missing)
        .next()
        .map(|(_, problem)| problem)
}

/// The schema of the value at `path` (`publications[2].kind`) below `at`.
fn schema_at<'a>(root: &'a Value, at: &'a Value, path: &str) -> Option<&'a Value> {
    let mut here = at;
    for segment in segments(path) {
        let object = resolve(root, here);
        here = match segment {
            Segment::Key(key) => object.get("properties")?.get(key)?,
            Segment::Index => object.get("items")?,
        };
    }
    Some(here)
}

/// Follows `$ref`s, and looks through `anyOf`/`oneOf` alternatives that only add `null`
/// (an `Option`).
fn resolve<'a>(root: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..16 {
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            let Some(name) = reference.strip_prefix("#/$defs/") else {
                return schema;
            };
            match root.get("$defs").and_then(|d| d.get(name)) {
                Some(target) => schema = target,
                None => return schema,
            }
            continue;
        }
        let alternatives = schema.get("anyOf").and_then(Value::as_array);
        let not_null: Vec<&Value> = alternatives
            .into_iter()
            .flatten()
            .filter(|s| s.get("type") != Some(&Value::String("null".into())))
            .collect();
        if let [only] = not_null[..] {
            schema = only;
            continue;
        }
        return schema;
    }
    schema
}

/// The values of an enumeration of strings (`enum`, or `oneOf` of `const`s), if `schema` is
/// one.
fn enum_values<'a>(root: &'a Value, schema: &'a Value) -> Option<Vec<&'a str>> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values.iter().map(Value::as_str).collect();
    }
    let alternatives = schema.get("oneOf").and_then(Value::as_array)?;
    alternatives
        .iter()
        .map(|s| resolve(root, s).get("const").and_then(Value::as_str))
        .collect()
}

/// One step of a field path.
enum Segment<'a> {
    /// `.key`
    Key(&'a str),
    /// `[n]`
    Index,
}

/// `publications[2].links.doi` → key, index, key, key.
fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, rest) = part.split_once('[').unwrap_or((part, ""));
        if !key.is_empty() {
            out.push(Segment::Key(key));
        }
        out.extend(
            rest.split('[')
                .filter(|r| !r.is_empty())
                .map(|_| Segment::Index),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Option<Problem> {
        let schema = serde_json::to_value(schemars::schema_for!(crate::profile::Profile)).unwrap();
        let index = SpanIndex::build(text).unwrap();
        first_name_problem(text, &index, &schema, "profile")
    }

    #[test]
    fn unknown_keys_values_and_missing_fields_come_from_the_types() {
        let p = problem("name: A\neducation:\n  - instituton: PKU\n    degree: PhD\n").unwrap();
        assert_eq!(
            p.message,
            "unknown field \"instituton\", did you mean \"institution\"?"
        );
        assert_eq!(p.field.as_deref(), Some("education[0]"));
        let p = problem(
            "name: A\npublications:\n  - {title: T, authors: [A], year: 2020, kind: jurnal}\n",
        )
        .unwrap();
        assert_eq!(
            p.message,
            "unknown value \"jurnal\", did you mean \"journal\"?"
        );
        assert_eq!(p.field.as_deref(), Some("publications[0].kind"));
        let p = problem("name: A\neducation:\n  - institution: PKU\n").unwrap();
        assert_eq!(
            p.message,
            "missing required field \"degree\" in education[0]"
        );
        assert!(
            problem("name: A\ncontact: {email: a@b.c}\nlinks: [{kind: github, url: x}]\n")
                .is_none()
        );
        let p = problem("nam: A\n").unwrap();
        assert!(p.message.starts_with("unknown field \"nam\""), "{p:?}");
    }
}
