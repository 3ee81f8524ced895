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
    /// A thesis.
    Thesis,
    /// A patent.
    Patent,
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

/// A paper, article, thesis or patent.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Publication {
    /// The title.
    pub title: Text,
    /// Authors in the order of the paper. A trailing `*` marks equal contribution and a trailing
    /// `†` a corresponding author.
    pub authors: Vec<String>,
    /// The full venue name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub venue: Option<Text>,
    /// The short venue name, e.g. `NSDI'24`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub venue_short: Option<Text>,
    /// The year of publication (or of the preprint).
    pub year: u16,
    /// The month (1–12), when known; orders papers within a year and is shown with the year.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<u8>,
    /// Conference, journal, workshop, …
    #[serde(default, skip_serializing_if = "is_default")]
    pub kind: PublicationKind,
    /// Published, accepted, submitted, …
    #[serde(default, skip_serializing_if = "is_default")]
    pub status: PublicationStatus,
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

each_text_fields!(Publication: title, venue, venue_short, award, note);

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
