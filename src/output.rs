//! Writing results so that a reader never sees half a file: the bytes go to a temporary file
//! in the destination's directory, which is then renamed over the destination in one step. A
//! failure at any point leaves the earlier file as it was.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub use crate::input::parent_dir;

/// The name a profile gives its CV and its page: the file name without its extension
/// (`x.v1.yaml` → `x.v1`); refused when that names no file (`...yaml` → `..`).
pub fn profile_stem(profile: &Path) -> Result<String, crate::diag::Problem> {
    let stem = profile
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if stem.is_empty() || stem.chars().all(|c| c == '.') {
        return Err(crate::diag::Problem::error(format!(
            "{}: a CV is named after its profile's file, and this name leaves none; rename \
             the profile (e.g. ada-lovelace.yaml)",
            profile.display()
        )));
    }
    Ok(stem)
}

/// The absolute, symlink-free form of `path`, also for a file that does not exist (yet) in a
/// directory that does; `None` when neither does.
pub fn resolved(path: &Path) -> Option<PathBuf> {
    path.canonicalize().ok().or_else(|| {
        let parent = parent_dir(path);
        Some(parent.canonicalize().ok()?.join(path.file_name()?))
    })
}

/// One name for `path` however it was written: [`resolved`] when it can be, else absolute
/// with `.` and `..` taken out as written (for a place not made yet).
pub fn absolute(path: &Path) -> PathBuf {
    resolved(path).unwrap_or_else(|| {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let mut out = PathBuf::new();
        for part in path.components() {
            match part {
                std::path::Component::CurDir => {}
                std::path::Component::ParentDir => {
                    out.pop();
                }
                other => out.push(other),
            }
        }
        out
    })
}

/// Writes `bytes` to `path` atomically, and durably: the bytes reach the disk before the name
/// does, so a crash never leaves an empty file where a good one was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, bytes, true, true)
}

/// Writes a file of cvpdf's cache atomically, without waiting for the disk: a crash may lose
/// it (or, on some file systems, leave it empty), which costs the next run time, never a
/// result; readers of the cache treat such a file as absent. Waiting for the disk was about a
/// millisecond of every render.
pub fn write_cache(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, bytes, true, false)
}

/// Writes a file that must not exist yet, atomically: the complete file appears under its name
/// or nothing does, and a file (or link) already there — also one another run created a moment
/// ago — is never replaced (`AlreadyExists`).
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if fs::symlink_metadata(path).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists", path.display()),
        ));
    }
    write_with(path, bytes, false, true)
}

/// Writes a new file the user named (`cvpdf new -o`, `cvpdf import -o`): the folders on its
/// path are made when missing, as a user who names `profiles/ada.yaml` in an empty folder
/// means, then the file is written as by [`write_new`], never over another.
pub fn create_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::create_dir_all(parent_dir(path))?;
    write_new(path, bytes)
}

/// [`write_atomic`], or [`write_new`] when `clobber` is false; [`write_cache`] when `sync` is.
fn write_with(path: &Path, bytes: &[u8], clobber: bool, sync: bool) -> io::Result<()> {
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            format!("{} is a directory", path.display()),
        ));
    }
    let dir = parent_dir(path);
    let dir = dir.as_path();
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|err| cannot_create_in(dir, err))?;
    temp.write_all(bytes)?;
    if sync {
        temp.as_file().sync_all()?;
    }
    // Temporary files are private (0600); a CV is meant to be read, so give it the permissions
    // of the file it replaces, or the usual ones.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The file's own permissions, never a link's target's (a link to /dev/null would
        // make the output world-writable).
        let permissions = fs::symlink_metadata(path)
            .ok()
            .filter(|meta| meta.is_file())
            .map(|meta| meta.permissions())
            .unwrap_or_else(|| fs::Permissions::from_mode(0o644));
        fs::set_permissions(temp.path(), permissions)?;
    }
    if clobber {
        temp.persist(path).map_err(|e| e.error)?;
    } else {
        temp.persist_noclobber(path).map_err(|e| e.error)?;
    }
    Ok(())
}

/// The failure to create the temporary file, named by its directory: the temporary file's
/// own name would only puzzle the reader.
fn cannot_create_in(dir: &Path, err: io::Error) -> io::Error {
    // tempfile's error reads "<system error> at path <temporary file>"; keep the first part.
    let text = err.to_string();
    let reason = text
        .split_once(" at path ")
        .map_or(text.as_str(), |(reason, _)| reason);
    let dir = if dir == Path::new(".") {
        "the current directory".to_string()
    } else {
        dir.display().to_string()
    };
    io::Error::new(
        err.kind(),
        format!("cannot create a file in {dir}: {reason}"),
    )
}

/// cvpdf's directory in the user's cache (`CVPDF_CACHE_DIR`, else the platform's cache
/// directory's `cvpdf`), where manifests and `sync`'s answers are kept; `None` when there is
/// none.
pub fn cache_root() -> Option<PathBuf> {
    std::env::var_os("CVPDF_CACHE_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|c| c.join("cvpdf")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cv.pdf");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["cv.pdf"]);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("cv.pdf");
        fs::create_dir(&target).unwrap();
        assert!(write_atomic(&target, b"x").is_err());
        let missing = dir.path().join("missing");
        let err = write_atomic(&missing.join("cv.pdf"), b"x").unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot create a file in {}: No such file or directory (os error 2)",
                missing.display()
            )
        );
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn new_files_are_readable_by_others() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cv.pdf");
        write_atomic(&path, b"x").unwrap();
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o644
        );
    }
}
