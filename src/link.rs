//! The one check every address passes before it can become a clickable link in a PDF, from
//! any source: profile fields, markdown links inside text, the lab configuration, imported
//! BibTeX, JSON Resume and Hugo pages. Only web and mail addresses are links; a PDF link to
//! `file:`, `javascript:` or anything else could open local files or run code in a reader.
//! The one exception is made here too: [`tel`] builds a `tel:` link from a phone number's
//! digits (never from text as written), so nothing else can travel in it.

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
    match scheme(url) {
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
            let Some(rest) = rest.strip_prefix("//").filter(|r| !r.is_empty()) else {
                return Err(Refused::Malformed);
            };
            if !has_host(authority_host(rest)) {
                return Err(Refused::NoHost);
            }
            if has_user_info(rest) {
                return Err(Refused::Credentials);
            }
            Ok(url.to_string())
        }
        Some(scheme) => Err(Refused::Scheme(scheme.to_string())),
        None => {
            let rest = url.strip_prefix("//").unwrap_or(url);
            if !has_host(authority_host(rest)) {
                return Err(Refused::NoHost);
            }
            if has_user_info(rest) {
                return Err(Refused::Credentials);
            }
            Ok(format!("https://{rest}"))
        }
    }
}

/// Whether the authority part of `rest` (an address after `scheme://`) has user information
/// (`user@`, `user:password@`) before its host.
fn has_user_info(rest: &str) -> bool {
    rest.split(['/', '?', '#', '\\'])
        .next()
        .is_some_and(|authority| authority.contains('@'))
}

/// The host of the authority at the start of `rest` (after `scheme://`), without user
/// information or port.
fn authority_host(rest: &str) -> &str {
    let authority = rest.split(['/', '?', '#', '\\']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    if host.starts_with('[') {
        return host
            .split(']')
            .next()
            .map_or(host, |h| &host[..h.len() + 1]);
    }
    match host.rsplit_once(':') {
        Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => host,
        _ => host,
    }
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

/// The scheme of `url` (`https` of `https://…`), if it starts with one. A host with a port
/// (`example.org:8080`) has a dot before the colon and is not a scheme.
fn scheme(url: &str) -> Option<&str> {
    let (scheme, _) = url.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    let valid = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && !scheme.contains('.');
    valid.then_some(scheme)
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
mod tests {
    use super::*;

    #[test]
    fn file_names_become_path_segments() {
        assert_eq!(path_segment("odd: name #1?"), "odd%3A%20name%20%231%3F");
        assert_eq!(path_segment("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(path_segment("zoë/x"), "zo%C3%AB%2Fx");
    }

    #[test]
    fn phones_become_tel_links_from_their_digits_only() {
        assert_eq!(
            tel("+86 (10) 6275-1234").as_deref(),
            Some("tel:+861062751234")
        );
        assert_eq!(tel("010.6275.1234").as_deref(), Some("tel:01062751234"));
        assert_eq!(
            tel("+44 (0)20 7946 0958").as_deref(),
            Some("tel:+442079460958")
        );
        assert_eq!(tel("+1–555–0100").as_deref(), Some("tel:+15550100"));
        assert_eq!(
            tel("(+86) 18810396278").as_deref(),
            Some("tel:+8618810396278")
        );
        assert_eq!(
            tel("+1 617 253 1000 ext. 42").as_deref(),
            Some("tel:+16172531000;ext=42")
        );
        assert_eq!(
            tel("+1 617 253 1000 x42").as_deref(),
            Some("tel:+16172531000;ext=42")
        );
        for shown_only in [
            "call me",
            "+86 138 0000 0000 0000 0",
            "12",
            "1-800-FLOWERS",
            "+1 2+3 4567",
            "javascript:alert(1)",
            "+1 555 0100 ext.",
        ] {
            assert_eq!(tel(shown_only), None, "{shown_only}");
        }
    }

    #[test]
    fn only_web_and_mail_addresses_are_links() {
        assert_eq!(check(" https://a.org/x ").unwrap(), "https://a.org/x");
        assert_eq!(check("HTTP://a.org").unwrap(), "HTTP://a.org");
        assert_eq!(check("mailto:me@a.org").unwrap(), "mailto:me@a.org");
        assert_eq!(check("www.a.org/me").unwrap(), "https://www.a.org/me");
        assert_eq!(check("a.org:8080/x").unwrap(), "https://a.org:8080/x");
        for bad in [
            "file:///etc/passwd",
            "javascript://%0aalert(1)",
            "JavaScript:alert(1)",
            "ftp://a.org",
            "data:text/html,x",
            "tel:123",
        ] {
            assert!(matches!(check(bad), Err(Refused::Scheme(_))), "{bad}");
        }
        for bad in ["", "a b", "https://", "http:a.org", "a\u{1b}b"] {
            assert_eq!(check(bad), Err(Refused::Malformed), "{bad:?}");
        }
        // Found by probing (issue 46): `--base-url https://user:pw@site/` put the password in
        // every link; an e-mail address without `mailto:` became `https://ada@a.org`.
        for bad in [
            "https://user:pw@a.org/x",
            "http://user@a.org",
            "ada@a.org",
            "//u:p@a.org/",
        ] {
            assert_eq!(check(bad), Err(Refused::Credentials), "{bad:?}");
            assert!(!Refused::Credentials.message(bad).contains("pw"));
        }
        assert_eq!(check("https://a.org/@ada").unwrap(), "https://a.org/@ada");
        assert_eq!(
            check("https://a.org/x?who=a@b").unwrap(),
            "https://a.org/x?who=a@b"
        );
    }
}
