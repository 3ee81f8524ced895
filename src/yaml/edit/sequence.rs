//! Where a list of the document is and how it is written: a block sequence item by item, an
//! empty or missing one, or one written inline (flow style) whose lines are found whole.

use std::ops::Range;

use super::{line_end, line_start, trim_trailing_trivia};
use crate::yaml::spans::SpanIndex;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
