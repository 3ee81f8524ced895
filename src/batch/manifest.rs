//! The manifest of an output directory: what each output there was made from and what was
//! written for it, so that a later batch renders only what changed and replaces only cvpdf's
//! own files.
//!
//! Manifests live in the user's cache directory (`$XDG_CACHE_HOME/cvpdf/manifests/` or the
//! platform's equivalent; `CVPDF_CACHE_DIR` overrides it), one JSON file per output directory
//! named by a digest of its absolute path, never beside the outputs: a folder of CVs holds
//! only what was asked for, and a website's upload folder publishes nothing else. A manifest
//! is read only if it is a regular file under [`MAX_MANIFEST_BYTES`]; anything else counts as
//! no records (everything is rendered again, which is always safe).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::digest::digest;
use crate::output::{parent_dir, write_cache};
use crate::pipeline::{Record, Records};

/// The largest manifest read; a lab of thousands of CVs needs a few megabytes.
pub const MAX_MANIFEST_BYTES: u64 = 16 * 1024 * 1024;

/// The most outputs one manifest remembers; the oldest-named are dropped beyond it.
const MAX_ENTRIES: usize = 20_000;

/// One manifest file as stored.
#[derive(Debug, Default, Serialize, Deserialize)]
struct ManifestFile {
    /// The cvpdf version that wrote it (another version's records are not trusted).
    cvpdf: String,
    /// The output directory it describes (the file name is only a digest of it).
    directory: PathBuf,
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
        let (entries, _) = dirs.entry(absolute_dir(output)).or_insert_with_key(|dir| {
            let loaded = load(dir);
            (loaded.clone(), loaded)
        });
        let name = output
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        f(entries, name)
    }

    /// Writes every manifest whose entries changed, without the records of outputs that are
    /// gone; returns what could not be written.
    pub(crate) fn save(self) -> Vec<String> {
        let dirs = self.dirs.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut problems = Vec::new();
        for (dir, (mut outputs, loaded)) in dirs {
            if outputs == loaded {
                continue;
            }
            let Some(file) = manifest_path(&dir) else {
                continue;
            };
            // Pruned: records whose files are all gone describe nothing any more.
            outputs.retain(|_, record| record.written.iter().any(|w| w.path.exists()));
            while outputs.len() > MAX_ENTRIES {
                outputs.pop_first();
            }
            let manifest = ManifestFile {
                cvpdf: env!("CARGO_PKG_VERSION").into(),
                directory: dir.clone(),
                outputs,
            };
            let Ok(json) = serde_json::to_string_pretty(&manifest) else {
                continue;
            };
            let written = fs::create_dir_all(parent_dir(&file))
                .and_then(|()| write_cache(&file, json.as_bytes()))
                .and_then(|()| private(&file));
            if let Err(err) = written {
                problems.push(format!(
                    "cannot remember what was rendered (the next run renders everything again): \
                     cannot write {}: {err}",
                    file.display()
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

/// The directory of `output`, absolute, so that one directory has one manifest however it
/// is named on the command line.
fn absolute_dir(output: &Path) -> PathBuf {
    crate::output::absolute(&parent_dir(output))
}

/// Where the manifest of output directory `dir` is kept, if there is a cache directory.
fn manifest_path(dir: &Path) -> Option<PathBuf> {
    let cache = crate::output::cache_root()?;
    let key = digest(dir.as_os_str().as_encoded_bytes());
    Some(cache.join("manifests").join(format!("{key:032x}.json")))
}

/// Only the user reads and writes their manifests.
fn private(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The entries of `dir`'s manifest; none when it is missing, not a regular file (a link, a
/// pipe, a device), too large, unreadable, from another version of cvpdf or about another
/// directory.
fn load(dir: &Path) -> Entries {
    let Some(path) = manifest_path(dir) else {
        return Entries::default();
    };
    let regular = fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
    if !regular {
        return Entries::default();
    }
    crate::input::read_bytes(&path, "manifest", MAX_MANIFEST_BYTES)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<ManifestFile>(&bytes).ok())
        .filter(|m| m.cvpdf == env!("CARGO_PKG_VERSION") && m.directory == dir)
        .map(|m| m.outputs)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_are_kept_out_of_the_output_directory_and_pruned() {
        let cache = tempfile::tempdir().unwrap();
        let out = tempfile::tempdir().unwrap();
        // No other unit test sets CVPDF_CACHE_DIR.
        std::env::set_var("CVPDF_CACHE_DIR", cache.path());
        let pdf = out.path().join("cv.pdf");
        fs::write(&pdf, b"%PDF-").unwrap();
        let record = |path: &Path| Record {
            fingerprint: "f".into(),
            files: Vec::new(),
            written: vec![crate::pipeline::Written::of(path, b"%PDF-")],
        };
        let manifests = Manifests::default();
        manifests.set(&pdf, Some(record(&pdf)));
        manifests.set(
            &out.path().join("gone.pdf"),
            Some(record(&out.path().join("gone.pdf"))),
        );
        assert!(manifests.save().is_empty());
        assert_eq!(fs::read_dir(out.path()).unwrap().count(), 1, "only cv.pdf");
        let again = Manifests::default();
        assert_eq!(again.get(&pdf), Some(record(&pdf)));
        assert_eq!(again.get(&out.path().join("gone.pdf")), None, "pruned");
        let file = manifest_path(&absolute_dir(&pdf)).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                fs::metadata(&file).unwrap().permissions().mode() & 0o777,
                0o600
            );
        }
        // A manifest that is a link (to an endless device, say) is not read.
        fs::remove_file(&file).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
            assert_eq!(Manifests::default().get(&pdf), None);
        }
        std::env::remove_var("CVPDF_CACHE_DIR");
    }
}
