//! RenderCV input files (v1 and v2 YAML) → profile.
//!
//! `cv`'s header fields and social networks become the profile's contact details and links.
//! `cv.sections` is a map of any titles to lists of entries, all of one type per section,
//! which RenderCV tells apart by their keys; here too: education (`institution`, `area`),
//! experience (`company`, `position`), publication (`title`, `authors`), one-line (`label`,
//! `details`), bullet (`bullet`), numbered (`number`, `reversed_number`), normal (`name`) and
//! text entries (plain strings). Each goes to the profile section of the same meaning when
//! the title says which (skills, awards, …), to a custom section otherwise. `design`,
//! `locale` and the settings are RenderCV's own and are reported, not carried.

use crate::import::Warning;
use serde_json::Value;

use super::convert::sections;
use super::entries;
use parts::*;
use reader::Reader;

mod header;
mod parts;
mod reader;
use super::Tracked;
use crate::diag::Problem;
use crate::profile::*;

/// What a section's entries are, from the keys of its first entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryType {
    Text,
    Education,
    Experience,
    Publication,
    OneLine,
    Bullet,
    Numbered,
    ReversedNumbered,
    Normal,
}

fn entry_type(entry: &Value) -> Option<EntryType> {
    if entry.is_string() {
        return Some(EntryType::Text);
    }
    let has = |key: &str| entry.get(key).is_some();
    Some(if has("institution") && has("area") {
        EntryType::Education
    } else if has("company") && has("position") {
        EntryType::Experience
    } else if has("title") && has("authors") {
        EntryType::Publication
    } else if has("label") && has("details") {
        EntryType::OneLine
    } else if has("bullet") {
        EntryType::Bullet
    } else if has("reversed_number") {
        EntryType::ReversedNumbered
    } else if has("number") {
        EntryType::Numbered
    } else if has("name") {
        EntryType::Normal
    } else {
        return None;
    })
}

/// Converts a RenderCV input (already parsed) into a profile.
pub(super) fn convert(value: Value) -> Result<(Profile, Vec<Warning>), Problem> {
    let Some(cv) = value.get("cv").filter(|cv| cv.is_object()) else {
        let problem =
            Problem::error("a RenderCV file has a `cv:` mapping with the name and sections");
        // A `cv:` of another shape is pointed at.
        return Err(match value.get("cv") {
            Some(_) => problem.at_field("cv"),
            None => problem,
        });
    };
    // Sections become a list, so that titles with dots or brackets are not paths.
    let titles: Vec<String> = cv
        .get("sections")
        .and_then(Value::as_object)
        .map(|s| s.keys().cloned().collect())
        .unwrap_or_default();
    let mut value = value.clone();
    if let Some(sections) = value
        .get_mut("cv")
        .and_then(|cv| cv.get_mut("sections"))
        .and_then(Value::as_object_mut)
    {
        let list: Vec<Value> = std::mem::take(sections)
            .into_iter()
            .map(|(title, entries)| serde_json::json!({ "title": title, "entries": entries }))
            .collect();
        value["cv"]["sections"] = Value::Array(list);
    }
    let mut src = Tracked::new(value);
    let mut warnings = Vec::new();
    let (p, name) = header::header(&mut src, &mut warnings);
    // The file's language (v2 `locale.language`, v1 `locale_catalog.language`).
    let language = ["locale.language", "locale_catalog.language"]
        .iter()
        .find_map(|at| src.peek(at)?.as_str().map(str::to_lowercase))
        .unwrap_or_default();
    // A file without a locale whose titles are in another language: said, with the `--lang`
    // that prints the CV in it (the profile has no language of its own).
    let detected = language
        .is_empty()
        .then(|| super::convert::language::language_of_titles(&titles))
        .flatten();
    warnings.extend(detected.map(|lang| super::convert::language::hint(lang, &titles)));
    let english = (language.is_empty() && detected.is_none()) || language.starts_with("en");
    let mut filed = sections::Filed::default();
    let mut reader = Reader {
        src,
        p,
        warnings,
        own: name.trim().to_string(),
        name,
        english,
    };
    for (s, title) in titles.iter().enumerate() {
        reader.section(s, title, &mut filed);
    }
    let Reader {
        mut src,
        p,
        mut warnings,
        ..
    } = reader;
    // Typst or LaTeX written into the text renders as code here: say where.
    for path in code_like_paths(src.value(), "") {
        warnings.push(Warning::at(
            &path,
            "looks like Typst or LaTeX code, which cvpdf prints as text",
        ));
    }
    for (s, title) in titles.iter().enumerate() {
        src.label_entries(&format!("cv.sections[{s}].entries"), &section_title(title));
    }
    for path in src.unused() {
        warnings.push(Warning::unused(&path));
    }
    let warnings = src
        .named(warnings)
        .into_iter()
        .map(|mut w| {
            w.path = name_sections(&w.path, &titles);
            w
        })
        .collect();
    Ok((p, warnings))
}
