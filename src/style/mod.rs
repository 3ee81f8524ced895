//! The lab-wide style: `cvpdf.yaml`, found in a profile's directory or any parent (or given
//! with `--config`), so that one lab styles every profile alike, and the command-line flags
//! that override it. [`Style`] is the result: validated, with defaults filled in, ready for
//! the template.

mod color;
mod config;
mod logo;
mod variants;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::diag::Report;
use crate::fonts::FontSet;
use crate::template::Template;
pub use crate::template::{language_names, languages};

pub use crate::profile::variant;
pub use crate::profile::{
    Content, Numbering, Paper, PhotoShape, PublicationFilter, Variant, Variants,
};
pub use color::Color;
pub use config::contact_email;
pub use variants::{load_lab, load_style, LabStyles};

/// The file names a lab configuration may have.
pub const CONFIG_NAMES: &[&str] = &["cvpdf.yaml", "cvpdf.yml"];

/// Settings given on the command line; they win over the configuration file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--config`: this file instead of looking for one.
    pub config: Option<PathBuf>,
    /// `--template`.
    pub template: Option<String>,
    /// `--citation-style`.
    pub citation_style: Option<String>,
    /// `--paper`.
    pub paper: Option<Paper>,
    /// `--accent`.
    pub accent: Option<String>,
    /// `--font`.
    pub font: Option<String>,
    /// `--lang`.
    pub lang: Option<String>,
    /// `--numbering`.
    pub numbering: Option<Numbering>,
    /// `--photo`.
    pub photo: Option<PhotoShape>,
    /// `--strict`: a text without a translation into the CV's language is an error.
    pub strict: bool,
}

pub use crate::picture::Asset;

/// The resolved lab information.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LabStyle {
    /// Name.
    pub name: String,
    /// The shorter name footers use when the name does not fit.
    pub short_name: Option<String>,
    /// Web page.
    pub url: Option<String>,
    /// Logo.
    pub logo: Option<Asset>,
}

/// Everything about how a CV looks, validated.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Style {
    /// The template.
    pub template: Template,
    /// The citation style publications are printed in (none: cvpdf's own layout).
    pub citation: Option<crate::csl::CitationStyle>,
    /// Paper size.
    pub paper: Paper,
    /// Accent colour; the template's own when absent.
    pub accent: Option<Color>,
    /// Body font family; the template's own when absent.
    pub font: Option<String>,
    /// Language of the template's words.
    pub lang: String,
    /// Publication numbering.
    pub numbering: Numbering,
    /// Photo crop; the template's own when absent.
    pub photo: Option<PhotoShape>,
    /// Whether the header draws icons.
    pub icons: bool,
    /// The lab for the footer.
    pub lab: Option<LabStyle>,
    /// The lab's default section order.
    pub section_order: Vec<String>,
    /// The configuration file this came from, if any.
    pub config_path: Option<PathBuf>,
    /// Whether an untranslated text is an error (else a warning).
    pub strict: bool,
    /// The variant this style is for (none: the full CV).
    pub variant: Option<String>,
    /// What the CV shows: which publications and sections, within how many pages.
    pub content: Content,
    /// How much a page budget tightened the CV (none at first; the pipeline sets it).
    pub fit: Fit,
    /// Whether this is a lab's publication list rather than a person's CV (`cvpdf lab`): its
    /// title and footer say so.
    pub publication_list: bool,
}

/// How much a page budget tightened a CV, in percent of the template's own vertical space,
/// type size and margins (100 each: not at all). Templates read it as `style.fit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fit {
    /// Space between blocks and lines.
    pub space: u8,
    /// Type size (never below [`Fit::MIN_TYPE_SIZE`] for the body text).
    pub size: u8,
    /// Margins.
    pub margin: u8,
}

impl Fit {
    /// The smallest body type size a page budget may set, in points.
    pub const MIN_TYPE_SIZE: f32 = 9.0;
    /// The least vertical space, in percent of the template's.
    pub const MIN_SPACE: u8 = 55;
    /// The smallest type scale, in percent (the body text stops at [`Fit::MIN_TYPE_SIZE`]).
    pub const MIN_SIZE: u8 = 80;
    /// The narrowest margins, in percent of the template's.
    pub const MIN_MARGIN: u8 = 60;

    /// Whether nothing was tightened.
    pub fn is_none(self) -> bool {
        self == Fit::default()
    }
}

impl Default for Fit {
    fn default() -> Self {
        Fit {
            space: 100,
            size: 100,
            margin: 100,
        }
    }
}

impl Style {
    /// The default look with `template`: A4, English, the template's own colours and fonts.
    pub fn with_template(template: Template) -> Self {
        Style {
            template,
            citation: None,
            paper: Paper::default(),
            accent: None,
            font: None,
            lang: crate::template::DEFAULT_LANGUAGE.into(),
            numbering: Numbering::default(),
            photo: None,
            icons: true,
            lab: None,
            section_order: Vec::new(),
            config_path: None,
            strict: false,
            variant: None,
            content: Content::default(),
            fit: Fit::default(),
            publication_list: false,
        }
    }
}

impl Style {
    /// The files this style was read from: the configuration, a user template, a `.csl`
    /// file, the logo.
    pub fn files(&self) -> Vec<PathBuf> {
        let logo = self.lab.as_ref().and_then(|l| l.logo.as_ref());
        let csl = self.citation.as_ref().and_then(|c| c.path.as_ref());
        self.config_path
            .iter()
            .chain(&self.template.path)
            .chain(csl)
            .chain(logo.map(|l| &l.path))
            .cloned()
            .collect()
    }
}

impl Default for Style {
    fn default() -> Self {
        Style::with_template(Template::default_builtin())
    }
}

/// The configuration that applies to a profile in `dir`: `cvpdf.yaml` in `dir` or the nearest
/// parent that has one.
pub fn find_config(dir: &Path) -> Option<PathBuf> {
    let start = dir.canonicalize().ok()?;
    start
        .ancestors()
        .find_map(|d| CONFIG_NAMES.iter().map(|n| d.join(n)).find(|p| p.is_file()))
}

/// Why no style could be made for a profile: its configuration has errors.
#[derive(Debug)]
pub struct StyleError {
    /// The configuration file, if one was found.
    pub config: Option<PathBuf>,
    /// Its problems; given only the first time, so that a lab's broken file is told once.
    pub report: Option<Report>,
}

/// A configuration's styles, or its report until a job has told it.
type Resolved = Result<Arc<LabStyles>, Option<Report>>;

/// A variant's style, or the problems of the profile's own keys for it.
pub type VariantStyle = Result<Arc<Style>, Vec<crate::diag::Problem>>;

/// A cache of styles: the lab styles of each configuration file of a run, resolved once each.
/// Shared by the workers of a batch.
pub struct StyleCache<'a> {
    overrides: Overrides,
    fonts: &'a FontSet,
    /// Each configuration's styles, or its report until a job has told it (then none).
    resolved: Mutex<HashMap<Option<PathBuf>, Resolved>>,
}

impl<'a> StyleCache<'a> {
    /// StyleCache with `overrides` from the command line, checking fonts against `fonts`.
    pub fn new(overrides: Overrides, fonts: &'a FontSet) -> Self {
        Self {
            overrides,
            fonts,
            resolved: Mutex::new(HashMap::new()),
        }
    }

    /// Checks the command-line values on their own (before any configuration file is read).
    pub fn check_overrides(&self) -> Result<(), Report> {
        let explicit = self.overrides.config.clone();
        load_style(explicit.as_deref(), &self.overrides, self.fonts).map(|_| ())
    }

    /// The configuration file that applies to a profile in `dir`: `--config`, or the nearest
    /// `cvpdf.yaml`.
    pub fn config_for(&self, dir: &Path) -> Option<PathBuf> {
        self.overrides.config.clone().or_else(|| find_config(dir))
    }

    /// The lab styles (full CV and variants) for a profile in `dir`. A configuration with
    /// errors gives its report the first time only, so that a lab's broken file is told once.
    pub fn lab_for(&self, dir: &Path) -> Result<Arc<LabStyles>, StyleError> {
        self.resolve(dir, true)
    }

    /// The lab styles for a profile in `dir`, without taking a broken configuration's report
    /// (for planning, which tells nothing itself).
    pub fn peek_lab(&self, dir: &Path) -> Option<Arc<LabStyles>> {
        self.resolve(dir, false).ok()
    }

    fn resolve(&self, dir: &Path, tell: bool) -> Result<Arc<LabStyles>, StyleError> {
        let path = self.config_for(dir);
        let mut resolved = self.resolved.lock().unwrap_or_else(|e| e.into_inner());
        let entry = resolved.entry(path.clone()).or_insert_with(|| {
            load_lab(path.as_deref(), &self.overrides, self.fonts)
                .map(Arc::new)
                .map_err(Some)
        });
        match entry {
            Ok(lab) => Ok(lab.clone()),
            Err(report) => Err(StyleError {
                config: path,
                report: if tell { report.take() } else { None },
            }),
        }
    }

    /// The style of the full CV for a profile in `dir`.
    pub fn for_dir(&self, dir: &Path) -> Result<Arc<Style>, StyleError> {
        self.lab_for(dir).map(|lab| lab.base.clone())
    }

    /// The style of `variant` (none: the full CV) for a profile in `dir` whose own variants
    /// are `own`. `Ok(None)`: neither the lab nor the profile defines the variant.
    pub fn for_variant(
        &self,
        dir: &Path,
        variant: Option<&str>,
        own: &Variants,
    ) -> Result<Option<VariantStyle>, StyleError> {
        let lab = self.lab_for(dir)?;
        Ok(match variant {
            None => Some(Ok(lab.base.clone())),
            Some(name) => lab.variant(name, own.get(name), &self.overrides, self.fonts),
        })
    }
}

#[cfg(test)]
mod tests;
