//! `cvpdf import-bib`: BibTeX/BibLaTeX entries (parsed by the biblatex crate) become
//! publications of a profile. Entries already in the profile (same DOI, or same title once
//! case and punctuation are ignored) are updated in place, others are appended. The profile is
//! edited as text, so its comments and everything else survive; the result is validated
//! before it replaces the file.

use std::path::Path;

use biblatex::{Bibliography, ChunksExt, DateValue, Entry, EntryType, PermissiveType, Person};

use crate::profile::{
    self, Profile, Publication, PublicationKind, PublicationLinks, PublicationStatus,
};
use crate::yaml::edit::{self, Edit, SequenceAt};
use crate::yaml::spans::SpanIndex;

/// What an import did.
#[derive(Debug, Default)]
pub struct BibOutcome {
    /// The profile's new text.
    pub text: String,
    /// Titles of the publications added.
    pub added: Vec<String>,
    /// Titles of the publications updated.
    pub updated: Vec<String>,
    /// Entries left out, with the reason.
    pub skipped: Vec<String>,
}

/// Publications by citation key.
pub type Keyed = Vec<(String, Publication)>;

/// Parses a bibliography into publications; entries that cannot be one are reported.
pub fn publications(bib: &str) -> Result<(Keyed, Vec<String>), String> {
    let bibliography =
        Bibliography::parse(bib).map_err(|e| format!("not a valid BibTeX file: {e}"))?;
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for entry in bibliography.iter() {
        match publication(entry) {
            Ok(p) => out.push((entry.key.clone(), p)),
            Err(reason) => skipped.push(format!("{}: {reason}", entry.key)),
        }
    }
    Ok((out, skipped))
}

/// One entry as a publication.
fn publication(entry: &Entry) -> Result<Publication, String> {
    let title = entry
        .title()
        .map_err(|_| "no title".to_string())?
        .format_verbatim();
    let title = clean(&title);
    let authors: Vec<String> = entry
        .author()
        .map_err(|_| "no authors".to_string())?
        .iter()
        .filter(|p| p.name != "others")
        .map(display_name)
        .collect();
    if authors.is_empty() {
        return Err("no authors".into());
    }
    let (year, month) = match entry.date() {
        Ok(PermissiveType::Typed(date)) => {
            let at = match date.value {
                DateValue::At(d)
                | DateValue::After(d)
                | DateValue::Before(d)
                | DateValue::Between(d, _) => d,
            };
            (at.year, at.month.map(|m| m + 1))
        }
        _ => return Err("no year".into()),
    };
    let year = u16::try_from(year).map_err(|_| format!("year {year} is out of range"))?;

    let field = |key: &str| {
        entry
            .get(key)
            .map(|c| clean(&c.format_verbatim()))
            .filter(|s| !s.is_empty())
    };
    let eprint_arxiv = entry
        .eprint_type()
        .map(|t| t.format_verbatim().eq_ignore_ascii_case("arxiv"))
        .unwrap_or(false)
        || field("archiveprefix").is_some_and(|p| p.eq_ignore_ascii_case("arxiv"));
    let mut links = PublicationLinks {
        doi: entry.doi().ok().map(|d| d.trim().to_string()),
        arxiv: entry
            .eprint()
            .ok()
            .filter(|_| eprint_arxiv)
            .map(|e| e.trim().to_string()),
        ..PublicationLinks::default()
    };
    let mut note = field("note");
    if let Ok(url) = entry.url() {
        let lower = url.to_lowercase();
        if lower.contains("arxiv.org/") && links.arxiv.is_none() {
            links.arxiv = Some(url);
        } else if lower.contains("doi.org/") && links.doi.is_none() {
            links.doi = Some(url);
        } else if lower.ends_with(".pdf") {
            links.pdf = Some(url);
        } else if !lower.contains("arxiv.org/") && !lower.contains("doi.org/") {
            let link = format!("[Link]({url})");
            note = Some(note.map_or(link.clone(), |n| format!("{n} {link}")));
        }
    }

    let booktitle = field("booktitle").or_else(|| field("eventtitle"));
    let journal = field("journal").or_else(|| field("journaltitle"));
    let kind = match &entry.entry_type {
        EntryType::Article | EntryType::Periodical => PublicationKind::Journal,
        EntryType::InProceedings | EntryType::Proceedings | EntryType::MvProceedings => {
            if booktitle
                .as_deref()
                .is_some_and(|b| b.to_lowercase().contains("workshop"))
            {
                PublicationKind::Workshop
            } else {
                PublicationKind::Conference
            }
        }
        EntryType::Thesis | EntryType::PhdThesis | EntryType::MastersThesis => {
            PublicationKind::Thesis
        }
        EntryType::Patent => PublicationKind::Patent,
        EntryType::Misc | EntryType::Online | EntryType::Unpublished if links.arxiv.is_some() => {
            PublicationKind::Preprint
        }
        EntryType::Unknown(t) if t.eq_ignore_ascii_case("conference") => {
            PublicationKind::Conference
        }
        _ => PublicationKind::Other,
    };
    let status = match field("pubstate").map(|s| s.to_lowercase()).as_deref() {
        Some("forthcoming" | "inpress" | "accepted") => PublicationStatus::Accepted,
        Some("submitted") => PublicationStatus::Submitted,
        Some("prepublished" | "preprint") => PublicationStatus::Preprint,
        Some("inpreparation") => PublicationStatus::InPreparation,
        _ if kind == PublicationKind::Preprint => PublicationStatus::Preprint,
        _ => PublicationStatus::Published,
    };
    let venue = match kind {
        PublicationKind::Journal => journal,
        PublicationKind::Conference | PublicationKind::Workshop => booktitle,
        PublicationKind::Thesis => field("school").or_else(|| field("institution")),
        PublicationKind::Preprint => Some("arXiv preprint".to_string()),
        _ => journal
            .or(booktitle)
            .or_else(|| field("publisher"))
            .or_else(|| field("howpublished")),
    };
    Ok(Publication {
        title,
        authors,
        venue,
        venue_short: None,
        year,
        month,
        kind,
        status,
        award: None,
        note,
        links,
        selected: false,
    })
}

/// "Given Prefix Family, Suffix" — the order the paper prints.
fn display_name(p: &Person) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in [p.given_name.as_str(), p.prefix.as_str(), p.name.as_str()] {
        if !part.trim().is_empty() {
            parts.push(part.trim());
        }
    }
    let mut name = clean(&parts.join(" "));
    if !p.suffix.trim().is_empty() {
        name = format!("{name}, {}", p.suffix.trim());
    }
    name
}

/// TeX leftovers out: braces, `\&`, `--`, runs of white space.
fn clean(text: &str) -> String {
    let text = text
        .replace(['{', '}'], "")
        .replace("\\&", "&")
        .replace("---", "—")
        .replace("--", "–")
        .replace('~', " ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// For matching: lower case, letters and digits only.
fn title_key(title: &str) -> String {
    title
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn doi_key(doi: &str) -> String {
    let d = doi.trim().to_lowercase();
    [
        "https://doi.org/",
        "http://doi.org/",
        "https://dx.doi.org/",
        "doi:",
    ]
    .iter()
    .find_map(|p| d.strip_prefix(p).map(str::to_string))
    .unwrap_or(d)
}

/// Merges `incoming` into the profile `text` (already parsed as `profile`); `dir` is where
/// the profile's relative paths start, for the final validation.
pub fn merge(
    text: &str,
    profile: &Profile,
    dir: &Path,
    incoming: Vec<(String, Publication)>,
) -> Result<BibOutcome, String> {
    let index = SpanIndex::build(text).map_err(|e| e.message)?;
    let sequence = edit::sequence_at(text, &index, "publications");
    let mut outcome = BibOutcome::default();
    let mut edits = Vec::new();
    let mut appended = String::new();
    let indent = match &sequence {
        SequenceAt::Block(seq) => seq.indent.clone(),
        _ => "  ".to_string(),
    };
    let mut existing: Vec<Publication> = profile.publications.clone();
    for (key, new) in incoming {
        let found = existing.iter().position(|old| {
            let same_doi = matches!((&old.links.doi, &new.links.doi), (Some(a), Some(b)) if doi_key(a) == doi_key(b));
            same_doi || title_key(&old.title) == title_key(&new.title)
        });
        match found {
            Some(i) => {
                let old = &existing[i];
                // The BibTeX entry knows the bibliographic facts; the profile keeps what only
                // the researcher adds (short venue, award, note, selection).
                let merged = Publication {
                    venue_short: old.venue_short.clone(),
                    award: old.award.clone(),
                    note: old.note.clone().or(new.note.clone()),
                    selected: old.selected,
                    venue: new.venue.clone().or(old.venue.clone()),
                    links: PublicationLinks {
                        pdf: new.links.pdf.clone().or(old.links.pdf.clone()),
                        doi: new.links.doi.clone().or(old.links.doi.clone()),
                        arxiv: new.links.arxiv.clone().or(old.links.arxiv.clone()),
                        code: old.links.code.clone(),
                        slides: old.links.slides.clone(),
                        video: old.links.video.clone(),
                    },
                    ..new.clone()
                };
                if merged == *old {
                    continue;
                }
                let SequenceAt::Block(seq) = &sequence else {
                    return Err("the profile's publications are written in flow style ([…]); cannot edit them in place".into());
                };
                let item = edit::sequence_item(&merged, &seq.indent)?;
                edits.push(Edit {
                    range: seq.items[i].clone(),
                    text: item,
                });
                outcome.updated.push(merged.title.clone());
                existing[i] = merged;
            }
            None => {
                if existing
                    .iter()
                    .any(|p| title_key(&p.title) == title_key(&new.title))
                {
                    outcome
                        .skipped
                        .push(format!("{key}: appears twice in the .bib"));
                    continue;
                }
                appended.push_str(&edit::sequence_item(&new, &indent)?);
                outcome.added.push(new.title.clone());
                existing.push(new);
            }
        }
    }
    if !appended.is_empty() {
        match &sequence {
            SequenceAt::Block(seq) => edits.push(Edit { range: seq.append_at..seq.append_at, text: appended }),
            SequenceAt::Empty(range) => edits.push(Edit { range: range.clone(), text: format!("\n{appended}") }),
            SequenceAt::Missing => {
                let sep = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
                edits.push(Edit { range: text.len()..text.len(), text: format!("{sep}publications:\n{appended}") });
            }
            SequenceAt::Other => {
                return Err("the profile's publications are written in flow style ([…]); cannot edit them in place".into())
            }
        }
    }
    outcome.text = edit::apply(text, edits);
    // Never replace a good profile with a broken one.
    profile::parse(&outcome.text, dir).map_err(|problems| {
        let first = problems
            .first()
            .map_or_else(String::new, |p| p.message.clone());
        format!("the merged profile would not be valid ({first}); the file is left as it was")
    })?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIB: &str = r#"
@inproceedings{zhang2023fast,
  title = {Fast, Approximate Vector Queries on Very Large Unstructured Datasets},
  author = {Zhang, Zili and Jin, Chao and Tang, Linpeng and Liu, Xuanzhe and Jin, Xin},
  booktitle = {20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
  year = {2023},
  month = apr,
  doi = {10.5555/nsdi23},
}
@article{liu2023rise,
  title = {Rise of Distributed Deep Learning Training in the Big Model Era},
  author = {Liu, Xuanzhe and Gu, Diandian and Zhang, Zili and Jin, Xin},
  journal = {ACM Transactions on Software Engineering and Methodology},
  year = {2023},
}
@misc{new2025,
  title = {A {New} Preprint},
  author = {Zhang, Zili and van der Berg, Anna},
  year = {2025},
  eprint = {2501.00001},
  archivePrefix = {arXiv},
}
@inproceedings{ws2022, title = {Small Workshop Paper}, author = {Zhang, Zili}, booktitle = {Workshop on Things}, year = 2022, pubstate = {forthcoming}}
@book{noyear, title = {No Year}, author = {Zhang, Zili}}
"#;

    #[test]
    fn entries_become_publications() {
        let (pubs, skipped) = publications(BIB).unwrap();
        assert_eq!(skipped, ["noyear: no year"]);
        let (_, nsdi) = &pubs[0];
        assert_eq!(nsdi.authors[0], "Zili Zhang");
        assert_eq!(
            (nsdi.year, nsdi.month, nsdi.kind),
            (2023, Some(4), PublicationKind::Conference)
        );
        assert_eq!(nsdi.links.doi.as_deref(), Some("10.5555/nsdi23"));
        assert_eq!(pubs[1].1.kind, PublicationKind::Journal);
        let (_, preprint) = &pubs[2];
        assert_eq!(preprint.title, "A New Preprint");
        assert_eq!(preprint.authors[1], "Anna van der Berg");
        assert_eq!(
            (preprint.kind, preprint.status),
            (PublicationKind::Preprint, PublicationStatus::Preprint)
        );
        assert_eq!(preprint.links.arxiv.as_deref(), Some("2501.00001"));
        assert_eq!(
            (pubs[3].1.kind, pubs[3].1.status),
            (PublicationKind::Workshop, PublicationStatus::Accepted)
        );
    }

    #[test]
    fn merging_updates_matches_and_keeps_the_rest_of_the_file() {
        let text = "# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n  - title: \"Fast, approximate vector queries on very large unstructured datasets\"\n    authors: [Zili Zhang]\n    year: 2023\n    venue_short: NSDI'23\n    award: Best Paper Award\n\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n";
        let profile = profile::parse(text, Path::new(".")).unwrap();
        let (pubs, _) = publications(BIB).unwrap();
        let out = merge(text, &profile, Path::new("."), pubs).unwrap();
        assert_eq!(out.updated.len(), 1);
        assert_eq!(out.added.len(), 3);
        assert!(
            out.text.starts_with(
                "# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n"
            ),
            "{}",
            out.text
        );
        assert!(
            out.text
                .contains("\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n"),
            "{}",
            out.text
        );
        let merged = profile::parse(&out.text, Path::new(".")).unwrap();
        assert_eq!(merged.publications.len(), 4);
        let first = &merged.publications[0];
        assert_eq!(first.authors.len(), 5, "updated from the .bib");
        assert_eq!(
            first.award.as_deref(),
            Some("Best Paper Award"),
            "kept from the profile"
        );
        assert_eq!(first.venue_short.as_deref(), Some("NSDI'23"));
        // Importing the same file again changes nothing.
        let (pubs, _) = publications(BIB).unwrap();
        let again = merge(&out.text, &merged, Path::new("."), pubs).unwrap();
        assert_eq!(again.text, out.text);
        assert!(again.added.is_empty() && again.updated.is_empty());
    }

    #[test]
    fn a_profile_without_publications_gets_the_key() {
        let text = "name: Zili Zhang";
        let profile = profile::parse(text, Path::new(".")).unwrap();
        let (pubs, _) = publications(BIB).unwrap();
        let out = merge(text, &profile, Path::new("."), pubs).unwrap();
        assert!(
            out.text
                .starts_with("name: Zili Zhang\npublications:\n  - title:"),
            "{}",
            out.text
        );
        assert_eq!(
            profile::parse(&out.text, Path::new("."))
                .unwrap()
                .publications
                .len(),
            4
        );
    }
}
