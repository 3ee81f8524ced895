//! The command line, as clap derive types: the only module that knows clap. [`Cli::command`]
//! turns the parsed arguments into the domain's options; `commands` does the work.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::commands::{self, Command as Run};
use crate::import::SourceFormat;

mod manual;
mod shared;

pub use shared::{
    DiagnosticFormatArg, FontArgs, FormatArg, FromArg, PdfStandardArg, StyleArgs, TargetArgs,
};

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
    /// How problems are printed: `human` quotes the line with a caret; `short` prints one
    /// `file:line:column: error: message` line each, for editors and CI.
    #[arg(long, global = true, value_enum, default_value_t)]
    diagnostic_format: DiagnosticFormatArg,
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
    /// Bring profiles' publications up to date from the services their `sources:` name
    /// (DBLP, ORCID with Crossref, OpenAlex), keeping what was added by hand.
    #[command(
        after_help = "Examples:\n  cvpdf sync profiles/                     every profile of the lab\n  cvpdf sync profiles/ada.yaml --dry-run   say what would change\n  cvpdf sync profiles/ --since 2020 --offline\n\nThe services' addresses can be changed (mirrors, tests) with CVPDF_DBLP_URL,\nCVPDF_ORCID_URL, CVPDF_CROSSREF_URL, CVPDF_OPENALEX_URL and CVPDF_DATACITE_URL."
    )]
    Sync(SyncArgs),
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
    /// Print a shell's completion script for cvpdf.
    #[command(
        after_help = "Examples:\n  cvpdf completions bash > ~/.local/share/bash-completion/completions/cvpdf\n  cvpdf completions zsh > ~/.zfunc/_cvpdf\n  cvpdf completions fish > ~/.config/fish/completions/cvpdf.fish"
    )]
    Completions(CompletionsArgs),
    /// Print cvpdf's manual page (roff), or a command's.
    #[command(
        after_help = "Examples:\n  cvpdf man | man -l -\n  cvpdf man render > cvpdf-render.1"
    )]
    Man(ManArgs),
}

/// Arguments of `cvpdf completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell.
    shell: clap_complete::Shell,
}

/// Arguments of `cvpdf man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// A command whose page to print (`render`, `lab`, …); without it, cvpdf's own.
    command: Option<String>,
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
    #[arg(short, long, value_name = "DIR", value_parser = shared::written_path)]
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
    /// is no profiles/ directory; `-`: standard output). An existing file is never
    /// overwritten.
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
    /// Where to write the profile (default, or `-`: standard output). An existing file is
    /// never overwritten.
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

/// Arguments of `cvpdf sync`.
#[derive(Debug, clap::Args)]
pub struct SyncArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    inputs: Vec<PathBuf>,
    /// Say what would change without writing anything.
    #[arg(long)]
    dry_run: bool,
    /// Ask no service: use the answers an earlier sync kept in the cache.
    #[arg(long)]
    offline: bool,
    /// Only papers of this year and later.
    #[arg(long, value_name = "YEAR", value_parser = clap::value_parser!(u16).range(1000..=9999))]
    since: Option<u16>,
    /// Seconds one request may take in all.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
    timeout: u64,
    /// Seconds connecting to a service may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    connect_timeout: u64,
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
    /// Replace a CV link on a person's page even when it points to a CV cvpdf did not make
    /// (kept otherwise).
    #[arg(long)]
    replace_cv_link: bool,
    /// Upload the CV of a person the site has no page for, unlinked (by default nothing of
    /// theirs is uploaded).
    #[arg(long)]
    upload_unlisted: bool,
    /// Put each CV on the site as a web page too, in the site's own layout (`cv/<slug>`).
    #[arg(long)]
    html: bool,
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
    /// Write where the run's time went to FILE, as a Chrome trace (chrome://tracing, Perfetto):
    /// cvpdf's stages and, inside the compile, each template function call with its line.
    #[arg(long, value_name = "FILE")]
    timings: Option<PathBuf>,
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

/// Arguments of `cvpdf check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    inputs: Vec<PathBuf>,
    /// Print one JSON document instead of lines: each file with `ok` and its problems (file,
    /// line, column, field, message, help), for scripts, editors and CI annotations.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    style: StyleArgs,
    #[command(flatten)]
    fonts: FontArgs,
}

impl Cli {
    /// How problems are to be printed.
    pub fn diagnostic_format(&self) -> crate::diag::Format {
        self.diagnostic_format.into()
    }

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
                timings: a.timings,
            }),
            Command::Watch(a) => Run::Watch(commands::watch::Options {
                target: a.target.into(),
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Check(a) => Run::Check(commands::check::Options {
                inputs: a.inputs,
                json: a.json,
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
                output: a.output.filter(|p| !shared::is_stdout(p)),
                name: a.name,
                base_url: a.base_url,
            }),
            Command::ImportBib(a) => Run::ImportBib(commands::import_bib::Options {
                file: a.file,
                into: a.into,
                base_url: a.base_url,
            }),
            Command::Sync(a) => Run::Sync(commands::sync::Options {
                inputs: a.inputs,
                dry_run: a.dry_run,
                offline: a.offline,
                since: a.since,
                connect_timeout: std::time::Duration::from_secs(a.connect_timeout),
                timeout: std::time::Duration::from_secs(a.timeout),
            }),
            Command::Schema(a) => Run::Schema {
                lab: a.lab,
                markdown: a.markdown,
            },
            Command::Publish(a) => Run::Publish(commands::publish::Options {
                profiles: a.profiles,
                site: a.site,
                choices: crate::publish::Choices {
                    dry_run: a.dry_run,
                    replace_cv_link: a.replace_cv_link,
                    upload_unlisted: a.upload_unlisted,
                    html: a.html,
                },
                style: a.style.into(),
                fonts: a.fonts.into(),
            }),
            Command::Completions(a) => Run::Print(manual::completions(a.shell)),
            Command::Man(a) => match manual::page(a.command.as_deref()) {
                Ok(page) => Run::Print(page),
                Err(message) => Run::Usage(message),
            },
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
