//! Reading a profile file into the typed model, turning every failure into a [`Problem`] with
//! the file, line, column, field path and a suggestion.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::files::read_photo;
use super::model::Profile;
use super::validate;
use crate::diag::{Problem, Report};
use crate::picture::Asset;
use crate::yaml::{self, Kind};

/// How profiles are named in messages.
const PROFILE: Kind = Kind {
    noun: "profile",
    minimal: "name: Your Name",
    example_keys: "`name: …`, `education: …`",
};

/// A profile that was read, parsed and validated.
#[derive(Debug, Clone)]
pub struct LoadedProfile {
    /// The validated data.
    pub profile: Profile,
    /// The file it came from, as given.
    pub path: PathBuf,
    /// The directory that relative paths in the profile (the photo) are resolved against.
    pub dir: PathBuf,
    /// The file's text.
    pub text: Arc<str>,
    /// The photo, read and checked (not yet scaled to print size).
    pub photo: Option<Asset>,
}

/// The text of the profile at `path` as [`load`] reads it (for an edit that must know whether
/// the file changed since).
pub fn read_text(path: &Path) -> Result<Arc<str>, Report> {
    yaml::read_text(path, PROFILE)
}

/// Reads and validates the profile at `path`.
///
/// On failure, the report holds the problems found (a broken file stops at its first error;
/// a well-formed one lists every failed check).
pub fn load(path: &Path) -> Result<LoadedProfile, Report> {
    let text = crate::timings::timed("read profile", || yaml::read_text(path, PROFILE))?;
    let dir = crate::input::parent_dir(path);
    let profile = match parse(&text, &dir) {
        Ok(profile) => profile,
        Err(problems) => return Err(Report::new(path, Some(text), problems)),
    };
    // Read after validation, which looked at the photo's header only: the file may have
    // changed since, so it is checked again as it is read.
    let photo = match profile.photo.as_deref().map(|p| read_photo(&dir, p)) {
        None => None,
        Some(Ok(photo)) => Some(photo),
        Some(Err(problem)) => {
            let problem = problem.at_field("photo");
            let problem = match yaml::field_span(&text, "photo") {
                Some(span) => problem.with_span(span),
                None => problem,
            };
            return Err(Report::new(path, Some(text), vec![problem]));
        }
    };
    Ok(LoadedProfile {
        profile,
        path: path.to_path_buf(),
        dir,
        text,
        photo,
    })
}

/// Parses and validates profile text; `dir` is where the profile's relative paths start.
pub fn parse(text: &str, dir: &Path) -> Result<Profile, Vec<Problem>> {
    let parsed = crate::timings::scope("parse YAML");
    let (mut profile, index) = yaml::parse::<Profile>(text, PROFILE)?;
    numbers_as_written(&mut profile, text, &index);
    drop(parsed);
    let problems = crate::timings::timed("validate", || validate::validate(&profile, dir));
    if problems.is_empty() {
        Ok(profile)
    } else {
        Err(yaml::locate(problems, &index))
    }
}

/// Text written as a bare number or boolean (`score: 3.70`, `terms: [2022]`,
/// `headline: {en: 0x1F}`, `note: True`) as it is written: a text field may also be a map of
/// translations, so YAML hands the scalar over typed, and `3.70` would otherwise become `3.7`,
/// `0x1F` become `31` and `True` become `true`.
fn numbers_as_written(profile: &mut Profile, text: &str, index: &yaml::spans::SpanIndex) {
    use super::EachText;
    profile.each_text("", &mut |path, value| {
        if !value.texts().any(could_be_typed) {
            return;
        }
        *value = value.map_each(|lang, read| {
            let at = match lang {
                Some(lang) => format!("{path}.{lang}"),
                None => path.to_string(),
            };
            let written = index
                .get(&at)
                .and_then(|node| text.get(node.value.clone()))
                .map(str::trim);
            match written {
                Some(written) if could_be_typed(read) && reads_as(written, read) => {
                    written.to_string()
                }
                _ => read.to_string(),
            }
        });
    });
}

/// Whether `read` may have come from a scalar YAML types: a number or a boolean.
fn could_be_typed(read: &str) -> bool {
    read.parse::<f64>().is_ok() || read == "true" || read == "false"
}

/// Whether `written` is a plain scalar that YAML reads as the number or boolean `read` is
/// the text of (a quoted string deserialized as written already).
fn reads_as(written: &str, read: &str) -> bool {
    if written == read || written.len() > 64 {
        return false;
    }
    match serde_yaml::from_str::<serde_yaml::Value>(written) {
        Ok(serde_yaml::Value::Bool(b)) => b.to_string() == read,
        Ok(serde_yaml::Value::Number(n)) => {
            let (n, read) = (n.as_f64(), read.parse::<f64>().ok());
            n == read || (n.is_some_and(f64::is_nan) && read.is_some_and(f64::is_nan))
        }
        _ => false,
    }
}

/// The names of the variants a profile defines itself, read without validating the rest (for
/// planning which CVs to render); none when the file cannot be read or parsed, which its
/// render then reports.
pub fn variant_names(path: &Path) -> Vec<String> {
    /// Only the `variants` key of a profile.
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Variants {
        #[serde(default)]
        #[schemars(with = "std::collections::BTreeMap<String, serde_json::Value>")]
        variants: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
    }
    let Ok(text) = yaml::read_text(path, PROFILE) else {
        return Vec::new();
    };
    yaml::parse::<Variants>(&text, PROFILE)
        .map(|(v, _)| v.variants.into_keys().collect())
        .unwrap_or_default()
}

/// Checks that a value deserializes the way the loader does, for unit tests of other modules.
#[cfg(test)]
pub fn parse_str(text: &str) -> Result<Profile, Vec<Problem>> {
    parse(text, Path::new("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_text_fields_stay_as_written() {
        let p = parse_str(
            "name: A\neducation:\n  - {institution: I, degree: D, score: 3.70}\nteaching:\n  - {course: C, terms: [2022, 1.50e1, '3.10']}\n",
        )
        .unwrap();
        assert_eq!(&*p.education[0].score.clone().unwrap(), "3.70");
        let terms: Vec<&str> = p.teaching[0].terms.iter().map(|t| &**t).collect();
        assert_eq!(terms, ["2022", "1.50e1", "3.10"]);
        // Also in a map of translations, and whatever YAML types: hexadecimal, booleans.
        let p = parse_str(
            "name: A\nheadline: {en: 0x1F, zh: 3.70}\nbio: True\neducation:\n  - {institution: I, degree: D, score: {en: .NaN, de: '2,0'}}\n",
        )
        .unwrap();
        assert_eq!(
            p.headline.unwrap().translations().unwrap(),
            [("en".into(), "0x1F".into()), ("zh".into(), "3.70".into())]
        );
        assert_eq!(&*p.bio.unwrap(), "True");
        let score = p.education[0].score.clone().unwrap();
        assert_eq!(score.translations().unwrap()[0].1, ".NaN");
    }

    fn first_error(text: &str) -> Problem {
        parse_str(text).unwrap_err().remove(0)
    }

    fn spanned<'a>(text: &'a str, p: &Problem) -> &'a str {
        &text[p.span.clone().unwrap()]
    }

    #[test]
    fn unknown_key_suggests_the_closest_field() {
        let text = "name: A\neducation:\n  - instituton: PKU\n    degree: PhD\n";
        let p = first_error(text);
        assert_eq!(
            p.message,
            "unknown field \"instituton\", did you mean \"institution\"?"
        );
        assert_eq!(p.field.as_deref(), Some("education[0]"));
        assert_eq!(spanned(text, &p), "instituton");
    }

    #[test]
    fn unknown_top_level_key_without_a_close_match_lists_the_fields() {
        let p = first_error("name: A\nsalary: 3\n");
        assert_eq!(p.message, "unknown field \"salary\"");
        assert!(p.help.as_deref().unwrap().contains("publications"), "{p:?}");
    }

    #[test]
    fn wrong_type_names_the_path_and_points_at_the_value() {
        let text = "name: A\npublications:\n  - title: T\n    authors: [A]\n    year: soon\n";
        let p = first_error(text);
        assert_eq!(p.field.as_deref(), Some("publications[0].year"));
        assert!(p.message.contains("invalid type"), "{p:?}");
        assert_eq!(spanned(text, &p), "soon");
    }

    #[test]
    fn missing_required_field_is_named() {
        let p = first_error("name: A\neducation:\n  - institution: PKU\n");
        assert_eq!(
            p.message,
            "missing required field \"degree\" in education[0]"
        );
    }

    #[test]
    fn invalid_dates_say_what_is_expected() {
        let text =
            "name: A\neducation:\n  - institution: PKU\n    degree: PhD\n    start: 2023-13\n";
        let p = first_error(text);
        assert_eq!(p.field.as_deref(), Some("education[0].start"));
        assert!(p.message.contains("month 13"), "{p:?}");
        assert_eq!(spanned(text, &p), "2023-13");
    }

    #[test]
    fn unknown_enum_value_suggests_a_variant() {
        let text =
            "name: A\npublications:\n  - {title: T, authors: [A], year: 2020, kind: jurnal}\n";
        let p = first_error(text);
        assert_eq!(
            p.message,
            "unknown value \"jurnal\", did you mean \"journal\"?"
        );
        assert_eq!(p.field.as_deref(), Some("publications[0].kind"));
    }

    #[test]
    fn empty_and_non_mapping_documents_are_refused_clearly() {
        assert_eq!(first_error("").message, "the profile is empty");
        assert_eq!(first_error("# nothing\n").message, "the profile is empty");
        assert!(first_error("- a\n- b\n").message.contains("holds a list"));
        assert!(first_error("hello\n")
            .message
            .contains("holds a single value"));
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let p = first_error("name: A\nbio: [unclosed\n");
        assert!(p.message.starts_with("YAML syntax error"), "{p:?}");
        assert!(p.span.is_some());
    }
}
