//! The raw bibliography made safe for the biblatex crate before it resolves anything: the
//! first entry of a key wins (as in BibTeX), text the crate's LaTeX reader would fail on
//! skips its entry or undefines its `@string`, an abbreviation nothing defines is left out,
//! and the entries that are only venues of others (DBLP's `@proceedings`) are found. Each
//! step says what it did in the [`Read`]'s notes, skips and counts.

use std::collections::{HashMap, HashSet};

use biblatex::{RawBibliography, RawChunk};

use super::graph::is_month_macro;
use super::{Read, Skipped};

/// The fields an entry's publication is made of: LaTeX that does not parse in any other field
/// drops that field, not the entry.
pub const IMPORTED: &[&str] = &[
    "title",
    "author",
    "editor",
    "year",
    "date",
    "month",
    "journal",
    "journaltitle",
    "booktitle",
    "eventtitle",
    "school",
    "institution",
    "publisher",
    "howpublished",
    "note",
    "annotation",
    "award",
    "award_name",
    "abbr",
    "selected",
    "pubstate",
    "type",
    "doi",
    "url",
    "ee",
    "eprint",
    "eprinttype",
    "archiveprefix",
    "arxiv",
    "pdf",
    "html",
    "website",
    "code",
    "slides",
    "poster",
    "video",
    "crossref",
    "xdata",
    "volume",
];

/// Keeps the first entry of each key, as BibTeX does, and skips the others; where each kept
/// entry starts, by key.
pub(super) fn first_of_each_key<'a>(
    raw: &mut RawBibliography<'a>,
    read: &mut Read,
    at: &dyn Fn(usize) -> String,
) -> HashMap<&'a str, usize> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    raw.entries.retain(|entry| {
        let key = entry.v.key.v;
        match first.get(key) {
            Some(&start) => {
                read.skipped.push(Skipped {
                    key: key.to_string(),
                    at: at(entry.span.start),
                    reason: format!(
                        "a second entry with this key; the first (at {}) is imported",
                        at(start)
                    ),
                });
                false
            }
            None => {
                first.insert(key, entry.span.start);
                true
            }
        }
    });
    first
}

/// Leaves out what the crate's LaTeX reader would fail on: an `@string` (then undefined), a
/// field cvpdf does not import (counted), or the entry whose imported field it is (skipped).
pub(super) fn drop_unreadable(
    raw: &mut RawBibliography,
    read: &mut Read,
    at: &dyn Fn(usize) -> String,
) {
    // Text the crate's LaTeX reader would fail on (an unpaired `$`, a trailing backslash)
    // makes the entry it is in skipped, or the @string it is in undefined.
    raw.abbreviations
        .retain(|pair| match unreadable(pair.key.v, &pair.value.v) {
            Some(why) => {
                read.notes.push(format!(
                    "@string {} (at {}) {why}; it is treated as undefined",
                    pair.key.v,
                    at(pair.key.span.start)
                ));
                false
            }
            None => true,
        });
    // A field cvpdf does not import cannot sink its entry: it goes, and is counted.
    for entry in &mut raw.entries {
        entry.v.fields.retain(|pair| {
            let gone = !IMPORTED.contains(&pair.key.v.to_ascii_lowercase().as_str())
                && unreadable(pair.key.v, &pair.value.v).is_some();
            if gone {
                *read
                    .left
                    .entry(format!("{} (LaTeX that does not parse)", pair.key.v))
                    .or_default() += 1;
            }
            !gone
        });
    }
    raw.entries.retain(|entry| {
        let why = entry
            .v
            .fields
            .iter()
            .find_map(|pair| unreadable(pair.key.v, &pair.value.v).map(|w| (pair.key.v, w)));
        match why {
            Some((field, why)) => {
                read.skipped.push(Skipped {
                    key: entry.v.key.v.to_string(),
                    at: at(entry.span.start),
                    reason: format!("its {field} {why}"),
                });
                false
            }
            None => true,
        }
    });
}

/// Leaves an abbreviation no `@string` defines out of its field (BibTeX warns and goes on).
pub(super) fn drop_undefined_abbreviations(raw: &mut RawBibliography, read: &mut Read) {
    let defined: HashSet<&str> = raw.abbreviations.iter().map(|p| p.key.v).collect();
    for entry in &mut raw.entries {
        for pair in &mut entry.v.fields {
            pair.value.v.retain(|chunk| match chunk.v {
                RawChunk::Abbreviation(name)
                    if !defined.contains(name) && !is_month_macro(name) =>
                {
                    read.notes.push(format!(
                        "{}: @string {name} is not defined; its {} is written without it",
                        entry.v.key.v, pair.key.v
                    ));
                    false
                }
                _ => true,
            });
        }
    }
}

/// The entries that are venues of other entries (collections that papers crossref, and
/// `@xdata`), said in a note: they are not papers.
pub(super) fn venues(raw: &RawBibliography, read: &mut Read) -> HashSet<String> {
    let crossrefs: HashSet<String> = raw
        .entries
        .iter()
        .flat_map(|entry| {
            entry
                .v
                .fields
                .iter()
                .filter(|p| p.key.v.eq_ignore_ascii_case("crossref"))
                .flat_map(|p| p.value.v.iter())
                .filter_map(|chunk| match chunk.v {
                    RawChunk::Normal(s) => Some(s.trim().to_string()),
                    RawChunk::Abbreviation(_) => None,
                })
        })
        .collect();
    let venues: HashSet<String> = raw
        .entries
        .iter()
        .filter(|e| {
            e.v.kind.v.eq_ignore_ascii_case("xdata")
                || (is_collection(e.v.kind.v) && crossrefs.contains(e.v.key.v))
        })
        .map(|e| e.v.key.v.to_string())
        .collect();
    if !venues.is_empty() {
        read.notes.push(format!(
            "{} entr{} that other entries crossref (venues such as DBLP's @proceedings) \
             are not papers",
            venues.len(),
            if venues.len() == 1 { "y" } else { "ies" }
        ));
    }
    venues
}

/// Whether an entry of type `kind` may be a venue (a collection, or `@xdata`), which is not
/// a paper when others crossref it.
pub(super) fn may_be_venue(kind: &str) -> bool {
    kind.eq_ignore_ascii_case("xdata") || is_collection(kind)
}

/// Entry types that collect papers: one that another entry crossrefs is the venue, not a
/// paper.
fn is_collection(kind: &str) -> bool {
    matches!(
        kind.to_ascii_lowercase().as_str(),
        "proceedings"
            | "mvproceedings"
            | "book"
            | "mvbook"
            | "collection"
            | "mvcollection"
            | "reference"
            | "mvreference"
            | "periodical"
    )
}

/// Whether the crate keeps `field` verbatim (an address or identifier, no LaTeX read in it).
pub(super) fn is_verbatim_field(field: &str) -> bool {
    matches!(
        field.to_ascii_lowercase().as_str(),
        "file" | "doi" | "uri" | "eprint" | "verba" | "verbb" | "verbc" | "pdf" | "url" | "urlraw"
    )
}

/// Why the crate's LaTeX reader could not read a field's text, if it could not: an unpaired
/// `$` (outside fields kept verbatim, such as `url`), a backslash at the end, or braces that do
/// not pair (possible in a quoted value).
fn unreadable(field: &str, value: &[biblatex::Spanned<RawChunk>]) -> Option<&'static str> {
    let verbatim = is_verbatim_field(field);
    for chunk in value {
        let RawChunk::Normal(text) = chunk.v else {
            continue;
        };
        let mut dollars = 0usize;
        let mut depth = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.next().is_none() => return Some("ends in a backslash"),
                '$' if !verbatim => dollars += 1,
                '{' => depth += 1,
                '}' if depth == 0 => return Some("has a closing brace without an opening one"),
                '}' => depth -= 1,
                _ => {}
            }
        }
        if depth > 0 {
            return Some("has an opening brace that does not close");
        }
        if dollars % 2 == 1 {
            return Some("has an unpaired $ (math)");
        }
    }
    None
}
