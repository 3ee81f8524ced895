//! `cvpdf watch`: render, then re-render whatever a save changes — a profile, the lab
//! configuration, a user template or a file it imports, a photo, a logo — until interrupted.
//!
//! Each round runs every job through the pipeline, as a batch does, with the records kept in
//! memory: what a save did not touch is found unchanged by its fingerprint, and the files to
//! watch are exactly the inputs the pipeline reports, so the two cannot disagree. The process
//! stays alive between rounds, so fonts stay loaded and Typst's memo cache stays warm (and
//! bounded: the pipeline evicts after every document).
//!
//! What is watched and how a change is waited for is the library's `watch` module.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::channel;

use crate::batch::rendered_line;
use crate::diag::{escape_line, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::output::resolved;
use crate::pipeline::{Outcome, Pipeline};
use crate::render::Renderer;
use crate::style::{Overrides, StyleCache};
use crate::watch::{wait_for_change, watch_directories, Presence, Remembered, Watched};

use super::{plan_jobs, plan_variants, Error, Target};

/// The line watch prints when a round is done and it waits for the next change.
const IDLE: &str = "watching for changes";

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
    let renderer = super::renderer(options.fonts.clone(), target.standards.clone())?;
    // A bad input, flag or variant is found here, before watching starts; each round builds
    // its own styles.
    let run = super::Run::plan(
        &renderer,
        options.style.clone(),
        &target.inputs,
        &target.variants,
        printer,
    )?;
    plan_jobs(&run.planned, target.output.as_deref(), &target.formats)
        .map_err(|p| Error::usage(p.message))?;
    drop(run);
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
        // Each round renders its profiles one after the other on this thread.
        crate::world::pool::one_render_at_a_time();
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
        watch_directories(&mut watcher, &mut watched, &named).map_err(|p| p.message)?;
        loop {
            let inputs = self.round();
            // A directory watched only now may have changed between the round's reading it
            // and its watch being set up (a save made the moment a line was printed): look
            // again before waiting. A round with nothing new renders nothing.
            if watch_directories(&mut watcher, &mut watched, &inputs).map_err(|p| p.message)? {
                continue;
            }
            // The round is done: say so, on stdout after its lines, so that a user (and a test)
            // knows every rebuild a save caused has finished.
            crate::diag::outln!("{IDLE}");
            let named = Presence::of(&self.options.target.inputs);
            wait_for_change(&rx, &inputs, &watched, &named).map_err(|p| p.message)?;
        }
    }

    /// Renders what changed since the last round; returns the files to watch, absolute.
    fn round(&mut self) -> Vec<PathBuf> {
        let target = &self.options.target;
        let mut inputs: Vec<PathBuf> = target.inputs.iter().filter_map(|p| resolved(p)).collect();
        // Read the configurations afresh: an edit to cvpdf.yaml or a template must show.
        let styles = StyleCache::new(self.options.style.clone(), self.renderer.fonts());
        // A named profile deleted mid-session is told once, as a failed render is, and the
        // others go on (a missing input is a usage error only when the session starts).
        let (named, gone): (Vec<PathBuf>, Vec<PathBuf>) =
            target.inputs.iter().cloned().partition(|p| p.exists());
        for path in gone {
            let message = format!("{} does not exist; waiting for it", path.display());
            let text = self.printer.format(&[Diagnostic::error(message)]);
            if self.shown.get(&path) != Some(&text) {
                crate::diag::write_stderr(&text);
                self.shown.insert(path, text);
            }
        }
        let jobs = super::expand_inputs(&named)
            .and_then(|found| plan_variants(&found, &target.variants, &styles))
            .and_then(|planned| plan_jobs(&planned, target.output.as_deref(), &target.formats));
        let jobs = match jobs {
            Ok(jobs) => jobs,
            Err(problem) => {
                let message = problem.message;
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
                    crate::diag::outln!(
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
                        crate::diag::outln!("{}", escape_line(&line));
                    }
                }
                Outcome::Failed(failure) => {
                    let text = self.printer.format(&failure.diagnostics);
                    if self.shown.get(&job.input) != Some(&text) {
                        crate::diag::write_stderr(&text);
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
