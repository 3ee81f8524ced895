//! The importers' shared parts: tracking, detection, dates, relaxed JSON, warnings.

use super::convert::dates::parse_end;
use super::*;
use crate::profile::EndDate;

#[test]
fn unused_parts_are_listed_at_their_highest_level() {
    let value = serde_json::json!({"a": {"b": 1, "c": 2}, "d": [1, 2], "e": "", "f": {"g": 3}});
    let mut tracked = Tracked::new(value);
    tracked.get("a.b");
    tracked.get("d[0]");
    assert_eq!(tracked.unused(), ["a.c", "d[1]", "f"]);
}

#[test]
fn dates_from_other_formats() {
    assert_eq!(
        parse_date("2014-06-29T00:00:00Z").unwrap().to_string(),
        "2014-06-29"
    );
    assert!(parse_date("Summer of 2014").is_err());
    assert_eq!(parse_end("Present"), Ok(EndDate::Present));
}

#[test]
fn formats_are_detected_from_content() {
    assert_eq!(
        detect("{\"basics\": {}}").unwrap(),
        SourceFormat::Jsonresume
    );
    assert_eq!(
        detect("---\ntitle: A\n---\nbody").unwrap(),
        SourceFormat::Hugo
    );
    assert_eq!(
        detect("schema: hugoblox/author/v1\nname:\n  display: A\n").unwrap(),
        SourceFormat::Hugo
    );
    assert!(detect("hello").is_err());
}

#[test]
fn dates_as_people_write_them() {
    for (text, date) in [
        ("June 2014", "2014-06"),
        ("Jun. 2014", "2014-06"),
        ("2014/06", "2014-06"),
        ("06/2014", "2014-06"),
        ("2014.6", "2014-06"),
    ] {
        assert_eq!(parse_date(text).unwrap().to_string(), date, "{text}");
    }
    assert!(parse_date("Summer 2014").is_err());
    let period = |t: &str| parse_period(t).map(|(a, b)| (a.map(|d| d.to_string()), b));
    assert_eq!(
        period("2017-05 - 2019-04"),
        Some((
            Some("2017-05".into()),
            Some(EndDate::Date("2019-04".parse().unwrap()))
        ))
    );
    assert_eq!(
        period("since 2021"),
        Some((Some("2021".into()), Some(EndDate::Present)))
    );
    assert_eq!(period("soon"), None);
}

#[test]
fn json_with_comments_and_trailing_commas_is_read_with_a_note() {
    let text = "{\n  // who\n  \"basics\": {\"name\": \"Ada // not a comment\", /* x */ \"website\": \"https://ada.org\",},\n  \"work\": [{\"company\": \"Engines\", \"position\": \"Analyst\", \"startDate\": \"2017-05 - 2019-04\",},],\n  \"education\": [{\"institution\": \"London\", \"area\": \"Maths\", \"gpa\": \"4.0\", \"startDate\": \"\", \"endDate\": \"Present\"}]\n}\n";
    let imported = import(text, &Settings::default()).unwrap();
    let p = &imported.profile;
    assert_eq!(p.name, "Ada // not a comment");
    assert_eq!(p.contact.website.as_deref(), Some("https://ada.org"));
    assert_eq!(p.experience[0].organization, "Engines");
    assert_eq!(
        p.experience[0].start.map(|d| d.to_string()).as_deref(),
        Some("2017-05")
    );
    // issue 48: the schema's score is a grade point average, said as one.
    assert_eq!(p.education[0].score.as_deref(), Some("GPA 4.0"));
    assert!(imported.warnings[0]
        .to_string()
        .contains("comments or trailing commas"));
    // Broken JSON is still refused, at its place.
    let text = "{\"basics\": {\"name\": \"A\"} oops}";
    let err = import(text, &Settings::default()).unwrap_err();
    assert!(err.message.starts_with("not valid JSON"), "{err:?}");
    let at = err.span.clone().map(|s| s.start).unwrap_or_default();
    assert_eq!(&text[at..at + 4], "oops", "{err:?}");
}

#[test]
fn a_field_left_in_many_entries_is_counted_once() {
    let warnings = vec![
        Warning::at("basics.image", "a photo"),
        Warning::unused("work[0].website"),
        Warning::unused("work[1].website"),
        Warning::unused("meta2"),
        Warning::unused("work[12].website"),
    ];
    let counted: Vec<String> = counted(warnings).iter().map(|w| w.to_string()).collect();
    assert_eq!(
        counted,
        [
            "basics.image: a photo",
            "work[].website (3 entries): no matching field",
            "meta2: no matching field"
        ]
    );
}

/// The imported profile and its warnings, the format detected.
fn imported(text: &str) -> Imported {
    import(text, &Settings::default()).unwrap()
}

#[test]
fn no_json_resume_entry_is_dropped_without_a_word() {
    // Found by probing: entries short of a field their rule needs vanished.
    let text = r#"{"basics": {"name": "Ada"},
      "work": [{"name": "Acme Looms", "startDate": "2019-01", "summary": "Weaving."},
               {"name": "Engines", "position": "Analyst"}],
      "education": [{"institution": "Queen's College", "startDate": "2010", "endDate": "2012"},
                    {"studyType": "PhD", "area": "Maths"},
                    {"score": "4.0"}],
      "awards": [{"awarder": "Royal Society", "date": "2020"}],
      "languages": [{"fluency": "Native"}]}"#;
    let imported = imported(text);
    let p = &imported.profile;
    let warnings = lines(&imported.warnings);
    assert_eq!(p.experience.len(), 1);
    let section = |title: &str| p.sections.iter().find(|s| s.title == title);
    let work = section("Other work").expect("the work entry without a position");
    assert_eq!(work.entries[0].title, "Acme Looms");
    assert_eq!(
        work.entries[0].start.map(|d| d.to_string()).as_deref(),
        Some("2019-01")
    );
    assert_eq!(work.entries[0].highlights[0], "Weaving.");
    let education = section("Other education").expect("the degree-less education");
    let titles: Vec<&str> = education.entries.iter().map(|e| e.title.as_ref()).collect();
    assert_eq!(titles, ["Queen's College", "PhD"]);
    assert_eq!(
        section("Other awards").unwrap().entries[0].title,
        "Royal Society"
    );
    assert!(
        warnings.contains("work: \"Acme Looms\": no position"),
        "{warnings}"
    );
    assert!(
        !warnings.contains("startDate: no matching field"),
        "{warnings}"
    );
    // What nothing names is named as left out, with what was missing.
    assert!(
        warnings.contains("education[2]: no institution or degree"),
        "{warnings}"
    );
    assert!(
        warnings.contains("languages[0]: no `language`"),
        "{warnings}"
    );
}

#[test]
fn no_hugo_course_is_dropped_without_a_word() {
    let text = "---\ntitle: Ada Lovelace\neducation:\n  courses:\n    - institution: Queen's College\n      year: 2012\n    - course: PhD in Maths\n      institution: University of London\n      year: 2016\n    - course: BSc\n---\n";
    let imported = imported(text);
    let p = &imported.profile;
    assert_eq!(p.education.len(), 1);
    let other = p
        .sections
        .iter()
        .find(|s| s.title == "Other education")
        .unwrap();
    let titles: Vec<&str> = other.entries.iter().map(|e| e.title.as_ref()).collect();
    assert_eq!(titles, ["Queen's College", "BSc"]);
    assert_eq!(
        other.entries[0].date.map(|d| d.to_string()).as_deref(),
        Some("2012")
    );
    let warnings = lines(&imported.warnings);
    // Each says what it lacks, not what it has (found by probing).
    assert!(
        warnings.contains("\"Queen's College\": no course;"),
        "{warnings}"
    );
    assert!(warnings.contains("\"BSc\": no institution;"), "{warnings}");
}

#[test]
fn one_al_folio_section_without_contents_is_named_and_the_rest_comes_in() {
    let text = "- title: General Information\n  type: map\n  contents:\n    - name: Full Name\n      value: Ada Lovelace\n    - name: Phone\n- title: Open Source Projects\n  type: time_table\n- title: Honors\n  type: list\n  contents:\n    - Royal Medal\n";
    let imported = imported(text);
    assert_eq!(imported.format, SourceFormat::AlFolio);
    assert_eq!(imported.profile.name, "Ada Lovelace");
    assert!(!imported.profile.sections.is_empty());
    let warnings = lines(&imported.warnings);
    assert!(
        warnings.contains("section \"Open Source Projects\": a section without `contents:`"),
        "{warnings}"
    );
    assert!(
        warnings.contains("a pair without a name or a value"),
        "{warnings}"
    );
}

#[test]
fn a_json_resume_of_only_a_phone_or_a_url_is_not_empty() {
    let settings = Settings {
        name: Some("Ada Lovelace".into()),
        ..Settings::default()
    };
    for (text, found) in [
        (r#"{"basics": {"phone": "+44 20 7946 0000"}}"#, "phone"),
        (r#"{"basics": {"url": "https://ada.example.org"}}"#, "url"),
    ] {
        let imported = import(text, &settings).unwrap_or_else(|e| panic!("{found}: {e:?}"));
        assert_eq!(imported.profile.name, "Ada Lovelace");
    }
    // Nothing at all is still refused.
    let err = import(r#"{"basics": {}}"#, &settings).unwrap_err();
    assert!(
        err.message.contains("holds nothing a CV could show"),
        "{err:?}"
    );
}

#[test]
fn hugo_pages_with_json_front_matter_and_toml_dates_import() {
    // Hugo reads JSON front matter: an object at the top, the body after it.
    let text = "{\n  \"title\": \"Ada Lovelace\",\n  \"role\": \"Analyst\"\n}\n\nShe wrote the first program.\n";
    let json = imported(text);
    assert_eq!(json.format, SourceFormat::Hugo);
    assert_eq!(json.profile.name, "Ada Lovelace");
    assert_eq!(json.profile.headline.as_deref(), Some("Analyst"));
    assert_eq!(
        json.profile.bio.as_deref(),
        Some("She wrote the first program.")
    );
    // An unquoted TOML date is a TOML datetime, not lost.
    let text = "+++\ntitle = \"Ada Lovelace\"\n[[education.courses]]\ncourse = \"PhD\"\ninstitution = \"London\"\nyear = 2016-06-01\n+++\n";
    let page = imported(text);
    let education = &page.profile.education[0];
    // A course's `year` is when it ended.
    let end = education.end.map(|d| d.to_string()).unwrap_or_default();
    assert_eq!(end, "2016-06-01", "{:?}", page.warnings);
}

#[test]
fn terminal_escapes_leave_nothing_behind_in_imported_text() {
    let text = r#"{"basics": {"name": "Ada Lovelace", "label": "\u001b[1;31mAnalyst\u001b[0m of \u0007Engines"}}"#;
    let imported = imported(text);
    assert_eq!(
        imported.profile.headline.as_deref(),
        Some("Analyst of Engines")
    );
}

#[test]
fn a_hugo_page_s_yaml_errors_name_the_page_s_line() {
    // Found by probing: a key given twice lost its first value without a word, and errors
    // counted lines from the front matter, not the page. The page is still read (a real
    // public page has `skills` twice): the later value, with a warning naming both lines.
    let text = "---\ntitle: Ada Lovelace\nrole: Analyst\nbio: x\nrole: Other\n---\nBody\n";
    let imported = import(text, &Settings::default()).unwrap();
    let warnings = lines(&imported.warnings);
    assert!(
        warnings.contains("line 5: `role` is given twice in the front matter (first on line 3)"),
        "{warnings}"
    );
    let text = "---\ntitle: Ada Lovelace\nrole: Analyst\nbio: x\n  role: Other\n---\nBody\n";
    let err = import(text, &Settings::default()).unwrap_err();
    let at = err.span.clone().map(|s| s.start).unwrap_or_default();
    assert_eq!(crate::diag::line_column(text, at), (5, 7), "{err:?}");
    assert!(
        err.message
            .starts_with("the front matter is not valid YAML: mapping values"),
        "{err:?}"
    );
}

/// Warnings as the terminal shows them, one a line.
fn lines(warnings: &[Warning]) -> String {
    warnings
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_warning_names_its_entry_from_its_path_not_its_text() {
    // Issue 47: a place whose text holds ": " (a section title) once split the warning in
    // the wrong place; the path is a value now.
    let text = "{\"basics\": {\"name\": \"Ada\"}, \"work\": [{\"name\": \"A: B\", \"position\": \"Analyst\", \"startDate\": \"soon\"}]}";
    let imported = imported(text);
    let warning = imported
        .warnings
        .iter()
        .find(|w| w.path == "work[0].startDate")
        .unwrap_or_else(|| panic!("{:?}", imported.warnings));
    assert_eq!(
        warning.named.as_deref(),
        Some("work: \"Analyst, A: B\", startDate")
    );
    assert!(matches!(warning.kind, WarningKind::Note(_)));
}
