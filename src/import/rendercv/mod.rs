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

use serde_json::Value;

use super::convert::sections;
use super::entries;
use parts::*;

mod header;
mod parts;
use super::Tracked;
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
pub(super) fn convert(value: Value) -> Result<(Profile, Vec<String>), String> {
    let Some(cv) = value.get("cv").filter(|cv| cv.is_object()) else {
        return Err("a RenderCV file has a `cv:` mapping with the name and sections".into());
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
    let (mut p, name) = header::header(&mut src, &mut warnings);

    let own = name.trim().to_string();
    // The file's language (v2 `locale.language`, v1 `locale_catalog.language`).
    let language = ["locale.language", "locale_catalog.language"]
        .iter()
        .find_map(|at| src.peek(at)?.as_str().map(str::to_lowercase))
        .unwrap_or_default();
    let english = language.is_empty() || language.starts_with("en");
    let mut filed = sections::Filed::default();
    for (s, title) in titles.iter().enumerate() {
        let at = format!("cv.sections[{s}].entries");
        src.mark(&format!("cv.sections[{s}].title"));
        let count = src.len(&at);
        let section = filed.meaning(title, &mut warnings);
        let kind = lookup_first(&src, &at);
        // Entries of a kind RenderCV does not have (al-folio's newer cv.yml mixes in JSON
        // Resume's keys), and plain named entries in a section that has its own fields: by
        // what the section means, with the fields they have.
        let generic_section = matches!(
            section,
            Some(
                Section::Languages
                    | Section::Skills
                    | Section::Publications
                    | Section::Education
                    | Section::Experience
                    | Section::Awards
            )
        );
        if kind.is_none() || (kind == Some(EntryType::Normal) && generic_section) {
            let mut entries = Vec::new();
            for i in 0..count {
                let e = format!("{at}[{i}]");
                if !entries::generic(
                    &mut src,
                    &e,
                    section,
                    &name,
                    &mut p,
                    &mut entries,
                    &mut warnings,
                ) && src.peek(&e).is_some()
                {
                    warnings.push(format!(
                        "{e}: an entry with nothing that names it; left out"
                    ));
                    src.mark(&e);
                }
            }
            if !entries.is_empty() {
                apart(title, section, entries.len(), &mut warnings);
                p.sections.push(CustomSection {
                    title: section_title(title).into(),
                    entries,
                });
            }
            continue;
        }
        let Some(kind) = kind else { continue };
        let meaning = match section {
            Some(Section::Skills) => "skills",
            Some(Section::Awards) => "awards",
            Some(Section::Languages) => "languages",
            Some(Section::Bio) => "bio",
            Some(Section::Hobbies | Section::Interests) => "hobbies",
            _ => "",
        };
        let mut custom = CustomSection {
            title: (section_title(title)).into(),
            entries: Vec::new(),
        };
        for i in 0..count {
            let e = format!("{at}[{i}]");
            // An entry of another shape than the section's first: by its own fields.
            if src.peek(&e).and_then(entry_type) != Some(kind) {
                let mut more = Vec::new();
                if entries::generic(
                    &mut src,
                    &e,
                    section,
                    &name,
                    &mut p,
                    &mut more,
                    &mut warnings,
                ) {
                    custom.entries.extend(more);
                }
                continue;
            }
            match kind {
                EntryType::Text => {
                    let Some(text) = src.str(&e) else { continue };
                    if meaning == "bio" {
                        p.bio = Some(match p.bio.take() {
                            Some(bio) => format!("{bio}\n\n{text}").into(),
                            None => text.into(),
                        });
                    } else {
                        custom.entries.push(entry(text));
                    }
                }
                EntryType::Education => {
                    let Some(institution) = src.str(&format!("{e}.institution")) else {
                        continue;
                    };
                    let area = src.str(&format!("{e}.area")).unwrap_or_default();
                    let degree = match src
                        .str(&format!("{e}.degree"))
                        .or_else(|| src.str(&format!("{e}.studyType")))
                    {
                        // A degree that names its field already (`Ph.D. in Computer Science`).
                        Some(d) if d.to_lowercase().contains(&area.to_lowercase()) => d,
                        // "in" is English: other languages (and scripts) get a comma.
                        Some(d)
                            if !area.is_empty() && english && (d.is_ascii() && area.is_ascii()) =>
                        {
                            format!("{d} in {area}")
                        }
                        Some(d) if !area.is_empty() => format!("{d}, {area}"),
                        Some(d) => d,
                        None => area,
                    };
                    Placed::read(&mut src, &e, institution, degree, &mut warnings).file(
                        section,
                        &mut p,
                        &mut custom.entries,
                    );
                }
                EntryType::Experience => {
                    let (Some(organization), Some(role)) = (
                        src.str(&format!("{e}.company")),
                        src.str(&format!("{e}.position")),
                    ) else {
                        continue;
                    };
                    Placed::read(&mut src, &e, organization, role, &mut warnings).file(
                        section,
                        &mut p,
                        &mut custom.entries,
                    );
                }
                EntryType::Publication => {
                    if let Some(publication) =
                        publication(&mut src, &e, &own, &mut p, &mut warnings)
                    {
                        p.publications.push(publication);
                    }
                }
                EntryType::OneLine => {
                    let (Some(label), Some(details)) = (
                        src.str(&format!("{e}.label")),
                        src.str(&format!("{e}.details")),
                    ) else {
                        continue;
                    };
                    if meaning == "languages" {
                        p.languages.push(Language {
                            name: label.into(),
                            fluency: Some(details.into()),
                        });
                    } else if meaning == "skills" {
                        p.skills.push(Skill {
                            name: label.into(),
                            keywords: details
                                .split([',', ';'])
                                .map(str::trim)
                                .filter(|k| !k.is_empty())
                                .map(Text::from)
                                .collect(),
                        });
                    } else {
                        custom
                            .entries
                            .push(entry(super::entries::labelled(&label, &details)));
                    }
                }
                EntryType::Bullet | EntryType::Numbered | EntryType::ReversedNumbered => {
                    let key = match kind {
                        EntryType::Bullet => "bullet",
                        EntryType::Numbered => "number",
                        _ => "reversed_number",
                    };
                    let Some(text) = src.str(&format!("{e}.{key}")) else {
                        continue;
                    };
                    if meaning == "awards" {
                        p.awards.push(Award {
                            title: text.into(),
                            ..Award::default()
                        });
                    } else if meaning == "hobbies" {
                        p.hobbies.push(text.into());
                    } else {
                        custom.entries.push(entry(text));
                    }
                }
                EntryType::Normal => {
                    let Some(name) = src.str(&format!("{e}.name")) else {
                        continue;
                    };
                    let (start, end, free) = period(&mut src, &e, &mut warnings);
                    let highlights = highlights(&mut src, &e);
                    if meaning == "awards" {
                        let date = match (start, &end) {
                            (Some(d), _) => Some(d),
                            (None, Some(EndDate::Date(d))) => Some(*d),
                            _ => None,
                        };
                        p.awards.push(Award {
                            title: name.into(),
                            date,
                            note: ((!highlights.is_empty()).then(|| highlights.join("; ")))
                                .map(Text::from),
                            ..Award::default()
                        });
                        continue;
                    }
                    let (date, start, end) = match (start, end) {
                        (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                        (start, end) => (None, start, end),
                    };
                    custom.entries.push(CustomEntry {
                        title: name.into(),
                        subtitle: free.map(Text::from),
                        location: (src.str(&format!("{e}.location"))).map(Text::from),
                        date,
                        start,
                        end,
                        highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                    });
                }
            }
        }
        if !custom.entries.is_empty() {
            apart(title, section, custom.entries.len(), &mut warnings);
            p.sections.push(custom);
        }
    }
    // Typst or LaTeX written into the text renders as code here: say where.
    for path in code_like_paths(src.value(), "") {
        warnings.push(format!(
            "{path}: looks like Typst or LaTeX code, which cvpdf prints as text"
        ));
    }
    for (s, title) in titles.iter().enumerate() {
        src.label_entries(&format!("cv.sections[{s}].entries"), &section_title(title));
    }
    for path in src.unused() {
        warnings.push(format!("{path}: no matching field"));
    }
    let warnings = src
        .named(warnings)
        .iter()
        .map(|w| name_sections(w, &titles))
        .collect();
    Ok((p, warnings))
}
