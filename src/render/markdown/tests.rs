use typst::syntax::Span;
use typst_html::{tag, HtmlElement, HtmlNode};

use super::*;

fn text(s: &str) -> HtmlNode {
    HtmlNode::text(s, Span::detached())
}

fn el(t: typst_html::HtmlTag, children: Vec<HtmlNode>) -> HtmlNode {
    HtmlNode::Element(HtmlElement::new(t).with_children(children.into_iter().collect()))
}

/// `write`'s output without its closing mark.
fn write(root: &HtmlElement) -> String {
    let out = super::write(root);
    match out.strip_suffix(&format!("\n{MARK}\n")) {
        Some(body) if body.ends_with('\n') => body.to_string(),
        _ => out,
    }
}

fn doc(children: Vec<HtmlNode>) -> HtmlElement {
    HtmlElement::new(tag::html).with_children(vec![el(tag::body, children)].into_iter().collect())
}

#[test]
fn text_that_looks_like_markdown_or_html_is_shown_as_written() {
    let out = write(&doc(vec![el(
        tag::p,
        vec![text("a <b> & &amp; &#60; *c* _d_ [e](f) `g` ~h~ \\")],
    )]));
    assert_eq!(
        out,
        "a \\<b\\> & \\&amp; \\&#60; \\*c\\* \\_d\\_ \\[e\\](f) \\`g\\` \\~h\\~ \\\\\n"
    );
}

#[test]
fn a_line_that_starts_like_a_heading_or_a_list_stays_text() {
    let out = write(&doc(vec![
        el(tag::p, vec![text("# 1 in the world")]),
        el(tag::p, vec![text("1. Platz")]),
        el(tag::p, vec![text("- 5 ms")]),
    ]));
    assert_eq!(out, "\\# 1 in the world\n\n1\\. Platz\n\n\\- 5 ms\n");
}

#[test]
fn headings_lists_links_and_emphasis() {
    let mut link =
        HtmlElement::new(tag::a).with_children(vec![text("my site")].into_iter().collect());
    link.attrs.push(attr::href, "https://example.org/a b(c)");
    let out = write(&doc(vec![
        el(
            tag::h1,
            vec![text("Ada "), el(tag::span, vec![text("Lovelace")])],
        ),
        el(tag::h2, vec![text("Publications")]),
        el(
            tag::ul,
            vec![
                el(
                    tag::li,
                    vec![el(tag::strong, vec![text("Title ")]), text("x")],
                ),
                el(
                    tag::li,
                    vec![
                        text("see "),
                        HtmlNode::Element(link),
                        el(tag::br, vec![]),
                        el(tag::em, vec![text("Venue")]),
                    ],
                ),
            ],
        ),
    ]));
    assert_eq!(
        out,
        "# Ada Lovelace\n\n## Publications\n\n- **Title** x\n- see [my site](https://example.org/a%20b%28c%29)\\\n  *Venue*\n"
    );
}

#[test]
fn lines_of_an_entry_are_one_paragraph_and_a_side_part_follows_a_dash() {
    let mut side =
        HtmlElement::new(tag::span).with_children(vec![text("2024")].into_iter().collect());
    side.attrs.push(attr::class, "side");
    let out = write(&doc(vec![el(
        tag::div,
        vec![
            el(
                tag::div,
                vec![el(tag::strong, vec![text("MIT")]), HtmlNode::Element(side)],
            ),
            el(tag::div, vec![text("Advisor: B")]),
            el(tag::ul, vec![el(tag::li, vec![text("did things")])]),
        ],
    )]));
    assert_eq!(out, "**MIT** — 2024\\\nAdvisor: B\n\n- did things\n");
}

#[test]
fn pictures_styles_and_scripts_are_left_out() {
    let out = write(&doc(vec![
        el(tag::script, vec![text("{\"a\": 1}")]),
        el(tag::style, vec![text("p {}")]),
        el(tag::img, vec![]),
        el(tag::p, vec![text("kept")]),
    ]));
    assert_eq!(out, "kept\n");
}

#[test]
fn a_code_span_is_fenced_longer_than_its_backticks() {
    let mut out = String::new();
    code_span("a``b", &mut out);
    assert_eq!(out, "```a``b```");
}

#[test]
fn a_line_that_is_only_a_marker_or_an_underline_stays_text() {
    // Found by probing issue 50: `#`, `-`, `2024.` and `=` alone became structure.
    for (line, written) in [
        ("#", "\\#"),
        ("-", "\\-"),
        ("+", "\\+"),
        ("2024.", "2024\\."),
        ("=", "\\="),
        ("---", "\\---"),
        ("C#", "C#"),
    ] {
        let out = write(&doc(vec![el(
            tag::div,
            vec![
                el(tag::div, vec![text(line)]),
                el(tag::div, vec![text("x")]),
            ],
        )]));
        let first = out.lines().next().unwrap();
        assert_eq!(first, format!("{written}\\"), "{line}");
    }
}

#[test]
fn a_heading_keeps_a_closing_hash_and_a_bang_before_a_link_is_no_picture() {
    let out = write(&doc(vec![el(tag::h1, vec![text("Team #")])]));
    assert!(out.starts_with("# Team \\#\n"), "{out}");
    let mut link = HtmlElement::new(tag::a).with_children(vec![text("demo")].into_iter().collect());
    link.attrs
        .push(attr::href, "https://example.org/?a=1&amp;b");
    let out = write(&doc(vec![el(
        tag::p,
        vec![text("Try it!"), HtmlNode::Element(link)],
    )]));
    assert!(
        out.starts_with("Try it\\![demo](https://example.org/?a=1\\&amp;b)\n"),
        "{out}"
    );
}

#[test]
fn a_markdown_cv_ends_with_its_mark_and_is_known_by_it() {
    let out = super::write(&doc(vec![el(tag::p, vec![text("a")])]));
    assert!(out.ends_with("\n\n[//]: # (made by cvpdf)\n"), "{out}");
    assert!(is_markdown_cv(out.as_bytes()));
    assert!(!is_markdown_cv(b"# My own CV\n"));
}
