//! The unit tests of `import/convert/text.rs`.

use super::*;

fn convert(text: &str, base: Option<&str>) -> (String, Context) {
    let mut context = Context {
        base_url: base.map(String::from),
        ..Context::default()
    };
    (foreign(text, "bio", &mut context), context)
}

#[test]
fn comments_go_and_math_becomes_text() {
    let (text, _) = convert(
        "[//]: <> (hidden)\nWorks on $\\mathrm{AC}^0$ <!-- not this -->circuits.",
        None,
    );
    assert_eq!(text, "Works on AC⁰ circuits.");
}

#[test]
fn links_within_the_site_resolve_or_leave_their_text() {
    let (text, context) = convert("See [posts](/post/) and <a href='#x'>here</a>.", None);
    assert_eq!(text, "See posts and <a >here</a>.");
    assert_eq!(context.warnings.len(), 2);
    let (text, _) = convert("See [posts](/post/).", Some("https://ada.org"));
    assert_eq!(text, "See [posts](https://ada.org/post/).");
    let (text, _) = convert("[in](www.linkedin.com/in/x)", None);
    assert_eq!(text, "[in](https://www.linkedin.com/in/x)");
}

#[test]
fn pathological_text_is_read_in_one_pass() {
    // Each of these took time growing with the square of its length before it was
    // bounded: a run of `<` with no `>`, braces nested 100,000 deep, a date of hyphens.
    let (text, _) = convert(&"<a".repeat(100_000), None);
    assert_eq!(text.len(), 200_000);
    let nested = format!("{}x{}", "\\textbf{".repeat(100_000), "}".repeat(100_000));
    let (text, _) = convert(&format!("${nested}$ and {nested}"), None);
    assert!(text.len() > 200_000);
    assert!(super::super::dates::read_period(&"-".repeat(1_000_000)).is_none());
    assert!(super::super::dates::read_date(&"2020-".repeat(100_000)).is_err());
}

#[test]
fn every_link_form_passes_the_classifier() {
    let (text, context) = convert(
            "Write to <ada@ada.org> or <https://ada.org>; [demo](javascript:void(0)) and ![me](me.png) <b>ok</b>",
            None,
        );
    assert_eq!(
            text,
            "Write to [ada@ada.org](mailto:ada@ada.org) or [https://ada.org](https://ada.org); demo and  <b>ok</b>"
        );
    assert_eq!(context.warnings.len(), 2, "{:?}", context.warnings);
}

#[test]
fn headings_and_lists_become_paragraphs() {
    let (text, _) = convert("Intro.\n\n### Aims\nWe aim.\n\n- one\n- two\n* three", None);
    assert_eq!(
        text,
        "Intro.\n\n**Aims**\n\nWe aim.\n\n• one\n\n• two\n\n• three"
    );
    let (text, _) = convert("a - b * c\n#hashtag", None);
    assert_eq!(text, "a - b * c\n#hashtag");
}

#[test]
fn math_is_read_before_commands() {
    let (text, _) = convert("$\\frac{1}{2}$, $\\mathbb{R}^n$ and \\textbf{bold}", None);
    assert_eq!(text, "1/2, ℝⁿ and **bold**");
}

#[test]
fn styling_tags_are_named() {
    let (_, context) = convert("PhD <small>2019</small>, <b>bold</b>", None);
    assert_eq!(context.dropped.into_iter().collect::<Vec<_>>(), ["<small>"]);
}
