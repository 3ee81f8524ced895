//! The unit tests of `style/mod.rs`.

use super::*;
use crate::diag::Problem;
use crate::fonts::FontOptions;

fn fonts() -> FontSet {
    FontSet::new(FontOptions::default())
}

fn style(yaml: &str) -> Result<Style, Vec<Problem>> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cvpdf.yaml");
    std::fs::write(&path, yaml).unwrap();
    load_style(Some(&path), &Overrides::default(), &fonts()).map_err(|r| r.problems)
}

#[test]
fn colours_are_names_or_hex() {
    assert_eq!(Color::parse("Navy").unwrap(), Color::Named("navy"));
    assert_eq!(Color::parse("#36C").unwrap(), Color::Hex("#3366cc".into()));
    assert!(Color::parse("#12345").is_err());
    assert!(Color::parse("bleu")
        .unwrap_err()
        .message
        .contains("did you mean \"blue\""));
}

#[test]
fn every_language_table_has_every_entry_of_english() {
    let tables: serde_yaml::Mapping = serde_yaml::from_str(crate::template::I18N).unwrap();
    fn keys(v: &serde_yaml::Value, prefix: &str, out: &mut Vec<String>) {
        if let serde_yaml::Value::Mapping(m) = v {
            for (k, v) in m {
                let k = format!("{prefix}{}", k.as_str().unwrap());
                out.push(k.clone());
                keys(v, &format!("{k}."), out);
            }
        } else if let serde_yaml::Value::Sequence(s) = v {
            out.push(format!("{prefix}len={}", s.len()));
        }
    }
    let mut english = Vec::new();
    keys(&tables["en"], "", &mut english);
    for (lang, table) in &tables {
        let mut these = Vec::new();
        keys(table, "", &mut these);
        assert_eq!(these, english, "table {lang:?}");
    }
    assert_eq!(
        languages(),
        ["en", "zh", "de", "fr", "es", "pt", "it", "ru", "ja", "ko"]
    );
    // Every word is there, and smart punctuation finds four quotation marks per language.
    for (lang, table) in &tables {
        let quotes = table["quotes"].as_sequence().unwrap();
        assert_eq!(quotes.len(), 4, "{lang:?}");
        let mut strings = Vec::new();
        fn strings_of<'a>(v: &'a serde_yaml::Value, out: &mut Vec<&'a str>) {
            match v {
                serde_yaml::Value::String(s) => out.push(s),
                serde_yaml::Value::Mapping(m) => m.values().for_each(|v| strings_of(v, out)),
                serde_yaml::Value::Sequence(s) => s.iter().for_each(|v| strings_of(v, out)),
                _ => panic!("a word that is not text: {v:?}"),
            }
        }
        strings_of(table, &mut strings);
        assert!(strings.iter().all(|s| !s.is_empty()), "{lang:?}");
        // Blank only where a space is the word: the thousands separator (`1 250 000`).
        let thousands = table["grant"]["thousands"].as_str().unwrap();
        let blank = strings.iter().filter(|s| s.trim().is_empty()).count();
        assert_eq!(blank, usize::from(thousands.trim().is_empty()), "{lang:?}");
    }
}

#[test]
fn bad_values_are_errors_with_their_field() {
    let problems = style(
        "template: clasic\naccent: bleu\nfont: Comic Sans\nlang: zh-CN\nsection_order: [pubs]\n",
    )
    .unwrap_err();
    let fields: Vec<_> = problems.iter().map(|p| p.field.clone().unwrap()).collect();
    assert_eq!(
        fields,
        ["template", "accent", "font", "lang", "section_order[0]"]
    );
    assert!(problems.iter().all(|p| p.span.is_some()), "{problems:?}");
    assert!(problems[0].message.contains("did you mean \"classic\""));
    assert!(problems[3].message.contains("did you mean \"zh\""));
}

#[test]
fn flags_override_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cvpdf.yaml");
    std::fs::write(&path, "paper: us-letter\naccent: navy\nlang: zh\n").unwrap();
    let o = Overrides {
        accent: Some("#ff0000".into()),
        ..Overrides::default()
    };
    let s = load_style(Some(&path), &o, &fonts()).unwrap();
    assert_eq!(
        (s.paper, s.accent, s.lang.as_str()),
        (Paper::UsLetter, Some(Color::Hex("#ff0000".into())), "zh")
    );
}

#[test]
fn the_nearest_configuration_applies() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("lab/profiles");
    std::fs::create_dir_all(&nested).unwrap();
    assert_eq!(find_config(&nested), None);
    std::fs::write(dir.path().join("lab/cvpdf.yaml"), "lang: en\n").unwrap();
    assert_eq!(
        find_config(&nested).unwrap(),
        dir.path().join("lab/cvpdf.yaml").canonicalize().unwrap()
    );
}
