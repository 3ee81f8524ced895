//! What must hold for any input, shared by the fuzz targets (`fuzz/fuzz_targets/`) and the
//! replay of the inputs they once found (`tests/fuzz_regressions.rs`), so the two cannot drift.
//!
//! Each check panics, with the input in the message, when its property fails.

#![allow(dead_code)]

use std::ops::Range;
use std::path::Path;

use cvpdf::profile::{LoadedProfile, Profile, Text};
use cvpdf::render::Renderer;
use cvpdf::source::inline;
use cvpdf::source::smart::{smarten, smarten_nodes, Quotes};
use cvpdf::style::Style;
use cvpdf::template::Template;
use typst::layout::{Frame, FrameItem};
use typst::syntax::{parse_code, SyntaxKind, SyntaxNode};

/// The built-in templates the pipeline check cycles through.
pub const TEMPLATES: [&str; 3] = ["classic", "modern", "compact"];

/// Loading a profile from any bytes gives a profile or problems, never a panic, and every
/// problem's span lies inside the text on character boundaries.
pub fn profile_bytes(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Err(problems) = cvpdf::profile::parse(&text, Path::new("/nonexistent")) {
        assert!(!problems.is_empty(), "refused without a problem: {text:?}");
        for problem in problems {
            if let Some(span) = problem.span {
                assert!(
                    span.start <= span.end && span.end <= text.len(),
                    "{span:?} outside the text {text:?}"
                );
                assert!(
                    text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                    "{span:?} splits a character of {text:?}"
                );
            }
        }
    }
}

/// Inline markdown becomes valid Typst code made only of string literals and calls of
/// `strong`, `emph`, `link` and `parbreak`, and the text a reader sees has no character the
/// input lacks.
pub fn markdown(text: &str) {
    let nodes = inline::parse(text);
    let content = inline::to_content(&nodes);
    let code = content.as_str();
    let root = parse_code(code);
    assert!(
        !root.diagnosis().errors,
        "invalid Typst {code:?} for {text:?}"
    );
    only_literals_and_calls(&root, text, code);

    for c in inline::plain_text(&nodes).chars() {
        assert!(
            c.is_whitespace() || text.contains(c),
            "{c:?} appeared from nowhere in {text:?}"
        );
    }

    // Smart punctuation says the same of formatted text as of its plain text.
    let en = &Quotes::of("en");
    let mut smart = nodes.clone();
    smarten_nodes(&mut smart, en);
    assert_eq!(
        inline::plain_text(&smart),
        smarten(&inline::plain_text(&nodes), en),
        "smart punctuation of {text:?}"
    );
}

fn only_literals_and_calls(node: &SyntaxNode, input: &str, code: &str) {
    match node.kind() {
        SyntaxKind::Ident => {
            let name = node.leaf_text();
            assert!(
                ["strong", "emph", "link", "parbreak"].contains(&name.as_str()),
                "identifier {name} in {code:?} from {input:?}"
            );
        }
        // Text outside a string literal would be markup taken from the input.
        SyntaxKind::Text => assert!(
            node.leaf_text().trim().is_empty(),
            "raw markup {:?} in {code:?} from {input:?}",
            node.leaf_text()
        ),
        _ => {}
    }
    for child in node.children() {
        only_literals_and_calls(child, input, code);
    }
}

/// A profile goes through YAML and the loader as a user's file would, compiles with
/// `template`, and every text it holds is in the laid-out document (for markdown fields, the
/// text the markdown stands for). Whitespace and hyphens are ignored: layout breaks lines.
pub fn pipeline(profile: &Profile, template: &str, renderer: &Renderer) {
    let yaml = serde_yaml::to_string(profile).expect("a profile serializes");
    if std::env::var_os("CVPDF_FUZZ_SHOW").is_some() {
        // For inputs that crash inside Typst, before this check could print them.
        eprintln!("--- profile ---\n{yaml}--- end ---");
    }
    let loaded = match cvpdf::profile::parse(&yaml, Path::new(".")) {
        Ok(profile) => profile,
        Err(problems) => panic!("a valid profile was refused: {:?}\n{yaml}", problems[0]),
    };
    let loaded = LoadedProfile {
        profile: loaded,
        path: "fuzz.yaml".into(),
        dir: ".".into(),
        text: yaml.clone().into(),
        photo: None,
    };
    let style = Style::with_template(Template::resolve(template).expect("built-in template"));
    let compiled = match renderer.compile(&loaded, &style) {
        Ok(compiled) => compiled,
        Err(e) => panic!(
            "compilation with {template} failed:\n{}\n{yaml}",
            e.detail()
        ),
    };
    let mut text = String::new();
    for page in compiled.document.pages() {
        body_text_of(&page.frame, template, &mut text);
    }
    let text = squash(&text);
    // The footer ("<name> — Curriculum Vitae", "page 1 of 2") must have been left out.
    assert!(
        !text.contains("CurriculumVitae") || yaml.contains("Curriculum"),
        "the {template} footer was read as body text: {text:?}"
    );
    for want in expected_text(&loaded.profile) {
        if rtl_with_marks(&want) {
            continue;
        }
        assert!(
            want.is_empty() || text.contains(&want),
            "{want:?} is missing from the {template} document of\n{yaml}\nwhose text is {:?}",
            text.chars().take(2_000).collect::<String>()
        );
    }
}

/// Whether `text` has right-to-left characters and combining marks. Typst's shaping of such
/// text is broken upstream (typst/typst#8667: out-of-range glyph clusters; a mark after a
/// character from another font is drawn twice), so for these fields the check asks only that
/// the document compiles, not that the text reads back.
fn rtl_with_marks(text: &str) -> bool {
    use unicode_bidi::{bidi_class, BidiClass};
    let rtl = text
        .chars()
        .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL | BidiClass::AN));
    rtl && text.chars().any(|c| bidi_class(c) == BidiClass::NSM)
}

/// The visible text of each field the pipeline check fills, whitespace removed, with the smart
/// punctuation of an English CV (the only change cvpdf makes to what a field says).
fn expected_text(p: &Profile) -> Vec<String> {
    let en = &Quotes::of("en");
    // As the source stage sets it: smart punctuation in the text, never inside code spans.
    let md = |s: &Text| {
        let mut nodes = inline::parse(s.trim());
        smarten_nodes(&mut nodes, en);
        squash(&inline::plain_text(&nodes))
    };
    let plain = |s: &Text| squash(&smarten(s, en));
    let mut out = vec![squash(&smarten(&p.name, en))];
    out.extend(p.headline.iter().map(md));
    out.extend(p.bio.iter().map(md));
    out.extend(p.interests.iter().map(plain));
    for e in &p.education {
        out.extend([plain(&e.institution), plain(&e.degree)]);
        out.extend(e.location.iter().map(plain));
    }
    for pb in &p.publications {
        out.push(md(&pb.title));
        out.extend(pb.venue.iter().map(plain));
    }
    for a in &p.awards {
        out.push(md(&a.title));
        out.extend(a.awarder.iter().map(plain));
    }
    out.extend(p.hobbies.iter().map(md));
    out
}

/// Text with what layout adds or changes removed: whitespace (line breaks), hyphens (a word
/// wider than the line is hyphenated where it breaks) and the characters Unicode calls default
/// ignorable (bidi marks, joiners, variation selectors: they have no glyph of their own).
fn squash(s: &str) -> String {
    s.chars()
        .filter(|&c| !c.is_whitespace() && !matches!(c, '-' | '\u{2010}') && !ignorable(c))
        .collect()
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt).
fn ignorable(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}'..='\u{1160}' | '\u{17B4}'..='\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The bottom margins of the built-in templates (their `page` set-up), in points: the
/// footer lies below, the body above.
fn bottom_margin(template: &str) -> f64 {
    let cm = match template {
        "classic" => 2.1,
        "modern" => 2.0,
        "compact" => 1.5,
        other => panic!("no bottom margin known for {other}"),
    };
    cm * 72.0 / 2.54
}

/// The text of a page without its footer, so that a field which runs on to the next page
/// reads as one. Typst inlines the footer's items into the page frame; they are the ones
/// placed in the bottom margin.
fn body_text_of(page: &Frame, template: &str, out: &mut String) {
    let limit = page.height().to_pt() - bottom_margin(template);
    let mut body = Frame::hard(page.size());
    for (pos, item) in page.items() {
        if pos.y.to_pt() < limit {
            body.push(*pos, item.clone());
        }
    }
    text_of(&body, out);
}

/// The text of a frame's glyphs in reading order, one copy per cluster. Typst gives every
/// glyph its cluster's text; when a cluster is split over two fonts (a letter in the italic
/// face, its combining mark from the upright one), both text items hold the whole cluster, and
/// concatenating them would print it twice. Glyphs of a right-to-left run (Hebrew, Arabic, or
/// code points whose default direction is right-to-left) come in visual order, so each item's
/// clusters are put back in the order of its text first.
fn text_of(frame: &Frame, out: &mut String) {
    let mut previous: Option<String> = None;
    collect_text(frame, out, &mut previous);
}

fn collect_text(frame: &Frame, out: &mut String, previous: &mut Option<String>) {
    for (_, item) in frame.items() {
        match item {
            FrameItem::Group(group) => collect_text(&group.frame, out, previous),
            FrameItem::Text(run) => {
                let mut clusters: Vec<_> = run
                    .glyphs
                    .iter()
                    .map(|g| usize::from(g.range.start)..usize::from(g.range.end))
                    .collect();
                clusters.sort_by_key(|range| (range.start, range.end));
                // Several glyphs of one cluster, or (right-to-left text with combining marks)
                // clusters that overlap: each character of the item is read once.
                let clusters =
                    clusters
                        .into_iter()
                        .fold(Vec::<Range<usize>>::new(), |mut merged, range| {
                            match merged.last_mut() {
                                Some(last) if range.start < last.end || range == *last => {
                                    last.end = last.end.max(range.end);
                                }
                                _ => merged.push(range),
                            }
                            merged
                        });
                for (i, range) in clusters.into_iter().enumerate() {
                    let cluster = run.text.get(range).unwrap_or_default().to_string();
                    let split = i == 0
                        && cluster.chars().count() > 1
                        && previous.as_ref() == Some(&cluster);
                    if !split {
                        out.push_str(&cluster);
                    }
                    *previous = Some(cluster);
                }
            }
            _ => {}
        }
    }
}

/// BibTeX from arbitrary bytes, imported into a small profile: an error or a profile that
/// loads, never a panic, a stack overflow or a profile over the size cvpdf reads.
pub fn bib_bytes(data: &[u8]) {
    let Ok(bib) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(text) = cvpdf::import_bib_text(bib, "name: Ada Lovelace\n", Path::new("/nonexistent"))
    {
        assert!(
            cvpdf::profile::parse(&text, Path::new("/nonexistent")).is_ok(),
            "an import yielded a profile cvpdf refuses:\n{text}"
        );
    }
}

/// The keys the YAML editor check sets: a top-level key (al-folio's `cv_pdf`) and a key of a
/// top-level mapping (a Jekyll member's `links.cv`).
const EDITED: [&[&str]; 2] = [&["cv_pdf"], &["links", "cv"]];

/// The YAML editor `publish` uses, on any text: the input is a document, then (after a NUL
/// byte) the value to set. When the document parses and the editor edits it, the result
/// parses, holds the value at its key, and every other value is as it was.
pub fn yaml_edit(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (text, value) = input.split_once('\0').unwrap_or((input, "cv/ada.pdf"));
    let path = EDITED[text.len() % EDITED.len()];
    let edited = cvpdf::set_yaml_scalar(text, path, value);
    let Ok(before) = serde_yaml::from_str::<serde_yaml::Value>(text) else {
        return;
    };
    let Ok(after) = edited else {
        return;
    };
    let parsed: serde_yaml::Value = serde_yaml::from_str(&after).unwrap_or_else(|e| {
        panic!("the edit left text that is not YAML ({e}):\n{text:?}\n→\n{after:?}")
    });
    let mut at = &parsed;
    for key in path {
        at = &at[*key];
    }
    assert_eq!(
        at.as_str(),
        Some(value),
        "the value is not at {path:?}:\n{text:?}\n→\n{after:?}"
    );
    assert_eq!(
        without(before, path),
        without(parsed, path),
        "the edit changed more than {path:?}:\n{text:?}\n→\n{after:?}"
    );
}

/// `value` without the key at `path`, and without a parent mapping left empty or null (the
/// editor makes `links:` or a missing `links` a mapping to hold the key).
fn without(mut value: serde_yaml::Value, path: &[&str]) -> serde_yaml::Value {
    if value.is_null() {
        value = serde_yaml::Value::Mapping(Default::default());
    }
    match path {
        [key] => {
            if let Some(map) = value.as_mapping_mut() {
                map.remove(*key);
            }
        }
        [parent, key] => {
            if let Some(map) = value.as_mapping_mut() {
                let emptied = match map.get_mut(*parent) {
                    Some(serde_yaml::Value::Mapping(inner)) => {
                        inner.remove(*key);
                        inner.is_empty()
                    }
                    Some(serde_yaml::Value::Null) => true,
                    _ => false,
                };
                if emptied {
                    map.remove(*parent);
                }
            }
        }
        _ => {}
    }
    value
}

/// The kinds the lab's BibTeX check cycles through: every kind a profile holds.
const KINDS: [cvpdf::profile::PublicationKind; 13] = {
    use cvpdf::profile::PublicationKind::*;
    [
        Conference, Journal, Workshop, Preprint, Book, Chapter, Edited, Report, Thesis, Patent,
        Dataset, Software, Other,
    ]
};

/// The lab's BibTeX writer and `import-bib`, on papers made of any text: the input's lines
/// are a title, a venue, then authors; after a NUL byte (issue 48), the record's lines: volume,
/// issue, pages, edition, publisher, place, series, number, ISBN, version, then editors, and
/// the input's length picks the kind. Every paper the profile format accepts comes back with
/// the words of its title and venue, its authors and every field of its record. Returns whether
/// the paper was one a profile accepts, and so checked.
pub fn lab_bib(data: &[u8]) -> bool {
    use cvpdf::profile::PublicationKind::{Conference, Workshop};
    let text = String::from_utf8_lossy(data);
    let (head, record) = text.split_once('\0').unwrap_or((&text, ""));
    let mut lines = head.split('\n');
    let title = lines.next().unwrap_or_default();
    let venue = lines.next().unwrap_or_default();
    let authors: Vec<String> = lines.take(8).map(str::to_string).collect();
    let year = 1900 + (data.len() % 200) as u16;
    let mut record = record.split('\n');
    let mut field = || {
        record
            .next()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
    };
    let kind = if text.contains('\0') {
        KINDS[data.len() % KINDS.len()]
    } else {
        cvpdf::profile::PublicationKind::Journal
    };
    let (volume, issue, pages, edition) = (field(), field(), field(), field());
    let (publisher, place, series) = (field(), field(), field());
    let (number, isbn, version) = (field(), field(), field());
    let editors: Vec<String> = std::iter::from_fn(&mut field).take(4).collect();
    let paper = cvpdf::profile::Publication {
        title: title.into(),
        authors,
        venue: (!venue.trim().is_empty()).then(|| venue.into()),
        year: Some(year),
        kind,
        volume,
        issue,
        pages,
        edition,
        publisher: publisher.map(Text::from),
        place: place.map(Text::from),
        series: series.map(Text::from),
        // A journal article's BibTeX `number` is its issue: an article has no number of its own
        // to write (a report's or a patent's number is not an article's).
        number: number.filter(|_| kind != cvpdf::profile::PublicationKind::Journal),
        isbn,
        version,
        editors,
        ..Default::default()
    };
    // BibTeX needs an author besides `others`.
    if paper
        .authors
        .iter()
        .all(|a| a.trim().trim_end_matches('.') == "et al")
    {
        return false;
    }
    // A person called "others" is written braced, as BibTeX wants, but import-bib reads the
    // word as `others` ("et al.") either way.
    if paper.authors.iter().any(|a| {
        a.split_whitespace()
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("others"))
    }) {
        return false;
    }
    // A name that is only marks (`*`) is no name to read back.
    if paper.authors.iter().any(|a| {
        a.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '†'))
            .is_empty()
    }) {
        return false;
    }
    // An editor's name without a letter or digit (`-'=\`) is no name either.
    if paper
        .editors
        .iter()
        .any(|e| !e.chars().any(char::is_alphanumeric))
    {
        return false;
    }
    // Only a paper a profile may hold: the profile format's own check, through its loader.
    let profile = Profile {
        name: "Ada Lovelace".into(),
        publications: vec![paper.clone()],
        ..Profile::default()
    };
    let yaml = serde_yaml::to_string(&profile).unwrap_or_default();
    if cvpdf::profile::parse(&yaml, Path::new("/nonexistent")).is_err() {
        return false;
    }
    let back = cvpdf::lab_bib_round_trip(std::slice::from_ref(&paper))
        .unwrap_or_else(|e| panic!("the lab's BibTeX is not read back ({e}): {paper:?}"));
    assert_eq!(back.len(), 1, "{paper:?} → {back:?}");
    let words = |text: &str| as_printed(&inline::plain_text(&inline::parse(text)));
    let got = &back[0];
    assert_eq!(
        words(&got.title),
        words(&paper.title),
        "{paper:?} → {got:?}"
    );
    // A venue is plain text: what is written is what is printed.
    let line = as_printed;
    assert_eq!(
        got.venue.as_deref().map(line),
        paper.venue.as_deref().map(line),
        "{paper:?} → {got:?}"
    );
    // "et al." is BibTeX's `others`: one, at the end, wherever and however often written.
    let names = |authors: &[String]| -> Vec<String> {
        let mut names: Vec<String> = authors
            .iter()
            .map(|a| a.split_whitespace().collect::<Vec<_>>().join(" "))
            // BibTeX's `others` is read as "et al.", however it was written.
            .map(|a| {
                if a == "et al" {
                    "et al.".to_string()
                } else {
                    a
                }
            })
            // The marks (`*` equal contribution, `†` corresponding) go after the name.
            .map(|a| {
                let mut name: String = a.chars().filter(|c| !matches!(c, '*' | '†')).collect();
                name = as_printed(&name);
                for mark in ['*', '†'] {
                    if a.contains(mark) {
                        name.push(mark);
                    }
                }
                name
            })
            .collect();
        let others = names.len();
        names.retain(|n| n != "et al.");
        if names.len() < others {
            names.push("et al.".into());
        }
        names
    };
    assert_eq!(
        names(&got.authors),
        names(&paper.authors),
        "{paper:?} → {got:?}"
    );
    assert_eq!(got.year, Some(year));
    // BibTeX has no type for a workshop paper: it is an `@inproceedings`, read back as a
    // workshop paper only when its venue says so.
    let kind_back = match (paper.kind, got.kind) {
        (Workshop, Conference) => Workshop,
        (_, kind) => kind,
    };
    assert_eq!(kind_back, paper.kind, "{paper:?} → {got:?}");
    assert_eq!(
        names(&got.editors),
        names(&paper.editors),
        "{paper:?} → {got:?}"
    );
    // The record: plain fields as printed, Markdown ones by the words they print.
    let plain = |v: &Option<String>| v.as_deref().map(line);
    let printed = |v: &Option<Text>| v.as_deref().map(words);
    for (name, got_value, want) in [
        ("volume", plain(&got.volume), plain(&paper.volume)),
        ("issue", plain(&got.issue), plain(&paper.issue)),
        ("pages", plain(&got.pages), plain(&paper.pages)),
        ("edition", plain(&got.edition), plain(&paper.edition)),
        ("number", plain(&got.number), plain(&paper.number)),
        ("isbn", plain(&got.isbn), plain(&paper.isbn)),
        ("version", plain(&got.version), plain(&paper.version)),
        (
            "publisher",
            printed(&got.publisher),
            printed(&paper.publisher),
        ),
        ("place", printed(&got.place), printed(&paper.place)),
        ("series", printed(&got.series), printed(&paper.series)),
    ] {
        assert_eq!(got_value, want, "{name}: {paper:?} → {got:?}");
    }
    true
}

/// Text on one line, TeX's ligatures as BibTeX readers take them: `--` and `---` are the
/// dashes cvpdf prints for them too, ``` `` ``` and `''` quotes.
fn as_printed(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("---", "—")
        .replace("--", "–")
        .replace("``", "“")
        .replace("''", "”")
}
