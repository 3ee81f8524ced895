//! The command line, as clap derive types. Parsing only; `app` does the work.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Turn a research lab's profile YAML into polished academic CV PDFs.
#[derive(Debug, Parser)]
#[command(name = "cvpdf", version, about, propagate_version = true)]
#[command(
    after_help = "Examples:\n  cvpdf render profiles/zili-zhang.yaml\n  cvpdf render profiles/ -o out/\n  cvpdf check profiles/*.yaml"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render profiles to PDF (or to Typst source with --format typ).
    #[command(
        after_help = "Examples:\n  cvpdf render profiles/zili-zhang.yaml            writes profiles/zili-zhang.pdf\n  cvpdf render profiles/ -o out/                   every profile of the lab into out/\n  cvpdf render me.yaml -o cv.pdf --template my.typ\n  cvpdf render me.yaml --format typ -o src/         Typst source for `typst compile`"
    )]
    Render(RenderArgs),
    /// Check profiles without rendering; prints `ok` or the errors for each.
    #[command(after_help = "Example:\n  cvpdf check profiles/*.yaml")]
    Check(CheckArgs),
    /// List the built-in templates.
    #[command(after_help = "Example:\n  cvpdf templates")]
    Templates,
}

/// Arguments of `cvpdf render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    pub inputs: Vec<PathBuf>,
    /// Output file (one profile, ending in .pdf or .typ) or directory (default: next to each
    /// profile).
    #[arg(short, long, value_name = "FILE|DIR")]
    pub output: Option<PathBuf>,
    /// A built-in template name or the path of a .typ template.
    #[arg(short, long, default_value = "classic", value_name = "NAME|PATH.typ")]
    pub template: String,
    /// What to write.
    #[arg(short, long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    #[command(flatten)]
    pub fonts: FontArgs,
}

/// Font options.
#[derive(Debug, clap::Args)]
pub struct FontArgs {
    /// A directory of extra fonts (searched recursively); may be repeated.
    #[arg(long = "font-path", value_name = "DIR")]
    pub font_paths: Vec<PathBuf>,
    /// Never use the system's fonts, even for characters no bundled font has.
    #[arg(long)]
    pub no_system_fonts: bool,
}

/// Arguments of `cvpdf check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Profile files, or directories whose `*.yaml` files are profiles.
    #[arg(required = true, value_name = "PROFILE")]
    pub inputs: Vec<PathBuf>,
}

/// Output formats of `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A PDF file.
    Pdf,
    /// The generated Typst source, with the template beside it, for `typst compile`.
    Typ,
}

impl Format {
    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Typ => "typ",
        }
    }
}
