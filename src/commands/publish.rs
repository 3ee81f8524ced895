//! `cvpdf publish`: every profile rendered and attached to the lab's website (Hugo, al-folio,
//! or a Jekyll lab site with `_members/`; told apart by their files).

use std::path::PathBuf;

use crate::diag::{escape_line, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::pipeline::Pipeline;
use crate::publish::{add_cv_link_type, publish_one, SiteKind, THUMBNAIL_PPI};
use crate::style::Overrides;

use super::Error;

/// Options of `cvpdf publish`.
pub struct Options {
    /// The directory of profiles.
    pub profiles: PathBuf,
    /// The root of the Hugo site.
    pub site: PathBuf,
    /// Say what would change without writing anything.
    pub dry_run: bool,
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
    let profiles =
        super::expand_inputs(std::slice::from_ref(&options.profiles)).map_err(Error::usage)?;
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
    let renderer = super::renderer(options.fonts, Vec::new())?;
    let styles = super::styles(options.style, renderer.fonts())?;
    let pipeline = Pipeline::new(&renderer, &styles, THUMBNAIL_PPI);
    let verb = if options.dry_run {
        "would write"
    } else {
        "wrote"
    };
    let (mut failed, mut changed, mut unlinked) = (0, 0, Vec::new());
    let planned = super::plan_variants(&profiles, &super::VariantChoice::Default, &styles)
        .map_err(Error::usage)?;
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
        match publish_one(
            &pipeline,
            path,
            &variants,
            &options.site,
            kind,
            options.dry_run,
        ) {
            Ok(published) => {
                for change in &published.changes {
                    crate::diag::outln!("{verb} {}", escape_line(change));
                }
                changed += published.changes.len();
                if published.no_author_page {
                    unlinked.push(path.clone());
                }
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
    let linked = planned.len() - failed - unlinked.len();
    if kind == SiteKind::JekyllMembers && linked > 0 {
        match add_cv_link_type(&options.site, options.dry_run) {
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
    for path in &unlinked {
        let slug = crate::output::profile_stem(path).unwrap_or_default();
        let note = format!(
            "note: {} has no page on the {} site ({}); its CV is uploaded but not linked",
            path.display(),
            kind.name(),
            kind.page_places(&slug)
        );
        crate::diag::errln!("{}", escape_line(&note));
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
