//! Profiles from other formats: JSON Resume, the author pages of Hugo Academic / Wowchemy /
//! Hugo Blox sites (the front matter of `content/authors/<slug>/_index.md` and the newer
//! `data/authors/<slug>.yaml`), RenderCV input files and al-folio's `_data/cv.yml`, each told
//! apart by its content. Publications come in from BibTeX (`bib/`).
//!
//! Nothing is dropped silently: every field of the input that found no place in the profile
//! is listed in the result's warnings.

mod alfolio;
pub mod bib;
mod hugo;
mod jsonresume;
mod rendercv;

use std::collections::{BTreeSet, HashMap};
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
            let (value, relaxed) = relaxed_json(text)?;
            let (profile, mut warnings) = jsonresume::convert(value)?;
            if relaxed {
                warnings.insert(
                    0,
                    "the file has comments or trailing commas, which JSON does not allow; it \
                     was read as if they were not there"
                        .into(),
                );
            }
            (profile, warnings)
        }
        SourceFormat::Hugo => hugo::convert(text)?,
        SourceFormat::Rendercv => rendercv::convert(yaml_value(text)?)?,
        SourceFormat::AlFolio => alfolio::convert(yaml_value(text)?)?,
    };
    Ok(Imported {
        profile,
        warnings: counted(warnings),
        format,
    })
}

/// The same field left behind in many entries (`work[0].website`, `work[1].website`) said
/// once with its count (`work[].website (2 entries)`), where it was first met; other warnings
/// as they are.
fn counted(warnings: Vec<String>) -> Vec<String> {
    const UNUSED: &str = ": no matching field";
    // Per field with the indices taken out: its first path and how often it was met.
    let mut groups: Vec<(String, String, usize)> = Vec::new();
    let mut by_field: HashMap<String, usize> = HashMap::new();
    let mut order: Vec<Result<String, usize>> = Vec::new();
    for warning in warnings {
        let Some(path) = warning.strip_suffix(UNUSED) else {
            order.push(Ok(warning));
            continue;
        };
        let mut field = String::with_capacity(path.len());
        let mut in_index = false;
        for c in path.chars() {
            match c {
                '[' => in_index = true,
                ']' => in_index = false,
                _ if in_index && c.is_ascii_digit() => continue,
                _ => {}
            }
            field.push(c);
        }
        match by_field.get(&field) {
            Some(&i) => groups[i].2 += 1,
            None => {
                by_field.insert(field.clone(), groups.len());
                order.push(Err(groups.len()));
                groups.push((field, path.to_string(), 1));
            }
        }
    }
    order
        .into_iter()
        .map(|item| match item {
            Ok(text) => text,
            Err(i) => match &groups[i] {
                (_, first, 1) => format!("{first}{UNUSED}"),
                (field, _, n) => format!("{field} ({n} entries){UNUSED}"),
            },
        })
        .collect()
}

/// Parses JSON, also with the `//` and `/* */` comments and trailing commas that hand-kept
/// files (a real al-folio `resume.json`) have; says whether it had to overlook them. An error
/// names the line and column.
fn relaxed_json(text: &str) -> Result<(Value, bool), String> {
    let strict = match serde_json::from_str::<Value>(text) {
        Ok(value) => return Ok((value, false)),
        Err(e) => e,
    };
    let cleaned = without_comments_and_trailing_commas(text);
    if cleaned == text {
        return Err(format!("not valid JSON: {strict}"));
    }
    // Positions are kept (what is removed becomes spaces), so an error still points right.
    serde_json::from_str::<Value>(&cleaned)
        .map(|value| (value, true))
        .map_err(|e| format!("not valid JSON: {e}"))
}

/// `text` with comments and commas before a closing bracket turned into spaces (strings are
/// left alone; line breaks stay, so lines and columns do not move).
fn without_comments_and_trailing_commas(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |out: &mut Vec<u8>, range: std::ops::Range<usize>| {
        for b in &mut out[range] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut i = 0;
    // Where the last comma outside strings is, while only white space follows it.
    let mut comma: Option<usize> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                comma = None;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                blank(&mut out, i..end);
                i = end;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                blank(&mut out, i..end);
                i = end;
                continue;
            }
            b',' => comma = Some(i),
            b'}' | b']' => {
                if let Some(at) = comma.take() {
                    out[at] = b' ';
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => comma = None,
        }
        i += 1;
    }
    // Only ASCII bytes outside strings were replaced, by ASCII: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// A YAML file as a value. Custom tags (`!include other.yaml`) are refused at their line:
/// what they stand for is in another file cvpdf does not read.
fn yaml_value(text: &str) -> Result<Value, String> {
    for (number, line) in text.lines().enumerate() {
        let code = line.split(" #").next().unwrap_or(line);
        let tag = code
            .split([' ', '\t'])
            .find(|word| word.starts_with('!') && word.len() > 1 && !word.starts_with("!!"));
        let quoted = code
            .find(['"', '\''])
            .is_some_and(|q| tag.is_some_and(|t| code.find(t).is_some_and(|at| at > q)));
        if let (Some(tag), false) = (tag, quoted) {
            return Err(format!(
                "line {}: the YAML tag {tag} stands for content elsewhere, which cvpdf does not \
                 read; put that content here instead",
                number + 1
            ));
        }
    }
    serde_yaml::from_str::<Value>(text).map_err(|e| format!("not valid YAML: {e}"))
}

/// Tells the formats apart by their content.
fn detect(text: &str) -> Result<SourceFormat, String> {
    let start = text.trim_start();
    // A hand-kept JSON file may start with a comment.
    let uncommented = start
        .starts_with("//")
        .then(|| without_comments_and_trailing_commas(start));
    if start.starts_with('{') || uncommented.is_some_and(|u| u.trim_start().starts_with('{')) {
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
        if value.get("cv").is_some_and(Value::is_object) {
            return Ok(SourceFormat::Rendercv);
        }
        if alfolio::looks_like(&value) {
            return Ok(SourceFormat::AlFolio);
        }
    } else if text.lines().any(|l| l.starts_with("cv:")) {
        // A RenderCV file that YAML cannot read as it is (a custom tag): its own error says
        // where.
        return Ok(SourceFormat::Rendercv);
    }
    Err(
        "cannot tell the format of this file; say which with --from jsonresume, hugo, \
         rendercv or al-folio"
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
        // A whole period written into the start field (`"2017-05 - 2019-04"`, `since 2021`).
        if let Some(text) = self.str(start) {
            if let Some((Some(from), Some(to))) = parse_period(&text) {
                if self.str(end).is_none() {
                    return (Some(from), Some(to));
                }
            }
        }
        let from = self.date(start, warnings);
        let to = match self.str(end) {
            Some(text) => parse_end(&text)
                .map_err(|e| warnings.push(format!("{end}: {e}")))
                .ok(),
            None => from.map(|_| EndDate::Present),
        };
        (from, to)
    }

    /// The value at `path`, without marking it as used.
    pub(crate) fn peek(&self, path: &str) -> Option<&Value> {
        lookup(&self.value, path)
    }

    /// The whole input.
    pub(crate) fn value(&self) -> &Value {
        &self.value
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

/// A date from the forms other formats and people use: `2014`, `2014-06`, `2014-06-29`, an
/// ISO date-time, `2014/06`, `2014.06`, `06/2014`, `June 2014`, `Jun. 2014`; `Err` (with the
/// reason) when it is none of them.
pub(crate) fn parse_date(text: &str) -> Result<Date, String> {
    let text = text.trim();
    let date_part = text.split(['T', ' ']).next().unwrap_or(text);
    let strict = match date_part.parse::<Date>() {
        Ok(date) => return Ok(date),
        Err(e) => e.to_string(),
    };
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '.' | ','))
        .filter(|p| !p.is_empty())
        .collect();
    let year_of = |p: &str| (p.len() == 4).then(|| p.parse::<u16>().ok()).flatten();
    let month_of = |p: &str| -> Option<u8> {
        if let Ok(n) = p.parse::<u8>() {
            return (1..=12).contains(&n).then_some(n);
        }
        let p = p.to_lowercase();
        if p.len() < 3 {
            return None;
        }
        const MONTHS: [&str; 12] = [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ];
        MONTHS
            .iter()
            .position(|m| m.starts_with(&p) || (p == "sept" && *m == "september"))
            .map(|i| i as u8 + 1)
    };
    let (year, month) = match parts.as_slice() {
        [a, b] => match (year_of(a), year_of(b)) {
            (Some(year), None) => (year, month_of(b)),
            (None, Some(year)) => (year, month_of(a)),
            _ => return Err(strict),
        },
        _ => return Err(strict),
    };
    let month = month.ok_or(strict)?;
    format!("{year:04}-{month:02}")
        .parse::<Date>()
        .map_err(|e| e.to_string())
}

/// A period written as one text — `2016-2019`, `2019 – present`, `since 2021`,
/// `2017-05 - 2019-04`, `2019` — as start and end. A single date is when the entry ended (a
/// degree's year) unless words say it goes on; `None` when the text holds no date.
pub(crate) fn parse_period(text: &str) -> Option<(Option<Date>, Option<EndDate>)> {
    let lower = text.to_lowercase();
    let ongoing = [
        "since", "present", "now", "current", "ongoing", "today", "至今",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // Ranges are split at dashes between dates, not inside one (`2019-06` is a month).
    let mut dates: Vec<Date> = Vec::new();
    for part in text.split([' ', '–', '—', ',']) {
        let pieces: Vec<&str> = part.split('-').filter(|p| !p.is_empty()).collect();
        let candidates: Vec<String> = match pieces.as_slice() {
            [y, m] if y.len() == 4 && m.len() <= 2 => vec![format!("{y}-{m}")],
            _ => pieces.iter().map(|p| p.to_string()).collect(),
        };
        dates.extend(candidates.iter().filter_map(|c| parse_date(c).ok()));
    }
    match (dates.as_slice(), ongoing) {
        ([from, ..], true) => Some((Some(*from), Some(EndDate::Present))),
        ([one], false) => Some((None, Some(EndDate::Date(*one)))),
        ([from, to, ..], false) => Some((Some(*from), Some(EndDate::Date(*to)))),
        _ => None,
    }
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
                crate::yaml::edit::comment_text(warning)
            ));
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
        assert!(parse_date("Summer of 2014").is_err());
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

    #[test]
    fn dates_as_people_write_them() {
        for (text, date) in [
            ("June 2014", "2014-06"),
            ("Jun. 2014", "2014-06"),
            ("2014/06", "2014-06"),
            ("06/2014", "2014-06"),
            ("2014.6", "2014-06"),
        ] {
            assert_eq!(parse_date(text).unwrap().to_string(), date, "{text}");
        }
        assert!(parse_date("Summer 2014").is_err());
        let period = |t: &str| parse_period(t).map(|(a, b)| (a.map(|d| d.to_string()), b));
        assert_eq!(
            period("2017-05 - 2019-04"),
            Some((
                Some("2017-05".into()),
                Some(EndDate::Date("2019-04".parse().unwrap()))
            ))
        );
        assert_eq!(
            period("since 2021"),
            Some((Some("2021".into()), Some(EndDate::Present)))
        );
        assert_eq!(period("soon"), None);
    }

    #[test]
    fn json_with_comments_and_trailing_commas_is_read_with_a_note() {
        let text = "{\n  // who\n  \"basics\": {\"name\": \"Ada // not a comment\", /* x */ \"website\": \"https://ada.org\",},\n  \"work\": [{\"company\": \"Engines\", \"position\": \"Analyst\", \"startDate\": \"2017-05 - 2019-04\",},],\n  \"education\": [{\"institution\": \"London\", \"area\": \"Maths\", \"gpa\": \"4.0\", \"startDate\": \"\", \"endDate\": \"Present\"}]\n}\n";
        let imported = import(text, None).unwrap();
        let p = &imported.profile;
        assert_eq!(p.name, "Ada // not a comment");
        assert_eq!(p.contact.website.as_deref(), Some("https://ada.org"));
        assert_eq!(p.experience[0].organization, "Engines");
        assert_eq!(
            p.experience[0].start.map(|d| d.to_string()).as_deref(),
            Some("2017-05")
        );
        assert_eq!(p.education[0].score.as_deref(), Some("4.0"));
        assert!(imported.warnings[0].contains("comments or trailing commas"));
        // Broken JSON is still refused, at its place.
        let err = import("{\"basics\": {\"name\": \"A\"} oops}", None).unwrap_err();
        assert!(err.contains("line 1 column"), "{err}");
    }

    #[test]
    fn a_field_left_in_many_entries_is_counted_once() {
        let warnings = vec![
            "basics.image: a photo".to_string(),
            "work[0].website: no matching field".to_string(),
            "work[1].website: no matching field".to_string(),
            "meta2: no matching field".to_string(),
            "work[12].website: no matching field".to_string(),
        ];
        assert_eq!(
            counted(warnings),
            [
                "basics.image: a photo",
                "work[].website (3 entries): no matching field",
                "meta2: no matching field"
            ]
        );
    }
}
