//! The unit tests of `source/profile.rs`.

use super::*;
use crate::profile::{normalize_name, parse, EachText, Numbering, TextKind};
use std::path::Path;

fn profile(yaml: &str) -> Profile {
    parse(yaml, Path::new(".")).unwrap()
}

fn source(yaml: &str) -> String {
    let mut out = String::new();
    profile_value(
        &profile(yaml),
        None,
        &[],
        None,
        &Quotes::of("en"),
        Numbering::Reverse,
        None,
    )
    .write(&mut out, 0);
    out
}

#[test]
fn own_name_is_matched_after_normalisation() {
    let own = vec![normalize_name("Zili Zhang"), normalize_name("Z. Zhang")];
    let me = |raw: &str| match author(raw, &own, Prose(&Quotes::of("en"))) {
        Value::Dict(f) => (f[1].1.clone(), f[2].1.clone(), f[3].1.clone()),
        _ => unreachable!(),
    };
    assert_eq!(
        me("ZILI ZHANG*"),
        (Value::Bool(true), Value::Bool(true), Value::Bool(false))
    );
    assert_eq!(
        me("Z Zhang †"),
        (Value::Bool(true), Value::Bool(false), Value::Bool(true))
    );
    assert_eq!(
        me("Zhen Zhang"),
        (Value::Bool(false), Value::Bool(false), Value::Bool(false))
    );
}

#[test]
fn publications_are_newest_first_and_stable_within_a_year() {
    let s = source(
            "name: A\npublications:\n  - {title: old, authors: [A], year: 2019}\n  - {title: new1, authors: [A], year: 2024}\n  - {title: new2, authors: [A], year: 2024}\n",
        );
    let (a, b, c) = (
        s.find("new1").unwrap(),
        s.find("new2").unwrap(),
        s.find("old").unwrap(),
    );
    assert!(a < b && b < c, "{s}");
}

#[test]
fn user_text_is_only_ever_a_literal() {
    // `\"` is code-like, so smart punctuation keeps the straight quote for the escape to face.
    let s = source("name: 'a\\\") #panic() // '\nbio: '#strong[x] $y$ **z**'\n");
    assert!(s.contains(r#"name: "a\\\") #panic() //","#), "{s}");
    assert!(
        s.contains(r##"bio: [#"#strong[x] $y$ "#strong[#"z"]],"##),
        "{s}"
    );
}

#[test]
fn section_order_puts_listed_sections_first() {
    let s = source(
            "name: A\nbio: b\nhobbies: [h]\nsections: [{title: Patents, entries: [{title: P}]}]\nsection_order: [hobbies]\neducation: [{institution: I, degree: D}]\n",
        );
    let order = &s[s.find("order:").unwrap()..];
    assert!(
        order.starts_with(
            "order: (\n    \"hobbies\",\n    \"bio\",\n    \"education\",\n    0,\n  )"
        ),
        "{order}"
    );
}

#[test]
fn each_field_is_written_as_its_kind_says() {
    // Every text field holds markdown and a blank line (loaded without validation, which
    // would refuse most of them): the generated source must treat each as `kinds` says.
    let text = "a\n\n**b**";
    let yaml = include_str!("../../../tests/fixtures/full.yaml");
    let mut profile: Profile = serde_yaml::from_str(yaml).unwrap();
    profile.each_text("", &mut |_, t| *t = text.into());
    profile.name = text.into();
    let mut out = String::new();
    let mut map = super::super::value::SourceMap::default();
    profile_value(
        &profile,
        None,
        &[],
        None,
        &Quotes::of("en"),
        Numbering::Reverse,
        None,
    )
    .write_mapped(&mut out, 0, &mut map);
    let mut seen = 0;
    for (range, path) in map.entries() {
        let written = &out[range.clone()];
        // Only the texts set above (names of kinds, addresses and dates are not text).
        if !(written.contains("**b**") || written.contains("#\"b\"")) {
            continue;
        }
        seen += 1;
        let kind = crate::profile::kind_of(path);
        match kind {
            TextKind::Paragraphs => {
                assert!(written.contains("#parbreak()"), "{path}: {written}")
            }
            TextKind::Inline => {
                assert!(
                    written.contains("#strong[") && !written.contains("parbreak"),
                    "{path}: {written}"
                )
            }
            TextKind::Plain | TextKind::Address => {
                assert!(
                    written.starts_with('"') && written.contains("**b**"),
                    "{path}: {written}"
                )
            }
        }
    }
    assert!(seen > 40, "{seen} texts checked");
}

#[test]
fn links_become_addresses() {
    assert_eq!(web_url("www.zilizhang.site"), "https://www.zilizhang.site");
    let s = source("name: A\npublications: [{title: T, authors: [A], year: 2020, links: {doi: 10.1/x, arxiv: '2401.01234'}}]\n");
    assert!(s.contains("\"https://doi.org/10.1/x\""), "{s}");
    assert!(s.contains("\"https://arxiv.org/abs/2401.01234\""), "{s}");
}
