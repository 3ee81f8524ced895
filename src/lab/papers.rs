//! The lab's publication list: every member's papers, each paper once.
//!
//! Two entries are one paper when they have the same DOI, or, when at most one of them has a
//! DOI, the same title (after [`title_key`]: case, punctuation, accents, LaTeX braces and
//! inline markdown do not count) and the same year. The entry with a DOI, else the first
//! member's, is kept; the other fills what it lacks (venue, month, links, award, note) and
//! adds its member.

use std::collections::HashMap;

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

use crate::profile::{bare_doi, Publication, PublicationLinks};
use crate::source::inline;

/// One paper of the lab's list.
#[derive(Debug, Clone, PartialEq)]
pub struct LabPaper {
    /// The paper, with every member's knowledge of it merged.
    pub publication: Publication,
    /// The members who list it (indices into the member list), in member order.
    pub members: Vec<usize>,
}

/// Every paper of `lists` (member index, that member's papers, each text already in the
/// page's language) once, newest first (year, month; then by title, so the order does not
/// depend on the order of the files).
pub fn lab_papers(lists: &[(usize, &[Publication])]) -> Vec<LabPaper> {
    let mut papers: Vec<LabPaper> = Vec::new();
    let mut by_doi: HashMap<String, usize> = HashMap::new();
    let mut by_title: HashMap<(String, u16), Vec<usize>> = HashMap::new();
    for (member, publications) in lists {
        for publication in publications.iter() {
            let doi = doi_key(publication);
            let title = (title_key(&publication.title), publication.year);
            let found =
                doi.as_ref()
                    .and_then(|doi| by_doi.get(doi).copied())
                    .or_else(|| {
                        // Same title and year: one paper unless both have DOIs, which differ
                        // (a conference paper and its journal version may share a title).
                        by_title.get(&title).and_then(|candidates| {
                            candidates.iter().copied().find(|&i| {
                                doi.is_none() || doi_key(&papers[i].publication).is_none()
                            })
                        })
                    });
            let index = match found {
                Some(i) => {
                    merge(&mut papers[i], publication, *member);
                    i
                }
                None => {
                    papers.push(LabPaper {
                        publication: publication.clone(),
                        members: vec![*member],
                    });
                    papers.len() - 1
                }
            };
            if let Some(doi) = doi_key(&papers[index].publication) {
                by_doi.entry(doi).or_insert(index);
            }
            let keys = by_title.entry(title).or_default();
            if !keys.contains(&index) {
                keys.push(index);
            }
        }
    }
    for paper in &mut papers {
        paper.members.sort_unstable();
        paper.members.dedup();
    }
    papers.sort_by(|a, b| {
        let (a, b) = (&a.publication, &b.publication);
        (b.year, b.month.unwrap_or(0))
            .cmp(&(a.year, a.month.unwrap_or(0)))
            .then_with(|| title_key(&a.title).cmp(&title_key(&b.title)))
    });
    papers
}

/// Takes `other`, another member's entry of the same paper, into `paper`.
fn merge(paper: &mut LabPaper, other: &Publication, member: usize) {
    paper.members.push(member);
    let kept = &mut paper.publication;
    // The entry with a DOI is the published record; the other only fills gaps.
    if doi_key(kept).is_none() && doi_key(other).is_some() {
        let filler = std::mem::replace(kept, other.clone());
        fill(kept, &filler);
    } else {
        fill(kept, other);
    }
}

/// Fills what `kept` lacks from `other`.
fn fill(kept: &mut Publication, other: &Publication) {
    fn take<T: Clone>(slot: &mut Option<T>, other: &Option<T>) {
        if slot.is_none() {
            slot.clone_from(other);
        }
    }
    take(&mut kept.venue, &other.venue);
    take(&mut kept.venue_short, &other.venue_short);
    take(&mut kept.month, &other.month);
    take(&mut kept.award, &other.award);
    take(&mut kept.note, &other.note);
    let PublicationLinks {
        pdf,
        doi,
        arxiv,
        web,
        code,
        slides,
        poster,
        video,
    } = &other.links;
    let links = &mut kept.links;
    take(&mut links.pdf, pdf);
    take(&mut links.doi, doi);
    take(&mut links.arxiv, arxiv);
    take(&mut links.web, web);
    take(&mut links.code, code);
    take(&mut links.slides, slides);
    take(&mut links.poster, poster);
    take(&mut links.video, video);
    kept.selected |= other.selected;
    // A longer author list is the more complete one (a CV may shorten it with "et al.").
    if other.authors.len() > kept.authors.len() {
        kept.authors.clone_from(&other.authors);
    }
}

/// The DOI as compared: without `https://doi.org/` and the like, in lower case (DOIs are
/// case-insensitive).
fn doi_key(publication: &Publication) -> Option<String> {
    let doi = bare_doi(publication.links.doi.as_deref()?).trim();
    (!doi.is_empty()).then(|| doi.to_lowercase())
}

/// A title as compared: its plain text (no markdown), LaTeX braces and commands' backslashes
/// gone, accents taken off, lower case, every run of punctuation and space one space.
pub fn title_key(title: &str) -> String {
    let plain = inline::plain_text(&inline::parse(title));
    let mut key = String::with_capacity(plain.len());
    let mut space = false;
    for c in plain.nfkd().filter(|c| !is_combining_mark(*c)) {
        if c.is_alphanumeric() {
            if space && !key.is_empty() {
                key.push(' ');
            }
            space = false;
            key.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper(title: &str, year: u16, doi: Option<&str>, authors: &[&str]) -> Publication {
        Publication {
            title: title.into(),
            authors: authors.iter().map(|a| a.to_string()).collect(),
            venue: None,
            venue_short: None,
            year,
            month: None,
            kind: Default::default(),
            status: Default::default(),
            award: None,
            note: None,
            links: PublicationLinks {
                doi: doi.map(str::to_string),
                ..Default::default()
            },
            selected: false,
        }
    }

    #[test]
    fn titles_compare_without_case_punctuation_accents_braces_or_markdown() {
        assert_eq!(
            title_key("{DistMind}: Efficient *Resource* Disaggregation—for ML"),
            "distmind efficient resource disaggregation for ml"
        );
        assert_eq!(
            title_key("distmind: efficient resource disaggregation for ML."),
            "distmind efficient resource disaggregation for ml"
        );
        assert_eq!(title_key("Café Über"), title_key("cafe uber"));
    }

    #[test]
    fn one_paper_with_and_without_a_doi_is_one_entry_with_both_members() {
        let a = [paper(
            "DistMind: Efficient Resource Disaggregation",
            2024,
            Some("https://doi.org/10.1/ABC"),
            &["Xinyi Zhang", "Zili Zhang"],
        )];
        let b = [paper(
            "distmind -- efficient resource disaggregation.",
            2024,
            None,
            &["Xinyi Zhang", "Zili Zhang", "Xin Jin"],
        )];
        let merged = lab_papers(&[(0, &a), (1, &b)]);
        assert_eq!(merged.len(), 1, "{merged:?}");
        assert_eq!(merged[0].members, [0, 1]);
        assert_eq!(
            merged[0].publication.links.doi.as_deref(),
            Some("https://doi.org/10.1/ABC")
        );
        assert_eq!(merged[0].publication.authors.len(), 3);
        // Order of the members does not matter, and the DOI entry is kept either way.
        let merged = lab_papers(&[(1, &b), (0, &a)]);
        assert_eq!(merged.len(), 1);
        assert!(merged[0].publication.links.doi.is_some());
        // A DOI matches in any case and written as an address or not.
        let c = [paper("Other title", 2020, Some("10.1/abc"), &["A B"])];
        assert_eq!(lab_papers(&[(0, &a), (1, &c)]).len(), 1);
    }

    #[test]
    fn different_dois_or_years_are_different_papers() {
        let a = [paper("Same Title", 2023, Some("10.1/a"), &["A"])];
        let b = [paper("Same title", 2023, Some("10.1/b"), &["A"])];
        let c = [paper("Same title", 2022, None, &["A"])];
        let merged = lab_papers(&[(0, &a), (1, &b), (2, &c)]);
        assert_eq!(merged.len(), 3);
        // Newest first.
        assert_eq!(merged[2].publication.year, 2022);
    }
}
