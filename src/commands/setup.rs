//! The set-up every command that renders shares, written once: the renderer (fonts checked,
//! the date from `SOURCE_DATE_EPOCH`, PDF standards), the styles with the command line's
//! overrides checked, and the CVs its inputs mean (profiles × variants), with the variants
//! named but defined nowhere said. What each command then makes of the plan (outputs, jobs,
//! a site) stays its own.

use std::path::PathBuf;

use crate::diag::Printer;
use crate::fonts::{FontOptions, FontSet};
use crate::plan::{expand_inputs, plan_variants, undefined_variants, Planned, VariantChoice};
use crate::render::{RenderSettings, Renderer};
use crate::style::{Overrides, StyleCache};
use crate::timestamp::Timestamp;

use super::Error;

/// The renderer of a run: fonts, the date from `SOURCE_DATE_EPOCH`, PDF standards.
pub fn renderer(
    fonts: FontOptions,
    standards: Vec<typst_pdf::PdfStandard>,
) -> Result<Renderer, Error> {
    check_font_paths(&fonts)?;
    Ok(Renderer::new(RenderSettings {
        fonts,
        source_date: Timestamp::source_date_epoch().map_err(Error::usage)?,
        standards,
    }))
}

/// The fonts of a run that only checks.
pub fn font_set(fonts: FontOptions) -> Result<FontSet, Error> {
    check_font_paths(&fonts)?;
    Ok(FontSet::new(fonts))
}

/// `--font-path` folders bounded before they are scanned: `--font-path /` would read the whole
/// disk.
fn check_font_paths(fonts: &FontOptions) -> Result<(), Error> {
    crate::pipeline::font_files(&fonts.paths)
        .map(drop)
        .map_err(|p| Error::usage(p.message))
}

/// The styles of a run: the command line's overrides, checked once before any profile (a
/// bad flag is a usage error).
pub fn styles(overrides: Overrides, fonts: &FontSet) -> Result<StyleCache<'_>, Error> {
    let styles = StyleCache::new(overrides, fonts);
    styles
        .check_overrides()
        .map_err(|report| Error::Usage(vec![report.into()]))?;
    Ok(styles)
}

/// A run planned: its styles and the CVs its inputs mean.
pub struct Run<'a> {
    /// The styles, shared by every CV of the run.
    pub styles: StyleCache<'a>,
    /// Each profile with the variants to make of it.
    pub planned: Vec<Planned>,
}

impl<'a> Run<'a> {
    /// Plans a run over `inputs` (files or folders of profiles) with `renderer`'s fonts: a bad
    /// input, flag or variant is a usage error, found before anything is rendered; a variant
    /// named but defined for no profile is a warning.
    pub fn plan(
        renderer: &'a Renderer,
        overrides: Overrides,
        inputs: &[PathBuf],
        variants: &VariantChoice,
        printer: Printer,
    ) -> Result<Self, Error> {
        let inputs = expand_inputs(inputs).map_err(|p| Error::usage(p.message))?;
        let styles = styles(overrides, renderer.fonts())?;
        let planned =
            plan_variants(&inputs, variants, &styles).map_err(|p| Error::usage(p.message))?;
        printer.eprint(&undefined_variants(&planned, variants));
        Ok(Run { styles, planned })
    }
}
