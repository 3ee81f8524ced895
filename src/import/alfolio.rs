//! al-folio's `_data/cv.yml` → profile. The file is a list of sections, each
//! `{title, type, contents}`: `map` (name/value pairs; "Full Name" is the name), `time_table`
//! (entries with `title`, `institution`, `year`, `description`, or a `year` with `items`),
//! `list` (lines) and `nested_list` (titled lists). Sections go where their title says, in
//! any of the ten languages ([`super::convert::sections`]), to custom sections otherwise; an
//! entry's name may be under `title`, `degree`, `position` or `name`. Titles may hold HTML:
//! links become Markdown links, other tags go.

use crate::import::Warning;
use serde_json::Value;

mod lists;

use super::convert::dates::read_years;
use super::convert::sections::Filed;
use super::{hugo, Tracked};
use crate::diag::Problem;
use crate::profile::html::html_in_markdown;
use crate::profile::html_text;

/// A value bound for a field of plain text: its HTML made Markdown without escaping the text
/// (`Zhang San [张三]` stays as written), which the import's fitting (`import/fit.rs`) turns
/// into the words a reader sees, naming the address of a link it leaves out.
fn plain(html: &str) -> String {
    html_in_markdown(html)
}
use crate::profile::*;

/// Whether `value` looks like al-folio's cv.yml: a list of titled sections, at least one of
/// them a whole `{title, type, contents}` (of any type: a site may add its own, which the
/// conversion names). One section short of its `type` or `contents` does not make the file
/// another format: that section is named and left out, the others come in.
pub(super) fn looks_like(value: &Value) -> bool {
    value.as_array().is_some_and(|items| {
        items.iter().all(|item| item.get("title").is_some())
            && items.iter().any(|item| {
                item.get("contents").is_some() && item.get("type").and_then(Value::as_str).is_some()
            })
    })
}

/// Converts al-folio's cv.yml (already parsed) into a profile.
pub(super) fn convert(value: Value) -> Result<(Profile, Vec<Warning>), Problem> {
    if !looks_like(&value) {
        return Err(Problem::error(
            "al-folio's _data/cv.yml is a list of sections with title, type and contents",
        ));
    }
    let count = value.as_array().map_or(0, Vec::len);
    let mut src = Tracked::new(value);
    let mut warnings = Vec::new();
    let mut p = Profile::default();
    let mut filed = Filed::default();
    for s in 0..count {
        let at = format!("[{s}]");
        let title = src.str(&format!("{at}.title")).unwrap_or_default();
        let kind = src.str(&format!("{at}.type")).unwrap_or_default();
        let meaning = filed.meaning(&title, &mut warnings);
        let contents = format!("{at}.contents");
        if src.peek(&contents).is_none_or(Value::is_null) {
            src.mark(&at);
            warnings.push(Warning::at(
                section_name(&title, s),
                "a section without `contents:`; nothing of it was imported",
            ));
            continue;
        }
        let mut custom = CustomSection {
            title: title.clone().into(),
            entries: Vec::new(),
        };
        match kind.as_str() {
            "map" => {
                map_section(&mut src, &mut p, (&contents, &mut warnings), &mut custom);
            }
            "time_table" => {
                time_table_section(
                    &mut src,
                    &mut p,
                    &mut warnings,
                    (&title, &contents),
                    meaning,
                    &mut custom,
                );
            }
            "list" => {
                lists::list_section(&mut src, &mut p, &contents, meaning, &mut custom);
            }
            "nested_list" => {
                lists::nested_list_section(&mut src, &mut p, &contents, meaning, &mut custom);
            }
            other => {
                src.mark(&contents);
                warnings.push(Warning::at(
                    &title,
                    format!(
                        "a section of type \"{other}\", which al-folio's own types (map, \
                     time_table, list, nested_list) do not include, was left out"
                    ),
                ));
            }
        }
        if !custom.entries.is_empty() {
            p.sections.push(custom);
        }
    }
    for s in 0..count {
        let title = src
            .peek(&format!("[{s}].title"))
            .and_then(|t| t.as_str())
            .unwrap_or("")
            .to_string();
        src.label_entries(&format!("[{s}].contents"), &html_text(&title));
    }
    let titles: Vec<String> = (0..count)
        .filter_map(|s| src.peek(&format!("[{s}].title"))?.as_str().map(html_text))
        .collect();
    let lang = super::convert::language::language_of_titles(&titles);
    warnings.extend(lang.map(|lang| super::convert::language::hint(lang, &titles)));
    for path in src.unused() {
        warnings.push(Warning::unused(&path));
    }
    Ok((p, src.named(warnings)))
}

/// How a warning names a section: its title, or its place when it has none.
fn section_name(title: &str, index: usize) -> String {
    match html_text(title).trim() {
        "" => format!("section {} (untitled)", index + 1),
        title => format!("section \"{title}\""),
    }
}

/// A `map` section: `name: value` pairs (contact fields, or the entries of a section of its own).
fn map_section(
    src: &mut Tracked,
    p: &mut Profile,
    (contents, warnings): (&str, &mut Vec<Warning>),
    custom: &mut CustomSection,
) {
    for i in 0..src.len(contents) {
        let e = format!("{contents}[{i}]");
        let (Some(name), Some(value)) = (
            src.str(&format!("{e}.name")),
            src.str(&format!("{e}.value")),
        ) else {
            if src.peek(&e).is_some_and(|v| !hugo::is_empty(v)) {
                warnings.push(Warning::at(
                    &e,
                    "a pair without a name or a value; left out",
                ));
                src.mark(&e);
            }
            continue;
        };
        match name.to_lowercase().as_str() {
            "full name" | "name" => p.name = plain(&value),
            "languages" | "language" => {
                p.languages
                    .extend(plain(&value).split([',', ';']).map(|l| Language {
                        name: (l.trim().to_string()).into(),
                        fluency: None,
                    }))
            }
            "email" | "e-mail" => p.contact.email = Some(value),
            "phone" => p.contact.phone = Some(value),
            "website" | "homepage" => p.contact.website = Some(value),
            "address" | "location" => p.contact.address = Some(plain(&value).into()),
            _ => custom.entries.push(CustomEntry {
                title: super::entries::labelled(&html_text(&name), &html_text(&value)).into(),
                ..CustomEntry::default()
            }),
        }
    }
}

/// A `time_table` section: dated entries filed as education, experience or awards when the
/// section means one (and the entry names its place), else entries of a section of its own.
fn time_table_section(
    src: &mut Tracked,
    p: &mut Profile,
    warnings: &mut Vec<Warning>,
    (title, contents): (&str, &str),
    meaning: Option<Section>,
    custom: &mut CustomSection,
) {
    for i in 0..src.len(contents) {
        let e = format!("{contents}[{i}]");
        // In `Grants and Awards`, a grant by its shape.
        let meaning = super::mixed::award_or_grant(title, meaning, src, &e);
        // Warnings name the entry: its section and its name, where it has one.
        let named = ["title", "degree", "position", "name"]
            .iter()
            .find_map(|key| src.peek(&format!("{e}.{key}"))?.as_str())
            .map_or_else(|| e.clone(), |t| format!("{title}: \"{}\"", html_text(t)));
        let year = src.str(&format!("{e}.year"));
        // An award given in several years (`2020, 2022`) keeps each year (issue 48: it was
        // written as its first year while the warning spoke of a range).
        let years = match (&year, meaning) {
            (Some(year), Some(Section::Awards)) => read_years(year).unwrap_or_default(),
            _ => Vec::new(),
        };
        let keep = matches!(
            meaning,
            Some(Section::Education | Section::Grants | Section::Supervision)
        );
        let (start, end, expected) = match year {
            Some(_) if !years.is_empty() => (None, None, false),
            Some(year) => hugo::year_range(&year, &format!("{named}, year"), keep, warnings),
            None => (None, None, false),
        };
        // `{year, items}`: several entries of one year (al-folio's honours).
        if src.len(&format!("{e}.items")) > 0 {
            let date = start.or(match end {
                Some(EndDate::Date(d)) => Some(d),
                _ => None,
            });
            for item in src.strs(&format!("{e}.items")) {
                if meaning == Some(Section::Awards) {
                    p.awards.push(Award {
                        title: (html_text(&item)).into(),
                        date,
                        years: years.clone(),
                        ..Award::default()
                    });
                } else {
                    custom.entries.push(CustomEntry {
                        title: (html_text(&item)).into(),
                        date,
                        ..CustomEntry::default()
                    });
                }
            }
            continue;
        }
        // The entry's name under whichever key the site used.
        let Some(entry_title) = ["title", "degree", "position", "role", "name"]
            .iter()
            .find_map(|key| src.str(&format!("{e}.{key}")))
            .map(|t| plain(&t))
        else {
            if src.peek(&e).is_some_and(|v| !hugo::is_empty(v)) {
                warnings.push(Warning::at(
                    title,
                    format!(
                        "an entry without a title (or degree, position, name) \
                                 was left out ({e})"
                    ),
                ));
                src.mark(&e);
            }
            continue;
        };
        let institution = [
            "institution",
            "school",
            "university",
            "company",
            "organization",
            "employer",
        ]
        .iter()
        .find_map(|key| src.str(&format!("{e}.{key}")))
        .map(|t| plain(&t));
        let location = src.str(&format!("{e}.location")).map(|t| plain(&t));
        let highlights = description(src, &format!("{e}.description"));
        if meaning == Some(Section::Education) && institution.is_some() {
            p.education.push(Education {
                institution: institution.unwrap_or_default().into(),
                degree: entry_title.into(),
                location: location.map(Text::from),
                start,
                end,
                expected,
                highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                ..Education::default()
            });
        } else if meaning == Some(Section::Experience) && institution.is_some() {
            p.experience.push(Experience {
                organization: institution.unwrap_or_default().into(),
                role: entry_title.into(),
                location: location.map(Text::from),
                start,
                end,
                mentors: Vec::new(),
                highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
            });
        } else if meaning == Some(Section::Awards) {
            p.awards.push(Award {
                title: entry_title.into(),
                awarder: institution.map(Text::from),
                date: start.or(match end {
                    Some(EndDate::Date(d)) => Some(d),
                    _ => None,
                }),
                years,
                note: ((!highlights.is_empty()).then(|| highlights.join("; "))).map(Text::from),
                ..Award::default()
            });
        } else if let Some(
            record @ (Section::Grants | Section::Supervision | Section::Talks | Section::Service),
        ) = meaning
        {
            let fields = super::record::Fields::read(src, &e, record);
            let read = super::record::Read {
                title: entry_title,
                qualifier: institution.or(location),
                start,
                end,
                expected,
                text: highlights,
                fields,
            };
            super::record::file(record, read, &e, p, warnings);
        } else {
            let (date, start, end) = match (start, end) {
                (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                (start, end) => (None, start, end),
            };
            custom.entries.push(CustomEntry {
                title: entry_title.into(),
                subtitle: institution.map(Text::from),
                location: location.map(Text::from),
                date,
                start,
                end,
                highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
            });
        }
    }
}

/// A description: one text, or lines, or `{title, contents}` groups (flattened as
/// `title: a; b`).
fn description(src: &mut Tracked, at: &str) -> Vec<String> {
    if let Some(text) = src.str(at) {
        return vec![plain(&text)];
    }
    let mut out = Vec::new();
    for i in 0..src.len(at) {
        let item = format!("{at}[{i}]");
        if let Some(text) = src.str(&item) {
            out.push(plain(&text));
        } else if let Some(title) = src.str(&format!("{item}.title")) {
            let inner: Vec<String> = src
                .strs(&format!("{item}.contents"))
                .iter()
                .map(|t| plain(t))
                .collect();
            out.push(if inner.is_empty() {
                plain(&title)
            } else {
                format!("{}: {}", plain(&title), inner.join("; "))
            });
        }
    }
    out
}
