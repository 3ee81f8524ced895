//! The CV as a web page: the same prepared data as the PDF, compiled by Typst for its HTML
//! target with `templates/web.typ`, then written as one HTML file or, walking the same
//! document, as CommonMark ([`super::markdown`]).

use std::sync::Arc;

use typst::diag::Warned;
use typst_html::{HtmlDocument, HtmlOptions};

use super::{failure, warnings, Renderer, Target};
use crate::diag::{Diagnostic, Failure};
use crate::digest::FileRead;
use crate::profile::LoadedProfile;
use crate::style::Style;
use crate::timings;
use crate::world::CvWorld;

/// The start of the warning Typst gives on every HTML compile.
const EXPERIMENTAL: &str = "html export is under active development";

/// A compiled web CV and what happened on the way.
pub struct WebCompiled {
    /// The HTML document.
    pub document: HtmlDocument,
    /// Typst's warnings, told at the profile's fields.
    pub warnings: Vec<Diagnostic>,
    /// The files the compile read from disk, with digests of what it read.
    pub read: Vec<FileRead>,
    /// The world it was compiled in (for diagnostics of the export).
    world: Arc<CvWorld>,
}

impl Renderer {
    /// Compiles `loaded` in `style` into the web CV. A page budget does not apply: a web page
    /// holds everything the style's content does.
    pub fn compile_web(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
    ) -> Result<WebCompiled, Failure> {
        let (world, source_map, mut warnings) = self.world(loaded, style, Target::Web)?;
        let Warned {
            output,
            warnings: typst_warnings,
        } = timings::timed("typst compile (HTML)", || {
            typst::compile::<HtmlDocument>(world.as_ref())
        });
        // Typst says of every HTML compile that its HTML export is still being built: true of
        // cvpdf's web CV too, which its tests hold to (docs/web-cv.md), and nothing the
        // profile's author can act on.
        let typst_warnings: Vec<_> = typst_warnings
            .into_iter()
            .filter(|w| !w.message.starts_with(EXPERIMENTAL))
            .collect();
        warnings.extend(warnings::diagnostics(
            &world,
            &source_map,
            loaded,
            style.template.path.as_deref(),
            &typst_warnings,
        ));
        match output {
            Ok(document) => Ok(WebCompiled {
                document,
                read: world.files_read(),
                warnings,
                world,
            }),
            Err(errors) => Err(failure(&world, &errors).after(warnings)),
        }
    }

    /// The web CV as one HTML file: styles, data and pictures inside it, nothing fetched.
    pub fn export_html(&self, compiled: &WebCompiled) -> Result<Vec<u8>, Failure> {
        let _t = timings::scope("HTML export");
        let options = HtmlOptions { pretty: true };
        super::guarded("exporting the HTML", || {
            typst_html::html(&compiled.document, &options)
        })?
        .map(String::into_bytes)
        .map_err(|errors| failure(&compiled.world, &errors))
    }

    /// The web CV as CommonMark.
    pub fn export_markdown(&self, compiled: &WebCompiled) -> Vec<u8> {
        let _t = timings::scope("Markdown export");
        super::markdown::write(compiled.document.root()).into_bytes()
    }
}
