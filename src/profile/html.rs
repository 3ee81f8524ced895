//! HTML in text that reaches a profile (al-folio's values, a pasted link): turned into the
//! profile's inline Markdown, or its plain text, with the entities people type decoded.

use super::markup::escape as escape_markdown;

/// HTML as inline Markdown: `<a href="…">text</a>` a link (when the address passes the link
/// check), other tags dropped, entities decoded, the text escaped.
pub fn html_text(html: &str) -> String {
    to_markdown(html, &|text| escape_markdown(&entities(text)))
}

/// Inline Markdown with HTML in it (a pasted `<a href>`, `<small>`, `&amp;`): the HTML made
/// Markdown as [`html_text`] makes it, the Markdown left as it is.
pub fn html_in_markdown(text: &str) -> String {
    to_markdown(text, &|text| {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        // Only what an entity decodes to is escaped: the Markdown around it stays Markdown.
        while let Some(at) = rest.find('&') {
            out.push_str(&rest[..at]);
            let end = rest[at..]
                .find(';')
                .map_or(1, |e| e + 1)
                .min(rest.len() - at);
            let piece = &rest[at..at + end];
            let decoded = entities(piece);
            if decoded == piece {
                out.push('&');
                rest = &rest[at + 1..];
            } else {
                out.push_str(&escape_markdown(&decoded));
                rest = &rest[at + end..];
            }
        }
        out.push_str(rest);
        out
    })
}

/// HTML to inline Markdown, with `text` applied to the text between tags. Only HTML someone
/// meant ([`is_html`]) is converted; other `<…>` (`Vec<T>`, the `<eos>` token) is text. Bold
/// and italic marks hug their words (`<b>Note: </b>x` → `**Note:** x`), and an empty pair
/// leaves nothing.
fn to_markdown(html: &str, text: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = html;
    // In text that is HTML (it closes an element somewhere), every element's tag is a tag.
    let is_markup = holds_html(html);
    // An opening mark waits for the first word after it.
    let mut pending: Option<&str> = None;
    let push_text = |out: &mut String, pending: &mut Option<&str>, piece: &str| {
        if piece.is_empty() {
            return;
        }
        match pending.take() {
            Some(mark) if !piece.trim().is_empty() => {
                let trimmed = piece.trim_start();
                out.push_str(&piece[..piece.len() - trimmed.len()]);
                out.push_str(mark);
                out.push_str(trimmed);
            }
            Some(mark) => {
                out.push_str(piece);
                *pending = Some(mark);
            }
            None => out.push_str(piece),
        }
    };
    while let Some(open) = rest.find('<') {
        push_text(&mut out, &mut pending, &text(&rest[..open]));
        // A comment goes whole, to its end or, unclosed, to the end of the text.
        if rest[open..].starts_with("<!--") {
            rest = rest[open..]
                .find("-->")
                .map_or("", |end| &rest[open + end + 3..]);
            continue;
        }
        let Some(close) = rest[open..].find('>') else {
            push_text(&mut out, &mut pending, &text(&rest[open..]));
            rest = "";
            break;
        };
        let whole = &rest[open..open + close + 1];
        let before = rest[..open].chars().next_back().or(out.chars().next_back());
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let lower = tag.to_ascii_lowercase();
        let name: String = lower
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if !(is_html(whole, before) || (is_markup && HTML_ELEMENTS.contains(&name.as_str()))) {
            push_text(&mut out, &mut pending, &text(whole));
            continue;
        }
        let mark = match lower.trim_start_matches('/') {
            "b" | "strong" => Some("**"),
            "i" | "em" => Some("*"),
            _ => None,
        };
        if lower.starts_with("a ") {
            let href = attribute(tag, "href");
            let end = find_closing_anchor(rest).unwrap_or(rest.len());
            // The link's text: its tags dropped, not read as HTML again (no nesting).
            let label = text(&without_tags(&rest[..end]));
            let label = crate::profile::one_line(&label);
            rest = rest.get(end + 4..).unwrap_or("");
            let link = match href.and_then(|h| crate::link::check(&entities(&h)).ok()) {
                Some(url) if !label.is_empty() => format!("[{label}]({url})"),
                _ => label,
            };
            push_text(&mut out, &mut pending, &link);
        } else if let (Some(mark), false) = (mark, lower.starts_with('/')) {
            pending = Some(mark);
        } else if let Some(mark) = mark {
            if pending.take().is_none() {
                // The closing mark after the last word, the space after it.
                let kept = out.trim_end().len();
                let space = out[kept..].to_string();
                out.truncate(kept);
                out.push_str(mark);
                out.push_str(&space);
            }
        } else if !INLINE_ELEMENTS.contains(&name.as_str()) {
            // A line break or a block's edge: the words on either side stay apart.
            out.push(' ');
        }
    }
    push_text(&mut out, &mut pending, &text(rest));
    crate::profile::one_line(&out)
}

/// The text of an HTML block (`<div>…</div>`, `<details>…`): comments and tags dropped, a
/// space for each tag so that words of two elements stay apart.
pub fn block_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let end = if rest[open..].starts_with("<!--") {
            rest[open..].find("-->").map(|e| open + e + 3)
        } else {
            rest[open..].find('>').map(|e| open + e + 1)
        };
        let Some(end) = end else {
            rest = "";
            break;
        };
        out.push(' ');
        rest = &rest[end..];
    }
    out.push_str(rest);
    entities(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` holds HTML someone meant ([`is_html`]) anywhere, not only in its first tag:
/// `<details><summary>More</summary>…` is HTML by its closing tags.
pub fn holds_html(text: &str) -> bool {
    let mut rest = text;
    let mut before = None;
    while let Some(open) = rest.find('<') {
        if rest[open..].starts_with("<!--") {
            return true;
        }
        let prior = rest[..open].chars().next_back().or(before);
        let Some(close) = rest[open..].find('>') else {
            return false;
        };
        if is_html(&rest[open..open + close + 1], prior) {
            return true;
        }
        before = Some('>');
        rest = &rest[open + close + 1..];
    }
    false
}

/// Where `</a>` (in any case) starts in `html`.
fn find_closing_anchor(html: &str) -> Option<usize> {
    let bytes = html.as_bytes();
    html.match_indices("</").map(|(i, _)| i).find(|&i| {
        bytes
            .get(i + 2)
            .is_some_and(|b| b.eq_ignore_ascii_case(&b'a'))
            && bytes.get(i + 3) == Some(&b'>')
    })
}

/// `html` without its tags (a break or a block between two words leaves a space).
pub fn without_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut tag: Option<String> = None;
    for c in html.chars() {
        match (c, &mut tag) {
            ('<', None) => tag = Some(String::new()),
            ('>', Some(name)) => {
                // A line break or a block between two words leaves a space between them
                // (`one<br>two` is two words).
                let name = name.trim_start_matches('/').to_ascii_lowercase();
                let name = name.split([' ', '/', '\t', '\n']).next().unwrap_or("");
                let breaks = matches!(name, "br" | "p" | "div" | "li" | "tr" | "td" | "hr");
                if breaks && !out.is_empty() && !out.ends_with(char::is_whitespace) {
                    out.push(' ');
                }
                tag = None;
            }
            (c, Some(name)) => {
                if name.len() < 16 {
                    name.push(c);
                }
            }
            (c, None) => out.push(c),
        }
    }
    out
}

/// The value of attribute `name` in a tag's text (`a href="x" target=_blank`).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let lower = tag.to_ascii_lowercase();
    let at = lower.find(&format!("{name}="))? + name.len() + 1;
    let value = &tag[at..];
    let (quote, body) = match value.chars().next()? {
        q @ ('"' | '\'') => (Some(q), &value[1..]),
        _ => (None, value),
    };
    let end = match quote {
        Some(q) => body.find(q)?,
        None => body.find(char::is_whitespace).unwrap_or(body.len()),
    };
    Some(body[..end].to_string())
}

/// HTML entities decoded, numeric and named (`&amp;`, `&ouml;`, `&hearts;`); an unknown one
/// stays as written.
pub fn entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        // Names are short: look for the `;` among the next few characters only (a text of
        // many `&` and no `;` must not be searched to its end each time).
        let window = tail[1..]
            .char_indices()
            .take(12)
            .find(|&(_, c)| c == ';')
            .map(|(i, _)| i);
        let decoded = window.and_then(|end| entity(&tail[1..1 + end]).map(|c| (c, end + 2)));
        match decoded {
            Some((c, length)) => {
                out.push_str(&c);
                rest = &tail[length..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// What an entity's name (between `&` and `;`) stands for, by HTML's table as pulldown-cmark
/// knows it (every named entity, and numeric ones); none for an unknown name or a control
/// character.
fn entity(name: &str) -> Option<String> {
    let source = format!("&{name};");
    let mut decoded = String::new();
    for event in pulldown_cmark::Parser::new(&source) {
        match event {
            pulldown_cmark::Event::Text(text) => decoded.push_str(&text),
            pulldown_cmark::Event::Start(_) | pulldown_cmark::Event::End(_) => {}
            _ => return None,
        }
    }
    let known = decoded != source && !decoded.contains('\u{fffd}');
    (known && !decoded.chars().any(|c| c.is_control() && c != '\n')).then_some(decoded)
}

/// Whether a tag Markdown reads as HTML is HTML someone meant: a comment, a closing tag of
/// an HTML element, an element with attributes (`<a href=…>`, `<br/>`), or one of the tags
/// that format pasted text (`<small>`, `<b>`, `<br>`). A tag right after a letter is a type's
/// parameter (`Vec<T>`, `List<B>`), and a bare `<s>`, `<video>` or `<table>` names a token or
/// a tag in a title.
pub fn is_html(tag: &str, before: Option<char>) -> bool {
    let tag = tag.trim();
    if tag.starts_with("<!--") {
        return true;
    }
    let closing = tag.starts_with("</");
    let body = tag.trim_start_matches('<').trim_start_matches('/');
    let name: String = body
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    if !HTML_ELEMENTS.contains(&name.as_str()) {
        return false;
    }
    let first_tag = &body[name.len()..body.find('>').unwrap_or(body.len())];
    let attributes = first_tag.contains('=') || first_tag.trim_end().ends_with('/');
    // `List<B>`, `Box<U>`: a capital right after a word is a type's parameter.
    let generic = !closing
        && before.is_some_and(char::is_alphanumeric)
        && body.starts_with(|c: char| c.is_ascii_uppercase());
    closing || attributes || name == "br" || (!generic && FORMATTING.contains(&name.as_str()))
}

/// Elements inside a line of text, whose tags join the words around them.
const INLINE_ELEMENTS: &[&str] = &[
    "a", "abbr", "b", "big", "cite", "code", "em", "font", "i", "kbd", "mark", "q", "s", "samp",
    "small", "span", "strong", "sub", "sup", "tt", "u", "var",
];

/// The tags of text pasted from a web page or a site's data files, HTML even when bare.
const FORMATTING: &[&str] = &[
    "a", "b", "big", "br", "center", "div", "em", "font", "hr", "i", "iframe", "img", "li", "ol",
    "p", "script", "small", "span", "strong", "style", "sub", "sup", "tt", "u", "ul",
];

/// HTML's elements, the ones text pasted from a page or a site's data files holds.
#[rustfmt::skip]
const HTML_ELEMENTS: &[&str] = &[
    "a", "abbr", "address", "article", "aside", "audio", "b", "base", "bdi", "bdo", "big",
    "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
    "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption",
    "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
    "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "li", "link", "main",
    "mark", "meta", "nav", "nobr", "noscript", "object", "ol", "option", "p", "picture", "pre",
    "q", "s", "samp", "script", "section", "select", "small", "source", "span", "strike",
    "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template",
    "textarea", "th", "thead", "time", "title", "tr", "tt", "u", "ul", "var", "video", "wbr",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_markdown() {
        assert_eq!(
            html_text(r#"<a href="https://github.com/x/y">y</a> &amp; <u>more</u>_"#),
            r"[y](https://github.com/x/y) & more\_"
        );
        assert_eq!(html_text("<a href='javascript:alert(1)'>no</a>"), "no");
        // Deeply nested or unclosed anchors are text, read once.
        let nested = "<a href=\"https://x.org\">".repeat(100_000);
        assert!(html_text(&nested).is_empty());
        let many = "&".repeat(200_000);
        assert_eq!(entities(&many).len(), 200_000);
        assert_eq!(
            html_text("G&ouml;ttingen &amp; Fran&ccedil;ois &#8211; &#x4E2D; &bogus; &"),
            "Göttingen & François – 中 &bogus; &"
        );
    }
}
