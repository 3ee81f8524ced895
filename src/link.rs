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
    }
}
