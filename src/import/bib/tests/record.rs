//! Issue 48: the whole record comes in — every entry type, the fields of books, chapters,
//! reports, theses, datasets and software, BibLaTeX's titles, dates and states, and a
//! crossref to a collection inherited as BibLaTeX inherits it. Each fixture is one quirk.

use super::*;
use crate::profile::{KnownDegree, ThesisDegree};

/// The one paper of `bib`, and what was not carried over.
fn one(bib: &str) -> (Publication, Read) {
    let (read, papers) = read(bib, None);
    assert_eq!(read.papers.len(), 1, "{:?} {:?}", read.skipped, read.notes);
    let paper = papers.into_values().next().unwrap();
    (paper, read)
}

#[test]
fn issue_48_an_article_carries_volume_issue_and_pages() {
    let (p, read) = one(
        "@article{a, title = {Deep Learning}, author = {LeCun, Yann}, journal = {Nature},
         volume = {521}, number = {7553}, pages = {436--444}, publisher = {Nature Publishing},
         year = 2015}",
    );
    assert_eq!(p.kind, PublicationKind::Journal);
    assert_eq!(p.volume.as_deref(), Some("521"));
    assert_eq!(p.issue.as_deref(), Some("7553"));
    assert_eq!(p.number, None);
    assert_eq!(p.pages.as_deref(), Some("436–444"));
    assert_eq!(p.publisher.as_deref(), Some("Nature Publishing"));
    assert!(read.left.is_empty(), "{:?}", read.left);
}

#[test]
fn issue_48_a_book_carries_publisher_place_edition_series_and_isbn() {
    let (p, read) = one(
        "@book{b, title = {Graph Theory}, subtitle = {A Short Course}, titleaddon = {With Exercises},
         author = {Ore, Ada}, publisher = {Springer}, address = {Berlin}, edition = {2},
         series = {Graduate Texts}, volume = {12}, number = {3}, isbn = {978-3-16-148410-0},
         year = 2019}",
    );
    assert_eq!(p.kind, PublicationKind::Book);
    assert_eq!(
        p.title, "Graph Theory: A Short Course. With Exercises",
        "subtitle after a colon, the addition after a full stop"
    );
    assert_eq!(p.authors, ["Ada Ore"]);
    assert!(p.editors.is_empty());
    assert_eq!(p.publisher.as_deref(), Some("Springer"));
    assert_eq!(p.place.as_deref(), Some("Berlin"));
    assert_eq!(p.edition.as_deref(), Some("2"));
    assert_eq!(p.series.as_deref(), Some("Graduate Texts"));
    assert_eq!(
        (p.volume.as_deref(), p.number.as_deref()),
        (Some("12"), Some("3"))
    );
    assert_eq!(p.isbn.as_deref(), Some("978-3-16-148410-0"));
    assert_eq!(p.venue, None, "a book's publisher is not its venue");
    assert!(read.left.is_empty(), "{:?}", read.left);
}

#[test]
fn issue_48_an_editor_only_book_is_edited_and_its_editors_are_never_authors() {
    for entry_type in ["book", "collection", "proceedings"] {
        let (p, read) = one(&format!(
            "@{entry_type}{{e, title = {{Collected Essays}}, editor = {{Ore, Ada and Bo, Ben}},
             publisher = {{MIT Press}}, location = {{Cambridge, MA}}, year = 2020}}"
        ));
        assert_eq!(p.kind, PublicationKind::Edited, "{entry_type}");
        assert!(p.authors.is_empty(), "{entry_type}: {:?}", p.authors);
        assert_eq!(p.editors, ["Ada Ore", "Ben Bo"]);
        assert_eq!(p.place.as_deref(), Some("Cambridge, MA"));
        assert_eq!(p.note, None, "no (eds.) note: the editors are a field");
        assert!(read.left.is_empty(), "{:?}", read.left);
    }
}

#[test]
fn issue_48_a_chapter_has_its_book_as_venue_and_the_book_editors() {
    for entry_type in ["incollection", "inbook"] {
        let (p, read) = one(&format!(
            "@{entry_type}{{c, title = {{A Chapter}}, author = {{Ore, Ada}},
             booktitle = {{The Handbook}}, editor = {{Bo, Ben}}, pages = {{1--20}},
             publisher = {{Wiley}}, edition = {{3rd}}, year = 2018}}"
        ));
        assert_eq!(p.kind, PublicationKind::Chapter, "{entry_type}");
        assert_eq!(p.venue.as_deref(), Some("The Handbook"));
        assert_eq!(
            (p.authors.clone(), p.editors.clone()),
            (vec!["Ada Ore".to_string()], vec!["Ben Bo".to_string()])
        );
        assert_eq!(p.edition.as_deref(), Some("3rd"));
        assert_eq!(p.publisher.as_deref(), Some("Wiley"));
        assert!(read.left.is_empty(), "{:?}", read.left);
    }
}

#[test]
fn issue_48_a_crossref_to_a_collection_is_inherited_not_read_as_a_venue() {
    let (p, read) = one(
        "@incollection{c, title = {A Chapter}, author = {Ore, Ada}, crossref = {coll}, pages = {5--9}}
         @collection{coll, title = {The Collection}, editor = {Bo, Ben}, publisher = {Wiley},
         location = {Hoboken}, year = 2017}",
    );
    assert_eq!(p.kind, PublicationKind::Chapter);
    assert_eq!(
        p.venue.as_deref(),
        Some("The Collection"),
        "booktitle from its title"
    );
    assert_eq!(p.editors, ["Ben Bo"]);
    assert_eq!(p.publisher.as_deref(), Some("Wiley"));
    assert_eq!(p.place.as_deref(), Some("Hoboken"));
    assert_eq!(p.year, Some(2017));
    assert!(read.left.is_empty(), "{:?}", read.left);
}

#[test]
fn issue_48_proceedings_name_their_organization_when_there_is_no_publisher() {
    let (p, _) = one(
        "@inproceedings{p, title = {T}, author = {Ore, Ada}, booktitle = {Proc. Things},
         organization = {ACM}, address = {New York}, series = {PT '20}, year = 2020}",
    );
    assert_eq!(p.publisher.as_deref(), Some("ACM"));
    assert_eq!(p.place.as_deref(), Some("New York"));
    assert_eq!(p.series.as_deref(), Some("PT '20"));
    let (p, read) = one(
        "@inproceedings{p, title = {T}, author = {Ore, Ada}, booktitle = {Proc. Things},
         organization = {ACM}, publisher = {ACM Press}, year = 2020}",
    );
    assert_eq!(p.publisher.as_deref(), Some("ACM Press"));
    assert!(
        read.left
            .contains_key("organization (the entry has publisher too)"),
        "{:?}",
        read.left
    );
}

#[test]
fn issue_48_reports_and_theses_are_published_by_their_institution() {
    for entry_type in ["techreport", "report"] {
        let (p, read) = one(&format!(
            "@{entry_type}{{r, title = {{A Report}}, author = {{Ore, Ada}},
             institution = {{MIT}}, number = {{TR-7}}, type = {{Technical Report}}, year = 2001}}"
        ));
        assert_eq!(p.kind, PublicationKind::Report, "{entry_type}");
        assert_eq!(p.publisher.as_deref(), Some("MIT"));
        assert_eq!(p.number.as_deref(), Some("TR-7"));
        assert!(read.left.is_empty(), "{:?}", read.left);
    }
    let thesis = |entry: &str| one(entry).0;
    let phd = thesis(
        "@phdthesis{t, title = {T}, author = {Ore, Ada}, school = {ETH Zurich}, year = 2010}",
    );
    assert_eq!(phd.kind, PublicationKind::Thesis);
    assert_eq!(phd.publisher.as_deref(), Some("ETH Zurich"));
    assert_eq!(phd.venue, None);
    assert_eq!(phd.degree, Some(ThesisDegree::Known(KnownDegree::Phd)));
    let ms =
        thesis("@mastersthesis{t, title = {T}, author = {Ore, Ada}, school = {KTH}, year = 2005}");
    assert_eq!(ms.degree, Some(ThesisDegree::Known(KnownDegree::Masters)));
    let habil = thesis(
        "@thesis{t, title = {T}, author = {Ore, Ada}, institution = {TU Wien}, type = {Habilitation}, year = 2015}",
    );
    assert_eq!(
        habil.degree,
        Some(ThesisDegree::Known(KnownDegree::Habilitation))
    );
    assert_eq!(habil.publisher.as_deref(), Some("TU Wien"));
    let other = thesis(
        "@thesis{t, title = {T}, author = {Ore, Ada}, school = {Lund}, type = {Licentiate thesis}, year = 2003}",
    );
    assert_eq!(
        other.degree,
        Some(ThesisDegree::Other("Licentiate thesis".into()))
    );
}

#[test]
fn issue_48_datasets_and_software_carry_their_version_and_repository() {
    let (p, read) = one(
        "@dataset{d, title = {Road Images}, author = {Ore, Ada}, publisher = {Zenodo},
         version = {1.2}, doi = {10.5281/zenodo.123}, year = 2022}",
    );
    assert_eq!(p.kind, PublicationKind::Dataset);
    assert_eq!(p.publisher.as_deref(), Some("Zenodo"));
    assert_eq!(p.version.as_deref(), Some("1.2"));
    assert!(read.left.is_empty(), "{:?}", read.left);
    let (p, read) = one(
        "@software{s, title = {cvpdf}, author = {Ore, Ada}, version = {2.1.0},
         url = {https://github.com/example/cvpdf}, date = {2024-03}}",
    );
    assert_eq!(p.kind, PublicationKind::Software);
    assert_eq!(p.version.as_deref(), Some("2.1.0"));
    assert_eq!((p.year, p.month), (Some(2024), Some(3)));
    assert!(read.left.is_empty(), "{:?}", read.left);
}

#[test]
fn issue_48_a_date_range_keeps_its_start_and_says_what_was_written() {
    let (p, read) = one("@book{b, title = {T}, author = {Ore, Ada}, date = {1984/1986}}");
    assert_eq!(p.year, Some(1984));
    assert!(
        read.notes
            .iter()
            .any(|n| n.contains("date \"1984/1986\" is a range; its start, 1984, is kept")),
        "{:?}",
        read.notes
    );
}

#[test]
fn issue_48_a_paper_without_a_year_is_kept_when_its_state_says_why() {
    let states = [
        ("pubstate = {forthcoming}", PublicationStatus::Accepted),
        ("pubstate = {inpress}", PublicationStatus::InPress),
        ("pubstate = {submitted}", PublicationStatus::Submitted),
        (
            "pubstate = {inpreparation}",
            PublicationStatus::InPreparation,
        ),
        ("note = {Submitted to Nature}", PublicationStatus::Submitted),
        ("year = {to appear}", PublicationStatus::Accepted),
    ];
    for (field, status) in states {
        let (p, _) = one(&format!(
            "@article{{a, title = {{T}}, author = {{Ore, Ada}}, journal = {{J}}, {field}}}"
        ));
        assert_eq!((p.year, p.status), (None, status), "{field}");
    }
    // A state that is no excuse (a preprint is out) keeps today's rule, and says so.
    let (read, _) = read(
        "@misc{m, title = {T}, author = {Ore, Ada}, pubstate = {prepublished}}",
        None,
    );
    assert!(read.papers.is_empty());
    assert!(
        read.skipped[0].to_string().contains("no year, and neither"),
        "{}",
        read.skipped[0]
    );
}
