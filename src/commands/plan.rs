//! From the command line's inputs and `-o` to jobs: which profiles, and where each output
//! goes.

use std::fs;
use std::path::{Path, PathBuf};

use crate::pipeline::{Format, Job};

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

/// One job per profile, writing each format where `-o` says.
pub fn plan_jobs(
    inputs: &[PathBuf],
    output: Option<&Path>,
    formats: &[Format],
) -> Result<Vec<Job>, String> {
    let target = output_target(output, inputs.len(), formats)?;
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
    fn path_for(&self, profile: &Path, extension: &str) -> PathBuf {
        let stem = profile
            .file_stem()
            .map_or_else(|| "cv".into(), |s| s.to_os_string());
        let mut name = PathBuf::from(stem);
        name.set_extension(extension);
        match self {
            OutputTarget::NextToProfile => profile.with_file_name(name),
            OutputTarget::File(path) => path.clone(),
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
) -> Result<OutputTarget, String> {
    let Some(output) = output else {
        return Ok(OutputTarget::NextToProfile);
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
        return Ok(OutputTarget::File(output.to_path_buf()));
    }
    if output.exists() && !output.is_dir() {
        return Err(format!(
            "-o {} exists and is not a directory",
            output.display()
        ));
    }
    fs::create_dir_all(output)
        .map_err(|e| format!("cannot create the directory {}: {e}", output.display()))?;
    Ok(OutputTarget::Dir(output.to_path_buf()))
}
