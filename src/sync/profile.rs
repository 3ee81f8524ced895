//! One profile synced: its sources gathered, the papers merged into its text as `import-bib`
//! merges a .bib (what the researcher added kept, comments and order kept), and the file
//! written — only when every source answered and the merge made a valid profile.

use std::path::Path;

use crate::import::bib::{merge, Fate};
use crate::profile;

use super::fetch::Fetcher;
use super::gather::{gather, Gathered};

/// What `sync` does besides asking.
#[derive(Debug, Clone, Copy, Default)]
pub struct Settings {
    /// Say what would change, write nothing.
    pub dry_run: bool,
    /// Only papers of this year and later.
    pub since: Option<u16>,
}

/// What became of one profile.
#[derive(Debug, Default)]
pub struct Synced {
    /// Each source's answer.
    pub gathered: Gathered,
    /// What became of each gathered paper (as many as `gathered.papers`; empty when nothing
    /// was merged).
    pub fates: Vec<Fate>,
    /// Titles of the papers added and updated.
    pub added: Vec<String>,
    /// Titles of the papers updated.
    pub updated: Vec<String>,
    /// Whether the profile's file was written.
    pub written: bool,
    /// Why the profile was not synced (it could not be read, it names no sources, a source
    /// failed, the merge failed); each on its own line.
    pub failures: Vec<String>,
    /// The profile names no source: nothing was asked.
    pub no_sources: bool,
    /// What the merge has to say that is no failure (author marks it could not keep).
    pub warnings: Vec<String>,
}

/// Syncs the profile at `path`.
pub fn sync(fetcher: &Fetcher, path: &Path, settings: Settings) -> Synced {
    let mut synced = Synced::default();
    let loaded = match profile::load(path) {
        Ok(loaded) => loaded,
        Err(report) => {
            synced.failures.push(report.to_string());
            return synced;
        }
    };
    if loaded.profile.sources.is_empty() {
        synced.no_sources = true;
        return synced;
    }
    synced.gathered = gather(fetcher, &loaded.profile.sources, settings.since);
    for listed in &synced.gathered.listed {
        if let Err(why) = &listed.found {
            synced.failures.push(why.message.clone());
        }
    }
    if !synced.gathered.complete() {
        return synced;
    }
    let keyed: Vec<(String, profile::Publication)> = synced
        .gathered
        .papers
        .iter()
        .map(|p| {
            let paper = not_out_yet(p, &loaded.profile.publications);
            (p.title.to_string(), paper)
        })
        .collect();
    let names: Vec<&str> = synced
        .gathered
        .listed
        .iter()
        .map(|l| l.service.name())
        .collect();
    let header = format!("Added by cvpdf sync from {}.", names.join(", "));
    let outcome = match merge(&loaded.text, &loaded.profile, &loaded.dir, &keyed, &header) {
        Ok(outcome) => outcome,
        Err(why) => {
            synced.failures.push(why.message);
            return synced;
        }
    };
    synced.warnings = outcome.marks_lost;
    synced.fates = outcome.fates;
    synced.added = outcome.added;
    synced.updated = outcome.updated;
    // The file as it is now: an edit made while the services were asked is not overwritten.
    let now = profile::read_text(path).ok();
    if outcome.text != *loaded.text && !settings.dry_run && now.as_deref() != Some(&*loaded.text) {
        synced.failures.push(
            "the file changed while it was being synced; it is left as it is now (run sync again)"
                .into(),
        );
        return synced;
    }
    if outcome.text != *loaded.text && !settings.dry_run {
        match crate::import::save_edited(path, &outcome.text) {
            Ok(()) => synced.written = true,
            Err(why) => synced.failures.push(why.message),
        }
    }
    synced
}

/// `paper` as synced, keeping the status of a paper the profile says is accepted or in press
/// while the service shows it in no issue yet (no volume, no pages): an article online ahead
/// of print is not out as the researcher counts it, and each sync would otherwise undo their
/// `status:` (issue 48). Once the record has its volume or pages, the service's word wins.
fn not_out_yet(
    paper: &profile::Publication,
    papers: &[profile::Publication],
) -> profile::Publication {
    use crate::profile::PublicationStatus as S;
    let mut paper = paper.clone();
    if paper.status != S::Published || paper.volume.is_some() || paper.pages.is_some() {
        return paper;
    }
    let kept = papers
        .iter()
        .filter(|old| matches!(old.status, S::Accepted | S::InPress))
        .find(|old| crate::import::convert::papers::same_paper(old, &paper));
    if let Some(old) = kept {
        paper.status = old.status;
    }
    paper
}
