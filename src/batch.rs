//! Many profiles at once: rendered in parallel with one shared set of fonts (and Typst's
//! global comemo cache), each failure isolated to its profile, and nothing rendered whose
//! inputs have not changed since its output was written (a small manifest beside the outputs
//! remembers a fingerprint of every input).

use std::collections::BTreeMap;
use std::fs;
use std::hash::Hash;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use signal_hook::consts::{SIGINT, SIGTERM};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use siphasher::sip128::{Hasher128, SipHasher13};

use crate::cli::Format;
use crate::config::{Style, Styles};
use crate::diag::Report;
use crate::fonts::FontOptions;
use crate::output::write_atomic;
use crate::profile::{self, LoadedProfile};
use crate::render::{png_pages, svg_pages, Renderer};
use crate::template::support_files;

/// Cached results unused for this many documents are dropped from Typst's memo cache.
const EVICT_AFTER: usize = 3;

/// The manifest's file name in an output directory.
pub const MANIFEST: &str = ".cvpdf-manifest.json";

/// One profile to render into one or more outputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The profile.
    pub input: PathBuf,
    /// The outputs: a format and its file. For page images (PNG, SVG) the file names the set:
    /// `cv.png` stands for `cv-1.png`, `cv-2.png`, ….
    pub outputs: Vec<(Format, PathBuf)>,
}

/// What happened to a job.
#[derive(Debug)]
pub enum Outcome {
    /// Written; with the files, the number of pages and how long it took.
    Rendered {
        files: Vec<PathBuf>,
        pages: usize,
        elapsed: Duration,
    },
    /// Its inputs were the same as when its output was written; nothing done.
    Unchanged,
    /// Failed; the diagnostics and a one-line summary.
    Failed { detail: String, summary: String },
}

/// How a run reports progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A progress bar on a terminal, one line per profile otherwise.
    Auto,
    /// Nothing but errors and the summary of failures.
    Quiet,
}

/// Settings of a batch.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Pixels per inch of page images.
    pub ppi: f32,
    /// Worker threads (at least one).
    pub jobs: usize,
    /// Render even what has not changed.
    pub force: bool,
    /// How to report progress.
    pub progress: Progress,
    /// The fonts' settings, part of every fingerprint.
    pub fonts: FontOptions,
}

/// The counts at the end of a batch.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Profiles written.
    pub rendered: usize,
    /// Profiles skipped because nothing changed.
    pub unchanged: usize,
    /// Profiles that failed: (profile, one-line reason).
    pub failed: Vec<(PathBuf, String)>,
    /// Profiles not started because the run was interrupted (Ctrl-C, SIGTERM).
    pub interrupted: usize,
}

/// Renders `jobs`, in parallel, and returns the counts. Outputs and the manifests of their
/// directories are written as jobs finish and at the end.
pub fn run(
    renderer: &Renderer,
    styles: &mut Styles,
    jobs: &[Job],
    options: &BatchOptions,
) -> Summary {
    let bar = progress_bar(jobs.len(), options.progress);
    let printer = Printer {
        bar: bar.clone(),
        quiet: options.progress == Progress::Quiet,
    };
    let manifests = Mutex::new(Manifests::default());
    let styles = Mutex::new(styles);
    // A fixed number of workers take the next job when they finish one. (Not a rayon pool:
    // Typst parallelises inside a compilation with rayon, and a rayon worker waiting for that
    // inner work would start further profiles on the same stack, holding many documents in
    // memory at once.)
    // Ctrl-C (or SIGTERM) lets the profiles being rendered finish, so that every file written
    // is complete and no temporary file is left, and starts no others; a second one stops at
    // once.
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, stop.clone());
        let _ = signal_hook::flag::register(signal, stop.clone());
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(jobs.len()));
    let work = || loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { break };
        // A panic in our own code fails this profile only; Typst's are caught closer still.
        let outcome =
            crate::panics::catch(|| process(renderer, &styles, &manifests, job, options, &printer))
                .unwrap_or_else(|message| Outcome::Failed {
                    detail: format!(
                        "error: internal error while rendering {}: {message}\n",
                        job.input.display()
                    ),
                    summary: format!("internal error: {message}"),
                });
        printer.outcome(job, &outcome);
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((i, outcome));
    };
    let workers = options.jobs.clamp(1, jobs.len().max(1));
    if workers == 1 {
        // One profile (or --jobs 1): the main thread does it, as a compiler would; a new thread
        // would start a malloc arena of its own and cost a millisecond for nothing.
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(work);
            }
        });
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let manifests = manifests.into_inner().unwrap_or_else(|e| e.into_inner());
    for problem in manifests.save() {
        eprintln!("warning: {problem}");
    }

    let mut summary = Summary {
        interrupted: jobs.len() - results.len(),
        ..Summary::default()
    };
    for (i, outcome) in results {
        match outcome {
            Outcome::Rendered { .. } => summary.rendered += 1,
            Outcome::Unchanged => summary.unchanged += 1,
            Outcome::Failed {
                summary: reason, ..
            } => summary.failed.push((jobs[i].input.clone(), reason)),
        }
    }
    summary
}

/// Loads, fingerprints and (when needed) renders one job.
fn process(
    renderer: &Renderer,
    styles: &Mutex<&mut Styles>,
    manifests: &Mutex<Manifests>,
    job: &Job,
    options: &BatchOptions,
    printer: &Printer,
) -> Outcome {
    let loaded = match profile::load(&job.input) {
        Ok(loaded) => loaded,
        Err(report) => return failed_report(&report),
    };
    let style = {
        let mut styles = styles.lock().unwrap_or_else(|e| e.into_inner());
        let mut config_report = None;
        let style = styles.for_dir(&loaded.dir, &mut |report| {
            config_report = Some(report.clone())
        });
        if let Some(report) = config_report {
            printer.error(&render_report(&report));
        }
        style
    };
    let Some(style) = style else {
        let reason = "its lab configuration has errors".to_string();
        return Outcome::Failed {
            detail: format!("error: {} is not rendered: {reason}\n", job.input.display()),
            summary: reason,
        };
    };
    // Which outputs are out of date.
    let mut stale = Vec::new();
    {
        let mut manifests = manifests.lock().unwrap_or_else(|e| e.into_inner());
        for (format, output) in &job.outputs {
            let fingerprint = fingerprint(renderer, &loaded, &style, *format, options);
            let current = !options.force
                && exists(output, *format)
                && manifests.get(&output_dir(output)).get(&file_name(output)) == Some(&fingerprint);
            if !current {
                stale.push((*format, output.clone(), fingerprint));
            }
        }
    }
    if stale.is_empty() {
        return Outcome::Unchanged;
    }
    let started = Instant::now();
    let targets: Vec<(Format, PathBuf)> = stale.iter().map(|(f, o, _)| (*f, o.clone())).collect();
    let produced = produce(renderer, &loaded, &style, &targets, options.ppi);
    // Typst's memo cache would keep every document's layout; keep only what recent documents
    // used (the templates, fonts and shaping they share), so memory stays flat over a lab.
    comemo::evict(EVICT_AFTER);
    let mut manifests = manifests.lock().unwrap_or_else(|e| e.into_inner());
    match produced {
        Ok(produced) => {
            if !produced.warnings.is_empty() {
                printer.error(&produced.warnings);
            }
            for (_, output, fingerprint) in stale {
                manifests
                    .get(&output_dir(&output))
                    .insert(file_name(&output), fingerprint);
            }
            Outcome::Rendered {
                files: produced.files,
                pages: produced.pages,
                elapsed: started.elapsed(),
            }
        }
        Err(failure) => {
            // The old outputs no longer match their inputs; forget them so a later run retries.
            for (_, output, _) in stale {
                manifests
                    .get(&output_dir(&output))
                    .remove(&file_name(&output));
            }
            failure
        }
    }
}

/// Whether the output of `format` at `output` is there (the first page, for page images).
fn exists(output: &Path, format: Format) -> bool {
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

/// Outputs that were written.
pub struct Produced {
    /// The files written.
    pub files: Vec<PathBuf>,
    /// Pages (0 when only Typst source was written).
    pub pages: usize,
    /// Warnings, formatted.
    pub warnings: String,
}

/// Renders `loaded` in `style` once and writes every output of `targets`.
pub fn produce(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
    targets: &[(Format, PathBuf)],
    ppi: f32,
) -> Result<Produced, Outcome> {
    let mut produced = Produced {
        files: Vec::new(),
        pages: 0,
        warnings: String::new(),
    };
    let needs_pages = targets.iter().any(|(f, _)| *f != Format::Typ);
    let compiled = if needs_pages {
        let compiled = renderer.compile_checked(loaded, style).map_err(failed)?;
        produced.pages = compiled.document.pages().len();
        produced.warnings = compiled.warnings.clone();
        Some(compiled)
    } else {
        None
    };
    for (format, output) in targets {
        match (format, &compiled) {
            (Format::Typ, _) => {
                write_typst(renderer, loaded, style, output)?;
                produced.files.push(output.clone());
            }
            (Format::Pdf, Some(compiled)) => {
                let pdf = renderer.export_pdf(compiled, loaded).map_err(failed)?;
                write_atomic(output, &pdf).map_err(|err| write_failure(output, &err))?;
                produced.files.push(output.clone());
            }
            (Format::Png, Some(compiled)) => {
                let pages = png_pages(&compiled.document, ppi).map_err(|e| Outcome::Failed {
                    detail: format!("error: {e}\n"),
                    summary: e,
                })?;
                write_pages(output, pages.iter().map(Vec::as_slice), &mut produced.files)?;
            }
            (Format::Svg, Some(compiled)) => {
                let pages = svg_pages(&compiled.document);
                write_pages(
                    output,
                    pages.iter().map(String::as_bytes),
                    &mut produced.files,
                )?;
            }
            (_, None) => {}
        }
    }
    Ok(produced)
}

/// Writes page images as `stem-1.ext`, `stem-2.ext`, … and removes pages left over from a
/// longer earlier version.
fn write_pages<'a>(
    output: &Path,
    pages: impl Iterator<Item = &'a [u8]>,
    files: &mut Vec<PathBuf>,
) -> Result<(), Outcome> {
    let mut n = 0;
    for (i, bytes) in pages.enumerate() {
        n = i + 1;
        let path = page_file(output, n);
        write_atomic(&path, bytes).map_err(|err| write_failure(&path, &err))?;
        files.push(path);
    }
    let mut extra = n + 1;
    while page_file(output, extra).is_file() {
        let _ = fs::remove_file(page_file(output, extra));
        extra += 1;
    }
    Ok(())
}

fn failed(e: crate::render::RenderError) -> Outcome {
    Outcome::Failed {
        detail: e.detail,
        summary: e.summary,
    }
}

/// Writes the generated main file and every file it reads (template, shared helpers, words,
/// lab logo, and the photo when the output is elsewhere) so that `typst compile` gives the
/// same document.
fn write_typst(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
    destination: &Path,
) -> Result<(), Outcome> {
    let dir = output_dir(destination);
    let write = |path: &Path, bytes: &[u8]| {
        write_atomic(path, bytes).map_err(|err| write_failure(path, &err))
    };
    write(destination, renderer.main_source(loaded, style).as_bytes())?;
    for file in support_files(style) {
        write(&dir.join(&file.name), &file.bytes)?;
    }
    if let Some(photo) = &loaded.profile.photo {
        let fail = |message: String| Outcome::Failed {
            detail: format!("error: {message}\n"),
            summary: message,
        };
        let from = profile::resolve_photo(&loaded.dir, photo).map_err(|p| fail(p.message))?;
        let to = dir.join(photo);
        if from != to.canonicalize().unwrap_or_default() {
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent)
                    .map_err(|e| fail(format!("cannot create {}: {e}", parent.display())))?;
            }
            let bytes = fs::read(&from)
                .map_err(|e| fail(format!("cannot read {}: {e}", from.display())))?;
            write(&to, &bytes)?;
        }
    }
    Ok(())
}

fn write_failure(path: &Path, err: &std::io::Error) -> Outcome {
    let summary = format!("cannot write {}: {err}", path.display());
    Outcome::Failed {
        detail: format!("error: {summary}\n"),
        summary,
    }
}

fn failed_report(report: &Report) -> Outcome {
    let summary = report
        .short()
        .lines()
        .next()
        .unwrap_or("cannot load the profile")
        .to_string();
    Outcome::Failed {
        detail: render_report(report),
        summary,
    }
}

/// A report as the terminal shows it.
pub fn render_report(report: &Report) -> String {
    let color = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut buffer = if color {
        codespan_reporting::term::termcolor::Buffer::ansi()
    } else {
        codespan_reporting::term::termcolor::Buffer::no_color()
    };
    let _ = report.emit(&mut buffer);
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// A digest of everything that decides an output's bytes: cvpdf's version, the format, the
/// profile's text, its photo, the style (template source, settings, lab logo), the fonts'
/// settings and files, the date and the PDF standards.
pub fn fingerprint(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
    format: Format,
    options: &BatchOptions,
) -> String {
    let mut hasher = SipHasher13::new();
    env!("CARGO_PKG_VERSION").hash(&mut hasher);
    format.hash(&mut hasher);
    if matches!(format, Format::Png) {
        options.ppi.to_bits().hash(&mut hasher);
    }
    loaded.text.hash(&mut hasher);
    if let Some(photo) = &loaded.profile.photo {
        fs::read(loaded.dir.join(photo)).ok().hash(&mut hasher);
    }
    style.hash(&mut hasher);
    renderer.fingerprint_settings(&mut hasher);
    font_files(&options.fonts).hash(&mut hasher);
    format!("{:032x}", hasher.finish128().as_u128())
}

/// The fonts under `--font-path` as (path, size, modification time), so that a changed font
/// file changes every fingerprint.
fn font_files(options: &FontOptions) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, u64, Option<std::time::SystemTime>)>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            match fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => walk(&path, out),
                Ok(meta) => out.push((path, meta.len(), meta.modified().ok())),
                Err(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    for dir in &options.paths {
        walk(dir, &mut out);
    }
    out
}

/// The directory an output file is written to.
pub fn output_dir(output: &Path) -> PathBuf {
    match output.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(output: &Path) -> String {
    output
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// One manifest file as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
struct ManifestFile {
    /// The cvpdf version that wrote it.
    cvpdf: String,
    /// Output file name → fingerprint of its inputs.
    outputs: BTreeMap<String, String>,
}

/// The manifests of every output directory a batch touches, loaded on first use, with their
/// entries as loaded (a manifest is written only if its entries changed).
#[derive(Default)]
struct Manifests {
    dirs: BTreeMap<PathBuf, (Entries, Entries)>,
}

/// A manifest's entries: output file name → fingerprint of its inputs.
type Entries = BTreeMap<String, String>;

impl Manifests {
    /// The entries of `dir`'s manifest.
    fn get(&mut self, dir: &Path) -> &mut Entries {
        let (entries, _) = self.dirs.entry(dir.to_path_buf()).or_insert_with(|| {
            let loaded = load_manifest(dir);
            (loaded.clone(), loaded)
        });
        entries
    }

    /// Writes every manifest whose entries changed; returns what could not be written.
    fn save(self) -> Vec<String> {
        let mut problems = Vec::new();
        for (dir, (outputs, loaded)) in self.dirs {
            if outputs == loaded {
                continue;
            }
            let file = ManifestFile {
                cvpdf: env!("CARGO_PKG_VERSION").into(),
                outputs,
            };
            let Ok(json) = serde_json::to_string_pretty(&file) else {
                continue;
            };
            if let Err(err) = write_atomic(&dir.join(MANIFEST), json.as_bytes()) {
                problems.push(format!(
                    "cannot write {}: {err}",
                    dir.join(MANIFEST).display()
                ));
            }
        }
        problems
    }
}

/// The entries of `dir`'s manifest; none when it is missing, unreadable or from another
/// version of cvpdf.
fn load_manifest(dir: &Path) -> BTreeMap<String, String> {
    fs::read(dir.join(MANIFEST))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<ManifestFile>(&bytes).ok())
        .filter(|m| m.cvpdf == env!("CARGO_PKG_VERSION"))
        .map(|m| m.outputs)
        .unwrap_or_default()
}

/// Prints per-profile lines and warnings without tearing the progress bar.
struct Printer {
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl Printer {
    fn outcome(&self, job: &Job, outcome: &Outcome) {
        match outcome {
            Outcome::Failed { detail, .. } => self.error(detail),
            Outcome::Rendered {
                files,
                pages,
                elapsed,
            } if !self.quiet => {
                self.line(&rendered_line(&job.input, files, *pages, *elapsed));
            }
            _ => {}
        }
    }

    fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => println!("{text}"),
        }
    }

    fn error(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprint!("{text}")),
            None => eprint!("{text}"),
        }
    }
}

/// `profile → file, file (N pages, M ms)`.
pub fn rendered_line(input: &Path, files: &[PathBuf], pages: usize, elapsed: Duration) -> String {
    let unit = if pages == 1 { "page" } else { "pages" };
    let pages = if pages > 0 {
        format!("{pages} {unit}, ")
    } else {
        String::new()
    };
    let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    format!(
        "{} → {} ({pages}{} ms)",
        input.display(),
        files.join(", "),
        elapsed.as_millis()
    )
}

/// A progress bar when standard error is a terminal and progress is wanted.
fn progress_bar(len: usize, progress: Progress) -> Option<ProgressBar> {
    if progress == Progress::Quiet || !std::io::stderr().is_terminal() || len < 2 {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} profiles {elapsed}") {
        bar.set_style(style);
    }
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Overrides;
    use crate::render::{RenderSettings, PANIC_IN_TESTS};

    #[test]
    fn a_panic_while_compiling_fails_only_its_profile() {
        crate::panics::install_hook();
        let dir = tempfile::tempdir().unwrap();
        let names = ["a", "boom", "c"];
        for name in names {
            let full = if name == "boom" {
                PANIC_IN_TESTS
            } else {
                "Ada Example"
            };
            std::fs::write(
                dir.path().join(format!("{name}.yaml")),
                format!("name: {full}\n"),
            )
            .unwrap();
        }
        let renderer = Renderer::new(RenderSettings::bundled_only());
        let mut styles = Styles::new(Overrides::default(), renderer.fonts());
        let jobs: Vec<Job> = names
            .iter()
            .map(|name| Job {
                input: dir.path().join(format!("{name}.yaml")),
                outputs: vec![(Format::Pdf, dir.path().join(format!("{name}.pdf")))],
            })
            .collect();
        let options = BatchOptions {
            ppi: 72.0,
            jobs: 2,
            force: false,
            progress: Progress::Quiet,
            fonts: FontOptions {
                paths: Vec::new(),
                system_fallback: false,
            },
        };
        let summary = run(&renderer, &mut styles, &jobs, &options);
        assert_eq!(summary.rendered, 2, "{summary:?}");
        assert_eq!(summary.failed.len(), 1, "{summary:?}");
        let (profile, reason) = &summary.failed[0];
        assert!(profile.ends_with("boom.yaml"), "{profile:?}");
        assert!(reason.contains("internal error"), "{reason}");
        assert!(
            reason.contains("a simulated bug in the compiler"),
            "{reason}"
        );
        assert!(dir.path().join("a.pdf").is_file() && dir.path().join("c.pdf").is_file());
        assert!(!dir.path().join("boom.pdf").exists());
    }
}
