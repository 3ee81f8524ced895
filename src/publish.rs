//! `cvpdf publish`: attach every profile's CV to the lab's Hugo site. The PDF goes to
//! `static/uploads/<slug>.pdf` with a first-page thumbnail `static/uploads/<slug>.png`, and the
//! author's page links it:
//!
//! - `content/authors/<slug>/_index.md` (Hugo Academic / Wowchemy): a `social` entry
//!   `{icon: cv, icon_pack: ai, link: uploads/<slug>.pdf}` in the front matter;
//! - `data/authors/<slug>.yaml` (Hugo Blox): a `links` entry
//!   `{icon: academicons/cv, url: uploads/<slug>.pdf, label: CV}`.
//!
//! Author files are edited as text: every other line, comment and key order survives, an
//! existing CV link is updated rather than duplicated, and files whose content would not change
//! are not written, so publishing twice changes nothing.

use std::fs;
use std::path::Path;

use crate::diag::Failure;
use crate::output::write_atomic;
use crate::pipeline::{page_file, Format, Pipeline};
use crate::yaml::edit::{self, Edit, SequenceAt};
use crate::yaml::spans::SpanIndex;

/// Resolution of the thumbnails (a first page about 400 pixels wide).
pub const THUMBNAIL_PPI: f32 = 48.0;

/// What publishing one profile did (or would do).
#[derive(Debug, Default)]
pub struct Published {
    /// Files written (or, in a dry run, that would be), with what changed.
    pub changes: Vec<String>,
    /// Set when the site has no page for this author.
    pub no_author_page: bool,
}

/// Publishes the profile at `path` into `site`; with `dry_run`, only says what would change.
/// `pipeline` renders page images at [`THUMBNAIL_PPI`].
pub fn publish_one(
    pipeline: &Pipeline,
    path: &Path,
    site: &Path,
    dry_run: bool,
) -> Result<Published, Failure> {
    let prepared = pipeline.prepare(path).map_err(|(failure, _)| failure)?;
    let slug = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .ok_or_else(|| Failure::message("the profile has no file name"))?;
    let uploads = site.join("static/uploads");
    let (pdf_file, png_file) = (
        uploads.join(format!("{slug}.pdf")),
        uploads.join(format!("{slug}.png")),
    );
    let artifacts = pipeline.produce(
        &prepared,
        &[
            (Format::Pdf, pdf_file.clone()),
            (Format::Png, png_file.clone()),
        ],
    )?;
    let first_page = page_file(&png_file, 1);
    let bytes_of = |file: &Path| {
        artifacts
            .files
            .iter()
            .find(|(_, f, _)| f == file)
            .map(|(_, _, bytes)| bytes.clone())
            .unwrap_or_default()
    };
    let (pdf, thumbnail) = (bytes_of(&pdf_file), bytes_of(&first_page));

    let mut published = Published::default();
    let link = format!("uploads/{slug}.pdf");
    for (file, bytes) in [(pdf_file, pdf), (png_file, thumbnail)] {
        if fs::read(&file).ok().as_deref() != Some(bytes.as_slice()) {
            published
                .changes
                .push(format!("{} ({} bytes)", file.display(), bytes.len()));
            if !dry_run {
                fs::create_dir_all(&uploads).map_err(|e| {
                    Failure::message(format!("cannot create {}: {e}", uploads.display()))
                })?;
                write_atomic(&file, &bytes).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", file.display()))
                })?;
            }
        }
    }

    let page = site.join(format!("content/authors/{slug}/_index.md"));
    let data = site.join(format!("data/authors/{slug}.yaml"));
    let edited = if page.is_file() {
        Some((
            page.clone(),
            link_in_front_matter(&read(&page)?, &link)
                .map_err(|e| Failure::message(format!("{}: {e}", page.display())))?,
        ))
    } else if data.is_file() {
        Some((
            data.clone(),
            link_in_data_file(&read(&data)?, &link)
                .map_err(|e| Failure::message(format!("{}: {e}", data.display())))?,
        ))
    } else {
        published.no_author_page = true;
        None
    };
    if let Some((file, (old, new))) = edited {
        if old != new {
            published
                .changes
                .push(format!("{} (CV link → {link})", file.display()));
            if !dry_run {
                write_atomic(&file, new.as_bytes()).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", file.display()))
                })?;
            }
        }
    }
    Ok(published)
}

fn read(path: &Path) -> Result<String, Failure> {
    fs::read_to_string(path)
        .map_err(|e| Failure::message(format!("cannot read {}: {e}", path.display())))
}

/// The page's text before and after making sure its front matter's `social` list has a CV
/// entry linking `link`.
fn link_in_front_matter(text: &str, link: &str) -> Result<(String, String), String> {
    let body_start = text
        .strip_prefix("---")
        .ok_or("the page has no YAML front matter (---)")?;
    let start = text.len() - body_start.len();
    let start = start + body_start.find('\n').map_or(0, |i| i + 1);
    let end = text[start..]
        .find("\n---")
        .map(|i| start + i + 1)
        .ok_or("the front matter has no closing ---")?;
    let front = &text[start..end];
    let new_front = ensure_link(
        front,
        "social",
        |entry| entry.icon_is("cv"),
        "link",
        &[("icon", "cv"), ("icon_pack", "ai"), ("link", link)],
        link,
    )?;
    Ok((
        text.to_string(),
        format!("{}{}{}", &text[..start], new_front, &text[end..]),
    ))
}

/// The data file's text before and after making sure its `links` list has a CV entry.
fn link_in_data_file(text: &str, link: &str) -> Result<(String, String), String> {
    let new = ensure_link(
        text,
        "links",
        |entry| entry.icon_is("cv"),
        "url",
        &[("icon", "academicons/cv"), ("url", link), ("label", "CV")],
        link,
    )?;
    Ok((text.to_string(), new))
}

/// An entry of a link list, for matching.
struct Entry<'a> {
    icon: Option<&'a str>,
}

impl Entry<'_> {
    /// Whether the entry's icon is `name` (with or without an icon-pack prefix).
    fn icon_is(&self, name: &str) -> bool {
        self.icon
            .is_some_and(|i| i.trim_matches(['"', '\'']).rsplit('/').next() == Some(name))
    }
}

/// Makes sure the list `key` of the YAML `text` has an entry matching `is_cv` whose `url_key`
/// is `link`: updates the value in place, or appends `new_entry`.
fn ensure_link(
    text: &str,
    key: &str,
    is_cv: impl Fn(&Entry) -> bool,
    url_key: &str,
    new_entry: &[(&str, &str)],
    link: &str,
) -> Result<String, String> {
    let index = SpanIndex::build(text).map_err(|e| format!("YAML syntax error: {}", e.message))?;
    let sequence = edit::sequence_at(text, &index, key);
    if let SequenceAt::Block(seq) = &sequence {
        for i in 0..seq.items.len() {
            let icon = index
                .get(&format!("{key}[{i}].icon"))
                .map(|n| &text[n.value.clone()]);
            if !is_cv(&Entry { icon }) {
                continue;
            }
            let Some(url) = index.get(&format!("{key}[{i}].{url_key}")) else {
                continue;
            };
            if text[url.value.clone()].trim_matches(['"', '\'']) == link {
                return Ok(text.to_string());
            }
            return Ok(edit::apply(
                text,
                vec![Edit {
                    range: url.value.clone(),
                    text: link.to_string(),
                }],
            ));
        }
    }
    let item = |indent: &str| {
        let mut out = String::new();
        for (k, (name, value)) in new_entry.iter().enumerate() {
            out.push_str(indent);
            out.push_str(if k == 0 { "- " } else { "  " });
            out.push_str(&format!("{name}: {value}\n"));
        }
        out
    };
    match sequence {
        SequenceAt::Block(seq) => Ok(edit::apply(
            text,
            vec![Edit {
                range: seq.append_at..seq.append_at,
                text: item(&seq.indent),
            }],
        )),
        SequenceAt::Empty(range) => Ok(edit::apply(
            text,
            vec![Edit {
                range,
                text: format!("\n{}", item("  ")),
            }],
        )),
        SequenceAt::Missing => {
            let sep = if text.is_empty() || text.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            Ok(format!("{text}{sep}{key}:\n{}", item("  ")))
        }
        SequenceAt::Other => Err(format!(
            "`{key}` is not a list written one entry per line; add the CV link by hand"
        )),
    }
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
}
