//! Writing back a profile that an import edited (`import-bib`, `sync`): never larger than cvpdf
//! reads, atomically, where a symbolic link points (the link stays a link), with the byte-order
//! mark the file had.

use crate::diag::Problem;
use std::fs;
use std::path::Path;

use crate::input::MAX_FILE_BYTES;
use crate::output::write_atomic;

/// Writes `text`, the edited form of the profile at `path`; `Err` says why the file is left as
/// it was.
pub fn save_edited(path: &Path, text: &str) -> Result<(), Problem> {
    // Never write what cvpdf would refuse to read.
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(Problem::error(format!(
            "with these publications the profile would be {:.1} MiB, over the {} MiB cvpdf \
             reads; the file is left as it was",
            text.len() as f64 / 1048576.0,
            MAX_FILE_BYTES / 1024 / 1024
        )));
    }
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    // A file made read-only is not to be changed, though the directory would allow replacing it.
    if fs::metadata(&target).is_ok_and(|m| m.permissions().readonly()) {
        return Err(Problem::error(
            "the file is read-only; it is left as it was",
        ));
    }
    // Reading dropped a byte-order mark; the file keeps the one it has.
    let text = if starts_with_bom(&target) {
        format!("\u{feff}{text}")
    } else {
        text.to_string()
    };
    write_atomic(&target, text.as_bytes())
        .map_err(|err| Problem::error(format!("cannot write it: {err}")))
}

/// Whether the file at `path` starts with a UTF-8 byte-order mark.
fn starts_with_bom(path: &Path) -> bool {
    use std::io::Read;
    let mut first = [0u8; 3];
    fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut first))
        .is_ok_and(|()| first == [0xEF, 0xBB, 0xBF])
}
