//! al-folio's `_data/cv.yml` → profile. The file is a list of sections, each
//! `{title, type, contents}`: `map` (name/value pairs; "Full Name" is the name), `time_table`
//! (entries with `title`, `institution`, `year`, `description`, or a `year` with `items`),
//! `list` (lines) and `nested_list` (titled lists). Sections go where their title says
//! (education, experience, awards, skills, languages, interests), to custom sections
//! otherwise. Titles may hold HTML: links become Markdown links, other tags go.

use serde_json::Value;

use super::{parse_period, Tracked};
use crate::profile::*;
use crate::source::inline::escape as escape_markdown;

/// HTML as inline Markdown: `<a href="…">text</a>` a link (when the address passes the link
/// check), other tags dropped, entities decoded, the text escaped.
pub(crate) fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&escape_markdown(&entities(&rest[..open])));
        let Some(close) = rest[open..].find('>') else {
            out.push_str(&escape_markdown(&entities(&rest[open..])));
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
            let text = escape_markdown(&entities(&without_tags(&rest[..end])));
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            rest = rest.get(end + 4..).unwrap_or("");
            match href.and_then(|h| crate::link::check(&entities(&h)).ok()) {
                Some(url) if !text.is_empty() => out.push_str(&format!("[{text}]({url})")),
                _ => out.push_str(&text),
            }
        } else if lower == "br" || lower == "br/" || lower == "br /" {
            out.push(' ');
        }
    }
    out.push_str(&escape_markdown(&entities(rest)));
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
fn without_tags(html: &str) -> String {
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

/// HTML entities decoded: numeric ones, and the named ones people type (accents, dashes,
/// quotes); an unknown one stays as written.
fn entities(text: &str) -> String {
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
                out.push(c);
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

/// The character an entity's name (between `&` and `;`) stands for.
fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| !c.is_control() || *c == '\n');
    }
    // Accented letters: the letter and the accent's name (`ouml`, `eacute`, `Ccedil`).
    for (suffix, mark) in [
        ("uml", '\u{308}'),
        ("acute", '\u{301}'),
        ("grave", '\u{300}'),
        ("circ", '\u{302}'),
        ("tilde", '\u{303}'),
        ("cedil", '\u{327}'),
        ("ring", '\u{30A}'),
        ("caron", '\u{30C}'),
    ] {
        if let Some(letter) = name.strip_suffix(suffix) {
            let mut chars = letter.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                if c.is_ascii_alphabetic() {
                    return unicode_normalization::char::compose(c, mark);
                }
            }
        }
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "ndash" => '–',
        "mdash" => '—',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "szlig" => 'ß',
        "aelig" => 'æ',
        "oslash" => 'ø',
        "Oslash" => 'Ø',
        "copy" => '©',
        "reg" => '®',
        "middot" => '·',
        "bull" => '•',
        _ => return None,
    })
}

/// Whether `value` looks like al-folio's cv.yml: a list of `{title, type, contents}`.
pub(super) fn looks_like(value: &Value) -> bool {
    value.as_array().is_some_and(|items| {
        !items.is_empty()
            && items.iter().all(|item| {
                item.get("title").is_some()
                    && item
                        .get("type")
                        .and_then(Value::as_str)
                        .is_some_and(|t| matches!(t, "map" | "time_table" | "list" | "nested_list"))
            })
    })
}

/// Converts al-folio's cv.yml (already parsed) into a profile.
pub(super) fn convert(value: Value) -> Result<(Profile, Vec<String>), String> {
    if !looks_like(&value) {
        return Err(
            "al-folio's _data/cv.yml is a list of sections with title, type and contents".into(),
        );
    }
    let count = value.as_array().map_or(0, Vec::len);
    let mut src = Tracked::new(value);
    let mut warnings = Vec::new();
    let mut p = Profile::default();
    for s in 0..count {
        let at = format!("[{s}]");
        let title = src.str(&format!("{at}.title")).unwrap_or_default();
        let kind = src.str(&format!("{at}.type")).unwrap_or_default();
        let lower = title.to_lowercase();
        let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        let contents = format!("{at}.contents");
        let mut custom = CustomSection {
            title: title.clone().into(),
            entries: Vec::new(),
        };
        match kind.as_str() {
            "map" => {
                for i in 0..src.len(&contents) {
                    let e = format!("{contents}[{i}]");
                    let (Some(name), Some(value)) = (
                        src.str(&format!("{e}.name")),
                        src.str(&format!("{e}.value")),
                    ) else {
                        continue;
                    };
                    match name.to_lowercase().as_str() {
                        "full name" | "name" => p.name = html_text(&value),
                        "languages" | "language" => {
                            p.languages
                                .extend(value.split([',', ';']).map(|l| Language {
                                    name: (l.trim().to_string()).into(),
                                    fluency: None,
                                }))
                        }
                        "email" | "e-mail" => p.contact.email = Some(value),
                        "phone" => p.contact.phone = Some(value),
                        "website" | "homepage" => p.contact.website = Some(value),
                        "address" | "location" => {
                            p.contact.address = Some((html_text(&value)).into())
                        }
                        _ => custom.entries.push(CustomEntry {
                            title: format!("**{}:** {}", html_text(&name), html_text(&value))
                                .into(),
                            ..CustomEntry::default()
                        }),
                    }
                }
            }
            "time_table" => {
                for i in 0..src.len(&contents) {
                    let e = format!("{contents}[{i}]");
                    let (start, end) = match src.str(&format!("{e}.year")) {
                        Some(year) => parse_period(&year).unwrap_or_else(|| {
                            warnings.push(format!("{e}.year: \"{year}\" is not a year"));
                            (None, None)
                        }),
                        None => (None, None),
                    };
                    // `{year, items}`: several entries of one year (al-folio's honours).
                    if src.len(&format!("{e}.items")) > 0 {
                        let date = start.or(match end {
                            Some(EndDate::Date(d)) => Some(d),
                            _ => None,
                        });
                        for item in src.strs(&format!("{e}.items")) {
                            if has(&["award", "honor", "honour", "prize"]) {
                                p.awards.push(Award {
                                    title: (html_text(&item)).into(),
                                    date,
                                    ..Award::default()
                                });
                            } else {
                                custom.entries.push(CustomEntry {
                                    title: (html_text(&item)).into(),
                                    date,
                                    ..CustomEntry::default()
                                });
                            }
                        }
                        continue;
                    }
                    let Some(entry_title) = src.str(&format!("{e}.title")).map(|t| html_text(&t))
                    else {
                        continue;
                    };
                    let institution = src.str(&format!("{e}.institution")).map(|t| html_text(&t));
                    let highlights = description(&mut src, &format!("{e}.description"));
                    if has(&["education", "degree"]) && institution.is_some() {
                        p.education.push(Education {
                            institution: institution.unwrap_or_default().into(),
                            degree: entry_title.into(),
                            start,
                            end,
                            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                            ..Education::default()
                        });
                    } else if has(&["experience", "employment", "position", "work"])
                        && institution.is_some()
                    {
                        p.experience.push(Experience {
                            organization: institution.unwrap_or_default().into(),
                            role: entry_title.into(),
                            location: None,
                            start,
                            end,
                            mentors: Vec::new(),
                            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                        });
                    } else if has(&["award", "honor", "honour", "prize"]) {
                        p.awards.push(Award {
                            title: entry_title.into(),
                            awarder: institution.map(Text::from),
                            date: start.or(match end {
                                Some(EndDate::Date(d)) => Some(d),
                                _ => None,
                            }),
                            note: ((!highlights.is_empty()).then(|| highlights.join("; ")))
                                .map(Text::from),
                            ..Award::default()
                        });
                    } else {
                        let (date, start, end) = match (start, end) {
                            (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                            (start, end) => (None, start, end),
                        };
                        custom.entries.push(CustomEntry {
                            title: entry_title.into(),
                            subtitle: institution.map(Text::from),
                            location: None,
                            date,
                            start,
                            end,
                            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                        });
                    }
                }
            }
            "list" => {
                for line in src.strs(&contents) {
                    let line = html_text(&line);
                    if has(&["interest", "hobb"]) {
                        p.hobbies.push(line.into());
                    } else {
                        custom.entries.push(CustomEntry {
                            title: line.into(),
                            ..CustomEntry::default()
                        });
                    }
                }
            }
            "nested_list" => {
                for i in 0..src.len(&contents) {
                    let e = format!("{contents}[{i}]");
                    let Some(group) = src.str(&format!("{e}.title")).map(|t| html_text(&t)) else {
                        continue;
                    };
                    let items: Vec<String> = src
                        .strs(&format!("{e}.items"))
                        .iter()
                        .map(|t| html_text(t))
                        .collect();
                    if has(&["skill"]) {
                        p.skills.push(Skill {
                            name: group.into(),
                            keywords: items.into_iter().map(Text::from).collect::<Vec<_>>(),
                        });
                    } else {
                        custom.entries.push(CustomEntry {
                            title: group.into(),
                            highlights: items.into_iter().map(Text::from).collect::<Vec<_>>(),
                            ..CustomEntry::default()
                        });
                    }
                }
            }
            _ => {}
        }
        if !custom.entries.is_empty() {
            p.sections.push(custom);
        }
    }
    if p.name.trim().is_empty() {
        return Err(
            "the cv.yml has no name (al-folio keeps it as \"Full Name\" in a `map` section); \
             add one there, or import with `cvpdf new` and copy the sections"
                .into(),
        );
    }
    for path in src.unused() {
        warnings.push(format!("{path}: no matching field"));
    }
    Ok((p, warnings))
}

/// A description: one text, or lines, or `{title, contents}` groups (flattened as
/// `title: a; b`).
fn description(src: &mut Tracked, at: &str) -> Vec<String> {
    if let Some(text) = src.str(at) {
        return vec![html_text(&text)];
    }
    let mut out = Vec::new();
    for i in 0..src.len(at) {
        let item = format!("{at}[{i}]");
        if let Some(text) = src.str(&item) {
            out.push(html_text(&text));
        } else if let Some(title) = src.str(&format!("{item}.title")) {
            let inner: Vec<String> = src
                .strs(&format!("{item}.contents"))
                .iter()
                .map(|t| html_text(t))
                .collect();
            out.push(if inner.is_empty() {
                html_text(&title)
            } else {
                format!("{}: {}", html_text(&title), inner.join("; "))
            });
        }
    }
    out
}

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
