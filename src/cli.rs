//! The command line, as clap derive types: the only module that knows clap. [`Cli::command`]
//! turns the parsed arguments into the domain's options; `commands` does the work.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::commands::{self, Command as Run};
use crate::fonts::FontOptions;
use crate::import::SourceFormat;
use crate::pipeline::Format as OutputFormat;
use crate::style::{Numbering, Overrides, Paper, PhotoShape};

/// Turn a research lab's profile YAML into polished academic CV PDFs.
#[derive(Debug, Parser)]
#[command(name = "cvpdf", version, about, propagate_version = true)]
#[command(
    after_help = "Examples:\n  cvpdf render profiles/zili-zhang.yaml\n  cvpdf render profiles/ -o out/\n  cvpdf check profiles/*.yaml"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render profiles to PDF (or to Typst source with --format typ).
    #[command(
        after_help = "Examples:\n  cvpdf render profiles/zili-zhang.yaml            writes profiles/zili-zhang.pdf\n  cvpdf render profiles/ -o out/                   every profile of the lab into out/\n  cvpdf render me.yaml -o cv.pdf --template modern --accent maroon\n  cvpdf render me.yaml --lang zh --paper us-letter --pdf-standard a-2b\n  cvpdf render me.yaml --format typ -o src/         Typst source for `typst compile`"
    )]
    Render(RenderArgs),
    /// Render, then re-render whatever changes: a profile, the lab configuration, a template,
    /// a photo or a logo. Stop with Ctrl-C.
    #[command(
        after_help = "Examples:\n  cvpdf watch profiles/ -o out/\n  cvpdf watch profiles/zili-zhang.yaml --template modern"
    )]
    Watch(WatchArgs),
    /// Check profiles without rendering; prints `ok` or the errors for each.
    #[command(after_help = "Example:\n  cvpdf check profiles/*.yaml")]
    Check(CheckArgs),
    /// List the built-in templates and the languages of their words.
    #[command(after_help = "Example:\n  cvpdf templates")]
    Templates,
    /// Write a commented starter profile that renders as it is and shows every section.
    #[command(
        after_help = "Examples:\n  cvpdf new \"Ada Lovelace\"                  writes profiles/ada-lovelace.yaml\n  cvpdf new \"Ada Lovelace\" -o ada.yaml"
    )]
    New(NewArgs),
    /// Convert a JSON Resume, a Hugo Academic / Hugo Blox author page, a RenderCV file or
    /// al-folio's cv.yml into a profile.
    #[command(
        after_help = "Examples:\n  cvpdf import resume.json -o profiles/ada-lovelace.yaml\n  cvpdf import site/content/authors/ada/_index.md --from hugo -o profiles/ada.yaml\n  cvpdf import site/data/authors/ada.yaml > ada.yaml\n  cvpdf import _data/cv.yml --name \"Ada Lovelace\" --base-url https://ada.github.io -o ada.yaml"
    )]
    Import(ImportArgs),
    /// Add the entries of a BibTeX file to a profile's publications (updating those already
    /// there), keeping the rest of the file as it is.
    #[command(
        after_help = "Example:\n  cvpdf import-bib papers.bib --into profiles/zili-zhang.yaml"
    )]
    ImportBib(ImportBibArgs),
    /// Print the JSON Schema of the profile format (for editors' completion and checking), or
    /// with --lab of the lab.json that `cvpdf lab` writes.
    #[command(
        after_help = "Examples:\n  cvpdf schema > profiles/cvpdf.schema.json\n  cvpdf schema --lab > lab.schema.json\n  cvpdf schema --markdown > profile-reference.md"
    )]
    Schema(SchemaArgs),
    /// Render every profile and attach the CVs to the lab's website: Hugo (Academic, Hugo
    /// Blox), al-folio, or a Jekyll lab site with _members/ (detected from its files).
    #[command(
        after_help = "Examples:\n  cvpdf publish profiles/ --site ../lab-website\n  cvpdf publish profiles/ --site ../lab-website --dry-run"
    )]
    Publish(PublishArgs),
    /// Build the lab's website in one folder: every member's CVs, the lab's publication list
    /// (PDF, BibTeX), lab.json and a people page (index.html).
    #[command(
        after_help = "Examples:\n  cvpdf lab profiles/ -o site/\n  cvpdf lab profiles/ -o public/people/ --accent maroon"
    )]
    Lab(LabArgs),
}

/// Arguments of `cvpdf schema`.
#[derive(Debug, clap::Args)]
pub struct SchemaArgs {
    /// The schema of lab.json (written by `cvpdf lab`) instead of the profile's.
    #[arg(long)]
    lab: bool,
    /// The profile format's reference as Markdown (docs/reference/profile.md) instead of
    /// the JSON Schema.
    #[arg(long, conflicts_with = "lab")]
    markdown: bool,
}

/// Arguments of `cvpdf lab`.
#[derive(Debug, clap::Args)]
pub struct LabArgs {
    /// The directory of the lab's profiles (its cvpdf.yaml applies).
    profiles: PathBuf,
    /// The folder to write the site into (created if needed).
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// Render CVs whose inputs have not changed since they were written.
    #[arg(long)]
    force: bool,
    /// Profiles rendered at once, 1 to 64 (default: one per core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    jobs: Option<u8>,
    /// Print nothing but errors and the summary of failures.
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
}

/// Arguments of `cvpdf new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The researcher's full name.
    name: String,
    /// Where to write the profile (default: profiles/<slug>.yaml, or ./<slug>.yaml when there
    /// is no profiles/ directory). An existing file is never overwritten.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Arguments of `cvpdf import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The file to convert: resume.json, a Hugo _index.md or data/authors/<slug>.yaml, a
    /// RenderCV YAML file, al-folio's _data/cv.yml.
    file: PathBuf,
    /// Its format (detected from the content when absent).
    #[arg(long, value_enum)]
    from: Option<FromArg>,
    /// Where to write the profile (default: standard output). An existing file is never
    /// overwritten.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The researcher's name, when the file has none (else it comes from the file's name or
    /// folder, with a warning).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The address of the website the file belongs to, so that links within the site
    /// (`/publication/`, `#contact`, `files/cv.pdf`) become links to it; without it they are
    /// left out with a warning.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
}

/// Arguments of `cvpdf import-bib`.
#[derive(Debug, clap::Args)]
pub struct ImportBibArgs {
    /// The BibTeX or BibLaTeX file.
    file: PathBuf,
    /// The profile to add the publications to.
    #[arg(long, value_name = "PROFILE")]
    into: PathBuf,
    /// The address of the website the .bib belongs to (an al-folio site's `url`), so that
    /// relative links such as `pdf = {paper.pdf}` become links to its files.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
}

/// Arguments of `cvpdf publish`.
#[derive(Debug, clap::Args)]
pub struct PublishArgs {
    /// The directory of profiles.
    profiles: PathBuf,
    /// The root of the site (a Hugo site's folder with content/ and static/, or a Jekyll
    /// site's with _config.yml).
    #[arg(long, value_name = "DIR")]
    site: PathBuf,
    /// Say what would change without writing anything.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
}

/// Arguments of `cvpdf render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    #[command(flatten)]
    target: TargetArgs,
    /// Render profiles whose inputs have not changed since their output was written.
    #[arg(long)]
    force: bool,
    /// Profiles rendered at once, 1 to 64 (default: one per core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    jobs: Option<u8>,
    /// Print nothing but errors and the summary of failures.
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
}

/// Arguments of `cvpdf watch`.
#[derive(Debug, clap::Args)]
pub struct WatchArgs {
    #[command(flatten)]
    target: TargetArgs,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
}

/// What `render` and `watch` read and what they write.
#[derive(Debug, clap::Args)]
pub struct TargetArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    inputs: Vec<PathBuf>,
    /// Output file (one profile, ending in .pdf or .typ) or directory (default: next to each
    /// profile).
    #[arg(short, long, value_name = "FILE|DIR")]
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
    /// Use this lab configuration instead of the nearest cvpdf.yaml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Paper size.
    #[arg(long, value_enum)]
    paper: Option<PaperArg>,
    /// Accent colour: #rrggbb, #rgb or a Typst colour name (navy, maroon, …).
    #[arg(long, value_name = "COLOUR")]
    accent: Option<String>,
    /// Body font family (bundled: Libertinus Serif, Inter; or one added with --font-path).
    #[arg(long, value_name = "FAMILY")]
    font: Option<String>,
    /// Language of the CV's own words: section titles, months, "Present", quotation marks
    /// (en, zh, ja, ko, de, fr, es, pt, it, ru; `cvpdf templates` lists them).
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// Publication numbering.
    #[arg(long, value_enum)]
    numbering: Option<NumberingArg>,
    /// Photo crop.
    #[arg(long, value_enum)]
    photo: Option<PhotoArg>,
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
            paper: args.paper.map(|p| match p {
                PaperArg::A4 => Paper::A4,
                PaperArg::UsLetter => Paper::UsLetter,
            }),
            accent: args.accent,
            font: args.font,
            lang: args.lang,
            numbering: args.numbering.map(|n| match n {
                NumberingArg::Reverse => Numbering::Reverse,
                NumberingArg::Forward => Numbering::Forward,
                NumberingArg::None => Numbering::None,
            }),
            photo: args.photo.map(|p| match p {
                PhotoArg::Round => PhotoShape::Round,
                PhotoArg::Square => PhotoShape::Square,
            }),
            strict: args.strict,
        }
    }
}

/// The page-image resolutions cvpdf accepts: 600 ppi makes an A4 page 4,960 × 7,016 pixels
/// (140 MB while it is drawn); more would only exhaust memory.
const PPI_RANGE: std::ops::RangeInclusive<f32> = 10.0..=600.0;

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

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    UsLetter,
}

/// How publications are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NumberingArg {
    /// The newest has the highest number, counting down the list.
    Reverse,
    /// 1, 2, 3 … down the list.
    Forward,
    /// No numbers.
    None,
}

/// How a photo is cropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PhotoArg {
    /// A circle.
    Round,
    /// A rectangle with slightly rounded corners.
    Square,
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

/// Arguments of `cvpdf check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    inputs: Vec<PathBuf>,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
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

impl Cli {
    /// The command to run, in the domain's terms.
    pub fn command(self) -> Run {
        match self.command {
            Command::Render(a) => Run::Render(commands::render::Options {
                target: a.target.into(),
                force: a.force,
                jobs: a.jobs.map(usize::from),
                quiet: a.quiet,
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Watch(a) => Run::Watch(commands::watch::Options {
                target: a.target.into(),
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Check(a) => Run::Check(commands::check::Options {
                inputs: a.inputs,
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Templates => Run::Templates,
            Command::New(a) => Run::New(commands::new::Options {
                name: a.name,
                output: a.output,
            }),
            Command::Import(a) => Run::Import(commands::import::Options {
                file: a.file,
                from: a.from.map(|f| match f {
                    FromArg::Jsonresume => SourceFormat::Jsonresume,
                    FromArg::Hugo => SourceFormat::Hugo,
                    FromArg::Rendercv => SourceFormat::Rendercv,
                    FromArg::AlFolio => SourceFormat::AlFolio,
                }),
                output: a.output,
                name: a.name,
                base_url: a.base_url,
            }),
            Command::ImportBib(a) => Run::ImportBib(commands::import_bib::Options {
                file: a.file,
                into: a.into,
                base_url: a.base_url,
            }),
            Command::Schema(a) => Run::Schema {
                lab: a.lab,
                markdown: a.markdown,
            },
            Command::Publish(a) => Run::Publish(commands::publish::Options {
                profiles: a.profiles,
                site: a.site,
                dry_run: a.dry_run,
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Lab(a) => Run::Lab(commands::lab::Options {
                profiles: a.profiles,
                output: a.output,
                force: a.force,
                jobs: a.jobs.map(usize::from),
                quiet: a.quiet,
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
        }
    }
}
