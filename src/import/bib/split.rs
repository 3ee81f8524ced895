//! A BibTeX file cut into its entries before anything parses it, so that one broken entry is
//! skipped and named while the others are read, as BibTeX tools do. The result is the file
//! made ready for the biblatex crate: the same length and the same line breaks (so every
//! position still points into the user's file), with what the crate cannot read blanked out —
//! a Jekyll front matter block, `@comment` and `@preamble` blocks, text between entries,
//! entries that do not parse — and `@type(…)` entries given braces.

use biblatex::RawBibliography;

use super::graph::line_col;

/// An entry left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// Its citation key (or `@type` when it has none).
    pub key: String,
    /// Where it starts, `line:column`.
    pub at: String,
    /// Why it was left out.
    pub reason: String,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at {}): {}", self.key, self.at, self.reason)
    }
}

/// The file ready for the parser, and the entries left out on the way.
#[derive(Debug)]
pub struct Prepared {
    /// The text for the parser: as long as the file, line breaks where they were.
    pub text: String,
    /// Entries that could not be read.
    pub skipped: Vec<Skipped>,
    /// Whether a front matter block was skipped.
    pub front_matter: bool,
    /// Entries read under another key because an earlier one has theirs.
    pub renamed: Vec<String>,
}

/// What kind of block an `@` starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Entry,
    Strings,
    Ignored,
}

/// One `@…{…}` block: its kind and byte range.
#[derive(Debug)]
struct Block {
    kind: Kind,
    start: usize,
    end: usize,
    /// Where the body opens (`{` or `(`) and, when it closes, where.
    open: usize,
    close: Option<usize>,
}

/// Prepares `bib` for the parser (see the module's comment).
pub fn prepare(bib: &str) -> Prepared {
    let mut text = bib.as_bytes().to_vec();
    let mut skipped = Vec::new();
    let front = front_matter_end(bib);
    let from = front.unwrap_or(0);
    blank(&mut text, 0, from);
    let blocks = blocks(bib, from);
    // Everything that is not a block the parser should read is blanked.
    let mut kept_until = from;
    for block in &blocks {
        blank(&mut text, kept_until, block.start);
        kept_until = block.end;
        match (block.kind, block.close) {
            (Kind::Ignored, _) => blank(&mut text, block.start, block.end),
            (_, None) => {
                let next = line_col(bib, block.end);
                skipped.push(Skipped {
                    key: key_of(bib, block),
                    at: line_col(bib, block.start),
                    reason: format!("its braces do not close before {next}; it is left out"),
                });
                blank(&mut text, block.start, block.end);
            }
            (_, Some(close)) => {
                if bib.as_bytes()[block.open] == b'(' {
                    text[block.open] = b'{';
                    text[close] = b'}';
                }
            }
        }
    }
    blank(&mut text, kept_until, bib.len());
    let renamed = rename_duplicates(bib, &blocks, &mut text);
    // Block boundaries are ASCII bytes, so what is blanked is whole characters.
    let parsed = String::from_utf8(text).unwrap_or_default();
    // Each block that closes is parsed on its own; one that does not parse is left out.
    let mut broken = Vec::new();
    for block in blocks
        .iter()
        .filter(|b| b.kind != Kind::Ignored && b.close.is_some())
    {
        if let Err(error) = RawBibliography::parse(&parsed[block.start..block.end]) {
            let at = line_col(bib, block.start + error.span.start);
            skipped.push(Skipped {
                key: key_of(bib, block),
                at: line_col(bib, block.start),
                reason: format!("cannot be read at {at}: {}", error.kind),
            });
            broken.push(block);
        }
    }
    let mut text = parsed.into_bytes();
    for block in broken {
        blank(&mut text, block.start, block.end);
    }
    let text = String::from_utf8(text).unwrap_or_default();
    Prepared {
        text,
        skipped,
        front_matter: front.is_some(),
        renamed,
    }
}

/// A second entry with a key already used is read too, under the key with its end made
/// `~2`, `~3`… in place (the text keeps its length, so positions stay right): a preprint and
/// its published version kept under one key are then merged as versions are (the published
/// one wins), and two different papers both come in. Keys too short to mark stay the
/// first's (BibTeX's rule), and the second is named as skipped later.
fn rename_duplicates(bib: &str, blocks: &[Block], text: &mut [u8]) -> Vec<String> {
    let mut seen: std::collections::HashMap<String, (usize, usize)> = Default::default();
    let mut notes = Vec::new();
    for block in blocks
        .iter()
        .filter(|b| b.kind == Kind::Entry && b.close.is_some())
    {
        let key = key_of(bib, block);
        let body = &bib[(block.open + 1).min(block.end)..block.end];
        let key_start = block.open + 1 + (body.len() - body.trim_start().len());
        let (count, first) = seen.entry(key.clone()).or_insert((0, block.start));
        *count += 1;
        let suffix = format!("~{count}");
        if *count < 2 || !key.is_ascii() || suffix.len() >= key.len() {
            continue;
        }
        let marked = format!("{}{suffix}", &key[..key.len() - suffix.len()]);
        text[key_start..key_start + key.len()].copy_from_slice(marked.as_bytes());
        notes.push(format!(
            "{key} (at {}): a second entry with this key (the first is at {}); both are read, \
             the second as {marked}: versions of one paper become one, the published version kept",
            line_col(bib, block.start),
            line_col(bib, *first)
        ));
    }
    notes
}

/// Replaces the bytes in `start..end` with spaces, keeping line breaks (and a character's
/// bytes whole: every byte of a multi-byte character becomes a space).
fn blank(text: &mut [u8], start: usize, end: usize) {
    for byte in &mut text[start.min(end)..end] {
        if *byte != b'\n' && *byte != b'\r' {
            *byte = b' ';
        }
    }
}

/// The end of a Jekyll front matter block (`---` lines) at the very top, if there is one.
fn front_matter_end(bib: &str) -> Option<usize> {
    let first = bib.lines().next()?;
    if first.trim_end() != "---" {
        return None;
    }
    let mut at = first.len() + 1;
    for line in bib.get(at..)?.split_inclusive('\n') {
        at += line.len();
        if line.trim_end() == "---" {
            return Some(at.min(bib.len()));
        }
    }
    None
}

/// The citation key of a block, or its `@type` when it has none.
fn key_of(bib: &str, block: &Block) -> String {
    let body = &bib[(block.open + 1).min(block.end)..block.end];
    let key: String = body
        .trim_start()
        .chars()
        .take_while(|c| !matches!(c, ',' | '}' | ')' | '\n') && !c.is_whitespace())
        .take(100)
        .collect();
    if key.is_empty() || block.kind == Kind::Strings {
        let kind: String = bib[block.start..block.open]
            .trim()
            .chars()
            .take(40)
            .collect();
        kind
    } else {
        key
    }
}

/// The `@` blocks from byte `from` on. Between blocks, `%` starts a comment to the end of
/// its line, as biber and JabRef read it: `%@article{…}` is an entry someone turned off.
fn blocks(bib: &str, from: usize) -> Vec<Block> {
    let bytes = bib.as_bytes();
    let mut out = Vec::new();
    let mut i = from;
    while let Some(offset) = bib[i..].find(['@', '%']) {
        let start = i + offset;
        if bytes[start] == b'%' {
            i = bib[start..]
                .find('\n')
                .map_or(bytes.len(), |n| start + n + 1);
            continue;
        }
        let Some((kind, open)) = opening(bib, start) else {
            i = start + 1;
            continue;
        };
        let (end, close) = closing(bib, open);
        out.push(Block {
            kind,
            start,
            end,
            open,
            close,
        });
        i = end.max(start + 1);
        if i >= bytes.len() {
            break;
        }
    }
    out
}

/// If an entry starts at the `@` at `at`: its kind and where its body opens.
fn opening(bib: &str, at: usize) -> Option<(Kind, usize)> {
    let rest = &bib[at + 1..];
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    if name_len == 0 {
        return None;
    }
    let name = rest[..name_len].to_ascii_lowercase();
    let after = &rest[name_len..];
    let gap = after.len() - after.trim_start().len();
    let open = at + 1 + name_len + gap;
    if !matches!(bib.as_bytes().get(open), Some(b'{' | b'(')) {
        return None;
    }
    let kind = match name.as_str() {
        "comment" | "preamble" => Kind::Ignored,
        "string" => Kind::Strings,
        _ => Kind::Entry,
    };
    Some((kind, open))
}

/// Where the block whose body opens at `open` ends (just after its closing delimiter) and
/// where that delimiter is; `None` for the delimiter when the block runs into the next one
/// (a line starting with `@name{`) or the end of the file.
fn closing(bib: &str, open: usize) -> (usize, Option<usize>) {
    let bytes = bib.as_bytes();
    let parenthesis = bytes[open] == b'(';
    let mut depth: usize = if parenthesis { 0 } else { 1 };
    let mut i = open + 1;
    let mut line_start = false;
    while i < bytes.len() {
        let byte = bytes[i];
        if line_start && byte == b'@' && opening(bib, i).is_some() {
            return (i, None);
        }
        if byte == b'\n' {
            line_start = true;
        } else if !matches!(byte, b' ' | b'\t' | b'\r') {
            line_start = false;
        }
        match byte {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 && !parenthesis {
                    return (i + 1, Some(i));
                }
            }
            b')' if parenthesis && depth == 0 => return (i + 1, Some(i)),
            _ => {}
        }
        i += 1;
    }
    (bytes.len(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_comments_and_broken_entries_are_blanked() {
        let bib = "---\nlayout: x@y\n---\n%@article{off, title = {Off}, year = 2020}\n@comment{ {nested} }\n@preamble{ {\\newcommand} }\n@article{good, title = {A}, year = 2020}\n@article{broken, title = {B, year = 2021}\n@misc{next, title = {C}, year = 2022}\n@book(paren, title = {D}, year = {2023})\n@misc{nocomma title = {E}}\nsee me@home.org\n";
        let prepared = prepare(bib);
        assert_eq!(prepared.text.len(), bib.len());
        assert_eq!(prepared.text.lines().count(), bib.lines().count());
        assert!(prepared.front_matter);
        let raw = RawBibliography::parse(&prepared.text).unwrap();
        let keys: Vec<&str> = raw.entries.iter().map(|e| e.v.key.v).collect();
        assert_eq!(keys, ["good", "next", "paren"]);
        let skipped: Vec<&str> = prepared.skipped.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(skipped, ["broken", "nocomma"], "{:?}", prepared.skipped);
        assert_eq!(prepared.skipped[0].at, "8:1");
        assert!(prepared.skipped[0]
            .reason
            .contains("do not close before 9:1"));
    }
}
