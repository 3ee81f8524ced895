//! The manifest of an output directory: what each output there was made from, so that a
//! later batch renders only what changed. One small JSON file per directory,
//! `.cvpdf-manifest.json`, written once at the end of a batch if anything in it changed.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::output::{parent_dir, write_atomic};
use crate::pipeline::{Record, Records};

/// The manifest's file name in an output directory.
pub const MANIFEST: &str = ".cvpdf-manifest.json";

/// One manifest file as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
struct ManifestFile {
    /// The cvpdf version that wrote it (another version's records are not trusted).
    cvpdf: String,
    /// Output file name → what it was made from.
    outputs: Entries,
}

/// A manifest's entries: output file name → record.
type Entries = BTreeMap<String, Record>;

/// The manifests of every output directory a batch touches, loaded on first use, with their
/// entries as loaded (a manifest is written only if its entries changed).
#[derive(Default)]
pub(crate) struct Manifests {
    dirs: Mutex<BTreeMap<PathBuf, (Entries, Entries)>>,
}

impl Manifests {
    fn with<T>(&self, output: &Path, f: impl FnOnce(&mut Entries, String) -> T) -> T {
        let mut dirs = self.dirs.lock().unwrap_or_else(|e| e.into_inner());
        let (entries, _) = dirs.entry(parent_dir(output)).or_insert_with_key(|dir| {
            let loaded = load(dir);
            (loaded.clone(), loaded)
        });
        let name = output
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        f(entries, name)
    }

    /// Writes every manifest whose entries changed; returns what could not be written.
    pub(crate) fn save(self) -> Vec<String> {
        let dirs = self.dirs.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut problems = Vec::new();
        for (dir, (outputs, loaded)) in dirs {
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

impl Records for Manifests {
    fn get(&self, output: &Path) -> Option<Record> {
        self.with(output, |entries, name| entries.get(&name).cloned())
    }

    fn set(&self, output: &Path, record: Option<Record>) {
        self.with(output, |entries, name| match record {
            Some(record) => entries.insert(name, record),
            None => entries.remove(&name),
        });
    }
}

/// The entries of `dir`'s manifest; none when it is missing, unreadable or from another
/// version of cvpdf.
fn load(dir: &Path) -> Entries {
    fs::read(dir.join(MANIFEST))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<ManifestFile>(&bytes).ok())
        .filter(|m| m.cvpdf == env!("CARGO_PKG_VERSION"))
        .map(|m| m.outputs)
        .unwrap_or_default()
}
