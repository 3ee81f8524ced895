//! What an earlier `lab.json` gives back: members' cards and papers, held to what the lab
//! writes.

use super::*;

#[test]
fn the_lab_s_own_files_are_never_a_member_s() {
    // Found by probing: an old lab.json naming publications.pdf as a member's CV had the
    // lab's own list removed.
    let out = tempfile::tempdir().unwrap();
    let json = r#"{"generator": "cvpdf", "members": [
        {"cv": "publications.pdf", "thumbnail": "index.html", "photo": "photos/a-0123456789ab.png",
         "variants": [{"pdf": "lab.json"}, {"pdf": "ada-short.pdf"}]}]}"#;
    fs::write(out.path().join("lab.json"), json).unwrap();
    let before = published_before(out.path());
    let names: Vec<&str> = before.iter().map(String::as_str).collect();
    assert_eq!(names, ["ada-short.pdf", "photos/a-0123456789ab.png"]);
}

#[test]
fn kept_papers_come_back_as_text_with_checked_addresses() {
    let out = tempfile::tempdir().unwrap();
    let json = r#"{"generator": "cvpdf", "publications": [
        {"title": "A *starred* [title](x)", "authors": [{"name": "Ada Lovelace", "equal": true}],
         "venue": "J", "year": 2021, "month": 13, "kind": "journal", "status": "published",
         "links": [{"kind": "doi", "url": "https://doi.org/10.1/x"},
                   {"kind": "code", "url": "javascript:alert(1)"}],
         "members": ["ada"], "selected": true},
        {"title": "Bell\u0007", "authors": [], "year": 2020, "members": ["ada"]},
        {"title": "Not hers", "authors": [], "year": 2020, "members": ["bob"]}]}"#;
    fs::write(out.path().join("lab.json"), json).unwrap();
    let kept = kept_papers(out.path(), &["ada".into(), "cy".into()]);
    assert_eq!(kept.len(), 1);
    let (slug, papers) = &kept[0];
    assert_eq!(slug, "ada");
    assert_eq!(
        papers.len(),
        1,
        "the control character leaves its paper out"
    );
    let p = &papers[0];
    assert_eq!(
        crate::profile::markup::inline::plain_text(&crate::profile::markup::inline::parse(
            &p.title
        )),
        "A *starred* [title](x)"
    );
    assert_eq!(p.authors, ["Ada Lovelace*"]);
    assert_eq!((p.year, p.month, p.selected), (Some(2021), None, true));
    assert_eq!(p.kind, crate::profile::PublicationKind::Journal);
    assert_eq!(p.links.doi.as_deref(), Some("https://doi.org/10.1/x"));
    assert_eq!(p.links.code, None);
}

#[test]
fn issue_48_kept_papers_come_back_with_the_whole_record() {
    let out = tempfile::tempdir().unwrap();
    let json = r#"{"generator": "cvpdf", "publications": [
        {"title": "A Thesis", "authors": [{"name": "Ada Lovelace"}], "kind": "thesis",
         "status": "in-press", "editors": ["Ben Bo"], "volume": "2", "issue": "3",
         "pages": "1–9", "edition": "2", "publisher": "ETH *Zurich*", "place": "Zurich",
         "series": "S", "report_number": "TR-7", "isbn": "978-3", "version": "1.0",
         "degree": "phd", "members": ["ada"]},
        {"title": "Edited", "authors": [], "editors": ["Ben\u0007Bo"], "year": 2020,
         "members": ["ada"]}]}"#;
    fs::write(out.path().join("lab.json"), json).unwrap();
    let kept = kept_papers(out.path(), &["ada".into()]);
    let papers = &kept[0].1;
    assert_eq!(
        papers.len(),
        1,
        "an editor with a control character leaves it out"
    );
    let p = &papers[0];
    assert_eq!(
        (p.year, p.status),
        (None, crate::profile::PublicationStatus::InPress)
    );
    assert_eq!(p.editors, ["Ben Bo"]);
    let fields = [
        &p.volume, &p.issue, &p.pages, &p.edition, &p.number, &p.isbn, &p.version,
    ];
    assert_eq!(
        fields.map(|f| f.as_deref()),
        [
            Some("2"),
            Some("3"),
            Some("1–9"),
            Some("2"),
            Some("TR-7"),
            Some("978-3"),
            Some("1.0")
        ]
    );
    assert_eq!(
        p.publisher.as_deref(),
        Some(r"ETH \*Zurich\*"),
        "escaped, never markup"
    );
    assert_eq!(
        (p.place.as_deref(), p.series.as_deref()),
        (Some("Zurich"), Some("S"))
    );
    assert_eq!(
        p.degree,
        Some(crate::profile::ThesisDegree::Known(
            crate::profile::KnownDegree::Phd
        ))
    );
}

#[test]
fn a_kept_card_holds_only_the_lab_s_file_names_and_checked_addresses() {
    let out = tempfile::tempdir().unwrap();
    let json = r#"{"generator": "cvpdf", "members": [
        {"slug": "a b", "anchor": "member-a-b", "name": "A", "native_name": null,
         "native_lang": null, "group": null, "headline": null, "email": null,
         "cv": "javascript:alert(1)", "thumbnail": "../x.png", "photo": "photos/a%20b.png",
         "website": "javascript:alert(1)",
         "links": [{"kind": "github", "label": "x", "url": "https://github.com/a"},
                   {"kind": "website", "label": "y", "url": "data:text/html,x"}],
         "variants": [{"name": "short", "pdf": "a%20b-short.pdf"}, {"name": "x", "pdf": "/etc/passwd"}]},
        {"slug": "other", "anchor": "member-other", "name": "O", "links": [], "variants": []}]}"#;
    fs::write(out.path().join("lab.json"), json).unwrap();
    let kept = kept_members(out.path(), &["a b".to_string()]);
    assert_eq!(kept.len(), 1);
    let m = &kept[0];
    assert!(m.stale);
    assert_eq!((m.cv.as_deref(), m.thumbnail.as_deref()), (None, None));
    assert_eq!(m.photo.as_deref(), Some("photos/a%20b.png"));
    assert_eq!(m.website, None);
    assert_eq!(m.links.len(), 1);
    assert_eq!(m.variants.len(), 1);
}
