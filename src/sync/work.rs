//! A work as a service describes it ([`Work`]), in the words every service shares, and the one
//! rule that makes it a publication of the profile ([`Work::publication`]): the kind from the
//! services' type vocabularies ([`super::kinds`]), the title through
//! the conversion layer's reader of registered titles, identifiers and addresses through the
//! one link classifier, and the result checked as any publication is.

use super::kinds;
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
    /// The volume, the issue, and the pages (a range or an article number).
    pub volume: Option<String>,
    /// The issue within the volume.
    pub issue: Option<String>,
    /// The pages: `436-444`, or an article number.
    pub pages: Option<String>,
    /// The editors' names (of the book a chapter is in, or of an edited book), in order.
    pub editors: Vec<String>,
    /// The series the venue is part of (`Lecture Notes in Computer Science`).
    pub series: Option<String>,
    /// The edition (`2`).
    pub edition: Option<String>,
    /// The publisher; a thesis's institution; a dataset's repository.
    pub publisher: Option<String>,
    /// The publisher's city.
    pub place: Option<String>,
    /// A report's number.
    pub number: Option<String>,
    /// A book's ISBN.
    pub isbn: Option<String>,
    /// A dataset's or software's version.
    pub version: Option<String>,
    /// The degree of a thesis, as the service writes it.
    pub degree: Option<String>,
}

impl Work {
    /// The work as a publication, or why it cannot be one.
    pub fn publication(&self) -> Result<Publication, Problem> {
        let kind_name = self.kind.trim().to_ascii_lowercase();
        if kinds::NOT_PAPERS.contains(&kind_name.as_str()) {
            return Err(Problem::error(format!("a {kind_name}, not a paper")));
        }
        let title = jats::inline(&self.title);
        if title.trim().is_empty() {
            return Err(Problem::error("no title"));
        }
        let mut authors = names(&self.authors);
        let editors = names(&self.editors);
        if authors.is_empty() && editors.is_empty() {
            return Err(Problem::error("no authors"));
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
        let mut kind = kinds::of_type(&kind_name, venue.as_deref(), self.venue_kind.as_deref());
        // A dataset or software on a preprint server's platform is still data or code.
        if server && !matches!(kind, PublicationKind::Dataset | PublicationKind::Software) {
            kind = PublicationKind::Preprint;
        }
        if authors.is_empty() {
            // Editors alone: an edited book, or (as before issue 48) a work whose editors are
            // all the names it gives.
            match kind {
                PublicationKind::Book | PublicationKind::Edited | PublicationKind::Other => {
                    kind = PublicationKind::Edited
                }
                _ => authors = editors.clone(),
            }
        }
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
        let mut paper = Publication {
            title: Text::from(title),
            authors,
            year: Some(year),
            month,
            kind,
            status,
            links,
            ..Default::default()
        };
        self.place_venue(&mut paper, venue);
        self.bibliographic(&mut paper, editors);
        if let Some(problem) = profile::publication_problems(&paper).into_iter().next() {
            let field = problem.field.as_deref().unwrap_or("publication");
            return Err(Problem::error(format!("{} ({field})", problem.message)));
        }
        Ok(paper)
    }
}

impl Work {
    /// Where `venue` (the service's container) goes for the paper's kind: a book's or a
    /// report's container is its series; a thesis, a dataset or software has a publisher (the
    /// institution, the repository), not a venue; every other kind's is its venue.
    fn place_venue(&self, paper: &mut Publication, venue: Option<String>) {
        let publisher = self
            .publisher
            .as_deref()
            .map(clean)
            .filter(|p| !p.is_empty());
        match paper.kind {
            PublicationKind::Book | PublicationKind::Edited | PublicationKind::Report => {
                let series = self.series.as_deref().map(clean).or(venue);
                paper.series = series.map(Text::from);
                paper.publisher = publisher.map(Text::from);
            }
            PublicationKind::Thesis => paper.publisher = publisher.or(venue).map(Text::from),
            // A repository's own name (`Zenodo`), not its host's.
            PublicationKind::Dataset | PublicationKind::Software => {
                paper.publisher = venue.or(publisher).map(Text::from);
            }
            PublicationKind::Chapter => {
                paper.venue = venue.map(Text::from);
                paper.publisher = publisher.map(Text::from);
                paper.series = self.series.as_deref().map(clean).map(Text::from);
            }
            _ => {
                paper.series = self.series.as_deref().map(clean).map(Text::from);
                // A journal's or proceedings' publisher is no part of how a CV cites a paper;
                // writing it into every synced article would only fill the profile.
                paper.venue_short = venue.as_deref().and_then(short_venue).map(Text::from);
                paper.venue = venue.map(Text::from);
            }
        }
    }

    /// The paper's bibliographic details, each where the paper's kind has a use for it (a
    /// book's ISBN, a chapter's editors, a dataset's version): the profile keeps what the CV
    /// prints.
    fn bibliographic(&self, paper: &mut Publication, editors: Vec<String>) {
        let field = |value: &Option<String>| {
            value
                .as_deref()
                .map(clean)
                .filter(|v| !v.is_empty() && v.chars().count() <= MAX_FIELD)
        };
        use PublicationKind as K;
        let kind = paper.kind;
        let book = matches!(kind, K::Book | K::Edited | K::Chapter);
        paper.volume = field(&self.volume);
        paper.issue = field(&self.issue).filter(|_| !book);
        paper.pages = field(&self.pages).filter(|_| !matches!(kind, K::Book | K::Edited));
        if book {
            paper.editors = editors;
            paper.edition = field(&self.edition);
            paper.place = field(&self.place).map(Text::from);
        }
        if matches!(kind, K::Book | K::Edited) {
            paper.isbn = field(&self.isbn);
        }
        if matches!(kind, K::Report | K::Patent) {
            paper.number = field(&self.number);
        }
        if matches!(kind, K::Dataset | K::Software) {
            paper.version = field(&self.version);
        }
        if kind == K::Thesis {
            paper.degree = self.degree.as_deref().and_then(kinds::degree);
        }
    }
}

/// The most characters of a short bibliographic field (a volume, an ISBN, a version): longer
/// is no such field, and is left out rather than written into the profile.
const MAX_FIELD: usize = 200;

/// A service's text as plain text: markup read, spaces collapsed.
fn clean(text: &str) -> String {
    html_text(
        jats::cleaned(text)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .as_str(),
    )
}

/// People's names as the profile writes them: markup and spaces cleaned, the empty ones left
/// out, at most [`MAX_AUTHORS`] and `et al.` for the rest.
fn names(people: &[String]) -> Vec<String> {
    let mut names: Vec<String> = people
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
    if people.len() > MAX_AUTHORS {
        names.push("et al.".into());
    }
    names
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

    #[test]
    fn each_kind_keeps_the_details_it_prints() {
        // issue 48: a chapter's book, editors and publisher; a book's series; a dataset's
        // repository and version; a journal article's volume, issue and pages.
        let chapter = Work {
            kind: "book-chapter".into(),
            venue: Some("Handbook of Psychoceramics".into()),
            series: Some("Lecture Notes in Teacup Science".into()),
            editors: vec!["Grace Hopper".into()],
            publisher: Some("Springer".into()),
            pages: Some("17-42".into()),
            edition: Some("2".into()),
            issue: Some("3".into()),
            ..work("")
        };
        let paper = chapter.publication().unwrap();
        assert_eq!(paper.kind, PublicationKind::Chapter);
        assert_eq!(
            paper.venue.unwrap().to_string(),
            "Handbook of Psychoceramics"
        );
        assert_eq!(paper.editors, ["Grace Hopper"]);
        assert_eq!(paper.publisher.unwrap().to_string(), "Springer");
        assert_eq!(
            paper.series.unwrap().to_string(),
            "Lecture Notes in Teacup Science"
        );
        assert_eq!(
            (
                paper.pages.as_deref(),
                paper.edition.as_deref(),
                paper.issue
            ),
            (Some("17-42"), Some("2"), None)
        );
        let mut edited = Work {
            kind: "book".into(),
            authors: vec![],
            editors: vec!["Grace Hopper".into()],
            ..chapter.clone()
        };
        let book = edited.publication().unwrap();
        assert_eq!(book.kind, PublicationKind::Edited);
        assert!(book.authors.is_empty() && book.venue.is_none());
        assert_eq!(
            book.series.unwrap().to_string(),
            "Lecture Notes in Teacup Science"
        );
        edited.kind = "dataset".into();
        edited.authors = vec!["Ada Lovelace".into()];
        edited.venue = None;
        edited.publisher = Some("Zenodo".into());
        edited.version = Some("1.2.0".into());
        let data = edited.publication().unwrap();
        assert_eq!(data.kind, PublicationKind::Dataset);
        assert_eq!(data.publisher.unwrap().to_string(), "Zenodo");
        assert_eq!(data.version.as_deref(), Some("1.2.0"));
        assert!(data.editors.is_empty() && data.venue.is_none());
        let article = Work {
            volume: Some("521".into()),
            issue: Some("7553".into()),
            pages: Some("436-444".into()),
            publisher: Some("Springer Nature".into()),
            ..work("journal-article")
        };
        let paper = article.publication().unwrap();
        assert_eq!(
            (
                paper.volume.as_deref(),
                paper.issue.as_deref(),
                paper.pages.as_deref()
            ),
            (Some("521"), Some("7553"), Some("436-444"))
        );
        assert_eq!(paper.publisher, None);
    }
}
