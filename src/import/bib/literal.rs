//! Characters a BibTeX field escapes so that they print as themselves: `\{`, `\}`, `\$`,
//! `\textbackslash{}`, `\textbraceleft{}`, `\textasciitilde{}`, `\~{}` and the like.
//!
//! The biblatex crate resolves these to the bare character and hands it over mixed with the
//! commands it does not know, so a `\` from `\textbackslash{}` reads as the start of a command
//! and a `{` from `\{` as a group, and both were lost. Here each is replaced, in the raw field
//! before the crate resolves it, by a stand-in from Unicode's last private-use plane, which
//! passes through the crate and the TeX reader untouched; [`restored`] gives the characters
//! back once the field is text.
//!
//! A field that holds `\textdollar`, or a `{\textbackslash}` right before a command name, is
//! escaped LaTeX (Zotero writes `$\mathrm{AC}$` as
//! `{\textdollar}{\textbackslash}mathrm\{AC\}{\textdollar}`, DBLP `{\textbackslash}mu`) and is
//! read as LaTeX instead.

use biblatex::{RawBibliography, RawChunk};

/// The characters that have a stand-in, in the order of their stand-ins. `=` only ever stands
/// in for itself in a name list ([`equals_protected`]); `\=` is TeX's macron, not an escape.
const CHARS: [char; 7] = ['\\', '{', '}', '$', '~', '^', '='];

/// The first stand-in (U+10FF00, supplementary private use area B).
const FIRST: u32 = 0x10_FF00;

/// Control words that print one of [`CHARS`].
const WORDS: [(&str, char); 5] = [
    ("textbackslash", '\\'),
    ("textbraceleft", '{'),
    ("textbraceright", '}'),
    ("textasciitilde", '~'),
    ("textasciicircum", '^'),
];

/// The stand-in of `c`, one of [`CHARS`].
fn stand_in(c: char) -> char {
    let at = CHARS.iter().position(|&x| x == c).unwrap_or(0);
    char::from_u32(FIRST + at as u32).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Pushes the stand-in of `c`, in braces when `braced`.
fn push_stand_in(out: &mut String, c: char, braced: bool) {
    if braced {
        out.push('{');
    }
    out.push(stand_in(c));
    if braced {
        out.push('}');
    }
}

/// The character a stand-in stands for, if `c` is one.
fn stood_for(c: char) -> Option<char> {
    let at = (c as u32).checked_sub(FIRST)?;
    CHARS.get(at as usize).copied()
}

/// A name list's text with each `=` as its stand-in: the crate reads a name list holding any
/// `=` as biblatex's extended name format (`family=Smith, given=John`), and a name that merely
/// contains one (`Cy a=b`) was lost. For a list that is not in that format.
pub fn equals_protected(text: &str) -> String {
    text.replace('=', &stand_in('=').to_string())
}

/// `text` with its stand-ins turned back into the characters.
pub fn restored(text: &str) -> String {
    text.chars().map(|c| stood_for(c).unwrap_or(c)).collect()
}

/// Replaces, in every field of `raw` that the crate reads as text, the escaped characters by
/// their stand-ins. The new texts are kept in `store`, which must outlive `raw`.
pub fn protect<'a>(raw: &mut RawBibliography<'a>, store: &'a mut Vec<String>) {
    // First the new texts, then the chunks pointed at them: `store` is not grown while
    // borrowed.
    let mut changes = Vec::new();
    let fields = raw
        .abbreviations
        .iter()
        .map(|pair| (pair.key.v, &pair.value.v))
        .chain(raw.entries.iter().flat_map(|entry| {
            entry
                .v
                .fields
                .iter()
                .map(|pair| (pair.key.v, &pair.value.v))
        }));
    for (field_index, (key, value)) in fields.enumerate() {
        if super::raw::is_verbatim_field(key) || holds_escaped_latex(value) {
            continue;
        }
        // In a name a stand-in is braced: the crate tells a name's parts by the case of each
        // word's first character, and takes a braced one for a capital, as BibTeX does.
        let names = matches!(key.to_ascii_lowercase().as_str(), "author" | "editor");
        for (chunk_index, chunk) in value.iter().enumerate() {
            if let RawChunk::Normal(text) = chunk.v {
                if let Some(new) = protected(text, names) {
                    changes.push((field_index, chunk_index, store.len()));
                    store.push(new);
                }
            }
        }
    }
    let store: &'a Vec<String> = store;
    let fields = raw
        .abbreviations
        .iter_mut()
        .map(|pair| &mut pair.value.v)
        .chain(
            raw.entries
                .iter_mut()
                .flat_map(|entry| entry.v.fields.iter_mut().map(|pair| &mut pair.value.v)),
        );
    let mut changes = changes.into_iter().peekable();
    for (field_index, value) in fields.enumerate() {
        while let Some(&(f, chunk, at)) = changes.peek() {
            if f != field_index {
                break;
            }
            value[chunk].v = RawChunk::Normal(store[at].as_str());
            changes.next();
        }
    }
}

/// Whether a field is LaTeX written out (see the module's comment): it holds `\textdollar`,
/// or a braced `{\textbackslash}` that a command name follows (`{\textbackslash}mu`), as
/// exporters write it; `\textbackslash{}path`, as `cvpdf lab` writes it, is a backslash.
fn holds_escaped_latex(value: &[biblatex::Spanned<RawChunk>]) -> bool {
    value.iter().any(|chunk| {
        let RawChunk::Normal(text) = chunk.v else {
            return false;
        };
        text.contains("\\textdollar")
            || text.match_indices("{\\textbackslash}").any(|(at, word)| {
                text[at + word.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
            })
    })
}

/// `text` with its escaped characters as stand-ins (stand-ins already in it dropped), each in
/// braces when `braced`, and its accents and special letters as characters (see `accents`),
/// or `None` when there is nothing to change.
fn protected(text: &str, braced: bool) -> Option<String> {
    if !text.contains('\\') && !text.chars().any(|c| stood_for(c).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        if stood_for(c).is_some() {
            continue;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(next) = rest.chars().next() else {
            out.push(c);
            break;
        };
        if let Some((printed, used)) = super::accents::command(rest) {
            // In a name, braces around just the letter (`{\'e}mile`) go with the command: the
            // crate would take the braced letter for a word part of its own.
            if braced && out.ends_with('{') && rest[used..].starts_with('}') {
                out.pop();
                out.push_str(&printed);
                rest = &rest[used + 1..];
            } else {
                out.push_str(&printed);
                rest = &rest[used..];
            }
            continue;
        }
        match next {
            '{' | '}' | '$' | '\\' => {
                // `\\` is a line break in LaTeX: a space in one line of text.
                if next == '\\' {
                    out.push(' ');
                } else {
                    push_stand_in(&mut out, next, braced);
                }
                rest = &rest[1..];
            }
            '~' | '^' if rest[1..].starts_with("{}") => {
                push_stand_in(&mut out, next, braced);
                rest = &rest[3..];
            }
            _ if next.is_ascii_alphabetic() => {
                let name_end = rest
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                let name = &rest[..name_end];
                match WORDS.iter().find(|(word, _)| *word == name) {
                    Some(&(_, printed)) => {
                        push_stand_in(&mut out, printed, braced);
                        let after = &rest[name_end..];
                        // TeX ends a control word at `{}` or at the spaces after it.
                        rest = match after.strip_prefix("{}") {
                            Some(after) => after,
                            None => after.trim_start_matches([' ', '\t', '\n', '\r']),
                        };
                    }
                    None => {
                        out.push('\\');
                        out.push_str(name);
                        rest = &rest[name_end..];
                        // The crate reads a command's name on past its letters (over `$`,
                        // `^`, digits…: `\relax$x$`); TeX ends it at the first non-letter.
                        if rest.starts_with(runs_on) {
                            out.push_str("{}");
                        }
                    }
                }
            }
            // A control symbol is one character (`\,` a thin space), where the crate reads
            // on as for a word (`\,cm$^{-1}$` to the next `{`, then misses the `$`).
            ',' | ';' | '!' | '/' | '@' | '>' | '<' | '|' => {
                out.push('\\');
                out.push(next);
                out.push_str("{}");
                rest = &rest[1..];
            }
            _ => out.push(c),
        }
    }
    Some(out)
}

/// Whether the biblatex crate would take `c` for part of a command's name although TeX does
/// not (every character but letters, spaces, controls and BibTeX's specials).
fn runs_on(c: char) -> bool {
    !c.is_ascii_alphabetic()
        && !c.is_whitespace()
        && !c.is_control()
        && !"@{}\"#'(),=%\\~".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(value: &str) -> String {
        restored(&protected(value, false).unwrap_or_else(|| value.to_string()))
    }

    #[test]
    fn escaped_characters_are_kept_as_themselves() {
        assert_eq!(read(r"c \textbackslash{} d"), r"c \ d");
        assert_eq!(read(r"C:\textbackslash Users"), r"C:\Users");
        assert_eq!(read(r"\textbraceleft{}x\textbraceright{}"), "{x}");
        assert_eq!(
            read(r"\{y\} \$5 \~{} \^{} \textasciitilde{}"),
            "{y} $5 ~ ^ ~"
        );
        assert_eq!(read(r"Line\\two"), "Line two");
        // Accents become letters (see `accents`); other commands stay for the crate and the
        // TeX reader.
        assert_eq!(
            read(r#"G{\"o}del \emph{x} \~n \%"#),
            r#"G{ö}del \emph{x} ñ \%"#
        );
        assert_eq!(read(r"\textbackslashx"), r"\textbackslashx");
        // A stand-in in the file itself is not a character it could stand for.
        assert_eq!(read("a\u{10FF01}b"), "ab");
        assert_eq!(read("ends in \\"), "ends in \\");
    }

    #[test]
    fn escaped_latex_is_read_as_latex_and_escaped_characters_as_characters() {
        let bib = r"@misc{a, title = {{\textbackslash}mu Shield and NC{\textbackslash}textsf\{NC\}}, author = {A B}, year = 2020}
@misc{b, title = {c \textbackslash{} d, \textbraceleft{}x\textbraceright{} and \$5}, author = {A B}, year = 2021}";
        let read = super::super::publications(bib, None).unwrap();
        let titles: Vec<&str> = read.papers.iter().map(|(_, p)| &*p.title).collect();
        assert_eq!(titles, [r"μ Shield and NCNC", r"c \\ d, {x} and $5"]);
    }
}
