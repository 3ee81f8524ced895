//! `cvpdf lab`: the lab's site built from profiles, read back as a reader would — the people
//! page in a real browser (headless Chromium) at desktop and phone widths, the publication list
//! as PDF text and fonts, the BibTeX through `import-bib`, `lab.json` as JSON.
//!
//! The browser tests need Chromium (`.ci/run` installs Debian's `chromium`); without one they
//! say so on standard error and pass, so `cargo test` still runs on a machine without it.
//! `UPDATE_REFERENCES=1` rewrites the page's screenshots (`docs/gallery/lab-people.png`, which
//! the README shows, and `tests/references/lab-phone.png`).

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use common::browser::Browser;
use common::{cvpdf, root, stderr, stdout, Pdf};

/// Copies the bundled lab (profiles and configuration) into `dir/profiles`.
fn bundled_lab(dir: &Path) -> PathBuf {
    common::copy_bundled_lab(dir, true)
}

fn lab_json(out: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(out.join("lab.json")).unwrap()).unwrap()
}

/// The plain text of every publication title in `lab.json`.
fn titles(json: &serde_json::Value) -> Vec<String> {
    json["publications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_string())
        .collect()
}

/// Whether `name` is set in a bold face somewhere in the PDF.
fn bold_in(pdf: &Pdf, name: &str) -> bool {
    ["Bold", "Semibold", "SemiBold", "Black"]
        .iter()
        .any(|face| pdf.contains_in_font(name, face))
}

#[test]
fn the_bundled_lab_builds_its_site_and_a_second_build_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = bundled_lab(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("site");
    for name in [
        "index.html",
        "lab.json",
        "publications.pdf",
        "publications.bib",
        "zili-zhang.pdf",
        "zili-zhang.png",
        "zhiyao-li.pdf",
    ] {
        assert!(
            out.join(name).is_file(),
            "{name} missing: {}",
            stderr(&output)
        );
    }
    let json = lab_json(&out);
    assert_eq!(json["lab"]["name"], "cvpdf Example Lab");
    let members: Vec<(&str, &str)> = json["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["slug"].as_str().unwrap(), m["group"].as_str().unwrap()))
        .collect();
    // Grouped (students, then alumni), by name within a group.
    assert_eq!(
        members,
        [
            ("liangyu-zhao", "phd-student"),
            ("yihao-zhao", "phd-student"),
            ("zili-zhang", "phd-student"),
            ("zhiyao-li", "alumni"),
        ]
    );
    // Every paper of every member is in the list, once; and in the PDF.
    let listed: BTreeSet<String> = titles(&json).into_iter().collect();
    assert_eq!(listed.len(), titles(&json).len(), "a paper listed twice");
    let pdf = Pdf::read(&out.join("publications.pdf"));
    let mut every = 0;
    for profile in common::bundled_profiles() {
        let loaded = cvpdf::profile::load(&profile).unwrap();
        for paper in &loaded.profile.publications {
            every += 1;
            let title = cvpdf::lab::plain(&paper.title);
            assert!(listed.contains(&title), "{title} not in lab.json");
            assert!(pdf.contains(&title), "{title} not in publications.pdf");
        }
        // Each member with papers is bold in the list.
        assert!(
            loaded.profile.publications.is_empty() || bold_in(&pdf, &loaded.profile.name),
            "{} not bold",
            loaded.profile.name
        );
    }
    assert!(listed.len() <= every && !listed.is_empty());
    assert!(
        pdf.info["Title"].contains("cvpdf Example Lab"),
        "{:?}",
        pdf.info
    );
    assert!(pdf.info["Title"].contains("Publications"));

    // Nothing changed: nothing rendered, nothing written.
    let before = snapshot(&out);
    let again = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("0 rendered, 4 unchanged"),
        "{}",
        stderr(&again)
    );
    assert!(!stderr(&again).contains("wrote "), "{}", stderr(&again));
    assert_eq!(snapshot(&out), before);
    drop(profiles);
}

/// Every file in `dir` (recursively) with its bytes and modification time.
pub(crate) fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>, std::time::SystemTime)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let modified = fs::metadata(&path).unwrap().modified().unwrap();
                files.push((path.clone(), fs::read(&path).unwrap(), modified));
            }
        }
    }
    files.sort();
    files
}

/// Writes a profile `slug.yaml` into `dir`.
fn profile(dir: &Path, slug: &str, text: &str) {
    fs::write(dir.join(format!("{slug}.yaml")), text).unwrap();
}

#[test]
fn one_paper_of_two_members_is_one_entry_with_both_names_bold() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    fs::write(
        profiles.join("cvpdf.yaml"),
        "lab:\n  name: Dedup Lab\n  logo: logo.png\n",
    )
    .unwrap();
    fs::copy(
        root().join("tests/fixtures/photo.png"),
        profiles.join("logo.png"),
    )
    .unwrap();
    profile(
        &profiles,
        "ada",
        "name: Ada Example\ngroup: faculty\npublications:\n  - title: \"DistMind: Efficient Resource Disaggregation for Deep Learning Workloads\"\n    authors: [Bo Example, Ada Example]\n    venue: IEEE/ACM Transactions on Networking\n    year: 2024\n    kind: journal\n    links: {doi: 10.1109/TNET.2024.3355010}\n",
    );
    profile(
        &profiles,
        "bo",
        "name: Bo Example\nname_variants: [B. Example]\ngroup: phd-student\npublications:\n  - title: \"{DistMind} -- efficient resource disaggregation for deep-learning workloads.\"\n    authors: [B. Example, Ada Example]\n    venue: ToN\n    year: 2024\n    links: {code: https://github.com/example/distmind}\n  - title: Another Paper\n    authors: [B. Example]\n    year: 2023\n",
    );
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "out"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("out");
    let json = lab_json(&out);
    let papers = json["publications"].as_array().unwrap();
    assert_eq!(papers.len(), 2, "{papers:#?}");
    // Listed as publications.pdf lists them, group by group (issue 50): found by its title.
    let merged = papers
        .iter()
        .find(|p| p["title"].as_str().unwrap().starts_with("DistMind"))
        .unwrap();
    assert_eq!(merged["members"], serde_json::json!(["ada", "bo"]));
    // The record with the DOI is kept; the other adds its code link.
    assert!(merged["title"]
        .as_str()
        .unwrap()
        .starts_with("DistMind: Efficient"));
    let kinds: Vec<&str> = merged["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["doi", "code"]);
    let authors: Vec<(&str, Option<&str>)> = merged["authors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].as_str().unwrap(), a["member"].as_str()))
        .collect();
    assert_eq!(
        authors,
        [("Bo Example", Some("bo")), ("Ada Example", Some("ada"))]
    );
    // Both names bold in the page and in the PDF.
    let html = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(html.contains(r##"<strong><a href="#member-ada">Ada Example</a></strong>"##));
    assert!(html.contains(r##"<strong><a href="#member-bo">Bo Example</a></strong>"##));
    assert!(html.contains(r##"<strong><a href="#member-bo">B. Example</a></strong>"##));
    let pdf = Pdf::read(&out.join("publications.pdf"));
    // The lab's name and logo head the list (one picture: the logo at the top and in the
    // footer is one image in the PDF).
    assert!(
        pdf.page_text[0].trim_start().starts_with("Dedup Lab"),
        "{}",
        pdf.page_text[0]
    );
    assert_eq!(pdf.images, 1, "{} images", pdf.images);
    let logo = lab_json(&out)["lab"]["logo"].as_str().unwrap().to_string();
    assert!(out.join(logo).is_file());
    assert_eq!(
        pdf.squashed().matches("DistMind").count(),
        1,
        "{}",
        pdf.squashed()
    );
    assert!(bold_in(&pdf, "Ada Example") && bold_in(&pdf, "Bo Example"));
    assert!(bold_in(&pdf, "B. Example"));
}

#[test]
fn papers_are_one_in_every_language_and_go_to_the_member_who_lists_them() {
    for lang in ["en", "zh"] {
        let dir = tempfile::tempdir().unwrap();
        let profiles = dir.path().join("profiles");
        fs::create_dir(&profiles).unwrap();
        fs::write(profiles.join("cvpdf.yaml"), format!("lang: {lang}\n")).unwrap();
        // Issue 25, bug 9: "Z. Li" is a name variant of both; the paper is Zili's.
        profile(
            &profiles,
            "zhiyao-li",
            "name: Zhiyao Li\nname_variants: [Z. Li]\npublications:\n  - title: \"Deep learning: a survey\"\n    authors: [Q. Wu, Z. Li]\n    venue: J. Surveys\n    year: 2021\n    kind: journal\n",
        );
        // Issue 25, bugs 10 and 11: a translated title, and braces inside a word.
        profile(
            &profiles,
            "zili-li",
            "name: Zili Li\nname_variants: [Z. Li]\npublications:\n  - title: {en: \"Deep Learning: A Survey\", zh: 深度学习综述}\n    authors: [Q. Wu, Z. Li]\n    venue: J. Surveys\n    year: 2021\n    kind: journal\n  - title: \"Scaling {GPU}s for {LLM} Training\"\n    authors: [Z. Li, A. B]\n    year: 2024\n",
        );
        profile(
            &profiles,
            "main",
            "name: Main Person\npublications:\n  - title: Scaling GPUs for LLM Training\n    authors: [Z. Li, A. B, Main Person]\n    year: 2024\n",
        );
        // Issue 25, bug 12: members whose slugs are the page's own ids.
        profile(&profiles, "people", "name: People Person\n");
        profile(&profiles, "year-2024", "name: Year Person\n");
        profile(&profiles, "people-title", "name: Title Person\n");
        let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
        assert!(output.status.success(), "{lang}: {}", stderr(&output));
        let json = lab_json(&dir.path().join("site"));
        let papers = json["publications"].as_array().unwrap();
        assert_eq!(papers.len(), 2, "{lang}: {papers:#?}");
        let scaling = &papers[0];
        assert_eq!(scaling["members"], serde_json::json!(["main", "zili-li"]));
        // Listed by Zili and by Main: "Z. Li" is Zili, who lists it.
        assert_eq!(scaling["authors"][0]["member"], "zili-li", "{lang}");
        let survey = &papers[1];
        assert_eq!(
            survey["members"],
            serde_json::json!(["zhiyao-li", "zili-li"])
        );
        // Listed by both "Z. Li"s: nobody can tell which, so no link.
        assert!(survey["authors"][1]["member"].is_null(), "{lang}: {survey}");
        if lang == "zh" {
            assert_eq!(survey["title"], "深度学习综述");
        }
        // Every id once, every in-page link to one of them.
        let html = fs::read_to_string(dir.path().join("site/index.html")).unwrap();
        let ids: Vec<&str> = html
            .split(" id=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{lang}: {ids:?}");
        for link in html.split("href=\"#").skip(1) {
            let target = &link[..link.find('"').unwrap()];
            assert!(unique.contains(target), "{lang}: #{target} in {ids:?}");
        }
        assert!(html.contains("href=\"#member-zili-li\""), "{lang}");
    }
}

#[test]
fn names_and_titles_that_look_like_code_are_text_in_the_page_and_the_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    // Unfinished tags: the profile format refuses HTML it would print (`<script>…</script>`,
    // `<img …>`: tested in tests/text.rs), and these are text to it, but a page that pasted
    // them unescaped would make elements of them at its next `>`.
    let script = "<svg/onload=alert(1)//";
    let img = "\"><img src=x onerror=alert(2) a=\"";
    let jinja = "{{ x }} {% if true %}";
    profile(
        &profiles,
        "mallory",
        &format!(
            "name: {}\nnative_name: {}\nheadline: {}\ncontact:\n  website: https://example.org/{}\npublications:\n  - title: {}\n    authors: [{}, Eve]\n    venue: {}\n    year: 2024\n",
            yaml(script),
            yaml(jinja),
            yaml(img),
            // Long words and addresses must wrap, not widen a phone's page.
            "a".repeat(300),
            yaml(&format!("{jinja} and {script}")),
            yaml(script),
            yaml(img),
        ),
    );
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "out"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("out");
    let html = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!html.contains("<svg"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("&lt;svg&#x2f;onload=alert(1)&#x2f;&#x2f;"),
        "{html}"
    );
    assert!(html.contains("{{ x }} {% if true %}"), "{html}");
    // As a browser reads it: the text is there, no element came from it.
    if let Some(browser) = Browser::find() {
        let phone = browser.probe(&out, 390);
        assert!(phone.overflowing.is_empty(), "{:?}", phone.overflowing);
        assert!(phone.widths.0 <= phone.widths.1, "{:?}", phone.widths);
        let probe = browser.probe(&out, 1280);
        assert!(probe.text.contains(script), "{}", probe.text);
        assert!(probe.text.contains(img), "{}", probe.text);
        assert!(probe.text.contains(jinja), "{}", probe.text);
        assert_eq!(probe.scripts, 1, "only the probe's own script runs");
        assert!(
            probe.images.iter().all(|i| i.src != "x"),
            "{:?}",
            probe.images
        );
    }
    // And the PDF shows them as written.
    for pdf in ["publications.pdf", "mallory.pdf"] {
        let pdf = Pdf::read(&out.join(pdf));
        for text in [script, jinja] {
            assert!(pdf.contains(text), "{text} not in {}", pdf.squashed());
        }
    }
    // The JSON keeps them as data too.
    assert_eq!(lab_json(&out)["members"][0]["name"], script);
}

/// A string as a YAML scalar.
fn yaml(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

#[test]
fn publications_bib_round_trips_through_import_bib() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = bundled_lab(dir.path());
    // TeX's specials in titles (a lone brace, a backslash, a tilde, a dollar), one title in
    // two years, and a preprint that only its kind says is one.
    profile(
        &profiles,
        "tex-specials",
        r#"name: Tex Specials
group: phd-student
publications:
  - title: 'A lone { brace, C:\path ~ 50% of $5 ^ 2 & more_than #1 }}'
    authors: [Tex Specials]
    venue: Journal of Odd Titles
    year: 2021
    kind: journal
  - title: Introduction
    authors: [Tex Specials]
    venue: Journal of Odd Titles
    year: 2019
    kind: journal
  - title: Introduction
    authors: [Tex Specials]
    venue: Journal of Odd Titles
    year: 2020
    kind: journal
  - title: A Preprint Without an arXiv Id
    authors: [Tex Specials, Ann Other]
    year: 2022
    kind: preprint
    status: submitted
"#,
    );
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site", "-q"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json = lab_json(&dir.path().join("site"));
    fs::write(dir.path().join("back.yaml"), "name: Round Trip\n").unwrap();
    let output = cvpdf(
        dir.path(),
        &["import-bib", "site/publications.bib", "--into", "back.yaml"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        !stderr(&output).contains("not carried over"),
        "{}",
        stderr(&output)
    );
    let back = cvpdf::profile::load(&dir.path().join("back.yaml")).unwrap();
    let papers = json["publications"].as_array().unwrap();
    assert_eq!(back.profile.publications.len(), papers.len());
    for paper in papers {
        let title = paper["title"].as_str().unwrap();
        let found = back
            .profile
            .publications
            .iter()
            .find(|p| cvpdf::lab::plain(&p.title) == title)
            .unwrap_or_else(|| panic!("{title} lost"));
        let authors: Vec<String> = paper["authors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                let mut name = a["name"].as_str().unwrap().to_string();
                if a["equal"] == true {
                    name.push('*');
                }
                if a["corresponding"] == true {
                    name.push('†');
                }
                name
            })
            .collect();
        assert_eq!(found.authors, authors, "{title}");
        let year = paper["year"].as_u64().unwrap() as u16;
        let found = back
            .profile
            .publications
            .iter()
            .find(|p| cvpdf::lab::plain(&p.title) == title && p.year == Some(year))
            .unwrap_or_else(|| panic!("{title} ({year}) lost"));
        assert_eq!(
            (
                serde_json::to_value(found.kind).unwrap(),
                serde_json::to_value(found.status).unwrap()
            ),
            (paper["kind"].clone(), paper["status"].clone()),
            "{title}"
        );
        assert_eq!(
            found.venue.as_deref().map(cvpdf::lab::plain),
            paper["venue"].as_str().map(str::to_string),
            "{title}"
        );
        let links = |kind: &str| {
            paper["links"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["kind"] == kind)
                .map(|l| l["url"].as_str().unwrap().to_string())
        };
        if let Some(doi) = links("doi") {
            let back_doi = found
                .links
                .doi
                .as_deref()
                .unwrap_or_else(|| panic!("{title}: DOI lost"));
            assert!(
                doi.ends_with(cvpdf::link::doi::without_resolver(back_doi)),
                "{title}"
            );
        }
        if let Some(arxiv) = links("arxiv") {
            let back_arxiv = found
                .links
                .arxiv
                .as_deref()
                .unwrap_or_else(|| panic!("{title}: arXiv lost"));
            assert!(
                arxiv.ends_with(back_arxiv),
                "{title}: {arxiv} vs {back_arxiv}"
            );
        }
        for kind in ["pdf", "code", "slides", "poster", "video"] {
            if let Some(url) = links(kind) {
                let kept = match kind {
                    "pdf" => &found.links.pdf,
                    "code" => &found.links.code,
                    "slides" => &found.links.slides,
                    "poster" => &found.links.poster,
                    _ => &found.links.video,
                };
                assert_eq!(kept.as_deref(), Some(url.as_str()), "{title}: {kind}");
            }
        }
    }
}

#[test]
fn a_broken_profile_leaves_the_others_and_the_page_and_foreign_files_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = bundled_lab(dir.path());
    fs::write(profiles.join("broken.yaml"), "name: [unclosed\n").unwrap();
    // A profile named like one of the lab's files is refused before anything is written.
    fs::write(profiles.join("publications.yaml"), "name: Pub Lications\n").unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("lab's own file"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.path().join("site/zili-zhang.pdf").exists());
    fs::remove_file(profiles.join("publications.yaml")).unwrap();

    // An index.html cvpdf did not write stays as it is.
    let out = dir.path().join("site");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("index.html"), "<p>our own page</p>").unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("broken.yaml"), "{err}");
    assert!(err.contains("index.html is in the way"), "{err}");
    assert_eq!(
        fs::read_to_string(out.join("index.html")).unwrap(),
        "<p>our own page</p>"
    );
    assert!(out.join("zili-zhang.pdf").is_file(), "{err}");

    // Once it is gone, the page is made without the broken profile.
    fs::remove_file(out.join("index.html")).unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let json = lab_json(&out);
    assert_eq!(json["members"].as_array().unwrap().len(), 4);
    assert!(out.join("index.html").is_file());
}

/// What the probe script reports about the page.
#[derive(Debug)]
struct Probe {
    /// The page's visible text.
    text: String,
    /// Elements whose right edge is past the viewport.
    overflowing: Vec<String>,
    /// The document's width and the viewport's.
    widths: (f64, f64),
    /// Link targets as written.
    links: Vec<String>,
    /// Images.
    images: Vec<Image>,
    /// Heading levels in document order.
    headings: Vec<u64>,
    /// Scripts in the page (the probe's own is one).
    scripts: u64,
    /// The `lang` of the page.
    lang: String,
    /// The computed colour of links and the page background.
    link_colors: Vec<String>,
}

#[derive(Debug)]
struct Image {
    src: String,
    alt: Option<String>,
}

impl Browser {
    /// Opens `out/index.html` with a probe script at `width` and reads what it found.
    fn probe(&self, out: &Path, width: u32) -> Probe {
        let page = fs::read_to_string(out.join("index.html")).unwrap();
        let probed = page.replace("</body>", &format!("<script>{PROBE}</script></body>"));
        let v = self.probe_json(&out.join("index.html"), &probed, width, 900);
        let strings = |key: &str| -> Vec<String> {
            v[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        };
        Probe {
            text: v["text"].as_str().unwrap().to_string(),
            overflowing: strings("overflowing"),
            widths: (
                v["scrollWidth"].as_f64().unwrap(),
                v["innerWidth"].as_f64().unwrap(),
            ),
            links: strings("links"),
            images: v["images"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| Image {
                    src: i["src"].as_str().unwrap().to_string(),
                    alt: i["alt"].as_str().map(str::to_string),
                })
                .collect(),
            headings: v["headings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.as_u64().unwrap())
                .collect(),
            scripts: v["scripts"].as_u64().unwrap(),
            lang: v["lang"].as_str().unwrap().to_string(),
            link_colors: strings("linkColors"),
        }
    }

    /// A screenshot of `out/index.html`, `width` × `height` pixels.
    fn screenshot(&self, out: &Path, width: u32, height: u32) -> image::RgbaImage {
        let user = tempfile::tempdir().unwrap();
        let shot = user.path().join("shot.png");
        let output = self
            .command(&user.path().join("profile"), width, height)
            .arg(format!("--screenshot={}", shot.display()))
            .arg(format!("file://{}", out.join("index.html").display()))
            .output()
            .unwrap();
        image::open(&shot)
            .unwrap_or_else(|e| panic!("no screenshot ({e}): {}", stderr(&output)))
            .to_rgba8()
    }
}

/// Measures the page as the browser laid it out, into `<pre id="probe">`.
const PROBE: &str = r#"
(() => {
  const vw = window.innerWidth;
  const r = {
    innerWidth: vw,
    scrollWidth: document.documentElement.scrollWidth,
    overflowing: [...document.querySelectorAll('body *')]
      .filter(e => !e.closest('.skip') && e.getClientRects().length > 0 && e.getBoundingClientRect().right > vw + 0.5)
      .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 50)),
    text: document.body.innerText,
    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    images: [...document.querySelectorAll('img')].map(i => ({src: i.getAttribute('src'), alt: i.getAttribute('alt')})),
    headings: [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => +h.tagName[1]),
    scripts: document.querySelectorAll('script').length,
    lang: document.documentElement.lang,
    linkColors: [...new Set([...document.querySelectorAll('main a')].map(a => getComputedStyle(a).color))],
  };
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
})();
"#;

/// WCAG contrast of `rgb(r, g, b)` against white.
fn contrast_on_white(css: &str) -> f64 {
    let inner = css
        .trim_start_matches("rgb(")
        .trim_start_matches("rgba(")
        .trim_end_matches(')');
    let channels: Vec<f64> = inner
        .split(',')
        .take(3)
        .map(|c| c.trim().parse().unwrap())
        .collect();
    let linear = |c: f64| {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let l =
        0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2]);
    1.05 / (l + 0.05)
}

/// Guards issue 47: without Chromium it fails under `CVPDF_REQUIRE` instead of passing unchecked.
#[test]
fn the_people_page_works_in_a_browser_on_a_desktop_and_a_phone() {
    // Browser::find says it skipped, or fails under CVPDF_REQUIRE.
    let Some(browser) = Browser::find() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    bundled_lab(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site", "-q"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("site");
    let json = lab_json(&out);

    for width in [1280, 390] {
        let probe = browser.probe(&out, width);
        // Every member and every paper is there.
        for member in json["members"].as_array().unwrap() {
            let name = member["name"].as_str().unwrap();
            assert!(probe.text.contains(name), "{width}px: {name} missing");
        }
        for title in titles(&json) {
            assert!(probe.text.contains(&title), "{width}px: {title} missing");
        }
        // Nothing overflows horizontally.
        assert!(
            probe.widths.0 <= probe.widths.1,
            "{width}px: the page is {} px wide: {:?}",
            probe.widths.0,
            probe.overflowing
        );
        assert!(
            probe.overflowing.is_empty(),
            "{width}px: {:?}",
            probe.overflowing
        );
        // Accessible: a language, alt text on every picture, headings that never skip a level.
        assert_eq!(probe.lang, "en");
        assert!(
            probe.images.iter().all(|i| i.alt.is_some()),
            "{:?}",
            probe.images
        );
        assert_eq!(probe.headings.first(), Some(&1));
        for pair in probe.headings.windows(2) {
            assert!(
                pair[1] <= pair[0] + 1,
                "a heading level skipped: {:?}",
                probe.headings
            );
        }
        for color in &probe.link_colors {
            assert!(contrast_on_white(color) >= 4.5, "{color} on white");
        }
        // Every local link and picture is a file in OUT.
        let locals: Vec<&String> = probe
            .links
            .iter()
            .chain(probe.images.iter().map(|i| &i.src))
            .filter(|l| !l.contains(':') && !l.starts_with('#'))
            .collect();
        assert!(locals.iter().any(|l| l.ends_with(".pdf")));
        for local in locals {
            let path = out.join(percent_decode(local));
            assert!(path.is_file(), "{local} does not resolve in OUT");
            if local.ends_with(".png") || local.ends_with(".jpg") {
                image::open(&path).unwrap_or_else(|e| panic!("{local}: {e}"));
            }
        }
        assert_eq!(probe.scripts, 1, "the page has no script of its own");
    }

    // As it looks, against the references at a tolerance.
    let mut problems = Vec::new();
    for (width, height, reference) in [
        (1280, 1000, root().join("docs/gallery/lab-people.png")),
        (390, 1400, root().join("tests/references/lab-phone.png")),
    ] {
        let shot = browser.screenshot(&out, width, height);
        if std::env::var_os("UPDATE_REFERENCES").is_some() {
            shot.save(&reference).unwrap();
            continue;
        }
        if let Some(problem) = compare(&shot, &reference) {
            problems.push(problem);
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// How `actual` differs from the screenshot at `reference` (more than 0.5% of its pixels).
fn compare(actual: &image::RgbaImage, reference: &Path) -> Option<String> {
    let name = reference.file_name().unwrap().to_string_lossy();
    common::compare(actual, reference, name.trim_end_matches(".png"), 0.005)
}

/// `%XX` escapes decoded.
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .unwrap()
        .into_owned()
}

/// Copies the folder `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// `publish` output as text.
#[test]
fn publish_puts_the_cv_on_an_al_folio_site_once() {
    let dir = tempfile::tempdir().unwrap();
    bundled_lab(dir.path());
    let site = dir.path().join("site");
    copy_dir(&root().join("tests/fixtures/al-folio-site"), &site);
    let page_before = fs::read_to_string(site.join("_pages/cv.md")).unwrap();

    // One person's site: a folder of four profiles is a usage error naming what to do.
    let output = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("al-folio site, which is one person's"));
    assert!(!site.join("assets").exists());

    // The page links a CV cvpdf did not make (the theme's example): kept, and said (issue 46).
    let output = cvpdf(
        dir.path(),
        &["publish", "profiles/zili-zhang.yaml", "--site", "site"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("keeps its CV link example_pdf.pdf"));
    assert!(!site.join("assets").exists());
    assert_eq!(
        fs::read_to_string(site.join("_pages/cv.md")).unwrap(),
        page_before
    );

    let output = cvpdf(
        dir.path(),
        &[
            "publish",
            "profiles/zili-zhang.yaml",
            "--site",
            "site",
            "--replace-cv-link",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&site.join("assets/pdf/zili-zhang.pdf"));
    assert!(pdf.contains("Zili Zhang"));
    // The layout prepends assets/pdf/, and the page's value was a bare name: so is the new one;
    // the comment after it and every other line stay.
    let page = fs::read_to_string(site.join("_pages/cv.md")).unwrap();
    assert_eq!(
        page,
        page_before.replace("cv_pdf: example_pdf.pdf #", "cv_pdf: zili-zhang.pdf #")
    );
    assert!(
        !site.join("assets/pdf/zili-zhang.png").exists(),
        "no thumbnail on al-folio"
    );
    let again = cvpdf(
        dir.path(),
        &["publish", "profiles/zili-zhang.yaml", "--site", "site"],
    );
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again).trim(), "the site is up to date");
}

#[test]
fn publish_never_replaces_a_file_it_did_not_write() {
    // Issue 25, bug 3: a hand-made PDF or picture where publish would put a CV was replaced.
    let dir = tempfile::tempdir().unwrap();
    bundled_lab(dir.path());
    let cases = [
        ("al-folio-site", "assets/pdf/zili-zhang.pdf", "_pages/cv.md"),
        (
            "hugo-site",
            "static/uploads/zhiyao-li.pdf",
            "content/authors/zhiyao-li/_index.md",
        ),
        (
            "hugo-site",
            "static/uploads/zhiyao-li.png",
            "content/authors/zhiyao-li/_index.md",
        ),
        (
            "jekyll-lab-site",
            "cv/zili-zhang.pdf",
            "_members/zili-zhang.md",
        ),
    ];
    for (fixture, theirs, page) in cases {
        let site = dir
            .path()
            .join(format!("site-{}", theirs.replace('/', "-")));
        copy_dir(&root().join("tests/fixtures").join(fixture), &site);
        let profile = if theirs.contains("zili") {
            "profiles/zili-zhang.yaml"
        } else {
            "profiles/zhiyao-li.yaml"
        };
        let mine = b"%PDF-1.4\n% my own CV, made by hand\n%%EOF\n";
        fs::create_dir_all(site.join(theirs).parent().unwrap()).unwrap();
        fs::write(site.join(theirs), mine).unwrap();
        let page_before = fs::read(site.join(page)).unwrap();
        let site_arg = site.to_str().unwrap();
        // Asked to replace the theme's example link, so that only the file is in the way.
        let args = ["publish", profile, "--site", site_arg, "--replace-cv-link"];
        let output = cvpdf(dir.path(), &args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{theirs}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("is in the way and was not written by cvpdf"),
            "{}",
            stderr(&output)
        );
        assert_eq!(fs::read(site.join(theirs)).unwrap(), mine, "{theirs}");
        assert_eq!(fs::read(site.join(page)).unwrap(), page_before, "{page}");
        // Once it is moved away, publishing works, and again over cvpdf's own files (the
        // thumbnail carries cvpdf's mark).
        fs::remove_file(site.join(theirs)).unwrap();
        for _ in 0..2 {
            let output = cvpdf(dir.path(), &args);
            assert!(output.status.success(), "{theirs}: {}", stderr(&output));
        }
    }
}

#[test]
fn publish_links_each_members_cv_on_a_jekyll_lab_site() {
    let dir = tempfile::tempdir().unwrap();
    bundled_lab(dir.path());
    let site = dir.path().join("site");
    copy_dir(&root().join("tests/fixtures/jekyll-lab-site"), &site);
    let zili_before = fs::read_to_string(site.join("_members/zili-zhang.md")).unwrap();

    let output = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    for slug in ["zili-zhang", "yihao-zhao"] {
        assert!(site.join(format!("cv/{slug}.pdf")).is_file(), "{slug}");
    }
    // Members without a page: nothing of theirs is public (issue 46).
    for slug in ["liangyu-zhao", "zhiyao-li"] {
        assert!(!site.join(format!("cv/{slug}.pdf")).exists(), "{slug}");
    }
    // A member page with links gets one more, indented like the others, after the last one
    // (a commented-out link below stays where it was).
    let zili = fs::read_to_string(site.join("_members/zili-zhang.md")).unwrap();
    assert_eq!(
        zili,
        zili_before.replace(
            "  github: Gold-Sea\n",
            "  github: Gold-Sea\n  cv: cv/zili-zhang.pdf\n"
        ),
        "{zili}"
    );
    // One without links gets the map; its CRLF line endings stay.
    let yihao = fs::read_to_string(site.join("_members/yihao-zhao.md")).unwrap();
    assert_eq!(
        yihao,
        "---\r\nname: Yihao Zhao\r\nrole: phd\r\nlinks:\r\n  cv: cv/yihao-zhao.pdf\r\n---\r\n\r\nYihao studies GPU clusters.\r\n"
    );
    // The template knows how to draw a `cv` link.
    let types: serde_yaml::Mapping =
        serde_yaml::from_str(&fs::read_to_string(site.join("_data/types.yaml")).unwrap()).unwrap();
    assert_eq!(types["cv"]["text"], "CV");
    assert_eq!(types["github"]["text"], "GitHub");
    // Members without a page are told about.
    let err = stderr(&output);
    assert!(err.contains("_members/liangyu-zhao.md"), "{err}");

    let again = cvpdf(dir.path(), &["publish", "profiles", "--site", "site"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again).trim(), "the site is up to date");

    // A member page that leads out of the site is refused, and nothing of it is written.
    let outside = dir.path().join("outside.md");
    fs::write(&outside, "---\nname: X\n---\n").unwrap();
    fs::remove_file(site.join("_members/zili-zhang.md")).unwrap();
    std::os::unix::fs::symlink(&outside, site.join("_members/zili-zhang.md")).unwrap();
    let output = cvpdf(
        dir.path(),
        &["publish", "profiles/zili-zhang.yaml", "--site", "site"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(fs::read_to_string(&outside).unwrap(), "---\nname: X\n---\n");
}

#[test]
fn one_doi_under_two_titles_is_one_paper_and_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    for (slug, title, year) in [
        ("ann", "Fast Queries on Large Data", 2020),
        ("bob", "A Different Paper Altogether", 2023),
    ] {
        profile(
            &profiles,
            slug,
            &format!(
                "name: {slug} Example\npublications:\n  - title: {title}\n    authors: [{slug} Example]\n    venue: J\n    year: {year}\n    kind: journal\n    links: {{doi: 10.1000/same}}\n"
            ),
        );
    }
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(
        said.contains("under DOI 10.1000/same") && said.contains("check the DOI"),
        "{said}"
    );
    assert_eq!(
        lab_json(&dir.path().join("site"))["publications"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_member_who_left_takes_their_files_from_the_site_and_only_cvpdf_s() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    fs::copy(
        root().join("tests/fixtures/photo.png"),
        profiles.join("ann.png"),
    )
    .unwrap();
    profile(&profiles, "ann", "name: Ann Example\nphoto: ann.png\n");
    profile(&profiles, "bob", "name: Bob Example\n");
    profile(&profiles, "cy", "name: Cy Example\n");
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let site = dir.path().join("site");
    let photo: Vec<_> = fs::read_dir(site.join("photos")).unwrap().collect();
    assert_eq!(photo.len(), 1);
    fs::write(site.join("notes.pdf"), b"%PDF- the lab's own notes").unwrap();
    // Ann and Bob leave; Bob's CV on the site had been replaced by hand.
    fs::remove_file(profiles.join("ann.yaml")).unwrap();
    fs::remove_file(profiles.join("bob.yaml")).unwrap();
    fs::write(site.join("bob.pdf"), b"%PDF- edited by hand").unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    for gone in ["ann.pdf", "ann.png", "bob.png"] {
        assert!(!site.join(gone).exists(), "{gone}: {said}");
        assert!(
            said.contains(&format!("{gone} (no member's any more)")),
            "{said}"
        );
    }
    assert_eq!(
        fs::read_dir(site.join("photos")).unwrap().count(),
        0,
        "{said}"
    );
    assert_eq!(
        fs::read(site.join("bob.pdf")).unwrap(),
        b"%PDF- edited by hand"
    );
    assert!(
        said.contains("bob.pdf was published by an earlier lab build"),
        "{said}"
    );
    assert_eq!(
        fs::read(site.join("notes.pdf")).unwrap(),
        b"%PDF- the lab's own notes"
    );
    assert!(site.join("cy.pdf").is_file());
    let json = lab_json(&site);
    assert_eq!(json["members"].as_array().unwrap().len(), 1);
}

#[test]
fn a_paper_has_the_same_number_on_the_page_in_lab_json_and_in_the_pdf() {
    // The page listed papers by year and numbered them so, while publications.pdf numbers them
    // group by group (conference papers, journal articles, preprints, …): one paper had two
    // numbers. Both now come from one rule (source::listed).
    let dir = tempfile::tempdir().unwrap();
    bundled_lab(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = dir.path().join("site");
    let json = lab_json(&out);
    let numbered: Vec<(u64, String)> = json["publications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let number = p["number"].as_u64().unwrap();
            (number, common::squash(p["title"].as_str().unwrap()))
        })
        .collect();
    // The PDF lists them in falling numbers (reverse numbering): find each title in its text.
    let pdf = Pdf::read(&out.join("publications.pdf")).squashed();
    let mut by_place: Vec<(usize, u64)> = numbered
        .iter()
        .map(|(number, title)| {
            let prefix: String = title.chars().take(40).collect();
            let at = pdf
                .find(&prefix)
                .unwrap_or_else(|| panic!("{title} not in the PDF"));
            (at, *number)
        })
        .collect();
    by_place.sort();
    let in_pdf: Vec<u64> = by_place.iter().map(|(_, n)| *n).collect();
    let mut falling = in_pdf.clone();
    falling.sort_by(|a, b| b.cmp(a));
    assert_eq!(in_pdf, falling, "the PDF's order is not its numbers'");
    // The page shows each paper with its number.
    let page = fs::read_to_string(out.join("index.html")).unwrap();
    for p in json["publications"].as_array().unwrap() {
        let item = format!(
            "<li id=\"paper-{}\" value=\"{}\">",
            p["key"].as_str().unwrap(),
            p["number"]
        );
        assert!(page.contains(&item), "{item} is not on the page");
    }
}
