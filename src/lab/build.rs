//! One lab build: the members' CVs (the batch) and the publication list made at once, on two
//! threads, with one manifest per directory saved once for both; then, unless the build was
//! interrupted, the site's files from the list.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::batch::{self, BatchOptions, Manifests, Summary};
use crate::diag::{Diagnostic, Printer};
use crate::pipeline::{Job, Pipeline};
use crate::style::{Style, StyleCache};

use super::{finish_site, publication_list, Made};

/// What a lab is built from, planned by the command.
pub struct Lab<'a> {
    /// The pipeline the CVs and the publication list go through.
    pub pipeline: &'a Pipeline<'a>,
    /// The run's styles.
    pub styles: &'a StyleCache<'a>,
    /// Each profile with its variants.
    pub planned: &'a [(PathBuf, Vec<Option<String>>)],
    /// The CVs' jobs.
    pub jobs: &'a [Job],
    /// The folder of profiles.
    pub dir: &'a Path,
    /// The site's folder.
    pub out: &'a Path,
    /// Render even what has not changed.
    pub force: bool,
}

/// What a lab build gave.
pub struct Built {
    /// The CVs' summary.
    pub summary: Summary,
    /// What saving the manifests met.
    pub manifest_warnings: Vec<Diagnostic>,
    /// The site's files, or why they were not made; `None` when the build was interrupted.
    pub site: Option<Result<Made, Vec<Diagnostic>>>,
}

/// Builds `lab`: the CVs and the publication list side by side (the list needs the
/// profiles, not their CVs, so a lab build costs little more than the batch), then the site.
pub fn build(lab: &Lab, options: &BatchOptions, printer: Printer) -> Built {
    // Peeked, not taken: a broken configuration is told by the CVs' jobs, once.
    let lab_style = lab.styles.peek_lab(lab.dir).map(|l| l.base.clone());
    // One manifest per directory, shared by the CVs and the publication list, saved once.
    let manifests = Manifests::default();
    let (summary, list) = std::thread::scope(|scope| {
        let list = lab_style.as_ref().map(|style| {
            let manifests = &manifests;
            scope.spawn(move || {
                crate::panics::catch(|| {
                    publication_list(
                        lab.pipeline,
                        style,
                        lab.planned,
                        lab.dir,
                        lab.out,
                        manifests,
                        lab.force,
                    )
                })
            })
        });
        let summary = batch::run_with(lab.pipeline, lab.jobs, options, printer, &manifests);
        let list = list.map(|handle| match handle.join() {
            Ok(Ok(list)) => list,
            Ok(Err(message)) => Err(vec![Diagnostic::error(format!(
                "internal error while making the publication list: {message}"
            ))]),
            Err(_) => Err(vec![Diagnostic::error(
                "internal error while making the publication list",
            )]),
        });
        (summary, list)
    });
    let manifest_warnings = manifests
        .save()
        .into_iter()
        .map(Diagnostic::warning)
        .collect();
    let site = (summary.interrupted == 0).then(|| site(lab, lab_style, list));
    Built {
        summary,
        manifest_warnings,
        site,
    }
}

/// The site's files from the publication list, or why they cannot be made.
fn site(
    lab: &Lab,
    style: Option<Arc<Style>>,
    list: Option<Result<super::List, Vec<Diagnostic>>>,
) -> Result<Made, Vec<Diagnostic>> {
    match (style, list) {
        (Some(style), Some(Ok(list))) => finish_site(list, &style, lab.planned, lab.jobs, lab.out),
        (_, Some(Err(diagnostics))) => Err(diagnostics),
        _ => {
            // The configuration's report went with the first CV that used it.
            let mut diagnostics = match lab.styles.for_dir(lab.dir) {
                Err(error) => error.report.into_iter().map(Diagnostic::from).collect(),
                Ok(_) => Vec::new(),
            };
            diagnostics.push(Diagnostic::error(
                "the lab's configuration has errors, so the lab's pages are not made",
            ));
            Err(diagnostics)
        }
    }
}
