//! What a watch session (`cvpdf watch`) watches and remembers: the records of what it wrote,
//! kept in memory; the directories holding its inputs, watched with notify (not the files: a
//! save by rename replaces the file, and a watch on the old file would go quiet), and watched
//! afresh when one is deleted and made anew; and the wait for a change, acted on after a 5 ms
//! lull rather than typst-kit's 100 ms window, because a re-render takes about 20 ms and the
//! wait would dominate.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use crate::diag::Problem;
use crate::pipeline::{Record, Records};

/// Records of a watch session, in memory.
#[derive(Default)]
pub struct Remembered(Mutex<HashMap<PathBuf, Record>>);

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
pub type Watched = HashMap<PathBuf, Option<Identity>>;

/// Which directory a path is: a directory deleted and made again under the same name is
/// another one, whose watch must be set up afresh (the old one went with the old directory).
pub type Identity = (u64, u64);

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
pub struct Presence(Vec<(PathBuf, Option<Identity>, bool)>);

impl Presence {
    /// The named inputs as they are now.
    pub fn of(named: &[PathBuf]) -> Self {
        Self(
            named
                .iter()
                .map(|p| (p.clone(), identity(p), p.exists()))
                .collect(),
        )
    }

    /// Whether one of them was made, deleted or made anew since.
    pub fn changed(&self) -> bool {
        self.0
            .iter()
            .any(|(p, id, there)| identity(p) != *id || p.exists() != *there)
    }
}

/// Watches the directories that hold `inputs` (and directories that are inputs themselves),
/// stops watching the ones no longer needed, and watches again one that was deleted and made
/// anew. Says whether a directory is watched now that was not before.
pub fn watch_directories(
    watcher: &mut RecommendedWatcher,
    watched: &mut Watched,
    inputs: &[PathBuf],
) -> Result<bool, Problem> {
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
            .map_err(|e| Problem::error(format!("cannot watch {}: {e}", dir.display())))?;
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
pub fn wait_for_change(
    rx: &Receiver<notify::Result<notify::Event>>,
    inputs: &[PathBuf],
    watched: &Watched,
    named: &Presence,
) -> Result<(), Problem> {
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
            Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
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
            Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
        }
    }
    Ok(())
}

/// The watcher's channel closed: nothing more would ever be seen.
fn stopped() -> Problem {
    Problem::error("the file watcher stopped")
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
