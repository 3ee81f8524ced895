//! The lab's BibTeX read back by `import-bib`: every field, every kind.

use super::*;
use crate::profile::PublicationLinks;

/// A conference paper of 2024 with every link, an award and a venue full of TeX specials.
fn paper(title: &str, authors: &[&str]) -> LabPaper {
    LabPaper {
        publication: Publication {
            title: title.into(),
            authors: authors.iter().map(|a| a.to_string()).collect(),
            venue: Some("Proc. of {Things} & 100% Stuff".into()),
            venue_short: Some("OSDI'24".into()),
            year: Some(2024),
            month: Some(7),
            kind: PublicationKind::Conference,
            status: PublicationStatus::Accepted,
            award: Some("Best Paper".into()),
            note: None,
            links: PublicationLinks {
                doi: Some("https://doi.org/10.1145/3600006.3613175".into()),
                arxiv: Some("arXiv:2401.01234".into()),
                pdf: Some("https://example.org/a_b%20c.pdf".into()),
                code: Some("https://github.com/x/y".into()),
                ..Default::default()
            },
            selected: true,
            ..Default::default()
        },
        members: vec![0],
        doubts: Vec::new(),
    }
}

#[test]
fn what_is_written_is_read_back_by_import_bib() {
    let papers = vec![
        paper(
            r"A \*Title* with {braces}, a lone { and }}, 50% off, $5 & C:\path ~ ^",
            &[
                "Zili Zhang*",
                "Ana de la Cruz",
                "Smith, Jr., John",
                "et al.",
            ],
        ),
        paper("Second", &["Zoë Núñez†"]),
    ];
    let keys = citation_keys(&papers);
    assert_eq!(keys, ["zhang2024title", "nunez2024second"]);
    let text = bibtex(&papers, &keys, "Lab");
    // BibTeX counts every brace, escaped or not: each entry's must balance.
    for entry in text.split("\n@").skip(1) {
        let depth = entry.chars().try_fold(0i32, |depth, c| match c {
            '{' => Some(depth + 1),
            '}' if depth == 0 => None,
            '}' => Some(depth - 1),
            _ => Some(depth),
        });
        assert_eq!(depth, Some(0), "{entry}");
    }
    let read = crate::import::bib::publications(&text, None).unwrap();
    assert_eq!(read.papers.len(), 2, "{text}");
    assert!(
        read.left.is_empty() && read.skipped.is_empty(),
        "{:?}",
        read.left
    );
    let back = &read.papers[0].1;
    let want = &papers[0].publication;
    assert_eq!(
        inline::plain_text(&inline::parse(&back.title)),
        inline::plain_text(&inline::parse(&want.title)),
        "{text}"
    );
    assert_eq!(back.authors, want.authors, "{text}");
    assert_eq!(back.venue.as_deref(), want.venue.as_deref());
    assert_eq!(back.venue_short.as_deref(), want.venue_short.as_deref());
    assert_eq!((back.year, back.month), (Some(2024), Some(7)));
    assert_eq!((back.kind, back.status), (want.kind, want.status));
    assert_eq!(back.award.as_deref(), Some("Best Paper"));
    assert_eq!(back.links.doi.as_deref(), Some("10.1145/3600006.3613175"));
    assert_eq!(back.links.arxiv.as_deref(), Some("2401.01234"));
    assert_eq!(back.links.pdf, want.links.pdf);
    assert_eq!(back.links.code, want.links.code);
    assert!(back.selected);
    assert_eq!(read.papers[1].1.authors, ["Zoë Núñez†"]);
}

/// A lab paper of `kind` with the whole record (issue 48).
fn full(kind: PublicationKind, title: &str) -> LabPaper {
    LabPaper {
        publication: Publication {
            title: title.into(),
            authors: vec!["Ada Lovelace".into(), "Ben Bo".into()],
            year: Some(2020),
            kind,
            volume: Some("12".into()),
            issue: Some("3".into()),
            pages: Some("101–120".into()),
            editors: vec!["Cy Editor".into(), "Di de la Cruz".into()],
            edition: Some("2".into()),
            publisher: Some("Springer & Sons".into()),
            place: Some("Berlin".into()),
            series: Some("Lecture Notes in {Things}".into()),
            number: Some("TR-7".into()),
            isbn: Some("978-3-16-148410-0".into()),
            version: Some("2.1.0".into()),
            ..Default::default()
        },
        members: vec![0],
        doubts: Vec::new(),
    }
}

#[test]
fn issue_48_every_kind_and_the_whole_record_are_read_back_by_import_bib() {
    let mut papers = vec![
        full(PublicationKind::Journal, "An Article"),
        full(PublicationKind::Conference, "A Paper"),
        full(PublicationKind::Book, "A Book"),
        full(PublicationKind::Chapter, "A Chapter"),
        full(PublicationKind::Edited, "An Edited Volume"),
        full(PublicationKind::Report, "A Report"),
        full(PublicationKind::Dataset, "A Dataset"),
        full(PublicationKind::Software, "Some Software"),
    ];
    for (degree, title) in [
        (ThesisDegree::Known(KnownDegree::Phd), "A Dissertation"),
        (
            ThesisDegree::Known(KnownDegree::Masters),
            "A Masters Thesis",
        ),
        (
            ThesisDegree::Known(KnownDegree::Bachelors),
            "A Bachelors Thesis",
        ),
        (
            ThesisDegree::Known(KnownDegree::Habilitation),
            "A Habilitation",
        ),
        (
            ThesisDegree::Other("Licentiate thesis".into()),
            "A Licentiate",
        ),
    ] {
        let mut thesis = full(PublicationKind::Thesis, title);
        thesis.publication.degree = Some(degree);
        papers.push(thesis);
    }
    // An article's number is its issue; the rest has one place each.
    papers[0].publication.number = None;
    // An edited volume by its editors alone, not yet out (no year, as its state says).
    let mut edited = full(PublicationKind::Edited, "Edited, Editors Only");
    edited.publication.authors.clear();
    edited.publication.year = None;
    edited.publication.status = PublicationStatus::InPress;
    papers.push(edited);
    let keys = citation_keys(&papers);
    let text = bibtex(&papers, &keys, "Lab");
    for (kind, entry_type) in [
        ("A Book", "@book{"),
        ("A Chapter", "@incollection{"),
        ("An Edited Volume", "@collection{"),
        ("A Report", "@techreport{"),
        ("A Dataset", "@dataset{"),
        ("Some Software", "@software{"),
        ("A Dissertation", "@phdthesis{"),
        ("A Habilitation", "@thesis{"),
    ] {
        let entry = text
            .split("\n@")
            .find(|e| e.contains(&format!("title = {{{kind}}}")))
            .unwrap();
        assert!(
            format!("\n@{entry}").contains(&format!("\n{entry_type}")),
            "{entry}"
        );
    }
    assert!(text.contains("institution = {Springer \\& Sons}"), "{text}");
    assert!(text.contains("school = {Springer \\& Sons}"), "{text}");
    let read = crate::import::bib::publications(&text, None).unwrap();
    assert!(
        read.left.is_empty() && read.skipped.is_empty(),
        "{:?} {:?}\n{text}",
        read.left,
        read.skipped
    );
    assert_eq!(read.papers.len(), papers.len(), "{text}");
    for ((_, back), want) in read.papers.iter().zip(&papers) {
        let want = &want.publication;
        assert_eq!(back, want, "\n{text}");
    }
}
