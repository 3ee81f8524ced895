//! A profile's sources asked and their lists made one: each paper once across the services
//! (the conversion layer's rule: the same DOI, else the same title; a preprint and its
//! published version are one paper, the published one kept), DBLP's version first, then
//! ORCID's (Crossref's records), then OpenAlex's, each filling what the one before lacks.

use crate::import::convert::paper_index::PaperIndex;
use crate::import::convert::papers;
use crate::profile::{dblp_pid, openalex_author, Publication, Sources};

use super::fetch::Fetcher;
use super::services::Service;
use super::{dblp, openalex, orcid, Found};

/// What one source of a profile gave.
#[derive(Debug)]
pub struct Listed {
    /// The service whose list it is.
    pub service: Service,
    /// What it listed, or why it could not be read.
    pub found: Result<Found, crate::diag::Problem>,
    /// Papers left out by `--since`.
    pub older: usize,
}

/// Every source's list, and the papers as one list.
#[derive(Debug, Default)]
pub struct Gathered {
    /// Each source's answer, in the order asked.
    pub listed: Vec<Listed>,
    /// The papers, each once.
    pub papers: Vec<Publication>,
    /// For each paper, the sources that listed it (positions in `listed`).
    pub from: Vec<Vec<usize>>,
}

impl Gathered {
    /// Whether every source answered.
    pub fn complete(&self) -> bool {
        self.listed.iter().all(|l| l.found.is_ok())
    }
}

/// Asks each of `sources` for its papers (those since `since`, if given) and makes their
/// lists one.
pub fn gather(fetcher: &Fetcher, sources: &Sources, since: Option<u16>) -> Gathered {
    let mut gathered = Gathered::default();
    let asks: [(Service, Option<String>); 3] = [
        (Service::Dblp, sources.dblp.as_deref().and_then(dblp_pid)),
        (
            Service::Orcid,
            sources.orcid.as_deref().and_then(crate::link::orcid::id),
        ),
        (
            Service::OpenAlex,
            sources.openalex.as_deref().and_then(openalex_author),
        ),
    ];
    let mut index = PaperIndex::default();
    for (service, id) in asks {
        let Some(id) = id else { continue };
        let found = match service {
            Service::Dblp => dblp::papers(fetcher, &id),
            Service::Orcid => orcid::papers(fetcher, &id),
            _ => openalex::papers(fetcher, &id),
        };
        let at = gathered.listed.len();
        let mut older = 0;
        if let Ok(found) = &found {
            for paper in &found.papers {
                if since.is_some_and(|year| paper.year.is_some_and(|y| y < year)) {
                    older += 1;
                    continue;
                }
                match index.find(paper, |i| &gathered.papers[i]) {
                    Some(i) => {
                        gathered.papers[i] = papers::merged(&gathered.papers[i], paper);
                        index.insert(i, &gathered.papers[i]);
                        if !gathered.from[i].contains(&at) {
                            gathered.from[i].push(at);
                        }
                    }
                    None => {
                        index.insert(gathered.papers.len(), paper);
                        gathered.papers.push(paper.clone());
                        gathered.from.push(vec![at]);
                    }
                }
            }
        }
        gathered.listed.push(Listed {
            service,
            found,
            older,
        });
    }
    gathered
}
