//! `cvpdf import-bib`: a BibTeX file's entries added to a profile's publications (updating
//! those already there), the rest of the profile's text kept as it is.

use std::fs;
use std::path::PathBuf;

use crate::diag::{escape_controls, Diagnostic, Printer, Report};
use crate::input::MAX_FILE_BYTES;
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
        // Never write what cvpdf would refuse to read: the merge was validated as a profile,
        // and its size is checked against the same bound as reading one.
        if outcome.text.len() as u64 > MAX_FILE_BYTES {
            return Err(Error::failed(format!(
                "{}: with these publications the profile would be {:.1} MiB, over the {} MiB \
                 cvpdf reads; the file is left as it was",
                into.display(),
                outcome.text.len() as f64 / 1048576.0,
                MAX_FILE_BYTES / 1024 / 1024
            )));
        }
        // A profile that is a symbolic link is edited where it points, not replaced by a file.
        let target = fs::canonicalize(into).unwrap_or_else(|_| into.clone());
        write_atomic(&target, outcome.text.as_bytes())
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
