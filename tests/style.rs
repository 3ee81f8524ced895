//! Templates, the lab configuration (`cvpdf.yaml`), command-line overrides, localisation, PDF
//! standards and bookmarks, checked on the PDFs the binary writes.

use crate::common;

use std::fs;
use std::path::Path;

use common::{cvpdf, root, stderr, Pdf};

/// A lab directory: `lab/cvpdf.yaml` with `config`, and two profiles one level down.
fn lab(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("lab/profiles");
    fs::create_dir_all(&profiles).unwrap();
    fs::write(dir.path().join("lab/cvpdf.yaml"), config).unwrap();
    for name in ["zili-zhang.yaml", "zhiyao-li.yaml"] {
        fs::copy(root().join("profiles").join(name), profiles.join(name)).unwrap();
    }
    dir
}

fn render(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["render", "lab/profiles", "-o", "out"];
    args.extend_from_slice(extra);
    cvpdf(dir, &args)
}

#[test]
fn every_template_renders_every_bundled_profile_in_every_language() {
    let words: serde_yaml::Mapping = serde_yaml::from_str(cvpdf::template::I18N).unwrap();
    for (lang, table) in &words {
        let lang = lang.as_str().unwrap();
        let title = |key: &str| table["sections"][key].as_str().unwrap().to_string();
        for template in ["classic", "modern", "compact"] {
            let out = tempfile::tempdir().unwrap();
            let args = [
                "render",
                "profiles/",
                "-o",
                out.path().to_str().unwrap(),
                "--template",
                template,
                "--lang",
                lang,
            ];
            let output = cvpdf(&root(), &args);
            assert!(
                output.status.success(),
                "{template} {lang}: {}",
                stderr(&output)
            );
            // Not one character without a glyph: every language's words are covered.
            assert!(
                !stderr(&output).contains("glyph"),
                "{template} {lang}: {}",
                stderr(&output)
            );
            let pdf = Pdf::read(&out.path().join("liangyu-zhao.pdf"));
            for key in ["education", "publications"] {
                assert!(
                    pdf.outline.contains(&title(key)),
                    "{template} {lang}: {:?}",
                    pdf.outline
                );
            }
        }
    }
}

#[test]
fn compact_needs_fewer_pages_than_classic() {
    let pages = |template: &str| {
        let out = tempfile::tempdir().unwrap();
        let args = [
            "render",
            "profiles/",
            "-o",
            out.path().to_str().unwrap(),
            "--template",
            template,
        ];
        assert!(cvpdf(&root(), &args).status.success());
        ["zili-zhang", "liangyu-zhao"]
            .map(|p| Pdf::read(&out.path().join(format!("{p}.pdf"))).pages)
    };
    let (classic, compact) = (pages("classic"), pages("compact"));
    assert_eq!(classic, [3, 3]);
    assert_eq!(compact, [2, 2], "two pages hold what classic puts in three");
}

#[test]
fn the_outline_has_one_bookmark_per_section() {
    let out = tempfile::tempdir().unwrap();
    let output = cvpdf(
        &root(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            out.path().to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&out.path().join("zili-zhang.pdf"));
    let expected = [
        "Education",
        "Experience",
        "Publications",
        "Honors & Awards",
        "Teaching",
        "Skills",
        "Languages",
        "Interests & Hobbies",
    ];
    assert_eq!(pdf.outline, expected);
}

#[test]
fn the_nearest_lab_configuration_styles_every_profile() {
    let dir = lab("lang: zh\npaper: us-letter\nnumbering: forward\nlab:\n  name: NetSys Lab\n  url: https://example.org/lab\n");
    let output = render(dir.path(), &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    for name in ["zili-zhang", "zhiyao-li"] {
        let pdf = Pdf::read(&dir.path().join(format!("out/{name}.pdf")));
        assert_eq!(pdf.page_size, (612.0, 792.0), "US Letter");
        assert!(pdf.contains("教育背景"), "Chinese section titles");
        assert!(pdf.contains("至今"), "Chinese 'Present'");
        for (i, page) in pdf.page_text.iter().enumerate() {
            assert!(
                page.contains("NetSys Lab"),
                "{name}: lab missing from the footer of page {}",
                i + 1
            );
        }
        assert!(pdf.links.iter().any(|l| l == "https://example.org/lab"));
    }
    let zili = Pdf::read(&dir.path().join("out/zili-zhang.pdf"));
    assert!(zili.contains("2023年9月"), "Chinese dates");
    assert!(
        zili.squashed().contains("[1]dLoRA"),
        "forward numbering starts at 1"
    );
    let zhiyao = Pdf::read(&dir.path().join("out/zhiyao-li.pdf"));
    assert_eq!(zhiyao.info["Title"], "李之尧 — 个人简历");
}

#[test]
fn command_line_flags_win_over_the_configuration() {
    let dir = lab("lang: zh\nnumbering: none\ntemplate: compact\n");
    let output = render(
        dir.path(),
        &[
            "--lang",
            "en",
            "--numbering",
            "reverse",
            "--template",
            "modern",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.path().join("out/zili-zhang.pdf"));
    assert_eq!(
        pdf.outline.first().map(String::as_str),
        Some("Education"),
        "--lang en wins"
    );
    assert!(pdf.squashed().contains("[12]dLoRA"));
    assert!(
        pdf.fonts.iter().any(|f| f.contains("Inter")),
        "modern is set in Inter: {:?}",
        pdf.fonts
    );

    let output = render(dir.path(), &["--lang", "en"]);
    assert!(output.status.success());
    let pdf = Pdf::read(&dir.path().join("out/zili-zhang.pdf"));
    assert!(
        !pdf.squashed().contains("[12]"),
        "numbering: none from the file"
    );
    assert_eq!(pdf.pages, 2, "template: compact from the file");
}

#[test]
fn a_bad_configuration_is_reported_with_its_file_and_line() {
    let dir = lab("template: classic\naccent: bleu\nsection_order: [education, pubs]\n");
    let output = render(dir.path(), &[]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for part in [
        "unknown colour \"bleu\", did you mean \"blue\"?",
        "cvpdf.yaml:2:9",
        "unknown section \"pubs\", did you mean \"publications\"?",
        "cvpdf.yaml:3:28",
        "is not rendered: its lab configuration has errors",
    ] {
        assert!(err.contains(part), "{part:?} missing in\n{err}");
    }
    assert_eq!(
        err.matches("unknown colour").count(),
        1,
        "reported once for the whole lab"
    );
    assert!(!dir.path().join("out/zili-zhang.pdf").exists());

    let dir = lab("font: Comic Sans\nlang: fi\n");
    let err = stderr(&render(dir.path(), &[]));
    assert!(err.contains("unknown font \"Comic Sans\""), "{err}");
    assert!(
        err.contains("unknown language \"fi\"") && err.contains("en, zh, de, fr"),
        "{err}"
    );

    let dir = lab("template: nowhere.typ\n");
    let err = stderr(&render(dir.path(), &[]));
    assert!(
        err.contains("cannot read the template") && err.contains("cvpdf.yaml:1:11"),
        "{err}"
    );
}

#[test]
fn the_configurations_template_stays_inside_its_directory() {
    // As the logo does: `..`, absolute paths and links leading out are refused at the line.
    let dir = lab("");
    fs::write(
        dir.path().join("evil.typ"),
        "#let cv(p, s) = [taken over]\n",
    )
    .unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("../evil.typ", dir.path().join("lab/link.typ")).unwrap();
    let absolute = dir.path().join("evil.typ").display().to_string();
    let mut specs = vec!["../evil.typ".to_string(), absolute];
    if cfg!(unix) {
        specs.push("link.typ".into());
    }
    for spec in specs {
        fs::write(
            dir.path().join("lab/cvpdf.yaml"),
            format!("template: {spec}\n"),
        )
        .unwrap();
        let out = render(dir.path(), &[]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{spec}: {err}");
        assert!(
            err.contains("outside the directory of its file") && err.contains("cvpdf.yaml:1:11"),
            "{spec}: {err}"
        );
        assert!(!dir.path().join("out/zili-zhang.pdf").exists(), "{spec}");
    }
}

#[test]
fn bad_style_flags_are_usage_errors() {
    for flags in [
        &["--accent", "#12"][..],
        &["--font", "Nope Sans"],
        &["--lang", "xx"],
        &["--template", "fancy"],
    ] {
        let mut args = vec![
            "render",
            "profiles/zhiyao-li.yaml",
            "-o",
            "/nonexistent/x.pdf",
        ];
        args.extend_from_slice(flags);
        let output = cvpdf(&root(), &args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{flags:?}: {}",
            stderr(&output)
        );
        // The language is one of a fixed list, which the parser knows (and completion offers).
        let said = if flags[0] == "--lang" {
            "possible values: en, zh"
        } else {
            "command line"
        };
        assert!(
            stderr(&output).contains(said),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_lab_logo_is_drawn_on_every_page() {
    let dir = lab("lab:\n  name: NetSys Lab\n  logo: logo.png\n");
    fs::copy(
        root().join("tests/fixtures/photo.png"),
        dir.path().join("lab/logo.png"),
    )
    .unwrap();
    let output = render(dir.path(), &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.path().join("out/zili-zhang.pdf"));
    assert_eq!(pdf.images, pdf.pages, "one logo per page");

    // Issue 25, bug 7: an SVG whose namespace comes after 2 KB of prolog (Illustrator's
    // comments and entity declarations) passed the checks, then failed every render.
    let dir = lab("lab:\n  name: NetSys Lab\n  logo: logo.svg\n");
    let entities: String = (0..60)
        .map(|i| format!("  <!ENTITY ns_{i} \"http://ns.adobe.com/Extensibility/{i}.0/\">\n"))
        .collect();
    let svg = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Generator: Adobe Illustrator 27.0 -->\n\
         <!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\" [\n\
         {entities}  <!ENTITY ns_svg \"http://www.w3.org/2000/svg\">\n]>\n\
         <svg version=\"1.1\" xmlns=\"&ns_svg;\" width=\"20\" height=\"10\"><rect width=\"20\" height=\"10\" fill=\"#036\"/></svg>\n"
    );
    assert!(svg.find("w3.org/2000/svg").unwrap() > 2048);
    fs::write(dir.path().join("lab/logo.svg"), svg).unwrap();
    let output = render(dir.path(), &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let check = cvpdf(dir.path(), &["check", "lab/profiles"]);
    assert!(check.status.success(), "{}", stderr(&check));

    let dir = lab("lab:\n  name: NetSys Lab\n  logo: ../../etc/passwd\n");
    let err = stderr(&render(dir.path(), &[]));
    assert!(
        err.contains("the logo \"../../etc/passwd\" is outside"),
        "{err}"
    );
}

#[test]
fn pdf_standards_are_met_or_the_reason_is_given() {
    for template in ["classic", "modern", "compact"] {
        for standard in ["ua-1", "a-2b"] {
            let out = tempfile::tempdir().unwrap();
            let args = [
                "render",
                "profiles/zili-zhang.yaml",
                "tests/fixtures/with-photo.yaml",
                "-o",
                out.path().to_str().unwrap(),
            ];
            let mut args = args.to_vec();
            args.extend(["--template", template, "--pdf-standard", standard]);
            let output = common::cvpdf_env(&root(), &args, &[("SOURCE_DATE_EPOCH", "1700000000")]);
            assert!(
                output.status.success(),
                "{template} {standard}: {}",
                stderr(&output)
            );
        }
    }
    // Without any date, PDF/A cannot be made reproducibly: a clear error, not a made-up date.
    let out = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "profiles/liangyu-zhao.yaml",
        "-o",
        out.path().to_str().unwrap(),
        "--pdf-standard",
        "a-2b",
    ];
    let output = cvpdf(&root(), &args);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("PDF/A-2b needs a document date"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn templates_are_listed() {
    let output = cvpdf(&root(), &["templates"]);
    let out = String::from_utf8_lossy(&output.stdout);
    for name in ["classic", "modern", "compact"] {
        assert!(
            out.lines()
                .any(|l| l.starts_with(name) && l.len() > name.len() + 20),
            "{out}"
        );
    }
}

/// Guards issue 47: this test set twelve options and checked only that four PDFs were
/// written; now each set of options is looked for in every PDF it made (the paper's size, the
/// accent's colour, the fonts, the numbers of the publications, the language and order of the
/// sections, the lab's name, link and logo). `photo` is set but cannot show: no bundled
/// profile has a photo.
#[test]
fn every_profile_renders_with_every_template_and_config_option() {
    /// What one set of options must make a PDF show (`papers`: whether its profile lists any).
    type Check = fn(&Path, &Pdf, bool) -> Result<(), String>;
    fn letter_and_maroon(path: &Path, pdf: &Pdf, _: bool) -> Result<(), String> {
        let (w, h) = pdf.page_size;
        if (w - 612.0).abs() > 1.0 || (h - 792.0).abs() > 1.0 {
            return Err(format!("not US letter: {w} x {h} pt"));
        }
        // Typst's maroon, #85144b.
        paints_with(path, [0x85, 0x14, 0x4b])
            .then_some(())
            .ok_or("no maroon".into())
    }
    fn inter_unnumbered(_: &Path, pdf: &Pdf, _: bool) -> Result<(), String> {
        if !pdf.fonts.iter().any(|f| f.contains("Inter")) {
            return Err(format!("not set in Inter: {:?}", pdf.fonts));
        }
        (!pdf.squashed().contains("[1]"))
            .then_some(())
            .ok_or("numbered".into())
    }
    fn libertinus_numbered_teal(path: &Path, pdf: &Pdf, papers: bool) -> Result<(), String> {
        if !pdf.fonts.iter().any(|f| f.contains("Libertinus")) {
            return Err(format!("not set in Libertinus Serif: {:?}", pdf.fonts));
        }
        if papers && !pdf.squashed().contains("[1]") {
            return Err("the first publication is not numbered [1]".into());
        }
        paints_with(path, [0x00, 0xaa, 0x77])
            .then_some(())
            .ok_or("no #0a7".into())
    }
    fn chinese_lab_publications_first(_: &Path, pdf: &Pdf, papers: bool) -> Result<(), String> {
        let text = pdf.squashed();
        let at = |title: &str| text.find(title);
        match (at("发表论文"), at("教育背景")) {
            (Some(p), Some(e)) if p < e => {}
            (None, Some(_)) if !papers => {}
            found => {
                return Err(format!(
                    "publications, then education, in Chinese: {found:?}"
                ))
            }
        }
        if !text.contains("NetSysLab")
            || !pdf
                .links
                .iter()
                .any(|l| l.starts_with("https://example.org"))
        {
            return Err(format!("the lab's name and link: {:?}", pdf.links));
        }
        (pdf.images >= 1).then_some(()).ok_or("no logo".into())
    }
    let option_sets: [(&str, Check); 4] = [
        ("paper: us-letter\naccent: maroon\n", letter_and_maroon),
        ("font: Inter\nnumbering: none\nphoto: round\n", inter_unnumbered),
        (
            "font: Libertinus Serif\nnumbering: forward\nphoto: square\naccent: \"#0a7\"\n",
            libertinus_numbered_teal,
        ),
        (
            "lang: zh\nsection_order: [publications, education]\nlab: {name: NetSys Lab, url: https://example.org, logo: logo.png}\n",
            chinese_lab_publications_first,
        ),
    ];
    for template in ["classic", "modern", "compact"] {
        for (options, check) in option_sets {
            let dir = tempfile::tempdir().unwrap();
            let profiles = dir.path().join("profiles");
            fs::create_dir_all(&profiles).unwrap();
            for profile in common::bundled_profiles() {
                fs::copy(&profile, profiles.join(profile.file_name().unwrap())).unwrap();
            }
            fs::copy(
                root().join("tests/fixtures/photo.png"),
                dir.path().join("logo.png"),
            )
            .unwrap();
            fs::write(
                dir.path().join("cvpdf.yaml"),
                format!("template: {template}\n{options}"),
            )
            .unwrap();
            let output = cvpdf(dir.path(), &["render", "profiles", "-o", "out"]);
            assert!(
                output.status.success(),
                "{template} with {options:?}: {}",
                stderr(&output)
            );
            let pdfs: Vec<_> = fs::read_dir(dir.path().join("out"))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
                .collect();
            assert_eq!(pdfs.len(), 4);
            for path in pdfs {
                let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                let yaml = fs::read_to_string(profiles.join(format!("{stem}.yaml"))).unwrap();
                let papers = yaml.contains("\npublications:");
                if let Err(wrong) = check(&path, &Pdf::read(&path), papers) {
                    panic!("{template} with {options:?}: {}: {wrong}", path.display());
                }
            }
        }
    }
}

/// Whether the PDF at `path` paints with the colour `rgb` somewhere: a fill or stroke colour
/// of three components (`rg`, `sc`, `scn` and their stroking forms) within half a step of it,
/// in any content stream (pages and the forms they draw).
fn paints_with(path: &Path, rgb: [u8; 3]) -> bool {
    let doc = lopdf::Document::load(path).unwrap();
    doc.objects.values().any(|object| {
        let Ok(stream) = object.as_stream() else {
            return false;
        };
        let bytes = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let Ok(content) = lopdf::content::Content::decode(&bytes) else {
            return false;
        };
        content.operations.iter().any(|op| {
            matches!(
                op.operator.as_str(),
                "rg" | "RG" | "sc" | "SC" | "scn" | "SCN"
            ) && op.operands.len() == 3
                && op.operands.iter().zip(rgb).all(|(o, c)| {
                    o.as_float()
                        .is_ok_and(|v| (v * 255.0 - f32::from(c)).abs() < 1.0)
                })
        })
    })
}

#[test]
fn publication_links_are_clickable() {
    let out = tempfile::tempdir().unwrap();
    let fixture = root().join("tests/fixtures/full.yaml");
    for template in ["classic", "modern", "compact"] {
        let args = [
            "render",
            fixture.to_str().unwrap(),
            "-o",
            out.path().to_str().unwrap(),
            "--template",
            template,
        ];
        assert!(cvpdf(&root(), &args).status.success());
        let pdf = Pdf::read(&out.path().join("full.pdf"));
        for uri in [
            "https://doi.org/10.5555/tailwind",
            "https://arxiv.org/abs/2409.01234",
            "https://github.com/ada-example/tailwind",
            "https://example.org/institute",
        ] {
            assert!(
                pdf.links.iter().any(|l| l == uri),
                "{template}: {uri} not in {:?}",
                pdf.links
            );
        }
        assert!(pdf.contains("Best Paper Award"));
    }
}
