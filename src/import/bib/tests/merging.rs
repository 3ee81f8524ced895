//! `import-bib`'s merge into a profile's text: what is updated, what is kept as written.

use super::*;

/// `text` with the papers of the BibTeX `bib` merged in, as `import-bib` does.
fn with_bib(text: &str, bib: &str) -> merge::BibOutcome {
    let profile = profile::parse(text, Path::new(".")).unwrap();
    let read = publications(bib, None).unwrap();
    merge(
        text,
        &profile,
        Path::new("."),
        &read.papers,
        &read.comment(),
    )
    .unwrap()
}

#[test]
fn merging_updates_matches_and_keeps_the_rest_of_the_file() {
    let text = "# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n  - title: \"Fast, approximate vector queries on very large unstructured datasets\"\n    authors: [Zili Zhang]\n    year: 2023\n    venue_short: NSDI'23\n    award: Best Paper Award\n\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n";
    let out = with_bib(text, BIB);
    assert_eq!(out.updated.len(), 1);
    assert_eq!(out.added.len(), 3);
    assert!(
        out.text
            .starts_with("# Zili's profile\nname: Zili Zhang\npublications:\n  # the best one\n"),
        "{}",
        out.text
    );
    assert!(
        out.text
            .contains("\n# skills below\nskills:\n  - {name: Rust, keywords: [fast]}\n"),
        "{}",
        out.text
    );
    let merged = profile::parse(&out.text, Path::new(".")).unwrap();
    assert_eq!(merged.publications.len(), 4);
    let first = &merged.publications[0];
    assert_eq!(first.authors.len(), 5, "updated from the .bib");
    assert_eq!(
        first.award.as_deref(),
        Some("Best Paper Award"),
        "kept from the profile"
    );
    assert_eq!(first.venue_short.as_deref(), Some("NSDI'23"));
    // Importing the same file again changes nothing.
    let again = with_bib(&out.text, BIB);
    assert_eq!(again.text, out.text);
    assert!(again.added.is_empty() && again.updated.is_empty());
}

#[test]
fn a_profile_without_publications_gets_the_key() {
    let text = "name: Zili Zhang";
    let out = with_bib(text, BIB);
    assert!(
        out.text
            .starts_with("name: Zili Zhang\npublications:\n  # Imported by cvpdf import-bib."),
        "{}",
        out.text
    );
    assert_eq!(
        profile::parse(&out.text, Path::new("."))
            .unwrap()
            .publications
            .len(),
        4
    );
}

#[test]
fn windows_line_endings_and_document_markers_are_kept() {
    for text in [
        "name: Zili Zhang\r\npublications: []\r\nskills: []\r\n",
        "name: Zili Zhang\r\npublications:\r\n  - title: Old\r\n    authors: [Z]\r\n    year: 2020\r\n",
        "name: Zili Zhang\r\n",
    ] {
        let out = with_bib(text, BIB);
        assert!(
            out.text.split_inclusive('\n').all(|l| l.ends_with("\r\n")),
            "{:?}",
            out.text
        );
    }
    let text = "---\nname: Zili Zhang\n...\n";
    let out = with_bib(text, BIB);
    assert!(out
        .text
        .starts_with("---\nname: Zili Zhang\npublications:\n"));
    assert!(out.text.ends_with("\n...\n"), "{}", out.text);
}

#[test]
fn an_entry_in_another_language_updates_only_its_own_translation() {
    // Found by probing: a .bib title matching the `zh` text (or a paper matched by its DOI)
    // replaced the English title with the Chinese one.
    let text = "name: Ada Lovelace\npublications:\n  - title: {en: Beta Engine, zh: 贝塔引擎}\n    authors: [Ada Lovelace]\n    venue: OSDI\n    year: 2021\n  - title: {en: \"Alpha: A System\", zh: 阿尔法系统}\n    authors: [Ada Lovelace]\n    venue: SOSP\n    year: 2020\n    links: {doi: 10.1145/abc.123}\n";
    let bib = "@inproceedings{b, title={贝塔引擎}, author={Ada Lovelace}, booktitle={OSDI}, year={2021}}\n\
               @inproceedings{a, title={阿尔法系统 (修订)}, author={Ada Lovelace}, booktitle={SOSP}, year={2020}, doi={10.1145/ABC.123}}\n\
               @inproceedings{c, title={Beta engine}, author={Ada Lovelace}, booktitle={OSDI}, year={2021}}\n";
    let out = with_bib(text, bib);
    let merged = profile::parse(&out.text, Path::new(".")).unwrap();
    assert_eq!(merged.publications.len(), 2, "{}", out.text);
    let beta = merged.publications[0].title.translations().unwrap();
    assert_eq!(beta[0], ("en".into(), "Beta engine".into()));
    assert_eq!(beta[1], ("zh".into(), "贝塔引擎".into()));
    let alpha = merged.publications[1].title.translations().unwrap();
    assert_eq!(alpha[0], ("en".into(), "Alpha: A System".into()));
    assert_eq!(alpha[1], ("zh".into(), "阿尔法系统 (修订)".into()));
}

#[test]
fn a_profile_without_a_final_line_break_keeps_its_last_value() {
    // Found by probing: the import comment ran on into the last line (a block scalar's text).
    let text = "name: A\npublications:\n  - title: Old\n    authors: [A]\n    year: 2020\n    note: |\n      line one\n      line two";
    let bib = "@article{a, title={New Paper}, author={A}, journal={J}, year={2021}}\n";
    let out = with_bib(text, bib);
    let merged = profile::parse(&out.text, Path::new(".")).unwrap();
    assert_eq!(merged.publications.len(), 2);
    assert_eq!(
        merged.publications[0].note.as_deref().map(str::trim_end),
        Some("line one\nline two")
    );
    assert!(out.text.starts_with(text), "{}", out.text);
}

#[test]
fn the_marks_and_additions_of_the_user_survive_an_update() {
    // Found by probing (issue 46): an updated paper's authors came from the .bib alone, and
    // the `*` / `†` the user had added were gone after every import or sync.
    let text = "name: Zili Zhang\npublications:\n  - title: Fast, approximate vector queries on very large unstructured datasets\n    authors: [Z. Zhang*†, Chao Jin*, Xin Jin]\n    year: 2023\n    selected: true\n    note: Oral\n    links: {code: https://example.org/code}\n";
    let out = with_bib(text, BIB);
    assert_eq!(out.updated.len(), 1, "{}", out.text);
    let merged = profile::parse(&out.text, Path::new(".")).unwrap();
    let paper = &merged.publications[0];
    assert_eq!(
        paper.authors,
        [
            "Zili Zhang*†",
            "Chao Jin*",
            "Linpeng Tang",
            "Xuanzhe Liu",
            "Xin Jin"
        ]
    );
    assert!(paper.selected);
    assert_eq!(paper.note.as_deref(), Some("Oral"));
    assert_eq!(
        paper.links.code.as_deref(),
        Some("https://example.org/code")
    );
    assert!(out.marks_lost.is_empty(), "{:?}", out.marks_lost);
    // Again: nothing to change, the marks stay.
    let again = with_bib(&out.text, BIB);
    assert_eq!(again.text, out.text);
    // A marked author the file no longer lists: the mark cannot be kept, and is said.
    let gone = text.replace("Chao Jin*, Xin Jin", "Chao Jin, Xin Jin, Grace Hopper†");
    let out = with_bib(&gone, BIB);
    assert_eq!(out.marks_lost.len(), 1, "{:?}", out.marks_lost);
    assert!(
        out.marks_lost[0].contains("Grace Hopper†"),
        "{:?}",
        out.marks_lost
    );
}

#[test]
fn comments_at_the_end_of_the_last_paper_stay_with_it() {
    // Found by probing (issue 46): `cvpdf new`'s starter leaves `# doi:` lines at the end of
    // its paper, and the papers added were written above them, so that the comments ended up
    // inside the new entry.
    let text = "name: Zili Zhang\npublications:\n  - title: Old paper\n    authors: [Zili Zhang]\n    year: 2020\n    # links:\n    #   doi: 10.1/x\n\n# Skills next\nskills: []\n";
    let out = with_bib(text, BIB);
    let (head, tail) = out.text.split_once("  # Imported by cvpdf").unwrap();
    assert!(
        head.ends_with("    year: 2020\n    # links:\n    #   doi: 10.1/x\n"),
        "{}",
        out.text
    );
    assert!(
        tail.ends_with("\n# Skills next\nskills: []\n"),
        "{}",
        out.text
    );
    // A paper written anew keeps the comments it held.
    let text = "name: Zili Zhang\npublications:\n  - title: Rise of distributed deep learning training in the big model era\n    # from the journal's page\n    authors: [Zili Zhang]\n    year: 2023\n    # links: {doi: 10.1/x}\n";
    let out = with_bib(text, BIB);
    assert_eq!(out.updated.len(), 1, "{}", out.text);
    assert!(
        out.text.contains("    # from the journal's page\n"),
        "{}",
        out.text
    );
    assert!(
        out.text.contains("    # links: {doi: 10.1/x}\n"),
        "{}",
        out.text
    );
}

#[test]
fn an_empty_list_on_the_line_below_its_key_is_merged_into() {
    // Found by probing (issue 46): `publications:` with `  []` on the next line passed
    // `check` but failed every merge (the `[]` was left behind the new list).
    for (text, kept) in [
        ("name: A\npublications:\n  []\nskills: []\n", ""),
        (
            "name: A\npublications:  # newest first\n  # none yet\n  [] # to fill\nskills: []\n",
            "# none yet",
        ),
    ] {
        let out = with_bib(text, BIB);
        let merged = profile::parse(&out.text, Path::new(".")).unwrap();
        assert_eq!(merged.publications.len(), 4, "{}", out.text);
        assert!(out.text.ends_with("skills: []\n"), "{}", out.text);
        assert!(out.text.contains(kept), "{}", out.text);
        assert!(!out.text.contains("[]\n  -"), "{}", out.text);
    }
}
