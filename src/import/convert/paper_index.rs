//! Finding a paper among many by the one rule ([`same_paper`]) without comparing every pair:
//! each paper is indexed once by its DOI and by its title in every language it has, and a
//! candidate is compared only with the papers that share one of its keys (comparing
//! normalised titles pairwise made 125 long titles against 125 others take 30 s). `import-bib`
//! and the lab's publication list find papers through it; so will `sync`.

use std::collections::HashMap;

use super::papers::{doi_key, same_paper, title_keys};
use crate::profile::Publication;

/// The most papers of one title a candidate is compared with: a list with more papers of one
/// title than this is no CV, and the bound keeps a hostile file's cost linear.
const MAX_SAME_TITLE: usize = 32;

/// Papers by their keys, as positions in a list the caller keeps.
#[derive(Debug, Default)]
pub struct PaperIndex {
    /// The first paper of each DOI.
    by_doi: HashMap<String, usize>,
    /// The papers of each title key, in the order they were added.
    by_title: HashMap<String, Vec<usize>>,
}

impl PaperIndex {
    /// An index of `papers`, each at its position.
    pub fn of(papers: &[Publication]) -> Self {
        let mut index = Self::default();
        for (i, paper) in papers.iter().enumerate() {
            index.insert(i, paper);
        }
        index
    }

    /// Indexes `paper` at position `at` (again after a merge gave it another DOI or title:
    /// its old keys stay, so it is found by either).
    pub fn insert(&mut self, at: usize, paper: &Publication) {
        if let Some(doi) = doi_key(paper) {
            self.by_doi.entry(doi).or_insert(at);
        }
        for title in title_keys(&paper.title) {
            let positions = self.by_title.entry(title).or_default();
            if !positions.contains(&at) {
                positions.push(at);
            }
        }
    }

    /// The position of the paper that `candidate` is (the same DOI, else [`same_paper`] with
    /// a paper of one of its titles), if there is one; `paper_at` gives the paper at a
    /// position.
    pub fn find<'a>(
        &self,
        candidate: &Publication,
        paper_at: impl Fn(usize) -> &'a Publication,
    ) -> Option<usize> {
        if let Some(&at) = doi_key(candidate).and_then(|doi| self.by_doi.get(&doi)) {
            return Some(at);
        }
        title_keys(&candidate.title).iter().find_map(|title| {
            self.by_title
                .get(title)?
                .iter()
                .take(MAX_SAME_TITLE)
                .copied()
                .find(|&at| same_paper(paper_at(at), candidate))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper(title: &str, year: u16, doi: Option<&str>) -> Publication {
        let yaml = format!("{{title: x, authors: [A. Author], year: {year}}}");
        let mut paper: Publication = serde_yaml::from_str(&yaml).unwrap();
        paper.title = title.into();
        paper.links.doi = doi.map(String::from);
        paper
    }

    #[test]
    fn a_paper_is_found_by_its_doi_or_by_a_title_in_any_language() {
        let papers = vec![
            paper("Fast Queries", 2023, Some("10.1/a")),
            paper("Slow Queries", 2022, None),
        ];
        let index = PaperIndex::of(&papers);
        let at = |i: usize| &papers[i];
        assert_eq!(
            index.find(&paper("Other", 2020, Some("10.1/A")), at),
            Some(0)
        );
        assert_eq!(
            index.find(&paper("slow  queries.", 2022, None), at),
            Some(1)
        );
        assert_eq!(index.find(&paper("Slow Queries", 2015, None), at), None);
        let translated: Publication = serde_yaml::from_str(
            "{title: {zh: 慢查询, en: Slow Queries}, authors: [A], year: 2022}",
        )
        .unwrap();
        assert_eq!(index.find(&translated, at), Some(1));
    }
}
