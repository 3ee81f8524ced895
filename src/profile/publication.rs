//! The serde types of a publication: what it is, where it stands, where to read it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::defaults::{is_default, is_false};
use super::text::{each_text_fields, Text};

/// The kind of a publication; decides its group and its label.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Deserialize,
    Serialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum PublicationKind {
    /// A conference paper.
    #[default]
    Conference,
    /// A journal article.
    Journal,
    /// A workshop paper.
    Workshop,
    /// A preprint (e.g. on arXiv).
    Preprint,
    /// A book (a monograph): `publisher`, `place`, `edition`, `series`, `isbn`.
    Book,
    /// A chapter in a book: `venue` is the book's title, with its `editors`, `edition`,
    /// `pages` and `publisher`.
    Chapter,
    /// A book the researcher edited: `editors` name the editors (`authors` may be empty).
    Edited,
    /// A technical or working report: `number` and the issuing institution (`publisher`).
    Report,
    /// A thesis: the institution (`publisher`) and the `degree`.
    Thesis,
    /// A patent: its `number`.
    Patent,
    /// A dataset (Zenodo, figshare, Dryad, …): `publisher` is the repository, `version`.
    Dataset,
    /// Software: `version`, the repository as `publisher`, its code link.
    Software,
    /// Anything else.
    Other,
}

/// Where a publication stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Deserialize,
    Serialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum PublicationStatus {
    /// Published.
    #[default]
    Published,
    /// Accepted, not yet published.
    Accepted,
    /// Submitted and under review.
    Submitted,
    /// Publicly available as a preprint.
    Preprint,
    /// Being written.
    InPreparation,
    /// Accepted, with the publisher, not yet out.
    InPress,
}

impl PublicationStatus {
    /// Whether a paper with this status may have no year yet: one not out yet says why.
    pub fn excuses_no_year(self) -> bool {
        matches!(
            self,
            PublicationStatus::Accepted
                | PublicationStatus::Submitted
                | PublicationStatus::InPreparation
                | PublicationStatus::InPress
        )
    }
}

/// The degree a thesis was written for: a known one is printed in the CV's language, any other
/// text as written (`Habilitationsschrift`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ThesisDegree {
    /// `phd`, `masters`, `bachelors` or `habilitation`.
    Known(KnownDegree),
    /// Any other degree, as written.
    Other(String),
}

/// The degrees whose thesis cvpdf names in every language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum KnownDegree {
    /// A doctoral thesis.
    Phd,
    /// A master's thesis.
    Masters,
    /// A bachelor's thesis.
    Bachelors,
    /// A habilitation thesis.
    Habilitation,
}

/// Links attached to a publication.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PublicationLinks {
    /// The paper's PDF.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pdf: Option<String>,
    /// A DOI (`10.1145/…`) or a doi.org address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doi: Option<String>,
    /// An arXiv identifier (`2401.01234`) or address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arxiv: Option<String>,
    /// The paper's web page (a publisher's or project page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub web: Option<String>,
    /// The code repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The slides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slides: Option<String>,
    /// The poster.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub poster: Option<String>,
    /// A recording.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub video: Option<String>,
}

/// A paper, article, book, chapter, report, thesis, patent, dataset or software.
// `Default` is for code that builds one field by field (importers, sync); a profile must still
// give `title` and an author or editor.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Publication {
    /// The title.
    pub title: Text,
    /// Authors in the order of the paper. A trailing `*` marks equal contribution and a trailing
    /// `†` a corresponding author. May be empty for an edited volume that names its `editors`.
    #[serde(default)]
    pub authors: Vec<String>,
    /// The full venue name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub venue: Option<Text>,
    /// The short venue name, e.g. `NSDI'24`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub venue_short: Option<Text>,
    /// The year of publication (or of the preprint). May be left out when `status` says the
    /// paper is not out yet (`accepted`, `in-press`, `submitted`, `in-preparation`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// The month (1–12), when known; orders papers within a year and is shown with the year.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<u8>,
    /// Conference, journal, workshop, …
    #[serde(default, skip_serializing_if = "is_default")]
    pub kind: PublicationKind,
    /// Published, accepted, in press, submitted, …
    #[serde(default, skip_serializing_if = "is_default")]
    pub status: PublicationStatus,
    /// The journal's (or series') volume, e.g. `521`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume: Option<String>,
    /// The issue within the volume, e.g. `7553`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issue: Option<String>,
    /// The pages, a range (`436–444`, `436-444`) or an article number (`e1234`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pages: Option<String>,
    /// The editors of the book a chapter is in, or of an edited volume, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    /// The edition: a number (`2`, printed "2nd ed." in the CV's language) or text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The publisher, the institution of a thesis or report, a dataset's repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publisher: Option<Text>,
    /// Where it was published (the publisher's city).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<Text>,
    /// The book series, e.g. `Lecture Notes in Computer Science`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub series: Option<Text>,
    /// A report's or patent's number, or the number in its series.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// A book's ISBN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub isbn: Option<String>,
    /// A software's or dataset's version, e.g. `2.1.0`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The degree of a thesis: `phd`, `masters`, `bachelors`, `habilitation`, or text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<ThesisDegree>,
    /// An award the paper received, e.g. `Best Paper Award`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub award: Option<Text>,
    /// A short remark, e.g. `CCF-A` or `Oral`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
    /// PDF, DOI, arXiv, web page, code, slides, poster, video.
    #[serde(default, skip_serializing_if = "is_default")]
    pub links: PublicationLinks,
    /// Marks a paper the researcher wants to stand out.
    #[serde(default, skip_serializing_if = "is_false")]
    pub selected: bool,
}

each_text_fields!(Publication: title, venue, venue_short, publisher, place, series, award, note);

impl Publication {
    /// How new the paper is, for "newest first": its year and month (a month left out counts
    /// as before the dated months of its year); a paper not out yet (no year) is newer than
    /// every dated one. The one order of CVs, variants and the lab's list.
    pub fn recency(&self) -> (u16, u8) {
        (self.year.unwrap_or(u16::MAX), self.month.unwrap_or(0))
    }
}

impl PublicationLinks {
    /// Each link with its key, in the order a CV shows them: the one list of a paper's links
    /// that every stage walks (validation, importers, the lab's BibTeX).
    pub fn each(&self) -> [(&'static str, &Option<String>); 8] {
        [
            ("pdf", &self.pdf),
            ("doi", &self.doi),
            ("arxiv", &self.arxiv),
            ("web", &self.web),
            ("code", &self.code),
            ("slides", &self.slides),
            ("poster", &self.poster),
            ("video", &self.video),
        ]
    }

    /// Each link's slot with its key, in the order of [`PublicationLinks::each`].
    pub fn each_mut(&mut self) -> [(&'static str, &mut Option<String>); 8] {
        [
            ("pdf", &mut self.pdf),
            ("doi", &mut self.doi),
            ("arxiv", &mut self.arxiv),
            ("web", &mut self.web),
            ("code", &mut self.code),
            ("slides", &mut self.slides),
            ("poster", &mut self.poster),
            ("video", &mut self.video),
        ]
    }

    /// Every link as an address, keyed and in the order shown: a bare DOI or arXiv
    /// identifier becomes its doi.org or arxiv.org address, and each passes the one link
    /// check; a link it refuses is `None`.
    pub fn addresses(&self) -> [(&'static str, Option<String>); 8] {
        self.each().map(|(key, value)| {
            let value = value.as_deref().map(str::trim);
            let address = match (key, value) {
                ("doi", Some(doi)) => Some(crate::link::doi::address(doi)),
                ("arxiv", Some(id)) if !id.contains("://") => Some(crate::link::arxiv::address(id)),
                (_, value) => value.map(str::to_string),
            };
            (key, address.and_then(|u| crate::link::check(&u).ok()))
        })
    }
}
