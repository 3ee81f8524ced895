//! `cvpdf import-bib`: BibTeX/BibLaTeX entries (parsed by the biblatex crate) become
//! publications of a profile. Entries already in the profile (same DOI, or same title once
//! case and punctuation are ignored) are updated in place, others are appended. The profile is
//! edited as text, so its comments and everything else survive; the result is validated
//! before it replaces the file.

use biblatex::{
    Bibliography, ChunksExt, DateValue, Entry, EntryType, PermissiveType, Person, RawBibliography,
};

use crate::profile::{Publication, PublicationKind, PublicationLinks, PublicationStatus};
mod graph;
mod merge;

pub use merge::merge;

/// Publications by citation key.
pub type Keyed = Vec<(String, Publication)>;

/// Parses a bibliography into publications; entries that cannot be one are reported.
pub fn publications(bib: &str) -> Result<(Keyed, Vec<String>), String> {
    let invalid = |e: biblatex::ParseError| {
        format!(
            "{}: not a valid BibTeX file: {}",
            graph::line_col(bib, e.span.start),
            e.kind
        )
    };
    graph::check_nesting(bib)?;
    let mut raw = RawBibliography::parse(bib).map_err(invalid)?;
    // More entries than a profile may hold publications: refused before any is resolved.
    if raw.entries.len() > crate::profile::MAX_ENTRIES {
        return Err(format!(
            "the file has {} entries; a profile holds at most {} publications, so import a \
             selection (e.g. one year, or your own papers)",
            raw.entries.len(),
            crate::profile::MAX_ENTRIES
        ));
    }
    // The crate resolves abbreviations and parents recursively: loops and explosions are
    // found first, so they are an error or a skipped entry, not a stack overflow.
    graph::check_abbreviations(bib, &raw)?;
    let mut skipped = Vec::new();
    let unresolvable = graph::unresolvable_entries(&raw);
    if !unresolvable.is_empty() {
        raw.entries
            .retain(|entry| !unresolvable.iter().any(|(key, _)| key == entry.v.key.v));
        skipped.extend(
            unresolvable
                .iter()
                .map(|(key, why)| format!("{key}: {why}")),
        );
    }
    let bibliography = Bibliography::from_raw(raw).map_err(invalid)?;
    let mut out = Vec::new();
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
    // Addresses pass the one link check; what fails it is not carried over (a `file:` or
    // `javascript:` url must not become a link in the PDF).
    links.arxiv = links.arxiv.filter(|id| {
        let bare = crate::profile::strip_arxiv_prefix(id);
        !bare.is_empty()
            && bare
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-'))
    });
    let mut note = field("note");
    if let Some(url) = entry.url().ok().and_then(|u| crate::link::check(&u).ok()) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile;
    use std::path::Path;

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
