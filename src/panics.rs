//! Panics as failures, not crashes: code that may panic (Typst's compiler on an input nobody
//! foresaw, a bug of ours) runs inside [`catch`], which returns the panic's message as an
//! error. The panic hook keeps Rust's default message and backtrace off the terminal: inside
//! `catch` it says nothing (the caller reports the failure); elsewhere it prints one line.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

thread_local! {
    /// Whether the current thread is inside [`catch`].
    static CATCHING: Cell<bool> = const { Cell::new(false) };
}

/// Installs the panic hook (once, at start-up).
pub fn install_hook() {
    panic::set_hook(Box::new(|info| {
        if CATCHING.with(Cell::get) {
            return;
        }
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        crate::diag::errln!(
            "error: internal error{location}: {}",
            message(info.payload())
        );
        crate::diag::errln!("  = note: this is a bug in cvpdf; please report it");
    }));
}

/// Runs `f`; a panic inside becomes `Err(message)`.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = CATCHING.with(|c| c.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(outer));
    result.map_err(|payload| message(payload.as_ref()))
}

/// The text of a panic's payload.
fn message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        install_hook();
        assert_eq!(catch(|| 1 + 1), Ok(2));
        let err = catch(|| -> u8 { panic!("boom {}", 42) }).unwrap_err();
        assert_eq!(err, "boom 42");
        assert!(catch(|| catch(|| panic!("inner")).unwrap_err()).is_ok());
    }
}
