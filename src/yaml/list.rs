//! Editing a top-level list of small mappings as text — a Hugo page's `social` links, a Hugo
//! Blox data file's `links` — however the list is written: missing, `key:`, `key: ~`,
//! `key: []`, a flow list with items, or a block list; and an item's value however it is
//! written (plain, quoted, a block scalar). Every edit is checked by reading the document
//! before and after: the result must hold exactly the intended change, or the file is
//! refused with a message and left as it was.

use crate::diag::Problem;
use serde_yaml::{Mapping, Value};

use super::edit::{self, Edit, SequenceAt};
use super::spans::{RootKind, SpanIndex};

/// Makes sure the list `list` of the YAML mapping `text` has an item that `matches` (given
/// the item as read) whose `key` reads `value`: the first such item holding `key` has its value
/// replaced in place (nothing changes when it already reads so), or a mapping of `fields` is
/// appended. The document is read once, as YAML and for positions.
pub fn ensure_item(
    text: &str,
    list: &str,
    matches: impl Fn(&Value) -> bool,
    key: &str,
    value: &str,
    fields: &[(&str, &str)],
) -> Result<String, Problem> {
    let before: Value = serde_yaml::from_str(text).map_err(|e| edit::syntax_problem(text, &e))?;
    let index = SpanIndex::build(text).map_err(|e| {
        Problem::error(format!("YAML syntax error: {}", e.message)).with_span(e.span)
    })?;
    let found = before
        .get(list)
        .and_then(Value::as_sequence)
        .and_then(|items| {
            items
                .iter()
                .position(|item| matches(item) && item.get(key).is_some())
                .map(|i| (i, items[i][key].as_str() == Some(value)))
        });
    match found {
        Some((_, true)) => Ok(text.to_string()),
        Some((item, false)) => set_item_scalar(text, before, &index, list, item, key, value),
        None => append_item(text, before, &index, list, fields),
    }
}

/// Makes the string at `list[item].key` read `value`, the rest of the text as it was.
fn set_item_scalar(
    text: &str,
    before: Value,
    index: &SpanIndex,
    list: &str,
    item: usize,
    key: &str,
    value: &str,
) -> Result<String, Problem> {
    let path = format!("{list}[{item}].{key}");
    let refused = || {
        edit::placed(
            Problem::error(format!(
                "`{path}` is written in a way cvpdf cannot edit safely; set it by hand"
            )),
            index,
            &path,
        )
    };
    if value.chars().any(char::is_control) {
        return Err(edit::placed(
            Problem::error(format!(
                "`{path}` takes one line of text, without control characters"
            )),
            index,
            &path,
        ));
    }
    let node = index.get(&path).ok_or_else(refused)?;
    if node.kind != RootKind::Scalar || index.is_repeated(&path) {
        return Err(refused());
    }
    let edited = edit::apply(
        text,
        vec![edit::replacing(text, node, &edit::scalar(value))],
    );
    let mut expected = before;
    let slot = expected
        .get_mut(list)
        .and_then(|l| l.get_mut(item))
        .and_then(|i| i.get_mut(key))
        .ok_or_else(refused)?;
    *slot = Value::String(value.to_string());
    verified(edited, &expected).ok_or_else(refused)
}

/// Appends a mapping of `fields` (names and string values, in order) to the list `list`,
/// which is made if it is missing or empty. A flow list with items (`[{…}, …]`) is refused:
/// rewritten one item per line, it would lose its comments and quoting.
fn append_item(
    text: &str,
    before: Value,
    index: &SpanIndex,
    list: &str,
    fields: &[(&str, &str)],
) -> Result<String, Problem> {
    let placed = |problem| edit::placed(problem, index, list);
    let refused = || {
        placed(Problem::error(format!(
            "`{list}` is written in a way cvpdf cannot edit safely; add the entry by hand"
        )))
    };
    if !matches!(before, Value::Null | Value::Mapping(_)) {
        return Err(edit::placed(
            Problem::error(format!(
                "the file is not a mapping of keys, so `{list}` cannot be added to it"
            )),
            index,
            "",
        ));
    }
    if index.is_repeated(list) {
        return Err(placed(Problem::error(format!(
            "`{list}` is given more than once, and YAML readers disagree about which counts; \
             keep one, then run again"
        ))));
    }
    let new: Mapping = fields
        .iter()
        .map(|(k, v)| (Value::from(*k), Value::from(*v)))
        .collect();
    let items: Vec<Value> = match before.get(list) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Sequence(items)) => items.clone(),
        Some(_) => {
            return Err(placed(Problem::error(format!(
                "`{list}` is not a list; add the CV link by hand"
            ))))
        }
    };
    let edited = match edit::sequence_at(text, index, list) {
        SequenceAt::Block(seq) => edit::apply(
            text,
            vec![Edit {
                range: seq.append_at..seq.append_at,
                text: item_lines(fields, &seq.indent),
            }],
        ),
        SequenceAt::Missing => {
            edit::appendable(text, &format!("`{list}`"))?;
            let sep = if text.is_empty() || text.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            format!("{text}{sep}{list}:\n{}", item_lines(fields, "  "))
        }
        // A flow list with items (or an alias of one) would have to be written anew, and its
        // comments and quoting would not survive.
        SequenceAt::Other if !items.is_empty() => {
            return Err(placed(Problem::error(format!(
                "`{list}` is written on one line ([…]) or as an alias; write it one entry per \
                 line (`- icon: …`) or add the entry by hand"
            ))))
        }
        // Empty or null: the key's lines become a block list.
        SequenceAt::Empty | SequenceAt::Other => {
            let value = edit::inline_value_lines(text, index, list).ok_or_else(refused)?;
            let range = value.lines.clone();
            let mut block = value.head(list, "  ");
            for old in &items {
                block.push_str(&edit::sequence_item(old, "  ")?);
            }
            block.push_str(&item_lines(fields, "  "));
            // The range ends before the line break, which stays.
            edit::apply(
                text,
                vec![Edit {
                    range,
                    text: block.strip_suffix('\n').unwrap_or(&block).to_string(),
                }],
            )
        }
    };
    let mut expected = match before {
        Value::Null => Value::Mapping(Mapping::new()),
        other => other,
    };
    let mut items = items;
    items.push(Value::Mapping(new));
    if let Some(map) = expected.as_mapping_mut() {
        map.insert(Value::from(list), Value::Sequence(items));
    }
    verified(edited, &expected).ok_or_else(refused)
}

/// One item of a block list, `- name: value` and the other fields below it.
fn item_lines(fields: &[(&str, &str)], indent: &str) -> String {
    let mut out = String::new();
    for (k, (name, value)) in fields.iter().enumerate() {
        out.push_str(indent);
        out.push_str(if k == 0 { "- " } else { "  " });
        out.push_str(&format!("{name}: {}\n", edit::scalar(value)));
    }
    out
}

/// `edited`, if it reads as `expected`.
fn verified(edited: String, expected: &Value) -> Option<String> {
    let after: Value = serde_yaml::from_str(&edited).ok()?;
    let after = match after {
        Value::Null => Value::Mapping(Mapping::new()),
        other => other,
    };
    (after == *expected).then_some(edited)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CV: &[(&str, &str)] = &[("icon", "cv"), ("link", "uploads/a.pdf")];

    /// Appends the CV entry (no item matches).
    fn append_item(text: &str, list: &str, fields: &[(&str, &str)]) -> Result<String, Problem> {
        ensure_item(text, list, |_| false, "link", "uploads/a.pdf", fields)
    }

    /// Sets `key` of the item with icon `cv`.
    fn set_item_scalar(
        text: &str,
        list: &str,
        _item: usize,
        key: &str,
        value: &str,
    ) -> Result<String, Problem> {
        ensure_item(text, list, |item| item["icon"] == "cv", key, value, CV)
    }

    #[test]
    fn an_empty_or_missing_list_gets_its_first_item() {
        // Issue 25, bug 1: `social: []` and a bare `social:` were written as invalid YAML.
        for (page, want) in [
            (
                "title: A\nsocial: []\nemail: a@b.c\n",
                "title: A\nsocial:\n  - icon: cv\n    link: uploads/a.pdf\nemail: a@b.c\n",
            ),
            (
                "title: A\nsocial:\nemail: a@b.c\n",
                "title: A\nsocial:\n  - icon: cv\n    link: uploads/a.pdf\nemail: a@b.c\n",
            ),
            (
                "title: A\nsocial: ~  # none yet\n",
                "title: A\nsocial:  # none yet\n  - icon: cv\n    link: uploads/a.pdf\n",
            ),
            (
                "title: A\nsocial: null\n",
                "title: A\nsocial:\n  - icon: cv\n    link: uploads/a.pdf\n",
            ),
            (
                "title: A\nsocial: [ ]   # later\n",
                "title: A\nsocial:  # later\n  - icon: cv\n    link: uploads/a.pdf\n",
            ),
            (
                "title: A",
                "title: A\nsocial:\n  - icon: cv\n    link: uploads/a.pdf\n",
            ),
            ("", "social:\n  - icon: cv\n    link: uploads/a.pdf\n"),
        ] {
            assert_eq!(append_item(page, "social", CV).unwrap(), want, "{page:?}");
        }
    }

    #[test]
    fn a_flow_list_with_items_or_an_alias_is_refused() {
        for page in [
            "social: [{icon: github, link: 'https://github.com/a'}]\nx: 1\n",
            "social: [  # mine\n  {icon: \"yes\", link: a},\n]\n",
            "links: &l [{icon: a}]\nsocial: *l\n",
        ] {
            let err = append_item(page, "social", CV).unwrap_err();
            assert!(
                err.message.contains("one entry per line"),
                "{page:?}: {err}"
            );
            // The problem points at the list, for the caret under the page's line.
            assert_eq!(err.field.as_deref(), Some("social"), "{page:?}");
            assert!(err.span.is_some(), "{page:?}");
        }
    }

    #[test]
    fn a_block_scalar_value_is_replaced_without_eating_the_next_key() {
        // Issue 25, bug 2: the next key was glued onto the new value.
        for page in [
            "social:\n  - icon: cv\n    link: |\n      uploads/old.pdf\norganizations: [x]\n",
            "social:\n  - icon: cv\n    link: >-\n      uploads/old.pdf\n    icon_pack: ai\norganizations: [x]\n",
            "social:\n  - icon: cv\n    link: \"uploads/old.pdf\"  # the CV\norganizations: [x]\n",
            "social: [{icon: cv, link: 'uploads/old.pdf'}]\norganizations: [x]\n",
        ] {
            let new = set_item_scalar(page, "social", 0, "link", "uploads/a.pdf").unwrap();
            let read: Value = serde_yaml::from_str(&new).unwrap();
            assert_eq!(read["social"][0]["link"], "uploads/a.pdf", "{new}");
            assert_eq!(read["organizations"][0], "x", "{new}");
        }
    }

    #[test]
    fn what_cannot_be_edited_safely_is_refused() {
        for page in [
            "social: a string\n",
            "social: {a: b}\n",
            "- a\n",
            "social: []\nsocial: []\n",
        ] {
            assert!(append_item(page, "social", CV).is_err(), "{page:?}");
        }
        assert!(append_item("x: 1\n...\n", "social", CV).is_err());
    }
}
