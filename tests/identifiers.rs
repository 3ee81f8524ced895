//! Addresses and identifiers read one way (`src/link`): what each command writes from an
//! awkward address, through the real binary. The rules themselves are pinned by the table tests
//! in `src/link/tests.rs`.

use std::fs;

use crate::common::{cvpdf, stderr, stdout};

/// Guards issue 47 (live bug 1): `lab/bib.rs` took whatever followed `arxiv.org/abs/` anywhere,
/// so a tracking link in a paper's `arxiv` field became `eprint = {1}` in the lab's BibTeX.
#[test]
fn a_tracking_link_is_no_arxiv_id_in_the_labs_bibtex() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    fs::write(
        profiles.join("ada.yaml"),
        r#"name: Ada Lovelace
publications:
  - title: Tracked Everywhere
    authors: [Ada Lovelace]
    venue: Journal of Links
    year: 2023
    kind: journal
    links:
      arxiv: https://t.example/out?u=arxiv.org/abs/1
  - title: On arXiv Indeed
    authors: [Ada Lovelace]
    year: 2024
    kind: preprint
    links:
      arxiv: https://arxiv.org/pdf/2401.00001v2.pdf
"#,
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site", "-q"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let bib = fs::read_to_string(dir.path().join("site/publications.bib")).unwrap();
    let eprints: Vec<&str> = bib
        .lines()
        .filter(|l| l.trim_start().starts_with("eprint"))
        .collect();
    assert_eq!(eprints.len(), 1, "one paper is on arXiv:\n{bib}");
    assert!(eprints[0].contains("{2401.00001v2}"), "{bib}");
    // The tracking link is still the paper's address, not lost.
    assert!(
        bib.contains("url = {https://t.example/out?u=arxiv.org/abs/1}"),
        "{bib}"
    );
}

/// Guards issue 47 (live bug 2, fixed with issue 46 in 67915be): "is this profile empty?" was
/// a hand-kept list that forgot `hobbies` and `affiliations`; it is now derived from the
/// model, so a JSON Resume holding only `interests` imports.
#[test]
fn a_resume_holding_only_interests_is_not_empty() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("resume.json"),
        r#"{"interests": [{"name": "Chess", "keywords": ["openings"]}]}"#,
    )
    .unwrap();
    let output = cvpdf(
        dir.path(),
        &["import", "resume.json", "--name", "Ada Lovelace"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let yaml = stdout(&output);
    assert!(yaml.contains("hobbies:\n- Chess (openings)"), "{yaml}");
}

/// Guards issue 47: an importer files an address by its host, so a tracking link that carries
/// `arxiv.org/abs/…` or `doi.org/…` in its query is the paper's web page, not its arXiv id or
/// DOI; an address on arXiv is the arXiv id.
#[test]
fn imported_addresses_are_filed_by_their_host() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("ada.bib"),
        r#"@article{tracked,
  title = {Tracked},
  author = {Lovelace, Ada},
  journal = {Journal of Links},
  year = {2023},
  url = {https://t.example/out?u=arxiv.org/abs/2401.00001}
}
@article{resolved,
  title = {Resolved},
  author = {Lovelace, Ada},
  journal = {Journal of Links},
  year = {2022},
  url = {https://t.example/out?u=https://doi.org/10.1/x}
}
@misc{onarxiv,
  title = {On arXiv},
  author = {Lovelace, Ada},
  year = {2024},
  url = {https://export.arxiv.org/abs/2401.00002}
}
"#,
    )
    .unwrap();
    fs::write(dir.path().join("ada.yaml"), "name: Ada Lovelace\n").unwrap();
    let output = cvpdf(dir.path(), &["import-bib", "ada.bib", "--into", "ada.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let profile = cvpdf::profile::load(&dir.path().join("ada.yaml")).unwrap();
    let paper = |title: &str| {
        profile
            .profile
            .publications
            .iter()
            .find(|p| p.title == title)
            .unwrap_or_else(|| panic!("{title} imported"))
            .links
            .clone()
    };
    let tracked = paper("Tracked");
    assert_eq!(tracked.arxiv, None);
    assert_eq!(
        tracked.web.as_deref(),
        Some("https://t.example/out?u=arxiv.org/abs/2401.00001")
    );
    let resolved = paper("Resolved");
    assert_eq!(resolved.doi, None);
    assert!(resolved.web.is_some());
    assert!(paper("On arXiv").arxiv.is_some());
}
