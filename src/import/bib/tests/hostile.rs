//! Files a careless or hostile user hands `import-bib`: one value the parser cannot read,
//! LaTeX in names, several years in one, text decoded twice, `AND`, many venues.

use super::*;

/// One paper of the given key and fields.
fn one(key: &str, fields: &str) -> String {
    format!("@article{{{key},\n  {fields},\n  year = {{2020}},\n}}\n")
}

#[test]
fn a_unit_in_a_title_neither_refuses_the_file_nor_is_lost() {
    // Found in a JabRef file: the crate read `\,cm$^` as one command's name and then missed
    // the closing `$`, which refused all 484 entries.
    let mut bib = one("before", "title = {Before}, author = {Ada Lovelace}");
    bib += &one(
        "unit",
        r"title = {Spectra at 8600--15000\,cm$^{-1}$ and \,cm$^{x}$}, author = {Ada Lovelace}",
    );
    bib += &one("after", "title = {After}, author = {Ada Lovelace}");
    let (read, papers) = read(&bib, None);
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    assert_eq!(papers.len(), 3);
    assert_eq!(papers["unit"].title, "Spectra at 8600–15000 cm⁻¹ and cmˣ");
}

#[test]
fn one_value_the_crate_cannot_read_is_named_and_the_rest_come_in() {
    // A value the crate cannot read (written out as LaTeX, as Zotero does, it is left to the
    // crate as it is): the entry is named, with its line, and the others come in.
    let mut bib = one("first", "title = {First}, author = {Ada Lovelace}");
    bib += &one(
        "broken",
        r"title = {\textdollar{}5 at 8600\,cm$^{-1}$}, author = {Ada Lovelace}",
    );
    bib += &one("last", "title = {Last}, author = {Ada Lovelace}");
    let (read, papers) = read(&bib, None);
    assert_eq!(papers.len(), 2, "{:?}", read.skipped);
    assert!(papers.contains_key("first") && papers.contains_key("last"));
    assert_eq!(read.skipped.len(), 1);
    assert_eq!(read.skipped[0].key, "broken");
    assert!(read.skipped[0].at.starts_with("5:"), "{}", read.skipped[0]);
}

#[test]
fn latex_in_names_is_read_as_text() {
    let bib = one(
        "names",
        r"title = {T}, author = {\relax Ada Lovelace and \textsc{Mary} Shelley and Charles Babbage\thanks{Work done at the Engine} AND Zoë~Example And van der Berg, Anna}",
    );
    let (_, papers) = read(&bib, None);
    assert_eq!(
        papers["names"].authors,
        [
            "Ada Lovelace",
            "Mary Shelley",
            "Charles Babbage",
            "Zoë Example",
            "Anna van der Berg"
        ]
    );
}

#[test]
fn a_year_with_several_years_keeps_the_latest_and_says_so() {
    let bib = format!(
        "{}{}{}",
        "@article{range, title = {R}, author = {A B}, year = {2020--2021}}\n",
        "@article{list, title = {L}, author = {A B}, year = {2018, 2019}}\n",
        "@article{one, title = {O}, author = {A B}, year = {2017}}\n",
    );
    let (read, papers) = read(&bib, None);
    assert_eq!(papers["range"].year, Some(2021));
    assert_eq!(papers["list"].year, Some(2019));
    assert_eq!(papers["one"].year, Some(2017));
    let notes = read.notes.join("\n");
    assert!(
        notes.contains("range: year \"2020–2021\" holds more than one year; 2021"),
        "{notes}"
    );
    assert!(notes.contains("list: year \"2018, 2019\""), "{notes}");
    assert!(!notes.contains("one:"), "{notes}");
}

#[test]
fn text_decoded_twice_is_repaired_as_cvpdf_import_repairs_it() {
    let bib = one("m", "title = {CafÃ© Society}, author = {JosÃ© MÃ¼ller}");
    let read = publications(&bib, None).unwrap();
    let (_, paper) = &read.papers[0];
    assert_eq!(paper.title, "Café Society");
    assert_eq!(paper.authors, ["José Müller"]);
    assert!(
        read.notes.iter().any(|n| n.contains("decoded twice")),
        "{:?}",
        read.notes
    );
}

/// Issue 48, corpus file `bibtex/102`: Zotero exports the MathML a publisher put in a title
/// with its brackets as TeX math and its tags title-cased; the title shows the formula.
#[test]
fn a_publishers_mathml_escaped_by_zotero_is_the_formula_it_shows() {
    let title = "title = {The {{Multidimensional}} {$<$}math{$><$}mrow {{Is}}=''true''{$><$}msub {{Is}}=''true''{$><$}mi {{Is}}=''true''{$>$}{{P}}{$<$}/{{Mi}}{$><$}mi{$>$}n{$<$}/mi{$><$}/{{Msub}}{$><$}/{{Mrow}}{$><$}/{{Math}}{$>$} {{Equations}} and a {$<$} b}";
    let bib = one("z", &format!("{title}, author = {{Ada Lovelace}}"));
    let (read, papers) = read(&bib, None);
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    assert_eq!(
        papers["z"].title,
        "The Multidimensional Pₙ Equations and a \\< b"
    );
}

/// Issue 48, found by the lab's BibTeX check: a name holding `=` was read by the biblatex
/// crate as the extended name format and lost; a list in that format still reads as one.
#[test]
fn a_name_with_an_equals_sign_is_a_name_and_the_extended_format_still_reads() {
    let mut bib = one("eq", "title = {T}, author = {Cy a=b and Ada Lovelace}");
    bib += &one(
        "enf",
        "title = {U}, author = {family=Lovelace, given=Ada and given = Charles, family = Babbage}",
    );
    let (read, papers) = read(&bib, None);
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    assert_eq!(papers["eq"].authors, ["Cy a=b", "Ada Lovelace"]);
    assert_eq!(papers["enf"].authors, ["Ada Lovelace", "Charles Babbage"]);
}

#[test]
fn venues_do_not_count_as_papers_against_the_bound() {
    // 1,100 papers, each with its own @proceedings: 2,200 entries, 1,100 papers.
    let mut bib = String::new();
    for i in 0..1_100 {
        bib += &format!(
            "@inproceedings{{p{i}, title = {{Paper {i}}}, author = {{A B}}, crossref = {{v{i}}}}}\n\
             @proceedings{{v{i}, title = {{Venue {i}}}, booktitle = {{Venue {i}}}, year = 2020}}\n"
        );
    }
    let read = publications(&bib, None).unwrap();
    assert_eq!(read.papers.len(), 1_100);
    // Papers over the bound are still refused.
    let many: String = (0..2_001)
        .map(|i| format!("@misc{{k{i}, title = {{P}}, author = {{A B}}, year = 2020}}\n"))
        .collect();
    let err = publications(&many, None).unwrap_err();
    assert!(
        err.message.contains("2001 entries that are papers"),
        "{err}"
    );
}

#[test]
fn al_folio_markdown_fields_are_markdown_and_a_break_is_a_space() {
    let bib = one(
        "award",
        "title = {One<br>Two}, author = {Ada Lovelace}, award_name = {Nobel}, \
         award = {**Nobel Prize in Physics**}, annotation = {Shared with *Babbage*}",
    );
    let (_, papers) = read(&bib, None);
    let paper = &papers["award"];
    assert_eq!(paper.title, "One Two");
    assert_eq!(paper.award.as_deref(), Some("Nobel"));
    assert_eq!(
        paper.note.as_deref(),
        Some("Shared with *Babbage*; **Nobel Prize in Physics**")
    );
}

#[test]
fn terminal_escapes_and_control_characters_leave_nothing_behind() {
    let bib = one(
        "esc",
        "title = {\u{1b}[1;31mRed\u{1b}[0m Title\u{7}}, author = {Ada\u{1b}[0m Lovelace}",
    );
    let (read, papers) = read(&bib, None);
    assert!(read.skipped.is_empty(), "{:?}", read.skipped);
    assert_eq!(papers["esc"].title, "Red Title");
    assert_eq!(papers["esc"].authors, ["Ada Lovelace"]);
}
