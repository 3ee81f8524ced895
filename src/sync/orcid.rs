//! ORCID: the researcher's public works (`/v3.0/<orcid>/works`). Its list names no authors,
//! so each work with a DOI is asked of Crossref, and of DataCite when Crossref does not know
//! it; a work without one (or one neither knows) is asked of ORCID whole
//! (`/work/<put-code>`), whose contributors or BibTeX citation name them. A work whose
//! authors no one names is skipped, with that reason.

use crate::diag::Problem;
use serde_json::Value;

use super::fetch::Fetcher;
use super::json::{number, text};
use super::services::Service;
use super::work::Work;
use super::{crossref, datacite, Found};

/// The papers ORCID lists for iD `orcid`.
pub fn papers(fetcher: &Fetcher, orcid: &str) -> Result<Found, Problem> {
    let path = format!("/v3.0/{orcid}/works");
    let url = fetcher.bases.url(Service::Orcid, &path);
    let answer = fetcher.get(Service::Orcid, &path, "application/json")?;
    if answer.status == 404 {
        return Err(Problem::error(format!(
            "ORCID: no record with the iD {orcid} (404 for {url})"
        )));
    }
    let value: Value = super::json::parse(&answer.body)
        .map_err(|e| Problem::error(format!("ORCID: the answer for {url} is not JSON ({e})")))?;
    let groups = value
        .get("group")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            Problem::error(format!(
                "ORCID: the answer for {url} lists no works (no `group`)"
            ))
        })?;
    let mut found = Found {
        downloaded: usize::from(answer.downloaded),
        asked: 1,
        ..Found::default()
    };
    if groups.len() > crate::profile::MAX_ENTRIES {
        return Err(Problem::error(format!(
            "ORCID: {url} lists {} works, more than the {} a profile holds",
            groups.len(),
            crate::profile::MAX_ENTRIES
        )));
    }
    // A DOI listed twice is asked once, however each listing writes it (`10.1/X`,
    // `https://doi.org/10.1/x`).
    let mut asked: std::collections::HashSet<String> = std::collections::HashSet::new();
    for group in groups {
        // The versions of one work from several sources: the first is ORCID's preferred one.
        let Some(summary) = group.pointer("/work-summary/0") else {
            continue;
        };
        let mut work = from_summary(summary);
        let doi = doi(summary).or_else(|| doi(group));
        let label = work.title.clone();
        if let Some(doi) = &doi {
            if !asked.insert(crate::link::doi::key(doi).unwrap_or_else(|| doi.to_lowercase())) {
                continue;
            }
            found.asked += 1;
            let (mut record, downloaded) = crossref::work(fetcher, doi)?;
            found.downloaded += usize::from(downloaded);
            if record.is_none() {
                // A DOI Crossref does not know may be DataCite's (a Zenodo dataset).
                found.asked += 1;
                let (datacite, downloaded) = datacite::work(fetcher, doi)?;
                found.downloaded += usize::from(downloaded);
                record = datacite;
            }
            if let Some(record) = record {
                // What Crossref's record lacks (a title, a year), ORCID's summary may have.
                let record = Work {
                    title: Some(record.title)
                        .filter(|t| !t.trim().is_empty())
                        .unwrap_or(work.title.clone()),
                    year: record.year.or(work.year),
                    month: record.month.or(work.month),
                    venue: record.venue.or(work.venue.clone()),
                    ..record
                };
                found.add(&label, record.publication());
                continue;
            }
            work.doi = Some(doi.clone());
        }
        if let Some(put_code) = text(summary, "/put-code") {
            found.asked += 1;
            let (whole, downloaded) = whole_record(fetcher, orcid, &put_code)?;
            found.downloaded += usize::from(downloaded);
            if let Some(whole) = whole {
                work = Work {
                    doi: work.doi.or(whole.doi.clone()),
                    ..whole
                };
            }
        }
        let why_not = match &doi {
            Some(doi) => {
                format!(
                    "neither Crossref nor DataCite knows its DOI {doi}, and ORCID names no \
                     authors"
                )
            }
            None => "no DOI, and ORCID names no authors".to_string(),
        };
        let result = if work.authors.is_empty() {
            Err(Problem::error(why_not))
        } else {
            work.publication()
        };
        found.add(&label, result);
    }
    Ok(found)
}

/// A work summary of ORCID's list as a work (without authors).
fn from_summary(summary: &Value) -> Work {
    Work {
        title: text(summary, "/title/title").unwrap_or_default(),
        authors: Vec::new(),
        venue: text(summary, "/journal-title"),
        year: number(summary, "/publication-date/year"),
        month: number(summary, "/publication-date/month"),
        kind: text(summary, "/type").unwrap_or_default(),
        venue_kind: None,
        doi: None,
        url: text(summary, "/url"),
        ..Work::default()
    }
}

/// The DOI among the external ids of `value` (a work or a group), as ORCID normalised it.
fn doi(value: &Value) -> Option<String> {
    value
        .pointer("/external-ids/external-id")?
        .as_array()?
        .iter()
        .filter(|id| text(id, "/external-id-type").is_some_and(|t| t.eq_ignore_ascii_case("doi")))
        .filter(|id| text(id, "/external-id-relationship").is_none_or(|r| r == "self"))
        .find_map(|id| {
            text(id, "/external-id-normalized").or_else(|| text(id, "/external-id-value"))
        })
}

/// ORCID's whole record of a work (`None` when it has none), with the authors it names: its
/// contributors, else the authors of its BibTeX citation; and whether the answer was
/// downloaded now.
fn whole_record(
    fetcher: &Fetcher,
    orcid: &str,
    put_code: &str,
) -> Result<(Option<Work>, bool), Problem> {
    if !put_code.chars().all(|c| c.is_ascii_digit()) {
        return Ok((None, false));
    }
    let path = format!("/v3.0/{orcid}/work/{put_code}");
    let answer = fetcher.get(Service::Orcid, &path, "application/json")?;
    if answer.status == 404 {
        return Ok((None, answer.downloaded));
    }
    let url = fetcher.bases.url(Service::Orcid, &path);
    let value: Value = super::json::parse(&answer.body)
        .map_err(|e| Problem::error(format!("ORCID: the answer for {url} is not JSON ({e})")))?;
    let mut authors: Vec<String> = value
        .pointer("/contributors/contributor")
        .and_then(Value::as_array)
        .map(|people| {
            people
                .iter()
                // Authors, not editors or translators (ORCID's roles, or CRediT's addresses).
                .filter(|p| {
                    text(p, "/contributor-attributes/contributor-role").is_none_or(|r| {
                        let role = r.to_ascii_lowercase();
                        !role.contains("editor") && !role.contains("translator")
                    })
                })
                .filter_map(|p| text(p, "/credit-name"))
                .collect()
        })
        .unwrap_or_default();
    let bibtex =
        text(&value, "/citation/citation-type").is_some_and(|t| t.eq_ignore_ascii_case("bibtex"));
    if authors.is_empty() && bibtex {
        if let Some(citation) = text(&value, "/citation/citation-value") {
            if let Ok(read) = crate::import::bib::publications(&citation, None) {
                if let Some((_, paper)) = read.papers.into_iter().next() {
                    authors = paper.authors;
                }
            }
        }
    }
    let mut work = from_summary(&value);
    work.authors = authors;
    work.doi = doi(&value);
    Ok((Some(work), answer.downloaded))
}
