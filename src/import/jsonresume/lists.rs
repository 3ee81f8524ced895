//! What JSON Resume keeps in lists the profile has no section for, and the entries its own
//! rules cannot take: custom sections, each entry kept with what it has.

use super::{period, Tracked};
use crate::import::Warning;
use crate::profile::*;

/// An entry JSON Resume's own rules could not take, kept by
/// [`crate::import::entries::otherwise`] with the researcher as its own (a paper in it lists
/// them, JSON Resume having no authors).
pub(super) fn otherwise(
    src: &mut Tracked,
    at: &str,
    missing: (Option<Section>, &str),
    p: &mut Profile,
    kept: &mut Vec<CustomEntry>,
    warnings: &mut Vec<Warning>,
) {
    let own = p.name.clone();
    crate::import::entries::otherwise(src, at, missing, &own, p, kept, warnings);
}

/// `entries` as a custom section titled `title`, when there are any.
pub(super) fn add_section(p: &mut Profile, title: &str, entries: Vec<CustomEntry>) {
    if !entries.is_empty() {
        p.sections.push(CustomSection {
            title: title.into(),
            entries,
        });
    }
}

/// A JSON Resume list the profile format has no section for, as a custom section.
pub(super) fn custom_section(
    src: &mut Tracked,
    p: &mut Profile,
    warnings: &mut Vec<Warning>,
    key: &str,
    title: &str,
    (title_key, subtitle_key): (&str, &str),
) {
    let mut entries = Vec::new();
    for i in 0..src.len(key) {
        let at = format!("{key}[{i}]");
        let Some(entry_title) = src.str(&format!("{at}.{title_key}")) else {
            let missing = format!("`{title_key}`");
            otherwise(src, &at, (None, &missing), p, &mut entries, warnings);
            continue;
        };
        let subtitle = src.str(&format!("{at}.{subtitle_key}"));
        let (start, end) = period(src, &at, warnings);
        let date = if start.is_none() {
            src.date(&format!("{at}.date"), warnings)
        } else {
            None
        };
        let mut highlights: Vec<String> = src.str(&format!("{at}.summary")).into_iter().collect();
        highlights.extend(src.strs(&format!("{at}.highlights")));
        if let Some(url) = src
            .str(&format!("{at}.url"))
            .or_else(|| src.str(&format!("{at}.website")))
        {
            highlights.push(format!("<{url}>"));
        }
        entries.push(CustomEntry {
            title: entry_title.into(),
            subtitle: subtitle.map(Text::from),
            location: None,
            date,
            start,
            end,
            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
        });
    }
    if !entries.is_empty() {
        p.sections.push(CustomSection {
            title: title.into(),
            entries,
        });
    }
}

/// `skills`, `languages`, and `interests` (as hobbies).
pub(super) fn skills_languages_interests(
    src: &mut Tracked,
    p: &mut Profile,
    warnings: &mut Vec<Warning>,
) {
    let mut kept = Vec::new();
    for i in 0..src.len("skills") {
        let at = format!("skills[{i}]");
        let Some(name) = src.str(&format!("{at}.name")) else {
            otherwise(src, &at, (None, "`name`"), p, &mut kept, warnings);
            continue;
        };
        let keywords = src.strs(&format!("{at}.keywords"));
        // A level says how well, not what: beside the skill's name, never one of its keywords
        // (issue 48: `Advanced` was printed as a skill). A `score` (not in the schema, but
        // written: `"level": "Expert", "score": 4`) is the same fact as a number: said with its
        // label where there is no level, and said dropped where the level says it.
        let score = src.str(&format!("{at}.score"));
        let name = match (src.str(&format!("{at}.level")), score) {
            (Some(level), Some(score)) => {
                warnings.push(Warning::at(
                    format!("{at}.score"),
                    format!("the score {score} is not shown; the level \"{level}\" says it"),
                ));
                format!("{name} ({level})")
            }
            (Some(level), None) => format!("{name} ({level})"),
            (None, Some(score)) => format!("{name} (score: {score})"),
            (None, None) => name,
        };
        p.skills.push(Skill {
            name: name.into(),
            keywords: keywords.into_iter().map(Text::from).collect::<Vec<_>>(),
        });
    }
    for i in 0..src.len("languages") {
        let at = format!("languages[{i}]");
        let Some(name) = src.str(&format!("{at}.language")) else {
            otherwise(src, &at, (None, "`language`"), p, &mut kept, warnings);
            continue;
        };
        p.languages.push(Language {
            name: name.into(),
            fluency: (src.str(&format!("{at}.fluency"))).map(Text::from),
        });
    }
    for i in 0..src.len("interests") {
        let at = format!("interests[{i}]");
        let Some(name) = src.str(&format!("{at}.name")) else {
            otherwise(src, &at, (None, "`name`"), p, &mut kept, warnings);
            continue;
        };
        let keywords = src.strs(&format!("{at}.keywords"));
        p.hobbies.push(if keywords.is_empty() {
            name.into()
        } else {
            format!("{name} ({})", keywords.join(", ")).into()
        });
    }
    add_section(p, "Other entries", kept);
}

/// An education's `score` as it means: JSON Resume's schema calls it the grade point average
/// (`3.67/4.0`), so a bare number (`3.8`, `3.8/4`) is said to be one, and a percentage or a
/// number on a larger scale (`85%`, `110/110`) a grade (issue 48: printed without its label).
/// A score with words of its own (`GPA 3.9`, `First class`), without a number (`—`) or of
/// zero (a placeholder) is kept as written.
pub(super) fn labelled_score(score: &str) -> String {
    let score = score.trim();
    if score.chars().any(char::is_alphabetic) || !score.chars().any(|c| c.is_ascii_digit()) {
        return score.to_string();
    }
    let first: String = score
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        .collect();
    let value = first.replace(',', ".").parse::<f64>().ok();
    // `0` is a form's placeholder, not a grade: kept as written.
    if value.is_some_and(|n| n == 0.0) {
        return score.to_string();
    }
    if value.is_some_and(|n| n <= 10.0) && !score.contains('%') {
        format!("GPA {score}")
    } else {
        format!("Grade {score}")
    }
}

#[cfg(test)]
mod tests {
    use super::labelled_score;

    #[test]
    fn a_bare_score_is_said_to_be_a_gpa_or_a_grade() {
        assert_eq!(labelled_score("3.8"), "GPA 3.8");
        assert_eq!(labelled_score("3.67/4.0"), "GPA 3.67/4.0");
        assert_eq!(labelled_score("85%"), "Grade 85%");
        assert_eq!(labelled_score("110/110"), "Grade 110/110");
        assert_eq!(labelled_score("GPA 3.9"), "GPA 3.9");
        assert_eq!(labelled_score("First class"), "First class");
        assert_eq!(labelled_score("—"), "—");
        assert_eq!(labelled_score("0"), "0");
    }
}
