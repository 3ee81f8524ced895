//! The unit tests of `profile/text/mod.rs`.

use super::*;

fn text(yaml: &str) -> Result<Text, String> {
    serde_yaml::from_str(yaml).map_err(|e| e.to_string())
}

#[test]
fn plain_or_translated() {
    let t = text("{en: Peking University, zh: 北京大学}").unwrap();
    assert_eq!(t.pick("zh"), ("北京大学", false));
    assert_eq!(t.pick("en"), ("Peking University", false));
    assert_eq!(t.pick("de"), ("Peking University", true));
    assert_eq!(&*t, "Peking University");
    let only = text("{zh: 北京大学}").unwrap();
    assert_eq!(only.pick("en"), ("北京大学", true));
    let plain = text("Peking University").unwrap();
    assert_eq!(plain.pick("zh"), ("Peking University", false));
    assert!(text("{en: a, en: b}").is_err());
    assert!(text("{en: [a]}").unwrap_err().contains("expected a string"));
    assert!(text("[a]").unwrap_err().contains("map of languages"));
    assert_eq!(&*text("2022").unwrap(), "2022");
}

#[test]
fn a_null_translation_is_no_text_never_the_word() {
    // Issue 24, bug 8: `{en: null}` printed "null", `{en: ~}` printed "~".
    for yaml in [
        "{en: null, zh: 北京}",
        "{en: ~, zh: 北京}",
        "{en: , zh: 北京}",
    ] {
        let err = serde_yaml::from_str::<Text>(yaml).unwrap_err().to_string();
        assert!(err.contains("without text (null)"), "{yaml}: {err}");
    }
    let quoted: Text = serde_yaml::from_str("{en: \"null\", zh: 北京}").unwrap();
    assert_eq!(quoted.pick("en"), ("null", false));
}

#[test]
fn a_tagged_value_is_refused_by_its_tag() {
    for yaml in ["!include /etc/hostname", "{en: !include /etc/hostname}"] {
        let err = serde_yaml::from_str::<Text>(yaml).unwrap_err().to_string();
        assert!(
            err.contains("is a YAML tag, and cvpdf reads none"),
            "{yaml}: {err}"
        );
    }
}

#[test]
fn serialises_as_written() {
    let t = text("{zh: 北京大学, en: Peking University}").unwrap();
    assert_eq!(
        serde_yaml::to_string(&t).unwrap(),
        "zh: 北京大学\nen: Peking University\n"
    );
    assert_eq!(serde_yaml::to_string(&Text::from("a")).unwrap(), "a\n");
}
