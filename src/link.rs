//! The one check every address passes before it can become a clickable link in a PDF, from
//! any source: profile fields, markdown links inside text, the lab configuration, imported
//! BibTeX, JSON Resume and Hugo pages. Only web and mail addresses are links; a PDF link to
//! `file:`, `javascript:` or anything else could open local files or run code in a reader.

/// The schemes a link may have.
pub const SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Why an address cannot be a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Empty, or with spaces or control characters in it.
    Malformed,
    /// A scheme other than [`SCHEMES`].
    Scheme(String),
}

impl Refused {
    /// The message for a field's problem.
    pub fn message(&self, url: &str) -> String {
        match self {
            Refused::Malformed => format!("\"{url}\" is not a web address"),
            Refused::Scheme(scheme) => {
                format!("links with the scheme \"{scheme}:\" are not allowed")
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
        }
    }
}

/// The address as a link: `http(s)://…` and `mailto:…` as given (trimmed), an address
/// without a scheme (`www.example.org/me`) as `https://…`; anything else refused.
pub fn check(url: &str) -> Result<String, Refused> {
    let url = url.trim();
    if url.is_empty() || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Refused::Malformed);
    }
    match scheme(url) {
        Some(scheme) if SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) => {
            let rest = &url[scheme.len() + 1..];
            let web = !scheme.eq_ignore_ascii_case("mailto");
            if web && (!rest.starts_with("//") || rest.len() <= 2) {
                return Err(Refused::Malformed);
            }
            Ok(url.to_string())
        }
        Some(scheme) => Err(Refused::Scheme(scheme.to_string())),
        None if url.starts_with("//") => Ok(format!("https:{url}")),
        None => Ok(format!("https://{url}")),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
