//! Which profile section a foreign section's title means, in the ten languages cvpdf speaks
//! and the synonyms CVs use: `Educación`, `Formation`, `Ausbildung`, `教育背景` are education;
//! `Honors`, `Distinctions`, `受賞` are awards; `Funding`, `Drittmittel` grants; `Students
//! Supervised`, `Encadrement` supervision. Importers put entries where the title says
//! and convert them with the fields they have; a title that says none of these is a section
//! of its own.

use crate::import::Warning;
use crate::profile::Section;

mod rules;
use rules::RULES;

/// Which foreign title filled each built-in section first, so that a second title whose
/// entries join the same section is said, never merged silently.
#[derive(Debug, Default)]
pub struct Filed(Vec<(Section, String)>);

impl Filed {
    /// The section `title` means; a warning when another title already filled it (for the
    /// sections importers fill from any entry: education, experience, publications).
    pub fn meaning(&mut self, title: &str, warnings: &mut Vec<Warning>) -> Option<Section> {
        let section = meaning(title)?;
        if !matches!(
            section,
            Section::Education | Section::Experience | Section::Publications
        ) {
            return Some(section);
        }
        match self.0.iter().find(|(s, _)| *s == section) {
            Some((_, first)) if first != title => warnings.push(Warning::at(
                format!("section \"{title}\""),
                format!("its entries join those of \"{first}\" in {}", section.key()),
            )),
            Some(_) => {}
            None => self.0.push((section, title.to_string())),
        }
        Some(section)
    }
}

/// The section a title means (`research_experience` → experience), if it means one.
pub fn meaning(title: &str) -> Option<Section> {
    if let Some(section) = own_title(title) {
        return Some(section);
    }
    let title = title.to_lowercase().replace(['_', '-'], " ");
    let says = |section: Section| {
        RULES
            .iter()
            .any(|(s, words)| *s == section && words.iter().any(|w| has_word(&title, w)))
    };
    let found = RULES
        .iter()
        .find(|(_, words)| words.iter().any(|w| has_word(&title, w)))
        .map(|(section, _)| *section);
    // `Grants – Awards`, `Honors and Grants`: awards, which take any named entry; each entry
    // that has a grant's shape goes to grants (`import::mixed`, [`grants_and_awards`]).
    match found {
        Some(Section::Grants) if says(Section::Awards) => Some(Section::Awards),
        found => found,
    }
}

/// Whether `title` names grants and awards together (`Grants and Awards`, `Honors &
/// Funding`, `Awards – Grants`, in any of the languages of [`RULES`]): a section that means
/// awards, whose entries are each a grant or an award by their shape.
pub fn grants_and_awards(title: &str) -> bool {
    let title = title.to_lowercase().replace(['_', '-'], " ");
    let says = |section: Section| {
        RULES
            .iter()
            .any(|(s, words)| *s == section && words.iter().any(|w| has_word(&title, w)))
    };
    says(Section::Grants) && says(Section::Awards)
}

/// The section whose own title `title` is, in any language: the one table of section titles
/// is `templates/i18n.yaml`, which the CVs print; [`RULES`] only add the synonyms other CVs use.
fn own_title(title: &str) -> Option<Section> {
    let wanted = title.trim().to_lowercase();
    crate::template::words().values().find_map(|table| {
        table
            .get("sections")?
            .as_mapping()?
            .iter()
            .find(|(_, text)| text.as_str().is_some_and(|t| t.to_lowercase() == wanted))
            .and_then(|(key, _)| Section::from_key(key.as_str()?))
    })
}

/// Whether `title` has `word` where a word starts (`skill` in `Skills`, not `tools` in
/// `stools`); a word ending in `.` must be whole (`bio.`: not `Biology`). Words in scripts
/// without spaces match anywhere.
fn has_word(title: &str, word: &str) -> bool {
    let (word, whole) = match word.strip_suffix('.') {
        Some(word) => (word, true),
        None => (word, false),
    };
    let spaced = word.starts_with(|c: char| c.is_alphabetic() && (c.is_ascii() || c < '\u{2E80}'));
    title.match_indices(word).any(|(at, _)| {
        let before = title[..at].chars().next_back();
        let after = title[at + word.len()..].chars().next();
        let starts = !spaced || before.is_none_or(|c| !c.is_alphanumeric());
        let ends = !whole || after.is_none_or(|c| !c.is_alphanumeric());
        starts && ends
    })
}

#[cfg(test)]
mod tests;
