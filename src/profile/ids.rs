//! Identifiers of papers as the profile format reads them: a DOI with or without its
//! resolver, an arXiv id with or without its prefix. Below the model, the validation and the
//! importers, which all use them.

/// A DOI's name (`10.1145/…`) without the `https://doi.org/`, `http://dx.doi.org/` or `doi:`
/// written before it (matched in any case; the name keeps its own).
pub fn bare_doi(doi: &str) -> &str {
    let doi = doi.trim();
    for prefix in [
        "https://doi.org/",
        "http://doi.org/",
        "https://dx.doi.org/",
        "http://dx.doi.org/",
        "doi:",
    ] {
        let head = doi.get(..prefix.len());
        if head.is_some_and(|h| h.eq_ignore_ascii_case(prefix)) {
            return doi[prefix.len()..].trim_start();
        }
    }
    doi
}

/// An arXiv identifier without its `arXiv:` prefix (written in any case).
pub fn strip_arxiv_prefix(id: &str) -> &str {
    match id.get(..6) {
        Some(head) if head.eq_ignore_ascii_case("arxiv:") => id[6..].trim_start(),
        _ => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dois_lose_their_prefix_in_any_case() {
        assert_eq!(bare_doi(" https://doi.org/10.1/AbC "), "10.1/AbC");
        assert_eq!(bare_doi("HTTPS://DX.DOI.ORG/10.1/x"), "10.1/x");
        assert_eq!(bare_doi("DOI:10.1/x"), "10.1/x");
        assert_eq!(bare_doi("10.1/x"), "10.1/x");
        assert_eq!(bare_doi("dé"), "dé");
    }

    #[test]
    fn arxiv_prefixes_go_in_any_case() {
        assert_eq!(strip_arxiv_prefix("arXiv: 2401.00001"), "2401.00001");
        assert_eq!(strip_arxiv_prefix("ARXIV:2401.00001v2"), "2401.00001v2");
        assert_eq!(strip_arxiv_prefix("2401.00001"), "2401.00001");
    }
}
