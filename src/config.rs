//! The lab-wide style: `cvpdf.yaml`, found in a profile's directory or any parent (or given
//! with `--config`), so that one lab styles every profile alike, and the command-line flags
//! that override it. [`Style`] is the result: validated, with defaults filled in, ready for
//! the template.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::diag::{did_you_mean, Problem, Report};
use crate::fonts::FontSet;
use crate::profile::{image_format, SECTION_KEYS};
use crate::template::Template;
use crate::yaml::{self, Kind};

/// The file names a lab configuration may have.
pub const CONFIG_NAMES: &[&str] = &["cvpdf.yaml", "cvpdf.yml"];

const CONFIG: Kind = Kind {
    noun: "configuration",
    minimal: "template: classic",
    example_keys: "`template: …`, `accent: …`",
};

/// The words the templates print, per language (`templates/i18n.yaml`).
pub const I18N: &str = include_str!("../templates/i18n.yaml");

/// The languages of `templates/i18n.yaml`.
pub fn languages() -> Vec<String> {
    serde_yaml::from_str::<serde_yaml::Mapping>(I18N)
        .map(|m| {
            m.keys()
                .filter_map(|k| k.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Paper sizes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, Serialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    UsLetter,
}

impl Paper {
    /// Typst's name of the paper.
    pub fn typst_name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::UsLetter => "us-letter",
        }
    }
}

/// How publications are numbered.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, Serialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// The newest has the highest number, counting down the list.
    #[default]
    Reverse,
    /// 1, 2, 3 … down the list.
    Forward,
    /// No numbers.
    None,
}

/// How a photo is cropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum PhotoShape {
    /// A circle.
    Round,
    /// A rectangle with slightly rounded corners.
    Square,
}

/// The lab shown in the footer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lab {
    /// The lab's name.
    pub name: String,
    /// Its web page.
    pub url: Option<String>,
    /// A small logo (PNG, JPEG or SVG), relative to the configuration file.
    pub logo: Option<String>,
}

/// `cvpdf.yaml` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LabConfig {
    /// A built-in template name or a `.typ` path relative to the configuration file.
    pub template: Option<String>,
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
    /// The language of the CV's own words (`en`, `zh`).
    pub lang: Option<String>,
    /// How publications are numbered.
    pub numbering: Option<Numbering>,
    /// How photos are cropped (the template's choice when absent).
    pub photo: Option<PhotoShape>,
}

/// Settings given on the command line; they win over the configuration file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--config`: this file instead of looking for one.
    pub config: Option<PathBuf>,
    /// `--template`.
    pub template: Option<String>,
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
}

/// A colour the templates accept.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Color {
    /// One of Typst's named colours.
    Named(&'static str),
    /// `#rrggbb`.
    Hex(String),
}

/// Typst's predefined colours.
const COLOR_NAMES: &[&str] = &[
    "black", "gray", "silver", "white", "navy", "blue", "aqua", "teal", "eastern", "purple",
    "fuchsia", "maroon", "red", "orange", "yellow", "olive", "green", "lime",
];

impl Color {
    /// Parses `#rgb`, `#rrggbb` or a colour name.
    pub fn parse(s: &str) -> Result<Self, Problem> {
        let t = s.trim();
        if let Some(name) = COLOR_NAMES.iter().find(|n| n.eq_ignore_ascii_case(t)) {
            return Ok(Color::Named(name));
        }
        if let Some(hex) = t.strip_prefix('#') {
            if hex.chars().all(|c| c.is_ascii_hexdigit()) && matches!(hex.len(), 3 | 6) {
                let full: String = if hex.len() == 3 {
                    hex.chars().flat_map(|c| [c, c]).collect()
                } else {
                    hex.to_string()
                };
                return Ok(Color::Hex(format!("#{}", full.to_ascii_lowercase())));
            }
        }
        let mut problem = Problem::error(format!("unknown colour \"{t}\""));
        problem = match did_you_mean(t, COLOR_NAMES.iter().copied()) {
            Some(best) => Problem {
                message: format!("unknown colour \"{t}\", did you mean \"{best}\"?"),
                ..problem
            },
            None => problem.with_help(format!(
                "write #rrggbb (e.g. #1f4e79) or one of: {}",
                COLOR_NAMES.join(", ")
            )),
        };
        Err(problem)
    }
}

/// A file shown on every page (the lab logo), read once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Asset {
    /// The file name the template reads it under, e.g. `lab-logo.png`.
    pub name: String,
    /// The file's bytes.
    pub bytes: Arc<[u8]>,
    /// Where it was read from.
    pub path: PathBuf,
}

/// The resolved lab information.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LabStyle {
    /// Name.
    pub name: String,
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
    /// The lab for the footer.
    pub lab: Option<LabStyle>,
    /// The lab's default section order.
    pub section_order: Vec<String>,
    /// The configuration file this came from, if any.
    pub config_path: Option<PathBuf>,
}

impl Style {
    /// The default look with `template`: A4, English, the template's own colours and fonts.
    pub fn with_template(template: Template) -> Self {
        Style {
            template,
            paper: Paper::default(),
            accent: None,
            font: None,
            lang: "en".into(),
            numbering: Numbering::default(),
            photo: None,
            lab: None,
            section_order: Vec::new(),
            config_path: None,
        }
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

/// The styles of a run, one per configuration file, resolved once each.
pub struct Styles<'a> {
    overrides: Overrides,
    fonts: &'a FontSet,
    resolved: HashMap<Option<PathBuf>, Option<Arc<Style>>>,
}

impl<'a> Styles<'a> {
    /// Styles with `overrides` from the command line, checking fonts against `fonts`.
    pub fn new(overrides: Overrides, fonts: &'a FontSet) -> Self {
        Self {
            overrides,
            fonts,
            resolved: HashMap::new(),
        }
    }

    /// Checks the command-line values on their own (before any configuration file is read).
    pub fn check_overrides(&self) -> Result<(), Report> {
        let explicit = self.overrides.config.clone();
        load_style(explicit.as_deref(), &self.overrides, self.fonts).map(|_| ())
    }

    /// The style for a profile in `dir`: from `--config`, or the nearest `cvpdf.yaml`. A broken
    /// configuration is reported through `report` the first time and gives `None` every time.
    pub fn for_dir(&mut self, dir: &Path, report: &mut dyn FnMut(&Report)) -> Option<Arc<Style>> {
        let path = self.overrides.config.clone().or_else(|| find_config(dir));
        if let Some(style) = self.resolved.get(&path) {
            return style.clone();
        }
        let style = match load_style(path.as_deref(), &self.overrides, self.fonts) {
            Ok(style) => Some(Arc::new(style)),
            Err(problems) => {
                report(&problems);
                None
            }
        };
        self.resolved.insert(path, style.clone());
        style
    }
}

/// Reads a configuration file and resolves the style it describes with `overrides` on top.
pub fn load_style(
    path: Option<&Path>,
    overrides: &Overrides,
    fonts: &FontSet,
) -> Result<Style, Report> {
    let Some(path) = path else {
        return resolve(&LabConfig::default(), None, overrides, fonts)
            .map_err(|problems| Report::new(Path::new("command line"), None, problems));
    };
    let text = yaml::read_text(path, CONFIG)?;
    let fail = |problems: Vec<Problem>| Report::new(path, Some(text.clone()), problems);
    let (config, index) = yaml::parse::<LabConfig>(&text, CONFIG).map_err(fail)?;
    resolve(&config, Some(path), overrides, fonts)
        .map_err(|problems| fail(yaml::locate(problems, &index)))
}

/// Merges defaults, the configuration and the overrides, checking every value. Problems with
/// a value from the command line name the flag instead of a field.
fn resolve(
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
        (Some(spec), _) => Template::resolve(spec)
            .map_err(|m| Problem::error(m).at_field("--template (command line)")),
        (None, Some(spec)) => {
            // A path in the configuration is relative to the configuration file.
            let is_path = spec.ends_with(".typ") || spec.contains(['/', '\\']);
            let spec = if is_path {
                dir.join(spec).to_string_lossy().into_owned()
            } else {
                spec.clone()
            };
            Template::resolve(&spec).map_err(|m| Problem::error(m).at_field("template"))
        }
        (None, None) => Ok(Template::default_builtin()),
    };
    let template = template.unwrap_or_else(|p| {
        problems.push(p);
        Template::default_builtin()
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
        .unwrap_or_else(|| "en".into());
    let known = languages();
    if !known.contains(&lang) {
        let mut p = Problem::error(format!("unknown language \"{lang}\""));
        if let Some(best) = did_you_mean(&lang, known.iter().map(String::as_str)) {
            p.message = format!("unknown language \"{lang}\", did you mean \"{best}\"?");
        }
        problems.push(
            p.at_field(origin("lang", "lang", o.lang.is_some()))
                .with_help(format!(
                    "the languages are: {} (templates/i18n.yaml)",
                    known.join(", ")
                )),
        );
    }

    for (i, key) in config.section_order.iter().enumerate() {
        if !SECTION_KEYS.contains(&key.as_str()) {
            let mut p = Problem::error(format!("unknown section \"{key}\""))
                .at_field(format!("section_order[{i}]"));
            match did_you_mean(key, SECTION_KEYS.iter().copied()) {
                Some(best) => {
                    p.message = format!("unknown section \"{key}\", did you mean \"{best}\"?")
                }
                None => p = p.with_help(format!("the sections are: {}", SECTION_KEYS.join(", "))),
            }
            problems.push(p);
        }
    }

    let lab = config.lab.as_ref().map(|lab| LabStyle {
        name: lab.name.clone(),
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
        paper: o.paper.or(config.paper).unwrap_or_default(),
        accent,
        font,
        lang,
        numbering: o.numbering.or(config.numbering).unwrap_or_default(),
        photo: o.photo.or(config.photo),
        lab,
        section_order: config.section_order.clone(),
        config_path: path.map(Path::to_path_buf),
    })
}

/// Reads the lab logo: relative to the configuration, inside its directory, PNG, JPEG or SVG,
/// and decoded once here so that a cut-off or corrupt file is reported at the configuration's
/// `logo` line instead of as a Typst error inside the template of every profile.
fn read_logo(dir: &Path, logo: &str) -> Result<Asset, Problem> {
    let real = crate::profile::resolve_file(dir, logo, "logo")?;
    let bytes = std::fs::read(&real)
        .map_err(|e| Problem::error(format!("cannot read the logo \"{logo}\": {e}")))?;
    let undecodable = |reason: String| {
        Problem::error(format!("the logo \"{logo}\" cannot be decoded: {reason}"))
            .with_help("save the picture again as PNG, JPEG or SVG")
    };
    let ext = match image_format(&bytes) {
        Some(format) => {
            image::load_from_memory(&bytes).map_err(|e| undecodable(e.to_string()))?;
            format.extension()
        }
        None if looks_like_svg(&bytes) => {
            svg_error(&bytes).map_or(Ok(()), |reason| Err(undecodable(reason)))?;
            "svg"
        }
        None => {
            return Err(Problem::error(format!(
                "the logo \"{logo}\" is not a PNG, JPEG or SVG image"
            )))
        }
    };
    Ok(Asset {
        name: format!("lab-logo.{ext}"),
        bytes: bytes.into(),
        path: real,
    })
}

/// Why Typst could not parse `bytes` as SVG, if it could not.
fn svg_error(bytes: &[u8]) -> Option<String> {
    use typst::diag::LoadedWithin;
    use typst::foundations::Bytes;
    use typst::loading::{LoadSource, Loaded};
    use typst::syntax::{Span, Spanned};

    let data = Bytes::new(bytes.to_vec());
    let error = typst::visualize::SvgImage::new(data.clone()).err()?;
    let loaded = Loaded::new(Spanned::new(LoadSource::Bytes, Span::detached()), data);
    Some(error.within(&loaded).message.to_string())
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]);
    let head = head.trim_start_matches('\u{feff}').trim_start();
    head.starts_with("<svg") || (head.starts_with("<?xml") && head.contains("<svg"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::FontOptions;

    fn fonts() -> FontSet {
        FontSet::new(FontOptions::default())
    }

    fn style(yaml: &str) -> Result<Style, Vec<Problem>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cvpdf.yaml");
        std::fs::write(&path, yaml).unwrap();
        load_style(Some(&path), &Overrides::default(), &fonts()).map_err(|r| r.problems)
    }

    #[test]
    fn colours_are_names_or_hex() {
        assert_eq!(Color::parse("Navy").unwrap(), Color::Named("navy"));
        assert_eq!(Color::parse("#36C").unwrap(), Color::Hex("#3366cc".into()));
        assert!(Color::parse("#12345").is_err());
        assert!(Color::parse("bleu")
            .unwrap_err()
            .message
            .contains("did you mean \"blue\""));
    }

    #[test]
    fn every_language_table_has_every_entry_of_english() {
        let tables: serde_yaml::Mapping = serde_yaml::from_str(I18N).unwrap();
        fn keys(v: &serde_yaml::Value, prefix: &str, out: &mut Vec<String>) {
            if let serde_yaml::Value::Mapping(m) = v {
                for (k, v) in m {
                    let k = format!("{prefix}{}", k.as_str().unwrap());
                    out.push(k.clone());
                    keys(v, &format!("{k}."), out);
                }
            } else if let serde_yaml::Value::Sequence(s) = v {
                out.push(format!("{prefix}len={}", s.len()));
            }
        }
        let mut english = Vec::new();
        keys(&tables["en"], "", &mut english);
        for (lang, table) in &tables {
            let mut these = Vec::new();
            keys(table, "", &mut these);
            assert_eq!(these, english, "table {lang:?}");
        }
        assert_eq!(languages(), ["en", "zh"]);
    }

    #[test]
    fn bad_values_are_errors_with_their_field() {
        let problems = style("template: clasic\naccent: bleu\nfont: Comic Sans\nlang: zh-CN\nsection_order: [pubs]\n").unwrap_err();
        let fields: Vec<_> = problems.iter().map(|p| p.field.clone().unwrap()).collect();
        assert_eq!(
            fields,
            ["template", "accent", "font", "lang", "section_order[0]"]
        );
        assert!(problems.iter().all(|p| p.span.is_some()), "{problems:?}");
        assert!(problems[0].message.contains("did you mean \"classic\""));
        assert!(problems[3].message.contains("did you mean \"zh\""));
    }

    #[test]
    fn flags_override_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cvpdf.yaml");
        std::fs::write(&path, "paper: us-letter\naccent: navy\nlang: zh\n").unwrap();
        let o = Overrides {
            accent: Some("#ff0000".into()),
            ..Overrides::default()
        };
        let s = load_style(Some(&path), &o, &fonts()).unwrap();
        assert_eq!(
            (s.paper, s.accent, s.lang.as_str()),
            (Paper::UsLetter, Some(Color::Hex("#ff0000".into())), "zh")
        );
    }

    #[test]
    fn the_nearest_configuration_applies() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("lab/profiles");
        std::fs::create_dir_all(&nested).unwrap();
        assert_eq!(find_config(&nested), None);
        std::fs::write(dir.path().join("lab/cvpdf.yaml"), "lang: en\n").unwrap();
        assert_eq!(
            find_config(&nested).unwrap(),
            dir.path().join("lab/cvpdf.yaml").canonicalize().unwrap()
        );
    }
}
