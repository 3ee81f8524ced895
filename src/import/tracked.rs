//! An input document that remembers which of its parts an importer used, so that everything
//! else can be listed as not carried over.

use std::collections::BTreeSet;

use serde_json::Value;

use super::convert::dates::{read_date, read_end, read_period, Period, Read};
use super::Warning;
use crate::profile::{Date, EndDate};

/// An input document that remembers which of its parts were used, so the rest can be listed.
pub(crate) struct Tracked {
    value: Value,
    used: BTreeSet<String>,
    /// Parts that are not data about the researcher (a schema URL, build flags): not listed.
    ignored: BTreeSet<String>,
    /// Entries by path, with how a warning names them (`education: "MSc, ETH Zürich"`).
    labels: Vec<(String, String)>,
}

impl Tracked {
    pub(crate) fn new(value: Value) -> Self {
        Self {
            value,
            used: BTreeSet::new(),
            ignored: BTreeSet::new(),
            labels: Vec::new(),
        }
    }

    /// Names each entry of the list at `list` for warnings: `section: "a, b"` from the first
    /// two of its fields that say what it is (title, position, degree, name, institution …).
    pub(crate) fn label_entries(&mut self, list: &str, section: &str) {
        const NAMING: [&str; 12] = [
            "title",
            "position",
            "degree",
            "course",
            "studyType",
            "area",
            "name",
            "label",
            "institution",
            "company",
            "organization",
            "bullet",
        ];
        for i in 0..self.len(list) {
            let at = format!("{list}[{i}]");
            let words: Vec<String> = NAMING
                .iter()
                .filter_map(|key| lookup(&self.value, &format!("{at}.{key}"))?.as_str())
                .map(|s| crate::profile::html_text(s.trim()))
                .filter(|s| !s.is_empty())
                .take(2)
                .collect();
            let label = match words.as_slice() {
                [] => continue,
                words => format!("{section}: \"{}\"", words.join(", ")),
            };
            self.labels.push((at, label));
        }
    }

    /// `warnings` with the entries they are about named (`work[2].startDate: …` →
    /// `work: "Analyst, Engines", startDate: …`). A field left unused in some entry stays a
    /// path, so that the same field in many entries is said once.
    pub(crate) fn named(&self, warnings: Vec<Warning>) -> Vec<Warning> {
        warnings
            .into_iter()
            .map(|mut warning| {
                let path = warning.path.as_str();
                let best = self
                    .labels
                    .iter()
                    .filter(|(at, _)| path == at || is_below(path, at))
                    .max_by_key(|(at, _)| at.len());
                let unused = matches!(warning.kind, super::WarningKind::Unused { .. });
                warning.named = match best {
                    Some((at, label)) if path == at => Some(label.clone()),
                    Some((at, label)) if !unused => {
                        let rest = path[at.len()..].trim_start_matches('.');
                        Some(format!("{label}, {rest}"))
                    }
                    _ => warning.named,
                };
                warning
            })
            .collect()
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

    /// A date at `path` ([`read_date`]); one that does not parse, or only in part (an
    /// impossible day), is a warning.
    pub(crate) fn date(&mut self, path: &str, warnings: &mut Vec<Warning>) -> Option<Date> {
        let text = self.str(path)?;
        match read_date(&text) {
            Ok(read) => {
                warnings.extend(read.note.map(|note| Warning::at(path, note)));
                Some(read.value)
            }
            Err(e) => {
                warnings.push(Warning::at(path, e));
                None
            }
        }
    }

    /// The start and end dates at `start` and `end`; a missing end of a started entry means
    /// it goes on, an end without a start is when the entry ended. Dates that do not parse
    /// are warnings, and so is an expected date (`2025 (expected)`): the caller has no place
    /// to say it ([`Tracked::period_expected`] is for one that has).
    pub(crate) fn period(
        &mut self,
        start: &str,
        end: &str,
        warnings: &mut Vec<Warning>,
    ) -> (Option<Date>, Option<EndDate>) {
        let (from, to, _) = self.period_read(start, end, warnings, false);
        (from, to)
    }

    /// [`Tracked::period`] for an entry that has `expected`: whether a date was written as
    /// expected, which the caller writes as `expected: true` (so no warning says otherwise).
    pub(crate) fn period_expected(
        &mut self,
        start: &str,
        end: &str,
        warnings: &mut Vec<Warning>,
    ) -> (Option<Date>, Option<EndDate>, bool) {
        self.period_read(start, end, warnings, true)
    }

    /// The one reading of a period's two fields; `keep` when the caller writes `expected`.
    fn period_read(
        &mut self,
        start: &str,
        end: &str,
        warnings: &mut Vec<Warning>,
        keep: bool,
    ) -> (Option<Date>, Option<EndDate>, bool) {
        let kept = |read: Read<Period>| if keep { read.keep_expected() } else { read };
        let mut expected = false;
        // A whole period written into the start field (`"2017-05 - 2019-04"`, `since 2021`).
        if let Some(text) = self.str(start) {
            if let Some(read) = read_period(&text) {
                if let ((Some(from), Some(to)), None) = (read.value, self.str(end)) {
                    let read = kept(read);
                    warnings.extend(read.note.map(|note| Warning::at(start, note)));
                    return (Some(from), Some(to), keep && read.expected);
                }
            }
        }
        let from = match self.str(start) {
            Some(text) => match read_date(&text) {
                Ok(read) => {
                    let read = if keep { read.keep_expected() } else { read };
                    expected |= read.expected;
                    warnings.extend(read.note.map(|note| Warning::at(start, note)));
                    Some(read.value)
                }
                Err(e) => {
                    warnings.push(Warning::at(start, e));
                    None
                }
            },
            None => None,
        };
        let to = match self.str(end) {
            // Through the one date reader's note, as every other date (issue 47: an
            // impossible end day was cut to its month without a word).
            Some(text) => match read_end(&text) {
                Ok(read) => {
                    let read = if keep { read.keep_expected() } else { read };
                    expected |= read.expected;
                    warnings.extend(read.note.map(|note| Warning::at(end, note)));
                    Some(read.value)
                }
                Err(e) => match read_period(&text).map(kept) {
                    // `end: 2019-2020`: the period's end.
                    Some(Read {
                        value: (_, Some(to)),
                        note,
                        expected: said,
                        ..
                    }) => {
                        expected |= said;
                        warnings.extend(note.map(|note| Warning::at(end, note)));
                        Some(to)
                    }
                    _ => {
                        warnings.push(Warning::at(end, e));
                        None
                    }
                },
            },
            None => from.map(|_| EndDate::Present),
        };
        (from, to, keep && expected)
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
