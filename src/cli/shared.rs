//! The arguments several commands share: what to read and write (`render`, `watch`), how the
//! CV looks (the style flags), where fonts come from, and the values they take, each turned
//! into the library's own type.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::commands;
use crate::fonts::FontOptions;
use crate::pipeline::Format as OutputFormat;
use crate::style::{Numbering, Overrides, Paper, PhotoShape};

/// What `render` and `watch` read and what they write.
#[derive(Debug, clap::Args)]
pub struct TargetArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    inputs: Vec<PathBuf>,
    /// Output file (one profile, ending in .pdf or .typ) or directory (default: next to each
    /// profile).
    #[arg(short, long, value_name = "FILE|DIR", value_parser = written_path)]
    output: Option<PathBuf>,
    /// What to write; repeat for several (`-f pdf -f png`).
    #[arg(short, long, value_enum, default_values_t = [FormatArg::Pdf])]
    format: Vec<FormatArg>,
    /// Resolution of PNG pages, in pixels per inch (10 to 600).
    #[arg(long, default_value_t = 144.0, value_name = "PPI", value_parser = parse_ppi)]
    ppi: f32,
    /// Conform to and validate a PDF standard: a-2b (archival), ua-1 (accessible); repeatable.
    #[arg(long = "pdf-standard", value_enum, value_name = "STANDARD")]
    pdf_standards: Vec<PdfStandardArg>,
    /// Render this variant of each profile (defined under `variants:` in cvpdf.yaml or the
    /// profile) into <stem>-<variant>.pdf; repeatable; `full` is the full CV, `all` the full
    /// CV and every variant (default: the full CV and the lab's `default_variants`).
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
}

/// How the CV looks; each flag overrides the lab's `cvpdf.yaml`.
#[derive(Debug, clap::Args)]
pub struct StyleArgs {
    /// A built-in template name (see `cvpdf templates`) or the path of a .typ template.
    #[arg(short, long, value_name = "NAME|PATH.typ")]
    template: Option<String>,
    /// Print publications in a citation style: a style Typst ships (apa, ieee,
    /// chicago-author-date, vancouver, …; `cvpdf templates` lists them), the path of a .csl
    /// file, or `cvpdf` for cvpdf's own layout.
    #[arg(long = "citation-style", value_name = "NAME|PATH.csl")]
    citation_style: Option<String>,
    /// Use this lab configuration instead of the nearest cvpdf.yaml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Paper size.
    #[arg(long, value_parser = format_enum::<Paper>())]
    paper: Option<Paper>,
    /// Accent colour: #rrggbb, #rgb or a Typst colour name (navy, maroon, …).
    #[arg(long, value_name = "COLOUR")]
    accent: Option<String>,
    /// Body font family (bundled: Libertinus Serif, Inter; or one added with --font-path).
    #[arg(long, value_name = "FAMILY")]
    font: Option<String>,
    /// Language of the CV's own words: section titles, months, "Present", quotation marks
    /// (en, zh, ja, ko, de, fr, es, pt, it, ru; `cvpdf templates` lists them).
    #[arg(long, value_name = "LANG", value_parser = languages())]
    lang: Option<String>,
    /// Publication numbering: counting down the list, 1 2 3 down the list, or none.
    #[arg(long, value_parser = format_enum::<Numbering>())]
    numbering: Option<Numbering>,
    /// Photo crop: a circle, or a rectangle with slightly rounded corners.
    #[arg(long, value_parser = format_enum::<PhotoShape>())]
    photo: Option<PhotoShape>,
    /// Refuse to render a CV in which a translated text lacks the CV's language (otherwise
    /// the English text is shown and the fields are listed as a warning).
    #[arg(long)]
    strict: bool,
}

impl From<StyleArgs> for Overrides {
    fn from(args: StyleArgs) -> Self {
        Overrides {
            config: args.config,
            template: args.template,
            citation_style: args.citation_style,
            paper: args.paper,
            accent: args.accent,
            font: args.font,
            lang: args.lang,
            numbering: args.numbering,
            photo: args.photo,
            strict: args.strict,
        }
    }
}

/// The page-image resolutions cvpdf accepts: 600 ppi makes an A4 page 4,960 × 7,016 pixels
/// (140 MB while it is drawn); more would only exhaust memory.
const PPI_RANGE: std::ops::RangeInclusive<f32> = 10.0..=600.0;

/// `-o` of a command that writes files of its own (several, each atomically, never over a
/// file it did not write): a path, but not `-`, which elsewhere means standard output and
/// would otherwise be taken for a file named `-`.
pub(super) fn written_path(value: &str) -> Result<PathBuf, String> {
    if value == "-" {
        return Err(
            "`-` (standard output) cannot take what this command writes; name a file \
                    or a folder (`./-` for one named -)"
                .into(),
        );
    }
    Ok(PathBuf::from(value))
}

/// Whether `-o` asks for standard output (`-`), as `cvpdf import` and `cvpdf new` take it.
pub(super) fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// `--ppi`: a number in [`PPI_RANGE`] (not NaN or infinite).
fn parse_ppi(value: &str) -> Result<f32, String> {
    let ppi: f32 = value
        .trim()
        .parse()
        .map_err(|_| format!("\"{value}\" is not a number"))?;
    if PPI_RANGE.contains(&ppi) {
        Ok(ppi)
    } else {
        Err(format!(
            "{value} is outside {} to {} pixels per inch",
            PPI_RANGE.start(),
            PPI_RANGE.end()
        ))
    }
}

/// `--lang`: one of the languages of `templates/i18n.yaml`, which completion offers too.
fn languages() -> clap::builder::PossibleValuesParser {
    let names = crate::template::languages();
    clap::builder::PossibleValuesParser::new(
        names.into_iter().map(clap::builder::PossibleValue::new),
    )
}

/// A value of one of the profile format's enums (`--paper us-letter`), by the names the
/// format itself uses, so that a flag and a `cvpdf.yaml` key take the same words.
fn format_enum<T>() -> impl clap::builder::TypedValueParser<Value = T>
where
    T: strum::VariantNames + std::str::FromStr<Err = strum::ParseError> + Clone + Send + Sync,
    T: 'static,
{
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(T::VARIANTS).try_map(|name| name.parse::<T>())
}

/// The formats `cvpdf import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FromArg {
    /// A JSON Resume (`resume.json`, schema v1).
    Jsonresume,
    /// A Hugo Academic / Wowchemy / Hugo Blox author page or author data file.
    Hugo,
    /// A RenderCV input file (v1 or v2 YAML).
    Rendercv,
    /// al-folio's `_data/cv.yml` (its `resume.json` is a JSON Resume).
    AlFolio,
}

/// Layouts of `--diagnostic-format`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum DiagnosticFormatArg {
    /// The message, the place, the source line with a caret, the help.
    #[default]
    Human,
    /// One line per problem: `file:line:column: error: message`.
    Short,
}

impl From<DiagnosticFormatArg> for crate::diag::Format {
    fn from(arg: DiagnosticFormatArg) -> Self {
        match arg {
            DiagnosticFormatArg::Human => crate::diag::Format::Human,
            DiagnosticFormatArg::Short => crate::diag::Format::Short,
        }
    }
}

/// PDF standards `--pdf-standard` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum PdfStandardArg {
    /// PDF/A-2b, for archives and university portals.
    #[value(name = "a-2b")]
    A2b,
    /// PDF/UA-1, universal accessibility.
    #[value(name = "ua-1")]
    Ua1,
}

impl PdfStandardArg {
    /// The typst-pdf standard.
    fn standard(self) -> typst_pdf::PdfStandard {
        match self {
            PdfStandardArg::A2b => typst_pdf::PdfStandard::A_2b,
            PdfStandardArg::Ua1 => typst_pdf::PdfStandard::Ua_1,
        }
    }
}

/// Font options.
#[derive(Debug, clap::Args)]
pub struct FontArgs {
    /// A directory of extra fonts (searched recursively); may be repeated.
    #[arg(long = "font-path", value_name = "DIR")]
    font_paths: Vec<PathBuf>,
    /// Never use the system's fonts, even for characters no bundled font has.
    #[arg(long)]
    no_system_fonts: bool,
}

/// Output formats of `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum FormatArg {
    /// A PDF file.
    Pdf,
    /// One PNG image per page (`cv-1.png`, …) at `--ppi`.
    Png,
    /// One SVG image per page (`cv-1.svg`, …).
    Svg,
    /// The generated Typst source, with the template beside it, for `typst compile`.
    Typ,
    /// One self-contained, accessible web page (`cv.html`).
    Html,
    /// A CommonMark CV (`cv.md`), for a profile README or a static site.
    Md,
}

impl From<FontArgs> for FontOptions {
    fn from(args: FontArgs) -> Self {
        FontOptions {
            paths: args.font_paths,
            system_fallback: !args.no_system_fonts,
        }
    }
}

impl From<TargetArgs> for commands::Target {
    fn from(args: TargetArgs) -> Self {
        let mut formats: Vec<OutputFormat> = Vec::new();
        for format in args.format {
            let format = match format {
                FormatArg::Pdf => OutputFormat::Pdf,
                FormatArg::Png => OutputFormat::Png,
                FormatArg::Svg => OutputFormat::Svg,
                FormatArg::Typ => OutputFormat::Typ,
                FormatArg::Html => OutputFormat::Html,
                FormatArg::Md => OutputFormat::Md,
            };
            if !formats.contains(&format) {
                formats.push(format);
            }
        }
        commands::Target {
            inputs: args.inputs,
            output: args.output,
            formats,
            ppi: args.ppi,
            standards: args.pdf_standards.iter().map(|s| s.standard()).collect(),
            variants: commands::VariantChoice::from_flags(args.variants),
        }
    }
}
