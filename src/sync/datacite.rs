//! DataCite: the record of a DOI that Crossref does not know (`/dois/<doi>`): Zenodo's,
//! figshare's, Dryad's DOIs of datasets, software and reports. Asked only after Crossref
//! answered 404: most DOIs of a researcher's list are Crossref's, so asking Crossref first costs
//! nothing for them, and one more request for the few that are DataCite's; asking the DOI
//! registration agency (`doi.org/ra/<doi>`) first would add a request for every DOI, and a table
//! of prefixes would go stale as repositories register new ones.

use crate::diag::Problem;
use serde_json::Value;

use super::fetch::Fetcher;
use super::json::text;
use super::services::{in_path, Service};
use super::work::Work;

/// What DataCite says of `doi`: its work, `None` when DataCite does not know the DOI either
/// (404), or an error; and whether the answer was downloaded now.
pub fn work(fetcher: &Fetcher, doi: &str) -> Result<(Option<Work>, bool), Problem> {
    let Some(doi) = crate::link::doi::find(doi) else {
        return Ok((None, false));
    };
    let path = format!("/dois/{}", in_path(&doi));
    let answer = fetcher.get(Service::DataCite, &path, "application/vnd.api+json")?;
    if answer.status == 404 {
        return Ok((None, answer.downloaded));
    }
    let url = fetcher.bases.url(Service::DataCite, &path);
    let value: Value = super::json::parse(&answer.body)
        .map_err(|e| Problem::error(format!("DataCite: the answer for {url} is not JSON ({e})")))?;
    let attributes = value
        .pointer("/data/attributes")
        .filter(|a| a.is_object())
        .ok_or_else(|| {
            Problem::error(format!(
                "DataCite: the answer for {url} holds no DOI record (no `data.attributes`)"
            ))
        })?;
    Ok((Some(from_attributes(attributes)), answer.downloaded))
}

/// A DataCite record's attributes (JSON:API's `data.attributes`) as a work. Its related
/// identifiers (the versions of a Zenodo record, the paper a dataset supplements) are not read:
/// each is a work of its own.
fn from_attributes(record: &Value) -> Work {
    let list = |key: &str| -> &[Value] {
        record
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    };
    // The main title is the one without a `titleType`; a subtitle follows it.
    let main = list("titles")
        .iter()
        .find(|t| text(t, "/titleType").is_none())
        .and_then(|t| text(t, "/title"));
    let subtitle = list("titles")
        .iter()
        .find(|t| text(t, "/titleType").as_deref() == Some("Subtitle"))
        .and_then(|t| text(t, "/title"));
    let title = match (main, subtitle) {
        (Some(main), Some(sub)) => format!("{}: {sub}", main.trim_end_matches(':')),
        (main, _) => main.unwrap_or_default(),
    };
    let editors = list("contributors")
        .iter()
        .filter(|c| text(c, "/contributorType").as_deref() == Some("Editor"))
        .filter_map(person)
        .collect();
    // `Issued` dates may hold the month (`2023-05-17`); the year is `publicationYear`.
    let issued = list("dates")
        .iter()
        .find(|d| text(d, "/dateType").as_deref() == Some("Issued"))
        .and_then(|d| text(d, "/date"))
        .unwrap_or_default();
    let year = super::json::number(record, "/publicationYear");
    let month = (issued.get(..4).and_then(|y| y.parse().ok()) == year)
        .then(|| issued.get(5..7).and_then(|m| m.parse().ok()))
        .flatten();
    let pages = match (
        text(record, "/container/firstPage"),
        text(record, "/container/lastPage"),
    ) {
        (Some(first), Some(last)) if first != last => Some(format!("{first}-{last}")),
        (first, last) => first.or(last),
    };
    Work {
        title,
        authors: list("creators").iter().filter_map(person).collect(),
        venue: text(record, "/container/title"),
        year,
        month,
        kind: kind(record),
        venue_kind: None,
        doi: text(record, "/doi"),
        url: text(record, "/url"),
        volume: text(record, "/container/volume"),
        issue: text(record, "/container/issue"),
        pages,
        editors,
        // A publisher is a name, or (asked with `publisher=true`) an object with one.
        publisher: text(record, "/publisher/name").or_else(|| text(record, "/publisher")),
        version: text(record, "/version"),
        ..Work::default()
    }
}

/// The record's type in the words the services share (see `kinds`), from DataCite's
/// `types.resourceTypeGeneral`; a `Text` by its free `resourceType` where that names a kind.
fn kind(record: &Value) -> String {
    let general = text(record, "/types/resourceTypeGeneral").unwrap_or_default();
    let specific = text(record, "/types/resourceType")
        .unwrap_or_default()
        .to_lowercase();
    let kind = match general.as_str() {
        "Dataset" => "dataset",
        "Software" | "ComputationalNotebook" => "software",
        "JournalArticle" | "DataPaper" => "journal-article",
        "BookChapter" => "book-chapter",
        "Book" => "book",
        "ConferencePaper" => "proceedings-article",
        "ConferenceProceeding" => "proceedings",
        "Dissertation" => "dissertation",
        "Preprint" => "preprint",
        "Report" => "report",
        "PeerReview" => "peer-review",
        "Text" => match specific.as_str() {
            "" => "journal-article",
            s if s.contains("preprint") => "preprint",
            s if s.contains("report") => "report",
            s if s.contains("thesis") || s.contains("dissertation") => "dissertation",
            s if s.contains("chapter") => "book-chapter",
            s if s.contains("conference") => "proceedings-article",
            s if s.contains("article") || s.contains("journal") => "journal-article",
            // A text of another sort (a presentation, a poster, a species list).
            _ => "other",
        },
        _ => "other",
    };
    kind.to_string()
}

/// A creator or contributor: `givenName familyName`, else its `name` (a person's written
/// `Family, Given` turned round; an organisation's as it is).
fn person(value: &Value) -> Option<String> {
    let given = text(value, "/givenName");
    let family = text(value, "/familyName");
    if let (Some(given), Some(family)) = (&given, &family) {
        return Some(format!("{given} {family}"));
    }
    let name = text(value, "/name").or(family)?;
    let organisation = text(value, "/nameType").as_deref() == Some("Organizational");
    match name.split_once(", ") {
        Some((family, given)) if !organisation && !given.contains(',') => {
            Some(format!("{} {}", given.trim(), family.trim()))
        }
        _ => Some(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_s_people_title_and_type_are_read() {
        let record = serde_json::json!({
            "doi": "10.5281/zenodo.1",
            "creators": [
                {"name": "Carberry, Josiah", "nameType": "Personal"},
                {"name": "Lovelace, Ada", "givenName": "Ada", "familyName": "Lovelace"},
                {"name": "Teacup Consortium, The", "nameType": "Organizational"}
            ],
            "titles": [{"title": "Sherds"}, {"title": "A corpus", "titleType": "Subtitle"}],
            "publisher": {"name": "Zenodo"},
            "publicationYear": 2023,
            "dates": [{"date": "2023-05-17", "dateType": "Issued"}],
            "types": {"resourceTypeGeneral": "Text", "resourceType": "Presentation"},
            "version": "1.2"
        });
        let work = from_attributes(&record);
        assert_eq!(
            work.authors,
            ["Josiah Carberry", "Ada Lovelace", "Teacup Consortium, The"]
        );
        assert_eq!(work.title, "Sherds: A corpus");
        assert_eq!(work.publisher.as_deref(), Some("Zenodo"));
        assert_eq!((work.year, work.month), (Some(2023), Some(5)));
        assert_eq!(work.kind, "other");
        assert_eq!(work.version.as_deref(), Some("1.2"));
    }
}
