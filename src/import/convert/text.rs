//! Foreign text (HTML, Markdown, TeX) on its way to the profile's own inline text. What this
//! step does, before the profile's rule for each field ([`crate::profile::markup::fit`]) turns
//! the HTML that is left into Markdown:
//!
//! - comments go: Markdown's `[//]: <> (…)`, `[//]: # (…)`, `[comment]: <> (…)` lines and
//!   HTML's `<!-- … -->`;
//! - TeX math becomes text (`$\mathrm{AC}^0$` → `AC⁰`, see [`super::tex`]), and so does
//!   MathML ([`super::mathml`]);
//! - every link target, in Markdown or HTML, passes the one link classifier: a path within the
//!   site is resolved against the site's address or the link is dropped (its text kept);
//! - HTML tags that only style (`<small>`, `<font>`, `<span>`) are named, once, in the summary.
//!
//! Text decoded twice (mojibake) is repaired before the file is parsed: [`super::mojibake`].

use super::links::{address, Address};
use super::mathml;
use super::tex::{self, Dropped};
use crate::import::Warning;

/// What foreign text needs from its import: where the site is, and where to say what was
/// dropped.
#[derive(Debug, Default)]
pub struct Context {
    /// The site's address, for links within it (`--base-url`).
    pub base_url: Option<String>,
    /// Commands and tags dropped because nothing here knows them.
    pub dropped: Dropped,
    /// Links left out, each with the field and why.
    pub warnings: Vec<Warning>,
}

/// HTML tags whose meaning the profile keeps (emphasis, links, paragraphs, lists, code).
const KEPT_TAGS: &[&str] = &[
    "a",
    "b",
    "strong",
    "i",
    "em",
    "br",
    "p",
    "ul",
    "ol",
    "li",
    "code",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
];

/// `text` of field `path` with comments gone, math as text and every link target checked.
pub fn foreign(text: &str, path: &str, context: &mut Context) -> String {
    let text = blocks(&without_comments(text));
    // Math first: its commands (`\frac`, `\mathbb`) are math's, not text's.
    let text = tex::math_in_markdown(&text, &mut context.dropped);
    let text = tex::commands_in_markdown(&text, &mut context.dropped);
    let text = mathml::as_text(&text);
    note_tags(&text, &mut context.dropped);
    let text = autolinks(&text, path, context);
    let text = markdown_links(&text, path, context);
    html_links(&text, path, context)
}

/// The text without Markdown comment lines and HTML comments.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("<!--") {
        out.push_str(&rest[..open]);
        rest = match rest[open..].find("-->") {
            Some(close) => &rest[open + close + 3..],
            None => "",
        };
    }
    out.push_str(rest);
    if !out.contains("]:") {
        return out;
    }
    let kept: Vec<&str> = out
        .split('\n')
        .filter(|line| {
            let line = line.trim_start();
            !(line.starts_with("[//]:")
                || line.starts_with("[comment]:")
                || line.starts_with("[//]: #"))
        })
        .collect();
    kept.join("\n")
}

/// Markdown blocks a CV's paragraphs do not show, as paragraphs: a heading (`### Aims`) a bold
/// line of its own, each list item (`- `, `* `, `+ `) a paragraph of its own after a bullet.
fn blocks(text: &str) -> String {
    // One line is not a document: `- 5 ms` in a highlight is a minus.
    let starts_block = |line: &str| heading(line).is_some() || bullet(line).is_some();
    if !text.contains('\n') || !text.split('\n').any(|l| starts_block(l.trim_start())) {
        return text.to_string();
    }
    let mut lines: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in text.split('\n') {
        let trimmed = line.trim_start();
        // Code is code: nothing inside a fence, or indented as code, is a heading or a list.
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            lines.push(line.to_string());
            continue;
        }
        if fenced || line.starts_with("    ") || line.starts_with('\t') {
            lines.push(line.to_string());
            continue;
        }
        // A heading with no words (`#`, `##`) says nothing.
        if !trimmed.is_empty() && trimmed.len() <= 6 && trimmed.chars().all(|c| c == '#') {
            lines.push(String::new());
            continue;
        }
        if let Some(title) = heading(trimmed) {
            lines.extend([String::new(), format!("**{title}**"), String::new()]);
        } else if let Some(item) = bullet(trimmed) {
            lines.extend([String::new(), format!("• {item}")]);
        } else {
            lines.push(line.to_string());
        }
    }
    let joined = lines.join("\n");
    let mut out = String::with_capacity(joined.len());
    for part in joined
        .split("\n\n")
        .map(str::trim_end)
        .filter(|p| !p.trim().is_empty())
    {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str(part.trim_start_matches('\n'));
    }
    out
}

/// The text of an ATX heading line (`## Aims ##` → `Aims`).
fn heading(line: &str) -> Option<&str> {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    let rest = line[hashes..].strip_prefix([' ', '\t'])?;
    ((1..=6).contains(&hashes) && !rest.trim().is_empty())
        .then(|| rest.trim().trim_end_matches('#').trim_end())
}

/// The text of a list item line (`- a`, `* a`, `+ a`).
fn bullet(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix(['-', '*', '+'])?
        .strip_prefix([' ', '\t'])?;
    (!rest.trim().is_empty()).then_some(rest.trim())
}

/// Names the HTML tags in `text` that only style.
fn note_tags(text: &str, dropped: &mut Dropped) {
    for (at, _) in text.match_indices('<') {
        let name: String = text[at + 1..]
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        let before = text[..at].chars().next_back();
        // A tag ends within a line's length, or it is no tag: the search is bounded.
        let end = text[at..]
            .char_indices()
            .take(400)
            .find(|(_, c)| *c == '>')
            .map_or(at, |(i, _)| at + i + 1);
        let tag = &text[at..end];
        if !name.is_empty()
            && !KEPT_TAGS.contains(&name.as_str())
            && crate::profile::html::is_html(tag, before)
        {
            dropped.insert(format!("<{name}>"));
        }
    }
}

/// A link target made an address, or `None` (with a warning) when it cannot be one.
fn target(raw: &str, path: &str, context: &mut Context) -> Option<String> {
    match address(raw, context.base_url.as_deref()) {
        Ok(Address::Web(url)) => Some(url),
        Ok(Address::Mail(mail)) => Some(format!("mailto:{mail}")),
        Err(why) => {
            context.warnings.push(Warning::at(
                path,
                format!("the link to {raw} was left out ({why})"),
            ));
            None
        }
    }
}

/// Markdown's autolinks (`<https://x.org>`, `<ada@x.org>`) as links whose target passed the
/// classifier; one that cannot be an address is its text.
fn autolinks(text: &str, path: &str, context: &mut Context) -> String {
    if !text.contains('<') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let end = after
            .char_indices()
            .take(2_000)
            .find(|(_, c)| *c == '>' || *c == '<' || c.is_whitespace())
            .filter(|(_, c)| *c == '>')
            .map(|(i, _)| i);
        let inner = end.map_or("", |end| &after[..end]);
        let is_autolink = inner.contains('@')
            || inner.split_once(':').is_some_and(|(scheme, _)| {
                !scheme.is_empty()
                    && scheme
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            });
        match end {
            Some(end) if is_autolink => {
                let shown = inner.strip_prefix("mailto:").unwrap_or(inner);
                match target(inner, path, context) {
                    Some(url) => out.push_str(&format!("[{shown}]({url})")),
                    None => out.push_str(shown),
                }
                rest = &after[end + 1..];
            }
            _ => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where the target of a Markdown link that starts at `text` ends: at the `)` that closes it,
/// parentheses inside it counted (`javascript:void(0)`).
fn target_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices().take(4_000) {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' => depth -= 1,
            '\n' => return None,
            _ => {}
        }
    }
    None
}

/// Markdown links `[text](target)`: each target checked; one that cannot be an address
/// leaves its text. An image (`![alt](src)`) has no place in a CV and goes.
fn markdown_links(text: &str, path: &str, context: &mut Context) -> String {
    if !text.contains("](") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(mid) = rest.find("](") {
        let Some(open) = rest[..mid].rfind('[') else {
            out.push_str(&rest[..mid + 2]);
            rest = &rest[mid + 2..];
            continue;
        };
        let after = &rest[mid + 2..];
        let Some(close) = target_end(after) else {
            out.push_str(&rest[..mid + 2]);
            rest = after;
            continue;
        };
        let raw = after[..close].trim();
        // `[text](url "title")`: the title goes.
        let raw = raw.split_once(" \"").map_or(raw, |(url, _)| url).trim();
        let label = &rest[open + 1..mid];
        out.push_str(&rest[..open]);
        if out.ends_with('!') {
            out.pop();
            context
                .warnings
                .push(Warning::at(path, format!("the image {raw} was left out")));
        } else {
            match target(raw, path, context) {
                Some(url) => out.push_str(&format!("[{label}]({url})")),
                None => out.push_str(label),
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// HTML links' `href`s checked; one that cannot be an address goes, leaving the link's text.
fn html_links(text: &str, path: &str, context: &mut Context) -> String {
    if !text.contains("href=") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("href=") {
        out.push_str(&rest[..at]);
        let value = &rest[at + 5..];
        let quote = value.chars().next().filter(|c| *c == '"' || *c == '\'');
        let inner = quote.map_or(value, |q| &value[q.len_utf8()..]);
        let end = inner
            .find(|c: char| Some(c) == quote || (quote.is_none() && (c == '>' || c == ' ')))
            .unwrap_or(inner.len());
        let raw = crate::profile::html::entities(&inner[..end]);
        let after = &inner[(end + quote.map_or(0, char::len_utf8)).min(inner.len())..];
        if let Some(url) = target(&raw, path, context) {
            out.push_str(&format!("href=\"{}\"", url.replace('"', "%22")));
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
