//! `cvpdf import-bib`: BibTeX/BibLaTeX entries become publications of a profile, read as
//! BibTeX tools read them: the file is cut into entries first (`split.rs`), so a broken entry
//! is skipped and named while the rest come in; a second entry under a key already used is
//! read too, renamed in place (a key too short to rename keeps BibTeX's rule: the first
//! wins); `@string` and month macros, `crossref` and `xdata` are resolved by the biblatex
//! crate (after `graph.rs` has checked they end); entries that are only crossref targets
//! (DBLP's `@proceedings`) are not papers. Each entry becomes a publication in `entry.rs`, its
//! LaTeX turned into text in `latex.rs` and the conversion layer, and is checked on its own
//! before it joins the profile. Entries that are one paper (the conversion layer's rule,
//! `convert/papers.rs`) become one, the published version kept; the others are appended
//! (`merge.rs`).

use std::collections::{BTreeMap, HashMap};

use biblatex::{Bibliography, RawBibliography};

use crate::diag::Problem;
use crate::profile::Publication;
mod accents;
mod entry;
mod graph;
mod latex;
mod literal;
mod merge;
mod raw;
mod split;

pub use merge::{merge, Fate};
pub use split::Skipped;

/// Publications by citation key.
pub type Keyed = Vec<(String, Publication)>;

/// What was read from a BibTeX file.
#[derive(Debug, Default)]
pub struct Read {
    /// The publications, by citation key, in the file's order.
    pub papers: Keyed,
    /// Entries left out, with where and why.
    pub skipped: Vec<Skipped>,
    /// What was changed or resolved on the way that the user should know.
    pub notes: Vec<String>,
    /// Fields not carried over (with why, when there is more to say), and how many entries
    /// had each.
    pub left: BTreeMap<String, usize>,
}

impl Read {
    /// What was not carried over, most frequent first: `abstract (28), keywords (12)`; after
    /// [`MAX_LISTED`] fields, how many more.
    pub fn left_summary(&self) -> Vec<String> {
        let mut left: Vec<(&String, &usize)> = self.left.iter().collect();
        left.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let mut out: Vec<String> = left
            .iter()
            .take(MAX_LISTED)
            .map(|(field, count)| format!("{field} ({count})"))
            .collect();
        if left.len() > MAX_LISTED {
            out.push(format!("{} other fields", left.len() - MAX_LISTED));
        }
        out
    }
}

/// The most fields the summary of what was not carried over names one by one.
pub const MAX_LISTED: usize = 40;

/// Reads a bibliography; `base_url` is where al-folio's relative links start. `Err` only for
/// a file that cannot be a bibliography at all (too deep, too many entries, a loop of
/// `@string`s), with its place in `bib`: a span, or a line and column when the text was
/// repaired on the way (its offsets are then the repaired text's); everything that concerns
/// one entry skips that entry.
pub fn publications(bib: &str, base_url: Option<&str>) -> Result<Read, Problem> {
    // Text decoded twice before it reached the file is repaired as `cvpdf import` repairs it.
    let (repaired, repair_note) = crate::import::convert::mojibake::repaired_file(bib);
    if let std::borrow::Cow::Owned(text) = &repaired {
        return read_text(text, base_url, repair_note).map_err(|mut problem| {
            if let Some(span) = problem.span.take() {
                let (line, column) = crate::diag::line_column(text, span.start);
                problem.position = Some((line as u32, column as u32));
            }
            problem
        });
    }
    read_text(bib, base_url, repair_note)
}

/// [`publications`] of a text as it will be read.
fn read_text(
    bib: &str,
    base_url: Option<&str>,
    repair_note: Option<String>,
) -> Result<Read, Problem> {
    graph::check_nesting(bib)?;
    let prepared = split::prepare(bib);
    let mut read = Read {
        skipped: prepared.skipped,
        ..Read::default()
    };
    read.notes.extend(prepared.renamed);
    read.notes.extend(repair_note);
    if prepared.front_matter {
        read.notes
            .push("the front matter block at the top (Jekyll's ---) was skipped".into());
    }
    let text = prepared.text.as_str();
    let mut raw = RawBibliography::parse(text).map_err(|e| {
        Problem::error(format!("not a valid BibTeX file: {}", e.kind)).with_span(e.span)
    })?;
    // Refused before the entries are looked at further (with 20,000 that took minutes), by a
    // count of what may be a paper; once the venues are known, by the papers.
    too_many(
        raw.entries
            .iter()
            .filter(|e| !raw::may_be_venue(e.v.kind.v))
            .count(),
    )?;
    let at = |offset: usize| graph::line_col(bib, offset);
    let first = raw::first_of_each_key(&mut raw, &mut read, &at);
    raw::drop_unreadable(&mut raw, &mut read, &at);
    raw::drop_undefined_abbreviations(&mut raw, &mut read);
    // The crate resolves abbreviations and parents recursively: loops and explosions are
    // found first, so they are an error or a skipped entry, not a stack overflow.
    graph::check_abbreviations(&raw)?;
    graph::flatten_abbreviations(&mut raw);
    for (key, why) in graph::unresolvable_entries(&raw) {
        let start = first.get(key.as_str()).copied().unwrap_or(0);
        read.skipped.push(Skipped {
            key: key.clone(),
            at: at(start),
            reason: why,
        });
        raw.entries.retain(|entry| entry.v.key.v != key);
    }
    // Venues that papers crossref are not papers themselves.
    let venues = raw::venues(&raw, &mut read);
    too_many(raw.entries.len() - venues.len())?;
    let starts: HashMap<String, usize> = raw
        .entries
        .iter()
        .map(|e| (e.v.key.v.to_string(), e.span.start))
        .collect();
    let mut store = Vec::new();
    literal::protect(&mut raw, &mut store);
    let bibliography = resolved(raw, &mut read, &at)?;
    let mut dropped = crate::import::convert::tex::Dropped::new();
    for entry in bibliography.iter() {
        if venues.contains(&entry.key) {
            continue;
        }
        let start = starts.get(&entry.key).copied().unwrap_or(0);
        let skip = |reason: String| Skipped {
            key: entry.key.clone(),
            at: at(start),
            reason,
        };
        let mapped = match entry::publication(entry, base_url) {
            Ok(mapped) => mapped,
            Err(reason) => {
                read.skipped.push(skip(reason));
                continue;
            }
        };
        if let Some(problem) = crate::profile::publication_problems(&mapped.publication)
            .into_iter()
            .next()
        {
            let field = problem.field.as_deref().unwrap_or("publication");
            let reason = format!("{} ({field})", problem.message);
            read.skipped.push(skip(reason));
            continue;
        }
        for left in mapped.left {
            *read.left.entry(left).or_default() += 1;
        }
        dropped.extend(mapped.dropped);
        read.notes
            .extend(mapped.notes.iter().map(|n| format!("{}: {n}", entry.key)));
        read.papers.push((entry.key.clone(), mapped.publication));
    }
    if !dropped.is_empty() {
        let names: Vec<String> = dropped.into_iter().collect();
        read.notes.push(format!(
            "LaTeX commands cvpdf does not know were dropped, their text kept: {}",
            names.join(" ")
        ));
    }
    Ok(read)
}

/// Refuses more papers than a profile may hold publications.
fn too_many(papers: usize) -> Result<(), Problem> {
    if papers > crate::profile::MAX_ENTRIES {
        return Err(Problem::error(format!(
            "the file has {papers} entries that are papers; a profile holds at most {} \
             publications, so import a selection (e.g. one year, or your own papers)",
            crate::profile::MAX_ENTRIES
        )));
    }
    Ok(())
}

/// The crate's reading of every entry; one whose value it cannot read (the crate stops at
/// the first) is left out and named with where it starts, and the rest read again, so that
/// one value never refuses a file. `Err` only for an error in no entry.
fn resolved(
    mut raw: RawBibliography,
    read: &mut Read,
    at: &dyn Fn(usize) -> String,
) -> Result<Bibliography, Problem> {
    loop {
        let error = match Bibliography::from_raw(raw.clone()) {
            Ok(bibliography) => return Ok(bibliography),
            Err(error) => error,
        };
        // The entry the error is in: the last that starts before it.
        let Some(index) = raw
            .entries
            .iter()
            .rposition(|entry| entry.span.start <= error.span.start)
        else {
            return Err(
                Problem::error(format!("not a valid BibTeX file: {}", error.kind))
                    .with_span(error.span),
            );
        };
        let entry = raw.entries.remove(index);
        read.skipped.push(Skipped {
            key: entry.v.key.v.to_string(),
            at: at(entry.span.start),
            reason: format!("cannot be read at {}: {}", at(error.span.start), error.kind),
        });
    }
}

#[cfg(test)]
mod tests;
