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
            let first_line = &text[line_start(text, first.value.start)..];
            let indent: String = first_line.chars().take_while(|c| *c == ' ').collect();
            let last_end = trim_trailing_trivia(text, *starts.last().unwrap_or(&0), node.end);
            let last_end = own_comments_end(text, last_end, indent.len());
            let mut items = Vec::new();
            for (k, start) in starts.iter().enumerate() {
                let end = starts.get(k + 1).copied().unwrap_or(last_end);
                items.push(*start..end);
            }
            SequenceAt::Block(BlockSequence {
                items,
                indent,
                append_at: last_end,
            })
        }
    }
}

/// Where the last item of a block sequence ends, given `end` after its last line of content:
/// after the comment lines that follow it indented deeper than its `-` (at `indent`), which
/// are the item's own (`    # doi: …` left in by `cvpdf new`), so that what is appended comes
/// after them rather than taking them over. A comment at the item's indent or less belongs to
/// what follows.
fn own_comments_end(text: &str, end: usize, indent: usize) -> usize {
    let mut at = end;
    let mut kept = end;
    for line in text[end..].split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        if body.trim().is_empty() {
            at += line.len();
            continue;
        }
        if !body.starts_with('#') || line.len() - body.len() <= indent {
            break;
        }
        at += line.len();
        kept = at;
    }
    kept
}

/// Whole comment lines of an item's text (`range`) after its first line, each with its line
/// break: what a rewritten item keeps of the lines it had.
pub fn comment_lines_in(text: &str, range: Range<usize>) -> String {
    text[range]
        .split_inclusive('\n')
        .skip(1)
        .filter(|l| l.trim_start().starts_with('#'))
        .map(|l| {
            if l.ends_with('\n') {
                l.to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

/// A top-level key written with an empty, null or flow value, as the lines it takes: see
/// [`inline_value_lines`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineValue {
    /// From the start of the key's line to the end of the line where the value ends (before
    /// its line break).
    pub lines: Range<usize>,
    /// The comment after the value (with its `#`), if any.
    pub comment: Option<String>,
    /// Whole comment lines between the key's line and a value written on a later line
    /// (`key:` then `  # …` then `  []`), each with its line break.
    pub between: String,
}

impl InlineValue {
    /// The key's line and the comment lines after it, as a rewrite of these lines starts:
    /// `key:`, `gap` and the comment, a line break, then [`InlineValue::between`].
    pub fn head(&self, key: &str, gap: &str) -> String {
        match &self.comment {
            Some(comment) => format!("{key}:{gap}{comment}\n{}", self.between),
            None => format!("{key}:\n{}", self.between),
        }
    }
}

/// A top-level key written with an empty, null or flow value (`key:`, `key: ~`, `key: []`,
/// `key: [{…}, …]`, also with the value on a line of its own below the key), as the lines it
/// takes, the comment after the value and the comment lines between the key and the value.
/// `None` when the key is not at the start of a line or its flow value does not close.
pub fn inline_value_lines(text: &str, index: &SpanIndex, key: &str) -> Option<InlineValue> {
    let node = index.get(key)?;
    let key_span = node.key.clone()?;
    let start = line_start(text, key_span.start);
    if start != key_span.start {
        return None;
    }
    let colon = key_span.end + text[key_span.end..].find(':')?;
    let after = colon + 1;
    let mut value_start =
        after + (text[after..].len() - text[after..].trim_start_matches([' ', '\t']).len());
    let mut between = String::new();
    let mut comment = None;
    // A flow value on a later line (`key:` then `  []`): the lines up to it are blank or
    // comments, which are kept.
    let later = node.value.start > value_start
        && matches!(text.as_bytes().get(node.value.start), Some(b'[' | b'{'))
        && text[value_start..line_start(text, node.value.start)]
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    if later {
        let mut lines = text[value_start..line_start(text, node.value.start)].lines();
        comment = lines
            .next()
            .map(str::trim)
            .filter(|l| l.starts_with('#'))
            .map(str::to_string);
        for line in lines.filter(|l| l.trim_start().starts_with('#')) {
            between.push_str(line);
            between.push('\n');
        }
        value_start = node.value.start;
    }
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
    if rest.starts_with('#') {
        match &mut comment {
            // Both the key's line and the value's had one: the value's becomes a line.
            Some(_) => between.push_str(&format!("  {rest}\n")),
            None => comment = Some(rest.to_string()),
        }
    }
    Some(InlineValue {
        lines: start..line_end,
        comment,
        between,
    })
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
        assert_eq!(
            comment_lines_in(DOC, seq.items[0].clone()),
            "  # keep this\n"
        );
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
        let found = |doc: &str, index: &SpanIndex, key: &str| {
            let value = inline_value_lines(doc, index, key).unwrap();
            (value.lines, value.comment)
        };
        let (range, comment) = found(doc, &index, "publications");
        assert!(doc[range.clone()].starts_with("publications: ["));
        assert!(doc[range.end..].starts_with("\nskills:"));
        assert_eq!(comment.as_deref(), Some("# end"));
        let (range, comment) = found(doc, &index, "skills");
        assert_eq!(&doc[range], "skills:");
        assert_eq!(comment, None);
        let (range, comment) = found(doc, &index, "talks");
        assert_eq!(&doc[range], "talks: ~ # none");
        assert_eq!(comment.as_deref(), Some("# none"));
        let crlf = "name: A\r\npublications: []\r\nskills: []\r\n";
        let index = SpanIndex::build(crlf).unwrap();
        let (range, _) = found(crlf, &index, "publications");
        assert_eq!(&crlf[range], "publications: []");
    }
}
