//! Editing YAML files as text, so that everything but the edited part — comments, key order,
//! quoting, blank lines — stays exactly as the author wrote it. Positions come from the
//! [`SpanIndex`]; new values are written as YAML text by serde_yaml.

use std::ops::Range;

use serde::Serialize;

use super::spans::{NodeSpan, RootKind, SpanIndex};

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

/// A block sequence of the document, item by item.
#[derive(Debug, Clone)]
pub struct BlockSequence {
    /// Each item's text range, from the start of its `- ` line to the start of the next
    /// item (the last one ends after its last line that is not blank or a comment).
    pub items: Vec<Range<usize>>,
    /// The spaces before each item's `-`.
    pub indent: String,
    /// Where a new item goes: after the last one.
    pub append_at: usize,
}

/// What a key of the document holds, for editing.
#[derive(Debug)]
pub enum SequenceAt {
    /// The key is absent.
    Missing,
    /// An empty flow sequence (`key: []`) or an empty value (`key:`, `key: ~`).
    Empty,
    /// A block sequence.
    Block(BlockSequence),
    /// A flow sequence with items, or something else: cannot be edited as lines.
    Other,
}

/// Finds the sequence at `path` (a top-level key such as `publications`, or `social`).
pub fn sequence_at(text: &str, index: &SpanIndex, path: &str) -> SequenceAt {
    let Some(node) = index.get(path) else {
        return SequenceAt::Missing;
    };
    let first = index.get(&format!("{path}[0]"));
    let starts_flow = text[node.value.start..].starts_with('[');
    match first {
        None if starts_flow || node.value.is_empty() || text[node.value.clone()].trim() == "~" => {
            SequenceAt::Empty
        }
        None => {
            // `key:` with nothing after it has a null value at the position of the next token.
            let key_end = node.key.as_ref().map_or(node.value.start, |k| k.end);
            let after_colon = text[key_end..]
                .find(':')
                .map_or(key_end, |i| key_end + i + 1);
            let line_end = text[after_colon..]
                .find('\n')
                .map_or(text.len(), |i| after_colon + i);
            if text[after_colon..line_end].trim().is_empty() {
                SequenceAt::Empty
            } else {
                SequenceAt::Other
            }
        }
        Some(_) if starts_flow => SequenceAt::Other,
        Some(first) => {
            let mut starts = Vec::new();
            let mut i = 0;
            while let Some(item) = index.get(&format!("{path}[{i}]")) {
                starts.push(line_start(text, item.value.start));
                i += 1;
            }
            let last_end = trim_trailing_trivia(text, *starts.last().unwrap_or(&0), node.end);
            let mut items = Vec::new();
            for (k, start) in starts.iter().enumerate() {
                let end = starts.get(k + 1).copied().unwrap_or(last_end);
                items.push(*start..end);
            }
            let first_line = &text[line_start(text, first.value.start)..];
            let indent: String = first_line.chars().take_while(|c| *c == ' ').collect();
            SequenceAt::Block(BlockSequence {
                items,
                indent,
                append_at: last_end,
            })
        }
    }
}

/// A top-level key written with an empty, null or flow value (`key:`, `key: ~`, `key: []`,
/// `key: [{…}, …]`), as the lines it takes: from the start of the key's line to the end of
/// the line where the value ends, and the comment after the value (with its `#`), if any.
/// `None` when the key is not at the start of a line or its flow value does not close.
pub fn inline_value_lines(
    text: &str,
    index: &SpanIndex,
    key: &str,
) -> Option<(Range<usize>, Option<String>)> {
    let node = index.get(key)?;
    let key_span = node.key.clone()?;
    let start = line_start(text, key_span.start);
    if start != key_span.start {
        return None;
    }
    let colon = key_span.end + text[key_span.end..].find(':')?;
    let after = colon + 1;
    let value_start =
        after + (text[after..].len() - text[after..].trim_start_matches([' ', '\t']).len());
    let value_end = match text.as_bytes().get(value_start) {
        Some(b'[') | Some(b'{') => value_start + flow_length(&text[value_start..])?,
        _ => {
            // A scalar (`~`, `null`) or nothing, up to a comment or the line's end.
            let line_end = line_end(text, value_start);
            let line = &text[value_start..line_end];
            let comment = line
                .find(" #")
                .map_or(if line.starts_with('#') { 0 } else { line.len() }, |i| i);
            value_start + comment
        }
    };
    let line_end = line_end(text, value_end);
    let rest = text[value_end..line_end].trim();
    let comment = rest.starts_with('#').then(|| rest.to_string());
    Some((start..line_end, comment))
}

/// Where the line holding byte `at` ends, before its line break (`\n` or `\r\n`).
fn line_end(text: &str, at: usize) -> usize {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if end > at && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// The length of the flow collection at the start of `text` (to its closing bracket), minding
/// quoted strings and comments; `None` when it does not close.
fn flow_length(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    let mut previous = ' ';
    while let Some((i, c)) = chars.next() {
        match c {
            '[' | '{' => depth += 1,
            ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            '\'' => {
                // '' is an escaped quote inside a single-quoted string.
                while let Some((_, q)) = chars.next() {
                    if q == '\'' {
                        if chars.peek().is_some_and(|&(_, n)| n == '\'') {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                }
            }
            '"' => {
                while let Some((_, q)) = chars.next() {
                    match q {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '#' if previous.is_whitespace() => {
                while chars.peek().is_some_and(|&(_, n)| n != '\n') {
                    chars.next();
                }
            }
            _ => {}
        }
        previous = c;
    }
    None
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
fn trim_trailing_trivia(text: &str, floor: usize, end: usize) -> usize {
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
pub fn sequence_item<T: Serialize>(value: &T, indent: &str) -> Result<String, String> {
    let yaml = serde_yaml::to_string(value).map_err(|e| e.to_string())?;
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

/// Makes the key at `path` (a top-level key, or a key of a top-level block mapping:
/// `["links", "cv"]`) of the YAML mapping `text` hold the string `value`: a value that is there
/// is replaced in place, a missing key is added at the end of its mapping with the mapping's
/// indentation, a missing mapping at the end of the document. Every other line stays as it
/// is; a value that already reads as `value` leaves the text unchanged.
pub fn set_scalar(text: &str, path: &[&str], value: &str) -> Result<String, String> {
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
) -> Result<String, String> {
    use serde_yaml::Value;
    let refused = || {
        format!(
            "the file is written in a way cvpdf cannot edit safely; set `{}` by hand",
            path.join(".")
        )
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
fn edit_scalar(text: &str, path: &[&str], value: &str) -> Result<String, String> {
    let index = SpanIndex::build(text).map_err(|e| format!("YAML syntax error: {}", e.message))?;
    let full = path.join(".");
    if value.chars().any(char::is_control) {
        return Err(format!(
            "`{full}` takes one line of text, without control characters"
        ));
    }
    let written = scalar(value);
    // A collection as a key (`? a: b`) is indexed under `?`: the text around it cannot be
    // told apart safely.
    if index
        .nodes()
        .iter()
        .any(|(p, _)| p.split(['.', '[']).any(|k| k == "?"))
    {
        return Err(format!(
            "the file uses a collection as a key (`? …`); set `{full}` by hand"
        ));
    }
    if index.is_repeated(&full) {
        return Err(format!(
            "`{full}` is given more than once, and YAML readers disagree about which counts \
             (Jekyll takes the last, Hugo refuses the file); keep one, then run again"
        ));
    }
    if let Some(node) = index.get(&full) {
        if node.kind != RootKind::Scalar {
            return Err(format!("`{full}` is not a single value; set it by hand"));
        }
        return Ok(apply(text, vec![replacing(text, node, &written)]));
    }
    if !matches!(index.root(), RootKind::Empty | RootKind::Mapping) {
        return Err(format!(
            "the file is not a mapping of keys, so `{full}` cannot be added to it"
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
        return Err(format!(
            "the file ends in a block of text without a line break; add `{full}: {written}` \
             by hand"
        ));
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
                    return Err(format!(
                        "`{parent}` is written on one line ({{…}}); add `{key}: {written}` to it by hand"
                    ));
                }
                let first = index
                    .nodes()
                    .into_iter()
                    .filter(|(p, _)| super::spans::parent(p) == *parent)
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
                let Some((lines, comment)) = inline_value_lines(text, &index, parent) else {
                    return Err(format!("`{parent}` is not a mapping; set `{key}` by hand"));
                };
                let value = &text[index.get(parent).map_or(0..0, |n| n.value.clone())];
                let empty = matches!(value.trim(), "" | "~" | "null" | "{}");
                if !empty {
                    return Err(format!("`{parent}` is not a mapping; set `{key}` by hand"));
                }
                let comment = comment.map_or_else(String::new, |c| format!(" {c}"));
                Ok(apply(
                    text,
                    vec![Edit {
                        range: lines,
                        text: format!("{parent}:{comment}\n  {key}: {written}"),
                    }],
                ))
            }
        },
        _ => Err("only two levels of keys can be set".into()),
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

/// Whether a key can be added at the end of `text`: only to a document in block style that
/// does not end with `...`, since anything else would stop being YAML. `what` names what
/// would be added, for the message.
pub fn appendable(text: &str, what: &str) -> Result<(), String> {
    let body = text.trim();
    if body.starts_with('{') || body.starts_with('[') {
        return Err(format!(
            "the file is written on one line ({{…}}); add {what} to it by hand"
        ));
    }
    if text.lines().any(|line| line.trim_end() == "...") {
        return Err(format!(
            "the file ends its document with `...`; add {what} before it by hand"
        ));
    }
    Ok(())
}

/// Where a block scalar's header (`>`, `|-`, `>+2`) starts, when the value at `start` is the
/// content of one: the header is replaced with it.
fn block_header(text: &str, start: usize) -> Option<usize> {
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
            let err = set_scalar(text, path, "new.pdf").unwrap_err();
            assert!(err.contains("is given more than once"), "{err}");
        }
        // One key, once: edited.
        assert_eq!(
            set_scalar("cv_pdf: a.pdf\n", &["cv_pdf"], "b.pdf").unwrap(),
            "cv_pdf: b.pdf\n"
        );
    }

    #[test]
    fn a_document_that_cannot_take_a_key_at_its_end_is_refused() {
        // Issue 24, bug 4: the file stopped being YAML.
        for text in ["{layout: cv, title: t}\n", "layout: cv\n...\n"] {
            let err = set_scalar(text, &["cv_pdf"], "a.pdf").unwrap_err();
            assert!(err.contains("by hand"), "{text:?}: {err}");
        }
    }

    const DOC: &str = "name: A  # the name\n# Papers, newest first\npublications:\n  - title: One\n    year: 2020\n  # keep this\n  - {title: Two, year: 2021}\n\n# trailing comment\nskills: []\n";

    #[test]
    fn finds_items_and_where_to_append() {
        let index = SpanIndex::build(DOC).unwrap();
        let SequenceAt::Block(seq) = sequence_at(DOC, &index, "publications") else {
            panic!()
        };
        assert_eq!(seq.indent, "  ");
        assert_eq!(
            &DOC[seq.items[0].clone()],
            "  - title: One\n    year: 2020\n  # keep this\n"
        );
        assert_eq!(&DOC[seq.items[1].clone()], "  - {title: Two, year: 2021}\n");
        assert!(DOC[seq.append_at..].starts_with("\n# trailing comment"));
        assert!(matches!(
            sequence_at(DOC, &index, "skills"),
            SequenceAt::Empty
        ));
        assert!(matches!(
            sequence_at(DOC, &index, "talks"),
            SequenceAt::Missing
        ));
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
    fn inline_values_are_found_whole() {
        let doc = "name: A\npublications: [ {title: \"a ] b\", x: 'it''s'},  # first\n  {title: c} ]  # end\nskills:\ntalks: ~ # none\n";
        let index = SpanIndex::build(doc).unwrap();
        let (range, comment) = inline_value_lines(doc, &index, "publications").unwrap();
        assert!(doc[range.clone()].starts_with("publications: ["));
        assert!(doc[range.end..].starts_with("\nskills:"));
        assert_eq!(comment.as_deref(), Some("# end"));
        let (range, comment) = inline_value_lines(doc, &index, "skills").unwrap();
        assert_eq!(&doc[range], "skills:");
        assert_eq!(comment, None);
        let (range, comment) = inline_value_lines(doc, &index, "talks").unwrap();
        assert_eq!(&doc[range], "talks: ~ # none");
        assert_eq!(comment.as_deref(), Some("# none"));
        let crlf = "name: A\r\npublications: []\r\nskills: []\r\n";
        let index = SpanIndex::build(crlf).unwrap();
        let (range, _) = inline_value_lines(crlf, &index, "publications").unwrap();
        assert_eq!(&crlf[range], "publications: []");
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
