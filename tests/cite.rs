//! Publications in a citation style (issue 49): `citation_style` in cvpdf.yaml, a variant and
//! `--citation-style`; a lab's own `.csl` file, refused when broken and rendered again when it
//! changes; the lab's list and people page in the lab's style.

use std::fs;
use std::path::Path;

use crate::common::{cvpdf, root, stderr, stdout, succeed, Pdf};

/// The fixture of one paper of every kind, as `dir/profiles/keller.yaml`.
fn every_kind_lab(dir: &Path, config: &str) {
    fs::create_dir_all(dir.join("profiles")).unwrap();
    fs::copy(
        crate::common::root().join("tests/fixtures/cite/every-kind.yaml"),
        dir.join("profiles/keller.yaml"),
    )
    .unwrap();
    fs::write(dir.join("cvpdf.yaml"), config).unwrap();
}

/// A small independent style of our own: authors, title, year.
const OWN_CSL: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Ours</title><id>ours</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography><layout suffix=".">
    <names variable="author"><name initialize-with="." delimiter="; "/></names>
    <text variable="title" prefix=": «" suffix="»"/>
    <date variable="issued" prefix=" ~"><date-part name="year"/></date>
  </layout></bibliography>
</style>
"#;

#[test]
fn a_cv_in_apa_reads_as_apa_with_the_own_name_bold() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "citation_style: apa\n");
    let out = succeed(
        dir.path(),
        &["render", "profiles/keller.yaml", "-o", "cv.pdf"],
    );
    assert_eq!(stderr(&out), "", "nothing on stderr");
    let pdf = Pdf::read(&dir.path().join("cv.pdf"));
    for reference in [
        "Keller, M., Novak, T., & Fischer, L. (2015). Nucleosome turnover in living cells seen by ChIP-seq. \
         eLife, 52(7), 436–444. https://doi.org/10.1234/jcd.2015.436",
        "Keller, M. (2019). The Cell Cycle (2nd ed.). Riverside University Press.",
    ] {
        assert!(
            pdf.contains(reference),
            "{reference}\nnot in {}",
            pdf.squashed()
        );
    }
    assert!(pdf.contains_in_font("Keller, M.", "Bold"), "own name bold");
    assert!(
        !pdf.contains_in_font("Novak", "Bold"),
        "co-authors not bold"
    );
}

/// Issue 49's first point at the command line: the every-kind profile rendered in APA, IEEE
/// and Chicago author-date, by name and from a `.csl` file given by path, holds each reference
/// as cvpdf formats it (what `references_read_as_citeproc_js_prints_them` compares with
/// citeproc-js), its groups with their numbers, the own name bold, and nothing on stderr.
#[test]
fn every_kind_renders_in_the_three_styles_by_name_and_by_path() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "numbering: forward\n");
    fs::create_dir(dir.path().join("styles")).unwrap();
    for (name, own) in [
        ("apa", "Keller, M."),
        ("ieee", "M. Keller"),
        ("chicago-author-date", "Keller, Maria"),
    ] {
        let style = hayagriva::archive::ArchivedStyle::by_name(name).unwrap();
        let file = format!("styles/{name} copy.csl");
        fs::write(dir.path().join(&file), style.get().to_xml().unwrap()).unwrap();
        let references = formatted(&cvpdf::csl::resolve(name, None).unwrap().unwrap(), "en");
        for given in [name, file.as_str()] {
            let out = succeed(
                dir.path(),
                &[
                    "render",
                    "profiles/keller.yaml",
                    "--citation-style",
                    given,
                    "-o",
                    "cv.pdf",
                ],
            );
            assert_eq!(stderr(&out), "", "{given}: nothing on stderr");
            let pdf = Pdf::read(&dir.path().join("cv.pdf"));
            for reference in &references {
                assert!(
                    pdf.contains(reference),
                    "{given}: {reference}\nnot in {}",
                    pdf.squashed()
                );
            }
            // Groups by kind in cvpdf's order, numbered down the list (`numbering: forward`).
            for group in [
                "Books [1]",
                "Edited Volumes [2]",
                "Journal Articles [5]",
                "Software [12]",
            ] {
                assert!(pdf.contains(group), "{given}: {group}");
            }
            assert!(pdf.contains_in_font(own, "Bold"), "{given}: {own} bold");
            assert!(!pdf.contains_in_font("Novak", "Bold"), "{given}");
        }
    }
}

#[test]
fn the_flag_and_a_variant_choose_the_style() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(
        dir.path(),
        "citation_style: apa\nvariants:\n  plain: {citation_style: cvpdf}\n  med: {citation_style: american-medical-association}\n",
    );
    succeed(
        dir.path(),
        &[
            "render",
            "profiles/keller.yaml",
            "--variant",
            "all",
            "-o",
            "out",
        ],
    );
    let med = Pdf::read(&dir.path().join("out/keller-med.pdf"));
    assert!(
        med.contains(
            "Keller M, Novak T, Fischer L. Nucleosome turnover in living cells seen by ChIP-seq."
        ),
        "{}",
        med.squashed()
    );
    let plain = Pdf::read(&dir.path().join("out/keller-plain.pdf"));
    assert!(
        !plain.contains("Keller, M., Novak, T."),
        "cvpdf's own layout"
    );
    succeed(
        dir.path(),
        &[
            "render",
            "profiles/keller.yaml",
            "--citation-style",
            "ieee",
            "-o",
            "ieee.pdf",
        ],
    );
    let ieee = Pdf::read(&dir.path().join("ieee.pdf"));
    assert!(
        ieee.contains("M. Keller, T. Novak, and L. Fischer"),
        "{}",
        ieee.squashed()
    );
}

#[test]
fn a_lab_csl_file_is_used_and_an_edit_renders_again() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "citation_style: styles/ours.csl\n");
    fs::create_dir(dir.path().join("styles")).unwrap();
    fs::write(dir.path().join("styles/ours.csl"), OWN_CSL).unwrap();
    succeed(dir.path(), &["render", "profiles", "-o", "out"]);
    let pdf = Pdf::read(&dir.path().join("out/keller.pdf"));
    assert!(
        pdf.contains(
            "M. Keller; T. Novak; L. Fischer: «Nucleosome turnover in living cells seen by ChIP-seq» ~2015."
        ),
        "{}",
        pdf.squashed()
    );
    // Unchanged: nothing rendered. Edited: rendered again.
    let again = succeed(dir.path(), &["render", "profiles", "-o", "out"]);
    assert!(!stdout(&again).contains("keller.pdf"), "{}", stdout(&again));
    fs::write(
        dir.path().join("styles/ours.csl"),
        OWN_CSL.replace('~', "@"),
    )
    .unwrap();
    let edited = succeed(dir.path(), &["render", "profiles", "-o", "out"]);
    assert!(
        stdout(&edited).contains("out/keller.pdf"),
        "{}",
        stdout(&edited)
    );
    let pdf = Pdf::read(&dir.path().join("out/keller.pdf"));
    assert!(pdf.contains("@2015."), "{}", pdf.squashed());
}

#[test]
fn a_broken_csl_file_is_refused_naming_it_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "citation_style: ours.csl\n");
    fs::write(
        dir.path().join("ours.csl"),
        OWN_CSL.replace("</citation>", "</citaton>"),
    )
    .unwrap();
    let out = cvpdf(
        dir.path(),
        &["render", "profiles/keller.yaml", "-o", "cv.pdf"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("ours.csl:4:") && err.contains("citation_style"),
        "{err}"
    );
    assert!(!dir.path().join("cv.pdf").exists());

    let out = cvpdf(
        dir.path(),
        &[
            "render",
            "profiles/keller.yaml",
            "--citation-style",
            "apa-7th",
            "-o",
            "cv.pdf",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "a bad flag is a usage error");
    assert!(
        stderr(&out).contains("unknown citation style \"apa-7th\""),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("cv.pdf").exists());

    // Outside the configuration's folder: refused like a template.
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "citation_style: ../elsewhere.csl\n",
    )
    .unwrap();
    let out = cvpdf(
        dir.path(),
        &["render", "profiles/keller.yaml", "-o", "cv.pdf"],
    );
    assert!(
        stderr(&out).contains("outside the directory"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn watch_renders_again_when_the_csl_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "citation_style: ours.csl\n");
    fs::write(dir.path().join("ours.csl"), OWN_CSL).unwrap();
    let watch = crate::common::watch::Watch::start(dir.path());
    watch.idle();
    fs::write(dir.path().join("ours.csl"), OWN_CSL.replace('~', "@")).unwrap();
    let round = watch.idle();
    assert!(round.iter().any(|l| l.contains("keller.pdf")), "{round:#?}");
    let pdf = Pdf::read(&dir.path().join("out/keller.pdf"));
    assert!(pdf.contains("@2015."), "{}", pdf.squashed());
}

#[test]
fn the_lab_lists_and_shows_papers_in_its_style() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(dir.path(), "citation_style: apa\nlab: {name: Cell Lab}\n");
    succeed(dir.path(), &["lab", "profiles", "-o", "site"]);
    let list = Pdf::read(&dir.path().join("site/publications.pdf"));
    let apa = "Keller, M., Novak, T., & Fischer, L. (2015). Nucleosome turnover in living cells seen by ChIP-seq.";
    assert!(list.contains(apa), "{}", list.squashed());
    // The page escapes `/` in addresses as `&#x2f;`.
    let page = fs::read_to_string(dir.path().join("site/index.html"))
        .unwrap()
        .replace("&#x2f;", "/");
    assert!(
        page.contains("<strong>Keller, M.</strong></a>, Novak, T., &amp; Fischer, L. (2015). Nucleosome turnover in living cells seen by ChIP-seq. <i>eLife</i>"),
        "{page}"
    );
    assert!(page.contains(
        r#"<a href="https://doi.org/10.1234/jcd.2015.436">https://doi.org/10.1234/jcd.2015.436</a>"#
    ));
}

/// The fixture's papers as cvpdf formats them in `style`, "Maria Keller" as the own name.
fn formatted(style: &cvpdf::cite::CitationStyle, lang: &str) -> Vec<String> {
    let text = fs::read_to_string(root().join("tests/fixtures/cite/every-kind.yaml")).unwrap();
    let profile: cvpdf::profile::Profile = serde_yaml::from_str(&text).unwrap();
    let own = |name: &str| cvpdf::profile::normalize_name(name) == "maria keller";
    let papers: Vec<_> = profile
        .publications
        .iter()
        .map(|p| {
            let people = |names: &[String]| cvpdf::cite::people(names, own);
            (p, people(&p.authors), people(&p.editors))
        })
        .collect();
    cvpdf::cite::references(&papers, style, lang)
        .iter()
        .map(|runs| cvpdf::cite::plain(runs))
        .collect()
}

/// Text as compared: white space as single spaces, quotation marks of any shape as `"`/`'`.
fn compared(text: &str) -> String {
    let shapes: String = text
        .chars()
        .map(|c| match c {
            '“' | '”' | '„' | '«' | '»' => '"',
            '‘' | '’' | '‚' => '\'',
            c => c,
        })
        .collect();
    shapes.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Issue 49: each kind of paper in APA, IEEE and Chicago author-date reads as citeproc-js (the
/// CSL processor of Zotero) prints it for the same style and the same data, written by hand
/// as CSL-JSON (tests/fixtures/cite/every-kind.csl.json). cvpdf reads each style from a .csl
/// file written out of hayagriva's copy, as a lab's own file would be read, and checks that it
/// formats as the built-in style does.
#[test]
fn references_read_as_citeproc_js_prints_them() {
    let oracle = root().join("tests/oracle");
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let ready = node && oracle.join("node_modules/citeproc").is_dir();
    let why =
        "compares citation styles with citeproc-js (tests/oracle; .ci/run installs node and it)";
    if !crate::common::require("node", ready, why) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let locales = dir.path().join("locales");
    fs::create_dir(&locales).unwrap();
    for locale in hayagriva::archive::locales() {
        let file = hayagriva::citationberg::LocaleFile::try_from(locale).unwrap();
        let path = locales.join(format!("locales-{}.xml", file.lang.0));
        // citationberg 0.7 writes a locale under a <style> root; CSL's is <locale>.
        let xml = file.to_xml().unwrap();
        let xml = xml.replacen("<style", "<locale", 1);
        let xml = match xml.rfind("</style>") {
            Some(at) => format!("{}</locale>{}", &xml[..at], &xml[at + 8..]),
            None => xml,
        };
        fs::write(path, xml).unwrap();
    }
    let items = root().join("tests/fixtures/cite/every-kind.csl.json");
    let mut report = Vec::new();
    let mut short = Vec::new();
    let mut same_in_all = 0;
    // citeproc-js takes about a second to build an engine for a style: four styles at a time
    // are formatted by it while cvpdf formats them here.
    for chunk in CHECKED_STYLES.chunks(4) {
        let running: Vec<_> = chunk
            .iter()
            .map(|(name, least)| {
                let path = dir.path().join(format!("{name}.csl"));
                let oracle = citeproc(&oracle, name, &path, &locales, &items);
                (*name, *least, path, oracle)
            })
            .collect();
        for (name, least, path, oracle) in running {
            let from_file = cvpdf::csl::resolve("style.csl", Some(&path))
                .unwrap()
                .unwrap();
            let built_in = cvpdf::csl::resolve(name, None).unwrap().unwrap();
            let ours = formatted(&from_file, "en");
            assert_eq!(
                ours,
                formatted(&built_in, "en"),
                "{name}: the .csl file reads as the built-in"
            );
            let out = oracle.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let theirs: std::collections::BTreeMap<String, String> =
                serde_json::from_slice(&out.stdout).unwrap();
            let mut same = 0;
            for (i, ours) in ours.iter().enumerate() {
                let theirs = &theirs[&format!("p{}", i + 1)];
                if compared(ours) == compared(theirs) {
                    same += 1;
                } else {
                    report.push(format!(
                        "{name} p{}:\n  cvpdf:       {ours}\n  citeproc-js: {theirs}",
                        i + 1
                    ));
                }
            }
            same_in_all += same;
            if same < least {
                short.push(format!(
                    "{name}: {same} of {}, at least {least}",
                    ours.len()
                ));
            }
        }
    }
    let total = CHECKED_STYLES.len() * 13;
    eprintln!(
        "{same_in_all} of {total} references as citeproc-js prints them; the others:\n{}",
        report.join("\n")
    );
    // The differences left are hayagriva's, each told in docs/citation-styles.md.
    assert!(
        short.is_empty(),
        "{}\n{}",
        short.join("\n"),
        report.join("\n")
    );
}

/// citeproc-js started on the every-kind items in the built-in style `name`, written to
/// `path` as a lab's `.csl` file would be; an English style in its own English (Nature's en-GB
/// "eds"), as cvpdf keeps it for an English CV.
fn citeproc(
    oracle: &Path,
    name: &str,
    path: &Path,
    locales: &Path,
    items: &Path,
) -> std::process::Child {
    let style = hayagriva::archive::ArchivedStyle::by_name(name)
        .unwrap()
        .get();
    let lang = match &style {
        hayagriva::citationberg::Style::Independent(csl) => csl
            .default_locale
            .as_ref()
            .map(|code| code.0.clone())
            .filter(|code| code.starts_with("en-")),
        hayagriva::citationberg::Style::Dependent(_) => None,
    };
    // citationberg 0.7 writes the term `et-al` as `et al`, which citeproc-js cannot find.
    let xml = style
        .to_xml()
        .unwrap()
        .replace(r#"term="et al""#, r#"term="et-al""#);
    fs::write(path, xml).unwrap();
    std::process::Command::new("node")
        .arg(oracle.join("citeproc.js"))
        .args([path, locales, items])
        .arg(lang.as_deref().unwrap_or("en-US"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// The styles compared with citeproc-js, each with how many of the 13 kinds of paper must read
/// as it prints them: the issue asks 9 in 10 of APA, IEEE and Chicago author-date; the others
/// hold what they reach today, so that a change that loses one fails. The ones short of 13
/// are told in docs/citation-styles.md.
const CHECKED_STYLES: [(&str, usize); 16] = [
    ("apa", 13),
    ("ieee", 13),
    ("chicago-author-date", 12),
    ("chicago-notes", 12),
    ("modern-language-association", 13),
    ("american-medical-association", 13),
    ("vancouver", 13),
    ("council-of-science-editors", 13),
    ("nature", 13),
    ("american-chemical-society", 13),
    ("american-physics-society", 12),
    ("springer-basic", 13),
    ("elsevier-harvard", 13),
    ("harvard-cite-them-right", 13),
    ("association-for-computing-machinery", 13),
    ("gb-7714-2015-numeric", 13),
];

/// Issue 49: cvpdf's CSL item for each paper is the one written by hand for the oracle.
#[test]
fn papers_map_onto_csl_as_written_by_hand() {
    let text = fs::read_to_string(root().join("tests/fixtures/cite/every-kind.yaml")).unwrap();
    let profile: cvpdf::profile::Profile = serde_yaml::from_str(&text).unwrap();
    let by_hand: Vec<serde_json::Value> = serde_json::from_str(
        &fs::read_to_string(root().join("tests/fixtures/cite/every-kind.csl.json")).unwrap(),
    )
    .unwrap();
    let words = cvpdf::template::words_of("en");
    let words = cvpdf::cite::Words {
        degrees: &words["publication"]["degrees"],
        status: &words["status"],
    };
    for (i, (paper, expected)) in profile.publications.iter().zip(&by_hand).enumerate() {
        let item = cvpdf::cite::item(&format!("p{}", i + 1), paper, &words);
        // The joiners cvpdf puts into document numbers for hayagriva are not data.
        let json = serde_json::to_string(&item)
            .unwrap()
            .replace("\\u2060", "")
            .replace('\u{2060}', "");
        let mut ours = without_nulls(serde_json::from_str(&json).unwrap());
        // Dates are compared as the year and month they hold.
        let issued = |v: &mut serde_json::Value| v.as_object_mut().unwrap().remove("issued");
        let (a, b) = (issued(&mut ours), issued(&mut expected.clone()));
        assert_eq!(a.is_some(), b.is_some(), "p{}: issued", i + 1);
        let mut expected = expected.clone();
        expected.as_object_mut().unwrap().remove("issued");
        assert_eq!(ours, expected, "p{}", i + 1);
    }
}

/// A JSON value without the `null` members of its objects (a name's absent particles).
fn without_nulls(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// Issue 49: a reference's text is data on the people page and in the PDF: text holding
/// characters of HTML or Typst markup is shown as written.
#[test]
fn text_like_markup_in_a_reference_is_shown_as_written() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("profiles")).unwrap();
    fs::write(
        dir.path().join("profiles/ada.yaml"),
        "name: Ada Li\npublications:\n  - title: 'x < y & z > w #eval(\"1+1\") $x$ @ref'\n    authors: ['Ada Li', 'Bob \"Q\" & Co']\n    venue: 'J. <of> Things'\n    kind: journal\n    year: 2024\n",
    )
    .unwrap();
    fs::write(dir.path().join("cvpdf.yaml"), "citation_style: apa\n").unwrap();
    succeed(dir.path(), &["lab", "profiles", "-o", "site"]);
    let page = fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(!page.contains("<of>"), "markup got through");
    assert!(page.contains("x &lt; y &amp; z &gt; w #eval"), "{page}");
    assert!(page.contains("J. &lt;of&gt; Things"), "{page}");
    let pdf = Pdf::read(&dir.path().join("site/publications.pdf"));
    let title = r#"x < y & z > w #eval("1+1") $x$ @ref"#;
    assert!(pdf.contains(title), "{}", pdf.squashed());
}

/// Issue 49: a `.csl` file named with spaces, `#`, `:` and non-ASCII letters is read; one
/// reached through a symbolic link that leads out of the configuration's folder is refused, and
/// nothing is written.
#[test]
fn odd_csl_names_are_read_and_links_out_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let lab = dir.path().join("lab");
    every_kind_lab(&lab, "citation_style: 'styles #1/our: stylé.csl'\n");
    fs::create_dir(lab.join("styles #1")).unwrap();
    fs::write(lab.join("styles #1/our: stylé.csl"), OWN_CSL).unwrap();
    succeed(&lab, &["render", "profiles/keller.yaml", "-o", "cv.pdf"]);
    assert!(Pdf::read(&lab.join("cv.pdf")).contains("~2015."));

    fs::write(dir.path().join("outside.csl"), OWN_CSL).unwrap();
    std::os::unix::fs::symlink(dir.path().join("outside.csl"), lab.join("out.csl")).unwrap();
    fs::write(lab.join("cvpdf.yaml"), "citation_style: out.csl\n").unwrap();
    let out = cvpdf(
        &lab,
        &["render", "profiles/keller.yaml", "-o", "linked.pdf"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("leads outside"), "{}", stderr(&out));
    assert!(!lab.join("linked.pdf").exists());
}

/// Issue 49: a variant with a page budget in a citation style (compiled several times, the
/// references formatted once) fits and keeps the style.
#[test]
fn a_page_budget_fits_a_cv_in_a_citation_style() {
    let dir = tempfile::tempdir().unwrap();
    every_kind_lab(
        dir.path(),
        "citation_style: ieee\nvariants:\n  short: {max_pages: 1, template: classic}\n",
    );
    succeed(
        dir.path(),
        &[
            "render",
            "profiles/keller.yaml",
            "--variant",
            "short",
            "-o",
            "out",
        ],
    );
    let pdf = Pdf::read(&dir.path().join("out/keller-short.pdf"));
    assert_eq!(pdf.pages, 1);
    assert!(
        pdf.contains("M. Keller, T. Novak, and L. Fischer"),
        "{}",
        pdf.squashed()
    );
}
