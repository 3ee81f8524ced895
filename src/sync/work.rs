//! A work as a service describes it ([`Work`]), in the words every service shares, and the one
//! rule that makes it a publication of the profile ([`Work::publication`]): the kind from the
//! services' type vocabularies (Crossref's, ORCID's and OpenAlex's overlap), the title through
//! the conversion layer's reader of registered titles, identifiers and addresses through the
//! one link classifier, and the result checked as any publication is.

use crate::diag::Problem;
use crate::import::convert::jats;
use crate::import::convert::paper_links::file_paper_link;
use crate::import::convert::papers::{is_preprint_venue, short_venue, MAX_AUTHORS};
use crate::profile::{
    self, html_text, Publication, PublicationKind, PublicationLinks, PublicationStatus, Text,
};

/// A work as a service lists it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Work {
    /// The title as registered (it may hold JATS, HTML or MathML).
    pub title: String,
    /// The authors' names as the service writes them, in order.
    pub authors: Vec<String>,
    /// The journal's, proceedings' or server's name, if known.
    pub venue: Option<String>,
    /// The year of publication.
    pub year: Option<i64>,
    /// The month (1–12).
    pub month: Option<i64>,
    /// The service's type (`journal-article`, `proceedings-article`, `article`, …).
    pub kind: String,
    /// What kind of place the venue is, where the service says (`journal`, `conference`,
    /// `repository`: OpenAlex's source types).
    pub venue_kind: Option<String>,
    /// A DOI, however spelled (`10.…`, `doi:10.…`, `https://doi.org/10.…`).
    pub doi: Option<String>,
    /// The paper's page.
    pub url: Option<String>,
}

/// What the services call works that are parts of other works or no works at all: no paper of
/// a CV (a figure's DOI, a journal's own record, a peer review).
const NOT_PAPERS: &[&str] = &[
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
    "dataset",
    "data-set",
    "database",
];

impl Work {
    /// The work as a publication, or why it cannot be one.
    pub fn publication(&self) -> Result<Publication, Problem> {
        let kind_name = self.kind.trim().to_ascii_lowercase();
        if NOT_PAPERS.contains(&kind_name.as_str()) {
            return Err(Problem::error(format!("a {kind_name}, not a paper")));
        }
        let title = jats::inline(&self.title);
        if title.trim().is_empty() {
            return Err(Problem::error("no title"));
        }
        let authors: Vec<String> = self
            .authors
            .iter()
            .map(|a| {
                jats::cleaned(a)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|a| !a.is_empty())
            .take(MAX_AUTHORS)
            .collect();
        if authors.is_empty() {
            return Err(Problem::error("no authors"));
        }
        let mut authors = authors;
        if self.authors.len() > MAX_AUTHORS {
            authors.push("et al.".into());
        }
        let year = self
            .year
            .filter(|y| (1000..=9999).contains(y))
            .ok_or(Problem::error("no year of publication"))? as u16;
        let month = self.month.filter(|m| (1..=12).contains(m)).map(|m| m as u8);
        let venue = self
            .venue
            .as_deref()
            .map(|v| html_text(jats::cleaned(v).trim()))
            .filter(|v| !v.is_empty());
        let doi = self.doi.as_deref().and_then(crate::link::doi::find);
        let mut links = PublicationLinks::default();
        // arXiv's own DOIs (10.48550/arXiv.…) are arXiv ids.
        let arxiv = doi.as_deref().and_then(crate::link::arxiv::of_doi);
        match arxiv {
            Some(id) => links.arxiv = Some(id),
            None => links.doi = doi,
        }
        if let Some(url) = &self.url {
            if crate::link::check(url).is_ok() {
                file_paper_link(&mut links, url.clone());
            }
        }
        let server = venue.as_deref().is_some_and(is_preprint_venue) || links.arxiv.is_some();
        let kind = match kind_name.as_str() {
            _ if server => PublicationKind::Preprint,
            "journal-article" => PublicationKind::Journal,
            "proceedings-article"
            | "conference-paper"
            | "conference-abstract"
            | "conference-poster" => in_proceedings(venue.as_deref()),
            "posted-content" | "preprint" | "working-paper" => PublicationKind::Preprint,
            "dissertation" | "dissertation-thesis" | "thesis" => PublicationKind::Thesis,
            "patent" => PublicationKind::Patent,
            "article" => match self.venue_kind.as_deref() {
                Some("conference") => in_proceedings(venue.as_deref()),
                Some("repository") => PublicationKind::Preprint,
                _ => PublicationKind::Journal,
            },
            _ => PublicationKind::Other,
        };
        let status = if kind == PublicationKind::Preprint {
            PublicationStatus::Preprint
        } else {
            PublicationStatus::Published
        };
        let venue = match (kind, venue) {
            (PublicationKind::Preprint, None) if links.arxiv.is_some() => {
                Some("arXiv preprint".to_string())
            }
            (_, venue) => venue,
        };
        let paper = Publication {
            title: Text::from(title),
            authors,
            venue_short: venue.as_deref().and_then(short_venue).map(Text::from),
            venue: venue.map(Text::from),
            year: Some(year),
            month,
            kind,
            status,
            award: None,
            note: None,
            links,
            selected: false,
            ..Default::default()
        };
        if let Some(problem) = profile::publication_problems(&paper).into_iter().next() {
            let field = problem.field.as_deref().unwrap_or("publication");
            return Err(Problem::error(format!("{} ({field})", problem.message)));
        }
        Ok(paper)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn work(kind: &str) -> Work {
        Work {
            title: "Fast <i>Paxos</i>".into(),
            authors: vec!["Ada  Lovelace".into(), " ".into(), "Zhang Wei".into()],
            venue: Some("Proc. of the Workshop on Things".into()),
            year: Some(2024),
            month: Some(13),
            kind: kind.into(),
            doi: Some("https://doi.org/10.1145/ABC.1".into()),
            ..Work::default()
        }
    }

    #[test]
    fn a_work_becomes_a_publication_by_one_rule() {
        let paper = work("proceedings-article").publication().unwrap();
        assert_eq!(paper.title.to_string(), "Fast *Paxos*");
        assert_eq!(paper.authors, ["Ada Lovelace", "Zhang Wei"]);
        assert_eq!(paper.kind, PublicationKind::Workshop);
        assert_eq!(paper.month, None);
        assert_eq!(paper.links.doi.as_deref(), Some("10.1145/ABC.1"));
        assert_eq!(
            work("journal-article").publication().unwrap().kind,
            PublicationKind::Journal
        );
        let mut arxiv = work("posted-content");
        arxiv.doi = Some("doi:10.48550/arXiv.2401.01234".into());
        arxiv.venue = None;
        let paper = arxiv.publication().unwrap();
        assert_eq!(paper.kind, PublicationKind::Preprint);
        assert_eq!(paper.links.arxiv.as_deref(), Some("2401.01234"));
        assert_eq!(paper.links.doi, None);
    }

    #[test]
    fn what_is_no_paper_is_said_why() {
        assert_eq!(
            work("component").publication().unwrap_err().message,
            "a component, not a paper"
        );
        let mut nameless = work("journal-article");
        nameless.authors.clear();
        assert_eq!(nameless.publication().unwrap_err().message, "no authors");
        let mut undated = work("journal-article");
        undated.year = None;
        assert!(undated.publication().unwrap_err().message.contains("year"));
        let mut untitled = work("journal-article");
        untitled.title = " <i> </i> ".into();
        assert_eq!(untitled.publication().unwrap_err().message, "no title");
    }
}
