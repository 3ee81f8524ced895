//! Getting profiles in (new, import, import-bib, schema) and CVs out (formats, publish).

use crate::common;
#[path = "corpus/mod.rs"]
mod corpus;
#[path = "foreign/mod.rs"]
mod foreign;
#[path = "import_record.rs"]
mod record;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use common::{cvpdf, root, stderr, stdout, Pdf};

/// Renders `profile` (in `dir`) and returns its PDF.
fn render(dir: &Path, profile: &str) -> Pdf {
    let output = cvpdf(dir, &["render", profile, "-o", "out.pdf"]);
    assert!(output.status.success(), "{}", stderr(&output));
    Pdf::read(&dir.join("out.pdf"))
}

#[test]
fn the_seed_hugo_author_page_imports_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let page = root().join("tests/fixtures/hugo-site/content/authors/zhiyao-li/_index.md");
    let output = cvpdf(
        dir.path(),
        &["import", page.to_str().unwrap(), "-o", "zhiyao.yaml"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let warnings = stderr(&output);
    for dropped in [
        "superuser",
        "highlight_name",
        "status",
        "{style=\"text-align: justify;\"}",
        "short biography",
    ] {
        assert!(
            warnings.contains(dropped),
            "{dropped:?} not reported in\n{warnings}"
        );
    }
    let text = fs::read_to_string(dir.path().join("zhiyao.yaml")).unwrap();
    assert!(
        text.starts_with(
            "# Imported by cvpdf from _index.md (Hugo author page).\n# Not carried over:\n"
        ),
        "{text}"
    );
    let profile = cvpdf::profile::load(&dir.path().join("zhiyao.yaml"))
        .unwrap()
        .profile;
    assert_eq!(
        (profile.name.as_str(), profile.native_name.as_deref()),
        ("Zhiyao Li", Some("李之尧"))
    );
    assert_eq!(profile.education.len(), 2);
    assert_eq!(profile.links.len(), 2);
    assert_eq!(
        profile.contact.email.as_deref(),
        Some("ziozhiyao.lee@gmail.com")
    );
    let pdf = render(dir.path(), "zhiyao.yaml");
    assert!(
        pdf.contains("李之尧")
            && pdf.contains("Tsinghua University")
            && pdf.contains("Chongqing University")
    );
    assert!(
        pdf.links
            .iter()
            .any(|l| l == "https://people.iiis.tsinghua.edu.cn/~gaomy/"),
        "the body's links survive"
    );

    // An existing file is never overwritten.
    let again = cvpdf(
        dir.path(),
        &["import", page.to_str().unwrap(), "-o", "zhiyao.yaml"],
    );
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(dir.path().join("zhiyao.yaml")).unwrap(),
        text
    );
}

#[test]
fn a_hugo_blox_data_file_imports_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let data = root().join("tests/fixtures/hugo-site/data/authors/yihao-zhao.yaml");
    let output = cvpdf(dir.path(), &["import", data.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("skill levels"),
        "{}",
        stderr(&output)
    );
    fs::write(dir.path().join("yihao.yaml"), stdout(&output)).unwrap();
    let pdf = render(dir.path(), "yihao.yaml");
    for fact in [
        "Yihao Zhao",
        "Shanghai AI Lab",
        "Presidential Scholarship",
        "Python",
        "zhaoyh98@pku.edu.cn",
    ] {
        assert!(pdf.contains(fact), "{fact} missing");
    }
}

#[test]
fn a_json_resume_with_every_section_imports_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let resume = root().join("tests/fixtures/resume.json");
    let output = cvpdf(
        dir.path(),
        &["import", resume.to_str().unwrap(), "-o", "ada.yaml"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let warnings = stderr(&output);
    for dropped in [
        "basics.image",
        "references",
        "Undated work",
        "no authors",
        "work[0].url",
    ] {
        assert!(
            warnings.contains(dropped),
            "{dropped:?} not reported in\n{warnings}"
        );
    }
    assert!(
        !warnings.contains("meta") && !warnings.contains("$schema"),
        "metadata is not data: {warnings}"
    );
    let pdf = render(dir.path(), "ada.yaml");
    for fact in [
        "Ada Lovelace",
        "Analytical Engine Project",
        "Wrote Note G.",
        "Private tuition in Mathematics",
        "Courses: Calculus, Logic",
        "Honorary mention",
        "Sketch of the Analytical Engine, with Notes",
        "Master",
        "French",
        "Poetry (Byron)",
        "Volunteering",
        "Royal Society",
        "Projects",
        "Note G",
        "Certificates",
        "Certificate of Analysis",
        "London",
        "ada@example.org",
    ] {
        assert!(pdf.contains(fact), "{fact} missing from the PDF");
    }
    assert!(pdf.links.iter().any(|l| l == "https://hachyderm.io/@ada"));
}

#[test]
fn a_bib_file_merges_into_a_profile_and_keeps_its_text() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["full.yaml", "photo.png"] {
        fs::copy(
            root().join("tests/fixtures").join(name),
            dir.path().join(name),
        )
        .unwrap();
    }
    let before = fs::read_to_string(dir.path().join("full.yaml")).unwrap();
    let bib = root().join("tests/fixtures/ada.bib");
    let output = cvpdf(
        dir.path(),
        &["import-bib", bib.to_str().unwrap(), "--into", "full.yaml"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("19 added, 3 updated"),
        "{}",
        stdout(&output)
    );
    let after = fs::read_to_string(dir.path().join("full.yaml")).unwrap();
    // Everything before the publications, comments included, is untouched.
    let head = before.split("publications:").next().unwrap();
    assert!(after.starts_with(head), "the profile's head changed");
    assert!(
        after.contains("\ntalks:\n  - title: Predictable Systems for Unpredictable Workloads"),
        "the rest survives"
    );

    let profile = cvpdf::profile::load(&dir.path().join("full.yaml"))
        .unwrap()
        .profile;
    assert_eq!(profile.publications.len(), 15 + 19);
    let tailwind = profile
        .publications
        .iter()
        .find(|p| p.title.starts_with("Tailwind"))
        .unwrap();
    assert_eq!(
        tailwind.award.as_deref(),
        Some("Best Paper Award"),
        "kept from the profile"
    );
    let pdf = render(dir.path(), "full.yaml");
    assert!(pdf.contains("Revisiting Coflow Scheduling for Predictable Systems"));
    // The own name is bold in the imported author lists too ("Example, A. Q." is a variant).
    let bold = pdf
        .runs
        .iter()
        .filter(|(f, t)| {
            f.contains("Bold") && (t.contains("A. Q. Example") || t.contains("Ada Q. Example"))
        })
        .count();
    assert!(bold >= 30, "{bold} bold runs of the own name");

    // A second import changes nothing.
    let output = cvpdf(
        dir.path(),
        &["import-bib", bib.to_str().unwrap(), "--into", "full.yaml"],
    );
    assert!(
        stdout(&output).contains("0 added, 0 updated"),
        "{}",
        stdout(&output)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("full.yaml")).unwrap(),
        after
    );
}

#[test]
fn new_writes_a_starter_that_renders_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("profiles")).unwrap();
    let output = cvpdf(dir.path(), &["new", "Ada Lovelace-Byron"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let path = dir.path().join("profiles/ada-lovelace-byron.yaml");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("# yaml-language-server: $schema=./cvpdf.schema.json\n"));
    assert!(dir.path().join("profiles/cvpdf.schema.json").is_file());
    let profile = cvpdf::profile::load(&path).unwrap().profile;
    // Every section once.
    assert!(
        !profile.education.is_empty()
            && !profile.experience.is_empty()
            && !profile.publications.is_empty()
    );
    assert!(
        !profile.talks.is_empty() && !profile.teaching.is_empty() && !profile.awards.is_empty()
    );
    assert!(
        !profile.service.is_empty() && !profile.skills.is_empty() && !profile.languages.is_empty()
    );
    assert!(
        !profile.hobbies.is_empty() && !profile.sections.is_empty() && !profile.links.is_empty()
    );
    // Issue 48: the record a PI's CV adds is shown too.
    assert!(!profile.grants.is_empty() && !profile.supervision.is_empty());
    let pdf = render(dir.path(), "profiles/ada-lovelace-byron.yaml");
    assert!(pdf.contains("Ada Lovelace-Byron"));
    assert!(
        pdf.contains_in_font("Ada Lovelace-Byron", "Bold"),
        "the own name is bold in the example paper"
    );

    let again = cvpdf(dir.path(), &["new", "Ada Lovelace-Byron"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("never overwrites"));
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert_eq!(cvpdf::slug("Zoë  Ñúñez: Ph.D."), "zoe-nunez-ph-d");
}

#[test]
fn the_schema_describes_the_profile_format() {
    let output = cvpdf(&root(), &["schema"]);
    assert!(output.status.success());
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(schema["required"], serde_json::json!(["name"]));
    assert_eq!(
        schema["additionalProperties"],
        serde_json::json!(false),
        "unknown keys are errors"
    );
    let properties = schema["properties"].as_object().unwrap();
    // Text may be a map of the known languages to text; a profile may define variants.
    let text = &schema["$defs"]["Text"]["anyOf"];
    assert_eq!(text[0]["type"], "string");
    assert_eq!(text[1]["properties"]["zh"]["type"], "string");
    assert_eq!(
        text[1]["additionalProperties"], false,
        "a misspelt language is refused"
    );
    assert_eq!(
        schema["$defs"]["Education"]["properties"]["institution"]["$ref"],
        "#/$defs/Text"
    );
    assert!(schema["$defs"]["Variant"]["properties"]["max_pages"].is_object());
    for key in [
        "name",
        "native_name",
        "education",
        "publications",
        "talks",
        "section_order",
        "updated",
        "variants",
    ] {
        assert!(properties.contains_key(key), "{key} missing");
    }
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("in-preparation") && text.contains("google-scholar"),
        "enum values are listed"
    );
}

#[test]
fn render_writes_every_format_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let profile = root().join("profiles/zili-zhang.yaml");
    let args = [
        "render",
        profile.to_str().unwrap(),
        "-o",
        "out",
        "-f",
        "pdf",
        "-f",
        "png",
        "-f",
        "svg",
        "--ppi",
        "30",
    ];
    let output = cvpdf(dir.path(), &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("out");
    let pages = Pdf::read(&out.join("zili-zhang.pdf")).pages;
    for n in 1..=pages {
        let png = image::open(out.join(format!("zili-zhang-{n}.png"))).unwrap();
        assert_eq!(
            png.width(),
            (595.0f32 * 30.0 / 72.0).round() as u32,
            "A4 at 30 ppi"
        );
        let svg = fs::read_to_string(out.join(format!("zili-zhang-{n}.svg"))).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.contains("<svg "),
            "page {n} is an SVG"
        );
    }
    assert!(!out.join(format!("zili-zhang-{}.png", pages + 1)).exists());
}

/// Every file below `dir` with its bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(
                    path.strip_prefix(dir).unwrap().display().to_string(),
                    fs::read(&path).unwrap(),
                );
            }
        }
    }
    out
}

#[test]
fn publish_attaches_the_cvs_to_the_hugo_site_once() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_dir(&root().join("tests/fixtures/hugo-site"), &site);
    let profiles = root().join("profiles");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "publish",
            profiles.to_str().unwrap(),
            "--site",
            site.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let output = cvpdf(dir.path(), &args);
        assert!(output.status.success(), "{}", stderr(&output));
        output
    };
    let original = tree(&site);
    let dry = run(&["--dry-run"]);
    assert!(stdout(&dry).contains("would write"), "{}", stdout(&dry));
    assert_eq!(tree(&site), original, "a dry run writes nothing");

    let first = run(&[]);
    let notes = stderr(&first);
    assert!(
        notes.contains("zili-zhang.yaml has no page on the Hugo site")
            && notes.contains("liangyu-zhao.yaml has no page on the Hugo site"),
        "{notes}"
    );
    let after_first = tree(&site);
    // Only people with a page get their CV uploaded (issue 46).
    for slug in ["zili-zhang", "liangyu-zhao"] {
        assert!(!after_first.contains_key(&format!("static/uploads/{slug}.pdf")));
    }
    for slug in ["zhiyao-li", "yihao-zhao"] {
        assert!(Pdf::parse(&after_first[&format!("static/uploads/{slug}.pdf")]).pages >= 1);
        assert!(
            image::load_from_memory(&after_first[&format!("static/uploads/{slug}.png")]).is_ok()
        );
    }
    // The author page keeps every other line and gains one CV entry.
    let page_before =
        String::from_utf8(original["content/authors/zhiyao-li/_index.md"].clone()).unwrap();
    let page_after =
        String::from_utf8(after_first["content/authors/zhiyao-li/_index.md"].clone()).unwrap();
    assert_eq!(page_after, page_before.replace(
        "    link: https://scholar.google.com/citations?user=ELJUI5wAAAAJ&hl=en\n",
        "    link: https://scholar.google.com/citations?user=ELJUI5wAAAAJ&hl=en\n  - icon: cv\n    icon_pack: ai\n    link: uploads/zhiyao-li.pdf\n",
    ));
    let data_after =
        String::from_utf8(after_first["data/authors/yihao-zhao.yaml"].clone()).unwrap();
    assert!(
        data_after
            .contains("  - icon: academicons/cv\n    url: uploads/yihao-zhao.pdf\n    label: CV\n"),
        "{data_after}"
    );
    assert_eq!(data_after.matches("academicons/cv").count(), 1);

    let second = run(&[]);
    assert!(
        stdout(&second).contains("the site is up to date"),
        "{}",
        stdout(&second)
    );
    assert_eq!(tree(&site), after_first, "publishing twice changes nothing");
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[cfg(unix)]
#[test]
fn publish_stays_inside_the_site_and_writes_only_once_the_page_can_take_the_link() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let outside = dir.path().join("outside");
    fs::create_dir_all(site.join("static")).unwrap();
    fs::create_dir_all(&outside).unwrap();
    fs::create_dir(dir.path().join("profiles")).unwrap();
    let profile = dir.path().join("profiles/odd: name #1.yaml");
    fs::write(&profile, "name: Odd Name\n").unwrap();
    let publish = || {
        cvpdf(
            dir.path(),
            &["publish", profile.to_str().unwrap(), "--site", "site"],
        )
    };
    // static/uploads is a link out of the site: refused, nothing written outside (with no
    // page yet, the upload is asked for).
    symlink(&outside, site.join("static/uploads")).unwrap();
    let out = cvpdf(
        dir.path(),
        &[
            "publish",
            profile.to_str().unwrap(),
            "--site",
            "site",
            "--upload-unlisted",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("leads outside the site"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_dir(&outside).unwrap().count(), 0);
    fs::remove_file(site.join("static/uploads")).unwrap();

    // A page whose front matter cannot take the link: nothing uploaded either.
    let authors = site.join("content/authors/odd: name #1");
    fs::create_dir_all(&authors).unwrap();
    fs::write(authors.join("_index.md"), "---\nsocial: {github: x}\n---\n").unwrap();
    let out = publish();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        !site.join("static/uploads").exists(),
        "uploaded before the page failed"
    );

    // A CRLF page with a byte-order mark, linked from elsewhere in the site: edited where it
    // points, the link stays a link, the endings stay CRLF, the odd name is quoted and encoded.
    let pages = site.join("pages");
    fs::create_dir(&pages).unwrap();
    fs::write(
        pages.join("odd.md"),
        "\u{feff}---\r\ntitle: Odd\r\n---\r\nBody\r\n",
    )
    .unwrap();
    fs::remove_file(authors.join("_index.md")).unwrap();
    symlink(pages.join("odd.md"), authors.join("_index.md")).unwrap();
    let out = publish();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(authors.join("_index.md"))
        .unwrap()
        .file_type()
        .is_symlink());
    let page = fs::read_to_string(pages.join("odd.md")).unwrap();
    assert_eq!(page, "\u{feff}---\r\ntitle: Odd\r\nsocial:\r\n  - icon: cv\r\n    icon_pack: ai\r\n    link: uploads/odd%3A%20name%20%231.pdf\r\n---\r\nBody\r\n");
    assert!(site.join("static/uploads/odd: name #1.pdf").is_file());

    // An author page linking out of the site is not edited.
    fs::remove_file(authors.join("_index.md")).unwrap();
    fs::write(outside.join("page.md"), "---\ntitle: Out\n---\n").unwrap();
    symlink(outside.join("page.md"), authors.join("_index.md")).unwrap();
    let out = publish();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(outside.join("page.md")).unwrap(),
        "---\ntitle: Out\n---\n"
    );
}

#[test]
fn a_bib_with_every_real_world_quirk_imports_into_any_starting_profile() {
    let bib = root().join("tests/fixtures/bib/quirks.bib");
    let bib = bib.to_str().unwrap();
    // The starting points people have: no key, an empty list, nothing after the key, a flow
    // list with a paper and a comment; and a profile that is a symbolic link.
    let starts = [
        "name: Ada Lovelace\n",
        "name: Ada Lovelace\npublications: []\nskills: []\n",
        "# Ada\nname: Ada Lovelace\npublications:\n# none yet\n",
        "name: Ada Lovelace\npublications: [{title: 'Notes on the Difference Engine – 14th Edition', authors: [Ada Lovelace], year: 2022, award: Test of Time}]  # mine\n",
    ];
    for (i, start) in starts.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("real")).unwrap();
        fs::write(dir.path().join("real/ada.yaml"), start).unwrap();
        std::os::unix::fs::symlink("real/ada.yaml", dir.path().join("ada.yaml")).unwrap();
        let output = cvpdf(
            dir.path(),
            &[
                "import-bib",
                bib,
                "--into",
                "ada.yaml",
                "--base-url",
                "https://ada.example.org",
            ],
        );
        let err = stderr(&output);
        assert!(output.status.success(), "start {i}: {err}");
        // The second entry under one key is another paper: both come in, and it is said.
        let added = if i == 3 {
            "4 added, 1 updated"
        } else {
            "5 added, 0 updated"
        };
        assert!(
            stdout(&output).contains(added),
            "start {i}: {}",
            stdout(&output)
        );
        // Each entry left out is named with its line and the reason; nothing else is silent.
        for expected in [
            "not imported: lovelace2023broken (at 51:1): its braces do not close before 57:1",
            "lovelace2023range (at 73:1): a second entry with this key (the first is at 57:1); both are read",
            "lovelace2022notes: month \"21\" is not a month; the year is kept",
            "@string engsym is not defined",
            "1 entry that other entries crossref",
            "not carried over (fields, and how many entries had them): abstract (1), bibsource (1)",
        ] {
            assert!(err.contains(expected), "start {i}: no {expected:?} in\n{err}");
        }
        // The link still links; its target was edited.
        assert!(fs::symlink_metadata(dir.path().join("ada.yaml"))
            .unwrap()
            .file_type()
            .is_symlink());
        let text = fs::read_to_string(dir.path().join("real/ada.yaml")).unwrap();
        assert!(
            text.contains("  # Imported by cvpdf import-bib. Not carried over (fields, and how many entries had them): abstract (1),"),
            "start {i}:\n{text}"
        );
        if i == 2 {
            assert!(
                text.starts_with("# Ada\nname: Ada Lovelace\npublications:\n"),
                "{text}"
            );
            assert!(text.contains("# none yet"), "comments are kept:\n{text}");
        }
        if i == 3 {
            assert!(text.contains("publications:  # mine\n  - title:"), "{text}");
            assert!(
                text.contains("award: Test of Time"),
                "kept from the profile:\n{text}"
            );
        }
        let profile = cvpdf::profile::load(&dir.path().join("ada.yaml"))
            .unwrap()
            .profile;
        let notes = profile
            .publications
            .iter()
            .find(|p| p.title.starts_with("Notes on"))
            .unwrap();
        assert_eq!(notes.venue_short.as_deref(), Some("TSE"));
        assert!(notes.selected);
        assert_eq!(
            notes.links.pdf.as_deref(),
            Some("https://ada.example.org/assets/pdf/notes.pdf")
        );
        let pdf = render(dir.path(), "ada.yaml");
        for text in [
            "Analytical Engines in Košice: A δ-Study",
            "et al.",
            "Notes on the Difference Engine – 14th Edition",
            "Day Ranges Keep Their Year",
            "Parenthesised Entries Are Entries",
        ] {
            assert!(pdf.contains(text), "start {i}: {text:?} not in the PDF");
        }
        assert!(
            pdf.page_text.iter().all(|t| !t.contains('\\')),
            "LaTeX left in the PDF"
        );
        assert!(
            !pdf.contains("Turned Off"),
            "a %-commented entry is not imported"
        );
        // A second import changes nothing.
        let again = cvpdf(
            dir.path(),
            &[
                "import-bib",
                bib,
                "--into",
                "ada.yaml",
                "--base-url",
                "https://ada.example.org",
            ],
        );
        assert!(
            stdout(&again).contains("0 added, 0 updated"),
            "{}",
            stdout(&again)
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("real/ada.yaml")).unwrap(),
            text
        );
    }
}

#[test]
fn rendercv_al_folio_old_json_resume_and_old_hugo_files_import_and_render() {
    // (fixture, format named in the output, texts the PDF must show, warnings expected)
    let cases: [(&str, &str, &[&str], &[&str]); 4] = [
        (
            "rendercv.yaml",
            "RenderCV file",
            &[
                "Grace Hopper",
                "PhD in Mathematics",
                "Remington Rand",
                "The Education of a Computer",
                "FLOW-MATIC",
                "National Medal of Technology",
                "A Method for Compiling",
                "A-0 System",
            ],
            &[
                "rendercv_settings: RenderCV's own settings",
                "design: RenderCV's own settings",
                "\"A Paper Without a Date\" has no date",
                "cv.sections.\"invited_talks\"[0].reversed_number: looks like Typst or LaTeX code",
            ],
        ),
        (
            "alfolio-cv.yml",
            "al-folio cv.yml",
            &[
                "Emmy Noether",
                "University of Göttingen & Bryn Mawr",
                "Ackermann–Teubner Memorial Award",
                "Rings and ideals",
                "Invariants",
            ],
            &[],
        ),
        (
            "resume-old.json",
            "JSON Resume",
            &[
                "Katherine Johnson",
                "NASA Langley",
                "West Virginia State",
                "4.0",
            ],
            &[
                "comments or trailing commas",
                "basics.picture: a photo must be a file",
                "work[].website (2 entries): no matching field",
            ],
        ),
        (
            "hugo-old-author.md",
            "Hugo author page",
            &[
                "Mary Jackson",
                "Hampton Institute",
                "University of Virginia",
            ],
            &[],
        ),
    ];
    for (fixture, format, texts, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let source = root().join("tests/fixtures").join(fixture);
        // No --from: every format is told from its content.
        let output = cvpdf(
            dir.path(),
            &["import", source.to_str().unwrap(), "-o", "p.yaml"],
        );
        let err = stderr(&output);
        assert!(output.status.success(), "{fixture}: {err}");
        assert!(err.contains(&format!("({format})")), "{fixture}: {err}");
        let yaml = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
        for warning in expected {
            assert!(err.contains(warning), "{fixture}: no {warning:?} in\n{err}");
            assert!(
                yaml.contains(warning),
                "{fixture}: no {warning:?} in the header"
            );
        }
        let pdf = render(dir.path(), "p.yaml");
        for text in texts {
            assert!(pdf.contains(text), "{fixture}: {text:?} not in the PDF");
        }
    }
    // The RenderCV file's links and own-name marks.
    let dir = tempfile::tempdir().unwrap();
    let source = root().join("tests/fixtures/rendercv.yaml");
    let output = cvpdf(dir.path(), &["import", source.to_str().unwrap()]);
    let yaml = stdout(&output);
    for line in [
        "url: https://hachyderm.io/@grace",
        "url: https://scholar.google.com/citations?user=AbCdEfG",
        "phone: +1-202-555-0123",
        "name_variants:\n- G. M. Hopper",
    ] {
        assert!(yaml.contains(line), "{line:?} not in\n{yaml}");
    }
    // A custom YAML tag is refused at its line, and nothing is written.
    let tagged = root().join("tests/fixtures/rendercv-include.yaml");
    let output = cvpdf(
        dir.path(),
        &["import", tagged.to_str().unwrap(), "-o", "tagged.yaml"],
    );
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains("error: the YAML tag !include stands for content elsewhere"),
        "{err}"
    );
    assert!(err.contains("rendercv-include.yaml:4:16"), "{err}");
    assert!(err.contains("^^^^^^^^"), "{err}");
    assert!(!dir.path().join("tagged.yaml").exists());
}

#[test]
fn import_bib_keeps_the_translations_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let profile = "name: Zili Zhang\npublications:\n  - title: {en: \"RAGCache: efficient knowledge caching for retrieval-augmented generation\", zh: RAGCache：高效知识缓存}\n    authors: [Zili Zhang]\n    venue: {en: arXiv, zh: 预印本}\n    year: 2024\n    note: {en: Preprint, zh: 预印本}\n";
    fs::write(dir.path().join("p.yaml"), profile).unwrap();
    fs::write(
        dir.path().join("p.bib"),
        "@article{jin2024ragcache,\n  title = {{RAGCache}: Efficient Knowledge Caching for Retrieval-Augmented Generation},\n  author = {Zhang, Zili},\n  journal = {arXiv preprint arXiv:2404.12457},\n  year = {2024},\n  doi = {10.48550/arXiv.2404.12457}\n}\n@article{new2024,\n  title = {A New Paper},\n  author = {Zhang, Zili},\n  journal = {Some Journal},\n  year = {2024}\n}\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["import-bib", "p.bib", "--into", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
    let loaded = cvpdf::profile::load(&dir.path().join("p.yaml"))
        .unwrap()
        .profile;
    assert_eq!(loaded.publications.len(), 2, "{text}");
    let updated = &loaded.publications[0];
    // The English title is the entry's (it differs in case); the Chinese one stays, as do the
    // venue's and the note's.
    assert_eq!(
        updated.title.pick("en").0,
        "RAGCache: Efficient Knowledge Caching for Retrieval-Augmented Generation"
    );
    assert_eq!(updated.title.pick("zh").0, "RAGCache：高效知识缓存");
    assert_eq!(updated.venue.as_ref().unwrap().pick("zh").0, "预印本");
    assert_eq!(updated.note.as_ref().unwrap().pick("zh").0, "预印本");
    assert!(updated.links.doi.is_some());
    // What it added is plain text.
    assert!(loaded.publications[1].title.translations().is_none());
    assert!(text.contains("zh: RAGCache：高效知识缓存"), "{text}");
}

#[test]
fn publish_uploads_the_default_variants_beside_the_full_cv() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_dir(&root().join("tests/fixtures/hugo-site"), &site);
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        profiles.join("zhiyao-li.yaml"),
    )
    .unwrap();
    fs::write(
        profiles.join("cvpdf.yaml"),
        "variants:\n  short:\n    max_pages: 1\n    publications: {newest: 2}\n    sections: [education, publications, experience]\ndefault_variants: [short]\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let uploads = site.join("static/uploads");
    let full = Pdf::read(&uploads.join("zhiyao-li.pdf"));
    let short = Pdf::read(&uploads.join("zhiyao-li-short.pdf"));
    assert_eq!(short.pages, 1);
    assert!(
        full.outline.len() > short.outline.len(),
        "{:?}",
        full.outline
    );
    // zhiyao-li has no publications: that section is left out, not titled over nothing.
    assert_eq!(short.outline, ["Education", "Experience"]);
    // The author page links the full CV.
    let page = fs::read_to_string(site.join("content/authors/zhiyao-li/_index.md")).unwrap();
    assert!(page.contains("link: uploads/zhiyao-li.pdf"), "{page}");
    // A profile whose CV would be the same upload as a variant's is refused before anything
    // is written (issue 24, bug 11).
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        profiles.join("zhiyao-li-short.yaml"),
    )
    .unwrap();
    let before = fs::read(uploads.join("zhiyao-li-short.pdf")).unwrap();
    let clash = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert!(!clash.status.success());
    assert!(
        stderr(&clash).contains("would both be published as zhiyao-li-short.pdf"),
        "{}",
        stderr(&clash)
    );
    assert_eq!(
        fs::read(uploads.join("zhiyao-li-short.pdf")).unwrap(),
        before
    );
    fs::remove_file(profiles.join("zhiyao-li-short.yaml")).unwrap();
    // Publishing again changes nothing.
    let again = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert!(
        stdout(&again).contains("the site is up to date"),
        "{}",
        stdout(&again)
    );
}

#[test]
fn import_bib_keeps_the_byte_order_mark_and_every_line_ending_it_did_not_write() {
    // Found by probing: the byte-order mark was dropped, and one CRLF line made every line CRLF.
    let dir = tempfile::tempdir().unwrap();
    let before = "\u{feff}name: Ada Lovelace\r\npublications:\r\n  - title: Old\r\n    authors: [Ada Lovelace]\r\n    venue: X\r\n    year: 2020\r\n# kept with its LF ending\nskills: []\n";
    fs::write(dir.path().join("p.yaml"), before).unwrap();
    fs::write(
        dir.path().join("a.bib"),
        "@article{a, title={New Paper}, author={Ada Lovelace}, journal={J}, year={2021}}\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["import-bib", "a.bib", "--into", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let after = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
    assert!(
        after.starts_with(before.split("# kept").next().unwrap()),
        "{after:?}"
    );
    assert!(after.contains("title: New Paper\r\n"), "{after:?}");
    assert!(
        after.ends_with("# kept with its LF ending\nskills: []\n"),
        "{after:?}"
    );
}

/// `cvpdf import` of `name` holding `text`, which must fail: its standard error.
fn import_error(dir: &Path, name: &str, text: &str, extra: &[&str]) -> String {
    fs::write(dir.join(name), text).unwrap();
    let mut args = vec!["import", name];
    args.extend(extra);
    let output = cvpdf(dir, &args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    stderr(&output)
}

/// Whether `err` quotes `line` (numbered `number`) with a caret under column `column`.
fn quotes_with_caret(err: &str, number: usize, line: &str, column: usize) -> bool {
    let lines: Vec<&str> = err.lines().collect();
    let gutter = format!("{number} │ ");
    lines.windows(2).any(|pair| {
        pair[0].ends_with(line)
            && pair[0].starts_with(&gutter)
            && pair[1].chars().nth(gutter.chars().count() + column - 1) == Some('^')
    })
}

/// Issue 47: import errors are problems with a span into the imported file, printed as
/// profile errors are (`file:line:column`, the line quoted, a caret, the field path).
#[test]
fn import_errors_quote_the_line_of_the_imported_file_with_a_caret() {
    let dir = tempfile::tempdir().unwrap();
    // A JSON syntax error.
    let err = import_error(
        dir.path(),
        "bad.json",
        "{\n  \"basics\": {\"name\": \"Ada\"},\n  \"work\": x\n}\n",
        &[],
    );
    assert!(
        err.contains("error: not valid JSON: expected value"),
        "{err}"
    );
    assert!(err.contains("┌─ bad.json:3:11"), "{err}");
    assert!(quotes_with_caret(&err, 3, "  \"work\": x", 11), "{err}");
    assert!(!err.contains("at line 3 column"), "{err}");

    // A YAML syntax error.
    let err = import_error(
        dir.path(),
        "bad.yaml",
        "cv:\n  name: Ada\n  sections: [a\n",
        &["--from", "rendercv"],
    );
    assert!(err.contains("error: not valid YAML"), "{err}");
    assert!(err.contains("┌─ bad.yaml:"), "{err}");
    assert!(err.contains(" │ ") && err.contains('^'), "{err}");

    // Nesting refused before any parser reads it, at the bracket that goes too deep.
    let deep = format!("cv: {}{}\n", "[".repeat(40), "]".repeat(40));
    let err = import_error(dir.path(), "deep.yaml", &deep, &["--from", "rendercv"]);
    assert!(err.contains("nested more than 32 levels deep"), "{err}");
    assert!(err.contains("┌─ deep.yaml:1:37"), "{err}");
    assert!(quotes_with_caret(&err, 1, deep.trim_end(), 37), "{err}");

    // A wrong type at a known field: the field path labels the caret.
    let err = import_error(
        dir.path(),
        "number.json",
        "{\n  \"basics\": {\n    \"name\": 42\n  }\n}\n",
        &[],
    );
    assert!(
        err.contains("error: the researcher's name must be text, but this is a number"),
        "{err}"
    );
    assert!(err.contains("┌─ number.json:3:13"), "{err}");
    assert!(quotes_with_caret(&err, 3, "    \"name\": 42", 13), "{err}");
    assert!(err.contains("^^ basics.name"), "{err}");
    let err = import_error(dir.path(), "cv.yaml", "cv: 3\n", &["--from", "rendercv"]);
    assert!(err.contains("┌─ cv.yaml:1:5"), "{err}");
    assert!(err.contains("^ cv"), "{err}");
    // Nothing was written for any of them.
    assert!(!dir.path().join("p.yaml").exists());
}

/// Issue 47 (README): `cvpdf import resume.json -o profiles/ada-lovelace.yaml` in a fresh
/// folder made `profiles/`, as `cvpdf new` does, instead of failing with "cannot create a
/// file in profiles".
#[test]
fn import_makes_the_folder_it_is_told_to_write_into() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("resume.json"),
        r#"{"basics": {"name": "Ada Lovelace", "email": "ada@example.org"}}"#,
    )
    .unwrap();
    let output = cvpdf(
        dir.path(),
        &["import", "resume.json", "-o", "profiles/ada-lovelace.yaml"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = fs::read_to_string(dir.path().join("profiles/ada-lovelace.yaml")).unwrap();
    assert!(text.contains("name: Ada Lovelace"), "{text}");
    // Still never over a profile.
    let output = cvpdf(
        dir.path(),
        &["import", "resume.json", "-o", "profiles/ada-lovelace.yaml"],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("never overwrites"),
        "{}",
        stderr(&output)
    );
    // `new` makes its folder by the same rule.
    let output = cvpdf(dir.path(), &["new", "Bo Li", "-o", "more/bo-li.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dir.path().join("more/bo-li.yaml").is_file());
}
