use super::*;
use crate::profile::Profile;

/// The fixture of every kind (tests/fixtures/cite/every-kind.yaml).
fn every_kind() -> Profile {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cite/every-kind.yaml"
    );
    serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The references of `profile`'s papers in the profile's order, "Maria Keller" as the own
/// name.
fn formatted(profile: &Profile, style: &str, lang: &str) -> Vec<Vec<Run>> {
    let style = crate::csl::resolve(style, None).unwrap().unwrap();
    let own = |name: &str| crate::profile::names::same_author(name, "Maria Keller");
    let papers: Vec<_> = profile
        .publications
        .iter()
        .map(|p| (p, people(&p.authors, own), people(&p.editors, own)))
        .collect();
    references(&papers, &style, lang)
}

#[test]
fn a_journal_article_reads_as_apa_prints_it() {
    let refs = formatted(&every_kind(), "apa", "en");
    assert_eq!(
        plain(&refs[0]),
        "Keller, M., Novak, T., & Fischer, L. (2015). Nucleosome turnover in living cells seen by \
         ChIP-seq. eLife, 52(7), 436–444. https://doi.org/10.1234/jcd.2015.436"
    );
    // The journal and its volume in italics, the DOI a link.
    let italic: String = refs[0]
        .iter()
        .filter(|r| r.look.italic)
        .map(|r| r.text.as_str())
        .collect();
    assert!(
        italic.contains("eLife") && italic.contains("52"),
        "{italic}"
    );
    let link = refs[0].iter().find(|r| r.link.is_some()).unwrap();
    assert_eq!(
        link.link.as_deref(),
        Some("https://doi.org/10.1234/jcd.2015.436")
    );
}

#[test]
fn the_own_name_is_bold_in_every_name_form() {
    let profile = every_kind();
    for (style, shown) in [
        ("apa", "Keller, M."),
        ("ieee", "M. Keller"),
        ("chicago-author-date", "Keller, Maria"),
    ] {
        let refs = formatted(&profile, style, "en");
        for (i, runs) in refs.iter().enumerate() {
            let bold: Vec<&str> = runs
                .iter()
                .filter(|r| r.look.bold && r.person.is_some())
                .map(|r| r.text.as_str())
                .collect();
            assert!(
                !bold.is_empty(),
                "{style} #{i}: no bold own name in {runs:?}"
            );
            let others_bold = runs
                .iter()
                .any(|r| r.look.bold && r.text.contains("Novak") | r.text.contains("Fischer"));
            assert!(!others_bold, "{style} #{i}: a co-author is bold");
        }
        assert!(
            plain(&refs[0]).contains(shown),
            "{style}: {}",
            plain(&refs[0])
        );
    }
    // A sole author's initial keeps its full stop inside the bold name (the style's own full
    // stop after the names is the one dropped).
    let refs = formatted(&profile, "apa", "en");
    let bold: Vec<&str> = refs[3]
        .iter()
        .filter(|r| r.look.bold)
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(bold, ["Keller, M."], "{:?}", refs[3]);
}

#[test]
fn marks_follow_the_names_they_mark() {
    let mut profile = every_kind();
    profile.publications[0].authors = vec![
        "Maria Keller*".into(),
        "Tomas Novak*†".into(),
        "Lea Fischer".into(),
    ];
    let refs = formatted(&profile, "apa", "en");
    assert!(
        plain(&refs[0]).starts_with("Keller, M.*, Novak, T.*†, & Fischer, L. (2015)."),
        "{}",
        plain(&refs[0])
    );
}

#[test]
fn the_style_speaks_the_cvs_language() {
    let refs = formatted(&every_kind(), "apa", "de");
    // The German locale's "and" and edition term.
    assert!(plain(&refs[0]).contains("& Fischer"), "{}", plain(&refs[0]));
    assert!(plain(&refs[3]).contains("Aufl."), "{}", plain(&refs[3]));
}

#[test]
fn no_citation_number_is_left_in_a_numeric_style() {
    for style in [
        "ieee",
        "vancouver",
        "nature",
        "american-medical-association",
    ] {
        for runs in formatted(&every_kind(), style, "en") {
            let text = plain(&runs);
            assert!(
                !text.starts_with('[') && !text.starts_with("1.") && !text.starts_with('1'),
                "{style}: {text}"
            );
        }
    }
}

/// What cvpdf spells out for hayagriva (`crate::csl`'s `spelt`, `case`, the runs' dates), each
/// seen in a reference of a style that needed it; the oracle test (tests/cite.rs) compares
/// the whole text with citeproc-js where node is installed.
#[test]
fn hayagriva_reads_the_styles_as_citeproc_js_does() {
    let text = |style: &str, i: usize| plain(&formatted(&every_kind(), style, "en")[i]);
    // A names without a name: Vancouver's authors and a chapter's editors.
    assert!(text("vancouver", 0).starts_with("Keller M, Novak T, Fischer L."));
    assert!(text("vancouver", 4).contains("In: Olsen P, Menon R, editors."));
    // A shorthand in a substitute's choose: Chicago's editors of an edited volume.
    assert!(text("chicago-author-date", 5).starts_with("Keller, Maria, and Aiko Tanaka, eds."));
    // A page label the style holds singular, and no space a missing month left.
    assert!(text("vancouver", 1).ends_with("2022. p. 12–21."));
    assert!(text("vancouver", 0).contains("2015;52(7):436–44."));
    let cse = text("council-of-science-editors", 9);
    assert!(cse.ends_with("nuclei. 2020."), "{cse}");
    // A group of "in" and the editors a proceedings does not have is left out.
    let harvard = text("harvard-cite-them-right", 1);
    assert!(harvard.contains("GPUs,” Proceedings of"), "{harvard}");
    // Words of their own case under title case and capitalize-first.
    let chicago = text("chicago-author-date", 0);
    assert!(chicago.contains("Seen by ChIP-Seq.” eLife 52"), "{chicago}");
    assert!(text("chicago-author-date", 8).contains("Preprint, arXiv."));
}

/// The first paper of the fixture in a small style of `layout` (the bibliography's), written
/// with `locale` as its default-locale, for an English CV.
fn first_in(layout: &str, locale: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.csl");
    let xml = format!(
        r#"<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0" class="in-text"
              default-locale="{locale}">
          <info><title>t</title><id>t</id><updated>2024-01-01T00:00:00+00:00</updated></info>
          <citation><layout><text variable="title"/></layout></citation>
          <bibliography><layout suffix=".">{layout}</layout></bibliography>
        </style>"#
    );
    std::fs::write(&path, xml).unwrap();
    let style = crate::csl::resolve("small.csl", Some(&path))
        .unwrap()
        .unwrap();
    let paper = &every_kind().publications[0];
    let own = |_: &str| false;
    let refs = references(
        &[(paper, people(&paper.authors, own), Vec::new())],
        &style,
        "en",
    );
    plain(&refs[0])
}

/// A block the style sets apart (`display`) is a word apart in a CV's one-paragraph entry, and
/// the space goes where the layout's full stop follows.
#[test]
fn a_block_of_the_style_is_set_apart_by_a_space() {
    let blocks = r#"<text variable="container-title" display="left-margin"/>
                    <text variable="title" display="block"/>"#;
    assert_eq!(
        first_in(blocks, "en-US"),
        "eLife Nucleosome turnover in living cells seen by ChIP-seq."
    );
}

/// A full stop a style writes before the next element goes inside the closing quotation marks
/// in American English, and stays outside in British English.
#[test]
fn a_full_stop_after_a_quoted_title_follows_the_locale() {
    let quoted = r#"<text variable="title" quotes="true"/>
                    <text variable="container-title" prefix=". "/>"#;
    assert_eq!(
        first_in(quoted, "en-US"),
        "“Nucleosome turnover in living cells seen by ChIP-seq.” eLife."
    );
    assert_eq!(
        first_in(quoted, "en-GB"),
        "‘Nucleosome turnover in living cells seen by ChIP-seq’. eLife."
    );
}

/// A paper whose text already holds a character of the stand-ins' range is formatted as it
/// is, that character unchanged; the other papers of the list keep their words' case.
#[test]
fn a_private_use_character_in_a_title_is_kept_and_others_are_guarded() {
    let mut profile = every_kind();
    profile.publications.truncate(2);
    profile.publications[1].title = "Icons \u{F0041} and GNNs".into();
    let refs = formatted(&profile, "chicago-author-date", "en");
    assert!(
        plain(&refs[0]).contains("ChIP-Seq.” eLife"),
        "{}",
        plain(&refs[0])
    );
    assert!(
        plain(&refs[1]).contains("Icons \u{F0041} and Gnns"),
        "{}",
        plain(&refs[1])
    );
}

/// A title's own closing quotation mark is kept where the style closes its quotes after it,
/// and a title's own question mark ends it without the style's full stop.
#[test]
fn a_titles_own_closing_quote_and_question_mark_are_kept_alone() {
    let mut profile = every_kind();
    profile.publications.truncate(2);
    profile.publications[0].title = "The word “eLife”".into();
    profile.publications[1].title = "Do GNNs scale?".into();
    let mla = formatted(&profile, "modern-language-association", "en");
    let text = plain(&mla[0]);
    assert_eq!(text.matches('”').count(), 2, "{text}");
    assert!(text.contains("eLife"), "{text}");
    let apa = formatted(&profile, "apa", "en");
    let text = plain(&apa[1]);
    assert!(text.contains("Do GNNs scale? Proceedings"), "{text}");
    assert!(!text.contains("?."), "{text}");
}
