//! The people page (`index.html`): `templates/lab.html` filled by minijinja with the lab's
//! data. The engine escapes every value for HTML (the template marks nothing safe), so a name
//! like `<script>` is text; addresses in `href`/`src` were checked by the one link check (or
//! are files cvpdf named) before they got here.

use std::collections::BTreeMap;

use minijinja::{AutoEscape, Environment};
use serde::Serialize;

use super::{Member, Paper, Site};
use crate::diag::Diagnostic;
use crate::profile::MemberGroup;
use crate::source::short_url;
use crate::style::Numbering;

/// The page's template.
pub const TEMPLATE: &str = include_str!("../../templates/lab.html");

/// A member as the page shows them.
#[derive(Serialize)]
struct MemberView<'a> {
    #[serde(flatten)]
    member: &'a Member,
    /// The home page's address, short (`example.org/me`).
    website_label: Option<String>,
}

/// A group of members with its title.
#[derive(Serialize)]
struct Group<'a> {
    key: &'static str,
    title: String,
    members: Vec<MemberView<'a>>,
}

/// A paper as the page shows it.
#[derive(Serialize)]
struct PaperView<'a> {
    #[serde(flatten)]
    paper: &'a Paper,
    /// The date as the lab's language writes a month and year.
    date: String,
}

/// The papers of one group of the list (publications.pdf's groups, in its order).
#[derive(Serialize)]
struct PaperGroup<'a> {
    /// The group's title, none when the list has one group (the PDF shows none then).
    title: Option<String>,
    /// The heading's anchor: `papers-journal`, `papers-preprint`.
    anchor: String,
    papers: Vec<PaperView<'a>>,
}

/// The page for `site`, with the words of `words` (the lab language's table of
/// `templates/i18n.yaml`).
pub fn people_page(
    site: &Site,
    words: &serde_yaml::Value,
    numbered: Numbering,
) -> Result<String, Diagnostic> {
    let word = |path: &[&str]| -> String {
        let mut v = words;
        for key in path {
            v = &v[*key];
        }
        v.as_str().unwrap_or_default().to_string()
    };
    let mut groups: Vec<Group> = Vec::new();
    for member in &site.members {
        let key = member.group.map_or("members", MemberGroup::key);
        if groups.last().is_none_or(|g| g.key != key) {
            let title = match member.group {
                Some(g) => word(&["people", "groups", g.key()]),
                None => word(&["people", "members"]),
            };
            groups.push(Group {
                key,
                title,
                members: Vec::new(),
            });
        }
        if let Some(group) = groups.last_mut() {
            group.members.push(MemberView {
                member,
                website_label: member.website.as_deref().map(short_url),
            });
        }
    }
    let months: Vec<String> = words["months"]
        .as_sequence()
        .map(|s| {
            s.iter()
                .map(|m| m.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default();
    // The list as publications.pdf shows it: group by group (site.rs keeps that order), the
    // same titles and numbers.
    let mut lists: Vec<PaperGroup> = Vec::new();
    for paper in &site.publications {
        let shown = match paper.year {
            Some(year) => year.to_string(),
            None => word(&["publication", "forthcoming"]),
        };
        let date = match (paper.year, paper.month) {
            (Some(_), Some(m)) => match months.get(usize::from(m).wrapping_sub(1)) {
                Some(month) => word(&["date_month"])
                    .replace("{month}", month)
                    .replace("{year}", &shown),
                None => shown.clone(),
            },
            _ => shown.clone(),
        };
        let anchor = format!("papers-{}", paper.group);
        if lists.last().is_none_or(|g| g.anchor != anchor) {
            lists.push(PaperGroup {
                title: Some(word(&["groups", &paper.group])),
                anchor,
                papers: Vec::new(),
            });
        }
        if let Some(group) = lists.last_mut() {
            group.papers.push(PaperView { paper, date });
        }
    }
    if let [only] = lists.as_mut_slice() {
        only.title = None;
    }
    let anchors: BTreeMap<&str, &str> = site
        .members
        .iter()
        .map(|m| (m.slug.as_str(), m.anchor.as_str()))
        .collect();
    let marks = BTreeMap::from([
        (
            "equal",
            site.publications
                .iter()
                .any(|p| p.authors.iter().any(|a| a.equal)),
        ),
        (
            "corresponding",
            site.publications
                .iter()
                .any(|p| p.authors.iter().any(|a| a.corresponding)),
        ),
    ]);

    let mut env = Environment::new();
    // Every template of this environment is HTML, whatever its name.
    env.set_auto_escape_callback(|_| AutoEscape::Html);
    env.add_template("lab.html", TEMPLATE)
        .map_err(|e| Diagnostic::error(format!("the page template: {e}")))?;
    let template = env
        .get_template("lab.html")
        .map_err(|e| Diagnostic::error(format!("the page template: {e}")))?;
    template
        .render(minijinja::context! {
            site => site,
            groups => groups,
            lists => lists,
            numbered => numbered,
            marks => marks,
            anchors => anchors,
            t => words,
        })
        .map_err(|e| Diagnostic::error(format!("cannot make the people page: {e}")))
}
