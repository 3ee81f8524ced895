//! One build at a time in a site's folder: two `cvpdf lab` runs into one folder would each
//! take the other's new files for stale ones. The folder itself is locked (an advisory lock on
//! its directory, which puts no file into the site), and the kernel lets go of it when the
//! process ends however it ends, so a killed build never blocks the next.

use std::fs::{File, TryLockError};
use std::path::Path;

/// A held lock on a site's folder, let go when dropped.
#[derive(Debug)]
pub struct SiteLock {
    /// The folder, open; the lock lives as long as it does.
    _folder: File,
}

/// Makes `out` if need be and locks it for this build; an error saying so when another build
/// holds it.
pub fn lock_site(out: &Path) -> Result<SiteLock, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let folder = File::open(out).map_err(|e| format!("cannot open {}: {e}", out.display()))?;
    match folder.try_lock() {
        Ok(()) => Ok(SiteLock { _folder: folder }),
        Err(TryLockError::WouldBlock) => Err(format!(
            "another cvpdf is building the site in {} now; run this again once it has finished \
             (nothing was written)",
            out.display()
        )),
        // A file system without locks: the build goes on as it did before locks.
        Err(TryLockError::Error(_)) => Ok(SiteLock { _folder: folder }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_let_go() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site #1");
        let first = lock_site(&out).unwrap();
        let err = lock_site(&out).unwrap_err();
        assert!(err.contains("another cvpdf is building"), "{err}");
        drop(first);
        assert!(lock_site(&out).is_ok());
        assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    }
}
