//! The CV as a web page: the same prepared data as the PDF, compiled by Typst for its HTML
//! target with `templates/web.typ`, then written as one HTML file or, walking the same
//! document, as CommonMark ([`super::markdown`]).

use typst_html::{HtmlDocument, HtmlOptions};

use super::{failure, Compiled, Renderer, Target};
use crate::diag::Failure;
use crate::profile::LoadedProfile;
use crate::style::Style;
use crate::timings;

/// A compiled web CV and what happened on the way.
pub type WebCompiled = Compiled<HtmlDocument>;

impl Renderer {
    /// Compiles `loaded` in `style` into the web CV. A page budget does not apply: a web page
    /// holds everything the style's content does.
    pub fn compile_web(
        &self,
        loaded: &LoadedProfile,
        style: &Style,
    ) -> Result<WebCompiled, Failure> {
        self.compile_to(loaded, style, Target::Web, |world, errors| {
            failure(world, errors)
        })
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
