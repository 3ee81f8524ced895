//! `import-bib` end to end on small files written for each rule: what comes in, what is
//! skipped and why, what is said.

use super::*;
use crate::profile::{self, PublicationKind, PublicationStatus};
use std::path::Path;

mod hostile;
mod merging;

const BIB: &str = r#"
@inproceedings{zhang2023fast,
  title = {Fast, Approximate Vector Queries on Very Large Unstructured Datasets},
  author = {Zhang, Zili and Jin, Chao and Tang, Linpeng and Liu, Xuanzhe and Jin, Xin},
  booktitle = {20th USENIX Symposium on Networked Systems Design and Implementation (NSDI 23)},
  year = {2023},
  month = apr,
  doi = {10.5555/nsdi23},
}
@article{liu2023rise,
  title = {Rise of Distributed Deep Learning Training in the Big Model Era},
  author = {Liu, Xuanzhe and Gu, Diandian and Zhang, Zili and Jin, Xin},
  journal = {ACM Transactions on Software Engineering and Methodology},
  year = {2023},
}
@misc{new2025,
  title = {A {New} Preprint},
  author = {Zhang, Zili and van der Berg, Anna},
  year = {2025},
  eprint = {2501.00001},
  archivePrefix = {arXiv},
}
@inproceedings{ws2022, title = {Small Workshop Paper}, author = {Zhang, Zili}, booktitle = {Workshop on Things}, year = 2022, pubstate = {forthcoming}}
@book{noyear, title = {No Year}, author = {Zhang, Zili}}
"#;

#[test]
fn entries_become_publications() {
    let read = publications(BIB, None).unwrap();
    let pubs = &read.papers;
    assert_eq!(read.skipped.len(), 1);
    assert_eq!(read.skipped[0].to_string(), "noyear (at 24:1): no year");
    let (_, nsdi) = &pubs[0];
    assert_eq!(nsdi.authors[0], "Zili Zhang");
    assert_eq!(
        (nsdi.year, nsdi.month, nsdi.kind),
        (Some(2023), Some(4), PublicationKind::Conference)
    );
    assert_eq!(nsdi.links.doi.as_deref(), Some("10.5555/nsdi23"));
    assert_eq!(pubs[1].1.kind, PublicationKind::Journal);
    let (_, preprint) = &pubs[2];
    assert_eq!(preprint.title, "A New Preprint");
    assert_eq!(preprint.authors[1], "Anna van der Berg");
    assert_eq!(
        (preprint.kind, preprint.status),
        (PublicationKind::Preprint, PublicationStatus::Preprint)
    );
    assert_eq!(preprint.links.arxiv.as_deref(), Some("2501.00001"));
    assert_eq!(
        (pubs[3].1.kind, pubs[3].1.status),
        (PublicationKind::Workshop, PublicationStatus::Accepted)
    );
}

/// The publications read from `bib`, by key.
fn read(bib: &str, base: Option<&str>) -> (Read, HashMap<String, Publication>) {
    let read = publications(bib, base).unwrap();
    let by_key = read.papers.iter().cloned().collect();
    (read, by_key)
}

#[test]
fn one_bad_entry_does_not_sink_the_file() {
    let bib = "@article{month, title = {Odd Month}, author = {A, B}, journal = {J}, year = 2021, month = 21}\n\
                   @article{open, title = {Never Closed, author = {A, B}, year = 2021,\n\
                   @article{math, title = {Half $math}, author = {A, B}, year = 2021}\n\
                   @article{days, title = {Day Range}, author = {A, B}, year = {2023}, month = nov, day = {11-15}}\n\
                   @article{range, title = {Date Range}, author = {A, B}, date = {2022-05-11/2022-05-15}}\n\
                   @article{noyear, title = {In Press}, author = {A, B}, year = {in press}}\n\
                   @article{ok, title = {Fine}, author = {A, B}, year = 2020}\n";
    let (read, papers) = read(bib, None);
    assert_eq!(papers["month"].month, None, "month dropped, paper kept");
    assert!(read
        .notes
        .iter()
        .any(|n| n.contains("month \"21\" is not a month")));
    assert_eq!(
        (papers["days"].year, papers["days"].month),
        (Some(2023), Some(11))
    );
    assert_eq!(
        (papers["range"].year, papers["range"].month),
        (Some(2022), Some(5))
    );
    assert!(papers.contains_key("ok"));
    let skipped: Vec<String> = read.skipped.iter().map(|s| s.to_string()).collect();
    assert_eq!(skipped.len(), 3, "{skipped:?}");
    assert!(skipped[0].starts_with("open (at 2:1): its braces do not close before 3:1"));
    assert!(skipped[1].starts_with("math (at 3:1): its title has an unpaired $"));
    assert!(skipped[2].contains("noyear") && skipped[2].contains("has no year"));
}

#[test]
fn a_long_string_chain_and_accents_on_dotless_letters_import() {
    // Issue 25, bug 5: a loop-free chain of 50,000 @strings overflowed the stack.
    let mut bib = String::from("@string{s0 = \"Journal\"}\n");
    for i in 1..50_000 {
        bib.push_str(&format!("@string{{s{i} = s{}}}\n", i - 1));
    }
    // Issue 25, bug 8: accents on \i and letters such as \o, as Google Scholar writes them.
    bib.push_str(
            "@article{x, title = {T}, journal = s49999, year = 2020,\n  author = {Garc{\\'\\i}a, Jos{\\'e} and S\\o{}rensen, Lo{\\\"\\i}c and Dvo\\v{r}\\'ak, Anton{\\'\\i}n and {\\'E}mile Zola and {\\\"{\\i}}van Ng}}\n",
        );
    let read = publications(&bib, None).unwrap();
    let (_, paper) = &read.papers[0];
    assert_eq!(paper.venue.as_deref(), Some("Journal"));
    let authors: Vec<&str> = paper.authors.iter().map(String::as_str).collect();
    assert_eq!(
        authors,
        [
            "José García",
            "Loïc Sørensen",
            "Antonín Dvořák",
            "Émile Zola",
            "ïvan Ng"
        ]
    );
}

#[test]
fn the_first_of_two_keys_wins() {
    let bib = "@misc{k, title = {First}, author = {A}, year = 2020}\n@misc{k, title = {Second}, author = {A}, year = 2021}\n";
    let (read, papers) = read(bib, None);
    assert_eq!(papers["k"].title, "First");
    assert_eq!(
        read.skipped[0].to_string(),
        "k (at 2:1): a second entry with this key; the first (at 1:1) is imported"
    );
}

#[test]
fn a_preprint_and_its_journal_version_under_one_key_are_one_paper_the_published() {
    let bib = "@misc{keely2025, title = {Uncertain Things}, author = {A B}, year = 2024, howpublished = {Authorea preprint}, pubstate = {preprint}}\n\
                   @article{keely2025, title = {Uncertain things}, author = {A B}, year = 2025, journal = {Earth and Space Science}}\n";
    let (read, papers) = read(bib, None);
    assert_eq!(papers.len(), 2, "both are read");
    assert!(read.notes[0].contains("both are read"), "{:?}", read.notes);
    let dir = tempfile::tempdir().unwrap();
    let profile = profile::parse("name: A B\n", dir.path()).unwrap();
    let outcome = merge(
        "name: A B\n",
        &profile,
        dir.path(),
        &read.papers,
        &read.comment(),
    )
    .unwrap();
    assert_eq!(outcome.added.len(), 1);
    assert!(
        outcome.text.contains("Earth and Space Science"),
        "{}",
        outcome.text
    );
    assert!(outcome.merged[0].contains("this entry's version is kept"));
}

#[test]
fn dblp_crossrefs_are_venues_not_papers() {
    let bib = r"@inproceedings{DBLP:conf/x/A21,
  author    = {Ada Lovelace and
               Charles Babbage},
  title     = {Engines of {Ko{\v{s}}ice}},
  pages     = {1--10},
  year      = {2021},
  crossref  = {DBLP:conf/x/2021},
  url       = {http://ceur-ws.org/Vol-1/paper\_04.pdf},
  biburl    = {https://dblp.org/rec/conf/x/A21.bib},
}
@proceedings{DBLP:conf/x/2021,
  editor    = {Grace Hopper},
  title     = {Proceedings of the Engine Conference},
  publisher = {CEUR-WS.org},
  year      = {2021},
}
";
    let (read, papers) = read(bib, None);
    assert_eq!(papers.len(), 1, "{:?}", read.papers);
    let paper = &papers["DBLP:conf/x/A21"];
    assert_eq!(paper.title, "Engines of Košice");
    assert_eq!(
        paper.venue.as_deref(),
        Some("Proceedings of the Engine Conference")
    );
    assert_eq!(
        paper.links.pdf.as_deref(),
        Some("http://ceur-ws.org/Vol-1/paper_04.pdf")
    );
    assert!(read
        .notes
        .iter()
        .any(|n| n.contains("1 entry that other entries crossref")));
    assert!(read.left.contains_key("biburl"));
}

#[test]
fn al_folio_files_come_in_whole() {
    let bib = "---\n---\n\n@string{aps = {American Physical Society,}}\n\n@article{einstein1950, abbr = {Phys},\n  bibtex_show = {true},\n  title = {On the {$\\delta$}-Method: 14$^{th}$ Try},\n  author = {Einstein*, A. and Rosen$^\\dagger$, N. and others},\n  journal = {Phys. Rev.}, publisher = aps, year = {1950},\n  pdf = {example.pdf}, html = {https://journals.aps.org/x}, code = {https://github.com/a/b},\n  slides = {/assets/talk.pdf}, poster = {poster.pdf}, video = {https://youtu.be/x},\n  selected = {true}, award = {Given at the 1950 meeting for outstanding work}, award_name = {Best Paper},\n  annotation = {With \\textbf{N. Rosen}}, preview = {x.png}, unknownmacro = nosuch}\n";
    let (read, papers) = read(bib, Some("https://lab.example.org/"));
    let p = &papers["einstein1950"];
    assert_eq!(p.title, "On the δ-Method: 14th Try");
    assert_eq!(p.authors, ["A. Einstein*", "N. Rosen†", "et al."]);
    assert_eq!(p.venue_short.as_deref(), Some("Phys"));
    assert!(p.selected);
    assert_eq!(p.award.as_deref(), Some("Best Paper"));
    assert_eq!(
        p.note.as_deref(),
        Some("With N. Rosen; Given at the 1950 meeting for outstanding work")
    );
    let links = &p.links;
    assert_eq!(
        links.pdf.as_deref(),
        Some("https://lab.example.org/assets/pdf/example.pdf")
    );
    assert_eq!(
        links.slides.as_deref(),
        Some("https://lab.example.org/assets/talk.pdf")
    );
    assert_eq!(
        links.poster.as_deref(),
        Some("https://lab.example.org/assets/pdf/poster.pdf")
    );
    assert_eq!(links.web.as_deref(), Some("https://journals.aps.org/x"));
    assert_eq!(links.code.as_deref(), Some("https://github.com/a/b"));
    assert_eq!(links.video.as_deref(), Some("https://youtu.be/x"));
    assert!(read.notes.iter().any(|n| n.contains("front matter")));
    assert!(read
        .notes
        .iter()
        .any(|n| n.contains("@string nosuch is not defined")));
    assert_eq!(
        read.left_summary(),
        [
            "bibtex_show (1)",
            "preview (1)",
            "publisher (1)",
            "unknownmacro (1)"
        ]
    );
    // Without the site's address the relative links are reported, not guessed.
    let (read, papers) = self::read(bib, None);
    assert_eq!(papers["einstein1950"].links.pdf, None);
    assert!(read
        .left
        .contains_key("pdf (a path on the site; give --base-url to link it)"));
}

#[test]
fn titles_with_markdown_characters_are_escaped() {
    let bib = r"@misc{k, title = {A\_b and [c] *d*}, author = {A}, year = 2020}";
    let (_, papers) = read(bib, None);
    assert_eq!(papers["k"].title, r"A\_b and \[c\] \*d\*");
}

#[test]
fn dblp_math_in_titles_is_math() {
    // DBLP writes math between `\(` and `\)`, a script's text in `\mbox`, which the biblatex
    // crate hands over without the braces around it.
    let bib = "@article{a, author={A B}, title={{H\\({}_{\\mbox{2}}\\)O} at {T\\({}^{\\mbox{2}}\\)}}, journal={J}, year={2020}}";
    let read = publications(bib, None).unwrap();
    assert_eq!(read.papers[0].1.title.to_string(), "H₂O at T²");
}

/// Guards issue 47: BibLaTeX's `date` is read by the one date reader (it was split by hand),
/// so an impossible day is said, EDTF's marks of doubt are read past, and a month that is no
/// month keeps the year.
#[test]
fn biblatex_dates_go_through_the_one_date_reader() {
    let bib = "@article{feb, title = {Leap}, author = {A, B}, date = {2021-02-30}}\n\
               @article{doubt, title = {Doubt}, author = {A, B}, date = {2019-04~/2020}}\n\
               @article{odd, title = {Odd}, author = {A, B}, date = {2018-13}}\n\
               @article{open, title = {Open}, author = {A, B}, date = {2017-06/..}}\n";
    let (read, papers) = read(bib, None);
    assert_eq!(
        (papers["feb"].year, papers["feb"].month),
        (Some(2021), Some(2))
    );
    assert!(
        read.notes
            .iter()
            .any(|n| n.contains("date:") && n.contains("2021-02-30")),
        "{:?}",
        read.notes
    );
    assert_eq!(
        (papers["doubt"].year, papers["doubt"].month),
        (Some(2019), Some(4))
    );
    assert_eq!(papers["odd"].year, Some(2018));
    assert_eq!(
        (papers["open"].year, papers["open"].month),
        (Some(2017), Some(6))
    );
}
