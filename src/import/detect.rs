//! Which format a file is, told from its content.

use serde_json::Value;

use crate::diag::Problem;

use super::json::without_comments_and_trailing_commas;
use super::{alfolio, SourceFormat};

/// Why a file is refused when it holds no data at all.
pub(super) const NOTHING: &str =
    "the file holds nothing a CV could show (it is empty, or all comments)";

/// Tells the formats apart by their content.
pub(super) fn detect(text: &str) -> Result<SourceFormat, Problem> {
    let start = text.trim_start();
    // A hand-kept JSON file may start with a comment.
    let uncommented = start
        .starts_with("//")
        .then(|| without_comments_and_trailing_commas(start));
    if start.starts_with('{') {
        // Hugo's JSON front matter: an object with a page's body after it, or an author
        // page's fields.
        if let Some((value, body)) = super::hugo::json_front_matter(start) {
            if !body.trim().is_empty() || (value.get("basics").is_none() && author_page(&value)) {
                return Ok(SourceFormat::Hugo);
            }
        }
    }
    if start.starts_with('{') || uncommented.is_some_and(|u| u.trim_start().starts_with('{')) {
        return Ok(SourceFormat::Jsonresume);
    }
    if start.starts_with("---") || start.starts_with("+++") {
        return Ok(SourceFormat::Hugo);
    }
    // A bare YAML document: Hugo Blox's data/authors/<slug>.yaml has `name: {display: …}`.
    let yaml = serde_yaml::from_str::<Value>(text);
    if yaml.as_ref().is_ok_and(Value::is_null) {
        return Err(Problem::error(NOTHING));
    }
    if let Ok(value) = &yaml {
        // An older data file: an author page's front matter without its fences.
        let author_page = author_page(value);
        if value
            .get("name")
            .is_some_and(|n| n.get("display").is_some())
            || value.get("schema").is_some()
            || author_page
        {
            return Ok(SourceFormat::Hugo);
        }
        if value.get("basics").is_some() {
            return Ok(SourceFormat::Jsonresume);
        }
        if value.get("cv").is_some_and(Value::is_object) {
            return Ok(SourceFormat::Rendercv);
        }
        if alfolio::looks_like(value) {
            return Ok(SourceFormat::AlFolio);
        }
    } else if text.lines().any(|l| l.starts_with("cv:")) {
        // A RenderCV file that YAML cannot read as it is (a custom tag): its own error says
        // where.
        return Ok(SourceFormat::Rendercv);
    }
    Err(match yaml {
        // Neither JSON nor YAML: YAML's reason is the one to fix.
        Err(e) => super::syntax::yaml("not valid YAML (nor JSON)", &e, 0),
        Ok(_) => Problem::error("cannot tell the format of this file")
            .with_help("say which with --from jsonresume, hugo, rendercv or al-folio"),
    })
}

/// Whether `value` has the fields of an author page (two of `first_name`, `role`, `social`,
/// `profiles` (Hugo Blox's current name for `social`), `organizations`, `user_groups`).
fn author_page(value: &Value) -> bool {
    [
        "first_name",
        "role",
        "social",
        "profiles",
        "organizations",
        "user_groups",
    ]
    .iter()
    .filter(|key| value.get(key).is_some())
    .count()
        >= 2
}
