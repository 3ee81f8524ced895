//! The language of a file that does not say it, from its section titles: a RenderCV file
//! without `locale` whose sections are `EDUCACIÓN` and `OTROS CONOCIMIENTOS` is Spanish
//! (issue 48: it was printed with English titles and no hint). The words are the section
//! titles of each language in `templates/i18n.yaml`, which the CVs print, and a few words
//! other CVs use; CJK and Cyrillic titles are told by their script. The profile format has
//! no language of its own, so the importer says which `--lang` to render with.

/// Words of section titles other CVs use besides the titles cvpdf prints, by language.
const SYNONYMS: &[(&str, &[&str])] = &[
    (
        "es",
        &[
            "educación",
            "conocimientos",
            "proyectos",
            "otros",
            "estudios",
            "laboral",
            "sobre mí",
        ],
    ),
    (
        "pt",
        &[
            "educação",
            "experiência",
            "conhecimentos",
            "projetos",
            "formação",
        ],
    ),
    (
        "fr",
        &[
            "expérience",
            "compétences",
            "langues",
            "projets",
            "formation",
        ],
    ),
    (
        "de",
        &[
            "kenntnisse",
            "sprachen",
            "projekte",
            "berufserfahrung",
            "ausbildung",
        ],
    ),
    (
        "it",
        &[
            "esperienz",
            "competenze",
            "lingue",
            "progetti",
            "istruzione",
        ],
    ),
    ("ja", &["学歴", "職歴", "業績", "受賞", "資格"]),
    ("en", &["education", "experience", "skills", "projects"]),
];

/// The words of `lang`'s section titles in the words table, of five letters or more (short
/// words are shared between languages; a CJK title is one word).
fn title_words(lang: &str) -> Vec<String> {
    let Some(sections) = crate::template::words_of(lang)
        .get("sections")
        .and_then(|s| s.as_mapping())
    else {
        return Vec::new();
    };
    sections
        .values()
        .filter_map(|v| v.as_str())
        .flat_map(|title| title.split_whitespace().map(str::to_lowercase))
        .filter(|word| word.chars().count() >= 5 || script(word).is_some())
        .collect()
}

/// The language of a script no other of the ten uses, if `title` is written in one.
fn script(title: &str) -> Option<&'static str> {
    let has = |from: char, to: char| title.chars().any(|c| (from..=to).contains(&c));
    if has('\u{AC00}', '\u{D7AF}') {
        Some("ko")
    } else if has('\u{3040}', '\u{30FF}') {
        Some("ja")
    } else if has('\u{4E00}', '\u{9FFF}') {
        Some("zh")
    } else if has('\u{0400}', '\u{04FF}') {
        Some("ru")
    } else {
        None
    }
}

/// The language most of `titles` are in, when it is not English and more titles say it than
/// any other; `None` when they say nothing clear.
pub fn language_of_titles(titles: &[String]) -> Option<&'static str> {
    const LANGS: [&str; 10] = ["en", "zh", "de", "fr", "es", "pt", "it", "ru", "ja", "ko"];
    let words: Vec<(&str, Vec<String>)> = LANGS
        .iter()
        .map(|lang| {
            let mut words = title_words(lang);
            let more = SYNONYMS.iter().filter(|(l, _)| l == lang);
            words.extend(more.flat_map(|(_, w)| w.iter().map(|w| w.to_string())));
            (*lang, words)
        })
        .collect();
    let mut scores = [0usize; 10];
    for title in titles {
        let lower = title.to_lowercase().replace('_', " ");
        for (i, (lang, words)) in words.iter().enumerate() {
            let by_script = script(title) == Some(lang);
            if by_script || words.iter().any(|w| lower.contains(w.as_str())) {
                scores[i] += 1;
            }
        }
    }
    let best = (0..10).max_by_key(|&i| scores[i])?;
    let clear = scores[best] > 0
        && (0..10).all(|i| i == best || scores[i] < scores[best])
        && LANGS[best] != "en";
    clear.then_some(LANGS[best])
}

/// The warning that says the file's titles are in `lang` and how to render in it.
pub fn hint(lang: &str, titles: &[String]) -> crate::import::Warning {
    let shown: Vec<String> = titles.iter().take(2).map(|t| format!("\"{t}\"")).collect();
    crate::import::Warning::at(
        "sections",
        format!(
            "the section titles ({}…) are in language `{lang}` and the file names none; the \
             profile keeps no language, so render with `--lang {lang}` to print the CV's own \
             words in it",
            shown.join(", ")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::language_of_titles;

    #[test]
    fn issue_48_the_language_of_a_file_from_its_titles() {
        let titles = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            language_of_titles(&titles(&[
                "EDUCACIÓN",
                "OTROS CONOCIMIENTOS",
                "Experiencia"
            ])),
            Some("es")
        );
        assert_eq!(
            language_of_titles(&titles(&["Education", "Experience", "Skills"])),
            None
        );
        assert_eq!(
            language_of_titles(&titles(&["学歴", "職歴", "スキル"])),
            Some("ja")
        );
    }
}
