//! `cvpdf check`: load and style every profile, and each of its variants, without rendering;
//! `ok` or the errors of each (untranslated fields as warnings, errors with `--strict`).

use std::path::PathBuf;

use crate::diag::{escape_controls, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::pipeline::{derive, variant_style};
use crate::profile;
use crate::style::variant::every_cv;
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
            Ok(loaded) => match styles.lab_for(&loaded.dir) {
                Ok(lab) => {
                    // The full CV and every variant: each style resolves, and each language's
                    // untranslated fields are told (an error with --strict).
                    let variants = every_cv(
                        lab.config.variants.keys().cloned(),
                        loaded.profile.variants.keys().cloned(),
                    );
                    let mut ok = true;
                    for variant in variants {
                        let derived = variant_style(&styles, &loaded, variant.as_deref())
                            .and_then(|style| derive(&loaded, &style));
                        match derived {
                            Ok((_, warnings)) => printer.eprint(&warnings),
                            Err(failure) => {
                                printer.eprint(&failure.diagnostics);
                                ok = false;
                            }
                        }
                    }
                    if ok {
                        println!("ok    {}", shown(input));
                    } else {
                        println!("FAIL  {}", shown(input));
                        failed += 1;
                    }
                }
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
