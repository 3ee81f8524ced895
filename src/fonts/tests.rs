//! The unit tests of `fonts.rs`.

use super::*;

#[test]
fn the_face_cache_serves_each_bundled_face_by_its_place() {
    preload_default_faces();
    for (i, data) in BUNDLED.iter().enumerate() {
        let cached = bundled_face(i).expect("every bundled face loads");
        let fresh = Font::new(Bytes::new(*data), 0).expect("every bundled face parses");
        assert_eq!(cached, fresh, "face {i}");
        assert_eq!(cached.info(), &bundled_infos()[i], "face {i}");
    }
    assert!(bundled_face(BUNDLED.len()).is_none());
}

#[test]
fn the_warm_up_prepares_the_default_templates_faces_but_not_bold_italic() {
    let prepared = bundled_infos().iter().filter(|info| drawn_by_default(info));
    let names: Vec<String> = prepared
        .map(|i| {
            format!(
                "{} {:?} {}",
                i.family,
                i.variant.style,
                i.variant.weight.to_number()
            )
        })
        .collect();
    let libertinus = ["Normal 400", "Italic 400", "Normal 700", "Normal 600"];
    let mut expected: Vec<String> = libertinus
        .iter()
        .map(|v| format!("Libertinus Serif {v}"))
        .collect();
    expected.extend(["cvpdf Icons Normal 400", "Academicons Normal 400"].map(String::from));
    assert_eq!(names, expected);
}

#[test]
fn bundled_fonts_cover_latin_and_cjk_with_bold() {
    let fonts = FontSet::new(FontOptions::default()).select(None, "x".chars());
    for c in "Zili Zhang é ß 李之尧 國立臺灣大學 東京大学 ひらがな 서울대학교 — “”".chars()
    {
        assert!(!needs_glyph(c) || fonts.covers(c), "no glyph for {c:?}");
    }
    assert_eq!(
        fonts.families(),
        ["Libertinus Serif", "Inter", "Noto Sans CJK SC"]
    );
    let book = fonts.book();
    let bold = typst::text::FontVariant::new(
        typst::text::FontStyle::Normal,
        typst::text::FontWeight::BOLD,
        typst::text::FontStretch::NORMAL,
    );
    let cjk_bold = book.select("noto sans cjk sc", bold).unwrap();
    assert_eq!(
        book.info(cjk_bold).unwrap().variant.weight,
        typst::text::FontWeight::BOLD
    );
}

#[test]
fn stored_metadata_matches_the_bundled_faces() {
    let computed = computed_infos();
    assert_eq!(
        computed.len(),
        BUNDLED.len(),
        "every bundled file is one face"
    );
    let stored = metadata::encode(&computed);
    assert_eq!(
        metadata::decode(&stored).as_deref(),
        Some(computed.as_slice())
    );
    if std::env::var_os("UPDATE_REFERENCES").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/fonts/metadata.bin"),
            &stored,
        )
        .unwrap();
    } else {
        assert!(
            bundled_infos() == computed.as_slice() && BUNDLED_METADATA == stored,
            "fonts/metadata.bin is stale: UPDATE_REFERENCES=1 cargo test --release fonts"
        );
    }
}

#[test]
fn unknown_families_are_refused_with_a_suggestion() {
    let set = FontSet::new(FontOptions::default());
    assert!(set.check_family("inter").is_ok());
    let p = set.check_family("Libertinus").unwrap_err();
    assert!(
        p.message.contains("did you mean \"Libertinus Serif\""),
        "{p:?}"
    );
}

#[test]
fn uncovered_characters_are_detected() {
    let fonts = FontSet::new(FontOptions::default()).select(None, "x".chars());
    assert!(!fonts.covers('\u{1F600}'));
    assert!(!fonts.covers('ᚠ'));
}
