//! DBLP: the person's BibTeX export (`/pid/<pid>.bib`), read exactly as `import-bib` reads a
//! file (the same entries skipped for the same reasons, CoRR papers as arXiv preprints).

use super::fetch::Fetcher;
use super::services::{in_path, Service};
use super::Found;
use crate::diag::Problem;

/// The papers DBLP lists for person `pid`.
pub fn papers(fetcher: &Fetcher, pid: &str) -> Result<Found, Problem> {
    let path = format!("/pid/{}.bib", in_path(pid));
    let answer = fetcher.get(
        Service::Dblp,
        &path,
        "application/x-bibtex, text/plain;q=0.5",
    )?;
    let url = fetcher.bases.url(Service::Dblp, &path);
    if answer.status == 404 {
        return Err(Problem::error(format!(
            "DBLP: no person with the id {pid} (404 for {url})"
        )));
    }
    let text = std::str::from_utf8(&answer.body)
        .map_err(|_| Problem::error(format!("DBLP: the answer for {url} is not UTF-8 text")))?;
    let text = text.trim_start_matches('\u{feff}');
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('%'));
    if first.is_some_and(|l| !l.starts_with('@')) {
        return Err(Problem::error(format!(
            "DBLP: the answer for {url} is not BibTeX (it starts with {:?})",
            first
                .unwrap_or_default()
                .chars()
                .take(40)
                .collect::<String>()
        )));
    }
    let read = crate::import::bib::publications(text, None)
        .map_err(|why| Problem::error(format!("DBLP: the answer for {url}: {}", why.message)))?;
    Ok(Found {
        papers: read.papers.into_iter().map(|(_, p)| p).collect(),
        skipped: read
            .skipped
            .iter()
            .map(|skipped| skipped.to_string())
            .collect(),
        downloaded: usize::from(answer.downloaded),
        asked: 1,
    })
}
