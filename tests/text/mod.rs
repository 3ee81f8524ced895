//! Text as written (part of the `render` test binary): paragraphs where text holds them, one
//! rule for markup in every field, contact fields that are what they say, footers on one
//! line, the language's full stop, and not one compile warning anywhere.

use std::fs;
use std::path::Path;

use crate::common::{bundled_profiles, cvpdf, root, stderr, test_renderer, Pdf};

const TEMPLATES: [&str; 3] = ["classic", "modern", "compact"];

/// Renders `profile` in `dir` with `template` in `lang`, which must work, and reads the PDF.
fn render_in(dir: &Path, profile: &str, template: &str, lang: &str) -> Pdf {
    let out = format!("{template}-{lang}.pdf");
    let output = cvpdf(
        dir,
        &[
            "render",
            profile,
            "--template",
            template,
            "--lang",
            lang,
            "-o",
            &out,
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    Pdf::read(&dir.join(&out))
}

/// Writes `text` as `name` in `dir` and returns its path.
fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_bio_of_two_paragraphs_is_two_paragraphs_in_every_template() {
    let dir = tempfile::tempdir().unwrap();
    let first = "First paragraph about analytical engines. ".repeat(6);
    let second = "Second paragraph about the notes on Menabrea. ".repeat(6);
    write(
        dir.path(),
        "two.yaml",
        &format!("name: Ada Lovelace\nbio: |\n  {first}\n\n  {second}\n"),
    );
    for template in TEMPLATES {
        let out = format!("two-{template}.pdf");
        let output = cvpdf(
            dir.path(),
            &["render", "two.yaml", "--template", template, "-o", &out],
        );
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stderr(&output), "", "{template}: nothing on stderr");
        let pdf = Pdf::read(&dir.path().join(&out));
        // The lines of the bio, top to bottom, and which paragraph each belongs to.
        let mut lines: Vec<(f32, bool)> = Vec::new();
        for run in &pdf.placed {
            let (a, b) = (run.text.contains("engines"), run.text.contains("Menabrea"));
            assert!(
                !(a && b),
                "{template}: one line holds both paragraphs: {}",
                run.text
            );
            if (a || b) && !lines.iter().any(|(y, _)| (y - run.y).abs() < 1.0) {
                lines.push((run.y, b));
            }
        }
        lines.sort_by(|x, y| y.0.total_cmp(&x.0));
        let split = lines.iter().position(|(_, second)| *second).unwrap();
        assert!(
            split >= 2 && lines.len() - split >= 2,
            "{template}: {lines:?}"
        );
        assert!(
            lines[split..].iter().all(|(_, second)| *second),
            "{lines:?}"
        );
        // Lines of a paragraph are evenly spaced; the paragraphs are further apart.
        let gaps: Vec<f32> = lines.windows(2).map(|w| w[0].0 - w[1].0).collect();
        let between = gaps[split - 1];
        let within = gaps
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != split - 1)
            .map(|(_, g)| *g)
            .fold(0.0f32, f32::max);
        assert!(
            between > within + 2.0,
            "{template}: paragraph gap {between} vs line gap {within}"
        );
    }
}

#[test]
fn every_paragraph_field_keeps_its_paragraphs_and_nothing_is_printed_raw() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("tests/fixtures/paragraphs.yaml"),
        dir.path().join("p.yaml"),
    )
    .unwrap();
    for template in TEMPLATES {
        let out = format!("p-{template}.pdf");
        let output = cvpdf(
            dir.path(),
            &["render", "p.yaml", "--template", template, "-o", &out],
        );
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stderr(&output), "", "{template}");
        let pdf = Pdf::read(&dir.path().join(&out));
        let text = pdf.squashed();
        for needle in [
            "Studiedwith",
            "Wroteletters",
            "NoteGholdsthefirstpublishedprogram.",
            "Celebrateswomeninscience.",
            "OnBernoullinumbers.",
            // One-line fields written over several lines, and the address on three.
            "UniversityofLondon",
            "12StJames’sSquare,London,UnitedKingdom",
        ] {
            assert!(text.contains(needle), "{template}: {needle} not in {text}");
        }
        for raw in ["**", "`", "](", "<", "&amp;"] {
            assert!(!text.contains(raw), "{template}: {raw} printed in {text}");
        }
        // An award's later paragraph is indented, so it does not read as another award.
        let x_of = |word: &str| {
            pdf.placed
                .iter()
                .find(|r| r.text.contains(word))
                .map(|r| r.x)
                .unwrap_or_else(|| panic!("{word} not placed"))
        };
        assert!(
            x_of("Celebrates") > x_of("Remembered") + 5.0,
            "{template}: the note's second paragraph is not indented"
        );
        // A code span is set apart in the template's face for code.
        assert!(pdf.contains_in_font("code", "Inter") || template == "modern");
    }
}

#[test]
fn markup_a_field_cannot_show_is_refused_at_its_line_with_what_to_write() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p.yaml",
        "name: <script>alert(1)</script>\n\
         contact:\n  email: <a href=\"mailto:h@example.org\">h@example.org</a>\n  phone: 'Office: +1 555 0100'\n\
         experience:\n  - organization: \"[IHPC](https://www.a-star.edu.sg/ihpc)\"\n    role: Researcher\n\
         publications:\n  - title: |\n      A title\n\n      with a blank line\n    authors: [Ada]\n    year: 2020\n\
         skills:\n  - {name: Programming, keywords: ['**Rust**']}\n\
         bio: Built <small>things</small> &amp; more\n",
    );
    let output = cvpdf(dir.path(), &["check", "p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for (position, field, help) in [
        ("p.yaml:1:7", "name", "HTML"),
        ("p.yaml:3:10", "contact.email", "write `h@example.org`"),
        ("p.yaml:4:10", "contact.phone", "write `+1 555 0100`"),
        (
            "p.yaml:6:19",
            "experience[0].organization",
            "write `IHPC`; this field cannot hold a link",
        ),
        ("p.yaml:10:7", "publications[0].title", "a blank line"),
        ("p.yaml:16:36", "skills[0].keywords[0]", "write `Rust`"),
        ("p.yaml:17:6", "bio", "write `Built things & more`"),
    ] {
        let at = err
            .find(&format!("┌─ {position}"))
            .unwrap_or_else(|| panic!("{position} not in {err}"));
        // The report: from its `error:` line to the next one.
        let start = err[..at].rfind("error:").unwrap_or(0);
        let report = &err[start..];
        let report = &report[..report[1..].find("\nerror").map_or(report.len(), |e| e + 1)];
        assert!(report.contains(field), "{field} in {report}");
        assert!(report.contains(help), "{help} in {report}");
    }
    // Rendering refuses it too, and writes nothing.
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(!dir.path().join("p.pdf").exists());
}

#[test]
fn importers_bring_foreign_markup_in_as_what_each_field_holds() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "cv.yml",
        "- title: General Information\n  type: map\n  contents:\n\
         \x20   - {name: Full Name, value: Ada Lovelace}\n\
         \x20   - {name: Email, value: '<a href=\"mailto:ada@example.org\">ada@example.org</a>'}\n\
         \x20   - {name: Address, value: '<small>1 Main St</small> &amp; more'}\n\
         - title: Experience\n  type: time_table\n  contents:\n\
         \x20   - title: Researcher\n      institution: <a href=\"https://ihpc.sg\">IHPC</a>\n      year: 2020 - 2022\n      description: ['Built <b>fast</b> things']\n",
    );
    let output = cvpdf(dir.path(), &["import", "cv.yml", "-o", "ada.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("https://ihpc.sg was left out"));
    let loaded = cvpdf::profile::load(&dir.path().join("ada.yaml")).unwrap();
    let p = &loaded.profile;
    assert_eq!(p.contact.email.as_deref(), Some("ada@example.org"));
    assert_eq!(p.contact.address.as_deref(), Some("1 Main St & more"));
    assert_eq!(&*p.experience[0].organization, "IHPC");
    assert_eq!(&*p.experience[0].highlights[0], "Built **fast** things");
    let output = cvpdf(dir.path(), &["render", "ada.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");

    // Markup that a first conversion uncovers (an entity of an entity, code around markup)
    // still comes in, with its words, and renders without a word on stderr.
    write(
        dir.path(),
        "resume.json",
        r#"{"basics": {"name": "Bo", "summary": "Fixed &amp;lt;br&amp;gt; handling",
            "email": "<a href=\"mailto:bo@example.org\">bo@example.org</a>"},
            "work": [{"name": "Org", "position": "Dev", "highlights": ["> 99% accuracy", "- 5 ms"]}],
            "skills": [{"name": "Python", "keywords": ["`__init__` methods", "**Rust**"]}]}"#,
    );
    let output = cvpdf(dir.path(), &["import", "resume.json", "-o", "bo.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let bo = cvpdf::profile::load(&dir.path().join("bo.yaml"))
        .unwrap()
        .profile;
    assert_eq!(bo.contact.email.as_deref(), Some("bo@example.org"));
    assert_eq!(&*bo.skills[0].keywords[0], "__init__ methods");
    assert_eq!(&*bo.skills[0].keywords[1], "Rust");
    let output = cvpdf(dir.path(), &["render", "bo.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let text = Pdf::read(&dir.path().join("bo.pdf")).squashed();
    assert!(
        text.contains(">99%accuracy") && text.contains("-5ms"),
        "{text}"
    );
}

#[test]
fn footers_stay_on_one_line_with_long_names_in_every_template_and_language() {
    let dir = tempfile::tempdir().unwrap();
    let lab = "The Interdisciplinary Laboratory for Very Long Names Studies";
    assert_eq!(lab.chars().count(), 60);
    let person = "Maximiliana Bartholomea Featherstonehaug";
    assert_eq!(person.chars().count(), 40);
    write(dir.path(), "cvpdf.yaml", &format!("lab: {{name: {lab}}}\n"));
    write(
        dir.path(),
        "long.yaml",
        &format!(
            "name: {person}\nnative_name: 费瑟斯通霍夫\nupdated: 2025-10-10\nbio: {}\n",
            "Words. ".repeat(2000)
        ),
    );
    for template in TEMPLATES {
        for lang in ["en", "de", "fr", "ru", "zh", "ja"] {
            let pdf = render_in(dir.path(), "long.yaml", template, lang);
            assert!(pdf.pages >= 2, "{template} {lang}: {} pages", pdf.pages);
            assert_one_line_footers(&pdf, &format!("{template} {lang}"));
        }
    }
    // A name longer than a footer's line is cut with an ellipsis, never wrapped.
    let longest = "Maximiliana Bartholomea Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff von Lancaster ".repeat(2);
    write(
        dir.path(),
        "longest.yaml",
        &format!("name: {}\nupdated: 2025-10-10\n", longest.trim()),
    );
    for template in TEMPLATES {
        let pdf = render_in(dir.path(), "longest.yaml", template, "de");
        assert_one_line_footers(&pdf, &format!("{template} longest"));
        assert!(pdf.page_text[0].contains('…'), "{}", pdf.page_text[0]);
    }

    // With a short name, the footer of a shorter person's name names the lab by it.
    write(
        dir.path(),
        "cvpdf.yaml",
        &format!("lab: {{name: {lab}, short_name: VLN Lab}}\n"),
    );
    write(dir.path(), "ada.yaml", "name: Ada Lovelace\n");
    let output = cvpdf(dir.path(), &["render", "ada.yaml", "-o", "short.pdf"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.path().join("short.pdf"));
    assert_one_line_footers(&pdf, "short name");
    assert!(pdf.page_text[0].contains("VLN Lab"), "{}", pdf.page_text[0]);
}

#[test]
fn the_bundled_lab_s_cvs_have_one_line_footers() {
    let dir = tempfile::tempdir().unwrap();
    for template in TEMPLATES {
        let out = dir.path().join(template);
        let mut args = vec!["render", "--variant", "all", "--template", template, "-o"];
        let out_arg = out.to_string_lossy().into_owned();
        args.push(&out_arg);
        let profiles: Vec<String> = bundled_profiles()
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        args.extend(profiles.iter().map(String::as_str));
        let output = cvpdf(&root(), &args);
        assert!(output.status.success(), "{}", stderr(&output));
        for entry in fs::read_dir(&out).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pdf") {
                let pdf = Pdf::read(&path);
                assert_one_line_footers(&pdf, &path.display().to_string());
                assert!(pdf.page_text[0].contains("Lab"), "{}", path.display());
            }
        }
    }
}

/// Every page's footer (the text below the last line of the body) stands on one line.
fn assert_one_line_footers(pdf: &Pdf, what: &str) {
    for page in 0..pdf.pages {
        // The footer is the lowest text of the page; a wrapped one has a second line just
        // above its first, 5 to 14 points up, where the body never is (it ends in the margin
        // above).
        let ys: Vec<f32> = pdf
            .placed
            .iter()
            .filter(|r| r.page == page && !r.text.trim().is_empty())
            .map(|r| r.y)
            .collect();
        let lowest = ys.iter().copied().fold(f32::MAX, f32::min);
        let wrapped: Vec<f32> = ys
            .iter()
            .copied()
            .filter(|y| *y > lowest + 3.0 && *y < lowest + 14.0)
            .collect();
        assert!(
            wrapped.is_empty(),
            "{what}, page {}: footer lines at {lowest} and {wrapped:?}:\n{}",
            page + 1,
            pdf.page_text[page]
        );
    }
}

#[test]
fn chinese_and_japanese_end_lines_with_their_full_stop() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p.yaml",
        "name: Ada Lovelace\npublications:\n  - {title: One, authors: [Ada Lovelace], venue: Memoirs, year: 2024, month: 7, note: 口头报告}\n  - {title: Two, authors: [Ada Lovelace], venue: Notes, year: 2023, note: Oral.}\n",
    );
    for template in TEMPLATES {
        for (lang, stop) in [("zh", "。"), ("ja", "。"), ("en", ".")] {
            let text = render_in(dir.path(), "p.yaml", template, lang).squashed();
            assert!(
                text.contains(&format!("口头报告{stop}")),
                "{template} {lang}: {text}"
            );
            assert!(!text.contains("Oral.."), "{template} {lang}: {text}");
            assert!(!text.contains("Oral.。"), "{template} {lang}: {text}");
            if lang != "en" {
                assert!(!text.contains("月."), "{template} {lang}: {text}");
                assert!(text.contains("月。"), "{template} {lang}: {text}");
            }
        }
    }
}

#[test]
fn a_template_warning_is_told_at_the_profile_s_field_not_in_generated_source() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "two.yaml",
        "name: Ada Lovelace\nbio: |\n  First paragraph.\n\n  Second paragraph.\n",
    );
    // A template of the user's own that wraps the bio in `par(…)`, which cannot hold two.
    let output = cvpdf(dir.path(), &["render", "two.yaml", "--format", "typ"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let template = dir.path().join("two-typst/classic.typ");
    let source = fs::read_to_string(&template).unwrap();
    let edited = source.replace(
        "{ set par(justify: true); content }",
        "par(justify: true, content)",
    );
    assert_ne!(source, edited);
    fs::write(&template, edited).unwrap();
    let output = cvpdf(
        dir.path(),
        &[
            "render",
            "two.yaml",
            "--template",
            "two-typst/classic.typ",
            "-o",
            "two.pdf",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("two.yaml:3:3"), "{err}");
    assert!(err.contains("bio"), "{err}");
    assert!(
        err.contains("two-typst/classic.typ cannot show it"),
        "{err}"
    );
    assert!(
        !err.contains("main.typ") && !err.contains("generated"),
        "{err}"
    );
}

#[test]
fn no_compile_of_a_fixture_or_bundled_profile_warns_in_any_language_or_template() {
    let renderer = test_renderer();
    let mut profiles = bundled_profiles();
    for entry in fs::read_dir(root().join("tests/fixtures")).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap_or_default();
        // Fixtures in other formats (RenderCV, al-folio) are not profiles.
        if path.extension().is_some_and(|e| e == "yaml")
            && (text.contains("\nname:") || text.starts_with("name:"))
        {
            profiles.push(path);
        }
    }
    assert!(profiles.len() >= 8, "{profiles:?}");
    let languages = cvpdf::style::languages();
    assert_eq!(languages.len(), 10);
    let mut warned = Vec::new();
    for path in &profiles {
        let loaded = cvpdf::profile::load(path)
            .unwrap_or_else(|r| panic!("{}: {}", path.display(), r.short()));
        for template in TEMPLATES {
            for lang in &languages {
                let mut style = cvpdf::style::Style::with_template(
                    cvpdf::template::Template::resolve(template).unwrap(),
                );
                style.lang = lang.clone();
                let compiled = renderer
                    .compile(&loaded, &style)
                    .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.detail()));
                if !compiled.warnings.is_empty() {
                    warned.push(format!(
                        "{} {template} {lang}: {}",
                        path.display(),
                        compiled
                            .warnings
                            .iter()
                            .map(|w| w.summary())
                            .collect::<Vec<_>>()
                            .join("; ")
                    ));
                }
            }
        }
    }
    assert!(warned.is_empty(), "{}", warned.join("\n"));
}
