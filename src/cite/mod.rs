//! Publications as a citation style prints them (issue 49): each paper mapped to a CSL item
//! (`item.rs`), formatted by hayagriva (Typst's CSL processor) in the CV's language, and handed
//! on as runs of text with their look (`runs.rs`) — for the Typst source of a CV and for the
//! lab's people page alike, so that both print the same reference.
//!
//! Each reference is formatted on its own, in the list's order (cvpdf's groups and numbers,
//! not the style's sorting): a CV repeats one author in every entry, so the style's devices
//! for a bibliography of many authors — "2020a"/"2020b", "———" for a repeated author — would
//! only mislead. The style's own citation number is left out; cvpdf numbers its lists.

mod item;
mod runs;

use std::sync::OnceLock;

use hayagriva::citationberg::{Locale, LocaleCode};
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, ElemChildren,
};

pub use crate::csl::CitationStyle;
pub use item::{csl_type, item, Words};
pub use runs::{Look, Run};

use crate::profile::{author_marks, Publication};

/// One person of a paper's author (or editor) list as the reference shows them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Person {
    /// Whether the name is the researcher's own (a CV) or a member's (the lab): printed bold.
    pub own: bool,
    /// `*`: equal contribution.
    pub equal: bool,
    /// `†`: corresponding author.
    pub corresponding: bool,
}

/// Who is who in a paper's author list: `own` says whether a name (marks off) is the
/// researcher's own.
pub fn people(names: &[String], own: impl Fn(&str) -> bool) -> Vec<Person> {
    names
        .iter()
        .map(|raw| {
            let (name, equal, corresponding) = author_marks(raw);
            Person {
                own: own(name),
                equal,
                corresponding,
            }
        })
        .collect()
}

/// The reference of each of `papers` in `style`, in the CV's language `lang` (a key of
/// `i18n.yaml`): runs of text, the own names bold with their marks after them, links checked.
/// `people` gives, for each paper, its authors' and editors' [`Person`]s.
pub fn references(
    papers: &[(&Publication, Vec<Person>, Vec<Person>)],
    style: &CitationStyle,
    lang: &str,
) -> Vec<Vec<Run>> {
    let table = crate::template::words_of(lang);
    let words = Words {
        degrees: &table["publication"]["degrees"],
        status: &table["status"],
    };
    let locale = request_locale(style, lang);
    papers
        .iter()
        .enumerate()
        .map(|(i, (paper, authors, editors))| {
            let entry = item(&format!("p{i}"), paper, &words);
            let rendered = format_one(&entry, style, locale.clone());
            runs::from_rendered(&rendered, authors, editors)
        })
        .collect()
}

/// The plain text of a reference (what the tests compare with citeproc-js).
pub fn plain(runs: &[Run]) -> String {
    runs.iter().map(|r| r.text.as_str()).collect()
}

/// One entry formatted alone; what hayagriva gives for its bibliography's only item.
fn format_one(
    entry: &hayagriva::citationberg::json::Item,
    style: &CitationStyle,
    locale: Option<LocaleCode>,
) -> ElemChildren {
    let locales = locale_files();
    let mut driver = BibliographyDriver::new();
    let mut request =
        CitationRequest::from_items(vec![CitationItem::with_entry(entry)], &style.csl, locales);
    request.locale = locale.clone();
    driver.citation(request);
    let rendered = driver.finish(BibliographyRequest {
        style: &style.csl,
        locale,
        locale_files: locales,
    });
    let Some(item) = rendered
        .bibliography
        .and_then(|b| b.items.into_iter().next())
    else {
        return ElemChildren::default();
    };
    // A style that aligns its second field (IEEE's `[1]`, Vancouver's `1.`) has hayagriva
    // take the entry's first element with a meta out as its "first field". It is meant for the
    // citation number, which cvpdf leaves out; anything else taken so goes back in front.
    let mut content = item.content;
    if let Some(first) = item.first_field.filter(|f| !runs::is_citation_label(f)) {
        content.0.insert(0, first);
    }
    content
}

/// The locale a reference is formatted in: the style's own when it is for the CV's language
/// (an `en-GB` style for an English CV stays British), else the CV's language, whose CSL
/// locale hayagriva finds (`de` → `de-DE`, as citeproc-js does).
fn request_locale(style: &CitationStyle, lang: &str) -> Option<LocaleCode> {
    let own = style.csl.default_locale.as_ref();
    let same = own.is_some_and(|code| code.0.split('-').next() == Some(lang));
    (!same).then(|| LocaleCode(lang.to_string()))
}

/// CSL's locale files (the terms of every language), parsed once per process.
fn locale_files() -> &'static [Locale] {
    static LOCALES: OnceLock<Vec<Locale>> = OnceLock::new();
    LOCALES.get_or_init(hayagriva::archive::locales)
}

#[cfg(test)]
mod tests;
