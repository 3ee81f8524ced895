//! One scalar of the document set in place (`cv_pdf: new.pdf`), whatever form the old value
//! had, and the document read back: it must equal the old one with exactly that change.

use super::{
    appendable, apply, block_header, inline_value_lines, line_start, scalar, trim_trailing_trivia,
    Edit,
};
use crate::diag::Problem;
use crate::yaml::spans::{NodeSpan, RootKind, SpanIndex};

/// Makes the key at `path` (a top-level key, or a key of a top-level block mapping:
/// `["links", "cv"]`) of the YAML mapping `text` hold the string `value`: a value that is there
/// is replaced in place, a missing key is added at the end of its mapping with the mapping's
/// indentation, a missing mapping at the end of the document. Every other line stays as it
/// is; a value that already reads as `value` leaves the text unchanged.
pub fn set_scalar(text: &str, path: &[&str], value: &str) -> Result<String, Problem> {
    // Read once: whether the value is set already, and what the edit must keep.
    let before = serde_yaml::from_str::<serde_yaml::Value>(text).ok();
    if before.as_ref().and_then(|doc| value_at(doc, path)) == Some(value) {
        return Ok(text.to_string());
    }
    let edited = edit_scalar(text, path, value)?;
    match before {
        Some(before) => verified(before, edited, path, value),
        None => Ok(edited),
    }
}

/// The string at `path` of a document, if there is one.
fn value_at<'a>(doc: &'a serde_yaml::Value, path: &[&str]) -> Option<&'a str> {
    let mut at = doc;
    for key in path {
        at = at.get(*key)?;
    }
    at.as_str()
}

/// `edited` if it is YAML that holds `value` at `path` and, but for that, what `before` held:
/// the editor works on text, and a document it misreads (a tag, an odd layout) is refused
/// rather than written wrong.
fn verified(
    before: serde_yaml::Value,
    edited: String,
    path: &[&str],
    value: &str,
) -> Result<String, Problem> {
    use serde_yaml::Value;
    let refused = || {
        Problem::error(format!(
            "the file is written in a way cvpdf cannot edit safely; set `{}` by hand",
            path.join(".")
        ))
        .at_field(path.join("."))
    };
    let after = serde_yaml::from_str::<Value>(&edited).map_err(|_| refused())?;
    if value_at(&after, path) != Some(value) || without(before, path) != without(after, path) {
        return Err(refused());
    }
    Ok(edited)
}

/// `value` without the key at `path`, and without a parent mapping left empty or null (the
/// editor makes a missing or empty `links:` a mapping to hold the key).
fn without(mut value: serde_yaml::Value, path: &[&str]) -> serde_yaml::Value {
    use serde_yaml::Value;
    if value.is_null() {
        value = Value::Mapping(Default::default());
    }
    let Some(map) = value.as_mapping_mut() else {
        return value;
    };
    match path {
        [key] => {
            map.remove(*key);
        }
        [parent, key] => {
            let emptied = match map.get_mut(*parent) {
                Some(Value::Mapping(inner)) => {
                    inner.remove(*key);
                    inner.is_empty()
                }
                Some(Value::Null) => true,
                _ => false,
            };
            if emptied {
                map.remove(*parent);
            }
        }
        _ => {}
    }
    value
}

/// [`set_scalar`]'s edit, before it is verified.
fn edit_scalar(text: &str, path: &[&str], value: &str) -> Result<String, Problem> {
    let index = SpanIndex::build(text).map_err(|e| {
        Problem::error(format!("YAML syntax error: {}", e.message)).with_span(e.span)
    })?;
    let full = path.join(".");
    let placed = |problem| super::placed(problem, &index, &full);
    if value.chars().any(char::is_control) {
        return Err(placed(Problem::error(format!(
            "`{full}` takes one line of text, without control characters"
        ))));
    }
    let written = scalar(value);
    // A collection as a key (`? a: b`) is indexed under `?`: the text around it cannot be
    // told apart safely.
    if index
        .nodes()
        .iter()
        .any(|(p, _)| p.split(['.', '[']).any(|k| k == "?"))
    {
        return Err(Problem::error(format!(
            "the file uses a collection as a key (`? …`); set `{full}` by hand"
        )));
    }
    if index.is_repeated(&full) {
        return Err(placed(Problem::error(format!(
            "`{full}` is given more than once, and YAML readers disagree about which counts \
             (Jekyll takes the last, Hugo refuses the file); keep one, then run again"
        ))));
    }
    if let Some(node) = index.get(&full) {
        if node.kind != RootKind::Scalar {
            return Err(placed(Problem::error(format!(
                "`{full}` is not a single value; set it by hand"
            ))));
        }
        return Ok(apply(text, vec![replacing(text, node, &written)]));
    }
    if !matches!(index.root(), RootKind::Empty | RootKind::Mapping) {
        return Err(super::placed(
            Problem::error(format!(
                "the file is not a mapping of keys, so `{full}` cannot be added to it"
            )),
            &index,
            "",
        ));
    }
    appendable(text, &format!("`{full}: {written}`"))?;
    // A block scalar that ends the file without a line break would gain one (`|` keeps it).
    let unterminated_block = !text.is_empty()
        && !text.ends_with('\n')
        && index.nodes().into_iter().any(|(_, n)| {
            n.kind == RootKind::Scalar
                && n.value.end >= text.trim_end().len()
                && block_header(text, n.value.start).is_some()
        });
    if unterminated_block {
        return Err(Problem::error(format!(
            "the file ends in a block of text without a line break; add `{full}: {written}` \
             by hand"
        )));
    }
    let sep = if text.is_empty() || text.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    // The document's own keys may be indented (`  title: …`): a new one is indented alike.
    let top_indent: String = index
        .get("")
        .filter(|root| root.kind == RootKind::Mapping)
        .map(|root| root.value.start)
        .map(|first| {
            text[line_start(text, first)..]
                .chars()
                .take_while(|c| *c == ' ')
                .collect()
        })
        .unwrap_or_default();
    match path {
        [key] => Ok(format!("{text}{sep}{top_indent}{key}: {written}\n")),
        [parent, key] => match index.get(parent) {
            None => Ok(format!(
                "{text}{sep}{top_indent}{parent}:\n{top_indent}  {key}: {written}\n"
            )),
            Some(node) if node.kind == RootKind::Mapping => {
                if text[node.value.start..].starts_with('{') {
                    return Err(super::placed(
                        Problem::error(format!(
                            "`{parent}` is written on one line ({{…}}); add `{key}: {written}` to it by hand"
                        )),
                        &index,
                        parent,
                    ));
                }
                let first = index
                    .nodes()
                    .into_iter()
                    .filter(|(p, _)| crate::yaml::spans::parent(p) == *parent)
                    .filter_map(|(_, n)| n.key.clone())
                    .map(|k| k.start)
                    .min()
                    .unwrap_or(node.value.start);
                let indent: String = text[line_start(text, first)..]
                    .chars()
                    .take_while(|c| *c == ' ')
                    .collect();
                let at = trim_trailing_trivia(text, node.value.start, node.end);
                let (at, lead) = if at == text.len() && !text.ends_with('\n') {
                    (at, "\n")
                } else {
                    (at, "")
                };
                Ok(apply(
                    text,
                    vec![Edit {
                        range: at..at,
                        text: format!("{lead}{indent}{key}: {written}\n"),
                    }],
                ))
            }
            Some(_) => {
                let Some(lines) = inline_value_lines(text, &index, parent) else {
                    return Err(super::placed(
                        Problem::error(format!("`{parent}` is not a mapping; set `{key}` by hand")),
                        &index,
                        parent,
                    ));
                };
                let value = &text[index.get(parent).map_or(0..0, |n| n.value.clone())];
                let empty = matches!(value.trim(), "" | "~" | "null" | "{}");
                if !empty {
                    return Err(super::placed(
                        Problem::error(format!("`{parent}` is not a mapping; set `{key}` by hand")),
                        &index,
                        parent,
                    ));
                }
                Ok(apply(
                    text,
                    vec![Edit {
                        text: format!("{}  {key}: {written}", lines.head(parent, " ")),
                        range: lines.lines,
                    }],
                ))
            }
        },
        _ => Err(Problem::error("only two levels of keys can be set")),
    }
}

/// The edit that makes the scalar `node` read `written` (YAML text), whatever way it is
/// written: plain, quoted, empty (`key:`), or a block scalar whose header goes with it.
pub(crate) fn replacing(text: &str, node: &NodeSpan, written: &str) -> Edit {
    if node.value.is_empty() {
        match block_header(text, node.value.start) {
            // An empty block scalar (`key: |-` and no lines): its header goes.
            Some(header) => {
                // Up to the line the (empty) value is marked on, which is not its own.
                let end = line_start(text, node.value.start).max(header);
                let trailing = if text[header..end].ends_with('\n') {
                    "\n"
                } else {
                    ""
                };
                Edit {
                    range: header..end,
                    text: format!("{written}{trailing}"),
                }
            }
            // `key:` with nothing after it (but perhaps a comment): after the colon, which
            // an empty value may be marked before.
            None => {
                let colon = node
                    .key
                    .as_ref()
                    .and_then(|k| text[k.end..].find(':').map(|i| k.end + i + 1))
                    .unwrap_or(node.value.start);
                let at = node.value.start.max(colon);
                Edit {
                    range: at..at,
                    text: format!(" {written}"),
                }
            }
        }
    } else {
        // A block scalar (`key: >` and its lines) ends with its line break, which the
        // next key needs: it stays.
        let raw = &text[node.value.clone()];
        let trailing = &raw[raw.trim_end().len()..];
        Edit {
            range: block_header(text, node.value.start).unwrap_or(node.value.start)..node.value.end,
            text: format!("{written}{trailing}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_scalar_is_replaced_with_its_line_break_kept() {
        // Issue 24, bug 3: the next key was glued onto the new value and lost.
        for page in [
            "layout: cv\ncv_pdf: >\n  old.pdf\ntitle: cv\n",
            "layout: cv\ncv_pdf: |-\n  old.pdf\ntitle: cv\n",
        ] {
            let new = set_scalar(page, &["cv_pdf"], "new.pdf").unwrap();
            assert_eq!(new, "layout: cv\ncv_pdf: new.pdf\ntitle: cv\n", "{page:?}");
        }
        let nested = "links:\n  cv: >-\n    old.pdf\n  web: x\n";
        let new = set_scalar(nested, &["links", "cv"], "new.pdf").unwrap();
        assert_eq!(new, "links:\n  cv: new.pdf\n  web: x\n");
    }

    #[test]
    fn a_key_given_twice_is_not_edited() {
        for text in [
            "cv_pdf: a.pdf\ntitle: t\ncv_pdf: b.pdf\n",
            "links:\n  cv: a\nlinks:\n  web: b\n",
        ] {
            let path: &[&str] = if text.starts_with("links") {
                &["links", "cv"]
            } else {
                &["cv_pdf"]
            };
            let err = set_scalar(text, path, "new.pdf").unwrap_err().message;
            assert!(err.contains("is given more than once"), "{err}");
        }
        // One key, once: edited.
        assert_eq!(
            set_scalar("cv_pdf: a.pdf\n", &["cv_pdf"], "b.pdf").unwrap(),
            "cv_pdf: b.pdf\n"
        );
    }
}
