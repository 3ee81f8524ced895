//! ORCID iDs: `0000-0002-1825-0097`, or the address of the person's page on `orcid.org`,
//! checked by their check digit (ISO 7064 MOD 11-2, as ORCID computes it). Read one way for a
//! profile's `sources.orcid`, an imported link and sync.

use super::host;

/// The iD in `value` (an iD, or an address on `orcid.org` whose path is one), in upper case,
/// if its check digit is right. An address elsewhere names none.
pub fn id(value: &str) -> Option<String> {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    let id = if lower.contains("://") || lower.contains('/') {
        let url = if lower.contains("://") {
            value.to_string()
        } else {
            format!("https://{value}")
        };
        if !host::is_on(&url, "orcid.org") {
            return None;
        }
        let path = url.split(['?', '#']).next().unwrap_or(&url);
        path.trim_end_matches('/').rsplit('/').next()?.to_string()
    } else {
        value.to_string()
    };
    let id = id.to_ascii_uppercase();
    let digits: Vec<char> = id.chars().filter(|c| *c != '-').collect();
    let well_formed = id.len() == 19
        && id.split('-').count() == 4
        && id.split('-').all(|g| g.len() == 4)
        && digits.len() == 16
        && digits[..15].iter().all(char::is_ascii_digit);
    if !well_formed {
        return None;
    }
    let mut total = 0u32;
    for c in &digits[..15] {
        total = (total + c.to_digit(10)?) * 2;
    }
    let check = (12 - total % 11) % 11;
    let expected = if check == 10 {
        'X'
    } else {
        char::from_digit(check, 10)?
    };
    (digits[15] == expected).then_some(id)
}
