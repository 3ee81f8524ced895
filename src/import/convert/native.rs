//! A name written in two scripts: the one rule for every importer. A display name in CJK or
//! Cyrillic beside a name in Latin letters (Hugo's `title: 山田花子` with `first_name: Hanako`,
//! `last_name: Yamada`; `Zhiyao Li 李之尧`) is the researcher's `native_name`, and the Latin
//! one is `name` (issue 48: the kanji name was dropped with a warning).

/// Whether `c` is of a script written beside a Latin transliteration: CJK (Han, kana,
/// Hangul) or Cyrillic.
fn non_latin(c: char) -> bool {
    matches!(c,
        '\u{0400}'..='\u{04FF}'
        | '\u{2E80}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7AF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{1100}'..='\u{11FF}')
}

/// The native name in `display` beside the Latin `name`: what is left of `display` without
/// `name`, when that is in CJK or Cyrillic and `name` in Latin letters; `None` otherwise
/// (a display name that is just another Latin spelling is not a native name).
pub fn native_name(display: &str, name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().any(non_latin) {
        return None;
    }
    let rest = display.replace(name, " ");
    let rest = rest
        .trim_matches(|c: char| c.is_whitespace() || "()（）[]/|,-".contains(c))
        .trim();
    let native =
        rest.chars().filter(|c| c.is_alphabetic()).all(non_latin) && rest.chars().any(non_latin);
    native.then(|| rest.to_string())
}

#[cfg(test)]
mod tests {
    use super::native_name;

    #[test]
    fn issue_48_a_name_in_two_scripts() {
        assert_eq!(
            native_name("山田花子", "Hanako Yamada").as_deref(),
            Some("山田花子")
        );
        assert_eq!(
            native_name("Zhiyao Li 李之尧", "Zhiyao Li").as_deref(),
            Some("李之尧")
        );
        assert_eq!(
            native_name("Иван Петров", "Ivan Petrov").as_deref(),
            Some("Иван Петров")
        );
        assert_eq!(native_name("Dr. Ada Lovelace", "Ada Lovelace"), None);
        assert_eq!(native_name("李之尧", "李之尧"), None);
    }
}
