//! Citation styles (CSL): the styles Typst ships, by name (`apa`, `ieee`, …, from hayagriva's
//! archive), and a lab's own `.csl` file, each parsed once per process and shared by every
//! CV of a run (issue 49). The style `cvpdf` is cvpdf's own layout: no CSL at all.

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use hayagriva::archive::ArchivedStyle;
use hayagriva::citationberg::{IndependentStyle, Style as Csl};

mod spelt;

use crate::diag::unknown;
use crate::diag::Problem;

/// The name of cvpdf's own layout, which a variant may set to undo a lab's CSL style.
pub const OWN: &str = "cvpdf";

/// The largest `.csl` file read (the biggest styles of the CSL repository are about 100 KB).
const MAX_CSL_BYTES: u64 = 1024 * 1024;

/// A CSL style, parsed, ready to format references.
#[derive(Clone)]
pub struct CitationStyle {
    /// A built-in style's name, or the file's path as the configuration gives it.
    pub name: String,
    /// The `.csl` file it was read from (none for a built-in style).
    pub path: Option<PathBuf>,
    /// What the style was made from: the built-in name's or the file's content digest, so that
    /// two reads of an unchanged file are the same style (and an edit is another).
    digest: crate::digest::Digest,
    /// The parsed style, as cvpdf lists references ([`prepared`]).
    pub csl: Arc<IndependentStyle>,
}

impl fmt::Debug for CitationStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CitationStyle")
            .field("name", &self.name)
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl PartialEq for CitationStyle {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, &self.path, self.digest) == (&other.name, &other.path, other.digest)
    }
}

impl Eq for CitationStyle {}

impl Hash for CitationStyle {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.name, &self.path, self.digest).hash(state);
    }
}

/// Every name a built-in style answers to, sorted (`apa` and
/// `american-psychological-association` both).
pub fn builtin_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = ArchivedStyle::all()
        .iter()
        .filter(|style| lists_references(**style))
        .flat_map(|style| style.names().iter().copied())
        .collect();
    names.sort_unstable();
    names
}

/// The built-in styles as (first name, full name) pairs, for `cvpdf templates`.
pub fn builtin_styles() -> Vec<(&'static str, &'static str)> {
    let mut styles: Vec<_> = ArchivedStyle::all()
        .iter()
        .filter(|style| lists_references(**style))
        .map(|style| (style.names()[0], style.display_name()))
        .collect();
    styles.sort_unstable();
    styles
}

/// Whether a built-in style lists references (`alphanumeric` only makes citations). It parses
/// the style (kept for the process): only listing every style, for `cvpdf templates` and the
/// help of an unknown name, asks this of them all.
fn lists_references(style: ArchivedStyle) -> bool {
    parsed_builtin(style).is_some_and(|csl| csl.bibliography.is_some())
}

/// Resolves a `citation_style`: `None` for cvpdf's own layout, else the built-in style of that
/// name or, for a value naming a `.csl` file (or holding a slash), the file at that path.
/// The caller has confined the path (relative to the configuration, inside its tree).
pub fn resolve(spec: &str, path: Option<&Path>) -> Result<Option<CitationStyle>, Problem> {
    let spec = spec.trim();
    if spec == OWN {
        return Ok(None);
    }
    if let Some(path) = path.filter(|_| is_path(spec)) {
        return from_file(spec, path).map(Some);
    }
    let Some(style) = ArchivedStyle::by_name(spec) else {
        let names = builtin_names();
        return Err(unknown(
            "citation style",
            spec,
            names.iter().copied().chain([OWN]),
            || list_help(&names),
        ));
    };
    let csl = parsed_builtin(style).filter(|csl| csl.bibliography.is_some());
    let Some(csl) = csl else {
        return Err(Problem::error(format!(
            "the citation style \"{spec}\" has no bibliography: it only makes citations"
        ))
        .with_help(list_help(&builtin_names())));
    };
    Ok(Some(CitationStyle {
        name: spec.to_string(),
        path: None,
        digest: crate::digest::digest(style.names()[0].as_bytes()),
        csl,
    }))
}

/// `csl` as cvpdf formats with it: its shorthands spelt out for hayagriva ([`spelt`]), each
/// reference standing alone ([`standing_alone`]).
fn prepared(csl: IndependentStyle) -> IndependentStyle {
    standing_alone(spelt::spelt_out(csl))
}

/// `csl` for a CV's list, where each reference stands alone in cvpdf's order: nothing that
/// relates an entry to the others — names or year suffixes added to tell two apart ("2020a"),
/// an author repeated from the entry above replaced ("———"), the style's sorting. A CV
/// repeats one author in every entry, so these would only mislead; and with them off, one
/// bibliography formats the whole list at once.
fn standing_alone(mut csl: IndependentStyle) -> IndependentStyle {
    csl.citation.disambiguate_add_givenname = false;
    csl.citation.disambiguate_add_names = false;
    csl.citation.disambiguate_add_year_suffix = false;
    if let Some(bibliography) = csl.bibliography.as_mut() {
        bibliography.subsequent_author_substitute = None;
        bibliography.sort = None;
    }
    csl
}

/// Whether a `citation_style` value names a file rather than a built-in style.
pub fn is_path(spec: &str) -> bool {
    Path::new(spec).extension().is_some_and(|e| e == "csl") || spec.contains(['/', '\\'])
}

/// The help listing what a `citation_style` may be.
fn list_help(names: &[&str]) -> String {
    format!(
        "a citation style is \"{OWN}\" (cvpdf's own layout), a path to a .csl file, or one of \
         the styles Typst ships: {} (`cvpdf templates` lists them with their full names)",
        names.join(", ")
    )
}

/// Parsed styles by a key (a built-in style's first name, a file's digest); `None` for a
/// built-in style that is not independent.
type Parsed<K> = OnceLock<Mutex<HashMap<K, Option<Arc<IndependentStyle>>>>>;

/// A built-in style, parsed once per process.
fn parsed_builtin(style: ArchivedStyle) -> Option<Arc<IndependentStyle>> {
    static PARSED: Parsed<&'static str> = OnceLock::new();
    let parsed = PARSED.get_or_init(Mutex::default);
    let mut parsed = parsed.lock().unwrap_or_else(|e| e.into_inner());
    parsed
        .entry(style.names()[0])
        .or_insert_with(|| match style.get() {
            Csl::Independent(csl) => Some(Arc::new(prepared(csl))),
            Csl::Dependent(_) => None,
        })
        .clone()
}

/// A `.csl` file read and parsed; the same content is parsed once per process.
fn from_file(spec: &str, path: &Path) -> Result<CitationStyle, Problem> {
    static PARSED: Parsed<crate::digest::Digest> = OnceLock::new();
    let bytes = crate::input::read_bytes(path, "citation style", MAX_CSL_BYTES)?;
    let digest = crate::digest::digest(&bytes);
    let parsed = PARSED.get_or_init(Mutex::default);
    let known = parsed
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&digest)
        .cloned()
        .flatten();
    let csl = match known {
        Some(csl) => csl,
        None => {
            let csl = Arc::new(prepared(parse_file(&bytes, path)?));
            parsed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(digest, Some(Arc::clone(&csl)));
            csl
        }
    };
    Ok(CitationStyle {
        name: spec.to_string(),
        path: Some(path.to_path_buf()),
        digest,
        csl,
    })
}

/// The independent style with a bibliography that `bytes` (the file at `path`) hold.
fn parse_file(bytes: &[u8], path: &Path) -> Result<IndependentStyle, Problem> {
    let shown = path.display();
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Problem::error(format!("the citation style {shown} is not UTF-8 text")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A well-formedness check first: the XML reader says where (line and column), the CSL
    // reader only what.
    if let Err(err) = roxmltree::Document::parse(text) {
        let pos = err.pos();
        return Err(Problem::error(format!(
            "{shown}:{}:{}: the citation style is not well-formed XML: {err}",
            pos.row, pos.col
        ))
        .with_help("a .csl file is a CSL 1.0 style (XML), as the CSL repository's are"));
    }
    let csl = match Csl::from_xml(text) {
        Ok(Csl::Independent(csl)) => csl,
        Ok(Csl::Dependent(dependent)) => {
            let parent = dependent.parent_link.href.to_string();
            let parent = parent.rsplit('/').next().unwrap_or(&parent).to_string();
            return Err(Problem::error(format!(
                "{shown} is a dependent CSL style: it only names its parent style ({parent})"
            ))
            .with_help(format!(
                "use the parent's name if Typst ships it (citation_style: {parent}), or its \
                 .csl file"
            )));
        }
        Err(err) => {
            return Err(
                Problem::error(format!("{shown}: not a CSL style cvpdf can read: {err}"))
                    .with_help("a .csl file is a CSL 1.0 style, as the CSL repository's are"),
            )
        }
    };
    if csl.bibliography.is_none() {
        return Err(Problem::error(format!(
            "the citation style {shown} has no <bibliography>: it cannot list references"
        )));
    }
    Ok(csl)
}

#[cfg(test)]
mod tests;
