//! The unit tests of `yaml/spans.rs`.

use super::*;

const DOC: &str = "name: Zili Zhang\neducation:\n  - institution: 北京大学\n    degree: PhD\n    start: 2023-09\npublications:\n  - {title: T, year: 2024}\n";

fn text_at(range: &Range<usize>) -> &'static str {
    &DOC[range.clone()]
}

#[test]
fn maps_paths_to_keys_and_values() {
    let index = SpanIndex::build(DOC).unwrap();
    assert_eq!(index.root(), RootKind::Mapping);
    let name = index.get("name").unwrap();
    assert_eq!(text_at(name.key.as_ref().unwrap()), "name");
    assert_eq!(text_at(&name.value), "Zili Zhang");
    let start = index.get("education[0].start").unwrap();
    assert_eq!(text_at(&start.value), "2023-09");
    assert_eq!(
        text_at(&index.get("publications[0].year").unwrap().value),
        "2024"
    );
}

#[test]
fn collections_know_where_they_end() {
    let index = SpanIndex::build(DOC).unwrap();
    let education = index.get("education").unwrap();
    assert!(
        DOC[education.end..].starts_with("publications:"),
        "{:?}",
        &DOC[education.end..]
    );
    assert_eq!(
        index.get("name").unwrap().end,
        DOC.find(" Zhang").unwrap() + " Zhang".len()
    );
}

#[test]
fn counts_columns_in_characters_but_reports_bytes() {
    let doc = "a: 北京\nb: x\n";
    let index = SpanIndex::build(doc).unwrap();
    assert_eq!(&doc[index.get("b").unwrap().value.clone()], "x");
    assert_eq!(&doc[index.get("a").unwrap().value.clone()], "北京");
}

#[test]
fn one_long_line_maps_every_value_to_its_bytes() {
    // Issue 24, bug 1: each value of a flow-style line was counted from the line's start.
    let text = format!(
        "name: A\npublications: [{}]\n",
        (0..300)
            .map(|i| format!("{{title: 北京{i}, year: 2020}}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let index = SpanIndex::build(&text).unwrap();
    for i in [0, 1, 150, 299] {
        let span = index.get(&format!("publications[{i}].title")).unwrap();
        assert_eq!(&text[span.value.clone()], format!("北京{i}"));
    }
    let offsets = LineOffsets::new(&text);
    // Out of order (a later column first) still lands right.
    let late = offsets.byte(2, 40);
    assert_eq!(offsets.byte(2, 0), text.find("publications").unwrap());
    assert_eq!(offsets.byte(2, 40), late);
}

#[test]
fn nearest_falls_back_to_ancestors() {
    let index = SpanIndex::build(DOC).unwrap();
    let node = index.nearest("education[0].end").unwrap();
    assert_eq!(text_at(&node.value), "institution");
    assert_eq!(parent("education[0].end"), "education[0]");
    assert_eq!(parent("education[0]"), "education");
    assert_eq!(parent("education"), "");
}

#[test]
fn reports_syntax_errors_with_a_position() {
    let err = SpanIndex::build("name: a\n  bad: [1, 2\n").unwrap_err();
    assert!(err.span.start > 0, "{err:?}");
}

#[test]
fn knows_the_root_kind() {
    assert_eq!(
        SpanIndex::build("# only a comment\n").unwrap().root(),
        RootKind::Empty
    );
    assert_eq!(
        SpanIndex::build("- a\n- b\n").unwrap().root(),
        RootKind::Sequence
    );
    assert_eq!(
        SpanIndex::build("just text").unwrap().root(),
        RootKind::Scalar
    );
}
