//! User text is data, never code: arbitrary strings, full of Typst and markdown syntax, go
//! into every text field of a profile; the profile must compile, and each string must come
//! out literally in the PDF's text, modulo smart punctuation and nothing else: `'` → ’ or the
//! language's single quotes, `"` → its double quotes, `--` → –, `---` → —, `...` → …
//! (`cvpdf::source::smart`). Markdown fields get the string escaped by this file's own
//! escaper, so they too must show the string itself. The oracle calls none of the code under
//! test (guards issue 47: it used to compute the expected text with `smarten` and cvpdf's own
//! Markdown reader): the PDF's text has its smart punctuation folded back to what was typed
//! and must then hold the string. Text that the profile format refuses (markup a field cannot
//! show, a blank line in a one-line field: `cvpdf::profile::markup`) is left out of the
//! search; the postal address shows its lines joined by commas; e-mail and phone are checked
//! for what they are, so they hold a real address and number here.

use crate::common;

use std::sync::OnceLock;

use cvpdf::profile::markup;
use cvpdf::profile::*;
use cvpdf::render::Renderer;
use cvpdf::source::inline;
use cvpdf::style::Style;
use cvpdf::template::Template;
use proptest::prelude::*;

use common::{squash, Pdf};

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(common::test_renderer)
}

/// Text made of the characters most likely to break generated markup, plus letters, CJK and
/// white space. Starts with a letter so that required fields are never blank.
fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("#".to_string()),
        Just("$".to_string()),
        Just("*".to_string()),
        Just("_".to_string()),
        Just("@".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\\".to_string()),
        Just("\"".to_string()),
        Just("//".to_string()),
        Just("/*".to_string()),
        Just("*/".to_string()),
        Just("`".to_string()),
        Just("~".to_string()),
        Just("=".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("'".to_string()),
        Just(":".to_string()),
        Just("&".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("#set text(red)".to_string()),
        Just("#panic()".to_string()),
        Just("\")".to_string()),
        Just("]#[".to_string()),
        Just("李".to_string()),
        Just("é".to_string()),
        "[a-zA-Z0-9]{1,5}",
    ];
    ("[A-Za-z]", prop::collection::vec(piece, 0..8))
        .prop_map(|(first, rest)| first + &rest.concat())
}

/// The fields that show their text as it is, and those that show it as inline markdown.
const PLAIN_FIELDS: usize = 28;
const MARKDOWN_FIELDS: usize = 8;

/// `s` as Markdown that stands for `s` itself: a backslash before every ASCII punctuation
/// character (CommonMark makes each of them literal so). The test's own, not cvpdf's.
fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(2 * s.len());
    for c in s.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text as it was typed, from text as a reader sees it: smart punctuation folded back
/// (’ ‘ → `'`, “ ” → `"`, – → `--`, — → `---`, … → `...`), white space gone.
fn typed(shown: &str) -> String {
    let mut out = String::with_capacity(shown.len());
    for c in shown.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '\u{2018}' | '\u{2019}' => out.push('\''),
            '\u{201c}' | '\u{201d}' => out.push('"'),
            '\u{2013}' => out.push_str("--"),
            '\u{2014}' => out.push_str("---"),
            '\u{2026}' => out.push_str("..."),
            c => out.push(c),
        }
    }
    out
}

/// Whether every field may hold `s` (`markup::scan`).
fn accepted(s: &str) -> bool {
    [TextKind::Plain, TextKind::Inline, TextKind::Paragraphs]
        .into_iter()
        .all(|kind| markup::scan(kind, s).is_none())
}

/// A profile with `s` in every text field (escaped in the Markdown fields, or, `raw_markdown`,
/// as it is there too); returns it with the texts expected in the PDF (for the Markdown
/// fields: only when escaped).
fn profile_with(s: &str, raw_markdown: bool) -> (Profile, Vec<(String, String)>) {
    let raw = squash(s);
    let lines: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let address = squash(&lines.join(", "));
    let t = || s.to_string();
    // The fields of inline Markdown and paragraphs (`profile/kinds.rs`) hold it escaped.
    let m = || {
        if raw_markdown {
            s.to_string()
        } else {
            escaped(s)
        }
    };
    let profile = Profile {
        name: t(),
        native_name: Some(t()),
        headline: Some(m().into()),
        bio: Some(m().into()),
        interests: vec![t().into()],
        affiliations: vec![Affiliation {
            name: t().into(),
            url: None,
        }],
        contact: Contact {
            email: Some("ada@example.org".into()),
            phone: Some("+1 555 0100".into()),
            website: None,
            address: Some(t().into()),
        },
        links: vec![Link {
            kind: LinkKind::Other,
            url: "https://example.org".into(),
            label: Some(t().into()),
        }],
        education: vec![Education {
            institution: t().into(),
            degree: t().into(),
            location: Some(t().into()),
            start: None,
            end: None,
            expected: false,
            advisors: vec![t().into()],
            score: Some(m().into()),
            highlights: vec![m().into()],
        }],
        experience: vec![Experience {
            organization: t().into(),
            role: t().into(),
            location: Some(t().into()),
            start: None,
            end: None,
            mentors: vec![t().into()],
            highlights: vec![m().into()],
        }],
        publications: vec![Publication {
            title: m().into(),
            authors: vec![t(), "Other Author".into()],
            venue: Some(t().into()),
            venue_short: Some(t().into()),
            year: Some(2024),
            month: None,
            kind: PublicationKind::Chapter,
            status: PublicationStatus::Published,
            volume: Some(t()),
            issue: Some(t()),
            pages: Some(t()),
            editors: vec![t()],
            edition: Some(t()),
            publisher: Some(t().into()),
            place: Some(t().into()),
            series: Some(t().into()),
            number: Some(t()),
            isbn: Some(t()),
            version: Some(t()),
            degree: None,
            award: Some(t().into()),
            note: Some(m().into()),
            links: PublicationLinks::default(),
            selected: false,
        }],
        grants: vec![Grant {
            title: m().into(),
            funder: Some(t().into()),
            program: Some(t().into()),
            number: Some(t()),
            amount: Some(1250.5),
            currency: Some("EUR".into()),
            role: Some(Role::Other(t())),
            start: None,
            end: None,
            expected: false,
            note: Some(m().into()),
        }],
        supervision: vec![Supervision {
            name: t().into(),
            level: Level::Phd,
            role: Some(Role::Other(t())),
            start: None,
            end: None,
            expected: false,
            thesis: Some(m().into()),
            now: Some(t().into()),
        }],
        talks: vec![Talk {
            title: m().into(),
            events: vec![TalkEvent {
                event: t().into(),
                location: Some(t().into()),
                date: None,
            }],
        }],
        teaching: vec![Teaching {
            course: t().into(),
            institution: Some(t().into()),
            role: Some(t().into()),
            terms: vec![t().into()],
            highlights: vec![m().into()],
        }],
        awards: vec![Award {
            title: m().into(),
            awarder: Some(t().into()),
            date: None,
            years: Vec::new(),
            rank: Some(t().into()),
            note: Some(m().into()),
        }],
        service: vec![Service {
            role: t().into(),
            venues: vec![t().into()],
        }],
        skills: vec![Skill {
            name: t().into(),
            keywords: vec![t().into()],
        }],
        languages: vec![Language {
            name: t().into(),
            fluency: Some(t().into()),
        }],
        hobbies: vec![m().into()],
        sections: vec![CustomSection {
            title: "Patents".into(),
            entries: vec![CustomEntry {
                title: m().into(),
                subtitle: Some(m().into()),
                location: Some(t().into()),
                date: None,
                start: None,
                end: None,
                highlights: vec![m().into()],
            }],
        }],
        ..Profile::default()
    };
    // Each field that is shown, with the text it must show.
    let plain = [
        "name",
        "native_name",
        "interests",
        "affiliation",
        "address",
        "link label",
        "institution",
        "degree",
        "location",
        "advisor",
        "organization",
        "role",
        "mentor",
        "author",
        "venue",
        "venue_short",
        "award",
        "event",
        "course",
        "terms",
        "awarder",
        "rank",
        "service role",
        "venues",
        "skill",
        "keywords",
        "language",
        "fluency",
    ];
    let markdown = [
        "headline",
        "bio",
        "score",
        "highlight",
        "title",
        "note",
        "hobby",
        "subtitle",
    ];
    assert_eq!(
        (plain.len(), markdown.len()),
        (PLAIN_FIELDS, MARKDOWN_FIELDS)
    );
    let mut expected: Vec<(String, String)> = plain
        .iter()
        .map(|f| {
            (
                f.to_string(),
                if *f == "address" {
                    address.clone()
                } else {
                    raw.clone()
                },
            )
        })
        .collect();
    if !raw_markdown {
        expected.extend(markdown.iter().map(|f| (f.to_string(), raw.clone())));
    }
    (profile, expected)
}

/// Writes the profile as YAML (through serde, so the test covers loading too), renders it with
/// the built-in template `template` and returns the PDF's text.
fn render(profile: &Profile, template: &str) -> Result<Pdf, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.yaml");
    std::fs::write(&path, serde_yaml::to_string(profile).unwrap()).unwrap();
    let loaded = load(&path).map_err(|r| r.short())?;
    let style = Style::with_template(Template::resolve(template).unwrap());
    let compiled = renderer()
        .compile(&loaded, &style)
        .map_err(|e| e.detail())?;
    let pdf = renderer()
        .export_pdf(&compiled, &loaded)
        .map_err(|e| e.detail())?;
    Ok(Pdf::parse(&pdf))
}

proptest! {
    // 48 cases by default (a second of rendering); PROPTEST_CASES=5000 for a longer hunt.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_text_field_comes_out_literally(s in hostile(), template in prop::sample::select(vec!["classic", "modern", "compact"])) {
        prop_assume!(accepted(&s) && accepted(&escaped(&s)));
        // Raw in the Markdown fields too: whatever it means there, it compiles and is no code,
        // and every plain field still shows it.
        let (profile, expected) = profile_with(&s, true);
        let pdf = render(&profile, template).map_err(TestCaseError::fail)?;
        let text = typed(&pdf.page_text.concat());
        for (field, want) in expected {
            prop_assert!(want.is_empty() || text.contains(&want), "field {} of {:?} with raw Markdown: {:?} not in {:?}", field, s, want, text);
        }
        let (profile, expected) = profile_with(&s, false);
        let pdf = render(&profile, template).map_err(TestCaseError::fail)?;
        let text = typed(&pdf.page_text.concat());
        for (field, want) in expected {
            if want.is_empty() {
                continue;
            }
            prop_assert!(text.contains(&want), "field {} of {:?}: {:?} not in the PDF text {:?}", field, s, want, text);
        }
        // Not one field for all: every field shows its own copy of the text (the postal
        // address may show it with commas).
        let raw = squash(&s);
        let copies = text.matches(&raw).count();
        prop_assert!(copies >= PLAIN_FIELDS - 1 + MARKDOWN_FIELDS, "{} copies of {:?}", copies, raw);
    }

    #[test]
    fn markdown_escapes_give_literal_text(s in hostile()) {
        // A backslash before every ASCII punctuation character turns markdown off.
        let escaped: String = s.chars().flat_map(|c| {
            if c.is_ascii_punctuation() { vec!['\\', c] } else { vec![c] }
        }).collect();
        let plain = inline::plain_text(&inline::parse(&escaped));
        prop_assert_eq!(squash(&plain), squash(&s));
    }
}

#[test]
fn hostile_text_in_the_generated_source_stays_inside_literals() {
    // A string that would end the literal and run code if it were pasted unescaped.
    let hostile = "a\") #panic(\"injected\") #(\"";
    let (profile, _) = profile_with(hostile, true);
    // As printed: with smart quotes (“injected”), the characters of code all there.
    let printed = "a”)#panic(“injected”)#(”";
    for template in ["classic", "modern", "compact"] {
        let pdf = render(&profile, template).expect("renders");
        assert!(pdf.squashed().contains(printed), "{template}");
    }
}
