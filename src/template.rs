//! Templates: the built-in ones compiled into the binary, or a user's `.typ` file.
//!
//! Every template exports `cv(profile, style)`, which receives the dictionaries described at
//! the top of `templates/common.typ` (the data contract). Templates may import `common.typ`,
//! the shared helpers, which is always available beside them with `i18n.yaml` and `icons.yaml`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::{unknown, Problem};

/// A template compiled into the binary.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The name used with `--template`.
    pub name: &'static str,
    /// What it looks like, in one line.
    pub description: &'static str,
    /// Its Typst source.
    pub source: &'static str,
}

/// The built-in templates; the first is the default.
pub const BUILTIN: &[Builtin] = &[
    Builtin {
        name: "classic",
        description: "academic serif look in the spirit of Awesome-CV and moderncv, one accent colour, dates right-aligned",
        source: include_str!("../templates/classic.typ"),
    },
    Builtin {
        name: "modern",
        description: "sans-serif, a sober colour band in the header, dates in a left column",
        source: include_str!("../templates/modern.typ"),
    },
    Builtin {
        name: "compact",
        description: "dense serif layout for applications with page limits (two pages hold what classic puts in three)",
        source: include_str!("../templates/compact.typ"),
    },
];

/// The shared helpers every template may import as `common.typ`.
pub const COMMON: &str = include_str!("../templates/common.typ");

/// The file name the shared helpers are served under.
pub const COMMON_FILE: &str = "common.typ";

/// A file served beside the main file: the template, the shared helpers, the words of every
/// language, the lab logo.
#[derive(Debug, Clone)]
pub struct SupportFile {
    /// Its name beside the main file, e.g. `classic.typ`.
    pub name: String,
    /// Its bytes.
    pub bytes: Arc<[u8]>,
    /// How diagnostics name it.
    pub display: String,
}

/// The words the templates print, per language (`templates/i18n.yaml`).
pub const I18N: &str = include_str!("../templates/i18n.yaml");

/// The icons the templates may draw, and the bundled faces that hold them
/// (`templates/icons.yaml`).
pub const ICONS: &str = include_str!("../templates/icons.yaml");

/// The file name the icon table is served under.
pub const ICONS_FILE: &str = "icons.yaml";

/// The virtual path of the generated main file, which imports the template.
pub const MAIN_FILE: &str = "main.typ";

/// The file name the words of every language are served under.
pub const I18N_FILE: &str = "i18n.yaml";

/// The words table, `templates/i18n.yaml`, read once per process: every reader of it (the
/// language list, the quotes of smart punctuation, the lab's page) takes it from here.
pub fn words() -> &'static serde_yaml::Mapping {
    static WORDS: std::sync::OnceLock<serde_yaml::Mapping> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| serde_yaml::from_str(I18N).unwrap_or_default())
}

/// The words of `lang`, or of English for a language the table lacks (the one fallback).
pub fn words_of(lang: &str) -> &'static serde_yaml::Value {
    static NONE: serde_yaml::Value = serde_yaml::Value::Null;
    let words = words();
    words
        .get(lang)
        .filter(|table| table.is_mapping())
        .or_else(|| words.get("en"))
        .unwrap_or(&NONE)
}

/// The languages of `templates/i18n.yaml`: every profile's translations are checked against
/// them.
pub fn languages() -> Vec<String> {
    words()
        .keys()
        .filter_map(|k| k.as_str().map(str::to_string))
        .collect()
}

/// Each language of `templates/i18n.yaml` with its name in itself (`de` → `Deutsch`).
pub fn language_names() -> Vec<(String, String)> {
    words()
        .iter()
        .filter_map(|(k, v)| {
            Some((
                k.as_str()?.to_string(),
                v.get("language")?.as_str()?.to_string(),
            ))
        })
        .collect()
}

/// A template chosen for a render.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Template {
    /// The file name the generated main file imports, e.g. `classic.typ`.
    pub file_name: String,
    /// The template's source.
    pub source: String,
    /// Where a user template was read from (`None` for built-ins).
    pub path: Option<PathBuf>,
}

impl Template {
    /// Resolves `--template`: a built-in name, or a path to a `.typ` file.
    pub fn resolve(spec: &str) -> Result<Self, Problem> {
        if let Some(builtin) = BUILTIN.iter().find(|b| b.name == spec) {
            return Ok(Self::builtin(builtin));
        }
        let path = Path::new(spec);
        if path.extension().is_some_and(|e| e == "typ") || spec.contains(['/', '\\']) {
            let source = fs::read_to_string(path).map_err(|err| {
                Problem::error(format!(
                    "cannot read the template {}: {err}",
                    path.display()
                ))
            })?;
            let file_name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .filter(|n| n != COMMON_FILE && n != MAIN_FILE)
                .unwrap_or_else(|| "template.typ".into());
            return Ok(Self {
                file_name,
                source,
                path: Some(path.to_path_buf()),
            });
        }
        let names: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
        let list = format!(
            "the built-in templates are {}; or give a path to a .typ file",
            names.join(", ")
        );
        Err(unknown("template", spec, names.iter().copied(), String::new).with_help(list))
    }

    /// The built-in template `name` (no paths: a profile's variant may only name these).
    pub fn builtin_named(name: &str) -> Result<Self, Problem> {
        let names: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
        match BUILTIN.iter().find(|b| b.name == name) {
            Some(builtin) => Ok(Self::builtin(builtin)),
            None => Err(
                unknown("template", name, names.iter().copied(), String::new).with_help(format!(
                    "a profile's variant can use the built-in templates ({}); a template file \
                     belongs in the lab's cvpdf.yaml",
                    names.join(", ")
                )),
            ),
        }
    }

    /// The default template.
    pub fn default_builtin() -> Self {
        Self::builtin(&BUILTIN[0])
    }

    fn builtin(b: &Builtin) -> Self {
        Self {
            file_name: format!("{}.typ", b.name),
            source: b.source.to_string(),
            path: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_names_and_suggests_close_ones() {
        assert_eq!(
            Template::resolve("classic").unwrap().file_name,
            "classic.typ"
        );
        let err = Template::resolve("clasic").unwrap_err();
        assert!(err.message.contains("did you mean \"classic\""), "{err:?}");
        assert!(Template::resolve("nothere.typ")
            .unwrap_err()
            .message
            .contains("cannot read"));
    }
}
