//! `cvpdf sync`: each profile's papers brought up to date from the services its `sources:`
//! name (DBLP, ORCID with Crossref, OpenAlex); what changed, per profile and per source, on
//! standard output, each failure on its own line on standard error.

use std::path::PathBuf;
use std::time::Duration;

use crate::diag::{escape_line, outln, Diagnostic, Printer};
use crate::import::bib::Fate;
use crate::sync::http::Limits;
use crate::sync::profile::{Settings, Synced};
use crate::sync::services::Bases;
use crate::sync::session::{Outcome, Session};

use super::Error;

/// Options of `cvpdf sync`.
pub struct Options {
    /// Profile files, or directories of profiles.
    pub inputs: Vec<PathBuf>,
    /// Say what would change, write nothing.
    pub dry_run: bool,
    /// Use only answers cached by an earlier sync.
    pub offline: bool,
    /// Only papers of this year and later.
    pub since: Option<u16>,
    /// How long connecting to a service may take.
    pub connect_timeout: Duration,
    /// How long one request may take in all.
    pub timeout: Duration,
}

/// Runs `cvpdf sync`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let profiles = super::expand_inputs(&options.inputs).map_err(|p| Error::usage(p.message))?;
    let bases = Bases::from_env().map_err(|problem| Error::usage(problem.message))?;
    let limits = Limits {
        connect: options.connect_timeout,
        total: options.timeout,
        ..Limits::default()
    };
    let settings = Settings {
        dry_run: options.dry_run,
        since: options.since,
    };
    let mut session = Session::new(bases, limits, options.offline, settings);
    let mut failed = false;
    for path in &profiles {
        let shown = escape_line(&path.display().to_string()).into_owned();
        let Outcome {
            synced,
            fetch_warnings,
        } = match session.sync(path) {
            Ok(outcome) => outcome,
            Err(diagnostic) => {
                printer.eprint(std::slice::from_ref(&diagnostic));
                outln!("{shown}: not synced (its lab's cvpdf.yaml cannot be read)");
                failed = true;
                continue;
            }
        };
        let warnings: Vec<Diagnostic> = fetch_warnings
            .into_iter()
            .map(|why| Diagnostic::warning(escape_line(&why).into_owned()))
            .chain(
                synced
                    .warnings
                    .iter()
                    .map(|why| Diagnostic::warning(format!("{shown}: {}", escape_line(why)))),
            )
            .collect();
        printer.eprint(&warnings);
        let errors: Vec<Diagnostic> = synced
            .failures
            .iter()
            .map(|why| Diagnostic::error(format!("{shown}: {why}")))
            .collect();
        printer.eprint(&errors);
        failed |= !synced.failures.is_empty();
        report(&shown, &synced, options.dry_run);
    }
    if failed {
        return Err(Error::reported());
    }
    Ok(())
}

/// Prints what became of one profile: a line for it, one per source, one per paper added or
/// updated and one per record skipped.
fn report(shown: &str, synced: &Synced, dry_run: bool) {
    if synced.no_sources {
        outln!("{shown}: no sources: (dblp, orcid, openalex) to sync from; left as it is");
        return;
    }
    if synced.gathered.listed.is_empty() && !synced.failures.is_empty() {
        outln!("{shown}: not synced");
        return;
    }
    let count = |fate: Fate, source: Option<usize>| {
        synced
            .fates
            .iter()
            .zip(&synced.gathered.from)
            .filter(|(f, from)| **f == fate && source.is_none_or(|s| from.contains(&s)))
            .count()
    };
    let verb = if dry_run { "would be " } else { "" };
    let state = if !synced.failures.is_empty() {
        "not written: a source failed or the merge did not succeed".to_string()
    } else if synced.written {
        "written".to_string()
    } else if dry_run && !(synced.added.is_empty() && synced.updated.is_empty()) {
        "dry run, nothing written".to_string()
    } else {
        "the file is as it was".to_string()
    };
    if synced.failures.is_empty() {
        outln!(
            "{shown}: {} {verb}added, {} {verb}updated, {} unchanged ({state})",
            synced.added.len(),
            synced.updated.len(),
            count(Fate::Unchanged, None) + count(Fate::Merged, None)
        );
    } else {
        outln!("{shown}: {state}");
    }
    for (at, listed) in synced.gathered.listed.iter().enumerate() {
        let name = listed.service.name();
        match &listed.found {
            Err(_) => outln!("  {name}: failed (see the error above)"),
            Ok(found) => {
                let mut line = format!("  {name}: {} listed", found.papers.len());
                if synced.failures.is_empty() {
                    line.push_str(&format!(
                        " ({} {verb}added, {} {verb}updated, {} unchanged)",
                        count(Fate::Added, Some(at)),
                        count(Fate::Updated, Some(at)),
                        count(Fate::Unchanged, Some(at)) + count(Fate::Merged, Some(at))
                    ));
                }
                line.push_str(&format!(
                    ", {} skipped, {} of {} answers downloaded",
                    found.skipped.len(),
                    found.downloaded,
                    found.asked
                ));
                if listed.older > 0 {
                    line.push_str(&format!(", {} before --since", listed.older));
                }
                outln!("{}", escape_line(&line));
                for skipped in &found.skipped {
                    outln!("    skipped {}", escape_line(skipped));
                }
            }
        }
    }
    for title in &synced.added {
        outln!("  + {}", escape_line(title));
    }
    for title in &synced.updated {
        outln!("  ~ {}", escape_line(title));
    }
}
