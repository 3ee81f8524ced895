//! `cvpdf watch`: render, then re-render whatever a save changes — a profile, the lab
//! configuration, a user template, a photo or a logo — until interrupted.
//!
//! The process stays alive between renders, so the fonts stay loaded and Typst's comemo cache
//! stays warm: a re-render after a one-field edit recompiles only what the edit touched.
//! Changes are found by fingerprint (as in a batch), so editors that save by writing a new
//! file and renaming it over the old one, or that touch files without changing them, cause no
//! extra work. typst-kit's watcher handles the file-system events.

use std::collections::HashMap;
use std::hash::Hash;
use std::path::PathBuf;
use std::time::Instant;

use siphasher::sip128::{Hasher128, SipHasher13};
use typst_kit::watcher::Watcher;

use crate::batch::{self, render_report, BatchOptions, Job, Outcome, Progress};
use crate::cli::Format;
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
    /// What to write.
    pub format: Format,
    /// The fonts' settings (part of the fingerprints).
    pub fonts: FontOptions,
}

impl Session<'_> {
    /// Renders and re-renders until interrupted or until watching fails. `plan` turns the
    /// inputs into jobs; it runs again after every change, so new profiles in a watched
    /// directory are picked up.
    pub fn run(&self, plan: Planner) -> Result<(), String> {
        let mut watcher = Watcher::new(None).map_err(|e| e.to_string())?;
        // Output → fingerprint of what it was last rendered (or failed) from.
        let mut seen: HashMap<PathBuf, String> = HashMap::new();
        let options = BatchOptions {
            format: self.format,
            jobs: 1,
            force: false,
            progress: Progress::Auto,
            fonts: self.fonts.clone(),
        };
        loop {
            let dependencies = self.round(plan, &options, &mut seen);
            watcher.update(dependencies).map_err(|e| e.to_string())?;
            watcher.wait().map_err(|e| e.to_string())?;
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
                    if seen.insert(job.output.clone(), key.clone()) != Some(key) {
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
                if seen.insert(job.output.clone(), key.clone()) != Some(key) {
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

            let fingerprint = batch::fingerprint(self.renderer, &loaded, &style, options);
            if seen.get(&job.output) == Some(&fingerprint) && job.output.exists() {
                continue;
            }
            seen.insert(job.output.clone(), fingerprint);
            match batch::produce(self.renderer, &loaded, &style, &job.output, self.format) {
                Ok(produced) => {
                    eprint!("{}", produced.warnings);
                    let pages = if produced.pages > 0 {
                        format!("{} pages, ", produced.pages)
                    } else {
                        String::new()
                    };
                    println!(
                        "{} → {} ({pages}{} ms)",
                        job.input.display(),
                        job.output.display(),
                        started.elapsed().as_millis()
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

fn digest(bytes: &[u8]) -> String {
    let mut hasher = SipHasher13::new();
    bytes.hash(&mut hasher);
    format!("{:032x}", hasher.finish128().as_u128())
}
