//! The one rule for what a paper's address is, whichever importer meets it (a BibTeX `url`,
//! a JSON Resume publication's `url`, a RenderCV entry's `url`): a DOI when it is on a DOI
//! resolver, its arXiv page when it is on arXiv, its PDF when the path names a PDF, else its
//! web page. Decided by the address's host and path, never by a substring anywhere in it (a
//! tracking link carrying `?u=arxiv.org/…` is a web page).

use crate::profile::PublicationLinks;

/// Which link of a paper an address is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperLink {
    /// On a DOI resolver (`doi.org`, `dx.doi.org`).
    Doi,
    /// On arXiv (its abstract or its PDF).
    Arxiv,
    /// A PDF file elsewhere.
    Pdf,
    /// Any other page.
    Web,
}

/// Which link of a paper `url` (a checked address) is.
pub fn paper_link(url: &str) -> PaperLink {
    if crate::link::doi::is_resolver(url) {
        return PaperLink::Doi;
    }
    if crate::link::host::is_on(url, "arxiv.org") {
        return PaperLink::Arxiv;
    }
    let path = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if path.to_ascii_lowercase().ends_with(".pdf") {
        PaperLink::Pdf
    } else {
        PaperLink::Web
    }
}

/// Files `url` (a checked address) under the link it is, unless the paper already has that
/// link.
pub fn file_paper_link(links: &mut PublicationLinks, url: String) {
    let slot = match paper_link(&url) {
        PaperLink::Doi => &mut links.doi,
        PaperLink::Arxiv => &mut links.arxiv,
        PaperLink::Pdf => &mut links.pdf,
        PaperLink::Web => &mut links.web,
    };
    if slot.is_none() {
        *slot = Some(url);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paper_address_is_known_by_its_host_and_path() {
        for (url, link) in [
            ("https://doi.org/10.1145/3600006.3613147", PaperLink::Doi),
            ("http://dx.doi.org/10.1/x", PaperLink::Doi),
            ("https://arxiv.org/abs/2310.00001", PaperLink::Arxiv),
            ("https://arxiv.org/pdf/2310.00001.pdf", PaperLink::Arxiv),
            ("https://export.arxiv.org/abs/2310.00001", PaperLink::Arxiv),
            ("https://www.usenix.org/system/files/a.PDF", PaperLink::Pdf),
            ("https://example.org/paper.pdf?download=1", PaperLink::Pdf),
            ("https://t.example/?u=arxiv.org/abs/1", PaperLink::Web),
            ("https://example.org/doi.org/10.1/x", PaperLink::Web),
            ("https://dl.acm.org/doi/10.1145/1", PaperLink::Web),
        ] {
            assert_eq!(paper_link(url), link, "{url}");
        }
        let mut links = PublicationLinks::default();
        file_paper_link(&mut links, "https://a.org/1.pdf".into());
        file_paper_link(&mut links, "https://a.org/2.pdf".into());
        assert_eq!(links.pdf.as_deref(), Some("https://a.org/1.pdf"));
    }
}
