//! LaTeX and TeX math as the text a reader sees, for every importer: BibTeX fields, and the
//! `$…$` math that author pages and CV files carry in their Markdown.
//!
//! Formatting commands keep their text (`\emph{x}` → `x`, `\href{u}{t}` → `t`); commands that
//! print a symbol print it (`\oplus` → `⊕`, `\leq` → `≤`); in math, sub- and superscripts
//! become Unicode where it has them (`AC^0` → `AC⁰`, `x_i` → `xᵢ`) and are written out
//! otherwise (`2^{n+k}` → `2^(n+k)`), the bodies of `\mathrm`, `\textsf`, `\text` and their
//! kin stay, `\left`/`\right` and spacing go. A command this table does not know is dropped
//! (its braced text kept) and its name collected, so the importer names it once.

use std::collections::BTreeSet;

pub use super::math::math;
use super::symbols::symbol;

/// Names of the commands dropped because nothing here knows them, for one summary line.
pub type Dropped = BTreeSet<String>;

/// Commands that only style their argument: the text stays.
pub(super) const STYLES: &[&str] = &[
    "emph",
    "textbf",
    "textit",
    "textsl",
    "textsc",
    "texttt",
    "textsf",
    "textrm",
    "textup",
    "textmd",
    "textnormal",
    "text",
    "mathrm",
    "mathsf",
    "mathit",
    "mathbf",
    "mathtt",
    "mathcal",
    "mathscr",
    "mathfrak",
    "boldsymbol",
    "bm",
    "mbox",
    "hbox",
    "operatorname",
    "underline",
    "uline",
    "url",
    "nolinkurl",
    "NoCaseChange",
    "MakeUppercase",
    "MakeLowercase",
    "uppercase",
    "lowercase",
    "textnormal",
    "ensuremath",
    "textsuperscript",
    "textsubscript",
    "href",
    "textcolor",
    "color",
    "mathbb",
    "bf",
    "it",
    "em",
    "rm",
    "sf",
    "tt",
    "sc",
    "small",
    "large",
    "Large",
    "footnotesize",
    "scriptsize",
    "tiny",
    "normalsize",
    "relax",
    "protect",
    "noopsort",
    "sortnoop",
    "hspace",
    "vspace",
];

/// Commands whose arguments are not the field's text (sorting keys, spacing, colours, and the
/// footnotes and affiliation marks a title page hangs on a name or a title: `\thanks{…}`,
/// `\inst{1}`): dropped with them, silently.
const SILENT: &[&str] = &[
    "noopsort",
    "sortnoop",
    "hspace",
    "vspace",
    "color",
    "thanks",
    "footnote",
    "footnotemark",
    "footnotetext",
    "inst",
    "label",
    "index",
];

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

/// A command's name (letters, or one other character) and what follows it.
pub(super) fn command_at(after_backslash: &str) -> (&str, &str) {
    let len = after_backslash
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(after_backslash.len());
    if len > 0 {
        return after_backslash.split_at(len);
    }
    let one = after_backslash.chars().next().map_or(0, char::len_utf8);
    after_backslash.split_at(one)
}

/// The braced arguments after a command (an optional `[…]` skipped), and what follows them.
pub(super) fn arguments(mut tail: &str) -> (Vec<&str>, &str) {
    if let Some(inner) = tail.strip_prefix('[') {
        if let Some(end) = inner.find(']') {
            tail = &inner[end + 1..];
        }
    }
    let mut found = Vec::new();
    while let Some(inner) = tail.trim_start_matches([' ', '\t']).strip_prefix('{') {
        let Some(end) = matching_brace(inner) else {
            break;
        };
        found.push(&inner[..end]);
        tail = &inner[end + 1..];
    }
    (found, tail)
}

/// Commands left in text: styles keep their last argument, symbols print, escaped specials
/// keep the special.
pub(super) fn commands(text: &str, dropped: &mut Dropped) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['\\', '~', '{', '}']) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        match tail.as_bytes()[0] {
            b'~' => {
                out.push(' ');
                rest = &tail[1..];
            }
            b'{' | b'}' => rest = &tail[1..],
            _ => {
                let (name, after) = command_at(&tail[1..]);
                if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    // `\&`, `\%`, `\_`, `\$`: the character; `\\` (a line break) a space.
                    match name {
                        "\\" => out.push(' '),
                        "," | ";" | " " => out.push(' '),
                        "-" | "/" | "!" => {}
                        other => out.push_str(other),
                    }
                    rest = after;
                    continue;
                }
                let (args, after) = arguments(after);
                rest = after;
                if name == "href" && args.len() == 1 {
                    // The biblatex crate hands `\href`'s first argument alone; the text
                    // shown follows as the next chunk.
                } else if SILENT.contains(&name) {
                } else if let Some(symbol) = symbol(name) {
                    out.push_str(symbol);
                    out.extend(args.iter().map(|a| commands(a, dropped)));
                } else if let Some(last) = args.last() {
                    if !STYLES.contains(&name) {
                        dropped.insert(format!("\\{name}"));
                    }
                    out.push_str(&commands(last, dropped));
                } else {
                    if !STYLES.contains(&name) {
                        dropped.insert(format!("\\{name}"));
                    }
                    if rest.starts_with(' ') && (out.is_empty() || out.ends_with(' ')) {
                        rest = &rest[1..];
                    }
                }
            }
        }
    }
    out.push_str(rest);
    out
}

/// The byte index of the `}` that closes the text (which starts after a `{`).
pub(super) fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' if depth == 0 => return Some(i),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
