//! Bad input gets one clear message (file, line, column, field path, suggestion), exit code 1,
//! no PDF, and an existing PDF at the output path stays as it was.

use crate::common;

use std::fs;

use common::{cvpdf, root, stderr};

/// Renders `yaml` (as bytes) over an existing `cv.pdf` and checks that it fails cleanly.
/// Returns standard error.
fn fails(yaml: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("cv.yaml"), yaml).unwrap();
    fs::write(dir.path().join("cv.pdf"), b"an earlier, good PDF").unwrap();
    let output = cvpdf(dir.path(), &["render", "cv.yaml"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("RUST_BACKTRACE"), "{err}");
    assert_eq!(
        fs::read(dir.path().join("cv.pdf")).unwrap(),
        b"an earlier, good PDF",
        "the old PDF was touched"
    );
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["cv.pdf", "cv.yaml"], "stray files left behind");
    // `check` agrees and says why, without writing anything.
    let check = cvpdf(dir.path(), &["check", "cv.yaml"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stdout).contains("FAIL"));
    err
}

fn assert_has(err: &str, parts: &[&str]) {
    for part in parts {
        assert!(err.contains(part), "missing {part:?} in:\n{err}");
    }
}

#[test]
fn yaml_syntax_error() {
    let err = fails(b"name: A\neducation: [unclosed\n");
    assert_has(&err, &["YAML syntax error", "cv.yaml:3:1"]);
}

#[test]
fn wrong_type() {
    let err = fails(b"name: A\npublications:\n  - title: T\n    authors: [A]\n    year: soon\n");
    assert_has(
        &err,
        &[
            "invalid type",
            "cv.yaml:5:11",
            "publications[0].year",
            "year: soon",
        ],
    );
}

#[test]
fn unknown_key_with_a_suggestion() {
    let err = fails(b"name: A\neducation:\n  - instituton: PKU\n    degree: PhD\n");
    assert_has(
        &err,
        &[
            "unknown field \"instituton\", did you mean \"institution\"?",
            "cv.yaml:3:5",
            "education[0]",
        ],
    );
}

#[test]
fn missing_required_key() {
    let err = fails(b"name: A\nexperience:\n  - organization: PKU\n");
    assert_has(
        &err,
        &[
            "missing required field \"role\" in experience[0]",
            "cv.yaml:3:5",
        ],
    );
    let err = fails(b"headline: Researcher\n");
    assert_has(
        &err,
        &[
            "missing required field \"name\" in the profile",
            "cv.yaml:1:1",
        ],
    );
}

#[test]
fn invalid_date() {
    let err = fails(
        b"name: A\neducation:\n  - institution: PKU\n    degree: PhD\n    start: 2023-02-30\n",
    );
    assert_has(
        &err,
        &[
            "day 30 does not exist in 2023-02",
            "cv.yaml:5:12",
            "education[0].start",
        ],
    );
    let err = fails(b"name: A\nawards:\n  - title: X\n    date: Sept 2023\n");
    assert_has(
        &err,
        &[
            "invalid date \"Sept 2023\": expected a date as YYYY, YYYY-MM or YYYY-MM-DD",
            "cv.yaml:4:11",
            "awards[0].date",
        ],
    );
}

#[test]
fn end_before_start() {
    let err = fails(b"name: A\nexperience:\n  - organization: O\n    role: R\n    start: 2024-03\n    end: 2023-11\n");
    assert_has(
        &err,
        &[
            "the end (2023-11) is before the start (2024-03)",
            "cv.yaml:6:10",
            "experience[0].end",
        ],
    );
}

#[test]
fn empty_file() {
    let err = fails(b"");
    assert_has(&err, &["the profile is empty", "cv.yaml"]);
}

#[test]
fn non_utf8_file() {
    let err = fails(b"name: Zhang\nbio: caf\xE9\n");
    assert_has(
        &err,
        &["not UTF-8", "cv.yaml:2:9", "save the file as UTF-8"],
    );
}

#[test]
fn non_mapping_document() {
    let err = fails(b"- name: A\n- name: B\n");
    assert_has(&err, &["must be a mapping", "holds a list", "cv.yaml:1:1"]);
}

#[test]
fn missing_photo() {
    let err = fails(b"name: A\nphoto: me.jpg\n");
    assert_has(
        &err,
        &["cannot open the photo \"me.jpg\"", "cv.yaml:2:8", "photo"],
    );
}

#[test]
fn photo_outside_the_profile_tree() {
    let err = fails(b"name: A\nphoto: ../../etc/passwd\n");
    assert_has(
        &err,
        &[
            "the photo \"../../etc/passwd\" is outside the directory of its file",
            "cv.yaml:2:8",
        ],
    );
}

#[test]
fn a_bad_profile_does_not_stop_the_others() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a-bad.yaml"), b"name: A\nsalary: 3\n").unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        dir.path().join("b-good.yaml"),
    )
    .unwrap();
    fs::write(dir.path().join("cvpdf.yaml"), b"accent: navy\n").unwrap();
    let output = cvpdf(dir.path(), &["render", ".", "-o", "out"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert_has(
        &err,
        &["unknown field \"salary\"", "1 of 2 profiles failed"],
    );
    assert!(dir.path().join("out/b-good.pdf").is_file());
    assert!(!dir.path().join("out/a-bad.pdf").exists());
    assert!(
        !dir.path().join("out/cvpdf.pdf").exists(),
        "the lab config is not a profile"
    );
}

#[test]
fn usage_errors_exit_with_2() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        dir.path().join("p.yaml"),
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml", "--template", "clasic"]);
    assert_eq!(output.status.code(), Some(2));
    assert_has(
        &stderr(&output),
        &["unknown template \"clasic\", did you mean \"classic\"?"],
    );
    assert_eq!(cvpdf(dir.path(), &["render"]).status.code(), Some(2));
    assert_eq!(cvpdf(dir.path(), &["frobnicate"]).status.code(), Some(2));
    let output = common::cvpdf_env(
        dir.path(),
        &["render", "p.yaml"],
        &[("SOURCE_DATE_EPOCH", "yesterday")],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!dir.path().join("p.pdf").exists());
    // An output named like an image while the format is PDF is a mistake, not a directory.
    let output = cvpdf(dir.path(), &["render", "p.yaml", "-o", "cv.png"]);
    assert_eq!(output.status.code(), Some(2));
    assert_has(
        &stderr(&output),
        &["-o cv.png names a .png file", "add --format png"],
    );
    assert!(!dir.path().join("cv.png").exists());
}

#[test]
fn check_prints_ok_for_good_profiles() {
    let output = cvpdf(&root(), &["check", "profiles/"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok")).count(),
        4,
        "{out}"
    );
}

#[test]
fn every_command_has_help_with_an_example() {
    for args in [
        &["--help"][..],
        &["render", "--help"],
        &["check", "--help"],
        &["watch", "--help"],
        &["templates", "--help"],
    ] {
        let output = cvpdf(&root(), args);
        assert!(output.status.success());
        let out = String::from_utf8_lossy(&output.stdout);
        assert!(out.contains("Example"), "{args:?}: {out}");
    }
}

#[test]
fn a_wrong_source_id_is_an_error_at_its_line() {
    // `sources:` (for cvpdf sync): an ORCID iD whose check digit is wrong is found before any
    // service is asked.
    let err =
        fails(b"name: Ada Lovelace\nsources:\n  dblp: 95/8245\n  orcid: 0000-0002-1825-0098\n");
    assert_has(
        &err,
        &[
            "cv.yaml:4:10",
            "sources.orcid",
            "not an ORCID iD",
            "0000-0002-1825-0097",
        ],
    );
}

#[test]
fn an_address_with_a_password_is_refused_without_printing_it() {
    // Found by probing (issue 46): the message quoted the address, and the source line under
    // it printed the password for every CI log to keep.
    for (text, field) in [
        (
            &b"name: Ada Lovelace\ncontact:\n  website: https://ada:s3cretpw@ada.org/\n"[..],
            "contact.website",
        ),
        (
            b"name: Ada Lovelace\nbio: see [my site](https://ada:s3cretpw@ada.org/)\n",
            "bio",
        ),
    ] {
        let err = fails(text);
        assert_has(&err, &[field, "user name or password"]);
        assert!(!err.contains("s3cretpw"), "{err}");
    }
}
