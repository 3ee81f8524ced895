//! Merging imported publications into a profile's text: entries that match one already there
//! (same DOI, or the same title) update it, keeping what BibTeX does not know (short venue,
//! award, note, selection); the others are appended. The file is edited as text, so the rest
//! of it — comments, order, layout — survives.

use std::collections::HashMap;
use std::path::Path;

use super::Keyed;

use crate::profile::{self, bare_doi, Profile, Publication, PublicationLinks};
use crate::yaml::edit::{self, Edit, SequenceAt};
use crate::yaml::spans::SpanIndex;

/// What an import did.
#[derive(Debug, Default)]
pub struct BibOutcome {
    /// The profile's new text.
    pub text: String,
    /// Titles of the publications added.
    pub added: Vec<String>,
    /// Titles of the publications updated.
    pub updated: Vec<String>,
    /// Entries left out, with the reason.
    pub skipped: Vec<String>,
}

/// For matching: lower case, letters and digits only.
fn title_key(title: &str) -> String {
    title
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// For matching: the DOI's name, in lower case (DOIs are case-insensitive).
fn doi_key(doi: &str) -> String {
    bare_doi(doi).to_lowercase()
}

/// Merges `incoming` into the profile `text` (already parsed as `profile`); `dir` is where
/// the profile's relative paths start, for the final validation.
pub fn merge(
    text: &str,
    profile: &Profile,
    dir: &Path,
    incoming: Keyed,
) -> Result<BibOutcome, String> {
    let index = SpanIndex::build(text).map_err(|e| e.message)?;
    let sequence = edit::sequence_at(text, &index, "publications");
    let mut outcome = BibOutcome::default();
    let mut edits = Vec::new();
    let mut appended = String::new();
    let indent = match &sequence {
        SequenceAt::Block(seq) => seq.indent.clone(),
        _ => "  ".to_string(),
    };
    let mut existing: Vec<Publication> = profile.publications.clone();
    // Each publication's keys, made once (comparing normalised titles pairwise made 125
    // long titles into 125 others take 30 s).
    let mut by_doi: HashMap<String, usize> = HashMap::new();
    let mut by_title: HashMap<String, usize> = HashMap::new();
    for (i, old) in existing.iter().enumerate() {
        if let Some(doi) = &old.links.doi {
            by_doi.entry(doi_key(doi)).or_insert(i);
        }
        by_title.entry(title_key(&old.title)).or_insert(i);
    }
    for (key, new) in incoming {
        let new_title = title_key(&new.title);
        let found = new
            .links
            .doi
            .as_deref()
            .and_then(|doi| by_doi.get(&doi_key(doi)))
            .or_else(|| by_title.get(&new_title))
            .copied();
        match found {
            // Matched an entry added from this same file.
            Some(i) if i >= profile.publications.len() => {
                outcome
                    .skipped
                    .push(format!("{key}: appears twice in the .bib"));
            }
            Some(i) => {
                let old = &existing[i];
                // The BibTeX entry knows the bibliographic facts; the profile keeps what only
                // the researcher adds (short venue, award, note, selection).
                let merged = Publication {
                    venue_short: old.venue_short.clone(),
                    award: old.award.clone(),
                    note: old.note.clone().or(new.note.clone()),
                    selected: old.selected,
                    venue: new.venue.clone().or(old.venue.clone()),
                    links: PublicationLinks {
                        pdf: new.links.pdf.clone().or(old.links.pdf.clone()),
                        doi: new.links.doi.clone().or(old.links.doi.clone()),
                        arxiv: new.links.arxiv.clone().or(old.links.arxiv.clone()),
                        code: old.links.code.clone(),
                        slides: old.links.slides.clone(),
                        video: old.links.video.clone(),
                    },
                    ..new.clone()
                };
                if merged == *old {
                    continue;
                }
                let SequenceAt::Block(seq) = &sequence else {
                    return Err("the profile's publications are written in flow style ([…]); cannot edit them in place".into());
                };
                let item = edit::sequence_item(&merged, &seq.indent)?;
                edits.push(Edit {
                    range: seq.items[i].clone(),
                    text: item,
                });
                outcome.updated.push(merged.title.clone());
                existing[i] = merged;
            }
            None => {
                appended.push_str(&edit::sequence_item(&new, &indent)?);
                outcome.added.push(new.title.clone());
                if let Some(doi) = &new.links.doi {
                    by_doi.entry(doi_key(doi)).or_insert(existing.len());
                }
                by_title.insert(new_title, existing.len());
                existing.push(new);
            }
        }
    }
    if !appended.is_empty() {
        match &sequence {
            SequenceAt::Block(seq) => edits.push(Edit { range: seq.append_at..seq.append_at, text: appended }),
            SequenceAt::Empty(range) => edits.push(Edit { range: range.clone(), text: format!("\n{appended}") }),
            SequenceAt::Missing => {
                let sep = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
                edits.push(Edit { range: text.len()..text.len(), text: format!("{sep}publications:\n{appended}") });
            }
            SequenceAt::Other => {
                return Err("the profile's publications are written in flow style ([…]); cannot edit them in place".into())
            }
        }
    }
    outcome.text = edit::apply(text, edits);
    // Never replace a good profile with a broken one.
    profile::parse(&outcome.text, dir).map_err(|problems| {
        let first = problems
            .first()
            .map_or_else(String::new, |p| p.message.clone());
        format!("the merged profile would not be valid ({first}); the file is left as it was")
    })?;
    Ok(outcome)
}
