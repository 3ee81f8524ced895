//! Profiles from other formats: JSON Resume, the author pages of Hugo Academic / Wowchemy /
//! Hugo Blox sites (the front matter of `content/authors/<slug>/_index.md` and the newer
//! `data/authors/<slug>.yaml`), RenderCV input files and al-folio's `_data/cv.yml`, each told
//! apart by its content. Publications come in from BibTeX (`bib/`).
//!
//! Nothing is dropped silently: every field of the input that found no place in the profile
//! is listed in the result's warnings, and every entry an importer's own rule cannot take (it
//! lacks a field the rule needs) is kept with what it has, or named as left out, by one rule
//! (`entries::otherwise`).

mod alfolio;
pub mod bib;
pub(crate) mod convert;
mod detect;
mod entries;
mod fit;
mod hugo;
mod json;
mod jsonresume;
mod mixed;
mod name;
mod record;
mod rendercv;
mod save;
mod syntax;
mod tracked;
mod warning;
mod whole;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde_json::Value;

use crate::diag::Problem;
use crate::profile::Profile;
pub(crate) use convert::dates::month_number;
#[cfg(test)]
pub(crate) use convert::dates::{parse_date, parse_period};
use detect::detect;
use json::relaxed_json;
pub use name::name_from_path;
pub use save::save_edited;
pub(crate) use tracked::Tracked;
pub use warning::{Warning, WarningKind};

/// The formats `cvpdf import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    /// A JSON Resume (`resume.json`, schema v1).
    Jsonresume,
    /// A Hugo Academic / Wowchemy / Hugo Blox author page or author data file.
    Hugo,
    /// A RenderCV input file.
    Rendercv,
    /// al-folio's `_data/cv.yml`.
    AlFolio,
}

impl fmt::Display for SourceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SourceFormat::Jsonresume => "JSON Resume",
            SourceFormat::Hugo => "Hugo author page",
            SourceFormat::Rendercv => "RenderCV file",
            SourceFormat::AlFolio => "al-folio cv.yml",
        })
    }
}

/// A profile converted from another format.
#[derive(Debug)]
pub struct Imported {
    /// The profile.
    pub profile: Profile,
    /// What could not be carried over, in the order found.
    pub warnings: Vec<Warning>,
    /// The format it came from.
    pub format: SourceFormat,
}

/// What an import is told besides the file's text.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The format (detected from the content when absent).
    pub format: Option<SourceFormat>,
    /// The researcher's name, when the file has none (`--name`).
    pub name: Option<String>,
    /// The site's address, for links within it (`--base-url`).
    pub base_url: Option<String>,
    /// A name made from the file's name or folder, the last resort for a file without one.
    pub file_name: Option<String>,
}

/// Converts `text` (format detected from the content unless `settings` says it) into a
/// profile; every value passes the conversion layer on the way ([`fit::fit_profile`]).
///
/// A problem's span is a byte range of `text` as given, so that the caller can quote the line;
/// a problem found in a field of the converted document (`cv`, `basics.name`) is given the
/// span of that field's value.
pub fn import(text: &str, settings: &Settings) -> Result<Imported, Problem> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let (repaired, repair_note) = convert::mojibake::repaired_file(&text[bom..]);
    converted(&repaired, settings, repair_note).map_err(|problem| {
        let problem = match (&problem.span, &problem.field) {
            (None, Some(field)) => match crate::yaml::field_span(&repaired, field) {
                Some(span) => problem.with_span(span),
                None => problem,
            },
            _ => problem,
        };
        in_given_text(problem, &repaired, bom, matches!(repaired, Cow::Owned(_)))
    })
}

/// A problem whose span is in the text as read (without its byte-order mark, mojibake
/// repaired) with that span in the text as given: moved past the mark, or, when the repair
/// changed the text's length, said as a line and column (the repair keeps lines apart).
fn in_given_text(mut problem: Problem, read: &str, bom: usize, repaired: bool) -> Problem {
    if let Some(span) = problem.span.take() {
        if repaired {
            let (line, column) = crate::diag::line_column(read, span.start);
            problem.position = Some((line as u32, column as u32));
        } else {
            problem.span = Some(span.start + bom..span.end + bom);
        }
    }
    problem
}

/// [`import`] of the text as read, its repair's note given.
fn converted(
    text: &str,
    settings: &Settings,
    repair_note: Option<String>,
) -> Result<Imported, Problem> {
    // Refused before any parser reads it: nesting costs some of them its square.
    if let Some(at) = crate::yaml::too_deep_flow(text) {
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        return Err(Problem::error(format!(
            "lists and mappings are nested more than {} levels deep, which no CV needs",
            crate::yaml::MAX_DEPTH
        ))
        .with_span(at..end));
    }
    let format = match settings.format {
        Some(format) => format,
        None => detect(text)?,
    };
    let (profile, warnings) = match format {
        SourceFormat::Jsonresume => {
            // JSON Resume also comes as YAML (`resume.yaml`).
            let (value, relaxed) = match relaxed_json(text) {
                Err(e) if !text.trim_start().starts_with(['{', '/']) => {
                    (yaml_value(text).map_err(|_| e)?, false)
                }
                other => other?,
            };
            let (profile, mut warnings) = jsonresume::convert(value)?;
            if relaxed {
                warnings.insert(
                    0,
                    Warning::note(
                        "the file has comments or trailing commas, which JSON does not allow; \
                         it was read as if they were not there",
                    ),
                );
            }
            (profile, warnings)
        }
        SourceFormat::Hugo => hugo::convert(text)?,
        SourceFormat::Rendercv => rendercv::convert(yaml_value(text)?)?,
        SourceFormat::AlFolio => alfolio::convert(yaml_value(text)?)?,
    };
    let (mut profile, mut warnings) = (profile, warnings);
    warnings.extend(repair_note.map(Warning::note));
    if is_blank(&profile) {
        return Err(Problem::error(format!(
            "the {format} holds nothing a CV could show (no name, text, entries, contact \
             details or links)"
        )));
    }
    warnings.extend(fit::fit_profile(&mut profile, settings.base_url.as_deref()));
    profile.name = profile.name.trim().to_string();
    if profile.name.is_empty() {
        let name = settings.name.as_deref().map(without_controls).or_else(|| {
            let name = settings.file_name.clone()?;
            warnings.insert(
                0,
                Warning::at(
                    "name",
                    format!(
                        "the file has none; \"{name}\" comes from the file's name (give --name \
                         to say it)"
                    ),
                ),
            );
            Some(name)
        });
        profile.name = name.ok_or_else(|| {
            Problem::error("the file has no name for the researcher")
                .with_help("give it with --name \"Ada Lovelace\"")
        })?;
    } else if let Some(name) = &settings.name {
        let name = without_controls(name);
        warnings.push(Warning::at(
            "name",
            format!(
                "--name \"{name}\" is used instead of the file's \"{}\"",
                profile.name
            ),
        ));
        profile.name = name;
    }
    Ok(Imported {
        profile,
        warnings: counted(warnings),
        format,
    })
}

/// A name as given on the command line, without control characters (escape sequences
/// whole, as in any imported text) and on one line.
fn without_controls(name: &str) -> String {
    let name = convert::controls::without_controls(name).unwrap_or_else(|| name.to_string());
    crate::profile::one_line(&name)
}

/// Whether a converted profile holds nothing a CV could show: nothing in it differs from an
/// empty profile. Asked of the profile model itself, so that every field it has (a phone, a
/// website, a section added later) counts, not a list kept by hand beside it.
fn is_blank(p: &Profile) -> bool {
    let mut p = p.clone();
    p.name = p.name.trim().to_string();
    serde_json::to_value(&p).ok() == serde_json::to_value(Profile::default()).ok()
}

/// The same field left behind in many entries (`work[0].website`, `work[1].website`) said
/// once with its count (`work[].website (2 entries)`), where it was first met; other warnings
/// as they are.
fn counted(warnings: Vec<Warning>) -> Vec<Warning> {
    let mut out: Vec<Warning> = Vec::new();
    // Per field with the indices taken out (or as its entry names it): where it was first met.
    let mut by_field: HashMap<String, usize> = HashMap::new();
    for warning in warnings {
        if !matches!(warning.kind, WarningKind::Unused { .. }) {
            out.push(warning);
            continue;
        }
        let field = match &warning.named {
            Some(named) => named.clone(),
            None => crate::profile::kinds::without_indices(&warning.path),
        };
        match by_field.get(&field) {
            Some(&i) => {
                let first = &mut out[i];
                if let WarningKind::Unused { entries } = &mut first.kind {
                    *entries += 1;
                }
                if first.named.is_none() {
                    first.path = field;
                }
            }
            None => {
                by_field.insert(field, out.len());
                out.push(warning);
            }
        }
    }
    out
}

/// A YAML file as a value. Custom tags (`!include other.yaml`) are refused at their line:
/// what they stand for is in another file cvpdf does not read.
fn yaml_value(text: &str) -> Result<Value, Problem> {
    let mut start = 0;
    for whole in text.split_inclusive('\n') {
        let (at, line) = (start, whole.trim_end_matches(['\r', '\n']));
        start += whole.len();
        let code = line.split(" #").next().unwrap_or(line);
        let tag = code
            .split([' ', '\t'])
            .find(|word| word.starts_with('!') && word.len() > 1 && !word.starts_with("!!"));
        let quoted = code
            .find(['"', '\''])
            .is_some_and(|q| tag.is_some_and(|t| code.find(t).is_some_and(|at| at > q)));
        if let (Some(tag), false) = (tag, quoted) {
            let from = at + code.find(tag).unwrap_or(0);
            return Err(Problem::error(format!(
                "the YAML tag {tag} stands for content elsewhere, which cvpdf does not read"
            ))
            .with_span(from..from + tag.len())
            .with_help("put that content here instead"));
        }
    }
    serde_yaml::from_str::<Value>(text).map_err(|e| syntax::yaml("not valid YAML", &e, 0))
}

/// What a link's kind is, from a service name or an icon name (the icons table's names,
/// [`convert::links::kind`]).
pub(crate) fn link_kind(name: &str) -> Option<crate::profile::LinkKind> {
    convert::links::kind(name)
}

/// The YAML text of an imported profile: a header saying where it came from and what was
/// left behind, then the data.
pub fn to_yaml(imported: &Imported, source: &str) -> Result<String, Problem> {
    let mut out = format!(
        "# Imported by cvpdf from {} ({}).\n",
        crate::yaml::edit::comment_text(source),
        imported.format
    );
    if !imported.warnings.is_empty() {
        out.push_str("# Not carried over:\n");
        for warning in &imported.warnings {
            out.push_str(&format!(
                "#   - {}\n",
                crate::yaml::edit::comment_text(&warning.to_string())
            ));
        }
    }
    let body = serde_yaml::to_string(&imported.profile)
        .map_err(|e| Problem::error(format!("the profile cannot be written as YAML: {e}")))?;
    out.push_str(&body);
    Ok(out)
}

#[cfg(test)]
mod tests;
