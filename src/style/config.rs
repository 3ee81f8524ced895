//! `cvpdf.yaml` as written, and how its values, the defaults and the command line's flags
//! make a [`Style`]. Every bad value is a problem at its line (or names its flag). Each
//! variant's style, and the reading of the file into them all, is in `variants.rs`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::color::Color;
use super::logo::read_logo;
use super::{
    languages, Content, Fit, LabStyle, Numbering, Overrides, Paper, PhotoShape, Style, Variant,
};
use crate::diag::{unknown, Problem, Report};
use crate::fonts::FontSet;
use crate::profile::{resolve_file, section_keys};
use crate::template::Template;
use crate::yaml::{self, Kind};

/// What `cvpdf.yaml` is called in messages, and what a minimal one holds.
pub(super) const CONFIG: Kind = Kind {
    noun: "configuration",
    minimal: "template: classic",
    example_keys: "`template: …`, `accent: …`",
};

/// The lab shown in the footer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lab {
    /// The lab's name.
    pub name: String,
    /// A shorter name (`Example Lab`, `EXL`) for the CVs' footers, which are one line: used
    /// when the name does not fit beside the person's; without one, the lab is left out there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_name: Option<String>,
    /// Its web page.
    pub url: Option<String>,
    /// A small logo (PNG, JPEG or SVG), relative to the configuration file.
    pub logo: Option<String>,
    /// An address the services `cvpdf sync` asks may write to about its requests (Crossref's
    /// and OpenAlex's "polite pool"): sent in the `User-Agent`, never printed in a CV.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_email: Option<String>,
}

/// `cvpdf.yaml` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabConfig {
    /// A built-in template name or a `.typ` path relative to the configuration file.
    pub template: Option<String>,
    /// How publications are printed: `cvpdf` (its own layout, the default), a citation style
    /// Typst ships (`apa`, `ieee`, `chicago-author-date`, `vancouver`, …; `cvpdf templates`
    /// lists them) or a `.csl` file relative to the configuration file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub citation_style: Option<String>,
    /// `a4` or `us-letter`.
    pub paper: Option<Paper>,
    /// The accent colour: `#1f4e79`, `#36c` or a Typst colour name such as `navy`.
    pub accent: Option<String>,
    /// The body font family, from the bundled or added fonts.
    pub font: Option<String>,
    /// Default order of sections for every profile (a profile's own order wins).
    #[serde(default)]
    pub section_order: Vec<String>,
    /// The lab, shown small in the footer.
    pub lab: Option<Lab>,
    /// The language of the CV's own words (`en`, `zh`, `ja`, `ko`, `de`, `fr`, `es`, `pt`, `it`, `ru`).
    pub lang: Option<String>,
    /// How publications are numbered.
    pub numbering: Option<Numbering>,
    /// How photos are cropped (the template's choice when absent).
    pub photo: Option<PhotoShape>,
    /// Whether the header shows an icon before each contact item and link (default: true).
    pub icons: Option<bool>,
    /// Whether a text without a translation into the CV's language is an error rather than a
    /// warning (default: false; `--strict` on the command line).
    pub strict: Option<bool>,
    /// More CVs from each profile: name → the keys that differ from the lab's style, and
    /// which publications and sections to show within how many pages.
    #[serde(default)]
    #[schemars(extend("propertyNames" = { "pattern": "^[a-z0-9][a-z0-9_-]{0,39}$" }))]
    pub variants: super::Variants,
    /// The variants `render` and `publish` write besides the full CV when `--variant` is not
    /// given.
    #[serde(default)]
    pub default_variants: Vec<String>,
}

impl LabConfig {
    /// This configuration with the look `variant` sets.
    pub(super) fn with_variant(&self, variant: &Variant) -> LabConfig {
        let mut config = self.clone();
        let over = |base: &mut Option<String>, v: &Option<String>| {
            if v.is_some() {
                *base = v.clone();
            }
        };
        over(&mut config.template, &variant.template);
        over(&mut config.citation_style, &variant.citation_style);
        over(&mut config.accent, &variant.accent);
        over(&mut config.font, &variant.font);
        over(&mut config.lang, &variant.lang);
        config.paper = variant.paper.or(config.paper);
        config.numbering = variant.numbering.or(config.numbering);
        config.photo = variant.photo.or(config.photo);
        config.icons = variant.icons.or(config.icons);
        config.strict = variant.strict.or(config.strict);
        config
    }
}

/// The lab's `contact_email` (for `cvpdf sync`'s requests) from the configuration that
/// governs profiles in `dir`, if there is one; a configuration that cannot be read, or an
/// address that is none, is its report.
pub fn contact_email(dir: &Path) -> Result<Option<String>, Report> {
    let Some(path) = super::find_config(dir) else {
        return Ok(None);
    };
    let text = yaml::read_text(&path, CONFIG)?;
    let fail = |problems: Vec<Problem>| Report::new(&path, Some(text.clone()), problems);
    let (config, index) = yaml::parse::<LabConfig>(&text, CONFIG).map_err(fail)?;
    let email = config.lab.and_then(|lab| lab.contact_email);
    if let Some(address) = &email {
        if let Err(refusal) = crate::profile::contact::check_email(address) {
            let problem = Problem::error(refusal.message).at_field("lab.contact_email");
            return Err(fail(yaml::locate(vec![problem], &index)));
        }
    }
    Ok(email.map(|e| e.trim().to_string()))
}

/// Merges defaults, the configuration and the overrides, checking every value. Problems with
/// a value from the command line name the flag instead of a field.
pub(super) fn resolve(
    config: &LabConfig,
    path: Option<&Path>,
    o: &Overrides,
    fonts: &FontSet,
) -> Result<Style, Vec<Problem>> {
    let dir = path
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut problems = Vec::new();
    // The field a value came from, or the flag that overrode it.
    let origin = |flag: &str, field: &str, from_flag: bool| {
        if from_flag {
            format!("--{flag} (command line)")
        } else {
            field.to_string()
        }
    };

    let template = match (&o.template, &config.template) {
        (Some(spec), _) => {
            Template::resolve(spec).map_err(|p| p.at_field("--template (command line)"))
        }
        (None, Some(spec)) => {
            // A path in the configuration is relative to the configuration file and stays in
            // its directory tree, as the logo does.
            let is_path = spec.ends_with(".typ") || spec.contains(['/', '\\']);
            let outside = Path::new(spec).is_absolute()
                || Path::new(spec)
                    .components()
                    .any(|c| matches!(c, std::path::Component::ParentDir));
            let confined = match is_path {
                // A file that is there must be inside (also through links); a missing one is
                // reported by the template loader ("cannot read the template").
                true if outside || dir.join(spec).exists() => {
                    resolve_file(&dir, spec, "template").map(|_| dir.join(spec))
                }
                true => Ok(dir.join(spec)),
                false => Ok(PathBuf::from(spec)),
            };
            confined
                .and_then(|spec| Template::resolve(&spec.to_string_lossy()))
                .map_err(|p| p.at_field("template"))
        }
        (None, None) => Ok(Template::default_builtin()),
    };
    let template = template.unwrap_or_else(|p| {
        problems.push(p);
        Template::default_builtin()
    });

    let citation = match (&o.citation_style, &config.citation_style) {
        (Some(spec), _) => crate::csl::resolve(spec, Some(Path::new(spec.trim())))
            .map_err(|p| p.at_field("--citation-style (command line)")),
        // A file named in the configuration is relative to it and stays in its tree.
        (None, Some(spec)) if crate::csl::is_path(spec.trim()) => {
            resolve_file(&dir, spec.trim(), "citation style")
                .and_then(|path| crate::csl::resolve(spec, Some(&path)))
                .map_err(|p| p.at_field("citation_style"))
        }
        (None, Some(spec)) => {
            crate::csl::resolve(spec, None).map_err(|p| p.at_field("citation_style"))
        }
        (None, None) => Ok(None),
    };
    let citation = citation.unwrap_or_else(|p| {
        problems.push(p);
        None
    });

    let accent = match o.accent.as_ref().or(config.accent.as_ref()) {
        Some(value) => match Color::parse(value) {
            Ok(color) => Some(color),
            Err(p) => {
                problems.push(p.at_field(origin("accent", "accent", o.accent.is_some())));
                None
            }
        },
        None => None,
    };

    let font = o.font.as_ref().or(config.font.as_ref()).cloned();
    if let Some(family) = &font {
        if let Err(p) = fonts.check_family(family) {
            problems.push(p.at_field(origin("font", "font", o.font.is_some())));
        }
    }

    let lang = o
        .lang
        .as_ref()
        .or(config.lang.as_ref())
        .cloned()
        .unwrap_or_else(|| crate::template::DEFAULT_LANGUAGE.into());
    let known = languages();
    if !known.contains(&lang) {
        problems.push(
            unknown("language", &lang, known.iter().map(String::as_str), || {
                String::new()
            })
            .at_field(origin("lang", "lang", o.lang.is_some()))
            .with_help(format!(
                "the languages are: {} (templates/i18n.yaml)",
                known.join(", ")
            )),
        );
    }

    problems.extend(section_keys(&config.section_order, "section_order", None));

    if let Some(url) = config.lab.as_ref().and_then(|lab| lab.url.as_deref()) {
        if let Err(refused) = crate::link::check(url) {
            problems.push(refused.problem("lab.url", url));
        }
    }
    if let Some(email) = config.lab.as_ref().and_then(|l| l.contact_email.as_deref()) {
        if let Err(refusal) = crate::profile::contact::check_email(email) {
            let mut problem = Problem::error(refusal.message).at_field("lab.contact_email");
            if let Some(suggestion) = refusal.suggestion {
                problem = problem.with_help(format!("write `{suggestion}`"));
            }
            problems.push(problem);
        }
    }
    for (field, value) in config.lab.iter().flat_map(|lab| {
        std::iter::once(("lab.name", &lab.name))
            .chain(lab.short_name.iter().map(|s| ("lab.short_name", s)))
    }) {
        if value.trim().is_empty() {
            problems.push(Problem::error("the lab's name is empty").at_field(field));
        } else if let Some(problem) = crate::profile::markup_problem(field, value) {
            problems.push(problem);
        }
    }
    let lab = config.lab.as_ref().map(|lab| LabStyle {
        name: lab.name.clone(),
        short_name: lab.short_name.clone(),
        url: lab.url.clone(),
        logo: lab
            .logo
            .as_ref()
            .and_then(|logo| match read_logo(&dir, logo) {
                Ok(asset) => Some(asset),
                Err(p) => {
                    problems.push(p.at_field("lab.logo"));
                    None
                }
            }),
    });

    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Style {
        template,
        citation,
        paper: o.paper.or(config.paper).unwrap_or_default(),
        accent,
        font,
        lang,
        numbering: o.numbering.or(config.numbering).unwrap_or_default(),
        photo: o.photo.or(config.photo),
        icons: config.icons.unwrap_or(true),
        strict: o.strict || config.strict.unwrap_or(false),
        variant: None,
        content: Content::default(),
        fit: Fit::default(),
        publication_list: false,
        lab,
        section_order: config.section_order.clone(),
        config_path: path.map(Path::to_path_buf),
    })
}
