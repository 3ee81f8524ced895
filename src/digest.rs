//! Digests of bytes, for knowing when an input changed.

use std::hash::Hash;
use std::path::{Path, PathBuf};

use siphasher::sip128::{Hasher128, SipHasher13};

/// A 128-bit digest of some bytes.
pub(crate) type Digest = u128;

/// The digest of `bytes`.
pub(crate) fn digest(bytes: &[u8]) -> Digest {
    let mut hasher = SipHasher13::new();
    bytes.hash(&mut hasher);
    hasher.finish128().as_u128()
}

/// A file a render read and the digest of what it read (`None`: it was not there).
pub(crate) type FileRead = (PathBuf, Option<Digest>);

/// The digest of a file as it is on disk now. Only regular files are read: a path that names
/// a device or a pipe now (a manifest is only a file in a user's directory) counts as absent
/// rather than hanging the run.
pub(crate) fn on_disk(path: &Path) -> FileRead {
    let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    let bytes = regular.then(|| std::fs::read(path).ok()).flatten();
    (path.to_path_buf(), bytes.map(|b| digest(&b)))
}
