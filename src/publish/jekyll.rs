//! Jekyll lab sites with `_members/` (Greene Lab's lab-website-template): each member's page
//! has a `links:` map of type → address; the CV becomes `cv: cv/<slug>.pdf` there (the
//! template passes link values through `relative_url`). The template labels a link by its type
//! in `_data/types.yaml`, which has no `cv`: one is added (a PDF icon, "CV").

use std::path::{Path, PathBuf};

use super::page::{front_matter, in_front_matter, PageEdit};
use super::CvLink;
use crate::diag::{Failure, Problem};
use crate::yaml::edit;
use crate::yaml::spans::{RootKind, SpanIndex};

/// The CV's link (`cv/<file>`) and the edit of the member's page `page` that makes it.
pub(super) fn cv_link(root: &Path, page: PathBuf, file: &str) -> Result<CvLink, Failure> {
    let link = format!(
        "{}/{}",
        super::SiteKind::JekyllMembers.uploads(),
        crate::link::path_segment(file)
    );
    let mut current = None;
    let edit = PageEdit::of(root, page, |text| {
        current = front_matter(text)
            .get("links")
            .and_then(|links| links.get("cv")?.as_str().map(str::to_string));
        set_member_cv(text, &link)
    })?;
    Ok(CvLink {
        link,
        edit,
        current,
        hidden: None,
    })
}

/// The member's page with `cv: link` among its front matter's `links`.
fn set_member_cv(page: &str, link: &str) -> Result<String, Problem> {
    in_front_matter(page, |front| {
        edit::set_scalar(front, &["links", "cv"], link)
    })
}

/// The types file with a `cv` type, if it has none; refused when the file is not a mapping
/// of types that a key can be added to.
pub fn with_cv_type(types: &str) -> Result<String, Problem> {
    const ADDED: &str =
        "cv:\n  icon: fa-solid fa-file-pdf\n  text: CV\n  tooltip: Curriculum vitae\n";
    let index = SpanIndex::build(types).map_err(|e| {
        Problem::error(format!("YAML syntax error: {}", e.message)).with_span(e.span)
    })?;
    if !matches!(index.root(), RootKind::Empty | RootKind::Mapping) {
        return Err(edit::placed(
            Problem::error(format!(
                "it is not a mapping of link types, so the members' CV links get no `cv` type; \
                 add one by hand:\n{ADDED}"
            )),
            &index,
            "",
        ));
    }
    if index.get("cv").is_some() {
        return Ok(types.to_string());
    }
    edit::appendable(types, "a `cv` type")?;
    let sep = if types.is_empty() || types.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    Ok(format!(
        "{types}{sep}\n# a member's CV (added by cvpdf publish)\n{ADDED}"
    ))
}

#[cfg(test)]
mod tests {
    use super::super::page::keeping_line_endings;
    use super::*;

    #[test]
    fn members_get_a_cv_link_among_their_links() {
        let page = "---\nname: Jane Smith\nimage: images/photo.jpg\nrole: pi\nlinks:\n  home-page: https://janesmith.com\n  orcid: 0000-0001-8713-9213\n---\n\nLorem ipsum.\n";
        let once = set_member_cv(page, "cv/jane-smith.pdf").unwrap();
        assert_eq!(
            once,
            "---\nname: Jane Smith\nimage: images/photo.jpg\nrole: pi\nlinks:\n  home-page: https://janesmith.com\n  orcid: 0000-0001-8713-9213\n  cv: cv/jane-smith.pdf\n---\n\nLorem ipsum.\n"
        );
        assert_eq!(set_member_cv(&once, "cv/jane-smith.pdf").unwrap(), once);
        let moved = set_member_cv(&once, "cv/j.pdf").unwrap();
        assert_eq!(moved, once.replace("cv: cv/jane-smith.pdf", "cv: cv/j.pdf"));
        // No links yet, an empty `links:`, CRLF.
        assert_eq!(
            set_member_cv("---\nname: A\n---\n", "cv/a.pdf").unwrap(),
            "---\nname: A\nlinks:\n  cv: cv/a.pdf\n---\n"
        );
        assert_eq!(
            set_member_cv("---\nlinks: # none yet\nname: A\n---\n", "cv/a.pdf").unwrap(),
            "---\nlinks: # none yet\n  cv: cv/a.pdf\nname: A\n---\n"
        );
        assert_eq!(
            set_member_cv(
                "---\r\nname: A\r\nlinks:\r\n    github: a\r\n---\r\n",
                "cv/a.pdf"
            )
            .unwrap(),
            "---\r\nname: A\r\nlinks:\r\n    github: a\r\n    cv: cv/a.pdf\r\n---\r\n"
        );
        assert!(set_member_cv("---\nlinks: {github: a}\n---\n", "cv/a.pdf").is_err());
    }

    #[test]
    fn the_cv_type_is_added_once() {
        let types = "pi:\n  icon: fa-solid fa-microscope\n";
        let once = with_cv_type(types).unwrap();
        assert!(once.starts_with(types) && once.contains("\ncv:\n  icon: fa-solid fa-file-pdf\n"));
        assert_eq!(with_cv_type(&once).unwrap(), once);
        assert!(with_cv_type("").unwrap().contains("cv:\n"));
        // A file that cannot take the type is refused with what to add, never left silently.
        for types in [
            "- pi\n- cv\n",
            "just text\n",
            "{pi: {icon: x}}\n",
            "pi: {}\n...\n",
        ] {
            let err = with_cv_type(types).unwrap_err();
            assert!(err.message.contains("by hand"), "{types}: {err}");
        }
    }

    #[test]
    fn a_crlf_types_file_stays_crlf() {
        let types = "pi:\r\n  icon: fa-solid fa-microscope\r\n";
        let new = keeping_line_endings(types, with_cv_type).unwrap();
        assert!(
            new.contains("cv:\r\n  icon: fa-solid fa-file-pdf\r\n"),
            "{new:?}"
        );
        assert_eq!(
            new.matches('\n').count(),
            new.matches("\r\n").count(),
            "{new:?}"
        );
    }
}
