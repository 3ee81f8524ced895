//! The commands: what `render`, `check` and `templates` do with parsed arguments, and which
//! exit code they end with (0 success, 1 a profile or render failed, 2 a usage error).

use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};

use crate::batch::{self, BatchOptions, Job, Progress, Summary};
use crate::cli::{
    CheckArgs, Cli, Command, FontArgs, Format, PdfStandardArg, RenderArgs, WatchArgs,
};
use crate::config::Styles;
use crate::fonts::{FontOptions, FontSet};
use crate::markup::Timestamp;
use crate::profile;
use crate::render::{RenderSettings, Renderer};
use crate::template::BUILTIN;

/// Exit code: everything worked.
pub const EXIT_OK: u8 = 0;
/// Exit code: at least one profile could not be loaded or rendered.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: the command line or the environment is wrong.
pub const EXIT_USAGE: u8 = 2;

/// Runs a parsed command line and returns the exit code.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Render(args) => render(args),
        Command::Check(args) => check(args),
        Command::Watch(args) => watch(args),
        Command::Templates => {
            for t in BUILTIN {
                println!("{:<10} {}", t.name, t.description);
            }
            EXIT_OK
        }
    }
}

/// Prints a usage error and returns its exit code.
fn usage_error(message: &str) -> u8 {
    eprintln!("error: {message}");
    EXIT_USAGE
}

/// Where rendered files go.
enum Target {
    /// `<stem>.<ext>` next to each profile.
    NextToProfile,
    /// Exactly this file (one profile only).
    File(PathBuf),
    /// `<stem>.<ext>` in this directory.
    Dir(PathBuf),
}

impl Target {
    fn path_for(&self, profile: &Path, extension: &str) -> PathBuf {
        let stem = profile
            .file_stem()
            .map_or_else(|| "cv".into(), |s| s.to_os_string());
        let mut name = PathBuf::from(stem);
        name.set_extension(extension);
        match self {
            Target::NextToProfile => profile.with_file_name(name),
            Target::File(path) => path.clone(),
            Target::Dir(dir) => dir.join(name),
        }
    }
}

fn render(args: RenderArgs) -> u8 {
    let inputs = match expand_inputs(&args.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    let jobs = match plan_jobs(&inputs, args.output.as_deref(), args.format) {
        Ok(jobs) => jobs,
        Err(message) => return usage_error(&message),
    };
    let renderer = match renderer(&args.fonts, &args.pdf_standards) {
        Ok(renderer) => renderer,
        Err(message) => return usage_error(&message),
    };
    let mut styles = Styles::new(args.style.overrides(), renderer.fonts());
    if let Err(report) = styles.check_overrides() {
        emit_report(&report);
        return EXIT_USAGE;
    }
    let options = BatchOptions {
        format: args.format,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        force: args.force,
        progress: if args.quiet {
            Progress::Quiet
        } else {
            Progress::Auto
        },
        fonts: font_options(&args.fonts),
    };
    let summary = batch::run(&renderer, &mut styles, &jobs, &options);
    report_summary(&summary, args.quiet)
}

/// Prints the counts of a batch (and its failures) and returns the exit code.
fn report_summary(summary: &Summary, quiet: bool) -> u8 {
    let total = summary.rendered + summary.unchanged + summary.failed.len();
    if summary.failed.is_empty() {
        if !quiet && total > 1 {
            eprintln!(
                "{} rendered, {} unchanged",
                summary.rendered, summary.unchanged
            );
        }
        return EXIT_OK;
    }
    eprintln!(
        "error: {} of {total} profiles failed ({} rendered, {} unchanged):",
        summary.failed.len(),
        summary.rendered,
        summary.unchanged
    );
    for (input, reason) in &summary.failed {
        eprintln!("  {}: {reason}", input.display());
    }
    EXIT_FAILED
}

/// The renderer of a run: fonts, date and PDF standards.
fn renderer(fonts: &FontArgs, standards: &[PdfStandardArg]) -> Result<Renderer, String> {
    Ok(Renderer::new(RenderSettings {
        fonts: font_options(fonts),
        source_date: source_date_epoch()?,
        standards: standards.iter().map(|s| s.standard()).collect(),
        color: color_choice(),
    }))
}

/// One job per profile, writing where `-o` says.
fn plan_jobs(
    inputs: &[PathBuf],
    output: Option<&Path>,
    format: Format,
) -> Result<Vec<Job>, String> {
    let target = output_target(output, inputs.len(), format)?;
    Ok(inputs
        .iter()
        .map(|input| Job {
            input: input.clone(),
            output: target.path_for(input, format.extension()),
        })
        .collect())
}

fn watch(args: WatchArgs) -> u8 {
    let inputs = match expand_inputs(&args.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    if let Err(message) = plan_jobs(&inputs, args.output.as_deref(), args.format) {
        return usage_error(&message);
    }
    let renderer = match renderer(&args.fonts, &args.pdf_standards) {
        Ok(renderer) => renderer,
        Err(message) => return usage_error(&message),
    };
    let styles = Styles::new(args.style.overrides(), renderer.fonts());
    if let Err(report) = styles.check_overrides() {
        emit_report(&report);
        return EXIT_USAGE;
    }
    let plan = |inputs: &[PathBuf]| plan_jobs(inputs, args.output.as_deref(), args.format);
    let session = crate::watch::Session {
        renderer: &renderer,
        overrides: args.style.overrides(),
        inputs: args.inputs.clone(),
        format: args.format,
        fonts: font_options(&args.fonts),
    };
    match session.run(&|inputs: &[PathBuf]| expand_inputs(inputs).and_then(|found| plan(&found))) {
        Ok(()) => EXIT_OK,
        Err(message) => {
            eprintln!("error: {message}");
            EXIT_FAILED
        }
    }
}

fn font_options(args: &FontArgs) -> FontOptions {
    FontOptions {
        paths: args.font_paths.clone(),
        system_fallback: !args.no_system_fonts,
    }
}

fn check(args: CheckArgs) -> u8 {
    let inputs = match expand_inputs(&args.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    let fonts = FontSet::new(font_options(&args.fonts));
    let mut styles = Styles::new(args.style.overrides(), &fonts);
    if let Err(report) = styles.check_overrides() {
        emit_report(&report);
        return EXIT_USAGE;
    }
    let mut failed = 0;
    for input in &inputs {
        let style = profile::load(input)
            .map(|loaded| styles.for_dir(&loaded.dir, &mut |report| emit_report(report)));
        match style {
            Ok(Some(_)) => println!("ok    {}", input.display()),
            Ok(None) => {
                println!(
                    "FAIL  {} (its lab configuration has errors)",
                    input.display()
                );
                failed += 1;
            }
            Err(report) => {
                println!("FAIL  {}", input.display());
                emit_report(&report);
                failed += 1;
            }
        }
    }
    if failed > 0 {
        eprintln!("error: {failed} of {} profiles have errors", inputs.len());
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

fn emit_report(report: &crate::diag::Report) {
    let mut stderr = StandardStream::stderr(color_choice());
    let _ = report.emit(&mut stderr);
    let _ = stderr.flush();
}

/// Colour on a terminal unless `NO_COLOR` is set.
fn color_choice() -> ColorChoice {
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || !std::io::stderr().is_terminal()
    {
        ColorChoice::Never
    } else {
        ColorChoice::Auto
    }
}

/// Files stay as given; a directory stands for its `*.yaml` and `*.yml` files (sorted), except
/// the lab's `cvpdf.yaml` configuration.
pub fn expand_inputs(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let entries = fs::read_dir(input)
                .map_err(|e| format!("cannot read the directory {}: {e}", input.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && is_profile_file(p))
                .collect();
            if found.is_empty() {
                return Err(format!(
                    "{} holds no profiles (*.yaml files)",
                    input.display()
                ));
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(input.clone());
        }
    }
    Ok(out)
}

fn is_profile_file(path: &Path) -> bool {
    let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let config = path.file_stem().is_some_and(|s| s == "cvpdf");
    yaml && !config
}

/// `-o` is a file when it ends in the format's extension and is not a directory; else a
/// directory, created if needed.
fn output_target(output: Option<&Path>, inputs: usize, format: Format) -> Result<Target, String> {
    let Some(output) = output else {
        return Ok(Target::NextToProfile);
    };
    let is_file = !output.is_dir() && output.extension().is_some_and(|e| e == format.extension());
    if is_file {
        if inputs != 1 {
            return Err(format!(
                "-o {} names one file, but there are {inputs} profiles; give a directory instead",
                output.display()
            ));
        }
        return Ok(Target::File(output.to_path_buf()));
    }
    if output.exists() && !output.is_dir() {
        return Err(format!(
            "-o {} exists and is not a directory",
            output.display()
        ));
    }
    fs::create_dir_all(output)
        .map_err(|e| format!("cannot create the directory {}: {e}", output.display()))?;
    Ok(Target::Dir(output.to_path_buf()))
}

/// `SOURCE_DATE_EPOCH` (seconds since 1970), the reproducible-builds way to fix the date.
fn source_date_epoch() -> Result<Option<Timestamp>, String> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Err(_) => Ok(None),
        Ok(value) if value.trim().is_empty() => Ok(None),
        Ok(value) => value
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|s| (0..=253_402_300_799).contains(s))
            .map(|s| Some(Timestamp::from_unix(s)))
            .ok_or_else(|| {
                format!("SOURCE_DATE_EPOCH must be a number of seconds since 1970, not \"{value}\"")
            }),
    }
}
