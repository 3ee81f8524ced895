//! How an address is shown, once for every output: the CVs (which get these texts in their
//! data, so `common.typ` keeps no copy of the rule) and the lab's people page. A link's label is
//! its own, else the service's name (`name` in `templates/icons.yaml`), else the short address;
//! an address is shown without its scheme, `www.` and a trailing `/`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::profile::LinkKind;

/// A link's label: `label` when the profile gives one, else the service's name, else the
/// short address.
pub fn link_label(kind: LinkKind, label: Option<&str>, url: &str) -> String {
    if let Some(label) = label {
        return label.to_string();
    }
    static NAMES: OnceLock<HashMap<String, String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let table: HashMap<String, serde_yaml::Value> =
            serde_yaml::from_str(crate::template::ICONS).unwrap_or_default();
        table
            .into_iter()
            .filter_map(|(key, icon)| Some((key, icon.get("name")?.as_str()?.to_string())))
            .collect()
    });
    names
        .get(<&str>::from(kind))
        .cloned()
        .unwrap_or_else(|| short_url(url))
}

/// An address without its scheme, `www.` and trailing `/`.
pub fn short_url(url: &str) -> String {
    let mut u = url.trim();
    for scheme in ["https://", "http://", "mailto:"] {
        if u.len() >= scheme.len() && u[..scheme.len()].eq_ignore_ascii_case(scheme) {
            u = &u[scheme.len()..];
        }
    }
    let u = u.strip_prefix("www.").unwrap_or(u);
    u.strip_suffix('/').unwrap_or(u).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_addresses() {
        assert_eq!(short_url("https://www.example.org/me/"), "example.org/me");
        assert_eq!(short_url("HTTP://x.org"), "x.org");
        assert_eq!(
            link_label(LinkKind::Github, None, "https://github.com/a"),
            "GitHub"
        );
        assert_eq!(
            link_label(
                LinkKind::GoogleScholar,
                None,
                "https://scholar.google.com/x"
            ),
            "Google Scholar"
        );
        assert_eq!(
            link_label(LinkKind::Website, None, "https://www.a.org/"),
            "a.org"
        );
        assert_eq!(link_label(LinkKind::Dblp, Some("My DBLP"), "x"), "My DBLP");
    }
}
