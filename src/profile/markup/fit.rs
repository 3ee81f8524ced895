//! Foreign text made to fit its field ([`fit`]): for importers, and for validation's
//! suggestions of what to write instead.

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag};

use super::super::html::{block_text, html_in_markdown, is_html};
use super::super::kinds::TextKind;
use super::escape::escaped_marker;
use super::{marker_len, scan};

/// How many times [`fit`] converts before it falls back to showing the text as written:
/// decoding `&amp;lt;br&amp;gt;` once gives `&lt;br&gt;`, twice `<br>`, three times nothing.
const FIT_PASSES: usize = 4;

/// `text` made fit for a field of `kind`, keeping every word: HTML becomes Markdown (or its
/// text), entities are decoded, block tags become paragraph or line breaks, a list or quote
/// marker is escaped so it prints as written, a blank line joins the lines of a one-line
/// field, and a plain field keeps the words Markdown would show. Text that fits is returned as
/// it is; what is left out (a link's address in a plain field) is named in `dropped`. The
/// result always fits.
pub fn fit(kind: TextKind, text: &str, dropped: &mut Vec<String>) -> String {
    let mut current = super::super::kinds::normalized_breaks(text).into_owned();
    for _ in 0..FIT_PASSES {
        if scan(kind, &current).is_none() {
            return current;
        }
        current = fit_once(kind, &current, dropped);
    }
    if scan(kind, &current).is_none() {
        return current;
    }
    // Markup nested deeper than the passes undo: every character shown as written.
    let lines = |joint: &str| {
        current
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(joint)
    };
    match kind {
        TextKind::Paragraphs => super::escape(&lines("\n")),
        TextKind::Inline => super::escape(&lines(" ")),
        TextKind::Address | TextKind::Plain => crate::profile::one_line(
            &lines(" ").replace(['<', '>', '&', '*', '_', '`', '[', ']'], " "),
        ),
    }
}

/// One pass of [`fit`].
fn fit_once(kind: TextKind, text: &str, dropped: &mut Vec<String>) -> String {
    match kind {
        TextKind::Paragraphs => paragraphs(&block_breaks(text, "\n\n", "\n"))
            .iter()
            .map(|p| html_in_markdown(&markers_as_text(p)))
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n"),
        TextKind::Inline => html_in_markdown(&markers_as_text(&block_breaks(text, " ", " "))),
        TextKind::Address => block_breaks(text, "\n", "\n")
            .lines()
            .map(|line| plain_words(line, dropped))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n"),
        TextKind::Plain => plain_words(&block_breaks(text, " ", " "), dropped),
    }
}

/// Paragraphs of `text`: split at blank lines, and a list item is one of its own.
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
                current.push('\n');
            }
            current.push_str(trimmed);
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// Each line of `text` with its block marker made text: a heading's `#`s dropped before a
/// word (a heading is its words), every other marker escaped (`\- 5 ms`, `\> 99%`, `1\. Platz`,
/// `\# 1`) so that it prints as written; code fences dropped. Lines joined by spaces.
fn markers_as_text(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("```") && !l.starts_with("~~~"))
        .map(|line| {
            let marker = marker_len(line);
            if marker == 0 {
                return line.to_string();
            }
            let rest = &line[marker..];
            if line.starts_with('#') && rest.starts_with(char::is_alphabetic) {
                return rest.to_string();
            }
            escaped_marker(line)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with block-level HTML tags (`<p>`, `<div>`, `<li>`, …) made `paragraph` and `<br>`
/// made `line`.
fn block_breaks(text: &str, paragraph: &str, line: &str) -> String {
    const BLOCKS: [&str; 13] = [
        "p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open..open + close + 1];
        let before = rest[..open].chars().next_back().or(out.chars().next_back());
        out.push_str(&rest[..open]);
        let name: String = tag
            .trim_start_matches(['<', '/'])
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        if is_html(tag, before) && name == "br" {
            out.push_str(line);
        } else if is_html(tag, before) && BLOCKS.contains(&name.as_str()) {
            out.push_str(paragraph);
        } else {
            out.push_str(tag);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The words Markdown would show of `text`, read as pulldown-cmark reads it (so every entity
/// is decoded): a link's text (its address named in `dropped`), emphasis and code without
/// their marks, HTML tags dropped and other `<…>` kept, block markers kept as text; lines
/// joined by a space, line breaks from `<br>` (`\n`) kept.
fn plain_words(text: &str, dropped: &mut Vec<String>) -> String {
    let escaped = text
        .split('\n')
        .map(|line| {
            let line = line.trim();
            escaped_marker(line)
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    for (event, range) in Parser::new_ext(&escaped, Options::empty()).into_offset_iter() {
        let before = escaped[..range.start].chars().next_back();
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::End(pulldown_cmark::TagEnd::Paragraph) => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::InlineHtml(tag) if !is_html(&tag, before) => out.push_str(&tag),
            Event::Html(block) => out.push_str(&block_text(&block)),
            // An autolink's text is its address, which stays; another link's address goes.
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) if !matches!(link_type, LinkType::Autolink | LinkType::Email) => {
                dropped.push(dest_url.to_string())
            }
            _ => {}
        }
    }
    out.split('\n')
        .map(crate::profile::one_line)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::super::{escape, scan};
    use super::*;

    fn fitted(kind: TextKind, text: &str) -> String {
        fit(kind, text, &mut Vec::new())
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
            "Intro:\n\n\\- one\n\n\\- two\n\nend"
        );
        // Nothing is lost: signs stay, entities of entities are decoded until none is left.
        assert_eq!(fitted(Paragraphs, "> 99% accuracy"), "\\> 99% accuracy");
        assert_eq!(fitted(Inline, "- 5 ms <b>fast</b>"), "\\- 5 ms **fast**");
        assert_eq!(
            fitted(Plain, "Fixed &amp;lt;br&amp;gt; handling"),
            "Fixed handling"
        );
        assert_eq!(
            fitted(Plain, "Org <https://org.org>"),
            "Org https://org.org"
        );
        assert_eq!(
            fitted(Plain, "Room 1<br>Building 2 &hearts;"),
            "Room 1 Building 2 ♥"
        );
        assert_eq!(
            fitted(Address, "Room 1<br>Building 2"),
            "Room 1\nBuilding 2"
        );
        assert_eq!(
            fitted(Paragraphs, "One.<br><br>Two.<p>Three.</p>"),
            "One.\n\nTwo.\n\nThree."
        );
        assert_eq!(
            fitted(Plain, "<ul><li>one</li><li>two</li></ul>"),
            "one two"
        );
        assert_eq!(fitted(Plain, "- 5 ms, **fast**"), "- 5 ms, fast");
        assert_eq!(fitted(Plain, "`__init__` methods"), "__init__ methods");
        assert_eq!(fitted(Plain, "&#35; Chief Scientist"), "# Chief Scientist");
        assert_eq!(fitted(Paragraphs, "Intro.\n\n<!-- TODO"), "Intro.");
        assert_eq!(fitted(Plain, "<!-- old --> Lab"), "Lab");
        assert_eq!(
            fitted(Paragraphs, "Vec<T> and <b>fast</b> code, the <eos> token"),
            "Vec<T> and **fast** code, the <eos> token"
        );
        assert_eq!(fitted(Inline, "<b>Note: </b>text<b></b>"), "**Note:** text");
        assert_eq!(
            fitted(
                Paragraphs,
                "<details><summary>More</summary>hidden</details>"
            ),
            "More hidden"
        );
        assert_eq!(escape("- 5 ms"), "\\- 5 ms");
        assert_eq!(escape("1. Platz"), "1\\. Platz");
        for text in [
            "- 5 ms latency",
            "1. Platz",
            "# 1 overall",
            "+ 3",
            "1) first",
        ] {
            assert_eq!(scan(Inline, &escape(text)), None, "{text}");
        }
        assert_eq!(fitted(Plain, "plain as written"), "plain as written");
        for kind in [Plain, Inline, Paragraphs] {
            for text in ["x <b>y</b>", "# T", "a\n\nb", "R&amp;D", "[a](https://b.c)"] {
                let fit = fitted(kind, text);
                assert_eq!(scan(kind, &fit), None, "{kind:?} {text:?} → {fit:?}");
            }
        }
    }
}
