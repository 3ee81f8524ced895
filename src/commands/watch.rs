//! `cvpdf watch`: render, then re-render whatever a save changes — a profile, the lab
//! configuration, a user template or a file it imports, a photo, a logo — until interrupted.
//!
//! Each round runs every job through the pipeline, as a batch does, with the records kept in
//! memory: what a save did not touch is found unchanged by its fingerprint, and the files to
//! watch are exactly the inputs the pipeline reports, so the two cannot disagree. The process
//! stays alive between rounds, so fonts stay loaded and Typst's memo cache stays warm (and
//! bounded: the pipeline evicts after every document).
//!
//! The directories holding the inputs are watched (with notify), not the files: a save by
//! rename replaces the file, and a watch on the old file would go quiet. Events are acted on
//! after a 5 ms lull, not typst-kit's 100 ms batching window, because a re-render of a CV takes
//! about 20 ms and the wait would dominate.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use crate::batch::rendered_line;
use crate::diag::{escape_controls, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::output::resolved;
use crate::pipeline::{Outcome, Pipeline, Record, Records};
use crate::render::Renderer;
use crate::style::{Overrides, StyleCache};

use super::{plan_jobs, plan_variants, Error, Target};

/// Options of `cvpdf watch`.
pub struct Options {
    /// What to read and write.
    pub target: Target,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from.
    pub fonts: FontOptions,
}

/// Runs `cvpdf watch` until interrupted or until watching fails.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let target = &options.target;
    let inputs = super::expand_inputs(&target.inputs).map_err(Error::usage)?;
    let renderer = super::renderer(options.fonts.clone(), target.standards.clone())?;
    // A bad flag or variant is found here, before watching starts; each round builds its own
    // styles.
    let styles = super::styles(options.style.clone(), renderer.fonts())?;
    let planned = plan_variants(&inputs, &target.variants, &styles).map_err(Error::usage)?;
    printer.eprint(&super::plan::undefined_variants(&planned, &target.variants));
    plan_jobs(&planned, target.output.as_deref(), &target.formats).map_err(Error::usage)?;
    drop(styles);
    let session = Session {
        renderer: &renderer,
        options: &options,
        printer,
        records: Remembered::default(),
        shown: HashMap::new(),
        unplanned: None,
    };
    session.run().map_err(Error::failed)
}

/// A watch session.
struct Session<'a> {
    renderer: &'a Renderer,
    options: &'a Options,
    printer: Printer,
    /// What each output was last made from.
    records: Remembered,
    /// The failure last shown for each profile, so that a broken file is reported once, not
    /// after every save of another file.
    shown: HashMap<PathBuf, String>,
    /// Why the inputs could not be planned last round, if they could not.
    unplanned: Option<String>,
}

impl Session<'_> {
    fn run(mut self) -> Result<(), String> {
        let (tx, rx) = channel();
        let mut watcher =
            notify::recommended_watcher(tx).map_err(|e| format!("cannot watch files: {e}"))?;
        let mut watched = Watched::default();
        // Watch what was named before the first round, so that a save made while it renders
        // is not missed.
        let named: Vec<PathBuf> = self
            .options
            .target
            .inputs
            .iter()
            .filter_map(|p| resolved(p))
            .collect();
        watch_directories(&mut watcher, &mut watched, &named)?;
        loop {
            let inputs = self.round();
            // A directory watched only now may have changed between the round's reading it
            // and its watch being set up (a save made the moment a line was printed): look
            // again before waiting. A round with nothing new renders nothing.
            if watch_directories(&mut watcher, &mut watched, &inputs)? {
                continue;
            }
            let named = Presence::of(&self.options.target.inputs);
            wait_for_change(&rx, &inputs, &watched, &named)?;
        }
    }

    /// Renders what changed since the last round; returns the files to watch, absolute.
    fn round(&mut self) -> Vec<PathBuf> {
        let target = &self.options.target;
        let mut inputs: Vec<PathBuf> = target.inputs.iter().filter_map(|p| resolved(p)).collect();
        // Read the configurations afresh: an edit to cvpdf.yaml or a template must show.
        let styles = StyleCache::new(self.options.style.clone(), self.renderer.fonts());
        let jobs = super::expand_inputs(&target.inputs)
            .and_then(|found| plan_variants(&found, &target.variants, &styles))
            .and_then(|planned| plan_jobs(&planned, target.output.as_deref(), &target.formats));
        let jobs = match jobs {
            Ok(jobs) => jobs,
            Err(message) => {
                // Once, not after every save of a file that does not mend it.
                if self.unplanned.as_ref() != Some(&message) {
                    self.printer.eprint(&[Diagnostic::error(message.clone())]);
                    self.unplanned = Some(message);
                }
                return inputs;
            }
        };
        self.unplanned = None;
        let pipeline = Pipeline::new(self.renderer, &styles, target.ppi);
        for job in jobs {
            let done = pipeline.run(&job, &self.records, false);
            inputs.extend(done.inputs.iter().filter_map(|p| resolved(p)));
            match &done.outcome {
                Outcome::Rendered {
                    files,
                    pages,
                    elapsed,
                    fitted,
                } => {
                    self.shown.remove(&job.input);
                    self.printer.eprint(&done.warnings);
                    println!(
                        "{}",
                        rendered_line(&job.input, files, *pages, fitted.as_deref(), *elapsed)
                    );
                }
                Outcome::Unchanged => {
                    // A broken save undone: the outputs are those of the same inputs, but say
                    // that all is well again.
                    if self.shown.remove(&job.input).is_some() {
                        let outputs: Vec<String> = job
                            .outputs
                            .iter()
                            .map(|(_, o)| o.display().to_string())
                            .collect();
                        let line = format!(
                            "{} → {} (up to date again)",
                            job.input.display(),
                            outputs.join(", ")
                        );
                        println!("{}", escape_controls(&line));
                    }
                }
                Outcome::Failed(failure) => {
                    let text = self.printer.format(&failure.diagnostics);
                    if self.shown.get(&job.input) != Some(&text) {
                        eprint!("{text}");
                        self.shown.insert(job.input.clone(), text);
                    }
                }
            }
        }
        inputs.sort();
        inputs.dedup();
        inputs
    }
}

/// Records of a watch session, in memory.
#[derive(Default)]
struct Remembered(Mutex<HashMap<PathBuf, Record>>);

impl Records for Remembered {
    fn get(&self, output: &Path) -> Option<Record> {
        let records = self.0.lock().unwrap_or_else(|e| e.into_inner());
        records.get(output).cloned()
    }

    fn set(&self, output: &Path, record: Option<Record>) {
        let mut records = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match record {
            Some(record) => records.insert(output.to_path_buf(), record),
            None => records.remove(output),
        };
    }
}

/// The directories watched, each with its identity when it was watched.
type Watched = HashMap<PathBuf, Option<Identity>>;

/// Which directory a path is: a directory deleted and made again under the same name is
/// another one, whose watch must be set up afresh (the old one went with the old directory).
type Identity = (u64, u64);

/// The identity of the directory at `dir`, if there is one.
fn identity(dir: &Path) -> Option<Identity> {
    let metadata = std::fs::metadata(dir).ok().filter(|m| m.is_dir())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        Some((0, 0))
    }
}

/// Whether each input named on the command line is there, to notice one that comes back.
struct Presence(Vec<(PathBuf, Option<Identity>, bool)>);

impl Presence {
    fn of(named: &[PathBuf]) -> Self {
        Self(
            named
                .iter()
                .map(|p| (p.clone(), identity(p), p.exists()))
                .collect(),
        )
    }

    fn changed(&self) -> bool {
        self.0
            .iter()
            .any(|(p, id, there)| identity(p) != *id || p.exists() != *there)
    }
}

/// Watches the directories that hold `inputs` (and directories that are inputs themselves),
/// stops watching the ones no longer needed, and watches again one that was deleted and made
/// anew. Says whether a directory is watched now that was not before.
fn watch_directories(
    watcher: &mut RecommendedWatcher,
    watched: &mut Watched,
    inputs: &[PathBuf],
) -> Result<bool, String> {
    let wanted: HashSet<PathBuf> = inputs
        .iter()
        .filter_map(|p| {
            if p.is_dir() {
                Some(p.as_path())
            } else {
                p.parent()
            }
        })
        .filter(|d| d.is_dir())
        .map(Path::to_path_buf)
        .collect();
    watched.retain(|dir, _| {
        let keep = wanted.contains(dir);
        if !keep {
            let _ = watcher.unwatch(dir);
        }
        keep
    });
    let mut added = false;
    for dir in wanted {
        let now = identity(&dir);
        if watched.get(&dir) == Some(&now) {
            continue;
        }
        added = true;
        if watched.contains_key(&dir) {
            let _ = watcher.unwatch(&dir);
        }
        watcher
            .watch(&dir, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
        watched.insert(dir, now);
    }
    Ok(added)
}

/// How often watch looks whether a watched directory was deleted or made anew (a deleted
/// directory takes its watch with it, so no event would ever tell).
const LOOK_AGAIN: Duration = Duration::from_millis(500);

/// Blocks until an input (or a profile or configuration in a watched directory) is created,
/// written, renamed or removed, or a watched directory or named input is deleted or made
/// anew, then waits for a 5 ms lull (at most 100 ms) so that a save
/// made of several steps is seen whole.
fn wait_for_change(
    rx: &Receiver<notify::Result<notify::Event>>,
    inputs: &[PathBuf],
    watched: &Watched,
    named: &Presence,
) -> Result<(), String> {
    let files: HashSet<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    let relevant = |event: &notify::Event| {
        !matches!(event.kind, EventKind::Access(_))
            && event.paths.iter().any(|p| {
                files.contains(p.as_path())
                    || p.extension().is_some_and(|e| e == "yaml" || e == "yml")
                    || p.parent().is_some_and(|d| files.contains(d)) && !is_output_or_temporary(p)
            })
    };
    let mut looked = Instant::now();
    loop {
        match rx.recv_timeout(LOOK_AGAIN) {
            Ok(event) if event.as_ref().is_ok_and(relevant) => break,
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Err("the file watcher stopped".into()),
        }
        // Also between unrelated events, which a busy directory never stops sending.
        if looked.elapsed() >= LOOK_AGAIN {
            looked = Instant::now();
            let moved = watched.iter().any(|(dir, id)| identity(dir) != *id);
            if moved || named.changed() {
                return Ok(());
            }
        }
    }
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(100) {
        match rx.recv_timeout(Duration::from_millis(5)) {
            Ok(_) => continue,
            Err(RecvTimeoutError::Timeout) => break,
            Err(RecvTimeoutError::Disconnected) => return Err("the file watcher stopped".into()),
        }
    }
    Ok(())
}

/// Files cvpdf writes itself (outputs and their temporary files): their events must
/// not start another round.
fn is_output_or_temporary(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.starts_with('.')
        || path
            .extension()
            .is_some_and(|e| e == "pdf" || e == "png" || e == "svg" || e == "typ")
}
