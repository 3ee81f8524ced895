//! The lab as a whole (`cvpdf lab`): its members and its publication list, as data
//! ([`Site`], written as `lab.json`, whose JSON Schema `cvpdf schema --lab` prints) and as the
//! files made from it: the people page (`page.rs`), the BibTeX list (`bib.rs`) and the
//! publication list as a PDF (a document of the lab's own, through the CV templates).
//!
//! The data holds text as the page shows it: in the lab's language, inline markdown taken to
//! plain text, every address checked. Escaping is for each output to do (HTML by the
//! template engine, BibTeX in `bib.rs`, Typst in `source`).

pub mod bib;
mod build;
mod files;
mod list;
pub mod page;
pub mod papers;
mod references;
mod site;
pub mod stale;

/// The site's folder of photos and logos.
pub const PHOTOS: &str = "photos";

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::profile::markup::inline;
use crate::profile::{author_marks, normalize_name};
use crate::profile::{
    LinkKind, MemberGroup, Profile, Publication, PublicationKind, PublicationStatus, ThesisDegree,
};

pub use build::{build, Built, Lab};
pub use files::LAB_FILES;
pub(crate) use list::publication_list;
pub use list::List;
pub use papers::{keep_newest, lab_papers, LabPaper, MAX_LISTED};
pub use references::{add_references, ReferenceRun};
pub use site::{finish_site, Made};

/// The JSON Schema of `lab.json` (`cvpdf schema --lab`; also written beside it).
pub fn schema() -> String {
    let schema = schemars::schema_for!(Site);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

/// The file name of the schema beside `lab.json`.
pub const SCHEMA_FILE: &str = "lab.schema.json";

/// What `lab.json` holds: the lab, its members and its publications.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Site {
    /// The schema of this file: `lab.schema.json`, beside it.
    #[serde(rename = "$schema")]
    pub schema: String,
    /// Always `cvpdf`: says who wrote the file (cvpdf overwrites only files it wrote).
    pub generator: String,
    /// The lab (from `lab:` in `cvpdf.yaml`).
    pub lab: LabInfo,
    /// The members in the page's order: by group, then by name.
    pub members: Vec<Member>,
    /// Every member's papers, each once, newest first.
    pub publications: Vec<Paper>,
}

/// The lab itself.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LabInfo {
    /// Its name.
    pub name: String,
    /// Its web site.
    pub url: Option<String>,
    /// Its logo, a file beside `lab.json`.
    pub logo: Option<String>,
    /// The language of the texts (a key of `templates/i18n.yaml`).
    pub lang: String,
    /// The accent colour as `#rrggbb`, darkened if need be to be readable on white.
    pub accent: String,
    /// The publication list as PDF, a file beside `lab.json`.
    pub publications_pdf: Option<String>,
    /// The publication list as BibTeX, a file beside `lab.json`.
    pub publications_bib: String,
}

/// A member: who they are and where their CVs are. Read back from an earlier `lab.json` for a
/// member whose profile does not load (see `stale.rs`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Member {
    /// The profile's file name without `.yaml`; the CVs are named after it.
    pub slug: String,
    /// An HTML id for the member (letters, digits and `-` only; unique on the page).
    pub anchor: String,
    /// The name in Latin script.
    pub name: String,
    /// The name in the member's own script.
    pub native_name: Option<String>,
    /// The language of `native_name` as far as its script tells (`zh` for Han, `ja` for kana,
    /// `ko` for Hangul, …).
    pub native_lang: Option<String>,
    /// Where the people page lists the member (none: under "Members").
    pub group: Option<MemberGroup>,
    /// The current position.
    pub headline: Option<String>,
    /// The photo, a file beside `lab.json`.
    pub photo: Option<String>,
    /// The first page of the CV as a small PNG, a file beside `lab.json`.
    pub thumbnail: Option<String>,
    /// E-mail address.
    pub email: Option<String>,
    /// Home page.
    pub website: Option<String>,
    /// Profiles elsewhere.
    pub links: Vec<MemberLink>,
    /// The full CV, a file beside `lab.json`.
    pub cv: Option<String>,
    /// The full CV as a web page, a file beside `lab.json`.
    #[serde(default)]
    pub cv_html: Option<String>,
    /// The other CVs (`default_variants`), each a file beside `lab.json`.
    pub variants: Vec<VariantCv>,
    /// The member's profile did not load in this build, so this is the card (and these are the
    /// files) of the last build that read it, and their papers stay in the lists.
    #[serde(default)]
    pub stale: bool,
}

/// A link of a member.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct MemberLink {
    /// What it points to.
    pub kind: LinkKind,
    /// Its text.
    pub label: String,
    /// The address.
    pub url: String,
}

/// A variant's CV.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VariantCv {
    /// The variant's name.
    pub name: String,
    /// The PDF, a file beside `lab.json`.
    pub pdf: String,
    /// The web page, a file beside `lab.json`.
    #[serde(default)]
    pub html: Option<String>,
}

/// A paper of the lab's list.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Paper {
    /// Its citation key in `publications.bib`, also its HTML id.
    pub key: String,
    /// The number shown before it (none when the lab does not number papers).
    pub number: Option<usize>,
    /// The group it is listed in, as in `publications.pdf`: its kind (`journal`,
    /// `conference`, …), or `preprint` for a paper not published yet.
    pub group: String,
    /// The title, plain text.
    pub title: String,
    /// The authors in the paper's order.
    pub authors: Vec<Author>,
    /// The full venue name.
    pub venue: Option<String>,
    /// The short venue name.
    pub venue_short: Option<String>,
    /// Year of publication.
    pub year: Option<u16>,
    /// Month (1–12).
    pub month: Option<u8>,
    /// Conference, journal, …
    pub kind: PublicationKind,
    /// Published, accepted, …
    pub status: PublicationStatus,
    /// The editors (of a chapter's book, or of an edited volume), in order.
    pub editors: Vec<String>,
    /// The volume, e.g. `521`.
    pub volume: Option<String>,
    /// The issue within the volume.
    pub issue: Option<String>,
    /// The pages.
    pub pages: Option<String>,
    /// The edition (a number or text).
    pub edition: Option<String>,
    /// The publisher, the institution of a thesis or report, a dataset's repository.
    pub publisher: Option<String>,
    /// Where it was published.
    pub place: Option<String>,
    /// The book series.
    pub series: Option<String>,
    /// A report's or patent's number, or the number in its series: the profile's `number`
    /// (`number` here is the one shown before the paper).
    pub report_number: Option<String>,
    /// A book's ISBN.
    pub isbn: Option<String>,
    /// A software's or dataset's version.
    pub version: Option<String>,
    /// The degree of a thesis.
    pub degree: Option<ThesisDegree>,
    /// An award the paper received.
    pub award: Option<String>,
    /// A short remark.
    pub note: Option<String>,
    /// Its links (`pdf`, `doi`, `arxiv`, `web`, `code`, `slides`, `poster`, `video`), each an
    /// address, in that order.
    pub links: Vec<PaperLink>,
    /// The slugs of the members who list it.
    pub members: Vec<String>,
    /// Whether a member marked it `selected`.
    pub selected: bool,
    /// The paper as the lab's citation style prints it (`citation_style` in cvpdf.yaml), the
    /// text `publications.pdf` shows, as runs; absent in cvpdf's own layout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<Vec<ReferenceRun>>,
}

/// An author of a paper.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Author {
    /// The name as the paper gives it, without marks.
    pub name: String,
    /// The slug of the lab member this is (matched by `name` and `name_variants`).
    pub member: Option<String>,
    /// Marked `*`: equal contribution.
    pub equal: bool,
    /// Marked `†`: corresponding author.
    pub corresponding: bool,
}

/// A link of a paper.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PaperLink {
    /// `pdf`, `doi`, `arxiv`, `web`, `code`, `slides`, `poster` or `video`.
    pub kind: String,
    /// The address.
    pub url: String,
}

/// The plain text of inline markdown, on one line.
pub fn plain(text: &str) -> String {
    inline::plain_text(&inline::parse(text))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Members as the page lists them: by group (the ungrouped after the current members and
/// before alumni), then by name.
pub fn sort_members(members: &mut [Member]) {
    let rank = |g: Option<MemberGroup>| match g {
        Some(MemberGroup::Alumni) => 2 * MemberGroup::ALL.len(),
        Some(g) => g as usize,
        None => MemberGroup::ALL.len(),
    };
    members.sort_by(|a, b| {
        rank(a.group)
            .cmp(&rank(b.group))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.slug.cmp(&b.slug))
    });
}

/// The member who has written `author` (by name or a name variant), if any. When the name
/// is several members' ("Z. Li" for Zhiyao Li and Zili Li), it is the one of them who lists
/// the paper (`listers`, slugs); if that does not settle it, nobody.
pub fn member_of<'a>(
    author: &str,
    names: &'a [(String, String)],
    listers: &[String],
) -> Option<&'a str> {
    let wanted = normalize_name(author);
    let mut matching: Vec<&str> = names
        .iter()
        .filter(|(name, _)| *name == wanted)
        .map(|(_, slug)| slug.as_str())
        .collect();
    matching.sort_unstable();
    matching.dedup();
    if matching.len() > 1 {
        matching.retain(|slug| listers.iter().any(|l| l == slug));
    }
    match matching[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// Every member's normalised names ([`Profile::own_names`]) with their slug.
pub fn member_names(members: &[(String, &Profile)]) -> Vec<(String, String)> {
    members
        .iter()
        .flat_map(|(slug, p)| {
            p.own_names()
                .map(move |n| (normalize_name(n), slug.clone()))
        })
        .collect()
}

/// A paper of the list as data.
pub fn paper(
    paper: &LabPaper,
    key: &str,
    place: &crate::source::Listed,
    names: &[(String, String)],
    slugs: &[String],
) -> Paper {
    let p: &Publication = &paper.publication;
    let optional = |t: &Option<crate::profile::Text>| t.as_deref().map(plain);
    let members: Vec<String> = paper
        .members
        .iter()
        .filter_map(|&i| slugs.get(i).cloned())
        .collect();
    Paper {
        key: key.to_string(),
        group: place.group.to_string(),
        number: place.number,
        title: plain(&p.title),
        authors: p
            .authors
            .iter()
            .map(|raw| {
                let (name, equal, corresponding) = author_marks(raw);
                Author {
                    member: member_of(name, names, &members).map(str::to_string),
                    name: name.to_string(),
                    equal,
                    corresponding,
                }
            })
            .collect(),
        venue: optional(&p.venue),
        venue_short: optional(&p.venue_short),
        year: p.year,
        month: p.month,
        kind: p.kind,
        status: p.status,
        editors: p.editors.clone(),
        volume: p.volume.clone(),
        issue: p.issue.clone(),
        pages: p.pages.clone(),
        edition: p.edition.clone(),
        publisher: optional(&p.publisher),
        place: optional(&p.place),
        series: optional(&p.series),
        report_number: p.number.clone(),
        isbn: p.isbn.clone(),
        version: p.version.clone(),
        degree: p.degree.clone(),
        award: optional(&p.award),
        note: optional(&p.note),
        links: p
            .links
            .addresses()
            .into_iter()
            .filter_map(|(kind, url)| {
                Some(PaperLink {
                    kind: kind.to_string(),
                    url: url?,
                })
            })
            .collect(),
        members,
        selected: p.selected,
        reference: None,
    }
}

/// A member's id in the people page, made from their slug: `member-` and ASCII letters,
/// digits and `-`, different from every id in `taken`. The prefix keeps it apart from the
/// page's own ids (`main`, `people`, …) and the papers' (`paper-<key>`), whatever the slug.
pub fn anchor(slug: &str, taken: &mut std::collections::HashSet<String>) -> String {
    let base = format!("member-{}", crate::slug(slug));
    let mut id = base.clone();
    let mut n = 2;
    while !taken.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_ids_and_unique() {
        let mut taken = Default::default();
        assert_eq!(anchor("zili-zhang", &mut taken), "member-zili-zhang");
        assert_eq!(anchor("Zili Zhang", &mut taken), "member-zili-zhang-2");
        assert_eq!(anchor("1 #odd", &mut taken), "member-1-odd");
        assert_eq!(anchor("李", &mut taken), "member-li");
        assert_eq!(anchor("###", &mut taken), "member-profile");
    }
}
