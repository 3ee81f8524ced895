//! arXiv identifiers, read one way wherever they come from: a profile's `arxiv` field (an id
//! or an address), a BibTeX `eprint`, `arxiv` or DBLP's `CoRR` `volume`, a service's record, the
//! lab's BibTeX. New-style ids are `YYMM.NNNN(N)`, old-style `archive/NNNNNNN`
//! (`hep-th/9901001`, `math.GT/0309136`), either with a version `vN`. An address counts only
//! when it is on arXiv (`arxiv.org` or a subdomain), at `/abs/` or `/pdf/`.

use super::host;

/// An arXiv identifier without its `arXiv:` prefix (written in any case).
pub fn without_prefix(id: &str) -> &str {
    let id = id.trim();
    match id.get(..6) {
        Some(head) if head.eq_ignore_ascii_case("arxiv:") => id[6..].trim_start(),
        _ => id,
    }
}

/// An identifier without its version (`2101.00001v2` → `2101.00001`): what two versions of
/// one paper share.
pub fn without_version(id: &str) -> &str {
    match id.rsplit_once('v') {
        Some((head, version))
            if !head.is_empty()
                && !version.is_empty()
                && version.chars().all(|c| c.is_ascii_digit()) =>
        {
            head
        }
        _ => id,
    }
}

/// Whether `id` (no prefix) is an arXiv identifier, with or without a version.
pub fn is_id(id: &str) -> bool {
    let id = without_version(id);
    let new_style = id.split_once('.').is_some_and(|(yymm, number)| {
        yymm.len() == 4
            && yymm.chars().all(|c| c.is_ascii_digit())
            && (4..=5).contains(&number.len())
            && number.chars().all(|c| c.is_ascii_digit())
    });
    let old_style = id.split_once('/').is_some_and(|(archive, number)| {
        archive
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && archive
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '.')
            && number.len() == 7
            && number.chars().all(|c| c.is_ascii_digit())
    });
    new_style || old_style
}

/// The identifier an address on arXiv names (`https://arxiv.org/pdf/2101.00001v2.pdf` →
/// `2101.00001v2`); `None` for an address elsewhere.
pub fn of_address(url: &str) -> Option<String> {
    if !host::is_on(url, "arxiv.org") {
        return None;
    }
    let after_host = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_host.find('/').map_or("", |at| &after_host[at..]);
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let id = ["/abs/", "/pdf/"]
        .iter()
        .find_map(|p| path.strip_prefix(p))?
        .trim_end_matches('/');
    let id = id.strip_suffix(".pdf").unwrap_or(id);
    is_id(id).then(|| id.to_string())
}

/// The arXiv identifier in `text`: an address on arXiv, `arXiv:2101.00001v2` (a space after
/// the colon allowed), DBLP's `CoRR abs/2101.00001`, or a bare id, whichever word of the text
/// is one first. A word that is an address elsewhere names none (a tracking link carrying
/// `?u=arxiv.org/abs/…` is not arXiv's).
pub fn find(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '{' | '}'))
        .map(|word| word.trim_end_matches([',', ';', ')']))
        .filter(|word| !word.is_empty())
        .find_map(|word| {
            let lower = word.to_ascii_lowercase();
            if lower.contains("://") || lower.starts_with("www.") || lower.starts_with("arxiv.org")
            {
                let url = if lower.contains("://") {
                    word.to_string()
                } else {
                    format!("https://{word}")
                };
                return of_address(&url);
            }
            let id = without_prefix(word);
            let id = match id.get(..4) {
                Some(head) if head.eq_ignore_ascii_case("abs/") => &id[4..],
                _ => id,
            };
            let id = id.trim_end_matches('.');
            is_id(id).then(|| id.to_string())
        })
}

/// The address of an identifier written bare or with `arXiv:`.
pub fn address(id: &str) -> String {
    format!("https://arxiv.org/abs/{}", without_prefix(id))
}

/// The identifier an arXiv DOI names (`10.48550/arXiv.2401.01234` → `2401.01234`): arXiv
/// registers a DOI for every paper, which services give in place of its id.
pub fn of_doi(doi: &str) -> Option<String> {
    let name = super::doi::find(doi)?;
    let id = name.get("10.48550/arxiv.".len()..)?;
    let prefix = &name[..name.len() - id.len()];
    (prefix.eq_ignore_ascii_case("10.48550/arxiv.") && is_id(id)).then(|| id.to_string())
}
