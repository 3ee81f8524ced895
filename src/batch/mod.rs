//! Many profiles at once: rendered through the pipeline on a fixed number of worker threads
//! sharing one renderer (fonts loaded once, Typst's global memo cache), each failure isolated
//! to its profile, and nothing rendered whose inputs have not changed since its outputs were
//! written (the manifests remember).

mod manifest;
mod memory;
mod progress;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use signal_hook::consts::{SIGINT, SIGTERM};

use crate::diag::{Diagnostic, Failure, Printer};
use crate::pipeline::{Done, Job, Outcome, Pipeline};

pub(crate) use manifest::Manifests;
pub(crate) use progress::rendered_line;
pub use progress::Progress;

/// Settings of a batch.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Worker threads (at least one).
    pub jobs: usize,
    /// Render even what has not changed.
    pub force: bool,
    /// How to report progress.
    pub progress: Progress,
}

impl BatchOptions {
    /// The options of `--jobs` (default: one worker per core), `--force` and `--quiet`.
    pub fn new(jobs: Option<usize>, force: bool, quiet: bool) -> Self {
        BatchOptions {
            jobs: jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            force,
            progress: if quiet {
                Progress::Quiet
            } else {
                Progress::Auto
            },
        }
    }
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

/// Renders `jobs` in parallel and returns the counts. Outputs are written as jobs finish; the
/// manifests of their directories at the end.
pub fn run(pipeline: &Pipeline, jobs: &[Job], options: &BatchOptions, printer: Printer) -> Summary {
    let manifests = manifest::Manifests::default();
    let summary = run_with(pipeline, jobs, options, printer, &manifests);
    let problems: Vec<Diagnostic> = crate::timings::timed("save manifests", || manifests.save())
        .into_iter()
        .map(Diagnostic::warning)
        .collect();
    printer.eprint(&problems);
    summary
}

/// [`run`] keeping its records in `manifests`, which the caller saves (with what else it
/// rendered into the same directories: one manifest per directory, written once).
pub(crate) fn run_with(
    pipeline: &Pipeline,
    jobs: &[Job],
    options: &BatchOptions,
    printer: Printer,
    manifests: &manifest::Manifests,
) -> Summary {
    let reporter = progress::Reporter::new(jobs.len(), options.progress, printer);
    // Ctrl-C (or SIGTERM) lets the profiles being rendered finish, so that every file written
    // is complete and no temporary file is left, and starts no others; a second one stops at
    // once.
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, stop.clone());
        let _ = signal_hook::flag::register(signal, stop.clone());
    }
    let queues = memory::Queues::new(jobs.len(), |i| memory::is_large(&jobs[i].input));
    let takes_large = AtomicBool::new(true);
    let results = Mutex::new(Vec::with_capacity(jobs.len()));
    // A fixed number of workers take the next job when they finish one. (Not a rayon pool:
    // Typst parallelises inside a compilation with rayon, and a rayon worker waiting for that
    // inner work would start further profiles on the same stack, holding many documents in
    // memory at once.) The first thread to start renders the very large profiles, one after
    // another, before it helps with the rest (memory.rs says why).
    let work = || {
        let large = takes_large.swap(false, Ordering::Relaxed);
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let Some(i) = queues.next(large) else { break };
            let job = &jobs[i];
            // A panic in our own code fails this profile only; Typst's are caught closer still.
            let done = crate::panics::catch(|| pipeline.run(job, manifests, options.force))
                .unwrap_or_else(|message| internal_error(job, &message));
            reporter.done(&job.input, &done);
            let outcome = match done.outcome {
                Outcome::Rendered { .. } => Ok(true),
                Outcome::Unchanged => Ok(false),
                Outcome::Failed(failure) => Err(failure.summary),
            };
            results
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((i, outcome));
        }
    };
    let workers = options.jobs.clamp(1, jobs.len().max(1));
    if workers == 1 {
        // One profile (or --jobs 1): the main thread does it, as a compiler would; a new thread
        // would start a malloc arena of its own and cost a millisecond for nothing. Typst's
        // pool needs no more than one thread beside it.
        crate::world::pool::one_render_at_a_time();
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(work);
            }
        });
    }
    reporter.finish();

    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    let mut summary = Summary {
        interrupted: jobs.len() - results.len(),
        ..Summary::default()
    };
    for (i, outcome) in results {
        match outcome {
            Ok(true) => summary.rendered += 1,
            Ok(false) => summary.unchanged += 1,
            Err(reason) => summary.failed.push((jobs[i].input.clone(), reason)),
        }
    }
    summary
}

/// A job that panicked in cvpdf's own code.
fn internal_error(job: &Job, message: &str) -> Done {
    let failure = Failure {
        diagnostics: vec![Diagnostic::error(format!(
            "internal error while rendering {}: {message}",
            job.input.display()
        ))],
        summary: format!("internal error: {message}"),
    };
    Done {
        outcome: Outcome::Failed(failure),
        warnings: Vec::new(),
        inputs: vec![job.input.clone()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::Format;
    use crate::render::{RenderSettings, Renderer, PANIC_IN_TESTS};
    use crate::style::{Overrides, StyleCache};

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
        let styles = StyleCache::new(Overrides::default(), renderer.fonts());
        let pipeline = Pipeline::new(&renderer, &styles, 72.0);
        let jobs: Vec<Job> = names
            .iter()
            .map(|name| Job {
                variant: None,
                input: dir.path().join(format!("{name}.yaml")),
                outputs: vec![(Format::Pdf, dir.path().join(format!("{name}.pdf")))],
            })
            .collect();
        let options = BatchOptions {
            jobs: 2,
            force: false,
            progress: Progress::Quiet,
        };
        let summary = run(&pipeline, &jobs, &options, Printer::plain());
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
