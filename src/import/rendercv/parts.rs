//! The parts of a RenderCV file's sections: entries and their dates, highlights and papers,
//! section titles, and how warnings name sections. The header is `header.rs`.

use crate::import::Warning;
use heck::ToTitleCase;
use serde_json::Value;

use super::{entry_type, EntryType};
use crate::import::convert::dates::{read_date, read_period};
use crate::import::convert::paper_links::file_paper_link;
use crate::import::Tracked;
use crate::profile::*;

/// An entry of a place and a name in it (a degree at an institution, a position at a
/// company), filed where its section says: education, experience, or a section of its own.
pub(super) struct Placed {
    pub place: String,
    pub name: String,
    pub location: Option<Text>,
    pub start: Option<Date>,
    pub end: Option<EndDate>,
    pub highlights: Vec<Text>,
}

impl Placed {
    /// The entry at `e` of `place` and `name`, with its dates, location and highlights (a
    /// date RenderCV could not read kept as a highlight).
    pub fn read(
        src: &mut Tracked,
        e: &str,
        place: String,
        name: String,
        warnings: &mut Vec<Warning>,
    ) -> Self {
        let (start, end, free) = period(src, e, warnings);
        let mut lines = highlights(src, e, warnings);
        lines.extend(free.map(|f| format!("Date: {f}")));
        Placed {
            place,
            name,
            location: src.str(&format!("{e}.location")).map(Text::from),
            start,
            end,
            highlights: lines.into_iter().map(Text::from).collect(),
        }
    }

    /// Files the entry: education or experience when the section is one, else `custom`.
    pub fn file(self, section: Option<Section>, p: &mut Profile, custom: &mut Vec<CustomEntry>) {
        let Placed {
            place,
            name,
            location,
            start,
            end,
            highlights,
        } = self;
        match section {
            Some(Section::Education) => p.education.push(Education {
                institution: place.into(),
                degree: name.into(),
                location,
                start,
                end,
                highlights,
                ..Education::default()
            }),
            Some(Section::Experience) => p.experience.push(Experience {
                organization: place.into(),
                role: name.into(),
                location,
                start,
                end,
                mentors: Vec::new(),
                highlights,
            }),
            _ => custom.push(CustomEntry {
                title: (if name.is_empty() { place.clone() } else { name }).into(),
                subtitle: Some(place.into()),
                location,
                start,
                end,
                highlights,
                ..CustomEntry::default()
            }),
        }
    }
}

/// Says that `count` entries of a section meant for one of the profile's own lists lacked
/// what it needs and are listed apart, under the section's title.
pub(super) fn apart(
    title: &str,
    section: Option<Section>,
    count: usize,
    warnings: &mut Vec<Warning>,
) {
    if let Some(
        section @ (Section::Education
        | Section::Experience
        | Section::Publications
        | Section::Awards
        | Section::Skills
        | Section::Languages
        | Section::Grants
        | Section::Supervision),
    ) = section
    {
        warnings.push(Warning::at(
            format!("section \"{title}\""),
            format!(
                "{count} entr{} lack what {} needs (a name and a place, or a \
             paper's year); listed in a section of their own",
                if count == 1 { "y" } else { "ies" },
                section.key()
            ),
        ));
    }
}

/// RenderCV writes section keys in snake case and prints them in title case.
pub(super) fn section_title(key: &str) -> String {
    if key.contains(' ') || key.chars().any(char::is_uppercase) {
        return key.to_string();
    }
    key.to_title_case()
}

/// The first of a value that may be one string or a list of them, and the rest.
pub(super) fn one_or_many(src: &mut Tracked, path: &str) -> (Option<String>, Vec<String>) {
    let mut all = src.strs(path);
    if all.is_empty() {
        return (src.str(path), Vec::new());
    }
    let first = all.remove(0);
    (Some(first), all)
}

/// A RenderCV date (`2023-05`, `2023`, `present`, or free text such as `Fall 2023`).
pub(super) fn period(
    src: &mut Tracked,
    at: &str,
    warnings: &mut Vec<Warning>,
) -> (Option<Date>, Option<EndDate>, Option<String>) {
    // An end without a start is when the entry ended.
    if src.str(&format!("{at}.start_date")).is_some()
        || src.str(&format!("{at}.end_date")).is_some()
    {
        let (from, to) = src.period(
            &format!("{at}.start_date"),
            &format!("{at}.end_date"),
            warnings,
        );
        return (from, to, None);
    }
    let Some(text) = src.str(&format!("{at}.date")) else {
        return (None, None, None);
    };
    let path = format!("{at}.date");
    if let Ok(read) = read_date(&text) {
        warnings.extend(read.note.map(|note| Warning::at(&path, note)));
        return (None, Some(EndDate::Date(read.value)), None);
    }
    match read_period(&text) {
        Some(read) => {
            warnings.extend(read.note.map(|note| Warning::at(&path, note)));
            let (from, to) = read.value;
            (from, to, None)
        }
        // Free text the profile cannot date: kept as text by the caller.
        None => (None, None, Some(text)),
    }
}

/// The type of the entries at `at`, from the first one.
pub(super) fn lookup_first(src: &Tracked, at: &str) -> Option<EntryType> {
    src.peek(&format!("{at}[0]")).and_then(entry_type)
}

/// A custom entry that is one line of text.
pub(super) fn entry(title: String) -> CustomEntry {
    CustomEntry {
        title: title.into(),
        ..CustomEntry::default()
    }
}

/// An entry's summary (first) and highlights; a highlight with Markdown sub-bullets joined
/// to its parent ([`joined_sub_bullets`]), said in a warning.
pub(super) fn highlights(src: &mut Tracked, at: &str, warnings: &mut Vec<Warning>) -> Vec<String> {
    let mut out: Vec<String> = src.str(&format!("{at}.summary")).into_iter().collect();
    let lines = src.strs(&format!("{at}.highlights"));
    for (i, line) in lines.into_iter().enumerate() {
        match joined_sub_bullets(&line) {
            Some((joined, count)) => {
                warnings.push(Warning::at(
                    format!("{at}.highlights[{i}]"),
                    format!(
                        "its {count} sub-bullet(s) are joined to it as \"parent: a; b\" (a \
                         highlight in the profile is one line, not a nested list)"
                    ),
                ));
                out.push(joined);
            }
            None => out.push(line),
        }
    }
    out
}

/// A highlight with Markdown sub-bullets (`Led the port:\n  - parser\n  - types`, RenderCV's
/// nested bullets) as one line, `Led the port: parser; types`, and how many it had (`None`
/// without any): the profile's highlight is one line, so an explicit separator keeps the
/// nesting, not a flattened `Led the port: - parser - types` (issue 48).
pub(super) fn joined_sub_bullets(text: &str) -> Option<(String, usize)> {
    let mut lines = text.lines();
    let parent = lines.next()?.trim();
    let mut subs: Vec<String> = Vec::new();
    for line in lines {
        let line = line.trim();
        match line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
            Some(item) => subs.push(item.trim().to_string()),
            // A wrapped sub-bullet goes on; a line before any is not a nested list.
            None if !line.is_empty() => subs.last_mut()?.push_str(&format!(" {line}")),
            None => {}
        }
    }
    if subs.is_empty() {
        return None;
    }
    let parent = parent.trim_end_matches(':').trim_end();
    Some((format!("{parent}: {}", subs.join("; ")), subs.len()))
}

/// A publication entry; `None` (with a warning) when it has no date to give it a year.
pub(super) fn publication(
    src: &mut Tracked,
    at: &str,
    own: &str,
    p: &mut Profile,
    warnings: &mut Vec<Warning>,
) -> Option<Publication> {
    let title = src.str(&format!("{at}.title"))?;
    let authors: Vec<String> = src
        .strs(&format!("{at}.authors"))
        .into_iter()
        .map(|author| {
            // `***John Doe***`, `**John Doe**` or `*John Doe*` is how RenderCV files mark the
            // own name; cvpdf finds it by name, so the marks go (a different spelling becomes
            // a name variant).
            let bare = author.trim().trim_matches(['*', '_']).trim().to_string();
            if bare != author.trim() && bare != own && !p.name_variants.contains(&bare) {
                p.name_variants.push(bare.clone());
            }
            bare
        })
        .collect();
    let path = format!("{at}.date");
    let date = src.str(&path).and_then(|d| {
        let (date, note) = match read_date(&d) {
            Ok(read) => (Some(read.value), read.note),
            Err(_) => match read_period(&d) {
                Some(read) => {
                    let (from, to) = read.value;
                    let to = match to {
                        Some(EndDate::Date(d)) => Some(d),
                        _ => None,
                    };
                    (from.or(to), read.note)
                }
                None => (None, None),
            },
        };
        warnings.extend(note.map(|note| Warning::at(&path, note)));
        date
    });
    // Words that say why a paper has no year yet (`date: under review`, `journal: Forthcoming`)
    // keep it, with that status (issue 48: such papers were dropped).
    let said = {
        let words: Vec<String> = ["date", "journal", "summary", "status"]
            .iter()
            .filter_map(|k| src.peek(&format!("{at}.{k}"))?.as_str().map(String::from))
            .collect();
        crate::import::convert::status::said_status(words.iter().map(String::as_str))
    };
    if date.is_none() && !said.is_some_and(PublicationStatus::excuses_no_year) {
        warnings.push(Warning::at(
            at,
            format!("\"{title}\" has no date, so no year; not carried over"),
        ));
        return None;
    }
    src.mark(&format!("{at}.status"));
    let mut links = PublicationLinks {
        doi: src.str(&format!("{at}.doi")),
        ..PublicationLinks::default()
    };
    if let Some(url) = src.str(&format!("{at}.url")) {
        file_paper_link(&mut links, url);
    }
    Some(Publication {
        title: title.into(),
        authors: if authors.is_empty() {
            vec![p.name.clone()]
        } else {
            authors
        },
        venue: (src.str(&format!("{at}.journal"))).map(Text::from),
        venue_short: None,
        year: date.map(|d| d.year),
        month: date.and_then(|d| d.month),
        kind: PublicationKind::Other,
        status: said.unwrap_or_default(),
        award: None,
        note: (src.str(&format!("{at}.summary"))).map(Text::from),
        links,
        selected: false,
        ..Default::default()
    })
}

/// Paths of strings that look like Typst (`#emph[…]`, `#link(…)`) or LaTeX (`\textbf{…}`).
pub(super) fn code_like_paths(value: &Value, path: &str) -> Vec<String> {
    match value {
        Value::String(s) => {
            let typst = s.contains("#")
                && ["#emph[", "#strong[", "#link(", "#text(", "#h(", "#v("]
                    .iter()
                    .any(|c| s.contains(c));
            let latex = [
                "\\textbf{",
                "\\textit{",
                "\\emph{",
                "\\href{",
                "\\vspace",
                "\\hspace",
            ]
            .iter()
            .any(|c| s.contains(c));
            if typst || latex {
                vec![path.to_string()]
            } else {
                Vec::new()
            }
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .flat_map(|(i, v)| code_like_paths(v, &format!("{path}[{i}]")))
            .collect(),
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| {
                let child = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                code_like_paths(v, &child)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `cv.sections[2].entries[0].x` as `cv.sections."Honors".entries[0].x` for the user.
pub(super) fn name_sections(path: &str, titles: &[String]) -> String {
    let Some(rest) = path.strip_prefix("cv.sections[") else {
        return path.to_string();
    };
    let Some((index, tail)) = rest.split_once(']') else {
        return path.to_string();
    };
    match index.parse::<usize>().ok().and_then(|i| titles.get(i)) {
        Some(title) => format!(
            "cv.sections.\"{title}\"{}",
            tail.replacen(".entries", "", 1)
        ),
        None => path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::joined_sub_bullets;

    #[test]
    fn sub_bullets_are_joined_to_their_parent() {
        let joined = joined_sub_bullets;
        assert_eq!(
            joined("Led the port:\n  - parser\n  - type\n    checker"),
            Some(("Led the port: parser; type checker".to_string(), 2))
        );
        assert_eq!(joined("One line"), None);
        // Two paragraphs, no sub-bullets: not a nested list.
        assert_eq!(joined("First.\nSecond."), None);
    }
}
