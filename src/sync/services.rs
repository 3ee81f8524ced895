//! The services `sync` asks, and where each is: its public address, or a mirror or test server
//! named in the environment (`CVPDF_DBLP_URL`, `CVPDF_ORCID_URL`, `CVPDF_CROSSREF_URL`,
//! `CVPDF_OPENALEX_URL`, `CVPDF_DATACITE_URL`): a scheme, a host, a port and an optional path prefix, to which the
//! service's own paths are appended.

use crate::diag::Problem;
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

/// A service that lists papers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Service {
    /// dblp computer science bibliography.
    Dblp,
    /// ORCID's public API.
    Orcid,
    /// Crossref's REST API (a DOI's record).
    Crossref,
    /// OpenAlex's API.
    OpenAlex,
    /// DataCite's REST API (a DOI Crossref does not know: Zenodo's, figshare's, Dryad's).
    DataCite,
}

impl Service {
    /// Every service, in the order they are asked.
    pub const ALL: [Service; 5] = [
        Service::Dblp,
        Service::Orcid,
        Service::Crossref,
        Service::OpenAlex,
        Service::DataCite,
    ];

    /// The service's name as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Service::Dblp => "DBLP",
            Service::Orcid => "ORCID",
            Service::Crossref => "Crossref",
            Service::OpenAlex => "OpenAlex",
            Service::DataCite => "DataCite",
        }
    }

    /// The environment variable that moves the service elsewhere.
    pub fn variable(self) -> &'static str {
        match self {
            Service::Dblp => "CVPDF_DBLP_URL",
            Service::Orcid => "CVPDF_ORCID_URL",
            Service::Crossref => "CVPDF_CROSSREF_URL",
            Service::OpenAlex => "CVPDF_OPENALEX_URL",
            Service::DataCite => "CVPDF_DATACITE_URL",
        }
    }

    /// The service's public address.
    fn public(self) -> &'static str {
        match self {
            Service::Dblp => "https://dblp.org",
            Service::Orcid => "https://pub.orcid.org",
            Service::Crossref => "https://api.crossref.org",
            Service::OpenAlex => "https://api.openalex.org",
            Service::DataCite => "https://api.datacite.org",
        }
    }
}

/// Where each service is.
#[derive(Debug, Clone)]
pub struct Bases([String; 5]);

impl Bases {
    /// The services' addresses, from the environment where it names them.
    pub fn from_env() -> Result<Self, Problem> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// The services' addresses, `lookup` giving the environment's value of a variable.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, Problem> {
        let mut bases: [String; 5] = Default::default();
        for (slot, service) in bases.iter_mut().zip(Service::ALL) {
            *slot = match lookup(service.variable()).filter(|v| !v.is_empty()) {
                Some(value) => base(&value).map_err(|why| {
                    Problem::error(format!(
                        "{}: {why}; write scheme, host, port and an optional prefix, e.g. \
                         http://127.0.0.1:8080 or https://mirror.example.org/dblp",
                        service.variable()
                    ))
                })?,
                None => service.public().to_string(),
            };
        }
        Ok(Bases(bases))
    }

    /// The address of `path` (which starts with `/` and may carry a query) at `service`.
    pub fn url(&self, service: Service, path: &str) -> String {
        let at = Service::ALL.iter().position(|s| *s == service).unwrap_or(0);
        format!("{}{path}", self.0[at])
    }
}

/// A base address checked: `http` or `https`, a host, no user, query or fragment; without
/// the final `/`.
fn base(value: &str) -> Result<String, String> {
    let value = value.trim();
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
        .ok_or_else(|| format!("{value:?} is not an http or https address"))?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(format!("{value:?} names no host"));
    }
    if value.starts_with("http://") && !super::http::is_loopback(value) {
        return Err(format!(
            "{value:?} is plain http to another machine; use https (plain http is only for a \
             server on this machine)"
        ));
    }
    if host.contains('@') {
        return Err(format!("{value:?} holds a user name"));
    }
    if value.contains(['?', '#']) || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "{value:?} holds a query, a fragment or a space, which a base address has not"
        ));
    }
    Ok(value.trim_end_matches('/').to_string())
}

/// Characters escaped in one path segment of an address (a DOI keeps its `/`s: Crossref reads
/// `/works/10.1145/x` as the DOI `10.1145/x`).
const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'\\')
    .add(b'^')
    .add(b'|');

/// `text` escaped for a path of an address, its `/`s kept; a `.` or `..` segment escaped
/// too, so that no server or proxy reads it as a step up (a DOI may hold `/../`).
pub fn in_path(text: &str) -> String {
    utf8_percent_encode(text, PATH)
        .to_string()
        .split('/')
        .map(|segment| match segment {
            "." => "%2E",
            ".." => "%2E%2E",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_come_from_the_environment_checked() {
        let bases = Bases::from_lookup(|name| {
            (name == "CVPDF_DBLP_URL").then(|| "http://127.0.0.1:8080/mirror/".to_string())
        })
        .unwrap();
        assert_eq!(
            bases.url(Service::Dblp, "/pid/95/8245.bib"),
            "http://127.0.0.1:8080/mirror/pid/95/8245.bib"
        );
        assert_eq!(
            bases.url(Service::Crossref, "/works/10.1/x"),
            "https://api.crossref.org/works/10.1/x"
        );
        for wrong in [
            "file:///etc",
            "127.0.0.1:80",
            "http://",
            "https://a@b",
            "https://x/?q=1",
        ] {
            let error = Bases::from_lookup(|_| Some(wrong.to_string()))
                .unwrap_err()
                .message;
            assert!(error.starts_with("CVPDF_DBLP_URL: "), "{error}");
        }
    }

    #[test]
    fn paths_are_escaped_but_their_slashes() {
        assert_eq!(
            in_path("10.1002/(SICI)1097#x y"),
            "10.1002/(SICI)1097%23x%20y"
        );
        assert_eq!(
            in_path("10.1/../../etc/./x"),
            "10.1/%2E%2E/%2E%2E/etc/%2E/x"
        );
    }
}
