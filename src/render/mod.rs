//! Compiling a profile's generated source with Typst, and exporting the document as PDF or
//! page images.

mod glyphs;
mod images;
mod markdown;
pub(crate) mod trace;
mod warnings;
mod web;

pub use images::{png_page, png_pages, svg_pages};
pub use markdown::is_markdown_cv;
pub use web::WebCompiled;

use std::sync::Arc;

use typst::diag::{SourceDiagnostic, Warned};
use typst::foundations::Output;
use typst::foundations::{Datetime, Smart};
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, PdfStandard, PdfStandards};

use crate::diag::{Diagnostic, Failure, Problem, Report};
use crate::digest::FileRead;
use crate::fonts::{FontOptions, FontSet};
use crate::output::parent_dir;
use crate::profile::LoadedProfile;
use crate::source;
use crate::style::Style;
use crate::template::{SupportFile, SHARED_FILES, WEB, WEB_FILE};
use crate::timestamp::Timestamp;
use crate::timings;
use crate::world::{CvWorld, WorldInput};
use crate::yaml;

/// What stays the same across the profiles of one run: fonts and output settings.
pub struct Renderer {
    fonts: FontSet,
    source_date: Option<Timestamp>,
    standards: Vec<PdfStandard>,
}

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct RenderSettings {
    /// Where fonts come from.
    pub fonts: FontOptions,
    /// The PDF date from `SOURCE_DATE_EPOCH`, which wins over a profile's `updated`.
    pub source_date: Option<Timestamp>,
    /// PDF standards to conform to and validate (PDF/A-2b, PDF/UA-1).
    pub standards: Vec<PdfStandard>,
}

impl RenderSettings {
    /// Bundled fonts only, no date, no standards: what tests, benchmarks and fuzz targets use,
    /// so their output is the same on every machine.
    pub fn bundled_only() -> Self {
        Self {
            fonts: FontOptions {
                paths: Vec::new(),
                system_fallback: false,
            },
            source_date: None,
            standards: Vec::new(),
        }
    }
}

/// The start of the warning Typst gives on every HTML compile.
const EXPERIMENTAL_HTML: &str = "html export is under active development";

/// A compiled document — laid-out pages, or the web CV's HTML ([`WebCompiled`]) — and what
/// happened on the way.
pub struct Compiled<D = PagedDocument> {
    /// The document.
    pub document: D,
    /// Warnings (missing glyphs, Typst's warnings).
    pub warnings: Vec<Diagnostic>,
    /// The files the compile read from disk, with digests of what it read.
    pub read: Vec<FileRead>,
    /// The world it was compiled in (for diagnostics of a later export step).
    world: Arc<CvWorld>,
}

impl Renderer {
    /// Prepares a run: font metadata is loaded once for all its profiles, and what every
    /// render needs is made ready beside the main thread ([`crate::world::warm_up`]).
    pub fn new(settings: RenderSettings) -> Self {
        crate::world::warm_up();
        Self {
            fonts: FontSet::new(settings.fonts),
            source_date: settings.source_date,
            standards: settings.standards,
        }
    }

    /// The fonts of this run.
    pub fn fonts(&self) -> &FontSet {
        &self.fonts
    }

    /// Where the fonts come from.
    pub fn font_options(&self) -> &FontOptions {
        self.fonts.options()
    }

    /// Feeds the settings that change every output (date, standards) into a fingerprint.
    pub fn fingerprint_settings(&self, hasher: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        self.source_date.hash(hasher);
        for standard in &self.standards {
            format!("{standard:?}").hash(hasher);
        }
    }

    /// The PDF's date: `SOURCE_DATE_EPOCH`, else the profile's `updated`, else none at all.
    pub fn document_date(&self, loaded: &LoadedProfile) -> Option<Timestamp> {
        self.source_date
            .or_else(|| loaded.profile.updated.map(Timestamp::from_date))
    }

    /// The generated main Typst file for `loaded`.
    pub fn main_source(&self, loaded: &LoadedProfile, style: &Style) -> String {
        source::main_source(loaded, style, self.document_date(loaded))
    }

    /// Compiles `loaded` in `style` into pages.
    pub fn compile(&self, loaded: &LoadedProfile, style: &Style) -> Result<Compiled, Failure> {
        self.compile_to(loaded, style, Target::Paged, |world, errors| {
            self.photo_failure(loaded, errors)
                .unwrap_or_else(|| failure(world, errors))
        })
    }

    /// Compiles `loaded` in `style` for `target` into a document of `D`; a failed compile is
    /// reported as `on_error` says.
    fn compile_to<D: Output>(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
        target: Target,
        on_error: impl FnOnce(&Arc<CvWorld>, &[SourceDiagnostic]) -> Failure,
    ) -> Result<Compiled<D>, Failure> {
        let (world, source_map, mut warnings) = self.world(loaded, style, target)?;
        // Unit tests need a compilation that panics the way a bug in Typst would.
        #[cfg(test)]
        if loaded.profile.name == PANIC_IN_TESTS {
            panic!("a simulated bug in the compiler");
        }
        let Warned {
            output,
            warnings: typst_warnings,
        } = timings::timed("typst compile", || typst::compile::<D>(world.as_ref()));
        // Typst says of every HTML compile that its HTML export is still being built: true of
        // the web CV too, which its tests hold to (docs/web-cv.md), and nothing the profile's
        // author can act on.
        let typst_warnings: Vec<_> = typst_warnings
            .into_iter()
            .filter(|w| !w.message.starts_with(EXPERIMENTAL_HTML))
            .collect();
        warnings.extend(warnings::diagnostics(
            &world,
            &source_map,
            loaded,
            style.template.path.as_deref(),
            &typst_warnings,
        ));
        match output {
            Ok(document) => Ok(Compiled {
                document,
                read: world.files_read(),
                warnings,
                world,
            }),
            Err(errors) => Err(on_error(&world, &errors).after(warnings)),
        }
    }

    /// The confined world a compile of `loaded` in `style` for `target` runs in, where each
    /// text of the profile stands in its main file, and the warnings met setting it up (for
    /// pages: characters no font draws).
    fn world(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
        target: Target,
    ) -> Result<(Arc<CvWorld>, source::SourceMap, Vec<Diagnostic>), Failure> {
        let check = timings::scope("font selection and glyph check");
        let texts = yaml::text_fields(&loaded.profile);
        let drawn = glyphs::drawn_chars(&texts);
        let fonts = self
            .fonts
            .select(style.font.as_deref(), drawn.iter().copied());
        // A web page's text is drawn by the reader's browser, in its own fonts.
        let warnings = match target {
            Target::Paged => glyphs::warnings(loaded, &texts, &drawn, &fonts),
            Target::Web => Vec::new(),
        };
        drop(check);
        let date = self.document_date(loaded);
        let mut files = timings::timed("support files", || support_files(loaded, style))?;
        let entry = match target {
            Target::Paged => style.template.file_name.as_str(),
            Target::Web => {
                files.push(builtin_file(WEB_FILE, WEB));
                WEB_FILE
            }
        };
        let (main_source, source_map) = timings::timed("source generation", || {
            source::main_source_of(loaded, style, date, entry)
        });
        let setup = timings::scope("world set-up");
        let world = CvWorld::new(WorldInput {
            main_source,
            files: &files,
            profile_dir: &loaded.dir,
            template_dir: style.template.path.as_deref().map(parent_dir).as_deref(),
            profile_path: &loaded.path,
            fonts,
            today: date.and_then(|t| Datetime::from_ymd(t.year, t.month, t.day)),
        })
        .ok_or_else(|| Failure::message("cannot set up the compiler"))?;
        let world = Arc::new(world);
        drop(setup);
        trace::remember(&world);
        Ok((world, source_map, warnings))
    }

    /// When Typst could not decode an image, whether it was the profile's photo, reported at
    /// the profile's `photo` line rather than inside the template. The photo's header was
    /// checked when the profile loaded; decoding it all costs time, so it is done only here,
    /// after a failure.
    fn photo_failure(
        &self,
        loaded: &LoadedProfile,
        errors: &[SourceDiagnostic],
    ) -> Option<Failure> {
        let photo = loaded.photo.as_ref()?;
        if !errors.iter().any(|e| e.message.contains("image")) {
            return None;
        }
        let reason = image::load_from_memory(&photo.bytes).err()?;
        Some(photo_failure(
            loaded,
            &format!("cannot be decoded: {reason}"),
        ))
    }

    /// Compiles `loaded` in `style` after checking that the run's PDF standards can be met.
    pub fn compile_checked(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
    ) -> Result<Compiled, Failure> {
        if self.standards.contains(&PdfStandard::A_2b) && self.document_date(loaded).is_none() {
            // PDF/A needs a creation date; inventing one (today) would break reproducibility.
            let problem =
                Problem::error("PDF/A-2b needs a document date, and this profile has none")
                    .with_help(
                        "add `updated: YYYY-MM-DD` to the profile, or set SOURCE_DATE_EPOCH",
                    );
            return Err(Failure::new(Report::new(&loaded.path, None, vec![problem])));
        }
        self.compile(loaded, style)
    }

    /// Exports a compiled document as PDF with the run's date and standards.
    pub fn export_pdf(
        &self,
        compiled: &Compiled,
        loaded: &LoadedProfile,
    ) -> Result<Vec<u8>, Failure> {
        let standards =
            PdfStandards::new(&self.standards).map_err(|e| Failure::message(e.message()))?;
        let options = PdfOptions {
            creator: Smart::Custom(Some(format!("cvpdf {}", env!("CARGO_PKG_VERSION")))),
            timestamp: self.document_date(loaded).and_then(pdf_timestamp),
            standards,
            ..PdfOptions::default()
        };
        let _t = timings::scope("PDF export");
        guarded("exporting the PDF", || {
            typst_pdf::pdf(&compiled.document, &options)
        })?
        .map_err(|errors| failure(&compiled.world, &errors))
    }
}

/// A failed compile or export, summarised by its first error.
fn failure(world: &Arc<CvWorld>, errors: &[SourceDiagnostic]) -> Failure {
    let summary = errors.first().map_or_else(
        || "compilation failed".to_string(),
        |e| e.message.to_string(),
    );
    Failure {
        diagnostics: warnings::typst_diagnostics(world, errors)
            .into_iter()
            .collect(),
        summary,
    }
}

/// The profile's photo unusable for `reason`, reported at its `photo` line.
fn photo_failure(loaded: &LoadedProfile, reason: &str) -> Failure {
    let name = loaded.profile.photo.as_deref().unwrap_or_default();
    let message = format!("the photo \"{name}\" {reason}");
    let problem = Problem::error(message.clone())
        .at_field("photo")
        .with_help("save the picture again as PNG or JPEG");
    let problem = match yaml::field_span(&loaded.text, "photo") {
        Some(span) => problem.with_span(span),
        None => problem,
    };
    let report = Report::new(&loaded.path, Some(loaded.text.clone()), vec![problem]);
    Failure {
        diagnostics: vec![report.into()],
        summary: message,
    }
}

/// The files a render of `loaded` in `style` needs beside its main file: the template, the
/// shared helpers, the words, the icon table, the lab logo and the photo at print size.
pub fn support_files(loaded: &LoadedProfile, style: &Style) -> Result<Vec<SupportFile>, Failure> {
    let builtin = builtin_file;
    let template = &style.template;
    let mut files = vec![SupportFile {
        name: template.file_name.clone(),
        bytes: template.source.as_bytes().into(),
        display: match &template.path {
            Some(path) => path.display().to_string(),
            None => format!("templates/{} (built in)", template.file_name),
        },
    }];
    files.extend(SHARED_FILES.iter().map(|(name, text)| builtin(name, text)));
    if let Some(logo) = style.lab.as_ref().and_then(|l| l.logo.as_ref()) {
        let display = match &style.config_path {
            Some(path) => format!("lab logo of {}", path.display()),
            None => "lab logo".into(),
        };
        files.push(SupportFile {
            name: logo.name.clone(),
            bytes: logo.bytes.clone(),
            display,
        });
    }
    if let Some(photo) = &loaded.photo {
        // A profile's photo is PNG or JPEG (checked when it loaded); an SVG here is a lab's
        // logo standing in for a photo (`cvpdf lab`'s publication list), checked with the
        // lab's configuration, which scaling leaves as it is.
        let bytes = crate::picture::print_size(photo.bytes.clone())
            .map_err(|reason| photo_failure(loaded, &format!("cannot be decoded: {reason}")))?;
        files.push(SupportFile {
            name: photo.name.clone(),
            bytes,
            display: format!("photo {}", photo.path.display()),
        });
    }
    Ok(files)
}

/// A file of cvpdf's own `templates/` folder, served under `name`.
fn builtin_file(name: &str, text: &str) -> SupportFile {
    SupportFile {
        name: name.to_string(),
        bytes: text.as_bytes().into(),
        display: format!("templates/{name} (built in)"),
    }
}

/// What a compile makes: pages, with the style's template, or the web CV's HTML, with
/// `templates/web.typ` (which reads the same data).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// A paged document (PDF, PNG, SVG).
    Paged,
    /// An HTML document.
    Web,
}

/// In unit tests, a profile of this name panics inside [`Renderer::compile`].
#[cfg(test)]
pub const PANIC_IN_TESTS: &str = "Panic In Compile";

/// Runs `f`, turning a panic (a bug in Typst or cvpdf, never the profile's fault) into the
/// failure of this one render; the process and the other profiles of a batch go on.
pub(crate) fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, Failure> {
    crate::panics::catch(f).map_err(|message| {
        Failure::new(
            Diagnostic::error(format!("internal error while {what}: {message}"))
                .with_note("this is a bug in cvpdf or Typst, not in the profile; please report it"),
        )
    })
}

/// A PDF creation date from a timestamp (midnight UTC when only the day is known).
fn pdf_timestamp(t: Timestamp) -> Option<typst_pdf::Timestamp> {
    let (h, m, s) = t.time.unwrap_or((0, 0, 0));
    Datetime::from_ymd_hms(t.year, t.month, t.day, h, m, s).map(typst_pdf::Timestamp::new_utc)
}
