//! What an import could not carry over as it was, kept as data: where in the input and what
//! happened. The entry a warning lies in is named, and one field left in many entries is
//! counted, from these values, never by reading a warning's text back.

use std::fmt;

/// One thing an import could not carry over as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Where in the input: a field path (`work[2].startDate`) or a place in words
    /// (`page body`, `section "Talks"`); empty for the whole file.
    pub path: String,
    /// How the place is named for the reader when it lies in an entry that has a name
    /// (`work: "Analyst, Engines", startDate`); the path is said when absent.
    pub named: Option<String>,
    /// What happened.
    pub kind: WarningKind,
}

/// What happened to the part of the input a [`Warning`] is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WarningKind {
    /// The field has no place in a profile; said once for the same field in `entries`
    /// entries (its path then without indices, `work[].website`).
    Unused {
        /// How many entries had the field.
        entries: usize,
    },
    /// Anything else, in one sentence.
    Note(String),
}

impl Warning {
    /// A warning about the part of the input at `path`.
    pub fn at(path: impl fmt::Display, reason: impl Into<String>) -> Self {
        Self {
            path: path.to_string(),
            named: None,
            kind: WarningKind::Note(reason.into()),
        }
    }

    /// A warning about the whole file.
    pub fn note(reason: impl Into<String>) -> Self {
        Self::at("", reason)
    }

    /// The field at `path` found no place in the profile.
    pub fn unused(path: impl fmt::Display) -> Self {
        Self {
            kind: WarningKind::Unused { entries: 1 },
            ..Self::at(path, "")
        }
    }
}

impl fmt::Display for Warning {
    /// `place: what happened`, as the imported profile's header and the terminal say it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = self.named.as_deref().unwrap_or(&self.path);
        match &self.kind {
            WarningKind::Unused { entries: 1 } => write!(f, "{place}: no matching field"),
            WarningKind::Unused { entries } => {
                write!(f, "{place} ({entries} entries): no matching field")
            }
            WarningKind::Note(reason) if place.is_empty() => f.write_str(reason),
            WarningKind::Note(reason) => write!(f, "{place}: {reason}"),
        }
    }
}
