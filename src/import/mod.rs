//! Profiles from other formats: JSON Resume, and the author pages of Hugo Academic / Wowchemy /
//! Hugo Blox sites (the front matter of `content/authors/<slug>/_index.md` and the newer
//! `data/authors/<slug>.yaml`). Publications come in from BibTeX (`bib.rs`).
//!
//! Nothing is dropped silently: every field of the input that found no place in the profile
//! is listed in the result's warnings.

pub mod bib;
mod hugo;
mod jsonresume;

use std::collections::BTreeSet;
use std::fmt;

use serde_json::Value;

use crate::profile::{Date, EndDate, Profile};

/// The formats `cvpdf import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    /// A JSON Resume (`resume.json`, schema v1).
    Jsonresume,
    /// A Hugo Academic / Wowchemy / Hugo Blox author page or author data file.
    Hugo,
}

impl fmt::Display for SourceFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SourceFormat::Jsonresume => "JSON Resume",
            SourceFormat::Hugo => "Hugo author page",
        })
    }
}

/// A profile converted from another format.
#[derive(Debug)]
pub struct Imported {
    /// The profile.
    pub profile: Profile,
    /// What could not be carried over, one item per line.
    pub warnings: Vec<String>,
    /// The format it came from.
    pub format: SourceFormat,
}

/// Converts `text` (JSON Resume or Hugo author page, detected from the content unless
/// `format` is given) into a profile.
pub fn import(text: &str, format: Option<SourceFormat>) -> Result<Imported, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let format = match format {
        Some(format) => format,
        None => detect(text)?,
    };
    let (profile, warnings) = match format {
        SourceFormat::Jsonresume => {
            let value: Value =
                serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
            jsonresume::convert(value)?
        }
        SourceFormat::Hugo => hugo::convert(text)?,
    };
    Ok(Imported {
        profile,
        warnings,
        format,
    })
}

/// Tells the formats apart by their content.
fn detect(text: &str) -> Result<SourceFormat, String> {
    let start = text.trim_start();
    if start.starts_with('{') {
        return Ok(SourceFormat::Jsonresume);
    }
    if start.starts_with("---") || start.starts_with("+++") {
        return Ok(SourceFormat::Hugo);
    }
    // A bare YAML document: Hugo Blox's data/authors/<slug>.yaml has `name: {display: …}`.
    if let Ok(value) = serde_yaml::from_str::<Value>(text) {
        if value
            .get("name")
            .is_some_and(|n| n.get("display").is_some())
            || value.get("schema").is_some()
        {
            return Ok(SourceFormat::Hugo);
        }
        if value.get("basics").is_some() {
            return Ok(SourceFormat::Jsonresume);
        }
    }
    Err(
        "cannot tell the format of this file; say which with --from jsonresume or --from hugo"
            .into(),
    )
}

/// An input document that remembers which of its parts were used, so the rest can be listed.
pub(crate) struct Tracked {
    value: Value,
    used: BTreeSet<String>,
    /// Parts that are not data about the researcher (a schema URL, build flags): not listed.
    ignored: BTreeSet<String>,
}

impl Tracked {
    pub(crate) fn new(value: Value) -> Self {
        Self {
            value,
            used: BTreeSet::new(),
            ignored: BTreeSet::new(),
        }
    }

    /// The value at a dotted path (`basics.location.city`, `work[2].name`), marked as used.
    pub(crate) fn get(&mut self, path: &str) -> Option<&Value> {
        let found = lookup(&self.value, path)?;
        if found.is_null() {
            return None;
        }
        self.used.insert(path.to_string());
        Some(found)
    }

    /// A string at `path` (numbers are accepted and written out), trimmed, if not empty.
    pub(crate) fn str(&mut self, path: &str) -> Option<String> {
        let text = match self.get(path)? {
            Value::String(s) => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => {
                // Not a string where one is expected: leave it for the warnings.
                self.used.remove(path);
                return None;
            }
        };
        (!text.is_empty()).then_some(text)
    }

    /// The strings of an array at `path`.
    pub(crate) fn strs(&mut self, path: &str) -> Vec<String> {
        (0..self.len(path))
            .filter_map(|i| self.str(&format!("{path}[{i}]")))
            .collect()
    }

    /// A date at `path` ([`parse_date`]); one that does not parse is a warning.
    pub(crate) fn date(&mut self, path: &str, warnings: &mut Vec<String>) -> Option<Date> {
        let text = self.str(path)?;
        parse_date(&text)
            .map_err(|e| warnings.push(format!("{path}: {e}")))
            .ok()
    }

    /// The start and end dates at `start` and `end`; a missing end of a started entry means
    /// it goes on. Dates that do not parse are warnings.
    pub(crate) fn period(
        &mut self,
        start: &str,
        end: &str,
        warnings: &mut Vec<String>,
    ) -> (Option<Date>, Option<EndDate>) {
        let from = self.date(start, warnings);
        let to = match self.str(end) {
            Some(text) => parse_end(&text)
                .map_err(|e| warnings.push(format!("{end}: {e}")))
                .ok(),
            None => from.map(|_| EndDate::Present),
        };
        (from, to)
    }

    /// The length of the array at `path` (0 when it is not an array). Marks nothing.
    pub(crate) fn len(&self, path: &str) -> usize {
        lookup(&self.value, path)
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    }

    /// Marks `path` as not data, so it is not listed as dropped.
    pub(crate) fn ignore(&mut self, path: &str) {
        self.ignored.insert(path.to_string());
    }

    /// Marks `path` as used although its value was not copied (a detail it is known that the
    /// profile shows in another way).
    pub(crate) fn mark(&mut self, path: &str) {
        self.used.insert(path.to_string());
    }

    /// The paths of the input that were neither used nor ignored, at the highest level where
    /// nothing below was used.
    pub(crate) fn unused(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_unused(&self.value, "", &mut out);
        out
    }

    fn collect_unused(&self, value: &Value, path: &str, out: &mut Vec<String>) {
        if !path.is_empty() && (self.used.contains(path) || self.ignored.contains(path)) {
            return;
        }
        let empty = match value {
            Value::Null => true,
            Value::String(s) => s.trim().is_empty(),
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        };
        if empty {
            return;
        }
        let below_used = self.used.iter().any(|u| is_below(u, path));
        if !path.is_empty() && !below_used {
            out.push(path.to_string());
            return;
        }
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    let child_path = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    self.collect_unused(child, &child_path, out);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    self.collect_unused(child, &format!("{path}[{i}]"), out);
                }
            }
            _ => {}
        }
    }
}

/// Whether `path` lies strictly below `parent` (`a.b` and `a[0]` below `a`).
fn is_below(path: &str, parent: &str) -> bool {
    if parent.is_empty() {
        return true;
    }
    path.len() > parent.len()
        && path.starts_with(parent)
        && matches!(path.as_bytes()[parent.len()], b'.' | b'[')
}

/// The value at a dotted path with `[i]` indices.
fn lookup<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    let mut current = value;
    for part in path.split('.') {
        let (key, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            current = current.get(key)?;
        }
        for index in indices.split('[').skip(1) {
            let i: usize = index.trim_end_matches(']').parse().ok()?;
            current = current.get(i)?;
        }
    }
    Some(current)
}

/// A date from the forms other formats use: `2014`, `2014-06`, `2014-06-29`, or an ISO
/// date-time; `None` (with the reason) when it is none of them.
pub(crate) fn parse_date(text: &str) -> Result<Date, String> {
    let text = text.trim();
    let date_part = text.split(['T', ' ']).next().unwrap_or(text);
    date_part.parse::<Date>().map_err(|e| e.to_string())
}

/// An end date: a date, or `present` for words that mean it.
pub(crate) fn parse_end(text: &str) -> Result<EndDate, String> {
    let lower = text.trim().to_lowercase();
    if ["present", "now", "current", "today", "至今"].contains(&lower.as_str()) {
        return Ok(EndDate::Present);
    }
    parse_date(text).map(EndDate::Date)
}

/// What a link's kind is, from a service name or an icon name.
pub(crate) fn link_kind(name: &str) -> Option<crate::profile::LinkKind> {
    use crate::profile::LinkKind::*;
    let name = name.to_lowercase();
    let name = name.rsplit('/').next().unwrap_or(&name);
    Some(match name {
        "github" => Github,
        "google-scholar" | "googlescholar" | "google scholar" | "scholar" => GoogleScholar,
        "orcid" => Orcid,
        "dblp" => Dblp,
        "linkedin" => Linkedin,
        "x" | "twitter" | "x-twitter" => X,
        "website" | "globe" | "home" | "link" => Website,
        _ => return None,
    })
}

/// The YAML text of an imported profile: a header saying where it came from and what was
/// left behind, then the data.
pub fn to_yaml(imported: &Imported, source: &str) -> Result<String, String> {
    let mut out = format!("# Imported by cvpdf from {source} ({}).\n", imported.format);
    if !imported.warnings.is_empty() {
        out.push_str("# Not carried over:\n");
        for warning in &imported.warnings {
            out.push_str(&format!("#   - {}\n", warning.replace('\n', " ")));
        }
    }
    let body = serde_yaml::to_string(&imported.profile).map_err(|e| e.to_string())?;
    out.push_str(&body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unused_parts_are_listed_at_their_highest_level() {
        let value = serde_json::json!({"a": {"b": 1, "c": 2}, "d": [1, 2], "e": "", "f": {"g": 3}});
        let mut tracked = Tracked::new(value);
        tracked.get("a.b");
        tracked.get("d[0]");
        assert_eq!(tracked.unused(), ["a.c", "d[1]", "f"]);
    }

    #[test]
    fn dates_from_other_formats() {
        assert_eq!(
            parse_date("2014-06-29T00:00:00Z").unwrap().to_string(),
            "2014-06-29"
        );
        assert!(parse_date("June 2014").is_err());
        assert_eq!(parse_end("Present"), Ok(EndDate::Present));
    }

    #[test]
    fn formats_are_detected_from_content() {
        assert_eq!(
            detect("{\"basics\": {}}").unwrap(),
            SourceFormat::Jsonresume
        );
        assert_eq!(
            detect("---\ntitle: A\n---\nbody").unwrap(),
            SourceFormat::Hugo
        );
        assert_eq!(
            detect("schema: hugoblox/author/v1\nname:\n  display: A\n").unwrap(),
            SourceFormat::Hugo
        );
        assert!(detect("hello").is_err());
    }
}
