//! The unit tests of `profile/variant.rs`.

use super::*;
use crate::profile::Profile;

fn filter(yaml: &str) -> Result<PublicationFilter, String> {
    serde_yaml::from_str(yaml).map_err(|e| e.to_string())
}

#[test]
fn publication_filters_as_written() {
    assert_eq!(filter("all").unwrap(), PublicationFilter::All);
    assert_eq!(filter("selected").unwrap(), PublicationFilter::Selected);
    assert_eq!(
        filter("{since: 2020}").unwrap(),
        PublicationFilter::Since(2020)
    );
    assert_eq!(filter("newest: 10").unwrap(), PublicationFilter::Newest(10));
    assert!(filter("selectd")
        .unwrap_err()
        .contains("did you mean \"selected\""));
    assert!(filter("{since: 2020, newest: 3}").is_err());
    assert!(filter("{sinse: 2020}").unwrap_err().contains("since"));
}

#[test]
fn newest_keeps_the_newest_in_their_order() {
    let p = |title: &str, year, month| Publication {
        title: title.into(),
        authors: vec!["A".into()],
        year: Some(year),
        month,
        ..serde_yaml::from_str("{title: x, authors: [A], year: 2000}").unwrap()
    };
    let mut pubs = vec![
        p("a", 2019, None),
        p("b", 2024, Some(3)),
        p("c", 2024, None),
        p("d", 2024, Some(5)),
    ];
    PublicationFilter::Newest(2).apply(&mut pubs);
    let titles: Vec<&str> = pubs.iter().map(|p| &*p.title).collect();
    assert_eq!(titles, ["b", "d"]);
}

#[test]
fn a_section_named_twice_is_shown_once() {
    // Issue 24: `sections: [publications, publications]` printed the list twice.
    let content = Content {
        sections: Some(vec![
            "publications".into(),
            "education".into(),
            "publications".into(),
        ]),
        ..Content::default()
    };
    let mut profile = Profile::default();
    content.select(&mut profile);
    assert_eq!(profile.section_order, ["publications", "education"]);
}

#[test]
fn names_become_file_names() {
    assert!(name_problem("short").is_none());
    assert!(name_problem("grant-2025").is_none());
    for bad in [
        "",
        "Short",
        "a/b",
        "..",
        "all",
        "full",
        "-x",
        "a b",
        &"x".repeat(41),
    ] {
        assert!(name_problem(bad).is_some(), "{bad:?}");
    }
}
