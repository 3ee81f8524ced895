//! What an output was made from. A render's inputs are known only after its compile (a
//! template may read any file of its directory), so each output's [`Record`] keeps the files
//! the compile read beside a digest of them and of everything else that decides the output;
//! the next run hashes those same files again and renders only when something moved, as a
//! build system's dependency files do.

use std::hash::Hash;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use siphasher::sip128::{Hasher128, SipHasher13};

use super::Format;
use crate::digest::{digest, on_disk, Digest, FileRead};

/// What an output was last made from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The digest of everything that decided the output.
    pub fingerprint: String,
    /// The files its render read from disk (files a template imports), so that the next
    /// run can hash them again before deciding to render.
    pub files: Vec<PathBuf>,
    /// The files written for it (the PDF, each page, Typst source and what it reads), so
    /// that an output changed since is rendered again and only cvpdf's own files are ever
    /// replaced or removed.
    #[serde(default)]
    pub written: Vec<Written>,
}

impl Record {
    /// Whether `path` is one of the files written for this output and still holds what was
    /// written: a file the user put at a path cvpdf once wrote is theirs.
    pub fn wrote(&self, path: &Path) -> bool {
        self.written.iter().any(|w| w.path == path && w.unchanged())
    }

    /// What this record says about `path`, for the rule of `ownership`.
    pub fn recorded(&self, path: &Path) -> crate::ownership::Recorded {
        use crate::ownership::Recorded;
        if self.wrote(path) {
            Recorded::Intact
        } else if self.written.iter().any(|w| w.path == path) {
            Recorded::Changed
        } else {
            Recorded::Unknown
        }
    }

    /// Whether every file written for this output is still as written.
    pub fn outputs_intact(&self) -> bool {
        self.written.iter().all(Written::unchanged)
    }
}

/// A file cvpdf wrote: its size and digest when written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// Where.
    pub path: PathBuf,
    /// Its size in bytes.
    pub size: u64,
    /// The digest of its bytes, in hexadecimal.
    pub digest: String,
}

impl Written {
    /// The record of writing `bytes` to `path`.
    pub fn of(path: &Path, bytes: &[u8]) -> Self {
        Self {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            digest: format!("{:032x}", digest(bytes)),
        }
    }

    /// Whether the file is still what was written: a regular file of the same size (checked
    /// first, without reading) and digest.
    pub fn unchanged(&self) -> bool {
        let same_size = std::fs::symlink_metadata(&self.path)
            .is_ok_and(|m| m.is_file() && m.len() == self.size);
        same_size
            && on_disk(&self.path)
                .1
                .map(|d| format!("{d:032x}"))
                .as_deref()
                == Some(self.digest.as_str())
    }
}

/// Remembered records of outputs: a manifest on disk for batches, memory for watch.
pub trait Records: Sync {
    /// The record of `output`, if one is remembered.
    fn get(&self, output: &Path) -> Option<Record>;
    /// Remembers (or, with `None`, forgets) the record of `output`.
    fn set(&self, output: &Path, record: Option<Record>);
}

/// The fingerprint of one output: `base` (the digest of the profile, style, settings and
/// fonts), the format and its resolution, and the files read, in a stable order.
pub(crate) fn fingerprint(base: Digest, format: Format, ppi: f32, files: &[FileRead]) -> String {
    let mut hasher = SipHasher13::new();
    base.hash(&mut hasher);
    format.hash(&mut hasher);
    if matches!(format, Format::Png | Format::Thumbnail) {
        ppi.to_bits().hash(&mut hasher);
    }
    let mut files: Vec<&FileRead> = files.iter().collect();
    files.sort();
    files.dedup();
    files.hash(&mut hasher);
    format!("{:032x}", hasher.finish128().as_u128())
}

/// A hasher for the base digest of a job: cvpdf's version and what the binary brings to every
/// render ([`crate::template::built_in_digest`]), so that a build whose templates changed under
/// the same version number (one built from git) does not take its old PDFs for current.
pub(crate) fn base_hasher() -> SipHasher13 {
    let mut hasher = SipHasher13::new();
    env!("CARGO_PKG_VERSION").hash(&mut hasher);
    crate::template::built_in_digest().hash(&mut hasher);
    hasher
}

/// The font files under `--font-path` as (path, size, modification time): a changed font file
/// changes every fingerprint. Only files a font loader reads count (`.ttf`, `.otf`, `.ttc`,
/// `.otc`). Symbolic links to directories are not followed, so a link to a parent cannot make
/// the walk endless, and the walk gives up past [`MAX_FONT_PATH_ENTRIES`] entries: `--font-path
/// /` is a mistake to report, not a filesystem to index.
pub(crate) fn font_files(paths: &[PathBuf]) -> Result<Vec<FontFile>, crate::diag::Problem> {
    let mut out = Vec::new();
    let mut seen = 0usize;
    for root in paths {
        let mut pending = vec![root.clone()];
        while let Some(dir) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            seen += entries.len();
            if seen > MAX_FONT_PATH_ENTRIES {
                return Err(crate::diag::Problem::error(format!(
                    "--font-path {} holds more than {MAX_FONT_PATH_ENTRIES} files and folders; \
                     give a folder of fonts",
                    root.display()
                ))
                .at_field("--font-path"));
            }
            entries.sort();
            // Depth first, in name order: the same list on every run.
            for path in entries.into_iter().rev() {
                let Ok(link) = std::fs::symlink_metadata(&path) else {
                    continue;
                };
                if link.is_dir() {
                    pending.push(path);
                    continue;
                }
                let is_font = path.extension().is_some_and(|e| {
                    ["ttf", "otf", "ttc", "otc"]
                        .iter()
                        .any(|f| e.eq_ignore_ascii_case(f))
                });
                // A link to a font file counts as that file.
                if !is_font {
                    continue;
                }
                if let Ok(meta) = std::fs::metadata(&path) {
                    if meta.is_file() {
                        out.push((path, meta.len(), meta.modified().ok()));
                    }
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// A font file: where, its size and its modification time.
pub(crate) type FontFile = (PathBuf, u64, Option<std::time::SystemTime>);

/// The most files and folders the folders of `--font-path` may hold together.
pub const MAX_FONT_PATH_ENTRIES: usize = 50_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_of_files_read_does_not_matter_but_their_bytes_do() {
        let a = (PathBuf::from("a"), Some(1));
        let b = (PathBuf::from("b"), None);
        let one = fingerprint(7, Format::Pdf, 72.0, &[a.clone(), b.clone()]);
        assert_eq!(one, fingerprint(7, Format::Pdf, 72.0, &[b.clone(), a]));
        assert_ne!(
            one,
            fingerprint(7, Format::Pdf, 72.0, &[(PathBuf::from("a"), Some(2)), b])
        );
    }
}
