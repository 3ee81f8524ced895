//! Addresses and the identifiers read from them, each rule once: the one check every address
//! passes before it can become a clickable link in a PDF, from any source (profile fields,
//! markdown links inside text, the lab configuration, imported BibTeX, JSON Resume and Hugo
//! pages, services' records); where an address leads ([`host`]); DOIs ([`doi`]), arXiv ids
//! ([`arxiv`]) and ORCID iDs ([`orcid`]) in whatever wraps them. Only web and mail addresses
//! are links; a PDF link to `file:`, `javascript:` or anything else could open local files or
//! run code in a reader.
//! The one exception is made here too: [`tel`] builds a `tel:` link from a phone number's
//! digits (never from text as written), so nothing else can travel in it.

pub mod arxiv;
pub mod doi;
pub mod host;
pub mod orcid;

/// The schemes a link may have.
pub const SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Why an address cannot be a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Empty, or with spaces or control characters in it.
    Malformed,
    /// A scheme other than [`SCHEMES`].
    Scheme(String),
    /// No host to go to: a path or anchor within a website (`/publication/`, `#contact`,
    /// `escapades/`), or a mail address without a domain.
    NoHost,
    /// A user name or password before the host (`https://user:pw@host/`): a link would
    /// publish them (and `ada@example.org` without `mailto:` is no web address).
    Credentials,
}

impl Refused {
    /// The message for a field's problem.
    pub fn message(&self, url: &str) -> String {
        match self {
            Refused::Malformed => format!("\"{url}\" is not a web address"),
            Refused::Scheme(scheme) => {
                format!("links with the scheme \"{scheme}:\" are not allowed")
            }
            Refused::NoHost => format!(
                "\"{url}\" names no site (a path within a website is not an address on its own)"
            ),
            // The address itself is not repeated: it holds what should not be shown.
            Refused::Credentials => {
                "the address holds a user name or password (before an @), which a link would \
                 publish"
                    .to_string()
            }
        }
    }

    /// The problem of field `field` holding `url`.
    pub fn problem(&self, field: &str, url: &str) -> crate::diag::Problem {
        crate::diag::Problem::error(self.message(url))
            .at_field(field)
            .with_help(self.help())
    }

    /// What to write instead.
    pub fn help(&self) -> &'static str {
        match self {
            Refused::Malformed => "write one address without spaces, e.g. https://example.org",
            Refused::Scheme(_) => "use an http:, https: or mailto: address",
            Refused::NoHost => "write the whole address, e.g. https://example.org/publication/",
            Refused::Credentials => {
                "write the address without `user:password@`; an e-mail address is written \
                 mailto:ada@example.org"
            }
        }
    }
}

/// A phone number as a `tel:` link (RFC 3966): the digits, with a leading `+` kept and an
/// extension (`ext. 12`, `x12`) as `;ext=12`; `+86 (10) 6275-1234` → `tel:+861062751234`.
/// `None` when the number has anything but digits, spaces and `+ ( ) - . /`, or fewer than 3 or
/// more than 15 digits (E.164's limit): such a number is shown, not linked.
pub fn tel(phone: &str) -> Option<String> {
    let phone = phone.trim();
    let lower = phone.to_ascii_lowercase();
    let (number, extension) = match lower.find("ext").or_else(|| lower.find(['x', ';', ','])) {
        Some(at) => {
            let digits: String = lower[at..]
                .trim_start_matches(|c: char| !c.is_ascii_digit())
                .chars()
                .collect();
            if digits.is_empty() || digits.len() > 8 || !digits.chars().all(|c| c.is_ascii_digit())
            {
                return None;
            }
            (&phone[..at], Some(digits))
        }
        None => (phone, None),
    };
    // `+44 (0)20 …`: the trunk prefix in parentheses is dialled at home, never after the
    // country code.
    let number = if number.trim_start().starts_with('+') {
        number.replacen("(0)", "", 1)
    } else {
        number.to_string()
    };
    // Only separators are dropped; what is left must be digits after an optional `+`.
    let compact: String = number
        .chars()
        // Dashes as word processors write them count as hyphens.
        .filter(|c| {
            !matches!(
                c,
                ' ' | '(' | ')' | '-' | '.' | '/' | '\u{a0}' | '–' | '‐' | '‑'
            )
        })
        .collect();
    let international = compact.starts_with('+');
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    if !digits.chars().all(|c| c.is_ascii_digit()) || !(3..=15).contains(&digits.len()) {
        return None;
    }
    let mut url = format!("tel:{}{digits}", if international { "+" } else { "" });
    if let Some(ext) = extension {
        url.push_str(";ext=");
        url.push_str(&ext);
    }
    Some(url)
}

/// The address as a link: `http(s)://…` and `mailto:…` as given (trimmed), an address
/// without a scheme (`www.example.org/me`) as `https://…`; anything else refused.
pub fn check(url: &str) -> Result<String, Refused> {
    let url = url.trim();
    // `<`, `>` and `"` cannot stand in an address (RFC 3986): a placeholder left in
    // (`github.com/<you>`) or a tag around it.
    if url.is_empty()
        || url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"'))
    {
        return Err(Refused::Malformed);
    }
    match host::scheme(url) {
        Some(scheme) if SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) => {
            let rest = &url[scheme.len() + 1..];
            if scheme.eq_ignore_ascii_case("mailto") {
                let domain = rest.split('?').next().unwrap_or("").rsplit_once('@');
                return match domain {
                    Some((local, domain)) if !local.is_empty() && has_host(domain) => {
                        Ok(url.to_string())
                    }
                    _ => Err(Refused::NoHost),
                };
            }
            if rest.strip_prefix("//").is_none_or(str::is_empty) {
                return Err(Refused::Malformed);
            }
            leads_somewhere(url)?;
            Ok(url.to_string())
        }
        Some(scheme) => Err(Refused::Scheme(scheme.to_string())),
        None => {
            leads_somewhere(url)?;
            let rest = url.strip_prefix("//").unwrap_or(url);
            Ok(format!("https://{rest}"))
        }
    }
}

/// Whether the authority of `url` names a host, and no user name or password before it.
fn leads_somewhere(url: &str) -> Result<(), Refused> {
    let authority = host::authority(url).ok_or(Refused::Malformed)?;
    if !has_host(authority.host) {
        return Err(Refused::NoHost);
    }
    if authority.user_info.is_some() {
        return Err(Refused::Credentials);
    }
    Ok(())
}

/// Whether `host` is a place on the internet: a name with a dot between labels of letters,
/// digits and hyphens (`example.org`, `dépôt.fr`), an IP address, or `localhost`.
fn has_host(host: &str) -> bool {
    if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return v6.contains(':')
            && v6
                .chars()
                .all(|c| c.is_ascii_hexdigit() || ":.".contains(c));
    }
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.chars().any(char::is_alphabetic) || labels.len() == 4)
}

/// What a URL path segment keeps as it is: unreserved characters (RFC 3986).
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A file name as a URL path segment: unreserved characters as they are, every other byte
/// percent-encoded (`odd: name #1` → `odd%3A%20name%20%231`), so a `#` or `?` does not cut the
/// link short.
pub(crate) fn path_segment(name: &str) -> String {
    percent_encoding::utf8_percent_encode(name, SEGMENT).to_string()
}

#[cfg(test)]
mod tests;
