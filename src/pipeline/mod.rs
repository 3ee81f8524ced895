//! The one path from a job to written files, used by `render` (batches), `watch` and
//! `publish`:
//!
//! ```text
//! load profile ─▶ style ─▶ fingerprint (skip if unchanged) ─▶ compile ─▶ export ─▶ write
//! ```
//!
//! A render's inputs are the profile, its photo, its lab configuration, a user template, the
//! lab logo and the fonts under `--font-path`, plus every file the compile read from disk
//! (files a template imports), which the Typst world records. The fingerprint and watch's
//! list of files to watch both come from that one list ([`Done::inputs`]).

mod fingerprint;
pub mod fit;
mod produce;
mod variant;

use std::hash::Hash;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use siphasher::sip128::Hasher128;

use crate::diag::{Diagnostic, Failure};
use crate::profile::{self, LoadedProfile};
use crate::render::Renderer;
use crate::style::{Style, StyleCache};

use crate::digest::{self, Digest};
pub(crate) use fingerprint::font_files;
pub use fingerprint::{Record, Records, Written};
pub use variant::{derive, untranslated_warnings, variant_style};

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A PDF file.
    Pdf,
    /// One PNG image per page (`cv-1.png`, …).
    Png,
    /// One SVG image per page (`cv-1.svg`, …).
    Svg,
    /// The generated Typst source, with the template beside it, for `typst compile`.
    Typ,
    /// The first page as a PNG image, in the file named (a preview beside the PDF).
    Thumbnail,
    /// The CV as one self-contained web page.
    Html,
    /// The CV as CommonMark.
    Md,
}

impl Format {
    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Typ => "typ",
            Format::Thumbnail => "png",
            Format::Html => "html",
            Format::Md => "md",
        }
    }

    /// Whether a file extension names the format: its own in any case, and the other names
    /// web pages and Markdown files go by (`cv.htm`, `cv.markdown`).
    pub fn named_by(self, extension: &std::ffi::OsStr) -> bool {
        let other = match self {
            Format::Html => "htm",
            Format::Md => "markdown",
            _ => self.extension(),
        };
        extension.eq_ignore_ascii_case(self.extension()) || extension.eq_ignore_ascii_case(other)
    }

    /// Whether the format is made from laid-out pages (and so by a page budget's compile).
    pub fn is_paged(self) -> bool {
        matches!(
            self,
            Format::Pdf | Format::Png | Format::Svg | Format::Thumbnail
        )
    }

    /// Whether the format is made from the web CV's HTML document.
    pub fn is_web(self) -> bool {
        matches!(self, Format::Html | Format::Md)
    }
}

/// One CV of a profile (the full CV or a variant) to render into one or more outputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The profile.
    pub input: PathBuf,
    /// The variant (none: the full CV).
    pub variant: Option<String>,
    /// The outputs: a format and its file. For page images (PNG, SVG) the file names the set:
    /// `cv.png` stands for `cv-1.png`, `cv-2.png`, ….
    pub outputs: Vec<(Format, PathBuf)>,
}

/// What a run's jobs share: the renderer (fonts, date, PDF standards), the styles of the lab
/// configurations met so far, and the resolution of page images.
pub struct Pipeline<'a> {
    /// Compiles and exports.
    renderer: &'a Renderer,
    /// The style of each configuration, resolved once.
    styles: &'a StyleCache<'a>,
    /// Pixels per inch of PNG pages.
    ppi: f32,
    /// The files under `--font-path` and their digest, taken once per pipeline.
    font_files: OnceLock<(Vec<PathBuf>, Digest)>,
}

/// A profile loaded and styled, ready to compile.
pub struct Prepared {
    /// The validated profile as this CV shows it: the variant's publications and sections,
    /// every text in the CV's language.
    pub loaded: LoadedProfile,
    /// Warnings met on the way (untranslated fields).
    pub notes: Vec<Diagnostic>,
    /// How it looks.
    pub style: Arc<Style>,
    /// The files it was prepared from: the profile, its configuration, a user template, the
    /// lab logo, the fonts under `--font-path`.
    pub inputs: Vec<PathBuf>,
}

/// How a job ended.
pub enum Outcome {
    /// Written; with the files, the number of pages and how long it took.
    Rendered {
        /// The files written.
        files: Vec<PathBuf>,
        /// Pages (0 when only Typst source was written).
        pages: usize,
        /// Time from loading to the last write.
        elapsed: Duration,
        /// What a page budget tightened, if it did.
        fitted: Option<String>,
    },
    /// Its inputs were the same as when its outputs were written; nothing done.
    Unchanged,
    /// Nothing written.
    Failed(Failure),
}

/// A job's outcome, the warnings met on the way, and its inputs.
pub struct Done {
    /// How it ended.
    pub outcome: Outcome,
    /// Warnings of a render that worked (missing glyphs, Typst's warnings).
    pub warnings: Vec<Diagnostic>,
    /// Every file whose change changes the outputs (what watch watches), sorted.
    pub inputs: Vec<PathBuf>,
}

impl<'a> Pipeline<'a> {
    /// A pipeline rendering with `renderer` in `styles`, PNG pages at `ppi`.
    pub fn new(renderer: &'a Renderer, styles: &'a StyleCache<'a>, ppi: f32) -> Self {
        Self {
            renderer,
            styles,
            ppi,
            font_files: OnceLock::new(),
        }
    }

    /// Loads the profile of `job`, finds the style of its variant and derives what the CV
    /// shows.
    pub fn prepare(&self, job: &Job) -> Result<Prepared, (Failure, Vec<PathBuf>)> {
        self.prepare_with_source(job).map(|(prepared, _)| prepared)
    }

    /// [`Pipeline::prepare`], and the profile as loaded, before the CV's selection and
    /// language were applied (the lab compares its members' papers in every language).
    pub fn prepare_with_source(
        &self,
        job: &Job,
    ) -> Result<(Prepared, LoadedProfile), (Failure, Vec<PathBuf>)> {
        let input = &job.input;
        let mut inputs = vec![input.to_path_buf()];
        let loaded = match crate::timings::timed("load profile", || profile::load(input)) {
            Ok(loaded) => loaded,
            Err(report) => return Err((Failure::new(report), inputs)),
        };
        let styled = crate::timings::timed("style", || {
            variant_style(self.styles, &loaded, job.variant.as_deref())
        });
        let style = match styled {
            Ok(style) => style,
            Err(failure) => {
                inputs.extend(self.styles.config_for(&loaded.dir));
                return Err((failure, inputs));
            }
        };
        inputs.extend(loaded.photo.as_ref().map(|photo| photo.path.clone()));
        inputs.extend(style.files());
        inputs.extend(self.font_files().0.iter().cloned());
        let (derived, notes) = match crate::timings::timed("derive", || derive(&loaded, &style)) {
            Ok(derived) => derived,
            Err(failure) => return Err((failure, inputs)),
        };
        Ok((
            Prepared {
                loaded: derived,
                notes,
                style,
                inputs,
            },
            loaded,
        ))
    }

    /// Renders the outputs of `job` whose inputs changed since `records` last saw them (all of
    /// them with `force`), writes them, and records what they were made from.
    pub fn run(&self, job: &Job, records: &dyn Records, force: bool) -> Done {
        let started = Instant::now();
        let prepared = match self.prepare(job) {
            Ok(prepared) => prepared,
            Err((failure, inputs)) => return Done::new(Outcome::Failed(failure), inputs),
        };
        self.run_prepared(&prepared, &job.outputs, records, force, started)
    }

    /// [`Pipeline::run`] for a profile prepared by the caller (the lab's publication list,
    /// which is made, not read from a file): renders `outputs` whose inputs changed, writes
    /// them and records what they were made from.
    pub fn run_prepared(
        &self,
        prepared: &Prepared,
        outputs: &[(Format, PathBuf)],
        records: &dyn Records,
        force: bool,
        started: Instant,
    ) -> Done {
        let fingerprinting = crate::timings::scope("fingerprint");
        let base = self.base_digest(prepared);
        let mut inputs = prepared.inputs.clone();
        let mut stale = Vec::new();
        let mut previous = Vec::new();
        for (format, output) in outputs {
            let record = records.get(output);
            // Current: made from these inputs, and still what was written (an output emptied
            // or replaced since is made again).
            let current = record.as_ref().is_some_and(|record| {
                let files: Vec<_> = record.files.iter().map(|f| digest::on_disk(f)).collect();
                fingerprint::fingerprint(base, *format, self.ppi, &files) == record.fingerprint
                    && record.outputs_intact()
            });
            if let Some(record) = &record {
                inputs.extend(record.files.iter().cloned());
            }
            if force || !current || !produce::exists(output, *format) {
                stale.push((*format, output.clone()));
                previous.push(record);
            }
        }
        drop(fingerprinting);
        if stale.is_empty() {
            return Done::new(Outcome::Unchanged, inputs);
        }
        let produced = self.produce(prepared, &stale).and_then(|artifacts| {
            crate::timings::timed("write", || produce::write(artifacts, &stale, &previous))
        });
        match produced {
            Ok(produce::WriteOutcome {
                artifacts,
                outputs: files,
                mut written,
            }) => {
                for (target, (format, output)) in stale.iter().enumerate() {
                    let record = Record {
                        fingerprint: fingerprint::fingerprint(
                            base,
                            *format,
                            self.ppi,
                            &artifacts.read,
                        ),
                        files: artifacts.read.iter().map(|(p, _)| p.clone()).collect(),
                        written: std::mem::take(&mut written[target]),
                    };
                    records.set(output, Some(record));
                }
                inputs.extend(artifacts.read.iter().map(|(p, _)| p.clone()));
                let outcome = Outcome::Rendered {
                    files,
                    pages: artifacts.pages,
                    elapsed: started.elapsed(),
                    fitted: artifacts.fitted.clone(),
                };
                Done {
                    warnings: prepared
                        .notes
                        .iter()
                        .cloned()
                        .chain(artifacts.warnings)
                        .collect(),
                    ..Done::new(outcome, inputs)
                }
            }
            Err(failure) => {
                // The old outputs no longer match their inputs: their fingerprint goes, so a
                // later run retries. What was written stays recorded, so the files there are
                // still known as cvpdf's own (to be replaced, or removed when the profile is
                // gone); forgetting them left a failed member's old CV in a lab's site for good.
                for ((_, output), record) in stale.iter().zip(previous) {
                    let kept = record.map(|record| Record {
                        fingerprint: String::new(),
                        files: Vec::new(),
                        ..record
                    });
                    records.set(output, kept);
                }
                Done::new(
                    Outcome::Failed(failure.after(prepared.notes.clone())),
                    inputs,
                )
            }
        }
    }

    /// The files under `--font-path` (size and time of each decide the digest: hashing whole
    /// font files on every run would cost more than a render).
    fn font_files(&self) -> &(Vec<PathBuf>, Digest) {
        self.font_files.get_or_init(|| {
            // The command checked the bound before the run; past it, no font is an input.
            let files = font_files(&self.renderer.font_options().paths).unwrap_or_default();
            let mut hasher = fingerprint::base_hasher();
            files.hash(&mut hasher);
            let paths = files.into_iter().map(|(path, _, _)| path).collect();
            (paths, hasher.finish128().as_u128())
        })
    }

    /// The digest of everything a job's outputs depend on besides the files its compile reads:
    /// cvpdf's version, the profile's text, the style (template source, settings, logo bytes),
    /// the date, the PDF standards and the fonts.
    fn base_digest(&self, prepared: &Prepared) -> Digest {
        let mut hasher = fingerprint::base_hasher();
        prepared.loaded.text.hash(&mut hasher);
        prepared.loaded.photo.hash(&mut hasher);
        prepared.style.hash(&mut hasher);
        self.renderer.fingerprint_settings(&mut hasher);
        self.font_files().1.hash(&mut hasher);
        hasher.finish128().as_u128()
    }
}

impl Done {
    fn new(outcome: Outcome, mut inputs: Vec<PathBuf>) -> Self {
        inputs.sort();
        inputs.dedup();
        Self {
            outcome,
            warnings: Vec::new(),
            inputs,
        }
    }
}
