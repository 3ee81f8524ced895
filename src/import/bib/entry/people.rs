//! An entry's authors (or editors) as the paper prints them, with their marks.

use biblatex::{Chunk, Person, Spanned, Type};

use super::super::{latex, literal};
use super::Fields;
use crate::import::convert::controls::without_controls;
use crate::import::convert::papers::MAX_AUTHORS;
use crate::import::convert::tex::{self, Dropped};

/// The authors in the paper's order, with their `*`/`†` marks; `and others` is "et al.".
pub(super) fn authors(fields: &mut Fields, role: &'static str) -> Result<Vec<String>, String> {
    let chunks = fields.chunks(role).ok_or("no authors")?;
    let chunks = as_bibtex_splits(chunks, &mut fields.dropped);
    let persons = <Vec<Person> as Type>::from_chunks(&chunks).unwrap_or_default();
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
    // A collaboration's thousands: the first ones, and "et al." for the rest.
    if authors.len() > MAX_AUTHORS {
        authors.truncate(MAX_AUTHORS);
        others = true;
    }
    if others {
        authors.push("et al.".into());
    }
    Ok(authors)
}

/// A name list's chunks as BibTeX reads them before it cuts names into parts: the LaTeX
/// outside braces made text first (`\relax`, `\thanks{…}` gone, `\textsc{Mary}` → `Mary`), so
/// that the parts are cut from the words a reader sees and not from a command's name; and
/// `and` in any case (`AND`, `And`) between names, as BibTeX splits at it; control characters
/// (a terminal's `ESC[31m`) gone.
fn as_bibtex_splits(chunks: &[Spanned<Chunk>], dropped: &mut Dropped) -> Vec<Spanned<Chunk>> {
    let extended = extended_name_format(chunks);
    let equals = |text: String| {
        if extended {
            text
        } else {
            literal::equals_protected(&text)
        }
    };
    chunks
        .iter()
        .map(|chunk| match &chunk.v {
            Chunk::Normal(text) => {
                let text = equals(tex::text(text, dropped));
                let text = without_controls(&text).unwrap_or(text);
                let words: Vec<&str> = text.split(' ').collect();
                let words: Vec<&str> = words
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        // A separator has a word (or a chunk's edge) on each side.
                        let inner = i > 0 && i + 1 < words.len();
                        if inner && w.eq_ignore_ascii_case("and") {
                            "and"
                        } else {
                            w
                        }
                    })
                    .collect();
                Spanned::new(Chunk::Normal(words.join(" ")), chunk.span.clone())
            }
            Chunk::Verbatim(text) => Spanned::new(
                Chunk::Verbatim(equals(
                    without_controls(text).unwrap_or_else(|| text.clone()),
                )),
                chunk.span.clone(),
            ),
            Chunk::Math(_) => chunk.clone(),
        })
        .collect()
}

/// Whether a name list is in biblatex's extended name format: some part named with `=`
/// (`family=Smith, given=John`), spaces around the `=` allowed.
fn extended_name_format(chunks: &[Spanned<Chunk>]) -> bool {
    const PARTS: [&str; 8] = [
        "family",
        "given",
        "prefix",
        "suffix",
        "useprefix",
        "id",
        "given-i",
        "prefix-i",
    ];
    chunks.iter().any(|chunk| {
        let text: String = chunk.v.get().split_whitespace().collect();
        let text = text.to_ascii_lowercase();
        PARTS.iter().any(|part| {
            text.match_indices(&format!("{part}=")).any(|(at, _)| {
                at == 0 || !text[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            })
        })
    })
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
    literal::restored(&name)
}
