//! One BibTeX entry as a publication: which fields go where (al-folio's own fields too), dates
//! as BibTeX and BibLaTeX write them, author names with their marks, links through the one
//! link check. Every field of the entry that found no place is named, so the import can say
//! what it did not carry over.

use std::collections::BTreeSet;

use biblatex::{Chunk, Chunks, Entry, Spanned};

use super::latex;

mod dates;
mod links;
mod people;
mod record;

use crate::import::convert::links::arxiv_in;
use crate::import::convert::mathml;
use crate::import::convert::papers;
use crate::import::convert::tex::Dropped;
use crate::import::convert::text::{foreign, Context};
use crate::profile::markup::escape as escape_markdown;
use crate::profile::markup::fit;
use crate::profile::TextKind;
use crate::profile::{Publication, PublicationKind, PublicationStatus, Text};
use dates::date;
use links::links_of;
use people::authors;

/// A note longer than this is not a CV line (reference managers put whole records there).
const MAX_NOTE_CHARS: usize = 300;

/// An entry read as a publication, and what of it was left.
#[derive(Debug)]
pub struct Mapped {
    /// The publication.
    pub publication: Publication,
    /// Fields not carried over, each with why when there is more to say than "no place".
    pub left: Vec<String>,
    /// Things changed on the way that the user should know (a month that is not one).
    pub notes: Vec<String>,
    /// LaTeX commands dropped because nothing knows them.
    pub dropped: Dropped,
}

/// Reads one entry's fields, remembering which were used.
struct Fields<'a> {
    entry: &'a Entry,
    used: BTreeSet<&'static str>,
    dropped: Dropped,
}

impl<'a> Fields<'a> {
    /// The field's chunks, marked as used.
    fn chunks(&mut self, name: &'static str) -> Option<&'a Chunks> {
        let chunks = self.entry.fields.get(name)?;
        self.used.insert(name);
        Some(chunks)
    }

    /// The field as text (LaTeX turned into text), if not empty.
    fn text(&mut self, name: &'static str) -> Option<String> {
        let chunks = self.chunks(name)?;
        // A reference manager's copy of a publisher's MathML is markup, not text.
        let text = mathml::as_text(&latex::text(chunks, &mut self.dropped));
        (!text.is_empty()).then_some(text)
    }

    /// The field as an address or identifier (no LaTeX, no spaces), if not empty.
    fn verbatim(&mut self, name: &'static str) -> Option<String> {
        let text = latex::verbatim(self.chunks(name)?);
        (!text.is_empty()).then_some(text)
    }
}

/// The entry as a publication; `Err` with the reason when it cannot be one (no title, no
/// authors, no year). `base_url` is where relative links (al-folio's `pdf = {paper.pdf}`)
/// start.
pub fn publication(entry: &Entry, base_url: Option<&str>) -> Result<Mapped, String> {
    let mut fields = Fields {
        entry,
        used: BTreeSet::new(),
        dropped: Dropped::new(),
    };
    let mut left = Vec::new();
    let mut notes = Vec::new();
    let mut title = fields.text("title").ok_or("no title")?;
    // BibLaTeX prints a subtitle after a colon, and an addition after a full stop.
    if let Some(subtitle) = fields.text("subtitle") {
        title = format!("{title}: {subtitle}");
    }
    if let Some(addon) = fields.text("titleaddon") {
        title = format!("{title}. {addon}");
    }
    // An edited volume has editors and no authors: the editors are its `editors`, never its
    // authors (read with the rest of the record below).
    let authors = match authors(&mut fields, "author") {
        Ok(authors) => authors,
        Err(_) if entry.fields.contains_key("editor") => Vec::new(),
        Err(why) => return Err(why),
    };
    let edited = authors.is_empty();
    let dated = date(&mut fields, &mut notes)?;

    let mut links = links_of(&mut fields, base_url, &mut left);

    let booktitle = fields
        .text("booktitle")
        .or_else(|| fields.text("eventtitle"));
    let journal = fields
        .text("journal")
        .or_else(|| fields.text("journaltitle"));
    // DBLP files arXiv papers as `@article` in `CoRR`, with the id in `volume`.
    let server = journal
        .as_deref()
        .or(booktitle.as_deref())
        .is_some_and(papers::is_preprint_venue);
    if server && links.arxiv.is_none() {
        links.arxiv = fields
            .verbatim("volume")
            .and_then(|v| arxiv_in(&v))
            .or_else(|| fields.verbatim("eprint").and_then(|e| arxiv_in(&e)));
    }
    let pubstate = fields.text("pubstate").map(|s| s.to_lowercase());
    // A report or `@misc` is a preprint when it says so: an arXiv id, its publication state,
    // or its `type` (what `cvpdf lab` writes for a preprint with neither).
    let said_preprint = links.arxiv.is_some()
        || matches!(pubstate.as_deref(), Some("prepublished" | "preprint"))
        || (record::is_report(&entry.entry_type)
            && fields
                .text("type")
                .is_some_and(|t| t.eq_ignore_ascii_case("preprint")));
    let kind = if server {
        PublicationKind::Preprint
    } else {
        let editors = entry.fields.contains_key("editor");
        record::kind(
            &entry.entry_type,
            booktitle.as_deref(),
            said_preprint,
            (edited, editors),
        )
    };
    let stated = pubstate.as_deref().and_then(record::state_in);
    let mut status = match stated {
        Some(status) => status,
        None if kind == PublicationKind::Preprint => PublicationStatus::Preprint,
        None => PublicationStatus::Published,
    };
    // A paper without a year is kept when its state says why: its `pubstate`, else its `year`
    // or `note` (`year = {in press}`, `note = {Submitted}`).
    if dated.year.is_none() {
        let said = stated.or(dated.said).or_else(|| {
            fields
                .entry
                .fields
                .get("note")
                .and_then(|note| record::state_in(&latex::verbatim(note)))
        });
        status = said
            .filter(|s| s.excuses_no_year())
            .ok_or("no year, and neither its pubstate nor its note says it is not out yet")?;
    }
    let venue = match kind {
        PublicationKind::Journal => journal,
        PublicationKind::Conference | PublicationKind::Workshop | PublicationKind::Chapter => {
            booktitle
        }
        // A thesis's school and a report's institution are their publisher.
        PublicationKind::Thesis => fields.text("howpublished"),
        PublicationKind::Preprint => journal
            .or_else(|| fields.text("howpublished"))
            .or_else(|| links.arxiv.is_some().then(|| "arXiv preprint".to_string())),
        _ => journal
            .or(booktitle)
            .or_else(|| fields.text("howpublished")),
    };
    let degree = (kind == PublicationKind::Thesis)
        .then(|| record::degree(&entry.entry_type, fields.text("type").as_deref()))
        .flatten();

    // Notes: the entry's own (when it is a line, not a record), al-folio's annotation, and
    // an award's long text when its short name is the award.
    let mut note_parts = Vec::new();
    if let Some(chunks) = fields.chunks("note") {
        let raw_lines = chunks
            .iter()
            .map(|c| chunk_str(c).matches('\n').count())
            .sum::<usize>();
        let note = latex::text(chunks, &mut fields.dropped);
        if note.chars().count() > MAX_NOTE_CHARS || raw_lines > 2 {
            left.push("note (longer than a CV line)".to_string());
        } else if !note.is_empty() {
            note_parts.push(note);
        }
    }
    // al-folio's annotation and award are Markdown on the site (it `markdownify`s them).
    let mut markdown = Vec::new();
    markdown.extend(fields.text("annotation"));
    let award_name = fields.text("award_name");
    let award_text = fields.text("award");
    let award = match (award_name, award_text) {
        (Some(name), Some(text)) => {
            if text != name {
                markdown.push(text);
            }
            Some(name)
        }
        (name, text) => name.or(text),
    };
    // al-folio's Markdown, and a note with HTML or links in it, pass the conversion layer;
    // plain text is escaped, so that it prints as written.
    let note = (!note_parts.is_empty() || !markdown.is_empty()).then(|| {
        note_parts
            .iter()
            .map(|n| (n, false))
            .chain(markdown.iter().map(|n| (n, true)))
            .map(|(n, markdown)| {
                if markdown || n.contains(['<', ']']) {
                    let mut context = Context {
                        base_url: base_url.map(String::from),
                        ..Context::default()
                    };
                    let converted = foreign(n, "note", &mut context);
                    let mut dropped = Vec::new();
                    let fitted = fit(TextKind::Paragraphs, &converted, &mut dropped);
                    notes.extend(context.warnings.iter().map(ToString::to_string));
                    fitted
                } else {
                    escape_markdown(n)
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    });
    let selected = fields
        .text("selected")
        .is_some_and(|s| matches!(s.to_lowercase().as_str(), "true" | "yes" | "1"));
    let venue_short = fields
        .text("abbr")
        .or_else(|| venue.as_deref().and_then(papers::short_venue));

    let mut publication = Publication {
        title: (escape_markdown(&title)).into(),
        authors,
        venue: venue.map(Text::from),
        venue_short: venue_short.map(Text::from),
        year: dated.year,
        month: dated.month,
        kind,
        status,
        degree,
        award: award.map(Text::from),
        note: note.map(Text::from),
        links,
        selected,
        ..Default::default()
    };
    record::fill(&mut fields, &mut publication, server, &mut left);

    // Fields the resolution used up, or that only say how to file the entry.
    for done in ["crossref", "xdata", "day", "ids", "type"] {
        fields.used.insert(done);
    }
    let unused: Vec<String> = entry
        .fields
        .keys()
        .filter(|k| !fields.used.contains(k.as_str()))
        .cloned()
        .collect();
    left.extend(unused);
    Ok(Mapped {
        publication,
        left,
        notes,
        dropped: fields.dropped,
    })
}

/// The text of a chunk as written.
fn chunk_str(chunk: &Spanned<Chunk>) -> &str {
    match &chunk.v {
        Chunk::Normal(s) | Chunk::Verbatim(s) | Chunk::Math(s) => s,
    }
}
