//! Where a researcher's papers live (`sources:`), for `cvpdf sync`: a DBLP person id, an
//! ORCID iD and an OpenAlex author id. Each is checked as its service writes it — an ORCID's
//! check digit too — and may be given as the address of the person's page, which is read
//! down to the id (`https://orcid.org/0000-…` is the iD). What a service answers for the id is
//! `sync`'s to fetch; the profile only says where to look.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diag::Problem;

/// The services that list a researcher's papers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sources {
    /// The DBLP person id: what follows `pid/` in the address of the person's DBLP page, e.g.
    /// `95/8245` (from `https://dblp.org/pid/95/8245.html`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dblp: Option<String>,
    /// The ORCID iD, e.g. `0000-0002-1825-0097`; its check digit is verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orcid: Option<String>,
    /// The OpenAlex author id, e.g. `A5023888391`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openalex: Option<String>,
}

impl Sources {
    /// Whether no source is given.
    pub fn is_empty(&self) -> bool {
        self.dblp.is_none() && self.orcid.is_none() && self.openalex.is_none()
    }
}

/// The DBLP person id in `value` (an id, or the address of the person's page or export):
/// one or more `/`-separated parts of letters, digits, `-` and `_`.
pub fn dblp_pid(value: &str) -> Option<String> {
    let value = value.trim();
    let id = match value.find("/pid/") {
        Some(at) if on_site(value, &["dblp.org", "dblp.uni-trier.de"]) => {
            &value[at + "/pid/".len()..]
        }
        Some(_) => return None,
        None => value,
    };
    let id = id
        .trim_end_matches('/')
        .trim_end_matches(".html")
        .trim_end_matches(".bib")
        .trim_end_matches(".xml");
    let part_ok = |p: &str| {
        !p.is_empty()
            && p.len() <= 64
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    };
    let parts: Vec<&str> = id.split('/').collect();
    (parts.len() >= 2 && parts.len() <= 3 && parts.iter().all(|p| part_ok(p))).then(|| id.into())
}

/// The OpenAlex author id in `value` (an id, or its `openalex.org` address): `A` and digits.
pub fn openalex_author(value: &str) -> Option<String> {
    let value = value.trim();
    if value.contains('/') && !on_site(value, &["openalex.org"]) {
        return None;
    }
    let id = value
        .rsplit('/')
        .next()
        .unwrap_or(value)
        .to_ascii_uppercase();
    let digits = id.strip_prefix('A')?;
    (!digits.is_empty() && digits.len() <= 20 && digits.chars().all(|c| c.is_ascii_digit()))
        .then_some(id)
}

/// Whether `value`, an address written with or without its scheme, is on one of `sites`.
fn on_site(value: &str, sites: &[&str]) -> bool {
    let url = match value.contains("://") {
        true => value.to_string(),
        false => format!("https://{value}"),
    };
    sites
        .iter()
        .any(|site| crate::link::host::is_on(&url, site))
}

/// The problems of `sources`, with field paths under `sources`.
pub fn source_problems(sources: &Sources) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut check = |field: &str,
                     value: &Option<String>,
                     read: fn(&str) -> Option<String>,
                     what: &str,
                     help: &str| {
        if let Some(value) = value {
            if read(value).is_none() {
                problems.push(
                    Problem::error(format!("\"{}\" is not {what}", value.trim()))
                        .at_field(format!("sources.{field}"))
                        .with_help(help),
                );
            }
        }
    };
    check(
        "dblp",
        &sources.dblp,
        dblp_pid,
        "a DBLP person id",
        "write what follows `pid/` in the address of your DBLP page, e.g. 95/8245",
    );
    check(
        "orcid",
        &sources.orcid,
        crate::link::orcid::id,
        "an ORCID iD (four groups of four digits, the last check digit right)",
        "copy the iD from your ORCID page, e.g. 0000-0002-1825-0097",
    );
    check(
        "openalex",
        &sources.openalex,
        openalex_author,
        "an OpenAlex author id",
        "write the id from your OpenAlex author page, e.g. A5023888391",
    );
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_as_their_services_write_them() {
        assert_eq!(dblp_pid("95/8245").as_deref(), Some("95/8245"));
        assert_eq!(
            dblp_pid("https://dblp.org/pid/l/YannLeCun.html").as_deref(),
            Some("l/YannLeCun")
        );
        assert_eq!(
            dblp_pid("https://dblp.org/pid/11/1649-1.bib").as_deref(),
            Some("11/1649-1")
        );
        assert_eq!(dblp_pid("95"), None);
        assert_eq!(dblp_pid("../../etc/passwd"), None);
        assert_eq!(dblp_pid("95/8245?x=1"), None);
        // Guards issue 47: an address elsewhere that carries a path like theirs names no one.
        assert_eq!(
            dblp_pid("https://t.example/out?u=dblp.org/pid/95/8245"),
            None
        );
        assert_eq!(openalex_author("https://t.example/A5023888391"), None);
        assert_eq!(
            openalex_author("A5023888391").as_deref(),
            Some("A5023888391")
        );
        assert_eq!(
            openalex_author("https://openalex.org/a5023888391").as_deref(),
            Some("A5023888391")
        );
        assert_eq!(openalex_author("W2741809807"), None);
    }

    #[test]
    fn a_wrong_id_is_a_problem_at_its_field_with_help() {
        let sources = Sources {
            dblp: Some("95/8245".into()),
            orcid: Some("0000-0002-1825-0098".into()),
            openalex: Some("W1".into()),
        };
        let problems = source_problems(&sources);
        let fields: Vec<&str> = problems.iter().filter_map(|p| p.field.as_deref()).collect();
        assert_eq!(fields, ["sources.orcid", "sources.openalex"]);
        assert!(problems.iter().all(|p| p.help.is_some()));
    }
}
