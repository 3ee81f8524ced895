//! `cvpdf import-bib`: a BibTeX file's entries added to a profile's publications (updating
//! those already there), the rest of the profile's text kept as it is.

use std::path::PathBuf;

use crate::diag::{escape_controls, Diagnostic, Printer, Report};
use crate::output::write_atomic;
use crate::profile;

use super::Error;

/// Options of `cvpdf import-bib`.
pub struct Options {
    /// The BibTeX or BibLaTeX file.
    pub file: PathBuf,
    /// The profile to add the publications to.
    pub into: PathBuf,
}

/// Runs `cvpdf import-bib`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let (file, into) = (&options.file, &options.into);
    let bib = crate::input::read_text(file, "BibTeX file")
        .map_err(|problem| Report::new(file, None, vec![problem]))?;
    let loaded = profile::load(into)?;
    let (incoming, skipped) = crate::import::bib::publications(&bib)
        .map_err(|message| Error::failed(format!("{}: {message}", file.display())))?;
    let outcome = crate::import::bib::merge(&loaded.text, &loaded.profile, &loaded.dir, incoming)
        .map_err(|message| Error::failed(format!("{}: {message}", into.display())))?;
    if outcome.text != *loaded.text {
        write_atomic(into, outcome.text.as_bytes())
            .map_err(|err| Error::failed(format!("cannot write {}: {err}", into.display())))?;
    }
    let warnings: Vec<Diagnostic> = skipped
        .iter()
        .chain(&outcome.skipped)
        .map(|reason| Diagnostic::warning(format!("not imported: {reason}")))
        .collect();
    printer.eprint(&warnings);
    let line = format!(
        "{}: {} added, {} updated from {}",
        into.display(),
        outcome.added.len(),
        outcome.updated.len(),
        file.display()
    );
    println!("{}", escape_controls(&line));
    Ok(())
}
