//! The inline markdown of profile text fields: `**bold**`, `*italic*` (or `_italic_`),
//! `` `code` `` (a `raw` element the templates style) and `[text](https://…)`, parsed by
//! pulldown-cmark; a blank line is a paragraph break. Everything else stays literal text:
//! headings, lists and HTML are refused by validation before a profile gets here
//! ([`crate::profile::markup`]), and what is left of them prints as written. A backslash
//! before punctuation escapes it, as in markdown.
//!
//! The result is a tree of [`Node`]s, the profile format's reading of the text for every
//! stage that needs it: the source stage writes it as Typst (`source::inline`), the lab and
//! the importers take [`plain_text`], the text a reader will see.

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};

/// A piece of formatted text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// Literal text.
    Text(String),
    /// `**…**`.
    Strong(Vec<Node>),
    /// `*…*`.
    Emph(Vec<Node>),
    /// `[…](url)` or `<url>`.
    Link(String, Vec<Node>),
    /// `` `…` ``: a code span's text.
    Code(String),
    /// A blank line between paragraphs.
    ParBreak,
}

/// An open element while walking the events.
enum Frame {
    /// Formatting we render, collecting its children.
    Open(Kind, Vec<Node>),
    /// Markdown we print literally (headings, lists, reference links): its markers are part of
    /// the gaps between events and come out as text.
    Literal,
    /// Formatting that would change nothing (bold inside bold, italic inside italic) or nest
    /// deeper than [`MAX_NESTING`]: its delimiters are dropped, its text goes to the parent.
    Dropped,
}

enum Kind {
    Strong,
    Emph,
    Link(String),
}

/// Parses `text` into nodes.
pub fn parse(text: &str) -> Vec<Node> {
    let mut root: Vec<Node> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    // Bytes of `text` before `cursor` have been turned into nodes (or dropped as syntax).
    let mut cursor = 0;
    // The gap before the next event is an opening delimiter (`**`, `[`) to drop.
    let mut skip_gap = false;

    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        let start = range.start.max(cursor);
        let mut gap = &text[cursor..start];
        // A backslash escape: pulldown-cmark starts the escaped character's text after it.
        let escaped = text[start..].starts_with(|c: char| c.is_ascii_punctuation());
        if matches!(event, Event::Text(_)) && escaped {
            gap = gap.strip_suffix('\\').unwrap_or(gap);
        }
        let keep_gap = !skip_gap;
        let supported = matches!(
            event,
            Event::Start(Tag::Strong | Tag::Emphasis)
                | Event::End(TagEnd::Strong | TagEnd::Emphasis)
        );
        let leaf = matches!(
            event,
            Event::Text(_)
                | Event::Code(_)
                | Event::InlineHtml(_)
                | Event::Html(_)
                | Event::SoftBreak
                | Event::HardBreak
                | Event::Rule
        );
        if (supported || leaf || is_link(&event)) && keep_gap && !gap.is_empty() {
            push_text(current(&mut root, &mut stack), gap);
        }
        match event {
            Event::Start(Tag::Strong) => open(
                &mut stack,
                Kind::Strong,
                &mut cursor,
                &mut skip_gap,
                range.start,
            ),
            Event::Start(Tag::Emphasis) => open(
                &mut stack,
                Kind::Emph,
                &mut cursor,
                &mut skip_gap,
                range.start,
            ),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                let url = crate::link::check(&dest_url).ok();
                if let (true, Some(url)) = (
                    matches!(link_type, LinkType::Inline | LinkType::Autolink),
                    url,
                ) {
                    open(
                        &mut stack,
                        Kind::Link(url),
                        &mut cursor,
                        &mut skip_gap,
                        range.start,
                    );
                } else {
                    stack.push(Frame::Literal);
                    cursor = start;
                    skip_gap = false;
                }
            }
            Event::End(TagEnd::Strong | TagEnd::Emphasis | TagEnd::Link) => {
                match stack.pop() {
                    Some(Frame::Open(kind, children)) => {
                        // The closing delimiter (`**`, `](url)`) is dropped.
                        cursor = range.end.max(cursor);
                        let node = match kind {
                            Kind::Strong => Node::Strong(children),
                            Kind::Emph => Node::Emph(children),
                            Kind::Link(url) => Node::Link(url, children),
                        };
                        current(&mut root, &mut stack).push(node);
                    }
                    Some(Frame::Dropped) => cursor = range.end.max(cursor),
                    _ => cursor = start,
                }
                skip_gap = false;
            }
            Event::Code(code) => {
                current(&mut root, &mut stack).push(Node::Code(code.to_string()));
                cursor = range.end;
                skip_gap = false;
            }
            Event::Text(_) | Event::InlineHtml(_) | Event::Html(_) | Event::Rule => {
                // The source text, not the decoded one: entities and code spans stay literal.
                push_text(current(&mut root, &mut stack), &text[start..range.end]);
                cursor = range.end;
                skip_gap = false;
            }
            Event::SoftBreak | Event::HardBreak => {
                push_text(current(&mut root, &mut stack), &text[start..range.end]);
                cursor = range.end;
                skip_gap = false;
            }
            // Paragraphs, headings, lists, quotes: their markers are emitted with the next gap.
            _ => {}
        }
    }
    let rest = &text[cursor..];
    if !rest.is_empty() {
        push_text(current(&mut root, &mut stack), rest);
    }
    // Unbalanced frames cannot remain (pulldown-cmark closes what it opens), but never lose
    // their text if they did.
    while let Some(frame) = stack.pop() {
        if let Frame::Open(_, children) = frame {
            current(&mut root, &mut stack).extend(children);
        }
    }
    root
}

/// How deep formatting may nest. Markdown allows any depth (`***…***` nests once for every
/// pair of asterisks), but Typst's parser stops at a fixed depth, and nobody means more than
/// bold inside a link inside italics.
const MAX_NESTING: usize = 4;

fn is_link(event: &Event) -> bool {
    matches!(
        event,
        Event::Start(Tag::Link { .. }) | Event::End(TagEnd::Link)
    )
}

fn open(stack: &mut Vec<Frame>, kind: Kind, cursor: &mut usize, skip_gap: &mut bool, at: usize) {
    let open: Vec<&Kind> = stack
        .iter()
        .filter_map(|frame| match frame {
            Frame::Open(kind, _) => Some(kind),
            _ => None,
        })
        .collect();
    let redundant = open.iter().any(|outer| {
        matches!(
            (outer, &kind),
            (Kind::Strong, Kind::Strong) | (Kind::Emph, Kind::Emph)
        )
    });
    stack.push(if redundant || open.len() >= MAX_NESTING {
        Frame::Dropped
    } else {
        Frame::Open(kind, Vec::new())
    });
    *cursor = at.max(*cursor);
    *skip_gap = true;
}

/// The children list new nodes go to: the innermost open element, or the root.
fn current<'a>(root: &'a mut Vec<Node>, stack: &'a mut [Frame]) -> &'a mut Vec<Node> {
    match stack.iter_mut().rev().find_map(|f| match f {
        Frame::Open(_, children) => Some(children),
        Frame::Literal | Frame::Dropped => None,
    }) {
        Some(children) => children,
        None => root,
    }
}

/// Appends text, turning line breaks into spaces and a blank line into a paragraph break.
fn push_text(nodes: &mut Vec<Node>, text: &str) {
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    for (i, para) in normalized.split("\n\n").enumerate() {
        let mut para = para.replace(['\n', '\t'], " ");
        if i > 0 {
            if !matches!(nodes.last(), Some(Node::ParBreak)) {
                nodes.push(Node::ParBreak);
            }
            para = para.trim_start().to_string();
        }
        if para.is_empty() {
            continue;
        }
        match nodes.last_mut() {
            Some(Node::Text(last)) => last.push_str(&para),
            _ => nodes.push(Node::Text(para)),
        }
    }
}

/// The text a reader sees: formatting removed, paragraph breaks as newlines.
pub fn plain_text(nodes: &[Node]) -> String {
    let mut out = String::new();
    for node in nodes {
        match node {
            Node::Text(t) | Node::Code(t) => out.push_str(t),
            Node::Strong(c) | Node::Emph(c) | Node::Link(_, c) => out.push_str(&plain_text(c)),
            Node::ParBreak => out.push('\n'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> String {
        plain_text(&parse(s))
    }

    #[test]
    fn keeps_everything_else_literal() {
        for s in [
            "# not a heading",
            "- not a list",
            "1. not a list",
            "> not a quote",
            "<b>html</b>",
            "R&D &amp; more",
            "foo_bar_baz",
            "**unclosed",
            "a * b * c",
            "[ref]",
            "C*-algebras",
            "$x$ #set @ref <label> // c /* d */",
            "***",
        ] {
            assert_eq!(plain(s), s, "for {s:?}");
        }
        assert_eq!(plain("x\n==="), "x ===");
        assert_eq!(plain("[ref]: http://x\n\n[ref]"), "[ref]: http://x\n[ref]");
    }

    #[test]
    fn backslash_escapes_punctuation() {
        assert_eq!(plain(r"\*not italic\*"), "*not italic*");
        assert_eq!(plain(r"a\\b"), r"a\b");
        assert_eq!(plain(r"C:\path"), r"C:\path");
        assert_eq!(plain("A\n\n\\#"), "A\n#");
    }

    #[test]
    fn escaped_text_reads_as_written() {
        use super::super::escape;
        for text in [
            r"a_b *c* **d** [e](https://x.org) <https://y.org> `f` \g\ h_",
            "R&D: 100% [sic] <b>",
        ] {
            assert_eq!(plain(&escape(text)), text);
            assert_eq!(parse(&escape(text)), vec![Node::Text(text.to_string())]);
        }
    }

    #[test]
    fn unsafe_links_stay_text() {
        assert_eq!(
            plain("[x](javascript:alert(1))"),
            "[x](javascript:alert(1))"
        );
        assert_eq!(plain("[x](file:///etc/passwd)"), "[x](file:///etc/passwd)");
    }

    #[test]
    fn redundant_or_deep_formatting_is_dropped_and_its_text_kept() {
        assert_eq!(
            parse("**a **b** c**"),
            [Node::Strong(vec![Node::Text("a b c".into())])]
        );
        assert_eq!(
            parse("*a *b* c*"),
            [Node::Emph(vec![Node::Text("a b c".into())])]
        );
        // Found by the markdown fuzz target: thousands of asterisks nested deeper than Typst's
        // parser goes. Now the content stays shallow and every letter survives.
        let text = format!("{}x{}", "*".repeat(5000), "*".repeat(5000));
        let nodes = parse(&text);
        fn depth(nodes: &[Node]) -> usize {
            nodes
                .iter()
                .map(|n| match n {
                    Node::Strong(c) | Node::Emph(c) | Node::Link(_, c) => 1 + depth(c),
                    _ => 0,
                })
                .max()
                .unwrap_or(0)
        }
        assert!(depth(&nodes) <= MAX_NESTING, "{nodes:?}");
        assert!(plain(&text).contains('x'));
        let nested = "*a **b [c *d **e** d* c](https://x.org) b** a*";
        assert_eq!(plain(nested), "a b c d e d c b a");
        assert_eq!(depth(&parse(nested)), 3);
    }

    #[test]
    fn paragraphs_and_line_breaks() {
        assert_eq!(parse("a\nb"), [Node::Text("a b".into())]);
        assert_eq!(
            parse("a\n\nb"),
            [
                Node::Text("a".into()),
                Node::ParBreak,
                Node::Text("b".into())
            ]
        );
    }
}
