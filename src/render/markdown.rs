//! The web CV written as CommonMark, from the HTML document Typst made of it (so the Markdown
//! holds what the HTML holds, in its order, with its words): headings, paragraphs, lists,
//! strong and emphasised text, links and code spans. No raw HTML: every character of text is
//! escaped where Markdown would read it as syntax, and pictures are left out (a Markdown CV
//! is text; the HTML CV embeds the photo).
//!
//! Blocks follow HTML's rules: a `div` holding only inline content is one line, and the lines
//! of a container are one paragraph, broken with hard line breaks (an entry's title line,
//! its subtitle line, its details); a `p` is a paragraph; `h1`–`h6`, lists and definition
//! lists are themselves. A part web.typ sets aside (class `side`: a place, a date) follows its
//! line's text after " — ".

use typst_html::property::Display;
use typst_html::{attr, tag, HtmlElement, HtmlNode};

use text::{as_text_line, code_span, delimited, destination, escape, heading_text};

mod text;

/// The last line of every Markdown CV: a link reference definition, which CommonMark shows
/// as nothing (it is no raw HTML), saying who made the file, so a later run knows it may
/// replace it.
pub const MARK: &str = "[//]: # (made by cvpdf)";

/// `root` (an HTML document's `html` element) as CommonMark.
pub fn write(root: &HtmlElement) -> String {
    let mut blocks = Vec::new();
    blocks_of(root, &mut blocks);
    let mut out = blocks.join("\n\n");
    out.push_str("\n\n");
    out.push_str(MARK);
    out.push('\n');
    out
}

/// Whether `bytes` end as a Markdown CV cvpdf wrote ([`MARK`]).
pub fn is_markdown_cv(bytes: &[u8]) -> bool {
    let end = bytes.trim_ascii_end();
    end.ends_with(MARK.as_bytes())
}

/// How an element stands in the text, by the HTML standard's rendering rules (typst-html's
/// table of each element's default `display`): hidden, a block, or inline. A picture is left
/// out: a Markdown CV is text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Hidden,
    Block,
    Inline,
}

fn role(element: &HtmlElement) -> Role {
    match Display::default_for(element.tag) {
        _ if element.tag == tag::img => Role::Hidden,
        Some(Display::None) => Role::Hidden,
        Some(Display::Inline | Display::InlineBlock | Display::Contents | Display::Ruby) | None => {
            Role::Inline
        }
        Some(_) => Role::Block,
    }
}

fn is_block(node: &HtmlNode) -> bool {
    matches!(node, HtmlNode::Element(e) if role(e) == Role::Block)
}

/// A heading's level, 1–6, none for any other element.
fn heading_level(element: &HtmlElement) -> Option<usize> {
    [tag::h1, tag::h2, tag::h3, tag::h4, tag::h5, tag::h6]
        .iter()
        .position(|h| *h == element.tag)
        .map(|i| i + 1)
}

/// Appends the blocks of `element`'s children to `out`.
fn blocks_of(element: &HtmlElement, out: &mut Vec<String>) {
    let mut lines: Vec<String> = Vec::new();
    let mut inline = String::new();
    let flush_inline = |inline: &mut String, lines: &mut Vec<String>| {
        let line = inline.trim().to_string();
        if !line.is_empty() {
            lines.push(line);
        }
        inline.clear();
    };
    let flush_lines = |lines: &mut Vec<String>, out: &mut Vec<String>| {
        if !lines.is_empty() {
            let guarded: Vec<String> = lines.iter().map(|l| as_text_line(l)).collect();
            out.push(guarded.join("\\\n"));
        }
        lines.clear();
    };
    for child in &element.children {
        let HtmlNode::Element(block) = child else {
            inline_of(child, &mut inline);
            continue;
        };
        if !is_block(child) {
            match lines.last_mut() {
                // A part set aside after a line (an award's year) ends that line.
                Some(last) if is_side(block) && inline.trim().is_empty() => inline_of(child, last),
                _ => inline_of(child, &mut inline),
            }
            continue;
        }
        flush_inline(&mut inline, &mut lines);
        let t = block.tag;
        let inline_only = !block.children.iter().any(is_block);
        if let Some(level) = heading_level(block) {
            flush_lines(&mut lines, out);
            let text = inline_content(block);
            if !text.is_empty() {
                out.push(format!("{} {}", "#".repeat(level), heading_text(&text)));
            }
        } else if t == tag::ul || t == tag::ol || t == tag::dl {
            flush_lines(&mut lines, out);
            let list = if t == tag::dl {
                definitions_of(block)
            } else {
                list_of(block, t == tag::ol)
            };
            if !list.is_empty() {
                out.push(list);
            }
        } else if t == tag::hr {
            flush_lines(&mut lines, out);
            out.push("---".into());
        } else if t == tag::p && inline_only {
            flush_lines(&mut lines, out);
            let text = inline_content(block);
            if !text.is_empty() {
                let lines: Vec<String> = text.lines().map(as_text_line).collect();
                out.push(lines.join("\n"));
            }
        } else if inline_only {
            let text = inline_content(block);
            if !text.is_empty() {
                lines.push(text);
            }
        } else {
            flush_lines(&mut lines, out);
            blocks_of(block, out);
        }
    }
    flush_inline(&mut inline, &mut lines);
    flush_lines(&mut lines, out);
}

/// A list's items, each its blocks with the later lines indented under the marker.
fn list_of(list: &HtmlElement, ordered: bool) -> String {
    let mut items = Vec::new();
    for child in &list.children {
        let HtmlNode::Element(item) = child else {
            continue;
        };
        let mut blocks = Vec::new();
        blocks_of(item, &mut blocks);
        let body = blocks.join("\n\n");
        if body.is_empty() {
            continue;
        }
        let marker = if ordered {
            format!("{}. ", items.len() + 1)
        } else {
            "- ".to_string()
        };
        items.push(indented(&marker, &body));
    }
    items.join("\n")
}

/// A definition list as a list of "**term**: description" items.
fn definitions_of(list: &HtmlElement) -> String {
    let mut items: Vec<String> = Vec::new();
    for child in &list.children {
        let HtmlNode::Element(part) = child else {
            continue;
        };
        let text = inline_content(part);
        if part.tag == tag::dt {
            items.push(format!("**{text}**"));
        } else if part.tag == tag::dd {
            match items.last_mut() {
                Some(last) if !text.is_empty() => {
                    last.push_str(": ");
                    last.push_str(&text);
                }
                _ => items.push(text),
            }
        }
    }
    items
        .iter()
        .filter(|item| !item.is_empty())
        .map(|item| indented("- ", item))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `body` after `marker`, its later lines indented by the marker's width (blank lines stay
/// blank).
fn indented(marker: &str, body: &str) -> String {
    let pad = " ".repeat(marker.len());
    let mut out = String::from(marker);
    for (i, line) in body.lines().enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&pad);
            }
        }
        out.push_str(line);
    }
    out
}

/// The inline content of `element` on its own, trimmed.
fn inline_content(element: &HtmlElement) -> String {
    inline_spaced(element).trim().to_string()
}

/// The inline content of `element` with the spaces at its ends.
fn inline_spaced(element: &HtmlElement) -> String {
    let mut out = String::new();
    for child in &element.children {
        inline_of(child, &mut out);
    }
    out
}

/// Appends `node` as inline Markdown.
fn inline_of(node: &HtmlNode, out: &mut String) {
    let element = match node {
        HtmlNode::Text(text, _) => return push_text(text, out),
        HtmlNode::Element(element) => element,
        HtmlNode::Tag(_) | HtmlNode::Frame(_) => return,
    };
    if role(element) == Role::Hidden {
        return;
    }
    if is_side(element) && !out.trim().is_empty() {
        out.push_str(" — ");
    }
    let t = element.tag;
    if t == tag::br {
        out.push_str("\\\n");
    } else if t == tag::strong || t == tag::b {
        delimited("**", &inline_spaced(element), out);
    } else if t == tag::em || t == tag::i {
        delimited("*", &inline_spaced(element), out);
    } else if t == tag::code {
        code_span(&plain_text(element), out);
    } else if t == tag::a {
        // `!` before a link would make it a picture.
        if out.ends_with('!') && !out.ends_with("\\!") {
            out.pop();
            out.push_str("\\!");
        }
        let text = inline_content(element);
        match element.attrs.get(attr::href) {
            Some(href) if !text.is_empty() => {
                out.push('[');
                out.push_str(&text);
                out.push_str("](");
                out.push_str(&destination(href));
                out.push(')');
            }
            _ => out.push_str(&text),
        }
    } else {
        for child in &element.children {
            inline_of(child, out);
        }
    }
}

/// Whether web.typ set `element` aside (class `side`: a place, a date beside a line).
fn is_side(element: &HtmlElement) -> bool {
    element
        .attrs
        .get(attr::class)
        .is_some_and(|c| c.split(' ').any(|c| c == "side"))
}

/// Text with its whitespace folded as HTML shows it, escaped.
fn push_text(text: &str, out: &mut String) {
    let mut folded = String::with_capacity(text.len());
    for (i, word) in text.split(char::is_whitespace).enumerate() {
        if i > 0 && !folded.ends_with(' ') && !(folded.is_empty() && out.ends_with(' ')) {
            folded.push(' ');
        }
        folded.push_str(word);
    }
    out.push_str(&escape(&folded));
}

/// The text of an element, without markup.
fn plain_text(element: &HtmlElement) -> String {
    let mut out = String::new();
    for child in &element.children {
        match child {
            HtmlNode::Text(text, _) => out.push_str(text),
            HtmlNode::Element(inner) => out.push_str(&plain_text(inner)),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
