//! Entries made whole before an import is written: an end before its start swapped, an
//! entry without the field its section needs moved to a section of its own, entries whose name
//! came to nothing left out, lists longer than a profile holds cut — each said in a warning,
//! so that render never refuses what an import wrote.

use super::convert::paper_index::PaperIndex;
use super::convert::papers;
use crate::import::Warning;
use crate::profile::{
    CustomEntry, CustomSection, Date, EndDate, Profile, Publication, Text, MAX_ENTRIES,
};

/// Lists longer than a profile holds cut to [`MAX_ENTRIES`], said once per list.
pub(super) fn capped(p: &mut Profile, warnings: &mut Vec<Warning>) {
    fn cap<T>(list: &mut Vec<T>, name: &str, warnings: &mut Vec<Warning>) {
        if list.len() > MAX_ENTRIES {
            warnings.push(Warning::at(
                name,
                format!(
                    "{} entries, more than the {MAX_ENTRIES} a profile holds; the first \
                 {MAX_ENTRIES} are kept",
                    list.len()
                ),
            ));
            list.truncate(MAX_ENTRIES);
        }
    }
    cap(&mut p.education, "education", warnings);
    cap(&mut p.experience, "experience", warnings);
    cap(&mut p.publications, "publications", warnings);
    cap(&mut p.talks, "talks", warnings);
    cap(&mut p.teaching, "teaching", warnings);
    cap(&mut p.awards, "awards", warnings);
    cap(&mut p.service, "service", warnings);
    cap(&mut p.skills, "skills", warnings);
    cap(&mut p.languages, "languages", warnings);
    cap(&mut p.hobbies, "hobbies", warnings);
    cap(&mut p.interests, "interests", warnings);
    cap(&mut p.links, "links", warnings);
    cap(&mut p.affiliations, "affiliations", warnings);
    cap(&mut p.sections, "sections", warnings);
    for section in &mut p.sections {
        let title = section.title.to_string();
        cap(&mut section.entries, &title, warnings);
        for entry in &mut section.entries {
            cap(&mut entry.highlights, &title, warnings);
        }
    }
    for entry in &mut p.experience {
        cap(&mut entry.highlights, "experience highlights", warnings);
    }
    for entry in &mut p.education {
        cap(&mut entry.highlights, "education highlights", warnings);
    }
}

/// Entries made whole: an end before its start swapped; an education without a degree or an
/// experience without a role (or place) moved to a section of its own, named in a warning.
pub(super) fn fit_entries(profile: &mut Profile, warnings: &mut Vec<Warning>) {
    let mut apart = Vec::new();
    let education = std::mem::take(&mut profile.education);
    for mut entry in education {
        ordered(
            &mut entry.start,
            &mut entry.end,
            &entry.institution,
            warnings,
        );
        match missing(&entry.degree, "degree", &entry.institution, "institution") {
            Some((title, what)) => {
                warnings.push(Warning::at(
                    "education",
                    format!("\"{title}\" has no {what}; it is listed under \"Other education\""),
                ));
                apart.push((
                    "Other education",
                    set_apart(
                        title,
                        entry.location,
                        entry.start,
                        entry.end,
                        entry.highlights,
                    ),
                ));
            }
            None => profile.education.push(entry),
        }
    }
    let experience = std::mem::take(&mut profile.experience);
    for mut entry in experience {
        ordered(
            &mut entry.start,
            &mut entry.end,
            &entry.organization,
            warnings,
        );
        match missing(&entry.role, "role", &entry.organization, "organisation") {
            Some((title, what)) => {
                warnings.push(Warning::at(
                    "experience",
                    format!("\"{title}\" has no {what}; it is listed under \"Other experience\""),
                ));
                apart.push((
                    "Other experience",
                    set_apart(
                        title,
                        entry.location,
                        entry.start,
                        entry.end,
                        entry.highlights,
                    ),
                ));
            }
            None => profile.experience.push(entry),
        }
    }
    for section in &mut profile.sections {
        for entry in &mut section.entries {
            let title = entry.title.to_string();
            ordered(&mut entry.start, &mut entry.end, &title, warnings);
            // An end without a start is the entry's date.
            if let (None, None, Some(EndDate::Date(date))) = (entry.date, entry.start, entry.end) {
                entry.date = Some(date);
                entry.end = None;
            }
        }
    }
    for (title, entry) in apart {
        if blank(&entry.title) {
            continue;
        }
        match profile.sections.iter_mut().find(|s| s.title == title) {
            Some(section) => section.entries.push(entry),
            None => profile.sections.push(CustomSection {
                title: title.into(),
                entries: vec![entry],
            }),
        }
    }
}

/// Entries whose name came to nothing in the conversion (`<b></b>`, a comment, an image) left
/// out with a warning, blank list items dropped, a custom section without a title given one:
/// one empty value never makes the profile one that render refuses.
pub(super) fn without_blank_entries(p: &mut Profile, warnings: &mut Vec<Warning>) {
    fn keep<T>(
        list: &mut Vec<T>,
        section: &str,
        name: impl Fn(&T) -> bool,
        warnings: &mut Vec<Warning>,
    ) {
        let before = list.len();
        list.retain(|item| name(item));
        let gone = before - list.len();
        if gone > 0 {
            warnings.push(Warning::at(
                section,
                format!(
                    "{gone} entr{} with nothing left of its name after conversion were left out",
                    if gone == 1 { "y" } else { "ies" }
                ),
            ));
        }
    }
    let filled = |t: &Text| !blank(t);
    keep(
        &mut p.publications,
        "publications",
        |x| filled(&x.title) && !x.authors.iter().all(|a| a.trim().is_empty()),
        warnings,
    );
    for paper in &mut p.publications {
        paper.authors.retain(|a| !a.trim().is_empty());
    }
    keep(&mut p.awards, "awards", |x| filled(&x.title), warnings);
    keep(&mut p.talks, "talks", |x| filled(&x.title), warnings);
    keep(&mut p.teaching, "teaching", |x| filled(&x.course), warnings);
    keep(&mut p.service, "service", |x| filled(&x.role), warnings);
    keep(&mut p.skills, "skills", |x| filled(&x.name), warnings);
    keep(&mut p.languages, "languages", |x| filled(&x.name), warnings);
    keep(
        &mut p.affiliations,
        "affiliations",
        |x| filled(&x.name),
        warnings,
    );
    p.hobbies.retain(|t| filled(t));
    p.interests.retain(|t| filled(t));
    for skill in &mut p.skills {
        skill.keywords.retain(|t| filled(t));
    }
    for entry in &mut p.education {
        entry.highlights.retain(|t| filled(t));
    }
    for entry in &mut p.experience {
        entry.highlights.retain(|t| filled(t));
    }
    for section in &mut p.sections {
        if blank(&section.title) {
            warnings.push(Warning::note(
                "a section without a title is called \"More\"",
            ));
            section.title = "More".into();
        }
        let title = section.title.to_string();
        keep(&mut section.entries, &title, |x| filled(&x.title), warnings);
        for entry in &mut section.entries {
            entry.highlights.retain(|t| filled(t));
        }
    }
    p.sections.retain(|s| !s.entries.is_empty());
    if p.bio.as_ref().is_some_and(blank) {
        p.bio = None;
    }
    if p.headline.as_ref().is_some_and(blank) {
        p.headline = None;
    }
}

/// Whether a text holds nothing.
fn blank(text: &Text) -> bool {
    text.to_string().trim().is_empty()
}

/// When an entry lacks its name or its place: what it is called (the one it has) and what it
/// lacks.
fn missing(
    name: &Text,
    name_is: &'static str,
    place: &Text,
    place_is: &'static str,
) -> Option<(String, &'static str)> {
    if blank(name) {
        Some((place.to_string(), name_is))
    } else if blank(place) {
        Some((name.to_string(), place_is))
    } else {
        None
    }
}

/// An entry moved to a section of its own, as a custom entry.
fn set_apart(
    title: String,
    location: Option<Text>,
    start: Option<Date>,
    end: Option<EndDate>,
    highlights: Vec<Text>,
) -> CustomEntry {
    CustomEntry {
        title: title.into(),
        location,
        start,
        end,
        highlights,
        ..CustomEntry::default()
    }
}

/// An end before its start swapped, with a warning naming the entry.
fn ordered(
    start: &mut Option<Date>,
    end: &mut Option<EndDate>,
    entry: &dyn std::fmt::Display,
    warnings: &mut Vec<Warning>,
) {
    if let (Some(from), Some(EndDate::Date(to))) = (*start, *end) {
        if (to.year, to.month.unwrap_or(12)) < (from.year, from.month.unwrap_or(1)) {
            warnings.push(Warning::at(
                format!("\"{entry}\""),
                format!("the end ({to}) was before the start ({from}); they were swapped"),
            ));
            *start = Some(to);
            *end = Some(EndDate::Date(from));
        }
    }
}

/// The papers of a foreign file, each once: versions of one paper (the same DOI however it is
/// written, or the same title by the conversion layer's rule) are merged, the published one
/// kept, as `import-bib` and the lab's list do.
pub(super) fn one_paper_each(p: &mut Profile, warnings: &mut Vec<Warning>) {
    let papers = std::mem::take(&mut p.publications);
    let mut kept: Vec<Publication> = Vec::with_capacity(papers.len());
    let mut index = PaperIndex::default();
    let mut merged = 0usize;
    for paper in papers {
        match index.find(&paper, |i| &kept[i]) {
            Some(i) => {
                kept[i] = papers::merged(&kept[i], &paper);
                index.insert(i, &kept[i]);
                index.insert(i, &paper);
                merged += 1;
            }
            None => {
                index.insert(kept.len(), &paper);
                kept.push(paper);
            }
        }
    }
    if merged > 0 {
        warnings.push(Warning::at(
            "publications",
            format!(
                "{merged} entr{} the same paper as one before it (by DOI or title) and \
             merged into it",
                if merged == 1 { "y was" } else { "ies were" }
            ),
        ));
    }
    p.publications = kept;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_of_one_paper_in_a_foreign_file_are_one() {
        // Found by probing: JSON Resume and RenderCV files kept a paper twice.
        let mut p: Profile = serde_yaml::from_str(
            "name: Ada\npublications:\n\
             - {title: One, authors: [Ada], year: 2020, links: {doi: 10.1/ABC}}\n\
             - {title: One (journal), authors: [Ada], year: 2021, links: {doi: 10.1/abc}}\n\
             - {title: Two, authors: [Ada], year: 2020}\n\
             - {title: two., authors: [Ada], year: 2020, venue: V}\n",
        )
        .unwrap();
        let mut warnings = Vec::new();
        one_paper_each(&mut p, &mut warnings);
        assert_eq!(p.publications.len(), 2, "{:?}", p.publications);
        assert_eq!(p.publications[1].venue.as_deref(), Some("V"));
        assert!(
            warnings[0].to_string().contains("2 entries were"),
            "{warnings:?}"
        );
    }
}
