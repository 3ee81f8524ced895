//! Issue 48 through `cvpdf import`: grants, supervision, talks and service from the sections
//! that hold them; expected dates and award years written as they were meant; papers without
//! a year kept when the file says why; and every warning compared with the profile written
//! (fixtures of our own writing in `tests/fixtures/import48/`, modelled on real files).

use std::fs;
use std::path::Path;

use serde_yaml::Value;

use crate::common::{cvpdf, root, stderr};

/// Imports the fixture `name` into `dir`; the written profile (parsed and as text) and the
/// warnings, one a line.
fn import(dir: &Path, name: &str) -> (Value, String, Vec<String>) {
    let file = root().join("tests/fixtures/import48").join(name);
    let out = format!("{name}.yaml");
    let output = cvpdf(dir, &["import", file.to_str().unwrap(), "-o", &out]);
    assert!(output.status.success(), "{name}: {}", stderr(&output));
    let text = fs::read_to_string(dir.join(&out)).unwrap();
    let warnings = stderr(&output)
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .map(String::from)
        .collect();
    (serde_yaml::from_str(&text).unwrap(), text, warnings)
}

#[test]
fn issue_48_rendercv_grants_and_students_land_in_grants_and_supervision() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "rendercv-pi.yaml");
    let grants = p["grants"].as_sequence().expect("grants");
    assert_eq!(grants.len(), 2, "{grants:?}");
    assert_eq!(grants[0]["title"], "CAREER: Robust Analytical Engines");
    assert_eq!(grants[0]["amount"].as_f64(), Some(1_200_000.0));
    assert_eq!(grants[0]["currency"], "USD");
    assert_eq!(grants[0]["funder"], "National Science Foundation");
    // Two sums in one line: which one is the grant's is not said, so neither is written.
    assert!(grants[1].get("amount").is_none(), "{:?}", grants[1]);
    assert!(grants[1]["note"].as_str().unwrap().contains("€500,000"));
    let people = p["supervision"].as_sequence().expect("supervision");
    assert_eq!(people.len(), 2);
    assert_eq!(people[0]["name"], "Bo Student");
    assert_eq!(people[0]["level"], "phd");
    assert_eq!(people[0]["expected"], true);
    assert_eq!(people[0]["end"], "2026");
    assert_eq!(people[1]["level"], "masters");
    // The level is not where they went; the rest of the line is the thesis.
    assert!(people[0].get("now").is_none(), "{:?}", people[0]);
    assert_eq!(people[1]["thesis"], "M.Sc., thesis on difference engines");
    assert_eq!(p["talks"][0]["title"], "Engines that Think");
    assert_eq!(
        p["talks"][0]["events"][0]["event"],
        "Turing Institute, London"
    );
    assert_eq!(p["service"][0]["role"], "Program Committee");
    assert!(
        p["awards"].is_null(),
        "grants are not awards: {:?}",
        p["awards"]
    );
    let paper = &p["publications"][0];
    assert_eq!(paper["status"], "submitted");
    assert!(paper.get("year").is_none());
    assert!(
        !warnings.iter().any(|w| w.contains("no year")),
        "{warnings:?}"
    );
}

#[test]
fn issue_48_expected_ends_and_award_years_are_written_as_meant() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "hugo-expected.md");
    assert_eq!(p["education"][0]["end"], "2025");
    assert_eq!(p["education"][0]["expected"], true);
    assert!(p["education"][1].get("expected").is_none());
    assert_eq!(p["name"], "Hanako Yamada");
    assert_eq!(p["native_name"], "山田花子");
    assert_eq!(p["interests"][0], "Control Theory & applied math");
    assert!(
        warnings.iter().all(|w| !w.contains("expected")),
        "{warnings:?}"
    );

    let (p, _, _) = import(dir.path(), "alfolio-years.yml");
    let years: Vec<u64> = p["awards"][0]["years"]
        .as_sequence()
        .expect("years")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(years, [2020, 2022]);
    assert!(p["awards"][0].get("date").is_none());
    assert_eq!(p["education"][0]["expected"], true);
}

#[test]
fn issue_48_alfolio_current_format_keeps_its_papers_and_funding() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, _) = import(dir.path(), "alfolio-current.yml");
    let papers = p["publications"].as_sequence().expect("publications");
    assert_eq!(papers.len(), 2, "{papers:?}");
    assert_eq!(papers[0]["authors"][1], "Bo Student");
    assert_eq!(papers[1]["status"], "in-press");
    assert_eq!(p["grants"][0]["funder"], "Example Foundation");
    assert_eq!(p["grants"][0]["currency"], "EUR");
    assert_eq!(p["awards"][0]["title"], "Best Paper Award");
}

#[test]
fn issue_48_every_warning_says_what_was_written() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "rendercv-pi.yaml",
        "hugo-expected.md",
        "alfolio-years.yml",
        "alfolio-current.yml",
    ] {
        let (_, text, warnings) = import(dir.path(), name);
        // The profile without its header of comments, which repeats the warnings.
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        for warning in &warnings {
            // "the range they span, A to B, is kept": A and B are the entry's dates.
            if let Some((_, range)) = warning.split_once("the range they span, ") {
                let (from, rest) = range.split_once(" to ").unwrap();
                let to = rest.split(',').next().unwrap();
                assert!(
                    body.contains(&format!("start: '{from}'"))
                        && body.contains(&format!("end: '{to}'")),
                    "{name}: {warning}\n{body}"
                );
            }
            // "… is an expected date: V is written, not marked expected": V is written, and
            // nothing in the profile says expected where the warning says it does not.
            if let Some((_, said)) = warning.split_once("is an expected date: ") {
                let value = said.split(' ').next().unwrap();
                assert!(body.contains(&format!("'{value}'")), "{name}: {warning}");
            }
            // A sum kept as text is in the note, and no amount says otherwise.
            if warning.contains("no amount written") {
                let written = warning.split('"').nth(1).unwrap();
                assert!(body.contains(written), "{name}: {warning}");
            }
            assert!(
                !warning.contains("is kept") || !warning.contains("lists"),
                "{name}: a list of years was turned into a range: {warning}"
            );
        }
        // And the other way round: an expected end is never dropped without a word.
        let source = fs::read_to_string(root().join("tests/fixtures/import48").join(name)).unwrap();
        let expected_in_source = source.matches("(expected)").count();
        let marked = body.matches("expected: true").count();
        let said = warnings
            .iter()
            .filter(|w| w.contains("is an expected date"))
            .count();
        assert_eq!(
            expected_in_source,
            marked + said,
            "{name}: every expected date is marked or said\n{body}\n{warnings:?}"
        );
    }
}

#[test]
fn issue_48_a_file_in_another_language_says_which_lang_to_render_with() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "rendercv-es.yaml");
    assert_eq!(p["education"][0]["institution"], "Universidad de Ejemplo");
    assert!(
        warnings.iter().any(|w| w.contains("--lang es")),
        "{warnings:?}"
    );
    let (_, _, warnings) = import(dir.path(), "rendercv-pi.yaml");
    assert!(
        !warnings.iter().any(|w| w.contains("--lang")),
        "{warnings:?}"
    );
}

#[test]
fn issue_48_a_current_hugo_blox_author_page_keeps_its_contacts_affiliations_and_skills() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "hugo-blox-page.md");
    // `profiles:` → the e-mail and the accounts, each of its kind.
    assert_eq!(p["contact"]["email"], "ada@example.edu");
    let links: Vec<(&str, &str)> = p["links"]
        .as_sequence()
        .expect("links")
        .iter()
        .map(|l| (l["kind"].as_str().unwrap(), l["url"].as_str().unwrap()))
        .collect();
    assert_eq!(
        links,
        [
            ("github", "https://github.com/ada-example"),
            (
                "google-scholar",
                "https://scholar.google.com/citations?user=EXAMPLE0000"
            ),
            ("orcid", "https://orcid.org/0000-0002-1825-0097"),
        ]
    );
    // `organizations:` → the current affiliation.
    assert_eq!(p["affiliations"][0]["name"], "Example University");
    assert_eq!(p["affiliations"][0]["url"], "https://www.example.edu/");
    assert_eq!(p["headline"], "Assistant Professor");
    // The résumé lists, dated by the one date reader.
    assert_eq!(p["education"][0]["degree"], "PhD Computer Science");
    assert_eq!(p["education"][0]["start"], "2019-04-01");
    assert_eq!(p["education"][0]["end"], "2023-03-31");
    assert_eq!(p["experience"][0]["organization"], "Example University");
    assert_eq!(p["experience"][0]["end"], "present");
    assert_eq!(p["experience"][1]["role"], "Research Scientist");
    // Skills: the names, a description beside its skill; the bars and icons said lost.
    assert_eq!(p["skills"][0]["name"], "Technical");
    assert_eq!(p["skills"][0]["keywords"][0], "Python");
    assert_eq!(p["skills"][0]["keywords"][1], "Compilers (JIT and AOT)");
    assert_eq!(p["skills"][1]["keywords"][0], "Climbing");
    let said = |path: &str| warnings.iter().any(|w| w.contains(path));
    assert!(said("skills[0].items[*].percent"), "{warnings:?}");
    assert!(said("skills[0].items[*].icon"), "{warnings:?}");
    assert!(said("skills[1].color"), "{warnings:?}");
    // Nothing else of the page is listed as lost: every field was read.
    assert!(
        warnings.iter().all(|w| !w.contains("profiles")
            && !w.contains("organizations")
            && !w.contains("date_")),
        "{warnings:?}"
    );
}

#[test]
fn issue_48_a_json_resume_score_is_printed_with_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "jsonresume-scores.json");
    // The schema's education score is a grade point average: said as one.
    assert_eq!(p["education"][0]["score"], "GPA 3.8/4.0");
    // A skill's level beside its name; a score where there is no level, with its label.
    assert_eq!(p["skills"][0]["name"], "Python (Expert)");
    assert_eq!(p["skills"][0]["keywords"][0], "NumPy");
    assert_eq!(p["skills"][1]["name"], "Rust (score: 3)");
    assert_eq!(p["skills"][2]["name"], "Go (Beginner)");
    // The score beside a level is the same fact: said not shown, not silently dropped.
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("skills[0].score") && w.contains("Expert")),
        "{warnings:?}"
    );
}

#[test]
fn issue_48_rendercv_sub_bullets_are_joined_to_their_parent_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, warnings) = import(dir.path(), "rendercv-nested.yaml");
    let highlights = &p["experience"][0]["highlights"];
    assert_eq!(highlights[0], "Led the compiler port: parser; type checker");
    assert_eq!(highlights[1], "Wrote the manual.");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("highlights[0]") && w.contains("2 sub-bullet(s) are joined")),
        "{warnings:?}"
    );
}

#[test]
fn issue_48_a_section_of_grants_and_awards_is_split_by_each_entrys_shape() {
    let dir = tempfile::tempdir().unwrap();
    let (p, _, _) = import(dir.path(), "rendercv-grants-awards.yaml");
    let titles = |key: &str| -> Vec<String> {
        p[key]
            .as_sequence()
            .map(|list| {
                list.iter()
                    .map(|e| e["title"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    // A sum, a role like PI: grants; the rest, which nothing tells apart, awards.
    assert_eq!(
        titles("grants"),
        ["CAREER: Robust Analytical Engines", "Engines for All"]
    );
    assert_eq!(titles("awards"), ["Best Paper Award", "Dean's Fellowship"]);
    assert_eq!(p["grants"][0]["funder"], "National Science Foundation");
    assert_eq!(p["grants"][0]["amount"].as_f64(), Some(1_200_000.0));
    assert_eq!(p["grants"][1]["role"], "pi");

    let (p, _, _) = import(dir.path(), "alfolio-honors-funding.yml");
    assert_eq!(p["grants"][0]["title"], "Research Grant on Engines");
    assert_eq!(p["grants"][0]["currency"], "EUR");
    assert_eq!(p["awards"][0]["title"], "Young Researcher Prize");
    assert_eq!(p["awards"].as_sequence().map(Vec::len), Some(1));
}
