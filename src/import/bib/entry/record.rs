//! What an entry says beyond who, what and when (issue 48): its kind from its type, a thesis's
//! degree, a paper's state when it has no year, and the bibliographic record (volume, issue,
//! pages, editors, edition, publisher, place, series, number, ISBN, version), read from the
//! fields BibTeX and BibLaTeX give it.

use biblatex::EntryType;

use super::Fields;
use crate::profile::markup::escape as escape_markdown;
use crate::profile::{
    KnownDegree, Publication, PublicationKind, PublicationStatus, Text, ThesisDegree,
};

/// Whether an entry of this type is a report or a work of no type (`@misc`, `@online`,
/// `@unpublished`, `@techreport`): what a preprint is filed as.
pub(super) fn is_report(entry_type: &EntryType) -> bool {
    matches!(
        entry_type,
        EntryType::Misc
            | EntryType::Online
            | EntryType::Unpublished
            | EntryType::TechReport
            | EntryType::Report
    )
}

/// The kind of publication an entry type (and its venue) says; `preprint` when the entry says
/// it is one; `edited` when it names editors and no authors (a volume the editors made),
/// `editors` when it names editors at all (a collection that does is edited).
pub(super) fn kind(
    entry_type: &EntryType,
    booktitle: Option<&str>,
    preprint: bool,
    (edited, editors): (bool, bool),
) -> PublicationKind {
    match entry_type {
        EntryType::Article | EntryType::Periodical => PublicationKind::Journal,
        EntryType::Collection | EntryType::MvCollection if editors => PublicationKind::Edited,
        EntryType::Proceedings
        | EntryType::MvProceedings
        | EntryType::Collection
        | EntryType::MvCollection
        | EntryType::Reference
        | EntryType::MvReference
        | EntryType::Book
        | EntryType::MvBook
            if edited =>
        {
            PublicationKind::Edited
        }
        EntryType::Book | EntryType::MvBook | EntryType::Booklet => PublicationKind::Book,
        EntryType::Collection
        | EntryType::MvCollection
        | EntryType::Reference
        | EntryType::MvReference => PublicationKind::Book,
        EntryType::InBook
        | EntryType::BookInBook
        | EntryType::SuppBook
        | EntryType::InCollection
        | EntryType::SuppCollection
        | EntryType::InReference => PublicationKind::Chapter,
        EntryType::InProceedings | EntryType::Proceedings | EntryType::MvProceedings => {
            if booktitle.is_some_and(|b| b.to_lowercase().contains("workshop")) {
                PublicationKind::Workshop
            } else {
                PublicationKind::Conference
            }
        }
        EntryType::Thesis | EntryType::PhdThesis | EntryType::MastersThesis => {
            PublicationKind::Thesis
        }
        EntryType::Patent => PublicationKind::Patent,
        _ if preprint && is_report(entry_type) => PublicationKind::Preprint,
        EntryType::TechReport | EntryType::Report => PublicationKind::Report,
        EntryType::Dataset => PublicationKind::Dataset,
        EntryType::Software => PublicationKind::Software,
        EntryType::Unknown(t) if t.eq_ignore_ascii_case("conference") => {
            PublicationKind::Conference
        }
        _ => PublicationKind::Other,
    }
}

/// A thesis's degree: its `type` when it has one (`phdthesis`, `PhD thesis`, `Doctoral
/// dissertation`, `mathesis`, `Habilitation`, any other text as written), else what the entry
/// type says (`@phdthesis`, `@mastersthesis`).
pub(super) fn degree(entry_type: &EntryType, type_text: Option<&str>) -> Option<ThesisDegree> {
    if let Some(text) = type_text.map(str::trim).filter(|t| !t.is_empty()) {
        return Some(known_degree(text).map_or_else(
            || ThesisDegree::Other(text.to_string()),
            ThesisDegree::Known,
        ));
    }
    match entry_type {
        EntryType::PhdThesis => Some(ThesisDegree::Known(KnownDegree::Phd)),
        EntryType::MastersThesis => Some(ThesisDegree::Known(KnownDegree::Masters)),
        _ => None,
    }
}

/// The known degree a thesis's `type` names, in the words BibLaTeX's keys and people use.
fn known_degree(text: &str) -> Option<KnownDegree> {
    let words: String = text
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ')
        .collect();
    let has = |w: &str| words.contains(w);
    if has("habil") {
        Some(KnownDegree::Habilitation)
    } else if has("phd") || has("doctor") || has("dphil") {
        Some(KnownDegree::Phd)
    } else if has("master") || has("mathesis") || has("msc") || words == "ma" || has("diplom") {
        Some(KnownDegree::Masters)
    } else if has("bachelor") || has("bathesis") || has("bsc") || words == "ba" {
        Some(KnownDegree::Bachelors)
    } else {
        None
    }
}

/// The state a text names (a `pubstate`, or a `note` or `year` that says why there is no
/// year): BibLaTeX's keys and the words people write.
pub(super) fn state_in(text: &str) -> Option<PublicationStatus> {
    let text = text.trim().to_lowercase();
    let has = |w: &str| text.contains(w);
    if has("in press") || has("inpress") || has("in print") {
        Some(PublicationStatus::InPress)
    } else if has("forthcoming") || has("accepted") || has("to appear") || has("upcoming") {
        Some(PublicationStatus::Accepted)
    } else if has("submitted") || has("under review") {
        Some(PublicationStatus::Submitted)
    } else if has("inpreparation") || has("in preparation") || has("in prep") {
        Some(PublicationStatus::InPreparation)
    } else if has("prepublished") || text == "preprint" {
        Some(PublicationStatus::Preprint)
    } else {
        None
    }
}

/// The record's fields into `p` (whose kind is known); `server` when the venue is a preprint
/// server, whose `volume` is the arXiv id DBLP files there, not a volume.
pub(super) fn fill(fields: &mut Fields, p: &mut Publication, server: bool, left: &mut Vec<String>) {
    if server {
        fields.used.insert("volume");
    } else {
        p.volume = fields.text("volume");
    }
    // An article's `number` is its issue; elsewhere the number in a series or of a report.
    if p.kind == PublicationKind::Journal {
        p.issue = first_of(fields, left, &["number", "issue"]);
    } else {
        p.number = fields.text("number");
        p.issue = fields.text("issue");
    }
    p.pages = fields.text("pages");
    p.edition = fields.text("edition");
    p.isbn = fields.text("isbn");
    p.version = fields.text("version");
    // The profile's series, place and publisher are Markdown: BibTeX's text is escaped so
    // that it prints as written (as the title is), a `\` or `*` in it included.
    p.series = fields.text("series").map(markdown);
    p.place = first_of(fields, left, &["address", "location"]).map(markdown);
    // A thesis's school and a report's institution publish it; proceedings and manuals name
    // their organizer as `organization` when no publisher is given.
    let publisher = if matches!(p.kind, PublicationKind::Thesis | PublicationKind::Report) {
        first_of(
            fields,
            left,
            &["school", "institution", "publisher", "organization"],
        )
    } else {
        first_of(
            fields,
            left,
            &["publisher", "organization", "institution", "school"],
        )
    };
    p.publisher = publisher.map(markdown);
    if let Ok(editors) = super::people::authors(fields, "editor") {
        p.editors = editors;
    }
}

/// The first of fields that say the same (`address` and `location`) that the entry has; the
/// others it has are named as not carried over, with the one that was.
fn first_of(fields: &mut Fields, left: &mut Vec<String>, names: &[&'static str]) -> Option<String> {
    let mut found: Option<(&str, String)> = None;
    for &name in names {
        match &found {
            None => found = fields.text(name).map(|value| (name, value)),
            Some((first, _)) => {
                if fields.entry.fields.contains_key(name) {
                    left.push(format!("{name} (the entry has {first} too)"));
                    fields.used.insert(name);
                }
            }
        }
    }
    found.map(|(_, value)| value)
}

/// Text read from BibTeX as a Markdown field of the profile, printing as written.
fn markdown(text: String) -> Text {
    escape_markdown(&text).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_and_states_as_people_write_them() {
        let known = |t: &str| known_degree(t);
        assert_eq!(known("phdthesis"), Some(KnownDegree::Phd));
        assert_eq!(known("Ph.D. thesis"), Some(KnownDegree::Phd));
        assert_eq!(known("Doctoral dissertation"), Some(KnownDegree::Phd));
        assert_eq!(known("Dissertation"), None);
        assert_eq!(known("mathesis"), Some(KnownDegree::Masters));
        assert_eq!(known("Master's thesis"), Some(KnownDegree::Masters));
        assert_eq!(known("Diplomarbeit"), Some(KnownDegree::Masters));
        assert_eq!(known("Bachelor's thesis"), Some(KnownDegree::Bachelors));
        assert_eq!(known("Habilitation"), Some(KnownDegree::Habilitation));
        assert_eq!(
            known("Habilitationsschrift"),
            Some(KnownDegree::Habilitation)
        );
        assert_eq!(
            degree(&EntryType::PhdThesis, Some("Habilitation")),
            Some(ThesisDegree::Known(KnownDegree::Habilitation))
        );
        assert_eq!(
            degree(&EntryType::Thesis, Some("Licentiate thesis")),
            Some(ThesisDegree::Other("Licentiate thesis".into()))
        );
        assert_eq!(degree(&EntryType::Thesis, None), None);
        assert_eq!(state_in("forthcoming"), Some(PublicationStatus::Accepted));
        assert_eq!(state_in("In press"), Some(PublicationStatus::InPress));
        assert_eq!(state_in("inpress"), Some(PublicationStatus::InPress));
        assert_eq!(
            state_in("Submitted to Nature"),
            Some(PublicationStatus::Submitted)
        );
        assert_eq!(
            state_in("inpreparation"),
            Some(PublicationStatus::InPreparation)
        );
        assert_eq!(state_in("Oral presentation"), None);
    }
}
