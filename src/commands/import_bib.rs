//! `cvpdf import-bib`: a BibTeX file's entries added to a profile's publications (updating
//! those already there), the rest of the profile's text kept as it is.

use std::fs;
use std::path::PathBuf;

use crate::diag::{Diagnostic, Printer, Report};
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
    let read = crate::import::bib::publications(&bib, base_url.as_deref())
        .map_err(|message| Error::failed(format!("{}: {message}", file.display())))?;
    let outcome = crate::import::bib::merge(&loaded.text, &loaded.profile, &loaded.dir, &read)
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
        // Reading dropped a byte-order mark; the file keeps the one it has.
        let text = if starts_with_bom(&target) {
            format!("\u{feff}{}", outcome.text)
        } else {
            outcome.text.clone()
        };
        write_atomic(&target, text.as_bytes())
            .map_err(|err| Error::failed(format!("cannot write {}: {err}", into.display())))?;
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

/// Whether the file at `path` starts with a UTF-8 byte-order mark.
fn starts_with_bom(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut first = [0u8; 3];
    fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut first))
        .is_ok_and(|()| first == [0xEF, 0xBB, 0xBF])
}
