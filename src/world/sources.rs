//! Typst files served from memory (`common.typ`, a template), parsed once per process and
//! shared by every world: parsing them was about a tenth of a cold render's own work and was
//! repeated for each profile of a batch and each edit in watch. The generated main file
//! differs per render and is never kept.

use std::hash::Hash;
use std::sync::Mutex;

use typst::foundations::Bytes;
use typst::syntax::{FileId, Source};

use crate::digest::{digest, Digest};

/// The parsed files kept, newest last. A user's template edited in a watch session adds a
/// version per edit, so only the last few are kept.
static PARSED: Mutex<Vec<(FileId, Digest, Source)>> = Mutex::new(Vec::new());

/// How many parsed files [`PARSED`] keeps.
const KEPT: usize = 8;

/// The parsed source of the file `id` whose bytes are `bytes`: the one parsed before, if the
/// bytes are the same, else parsed now and kept. `None` when the bytes are not UTF-8 (the
/// world's own loader then reports it as Typst would).
///
/// The file is parsed while the lock is held: a render that needs a file the warm-up thread is
/// parsing waits for that parse instead of making a second one. Only these few shared files
/// come here (never a generated main file), so no render waits long.
pub(super) fn shared(id: FileId, bytes: &Bytes) -> Option<Source> {
    let text = std::str::from_utf8(bytes.as_slice()).ok()?;
    let key = digest(bytes.as_slice());
    let mut parsed = PARSED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, source)) = parsed.iter().find(|(i, d, _)| *i == id && *d == key) {
        return Some(source.clone());
    }
    let source = Source::new(id, text.to_string());
    // Typst keys its caches by the hash of the whole syntax tree, computed on first use and
    // kept: computed here, it is paid by the thread that parsed (the warm-up one, mostly).
    source.hash(&mut std::hash::DefaultHasher::new());
    if parsed.len() == KEPT {
        parsed.remove(0);
    }
    parsed.push((id, key, source.clone()));
    Some(source)
}
