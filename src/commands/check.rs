//! `cvpdf check`: load and style every profile, and each of its variants, without rendering;
//! `ok` or the errors of each (untranslated fields as warnings, errors with `--strict`), or
//! with `--json` one document for scripts, editors and CI annotations.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diag::json::{self, Record};
use crate::diag::{escape_line, Diagnostic, Printer};
use crate::fonts::FontOptions;
use crate::pipeline::{derive, untranslated_warnings, variant_style};
use crate::profile;
use crate::style::variant::every_cv;
use crate::style::{Overrides, StyleCache};

use super::Error;

/// Options of `cvpdf check`.
pub struct Options {
    /// Profile files, or directories of profiles.
    pub inputs: Vec<PathBuf>,
    /// The style flags.
    pub style: Overrides,
    /// Where fonts come from (a configuration's `font` must exist).
    pub fonts: FontOptions,
    /// Print one JSON document (every file, its problems as records) instead of lines.
    pub json: bool,
}

/// A file name as the terminal may show it.
fn shown(path: &std::path::Path) -> String {
    escape_line(&path.display().to_string()).into_owned()
}

/// What checking one profile found.
struct Checked {
    /// Whether the profile and every variant of it are fine.
    ok: bool,
    /// Why it failed, when that is not in its own diagnostics.
    why: Option<&'static str>,
    /// Its errors and warnings.
    diagnostics: Vec<Diagnostic>,
}

/// Loads `input` and resolves its full CV and every variant: each style resolves, and each
/// language's untranslated fields are told (an error with --strict).
fn check_one(input: &Path, styles: &StyleCache, json: bool) -> Checked {
    let loaded = match profile::load(input) {
        Ok(loaded) => loaded,
        Err(report) => {
            return Checked {
                ok: false,
                why: None,
                diagnostics: vec![report.into()],
            }
        }
    };
    let lab = match styles.lab_for(&loaded.dir) {
        Ok(lab) => lab,
        Err(error) => {
            return Checked {
                ok: false,
                why: Some("its lab configuration has errors"),
                diagnostics: error.report.into_iter().map(Diagnostic::from).collect(),
            }
        }
    };
    let variants = every_cv(
        lab.config.variants.keys().cloned(),
        loaded.profile.variants.keys().cloned(),
    );
    let mut checked = Checked {
        ok: true,
        why: None,
        diagnostics: Vec::new(),
    };
    for variant in variants {
        let style = variant_style(styles, &loaded, variant.as_deref());
        let derived = style
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|style| derive(&loaded, style));
        match (derived, &style) {
            // Records name each text at its line; people get one line for them all.
            (Ok((_, warnings)), Ok(style)) if json && !warnings.is_empty() => checked
                .diagnostics
                .extend(untranslated_warnings(&loaded, style)),
            (Ok((_, warnings)), _) => checked.diagnostics.extend(warnings),
            (Err(failure), _) => {
                checked.diagnostics.extend(failure.diagnostics);
                checked.ok = false;
            }
        }
    }
    checked
}

/// The `--json` document: every file with whether it is fine and its problems as records.
#[derive(Serialize)]
struct JsonReport {
    /// The files checked, in order.
    files: Vec<JsonFile>,
    /// How many were checked.
    checked: usize,
    /// How many have errors.
    failed: usize,
}

/// One file of the `--json` document.
#[derive(Serialize)]
struct JsonFile {
    /// The file as named.
    path: String,
    /// Whether it and its variants are fine (warnings allowed).
    ok: bool,
    /// Its errors and warnings.
    problems: Vec<Record>,
}

/// Runs `cvpdf check`.
pub fn run(options: Options, printer: Printer) -> Result<(), Error> {
    let inputs = super::expand_inputs(&options.inputs).map_err(|p| Error::usage(p.message))?;
    let fonts = super::font_set(options.fonts)?;
    let styles = super::styles(options.style, &fonts)?;
    let mut failed = 0;
    let mut files = Vec::new();
    for input in &inputs {
        let checked = check_one(input, &styles, options.json);
        if !checked.ok {
            failed += 1;
        }
        if options.json {
            let mut problems = json::records(&checked.diagnostics);
            if let Some(why) = checked.why {
                problems.extend(json::records(&[Diagnostic::error(why)]));
            }
            files.push(JsonFile {
                path: input.display().to_string(),
                ok: checked.ok,
                problems,
            });
            continue;
        }
        printer.eprint(&checked.diagnostics);
        match (checked.ok, checked.why) {
            (true, _) => crate::diag::outln!("ok    {}", shown(input)),
            (false, None) => crate::diag::outln!("FAIL  {}", shown(input)),
            (false, Some(why)) => crate::diag::outln!("FAIL  {} ({why})", shown(input)),
        }
    }
    if options.json {
        let report = JsonReport {
            files,
            checked: inputs.len(),
            failed,
        };
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| Error::failed(format!("cannot write the report: {e}")))?;
        crate::diag::outln!("{text}");
        // The exit code says the rest; the document is the whole of the output.
        return if failed > 0 {
            Err(Error::reported())
        } else {
            Ok(())
        };
    }
    if failed > 0 {
        return Err(Error::failed(format!(
            "{failed} of {} profiles have errors",
            inputs.len()
        )));
    }
    Ok(())
}
