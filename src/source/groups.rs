//! The order a publication list shows papers in, and their numbers: one rule for a CV, the
//! lab's `publications.pdf` and the people page, so that a paper has the same number
//! everywhere. Papers come newest first; a list of several kinds shows them group by group
//! (books, edited volumes, chapters, conference papers, journal articles, workshop papers,
//! reports, preprints — by kind or by status —, theses, patents, datasets, software, others),
//! newest first within each; numbers count over the whole list.

use crate::profile::{Numbering, Publication, PublicationKind, PublicationStatus};

/// The groups, in the order a list shows them (also the keys of their titles in
/// `templates/i18n.yaml`).
pub const GROUP_ORDER: [&str; 13] = [
    "book",
    "edited",
    "chapter",
    "conference",
    "journal",
    "workshop",
    "report",
    "preprint",
    "thesis",
    "patent",
    "dataset",
    "software",
    "other",
];

/// The group a paper is listed in: a preprint (by kind, or by a status that says it is not
/// published yet) with the preprints, else its kind's.
pub fn group_of(paper: &Publication) -> &'static str {
    let unpublished = matches!(
        paper.status,
        PublicationStatus::Submitted
            | PublicationStatus::Preprint
            | PublicationStatus::InPreparation
    );
    if paper.kind == PublicationKind::Preprint || unpublished {
        "preprint"
    } else {
        paper.kind.into()
    }
}

/// One paper of a list, where it is listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    /// Its position in the papers given.
    pub index: usize,
    /// Its group ([`GROUP_ORDER`]).
    pub group: &'static str,
    /// The number it is shown with, if the list is numbered.
    pub number: Option<usize>,
}

/// `papers` (newest first) in the order a list shows them, each with its group and number.
pub fn listed(papers: &[&Publication], numbering: Numbering) -> Vec<Listed> {
    let rank = |group: &str| GROUP_ORDER.iter().position(|g| *g == group).unwrap_or(0);
    let mut order: Vec<(usize, &'static str)> = papers
        .iter()
        .enumerate()
        .map(|(index, paper)| (index, group_of(paper)))
        .collect();
    // Stable: newest first within each group.
    order.sort_by_key(|&(_, group)| rank(group));
    let n = order.len();
    order
        .into_iter()
        .enumerate()
        .map(|(i, (index, group))| Listed {
            index,
            group,
            number: match numbering {
                Numbering::Reverse => Some(n - i),
                Numbering::Forward => Some(i + 1),
                Numbering::None => None,
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper(kind: &str, status: &str, year: u16) -> Publication {
        let yaml =
            format!("{{title: T, authors: [A], year: {year}, kind: {kind}, status: {status}}}");
        serde_yaml::from_str(&yaml).unwrap()
    }

    #[test]
    fn papers_are_listed_group_by_group_and_numbered_over_the_list() {
        let papers = [
            paper("journal", "published", 2024),
            paper("conference", "submitted", 2023),
            paper("conference", "published", 2022),
            paper("journal", "published", 2021),
        ];
        let refs: Vec<&Publication> = papers.iter().collect();
        let listed = listed(&refs, Numbering::Reverse);
        let order: Vec<(usize, &str, Option<usize>)> = listed
            .iter()
            .map(|l| (l.index, l.group, l.number))
            .collect();
        assert_eq!(
            order,
            [
                (2, "conference", Some(4)),
                (0, "journal", Some(3)),
                (3, "journal", Some(2)),
                (1, "preprint", Some(1)),
            ]
        );
        let forward = super::listed(&refs, Numbering::Forward);
        assert_eq!(forward[0].number, Some(1));
        assert_eq!(super::listed(&refs, Numbering::None)[0].number, None);
    }
}
