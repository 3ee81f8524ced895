//! Standard output that never panics. `println!` panics when the reader has gone (`cvpdf check
//! profiles/ | head`) or the disk is full (`cvpdf man > /dev/full`); here a closed pipe quietly
//! stops the output (the command still finishes, and its exit code still says how it went),
//! and any other failure is remembered, so that the command ends with an error saying so
//! instead of exit code 101.

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Set once the reader of standard output has gone: nothing more is written.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// The first failure to write standard output other than a closed pipe.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Writes `text` to standard output (flushed: a line reaches a pipe when it is printed).
pub fn write_stdout(text: &str) {
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        Err(error) if error.kind() == ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed)
        }
        Err(error) => {
            CLOSED.store(true, Ordering::Relaxed);
            let mut failed = FAILED.lock().unwrap_or_else(|e| e.into_inner());
            failed.get_or_insert_with(|| format!("cannot write to standard output: {error}"));
        }
    }
}

/// Why standard output could not be written, if it could not (a closed pipe is no failure).
pub fn stdout_failure() -> Option<String> {
    FAILED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Writes `text` to standard error, and nothing happens when it cannot be written: there is
/// nowhere left to say so, and `eprintln!` would panic (in a panic hook: abort).
pub fn write_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// Like `eprintln!`, through [`write_stderr`].
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::diag::write_stderr(&format!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use errln;

/// Like `println!`, through [`write_stdout`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::diag::write_stdout(&format!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use outln;
