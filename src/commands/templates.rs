//! `cvpdf templates`: the built-in templates, one line each, the languages they speak and the
//! citation styles publications can be printed in.

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
    crate::diag::outln!(
        "\nCitation styles (--citation-style, or `citation_style:` in cvpdf.yaml; `{}` is \
         cvpdf's own layout, the default; a .csl file by its path):",
        crate::csl::OWN
    );
    for (name, full) in crate::csl::builtin_styles() {
        crate::diag::outln!("{name:<44} {full}");
    }
    Ok(())
}
