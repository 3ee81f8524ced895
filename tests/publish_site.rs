//! `cvpdf publish` and what is the person's: a CV link they made themselves is kept, nothing is
//! uploaded for a person the site does not list, pages are found by the person's name too,
//! and an al-folio site is only its owner's (issue 46, items 5 and 6).

use crate::common;

use std::fs;
use std::path::Path;

use common::{cvpdf, stderr, stdout};

/// A PDF of the person's own, not cvpdf's.
const THEIRS: &[u8] = b"%PDF-1.4\n% Ada's own CV, made in LaTeX\n%%EOF\n";

/// Writes `text` to `dir/path`, making the folders on the way.
fn put(dir: &Path, path: &str, text: &[u8]) {
    let file = dir.join(path);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(file, text).unwrap();
}

/// Profiles: Ada Lovelace (with a name variant) and Bob Example, who has no page anywhere.
fn profiles(dir: &Path) {
    put(
        dir,
        "profiles/ada-lovelace.yaml",
        b"name: Ada Lovelace\nname_variants: [Ada A. Lovelace]\n",
    );
    put(dir, "profiles/bob #2.yaml", b"name: Bob Example\n");
}

fn publish(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["publish"];
    all.extend_from_slice(args);
    cvpdf(dir, &all)
}

#[test]
fn a_cv_link_the_person_made_is_kept_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    // A Wowchemy page in a folder named otherwise, linking her own CV.
    let page_text = "---\ntitle: Ada Lovelace\nsocial:\n  - icon: cv\n    icon_pack: ai\n    link: files/cv.pdf\n---\nBody\n";
    put(
        dir.path(),
        "site/content/authors/admin/_index.md",
        page_text.as_bytes(),
    );
    put(dir.path(), "site/static/files/cv.pdf", THEIRS);
    let page = dir.path().join("site/content/authors/admin/_index.md");
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert_eq!(fs::read_to_string(&page).unwrap(), page_text, "{said}");
    assert!(said.contains("keeps its CV link files/cv.pdf"), "{said}");
    assert!(said.contains("--replace-cv-link"), "{said}");
    assert!(!dir.path().join("site/static/uploads").exists(), "{said}");
    assert!(!stdout(&output).contains("CV link →"));

    // Asked: replaced, and her file stays.
    let output = publish(
        dir.path(),
        &[
            "profiles/ada-lovelace.yaml",
            "--site",
            "site",
            "--replace-cv-link",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        fs::read_to_string(&page).unwrap(),
        page_text.replace("files/cv.pdf", "uploads/ada-lovelace.pdf")
    );
    assert_eq!(
        fs::read(dir.path().join("site/static/files/cv.pdf")).unwrap(),
        THEIRS
    );

    // A link cvpdf wrote is updated as before: the profile renamed, the link follows.
    fs::rename(
        dir.path().join("profiles/ada-lovelace.yaml"),
        dir.path().join("profiles/ada: l.yaml"),
    )
    .unwrap();
    let output = publish(dir.path(), &["profiles/ada: l.yaml", "--site", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(fs::read_to_string(&page)
        .unwrap()
        .contains("link: uploads/ada%3A%20l.pdf\n"));
}

#[test]
fn an_al_folio_cv_pdf_of_the_owner_s_own_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    put(
        dir.path(),
        "site/_config.yml",
        b"first_name: Ada\nlast_name: Lovelace\n",
    );
    let page_text = "---\nlayout: cv\ncv_pdf: ada_cv.pdf\n---\n";
    put(dir.path(), "site/_pages/cv.md", page_text.as_bytes());
    put(
        dir.path(),
        "site/_layouts/cv.liquid",
        b"<a href=\"{{ page.cv_pdf | prepend: 'assets/pdf/' }}\">PDF</a>",
    );
    put(dir.path(), "site/assets/pdf/ada_cv.pdf", THEIRS);
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert_eq!(
        fs::read_to_string(dir.path().join("site/_pages/cv.md")).unwrap(),
        page_text
    );
    assert!(said.contains("keeps its CV link ada_cv.pdf"), "{said}");
    assert!(!dir.path().join("site/assets/pdf/ada-lovelace.pdf").exists());
}

#[test]
fn an_al_folio_site_is_only_its_owner_s_and_a_layout_without_cv_pdf_shows_nothing() {
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    put(
        dir.path(),
        "site/_config.yml",
        b"first_name: Ada\nmiddle_name: A.\nlast_name: Lovelace\n",
    );
    put(dir.path(), "site/_pages/cv.md", b"---\nlayout: cv\n---\n");
    // The layout draws the CV from _data/cv.yml and never reads cv_pdf.
    put(
        dir.path(),
        "site/_layouts/cv.liquid",
        b"{% for e in site.data.cv %}{{ e.title }}{% endfor %}",
    );
    let output = publish(dir.path(), &["profiles/bob #2.yaml", "--site", "site"]);
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("Ada A. Lovelace's al-folio site"), "{said}");
    assert!(!dir.path().join("site/assets").exists(), "{said}");
    assert_eq!(
        fs::read_to_string(dir.path().join("site/_pages/cv.md")).unwrap(),
        "---\nlayout: cv\n---\n"
    );

    // The owner (by a name variant): published, but not reported as linked.
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert!(dir
        .path()
        .join("site/assets/pdf/ada-lovelace.pdf")
        .is_file());
    assert!(
        !stdout(&output).contains("CV link →"),
        "{}",
        stdout(&output)
    );
    assert!(
        said.contains("not shown") && said.contains("never reads cv_pdf"),
        "{said}"
    );
}

#[test]
fn nothing_is_uploaded_for_a_person_without_a_page_and_pages_are_found_by_name() {
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    put(dir.path(), "site/_config.yml", b"title: Lab\n");
    // Greene Lab's layout, the page named otherwise than the profile.
    put(
        dir.path(),
        "site/_members/AdaLovelace.md",
        b"---\nname: Ada Lovelace\nlinks:\n  github: ada\n---\n",
    );
    let output = publish(dir.path(), &["profiles", "--site", "site"]);
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        dir.path().join("site/cv/ada-lovelace.pdf").is_file(),
        "{said}"
    );
    assert!(
        fs::read_to_string(dir.path().join("site/_members/AdaLovelace.md"))
            .unwrap()
            .contains("  cv: cv/ada-lovelace.pdf\n")
    );
    assert!(!dir.path().join("site/cv/bob #2.pdf").exists(), "{said}");
    assert!(said.contains("bob #2.yaml has no page"), "{said}");
    assert!(said.contains("--upload-unlisted"), "{said}");
    // Asked: uploaded, not linked.
    let output = publish(
        dir.path(),
        &["profiles", "--site", "site", "--upload-unlisted"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dir.path().join("site/cv/bob #2.pdf").is_file());

    // Hugo: an author folder named AdaLovelace/ whose title is her name.
    put(dir.path(), "hugo/hugo.yaml", b"title: Lab\n");
    put(
        dir.path(),
        "hugo/content/authors/AdaLovelace/_index.md",
        b"---\ntitle: Ada Lovelace\n---\n",
    );
    let output = publish(dir.path(), &["profiles", "--site", "hugo"]);
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert!(fs::read_to_string(
        dir.path()
            .join("hugo/content/authors/AdaLovelace/_index.md")
    )
    .unwrap()
    .contains("link: uploads/ada-lovelace.pdf"));
    let uploads: Vec<_> = fs::read_dir(dir.path().join("hugo/static/uploads"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        uploads.iter().all(|f| f.starts_with("ada-lovelace")),
        "{uploads:?}"
    );
}

#[test]
fn a_publish_into_a_site_another_run_is_writing_stops_and_says_so() {
    // Found in review (issue 46, the lab's lock): publish took no lock, so two runs (or a
    // publish beside a lab build into the same folder) could edit one page at once.
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    let page_text = "---\ntitle: Ada Lovelace\n---\nBody\n";
    put(
        dir.path(),
        "site/content/authors/ada-lovelace/_index.md",
        page_text.as_bytes(),
    );
    let site = dir.path().join("site");
    let held = fs::File::open(&site).unwrap();
    held.try_lock().unwrap();
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains("another cvpdf is building or publishing"),
        "{said}"
    );
    let page = site.join("content/authors/ada-lovelace/_index.md");
    assert_eq!(fs::read_to_string(&page).unwrap(), page_text);
    assert!(!site.join("static/uploads").exists());
    // A dry run writes nothing and goes ahead; once let go, publishing does too.
    let dry = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site", "--dry-run"],
    );
    assert!(dry.status.success(), "{}", stderr(&dry));
    drop(held);
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_ne!(fs::read_to_string(&page).unwrap(), page_text);
}

#[test]
fn a_page_whose_front_matter_cannot_take_the_link_is_shown_at_its_line() {
    // Issue 47: the page's problem was one line naming the file; now it is the page's own
    // line with a caret under the key, as a profile's problems are shown.
    let dir = tempfile::tempdir().unwrap();
    profiles(dir.path());
    let page = "site/content/authors/ada-lovelace/_index.md";
    let scalar = "---\ntitle: Ada Lovelace\nsocial: github\n---\nBody\n";
    put(dir.path(), page, scalar.as_bytes());
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("`social` is not a list"), "{said}");
    assert!(said.contains(&format!("{page}:3:1")), "{said}");
    assert!(said.contains("3 │ social: github"), "{said}");
    assert!(said.contains("│ ^^^^^^^^^^^^^^ social"), "{said}");
    assert_eq!(fs::read_to_string(dir.path().join(page)).unwrap(), scalar);
    assert!(!dir.path().join("site/static/uploads").exists(), "{said}");

    // A syntax error in a page with a byte-order mark and CRLF lines: the place is the page's
    // own, not that of the front matter read apart from it.
    let broken = "\u{feff}---\r\ntitle: Ada Lovelace\r\nsocial: [github\r\n---\r\nBody\r\n";
    put(dir.path(), page, broken.as_bytes());
    let output = publish(
        dir.path(),
        &["profiles/ada-lovelace.yaml", "--site", "site"],
    );
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("YAML syntax error"), "{said}");
    // serde_yaml's own "at line 3 column 1" counted in the front matter alone: left out.
    assert!(!said.contains(" column "), "{said}");
    assert!(said.contains(&format!("{page}:4:1")), "{said}");
    assert!(said.contains("4 │ ---"), "{said}");
    assert!(said.contains("│ ^"), "{said}");
    assert_eq!(fs::read_to_string(dir.path().join(page)).unwrap(), broken);
}

/// Issue 50: `publish --html` puts the web CV into each kind of site as a page of its own, in
/// the site's layout: front matter of the site's kind, the CV's element with its scoped style
/// sheet and JSON-LD; publishing again changes nothing, and a page of the site's own at that
/// place is never replaced.
#[test]
fn the_web_cv_becomes_a_page_of_hugo_al_folio_and_jekyll_sites() {
    let fixtures = crate::common::root().join("tests/fixtures");
    for (fixture, slug, name, page, permalink) in [
        (
            "hugo-site",
            "zhiyao-li",
            "Zhiyao Li",
            "content/cv/zhiyao-li.html",
            None,
        ),
        (
            "al-folio-site",
            "zili-zhang",
            "Zili Zhang",
            "_pages/cv-zili-zhang.html",
            Some("/cv/zili-zhang/"),
        ),
        (
            "jekyll-lab-site",
            "zili-zhang",
            "Zili Zhang",
            "cv/zili-zhang.html",
            None,
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        common::copy_bundled_lab(dir.path(), true);
        copy_dir(&fixtures.join(fixture), &dir.path().join("site"));
        let profile = format!("profiles/{slug}.yaml");
        // The al-folio fixture's page links its owner's own PDF: replaced, as asked.
        let args = [
            profile.as_str(),
            "--site",
            "site",
            "--html",
            "--replace-cv-link",
        ];
        let output = publish(dir.path(), &args);
        assert!(output.status.success(), "{fixture}: {}", stderr(&output));
        let file = dir.path().join("site").join(page);
        let text = fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{fixture}: {page}: {e}\n{}", stdout(&output)));
        let front = text
            .strip_prefix("---\n")
            .and_then(|t| t.split("\n---\n").next())
            .unwrap_or_else(|| panic!("{fixture}: no front matter: {text}"));
        let front: serde_yaml::Value = serde_yaml::from_str(front).unwrap();
        assert_eq!(
            front["title"].as_str(),
            Some(format!("{name} — Curriculum Vitae").as_str()),
            "{fixture}"
        );
        assert_eq!(front["generator"], "cvpdf");
        assert_eq!(front["permalink"].as_str(), permalink, "{fixture}");
        assert!(
            text.contains("<div class=\"cv\" id=\"cvpdf-cv\">"),
            "{fixture}"
        );
        assert!(text.contains(&format!("<h1>{name}")), "{fixture}");
        assert!(text.contains("application/ld+json"));
        assert!(
            !text.contains("<html") && !text.contains("<body"),
            "a part of a page"
        );
        // Every rule of the sheet is the CV's own.
        let sheet = &text[text.find("<style").unwrap()..text.find("</style>").unwrap()];
        for rule in sheet.lines().skip(1).map(str::trim) {
            if rule.contains('{') && !rule.starts_with('@') && !rule.starts_with('}') {
                assert!(
                    rule.starts_with(".cv"),
                    "{fixture}: a rule outside the CV: {rule}"
                );
            }
        }
        // Again: nothing changes.
        let again = publish(dir.path(), &args);
        assert!(again.status.success());
        assert_eq!(fs::read_to_string(&file).unwrap(), text, "{fixture}");
        // A page of the site's own in its place stays, and stops the profile.
        fs::write(&file, "---\ntitle: My CV\n---\n<p>mine</p>\n").unwrap();
        let refused = publish(dir.path(), &args);
        assert!(!refused.status.success(), "{fixture}");
        assert_eq!(
            fs::read_to_string(&file).unwrap(),
            "---\ntitle: My CV\n---\n<p>mine</p>\n"
        );
    }
}

/// Copies the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Found by probing issue 50: a web page that cannot be written (a file where its folder
/// would be) leaves the site as it was — no PDF or thumbnail uploaded without its link; text
/// of the profile never becomes a tag of the site's template language (Liquid, Hugo's
/// shortcodes); cvpdf knows its own page after Git gave it CRLF line endings.
#[test]
fn a_web_page_that_cannot_be_written_leaves_the_site_and_text_is_no_template_tag() {
    let fixtures = crate::common::root().join("tests/fixtures");
    let dir = tempfile::tempdir().unwrap();
    common::copy_bundled_lab(dir.path(), true);
    copy_dir(&fixtures.join("jekyll-lab-site"), &dir.path().join("site"));
    put(dir.path(), "site/cv", b"a file where the folder would be\n");
    let args = ["profiles/zili-zhang.yaml", "--site", "site", "--html"];
    let output = publish(dir.path(), &args);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("cannot create the folder"),
        "{}",
        stderr(&output)
    );
    let member = fs::read_to_string(dir.path().join("site/_members/zili-zhang.md")).unwrap();
    assert!(
        !member.contains("cv/zili-zhang.pdf"),
        "no link to a CV not uploaded"
    );

    fs::remove_file(dir.path().join("site/cv")).unwrap();
    let profile = dir.path().join("profiles/zili-zhang.yaml");
    let text = fs::read_to_string(&profile).unwrap();
    fs::write(
        &profile,
        text.replacen(
            "{en: \"Ph.D.",
            "{en: \"{{ site.title }} {% include x.html %} Ph.D.",
            1,
        ),
    )
    .unwrap();
    let output = publish(dir.path(), &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let page = dir.path().join("site/cv/zili-zhang.html");
    let written = fs::read_to_string(&page).unwrap();
    let body = &written[written.find("\n---\n").unwrap() + 5..];
    assert!(!body.contains("{{") && !body.contains("{%"), "{body}");
    assert!(
        body.contains("&#123;&#123; site.title }}"),
        "shown as written"
    );
    fs::write(&page, written.replace('\n', "\r\n")).unwrap();
    fs::write(&profile, text).unwrap();
    let output = publish(dir.path(), &args);
    assert!(
        output.status.success(),
        "its own page, CRLF: {}",
        stderr(&output)
    );
}
