//! Templates: the built-in ones compiled into the binary, or a user's `.typ` file.
//!
//! Every template exports `cv(profile, style)`, which receives the dictionaries described at
//! the top of `templates/common.typ` (the data contract). Templates may import `common.typ`,
//! the shared helpers, which is always available beside them with `i18n.yaml` and `icons.yaml`.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

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

/// The web CV's template: the data contract's `cv` written as HTML.
pub const WEB: &str = include_str!("../templates/web.typ");

/// The file name the web CV's template is served under.
pub const WEB_FILE: &str = "web.typ";

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

/// The built-in files every render serves beside its main file and template, by name: the
/// shared helpers, the words and the icon table.
pub const SHARED_FILES: [(&str, &str); 3] = [
    (COMMON_FILE, COMMON),
    (I18N_FILE, I18N),
    (ICONS_FILE, ICONS),
];

/// The words table, `templates/i18n.yaml`, whole, read once per process: for the readers that
/// look through every language (the importers' section names). A render needs one language's
/// table: [`words_of`].
pub fn words() -> &'static serde_yaml::Mapping {
    static WORDS: OnceLock<serde_yaml::Mapping> = OnceLock::new();
    WORDS.get_or_init(|| serde_yaml::from_str(I18N).unwrap_or_default())
}

/// One language's table of `templates/i18n.yaml`: its key, its lines, and what they say, read
/// the first time they are asked for. Parsing the whole file took ~3 ms of every run (more
/// than a fifth of cvpdf's own work around a compile), and a render needs one language.
struct Table {
    lang: &'static str,
    text: &'static str,
    words: OnceLock<serde_yaml::Value>,
    quotes: OnceLock<Option<[String; 4]>>,
}

/// The tables of `templates/i18n.yaml`, in its order.
fn tables() -> &'static [Table] {
    static TABLES: OnceLock<Vec<Table>> = OnceLock::new();
    TABLES.get_or_init(|| {
        split_tables(I18N)
            .into_iter()
            .map(|(lang, text)| Table {
                lang,
                text,
                words: OnceLock::new(),
                quotes: OnceLock::new(),
            })
            .collect()
    })
}

/// `text` (a YAML mapping of mappings) cut into its top-level entries, each with its key: an
/// entry starts at a line that is neither indented nor a comment and ends where the next one
/// starts. (The file is cvpdf's own; a test checks the cut against a full parse.)
fn split_tables(text: &str) -> Vec<(&str, &str)> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let key = line.trim_end().strip_suffix(':');
        if let Some(key) = key.filter(|k| !k.is_empty() && !line.starts_with([' ', '\t', '#'])) {
            starts.push((offset, key));
        }
        offset += line.len();
    }
    let ends = starts.iter().skip(1).map(|s| s.0).chain([text.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&(start, key), end)| (key, &text[start..end]))
        .collect()
}

impl Table {
    /// The words of this language (a mapping; null if the table were not one).
    fn words(&self) -> &serde_yaml::Value {
        self.words.get_or_init(|| {
            serde_yaml::from_str::<serde_yaml::Mapping>(self.text)
                .ok()
                .and_then(|mut m| m.remove(self.lang))
                .unwrap_or_default()
        })
    }
}

/// The digest of what the binary brings to every render: the shared helpers, the words, the
/// icon table, the built-in templates and the bundled faces (computed once per process).
pub(crate) fn built_in_digest() -> u128 {
    use siphasher::sip128::{Hasher128, SipHasher13};
    use std::hash::Hash;
    static BUILT_IN: OnceLock<u128> = OnceLock::new();
    *BUILT_IN.get_or_init(|| {
        let mut hasher = SipHasher13::new();
        COMMON.hash(&mut hasher);
        WEB.hash(&mut hasher);
        I18N.hash(&mut hasher);
        ICONS.hash(&mut hasher);
        for template in BUILTIN {
            template.source.hash(&mut hasher);
        }
        crate::fonts::fingerprint_bundled(&mut hasher);
        hasher.finish128().as_u128()
    })
}

/// The language of a CV whose profile, lab and command line name none; its words also stand in
/// for a language the table lacks.
pub const DEFAULT_LANGUAGE: &str = "en";

/// The words of `lang`, or of [`DEFAULT_LANGUAGE`] for a language the table lacks (the one
/// fallback).
pub fn words_of(lang: &str) -> &'static serde_yaml::Value {
    static NONE: serde_yaml::Value = serde_yaml::Value::Null;
    let find = |lang: &str| {
        tables()
            .iter()
            .find(|t| t.lang == lang)
            .map(Table::words)
            .filter(|words| words.is_mapping())
    };
    find(lang)
        .or_else(|| find(DEFAULT_LANGUAGE))
        .unwrap_or(&NONE)
}

/// The quotation marks of `lang` (`quotes` in its table: opening and closing double, then
/// single), or none when its table has none.
pub fn quotes_of(lang: &str) -> Option<&'static [String; 4]> {
    let table = tables().iter().find(|t| t.lang == lang)?;
    table
        .quotes
        .get_or_init(|| {
            let marks: Vec<String> =
                serde_yaml::from_value(table.words().get("quotes")?.clone()).ok()?;
            marks.try_into().ok()
        })
        .as_ref()
}

/// The languages of `templates/i18n.yaml`: every profile's translations are checked against
/// them, and `--lang` offers them. Read off the file's top-level keys, without parsing it.
pub fn languages() -> Vec<String> {
    tables().iter().map(|t| t.lang.to_string()).collect()
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

/// The code of the language of `templates/i18n.yaml` that `name` names: its code (`de`,
/// `pt-BR`), its English name, or a name holding it (`mandarin_chinese`), in any case.
pub fn language_code(name: &str) -> Option<String> {
    let name = name.trim().to_lowercase();
    words().iter().find_map(|(code, table)| {
        let code = code.as_str()?;
        let english = table.get("in_english")?.as_str()?.to_lowercase();
        let named = name == code
            || name.starts_with(&format!("{code}-"))
            || name.starts_with(&format!("{code}_"))
            || name.contains(&english);
        named.then(|| code.to_string())
    })
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
                .filter(|n| n != COMMON_FILE && n != MAIN_FILE && n != WEB_FILE)
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
    fn each_language_read_alone_is_what_the_whole_file_says() {
        let whole = words();
        let keys: Vec<String> = whole
            .keys()
            .filter_map(|k| k.as_str().map(str::to_string))
            .collect();
        assert_eq!(languages(), keys);
        assert!(keys.len() >= 10, "{keys:?}");
        for lang in &keys {
            assert_eq!(Some(words_of(lang)), whole.get(lang.as_str()), "{lang}");
            assert_eq!(quotes_of(lang).map(|q| q.len()), Some(4), "{lang}");
        }
        assert_eq!(words_of("xx"), whole.get("en").unwrap());
        assert_eq!(
            split_tables("# c\na:\n  x: 1\n# d\nb:\n  y: [1]\n"),
            [("a", "a:\n  x: 1\n# d\n"), ("b", "b:\n  y: [1]\n")]
        );
    }

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
