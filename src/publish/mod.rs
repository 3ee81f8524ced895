//! `cvpdf publish`: attach every profile's CV to the lab's website. Three kinds of site are
//! recognised from their files ([`SiteKind::detect`]):
//!
//! - **Hugo** (Hugo Academic / Wowchemy / Hugo Blox): the PDF goes to
//!   `static/uploads/<slug>.pdf` with a first-page thumbnail `static/uploads/<slug>.png`, and the
//!   author's page links it: `content/authors/<slug>/_index.md` (`content/author/` on older
//!   sites) gets a `social` entry `{icon: cv, icon_pack: ai, link: uploads/<slug>.pdf}` in its
//!   front matter; `data/authors/<slug>.yaml` (Hugo Blox) a `links` entry
//!   `{icon: academicons/cv, url: uploads/<slug>.pdf, label: CV}`.
//! - **al-folio** (Jekyll, one person's site): the PDF goes to `assets/pdf/<slug>.pdf` and
//!   `_pages/cv.md` names it in `cv_pdf:` (see `jekyll.rs`).
//! - **A Jekyll lab site with `_members/`** (Greene Lab's lab-website-template): the PDF goes
//!   to `cv/<slug>.pdf` and `_members/<slug>.md` gets `cv: cv/<slug>.pdf` among its `links`.
//!
//! Pages are edited as text: every other line, comment and key order survives, an existing CV
//! link is updated rather than duplicated, and files whose content would not change are not
//! written, so publishing twice changes nothing.

mod jekyll;

use std::fs;
use std::path::{Path, PathBuf};

use crate::diag::Failure;
use crate::output::write_atomic;
use crate::ownership::{may_replace, Mark, Recorded};
use crate::pipeline::{Format, Job, Pipeline};
use crate::yaml::list;

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
///
/// Nothing is written outside the site: every file's real path (after following symbolic
/// links, also of the folders on the way) must be inside it, and a linked author page is
/// edited where it points. The author page is read and its edit made before anything is
/// written, so a page that cannot take the link leaves the site as it was.
///
/// `variants` are rendered too, into `static/uploads/<slug>-<variant>.pdf` beside the full CV
/// (the author page links the full CV).
pub fn publish_one(
    pipeline: &Pipeline,
    path: &Path,
    variants: &[String],
    site: &Path,
    kind: SiteKind,
    dry_run: bool,
) -> Result<Published, Failure> {
    let root = site
        .canonicalize()
        .map_err(|e| Failure::message(format!("cannot open the site {}: {e}", site.display())))?;
    let job = |variant: Option<&String>| Job {
        input: path.to_path_buf(),
        variant: variant.cloned(),
        outputs: Vec::new(),
    };
    let prepared = pipeline
        .prepare(&job(None))
        .map_err(|(failure, _)| failure)?;
    // Every variant is prepared before anything is written: one that cannot be made leaves
    // the site as it was.
    let mut others = Vec::new();
    for variant in variants {
        let prepared = pipeline
            .prepare(&job(Some(variant)))
            .map_err(|(failure, _)| failure)?;
        others.push((variant, prepared));
    }
    let slug = crate::output::profile_stem(path).map_err(Failure::message)?;

    let mut published = Published::default();
    let uploads = site.join(kind.uploads());
    let file_name = format!("{slug}.pdf");
    // Every page edit is made (in memory) before anything is written: a page that cannot take
    // the link leaves the site as it was.
    let mut edits: Vec<PageEdit> = Vec::new();
    let link = match kind {
        SiteKind::Hugo => {
            let link = format!("uploads/{}.pdf", crate::link::path_segment(&slug));
            // Older Academic sites keep author pages in content/author/ (singular).
            let page = ["content/authors", "content/author"]
                .iter()
                .map(|dir| site.join(dir).join(&slug).join("_index.md"))
                .find(|page| page.is_file())
                .unwrap_or_else(|| site.join("content/authors").join(&slug).join("_index.md"));
            let data = site.join("data/authors").join(format!("{slug}.yaml"));
            if page.is_file() {
                edits.push(PageEdit::of(&root, page, |text| {
                    link_in_front_matter(text, &link).map(|(_, new)| new)
                })?);
            } else if data.is_file() {
                edits.push(PageEdit::of(&root, data, |text| {
                    link_in_data_file(text, &link).map(|(_, new)| new)
                })?);
            } else {
                published.no_author_page = true;
            }
            link
        }
        SiteKind::AlFolio => {
            let page = jekyll::al_folio_cv_page(site);
            let mut value = String::new();
            edits.push(PageEdit::of(&root, page, |text| {
                value = jekyll::cv_pdf_value(site, text, &file_name);
                jekyll::set_cv_pdf(text, &value)
            })?);
            value
        }
        SiteKind::JekyllMembers => {
            let link = format!(
                "{}/{}",
                kind.uploads(),
                crate::link::path_segment(&file_name)
            );
            let page = site.join("_members").join(format!("{slug}.md"));
            if page.is_file() {
                edits.push(PageEdit::of(&root, page, |text| {
                    jekyll::set_member_cv(text, &link)
                })?);
            } else {
                published.no_author_page = true;
            }
            link
        }
    };

    let pdf_file = uploads.join(&file_name);
    let png_file = uploads.join(format!("{slug}.png"));
    let mut targets = vec![(Format::Pdf, pdf_file.clone())];
    if kind == SiteKind::Hugo {
        // Hugo themes show the thumbnail beside the link.
        targets.push((Format::Thumbnail, png_file.clone()));
    }
    let artifacts = pipeline.produce(&prepared, &targets)?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = artifacts
        .files
        .into_iter()
        .map(|(_, file, bytes)| (file, bytes))
        .collect();
    for (variant, prepared) in &others {
        let file = uploads.join(format!("{slug}-{variant}.pdf"));
        let artifacts = pipeline.produce(prepared, &[(Format::Pdf, file.clone())])?;
        files.extend(artifacts.files.into_iter().map(|(_, f, bytes)| (f, bytes)));
    }
    // A file of the site's own where a CV would go is left alone, and nothing is written.
    for (file, bytes) in &files {
        let real = within_site(&root, file)?;
        let mark = if file.extension().is_some_and(|e| e == "png") {
            Mark::Png
        } else {
            Mark::Pdf
        };
        may_replace(
            &real,
            bytes,
            Recorded::Unknown,
            mark,
            "remove it if it is an old CV",
        )
        .map_err(Failure::message)?;
    }
    for (file, bytes) in files {
        let real = within_site(&root, &file)?;
        if fs::read(&real).ok().as_deref() != Some(bytes.as_slice()) {
            published
                .changes
                .push(format!("{} ({} bytes)", file.display(), bytes.len()));
            if !dry_run {
                fs::create_dir_all(&uploads).map_err(|e| {
                    Failure::message(format!("cannot create {}: {e}", uploads.display()))
                })?;
                // Made now: check again that the folder did not lead out.
                let real = within_site(&root, &file)?;
                write_atomic(&real, &bytes).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", file.display()))
                })?;
            }
        }
    }

    for edit in edits {
        if edit.old != edit.new {
            published
                .changes
                .push(format!("{} (CV link → {link})", edit.file.display()));
            if !dry_run {
                write_atomic(&edit.real, edit.new.as_bytes()).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", edit.file.display()))
                })?;
            }
        }
    }
    Ok(published)
}

/// On a Jekyll lab site, gives the template's link types (`_data/types.yaml`, when the site
/// has one) a `cv` type, so that the members' CV links have a label and an icon; once per
/// run, after the members' pages. What changed (or, with `dry_run`, would), if anything.
pub fn add_cv_link_type(site: &Path, dry_run: bool) -> Result<Option<String>, Failure> {
    let types = site.join("_data/types.yaml");
    if !types.is_file() {
        return Ok(None);
    }
    let root = site
        .canonicalize()
        .map_err(|e| Failure::message(format!("cannot open the site {}: {e}", site.display())))?;
    let edit = PageEdit::of(&root, types, |text| {
        keeping_line_endings(text, jekyll::with_cv_type)
    })?;
    if edit.old == edit.new {
        return Ok(None);
    }
    if !dry_run {
        write_atomic(&edit.real, edit.new.as_bytes())
            .map_err(|e| Failure::message(format!("cannot write {}: {e}", edit.file.display())))?;
    }
    Ok(Some(format!(
        "{} (a `cv` link type, for the members' CV links)",
        edit.file.display()
    )))
}

/// The kind of website, as its files show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteKind {
    /// Hugo with Academic / Wowchemy / Hugo Blox author pages (and any site that is neither
    /// of the others).
    Hugo,
    /// al-folio: a Jekyll site with `_config.yml` and `_pages/cv.md`; one person's.
    AlFolio,
    /// A Jekyll lab site with `_config.yml` and a `_members/` collection.
    JekyllMembers,
}

impl SiteKind {
    /// What `site` is.
    pub fn detect(site: &Path) -> SiteKind {
        let jekyll = site.join("_config.yml").is_file() || site.join("_config.yaml").is_file();
        if jekyll && site.join("_members").is_dir() {
            SiteKind::JekyllMembers
        } else if jekyll && jekyll::al_folio_cv_page(site).is_file() {
            SiteKind::AlFolio
        } else {
            SiteKind::Hugo
        }
    }

    /// The folder of the site the PDFs go into.
    pub fn uploads(self) -> &'static str {
        match self {
            SiteKind::Hugo => "static/uploads",
            SiteKind::AlFolio => "assets/pdf",
            SiteKind::JekyllMembers => "cv",
        }
    }

    /// The site's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            SiteKind::Hugo => "Hugo",
            SiteKind::AlFolio => "al-folio (Jekyll)",
            SiteKind::JekyllMembers => "Jekyll lab (_members/)",
        }
    }

    /// Where this kind of site keeps a person's page, for the note about a missing one.
    pub fn page_places(self, slug: &str) -> String {
        match self {
            SiteKind::Hugo => format!(
                "content/authors/{slug}/_index.md, content/author/{slug}/_index.md or data/authors/{slug}.yaml"
            ),
            SiteKind::AlFolio => "_pages/cv.md".into(),
            SiteKind::JekyllMembers => format!("_members/{slug}.md"),
        }
    }
}

/// A page (or data file) of the site, read and edited in memory.
struct PageEdit {
    /// The file as the site names it.
    file: PathBuf,
    /// Where it really is (inside the site).
    real: PathBuf,
    /// Its text, and the text after the edit.
    old: String,
    new: String,
}

impl PageEdit {
    /// Reads `file` (which must be inside the site `root`) and makes the edit.
    fn of(
        root: &Path,
        file: PathBuf,
        edit: impl FnOnce(&str) -> Result<String, String>,
    ) -> Result<PageEdit, Failure> {
        let real = within_site(root, &file)?;
        let old = read(&real)?;
        let new = edit(&old).map_err(|e| Failure::message(format!("{}: {e}", file.display())))?;
        Ok(PageEdit {
            file,
            real,
            old,
            new,
        })
    }
}

/// Where `path` really is, if that is inside the site `root` (canonical): a file that is
/// there is followed through links; for one still to be made, the nearest folder that is
/// there. A path leading out is refused.
fn within_site(root: &Path, path: &Path) -> Result<PathBuf, Failure> {
    let mut existing = path;
    while fs::symlink_metadata(existing).is_err() {
        match existing.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => existing = parent,
            _ => break,
        }
    }
    let real = existing
        .canonicalize()
        .map_err(|e| Failure::message(format!("cannot resolve {}: {e}", existing.display())))?;
    if !real.starts_with(root) {
        return Err(Failure::message(format!(
            "{} leads outside the site (through a symbolic link); nothing is written there",
            path.display()
        )));
    }
    Ok(match path.strip_prefix(existing) {
        Ok(rest) if !rest.as_os_str().is_empty() => real.join(rest),
        _ => real,
    })
}

/// Reads a page or data file (bounded, regular files only), keeping a byte-order mark, which
/// the page keeps when it is written again.
fn read(path: &Path) -> Result<String, Failure> {
    let fail = |message: String| Failure::message(format!("{}: {message}", path.display()));
    let bytes = crate::input::read_bytes(path, "author page", crate::input::MAX_FILE_BYTES)
        .map_err(|p| fail(p.message))?;
    String::from_utf8(bytes).map_err(|_| fail("the page is not UTF-8 text".into()))
}

/// Runs `edit` on `text` as if it had LF line endings and no byte-order mark, then gives the
/// result the page's own: a CRLF page stays CRLF, a BOM stays.
fn keeping_line_endings(
    text: &str,
    edit: impl FnOnce(&str) -> Result<String, String>,
) -> Result<String, String> {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(body) => ("\u{feff}", body),
        None => ("", text),
    };
    let crlf = body.contains("\r\n");
    let plain = if crlf {
        body.replace("\r\n", "\n")
    } else {
        body.to_string()
    };
    let edited = edit(&plain)?;
    if edited == plain {
        return Ok(text.to_string());
    }
    let edited = if crlf {
        edited.replace('\n', "\r\n")
    } else {
        edited
    };
    Ok(format!("{bom}{edited}"))
}

/// The page's text before and after making sure its front matter's `social` list has a CV
/// entry linking `link`.
fn link_in_front_matter(text: &str, link: &str) -> Result<(String, String), String> {
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

/// The page with `edit` made to its YAML front matter (between the `---` lines), every other
/// byte as it was (line endings and a byte-order mark too).
fn in_front_matter(
    text: &str,
    edit: impl FnOnce(&str) -> Result<String, String>,
) -> Result<String, String> {
    keeping_line_endings(text, |text| {
        let mut lines = text.split_inclusive('\n');
        let first = lines.next().unwrap_or_default();
        if first.trim_end() != "---" {
            return Err(if first.trim_end() == "+++" {
                "the front matter is TOML (+++); add the CV link by hand".to_string()
            } else {
                "the page has no YAML front matter (---)".to_string()
            });
        }
        let start = first.len();
        let mut end = start;
        let mut closed = false;
        for line in lines {
            if matches!(line.trim_end(), "---" | "...") {
                closed = true;
                break;
            }
            end += line.len();
        }
        if !closed {
            return Err("the front matter has no closing ---".into());
        }
        let new_front = edit(&text[start..end])?;
        Ok(format!("{}{}{}", &text[..start], new_front, &text[end..]))
    })
}

/// The data file's text before and after making sure its `links` list has a CV entry.
fn link_in_data_file(text: &str, link: &str) -> Result<(String, String), String> {
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
) -> Result<String, String> {
    let is_cv = |item: &serde_yaml::Value| {
        item.get("icon")
            .and_then(serde_yaml::Value::as_str)
            .is_some_and(|icon| icon.rsplit('/').next() == Some("cv"))
    };
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
    fn a_crlf_types_file_stays_crlf() {
        let types = "pi:\r\n  icon: fa-solid fa-microscope\r\n";
        let new = keeping_line_endings(types, jekyll::with_cv_type).unwrap();
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
}
