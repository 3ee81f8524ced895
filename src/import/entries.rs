//! Entries of a shape the importer has no rule for — a RenderCV-style file with JSON Resume
//! keys (al-folio's newer `cv.yml`: `title` + `publisher` papers, `name` + `summary`
//! languages), a section of one-off fields — converted by what their section's title means,
//! with the fields they have: what names the entry (`title`, `name`, `label`, `position`, …),
//! what qualifies it (`publisher`, `issuer`, `institution`, …), its dates, and its text.

use super::convert::dates::read_period;
use super::Tracked;
use crate::import::Warning;
use crate::profile::*;

/// Keys that name an entry, most telling first.
const NAMING: [&str; 9] = [
    "language",
    "title",
    "name",
    "label",
    "position",
    "bullet",
    "degree",
    "studyType",
    "course",
];

/// Keys that qualify it: where, by whom, in what.
const QUALIFYING: [&str; 16] = [
    "funder",
    "agency",
    "sponsor",
    "event",
    "publisher",
    "journal",
    "venue",
    "issuer",
    "awarder",
    "company",
    "organization",
    "institution",
    "school",
    "employer",
    "area",
    "details",
];

/// The first of `keys` that `src` has at `at` (and the key).
fn first(
    src: &mut Tracked,
    at: &str,
    keys: &[&str],
    not: Option<&str>,
) -> Option<(String, String)> {
    keys.iter()
        .filter(|key| Some(**key) != not)
        .find_map(|key| {
            src.str(&format!("{at}.{key}"))
                .map(|v| (key.to_string(), v))
        })
}

/// A list written as a list or as one text (`"Python, C++"`).
fn list(src: &mut Tracked, at: &str) -> Vec<String> {
    let items = src.strs(at);
    if !items.is_empty() {
        return items;
    }
    src.str(at)
        .map(|text| {
            text.split([',', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// A label and its details, both inline Markdown, as one line of an entry
/// (`**Languages:** German, English`): the label is its words alone, so that its own bold
/// (`**German**`, from `<b>German</b>`) does not nest in the one it gets.
pub(super) fn labelled(label: &str, details: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    let words: String = Parser::new(label)
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.into_string()),
            Event::SoftBreak | Event::HardBreak => Some(" ".to_string()),
            _ => None,
        })
        .collect();
    format!(
        "**{}:** {details}",
        crate::profile::markup::escape(words.trim())
    )
}

/// The names of an author line: `A, B and C`, or BibTeX's `Last, First and Last, First`
/// (each then written `First Last`); Markdown's bold and escapes taken off.
pub(super) fn author_line(line: &str) -> Vec<String> {
    let line = line.replace("**", "").replace("\\*", "*");
    let parts: Vec<&str> = line.split(" and ").map(str::trim).collect();
    let inverted = parts.len() > 1 && parts.iter().all(|p| p.matches(',').count() == 1);
    let names: Vec<String> = if inverted {
        parts
            .iter()
            .filter_map(|p| p.split_once(','))
            .map(|(last, first)| format!("{} {}", first.trim(), last.trim()))
            .collect()
    } else {
        line.split([',', ';'])
            .flat_map(|part| part.split(" and "))
            .map(|a| a.trim().to_string())
            .collect()
    };
    names.into_iter().filter(|a| !a.is_empty()).collect()
}

/// Converts the entry at `at` into the section `section` means (a custom entry pushed to
/// `custom` otherwise); `own` is the researcher's name, for a paper whose authors are a line
/// of text. `false` when the entry has nothing that names it.
pub(super) fn generic(
    src: &mut Tracked,
    at: &str,
    section: Option<Section>,
    own: &str,
    p: &mut Profile,
    custom: &mut Vec<CustomEntry>,
    warnings: &mut Vec<Warning>,
) -> bool {
    // Without a naming key, what qualifies it names it (a `work` entry with only its
    // employer is the employer's entry), as an entry of a section of its own: it is not a
    // degree or a position.
    let (key, title, section) = match first(src, at, &NAMING, None) {
        Some((key, title)) => (key, title, section),
        None => match first(src, at, &QUALIFYING, None) {
            Some((key, title)) => (key, title, None),
            None => return false,
        },
    };
    let qualifier = first(src, at, &QUALIFYING, Some(&key)).map(|(_, v)| v);
    // Entries that write `expected` keep an expected end as such; others say it was not.
    use Section::{Education as E, Grants as G, Supervision as S};
    let keep = matches!(section, Some(E | G | S));
    let started = ["start_date", "startDate"]
        .into_iter()
        .find(|k| src.str(&format!("{at}.{k}")).is_some());
    let (start, end, expected) = match started {
        Some(k) => {
            let end_key = if k == "startDate" {
                "endDate"
            } else {
                "end_date"
            };
            let (from, to) = (format!("{at}.{k}"), format!("{at}.{end_key}"));
            if keep {
                src.period_expected(&from, &to, warnings)
            } else {
                let (start, end) = src.period(&from, &to, warnings);
                (start, end, false)
            }
        }
        None => ["date", "year", "releaseDate", "end_date", "endDate"]
            .iter()
            .find_map(|k| src.str(&format!("{at}.{k}")))
            .and_then(|d| read_period(&d))
            .map_or((None, None, false), |read| {
                let read = if keep { read.keep_expected() } else { read };
                warnings.extend(read.note.map(|note| Warning::at(at, note)));
                (read.value.0, read.value.1, keep && read.expected)
            }),
    };
    let date = start.or(match end {
        Some(EndDate::Date(d)) => Some(d),
        _ => None,
    });
    let mut text: Vec<String> = ["summary", "description"]
        .iter()
        .filter_map(|k| src.str(&format!("{at}.{k}")))
        .collect();
    text.extend(src.strs(&format!("{at}.highlights")));
    if let Some(
        record @ (Section::Grants | Section::Supervision | Section::Talks | Section::Service),
    ) = section
    {
        let mut fields = super::record::Fields::read(src, at, record);
        // A student's entry names the student; its `title` is then the thesis.
        let (title, thesis) = match (record, key.as_str(), src.str(&format!("{at}.name"))) {
            (Section::Supervision, "title", Some(person)) => (person, Some(title)),
            _ => (title, None),
        };
        fields.thesis = thesis.or(fields.thesis);
        let read = super::record::Read {
            title,
            qualifier,
            start,
            end,
            expected,
            text,
            fields,
        };
        return super::record::file(record, read, at, p, warnings);
    }
    // A paper needs its year, or words that say why it has none (`forthcoming`, `under
    // review`): without either it is an entry of a section of its own.
    let said = {
        let dates: Vec<String> = ["date", "year", "releaseDate", "status"]
            .iter()
            .filter_map(|k| src.peek(&format!("{at}.{k}"))?.as_str().map(String::from))
            .collect();
        let words = dates.iter().chain(&qualifier).chain(&text);
        super::convert::status::said_status(words.map(String::as_str))
    };
    let excused = said.is_some_and(PublicationStatus::excuses_no_year);
    if section == Some(Section::Publications) && (date.is_some() || excused) {
        src.mark(&format!("{at}.status"));
        // Authors as a list, or as the line of text under the title when it names the
        // researcher (`**Ada Lovelace**, Charles Babbage`).
        let mut authors = list(src, &format!("{at}.authors"));
        let own_key: String = own.chars().filter(|c| c.is_alphanumeric()).collect();
        if authors.is_empty() {
            if let Some(line) = text.iter().position(|t| {
                let plain: String = t.chars().filter(|c| c.is_alphanumeric()).collect();
                !own_key.is_empty() && plain.contains(&own_key)
            }) {
                authors = author_line(&text.remove(line));
            }
        }
        if authors.is_empty() {
            warnings.push(Warning::at(
                at,
                format!("no authors; {own} is listed as the only one — add the co-authors"),
            ));
            authors.push(own.to_string());
        }
        p.publications.push(Publication {
            title: title.into(),
            authors,
            venue: qualifier.map(Text::from),
            venue_short: None,
            year: date.map(|d| d.year),
            month: date.and_then(|d| d.month),
            kind: PublicationKind::Other,
            status: said.unwrap_or_default(),
            award: None,
            note: (!text.is_empty()).then(|| text.join("; ").into()),
            links: PublicationLinks {
                doi: src.str(&format!("{at}.doi")),
                web: src.str(&format!("{at}.url")),
                ..PublicationLinks::default()
            },
            selected: false,
            ..Default::default()
        });
        return true;
    }
    match section {
        Some(Section::Awards) => p.awards.push(Award {
            title: title.into(),
            awarder: qualifier.map(Text::from),
            date: end
                .and_then(|e| match e {
                    EndDate::Date(d) => Some(d),
                    EndDate::Present => None,
                })
                .or(date),
            note: (!text.is_empty()).then(|| text.join("; ").into()),
            ..Award::default()
        }),
        Some(Section::Languages) => p.languages.push(Language {
            name: title.into(),
            fluency: src
                .str(&format!("{at}.fluency"))
                .or_else(|| src.str(&format!("{at}.level")))
                .or(qualifier)
                .or_else(|| text.first().cloned())
                .map(Text::from),
        }),
        Some(Section::Skills) => {
            let mut keywords = list(src, &format!("{at}.keywords"));
            if keywords.is_empty() {
                keywords = qualifier.into_iter().chain(text).collect();
            }
            p.skills.push(Skill {
                name: title.into(),
                keywords: keywords.into_iter().map(Text::from).collect(),
            });
        }
        Some(Section::Education) if qualifier.is_some() => p.education.push(Education {
            institution: src
                .str(&format!("{at}.institution"))
                .or(qualifier)
                .unwrap_or_default()
                .into(),
            degree: title.into(),
            location: src.str(&format!("{at}.location")).map(Text::from),
            start,
            end,
            expected,
            highlights: text.into_iter().map(Text::from).collect(),
            ..Education::default()
        }),
        Some(Section::Experience) if qualifier.is_some() => p.experience.push(Experience {
            organization: qualifier.unwrap_or_default().into(),
            role: title.into(),
            location: src.str(&format!("{at}.location")).map(Text::from),
            start,
            end,
            mentors: Vec::new(),
            highlights: text.into_iter().map(Text::from).collect(),
        }),
        _ => {
            let (date, start, end) = match (start, end) {
                (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                (start, end) => (None, start, end),
            };
            custom.push(CustomEntry {
                title: title.into(),
                subtitle: qualifier.map(Text::from),
                location: src.str(&format!("{at}.location")).map(Text::from),
                date,
                start,
                end,
                highlights: text.into_iter().map(Text::from).collect(),
            });
        }
    }
    true
}

/// An entry at `at` that its importer's own rule could not take, because it lacks `missing`
/// (a `work` entry without a `position`): kept with the fields it has by [`generic`] (in
/// `section`, or as an entry of `custom`, which the caller shows as a section of its own),
/// and said; an entry with nothing that could name it is said to be left out. Either way
/// no entry is dropped without a word.
pub(super) fn otherwise(
    src: &mut Tracked,
    at: &str,
    (section, missing): (Option<Section>, &str),
    own: &str,
    p: &mut Profile,
    custom: &mut Vec<CustomEntry>,
    warnings: &mut Vec<Warning>,
) {
    let before = custom.len();
    if generic(src, at, section, own, p, custom, warnings) {
        if custom.len() > before {
            warnings.push(Warning::at(
                at,
                format!("no {missing}; kept with what it has in a section of its own"),
            ));
        }
    } else if src.peek(at).is_some_and(|v| !is_empty(v)) {
        warnings.push(Warning::at(
            at,
            format!("no {missing}, nor anything else that names it; left out"),
        ));
        src.mark(at);
    }
}

/// Whether a value holds nothing (a theme's template leaves `""`, `[]` and `{}` in place).
pub(super) fn is_empty(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Null => true,
        serde_json::Value::String(s) => s.trim().is_empty(),
        serde_json::Value::Array(a) => a.iter().all(is_empty),
        serde_json::Value::Object(o) => o.values().all(is_empty),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{author_line, labelled};
    use crate::profile::html_text;

    #[test]
    fn a_label_s_own_markup_does_not_nest_in_its_bold() {
        assert_eq!(
            labelled("**German**", "native *x*"),
            "**German:** native *x*"
        );
        let label = html_text("<b>C++</b> *nix");
        assert_eq!(labelled(&label, "yes"), "**C++ \\*nix:** yes");
    }

    #[test]
    fn author_lines_as_people_write_them() {
        assert_eq!(
            author_line("Bo Example, **Ada Example**, Cy Example\\*"),
            ["Bo Example", "Ada Example", "Cy Example*"]
        );
        assert_eq!(
            author_line("Lovelace, Ada and Babbage, Charles"),
            ["Ada Lovelace", "Charles Babbage"]
        );
        assert_eq!(
            author_line("Ada Lovelace and Charles Babbage"),
            ["Ada Lovelace", "Charles Babbage"]
        );
    }
}
