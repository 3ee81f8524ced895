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
//!   `_pages/cv.md` names it in `cv_pdf:` (see `alfolio.rs`).
//! - **A Jekyll lab site with `_members/`** (Greene Lab's lab-website-template): the PDF goes
//!   to `cv/<slug>.pdf` and `_members/<slug>.md` gets `cv: cv/<slug>.pdf` among its `links`.
//!
//! With `--html`, the web CV also becomes a page of the site, in its own layout (`web.rs`).
//!
//! A person's page is found by the profile's file name or by the person's name (`find.rs`);
//! for a person the site has no page for, nothing is uploaded (unless asked): a CV nobody links
//! would still be public. A CV link already on the page is updated only when it points to a CV
//! cvpdf made (or when asked): a link to the person's own CV is theirs.
//!
//! Pages are edited as text: every other line, comment and key order survives, an existing CV
//! link is updated rather than duplicated, and files whose content would not change are not
//! written, so publishing twice changes nothing.

mod alfolio;
mod find;
mod hugo;
mod jekyll;
mod page;
mod web;

use std::fs;
use std::path::{Path, PathBuf};

use crate::diag::Failure;
use crate::output::write_atomic;
use crate::ownership::{may_replace, Mark, Recorded};
use crate::pipeline::{Format, Job, Pipeline};

use page::{keeping_line_endings, within_site, PageEdit};

/// Resolution of the thumbnails (a first page about 400 pixels wide).
pub const THUMBNAIL_PPI: f32 = 48.0;

/// What publishing one profile did (or would do).
#[derive(Debug, Default)]
pub struct Published {
    /// Files written (or, in a dry run, that would be), with what changed.
    pub changes: Vec<String>,
    /// Why the site has no page for this person, when it has none.
    pub no_page: Option<String>,
    /// The page and the CV link on it that was kept (not cvpdf's), when one was.
    pub kept_link: Option<(PathBuf, String)>,
    /// Whether the person's page links cvpdf's CV (and the site shows it).
    pub linked: bool,
    /// Why the page's link is not shown, when the site never shows it.
    pub not_shown: Option<(PathBuf, String)>,
}

/// What the command line asks of `publish` beyond the site.
#[derive(Debug, Clone, Copy, Default)]
pub struct Choices {
    /// Only say what would change.
    pub dry_run: bool,
    /// Replace a CV link on a page even when it points to a CV cvpdf did not make.
    pub replace_cv_link: bool,
    /// Upload the CV of a person the site has no page for (unlinked).
    pub upload_unlisted: bool,
    /// Put the web CV on the site too, as a page of its own ([`web`]).
    pub html: bool,
}

/// A person's page and the CV link it is to have (made by the kind's module).
struct CvLink {
    /// The link cvpdf writes.
    link: String,
    /// The edit of the page that writes it.
    edit: PageEdit,
    /// The CV link the page has now, if any.
    current: Option<String>,
    /// Why the site does not show the link, when it does not.
    hidden: Option<String>,
}

/// Publishes the profile at `path` into `site`, as `choices` say.
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
    choices: Choices,
) -> Result<Published, Failure> {
    let dry_run = choices.dry_run;
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
    let slug = crate::output::profile_stem(path).map_err(|p| Failure::message(p.message))?;

    let mut published = Published::default();
    let uploads = site.join(kind.uploads());
    let file_name = format!("{slug}.pdf");
    let p = &prepared.loaded.profile;
    let names: Vec<String> = p.own_names().map(str::to_string).collect();
    // The page's edit is made (in memory) before anything is written: a page that cannot
    // take the link leaves the site as it was.
    let cv = match find::person_page(site, &root, kind, &slug, &names)? {
        Ok(page) => Some(match kind {
            SiteKind::Hugo => hugo::cv_link(&root, page, &slug)?,
            SiteKind::AlFolio => alfolio::cv_link(site, &root, &file_name)?,
            SiteKind::JekyllMembers => jekyll::cv_link(&root, page, &file_name)?,
        }),
        Err(why) => {
            published.no_page = Some(why);
            None
        }
    };
    if cv.is_none() && !choices.upload_unlisted {
        return Ok(published);
    }
    if let Some(CvLink {
        link,
        edit,
        current: Some(current),
        ..
    }) = &cv
    {
        if current != link
            && !choices.replace_cv_link
            && !find::link_is_ours(site, &root, kind, current)
        {
            published.kept_link = Some((edit.file.clone(), current.clone()));
            return Ok(published);
        }
    }

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
    if choices.html {
        let file = site.join(web::page_path(kind, &slug));
        let artifacts = pipeline.produce(&prepared, &[(Format::Html, file.clone())])?;
        let cv = crate::template::words_of(&prepared.style.lang)["cv"]
            .as_str()
            .unwrap_or("CV");
        let title = format!("{} — {cv}", p.name);
        // First: its folder is the one most likely not to be writable (a new one, in the
        // site's content), and nothing is written after a file that could not be.
        for (_, file, bytes) in artifacts.files {
            files.insert(0, (file, web::page(kind, &slug, &title, &bytes)?));
        }
    }
    // A file of the site's own where a CV would go is left alone, and nothing is written.
    for (file, bytes) in &files {
        let real = within_site(&root, file)?;
        let mark = match file.extension().and_then(|e| e.to_str()) {
            Some("png") => Mark::Png,
            Some("html") => Mark::Content(&web::is_cv_page),
            _ => Mark::Pdf,
        };
        may_replace(
            &real,
            bytes,
            Recorded::Unknown,
            mark,
            "remove it if it is an old CV",
        )
        .map_err(|refused| Failure::message(refused.to_string()))?;
    }
    // Every folder is made before any file is written: one that cannot be (a file in the way,
    // no permission) leaves the site as it was.
    if !dry_run {
        for (file, _) in &files {
            let folder = crate::output::parent_dir(file);
            if !folder.is_dir() {
                within_site(&root, file)?;
                fs::create_dir_all(&folder).map_err(|e| {
                    Failure::message(format!(
                        "cannot create the folder {}: {e}",
                        folder.display()
                    ))
                })?;
                within_site(&root, file)?;
            }
        }
    }
    for (file, bytes) in files {
        let real = within_site(&root, &file)?;
        if fs::read(&real).ok().as_deref() != Some(bytes.as_slice()) {
            published
                .changes
                .push(format!("{} ({} bytes)", file.display(), bytes.len()));
            if !dry_run {
                // Made above: check again that the folder did not lead out.
                let real = within_site(&root, &file)?;
                write_atomic(&real, &bytes).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", file.display()))
                })?;
            }
        }
    }

    if let Some(CvLink {
        link, edit, hidden, ..
    }) = cv
    {
        published.linked = hidden.is_none();
        if edit.old != edit.new {
            let what = match &hidden {
                Some(_) => format!("cv_pdf: {link}, not shown"),
                None => format!("CV link → {link}"),
            };
            published
                .changes
                .push(format!("{} ({what})", edit.file.display()));
            if !dry_run {
                write_atomic(&edit.real, edit.new.as_bytes()).map_err(|e| {
                    Failure::message(format!("cannot write {}: {e}", edit.file.display()))
                })?;
            }
        }
        published.not_shown = hidden.map(|why| (edit.file, why));
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
        } else if jekyll && alfolio::cv_page(site).is_file() {
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
