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

/// One entry of each type BibTeX and BibLaTeX have for a researcher's record (issue 48).
const EVERY_TYPE: &str = r"
@article{art, title = {An Article}, author = {Lovelace, Ada}, journal = {Nature},
  volume = {521}, number = {7553}, pages = {436--444}, year = 2015}
@inproceedings{conf, title = {A Paper}, author = {Lovelace, Ada}, booktitle = {Proc. Things},
  organization = {ACM}, address = {New York}, pages = {1--10}, year = 2016}
@book{book, title = {A Book}, subtitle = {Its Subtitle}, author = {Lovelace, Ada},
  publisher = {Springer}, address = {Berlin}, edition = {2}, series = {Graduate Texts},
  isbn = {978-3-16-148410-0}, year = 2017}
@inbook{own, title = {A Chapter of Her Book}, author = {Lovelace, Ada}, booktitle = {Her Book},
  publisher = {Wiley}, pages = {5--9}, year = 2018}
@incollection{chap, title = {A Chapter}, author = {Lovelace, Ada}, crossref = {coll}, pages = {11--30}}
@collection{coll, title = {The Handbook}, editor = {Babbage, Charles}, publisher = {MIT Press},
  location = {Cambridge, MA}, year = 2019}
@proceedings{eds, title = {Proceedings of Things}, editor = {Lovelace, Ada and Babbage, Charles},
  publisher = {Springer}, year = 2020}
@techreport{tr, title = {A Report}, author = {Lovelace, Ada}, institution = {MIT},
  number = {TR-7}, year = 2011}
@report{rep, title = {Another Report}, author = {Lovelace, Ada}, institution = {CERN},
  type = {Working Paper}, number = {12}, year = 2012}
@dataset{data, title = {A Dataset}, author = {Lovelace, Ada}, publisher = {Zenodo},
  version = {1.2}, date = {2021-05}}
@software{soft, title = {Some Software}, author = {Lovelace, Ada}, version = {2.1.0},
  url = {https://example.org/code}, year = 2022}
@phdthesis{phd, title = {A Dissertation}, author = {Lovelace, Ada}, school = {ETH Zurich}, year = 2010}
@mastersthesis{ms, title = {A Masters Thesis}, author = {Lovelace, Ada}, school = {KTH}, year = 2005}
@thesis{habil, title = {A Habilitation}, author = {Lovelace, Ada}, institution = {TU Wien},
  type = {Habilitation}, year = 2014}
@online{web, title = {A Web Page}, author = {Lovelace, Ada}, url = {https://example.org/page},
  date = {2023}}
@misc{soon, title = {Not Out Yet}, author = {Lovelace, Ada}, pubstate = {forthcoming}}
";

#[test]
fn issue_48_one_entry_of_each_type_imports_into_a_profile_that_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: Ada Lovelace\n").unwrap();
    fs::write(dir.path().join("refs.bib"), EVERY_TYPE).unwrap();
    let out = cvpdf(dir.path(), &["import-bib", "refs.bib", "--into", "p.yaml"]);
    let said = stderr(&out);
    assert!(out.status.success(), "{said}");
    assert!(!said.contains("not imported"), "{said}");
    assert!(!said.contains("not carried over"), "{said}");
    let check = cvpdf(dir.path(), &["check", "p.yaml"]);
    assert!(check.status.success(), "{}", stderr(&check));
    // The YAML as written, read as data: every field is there.
    let yaml = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
    let profile: serde_yaml::Value = serde_yaml::from_str(&yaml).unwrap();
    let papers = profile["publications"].as_sequence().unwrap();
    let by_title = |title: &str| {
        papers
            .iter()
            .find(|p| p["title"].as_str() == Some(title))
            .unwrap_or_else(|| panic!("no {title} in\n{yaml}"))
    };
    let field = |title: &str, key: &str| by_title(title)[key].as_str().map(str::to_string);
    let has = |title: &str, pairs: &[(&str, &str)]| {
        for (key, value) in pairs {
            assert_eq!(
                field(title, key).as_deref(),
                Some(*value),
                "{title}.{key} in\n{yaml}"
            );
        }
    };
    assert_eq!(papers.len(), 15, "{yaml}");
    has(
        "An Article",
        &[
            ("kind", "journal"),
            ("volume", "521"),
            ("issue", "7553"),
            ("pages", "436–444"),
        ],
    );
    has("A Paper", &[("publisher", "ACM"), ("place", "New York")]);
    has(
        "A Book: Its Subtitle",
        &[
            ("kind", "book"),
            ("publisher", "Springer"),
            ("place", "Berlin"),
            ("edition", "2"),
            ("series", "Graduate Texts"),
            ("isbn", "978-3-16-148410-0"),
        ],
    );
    has(
        "A Chapter of Her Book",
        &[("kind", "chapter"), ("venue", "Her Book"), ("pages", "5–9")],
    );
    has(
        "A Chapter",
        &[
            ("kind", "chapter"),
            ("venue", "The Handbook"),
            ("publisher", "MIT Press"),
            ("place", "Cambridge, MA"),
        ],
    );
    assert_eq!(
        by_title("A Chapter")["editors"][0].as_str(),
        Some("Charles Babbage")
    );
    assert_eq!(by_title("A Chapter")["year"].as_u64(), Some(2019));
    has(
        "Proceedings of Things",
        &[("kind", "edited"), ("publisher", "Springer")],
    );
    let eds = by_title("Proceedings of Things");
    assert!(
        eds["authors"].as_sequence().is_none_or(|a| a.is_empty()),
        "{yaml}"
    );
    assert_eq!(
        eds["editors"].as_sequence().map(Vec::len),
        Some(2),
        "{yaml}"
    );
    has(
        "A Report",
        &[("kind", "report"), ("publisher", "MIT"), ("number", "TR-7")],
    );
    has(
        "Another Report",
        &[("kind", "report"), ("publisher", "CERN"), ("number", "12")],
    );
    has(
        "A Dataset",
        &[
            ("kind", "dataset"),
            ("publisher", "Zenodo"),
            ("version", "1.2"),
        ],
    );
    has(
        "Some Software",
        &[("kind", "software"), ("version", "2.1.0")],
    );
    has(
        "A Dissertation",
        &[
            ("kind", "thesis"),
            ("publisher", "ETH Zurich"),
            ("degree", "phd"),
        ],
    );
    has(
        "A Masters Thesis",
        &[("degree", "masters"), ("publisher", "KTH")],
    );
    has(
        "A Habilitation",
        &[("degree", "habilitation"), ("publisher", "TU Wien")],
    );
    has("A Web Page", &[("kind", "other")]);
    has("Not Out Yet", &[("status", "accepted")]);
    assert!(by_title("Not Out Yet")["year"].is_null(), "{yaml}");
}
