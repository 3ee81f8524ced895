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

/// HTML to inline Markdown, with `text` applied to the text between tags.
fn to_markdown(html: &str, text: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&text(&rest[..open]));
        // A comment goes whole, to its end or, unclosed, to the end of the text.
        if rest[open..].starts_with("<!--") {
            rest = rest[open..]
                .find("-->")
                .map_or("", |end| &rest[open + end + 3..]);
            continue;
        }
        let Some(close) = rest[open..].find('>') else {
            out.push_str(&text(&rest[open..]));
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let lower = tag.to_ascii_lowercase();
        if lower.starts_with("a ") {
            let href = attribute(tag, "href");
            let end = find_closing_anchor(rest).unwrap_or(rest.len());
            // The link's text: its tags dropped, not read as HTML again (no nesting).
            let label = text(&without_tags(&rest[..end]));
            let label = label.split_whitespace().collect::<Vec<_>>().join(" ");
            rest = rest.get(end + 4..).unwrap_or("");
            match href.and_then(|h| crate::link::check(&entities(&h)).ok()) {
                Some(url) if !label.is_empty() => out.push_str(&format!("[{label}]({url})")),
                _ => out.push_str(&label),
            }
        } else if matches!(lower.as_str(), "b" | "/b" | "strong" | "/strong") {
            out.push_str("**");
        } else if matches!(lower.as_str(), "i" | "/i" | "em" | "/em") {
            out.push('*');
        } else if lower == "br" || lower == "br/" || lower == "br /" {
            out.push(' ');
        }
    }
    out.push_str(&text(rest));
    out.split_whitespace().collect::<Vec<_>>().join(" ")
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

/// `html` without its tags.
pub fn without_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
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
    let generic = !closing && before.is_some_and(char::is_alphanumeric);
    closing || attributes || name == "br" || (!generic && FORMATTING.contains(&name.as_str()))
}

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
