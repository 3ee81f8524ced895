//! Compiling a prepared job once, exporting every format asked for into bytes, and writing
//! them atomically.

use std::fs;
use std::path::{Path, PathBuf};

use super::{Format, Pipeline, Prepared};
use crate::diag::{Diagnostic, Failure};
use crate::digest::{digest, FileRead};
use crate::output::{parent_dir, write_atomic};
use crate::profile;
use crate::render::support_files;
use crate::render::{guarded, png_pages, svg_pages};

/// Cached results unused for this many documents are dropped from Typst's memo cache.
const EVICT_AFTER: usize = 3;

/// The files of a job's outputs, in memory, before they are written.
pub struct Artifacts {
    /// Each file and its bytes, in the order they are written.
    pub files: Vec<(PathBuf, Vec<u8>)>,
    /// Pages (0 when only Typst source was made).
    pub pages: usize,
    /// Warnings (missing glyphs, Typst's warnings).
    pub warnings: Vec<Diagnostic>,
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
        comemo::evict(EVICT_AFTER);
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
            read: Vec::new(),
        };
        let needs_pages = targets.iter().any(|(f, _)| *f != Format::Typ);
        let compiled = if needs_pages {
            let compiled = self.renderer.compile_checked(loaded, style)?;
            artifacts.pages = compiled.document.pages().len();
            artifacts.warnings = compiled.warnings.clone();
            artifacts.read = compiled.read.clone();
            Some(compiled)
        } else {
            None
        };
        for (format, output) in targets {
            match (format, &compiled) {
                (Format::Typ, _) => self.typst_source(prepared, output, &mut artifacts)?,
                (Format::Pdf, Some(compiled)) => {
                    let pdf = self
                        .renderer
                        .export_pdf(compiled, loaded)
                        .map_err(|f| f.after(artifacts.warnings.clone()))?;
                    artifacts.files.push((output.clone(), pdf));
                }
                (Format::Png, Some(compiled)) => {
                    let pages = png_pages(&compiled.document, self.ppi)
                        .map_err(|e| Failure::message(e).after(artifacts.warnings.clone()))?;
                    for (i, page) in pages.into_iter().enumerate() {
                        artifacts.files.push((page_file(output, i + 1), page));
                    }
                }
                (Format::Svg, Some(compiled)) => {
                    for (i, page) in svg_pages(&compiled.document).into_iter().enumerate() {
                        artifacts
                            .files
                            .push((page_file(output, i + 1), page.into_bytes()));
                    }
                }
                (_, None) => {}
            }
        }
        Ok(artifacts)
    }

    /// The generated main file and every file it reads (template, shared helpers, words, lab
    /// logo, and the photo when the output is elsewhere), so that `typst compile` gives the
    /// same document.
    fn typst_source(
        &self,
        prepared: &Prepared,
        destination: &Path,
        artifacts: &mut Artifacts,
    ) -> Result<(), Failure> {
        let (loaded, style) = (&prepared.loaded, &prepared.style);
        let dir = parent_dir(destination);
        artifacts.files.push((
            destination.to_path_buf(),
            self.renderer.main_source(loaded, style).into_bytes(),
        ));
        for file in support_files(style) {
            artifacts
                .files
                .push((dir.join(&file.name), file.bytes.to_vec()));
        }
        if let Some(photo) = &loaded.profile.photo {
            let from = profile::resolve_photo(&loaded.dir, photo)
                .map_err(|p| Failure::message(p.message))?;
            let bytes = fs::read(&from)
                .map_err(|e| Failure::message(format!("cannot read {}: {e}", from.display())))?;
            artifacts
                .read
                .push((loaded.dir.join(photo), Some(digest(&bytes))));
            let to = dir.join(photo);
            if from != to.canonicalize().unwrap_or_default() {
                artifacts.files.push((to, bytes));
            }
        }
        Ok(())
    }
}

/// Writes the artifacts (each atomically) and removes page images left over from a longer
/// earlier version of a page-image target; returns them with the outputs written (the
/// targets, or their pages; not the files written beside Typst source).
pub(crate) fn write(
    artifacts: Artifacts,
    targets: &[(Format, PathBuf)],
) -> Result<(Artifacts, Vec<PathBuf>), Failure> {
    let mut written = Vec::new();
    let output_dirs: Vec<PathBuf> = targets.iter().map(|(_, o)| parent_dir(o)).collect();
    for (path, bytes) in &artifacts.files {
        // Directories below an output's directory (a photo's `img/`, for Typst source) are
        // made; the output directory itself must exist, as planned by the command.
        let below = |parent: &Path| {
            output_dirs
                .iter()
                .any(|d| parent != d && parent.starts_with(d))
        };
        if let Some(parent) = path.parent().filter(|p| below(p)) {
            if !parent.is_dir() {
                fs::create_dir_all(parent).map_err(|e| {
                    Failure::message(format!("cannot create {}: {e}", parent.display()))
                })?;
            }
        }
        write_atomic(path, bytes).map_err(|err| {
            Failure::message(format!("cannot write {}: {err}", path.display()))
                .after(artifacts.warnings.clone())
        })?;
        let is_output = targets.iter().any(|(format, output)| match format {
            Format::Pdf | Format::Typ => path == output,
            Format::Png | Format::Svg => {
                (1..=artifacts.pages).any(|n| *path == page_file(output, n))
            }
        });
        if is_output {
            written.push(path.clone());
        }
    }
    for (format, output) in targets {
        if matches!(format, Format::Png | Format::Svg) {
            let mut extra = artifacts.pages + 1;
            while page_file(output, extra).is_file() {
                let _ = fs::remove_file(page_file(output, extra));
                extra += 1;
            }
        }
    }
    Ok((artifacts, written))
}

/// Whether the output of `format` at `output` is there (the first page, for page images).
pub(crate) fn exists(output: &Path, format: Format) -> bool {
    match format {
        Format::Pdf | Format::Typ => output.is_file(),
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
