//! The lab's publication list: every member's papers, each paper once. When two entries are
//! one paper, and which version is kept, is the importers' rule
//! ([`crate::import::convert::papers`]): the same DOI; a preprint and its published version;
//! two published entries only when nothing tells them apart. The kept entry is filled with
//! what the other knows and adds its member.

use crate::import::convert::paper_index::PaperIndex;
pub use crate::import::convert::papers::title_key;
use crate::import::convert::papers::{merged, titles_agree};
use crate::profile::localize;
use crate::profile::Publication;

/// One paper of the lab's list.
#[derive(Debug, Clone, PartialEq)]
pub struct LabPaper {
    /// The paper, with every member's knowledge of it merged.
    pub publication: Publication,
    /// The members who list it (indices into the member list), in member order.
    pub members: Vec<usize>,
    /// Entries merged into it by their DOI alone, under another title: the members'
    /// records disagree, and one of them likely holds a wrong DOI.
    pub doubts: Vec<Doubt>,
}

/// An entry merged into a paper by its DOI although its title is another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doubt {
    /// The member who lists it (an index into the member list).
    pub member: usize,
    /// Its title.
    pub title: String,
    /// Its year, if it has one.
    pub year: Option<u16>,
}

/// The most papers the lab's list holds: as many as one profile may list, so that the list
/// costs no more to make than the largest CV, and its `publications.bib` imports whole.
pub const MAX_LISTED: usize = crate::profile::MAX_ENTRIES;

/// Cuts `papers` (newest first) to the newest [`MAX_LISTED`]; what was left out, if any, as
/// a sentence.
pub fn keep_newest(papers: &mut Vec<LabPaper>) -> Option<String> {
    if papers.len() <= MAX_LISTED {
        return None;
    }
    let all = papers.len();
    papers.truncate(MAX_LISTED);
    let oldest = papers
        .last()
        .map_or_else(String::new, |p| year_text(p.publication.year));
    Some(format!(
        "the members list {all} publications together; the lab's list (publications.pdf, \
         publications.bib, lab.json, the people page) holds the newest {MAX_LISTED}, back to \
         {oldest}; the {} older ones are on the members' CVs",
        all - MAX_LISTED
    ))
}

/// A year for messages: the year, or `no year` for a paper not out yet.
pub fn year_text(year: Option<u16>) -> String {
    year.map_or_else(|| "no year".to_string(), |y| y.to_string())
}

/// Every paper of `lists` (member index, that member's papers as written, in every language
/// they have) once, each text then put in `lang`, newest first (year, month; then by title,
/// so the order does not depend on the order of the files). Papers are compared before their
/// texts are put in one language, so that a title matches in any of its languages whatever
/// the lab's.
pub fn lab_papers(lists: &[(usize, &[Publication])], lang: &str) -> Vec<LabPaper> {
    let mut papers: Vec<LabPaper> = Vec::new();
    let mut found_by = PaperIndex::default();
    for (member, publications) in lists {
        for publication in publications.iter() {
            let found = found_by.find(publication, |i| &papers[i].publication);
            let index = match found {
                Some(i) => {
                    let paper = &mut papers[i];
                    if !titles_agree(&paper.publication.title, &publication.title) {
                        paper.doubts.push(Doubt {
                            member: *member,
                            title: crate::lab::plain(publication.title.pick(lang).0),
                            year: publication.year,
                        });
                    }
                    paper.publication = merged(&paper.publication, publication);
                    paper.members.push(*member);
                    i
                }
                None => {
                    papers.push(LabPaper {
                        publication: publication.clone(),
                        members: vec![*member],
                        doubts: Vec::new(),
                    });
                    papers.len() - 1
                }
            };
            // Found again by the merged paper's keys and by this version's own.
            found_by.insert(index, &papers[index].publication);
            found_by.insert(index, publication);
        }
    }
    for paper in &mut papers {
        paper.members.sort_unstable();
        paper.members.dedup();
        // Untranslated texts were told about with each member's CV.
        localize(&mut paper.publication, lang);
    }
    papers.sort_by(|a, b| {
        let (a, b) = (&a.publication, &b.publication);
        b.recency()
            .cmp(&a.recency())
            .then_with(|| title_key(&a.title).cmp(&title_key(&b.title)))
    });
    papers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::PublicationLinks;

    fn paper(title: &str, year: u16, doi: Option<&str>, authors: &[&str]) -> Publication {
        Publication {
            title: title.into(),
            authors: authors.iter().map(|a| a.to_string()).collect(),
            venue: None,
            venue_short: None,
            year: Some(year),
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
            ..Default::default()
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
        // Issue 25, bug 11: a brace inside a word split it.
        assert_eq!(
            title_key("Scaling {GPU}s for {LLM} Training"),
            title_key("Scaling GPUs for LLM Training")
        );
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
        let merged = lab_papers(&[(0, &a), (1, &b)], "en");
        assert_eq!(merged.len(), 1, "{merged:?}");
        assert_eq!(merged[0].members, [0, 1]);
        assert_eq!(
            merged[0].publication.links.doi.as_deref(),
            Some("https://doi.org/10.1/ABC")
        );
        assert_eq!(merged[0].publication.authors.len(), 3);
        // Order of the members does not matter, and the DOI entry is kept either way.
        let merged = lab_papers(&[(1, &b), (0, &a)], "en");
        assert_eq!(merged.len(), 1);
        assert!(merged[0].publication.links.doi.is_some());
        // A DOI matches in any case and written as an address or not.
        // Under another title it is one paper still, with the disagreement kept to be told.
        let c = [paper("Other title", 2020, Some("10.1/abc"), &["A B"])];
        let merged = lab_papers(&[(0, &a), (1, &c)], "en");
        assert_eq!(merged.len(), 1);
        assert_eq!(
            merged[0].doubts,
            [Doubt {
                member: 1,
                title: "Other title".into(),
                year: Some(2020)
            }]
        );
        assert!(lab_papers(&[(0, &a), (1, &b)], "en")[0].doubts.is_empty());
    }

    #[test]
    fn a_shared_title_in_different_venues_is_two_papers() {
        // Issue 24, bug 5: "Introduction" in two journals, one year, no DOI.
        let mut chemistry = paper("Introduction", 2023, None, &["A"]);
        chemistry.venue = Some("Journal of Chemistry".into());
        let mut physics = paper("Introduction", 2023, None, &["B"]);
        physics.venue = Some("Journal of Physics".into());
        let merged = lab_papers(&[(0, &[chemistry]), (1, &[physics])], "en");
        assert_eq!(merged.len(), 2, "{merged:?}");
        assert!(merged.iter().all(|p| p.members.len() == 1));
    }

    #[test]
    fn different_dois_or_years_are_different_papers() {
        let a = [paper("Same Title", 2023, Some("10.1/a"), &["A"])];
        let b = [paper("Same title", 2023, Some("10.1/b"), &["A"])];
        let c = [paper("Same title", 2022, None, &["A"])];
        let merged = lab_papers(&[(0, &a), (1, &b), (2, &c)], "en");
        assert_eq!(merged.len(), 3);
        // Newest first.
        assert_eq!(merged[2].publication.year, Some(2022));
    }

    #[test]
    fn the_list_keeps_the_newest_papers_and_says_how_many_it_left() {
        let mut papers: Vec<LabPaper> = (0..MAX_LISTED + 3)
            .map(|i| LabPaper {
                publication: paper(&format!("P{i}"), 2030 - (i / 100) as u16, None, &["A"]),
                members: vec![0],
                doubts: Vec::new(),
            })
            .collect();
        assert_eq!(keep_newest(&mut papers[..MAX_LISTED].to_vec()), None);
        let said = keep_newest(&mut papers).unwrap();
        assert_eq!(papers.len(), MAX_LISTED);
        assert!(
            said.contains("the newest 2000, back to 2011") && said.contains("the 3 older"),
            "{said}"
        );
    }
}
