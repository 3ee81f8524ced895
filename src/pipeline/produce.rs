//! Compiling a prepared job once, exporting every format asked for into bytes, and writing
//! them atomically.

use std::fs;
use std::path::{Path, PathBuf};

use super::fit::{self, compile_within_budget, LONG_DOCUMENT_PAGES};
use super::{Format, Pipeline, Prepared, Record, Written};
use crate::diag::{Diagnostic, Failure};
use crate::digest::FileRead;
use crate::output::{parent_dir, write_atomic};
use crate::ownership::{may_remove, may_replace, Mark, Recorded};
use crate::profile::LoadedProfile;
use crate::render::support_files;
use crate::render::{guarded, png_page, png_pages, svg_pages};
use crate::style::Style;

/// Cached results unused for this many documents are dropped from Typst's memo cache.
const EVICT_AFTER: usize = 3;

/// The files of a job's outputs, in memory, before they are written.
pub struct Artifacts {
    /// Each file, the index of the target it belongs to, and its bytes, in the order they
    /// are written.
    pub files: Vec<(usize, PathBuf, Vec<u8>)>,
    /// Pages (0 when only Typst source was made).
    pub pages: usize,
    /// Warnings (missing glyphs, Typst's warnings).
    pub warnings: Vec<Diagnostic>,
    /// What a page budget tightened, if it did.
    pub fitted: Option<String>,
    /// The files read from disk on the way, with the digest of what was read.
    pub(crate) read: Vec<FileRead>,
}

impl Pipeline<'_> {
    /// Compiles `prepared` once and exports it in every format of `targets`.
    pub fn produce(
        &self,
        prepared: &Prepared,
        targets: &[(Format, PathBuf)],
    ) -> Result<Artifacts, Failure> {
        // A panic (a bug in Typst or cvpdf) fails this job only.
        let what = format!("rendering {}", prepared.loaded.path.display());
        let result = guarded(&what, || self.export(prepared, targets)).and_then(|r| r);
        // Typst's memo cache would keep every document's layout; keep only what recent
        // documents used (the templates, fonts and shaping they share), so memory stays flat
        // over a lab and over a long watch session.
        let long = result
            .as_ref()
            .is_ok_and(|artifacts| artifacts.pages > LONG_DOCUMENT_PAGES);
        comemo::evict(if long { 0 } else { EVICT_AFTER });
        result
    }

    fn export(
        &self,
        prepared: &Prepared,
        targets: &[(Format, PathBuf)],
    ) -> Result<Artifacts, Failure> {
        let (loaded, style) = (&prepared.loaded, &prepared.style);
        let mut artifacts = Artifacts {
            files: Vec::new(),
            pages: 0,
            warnings: Vec::new(),
            fitted: None,
            read: Vec::new(),
        };
        // A page budget is met by compiling, so Typst source of a budgeted CV is the fitted one.
        let needs_pages = targets.iter().any(|(f, _)| f.is_paged())
            || (targets.iter().any(|(f, _)| *f == Format::Typ)
                && style.content.max_pages.is_some());
        let mut fitted_style = None;
        let compiled = if needs_pages {
            let fitted = compile_within_budget(self.renderer, loaded, style)?;
            artifacts.fitted = fit::describe(&fitted);
            let compiled = fitted.compiled;
            artifacts.pages = compiled.document.pages().len();
            artifacts.warnings = compiled.warnings.clone();
            artifacts.read = compiled.read.clone();
            fitted_style = Some(fitted.style);
            Some(compiled)
        } else {
            None
        };
        // The web CV holds what the style's content does, without a page budget's tightening.
        let web = if targets.iter().any(|(f, _)| f.is_web()) {
            let web = self.renderer.compile_web(loaded, style)?;
            artifacts.warnings.extend(web.warnings.iter().cloned());
            artifacts.read.extend(web.read.iter().cloned());
            Some(web)
        } else {
            None
        };
        let style = fitted_style.as_ref().unwrap_or(style);
        for (target, (format, output)) in targets.iter().enumerate() {
            match (format, &compiled) {
                (Format::Typ, _) => {
                    self.typst_source(loaded, style, target, output, &mut artifacts)?
                }
                (Format::Pdf, Some(compiled)) => {
                    let pdf = self
                        .renderer
                        .export_pdf(compiled, loaded)
                        .map_err(|f| f.after(artifacts.warnings.clone()))?;
                    artifacts.files.push((target, output.clone(), pdf));
                }
                (Format::Png, Some(compiled)) => {
                    let pages = png_pages(&compiled.document, self.ppi)
                        .map_err(|f| f.after(artifacts.warnings.clone()))?;
                    for (i, page) in pages.into_iter().enumerate() {
                        artifacts
                            .files
                            .push((target, page_file(output, i + 1), page));
                    }
                }
                (Format::Thumbnail, Some(compiled)) => {
                    if let Some(page) = compiled.document.pages().first() {
                        let png = png_page(page, self.ppi)
                            .map_err(|f| f.after(artifacts.warnings.clone()))?;
                        artifacts.files.push((target, output.clone(), png));
                    }
                }
                (Format::Svg, Some(compiled)) => {
                    for (i, page) in svg_pages(&compiled.document).into_iter().enumerate() {
                        artifacts
                            .files
                            .push((target, page_file(output, i + 1), page.into_bytes()));
                    }
                }
                (Format::Html | Format::Md, _) => {
                    let Some(web) = &web else { continue };
                    let bytes = if *format == Format::Html {
                        self.renderer
                            .export_html(web)
                            .map_err(|f| f.after(artifacts.warnings.clone()))?
                    } else {
                        self.renderer.export_markdown(web)
                    };
                    artifacts.files.push((target, output.clone(), bytes));
                }
                (_, None) => {}
            }
        }
        Ok(artifacts)
    }

    /// The generated main file and every file it reads (template, shared helpers, words, lab
    /// logo, photo), in the export's own folder, so that `typst compile` gives the same
    /// document.
    fn typst_source(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
        target: usize,
        destination: &Path,
        artifacts: &mut Artifacts,
    ) -> Result<(), Failure> {
        let dir = parent_dir(destination);
        let support = support_files(loaded, style)?;
        let names: Vec<&str> = support.iter().map(|f| f.name.as_str()).collect();
        for (i, file) in support.iter().enumerate() {
            if let Some(other) = support[..i].iter().find(|o| o.name == file.name) {
                if other.bytes != file.bytes {
                    return Err(Failure::message(format!(
                        "{} and {} are both named {}, and the Typst source's folder can hold                          only one; rename one of them",
                        other.display, file.display, file.name
                    )));
                }
            }
        }
        artifacts.files.push((
            target,
            main_file(destination, &names),
            self.renderer.main_source(loaded, style).into_bytes(),
        ));
        for file in support {
            if !artifacts
                .files
                .iter()
                .any(|(_, p, _)| *p == dir.join(&file.name))
            {
                artifacts
                    .files
                    .push((target, dir.join(&file.name), file.bytes.to_vec()));
            }
        }
        Ok(())
    }
}

/// Where the generated main file goes: `destination`, unless a file it reads has that name
/// (a profile named `classic.yaml` exported with the classic template): then `classic-cv.typ`
/// (or `-cv2`, …) beside it, so that neither replaces the other.
fn main_file(destination: &Path, taken: &[&str]) -> PathBuf {
    let name = destination
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !taken.contains(&name.as_str()) {
        return destination.to_path_buf();
    }
    let stem = name.strip_suffix(".typ").unwrap_or(&name);
    (1..)
        .map(|n| match n {
            1 => format!("{stem}-cv.typ"),
            n => format!("{stem}-cv{n}.typ"),
        })
        .find(|candidate| !taken.contains(&candidate.as_str()))
        .map(|candidate| destination.with_file_name(candidate))
        .unwrap_or_else(|| destination.to_path_buf())
}

/// Writes the artifacts, each atomically, and removes page images left over from a longer
/// earlier version of a page-image target. `previous` holds each target's earlier record: a
/// file that is in the way and is not one cvpdf wrote (recorded, or a PDF that names cvpdf as
/// its creator) is never overwritten, and only recorded pages are removed.
pub(crate) fn write(
    artifacts: Artifacts,
    targets: &[(Format, PathBuf)],
    previous: &[Option<Record>],
) -> Result<WriteOutcome, Failure> {
    let fail = |message: String| Failure::message(message).after(artifacts.warnings.clone());
    // Everything is checked before anything is written: a refusal leaves no half-made set.
    for (target, path, bytes) in &artifacts.files {
        let recorded = previous
            .get(*target)
            .and_then(Option::as_ref)
            .map_or(Recorded::Unknown, |record| record.recorded(path));
        let main = artifacts
            .files
            .iter()
            .find(|(t, ..)| t == target)
            .map(|(_, p, _)| p);
        let mark = match targets[*target].0 {
            Format::Pdf => Mark::Pdf,
            // Only the main file says it was generated; a template beside it is the user's to
            // edit once exported.
            Format::Typ if main == Some(path) => Mark::TypstSource,
            Format::Png | Format::Thumbnail => Mark::Png,
            Format::Html => Mark::Html,
            Format::Md => Mark::Content(&crate::render::is_markdown_cv),
            Format::Typ | Format::Svg => Mark::None,
        };
        may_replace(path, bytes, recorded, mark, "choose another place with -o")
            .map_err(|refused| fail(refused.to_string()))?;
    }
    let mut outputs = Vec::new();
    let mut written: Vec<Vec<Written>> = vec![Vec::new(); targets.len()];
    for (target, path, bytes) in &artifacts.files {
        let (format, output) = &targets[*target];
        // Typst source goes into a folder of its own, made here; other outputs' directory
        // exists, as planned by the command.
        if *format == Format::Typ {
            let folder = parent_dir(output);
            if !folder.is_dir() {
                fs::create_dir(&folder)
                    .map_err(|e| fail(format!("cannot create {}: {e}", folder.display())))?;
            }
        }
        write_atomic(path, bytes)
            .map_err(|err| fail(format!("cannot write {}: {err}", path.display())))?;
        written[*target].push(Written::of(path, bytes));
        let is_output = match format {
            Format::Pdf | Format::Thumbnail | Format::Html | Format::Md => path == output,
            // The main file, written first (it may have been renamed, see `main_file`).
            Format::Typ => written[*target].len() == 1,
            Format::Png | Format::Svg => true,
        };
        if is_output {
            outputs.push(path.clone());
        }
    }
    for (target, (format, output)) in targets.iter().enumerate() {
        if !matches!(format, Format::Png | Format::Svg) {
            continue;
        }
        let Some(record) = &previous[target] else {
            continue;
        };
        // Pages of a longer earlier version: removed only if cvpdf wrote them and they are
        // still what it wrote.
        for old in &record.written {
            let is_page = (artifacts.pages + 1..=artifacts.pages + MAX_PAGES)
                .any(|n| old.path == page_file(output, n));
            if is_page && may_remove(&old.path, record.recorded(&old.path), "").is_ok() {
                let _ = fs::remove_file(&old.path);
            }
        }
    }
    Ok(WriteOutcome {
        artifacts,
        outputs,
        written,
    })
}

/// What [`write`] did.
pub(crate) struct WriteOutcome {
    /// The artifacts written.
    pub artifacts: Artifacts,
    /// The outputs written (the targets, or their pages; not the files beside Typst source).
    pub outputs: Vec<PathBuf>,
    /// Per target, every file written for it.
    pub written: Vec<Vec<Written>>,
}

/// More pages than any CV has, for recognising the page files of an output.
const MAX_PAGES: usize = 10_000;

/// Whether the output of `format` at `output` is there (the first page, for page images).
pub(crate) fn exists(output: &Path, format: Format) -> bool {
    match format {
        Format::Pdf | Format::Typ | Format::Thumbnail | Format::Html | Format::Md => {
            output.is_file()
        }
        Format::Png | Format::Svg => page_file(output, 1).is_file(),
    }
}

/// The file of page `n` of a page-image output: `cv.png` → `cv-1.png`.
pub fn page_file(output: &Path, n: usize) -> PathBuf {
    let stem = output
        .file_stem()
        .map_or_else(|| "cv".into(), |s| s.to_string_lossy().into_owned());
    let ext = output
        .extension()
        .map_or_else(String::new, |e| e.to_string_lossy().into_owned());
    output.with_file_name(format!("{stem}-{n}.{ext}"))
}
