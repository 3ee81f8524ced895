//! TeX's accents and special letters, read before the biblatex crate sees them: `{\'\i}` →
//! í, `\"{\i}` → ï, `\v s` → š, `\c{c}` → ç, `S\o{}rensen` → Sørensen, `\ss` → ß.
//!
//! The crate does not take a control word (`\i`) as an accent's argument, so `Garc{\'\i}a` —
//! Google Scholar's García — put the accent on the `c` before it; and it reads `\o` as an
//! overlay accent, so `\o{}` struck through the letter before. Here the accent goes on the
//! letter (or dotless letter) it is written on, as TeX puts it.

use unicode_normalization::UnicodeNormalization;

/// Accents written with a symbol (`\'e`) and their combining marks.
const SYMBOL_ACCENTS: [(char, char); 7] = [
    ('\'', '\u{301}'),
    ('`', '\u{300}'),
    ('^', '\u{302}'),
    ('"', '\u{308}'),
    ('~', '\u{303}'),
    ('=', '\u{304}'),
    ('.', '\u{307}'),
];

/// Accents written with a letter (`\v{s}`, `\c c`) and their combining marks.
const LETTER_ACCENTS: [(&str, char); 8] = [
    ("u", '\u{306}'),
    ("v", '\u{30C}'),
    ("H", '\u{30B}'),
    ("c", '\u{327}'),
    ("d", '\u{323}'),
    ("b", '\u{331}'),
    ("k", '\u{328}'),
    ("r", '\u{30A}'),
];

/// Letters TeX writes as control words.
const LETTERS: [(&str, &str); 13] = [
    ("i", "ı"),
    ("j", "ȷ"),
    ("o", "ø"),
    ("O", "Ø"),
    ("l", "ł"),
    ("L", "Ł"),
    ("ss", "ß"),
    ("ae", "æ"),
    ("AE", "Æ"),
    ("oe", "œ"),
    ("OE", "Œ"),
    ("aa", "å"),
    ("AA", "Å"),
];

/// Accents on nothing (`\'{}`, or a `\c` that ends the field) print as these characters.
const SPACING: [(char, char); 13] = [
    ('\u{301}', '´'),
    ('\u{300}', '`'),
    ('\u{308}', '¨'),
    ('\u{304}', '¯'),
    ('\u{307}', '˙'),
    ('\u{306}', '˘'),
    ('\u{30C}', 'ˇ'),
    ('\u{30B}', '˝'),
    ('\u{327}', '¸'),
    ('\u{328}', '˛'),
    ('\u{30A}', '˚'),
    ('\u{323}', '.'),
    ('\u{331}', '_'),
];

/// What the command after a backslash (`rest` starts after it) prints, if it is an accent on
/// a letter or a special letter, and how many bytes of `rest` it takes.
pub fn command(rest: &str) -> Option<(String, usize)> {
    let first = rest.chars().next()?;
    if let Some(&(_, mark)) = SYMBOL_ACCENTS.iter().find(|(c, _)| *c == first) {
        // A control symbol: its argument follows at once. (`\~{}` and `\^{}` are the
        // characters themselves, for `literal`.)
        let after = &rest[first.len_utf8()..];
        if !matches!(first, '~' | '^') {
            if let Some(used) = nothing(after) {
                return Some((spacing(mark), first.len_utf8() + used));
            }
        }
        let (base, used) = argument(after)?;
        return Some((accented(base, mark), first.len_utf8() + used));
    }
    let name_end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let name = &rest[..name_end];
    if let Some(&(_, mark)) = LETTER_ACCENTS.iter().find(|(n, _)| *n == name) {
        // A control word: spaces after it end it, the argument comes after them.
        let after = &rest[name_end..];
        let spaces = after.len() - after.trim_start_matches([' ', '\t']).len();
        if let Some(used) = nothing(&after[spaces..]) {
            return Some((spacing(mark), name_end + spaces + used));
        }
        let (base, used) = argument(&after[spaces..])?;
        return Some((accented(base, mark), name_end + spaces + used));
    }
    let (_, letter) = LETTERS.iter().find(|(n, _)| *n == name)?;
    Some((letter.to_string(), name_end + word_end(&rest[name_end..])))
}

/// The letter an accent is written on at the start of `text` — `e`, `{e}`, `\i`, `{\i}`,
/// `{\i }` — and the bytes it takes; `None` for anything else (`{}`, `{ab}`, a command),
/// which is left to the crate.
fn argument(text: &str) -> Option<(char, usize)> {
    if let Some(inner) = text.strip_prefix('{') {
        let (letter, used) = bare_letter(inner)?;
        let after = &inner[used..];
        let spaces = after.len() - after.trim_start_matches(' ').len();
        after[spaces..]
            .starts_with('}')
            .then_some((letter, 1 + used + spaces + 1))
    } else {
        bare_letter(text)
    }
}

/// A letter, or a dotless `\i`/`\j` (with the end of its control word), at the start of
/// `text`.
fn bare_letter(text: &str) -> Option<(char, usize)> {
    if let Some(word) = text.strip_prefix('\\') {
        let name_end = word
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(word.len());
        let letter = match &word[..name_end] {
            "i" => 'i',
            "j" => 'j',
            _ => return None,
        };
        // `\i{}` is a whole argument; `{\i }` leaves its space to the braces' end.
        let tail = if word[name_end..].starts_with("{}") {
            2
        } else {
            0
        };
        return Some((letter, 1 + name_end + tail));
    }
    let c = text.chars().next()?;
    c.is_alphabetic().then_some((c, c.len_utf8()))
}

/// How many bytes after a control word end it: a `{}`, or the spaces TeX skips.
fn word_end(after: &str) -> usize {
    if after.starts_with("{}") {
        2
    } else {
        after.len() - after.trim_start_matches([' ', '\t']).len()
    }
}

/// How many bytes an empty argument takes at the start of `text`: `{}`, or the end of the
/// field (`Études \c`); `None` for anything else.
fn nothing(text: &str) -> Option<usize> {
    if text.starts_with("{}") {
        Some(2)
    } else if text.trim().is_empty() {
        Some(text.len())
    } else {
        None
    }
}

/// The spacing form of a combining `mark`.
fn spacing(mark: char) -> String {
    SPACING
        .iter()
        .find(|(m, _)| *m == mark)
        .map_or(String::new(), |(_, c)| c.to_string())
}

/// `base` with `mark`, composed where Unicode has one character for both.
fn accented(base: char, mark: char) -> String {
    [base, mark].into_iter().nfc().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with every command this module knows replaced.
    fn read(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find('\\') {
            out.push_str(&rest[..at]);
            match command(&rest[at + 1..]) {
                Some((printed, used)) => {
                    out.push_str(&printed);
                    rest = &rest[at + 1 + used..];
                }
                None => {
                    out.push('\\');
                    rest = &rest[at + 1..];
                }
            }
        }
        out + rest
    }

    #[test]
    fn accents_go_on_the_letter_they_are_written_on() {
        // Issue 25, bug 8: "Garćia", "Löic", "S̸rensen".
        assert_eq!(read(r"Garc{\'\i}a"), "Garc{í}a");
        assert_eq!(read(r#"Lo{\"\i}c"#), "Lo{ï}c");
        assert_eq!(read(r"S\o{}rensen"), "Sørensen");
        assert_eq!(read(r"S{\o}rensen"), "S{ø}rensen");
        assert_eq!(read(r"\o rsted"), "ørsted");
        assert_eq!(
            read(r#"G\"{o}del, \'{\i}, \'\i{}x, {\'{\i }}"#),
            "Gödel, í, íx, {í}"
        );
        assert_eq!(
            read(r"Dvo\v{r}\'ak, \v Sa, \c{c}a, \k{e}, \H{o}"),
            "Dvořák, Ša, ça, ę, ő"
        );
        assert_eq!(
            read(r#"\ss{} Stra\ss e \l\'od\'z \AA ngstr\"om"#),
            "ß Straße łódź Ångström"
        );
        assert_eq!(read(r"\^e \`a \~n \=a \.z \r{u} \u{g}"), "ê à ñ ā ż ů ğ");
    }

    #[test]
    fn what_is_not_an_accent_on_a_letter_is_left() {
        for text in [
            r"\'{ab}",
            r"\v{\emph{s}}",
            r"\office",
            r"\ij",
            r"\~{}",
            r"\^{}",
            r"\cite{x}",
        ] {
            assert_eq!(read(text), text);
        }
        // An accent on nothing is the accent itself, never a mark on the letter before it.
        assert_eq!(read(r"D\'{} x"), "D´ x");
        assert_eq!(read(r"\'"), "´");
        assert_eq!(read(r"Études \c"), "Études ¸");
        assert_eq!(read(r"\v{} \c{}"), "ˇ ¸");
    }
}
