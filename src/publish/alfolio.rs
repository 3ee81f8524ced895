//! al-folio, a Jekyll theme for one person's site: `_pages/cv.md` names the CV in its front
//! matter, `cv_pdf:`. Sites differ in how the value is read: older layouts prepend
//! `assets/pdf/` (`cv_pdf: example_pdf.pdf`), newer ones take a site path
//! (`cv_pdf: /assets/pdf/example_pdf.pdf`). The value already there decides, else the site's
//! `_layouts/cv.*`, else the newer form.

use std::path::{Path, PathBuf};

use super::page::{front_matter, in_front_matter, within_site, PageEdit};
use super::CvLink;
use crate::diag::Failure;
use crate::yaml::edit;

/// The CV's `cv_pdf:` value for `file` in `assets/pdf/` and the edit of the CV page that sets
/// it; and whether the page's layout shows it.
pub(super) fn cv_link(site: &Path, root: &Path, file: &str) -> Result<CvLink, Failure> {
    let mut value = String::new();
    let mut current = None;
    let mut layout = None;
    let edit = PageEdit::of(root, cv_page(site), |text| {
        value = cv_pdf_value(site, root, text, file);
        current = front_value(text, "cv_pdf");
        layout = front_value(text, "layout");
        set_cv_pdf(text, &value)
    })?;
    let hidden = layout.and_then(|layout| layout_ignores_cv_pdf(site, root, &layout));
    Ok(CvLink {
        link: value,
        edit,
        current,
        hidden,
    })
}

/// When the page's layout is a file of the site that never reads `cv_pdf` (a layout made from
/// `_data/cv.yml` alone), the sentence saying so; none when it reads it or is not in the site
/// (a theme's own layout).
fn layout_ignores_cv_pdf(site: &Path, root: &Path, layout: &str) -> Option<String> {
    if layout.contains(['/', '\\']) || layout.starts_with('.') {
        return None;
    }
    let file = ["liquid", "html"]
        .iter()
        .map(|ext| site.join("_layouts").join(format!("{layout}.{ext}")))
        .find(|f| f.is_file())?;
    let real = within_site(root, &file).ok()?;
    let text = crate::input::read_bytes(&real, "layout", 1024 * 1024).ok()?;
    let reads = text.windows(b"cv_pdf".len()).any(|w| w == b"cv_pdf");
    (!reads).then(|| {
        format!(
            "not shown: the page's layout, {}, never reads cv_pdf",
            file.display()
        )
    })
}

/// al-folio's CV page (`_pages/cv.md`, or `.markdown`).
pub fn cv_page(site: &Path) -> PathBuf {
    let pages = site.join("_pages");
    ["cv.md", "cv.markdown"]
        .iter()
        .map(|name| pages.join(name))
        .find(|page| page.is_file())
        .unwrap_or_else(|| pages.join("cv.md"))
}

/// The `cv_pdf:` value that makes the site link `file` in `assets/pdf/`, in the form the page
/// (`page`, its text) or the site's CV layout reads.
fn cv_pdf_value(site: &Path, root: &Path, page: &str, file: &str) -> String {
    let encoded = crate::link::path_segment(file);
    let current = front_value(page, "cv_pdf");
    let bare = match current.as_deref() {
        // An address elsewhere (a Google Drive link) says nothing about the form.
        Some(value) if !value.contains("://") => !value.contains('/'),
        _ => layout_prepends_folder(site, root),
    };
    if bare {
        encoded
    } else if current.as_deref().is_some_and(|v| v.starts_with("assets/")) {
        format!("assets/pdf/{encoded}")
    } else {
        format!("/assets/pdf/{encoded}")
    }
}

/// Whether the site's CV layout puts `assets/pdf/` before `cv_pdf`. A layout that leads out
/// of the site (`root`, canonical) through a symbolic link is not read: nothing outside the
/// site may change what is written into it.
fn layout_prepends_folder(site: &Path, root: &Path) -> bool {
    let layouts = site.join("_layouts");
    ["cv.liquid", "cv.html"]
        .iter()
        .filter_map(|name| within_site(root, &layouts.join(name)).ok())
        .filter_map(|real| crate::input::read_bytes(&real, "layout", 1024 * 1024).ok())
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
    front_matter(page)
        .get(key)
        .and_then(|v| v.as_str())
        .map(str::to_string)
}

/// The CV page with `cv_pdf: value` in its front matter.
fn set_cv_pdf(page: &str, value: &str) -> Result<String, crate::diag::Problem> {
    in_front_matter(page, |front| edit::set_scalar(front, &["cv_pdf"], value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn al_folio_keeps_the_form_of_its_cv_pdf() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let old = "---\nlayout: cv\ncv_pdf: example_pdf.pdf # you can also use external links here\ntoc:\n  sidebar: left\n---\n";
        let value = cv_pdf_value(dir.path(), &root, old, "zili zhang.pdf");
        assert_eq!(value, "zili%20zhang.pdf");
        let new = set_cv_pdf(old, &value).unwrap();
        assert_eq!(
            new,
            "---\nlayout: cv\ncv_pdf: zili%20zhang.pdf # you can also use external links here\ntoc:\n  sidebar: left\n---\n"
        );
        assert_eq!(set_cv_pdf(&new, &value).unwrap(), new);
        let newer = "---\ncv_pdf: /assets/pdf/example_pdf.pdf\n---\n";
        assert_eq!(
            cv_pdf_value(dir.path(), &root, newer, "a.pdf"),
            "/assets/pdf/a.pdf"
        );
        // No value yet: the layout decides; without one, the newer form.
        let none = "---\nlayout: cv\ntitle: cv\n---\nText\n";
        assert_eq!(
            cv_pdf_value(dir.path(), &root, none, "a.pdf"),
            "/assets/pdf/a.pdf"
        );
        std::fs::create_dir(dir.path().join("_layouts")).unwrap();
        std::fs::write(
            dir.path().join("_layouts/cv.liquid"),
            "<a href=\"{{ page.cv_pdf | prepend: 'assets/pdf/' | relative_url }}\">",
        )
        .unwrap();
        assert_eq!(cv_pdf_value(dir.path(), &root, none, "a.pdf"), "a.pdf");
        assert_eq!(
            set_cv_pdf(none, "a.pdf").unwrap(),
            "---\nlayout: cv\ntitle: cv\ncv_pdf: a.pdf\n---\nText\n"
        );
    }

    #[test]
    fn a_layout_outside_the_site_is_not_read() {
        // Found by probing: `_layouts` linking out of the site changed the value written.
        let dir = tempfile::tempdir().unwrap();
        let (site, outside) = (dir.path().join("site"), dir.path().join("outside"));
        std::fs::create_dir_all(&site).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(
            outside.join("cv.liquid"),
            "{{ page.cv_pdf | prepend: 'assets/pdf/' }}",
        )
        .unwrap();
        std::os::unix::fs::symlink(&outside, site.join("_layouts")).unwrap();
        let root = site.canonicalize().unwrap();
        let none = "---\nlayout: cv\n---\n";
        assert_eq!(
            cv_pdf_value(&site, &root, none, "a.pdf"),
            "/assets/pdf/a.pdf"
        );
    }
}
