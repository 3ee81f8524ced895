//! DOIs, read one way wherever they come from: a profile's `doi` field, a BibTeX `doi` or
//! `url`, a JSON Resume or RenderCV link, a record from Crossref, ORCID or OpenAlex. A DOI is
//! `10.`, a registrant code of digits (and dots), `/` and a suffix; it is compared without case
//! (the DOI handbook says so) and linked through `https://doi.org/`.

use super::host;

/// The resolvers a DOI's address may be on.
const RESOLVERS: [&str; 2] = ["doi.org", "dx.doi.org"];

/// A DOI's name (`10.1145/…`) without the `https://doi.org/`, `http://dx.doi.org/` or `doi:`
/// written before it (matched in any case; the name keeps its own). Nothing is checked: this
/// is how a value the profile calls a DOI is linked.
pub fn without_resolver(doi: &str) -> &str {
    let doi = doi.trim();
    if let Some(head) = doi.get(..4) {
        if head.eq_ignore_ascii_case("doi:") {
            return doi[4..].trim_start();
        }
    }
    if is_resolver(doi) {
        if let Some(at) = doi.find("://").map(|s| s + 3) {
            let path = doi[at..].find('/').map_or(doi.len(), |p| at + p + 1);
            return &doi[path..];
        }
    }
    doi
}

/// Whether `url` is an address on a DOI resolver.
pub fn is_resolver(url: &str) -> bool {
    let url = url.trim();
    super::host::scheme(url)
        .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"))
        && host::host(url).is_some_and(|h| RESOLVERS.contains(&h.as_str()))
}

/// The DOI in `text`, checked to be one: written bare, after `doi:`, or as an address; the
/// first DOI-shaped run of the text, ended by white space, a quote, a bracket or trailing
/// punctuation. An address elsewhere than a resolver is no DOI, even when its path holds one
/// (`https://t.example/out?u=10.1/x`).
pub fn find(text: &str) -> Option<String> {
    let text = text.trim();
    if super::host::scheme(text).is_some_and(|s| !s.eq_ignore_ascii_case("doi"))
        && !is_resolver(text)
    {
        return None;
    }
    let at = text.find("10.")?;
    let doi = text[at..]
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '}' | '{'))
        .next()?
        .trim_end_matches(['.', ',', ';', ')']);
    let (prefix, suffix) = doi.split_once('/')?;
    let registrant = &prefix[3..];
    let valid = !registrant.is_empty()
        && registrant.chars().all(|c| c.is_ascii_digit() || c == '.')
        && !suffix.is_empty();
    valid.then(|| doi.to_string())
}

/// The DOI of `text` as compared: found as [`find`] finds it, in lower case.
pub fn key(text: &str) -> Option<String> {
    find(text).map(|doi| doi.to_lowercase())
}

/// The address of a DOI written bare or with its resolver.
pub fn address(doi: &str) -> String {
    format!("https://doi.org/{}", without_resolver(doi))
}
