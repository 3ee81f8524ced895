//! Foreign files through the one conversion layer (`src/import/convert/`): each of the six
//! kinds of mistake real files showed, on fixtures of our own writing
//! (`tests/fixtures/foreign/`), imported and rendered as a user would, the PDF read back and
//! checked with the corpus's own checker.

use std::fs;
use std::path::Path;

use serde_yaml::Value;

use super::corpus::{markup_in, well_formed_link};
use crate::common::{cvpdf, root, stderr, Pdf};

/// A fixture's path as text.
fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/foreign")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// Imports `file` into `dir/p.yaml` with `extra` arguments; the profile and the warnings.
fn import(dir: &Path, file: &str, extra: &[&str]) -> (Value, String) {
    let mut args = vec!["import", file, "-o", "p.yaml"];
    args.extend(extra);
    let output = cvpdf(dir, &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = fs::read_to_string(dir.join("p.yaml")).unwrap();
    (serde_yaml::from_str(&text).unwrap(), stderr(&output))
}

/// Renders `dir/p.yaml`, which must print no warning and show no markup; its PDF.
fn render_clean(dir: &Path) -> Pdf {
    let output = cvpdf(dir, &["render", "p.yaml", "-o", "p.pdf"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("warning"), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.join("p.pdf"));
    let text = pdf.page_text.join("\n");
    assert!(markup_in(&text).is_empty(), "{:?}", markup_in(&text));
    for link in &pdf.links {
        assert!(well_formed_link(link), "{link}");
    }
    pdf
}

/// The strings at `key` of every item of the list at `list`.
fn all(profile: &Value, list: &str, key: &str) -> Vec<String> {
    profile[list]
        .as_sequence()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i[key].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The item of the list at `list` whose `key` contains `needle`.
fn item<'a>(profile: &'a Value, list: &str, key: &str, needle: &str) -> &'a Value {
    profile[list]
        .as_sequence()
        .and_then(|items| {
            items
                .iter()
                .find(|i| i[key].as_str().is_some_and(|v| v.contains(needle)))
        })
        .unwrap_or_else(|| panic!("no {list} with {key} containing {needle}: {profile:?}"))
}

/// A profile for `import-bib` to fill, in `dir`; the filled profile and the warnings.
fn import_bib(dir: &Path, bib: &str) -> (Value, String) {
    fs::write(dir.join("p.yaml"), "name: Ada Example\n").unwrap();
    fs::write(dir.join("in.bib"), bib).unwrap();
    let output = cvpdf(dir, &["import-bib", "in.bib", "--into", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = fs::read_to_string(dir.join("p.yaml")).unwrap();
    (serde_yaml::from_str(&text).unwrap(), stderr(&output))
}

#[test]
fn markup_in_foreign_text_never_reaches_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(
        dir.path(),
        &fixture("hugo-author.md"),
        &["--name", "Ada Example"],
    );
    assert_eq!(
        profile["contact"]["email"].as_str(),
        Some("ada@example.org")
    );
    // Tags that only style are named once; the comment is gone.
    assert!(
        warnings.contains("<font>") && warnings.contains("<small>"),
        "{warnings}"
    );
    let pdf = render_clean(dir.path());
    let text = pdf.squashed();
    for shown in [
        "AC⁰[⊕]",
        "NC¹",
        "(PhD candidate)",
        "Researcher",
        "teacher",
        "notes",
    ] {
        assert!(
            text.contains(&crate::common::squash(shown)),
            "{shown}: {text}"
        );
    }
    assert!(!text.contains("editorsonly"), "{text}");

    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), &fixture("rendercv-es.yaml"), &[]);
    let pdf = render_clean(dir.path());
    for shown in ["O(n²)", "O(nlogn)", "Grande", "senior", "elblog"] {
        assert!(
            pdf.squashed().contains(shown),
            "{shown}: {}",
            pdf.squashed()
        );
    }
    assert!(
        pdf.links.iter().any(|l| l == "https://example.org/blog"),
        "{:?}",
        pdf.links
    );
}

#[test]
fn links_are_classified_once_for_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("hugo-author.md"), &["--name", "Ada"]);
    let urls = all(&profile, "links", "url");
    assert!(
        urls.contains(&"https://www.linkedin.com/in/ada-example".to_string()),
        "{urls:?}"
    );
    // A service nothing knows is labelled by its host, never by its icon's name.
    let chess = item(&profile, "links", "url", "lichess.org");
    assert_eq!(chess["label"].as_str(), Some("lichess.org"));
    assert!(!urls.iter().any(|u| u.contains("publication")), "{urls:?}");
    assert!(
        warnings.contains("/publication/") && warnings.contains("--base-url"),
        "{warnings}"
    );
    render_clean(dir.path());

    // With the site's address, links within it lead there.
    let dir = tempfile::tempdir().unwrap();
    let (profile, _) = import(
        dir.path(),
        &fixture("hugo-author.md"),
        &["--name", "Ada", "--base-url", "https://ada.example.org"],
    );
    let urls = all(&profile, "links", "url");
    assert!(
        urls.contains(&"https://ada.example.org/publication/".to_string()),
        "{urls:?}"
    );
    assert!(profile["bio"]
        .as_str()
        .unwrap()
        .contains("(https://ada.example.org/publication/)"));
    render_clean(dir.path());

    // A DOI in any wrapping is found and checked.
    let dir = tempfile::tempdir().unwrap();
    let (profile, _) = import_bib(
        dir.path(),
        &fs::read_to_string(fixture("dblp.bib")).unwrap(),
    );
    let fast = item(&profile, "publications", "title", "Fast");
    assert_eq!(fast["links"]["doi"].as_str(), Some("10.5555/jft.2025.1"));
    let (_, warnings) = import_bib(
        dir.path(),
        "@article{a, author={A B}, title={T}, journal={J}, year=2020, url={doi:<a href=\"x\">not one</a>}}",
    );
    assert!(warnings.contains("url (not a DOI)"), "{warnings}");
}

#[test]
fn sections_go_where_their_title_says() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("rendercv-es.yaml"), &[]);
    // Two titles that mean one section are said to join, never merged silently.
    assert!(
        warnings.contains("\"Formación complementaria\": its entries join those of \"EDUCACIÓN\""),
        "{warnings}"
    );
    // EDUCACIÓN written with experience-style entries is education.
    let chile = item(&profile, "education", "institution", "Universidad de Chile");
    assert_eq!(chile["degree"].as_str(), Some("Ingeniería Civil"));
    assert_eq!(all(&profile, "experience", "organization").len(), 1);
    // A title that names no built-in section is a section of its own, not experience.
    let community = item(&profile, "sections", "title", "Community Leadership");
    assert_eq!(community["entries"][0]["title"].as_str(), Some("Organizer"));
    render_clean(dir.path());

    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("alfolio-cv.yml"), &["--name", "Ada"]);
    // `degree:` instead of `title:`, under a German title.
    assert_eq!(
        all(&profile, "education", "degree"),
        ["MSc Informatik", "BSc"]
    );
    assert_eq!(all(&profile, "education", "institution")[1], "TU München");
    assert_eq!(all(&profile, "awards", "title"), ["Best Paper Award"]);
    // The entry that was left out is named by its section and place.
    assert!(
        warnings.contains("Experience: an entry without a title"),
        "{warnings}"
    );
    render_clean(dir.path());
}

#[test]
fn one_blank_or_missing_value_never_refuses_a_file() {
    // No name: from the folder, with a warning; --name says it.
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("ada-lovelace/_data");
    fs::create_dir_all(&site).unwrap();
    fs::copy(fixture("alfolio-cv.yml"), site.join("cv.yml")).unwrap();
    let (profile, warnings) = import(dir.path(), "ada-lovelace/_data/cv.yml", &[]);
    assert_eq!(profile["name"].as_str(), Some("Ada Lovelace"));
    assert!(
        warnings.contains("comes from the file's name"),
        "{warnings}"
    );
    let (profile, _) = {
        fs::remove_file(dir.path().join("p.yaml")).unwrap();
        import(
            dir.path(),
            "ada-lovelace/_data/cv.yml",
            &["--name", "Augusta Ada King"],
        )
    };
    assert_eq!(profile["name"].as_str(), Some("Augusta Ada King"));
    render_clean(dir.path());

    // An empty title in a Hugo page: the author's folder.
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("content/authors/bo-example");
    fs::create_dir_all(&page).unwrap();
    fs::copy(fixture("hugo-author.md"), page.join("_index.md")).unwrap();
    let (profile, _) = import(dir.path(), "content/authors/bo-example/_index.md", &[]);
    assert_eq!(profile["name"].as_str(), Some("Bo Example"));

    // A blank degree: the entry keeps what it has.
    let dir = tempfile::tempdir().unwrap();
    let (profile, _) = import(dir.path(), &fixture("rendercv-es.yaml"), &[]);
    let coursera = item(&profile, "education", "institution", "Coursera");
    assert_eq!(coursera["degree"].as_str(), Some("Machine Learning"));

    // Only a file with nothing a CV could show is refused, and says so.
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("cv.yml"),
        "# - title: Education\n#   type: time_table\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["import", "cv.yml"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("nothing a CV could show"),
        "{}",
        stderr(&output)
    );
}

/// Issue 47 (docs that drift): an impossible day in a JSON Resume `work[].endDate` was cut to
/// its month without the warning the docs promise (awards warned: their dates took the one
/// reader's note, ends and RenderCV's dates did not). Every date field of every importer warns.
#[test]
fn an_impossible_day_in_any_date_field_is_kept_as_its_month_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let resume = r#"{"basics": {"name": "Ada Lovelace"},
        "work": [{"name": "Engine Co", "position": "Analyst",
                  "startDate": "2019-04-31", "endDate": "2020-02-31"}],
        "education": [{"institution": "Uni", "studyType": "PhD", "area": "Maths",
                       "startDate": "2016-09", "endDate": "2019-06-31"}],
        "awards": [{"title": "Prize", "date": "2018-02-30"}],
        "publications": [{"name": "Notes", "releaseDate": "1843-09-31"}]}"#;
    fs::write(dir.path().join("resume.json"), resume).unwrap();
    let (profile, warnings) = import(dir.path(), "resume.json", &[]);
    let job = item(&profile, "experience", "role", "Analyst");
    assert_eq!(
        (job["start"].as_str(), job["end"].as_str()),
        (Some("2019-04"), Some("2020-02"))
    );
    // Each on a warning line of its own that names its field (however the entry is named).
    let warned = |field: &str, text: &str| {
        warnings.lines().any(|line| {
            line.starts_with("warning: ")
                && line.contains(field)
                && line.contains(&format!("{text} has no such day; the month is kept"))
        })
    };
    for (field, text) in [
        ("startDate", "2019-04-31"),
        ("endDate", "2020-02-31"),
        ("endDate", "2019-06-31"),
        ("date", "2018-02-30"),
        ("releaseDate", "1843-09-31"),
    ] {
        assert!(warned(field, text), "{field} {text}: {warnings}");
    }

    let dir = tempfile::tempdir().unwrap();
    let rendercv = "cv:\n  name: Grace Hopper\n  sections:\n    education:\n      - institution: Yale\n        area: Maths\n        degree: PhD\n        start_date: 1930-09\n        end_date: 1934-06-31\n    experience:\n      - company: Navy\n        position: Officer\n        date: 1944-11-31\n    publications:\n      - title: A Compiler\n        authors: [Grace Hopper]\n        date: 1952-02-30\n";
    fs::write(dir.path().join("cv.yaml"), rendercv).unwrap();
    let (profile, warnings) = import(dir.path(), "cv.yaml", &["--from", "rendercv"]);
    let yale = item(&profile, "education", "institution", "Yale");
    assert_eq!(yale["end"].as_str(), Some("1934-06"));
    for (field, text) in [
        ("end_date", "1934-06-31"),
        ("date", "1944-11-31"),
        ("date", "1952-02-30"),
    ] {
        let warned = warnings.lines().any(|line| {
            line.starts_with("warning: ")
                && line.contains(field)
                && line.contains(&format!("{text} has no such day; the month is kept"))
        });
        assert!(warned, "{field} {text}: {warnings}");
    }
}

#[test]
fn dates_are_read_one_way_for_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("hugo-author.md"), &["--name", "Ada"]);
    let phd = item(&profile, "education", "degree", "PhD");
    assert_eq!(
        (phd["start"].as_str(), phd["end"].as_str()),
        (Some("2020"), Some("2022"))
    );
    assert!(warnings.contains("the range they span"), "{warnings}");
    let msc = item(&profile, "education", "degree", "MSc");
    assert_eq!(
        (msc["start"].as_str(), msc["end"].as_str()),
        (Some("2015-03"), Some("2017-09"))
    );

    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("alfolio-cv.yml"), &["--name", "Ada"]);
    let eth = item(&profile, "education", "institution", "ETH");
    assert_eq!(eth["end"].as_str(), Some("2024-09"));
    assert!(warnings.contains("no such day"), "{warnings}");
    let assistant = item(&profile, "experience", "role", "Research Assistant");
    assert_eq!(assistant["start"].as_str(), Some("2025-03"));
    assert_eq!(assistant["end"].as_str(), Some("present"));

    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("rendercv-es.yaml"), &[]);
    assert!(
        !warnings.contains("end_date: no matching field"),
        "{warnings}"
    );
    let community = item(&profile, "sections", "title", "Community Leadership");
    assert_eq!(community["entries"][0]["date"].as_str(), Some("2023-06"));
    let analyst = item(&profile, "experience", "role", "Analista");
    assert_eq!(analyst["start"].as_str(), Some("2024-03"));
    assert_eq!(analyst["end"].as_str(), Some("present"));
}

#[test]
fn papers_merge_as_a_bibliographer_would() {
    let bib = fs::read_to_string(fixture("dblp.bib")).unwrap();
    // The preprint before its journal version, and after it: the same result.
    let preprint_at = bib.find("@article{DBLP:journals/corr").unwrap();
    let journal_at = bib.find("@article{example2025fast").unwrap();
    let volume_at = bib.find("@proceedings").unwrap();
    let reordered = format!(
        "{}{}{}{}",
        &bib[..preprint_at],
        &bib[journal_at..volume_at],
        &bib[preprint_at..journal_at],
        &bib[volume_at..]
    );
    for text in [bib.as_str(), reordered.as_str()] {
        let dir = tempfile::tempdir().unwrap();
        let (profile, warnings) = import_bib(dir.path(), text);
        let titles = all(&profile, "publications", "title");
        assert_eq!(titles.len(), 5, "{titles:?}\n{warnings}");
        let fast = item(&profile, "publications", "title", "ast");
        assert_eq!(fast["venue"].as_str(), Some("Journal of Fast Things"));
        assert_eq!(fast["links"]["arxiv"].as_str(), Some("2401.00001"));
        assert!(warnings.contains("merged:"), "{warnings}");
        // The conference paper and its later journal version stay two papers.
        let bounds: Vec<&String> = titles.iter().filter(|t| t.contains("AC⁰")).collect();
        assert_eq!(bounds.len(), 2, "{titles:?}");
        let stoc = item(&profile, "publications", "venue_short", "STOC");
        assert_eq!(stoc["venue_short"].as_str(), Some("STOC 2024"));
        // The edited volume is its editors' (issue 48: as editors, never as authors, and no
        // "(eds.)" note), and the grant report survives its `$`.
        let volume = item(&profile, "publications", "title", "Workshop on Examples");
        assert_eq!(volume["kind"].as_str(), Some("edited"));
        assert!(volume["authors"].as_sequence().is_none_or(|a| a.is_empty()));
        assert!(volume["editors"]
            .as_sequence()
            .is_some_and(|e| !e.is_empty()));
        assert_eq!(volume["note"].as_str(), None);
        item(&profile, "publications", "title", "Grant Report");
        render_clean(dir.path());
    }
    // CoRR alone is a preprint with its arXiv id.
    let dir = tempfile::tempdir().unwrap();
    let (profile, _) = import_bib(dir.path(), &bib[preprint_at..journal_at]);
    let preprint = &profile["publications"][0];
    assert_eq!(preprint["kind"].as_str(), Some("preprint"));
    assert_eq!(preprint["links"]["arxiv"].as_str(), Some("2401.00001"));
}

#[test]
fn hostile_values_are_fitted_never_written_for_render_to_refuse() {
    let dir = tempfile::tempdir().unwrap();
    // A bell in the name, a summary longer than a profile holds, more entries than it holds.
    let work: Vec<serde_json::Value> = (0..2_100)
        .map(|i| serde_json::json!({"name": format!("Org {i}"), "position": "Analyst"}))
        .collect();
    let resume = serde_json::json!({
        "basics": {"name": "Ada\u{7} Example", "summary": format!("Long {}\u{7}.", "word ".repeat(5_000))},
        "work": work,
    });
    // A file name whose lower case is longer than itself (İ).
    fs::write(dir.path().join("İlker.json"), resume.to_string()).unwrap();
    let (profile, warnings) = import(dir.path(), "İlker.json", &[]);
    assert_eq!(profile["name"].as_str(), Some("Ada Example"));
    assert!(warnings.contains("cut short"), "{warnings}");
    assert!(warnings.contains("the first 2000 are kept"), "{warnings}");
    let output = cvpdf(dir.path(), &["check", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));

    // The output is never replaced, not even through a link that leads nowhere.
    std::os::unix::fs::symlink("nowhere.yaml", dir.path().join("link.yaml")).unwrap();
    let output = cvpdf(dir.path(), &["import", "İlker.json", "-o", "link.yaml"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("never overwrites"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.path().join("nowhere.yaml").exists());

    // Nesting is refused before a parser sees it (issue 24, bug 2: 100,000 levels took 39 s).
    fs::write(
        dir.path().join("deep.yaml"),
        format!("cv: {}{}\n", "[".repeat(100_000), "]".repeat(100_000)),
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["import", "deep.yaml", "--from", "rendercv"]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("lists and mappings are nested more than 32")
            && stderr(&output).contains("deep.yaml:1:37"),
        "{}",
        stderr(&output)
    );

    // --base-url is a website's address, nothing else.
    for bad in ["mailto:a@b.org", "javascript:alert(1)", "https://[x]/"] {
        let output = cvpdf(
            dir.path(),
            &["import", &fixture("hugo-author.md"), "--base-url", bad],
        );
        assert!(!output.status.success(), "{bad}");
        assert!(
            stderr(&output).contains("--base-url"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn entries_of_a_shape_no_format_names_go_where_their_section_says() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("alfolio-rendercv.yml"), &[]);
    assert!(!warnings.contains("does not have"), "{warnings}");
    assert_eq!(
        profile["headline"].as_str(),
        Some("Ph.D. Student, Example University")
    );
    assert_eq!(profile["bio"].as_str(), Some("I study **engines**."));
    let paper = item(&profile, "publications", "title", "Engines");
    assert_eq!(paper["venue"].as_str(), Some("CIKM"));
    assert_eq!(paper["year"].as_u64(), Some(2025));
    let authors: Vec<&str> = paper["authors"]
        .as_sequence()
        .unwrap()
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    assert_eq!(authors, ["Bo Example", "Ada Example", "Cy Example*"]);
    assert_eq!(
        all(&profile, "awards", "title"),
        ["Excellence Award, Example Competition"]
    );
    let english = item(&profile, "languages", "name", "English");
    assert_eq!(english["fluency"].as_str(), Some("Fluent"));
    let programming = item(&profile, "skills", "name", "Programming");
    assert_eq!(programming["keywords"][1].as_str(), Some("C++"));
    let phd = item(&profile, "education", "institution", "Example University");
    assert_eq!(phd["degree"].as_str(), Some("Ph.D. in Computer Science"));
    render_clean(dir.path());
}

#[test]
fn a_resume_style_author_page_comes_in_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (profile, warnings) = import(dir.path(), &fixture("hugo-resume.md"), &[]);
    assert_eq!(profile["name"].as_str(), Some("Bo Example"));
    let lecturer = item(&profile, "experience", "role", "Lecturer");
    assert_eq!(
        lecturer["organization"].as_str(),
        Some("Example University")
    );
    assert_eq!(lecturer["start"].as_str(), Some("2022-07-01"));
    assert_eq!(lecturer["end"].as_str(), Some("present"));
    let phd = item(&profile, "education", "degree", "Ph.D.");
    assert_eq!(phd["end"].as_str(), Some("2022-06-30"));
    assert!(!warnings.contains("no matching field"), "{warnings}");
    render_clean(dir.path());
}

#[test]
fn one_value_that_converts_to_nothing_never_sinks_an_import() {
    // BibTeX with HTML left in by its exporter: entities and tags become their text.
    let dir = tempfile::tempdir().unwrap();
    let (profile, _) = import_bib(
        dir.path(),
        "@article{a, author = {Smith, <b>John</b>}, title = {CO<sub>2</sub> \\&amp; <i>E. coli</i>}, journal = {Fish &amp; Chips}, year = 2020}\n\
         @article{b, author = {Doe, Jane}, title = {Good}, journal = {J}, year = 2021}\n",
    );
    let paper = item(&profile, "publications", "title", "CO2");
    assert_eq!(paper["title"].as_str(), Some("CO2 & E. coli"));
    assert_eq!(paper["authors"][0].as_str(), Some("John Smith"));
    assert_eq!(paper["venue"].as_str(), Some("Fish & Chips"));
    item(&profile, "publications", "title", "Good");
    render_clean(dir.path());

    // A name that is nothing once converted, a section without a title, entries of two
    // shapes in one section: the rest comes in.
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("cv.yaml"),
        "cv:\n  name: Ada Example\n  sections:\n    \"  \":\n      - One line.\n    Experience:\n      - company: Engines Ltd\n        position: Analyst\n      - title: Consultant\n        employer: Looms Inc\n      - company: <b></b>\n        position: <!-- TODO -->\n    Awards:\n      - name: <b></b>\n      - name: Best Paper\n",
    )
    .unwrap();
    let (profile, warnings) = import(dir.path(), "cv.yaml", &[]);
    assert_eq!(
        all(&profile, "experience", "organization"),
        ["Engines Ltd", "Looms Inc"]
    );
    assert_eq!(all(&profile, "awards", "title"), ["Best Paper"]);
    assert!(warnings.contains("left out"), "{warnings}");
    render_clean(dir.path());
}

#[test]
fn legacy_encodings_and_escaped_characters_come_in_as_written() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: Ada Example\n").unwrap();
    // Latin-1 without a word about it, TeX's escaped specials, and escaped LaTeX (DBLP).
    let mut bib =
        b"@article{a, author = {Jos\xE9 Garc\xEDa}, journal = {J}, year = 2020,\n".to_vec();
    bib.extend_from_slice(
        br"  title = {The \textbackslash{} key, \{sets\} and \$5}}
@misc{b, author = {A B}, year = 2021, title = {{\textbackslash}mu Shield}}",
    );
    fs::write(dir.path().join("in.bib"), &bib).unwrap();
    let output = cvpdf(dir.path(), &["import-bib", "in.bib", "--into", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("read as windows-1252"),
        "{}",
        stderr(&output)
    );
    let text = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
    let profile: Value = serde_yaml::from_str(&text).unwrap();
    let paper = &profile["publications"][0];
    assert_eq!(paper["authors"][0].as_str(), Some("José García"));
    assert_eq!(paper["title"].as_str(), Some(r"The \\ key, {sets} and $5"));
    assert_eq!(
        profile["publications"][1]["title"].as_str(),
        Some("μ Shield")
    );
    let pdf = render_clean(dir.path());
    let page = pdf.page_text.join(" ");
    assert!(
        page.contains(r"The \ key, {sets}") && page.contains("and $5"),
        "{page}"
    );
}
