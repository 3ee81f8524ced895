//! The commands: what `render`, `check` and `templates` do with parsed arguments, and which
//! exit code they end with (0 success, 1 a profile or render failed, 2 a usage error).

use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};

use crate::cli::{CheckArgs, Cli, Command, FontArgs, Format, RenderArgs};
use crate::config::{Style, Styles};
use crate::fonts::{FontOptions, FontSet};
use crate::markup::Timestamp;
use crate::output::write_atomic;
use crate::profile::{self, LoadedProfile};
use crate::render::{RenderSettings, Renderer};
use crate::template::{support_files, BUILTIN};

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
    let source_date = match source_date_epoch() {
        Ok(date) => date,
        Err(message) => return usage_error(&message),
    };
    let inputs = match expand_inputs(&args.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    let target = match output_target(args.output.as_deref(), inputs.len(), args.format) {
        Ok(target) => target,
        Err(message) => return usage_error(&message),
    };
    let renderer = Renderer::new(RenderSettings {
        fonts: font_options(&args.fonts),
        source_date,
        standards: args.pdf_standards.iter().map(|s| s.standard()).collect(),
        color: color_choice(),
    });
    let mut styles = Styles::new(args.style.overrides(), renderer.fonts());
    if let Err(report) = styles.check_overrides() {
        emit_report(&report);
        return EXIT_USAGE;
    }

    let mut failed = 0;
    for input in &inputs {
        let loaded = match profile::load(input) {
            Ok(loaded) => loaded,
            Err(report) => {
                emit_report(&report);
                failed += 1;
                continue;
            }
        };
        let Some(style) = styles.for_dir(&loaded.dir, &mut |report| emit_report(report)) else {
            eprintln!(
                "error: {} is not rendered: its lab configuration has errors",
                input.display()
            );
            failed += 1;
            continue;
        };
        let destination = target.path_for(input, args.format.extension());
        let result = match args.format {
            Format::Pdf => render_pdf(&renderer, &loaded, &style, &destination),
            Format::Typ => write_typst(&renderer, &loaded, &style, &destination),
        };
        if let Err(message) = result {
            eprint!("{message}");
            failed += 1;
        }
    }
    if failed > 0 {
        eprintln!("error: {failed} of {} profiles failed", inputs.len());
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

fn font_options(args: &FontArgs) -> FontOptions {
    FontOptions {
        paths: args.font_paths.clone(),
        system_fallback: !args.no_system_fonts,
    }
}

/// Renders one profile to `destination`; on failure returns the formatted diagnostics.
fn render_pdf(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
    destination: &Path,
) -> Result<(), String> {
    let rendered = renderer.render_pdf(loaded, style).map_err(|e| e.detail)?;
    eprint!("{}", rendered.warnings);
    write_atomic(destination, &rendered.pdf)
        .map_err(|err| format!("error: cannot write {}: {err}\n", destination.display()))?;
    let pages = if rendered.pages == 1 { "page" } else { "pages" };
    println!(
        "{} → {} ({} {pages}, {} ms)",
        loaded.path.display(),
        destination.display(),
        rendered.pages,
        rendered.elapsed.as_millis()
    );
    Ok(())
}

/// Writes the generated main file and every file it reads (template, shared helpers, words,
/// lab logo, and the photo when the output is elsewhere) so that `typst compile` gives the same
/// document.
fn write_typst(
    renderer: &Renderer,
    loaded: &LoadedProfile,
    style: &Style,
    destination: &Path,
) -> Result<(), String> {
    let dir = match destination.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let write = |path: &Path, bytes: &[u8]| {
        write_atomic(path, bytes)
            .map_err(|err| format!("error: cannot write {}: {err}\n", path.display()))
    };
    write(destination, renderer.main_source(loaded, style).as_bytes())?;
    for file in support_files(style) {
        write(&dir.join(&file.name), &file.bytes)?;
    }
    if let Some(photo) = &loaded.profile.photo {
        let from = profile::resolve_photo(&loaded.dir, photo)
            .map_err(|p| format!("error: {}\n", p.message))?;
        let to = dir.join(photo);
        if from != to.canonicalize().unwrap_or_default() {
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent)
                    .map_err(|e| format!("error: cannot create {}: {e}\n", parent.display()))?;
            }
            let bytes = fs::read(&from)
                .map_err(|e| format!("error: cannot read {}: {e}\n", from.display()))?;
            write(&to, &bytes)?;
        }
    }
    println!("{} → {}", loaded.path.display(), destination.display());
    Ok(())
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
