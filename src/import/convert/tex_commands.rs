//! TeX commands in text, read one at a time: a command's name and braced arguments, the brace
//! that closes a group, and what a command left in text prints. Both readers of LaTeX use
//! them: `tex` (text, with its `$…$` handed to `math`) and `math` (whose `\text{…}` bodies
//! are text again), so they sit below both, and neither reaches into the other for them.

use std::collections::BTreeSet;

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
