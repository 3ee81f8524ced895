//! `cvpdf watch`: render, then re-render whatever a save changes — a profile, the lab
//! configuration, a user template, a photo or a logo — until interrupted.
//!
//! The process stays alive between renders, so the fonts stay loaded and Typst's comemo cache
//! stays warm: a re-render after a one-field edit recompiles only what the edit touched.
//! Changes are found by fingerprint (as in a batch), so editors that save by writing a new
//! file and renaming it over the old one, or that touch files without changing them, cause no
//! extra work.
//!
//! The directories holding the watched files are watched (with notify), not the files: a save
//! by rename replaces the file, and a watch on the old file would go quiet. Events are acted on
//! after a 5 ms lull, not typst-kit's 100 ms batching window, because a re-render of a CV takes
//! about 20 ms and the wait would dominate.

use std::collections::HashMap;
use std::hash::Hash;
use std::path::PathBuf;
use std::time::Instant;

use std::collections::HashSet;
use std::path::Path;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use siphasher::sip128::{Hasher128, SipHasher13};

use crate::batch::{self, render_report, BatchOptions, Job, Outcome, Progress};
use crate::config::{Overrides, Styles};
use crate::fonts::FontOptions;
use crate::profile;
use crate::render::Renderer;

/// Turns the watched inputs into jobs (again after every change, so new profiles show up).
pub type Planner<'a> = &'a dyn Fn(&[PathBuf]) -> Result<Vec<Job>, String>;

/// A watch session.
pub struct Session<'a> {
    /// The renderer, kept for the whole session.
    pub renderer: &'a Renderer,
    /// The style flags of the command line.
    pub overrides: Overrides,
    /// The profiles and directories to watch, as given.
    pub inputs: Vec<PathBuf>,
    /// Pixels per inch of page images.
    pub ppi: f32,
    /// The fonts' settings (part of the fingerprints).
    pub fonts: FontOptions,
}

impl Session<'_> {
    /// Renders and re-renders until interrupted or until watching fails. `plan` turns the
    /// inputs into jobs; it runs again after every change, so new profiles in a watched
    /// directory are picked up.
    pub fn run(&self, plan: Planner) -> Result<(), String> {
        let (tx, rx) = channel();
        let mut watcher =
            notify::recommended_watcher(tx).map_err(|e| format!("cannot watch files: {e}"))?;
        let mut watched: HashSet<PathBuf> = HashSet::new();
        // Output → fingerprint of what it was last rendered (or failed) from.
        let mut seen: HashMap<PathBuf, String> = HashMap::new();
        let options = BatchOptions {
            ppi: self.ppi,
            jobs: 1,
            force: false,
            progress: Progress::Auto,
            fonts: self.fonts.clone(),
        };
        loop {
            let dependencies = self.round(plan, &options, &mut seen);
            watch_directories(&mut watcher, &mut watched, &dependencies)?;
            wait_for_change(&rx, &dependencies)?;
        }
    }

    /// Renders what changed since the last round; returns the files to watch.
    fn round(
        &self,
        plan: Planner,
        options: &BatchOptions,
        seen: &mut HashMap<PathBuf, String>,
    ) -> Vec<PathBuf> {
        let mut dependencies: Vec<PathBuf> = self
            .inputs
            .iter()
            .filter_map(|p| p.canonicalize().ok())
            .collect();
        let jobs = match plan(&self.inputs) {
            Ok(jobs) => jobs,
            Err(message) => {
                eprintln!("error: {message}");
                return dependencies;
            }
        };
        // Read the configurations afresh: an edit to cvpdf.yaml or a template must show.
        let mut styles = Styles::new(self.overrides.clone(), self.renderer.fonts());
        for job in jobs {
            let started = Instant::now();
            dependencies.extend(job.input.canonicalize().ok());
            let loaded = match profile::load(&job.input) {
                Ok(loaded) => loaded,
                Err(report) => {
                    let key = digest(&std::fs::read(&job.input).unwrap_or_default());
                    if seen.insert(job.input.clone(), key.clone()) != Some(key) {
                        eprint!("{}", render_report(&report));
                    }
                    continue;
                }
            };
            if let Some(photo) = &loaded.profile.photo {
                dependencies.extend(loaded.dir.join(photo).canonicalize().ok());
            }
            let mut config_error = None;
            let style = styles.for_dir(&loaded.dir, &mut |report| {
                config_error = Some(render_report(report))
            });
            if let Some(config) =
                crate::config::find_config(&loaded.dir).or(self.overrides.config.clone())
            {
                dependencies.extend(config.canonicalize().ok());
            }
            let Some(style) = style else {
                let key = format!("config:{}", config_error.clone().unwrap_or_default());
                if seen.insert(job.input.clone(), key.clone()) != Some(key) {
                    eprint!("{}", config_error.unwrap_or_default());
                }
                continue;
            };
            dependencies.extend(
                style
                    .template
                    .path
                    .iter()
                    .filter_map(|p| p.canonicalize().ok()),
            );
            dependencies.extend(
                style
                    .lab
                    .iter()
                    .filter_map(|l| l.logo.as_ref())
                    .filter_map(|l| l.path.canonicalize().ok()),
            );

            // The outputs' fingerprints together: re-render when any of them is out of date.
            let fingerprint: String = job
                .outputs
                .iter()
                .map(|(format, _)| {
                    batch::fingerprint(self.renderer, &loaded, &style, *format, options)
                })
                .collect();
            let all_exist = job
                .outputs
                .iter()
                .all(|(_, o)| o.exists() || batch::page_file(o, 1).exists());
            if seen.get(&job.input) == Some(&fingerprint) && all_exist {
                continue;
            }
            seen.insert(job.input.clone(), fingerprint);
            match batch::produce(self.renderer, &loaded, &style, &job.outputs, self.ppi) {
                Ok(produced) => {
                    eprint!("{}", produced.warnings);
                    println!(
                        "{}",
                        batch::rendered_line(
                            &job.input,
                            &produced.files,
                            produced.pages,
                            started.elapsed()
                        )
                    );
                }
                Err(Outcome::Failed { detail, .. }) => eprint!("{detail}"),
                Err(_) => {}
            }
        }
        dependencies.sort();
        dependencies.dedup();
        dependencies
    }
}

/// Watches the directories that hold `dependencies` (and directories that are dependencies
/// themselves), and stops watching the ones no longer needed.
fn watch_directories(
    watcher: &mut RecommendedWatcher,
    watched: &mut HashSet<PathBuf>,
    dependencies: &[PathBuf],
) -> Result<(), String> {
    let wanted: HashSet<PathBuf> = dependencies
        .iter()
        .filter_map(|p| {
            if p.is_dir() {
                Some(p.as_path())
            } else {
                p.parent()
            }
        })
        .map(Path::to_path_buf)
        .collect();
    for dir in watched.difference(&wanted) {
        let _ = watcher.unwatch(dir);
    }
    for dir in wanted.difference(watched) {
        watcher
            .watch(dir, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    }
    *watched = wanted;
    Ok(())
}

/// Blocks until a dependency (or a profile or configuration in a watched directory) is
/// created, written, renamed or removed, then waits for a 5 ms lull (at most 100 ms) so that a
/// save made of several steps is seen whole.
fn wait_for_change(
    rx: &Receiver<notify::Result<notify::Event>>,
    dependencies: &[PathBuf],
) -> Result<(), String> {
    let files: HashSet<&Path> = dependencies.iter().map(PathBuf::as_path).collect();
    let relevant = |event: &notify::Event| {
        !matches!(event.kind, EventKind::Access(_))
            && event.paths.iter().any(|p| {
                files.contains(p.as_path())
                    || p.extension().is_some_and(|e| e == "yaml" || e == "yml")
                    || p.parent().is_some_and(|d| files.contains(d)) && !is_output_or_temporary(p)
            })
    };
    loop {
        let event = rx
            .recv()
            .map_err(|_| "the file watcher stopped".to_string())?;
        if event.as_ref().is_ok_and(relevant) {
            break;
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

/// Files cvpdf writes itself (outputs, their temporary files, the manifest): their events must
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

fn digest(bytes: &[u8]) -> String {
    let mut hasher = SipHasher13::new();
    bytes.hash(&mut hasher);
    format!("{:032x}", hasher.finish128().as_u128())
}
