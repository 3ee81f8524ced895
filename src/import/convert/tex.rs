//! LaTeX and TeX math as the text a reader sees, for every importer: BibTeX fields, and the
//! `$…$` math that author pages and CV files carry in their Markdown.
//!
//! Formatting commands keep their text (`\emph{x}` → `x`, `\href{u}{t}` → `t`); commands that
//! print a symbol print it (`\oplus` → `⊕`, `\leq` → `≤`); in math, sub- and superscripts
//! become Unicode where it has them (`AC^0` → `AC⁰`, `x_i` → `xᵢ`) and are written out
//! otherwise (`2^{n+k}` → `2^(n+k)`), the bodies of `\mathrm`, `\textsf`, `\text` and their
//! kin stay, `\left`/`\right` and spacing go. A command this table does not know is dropped
//! (its braced text kept) and its name collected, so the importer names it once.

pub use super::math::math;
use super::symbols::symbol;
pub use super::tex_commands::Dropped;
use super::tex_commands::{arguments, command_at, commands, STYLES};

/// The deepest brace nesting LaTeX is read with; text nested deeper (no real text is) is left
/// as written, so that reading it stays linear and its recursion shallow.
const MAX_DEPTH: usize = 16;

/// Whether `text` nests braces deeper than [`MAX_DEPTH`].
fn too_deep(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return true;
                }
            }
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Text with LaTeX in it (a BibTeX field, a name part): commands resolved, `$…$` as math,
/// `~` a space, braces gone.
pub fn text(latex: &str, dropped: &mut Dropped) -> String {
    if too_deep(latex) {
        return latex.to_string();
    }
    let latex = &as_dollars(latex);
    let mut out = String::new();
    for (is_math, part) in split_math(latex) {
        if is_math {
            out.push_str(&math(part, dropped));
        } else {
            out.push_str(&commands(part, dropped));
        }
    }
    out
}

/// Text in which a `$` may also be a dollar (the biblatex crate hands `\$5` over as `$5`):
/// a `$…$` pair is math only when what it holds looks like TeX (a command, a sub- or
/// superscript, a brace) and hugs its dollars.
pub fn text_with_dollars(latex: &str, dropped: &mut Dropped) -> String {
    if too_deep(latex) {
        return latex.to_string();
    }
    let latex = &as_dollars(latex);
    let mut out = String::new();
    for (is_math, part) in split_math(latex) {
        let tex_like = part.contains(['\\', '^', '_', '{'])
            && !part.starts_with(char::is_whitespace)
            && !part.ends_with(char::is_whitespace);
        if is_math && tex_like {
            out.push_str(&math(part, dropped));
        } else if is_math {
            out.push_str(&commands(&format!("${part}$"), dropped));
        } else {
            out.push_str(&commands(part, dropped));
        }
    }
    out
}

/// LaTeX text with its other ways of writing settled: `\(…\)` is math between dollars,
/// ``` ``quotes'' ``` are typographic quotes.
fn as_dollars(latex: &str) -> String {
    let mut text = latex.replace("``", "“").replace("''", "”");
    if text.contains("\\(") && text.contains("\\)") {
        text = text.replace("\\(", "$").replace("\\)", "$");
    }
    text
}

/// The pieces of `text` outside and inside `$…$` (and `$$…$$`); an unpaired `$` is text.
fn split_math(text: &str) -> Vec<(bool, &str)> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(open) = find_unescaped(rest, '$') {
        let fence = if rest[open..].starts_with("$$") { 2 } else { 1 };
        let inner = &rest[open + fence..];
        let Some(close) = find_unescaped(inner, '$') else {
            break;
        };
        pieces.push((false, &rest[..open]));
        pieces.push((true, &inner[..close]));
        let after = &inner[close..];
        rest = match after.strip_prefix("$$") {
            Some(after) if fence == 2 => after,
            _ => &after[1..],
        };
    }
    pieces.push((false, rest));
    pieces
}

/// The byte index of `c` not escaped by a backslash.
fn find_unescaped(text: &str, c: char) -> Option<usize> {
    let mut escaped = false;
    for (i, ch) in text.char_indices() {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            _ if ch == c => return Some(i),
            _ => {}
        }
    }
    None
}

/// The TeX math spans of Markdown text (`$x^2$`, `$$…$$`) written as text; a `$` that opens
/// no math (`$5 or $6`) stays.
pub fn math_in_markdown(text: &str, dropped: &mut Dropped) -> String {
    if !text.contains('$') || too_deep(text) {
        return text.to_string();
    }
    let mut out = String::new();
    for (is_math, part) in split_math(text) {
        let tight = !part.starts_with(char::is_whitespace) && !part.ends_with(char::is_whitespace);
        if is_math && tight && !part.is_empty() && !part.contains('\n') {
            out.push_str(&math(part, dropped));
        } else if is_math {
            out.push('$');
            out.push_str(part);
            out.push('$');
        } else {
            out.push_str(part);
        }
    }
    out
}

/// LaTeX commands left in Markdown text (CV files written for LaTeX templates): `\href{u}{t}`
/// becomes a Markdown link, `\textbf`/`\emph` emphasis, other styles their text, symbols
/// their symbol; a literal `\n` is a space. Backslashes before other characters are
/// Markdown's escapes and stay.
pub fn commands_in_markdown(text: &str, dropped: &mut Dropped) -> String {
    if !text.contains('\\') || too_deep(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let (name, after) = command_at(&rest[at + 1..]);
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            match name {
                "&" | "%" | "$" | "#" | "_" | "{" | "}" => out.push_str(&format!("\\{name}")),
                "\\" => out.push(' '),
                other => out.push_str(&format!("\\{other}")),
            }
            rest = after;
            continue;
        }
        let (args, tail) = arguments(after);
        let inner = |a: &str, dropped: &mut Dropped| commands_in_markdown(a, dropped);
        match (name, args.as_slice()) {
            ("href", [url, label]) => {
                let label = inner(label, dropped);
                out.push_str(&format!("[{label}]({})", url.trim()));
            }
            ("url", [url]) => out.push_str(url.trim()),
            ("textbf" | "bf" | "mathbf", [body]) => {
                out.push_str(&format!("**{}**", inner(body, dropped)))
            }
            ("emph" | "textit" | "it" | "textsl", [body]) => {
                out.push_str(&format!("*{}*", inner(body, dropped)))
            }
            ("n", []) => out.push(' '),
            (name, []) if symbol(name).is_some() => out.push_str(symbol(name).unwrap_or("")),
            (name, [.., last]) => {
                if !STYLES.contains(&name) {
                    dropped.insert(format!("\\{name}"));
                }
                out.push_str(&inner(last, dropped));
            }
            (name, []) => {
                dropped.insert(format!("\\{name}"));
            }
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
