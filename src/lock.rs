//! One writer at a time in a folder cvpdf builds or edits (a lab's site, a website `publish`
//! attaches CVs to): two runs into one folder would each take the other's new files for stale
//! ones, or edit one page at once. The folder itself is locked (an advisory lock on its
//! directory, which puts no file into it), and the kernel lets go of it when the process ends
//! however it ends, so a killed run never blocks the next.

use std::fmt;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

/// A held lock on a folder, let go when dropped.
#[derive(Debug)]
pub struct FolderLock {
    /// The folder, open; the lock lives as long as it does.
    _folder: File,
}

/// Why a folder could not be locked (a room below `diag`, so a type of its own); shown, the
/// sentence that says so.
#[derive(Debug)]
pub enum LockError {
    /// Another run of cvpdf holds the folder.
    Busy(PathBuf),
    /// The folder could not be made or opened.
    Io {
        /// What was tried: "create" or "open".
        tried: &'static str,
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Busy(folder) => write!(
                f,
                "another cvpdf is building or publishing into {} now; run this again once it \
                 has finished (nothing was written)",
                folder.display()
            ),
            LockError::Io {
                tried,
                folder,
                error,
            } => write!(f, "cannot {tried} {}: {error}", folder.display()),
        }
    }
}

/// Makes `folder` if need be and locks it for this run; an error saying so when another run
/// of cvpdf holds it.
pub fn lock_folder(folder: &Path) -> Result<FolderLock, LockError> {
    let io = |tried| {
        move |error| LockError::Io {
            tried,
            folder: folder.to_path_buf(),
            error,
        }
    };
    std::fs::create_dir_all(folder).map_err(io("create"))?;
    let open = File::open(folder).map_err(io("open"))?;
    match open.try_lock() {
        Ok(()) => Ok(FolderLock { _folder: open }),
        Err(TryLockError::WouldBlock) => Err(LockError::Busy(folder.to_path_buf())),
        // A file system without locks: the run goes on as it did before locks.
        Err(TryLockError::Error(_)) => Ok(FolderLock { _folder: open }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_let_go() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site #1");
        let first = lock_folder(&out).unwrap();
        let err = lock_folder(&out).unwrap_err();
        assert!(matches!(err, LockError::Busy(_)), "{err}");
        let err = err.to_string();
        assert!(
            err.contains("another cvpdf is building or publishing"),
            "{err}"
        );
        drop(first);
        assert!(lock_folder(&out).is_ok());
        assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    }
}
