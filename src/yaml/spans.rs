//! Where each field of a YAML document sits, so that an error found after deserialization
//! (an end before its start, a missing photo) can still point at a line and column.
//!
//! serde_yaml gives typed values but no positions; saphyr's event parser gives positions but no
//! types. This index walks saphyr's events once and maps every field path
//! (`publications[3].year`) to the byte ranges of its key and its value.

use std::collections::HashMap;
use std::fmt::Write;
use std::ops::Range;

use saphyr_parser::{Event, Parser, Span};

/// The byte ranges of one node of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSpan {
    /// The key that introduced the node, for mapping values.
    pub key: Option<Range<usize>>,
    /// The node itself (for collections, its first token).
    pub value: Range<usize>,
    /// Where the node ends: after a scalar's last character, or where the token after a
    /// collection begins (which may be past trailing blank lines and comments).
    pub end: usize,
    /// A mapping, a sequence or a scalar.
    pub kind: RootKind,
}

/// The kind of a node (and of the document's top-level node).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootKind {
    /// No node at all: an empty document or one made of comments.
    Empty,
    /// A mapping, as a profile must be.
    Mapping,
    /// A sequence.
    Sequence,
    /// A single scalar.
    Scalar,
}

/// Field paths mapped to their positions in the source.
#[derive(Debug, Default)]
pub struct SpanIndex {
    nodes: HashMap<String, NodeSpan>,
    root: Option<RootKind>,
    /// The deepest nesting of collections, and where it was reached.
    depth: usize,
    deepest: Range<usize>,
    /// How many alias references (`*name`) the document has.
    aliases: usize,
    /// Paths whose key a mapping gives more than once (only the first is indexed).
    repeated: std::collections::HashSet<String>,
}

/// A YAML syntax error with its position.
#[derive(Debug, Clone)]
pub struct SyntaxError {
    /// What the parser says is wrong.
    pub message: String,
    /// Where.
    pub span: Range<usize>,
}

/// One open collection while walking the events.
enum Frame {
    Map {
        path: String,
        key: Option<(String, Range<usize>)>,
    },
    Seq {
        path: String,
        next: usize,
    },
}

impl SpanIndex {
    /// Indexes `text`, or reports the first YAML syntax error in it.
    pub fn build(text: &str) -> Result<Self, SyntaxError> {
        let offsets = LineOffsets::new(text);
        let mut index = SpanIndex::default();
        let mut stack: Vec<Frame> = Vec::new();
        let mut parser = Parser::new_from_str(text);
        while let Some(next) = parser.next_event() {
            let (event, span) = next.map_err(|e| {
                let at = offsets.byte(e.marker().line(), e.marker().col());
                SyntaxError {
                    message: e.info().to_string(),
                    span: at..at,
                }
            })?;
            let range = offsets.range(&span);
            match event {
                Event::Scalar(value, ..) => index.scalar(&mut stack, &value, range),
                Event::Alias(_) => {
                    index.aliases += 1;
                    index.scalar(&mut stack, "", range)
                }
                Event::MappingStart(..) => {
                    let path = index.record(&mut stack, range.clone(), RootKind::Mapping);
                    stack.push(Frame::Map { path, key: None });
                    index.deeper(stack.len(), range);
                    if stack.len() > super::MAX_DEPTH {
                        // Too deep to accept: stop here rather than build ever longer paths.
                        return Ok(index);
                    }
                }
                Event::SequenceStart(..) => {
                    let path = index.record(&mut stack, range.clone(), RootKind::Sequence);
                    stack.push(Frame::Seq { path, next: 0 });
                    index.deeper(stack.len(), range);
                    if stack.len() > super::MAX_DEPTH {
                        return Ok(index);
                    }
                }
                Event::MappingEnd | Event::SequenceEnd => {
                    if let Some(Frame::Map { path, .. } | Frame::Seq { path, .. }) = stack.pop() {
                        if let Some(node) = index.nodes.get_mut(&path) {
                            node.end = range.start.max(node.value.end);
                        }
                    }
                }
                Event::DocumentEnd => break,
                _ => {}
            }
        }
        Ok(index)
    }

    /// Notes the nesting depth reached at `range`.
    fn deeper(&mut self, depth: usize, range: Range<usize>) {
        if depth > self.depth {
            self.depth = depth;
            self.deepest = range;
        }
    }

    /// The deepest nesting of collections in the document.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Where the deepest nesting was reached.
    pub fn deepest(&self) -> Range<usize> {
        self.deepest.clone()
    }

    /// How many alias references the document has.
    pub fn aliases(&self) -> usize {
        self.aliases
    }

    /// What the document's top-level node is.
    pub fn root(&self) -> RootKind {
        self.root.unwrap_or(RootKind::Empty)
    }

    /// Every node with its path, in the order of the document.
    pub fn nodes(&self) -> Vec<(&str, &NodeSpan)> {
        let mut nodes: Vec<(&str, &NodeSpan)> =
            self.nodes.iter().map(|(p, n)| (p.as_str(), n)).collect();
        nodes.sort_by_key(|(_, n)| n.value.start);
        nodes
    }

    /// Whether a mapping gives the key of `path`, or of one of its ancestors, more than once
    /// (YAML readers disagree about which counts).
    pub fn is_repeated(&self, path: &str) -> bool {
        let mut path = path;
        loop {
            if self.repeated.contains(path) {
                return true;
            }
            match path.rfind(['.', '[']) {
                Some(at) => path = &path[..at],
                None => return false,
            }
        }
    }

    /// The position of the node at `path` (`""` is the whole document).
    pub fn get(&self, path: &str) -> Option<&NodeSpan> {
        self.nodes.get(path)
    }

    /// The position of `path`, or of its nearest indexed ancestor.
    pub fn nearest(&self, path: &str) -> Option<&NodeSpan> {
        let mut path = path;
        loop {
            if let Some(node) = self.nodes.get(path) {
                return Some(node);
            }
            if path.is_empty() {
                return None;
            }
            path = parent(path);
        }
    }

    /// A scalar is a key when a mapping waits for one, else a value.
    fn scalar(&mut self, stack: &mut [Frame], text: &str, range: Range<usize>) {
        if !self.take_key(stack, text, &range) {
            self.record(stack, range, RootKind::Scalar);
        }
    }

    /// If the innermost open collection is a mapping waiting for a key, takes `key` as that
    /// key and returns true.
    fn take_key(&mut self, stack: &mut [Frame], key: &str, range: &Range<usize>) -> bool {
        match stack.last_mut() {
            Some(Frame::Map {
                key: slot @ None,
                path,
            }) => {
                *slot = Some((key.to_string(), range.clone()));
                self.widen_empty(path, range);
                true
            }
            _ => false,
        }
    }

    /// A block collection's start event has no width; let it point at its first child instead,
    /// so that an error about the whole collection underlines something.
    fn widen_empty(&mut self, path: &str, child: &Range<usize>) {
        if let Some(node) = self.nodes.get_mut(path) {
            if node.value.is_empty() && !child.is_empty() {
                node.value = child.clone();
            }
        }
    }

    /// Records a value node at the position the innermost collection gives it, and returns its
    /// path.
    fn record(&mut self, stack: &mut [Frame], value: Range<usize>, kind: RootKind) -> String {
        let (path, key) = match stack.last_mut() {
            None => {
                self.root.get_or_insert(kind);
                (String::new(), None)
            }
            Some(Frame::Seq { path, next }) => {
                let mut child = String::with_capacity(path.len() + 6);
                child.push_str(path);
                push_index(&mut child, *next);
                *next += 1;
                let parent = path.clone();
                self.widen_empty(&parent, &value);
                (child, None)
            }
            Some(Frame::Map { path, key }) => match key.take() {
                Some((name, key_range)) => (join(path, &name), Some(key_range)),
                // A collection used as a key: index it under a name no field can have.
                None => (join(path, "?"), None),
            },
        };
        let end = value.end;
        match self.nodes.entry(path.clone()) {
            std::collections::hash_map::Entry::Occupied(_) => {
                if key.is_some() {
                    self.repeated.insert(path.clone());
                }
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(NodeSpan {
                    key,
                    value,
                    end,
                    kind,
                });
            }
        }
        path
    }
}

/// `parent.child`, or `child` at the top level.
fn join(parent: &str, child: &str) -> String {
    // Not `format!`: this runs for every key of every profile, and formatting costs several
    // times the copy.
    let mut path = String::with_capacity(parent.len() + 1 + child.len());
    path.push_str(parent);
    push_key(&mut path, child);
    path
}

/// Extends the field path `path` by the mapping key `key`: `path.key`, or `key` at the top.
pub(crate) fn push_key(path: &mut String, key: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(key);
}

/// Extends the field path `path` by the list position `i`: `path[i]`.
pub(crate) fn push_index(path: &mut String, i: usize) {
    let _ = write!(path, "[{i}]");
}

/// The path one level up: `a.b[2]` → `a.b`, `a.b` → `a`, `a` → ``.
pub fn parent(path: &str) -> &str {
    match path.rfind(['.', '[']) {
        Some(i) => &path[..i],
        None => "",
    }
}

/// Converts saphyr's markers (line, column in characters) into byte offsets.
struct LineOffsets<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// The last position found (line, column, byte): markers come in order, so the next one
    /// on the same line is counted on from here, not from the line's start — one long line
    /// (a profile in flow style) costs its length once, not once per value.
    cursor: std::cell::Cell<(usize, usize, usize)>,
}

impl<'a> LineOffsets<'a> {
    fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Self {
            text,
            starts,
            cursor: std::cell::Cell::new((0, 0, 0)),
        }
    }

    /// The byte offset of 1-based `line`, 0-based character column `col`.
    fn byte(&self, line: usize, col: usize) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let (at_line, at_col, at_byte) = self.cursor.get();
        let (from_col, from) = if at_line == line && at_col <= col && at_byte >= start {
            (at_col, at_byte)
        } else {
            (0, start)
        };
        let rest = &self.text[from..];
        let byte = from
            + rest
                .char_indices()
                .nth(col - from_col)
                .map_or(rest.len(), |(i, _)| i);
        self.cursor.set((line, col, byte));
        byte
    }

    fn range(&self, span: &Span) -> Range<usize> {
        let start = self.byte(span.start.line(), span.start.col());
        let end = self.byte(span.end.line(), span.end.col()).max(start);
        start..end
    }
}

#[cfg(test)]
mod tests;
