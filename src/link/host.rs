//! Where an address leads: its authority (user information, host, port) read one way for
//! every caller — the link check, the importers' labels and link kinds, sync's pacing and its
//! loopback rule, and the identifiers read from addresses (`doi.org`, `arxiv.org`,
//! `orcid.org`). Hosts compare in lower case without a trailing dot; an IPv6 host keeps its
//! brackets (`[::1]`), so its colons are never taken for a port.

/// The authority of an address: what stands between `scheme://` (or the start of an address
/// written without a scheme, `www.example.org/x`) and its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Authority<'a> {
    /// `user` or `user:password`, before an `@`.
    pub user_info: Option<&'a str>,
    /// The host as written: a name, an IPv4 address, or an IPv6 address in brackets.
    pub host: &'a str,
    /// The port's digits, after a `:`.
    pub port: Option<&'a str>,
}

impl Authority<'_> {
    /// The host as compared: lower case, without the trailing dot of a fully qualified name.
    pub fn host_key(&self) -> String {
        let host = self.host.strip_suffix('.').unwrap_or(self.host);
        host.to_lowercase()
    }
}

/// The scheme of `url` (`https` of `https://…`), if it starts with one. A host with a port
/// (`example.org:8080`) has a dot before the colon and is not a scheme.
pub(super) fn scheme(url: &str) -> Option<&str> {
    let (scheme, _) = url.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    let valid = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && !scheme.contains('.');
    valid.then_some(scheme)
}

/// The authority of `url`: after `scheme://`, after `//`, or at the start of an address
/// written without a scheme. `None` for an address of a scheme without one (`mailto:…`).
pub fn authority(url: &str) -> Option<Authority<'_>> {
    let url = url.trim();
    let rest = match scheme(url) {
        Some(scheme) => url[scheme.len() + 1..].strip_prefix("//")?,
        None => url.strip_prefix("//").unwrap_or(url),
    };
    // Browsers read a backslash in a web address as a slash.
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let (user_info, host_port) = match authority.rsplit_once('@') {
        Some((user, host)) => (Some(user), host),
        None => (None, authority),
    };
    let (host, port) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(close) => {
                let port = host_port[close + 1..].strip_prefix(':');
                (&host_port[..close + 1], port)
            }
            None => (host_port, None),
        }
    } else {
        match host_port.rsplit_once(':') {
            Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => (host, Some(port)),
            _ => (host_port, None),
        }
    };
    Some(Authority {
        user_info,
        host,
        port,
    })
}

/// The host of `url` as compared (lower case, no trailing dot), if it has one.
pub fn host(url: &str) -> Option<String> {
    authority(url)
        .map(|a| a.host_key())
        .filter(|h| !h.is_empty())
}

/// The host and port of `url` as compared (`api.crossref.org`, `127.0.0.1:8080`): what is
/// one server to be paced.
pub fn server(url: &str) -> Option<String> {
    let authority = authority(url)?;
    let host = authority.host_key();
    if host.is_empty() {
        return None;
    }
    Some(match authority.port.filter(|p| !p.is_empty()) {
        Some(port) => format!("{host}:{port}"),
        None => host,
    })
}

/// Whether `url` is on `domain` (given in lower case) or a subdomain of it: `is_on(u,
/// "arxiv.org")` holds for `https://export.arxiv.org/…`, not for `https://t.example/?u=arxiv.org`.
pub fn is_on(url: &str, domain: &str) -> bool {
    host(url).is_some_and(|host| {
        host == domain
            || host
                .strip_suffix(domain)
                .is_some_and(|sub| sub.ends_with('.'))
    })
}

/// The name a link to a site nothing here knows is shown with: its host without `www.`
/// (`https://www.researchgate.net/x` → `researchgate.net`); empty when it has none.
pub fn site_name(url: &str) -> String {
    let host = host(url).unwrap_or_default();
    match host.strip_prefix("www.") {
        Some(rest) => rest.to_string(),
        None => host,
    }
}
