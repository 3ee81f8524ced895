//! One classifier for every link an importer meets: what an address is once its wrapping is
//! off (an HTML link, a Markdown link, a `doi:` prefix), where a site-relative path leads,
//! which service an icon or network name means, and the DOIs and arXiv ids inside any of it.
//! Every address that comes out has passed [`crate::link::check`].

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::profile::contact::{email_in, is_address};
use crate::profile::LinkKind;

/// What a foreign link turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// An e-mail address (without `mailto:`).
    Mail(String),
    /// A web address that passed the link check.
    Web(String),
}

/// A foreign link as an address: the `href` of an HTML link and the target of a Markdown link
/// taken out, `mailto:` read as mail, a host without a scheme given `https://`, a path within
/// the site (`/publication/`, `#contact`, `cv.pdf`) resolved against `base_url`. `Err` says
/// why not in words that do not depend on the value.
pub fn address(raw: &str, base_url: Option<&str>) -> Result<Address, &'static str> {
    let unwrapped = unwrap(raw.trim());
    let value = unwrapped.as_str();
    if value.is_empty() {
        return Err("empty");
    }
    let lower = value.to_ascii_lowercase();
    if let Some(mail) = lower.strip_prefix("mailto:").map(|_| &value[7..]) {
        let mail = mail.split('?').next().unwrap_or(mail).trim();
        return if is_address(mail) {
            Ok(Address::Mail(mail.to_string()))
        } else {
            Err("a mailto: link without an address")
        };
    }
    if !value.contains('/') && is_address(value) {
        return Ok(Address::Mail(value.to_string()));
    }
    // `https://linkedin.com/in/Ada Lovelace`: one address with spaces in its path.
    let encoded;
    let value = if value.contains(' ')
        && (lower.starts_with("http://") || lower.starts_with("https://"))
        && !value.get(8..).unwrap_or("").contains("://")
        && !value.split('/').nth(2).unwrap_or("").contains(' ')
    {
        encoded = value.replace(' ', "%20");
        encoded.as_str()
    } else {
        value
    };
    // `cv.pdf`, `index.html`: a file of the site, not a host (no top-level domain is a file
    // type).
    let first = value.split(['/', '?', '#']).next().unwrap_or("");
    let file = !value.contains("://")
        && !lower.starts_with("www.")
        && first
            .rsplit_once('.')
            .is_some_and(|(_, ext)| FILE_TYPES.contains(&ext.to_ascii_lowercase().as_str()));
    let checked = if file {
        Err(crate::link::Refused::NoHost)
    } else {
        crate::link::check(value)
    };
    match checked {
        Ok(url) => Ok(Address::Web(url)),
        Err(crate::link::Refused::NoHost) => {
            let Some(base) = base_url else {
                return Err("a path within the website; give --base-url to link it");
            };
            let joined = join(base, value).ok_or("not an address on the site")?;
            crate::link::check(&joined)
                .map(Address::Web)
                .map_err(|_| "not a web address")
        }
        Err(crate::link::Refused::Scheme(_)) => Err("not a web or mail address"),
        // `ada@example.org` where a web address was expected is a mail address.
        Err(crate::link::Refused::Credentials) => match email_in(value) {
            Some(mail) if !value.contains("://") && mail == value => Ok(Address::Mail(mail)),
            _ => Err("an address with a user name or password in it, which a link would publish"),
        },
        Err(crate::link::Refused::Malformed) if !value.contains(char::is_whitespace) => {
            Err("not a web address")
        }
        Err(crate::link::Refused::Malformed) => {
            // A sentence around one address: the address.
            match crate::profile::contact::url_in(value) {
                Some(url) => Ok(Address::Web(url)),
                None => match email_in(value) {
                    Some(mail) => Ok(Address::Mail(mail)),
                    None => Err("not a web address"),
                },
            }
        }
    }
}

/// Endings of files a site links to, which are no top-level domains.
const FILE_TYPES: &[&str] = &[
    "pdf", "html", "htm", "md", "txt", "png", "jpg", "jpeg", "gif", "svg", "bib", "tex", "doc",
    "docx", "ppt", "pptx", "key", "zip", "gz", "tar", "ps", "mp4", "mov", "php", "xml", "json",
];

/// The address inside a wrapping: an HTML link's `href`, a Markdown link's target, angle
/// brackets.
fn unwrap(value: &str) -> String {
    if let Some(at) = value.find("href=") {
        let rest = &value[at + 5..];
        let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
        let rest = quote.map_or(rest, |q| &rest[q.len_utf8()..]);
        let end = rest
            .find(|c: char| Some(c) == quote || (quote.is_none() && (c == '>' || c == ' ')))
            .unwrap_or(rest.len());
        return crate::profile::html::entities(&rest[..end]);
    }
    if let (Some(open), true) = (value.find("]("), value.ends_with(')')) {
        if value.starts_with('[') {
            return value[open + 2..value.len() - 1].trim().to_string();
        }
    }
    value
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string()
}

/// A site's address as `--base-url` gives it: an `http(s)` address with a host, its query and
/// fragment taken off (`https://ada.org/?q=1#x` → `https://ada.org/`), and no user name or
/// password (which the one link check refuses). `Err` says why not.
pub fn site_base(url: &str) -> Result<String, String> {
    let checked = crate::link::check(url)
        .map_err(|refused| format!("{}; {}", refused.message(url), refused.help()))?;
    let lower = checked.to_ascii_lowercase();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return Err(format!(
            "\"{url}\" is not a website's address (http or https)"
        ));
    }
    let end = checked.find(['?', '#']).unwrap_or(checked.len());
    Ok(checked[..end].to_string())
}

/// `path` on the site at `base`: `/a` from the site's root, `#x` on the page `base` names,
/// `a/b` below it. A `//host` path is another site's: not joined.
fn join(base: &str, path: &str) -> Option<String> {
    if path.starts_with("//") {
        return None;
    }
    let base = site_base(base).ok()?;
    let base = base.trim_end_matches('/');
    let path = path.trim_start_matches("./");
    Some(if let Some(rooted) = path.strip_prefix('/') {
        // The site's root: the scheme and host of the base, not its path.
        let host_end = base[base.find("://").map_or(0, |i| i + 3)..]
            .find('/')
            .map_or(base.len(), |i| i + base.find("://").map_or(0, |i| i + 3));
        format!("{}/{rooted}", &base[..host_end])
    } else {
        // `#x`, `?q`, `a/b`: on the page or below the path the base names.
        format!("{base}/{path}")
    })
}

/// One row of `templates/icons.yaml`, as far as importers read it.
#[derive(Deserialize)]
struct Icon {
    /// `<font>:<icon name>`.
    from: String,
    /// Other names for the same service.
    #[serde(default)]
    means: Vec<String>,
}

/// Every name a service goes by (icon names of Font Awesome and Academicons, network names of
/// RenderCV and JSON Resume), to the key of `templates/icons.yaml` it means.
fn names() -> &'static HashMap<String, String> {
    static NAMES: OnceLock<HashMap<String, String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let table: HashMap<String, Icon> =
            serde_yaml::from_str(crate::template::ICONS).unwrap_or_default();
        let mut names = HashMap::new();
        for (key, icon) in table {
            let from = icon.from.rsplit(':').next().unwrap_or("").to_string();
            for name in [key.clone(), from].into_iter().chain(icon.means) {
                names.insert(normalized(&name), key.clone());
            }
        }
        names
    })
}

/// A name as the table compares it: lower case, without an icon pack (`fab fa-github`,
/// `brands/github`, `ai-google-scholar`), spaces and underscores as hyphens.
fn normalized(name: &str) -> String {
    let name = name.trim().to_lowercase();
    let name = name.rsplit(['/', ' ', ':']).next().unwrap_or(&name);
    let name = ["fa-", "ai-", "fab-", "fas-", "far-", "hero-"]
        .iter()
        .fold(name, |n, prefix| n.strip_prefix(prefix).unwrap_or(n));
    name.replace(['_', ' '], "-")
}

/// What the icons table calls the service an icon or network name means (`email`,
/// `website`, `github`, …), if it knows it.
pub fn service(name: &str) -> Option<&'static str> {
    let table = names();
    table
        .get(&normalized(name))
        .or_else(|| table.get(&normalized(name).replace('-', "")))
        .map(String::as_str)
}

/// The profile's link kind for a service name or icon name.
pub fn kind(name: &str) -> Option<LinkKind> {
    Some(match service(name)? {
        "github" => LinkKind::Github,
        "google-scholar" => LinkKind::GoogleScholar,
        "orcid" => LinkKind::Orcid,
        "dblp" => LinkKind::Dblp,
        "linkedin" => LinkKind::Linkedin,
        "x" => LinkKind::X,
        "website" => LinkKind::Website,
        _ => return None,
    })
}

/// The link kind of an address by its host, for links whose icon says nothing.
pub fn kind_of_url(url: &str) -> LinkKind {
    let host = crate::link::host::site_name(url);
    match host.as_str() {
        "github.com" => LinkKind::Github,
        "scholar.google.com" => LinkKind::GoogleScholar,
        "orcid.org" => LinkKind::Orcid,
        "dblp.org" | "dblp.uni-trier.de" => LinkKind::Dblp,
        "linkedin.com" => LinkKind::Linkedin,
        "twitter.com" | "x.com" => LinkKind::X,
        _ if host.starts_with("scholar.google.") => LinkKind::GoogleScholar,
        _ if host.ends_with(".linkedin.com") => LinkKind::Linkedin,
        _ => LinkKind::Other,
    }
}

/// The DOI in `text` however it is wrapped (`doi:10.…`, `https://doi.org/10.…`, an HTML or
/// markdown link to one), checked to be one by the one reading of DOIs (`link::doi`).
pub fn doi_in(text: &str) -> Option<String> {
    crate::link::doi::find(&unwrap(text.trim()))
}

/// The arXiv identifier in `text` however it is wrapped (`arXiv:2101.00001v2`, an address on
/// arXiv, DBLP's `CoRR abs/2101.00001`, an HTML or markdown link to one), by the one reading
/// of arXiv ids (`link::arxiv`).
pub fn arxiv_in(text: &str) -> Option<String> {
    crate::link::arxiv::find(&unwrap(text.trim()))
}

#[cfg(test)]
mod tests;
