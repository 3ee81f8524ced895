//! `cvpdf import-bib` run as a careless user runs it (issue 46): a UTF-8 file with one stray
//! Latin-1 byte, and a long JabRef file with one value the parser once choked on.

use std::fs;

use crate::common::*;

/// The profile's publications after `cvpdf import-bib FILE --into p.yaml`, and what it said.
fn import(bib: &[u8]) -> (Vec<cvpdf::profile::Publication>, String) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: Ada Lovelace\n").unwrap();
    fs::write(dir.path().join("refs.bib"), bib).unwrap();
    let out = cvpdf(dir.path(), &["import-bib", "refs.bib", "--into", "p.yaml"]);
    let said = stderr(&out);
    assert!(out.status.success(), "{said}");
    let profile = cvpdf::profile::load(&dir.path().join("p.yaml")).unwrap();
    (profile.profile.publications, said)
}

#[test]
fn one_stray_latin1_byte_leaves_every_other_name_as_written() {
    // Found by probing: two stray bytes had the whole file read as Windows-1252
    // (`JosÃ© MÃ¼ller`).
    let mut bib = "@article{a, title = {Über Zoë's Café}, author = {José Müller and Zoë Ångström}, year = 2020}\n"
        .as_bytes()
        .to_vec();
    bib.extend(b"@article{b, title = {Caf\xE9 Society}, author = {Ren\xE9 Dupont}, year = 2021}\n");
    let (papers, said) = import(&bib);
    assert_eq!(papers.len(), 2, "{said}");
    let a = papers.iter().find(|p| p.year == Some(2020)).unwrap();
    assert_eq!(a.title, "Über Zoë's Café");
    assert_eq!(a.authors, ["José Müller", "Zoë Ångström"]);
    let b = papers.iter().find(|p| p.year == Some(2021)).unwrap();
    assert_eq!(b.title, "Café Society");
    assert_eq!(b.authors, ["René Dupont"]);
    assert!(said.contains("UTF-8 but for 2 byte(s)"), "{said}");
    // Text decoded twice before it reached the file is repaired, as `cvpdf import` does.
    let (papers, said) = import(
        "@article{m, title = {CafÃ© Society}, author = {JosÃ© MÃ¼ller}, year = 2020}\n".as_bytes(),
    );
    assert_eq!(papers[0].authors, ["José Müller"], "{said}");
    assert!(said.contains("decoded twice"), "{said}");
}

#[test]
fn one_title_with_a_unit_neither_refuses_a_long_file_nor_is_lost() {
    // A JabRef file of 484 entries, one with `8600--15000\,cm$^{-1}$` in its title, was
    // refused whole ("not a valid BibTeX file: unexpected end of file").
    let mut bib = String::from("% Encoding: UTF-8\n\n");
    for i in 0..484 {
        let title = if i == 241 {
            r"Spectra at 8600--15000\,cm$^{-1}$".to_string()
        } else {
            format!("Paper {i}")
        };
        bib += &format!(
            "@Article{{k{i},\n  author = {{Lovelace, Ada}},\n  title = {{{title}}},\n  year = {{{}}},\n}}\n\n",
            1990 + i % 30
        );
    }
    let (papers, said) = import(bib.as_bytes());
    assert_eq!(papers.len(), 484, "{said}");
    assert!(
        papers
            .iter()
            .any(|p| p.title == "Spectra at 8600–15000 cm⁻¹"),
        "{said}"
    );
}
