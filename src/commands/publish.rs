//! `cvpdf publish`: every profile rendered and attached to the lab's website (Hugo, al-folio,
//! or a Jekyll lab site with `_members/`; told apart by their files).

use std::path::{Path, PathBuf};

use crate::diag::{escape_line, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::pipeline::Pipeline;
use crate::publish::{add_cv_link_type, publish_one, Choices, Published, SiteKind, THUMBNAIL_PPI};
use crate::style::Overrides;

use super::Error;

/// Options of `cvpdf publish`.
pub struct Options {
    /// The directory of profiles.
    pub profiles: PathBuf,
    /// The root of the Hugo site.
    pub site: PathBuf,
    /// A dry run; whether to replace links and upload unlisted people's CVs.
    pub choices: Choices,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from.
    pub fonts: FontOptions,
}

/// Runs `cvpdf publish`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    if !options.site.is_dir() {
        return Err(Error::usage(format!(
            "--site {} is not a directory",
            options.site.display()
        )));
    }
    let profiles = super::expand_inputs(std::slice::from_ref(&options.profiles))
        .map_err(|p| Error::usage(p.message))?;
    let kind = SiteKind::detect(&options.site);
    if kind == SiteKind::AlFolio && profiles.len() > 1 {
        return Err(Error::usage(format!(
            "{} is an al-folio site, which is one person's, and {} holds {} profiles; name the \
             one to publish (cvpdf publish {} --site {})",
            options.site.display(),
            options.profiles.display(),
            profiles.len(),
            profiles[0].display(),
            options.site.display()
        )));
    }
    let choices = options.choices;
    // One run at a time edits the site (a dry run writes nothing, and needs no lock).
    let _lock = if choices.dry_run {
        None
    } else {
        Some(crate::lock::lock_folder(&options.site).map_err(|e| Error::failed(e.to_string()))?)
    };
    let renderer = super::renderer(options.fonts, Vec::new())?;
    let super::Run { styles, planned } = super::Run::plan(
        &renderer,
        options.style,
        &profiles,
        &super::VariantChoice::Default,
        printer,
    )?;
    let pipeline = Pipeline::new(&renderer, &styles, THUMBNAIL_PPI);
    let verb = if choices.dry_run {
        "would write"
    } else {
        "wrote"
    };
    let (mut failed, mut changed, mut linked, mut notes) = (0, 0, 0, Vec::new());
    // Two CVs that would be one upload (`a.yaml`'s variant `b` and `a-b.yaml` are both
    // `a-b.pdf`): one would link to the other's CV. Refused before anything is written, as
    // `render` and `lab` refuse it.
    let mut uploads: std::collections::HashMap<String, String> = Default::default();
    for (path, variants) in &planned {
        let slug = crate::output::profile_stem(path).unwrap_or_default();
        for variant in variants {
            let (file, cv) = match variant {
                Some(v) => (
                    format!("{slug}-{v}.pdf"),
                    format!("{} (variant {v})", path.display()),
                ),
                None => (format!("{slug}.pdf"), path.display().to_string()),
            };
            if let Some(other) = uploads.insert(file.clone(), cv.clone()) {
                return Err(Error::usage(format!(
                    "{other} and {cv} would both be published as {file}; rename one"
                )));
            }
        }
    }
    for (path, variants) in &planned {
        let variants: Vec<String> = variants.iter().flatten().cloned().collect();
        match publish_one(&pipeline, path, &variants, &options.site, kind, choices) {
            Ok(published) => {
                for change in &published.changes {
                    crate::diag::outln!("{verb} {}", escape_line(change));
                }
                changed += published.changes.len();
                linked += usize::from(published.linked);
                notes.extend(notes_of(path, &published, kind, choices.upload_unlisted));
            }
            Err(failure) => {
                printer.eprint(&failure.diagnostics);
                printer.eprint(&[Diagnostic::error(format!(
                    "{} is not published",
                    path.display()
                ))]);
                failed += 1;
            }
        }
    }
    if kind == SiteKind::JekyllMembers && linked > 0 {
        match add_cv_link_type(&options.site, choices.dry_run) {
            Ok(Some(change)) => {
                crate::diag::outln!("{verb} {}", escape_line(&change));
                changed += 1;
            }
            Ok(None) => {}
            Err(failure) => {
                printer.eprint(&failure.diagnostics);
                failed += 1;
            }
        }
    }
    for note in &notes {
        crate::diag::errln!("note: {}", escape_line(note));
    }
    if changed == 0 && failed == 0 {
        crate::diag::outln!("the site is up to date");
    }
    if failed > 0 {
        return Err(Error::failed(format!(
            "{failed} of {} profiles failed",
            profiles.len()
        )));
    }
    Ok(())
}

/// What the run says about a profile besides its changes: a person without a page (and
/// whether their CV went up anyway), a link of their own that was kept, a link not shown.
fn notes_of(path: &Path, published: &Published, kind: SiteKind, uploaded: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(why) = &published.no_page {
        let slug = crate::output::profile_stem(path).unwrap_or_default();
        let upload = if !uploaded {
            "nothing of it is uploaded (--upload-unlisted uploads its CV, unlinked)"
        } else {
            "its CV is uploaded but not linked"
        };
        notes.push(format!(
            "{} has no page on the {} site ({}, or a page naming the person): {why}; {upload}",
            path.display(),
            kind.name(),
            kind.page_places(&slug)
        ));
    }
    if let Some((page, link)) = &published.kept_link {
        notes.push(format!(
            "{} keeps its CV link {link}, which is not a CV cvpdf published, so nothing of {} is \
             uploaded (--replace-cv-link puts cvpdf's CV in its place)",
            page.display(),
            path.display()
        ));
    }
    if let Some((page, why)) = &published.not_shown {
        notes.push(format!("{}: the CV is {why}", page.display()));
    }
    notes
}
