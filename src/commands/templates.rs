//! `cvpdf templates`: the built-in templates, one line each.

use crate::template::BUILTIN;

use super::Error;

/// Runs `cvpdf templates`.
pub fn run() -> Result<(), Error> {
    for t in BUILTIN {
        println!("{:<10} {}", t.name, t.description);
    }
    Ok(())
}
