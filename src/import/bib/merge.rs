//! Merging imported publications into a profile's text: entries that match one already there
//! (same DOI, or the same title) update it, keeping what BibTeX does not know (short venue,
//! award, note, selection); the others are appended. The file is edited as text, so the rest
//! of it — comments, order, layout — survives.

use std::path::Path;

use crate::diag::Problem;

use super::{Keyed, Read};

use crate::import::convert::paper_index::PaperIndex;
use crate::import::convert::papers::{self, is_preprint};
use crate::profile::{self, Profile, Publication, PublicationLinks, Text, FALLBACK_LANGUAGE};
use crate::yaml::edit::{self, Edit, SequenceAt};
use crate::yaml::spans::{RootKind, SpanIndex};

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
    /// Entries that were another version of a paper before them in the file (a preprint and
    /// its published version), with which version was kept.
    pub merged: Vec<String>,
    /// What became of each paper given, in their order.
    pub fates: Vec<Fate>,
    /// Author marks of the profile that no author of an updated paper could take (the
    /// author is gone from the new list, or spelt beyond recognition), each said.
    pub marks_lost: Vec<String>,
}

/// What became of one paper given to [`merge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Added to the profile.
    Added,
    /// A paper of the profile, updated.
    Updated,
    /// A paper of the profile, which it already had as given.
    Unchanged,
    /// Another version of a paper given before it, merged into that one.
    Merged,
}

/// Merges `papers` (by a key that names each in messages) into the profile `text` (already
/// parsed as `profile`); `dir` is where the profile's relative paths start, for the final
/// validation. A block sequence of publications is edited item by item; an empty, null or
/// flow-style one (`publications: []`, `[{…}]`) is rewritten as a block sequence; a missing
/// one is added at the end. New entries come after the comment `header` (where they came from,
/// what was not carried over: [`Read::comment`]).
pub fn merge(
    original: &str,
    profile: &Profile,
    dir: &Path,
    papers: &Keyed,
    header: &str,
) -> Result<BibOutcome, Problem> {
    let plain = edit::plain_form(original);
    // The edits are made in the plain form, whose offsets are not the file's (CRLF): a
    // problem says its line and column instead.
    merged(original, &plain, profile, dir, papers, header).map_err(|mut problem| {
        if let Some(span) = problem.span.take() {
            let (line, column) = crate::diag::line_column(&plain, span.start);
            problem.position = Some((line as u32, column as u32));
        }
        problem
    })
}

/// [`merge`] with the plain form of `original` made.
fn merged(
    original: &str,
    plain: &str,
    profile: &Profile,
    dir: &Path,
    papers: &Keyed,
    header: &str,
) -> Result<BibOutcome, Problem> {
    // Edited in its plain form (LF endings, a last line that ends, so that what is added
    // starts a line of its own); the file gets its own form back at the end.
    let text = plain;
    let index = SpanIndex::build(text).map_err(|e| Problem::error(e.message).with_span(e.span))?;
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && *l != "---");
    if index.root() == RootKind::Mapping && first_line.is_some_and(|l| l.starts_with('{')) {
        return Err(Problem::error(
            "the profile is one flow mapping ({…}); write it as key: value lines to import \
             into it",
        ));
    }
    let mut outcome = BibOutcome::default();
    let mut existing: Vec<Publication> = profile.publications.clone();
    let mut changed = vec![false; existing.len()];
    let mut found_by = PaperIndex::of(&existing);
    let before = profile.publications.len();
    for (key, new) in papers {
        let found = found_by.find(new, |i| &existing[i]);
        outcome.fates.push(match found {
            Some(i) if i >= before => Fate::Merged,
            Some(i) => {
                let same = if is_preprint(&existing[i]) != is_preprint(new) {
                    papers::merged(&existing[i], new)
                } else {
                    updated(&existing[i], new)
                };
                if same == existing[i] {
                    Fate::Unchanged
                } else {
                    Fate::Updated
                }
            }
            None => Fate::Added,
        });
        match found {
            // Another version of an entry added from this same file.
            Some(i) if i >= before => {
                let one = papers::merged(&existing[i], new);
                let kept = if papers::second_wins(&existing[i], new) {
                    "this entry's version is kept"
                } else {
                    "the earlier entry's version is kept"
                };
                outcome.merged.push(format!(
                    "{key}: the same paper as an entry before it (\"{}\"); {kept}",
                    existing[i].title
                ));
                existing[i] = one;
            }
            Some(i) => {
                let merged = if is_preprint(&existing[i]) != is_preprint(new) {
                    papers::merged(&existing[i], new)
                } else {
                    updated(&existing[i], new)
                };
                if merged != existing[i] {
                    for author in profile::marks_lost(&existing[i].authors, &merged.authors) {
                        outcome.marks_lost.push(format!(
                            "\"{}\": the mark of {author} was given to no author of the \
                             updated list; add it again where it belongs",
                            merged.title
                        ));
                    }
                    outcome.updated.push(merged.title.to_string());
                    existing[i] = merged;
                    changed[i] = true;
                }
            }
            None => {
                outcome.added.push(new.title.to_string());
                found_by.insert(existing.len(), new);
                existing.push(new.clone());
            }
        }
    }
    let added = &existing[profile.publications.len()..];
    let header = if added.is_empty() { "" } else { header };
    let mut edits = Vec::new();
    match edit::sequence_at(text, &index, "publications") {
        SequenceAt::Block(seq) => {
            for (i, item) in seq.items.iter().enumerate() {
                if changed.get(i).copied().unwrap_or(false) {
                    // The item is written anew; the comments it held stay, after it.
                    let mut written = edit::sequence_item(&existing[i], &seq.indent)?;
                    written.push_str(&edit::comment_lines_in(text, item.clone()));
                    edits.push(Edit {
                        range: item.clone(),
                        text: written,
                    });
                }
            }
            if !added.is_empty() {
                let mut appended = comment_lines(header, &seq.indent);
                for p in added {
                    appended.push_str(&edit::sequence_item(p, &seq.indent)?);
                }
                edits.push(Edit {
                    range: seq.append_at..seq.append_at,
                    text: appended,
                });
            }
        }
        SequenceAt::Missing if !added.is_empty() => {
            // At the end of the document: before a `...` end marker, if it has one.
            let end = document_end(text);
            let sep = if end == 0 || text[..end].ends_with('\n') {
                ""
            } else {
                "\n"
            };
            let mut block = format!("{sep}publications:\n{}", comment_lines(header, "  "));
            for p in added {
                block.push_str(&edit::sequence_item(p, "  ")?);
            }
            edits.push(Edit {
                range: end..end,
                text: block,
            });
        }
        SequenceAt::Missing => {}
        SequenceAt::Empty | SequenceAt::Other if !added.is_empty() || changed.contains(&true) => {
            // Rewritten in block style, the comment after the value kept on the key's line.
            let value =
                edit::inline_value_lines(text, &index, "publications").ok_or_else(|| {
                    Problem::error(
                        "cannot find where the profile's publications: end; write them as a \
                     block list (one `- title:` per paper) to import into it",
                    )
                })?;
            let range = value.lines.clone();
            let mut block = value.head("publications", "  ");
            let before = profile.publications.len();
            for p in &existing[..before] {
                block.push_str(&edit::sequence_item(p, "  ")?);
            }
            block.push_str(&comment_lines(header, "  "));
            for p in added {
                block.push_str(&edit::sequence_item(p, "  ")?);
            }
            // The range ends before the line break, which stays.
            let block = block.strip_suffix('\n').unwrap_or(&block).to_string();
            edits.push(Edit { range, text: block });
        }
        SequenceAt::Empty | SequenceAt::Other => {}
    }
    // New lines end as the lines around them do (a profile saved on Windows keeps its CRLF).
    outcome.text = edit::in_original_form(original, &edit::apply(text, edits));
    // Never replace a good profile with a broken one.
    profile::parse(&outcome.text, dir).map_err(|problems| {
        let first = problems
            .first()
            .map_or_else(String::new, |p| p.message.clone());
        Problem::error(format!(
            "the merged profile would not be valid ({first}); the file is left as it was"
        ))
    })?;
    Ok(outcome)
}

/// Where the document's content ends: before a final `...` line (YAML's end-of-document
/// marker) and what follows it, else the end of the text.
fn document_end(text: &str) -> usize {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "..." {
            return at;
        }
        at += line.len();
    }
    text.len()
}

/// An existing publication updated from its BibTeX entry: the entry knows the bibliographic
/// facts; what the researcher adds (author marks, short venue, award, note, selection, code
/// and other links) is kept from the profile, and filled from the entry where the profile has
/// none.
fn updated(old: &Publication, new: &Publication) -> Publication {
    let venue = match (&old.venue, &new.venue) {
        (Some(old), Some(new)) => Some(keep_translations(old, new)),
        (old, new) => new.clone().or(old.clone()),
    };
    Publication {
        title: keep_translations(&old.title, &new.title),
        venue_short: old.venue_short.clone().or(new.venue_short.clone()),
        award: old.award.clone().or(new.award.clone()),
        note: old.note.clone().or(new.note.clone()),
        selected: old.selected || new.selected,
        authors: profile::carry_marks(&old.authors, &new.authors),
        venue,
        links: updated_links(&old.links, &new.links),
        ..new.clone()
    }
}

/// The links of a paper updated from a .bib: its identifiers and PDF are the file's when it
/// has them; the pages the user added to the profile (web, code, slides, …) are kept.
fn updated_links(old: &PublicationLinks, new: &PublicationLinks) -> PublicationLinks {
    let mut links = new.clone();
    for ((name, slot), (_, kept)) in links.each_mut().into_iter().zip(old.each()) {
        *slot = if matches!(name, "pdf" | "doi" | "arxiv") {
            slot.take().or_else(|| kept.clone())
        } else {
            kept.clone().or_else(|| slot.take())
        };
    }
    links
}

/// The entry's text `new` in place of the profile's `old`, keeping the translations a .bib
/// cannot know. The entry's text is one of them: the translation it matches (the same words,
/// case and punctuation aside), else the one in the language its script says (a Chinese title
/// is the `zh` one), else the English (or first) one; that translation alone is updated.
fn keep_translations(old: &Text, new: &Text) -> Text {
    let Some(pairs) = old.translations() else {
        return new.clone();
    };
    let text = new.to_string();
    let key = papers::title_key(&text);
    let script = profile::script_language(&text);
    let place = pairs
        .iter()
        .position(|(_, t)| papers::title_key(t) == key)
        .or_else(|| {
            pairs
                .iter()
                .position(|(lang, _)| Some(lang.as_str()) == script)
        })
        .or_else(|| pairs.iter().position(|(lang, _)| lang == FALLBACK_LANGUAGE))
        .unwrap_or(0);
    let mut pairs = pairs.to_vec();
    if let Some(pair) = pairs.get_mut(place) {
        pair.1 = text;
    }
    Text::translated(pairs)
}

impl Read {
    /// What the comment above the publications added from a .bib says: where they came from,
    /// and what of it was not carried over.
    pub fn comment(&self) -> String {
        let read = self;
        let mut comment = "Imported by cvpdf import-bib.".to_string();
        let left = read.left_summary();
        if !left.is_empty() {
            comment.push_str(" Not carried over (fields, and how many entries had them): ");
            comment.push_str(&left.join(", "));
            comment.push('.');
        }
        if !read.skipped.is_empty() {
            comment.push_str(&format!(
                " {} entr{} not imported (listed when it ran).",
                read.skipped.len(),
                if read.skipped.len() == 1 { "y" } else { "ies" }
            ));
        }
        comment
    }
}

/// `text` as comment lines at `indent`, wrapped before 100 columns.
fn comment_lines(text: &str, indent: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let mut line = String::new();
    let text = edit::comment_text(text);
    for word in text.split_whitespace() {
        // A count stays with its field: `abstract (28),` is one unit.
        let glued = word.starts_with('(');
        if !line.is_empty() && !glued && indent.len() + 2 + line.len() + 1 + word.len() > 100 {
            out.push_str(&format!("{indent}# {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}# {line}\n"));
    }
    out
}
