//! TeX math as text: symbols by name, sub- and superscripts in Unicode where it has them
//! (`AC^0` → `AC⁰`, `x_i` → `xᵢ`) and written out otherwise (`2^{n+q}` → `2^(n+q)`), the
//! bodies of `\mathrm`, `\textsf`, `\text` and their kin kept, `\left`/`\right` and spacing
//! gone, `\frac{a}{b}` as `a/b`, `\mathbb{R}` as `ℝ`.

use super::symbols::{subscript, superscript, symbol};
use super::tex_commands::{arguments, command_at, commands, matching_brace, Dropped, STYLES};

/// Math delimiters and spacing that print nothing of their own.
const SPACING: &[&str] = &[
    "left",
    "right",
    "big",
    "Big",
    "bigg",
    "Bigg",
    "bigl",
    "bigr",
    "Bigl",
    "Bigr",
    "middle",
    "displaystyle",
    "textstyle",
    "scriptstyle",
    "limits",
    "nolimits",
    "quad",
    "qquad",
];

/// Math as text: symbols by name, sub- and superscripts in Unicode where it has them.
pub fn math(text: &str, dropped: &mut Dropped) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match c {
            '\\' => {
                let (name, after) = command_at(&rest[1..]);
                rest = after;
                if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    match name {
                        "," | ";" | ":" | " " => out.push(' '),
                        "!" | "" => {}
                        "\\" => out.push(' '),
                        other => out.push_str(other),
                    }
                } else if SPACING.contains(&name) {
                    if name.ends_with("quad") {
                        out.push(' ');
                    }
                } else if name == "frac" || name == "dfrac" || name == "tfrac" {
                    let (args, after) = arguments(rest);
                    rest = after;
                    let parts: Vec<String> = args.iter().map(|a| math(a, dropped)).collect();
                    out.push_str(&parts.join("/"));
                } else if let Some(symbol) = symbol(name) {
                    out.push_str(symbol);
                } else if name == "mathbb" {
                    let (args, after) = arguments(rest);
                    rest = after;
                    for arg in args {
                        out.extend(arg.chars().map(double_struck));
                    }
                } else if STYLES.contains(&name) {
                    let (args, after) = arguments(rest);
                    rest = after;
                    // `\text{…}` holds words: spaces and commands as in text.
                    out.extend(args.iter().map(|a| commands(a, dropped)));
                } else {
                    dropped.insert(format!("\\{name}"));
                    rest = rest.strip_prefix(' ').unwrap_or(rest);
                }
            }
            '^' | '_' => {
                let (script, after) = script_at(&rest[1..]);
                rest = after;
                let script = math(script, dropped);
                out.push_str(&scripted(&script, c == '^'));
            }
            '{' | '}' | '&' => rest = &rest[1..],
            '~' => {
                out.push(' ');
                rest = &rest[1..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// A sub- or superscript's body (`{…}`, a command, or one character) and what follows it.
fn script_at(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    if let Some(inner) = text.strip_prefix('{') {
        if let Some(end) = matching_brace(inner) {
            return (&inner[..end], &inner[end + 1..]);
        }
    }
    if let Some(after) = text.strip_prefix('\\') {
        let (name, rest) = command_at(after);
        // A style's argument goes with it (`_\mbox{2}`, as the biblatex crate hands DBLP's
        // `_{\mbox{2}}` over).
        let argument = match rest.strip_prefix('{') {
            Some(inner) if STYLES.contains(&name) || name == "mathbb" => {
                matching_brace(inner).map_or(0, |end| end + 2)
            }
            _ => 0,
        };
        return text.split_at(1 + name.len() + argument);
    }
    let one = text.chars().next().map_or(0, char::len_utf8);
    text.split_at(one)
}

/// A script in Unicode when every character has a form (`⁰`, `ᵢ`); a word of letters after
/// a number (`14^{th}`) as it is; else written out (`^(n+k)`).
pub(super) fn scripted(script: &str, up: bool) -> String {
    let map = if up { superscript } else { subscript };
    let word = script.chars().count() >= 2 && script.chars().all(|c| c.is_ascii_alphabetic());
    if up && word {
        return script.to_string();
    }
    if let Some(mapped) = script.chars().map(map).collect::<Option<String>>() {
        return mapped;
    }
    let mark = if up { '^' } else { '_' };
    if script.chars().count() == 1 {
        format!("{mark}{script}")
    } else {
        format!("{mark}({script})")
    }
}

/// `ℕ`, `ℝ`, … for the letters `\mathbb` is used with; others as they are.
fn double_struck(c: char) -> char {
    match c {
        'N' => 'ℕ',
        'Z' => 'ℤ',
        'Q' => 'ℚ',
        'R' => 'ℝ',
        'C' => 'ℂ',
        'P' => 'ℙ',
        'E' => '𝔼',
        'F' => '𝔽',
        other => other,
    }
}
