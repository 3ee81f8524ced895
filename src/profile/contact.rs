//! Contact fields checked for what they are: an e-mail is one address, a phone is a number.
//! Each check also finds what the writer most likely meant (the address inside
//! `<a href="mailto:…">…</a>`, `mailto:`, `Name <…>` or `me [at] x [dot] org`), which
//! validation offers as the suggestion and importers take as the value.

/// Why a contact field is refused, and what to write instead when that can be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What is wrong, in one sentence.
    pub message: String,
    /// The value the writer most likely meant.
    pub suggestion: Option<String>,
}

/// Checks an e-mail field: one address, `local@domain.tld`, nothing around it.
pub fn check_email(raw: &str) -> Result<(), Refusal> {
    let value = raw.trim();
    if is_address(value) {
        return Ok(());
    }
    let message = if value.contains('<') && value.contains('>') {
        "an e-mail address is the address alone, not HTML or a name with it"
    } else if value.to_ascii_lowercase().starts_with("mailto:") {
        "an e-mail address is written without `mailto:` (cvpdf makes the link)"
    } else {
        "this is not an e-mail address (name@example.org)"
    };
    Err(Refusal {
        message: message.into(),
        suggestion: email_in(value),
    })
}

/// The one e-mail address inside `text`, if it holds one: in a `mailto:` link, between angle
/// brackets, among other words, or spelt out (`ada [at] example [dot] org`).
pub fn email_in(text: &str) -> Option<String> {
    let text = crate::profile::html::entities(text);
    let spelt = unspell(&text);
    let mut found: Vec<String> = Vec::new();
    for candidate in spelt.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '<' | '>' | '"' | '\'' | '(' | ')' | ',' | ';' | '[' | ']' | '*' | '`'
            )
    }) {
        let candidate = candidate.trim_matches(|c: char| matches!(c, '.' | ':' | '=' | '/'));
        let candidate = strip_prefix_ci(candidate, "mailto:").unwrap_or(candidate);
        let candidate = candidate.split('?').next().unwrap_or_default();
        if is_address(candidate) && !found.iter().any(|f| f.eq_ignore_ascii_case(candidate)) {
            found.push(candidate.to_string());
        }
    }
    // Two different addresses: which one was meant cannot be told.
    (found.len() == 1).then(|| found.remove(0))
}

/// `ada [at] example [dot] org`, `ada(at)example.org` → `ada@example.org`.
fn unspell(text: &str) -> String {
    let mut out = text.to_string();
    for (spelt, symbol) in [
        (" [at] ", "@"),
        (" (at) ", "@"),
        ("[at]", "@"),
        ("(at)", "@"),
        (" at ", "@"),
        (" [dot] ", "."),
        (" (dot) ", "."),
        ("[dot]", "."),
        ("(dot)", "."),
        (" dot ", "."),
    ] {
        if out.contains(spelt) && (symbol == "." || !out.contains('@')) {
            out = out.replace(spelt, symbol);
        }
    }
    out
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// Whether `s` is one e-mail address: a local part of letters, digits and the usual
/// punctuation, `@`, and a domain of at least two labels of letters, digits and hyphens whose
/// last is at least two letters long.
pub fn is_address(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = domain.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| {
            // `org`, `中国`, or an internationalised one as the DNS writes it (`xn--p1ai`).
            tld.chars().count() >= 2
                && (tld.chars().all(char::is_alphabetic) || tld.starts_with("xn--"))
        });
    local_ok && domain_ok
}

/// The one web address inside `text`, if it holds one: an HTML link's `href`, a Markdown
/// link's target, or a word that is an address (`see https://x.org` → `https://x.org`).
pub fn url_in(text: &str) -> Option<String> {
    let mut found: Vec<String> = Vec::new();
    for word in text.split(|c: char| {
        c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '(' | ')' | '[' | ']')
    }) {
        let word = word
            .strip_prefix("href=")
            .unwrap_or(word)
            .trim_end_matches([',', '.', ';']);
        let lower = word.to_ascii_lowercase();
        if !(lower.starts_with("http://")
            || lower.starts_with("https://")
            || lower.starts_with("www."))
        {
            continue;
        }
        if let Ok(url) = crate::link::check(word) {
            if !found.contains(&url) {
                found.push(url);
            }
        }
    }
    (found.len() == 1).then(|| found.remove(0))
}

/// Checks a phone field: a number cvpdf can dial ([`crate::link::tel`]): digits with an
/// optional `+`, separated by spaces, `( ) - . /`, and an optional extension.
pub fn check_phone(raw: &str) -> Result<(), Refusal> {
    if crate::link::tel(raw).is_some() {
        return Ok(());
    }
    let suggestion = phone_in(raw).filter(|s| s != raw.trim());
    Err(Refusal {
        message: "this is not a phone number (digits, an optional leading +, spaces, ( ) - . /, and an optional extension)".into(),
        suggestion,
    })
}

/// The phone number inside `text` (`Office: +1 555 0100` → `+1 555 0100`), if there is one.
fn phone_in(text: &str) -> Option<String> {
    let text = crate::profile::html::without_tags(text);
    let text = text.replace("tel:", " ");
    let start = text.find(|c: char| c == '+' || c.is_ascii_digit())?;
    let end = text[start..]
        .find(|c: char| !(c.is_ascii_digit() || " +()-./\u{a0}".contains(c)))
        .map_or(text.len(), |e| start + e);
    // A number run into letters (`1-800-FLOWERS`) is not this number; one before a remark
    // in parentheses (`+1 555 0100 (mobile)`) is.
    let run = text[start..end].trim_end();
    if run.ends_with(|c: char| c.is_ascii_digit() || c == '-')
        && text[start + run.len()..].starts_with(char::is_alphabetic)
    {
        return None;
    }
    let number = text[start..end]
        .trim_end_matches(['(', '-', '.', '/', ' ', '\u{a0}'])
        .trim();
    crate::link::tel(number).map(|_| number.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_is_an_address() {
        assert!(check_email("ada@example.org").is_ok());
        assert!(check_email("a.b+cv@mail.pku.edu.cn").is_ok());
        assert!(check_email("ada@example.xn--p1ai").is_ok());
        for (raw, meant) in [
            (
                r#"<a href="mailto:h@example.org">h@example.org</a>"#,
                Some("h@example.org"),
            ),
            ("mailto:h@example.org", Some("h@example.org")),
            ("Ada Lovelace <ada@example.org>", Some("ada@example.org")),
            ("ada [at] example [dot] org", Some("ada@example.org")),
            ("ada(at)example.org", Some("ada@example.org")),
            ("ada (at) example (dot) org", Some("ada@example.org")),
            ("**ada@example.org**", Some("ada@example.org")),
            ("E-mail: ada@example.org.", Some("ada@example.org")),
            ("ada@localhost", None),
            ("a@x.org, b@y.org", None),
            ("nobody", None),
        ] {
            let refusal = check_email(raw).unwrap_err();
            assert_eq!(refusal.suggestion.as_deref(), meant, "{raw}");
        }
        assert!(check_email("mailto:x@y.org")
            .unwrap_err()
            .message
            .contains("mailto"));
    }

    #[test]
    fn a_web_address_is_found_inside_markup() {
        assert_eq!(
            url_in("<a href=\"https://x.org/a\">x.org</a>").as_deref(),
            Some("https://x.org/a")
        );
        assert_eq!(
            url_in("[me](https://x.org)").as_deref(),
            Some("https://x.org")
        );
        assert_eq!(
            url_in("see www.x.org.").as_deref(),
            Some("https://www.x.org")
        );
        assert_eq!(url_in("https://a.org or https://b.org"), None);
        assert_eq!(url_in("javascript:alert(1)"), None);
    }

    #[test]
    fn a_phone_is_a_number() {
        for ok in ["+1 555 0100", "+86 (10) 6275-1234", "010-62751234 ext. 12"] {
            assert!(check_phone(ok).is_ok(), "{ok}");
        }
        let refused = check_phone("Office: +1 555 0100").unwrap_err();
        assert_eq!(refused.suggestion.as_deref(), Some("+1 555 0100"));
        assert_eq!(check_phone("call me").unwrap_err().suggestion, None);
        assert_eq!(check_phone("+1-800-FLOWERS").unwrap_err().suggestion, None);
        assert_eq!(
            check_phone("+1 555 0100 (mobile)")
                .unwrap_err()
                .suggestion
                .as_deref(),
            Some("+1 555 0100")
        );
        assert!(check_phone("+1–555–0100").is_ok());
        assert_eq!(
            check_phone("<a href=\"tel:+15550100\">+1 555 0100</a>")
                .unwrap_err()
                .suggestion
                .as_deref(),
            Some("+1 555 0100")
        );
    }
}
