//! `cvpdf import-bib`: a BibTeX file's entries added to a profile's publications (updating
//! those already there), the rest of the profile's text kept as it is.

use std::path::PathBuf;

use crate::diag::{Diagnostic, Printer, Report};
use crate::profile;

use super::Error;

/// Options of `cvpdf import-bib`.
pub struct Options {
    /// The BibTeX or BibLaTeX file.
    pub file: PathBuf,
    /// The profile to add the publications to.
    pub into: PathBuf,
    /// Where relative links of the .bib start (the site's address).
    pub base_url: Option<String>,
}

/// Runs `cvpdf import-bib`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let (file, into) = (&options.file, &options.into);
    let (bib, decoded) = crate::input::read_foreign_text(file, "BibTeX file")
        .map_err(|problem| Report::new(file, None, vec![problem]))?;
    let loaded = profile::load(into)?;
    let base_url = match options.base_url.as_deref() {
        Some(url) => Some(
            crate::import::convert::links::site_base(url)
                .map_err(|why| Error::usage(format!("--base-url: {why}")))?,
        ),
        None => None,
    };
    // The file's problem is shown at its line, with the line quoted when the offsets are the
    // file's own.
    let read = crate::import::bib::publications(&bib, base_url.as_deref())
        .map_err(|problem| Report::new(file, Some(bib.as_str().into()), vec![problem]))?;
    let outcome = crate::import::bib::merge(
        &loaded.text,
        &loaded.profile,
        &loaded.dir,
        &read.papers,
        &read.comment(),
    )
    .map_err(|problem| Report::new(into, None, vec![problem]))?;
    if outcome.text != *loaded.text {
        crate::import::save_edited(into, &outcome.text)
            .map_err(|why| Error::failed(format!("{}: {why}", into.display())))?;
    }
    let mut warnings: Vec<Diagnostic> = read
        .skipped
        .iter()
        .map(|skipped| Diagnostic::warning(format!("not imported: {skipped}")))
        .chain(
            outcome
                .skipped
                .iter()
                .map(|reason| Diagnostic::warning(format!("not imported: {reason}"))),
        )
        .collect();
    warnings.extend(
        outcome
            .merged
            .iter()
            .map(|merged| Diagnostic::warning(format!("merged: {merged}"))),
    );
    warnings.extend(outcome.marks_lost.iter().cloned().map(Diagnostic::warning));
    warnings.extend(decoded.map(Diagnostic::warning));
    warnings.extend(
        read.notes
            .iter()
            .map(|note| Diagnostic::warning(note.clone())),
    );
    let left = read.left_summary();
    if !left.is_empty() {
        warnings.push(Diagnostic::warning(format!(
            "not carried over (fields, and how many entries had them): {}",
            left.join(", ")
        )));
    }
    printer.eprint(&warnings);
    let line = format!(
        "{}: {} added, {} updated from {}",
        into.display(),
        outcome.added.len(),
        outcome.updated.len(),
        file.display()
    );
    crate::diag::outln!("{}", crate::diag::escape_line(&line));
    Ok(())
}
