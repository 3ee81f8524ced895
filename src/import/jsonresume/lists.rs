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
