//! The commands: what `render`, `check` and `templates` do with parsed arguments, and which
//! exit code they end with (0 success, 1 a profile or render failed, 2 a usage error).

use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};

use crate::batch::{self, BatchOptions, Job, Progress, Summary};
use crate::cli::{
    CheckArgs, Cli, Command, FontArgs, Format, ImportArgs, ImportBibArgs, NewArgs, PdfStandardArg,
    PublishArgs, RenderArgs, StyleArgs, WatchArgs,
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
        Command::New(args) => new_profile(args),
        Command::Import(args) => import(args),
        Command::ImportBib(args) => import_bib(args),
        Command::Schema => {
            println!("{}", schema());
            EXIT_OK
        }
        Command::Publish(args) => publish(args),
        Command::Templates => {
            for t in BUILTIN {
                println!("{:<10} {}", t.name, t.description);
            }
            EXIT_OK
        }
    }
}

/// The JSON Schema of the profile format, pretty-printed.
pub fn schema() -> String {
    let schema = schemars::schema_for!(crate::profile::Profile);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

/// The file name of the schema `cvpdf new` writes next to a new profile.
const SCHEMA_FILE: &str = "cvpdf.schema.json";

fn new_profile(args: NewArgs) -> u8 {
    let name = args.name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return usage_error("the name must not be empty");
    }
    let path = args.output.unwrap_or_else(|| {
        let dir = if Path::new("profiles").is_dir() {
            PathBuf::from("profiles")
        } else {
            PathBuf::from(".")
        };
        dir.join(format!("{}.yaml", slug(&name)))
    });
    if path.exists() {
        eprintln!(
            "error: {} exists; cvpdf new never overwrites a profile",
            path.display()
        );
        return EXIT_FAILED;
    }
    let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let text = include_str!("starter.yaml")
        .replace("name: {name}", &format!("name: {}", quoted(&name)))
        .replace("[{name}*,", &format!("[{},", quoted(&format!("{name}*"))))
        .replace("{file}", &path.display().to_string())
        .replace("{name}", &name);
    let dir = batch::output_dir(&path);
    if let Err(problems) = profile::parse(&text, &dir) {
        // Only a name that YAML cannot hold could get here.
        eprintln!(
            "error: the starter profile for this name is not valid: {}",
            problems[0].message
        );
        return EXIT_FAILED;
    }
    if let Err(err) =
        fs::create_dir_all(&dir).and_then(|()| crate::output::write_atomic(&path, text.as_bytes()))
    {
        eprintln!("error: cannot write {}: {err}", path.display());
        return EXIT_FAILED;
    }
    let schema_path = dir.join(SCHEMA_FILE);
    if !schema_path.exists() {
        let _ = crate::output::write_atomic(&schema_path, schema().as_bytes());
    }
    println!(
        "wrote {} (render it with: cvpdf render {})",
        path.display(),
        path.display()
    );
    EXIT_OK
}

/// A file name for a person: lower-case ASCII letters and digits joined by dashes.
pub fn slug(name: &str) -> String {
    let folded: String = name
        .chars()
        .map(|c| match c {
            'à'..='å' | 'À'..='Å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'Ç' | 'ć' | 'č' => 'c',
            'è'..='ë' | 'È'..='Ë' | 'ē' | 'ę' | 'ě' => 'e',
            'ì'..='ï' | 'Ì'..='Ï' | 'ī' => 'i',
            'ñ' | 'Ñ' | 'ń' | 'ň' => 'n',
            'ò'..='ö' | 'Ò'..='Ö' | 'ø' | 'Ø' | 'ō' | 'ő' => 'o',
            'ù'..='ü' | 'Ù'..='Ü' | 'ū' | 'ů' | 'ű' => 'u',
            'ý' | 'ÿ' | 'Ý' => 'y',
            'ß' => 's',
            'ł' | 'Ł' => 'l',
            'š' | 'Š' | 'ś' => 's',
            'ž' | 'Ž' | 'ź' | 'ż' => 'z',
            c => c,
        })
        .collect();
    let words: Vec<String> = folded
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        "profile".into()
    } else {
        words.join("-")
    }
}

fn import(args: ImportArgs) -> u8 {
    let text = match fs::read_to_string(&args.file) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: cannot read {}: {err}", args.file.display());
            return EXIT_FAILED;
        }
    };
    let imported = match crate::import::import(&text, args.from) {
        Ok(imported) => imported,
        Err(message) => {
            eprintln!("error: {}: {message}", args.file.display());
            return EXIT_FAILED;
        }
    };
    let source = args
        .file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let yaml = match crate::import::to_yaml(&imported, &source) {
        Ok(yaml) => yaml,
        Err(message) => {
            eprintln!("error: {message}");
            return EXIT_FAILED;
        }
    };
    let dir = args
        .output
        .as_deref()
        .map_or_else(|| PathBuf::from("."), batch::output_dir);
    if let Err(problems) = profile::parse(&yaml, &dir) {
        let report = crate::diag::Report::new(
            Path::new("imported profile"),
            Some(yaml.clone().into()),
            problems,
        );
        emit_report(&report);
        eprintln!("error: the converted profile is not valid; nothing written");
        return EXIT_FAILED;
    }
    for warning in &imported.warnings {
        eprintln!("warning: not carried over: {warning}");
    }
    match args.output {
        None => print!("{yaml}"),
        Some(path) => {
            if path.exists() {
                eprintln!(
                    "error: {} exists; cvpdf import never overwrites a profile",
                    path.display()
                );
                return EXIT_FAILED;
            }
            if let Err(err) = crate::output::write_atomic(&path, yaml.as_bytes()) {
                eprintln!("error: cannot write {}: {err}", path.display());
                return EXIT_FAILED;
            }
            eprintln!(
                "wrote {} from {} ({})",
                path.display(),
                args.file.display(),
                imported.format
            );
        }
    }
    EXIT_OK
}

fn import_bib(args: ImportBibArgs) -> u8 {
    let bib = match fs::read_to_string(&args.file) {
        Ok(bib) => bib,
        Err(err) => {
            eprintln!("error: cannot read {}: {err}", args.file.display());
            return EXIT_FAILED;
        }
    };
    let loaded = match profile::load(&args.into) {
        Ok(loaded) => loaded,
        Err(report) => {
            emit_report(&report);
            return EXIT_FAILED;
        }
    };
    let (incoming, skipped) = match crate::import::bib::publications(&bib) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("error: {}: {message}", args.file.display());
            return EXIT_FAILED;
        }
    };
    let outcome =
        match crate::import::bib::merge(&loaded.text, &loaded.profile, &loaded.dir, incoming) {
            Ok(outcome) => outcome,
            Err(message) => {
                eprintln!("error: {}: {message}", args.into.display());
                return EXIT_FAILED;
            }
        };
    if outcome.text != *loaded.text {
        if let Err(err) = crate::output::write_atomic(&args.into, outcome.text.as_bytes()) {
            eprintln!("error: cannot write {}: {err}", args.into.display());
            return EXIT_FAILED;
        }
    }
    for reason in skipped.iter().chain(&outcome.skipped) {
        eprintln!("warning: not imported: {reason}");
    }
    println!(
        "{}: {} added, {} updated from {}",
        args.into.display(),
        outcome.added.len(),
        outcome.updated.len(),
        args.file.display()
    );
    EXIT_OK
}

fn publish(args: PublishArgs) -> u8 {
    if !args.site.is_dir() {
        return usage_error(&format!(
            "--site {} is not a directory",
            args.site.display()
        ));
    }
    let profiles = match crate::publish::profiles_in(&args.profiles) {
        Ok(profiles) => profiles,
        Err(message) => return usage_error(&message),
    };
    let renderer = match renderer(&args.fonts, &[]) {
        Ok(renderer) => renderer,
        Err(message) => return usage_error(&message),
    };
    let mut styles = match styles(&args.style, renderer.fonts()) {
        Ok(styles) => styles,
        Err(code) => return code,
    };
    let verb = if args.dry_run { "would write" } else { "wrote" };
    let (mut failed, mut changed, mut unlinked) = (0, 0, Vec::new());
    for path in &profiles {
        match crate::publish::publish_one(&renderer, &mut styles, path, &args.site, args.dry_run) {
            Ok(published) => {
                for change in &published.changes {
                    println!("{verb} {change}");
                }
                changed += published.changes.len();
                if published.no_author_page {
                    unlinked.push(path.clone());
                }
            }
            Err(message) => {
                eprint!("{message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
                eprintln!("error: {} is not published", path.display());
                failed += 1;
            }
        }
    }
    for path in &unlinked {
        let slug = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        eprintln!(
            "note: {} has no author page (content/authors/{slug}/_index.md or data/authors/{slug}.yaml); its CV is uploaded but not linked",
            path.display()
        );
    }
    if changed == 0 && failed == 0 {
        println!("the site is up to date");
    }
    if failed > 0 {
        eprintln!("error: {failed} of {} profiles failed", profiles.len());
        EXIT_FAILED
    } else {
        EXIT_OK
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
    let inputs = match expand_inputs(&args.target.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    let jobs = match plan_jobs(&inputs, args.target.output.as_deref(), &args.target.format) {
        Ok(jobs) => jobs,
        Err(message) => return usage_error(&message),
    };
    let renderer = match renderer(&args.fonts, &args.target.pdf_standards) {
        Ok(renderer) => renderer,
        Err(message) => return usage_error(&message),
    };
    let mut styles = match styles(&args.style, renderer.fonts()) {
        Ok(styles) => styles,
        Err(code) => return code,
    };
    let options = BatchOptions {
        ppi: args.target.ppi,
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

/// Exit code: interrupted (128 + SIGINT), as shells expect.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Prints the counts of a batch and a table of its failures, and returns the exit code.
fn report_summary(summary: &Summary, quiet: bool) -> u8 {
    let total = summary.rendered + summary.unchanged + summary.failed.len() + summary.interrupted;
    if summary.interrupted > 0 {
        eprintln!(
            "interrupted: {} of {total} profiles not rendered ({} rendered, {} unchanged, {} failed); every file written is complete",
            summary.interrupted,
            summary.rendered,
            summary.unchanged,
            summary.failed.len()
        );
    }
    if summary.failed.is_empty() {
        if !quiet && total > 1 && summary.interrupted == 0 {
            eprintln!(
                "{} rendered, {} unchanged",
                summary.rendered, summary.unchanged
            );
        }
        return if summary.interrupted > 0 {
            EXIT_INTERRUPTED
        } else {
            EXIT_OK
        };
    }
    eprintln!(
        "error: {} of {total} profiles failed ({} rendered, {} unchanged):",
        summary.failed.len(),
        summary.rendered,
        summary.unchanged
    );
    let rows: Vec<(String, &str)> = summary
        .failed
        .iter()
        .map(|(p, reason)| (p.display().to_string(), reason.as_str()))
        .collect();
    let width = rows
        .iter()
        .map(|(p, _)| p.chars().count())
        .max()
        .unwrap_or(0)
        .max("PROFILE".len());
    eprintln!("  {:<width$}  {:<6}  ERROR", "PROFILE", "STATUS");
    for (profile, reason) in rows {
        eprintln!("  {profile:<width$}  {:<6}  {reason}", "failed");
    }
    if summary.interrupted > 0 {
        EXIT_INTERRUPTED
    } else {
        EXIT_FAILED
    }
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

/// One job per profile, writing each format where `-o` says.
fn plan_jobs(
    inputs: &[PathBuf],
    output: Option<&Path>,
    formats: &[Format],
) -> Result<Vec<Job>, String> {
    let mut formats: Vec<Format> = formats.to_vec();
    formats.dedup();
    let target = output_target(output, inputs.len(), &formats)?;
    Ok(inputs
        .iter()
        .map(|input| Job {
            input: input.clone(),
            outputs: formats
                .iter()
                .map(|f| (*f, target.path_for(input, f.extension())))
                .collect(),
        })
        .collect())
}

fn watch(args: WatchArgs) -> u8 {
    let inputs = match expand_inputs(&args.target.inputs) {
        Ok(inputs) => inputs,
        Err(message) => return usage_error(&message),
    };
    if let Err(message) = plan_jobs(&inputs, args.target.output.as_deref(), &args.target.format) {
        return usage_error(&message);
    }
    let renderer = match renderer(&args.fonts, &args.target.pdf_standards) {
        Ok(renderer) => renderer,
        Err(message) => return usage_error(&message),
    };
    // The session builds its own styles; a bad flag is found here, before watching starts.
    if let Err(code) = styles(&args.style, renderer.fonts()) {
        return code;
    }
    let plan =
        |inputs: &[PathBuf]| plan_jobs(inputs, args.target.output.as_deref(), &args.target.format);
    let session = crate::watch::Session {
        renderer: &renderer,
        overrides: args.style.overrides(),
        inputs: args.target.inputs.clone(),
        ppi: args.target.ppi,
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

/// The styles of a run: the command line's overrides, checked once before any profile (a
/// bad flag is a usage error).
fn styles<'a>(args: &StyleArgs, fonts: &'a FontSet) -> Result<Styles<'a>, u8> {
    let styles = Styles::new(args.overrides(), fonts);
    match styles.check_overrides() {
        Ok(()) => Ok(styles),
        Err(report) => {
            emit_report(&report);
            Err(EXIT_USAGE)
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
    let mut styles = match styles(&args.style, &fonts) {
        Ok(styles) => styles,
        Err(code) => return code,
    };
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
fn output_target(
    output: Option<&Path>,
    inputs: usize,
    formats: &[Format],
) -> Result<Target, String> {
    let Some(output) = output else {
        return Ok(Target::NextToProfile);
    };
    let is_file = !output.is_dir()
        && formats.len() == 1
        && output
            .extension()
            .is_some_and(|e| e == formats[0].extension());
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
