//! `cvpdf new`: a commented starter profile that renders as it is, and the JSON Schema beside
//! it for editors; `cvpdf schema` prints that schema.

use std::path::{Path, PathBuf};

use crate::output::{create_new, parent_dir, write_atomic};
use crate::profile;

use super::Error;

/// Options of `cvpdf new`.
pub struct Options {
    /// The researcher's full name.
    pub name: String,
    /// Where to write the profile.
    pub output: Option<PathBuf>,
}

/// The file name of the schema `cvpdf new` writes next to a new profile.
const SCHEMA_FILE: &str = "cvpdf.schema.json";

/// Runs `cvpdf new`.
pub fn run(options: Options) -> Result<(), Error> {
    let name = options
        .name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if name.is_empty() {
        return Err(Error::usage("the name must not be empty"));
    }
    if options.output.as_deref() == Some(Path::new("-")) {
        // Standard output: the starter alone (an editor finds no schema beside it).
        let file = format!("{}.yaml", crate::slug(&name));
        let text = starter(&name, &file);
        crate::diag::outln!("{}", text.trim_end_matches('\n'));
        return Ok(());
    }
    let path = options.output.unwrap_or_else(|| {
        let dir = if Path::new("profiles").is_dir() {
            PathBuf::from("profiles")
        } else {
            PathBuf::from(".")
        };
        dir.join(format!("{}.yaml", crate::slug(&name)))
    });
    if path.exists() {
        return Err(Error::failed(format!(
            "{} exists; cvpdf new never overwrites a profile",
            path.display()
        )));
    }
    let text = starter(&name, &path.display().to_string());
    let dir = parent_dir(&path);
    if let Err(problems) = profile::parse(&text, &dir) {
        // Only a name that YAML cannot hold could get here.
        return Err(Error::failed(format!(
            "the starter profile for this name is not valid: {}",
            problems[0].message
        )));
    }
    create_new(&path, text.as_bytes())
        .map_err(|err| Error::failed(format!("cannot write {}: {err}", path.display())))?;
    let schema_path = dir.join(SCHEMA_FILE);
    if !schema_path.exists() {
        let _ = write_atomic(&schema_path, crate::profile::reference::schema().as_bytes());
    }
    let line = format!(
        "wrote {} (render it with: cvpdf render {})",
        path.display(),
        path.display()
    );
    crate::diag::outln!("{}", crate::diag::escape_line(&line));
    Ok(())
}

/// The starter profile for `name`, saved as `file`. Its placeholders are filled in one pass,
/// so a name that itself holds `{name}` is not filled again; values are written by a
/// serializer (a JSON string is a YAML double-quoted scalar), comments get the plain text.
fn starter(name: &str, file: &str) -> String {
    let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let plain = |s: &str| crate::diag::escape_controls(s).replace(['\n', '\r'], " ");
    let fills = [
        ("name: {name}", format!("name: {}", quoted(name))),
        ("[{name}*,", format!("[{},", quoted(&format!("{name}*")))),
        ("{name}", plain(name)),
        ("{file}", plain(file)),
    ];
    let mut rest = include_str!("../starter.yaml");
    let mut out = String::with_capacity(rest.len() + 4 * name.len());
    while !rest.is_empty() {
        match fills
            .iter()
            .find(|(placeholder, _)| rest.starts_with(placeholder))
        {
            Some((placeholder, value)) => {
                out.push_str(value);
                rest = &rest[placeholder.len()..];
            }
            None => {
                let next = rest.chars().next().map_or(1, char::len_utf8);
                out.push_str(&rest[..next]);
                rest = &rest[next..];
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_holds_the_name_as_given() {
        for name in ["Ada {name}", "Ada: {file} #1", "O'Neil \"Q\" [x]*"] {
            let text = starter(name, "p.yaml");
            let profile = crate::profile::parse(&text, Path::new(".")).unwrap();
            assert_eq!(profile.name, name);
            assert_eq!(profile.name_variants, Vec::<String>::new());
        }
    }
}
