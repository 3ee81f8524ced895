//! The services' type vocabularies (Crossref's, ORCID's, OpenAlex's and DataCite's, which
//! overlap) read as the profile's kinds: one table for every service, so that a chapter is a
//! chapter whichever service listed it.

use crate::profile::{KnownDegree, PublicationKind, ThesisDegree};

/// What the services call works that are parts of other works or no works at all: no entry
/// of a CV (a figure's DOI, a journal's own record, a peer review). Datasets and software are
/// results of their own (issue 48) and are not among them.
pub const NOT_PAPERS: &[&str] = &[
    "component",
    "journal",
    "journal-issue",
    "journal-volume",
    "proceedings",
    "proceedings-series",
    "book-series",
    "book-set",
    "peer-review",
    "paratext",
    "erratum",
    "retraction",
    "grant",
];

/// The kind of a work of type `name` (lower case), whose venue is `venue` and whose venue is
/// of the kind `venue_kind` (OpenAlex's source types), when no preprint server says otherwise.
pub fn of_type(name: &str, venue: Option<&str>, venue_kind: Option<&str>) -> PublicationKind {
    match name {
        "journal-article" => PublicationKind::Journal,
        "proceedings-article"
        | "conference-paper"
        | "conference-abstract"
        | "conference-poster" => in_proceedings(venue),
        "posted-content" | "preprint" | "working-paper" => PublicationKind::Preprint,
        "dissertation" | "dissertation-thesis" | "thesis" => PublicationKind::Thesis,
        "patent" => PublicationKind::Patent,
        "book-chapter" | "book-section" | "book-part" => PublicationKind::Chapter,
        "book" | "monograph" | "reference-book" => PublicationKind::Book,
        "edited-book" => PublicationKind::Edited,
        "report" | "report-series" => PublicationKind::Report,
        "dataset" | "data-set" | "database" => PublicationKind::Dataset,
        "software" => PublicationKind::Software,
        "article" => match venue_kind {
            Some("conference") => in_proceedings(venue),
            Some("repository") => PublicationKind::Preprint,
            _ => PublicationKind::Journal,
        },
        _ => PublicationKind::Other,
    }
}

/// A paper in proceedings: a workshop's when its venue says so, else a conference's.
fn in_proceedings(venue: Option<&str>) -> PublicationKind {
    if venue.is_some_and(|v| v.to_lowercase().contains("workshop")) {
        PublicationKind::Workshop
    } else {
        PublicationKind::Conference
    }
}

/// The degree a service names (Crossref's `"degree": ["Ph.D."]`): a known one when its words
/// say which, else the text as written.
pub fn degree(text: &str) -> Option<ThesisDegree> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let word: String = text
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    let known = match word.as_str() {
        "phd" | "dphil" | "doctoral" | "doctorate" | "doctorofphilosophy" => Some(KnownDegree::Phd),
        "ms" | "msc" | "ma" | "masters" | "master" | "mphil" | "meng" => Some(KnownDegree::Masters),
        "bs" | "bsc" | "ba" | "bachelors" | "bachelor" | "beng" => Some(KnownDegree::Bachelors),
        "habilitation" => Some(KnownDegree::Habilitation),
        _ => None,
    };
    Some(known.map_or_else(
        || ThesisDegree::Other(text.to_string()),
        ThesisDegree::Known,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_service_s_types_are_the_profile_s_kinds() {
        // issue 48: chapters, books, reports, datasets and software were `other` or skipped.
        for (name, kind) in [
            ("book-chapter", PublicationKind::Chapter),
            ("monograph", PublicationKind::Book),
            ("edited-book", PublicationKind::Edited),
            ("report", PublicationKind::Report),
            ("dataset", PublicationKind::Dataset),
            ("data-set", PublicationKind::Dataset),
            ("software", PublicationKind::Software),
            ("dissertation", PublicationKind::Thesis),
            ("component", PublicationKind::Other),
        ] {
            assert_eq!(of_type(name, None, None), kind, "{name}");
        }
        assert!(!NOT_PAPERS.contains(&"dataset"));
        assert_eq!(
            of_type("article", None, Some("repository")),
            PublicationKind::Preprint
        );
    }

    #[test]
    fn degrees_are_known_when_their_words_say_which() {
        assert_eq!(degree("Ph.D."), Some(ThesisDegree::Known(KnownDegree::Phd)));
        assert_eq!(
            degree("M.Sc."),
            Some(ThesisDegree::Known(KnownDegree::Masters))
        );
        assert_eq!(degree("Diplom"), Some(ThesisDegree::Other("Diplom".into())));
        assert_eq!(degree(" "), None);
    }
}
