//! One BibTeX entry as a publication: which fields go where (al-folio's own fields too), dates
//! as BibTeX and BibLaTeX write them, author names with their marks, links through the one
//! link check. Every field of the entry that found no place is named, so the import can say
//! what it did not carry over.

use std::collections::BTreeSet;

use biblatex::{Chunk, Chunks, Entry, EntryType, Person, Spanned, Type};

use super::latex;
use crate::import::convert::tex::{self, Dropped};
use crate::import::convert::text::{foreign, Context};
use crate::import::convert::{links, papers};
use crate::profile::markup::fit;
use crate::profile::TextKind;
use crate::profile::{Publication, PublicationKind, PublicationLinks, PublicationStatus, Text};
use crate::source::inline::escape as escape_markdown;

/// A note longer than this is not a CV line (reference managers put whole records there).
const MAX_NOTE_CHARS: usize = 300;

/// The fields an entry's publication is made of: LaTeX that does not parse in any other field
/// drops that field, not the entry.
pub const IMPORTED: &[&str] = &[
    "title",
    "author",
    "editor",
    "year",
    "date",
    "month",
    "journal",
    "journaltitle",
    "booktitle",
    "eventtitle",
    "school",
    "institution",
    "publisher",
    "howpublished",
    "note",
    "annotation",
    "award",
    "award_name",
    "abbr",
    "selected",
    "pubstate",
    "type",
    "doi",
    "url",
    "ee",
    "eprint",
    "eprinttype",
    "archiveprefix",
    "arxiv",
    "pdf",
    "html",
    "website",
    "code",
    "slides",
    "poster",
    "video",
    "crossref",
    "xdata",
    "volume",
];

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
        let text = latex::text(chunks, &mut self.dropped);
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
    let title = fields.text("title").ok_or("no title")?;
    // An edited volume has editors and no authors: it is the editors' (ed.).
    let (authors, edited) = match authors(&mut fields, "author") {
        Ok(authors) => (authors, false),
        Err(why) => match authors(&mut fields, "editor") {
            Ok(editors) => (editors, true),
            Err(_) => return Err(why),
        },
    };
    let (year, month) = date(&mut fields, &mut notes)?;

    let mut links = PublicationLinks::default();
    if let Some(doi) = fields.verbatim("doi") {
        match links::doi_in(&doi) {
            Some(doi) => links.doi = Some(doi),
            None => left.push("doi (not a DOI)".to_string()),
        }
    }
    let arxiv_typed = fields
        .verbatim("eprinttype")
        .or_else(|| fields.verbatim("archiveprefix"))
        .is_some_and(|t| t.eq_ignore_ascii_case("arxiv"));
    fields.used.insert("primaryclass");
    let eprint = fields.verbatim("eprint");
    links.arxiv = fields
        .verbatim("arxiv")
        .or(eprint.filter(|_| arxiv_typed))
        .filter(|id| is_arxiv_id(id));
    for name in ["url", "ee"] {
        let Some(url) = fields.verbatim(name) else {
            continue;
        };
        // `url = {doi:10.…}` is a DOI written as an address, whatever wraps it.
        if url.to_ascii_lowercase().starts_with("doi:") {
            match links::doi_in(&url[4..]) {
                Some(doi) => links.doi = links.doi.or(Some(doi)),
                None => left.push(format!("{name} (not a DOI)")),
            }
            continue;
        }
        match crate::link::check(&url) {
            Ok(url) => {
                let lower = url.to_lowercase();
                if lower.contains("arxiv.org/") {
                    links.arxiv = links.arxiv.or(Some(url));
                } else if lower.contains("doi.org/") {
                    links.doi = links.doi.or(Some(url));
                } else if lower.ends_with(".pdf") {
                    links.pdf = links.pdf.or(Some(url));
                } else {
                    links.web = links.web.or(Some(url));
                }
            }
            Err(_) => left.push(format!("{name} (not a web address)")),
        }
    }
    // al-folio's link fields: a relative path is a file of the site (`assets/pdf/` for
    // documents), so it needs the site's address.
    for (name, documents) in [
        ("pdf", true),
        ("html", false),
        ("website", false),
        ("code", false),
        ("slides", true),
        ("poster", true),
        ("video", false),
    ] {
        let Some(value) = fields.verbatim(name) else {
            continue;
        };
        let url = match absolute_link(&value, documents, base_url) {
            Ok(url) => url,
            Err(why) => {
                left.push(format!("{name} ({why})"));
                continue;
            }
        };
        let slot = match name {
            "pdf" => &mut links.pdf,
            "html" | "website" => &mut links.web,
            "code" => &mut links.code,
            "slides" => &mut links.slides,
            "poster" => &mut links.poster,
            _ => &mut links.video,
        };
        if slot.is_none() {
            *slot = Some(url);
        }
    }

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
            .and_then(|v| links::arxiv_in(&v))
            .or_else(|| fields.verbatim("eprint").and_then(|e| links::arxiv_in(&e)));
    }
    let pubstate = fields.text("pubstate").map(|s| s.to_lowercase());
    // A report or `@misc` is a preprint when it says so: an arXiv id, its publication state,
    // or its `type` (what `cvpdf lab` writes for a preprint with neither).
    let said_preprint = links.arxiv.is_some()
        || matches!(pubstate.as_deref(), Some("prepublished" | "preprint"))
        || (is_report(&entry.entry_type)
            && fields
                .text("type")
                .is_some_and(|t| t.eq_ignore_ascii_case("preprint")));
    let kind = if server {
        PublicationKind::Preprint
    } else {
        kind(&entry.entry_type, booktitle.as_deref(), said_preprint)
    };
    let status = match pubstate.as_deref() {
        Some("forthcoming" | "inpress" | "in press" | "accepted") => PublicationStatus::Accepted,
        Some("submitted") => PublicationStatus::Submitted,
        Some("prepublished" | "preprint") => PublicationStatus::Preprint,
        Some("inpreparation") => PublicationStatus::InPreparation,
        _ if kind == PublicationKind::Preprint => PublicationStatus::Preprint,
        _ => PublicationStatus::Published,
    };
    let venue = match kind {
        PublicationKind::Journal => journal,
        PublicationKind::Conference | PublicationKind::Workshop => booktitle,
        PublicationKind::Thesis => fields.text("school").or_else(|| fields.text("institution")),
        PublicationKind::Preprint => journal
            .or_else(|| fields.text("howpublished"))
            .or_else(|| links.arxiv.is_some().then(|| "arXiv preprint".to_string())),
        _ => journal
            .or(booktitle)
            .or_else(|| fields.text("publisher"))
            .or_else(|| fields.text("howpublished")),
    };

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
    note_parts.extend(fields.text("annotation"));
    let award_name = fields.text("award_name");
    let award_text = fields.text("award");
    let award = match (award_name, award_text) {
        (Some(name), Some(text)) => {
            if text != name {
                note_parts.push(text);
            }
            Some(name)
        }
        (name, text) => name.or(text),
    };
    if edited {
        note_parts.insert(
            0,
            if authors.len() > 1 { "(eds.)" } else { "(ed.)" }.to_string(),
        );
    }
    // A note with HTML or links in it (al-folio's annotations) passes the conversion
    // layer; plain text is escaped, so that it prints as written.
    let note = (!note_parts.is_empty()).then(|| {
        note_parts
            .iter()
            .map(|n| {
                if n.contains(['<', ']']) {
                    let mut context = Context {
                        base_url: base_url.map(String::from),
                        ..Context::default()
                    };
                    let converted = foreign(n, "note", &mut context);
                    let mut dropped = Vec::new();
                    let fitted = fit(TextKind::Paragraphs, &converted, &mut dropped);
                    notes.extend(context.warnings);
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
        publication: Publication {
            title: (escape_markdown(&title)).into(),
            authors,
            venue: venue.map(Text::from),
            venue_short: venue_short.map(Text::from),
            year,
            month,
            kind,
            status,
            award: award.map(Text::from),
            note: note.map(Text::from),
            links,
            selected,
        },
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

/// Whether `id` is an arXiv identifier or address.
fn is_arxiv_id(id: &str) -> bool {
    let bare = crate::profile::strip_arxiv_prefix(id);
    !bare.is_empty()
        && bare
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-'))
}

/// A link field as an address: as it is when it has a scheme (or starts with `www.`), else a
/// file of the site at `base_url` (documents under al-folio's `assets/pdf/`). `Err` says why
/// not in words that do not depend on the value, so that the summary can count them.
fn absolute_link(
    value: &str,
    document: bool,
    base_url: Option<&str>,
) -> Result<String, &'static str> {
    // A value without a scheme (other than `www.…`) is a path on the site: al-folio keeps
    // documents named bare (`paper.pdf`) under `assets/pdf/`.
    let lower = value.to_ascii_lowercase();
    let path = value.trim_start_matches("./");
    let on_site;
    let value = if lower.contains("://")
        || lower.starts_with("www.")
        || lower.starts_with("mailto:")
        || lower.starts_with("//")
        || path.starts_with(['/', '#'])
    {
        value
    } else {
        on_site = if document && !path.contains('/') {
            format!("./assets/pdf/{path}")
        } else {
            format!("./{path}")
        };
        on_site.as_str()
    };
    // The one classifier: an address as it is, a path against the site's address.
    match links::address(value, base_url) {
        Ok(links::Address::Web(url)) => Ok(url),
        Ok(links::Address::Mail(_)) => Err("a mail address, not a page"),
        Err(why) if why.contains("--base-url") => {
            Err("a path on the site; give --base-url to link it")
        }
        Err(_) => Err("not a web address"),
    }
}

/// The authors in the paper's order, with their `*`/`†` marks; `and others` is "et al.".
fn authors(fields: &mut Fields, role: &'static str) -> Result<Vec<String>, String> {
    let chunks = fields.chunks(role).ok_or("no authors")?;
    let persons = <Vec<Person> as Type>::from_chunks(chunks).unwrap_or_default();
    let mut authors = Vec::new();
    let mut others = false;
    for person in &persons {
        if person.name.trim() == "others" && person.given_name.trim().is_empty() {
            others = true;
            continue;
        }
        let name = display_name(person, &mut fields.dropped);
        if !name.trim_end_matches(['*', '†']).is_empty() {
            authors.push(name);
        }
    }
    if authors.is_empty() {
        return Err("no authors".into());
    }
    if others {
        authors.push("et al.".into());
    }
    Ok(authors)
}

/// "Given Prefix Family, Suffix", the order the paper prints, LaTeX turned into text and
/// the marks written anywhere in the name (`Zhang*, Zili`, `Zili Zhang$^\dagger$`,
/// `Zili\textsuperscript{*} Zhang`) put after it: `*` equal contribution, `†` corresponding.
fn display_name(person: &Person, dropped: &mut Dropped) -> String {
    let mut parts: Vec<String> = Vec::new();
    for part in [&person.given_name, &person.prefix, &person.name] {
        let text = latex::without_html(&tex::text(part, dropped));
        if !text.trim().is_empty() {
            parts.push(text.trim().to_string());
        }
    }
    // A mark written as a superscript keeps its caret once the math is text.
    let mut name = parts.join(" ").replace('^', "");
    let suffix = tex::text(&person.suffix, dropped);
    if !suffix.trim().is_empty() {
        name = format!("{name}, {}", suffix.trim());
    }
    let equal = name.contains('*');
    let corresponding = name.contains(['†', '‡']);
    let mut name: String = name
        .split(['*', '†', '‡'])
        .collect::<Vec<_>>()
        .join("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if equal {
        name.push('*');
    }
    if corresponding {
        name.push('†');
    }
    // Escaped characters last, so that a literal `^` or `*` is not read as a mark.
    super::literal::restored(&name)
}

/// Year and month: from `date` (BibLaTeX, also a range: its start) or `year` and `month`
/// (a number, a name or a macro; `day` and its ranges are not needed).
fn date(fields: &mut Fields, notes: &mut Vec<String>) -> Result<(u16, Option<u8>), String> {
    if let Some(date) = fields.verbatim("date") {
        let start = date.split('/').next().unwrap_or("");
        let mut parts = start.split('-');
        let year = parts.next().and_then(|y| y.parse::<u16>().ok());
        if let Some(year) = year.filter(|y| (1000..=9999).contains(y)) {
            let month = parts
                .next()
                .and_then(|m| m.get(..2).unwrap_or(m).parse::<u8>().ok())
                .filter(|m| (1..=12).contains(m));
            fields.used.insert("year");
            fields.used.insert("month");
            return Ok((year, month));
        }
    }
    let text = fields.text("year").ok_or("no year")?;
    let year = find_year(&text).ok_or_else(|| format!("year \"{text}\" has no year in it"))?;
    let month = match fields.text("month") {
        None => None,
        Some(text) => {
            let month = month_of(&text);
            if month.is_none() {
                notes.push(format!("month \"{text}\" is not a month; the year is kept"));
            }
            month
        }
    };
    Ok((year, month))
}

/// The first four-digit year in `text` (`2023`, `2023a`, `{2023}`, `2016--2019`).
fn find_year(text: &str) -> Option<u16> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(3)).find_map(|i| {
        let window = &bytes[i..i + 4];
        let bounded = (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes.get(i + 4).is_none_or(|b| !b.is_ascii_digit());
        if bounded && window.iter().all(u8::is_ascii_digit) {
            text[i..i + 4]
                .parse()
                .ok()
                .filter(|y| (1000..=9999).contains(y))
        } else {
            None
        }
    })
}

/// A month from `4`, `04`, `apr`, `April`, `Apr.`, `Sept`, the first of `jun--jul`, or a
/// date written into the field (`2016-06-03T00:00:00`).
fn month_of(text: &str) -> Option<u8> {
    if let Some((year, rest)) = text.trim().split_once('-') {
        if year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) {
            return month_of(rest.get(..2).unwrap_or(rest));
        }
    }
    let first: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    crate::import::month_number(&first)
}

/// Whether an entry of this type is a report or a work of no type (`@misc`, `@online`,
/// `@unpublished`, `@techreport`): what a preprint is filed as.
fn is_report(entry_type: &EntryType) -> bool {
    matches!(
        entry_type,
        EntryType::Misc | EntryType::Online | EntryType::Unpublished | EntryType::TechReport
    )
}

/// The kind of publication an entry type (and its venue) says; `preprint` when the entry
/// says it is one.
fn kind(entry_type: &EntryType, booktitle: Option<&str>, preprint: bool) -> PublicationKind {
    match entry_type {
        EntryType::Article | EntryType::Periodical => PublicationKind::Journal,
        EntryType::InProceedings | EntryType::Proceedings | EntryType::MvProceedings => {
            if booktitle.is_some_and(|b| b.to_lowercase().contains("workshop")) {
                PublicationKind::Workshop
            } else {
                PublicationKind::Conference
            }
        }
        EntryType::Thesis | EntryType::PhdThesis | EntryType::MastersThesis => {
            PublicationKind::Thesis
        }
        EntryType::Patent => PublicationKind::Patent,
        _ if preprint && is_report(entry_type) => PublicationKind::Preprint,
        EntryType::Unknown(t) if t.eq_ignore_ascii_case("conference") => {
            PublicationKind::Conference
        }
        _ => PublicationKind::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_and_months_as_people_write_them() {
        assert_eq!(find_year("2023"), Some(2023));
        assert_eq!(find_year("2023a"), Some(2023));
        assert_eq!(find_year("since 2016--2019"), Some(2016));
        assert_eq!(find_year("20234"), None);
        assert_eq!(find_year("in press"), None);
        assert_eq!(month_of("Apr."), Some(4));
        assert_eq!(month_of("sept"), Some(9));
        assert_eq!(month_of("June--July"), Some(6));
        assert_eq!(month_of("07"), Some(7));
        assert_eq!(month_of("21"), None);
        assert_eq!(month_of("2016-06-03T00:00:00"), Some(6));
        assert_eq!(month_of("ma"), None);
    }
}
