//! Markup a field cannot show ([`super::kinds`]): found, so validation can refuse it at its
//! line, and made to fit, so importers can bring foreign text in and validation can say what
//! to write instead. Markdown is read by pulldown-cmark, as the source stage reads it. Making
//! text fit is [`fit`]'s.

mod escape;
mod fit;
pub mod inline;

pub use escape::escape;
use escape::marker_len;
pub use fit::fit;

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag};

use super::html::{entities, holds_html, is_html};
use super::kinds::TextKind;

/// Markup found in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markup {
    /// An HTML tag or comment.
    Html,
    /// An HTML entity such as `&amp;`.
    Entity,
    /// A blank line in a field of one line.
    BlankLine,
    /// A Markdown link in plain text.
    Link,
    /// Markdown emphasis in plain text.
    Emphasis,
    /// A Markdown code span in plain text.
    Code,
    /// A Markdown heading, list, quote or fenced code block.
    Block,
    /// A Markdown image.
    Image,
    /// A Markdown link that is not an inline link to a web or mail address.
    OtherLink,
    /// A Markdown link to an address with a user name or password in it.
    LinkWithCredentials,
}

impl Markup {
    /// What it is, for a message.
    pub fn describe(self) -> &'static str {
        match self {
            Markup::Html => "HTML",
            Markup::Entity => "an HTML entity",
            Markup::BlankLine => "a blank line",
            Markup::Link => "a Markdown link",
            Markup::Emphasis => "Markdown emphasis",
            Markup::Code => "a Markdown code span",
            Markup::Block => "a Markdown heading, list, quote or code block",
            Markup::Image => "a Markdown image",
            Markup::OtherLink => {
                "a link that is not [text](https://…) or to an address that is not http(s) or mailto"
            }
            Markup::LinkWithCredentials => {
                "a link whose address holds a user name or password (before an @), which the CV \
                 would publish"
            }
        }
    }
}

/// The first markup in `text` that a field of `kind` cannot show, with the piece of text
/// that holds it.
pub fn scan(kind: TextKind, text: &str) -> Option<(Markup, String)> {
    // Most texts (names, institutions, venues) hold no character markup starts with, and an
    // ordered list or a thematic break starts a line with a digit or a dash.
    let marks = [
        '<', '&', '*', '_', '[', '`', '#', '>', '+', '\n', '\r', '\u{2028}', '\u{2029}', '~',
    ];
    let starts_block = text
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit() || c == '-');
    if !text.contains(marks) && !starts_block {
        return None;
    }
    let text = &*super::kinds::normalized_breaks(text);
    if kind != TextKind::Paragraphs && kind != TextKind::Address {
        if let Some(line) = blank_line(text) {
            return Some((Markup::BlankLine, line));
        }
    }
    let mut found = None;
    // Where an entity would be decoded: in plain text everywhere, in Markdown outside code.
    let mut prose = Vec::new();
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        let before = text[..range.start].chars().next_back();
        let markup = match event {
            Event::InlineHtml(html) if is_html(&html, before) => Some(Markup::Html),
            Event::Html(block) if holds_html(&block) => Some(Markup::Html),
            Event::Text(_) => {
                prose.push(range.clone());
                None
            }
            // Plain text is printed as written, so `- ` or `# ` there is text; in Markdown
            // fields a heading, list or quote with something in it was meant as one.
            // (A heading written with `#`; a line of `=` or `-` under text is text.)
            Event::Start(Tag::Heading { .. } | Tag::List(_) | Tag::BlockQuote(_))
                if kind.is_markdown()
                    && has_words(&text[range.clone()])
                    && (!matches!(event, Event::Start(Tag::Heading { .. }))
                        || text[range.clone()].trim_start().starts_with('#')) =>
            {
                Some(Markup::Block)
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) if kind.is_markdown() => {
                Some(Markup::Block)
            }
            // Markdown fields show inline links to web and mail addresses, nothing else that
            // Markdown calls a link: an image, a reference link, or an address the link check
            // refuses would print as written.
            Event::Start(Tag::Image { .. }) if kind.is_markdown() => Some(Markup::Image),
            Event::Start(Tag::Link {
                link_type: LinkType::Inline | LinkType::Autolink,
                dest_url,
                ..
            }) if kind.is_markdown()
                && crate::link::check(&dest_url) == Err(crate::link::Refused::Credentials) =>
            {
                Some(Markup::LinkWithCredentials)
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) if kind.is_markdown()
                && (!matches!(link_type, LinkType::Inline | LinkType::Autolink)
                    || crate::link::check(&dest_url).is_err()) =>
            {
                Some(Markup::OtherLink)
            }
            _ if kind.is_markdown() => None,
            Event::Start(Tag::Link {
                link_type: LinkType::Inline | LinkType::Autolink | LinkType::Email,
                ..
            }) => Some(Markup::Link),
            // In plain text, only emphasis someone typed as such: `**bold**` or `*it*` at a
            // word's start; `__init__` and `O(n*m*k)` are text.
            Event::Start(Tag::Strong | Tag::Emphasis)
                if !text[range.clone()].starts_with('_')
                    && !before.is_some_and(char::is_alphanumeric) =>
            {
                Some(Markup::Emphasis)
            }
            Event::Code(_) => Some(Markup::Code),
            _ => None,
        };
        if let Some(markup) = markup {
            found = Some((markup, text[range].trim().to_string()));
            break;
        }
    }
    found.or_else(|| {
        if !kind.is_markdown() {
            prose.clear();
            prose.push(0..text.len());
        }
        prose
            .into_iter()
            .find_map(|range| entity(text, range, kind.is_markdown()))
            .map(|e| (Markup::Entity, e))
    })
}

/// Whether a block has words after its marker (`- item`, not a lone `-`).
fn has_words(block: &str) -> bool {
    block.lines().any(|line| {
        line.trim()[marker_len(line.trim())..]
            .chars()
            .any(char::is_alphanumeric)
    })
}

/// The first line after a blank one, when a blank line stands between two lines of text.
fn blank_line(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    let blank = (first..last).find(|&i| lines[i].trim().is_empty())?;
    let next = lines[blank..].iter().find(|l| !l.trim().is_empty())?;
    Some(next.trim().to_string())
}

/// The first HTML entity of `text` that decodes to a character (`&amp;`), if any.
/// In Markdown, `\&amp;` is the text `&amp;`, as written.
fn entity(text: &str, range: std::ops::Range<usize>, markdown: bool) -> Option<String> {
    text[range.clone()].match_indices('&').find_map(|(at, _)| {
        let at = range.start + at;
        if markdown && text[..at].ends_with('\\') {
            return None;
        }
        let end = text[at..]
            .char_indices()
            .take(14)
            .find(|&(_, c)| c == ';')?
            .0;
        let candidate = &text[at..at + end + 1];
        (entities(candidate) != candidate).then(|| candidate.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_a_field_cannot_show() {
        use Markup::*;
        use TextKind::*;
        let found = |kind, text| scan(kind, text).map(|(m, _)| m);
        assert_eq!(found(Plain, "[IHPC](https://ihpc.sg)"), Some(Link));
        assert_eq!(found(Inline, "[IHPC](https://ihpc.sg)"), None);
        assert_eq!(found(Plain, "**Rust**"), Some(Emphasis));
        assert_eq!(found(Plain, "`x`"), Some(Code));
        assert_eq!(found(Inline, "`x`"), None);
        assert_eq!(found(Paragraphs, "a <small>b</small>"), Some(Html));
        assert_eq!(found(Plain, "R&amp;D"), Some(Entity));
        assert_eq!(found(Paragraphs, "fixed `&amp;` and `<br>`"), None);
        assert_eq!(found(Plain, "a <br> b"), Some(Html));
        assert_eq!(found(Plain, "<video src=x>"), Some(Html));
        assert_eq!(found(Plain, "</table>"), Some(Html));
        assert_eq!(found(Plain, "<!-- note -->"), Some(Html));
        assert_eq!(found(Inline, "a\n\nb"), Some(BlankLine));
        assert_eq!(found(Paragraphs, "a\n\nb"), None);
        assert_eq!(found(Paragraphs, "- one\n- two"), Some(Block));
        assert_eq!(found(Paragraphs, "# Heading"), Some(Block));
        assert_eq!(found(Inline, "+"), None);
        assert_eq!(
            found(Paragraphs, "![logo](https://x.org/a.png)"),
            Some(Image)
        );
        assert_eq!(
            found(Paragraphs, "see [ref][1]\n\n[1]: https://x.org"),
            Some(OtherLink)
        );
        assert_eq!(found(Inline, "[code](ftp://x.org/c.tgz)"), Some(OtherLink));
        assert_eq!(found(Inline, "[x](javascript:alert(1))"), Some(OtherLink));
        assert_eq!(
            found(Inline, "[site](https://u:pw@x.org/)"),
            Some(LinkWithCredentials)
        );
        assert_eq!(
            found(Inline, "[site](https://x.org) and <https://y.org>"),
            None
        );
        assert_eq!(found(Inline, "[sic] and [1]"), None);
        assert_eq!(found(Plain, "- not a list in plain text"), None);
        for fine in [
            "R&D",
            "C*-algebras",
            "foo_bar_baz",
            "a < b > c",
            "AT&T; x",
            "C# and F#",
            "[sic]",
            "3 * 4",
            "*nix",
            "2019 – 2024",
            "Vec<T> and std::vector<int>",
            "List<B> and Box<U>",
            "why the <s> token matters",
            "<video> and <audio> tokens",
            "HTML5 <video>",
            "O(n*m*k)",
            "__init__ methods",
            "a\nb",
        ] {
            assert_eq!(scan(Plain, fine), None, "{fine:?}");
            assert_eq!(scan(Paragraphs, fine), None, "{fine:?}");
        }
    }
}
