//! Publications as a citation style prints them (issue 49): each paper mapped to a CSL item
//! (`item.rs`), formatted by hayagriva (Typst's CSL processor) in the CV's language, and handed
//! on as runs of text with their look (`runs.rs`) — for the Typst source of a CV and for the
//! lab's people page alike, so that both print the same reference.
//!
//! Each reference stands alone, in the list's order (cvpdf's groups and numbers, not the
//! style's sorting): a CV repeats one author in every entry, so the style's devices for a
//! bibliography of many authors — "2020a"/"2020b", "———" for a repeated author — would only
//! mislead ([`crate::csl`] turns them off). The style's own citation number is left out;
//! cvpdf numbers its lists.

mod case;
mod item;
mod runs;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use hayagriva::citationberg::{Locale, LocaleCode};
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, ElemChildren,
};

pub use crate::csl::CitationStyle;
pub use item::{csl_type, item, Words};
pub use runs::{Look, Run};

use crate::profile::{author_marks, Publication};

/// One person of a paper's author (or editor) list as the reference shows them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
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
    let entries: Vec<_> = papers
        .iter()
        .enumerate()
        .map(|(i, (paper, _, _))| item(&format!("p{i}"), paper, &words))
        .collect();
    // Words such as `GNNs` or `eLife` keep their case in any style (see `case`).
    let guards: Vec<bool> = entries.iter().map(case::can_guard).collect();
    let entries: Vec<_> = entries
        .into_iter()
        .zip(&guards)
        .map(|(entry, &guard)| if guard { case::guarded(entry) } else { entry })
        .collect();
    // A page budget compiles a CV several times, and the variants of one profile share its
    // papers: the same list in the same style and language is formatted once.
    let key = {
        use siphasher::sip128::{Hasher128, SipHasher13};
        use std::hash::Hash;
        let mut hasher = SipHasher13::new();
        (&entries, style, lang).hash(&mut hasher);
        papers
            .iter()
            .for_each(|(_, authors, editors)| (authors, editors).hash(&mut hasher));
        hasher.finish128().as_u128()
    };
    static MADE: OnceLock<Mutex<HashMap<u128, Vec<Vec<Run>>>>> = OnceLock::new();
    let made = MADE.get_or_init(Mutex::default);
    if let Some(runs) = made.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return runs.clone();
    }
    let in_quotes = punctuation_in_quotes(style, locale.as_ref(), locale_files(lang));
    let mut formatted = format_all(&entries, style, locale, lang);
    let runs: Vec<Vec<Run>> = papers
        .iter()
        .enumerate()
        .map(|(i, (_, authors, editors))| {
            let content = formatted.remove(&format!("p{i}")).unwrap_or_default();
            let mut runs = runs::from_rendered(&content, authors, editors, in_quotes);
            if guards[i] {
                for run in &mut runs {
                    if let std::borrow::Cow::Owned(text) = case::unguarded(&run.text) {
                        run.text = text;
                    }
                }
            }
            runs
        })
        .collect();
    let mut made = made.lock().unwrap_or_else(|e| e.into_inner());
    // Bounded, so that a batch of thousands of profiles or a long watch keeps memory flat.
    if made.len() >= MADE_KEPT {
        made.clear();
    }
    made.insert(key, runs.clone());
    runs
}

/// How many formatted lists [`references`] keeps (a batch's workers' current profiles and
/// their variants, with room to spare).
const MADE_KEPT: usize = 64;

/// The plain text of a reference (what the tests compare with citeproc-js).
pub fn plain(runs: &[Run]) -> String {
    runs.iter().map(|r| r.text.as_str()).collect()
}

/// The entries formatted in one bibliography (`lang` the CV's), by id. The style stands each
/// entry alone ([`crate::csl`]), so one bibliography gives what each would give by itself, and
/// the style's set-up (its sorting collator, the locale's terms) is made once per list.
fn format_all(
    entries: &[hayagriva::citationberg::json::Item],
    style: &CitationStyle,
    locale: Option<LocaleCode>,
    lang: &str,
) -> HashMap<String, ElemChildren> {
    let locales = locale_files(lang);
    let mut driver = BibliographyDriver::new();
    for entry in entries {
        // Cited hidden: listed in the bibliography, no citation text made for it.
        let mut item = CitationItem::with_entry(entry);
        item.hidden = true;
        let mut request = CitationRequest::from_items(vec![item], &style.csl, locales);
        request.locale = locale.clone();
        driver.citation(request);
    }
    let rendered = driver.finish(BibliographyRequest {
        style: &style.csl,
        locale,
        locale_files: locales,
    });
    let items = rendered.bibliography.map(|b| b.items).unwrap_or_default();
    items
        .into_iter()
        .map(|item| {
            // A style that aligns its second field (IEEE's `[1]`, Vancouver's `1.`) has
            // hayagriva take the entry's first element with a meta out as its "first field".
            // It is meant for the citation number, which cvpdf leaves out; anything else taken
            // so goes back in front.
            let mut content = item.content;
            if let Some(first) = item.first_field.filter(|f| !runs::is_citation_label(f)) {
                content.0.insert(0, first);
            }
            (item.key, content)
        })
        .collect()
}

/// The locale a reference is formatted in: the style's own when it is for the CV's language
/// (an `en-GB` style for an English CV stays British), else the CV's language, whose CSL
/// locale hayagriva finds (`de` → `de-DE`, as citeproc-js does).
fn request_locale(style: &CitationStyle, lang: &str) -> Option<LocaleCode> {
    let own = style.csl.default_locale.as_ref();
    let same = own.is_some_and(|code| code.0.split('-').next() == Some(lang));
    (!same).then(|| LocaleCode(lang.to_string()))
}

/// Whether a full stop or comma after closing quotation marks goes inside them (American
/// English), as the locale of the reference says: the first of the style's own locales (the
/// code, its language, the untagged one) and then of the locale files (the code, the
/// language's main variant, US English) that says either, as hayagriva looks it up.
fn punctuation_in_quotes(
    style: &CitationStyle,
    locale: Option<&LocaleCode>,
    files: &[Locale],
) -> bool {
    let code = locale
        .or(style.csl.default_locale.as_ref())
        .cloned()
        .unwrap_or_else(LocaleCode::en_us);
    let language = code.0.split('-').next().map(|l| LocaleCode(l.to_string()));
    let said = |locales: &[Locale], lang: Option<&LocaleCode>| {
        let locale = locales.iter().find(|l| l.lang.as_ref() == lang)?;
        locale.style_options.as_ref()?.punctuation_in_quote
    };
    let own = &style.csl.locale;
    said(own, Some(&code))
        .or_else(|| said(own, language.as_ref()))
        .or_else(|| said(own, None))
        .or_else(|| said(files, Some(&code)))
        .or_else(|| said(files, code.fallback().as_ref()))
        .or_else(|| said(files, Some(&LocaleCode::en_us())))
        .unwrap_or(false)
}

/// The code of a CBOR-encoded CSL locale as hayagriva's archive writes it: a map whose first
/// entry is `@xml:lang` and the code as text, `{"@xml:lang": "de-DE", …}`.
fn locale_code(bytes: &[u8]) -> Option<&str> {
    const KEY: &[u8] = b"\x69@xml:lang";
    let rest = bytes.get(1..)?.strip_prefix(KEY)?;
    let len = usize::from(rest.first()?.checked_sub(0x60).filter(|n| *n < 24)?);
    std::str::from_utf8(rest.get(1..1 + len)?).ok()
}

/// The CSL locales a reference in `lang` may need, parsed once per process and language:
/// those of the language (`de`, `de-DE`, `de-AT`, …) and US English, every locale's last
/// fallback. Parsing all 63 locales hayagriva carries took 116 ms, more than a render.
fn locale_files(lang: &str) -> &'static [Locale] {
    static BY_LANGUAGE: OnceLock<Mutex<HashMap<String, &'static [Locale]>>> = OnceLock::new();
    let mut cache = BY_LANGUAGE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(locales) = cache.get(lang) {
        return locales;
    }
    let wanted =
        |code: &str| code == "en-US" || code == lang || code.starts_with(&format!("{lang}-"));
    // Only the locales of those codes are parsed: the code is read from the front of each
    // file's bytes (see `locale_code`), and a file whose front is laid out otherwise is parsed
    // to find out.
    let locales: Vec<Locale> = hayagriva::archive::LOCALES
        .iter()
        .filter(|bytes| locale_code(bytes).is_none_or(wanted))
        .filter_map(|bytes| ciborium::from_reader::<Locale, _>(*bytes).ok())
        .filter(|locale| locale.lang.as_ref().is_some_and(|code| wanted(&code.0)))
        .collect();
    // One small table per language of a run (at most the ten cvpdf speaks), kept for the
    // process's life like the styles.
    let locales: &'static [Locale] = Vec::leak(locales);
    cache.insert(lang.to_string(), locales);
    locales
}

#[cfg(test)]
mod tests;
