//! `cvpdf import`: a JSON Resume or Hugo author page converted into a profile, checked before
//! it is written, with everything that could not be carried over listed.

use std::path::{Path, PathBuf};

use crate::diag::{escape_line, Diagnostic, Printer, Report};
use crate::import::SourceFormat;
use std::fs;

use crate::output::{create_new, parent_dir};
use crate::profile;

use super::Error;

/// Options of `cvpdf import`.
pub struct Options {
    /// The file to convert.
    pub file: PathBuf,
    /// Its format (detected from the content when absent).
    pub from: Option<SourceFormat>,
    /// Where to write the profile (standard output when absent).
    pub output: Option<PathBuf>,
    /// The researcher's name, when the file has none.
    pub name: Option<String>,
    /// The site's address, for links within it.
    pub base_url: Option<String>,
}

/// Runs `cvpdf import`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let file = &options.file;
    let (text, decoded) = crate::input::read_foreign_text(file, "file to import")
        .map_err(|problem| Report::new(file, None, vec![problem]))?;
    let base_url = match options.base_url.as_deref() {
        Some(url) => Some(
            crate::import::convert::links::site_base(url)
                .map_err(|why| Error::usage(format!("--base-url: {why}")))?,
        ),
        None => None,
    };
    let settings = crate::import::Settings {
        format: options.from,
        name: options.name.clone(),
        base_url,
        file_name: crate::import::name_from_path(file),
    };
    // An error quotes its line of the file, as a profile's errors do.
    let imported = crate::import::import(&text, &settings)
        .map_err(|problem| Report::new(file, Some(text.as_str().into()), vec![problem]))?;
    let source = file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let yaml = crate::import::to_yaml(&imported, &source)
        .map_err(|problem| Report::new(file, None, vec![problem]))?;
    let dir = options
        .output
        .as_deref()
        .map_or_else(|| PathBuf::from("."), parent_dir);
    if yaml.len() as u64 > crate::input::MAX_FILE_BYTES {
        return Err(Error::failed(format!(
            "{}: the converted profile would be {:.1} MiB, over the {} MiB cvpdf reads; nothing written",
            file.display(),
            yaml.len() as f64 / 1048576.0,
            crate::input::MAX_FILE_BYTES / 1024 / 1024
        )));
    }
    if let Err(problems) = profile::parse(&yaml, &dir) {
        let report = Report::new(
            Path::new("imported profile"),
            Some(yaml.clone().into()),
            problems,
        );
        return Err(Error::Failed(vec![
            report.into(),
            Diagnostic::error("the converted profile is not valid; nothing written"),
        ]));
    }
    let warnings: Vec<Diagnostic> = decoded
        .into_iter()
        .map(Diagnostic::warning)
        .chain(
            imported
                .warnings
                .iter()
                .map(|w| Diagnostic::warning(format!("not carried over: {w}"))),
        )
        .collect();
    printer.eprint(&warnings);
    let Some(path) = options.output else {
        crate::diag::write_stdout(&yaml);
        return Ok(());
    };
    let exists = || {
        Error::failed(format!(
            "{} exists; cvpdf import never overwrites a profile",
            path.display()
        ))
    };
    if fs::symlink_metadata(&path).is_ok() {
        return Err(exists());
    }
    // No clobbering at the moment of writing either: another run may have written it since.
    // A missing folder is made, as `cvpdf new` makes it (the README imports into `profiles/`).
    create_new(&path, yaml.as_bytes()).map_err(|err| match err.kind() {
        std::io::ErrorKind::AlreadyExists => exists(),
        _ => Error::failed(format!("cannot write {}: {err}", path.display())),
    })?;
    let line = format!(
        "wrote {} from {} ({})",
        path.display(),
        file.display(),
        imported.format
    );
    crate::diag::errln!("{}", escape_line(&line));
    Ok(())
}
