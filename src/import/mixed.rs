//! A section whose title names grants and awards together (`Grants and Awards`, `Honors &
//! Funding`): the title means awards ([`super::convert::sections::meaning`]), and each entry
//! with a grant's shape goes to grants instead (issue 48: all of them were awards). One rule
//! for every importer that files titled sections (RenderCV, al-folio's cv.yml).

use serde_json::Value;

use super::record::{grant_role, sums};
use super::Tracked;
use crate::profile::{Role, Section};

/// The fields only a grant has: a sum, an award number, a funder.
const GRANT_FIELDS: [&str; 9] = [
    "amount",
    "funding",
    "budget",
    "number",
    "award_number",
    "grant_number",
    "funder",
    "agency",
    "sponsor",
];

/// Where the entry at `at` of a section titled `title` (meaning `section`) goes: grants when
/// the title names grants and awards together and the entry has a grant's shape (a sum in
/// one currency in its fields or words, an award number, a funder, a role like PI); else
/// `section`, so an entry that cannot be told stays an award.
pub(super) fn award_or_grant(
    title: &str,
    section: Option<Section>,
    src: &Tracked,
    at: &str,
) -> Option<Section> {
    if section != Some(Section::Awards)
        || !super::convert::sections::grants_and_awards(title)
        || !grant_shaped(src, at)
    {
        return section;
    }
    Some(Section::Grants)
}

/// Whether the entry at `at` has what only a grant has (read without marking anything: the
/// section the entry goes to reads its fields).
fn grant_shaped(src: &Tracked, at: &str) -> bool {
    let field = |key: &str| src.peek(&format!("{at}.{key}")).filter(|v| !v.is_null());
    if GRANT_FIELDS.iter().any(|key| field(key).is_some()) {
        return true;
    }
    let role = field("role").and_then(Value::as_str).map(String::from);
    if role.is_some_and(|r| matches!(grant_role(r), Role::Known(_))) {
        return true;
    }
    // A sum written in the entry's own words (`NSF CAREER, $500,000`).
    let lines = field("highlights").and_then(Value::as_array);
    [
        "name",
        "title",
        "summary",
        "description",
        "details",
        "location",
    ]
    .iter()
    .filter_map(|key| field(key)?.as_str())
    .chain(lines.into_iter().flatten().filter_map(Value::as_str))
    .any(|text| !sums(text).is_empty())
}
