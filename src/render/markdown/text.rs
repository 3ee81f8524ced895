//! CommonMark's inline syntax, written so that text reads as written: the escapes of a text,
//! of the start of a line and of a heading's end, emphasis around text, code spans and link
//! destinations.

/// `text` as Markdown shows it exactly: the profile's escaper (inline syntax and line-start
/// markers), `~` (GitHub's strike-through) and an `&` that would start an entity reference
/// (`&amp;`, `&#60;`).
pub(super) fn escape(text: &str) -> String {
    let escaped = crate::profile::markup::escape(text);
    let mut out = String::with_capacity(escaped.len());
    for (i, c) in escaped.char_indices() {
        let entity = c == '&' && {
            let rest = &escaped[i + 1..];
            let name = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#'))
                .unwrap_or(rest.len());
            name > 0 && rest[name..].starts_with(';')
        };
        if entity || c == '~' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` between `delimiter`s, with the spaces at its ends outside them (emphasis cannot
/// start or end with a space).
pub(super) fn delimited(delimiter: &str, text: &str, out: &mut String) {
    if text.trim().is_empty() {
        out.push_str(text);
        return;
    }
    let lead = text.len() - text.trim_start().len();
    let trail = text.trim_end().len();
    out.push_str(&text[..lead]);
    out.push_str(delimiter);
    out.push_str(&text[lead..trail]);
    out.push_str(delimiter);
    out.push_str(&text[trail..]);
}

/// `line` as the start of a paragraph's line that reads as text: a block marker without a
/// space after it (`#`, `-`, `+`, `2024.`), a line of `=` or `-` (which would underline the
/// line above as a heading) or of `_` (a rule) gets a backslash before its first mark. (The
/// text's own escaper handled markers followed by a space.)
pub(super) fn as_text_line(line: &str) -> String {
    let bare = |n: usize| line.len() == n || line[n..].starts_with(' ');
    let hashes = line.len() - line.trim_start_matches('#').len();
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rule = !line.is_empty()
        && ['=', '-', '_', '+']
            .iter()
            .any(|m| line.chars().all(|c| c == *m || c == ' '));
    if (1..=6).contains(&hashes) && bare(hashes)
        || (line.starts_with(['-', '+']) && bare(1))
        || rule
    {
        return format!("\\{line}");
    }
    if (1..=9).contains(&digits) && line[digits..].starts_with(['.', ')']) && bare(digits + 1) {
        return format!("{}\\{}", &line[..digits], &line[digits..]);
    }
    line.to_string()
}

/// A heading's text that keeps a `#` at its end (CommonMark takes a space and `#`s there for
/// the heading's closing marks).
pub(super) fn heading_text(text: &str) -> String {
    let kept = text.trim_end_matches('#');
    if kept.len() == text.len() || !(kept.is_empty() || kept.ends_with(' ')) {
        return text.to_string();
    }
    format!("{kept}\\{}", &text[kept.len()..])
}

/// A code span fenced by one more backtick than the text's longest run.
pub(super) fn code_span(text: &str, out: &mut String) {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    out.push_str(&fence);
    out.push_str(pad);
    out.push_str(text);
    out.push_str(pad);
    out.push_str(&fence);
}

/// A link's address as a Markdown destination: the characters that would end it or be read
/// as markup percent-encoded (the address passed cvpdf's link check when it was read).
pub(super) fn destination(href: &str) -> String {
    let mut out = String::with_capacity(href.len());
    for c in href.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '(' => out.push_str("%28"),
            ')' => out.push_str("%29"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '\\' => out.push_str("%5C"),
            // CommonMark reads character references in a destination: `&amp;` would become `&`.
            '&' => out.push_str("\\&"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}
