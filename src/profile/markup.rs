//! Markup a field cannot show ([`super::kinds`]): found, so validation can refuse it at its
//! line, and made to fit, so importers can bring foreign text in and validation can say what
//! to write instead. Markdown is read by pulldown-cmark, as the source stage reads it.

use pulldown_cmark::{CodeBlockKind, Event, LinkType, Options, Parser, Tag};

use super::html::{entities, html_in_markdown, without_tags};
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
        }
    }
}

/// The first markup in `text` that a field of `kind` cannot show, with the piece of text
/// that holds it.
pub fn scan(kind: TextKind, text: &str) -> Option<(Markup, String)> {
    if kind != TextKind::Paragraphs && kind != TextKind::Address {
        if let Some(line) = blank_line(text) {
            return Some((Markup::BlankLine, line));
        }
    }
    let mut found = None;
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        let markup = match event {
            Event::Html(html) | Event::InlineHtml(html) if is_html(&html) => Some(Markup::Html),
            // Plain text is printed as written, so `- ` or `# ` there is text; in Markdown
            // fields a heading, list or quote with something in it was meant as one.
            Event::Start(Tag::Heading { .. } | Tag::List(_) | Tag::BlockQuote(_))
                if kind.is_markdown() && has_words(&text[range.clone()]) =>
            {
                Some(Markup::Block)
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) if kind.is_markdown() => {
                Some(Markup::Block)
            }
            _ if kind.is_markdown() => None,
            Event::Start(Tag::Link {
                link_type: LinkType::Inline | LinkType::Autolink | LinkType::Email,
                ..
            }) => Some(Markup::Link),
            Event::Start(Tag::Strong | Tag::Emphasis) => Some(Markup::Emphasis),
            Event::Code(_) => Some(Markup::Code),
            _ => None,
        };
        if let Some(markup) = markup {
            found = Some((markup, text[range].trim().to_string()));
            break;
        }
    }
    found.or_else(|| entity(text).map(|e| (Markup::Entity, e)))
}

/// Whether a block has words after its marker (`- item`, not a lone `-`).
fn has_words(block: &str) -> bool {
    block.lines().any(|line| {
        line.trim()[marker_len(line.trim())..]
            .chars()
            .any(char::is_alphanumeric)
    })
}

/// Whether a tag Markdown reads as HTML is HTML someone meant: a comment, or an element of
/// HTML (`<small>`, `</a>`, `<br/>`). `Vec<T>` or `std::vector<int>` in a title is not.
fn is_html(tag: &str) -> bool {
    let tag = tag.trim();
    if tag.starts_with("<!--") {
        return true;
    }
    let name: String = tag
        .trim_start_matches('<')
        .trim_start_matches('/')
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    HTML_ELEMENTS.contains(&name.as_str())
}

/// HTML's elements, the ones text pasted from a page or a site's data files holds.
const HTML_ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "address",
    "article",
    "aside",
    "audio",
    "b",
    "base",
    "bdi",
    "bdo",
    "big",
    "blockquote",
    "body",
    "br",
    "button",
    "canvas",
    "caption",
    "center",
    "cite",
    "code",
    "col",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "fieldset",
    "figcaption",
    "figure",
    "font",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hr",
    "html",
    "i",
    "iframe",
    "img",
    "input",
    "ins",
    "kbd",
    "label",
    "li",
    "link",
    "main",
    "mark",
    "meta",
    "nav",
    "nobr",
    "noscript",
    "object",
    "ol",
    "option",
    "p",
    "picture",
    "pre",
    "q",
    "s",
    "samp",
    "script",
    "section",
    "select",
    "small",
    "source",
    "span",
    "strike",
    "strong",
    "style",
    "sub",
    "summary",
    "sup",
    "svg",
    "table",
    "tbody",
    "td",
    "template",
    "textarea",
    "th",
    "thead",
    "time",
    "title",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "video",
    "wbr",
];

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
fn entity(text: &str) -> Option<String> {
    text.match_indices('&').find_map(|(at, _)| {
        let end = text[at..]
            .char_indices()
            .take(14)
            .find(|&(_, c)| c == ';')?
            .0;
        let candidate = &text[at..at + end + 1];
        (entities(candidate) != candidate).then(|| candidate.to_string())
    })
}

/// `text` made fit for a field of `kind`: HTML becomes Markdown (or its text), entities are
/// decoded, block markup loses its markers, a blank line joins the lines of a one-line field,
/// and a plain field keeps only the words Markdown would show. Text that fits is returned as
/// it is. What is left out (a link's address in a plain field) is named in `dropped`.
pub fn fit(kind: TextKind, text: &str, dropped: &mut Vec<String>) -> String {
    if scan(kind, text).is_none() {
        return text.to_string();
    }
    match kind {
        TextKind::Paragraphs => paragraphs(text)
            .iter()
            .map(|p| html_in_markdown(&unmarked(p)))
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n"),
        TextKind::Inline => html_in_markdown(&unmarked(text)),
        TextKind::Address | TextKind::Plain => {
            let text = if text.contains('<') {
                without_tags(text)
            } else {
                text.to_string()
            };
            plain_words(&entities(&text), dropped)
        }
    }
}

/// Paragraphs of `text`: split at blank lines, and a list item or heading is one of its own.
fn paragraphs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || marker_len(trimmed) > 0 {
            if !current.trim().is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.clear();
        }
        if !trimmed.is_empty() {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(trimmed);
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// `line` without a leading block marker (`# `, `- `, `1. `, `> `, a code fence), each line.
fn unmarked(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("```") && !l.starts_with("~~~"))
        .map(|l| &l[marker_len(l)..])
        .collect::<Vec<_>>()
        .join(" ")
}

/// The length of a block marker at the start of `line`, 0 when it has none.
fn marker_len(line: &str) -> usize {
    let hashes = line.len() - line.trim_start_matches('#').len();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
        return hashes + 1;
    }
    for marker in ["- ", "* ", "+ ", "> "] {
        if line.starts_with(marker) {
            return 2;
        }
    }
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if (1..=9).contains(&digits)
        && (line[digits..].starts_with(". ") || line[digits..].starts_with(") "))
    {
        return digits + 2;
    }
    0
}

/// The words Markdown would show of `text`: a link's text (its address named in `dropped`),
/// emphasis and code without their marks, escapes resolved; lines joined.
fn plain_words(text: &str, dropped: &mut Vec<String>) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(text, Options::empty()) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::End(pulldown_cmark::TagEnd::Paragraph) => out.push(' '),
            Event::Start(Tag::Link { dest_url, .. }) => dropped.push(dest_url.to_string()),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` as inline Markdown that shows exactly `text`: a backslash before each character
/// that could start formatting or a link (for text from formats without Markdown).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '[' | ']' | '<' | '>' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fitted(kind: TextKind, text: &str) -> String {
        fit(kind, text, &mut Vec::new())
    }

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
        assert_eq!(found(Inline, "a\n\nb"), Some(BlankLine));
        assert_eq!(found(Paragraphs, "a\n\nb"), None);
        assert_eq!(found(Paragraphs, "- one\n- two"), Some(Block));
        assert_eq!(found(Paragraphs, "# Heading"), Some(Block));
        assert_eq!(found(Inline, "+"), None);
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
            "a\nb",
        ] {
            assert_eq!(scan(Plain, fine), None, "{fine:?}");
            assert_eq!(scan(Paragraphs, fine), None, "{fine:?}");
        }
    }

    #[test]
    fn foreign_text_is_made_to_fit() {
        use TextKind::*;
        let mut dropped = Vec::new();
        assert_eq!(
            fit(Plain, "[IHPC](https://ihpc.sg), **A*STAR**", &mut dropped),
            "IHPC, A*STAR"
        );
        assert_eq!(dropped, ["https://ihpc.sg"]);
        assert_eq!(
            fitted(Plain, "<a href=\"https://x.org\">X</a> &amp; Y"),
            "X & Y"
        );
        assert_eq!(
            fitted(Inline, "see <a href=\"https://x.org\">X</a>"),
            "see [X](https://x.org)"
        );
        assert_eq!(fitted(Inline, "a\n\nb"), "a b");
        assert_eq!(
            fitted(Paragraphs, "Intro:\n- one\n- two\n\n<small>end</small>"),
            "Intro:\n\none\n\ntwo\n\nend"
        );
        assert_eq!(fitted(Plain, "plain as written"), "plain as written");
        for kind in [Plain, Inline, Paragraphs] {
            for text in ["x <b>y</b>", "# T", "a\n\nb", "R&amp;D", "[a](https://b.c)"] {
                let fit = fitted(kind, text);
                assert_eq!(scan(kind, &fit), None, "{kind:?} {text:?} → {fit:?}");
            }
        }
    }
}
