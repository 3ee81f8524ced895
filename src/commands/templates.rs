//! `cvpdf templates`: the built-in templates, one line each, and the languages they speak.

use crate::style::language_names;
use crate::template::BUILTIN;

use super::Error;

/// Runs `cvpdf templates`.
pub fn run() -> Result<(), Error> {
    for t in BUILTIN {
        crate::diag::outln!("{:<10} {}", t.name, t.description);
    }
    crate::diag::outln!("\nLanguages (--lang, or `lang:` in cvpdf.yaml):");
    for (code, name) in language_names() {
        crate::diag::outln!("{code:<10} {name}");
    }
    Ok(())
}
