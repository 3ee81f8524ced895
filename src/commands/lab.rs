//! `cvpdf lab DIR -o OUT`: the lab's website in one folder. Every member's CVs (the batch:
//! parallel, incremental, atomic, one broken profile never stops the rest) with a first-page
//! thumbnail each, then the lab's own files made from the profiles that load: the publication
//! list as PDF and BibTeX, `lab.json`, and the people page `index.html`, with the photos and
//! the logo they show.
//!
//! cvpdf writes a lab file only when its bytes change, and never over a file it did not
//! write (each says so: the PDF's creator, the BibTeX's first line, the page's generator tag,
//! the JSON's `generator`; photos and the logo are named after their content).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::batch::BatchOptions;
use crate::diag::{escape_line, Printer};
use crate::fonts::FontOptions;
use crate::lab::{Lab, LAB_FILES};
use crate::pipeline::{Format, Job, Pipeline};
use crate::publish::THUMBNAIL_PPI;
use crate::style::Overrides;

use super::{plan_jobs, Error, VariantChoice};

/// Options of `cvpdf lab`.
pub struct Options {
    /// The lab's profiles: a directory (or profile files).
    pub profiles: PathBuf,
    /// The folder the site is written into.
    pub output: PathBuf,
    /// Render even what has not changed.
    pub force: bool,
    /// Profiles rendered at once (default: one per core).
    pub jobs: Option<usize>,
    /// Print nothing but errors and the summary.
    pub quiet: bool,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from.
    pub fonts: FontOptions,
}

/// Runs `cvpdf lab`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let started = Instant::now();
    let out = options.output.clone();
    if out.exists() && !out.is_dir() {
        return Err(Error::usage(format!(
            "-o {} exists and is not a directory; the lab's site is a folder",
            out.display()
        )));
    }
    // A mistyped folder is no lab with no members: nothing is built, nothing removed.
    if std::fs::metadata(&options.profiles).is_err() {
        return Err(Error::usage(format!(
            "{} does not exist; nothing is built and nothing in {} is removed",
            options.profiles.display(),
            out.display()
        )));
    }
    // One member's file is no lab either: the others would be taken for members who left.
    if !options.profiles.is_dir() {
        return Err(Error::usage(format!(
            "{} is a file; cvpdf lab builds the whole lab from its folder of profiles (render \
             one CV with cvpdf render); nothing is built and nothing in {} is removed",
            options.profiles.display(),
            out.display()
        )));
    }
    let renderer = super::renderer(options.fonts, Vec::new())?;
    let super::Run { styles, planned } = super::Run::plan(
        &renderer,
        options.style,
        std::slice::from_ref(&options.profiles),
        &VariantChoice::Default,
        printer,
    )?;
    let formats = [Format::Pdf, Format::Html, Format::Thumbnail];
    let mut jobs =
        plan_jobs(&planned, Some(&out), &formats).map_err(|p| Error::usage(p.message))?;
    // A thumbnail of the full CV is enough for the page.
    for job in &mut jobs {
        if job.variant.is_some() {
            job.outputs
                .retain(|(format, _)| *format != Format::Thumbnail);
        }
    }
    refuse_lab_names(&jobs, &out)?;
    let _lock = crate::lock::lock_folder(&out).map_err(|e| Error::failed(e.to_string()))?;

    let pipeline = Pipeline::new(&renderer, &styles, THUMBNAIL_PPI);
    let batch_options = BatchOptions::new(options.jobs, options.force, options.quiet);
    let lab = Lab {
        pipeline: &pipeline,
        styles: &styles,
        planned: &planned,
        jobs: &jobs,
        dir: &options.profiles,
        out: &out,
        force: options.force,
    };
    let built = crate::lab::build(&lab, &batch_options, printer);
    printer.eprint(&built.manifest_warnings);
    let Some(site) = built.site else {
        super::render::report(&built.summary, options.quiet)?;
        return Err(Error::Interrupted);
    };
    let lab_result = match site {
        Ok(made) => {
            printer.eprint(&made.warnings);
            if !options.quiet {
                for line in &made.written {
                    crate::diag::errln!("wrote {}", escape_line(line));
                }
                for line in &made.removed {
                    crate::diag::errln!("removed {} (no member's any more)", escape_line(line));
                }
                let kept = match made.kept {
                    0 => String::new(),
                    n => format!(" ({n} kept from the last build)"),
                };
                crate::diag::errln!(
                    "the lab: {} members{kept}, {} publications ({} listed by more than one member), {} in {:.2} s",
                    made.members,
                    made.papers,
                    made.shared,
                    out.display(),
                    started.elapsed().as_secs_f64()
                );
            }
            Ok(())
        }
        Err(diagnostics) => {
            printer.eprint(&diagnostics);
            crate::diag::errln!("error: the lab's pages were not made");
            Err(Error::reported())
        }
    };
    // The CVs' summary last, where a reader looks; its failure is the command's too.
    super::render::report(&built.summary, options.quiet)?;
    lab_result
}

/// A profile whose CV would be written over one of the lab's files is refused before
/// anything is written.
fn refuse_lab_names(jobs: &[Job], out: &Path) -> Result<(), Error> {
    // Compared without case: on a disk that ignores it (macOS, Windows) `Index.html` is the
    // people page.
    let reserved: Vec<String> = LAB_FILES
        .iter()
        .map(|f| out.join(f).to_string_lossy().to_lowercase())
        .collect();
    for job in jobs {
        for (_, output) in &job.outputs {
            if reserved.contains(&output.to_string_lossy().to_lowercase()) {
                return Err(Error::usage(format!(
                    "{} would be written to {}, which is the lab's own file; rename the profile",
                    job.input.display(),
                    output.display()
                )));
            }
        }
    }
    Ok(())
}
