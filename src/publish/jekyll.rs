//! Jekyll sites as academics keep them.
//!
//! - **al-folio**: `_pages/cv.md` names the CV in its front matter, `cv_pdf:`. Sites differ in
//!   how the value is read: older layouts prepend `assets/pdf/` (`cv_pdf: example_pdf.pdf`),
//!   newer ones take a site path (`cv_pdf: /assets/pdf/example_pdf.pdf`). The value already
//!   there decides, else the site's `_layouts/cv.*`, else the newer form.
//! - **lab sites with `_members/`** (Greene Lab's lab-website-template): each member's page has
//!   a `links:` map of type → address; the CV becomes `cv: cv/<slug>.pdf` there (the template
//!   passes link values through `relative_url`). The template labels a link by its type in
//!   `_data/types.yaml`, which has no `cv`: one is added (a PDF icon, "CV").

use std::path::{Path, PathBuf};

use super::in_front_matter;
use crate::yaml::edit;
use crate::yaml::spans::{RootKind, SpanIndex};

/// al-folio's CV page (`_pages/cv.md`, or `.markdown`).
pub fn al_folio_cv_page(site: &Path) -> PathBuf {
    let pages = site.join("_pages");
    ["cv.md", "cv.markdown"]
        .iter()
        .map(|name| pages.join(name))
        .find(|page| page.is_file())
        .unwrap_or_else(|| pages.join("cv.md"))
}

/// The `cv_pdf:` value that makes the site link `file` in `assets/pdf/`, in the form the page
/// (`page`, its text) or the site's CV layout reads.
pub fn cv_pdf_value(site: &Path, page: &str, file: &str) -> String {
    let encoded = crate::link::path_segment(file);
    let current = front_value(page, "cv_pdf");
    let bare = match current.as_deref() {
        // An address elsewhere (a Google Drive link) says nothing about the form.
        Some(value) if !value.contains("://") => !value.contains('/'),
        _ => layout_prepends_folder(site),
    };
    if bare {
        encoded
    } else if current.as_deref().is_some_and(|v| v.starts_with("assets/")) {
        format!("assets/pdf/{encoded}")
    } else {
        format!("/assets/pdf/{encoded}")
    }
}

/// Whether the site's CV layout (or the page itself) puts `assets/pdf/` before `cv_pdf`.
fn layout_prepends_folder(site: &Path) -> bool {
    let layouts = site.join("_layouts");
    ["cv.liquid", "cv.html"]
        .iter()
        .filter_map(|name| {
            crate::input::read_bytes(&layouts.join(name), "layout", 1024 * 1024).ok()
        })
        .any(|bytes| {
            let text = String::from_utf8_lossy(&bytes);
            text.contains("prepend: 'assets/pdf/'")
                || text.contains("prepend: \"assets/pdf/\"")
                || text.contains("prepend: '/assets/pdf/'")
                || text.contains("prepend: \"/assets/pdf/\"")
        })
}

/// The string value of a top-level key of the page's front matter, if it has one.
fn front_value(page: &str, key: &str) -> Option<String> {
    let mut found = None;
    let _ = in_front_matter(page, |front| {
        let map: serde_yaml::Mapping = serde_yaml::from_str(front).unwrap_or_default();
        found = map.get(key).and_then(|v| v.as_str()).map(str::to_string);
        Ok(front.to_string())
    });
    found
}

/// The CV page with `cv_pdf: value` in its front matter.
pub fn set_cv_pdf(page: &str, value: &str) -> Result<String, String> {
    in_front_matter(page, |front| edit::set_scalar(front, &["cv_pdf"], value))
}

/// The member's page with `cv: link` among its front matter's `links`.
pub fn set_member_cv(page: &str, link: &str) -> Result<String, String> {
    in_front_matter(page, |front| {
        edit::set_scalar(front, &["links", "cv"], link)
    })
}

/// The types file with a `cv` type, if it has none; refused when the file is not a mapping
/// of types that a key can be added to.
pub fn with_cv_type(types: &str) -> Result<String, String> {
    const ADDED: &str =
        "cv:\n  icon: fa-solid fa-file-pdf\n  text: CV\n  tooltip: Curriculum vitae\n";
    let index = SpanIndex::build(types).map_err(|e| format!("YAML syntax error: {}", e.message))?;
    if !matches!(index.root(), RootKind::Empty | RootKind::Mapping) {
        return Err(format!(
            "it is not a mapping of link types, so the members' CV links get no `cv` type; \
             add one by hand:\n{ADDED}"
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
    use super::*;

    #[test]
    fn al_folio_keeps_the_form_of_its_cv_pdf() {
        let dir = tempfile::tempdir().unwrap();
        let old = "---\nlayout: cv\ncv_pdf: example_pdf.pdf # you can also use external links here\ntoc:\n  sidebar: left\n---\n";
        let value = cv_pdf_value(dir.path(), old, "zili zhang.pdf");
        assert_eq!(value, "zili%20zhang.pdf");
        let new = set_cv_pdf(old, &value).unwrap();
        assert_eq!(
            new,
            "---\nlayout: cv\ncv_pdf: zili%20zhang.pdf # you can also use external links here\ntoc:\n  sidebar: left\n---\n"
        );
        assert_eq!(set_cv_pdf(&new, &value).unwrap(), new);
        let newer = "---\ncv_pdf: /assets/pdf/example_pdf.pdf\n---\n";
        assert_eq!(
            cv_pdf_value(dir.path(), newer, "a.pdf"),
            "/assets/pdf/a.pdf"
        );
        // No value yet: the layout decides; without one, the newer form.
        let none = "---\nlayout: cv\ntitle: cv\n---\nText\n";
        assert_eq!(cv_pdf_value(dir.path(), none, "a.pdf"), "/assets/pdf/a.pdf");
        std::fs::create_dir(dir.path().join("_layouts")).unwrap();
        std::fs::write(
            dir.path().join("_layouts/cv.liquid"),
            "<a href=\"{{ page.cv_pdf | prepend: 'assets/pdf/' | relative_url }}\">",
        )
        .unwrap();
        assert_eq!(cv_pdf_value(dir.path(), none, "a.pdf"), "a.pdf");
        assert_eq!(
            set_cv_pdf(none, "a.pdf").unwrap(),
            "---\nlayout: cv\ntitle: cv\ncv_pdf: a.pdf\n---\nText\n"
        );
    }

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
            assert!(err.contains("by hand"), "{types}: {err}");
        }
    }
}
