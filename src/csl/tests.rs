use super::*;

#[test]
fn built_in_styles_resolve_by_any_of_their_names() {
    let apa = resolve("apa", None).unwrap().unwrap();
    assert!(apa.csl.bibliography.is_some() && apa.path.is_none());
    let long = resolve("american-psychological-association", None)
        .unwrap()
        .unwrap();
    assert!(Arc::ptr_eq(&apa.csl, &long.csl), "parsed once per process");
    for name in [
        "ieee",
        "chicago-author-date",
        "vancouver",
        "gb-7714-2015-numeric",
    ] {
        assert!(resolve(name, None).unwrap().is_some(), "{name}");
    }
    assert!(
        resolve(OWN, None).unwrap().is_none(),
        "cvpdf's own layout is no CSL"
    );
    assert!(builtin_names().contains(&"modern-language-association"));
    // A style that makes no reference list is refused and not offered.
    let err = resolve("alphanumeric", None).unwrap_err();
    assert!(err.message.contains("no bibliography"), "{}", err.message);
    assert!(!builtin_names().contains(&"alphanumeric"));
    assert!(builtin_styles()
        .iter()
        .all(|(name, _)| *name != "alphanumeric"));
}

#[test]
fn an_unknown_name_is_told_with_the_closest_or_the_list() {
    let close = resolve("apa7", None).unwrap_err();
    assert!(
        close.message.contains("did you mean \"apa\""),
        "{}",
        close.message
    );
    let far = resolve("zzzz-unknown", None).unwrap_err();
    let help = far.help.unwrap();
    assert!(help.contains("ieee") && help.contains(".csl"), "{help}");
}

/// A minimal independent style of our own: the title, then the year in parentheses.
const TINY: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Tiny</title><id>tiny</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography><layout><text variable="title"/><date variable="issued" prefix=" (" suffix=")"><date-part name="year"/></date></layout></bibliography>
</style>
"#;

#[test]
fn a_csl_file_is_read_and_the_same_content_parsed_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiny.csl");
    std::fs::write(&path, TINY).unwrap();
    let a = resolve("tiny.csl", Some(&path)).unwrap().unwrap();
    let b = resolve("tiny.csl", Some(&path)).unwrap().unwrap();
    assert!(Arc::ptr_eq(&a.csl, &b.csl));
    assert_eq!(a, b);
    std::fs::write(&path, TINY.replace("Tiny", "Tiny 2")).unwrap();
    let c = resolve("tiny.csl", Some(&path)).unwrap().unwrap();
    assert_ne!(a, c, "an edited file is another style");
}

#[test]
fn a_broken_csl_file_is_refused_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.csl");
    std::fs::write(&path, TINY.replace("</citation>", "</citaton>")).unwrap();
    let err = resolve("broken.csl", Some(&path)).unwrap_err();
    assert!(err.message.contains("broken.csl:4:"), "{}", err.message);

    std::fs::write(
        &path,
        "<style xmlns=\"http://purl.org/net/xbiblio/csl\"><nope/></style>",
    )
    .unwrap();
    let err = resolve("broken.csl", Some(&path)).unwrap_err();
    assert!(err.message.contains("broken.csl"), "{}", err.message);

    let no_list = TINY.replace(
        &TINY[TINY.find("<bibliography>").unwrap()..TINY.find("</style>").unwrap()],
        "",
    );
    std::fs::write(&path, no_list).unwrap();
    let err = resolve("broken.csl", Some(&path)).unwrap_err();
    assert!(err.message.contains("no <bibliography>"), "{}", err.message);
}

#[test]
fn a_dependent_style_names_its_parent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dependent.csl");
    std::fs::write(
        &path,
        r#"<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0" default-locale="en-US">
  <info><title>A journal</title><id>http://www.zotero.org/styles/a-journal</id>
    <link href="http://www.zotero.org/styles/a-journal" rel="self"/>
    <link href="http://www.zotero.org/styles/apa" rel="independent-parent"/>
    <updated>2024-01-01T00:00:00+00:00</updated></info>
</style>"#,
    )
    .unwrap();
    let err = resolve("dependent.csl", Some(&path)).unwrap_err();
    assert!(err.message.contains("(apa)"), "{}", err.message);
    assert!(err.help.unwrap().contains("citation_style: apa"));
}

#[test]
fn names_and_paths_are_told_apart() {
    assert!(is_path("styles/lab.csl") && is_path("lab.csl") && is_path("x/y"));
    assert!(!is_path("apa") && !is_path("chicago-author-date"));
}
