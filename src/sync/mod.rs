//! `cvpdf sync`: keeping a lab's publication lists current from the services that list
//! papers. For each profile:
//!
//! 1. each of its `sources:` is asked ([`dblp`], [`orcid`] with [`crossref`] and, for a DOI
//!    Crossref does not know, [`datacite`], [`openalex`]), through one HTTP client ([`http`])
//!    and the cache ([`fetch`]), at addresses from [`services`];
//! 2. every record becomes a publication by one rule ([`work`], its kind from [`kinds`]; DBLP's
//!    BibTeX is read as `import-bib` reads a file), and the lists become one, each paper once
//!    ([`gather`]);
//! 3. the papers are merged into the profile's text exactly as `import-bib` merges a .bib, and
//!    the file is written only when every source answered ([`profile`]).

mod crossref;
mod datacite;
mod dblp;
pub mod fetch;
pub mod gather;
pub mod http;
mod json;
mod kinds;
mod openalex;
mod orcid;
pub mod profile;
pub mod services;
pub mod session;
pub mod work;

use crate::profile::Publication;

/// What one source listed.
#[derive(Debug, Default)]
pub struct Found {
    /// The papers, in the service's order.
    pub papers: Vec<Publication>,
    /// The records that are no paper of the profile, each with why.
    pub skipped: Vec<String>,
    /// How many answers were downloaded (not the cache's).
    pub downloaded: usize,
    /// How many requests were made.
    pub asked: usize,
}

impl Found {
    /// Files a work titled `title`: its publication, or why it is skipped.
    pub fn add(&mut self, title: &str, result: Result<Publication, crate::diag::Problem>) {
        match result {
            Ok(paper) => self.papers.push(paper),
            Err(why) => self.skipped.push(format!(
                "{:?}: {why}",
                title.chars().take(80).collect::<String>()
            )),
        }
    }
}
