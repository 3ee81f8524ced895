//! Text shown exactly as written in a Markdown field: the one escaper for text from formats
//! without Markdown, and the block markers (`# `, `- `, `1. `) a line must not start with
//! unescaped. It uses nothing else of the profile, so the readers of HTML and of Markdown
//! both stand on it.

/// The length of a block marker at the start of `line` with the space after it, 0 when it has
/// none. A marker that ends the line is one too (`#`, `-`, `2024.`: an empty heading or list
/// item to CommonMark).
pub(super) fn marker_len(line: &str) -> usize {
    // The marker's `n` characters, and the space after them if there is one; 0 if text follows.
    let ended = |n: usize| match line[n..].chars().next() {
        None => n,
        Some(' ') => n + 1,
        Some(_) => 0,
    };
    let hashes = line.len() - line.trim_start_matches('#').len();
    if (1..=6).contains(&hashes) && ended(hashes) > 0 {
        return ended(hashes);
    }
    if line.starts_with(['-', '*', '+', '>']) && ended(1) > 0 {
        return ended(1);
    }
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if (1..=9).contains(&digits) && line[digits..].starts_with(['.', ')']) {
        return ended(digits + 1);
    }
    0
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
    // A line that starts like a heading or a list (`# 1`, `- 5 ms`, `1. Platz`) is text too.
    if text.lines().any(|line| marker_len(line.trim_start()) > 0) {
        return out
            .lines()
            .map(escaped_marker)
            .collect::<Vec<_>>()
            .join("\n");
    }
    out
}

/// `line` with a backslash before the punctuation of its block marker (`\- 5 ms`, `1\. Platz`,
/// `\# 1`), so that it prints as written; a line without one as it is.
pub(super) fn escaped_marker(line: &str) -> String {
    let indent = line.len() - line.trim_start().len();
    let marker = marker_len(&line[indent..]);
    if marker == 0 {
        return line.to_string();
    }
    // The marker's punctuation is its last character but the space (`1.`, `-`, `#`).
    let head = line[indent..indent + marker].trim_end();
    let (digits, punctuation) = head.split_at(head.len() - 1);
    format!(
        "{}{digits}\\{punctuation}{}",
        &line[..indent],
        &line[indent + head.len()..]
    )
}
