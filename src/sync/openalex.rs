//! OpenAlex: the works of an author (`/works?filter=author.id:<id>`), page after page with
//! its cursor (`cursor=*`, then each page's `meta.next_cursor` until there is none).

use crate::diag::Problem;
use serde_json::Value;

use super::fetch::Fetcher;
use super::json::{number, text};
use super::services::Service;
use super::work::Work;
use super::Found;

/// Works asked per page (OpenAlex's most).
const PER_PAGE: usize = 200;

/// The fields asked of each work: what a publication needs, not the abstracts and citation
/// lists that make most of a full answer.
const FIELDS: &str =
    "id,doi,display_name,publication_year,publication_date,type,primary_location,authorships,biblio";

/// The papers OpenAlex lists for author `id`.
pub fn papers(fetcher: &Fetcher, id: &str) -> Result<Found, Problem> {
    let mut found = Found::default();
    let mut cursor = "*".to_string();
    // More pages than a profile holds papers is no author's list.
    let most_pages = crate::profile::MAX_ENTRIES / PER_PAGE + 1;
    for _ in 0..most_pages {
        let path = format!(
            "/works?filter=author.id:{id}&per-page={PER_PAGE}&select={FIELDS}&cursor={}",
            percent_encoding::utf8_percent_encode(&cursor, percent_encoding::NON_ALPHANUMERIC)
        );
        let url = fetcher.bases.url(Service::OpenAlex, &path);
        let answer = fetcher.get(Service::OpenAlex, &path, "application/json")?;
        found.asked += 1;
        found.downloaded += usize::from(answer.downloaded);
        if answer.status == 404 {
            return Err(Problem::error(format!(
                "OpenAlex: no author with the id {id} (404 for {url})"
            )));
        }
        let value: Value = super::json::parse(&answer.body).map_err(|e| {
            Problem::error(format!("OpenAlex: the answer for {url} is not JSON ({e})"))
        })?;
        let results = value
            .get("results")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                Problem::error(format!(
                    "OpenAlex: the answer for {url} lists no works (no `results`)"
                ))
            })?;
        for result in results {
            let work = from_result(result);
            found.add(&work.title, work.publication());
        }
        match text(&value, "/meta/next_cursor") {
            Some(next) if !results.is_empty() && next != cursor => cursor = next,
            _ => return Ok(found),
        }
    }
    Err(Problem::error(format!(
        "OpenAlex: author {id} has more than {} pages of works; cvpdf reads at most {} works",
        most_pages,
        most_pages * PER_PAGE
    )))
}

/// An OpenAlex work as a work.
fn from_result(result: &Value) -> Work {
    let authors = result
        .get("authorships")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(|a| {
                    text(a, "/author/display_name").or_else(|| text(a, "/raw_author_name"))
                })
                .collect()
        })
        .unwrap_or_default();
    let date = text(result, "/publication_date").unwrap_or_default();
    let month = date.get(5..7).and_then(|m| m.parse().ok());
    let landing = text(result, "/primary_location/landing_page_url")
        .filter(|u| !crate::link::doi::is_resolver(u));
    Work {
        title: text(result, "/display_name")
            .or_else(|| text(result, "/title"))
            .unwrap_or_default(),
        authors,
        venue: text(result, "/primary_location/source/display_name")
            .or_else(|| text(result, "/primary_location/raw_source_name")),
        year: number(result, "/publication_year"),
        month,
        kind: text(result, "/type").unwrap_or_default(),
        venue_kind: text(result, "/primary_location/source/type"),
        doi: text(result, "/doi"),
        url: landing,
        volume: text(result, "/biblio/volume"),
        issue: text(result, "/biblio/issue"),
        pages: pages(
            text(result, "/biblio/first_page"),
            text(result, "/biblio/last_page"),
        ),
        publisher: text(result, "/primary_location/source/host_organization_name"),
        ..Work::default()
    }
}

/// OpenAlex's first and last page as one range, written as Crossref writes it (`436-444`), so
/// that a paper listed by both services is the same; one page alone when they are one.
fn pages(first: Option<String>, last: Option<String>) -> Option<String> {
    match (first, last) {
        (Some(first), Some(last)) if first != last => Some(format!("{first}-{last}")),
        (first, last) => first.or(last),
    }
}
