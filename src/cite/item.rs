//! A publication as a CSL item: the profile's fields mapped onto CSL's types and variables
//! (CSL 1.0.2, appendix "Variables"), the form citeproc-js and Zotero read too. One rule per
//! field; the table in `docs/citation-styles.md` says the same in words.

use std::collections::BTreeMap;

use hayagriva::citationberg::json::{
    DateValue, FixedDate, FixedDateRange, Item, NameItem, NameValue, Value,
};

use crate::profile::{author_marks, PublicationKind, PublicationStatus, ThesisDegree};
use crate::profile::{one_line, Publication};

/// The CSL type of a kind of publication.
pub fn csl_type(kind: PublicationKind) -> &'static str {
    match kind {
        PublicationKind::Journal => "article-journal",
        PublicationKind::Conference | PublicationKind::Workshop => "paper-conference",
        PublicationKind::Book | PublicationKind::Edited => "book",
        PublicationKind::Chapter => "chapter",
        PublicationKind::Report => "report",
        PublicationKind::Thesis => "thesis",
        // CSL's type for a preprint (`article`: "a preprint, working paper or other
        // unpublished document" in CSL 1.0.2).
        PublicationKind::Preprint => "article",
        PublicationKind::Patent => "patent",
        PublicationKind::Dataset => "dataset",
        PublicationKind::Software => "software",
        PublicationKind::Other => "document",
    }
}

/// The words of the CV's language a CSL item takes from cvpdf (a thesis's degree, a status),
/// read from `i18n.yaml`.
pub struct Words<'a> {
    /// `publication.degrees`: the degree of a thesis by key.
    pub degrees: &'a serde_yaml::Value,
    /// `status`: a paper not published yet, by status.
    pub status: &'a serde_yaml::Value,
}

/// `paper` as the CSL item `id`.
pub fn item(id: &str, paper: &Publication, words: &Words) -> Item {
    let mut map = BTreeMap::new();
    let mut put = |key: &str, value: Option<Value>| {
        if let Some(value) = value {
            map.insert(key.to_string(), value);
        }
    };
    let text = |s: &str| {
        let s = one_line(&plain(s));
        (!s.is_empty()).then_some(Value::String(s))
    };
    let opt = |s: Option<&str>| s.and_then(text);
    put("id", Some(Value::String(id.to_string())));
    put("type", Some(Value::String(csl_type(paper.kind).into())));
    put("title", text(&paper.title));
    put("author", names(&paper.authors));
    put("editor", names(&paper.editors));
    put("container-title", opt(paper.venue.as_deref()));
    put("container-title-short", opt(paper.venue_short.as_deref()));
    let number_text = |s: Option<&str>| opt(s).map(as_number_text);
    put("volume", number_text(paper.volume.as_deref()));
    put("issue", number_text(paper.issue.as_deref()));
    put("page", opt(paper.pages.as_deref()));
    put("edition", number_text(paper.edition.as_deref()));
    put("publisher", opt(paper.publisher.as_deref()));
    put("publisher-place", opt(paper.place.as_deref()));
    put("collection-title", opt(paper.series.as_deref()));
    // A number is a report's or patent's own, or (with a series) the number in the series.
    let in_series = paper.series.is_some()
        && !matches!(
            paper.kind,
            PublicationKind::Report | PublicationKind::Patent
        );
    let number = if in_series {
        "collection-number"
    } else {
        "number"
    };
    put(number, number_text(paper.number.as_deref()));
    put("ISBN", opt(paper.isbn.as_deref()));
    put("version", opt(paper.version.as_deref()));
    put("genre", genre(paper, words));
    put("status", status(paper.status, words));
    put("issued", issued(paper.year, paper.month));
    put_links(&mut map, paper);
    Item(map)
}

/// The links a reference prints: the DOI (bare, as CSL wants it), and an address — the
/// arXiv page of a preprint, the code of software, else the paper's web page.
fn put_links(map: &mut BTreeMap<String, Value>, paper: &Publication) {
    let links = paper.links.addresses();
    let address = |key: &str| {
        links
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, u)| u.clone())
    };
    if let Some(doi) = address("doi") {
        let doi = crate::link::doi::without_resolver(&doi).to_string();
        map.insert("DOI".into(), Value::String(doi));
    }
    let arxiv = paper
        .links
        .arxiv
        .as_deref()
        .map(|id| crate::link::arxiv::without_prefix(id).to_string())
        .and_then(|id| crate::link::arxiv::of_address(&id).or(Some(id)))
        .filter(|id| crate::link::arxiv::is_id(id));
    if paper.kind == PublicationKind::Preprint {
        if let Some(id) = &arxiv {
            // As Zotero records an arXiv preprint: the archive is the publisher, the id its
            // number — bare, since styles name the archive themselves (IEEE's "arXiv: ID"
            // would otherwise read "arXiv: arXiv:ID").
            map.insert("publisher".into(), Value::String("arXiv".into()));
            map.insert("number".into(), Value::String(id.clone()));
        }
    }
    let url = match paper.kind {
        PublicationKind::Software => address("code").or_else(|| address("web")),
        PublicationKind::Preprint => address("arxiv").or_else(|| address("web")),
        _ => address("web"),
    };
    if let Some(url) = url {
        map.insert("URL".into(), Value::String(url));
    }
}

/// A joiner hayagriva reads as no digit, and [`super::runs`] takes out of the formatted text.
pub const JOINER: char = '\u{2060}';

/// A number variable's value as hayagriva should read it. CSL calls a value numeric when it
/// is numbers, each with at most letters before and after (`D2`, `2b`), joined by `-`, `,` or
/// `&` (`12-15`, `2, 3`); citeproc-js reads it so. hayagriva also reads a document number such
/// as `TR-2024-17` or `US 11,234,567` as a range or list of numbers (printed `Nos.
/// TR-2024–17`, `US 11, 234, 567`). Such a value gets a [`JOINER`] before each digit that
/// follows a delimiter, which makes hayagriva keep it as text; the joiners are removed again
/// from what it prints.
fn as_number_text(value: Value) -> Value {
    let Value::String(text) = value else {
        return value;
    };
    if is_csl_numeric(&text) {
        return Value::String(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut after_delimiter = false;
    for c in text.chars() {
        if c.is_numeric() && after_delimiter {
            out.push(JOINER);
        }
        if !c.is_whitespace() {
            after_delimiter = matches!(c, '-' | ',' | '&' | '–');
        }
        out.push(c);
    }
    Value::String(out)
}

/// Whether CSL calls `text` numeric (see [`as_number_text`]).
fn is_csl_numeric(text: &str) -> bool {
    let one = |part: &str| {
        let part = part.trim();
        let digits = part.trim_start_matches(char::is_alphabetic);
        let digits = digits.trim_end_matches(char::is_alphabetic);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    !text.trim().is_empty() && text.split(['-', ',', '&', '–']).all(one)
}

/// A thesis's degree as CSL's `genre`, in the CV's language ("PhD thesis").
fn genre(paper: &Publication, words: &Words) -> Option<Value> {
    if paper.kind != PublicationKind::Thesis {
        return None;
    }
    let text = match paper.degree.as_ref()? {
        ThesisDegree::Known(degree) => words.degrees.get(<&str>::from(*degree))?.as_str()?,
        ThesisDegree::Other(text) => text.as_str(),
    };
    Some(Value::String(one_line(text)))
}

/// A paper not published yet: its status in the CV's language (CSL's `status`, which styles
/// print where a date would stand).
fn status(status: PublicationStatus, words: &Words) -> Option<Value> {
    if status == PublicationStatus::Published {
        return None;
    }
    let word = words.status.get(<&str>::from(status))?.as_str()?;
    Some(Value::String(word.to_string()))
}

/// The date of publication; none for a paper not out yet (and a year CSL cannot hold).
fn issued(year: Option<u16>, month: Option<u8>) -> Option<Value> {
    let year = i16::try_from(year?).ok()?;
    let start = FixedDate {
        year,
        month: month.filter(|m| (1..=12).contains(m)).map(|m| m - 1),
        day: None,
        season: None,
        circa: false,
    };
    Some(Value::Date(DateValue::Raw {
        raw: FixedDateRange { start, end: None },
        literal: None,
        season: None,
    }))
}

/// People as CSL names, their marks (`*`, `†`) off: a name of one word (a mononym, or a name
/// in a script written without spaces) as it is, others split into given and family names the
/// way BibTeX splits them (`Ludwig van Beethoven`, `Keller, Maria`, `King, Jr., Martin`).
fn names(people: &[String]) -> Option<Value> {
    let names: Vec<NameValue> = people.iter().map(|raw| name(author_marks(raw).0)).collect();
    (!names.is_empty()).then_some(Value::Names(names))
}

/// One person's name as CSL reads it.
fn name(written: &str) -> NameValue {
    let written = one_line(written);
    // `=` would make the name biblatex's extended name format (`family=…`).
    if !written.contains([' ', ',']) || written.contains('=') {
        return NameValue::Literal(hayagriva::citationberg::json::LiteralName { literal: written });
    }
    let chunk = biblatex::Spanned::detached(biblatex::Chunk::Normal(written.clone()));
    let person = biblatex::Person::parse(&[chunk]);
    let given = (!person.given_name.is_empty()).then_some(person.given_name);
    if person.name.is_empty() {
        return NameValue::Literal(hayagriva::citationberg::json::LiteralName { literal: written });
    }
    NameValue::Item(NameItem {
        family: person.name,
        given,
        non_dropping_particle: (!person.prefix.is_empty()).then_some(person.prefix),
        dropping_particle: None,
        suffix: (!person.suffix.is_empty()).then_some(person.suffix),
        comma_suffix: None,
    })
}

/// Inline markdown as the text it shows (CSL items hold plain text).
fn plain(text: &str) -> String {
    crate::profile::markup::inline::plain_text(&crate::profile::markup::inline::parse(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn family(n: &NameValue) -> (String, Option<String>, Option<String>) {
        match n {
            NameValue::Item(i) => (
                i.family.clone(),
                i.given.clone(),
                i.non_dropping_particle.clone(),
            ),
            NameValue::Literal(l) => (l.literal.clone(), None, None),
        }
    }

    #[test]
    fn names_split_as_bibtex_splits_them() {
        let f = |s: &str| family(&name(s));
        assert_eq!(
            f("Maria Keller"),
            ("Keller".into(), Some("Maria".into()), None)
        );
        assert_eq!(
            f("Keller, Maria"),
            ("Keller".into(), Some("Maria".into()), None)
        );
        assert_eq!(
            f("Ludwig van Beethoven"),
            (
                "Beethoven".into(),
                Some("Ludwig".into()),
                Some("van".into())
            )
        );
        assert_eq!(f("张子立"), ("张子立".into(), None, None));
        assert_eq!(f("Plato"), ("Plato".into(), None, None));
    }

    #[test]
    fn document_numbers_stay_text_and_numbers_stay_numbers() {
        for numeric in ["12", "12-15", "2, 3", "2 & 4", "D2", "2b", "L2d", "e1234"] {
            assert!(is_csl_numeric(numeric), "{numeric}");
        }
        for text in [
            "TR-2024-17",
            "US 11,234,567",
            "MSR-TR-2019-12",
            "Revised",
            "2nd ed",
            "",
        ] {
            assert!(!is_csl_numeric(text), "{text}");
        }
        let shown = |s: &str| match as_number_text(Value::String(s.into())) {
            Value::String(s) => s,
            _ => unreachable!(),
        };
        assert_eq!(shown("12-15"), "12-15");
        assert_eq!(shown("TR-2024-17"), "TR-\u{2060}2024-\u{2060}17");
        assert_eq!(shown("US 11, 234"), "US 11, \u{2060}234");
    }
}
