//! The unit tests of `import/bib/graph.rs`.

use super::*;

fn raw(text: &str) -> RawBibliography<'_> {
    RawBibliography::parse(text).unwrap()
}

/// Where a problem points in `text`, as `line:column`.
fn place(text: &str, problem: &Problem) -> String {
    let span = problem.span.clone().expect("a problem with its place");
    let (line, column) = crate::diag::line_column(text, span.start);
    format!("{line}:{column}")
}

#[test]
fn deep_braces_are_refused_before_parsing() {
    let deep = format!("@misc{{k, title = {}x{}}}", "{".repeat(40), "}".repeat(40));
    let err = check_nesting(&deep).unwrap_err();
    assert_eq!(place(&deep, &err), "1:49", "{err}");
    assert!(check_nesting("@misc{k, title = {\\{{A}\\{}}").is_ok());
}

#[test]
fn string_loops_are_named_with_their_position() {
    let text = "@string{a = b}\n@string{b = a}\n@misc{x, title = a}";
    let err = check_abbreviations(&raw(text)).unwrap_err();
    assert!(err.message.contains("loop (a → b → a)"), "{err}");
    assert_eq!(place(text, &err), "1:9", "{err}");
    let text = "@string{me = \"x\" # me}";
    let err = check_abbreviations(&raw(text)).unwrap_err();
    assert!(err.message.contains("(me → me)"), "{err}");
}

#[test]
fn exponential_strings_are_refused_and_long_chains_are_not_recursed() {
    let mut text = String::from("@string{s0 = \"xxxxxxxxxxxxxxxx\"}\n");
    for i in 1..64 {
        text.push_str(&format!("@string{{s{i} = s{} # s{}}}\n", i - 1, i - 1));
    }
    text.push_str("@misc{x, title = s63}\n");
    let err = check_abbreviations(&raw(&text)).unwrap_err();
    assert!(err.message.contains("grows past 16 MiB"), "{err}");

    let mut text = String::from("@string{s0 = \"x\"}\n");
    for i in 1..50_000 {
        text.push_str(&format!("@string{{s{i} = s{}}}\n", i - 1));
    }
    text.push_str("@misc{x, title = s49999 # \" and \" # jan}\n");
    let mut raw = raw(&text);
    assert!(check_abbreviations(&raw).is_ok());
    // Issue 25, bug 5: the crate resolved the chain by recursing 50,000 deep.
    flatten_abbreviations(&mut raw);
    let chunks: Vec<&RawChunk> = raw.entries[0].v.fields[0]
        .value
        .v
        .iter()
        .map(|c| &c.v)
        .collect();
    assert_eq!(
        chunks,
        [
            &RawChunk::Normal("x"),
            &RawChunk::Normal(" and "),
            &RawChunk::Abbreviation("jan")
        ]
    );
    let bibliography = biblatex::Bibliography::from_raw(raw).unwrap();
    assert_eq!(bibliography.len(), 1);
}

#[test]
fn crossref_loops_and_deep_chains_are_found() {
    let text = "@misc{a, crossref = {b}}\n@misc{b, crossref = {a}}\n@misc{c, crossref = {c}}\n\
                    @misc{d, crossref = {e}}\n@misc{e, xdata = {f, g}}\n@misc{f,}\n@misc{g, crossref={a}}";
    let bad = unresolvable_entries(&raw(text));
    let keys: Vec<&str> = bad.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["a", "b", "c", "d", "e", "g"]);
    assert_eq!(bad[0].1, "crossref loop a → b → a");
    assert_eq!(bad[2].1, "it is its own crossref");
    let mut chain = String::new();
    for i in 0..20 {
        chain.push_str(&format!("@misc{{k{i}, crossref = {{k{}}}}}\n", i + 1));
    }
    let bad = unresolvable_entries(&raw(&chain));
    assert!(bad[0].1.contains("more than 8"), "{:?}", bad[0]);
    assert_eq!(bad.len(), 20 - MAX_PARENT_DEPTH - 1);
}
