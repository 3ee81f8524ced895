//! From the command line's inputs and `-o` to jobs: which profiles ([`expand_inputs`]), in
//! which variants ([`plan_variants`], in `variants.rs`), and where each output goes
//! ([`plan_jobs`]). Every command that renders plans through here.

mod variants;

pub use variants::{plan_variants, undefined_variants, Planned, VariantChoice};

use std::fs;
use std::path::{Path, PathBuf};

use crate::diag::Problem;
use crate::pipeline::{Format, Job};

/// Files stay as given; a directory stands for its `*.yaml` and `*.yml` files (sorted), except
/// the lab's `cvpdf.yaml` configuration and hidden files. A file named twice, however it is
/// written (`p.yaml ./p.yaml`, a folder and a file in it), is there once, where first named.
/// A path that names nothing is refused (the caller's usage error).
pub fn expand_inputs(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, Problem> {
    let mut seen = std::collections::HashSet::new();
    Ok(every_input(inputs)?
        .into_iter()
        .filter(|path| seen.insert(crate::output::absolute(path)))
        .collect())
}

/// Every file the inputs name, in order, as [`expand_inputs`] says, repeats included.
fn every_input(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, Problem> {
    let mut out = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let entries = fs::read_dir(input).map_err(|e| {
                Problem::error(format!(
                    "cannot read the directory {}: {e}",
                    input.display()
                ))
            })?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && is_profile_file(p))
                .collect();
            if found.is_empty() {
                return Err(Problem::error(format!(
                    "{} holds no profiles (*.yaml files)",
                    input.display()
                )));
            }
            found.sort();
            out.extend(found);
        } else if input.exists() {
            out.push(input.clone());
        } else {
            // A path that names nothing is a mistyped argument, as in most command lines
            // (ripgrep exits 2): a usage error, before anything is read or written.
            return Err(Problem::error(format!(
                "{} does not exist: name a profile or a folder of profiles",
                input.display()
            )));
        }
    }
    Ok(out)
}

/// Whether a file found in a directory is a profile: `*.yaml` or `*.yml`, not the lab's
/// configuration, and not hidden (editors' lock and backup files such as Emacs's
/// `.#ada.yaml` are hidden, and a hidden name such as `...yaml` names no CV).
fn is_profile_file(path: &Path) -> bool {
    let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let config = path.file_stem().is_some_and(|s| s == "cvpdf");
    let hidden = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'));
    yaml && !config && !hidden
}

/// One job per CV (profile and variant), writing each format where `-o` says: a variant's
/// outputs are named `<stem>-<variant>`.
pub fn plan_jobs(
    planned: &[Planned],
    output: Option<&Path>,
    formats: &[Format],
) -> Result<Vec<Job>, Problem> {
    for (input, _) in planned {
        crate::output::profile_stem(input)?;
    }
    let target = output_target(output, planned.len(), formats)?;
    let jobs: Vec<Job> = planned
        .iter()
        .flat_map(|(input, variants)| {
            variants.iter().map(|variant| Job {
                input: input.clone(),
                variant: variant.clone(),
                outputs: formats
                    .iter()
                    .map(|f| (*f, target.path_for(input, *f, variant.as_deref())))
                    .collect(),
            })
        })
        .collect();
    // Two CVs with one output (`a/cv.yaml`, `b/cv.yaml` with `-o out/`; or `cv.yaml`'s
    // variant `short` and a profile `cv-short.yaml`) would write one file, and one CV would
    // be lost: refused before anything is read or written.
    let mut seen: std::collections::HashMap<PathBuf, &Job> = std::collections::HashMap::new();
    for job in &jobs {
        for (_, output) in &job.outputs {
            let key = crate::output::absolute(output);
            if let Some(other) = seen.insert(key, job) {
                if other.input != job.input || other.variant != job.variant {
                    return Err(Problem::error(format!(
                        "{} and {} would both be written to {}; render them into different \
                         directories, or rename one",
                        shown_cv(other),
                        shown_cv(job),
                        output.display()
                    )));
                }
            }
        }
    }
    // The same profile named twice is rendered once.
    let mut unique: Vec<Job> = Vec::with_capacity(jobs.len());
    for job in jobs {
        if !unique.iter().any(|j| j.outputs == job.outputs) {
            unique.push(job);
        }
    }
    Ok(unique)
}

/// A job's profile, with its variant: `cv.yaml (variant short)`.
fn shown_cv(job: &Job) -> String {
    match &job.variant {
        Some(v) => format!("{} (variant {v})", job.input.display()),
        None => job.input.display().to_string(),
    }
}

/// Where rendered files go.
enum OutputTarget {
    /// `<stem>.<ext>` next to each profile.
    NextToProfile,
    /// Exactly this file (one profile only).
    File(PathBuf),
    /// `<stem>.<ext>` in this directory.
    Dir(PathBuf),
}

impl OutputTarget {
    /// Where `profile`'s output of `format` goes. Typst source, which brings the template,
    /// helpers, words and pictures along, gets a folder of its own, `<stem>-typst/`, so that
    /// none of them lands among the profiles (an `i18n.yaml` there would be taken for one).
    fn path_for(&self, profile: &Path, format: Format, variant: Option<&str>) -> PathBuf {
        let mut stem = std::ffi::OsString::from(
            crate::output::profile_stem(profile).unwrap_or_else(|_| "cv".into()),
        );
        if let Some(variant) = variant {
            stem.push("-");
            stem.push(variant);
        }
        // Appended, not set: `x.v1.yaml` is `x.v1.pdf`, never `x.pdf`.
        let mut name = stem.clone();
        name.push(".");
        name.push(format.extension());
        let mut name = PathBuf::from(name);
        if format == Format::Typ {
            let mut folder = stem;
            folder.push("-typst");
            name = Path::new(&folder).join(name);
        }
        match self {
            OutputTarget::NextToProfile => profile.with_file_name(name),
            OutputTarget::File(path) => match variant {
                // `-o cv.pdf --variant short` writes cv-short.pdf beside it.
                Some(variant) => {
                    let mut name = path
                        .file_stem()
                        .map_or_else(|| "cv".into(), |s| s.to_os_string());
                    name.push("-");
                    name.push(variant);
                    name.push(".");
                    name.push(format.extension());
                    path.with_file_name(name)
                }
                None => path.clone(),
            },
            OutputTarget::Dir(dir) => dir.join(name),
        }
    }
}

/// `-o` is a file when it ends in the format's extension and is not a directory; else a
/// directory, created if needed.
fn output_target(
    output: Option<&Path>,
    inputs: usize,
    formats: &[Format],
) -> Result<OutputTarget, Problem> {
    let Some(output) = output else {
        return Ok(OutputTarget::NextToProfile);
    };
    let is_file = !output.is_dir()
        && formats.len() == 1
        && output.extension().is_some_and(|e| formats[0].named_by(e));
    if is_file {
        if inputs != 1 {
            return Err(Problem::error(format!(
                "-o {} names one file, but there are {inputs} profiles; give a directory instead",
                output.display()
            ))
            .at_field("-o"));
        }
        // Its folder is made as `-o DIR/` would be.
        let folder = crate::output::parent_dir(output);
        fs::create_dir_all(&folder).map_err(|e| {
            Problem::error(format!(
                "cannot create the directory {}: {e}",
                folder.display()
            ))
            .at_field("-o")
        })?;
        return Ok(OutputTarget::File(output.to_path_buf()));
    }
    if output.exists() && !output.is_dir() {
        return Err(Problem::error(format!(
            "-o {} exists and is not a directory",
            output.display()
        ))
        .at_field("-o"));
    }
    // `-o cv.png` without `--format png` would otherwise become a directory named cv.png.
    let looks_like_a_file = [
        Format::Pdf,
        Format::Png,
        Format::Svg,
        Format::Typ,
        Format::Html,
        Format::Md,
    ]
    .into_iter()
    .find(|f| output.extension().is_some_and(|e| f.named_by(e)));
    if let (false, Some(named)) = (output.is_dir(), looks_like_a_file) {
        let asked: Vec<&str> = formats.iter().map(|f| f.extension()).collect();
        return Err(Problem::error(format!(
            "-o {} names a .{} file, but the format asked for is {}; add --format {} (one \
             format), or give a directory",
            output.display(),
            output.extension().unwrap_or_default().to_string_lossy(),
            asked.join(" and "),
            named.extension(),
        ))
        .at_field("-o"));
    }
    fs::create_dir_all(output).map_err(|e| {
        Problem::error(format!(
            "cannot create the directory {}: {e}",
            output.display()
        ))
        .at_field("-o")
    })?;
    Ok(OutputTarget::Dir(output.to_path_buf()))
}
