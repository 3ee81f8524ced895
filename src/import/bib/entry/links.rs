//! An entry's links: DOI, arXiv id, its addresses filed by the one classifier
//! (`convert/paper_links.rs`), and al-folio's link fields.

use super::Fields;
use crate::import::convert::links;
use crate::import::convert::paper_links::file_paper_link;
use crate::profile::PublicationLinks;

/// The paper's links: its DOI, arXiv id, and addresses (the one classifier decides which
/// link an address is); al-folio's link fields, a relative path among them being a file of the
/// site at `base_url`. A field that is not what it should be goes to `left`, with why.
pub(super) fn links_of(
    fields: &mut Fields,
    base_url: Option<&str>,
    left: &mut Vec<String>,
) -> PublicationLinks {
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
        .and_then(|id| crate::link::arxiv::find(&id));
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
            Ok(url) => file_paper_link(&mut links, url),
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
    links
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
