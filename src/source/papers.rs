//! A publication as the template receives it: its reference's parts, each as data (the
//! template decides their order and punctuation for the CV's language).

use super::fields::{author, publication_links, Prose};
use super::groups::Listed;
use super::inline::runs_content;
use super::value::Value;
use crate::cite::Run;
use crate::profile::{Publication, ThesisDegree};

/// The value of one paper: `own` are the researcher's names (normalised) for bolding, `place`
/// where the list shows it, `reference` the paper in the lab's citation style (if any).
pub(super) fn paper_value(
    pb: &Publication,
    own: &[String],
    t: Prose,
    place: &Listed,
    reference: Option<&[Run]>,
) -> Value {
    let int = |v: Option<u16>| v.map_or(Value::None, |v| Value::Int(i64::from(v)));
    let plain = |v: Option<&String>| v.map_or(Value::None, |v| t.text(v));
    Value::Dict(vec![
        (
            "reference",
            reference.map_or(Value::None, |runs| Value::Content(runs_content(runs))),
        ),
        ("title", t.rich(&pb.title)),
        (
            "authors",
            Value::Array(pb.authors.iter().map(|a| author(a, own, t)).collect()),
        ),
        (
            "editors",
            Value::Array(pb.editors.iter().map(|a| author(a, own, t)).collect()),
        ),
        ("venue", t.opt_text(pb.venue.as_ref())),
        ("venue_short", t.opt_text(pb.venue_short.as_ref())),
        ("year", int(pb.year)),
        ("month", int(pb.month.map(u16::from))),
        ("kind", Value::str(<&str>::from(pb.kind))),
        ("status", Value::str(<&str>::from(pb.status))),
        ("volume", plain(pb.volume.as_ref())),
        ("issue", plain(pb.issue.as_ref())),
        ("pages", pb.pages.as_deref().map_or(Value::None, pages)),
        (
            "page_range",
            Value::Bool(pb.pages.as_deref().is_some_and(is_range)),
        ),
        ("edition", edition(pb.edition.as_deref(), t)),
        ("publisher", t.opt_text(pb.publisher.as_ref())),
        ("place", t.opt_text(pb.place.as_ref())),
        ("series", t.opt_text(pb.series.as_ref())),
        // `number` is the paper's number in the list (the data contract had it first).
        ("doc_number", plain(pb.number.as_ref())),
        ("isbn", plain(pb.isbn.as_ref())),
        ("version", plain(pb.version.as_ref())),
        (
            "degree",
            pb.degree.as_ref().map_or(Value::None, |degree| {
                t.known_or_text(
                    "key",
                    match degree {
                        ThesisDegree::Known(d) => Ok(Value::str(<&str>::from(*d))),
                        ThesisDegree::Other(text) => Err(text),
                    },
                )
            }),
        ),
        ("award", t.opt_text(pb.award.as_ref())),
        ("note", t.opt_paragraphs(pb.note.as_deref())),
        ("links", publication_links(&pb.links)),
        ("selected", Value::Bool(pb.selected)),
        ("group", Value::str(place.group)),
        (
            "number",
            place
                .number
                .map_or(Value::None, |n| Value::Str(n.to_string())),
        ),
    ])
}

/// Pages as printed: a range's hyphens (`436-444`, `436--444`) become an en dash; anything
/// else (`e1234`, `xii+200`) stays as written.
fn pages(text: &str) -> Value {
    let text = crate::profile::one_line(text);
    let value = match range_ends(&text) {
        Some((first, last)) => format!("{first}–{last}"),
        None => text,
    };
    Value::Str(value)
}

/// Whether pages name a range of pages rather than one page or an article number.
fn is_range(text: &str) -> bool {
    range_ends(text).is_some()
}

/// The first and last page of a range written with hyphens or dashes.
fn range_ends(text: &str) -> Option<(&str, &str)> {
    let cut = text.find(['-', '–', '—'])?;
    let first = text[..cut].trim();
    let last = text[cut..].trim_start_matches(['-', '–', '—']).trim();
    let page = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric());
    (page(first) && page(last)).then_some((first, last))
}

/// An edition: a number as `(n: 2)` for the template to print as the language's ordinal, any
/// other text as written.
fn edition(text: Option<&str>, t: Prose) -> Value {
    let Some(text) = text.map(str::trim) else {
        return Value::None;
    };
    let number = text.parse::<u16>().map(|n| Value::Int(i64::from(n)));
    t.known_or_text("n", number.map_err(|_| text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_ranges_take_an_en_dash_and_article_numbers_stay() {
        let shown = |s: &str| match pages(s) {
            Value::Str(s) => s,
            _ => unreachable!(),
        };
        assert_eq!(shown("436-444"), "436–444");
        assert_eq!(shown("436 -- 444"), "436–444");
        assert_eq!(shown("e1234"), "e1234");
        assert_eq!(shown("S12-S19"), "S12–S19");
        assert!(is_range("1--10") && !is_range("e1234") && !is_range("12"));
        assert!(!is_range("-5") && !is_range("3-"));
    }
}
