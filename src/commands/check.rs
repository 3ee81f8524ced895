//! `cvpdf check`: load and style every profile without rendering; `ok` or the errors of each.

use std::path::PathBuf;

use crate::diag::{escape_controls, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::profile;
use crate::style::Overrides;

use super::Error;

/// Options of `cvpdf check`.
pub struct Options {
    /// Profile files, or directories of profiles.
    pub inputs: Vec<PathBuf>,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from (a configuration's `font` must exist).
    pub fonts: FontOptions,
}

/// A file name as the terminal may show it.
fn shown(path: &std::path::Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// Runs `cvpdf check`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let inputs = super::expand_inputs(&options.inputs).map_err(Error::usage)?;
    let fonts = super::font_set(options.fonts)?;
    let styles = super::styles(options.style, &fonts)?;
    let mut failed = 0;
    for input in &inputs {
        match profile::load(input) {
            Ok(loaded) => match styles.for_dir(&loaded.dir) {
                Ok(_) => println!("ok    {}", shown(input)),
                Err(error) => {
                    let reports: Vec<Diagnostic> =
                        error.report.into_iter().map(Diagnostic::from).collect();
                    printer.eprint(&reports);
                    println!("FAIL  {} (its lab configuration has errors)", shown(input));
                    failed += 1;
                }
            },
            Err(report) => {
                println!("FAIL  {}", shown(input));
                printer.eprint(&[report.into()]);
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return Err(Error::failed(format!(
            "{failed} of {} profiles have errors",
            inputs.len()
        )));
    }
    Ok(())
}
