//! Crossref: a DOI's record (`/works/<doi>`), for the authors, venue and bibliographic details
//! (volume, issue, pages, editors, publisher, edition, ISBN) that ORCID's list of works does
//! not give. Crossref's records name no report number, so a report synced from it has none.

use crate::diag::Problem;
use serde_json::Value;

use super::fetch::Fetcher;
use super::json::{first_text, text};
use super::services::{in_path, Service};
use super::work::Work;

/// What Crossref says of `doi`: its work, `None` when Crossref does not know the DOI (404), or
/// an error; and whether the answer was downloaded now.
pub fn work(fetcher: &Fetcher, doi: &str) -> Result<(Option<Work>, bool), Problem> {
    // Only a DOI is asked for (`10.` and a registrant, a `/`, a suffix).
    let Some(doi) = crate::link::doi::find(doi) else {
        return Ok((None, false));
    };
    let path = format!("/works/{}", in_path(&doi));
    let answer = fetcher.get(Service::Crossref, &path, "application/json")?;
    if answer.status == 404 {
        return Ok((None, answer.downloaded));
    }
    let url = fetcher.bases.url(Service::Crossref, &path);
    let value: Value = super::json::parse(&answer.body)
        .map_err(|e| Problem::error(format!("Crossref: the answer for {url} is not JSON ({e})")))?;
    let message = value
        .get("message")
        .filter(|m| m.is_object())
        .ok_or_else(|| {
            Problem::error(format!(
                "Crossref: the answer for {url} holds no work (no `message`)"
            ))
        })?;
    Ok((Some(from_record(message)), answer.downloaded))
}

/// A Crossref work record (the `message` of `/works/<doi>`, or an item of a list) as a work.
pub fn from_record(record: &Value) -> Work {
    let mut title = first_text(record, "title").or_else(|| first_text(record, "original-title"));
    if let (Some(main), Some(subtitle)) = (&mut title, first_text(record, "subtitle")) {
        if !main.to_lowercase().contains(&subtitle.to_lowercase()) {
            *main = format!("{}: {subtitle}", main.trim_end_matches(':'));
        }
    }
    let people = |role: &str| -> Vec<String> {
        record
            .get(role)
            .and_then(Value::as_array)
            .map(|people| people.iter().filter_map(person).collect())
            .unwrap_or_default()
    };
    let authors = people("author");
    let (year, month) = [
        "published",
        "issued",
        "published-print",
        "published-online",
        "posted",
    ]
    .iter()
    .find_map(|field| date(record.get(*field)?))
    .map_or((None, None), |(y, m)| (Some(y), m));
    // Springer's chapters and papers name the series first, then the book or proceedings
    // (`["Lecture Notes in Computer Science", "MICCAI 2015"]`): the last is the venue.
    let containers: Vec<String> = record
        .get("container-title")
        .and_then(Value::as_array)
        .map(|titles| {
            titles
                .iter()
                .filter_map(Value::as_str)
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .take(2)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let venue = containers
        .last()
        .cloned()
        .or_else(|| text(record, "/event/name"));
    let series = containers
        .first()
        .filter(|_| containers.len() == 2)
        .cloned();
    let kind = match (text(record, "/type"), text(record, "/subtype")) {
        (Some(t), Some(sub)) if t == "posted-content" => sub,
        (t, _) => t.unwrap_or_default(),
    };
    // A dissertation's publisher is the university that granted it (Crossref's `institution`,
    // a list, or one object in older records).
    let institution =
        text(record, "/institution/0/name").or_else(|| text(record, "/institution/name"));
    let publisher = match kind.as_str() {
        "dissertation" => institution.or_else(|| text(record, "/publisher")),
        _ => text(record, "/publisher"),
    };
    Work {
        title: title.unwrap_or_default(),
        authors,
        venue,
        year,
        month,
        kind,
        venue_kind: None,
        doi: text(record, "/DOI"),
        url: text(record, "/resource/primary/URL"),
        volume: text(record, "/volume"),
        issue: text(record, "/issue"),
        pages: text(record, "/page").or_else(|| text(record, "/article-number")),
        editors: people("editor"),
        series,
        edition: text(record, "/edition-number"),
        publisher,
        place: text(record, "/publisher-location"),
        number: None,
        isbn: first_text(record, "ISBN"),
        version: None,
        degree: first_text(record, "degree"),
    }
}

/// A person of a record: `given family`, or `name` (a consortium), or `family` alone.
fn person(value: &Value) -> Option<String> {
    let given = text(value, "/given").unwrap_or_default();
    let family = text(value, "/family").unwrap_or_default();
    let suffix = text(value, "/suffix").unwrap_or_default();
    let name = [given.as_str(), family.as_str(), suffix.as_str()]
        .iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim())
        .collect::<Vec<_>>()
        .join(" ");
    if !family.trim().is_empty() {
        return Some(name);
    }
    text(value, "/name").filter(|n| !n.trim().is_empty())
}

/// A Crossref date (`{"date-parts": [[2021, 6, 9]]}`): its year and month; `None` for
/// `[[null]]`.
fn date(value: &Value) -> Option<(i64, Option<i64>)> {
    let parts = value.pointer("/date-parts/0")?.as_array()?;
    let year = parts.first()?.as_i64()?;
    Some((year, parts.get(1).and_then(Value::as_i64)))
}
