//! Hugo sites with Academic / Wowchemy / Hugo Blox author pages: the CV is
//! `uploads/<slug>.pdf`, linked from the author's page, `content/authors/<slug>/_index.md`
//! (`content/author/` on older sites), as a `social` entry
//! `{icon: cv, icon_pack: ai, link: …}` in its front matter, or from the Hugo Blox data file
//! `data/authors/<slug>.yaml` as a `links` entry `{icon: academicons/cv, url: …, label: CV}`.

use std::path::{Path, PathBuf};

use super::page::{front_matter, in_front_matter, keeping_line_endings, PageEdit};
use super::CvLink;
use crate::diag::{Failure, Problem};
use crate::yaml::list;

/// The CV's link for `slug` and the edit of the author's page `page` that makes it: a page
/// (`_index.md`) or a Hugo Blox data file (`.yaml`).
pub(super) fn cv_link(root: &Path, page: PathBuf, slug: &str) -> Result<CvLink, Failure> {
    let link = format!("uploads/{}.pdf", crate::link::path_segment(slug));
    let is_page = page.extension().is_some_and(|e| e == "md");
    let mut current = None;
    let edit = PageEdit::of(root, page, |text| {
        let (fields, entries, key) = if is_page {
            (front_matter(text), "social", "link")
        } else {
            (
                serde_yaml::from_str(text).unwrap_or_default(),
                "links",
                "url",
            )
        };
        current = fields
            .get(entries)
            .and_then(|l| l.as_sequence())
            .and_then(|items| items.iter().find(|item| is_cv(item)))
            .and_then(|item| item.get(key)?.as_str().map(str::to_string));
        if is_page {
            link_in_front_matter(text, &link).map(|(_, new)| new)
        } else {
            link_in_data_file(text, &link).map(|(_, new)| new)
        }
    })?;
    Ok(CvLink {
        link,
        edit,
        current,
        hidden: None,
    })
}

/// Whether an entry of a page's link list is its CV (icon `cv`, with or without an icon-pack
/// prefix).
fn is_cv(item: &serde_yaml::Value) -> bool {
    item.get("icon")
        .and_then(serde_yaml::Value::as_str)
        .is_some_and(|icon| icon.rsplit('/').next() == Some("cv"))
}

/// The page's text before and after making sure its front matter's `social` list has a CV
/// entry linking `link`.
fn link_in_front_matter(text: &str, link: &str) -> Result<(String, String), Problem> {
    let new = in_front_matter(text, |front| {
        ensure_link(
            front,
            "social",
            "link",
            &[("icon", "cv"), ("icon_pack", "ai"), ("link", link)],
            link,
        )
    })?;
    Ok((text.to_string(), new))
}

/// The data file's text before and after making sure its `links` list has a CV entry.
fn link_in_data_file(text: &str, link: &str) -> Result<(String, String), Problem> {
    let new = keeping_line_endings(text, |text| {
        ensure_link(
            text,
            "links",
            "url",
            &[("icon", "academicons/cv"), ("url", link), ("label", "CV")],
            link,
        )
    })?;
    Ok((text.to_string(), new))
}

/// Makes sure the list `key` of the YAML `text` has a CV entry (its icon `cv`, with or
/// without an icon-pack prefix) whose `url_key` is `link`: updated in place, or `new_entry`
/// appended (the editor checks that the page still reads as it did, but for that).
fn ensure_link(
    text: &str,
    key: &str,
    url_key: &str,
    new_entry: &[(&str, &str)],
    link: &str,
) -> Result<String, Problem> {
    list::ensure_item(text, key, is_cv, url_key, link, new_entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "---\ntitle: A\nsocial:\n  - icon: github\n    icon_pack: fab\n    link: https://github.com/a\n  # - icon: cv\n  #   link: uploads/resume.pdf\n\n# Enter email\nemail: a@b.c\n---\n\nBody text.\n";

    #[test]
    fn a_cv_link_is_added_once_and_updated_in_place() {
        let (_, once) = link_in_front_matter(PAGE, "uploads/a.pdf").unwrap();
        assert!(once.contains("    link: https://github.com/a\n  - icon: cv\n    icon_pack: ai\n    link: uploads/a.pdf\n  # - icon: cv\n"), "{once}");
        assert!(once.ends_with("email: a@b.c\n---\n\nBody text.\n"));
        let (_, twice) = link_in_front_matter(&once, "uploads/a.pdf").unwrap();
        assert_eq!(twice, once);
        let (_, moved) = link_in_front_matter(&once, "uploads/b.pdf").unwrap();
        assert_eq!(
            moved,
            once.replace("link: uploads/a.pdf", "link: uploads/b.pdf")
        );
    }

    #[test]
    fn odd_names_crlf_pages_bom_and_empty_front_matter() {
        let link = format!("uploads/{}.pdf", crate::link::path_segment("odd: name #1"));
        assert_eq!(link, "uploads/odd%3A%20name%20%231.pdf");
        let page = "\u{feff}---\r\ntitle: A\r\n---\r\nBody\r\n";
        let (_, out) = link_in_front_matter(page, &link).unwrap();
        assert_eq!(out, "\u{feff}---\r\ntitle: A\r\nsocial:\r\n  - icon: cv\r\n    icon_pack: ai\r\n    link: uploads/odd%3A%20name%20%231.pdf\r\n---\r\nBody\r\n");
        let (_, again) = link_in_front_matter(&out, &link).unwrap();
        assert_eq!(again, out);
        let (_, empty) = link_in_front_matter("---\n---\nBody\n", "uploads/a b.pdf").unwrap();
        assert_eq!(
            empty,
            "---\nsocial:\n  - icon: cv\n    icon_pack: ai\n    link: uploads/a b.pdf\n---\nBody\n"
        );
        let odd = "a: b #c";
        let (_, quoted) = link_in_front_matter("---\n---\n", odd).unwrap();
        assert!(quoted.contains("link: 'a: b #c'\n"), "{quoted}");
        let (_, same) = link_in_front_matter(&quoted, odd).unwrap();
        assert_eq!(same, quoted);
    }

    #[test]
    fn pages_without_social_links_get_the_list() {
        let (_, out) = link_in_front_matter("---\ntitle: A\n---\nBody\n", "uploads/a.pdf").unwrap();
        assert_eq!(out, "---\ntitle: A\nsocial:\n  - icon: cv\n    icon_pack: ai\n    link: uploads/a.pdf\n---\nBody\n");
    }

    #[test]
    fn data_files_get_a_links_entry() {
        let text = "name:\n  display: A\nlinks:\n  - icon: brands/github\n    url: https://github.com/a\ninterests: [x]\n";
        let (_, out) = link_in_data_file(text, "uploads/a.pdf").unwrap();
        assert_eq!(out, "name:\n  display: A\nlinks:\n  - icon: brands/github\n    url: https://github.com/a\n  - icon: academicons/cv\n    url: uploads/a.pdf\n    label: CV\ninterests: [x]\n");
        let (_, again) = link_in_data_file(&out, "uploads/a.pdf").unwrap();
        assert_eq!(again, out);
    }

    #[test]
    fn empty_lists_and_block_scalar_links_stay_yaml() {
        // Issue 25, bugs 1 and 2: each of these pages was written as invalid YAML, or lost
        // the key after the link.
        let pages = [
            "---\ntitle: A\nsocial: []\norganizations: [x]\n---\nBody\n",
            "---\ntitle: A\nsocial:\norganizations: [x]\n---\nBody\n",
            "---\ntitle: A\nsocial:\n- icon: cv\n  link: |\n    uploads/old.pdf\norganizations: [x]\n---\nBody\n",
        ];
        for page in pages {
            let (_, out) = link_in_front_matter(page, "uploads/a.pdf").unwrap();
            let front = out.split("---\n").nth(1).unwrap();
            let read: serde_yaml::Value = serde_yaml::from_str(front).unwrap();
            assert_eq!(read["social"][0]["link"], "uploads/a.pdf", "{out}");
            assert_eq!(read["organizations"][0], "x", "{out}");
            assert!(out.ends_with("---\nBody\n"));
        }
        let data = [
            "name: A\nlinks: []\ninterests: [x]\n",
            "name: A\nlinks:\ninterests: [x]\n",
            "name: A\nlinks:\n  - icon: academicons/cv\n    url: >-\n      uploads/old.pdf\ninterests: [x]\n",
        ];
        for text in data {
            let (_, out) = link_in_data_file(text, "uploads/a.pdf").unwrap();
            let read: serde_yaml::Value = serde_yaml::from_str(&out).unwrap();
            assert_eq!(read["links"][0]["url"], "uploads/a.pdf", "{out}");
            assert_eq!(read["interests"][0], "x", "{out}");
        }
    }

    #[test]
    fn a_page_of_mixed_line_endings_keeps_each_line_s_own() {
        // Found by probing: one CRLF line made every line of the page CRLF.
        let page = "---\r\ntitle: Ada\r\n---\nBody LF line\nanother\n";
        let (_, out) = link_in_front_matter(page, "uploads/ada.pdf").unwrap();
        assert_eq!(
            out,
            "---\r\ntitle: Ada\r\nsocial:\r\n  - icon: cv\r\n    icon_pack: ai\r\n    link: uploads/ada.pdf\r\n---\nBody LF line\nanother\n"
        );
    }

    #[test]
    fn a_data_file_without_a_final_line_break_takes_the_link() {
        // Found by probing: refused as "written in a way cvpdf cannot edit safely".
        let text = "name: Ada\nlinks:\n  - icon: github\n    url: https://github.com/a";
        let (_, out) = link_in_data_file(text, "uploads/ada.pdf").unwrap();
        assert!(out.starts_with("name: Ada\nlinks:\n  - icon: github\n    url: https://github.com/a\n  - icon: academicons/cv\n"), "{out}");
    }
}
