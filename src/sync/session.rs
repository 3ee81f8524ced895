//! One `cvpdf sync` run over many profiles: an HTTP client for each lab address the profiles'
//! configurations give (most labs: one), each lab's configuration read once for all the
//! profiles of its directory, and the services' warnings gathered per profile.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;

use super::fetch::Fetcher;
use super::http::{Http, Limits};
use super::profile::{sync, Settings, Synced};
use super::services::Bases;

/// The clients and lab addresses of one run.
pub struct Session {
    /// The services' addresses.
    bases: Bases,
    /// The bounds of each request.
    limits: Limits,
    /// Only answers cached by an earlier sync.
    offline: bool,
    /// What each profile's sync does besides asking.
    settings: Settings,
    /// One client per lab address (`None`: no address given).
    fetchers: HashMap<Option<String>, Fetcher>,
    /// Each directory's lab address, or why its configuration cannot be read.
    contacts: HashMap<PathBuf, Result<Option<String>, Diagnostic>>,
}

/// What became of one profile, with the warnings of the services asked for it.
pub struct Outcome {
    /// The profile's result.
    pub synced: Synced,
    /// What the client noticed while asking (a cache entry refused, a slow service).
    pub fetch_warnings: Vec<String>,
}

impl Session {
    /// A run at the services' `bases`, with these bounds, from the cache only when `offline`.
    pub fn new(bases: Bases, limits: Limits, offline: bool, settings: Settings) -> Self {
        Self {
            bases,
            limits,
            offline,
            settings,
            fetchers: HashMap::new(),
            contacts: HashMap::new(),
        }
    }

    /// Syncs the profile at `path`; an error when its lab's `cvpdf.yaml` cannot be read (the
    /// same error for every profile of that directory, said each time).
    pub fn sync(&mut self, path: &Path) -> Result<Outcome, Diagnostic> {
        let dir = crate::input::parent_dir(path);
        let contact = self
            .contacts
            .entry(dir)
            .or_insert_with_key(|dir| crate::style::contact_email(dir).map_err(Diagnostic::from))
            .clone()?;
        let (bases, limits, offline) = (&self.bases, self.limits, self.offline);
        let fetcher = self.fetchers.entry(contact.clone()).or_insert_with(|| {
            Fetcher::new(
                Http::new(&user_agent(contact.as_deref()), limits),
                bases.clone(),
                crate::output::cache_root().map(|root| root.join("sync")),
                offline,
            )
        });
        let synced = sync(fetcher, path, self.settings);
        Ok(Outcome {
            synced,
            fetch_warnings: fetcher.take_warnings(),
        })
    }
}

/// What cvpdf says it is: its version, and the lab's address for the services' polite pools
/// (only when it can go in a header as it is).
fn user_agent(contact: Option<&str>) -> String {
    match contact.filter(|email| email.is_ascii()) {
        Some(email) => format!("cvpdf/{} (mailto:{email})", env!("CARGO_PKG_VERSION")),
        None => format!("cvpdf/{}", env!("CARGO_PKG_VERSION")),
    }
}
