//! End to end: the real binary renders the lab's profiles, and the PDFs are read back with lopdf.

use crate::common;
#[path = "text/mod.rs"]
mod text;

use std::fs;
use std::path::Path;

use common::{bundled_profiles, cvpdf, cvpdf_env, root, stderr, Pdf};

/// Renders every bundled profile once into a temporary directory.
fn render_all() -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let output = cvpdf(
        &root(),
        &["render", "profiles/", "-o", out.path().to_str().unwrap()],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    out
}

fn pdf_for(out: &Path, profile: &Path) -> Pdf {
    let stem = profile.file_stem().unwrap().to_str().unwrap();
    Pdf::read(&out.join(format!("{stem}.pdf")))
}

/// Issue 47 (docs that drift): the footer's "— Curriculum Vitae" after the name was printed
/// by `classic` only, though docs/styles-and-variants.md says every footer has it.
#[test]
fn every_template_s_footer_says_curriculum_vitae_on_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let profile = root().join("profiles/zili-zhang.yaml");
    for template in ["classic", "modern", "compact"] {
        let out = dir.path().join(format!("{template}.pdf"));
        let output = common::cvpdf(
            dir.path(),
            &[
                "render",
                profile.to_str().unwrap(),
                "--template",
                template,
                "-o",
                out.to_str().unwrap(),
            ],
        );
        assert!(output.status.success(), "{}", common::stderr(&output));
        let pdf = Pdf::read(&out);
        assert!(pdf.pages > 1, "the premise: more than one page");
        for (i, page) in pdf.page_text.iter().enumerate() {
            assert!(
                common::squash(page).contains(&common::squash("Zili Zhang — Curriculum Vitae")),
                "{template}, page {}: {page}",
                i + 1
            );
        }
    }
}

#[test]
fn every_bundled_profile_renders_with_its_facts_and_metadata() {
    let out = render_all();
    let profiles = bundled_profiles();
    assert_eq!(profiles.len(), 4, "one profile per researcher of the seeds");
    for path in profiles {
        let loaded = cvpdf::profile::load(&path).unwrap();
        let p = &loaded.profile;
        let pdf = pdf_for(out.path(), &path);
        assert!(
            (1..=4).contains(&pdf.pages),
            "{}: {} pages",
            p.name,
            pdf.pages
        );
        assert!(pdf.contains(&p.name), "{}: name missing", p.name);
        assert_eq!(pdf.info["Title"], format!("{} — Curriculum Vitae", p.name));
        assert_eq!(pdf.info["Author"], p.name);
        for interest in &p.interests {
            assert!(
                pdf.info["Keywords"].contains(&**interest),
                "keyword {interest}"
            );
        }
        // Every fact of the profile that is printed as written.
        let facts = p
            .publications
            .iter()
            .map(|x| &x.title)
            .chain(p.experience.iter().map(|x| &x.organization))
            .chain(p.education.iter().map(|x| &x.institution))
            .chain(p.awards.iter().map(|x| &x.title))
            .chain(p.teaching.iter().map(|x| &x.course))
            .chain(
                p.talks
                    .iter()
                    .flat_map(|t| t.events.iter().map(|e| &e.event)),
            );
        // As a typesetter prints them: NSDI '25 is NSDI ’25.
        let en = &cvpdf::source::smart::Quotes::of("en");
        for fact in facts {
            let printed = cvpdf::source::smart::smarten(fact, en);
            assert!(pdf.contains(&printed), "{}: {printed:?} missing", p.name);
        }
        let last = pdf.pages;
        assert!(
            pdf.contains(&format!("page {last} of {last}")),
            "{}: footer missing",
            p.name
        );
        let fonts = pdf.fonts.join(" ");
        assert!(fonts.contains("LibertinusSerif"), "{}: {fonts}", p.name);
        assert!(
            !pdf.page_text.last().unwrap().trim().is_empty(),
            "{}: empty last page",
            p.name
        );
    }
}

#[test]
fn native_names_use_real_cjk_glyphs_in_bold() {
    let out = render_all();
    let pdf = pdf_for(out.path(), &root().join("profiles/zhiyao-li.yaml"));
    assert!(pdf.contains("李之尧"), "{:?}", pdf.page_text[0]);
    assert!(
        pdf.contains_in_font("李之尧", "NotoSansCJKsc-Bold"),
        "{:?}",
        pdf.runs
    );
}

#[test]
fn own_name_is_bold_in_author_lists() {
    let out = render_all();
    let pdf = pdf_for(out.path(), &root().join("profiles/zili-zhang.yaml"));
    let bold_runs = pdf
        .runs
        .iter()
        .filter(|(f, t)| f.contains("Bold") && t.contains("Zili"))
        .count();
    // The header name is semibold; every author list has the name in bold.
    assert!(bold_runs >= 12, "{bold_runs} bold runs of the own name");
    assert!(!pdf.contains_in_font("Bingyang Wu", "Bold"));
    assert!(pdf.contains("Bingyang Wu*"), "equal contribution mark");
    assert!(pdf.contains("* Equal contribution."), "legend");
}

#[test]
fn contact_links_are_clickable() {
    let out = render_all();
    let pdf = pdf_for(out.path(), &root().join("profiles/zili-zhang.yaml"));
    for uri in [
        "mailto:zzlcs@pku.edu.cn",
        "https://www.zilizhang.site",
        "https://github.com/Gold-Sea",
    ] {
        assert!(
            pdf.links.iter().any(|l| l == uri),
            "{uri} not in {:?}",
            pdf.links
        );
    }
    let pdf = pdf_for(out.path(), &root().join("profiles/zhiyao-li.yaml"));
    assert!(
        pdf.links
            .iter()
            .any(|l| l == "https://people.iiis.tsinghua.edu.cn/~gaomy/"),
        "markdown link in bio"
    );
}

#[test]
fn publications_are_grouped_by_kind_and_numbered_newest_first() {
    let out = render_all();
    let pdf = pdf_for(out.path(), &root().join("profiles/zili-zhang.yaml"));
    let text = pdf.squashed();
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle} missing"))
    };
    // Groups in order, each newest first, numbers counting down over all of them.
    let order = [
        at("ConferencePapers"),
        at("[12]dLoRA"),
        at("[7]TransparentGPUSharing"),
        at("JournalArticles"),
        at("[6]RiseofDistributed"),
        at("WorkshopPapers"),
        at("[5]OptimizingHalfPrecision"),
        at("Preprints&UnderReview"),
        at("[4]RLHFuse"),
        at("[1]FastDistributedInference"),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(pdf.contains("NSDI’24"), "venue_short is shown");
}

#[test]
fn the_same_input_gives_identical_bytes() {
    let root = root();
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    for dir in [&a, &b] {
        let output = cvpdf(
            &root,
            &[
                "render",
                "profiles/zili-zhang.yaml",
                "-o",
                dir.path().to_str().unwrap(),
            ],
        );
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let first = fs::read(a.path().join("zili-zhang.pdf")).unwrap();
    assert_eq!(first, fs::read(b.path().join("zili-zhang.pdf")).unwrap());
    // The date comes from `updated:` …
    let pdf = Pdf::parse(&first);
    assert!(
        pdf.info["CreationDate"].starts_with("D:20241010"),
        "{:?}",
        pdf.info
    );
    assert!(pdf.contains("Last updated October 10, 2024"));
    // … unless SOURCE_DATE_EPOCH says otherwise (2021-01-01T00:00:00Z), again reproducibly.
    let epoch = [("SOURCE_DATE_EPOCH", "1609459200")];
    let out = cvpdf_env(
        &root,
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            a.path().to_str().unwrap(),
        ],
        &epoch,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let with_epoch = fs::read(a.path().join("zili-zhang.pdf")).unwrap();
    assert!(Pdf::parse(&with_epoch).info["CreationDate"].starts_with("D:20210101"));
    cvpdf_env(
        &root,
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            b.path().to_str().unwrap(),
        ],
        &epoch,
    );
    assert_eq!(
        with_epoch,
        fs::read(b.path().join("zili-zhang.pdf")).unwrap()
    );
}

#[test]
fn a_profile_without_a_date_has_none_in_the_pdf() {
    let out = render_all();
    let pdf = pdf_for(out.path(), &root().join("profiles/liangyu-zhao.yaml"));
    assert!(!pdf.info.contains_key("CreationDate"), "{:?}", pdf.info);
}

#[test]
fn renders_next_to_the_profile_by_default_and_to_a_named_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        dir.path().join("zl.yaml"),
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "zl.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(Pdf::read(&dir.path().join("zl.pdf")).pages, 1);
    let output = cvpdf(dir.path(), &["render", "zl.yaml", "-o", "cv.pdf"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(Pdf::read(&dir.path().join("cv.pdf")).contains("Zhiyao Li"));
}

#[test]
fn typst_source_output_holds_data_and_the_template() {
    let out = tempfile::tempdir().unwrap();
    let output = cvpdf(
        &root(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "--format",
            "typ",
            "-o",
            out.path().to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    // One folder per exported CV: nothing lands beside other files.
    let names: Vec<_> = fs::read_dir(out.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["zili-zhang-typst"]);
    let folder = out.path().join("zili-zhang-typst");
    let main = fs::read_to_string(folder.join("zili-zhang.typ")).unwrap();
    assert!(main.contains("#import \"classic.typ\": cv"), "{main}");
    assert!(main.contains("name: \"Zili Zhang\","));
    assert!(
        main.contains("document_date: datetime(year: 2024, month: 10, day: 10)"),
        "{main}"
    );
    assert_eq!(
        fs::read_to_string(folder.join("classic.typ")).unwrap(),
        cvpdf::template::BUILTIN[0].source
    );
    assert_eq!(
        fs::read_to_string(folder.join("common.typ")).unwrap(),
        cvpdf::template::COMMON
    );
}

#[test]
fn typst_source_never_lands_among_profiles_or_replaces_an_input() {
    // Profiles named like the files Typst source brings along (once overwritten by them),
    // exported next to themselves.
    let dir = tempfile::tempdir().unwrap();
    let profile = fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap();
    for name in ["i18n.yaml", "classic.yaml", "common.yaml"] {
        fs::write(dir.path().join(name), &profile).unwrap();
    }
    let output = cvpdf(dir.path(), &["render", ".", "--format", "typ"]);
    assert!(output.status.success(), "{}", stderr(&output));
    for name in ["i18n.yaml", "classic.yaml", "common.yaml"] {
        assert_eq!(fs::read_to_string(dir.path().join(name)).unwrap(), profile);
        let stem = name.trim_end_matches(".yaml");
        // Issue 25, bug 6: the CV's own source and a file it reads once shared a name, and
        // the source was lost. Now the source steps aside.
        let folder = dir.path().join(format!("{stem}-typst"));
        let main = if stem == "i18n" {
            folder.join("i18n.typ")
        } else {
            folder.join(format!("{stem}-cv.typ"))
        };
        let source = fs::read_to_string(&main).unwrap();
        assert!(
            source.starts_with("// Generated by cvpdf"),
            "{}",
            main.display()
        );
        assert!(
            source.contains("#import \"classic.typ\": cv"),
            "{source:.400}"
        );
        assert_eq!(
            fs::read_to_string(folder.join("common.typ")).unwrap(),
            cvpdf::template::COMMON
        );
        assert!(fs::read_to_string(folder.join("classic.typ"))
            .unwrap()
            .starts_with("// classic.typ"));
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            stderr(&output)
        );
        let shown = main.strip_prefix(dir.path()).unwrap().display().to_string();
        assert!(said.contains(&shown), "{said}");
    }
    assert!(!dir.path().join("common.typ").exists());
    // The folder can be rendered and checked again: no stray i18n.yaml among the profiles.
    let output = cvpdf(dir.path(), &["check", "."]);
    assert!(output.status.success(), "{}", stderr(&output));
    // A file of the user's where the export goes is left alone, and nothing is written.
    let mine = dir.path().join("common-typst/classic.typ");
    fs::write(&mine, "my own notes").unwrap();
    let output = cvpdf(
        dir.path(),
        &["render", "common.yaml", "--format", "typ", "--force"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("classic.typ is in the way and was not written by cvpdf"),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs::read_to_string(&mine).unwrap(), "my own notes");
}

#[test]
fn an_exported_template_the_user_edited_is_never_exported_over() {
    // Issue 25, bug 4: the workflow of docs/styles-and-variants.md (export, edit the template, render with it,
    // export again) lost the edits. With the records and without them (a cleared cache).
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("profiles/zili-zhang.yaml"),
        dir.path().join("zili.yaml"),
    )
    .unwrap();
    let empty_cache = dir.path().join("no-records");
    let cache = empty_cache.to_str().unwrap();
    for (file, records) in [
        ("classic.typ", true),
        ("common.typ", true),
        ("classic.typ", false),
    ] {
        let export = |extra: &[&str]| {
            let mut args = vec!["render", "zili.yaml", "--format", "typ"];
            args.extend_from_slice(extra);
            if records {
                cvpdf(dir.path(), &args)
            } else {
                cvpdf_env(dir.path(), &args, &[("CVPDF_CACHE_DIR", cache)])
            }
        };
        let _ = fs::remove_dir_all(dir.path().join("zili-typst"));
        assert!(export(&[]).status.success());
        let edited = dir.path().join("zili-typst").join(file);
        let mine = format!("{}\n// my edit\n", fs::read_to_string(&edited).unwrap());
        fs::write(&edited, &mine).unwrap();
        let render = cvpdf(
            dir.path(),
            &[
                "render",
                "zili.yaml",
                "--template",
                "zili-typst/classic.typ",
            ],
        );
        assert!(render.status.success(), "{}", stderr(&render));
        for extra in [&[][..], &["--force"][..]] {
            let output = export(extra);
            assert_eq!(output.status.code(), Some(1), "{file}: {}", stderr(&output));
            assert!(
                stderr(&output).contains("is in the way"),
                "{}",
                stderr(&output)
            );
            assert_eq!(fs::read_to_string(&edited).unwrap(), mine, "{file}");
        }
    }
}

#[test]
fn a_file_of_the_users_at_a_path_cvpdf_once_wrote_is_theirs() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ada.yaml"), "name: Ada Example\n").unwrap();
    let output = cvpdf(dir.path(), &["render", "ada.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // The user puts a PDF of their own where the CV was (the manifest still names the path).
    let theirs = b"%PDF-1.7\n% the user's own scan\n%%EOF\n";
    fs::write(dir.path().join("ada.pdf"), theirs).unwrap();
    fs::write(
        dir.path().join("ada.yaml"),
        "name: Ada Example\nheadline: New\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "ada.yaml"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("has changed since cvpdf wrote it"),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs::read(dir.path().join("ada.pdf")).unwrap(), theirs);
}

#[test]
fn a_user_template_is_used_and_its_errors_point_at_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("plain.typ");
    fs::write(
        &good,
        "#let cv(profile, style) = [Plain CV of #profile.name in #style.lang]\n",
    )
    .unwrap();
    let out = dir.path().join("out.pdf");
    let profile = root().join("profiles/zhiyao-li.yaml");
    let args = [
        "render",
        profile.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--template",
        good.to_str().unwrap(),
    ];
    let output = cvpdf(dir.path(), &args);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(Pdf::read(&out).contains("Plain CV of Zhiyao Li in en"));

    let bad = dir.path().join("bad.typ");
    fs::write(&bad, "#let cv(profile, style) = {\n  profile.nmae\n}\n").unwrap();
    let args = [
        "render",
        profile.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--template",
        bad.to_str().unwrap(),
    ];
    let output = cvpdf(dir.path(), &args);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("bad.typ:2:"), "{err}");
    assert!(err.contains("profile.nmae"), "{err}");
    assert!(
        Pdf::read(&out).contains("Plain CV"),
        "the earlier PDF is kept"
    );
}

#[test]
fn a_user_template_named_like_the_default_is_the_users() {
    // The warm-up thread evaluates the built-in classic.typ into Typst's cache while the
    // profiles load; a user's own classic.typ must be the one rendered, and its import of the
    // shared helpers must still work, in a batch on two workers.
    let dir = tempfile::tempdir().unwrap();
    let template = dir.path().join("my templates/classic.typ");
    fs::create_dir_all(template.parent().unwrap()).unwrap();
    fs::write(
        &template,
        "#import \"common.typ\": words\n#let cv(profile, style) = [Own classic of #profile.name, words: #type(words(style))]\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let profiles = root().join("profiles");
    let args = [
        "render",
        profiles.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--template",
        template.to_str().unwrap(),
        "-j",
        "2",
    ];
    let output = cvpdf(dir.path(), &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&out.join("zhiyao-li.pdf"));
    assert!(
        pdf.contains("Own classic of Zhiyao Li, words: dictionary"),
        "the user's template, with the shared helpers"
    );
}

#[test]
fn chinese_japanese_and_korean_render_with_bundled_glyphs_regular_and_bold() {
    let out = tempfile::tempdir().unwrap();
    let profile = root().join("tests/fixtures/cjk.yaml");
    let args = [
        "render",
        profile.to_str().unwrap(),
        "-o",
        out.path().to_str().unwrap(),
        "--no-system-fonts",
    ];
    let output = cvpdf(&root(), &args);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("warning"), "{}", stderr(&output));
    let pdf = Pdf::read(&out.path().join("cjk.pdf"));
    // Institutions are set in bold, degrees in the regular weight.
    for bold in ["國立臺灣大學", "東京大学", "서울대학교"] {
        assert!(
            pdf.contains_in_font(bold, "NotoSansCJKsc-Bold"),
            "{bold} in bold: {:?}",
            pdf.runs
        );
    }
    for regular in [
        "資訊工程學系",
        "情報理工学系研究科",
        "컴퓨터공학부",
        "博士研究生",
    ] {
        assert!(
            pdf.contains_in_font(regular, "NotoSansCJKsc-Regular"),
            "{regular}: {:?}",
            pdf.runs
        );
    }
    assert!(pdf.contains("林美玲"));
    assert!(pdf.info["Keywords"].contains("分布式系统"));
}

/// Guards issue 47: the `--font-path` half fails under `CVPDF_REQUIRE` without DejaVu.
#[test]
fn characters_no_font_has_are_reported_with_their_field() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\nbio: born in თბილისი\n").unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml", "--no-system-fonts"]);
    assert!(
        output.status.success(),
        "a missing glyph is a warning, not an error"
    );
    let err = stderr(&output);
    for part in [
        "no available font has a glyph for 'თ' (U+10D7), 'ბ' (U+10D1)",
        "'ს' (U+10E1)",
        "p.yaml:2:6",
        "bio",
    ] {
        assert!(err.contains(part), "{part:?} missing in {err}");
    }

    // A font directory that has them silences the warning.
    let dejavu = std::path::Path::new("/usr/share/fonts/truetype/dejavu");
    if common::require(
        "dejavu",
        dejavu.is_dir(),
        "rendering with --font-path and DejaVu",
    ) {
        let args = [
            "render",
            "p.yaml",
            "--no-system-fonts",
            "--font-path",
            dejavu.to_str().unwrap(),
        ];
        let output = cvpdf(dir.path(), &args);
        assert!(output.status.success());
        assert!(
            !stderr(&output).contains("no available font"),
            "{}",
            stderr(&output)
        );
        assert!(Pdf::read(&dir.path().join("p.pdf"))
            .fonts
            .iter()
            .any(|f| f.contains("DejaVu")));
    }
}

#[test]
fn a_photo_next_to_the_profile_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["with-photo.yaml", "photo.png", "photo.jpg"] {
        fs::copy(
            root().join("tests/fixtures").join(name),
            dir.path().join(name),
        )
        .unwrap();
    }
    let output = cvpdf(dir.path(), &["render", "with-photo.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(Pdf::read(&dir.path().join("with-photo.pdf")).images, 1);

    // JPEG works too, and --format typ brings the photo along, under cvpdf's own name.
    let yaml = fs::read_to_string(dir.path().join("with-photo.yaml")).unwrap();
    fs::write(
        dir.path().join("with-photo.yaml"),
        yaml.replace("photo.png", "photo.jpg"),
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "with-photo.yaml", "-o", "jpeg.pdf"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(Pdf::read(&dir.path().join("jpeg.pdf")).images, 1);
    let output = cvpdf(
        dir.path(),
        &["render", "with-photo.yaml", "--format", "typ", "-o", "src"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        fs::read(dir.path().join("src/with-photo-typst/cvpdf-photo.jpg")).unwrap(),
        fs::read(dir.path().join("photo.jpg")).unwrap()
    );
}

#[test]
fn a_document_full_of_text_that_breaks_anywhere_is_broken_first_fit() {
    // Issue 25, bug 16: such text cost about a second of optimal line breaking per 19,000
    // characters. The CV keeps every character either way.
    let dir = tempfile::tempdir().unwrap();
    let han: String = "機器學習系統與雲計算研究"
        .chars()
        .cycle()
        .take(5_000)
        .collect();
    let mut text = String::from("name: Ada Example\nexperience:\n");
    for i in 0..5 {
        text.push_str(&format!(
            "  - {{role: R{i}, organization: O, start: 2020, highlights: [\"{han}\"]}}\n"
        ));
    }
    fs::write(dir.path().join("dense.yaml"), &text).unwrap();
    fs::copy(
        root().join("profiles/zili-zhang.yaml"),
        dir.path().join("zili.yaml"),
    )
    .unwrap();
    for (name, breaks) in [("dense", "simple"), ("zili", "optimized")] {
        let output = cvpdf(
            dir.path(),
            &["render", &format!("{name}.yaml"), "--format", "typ"],
        );
        assert!(output.status.success(), "{}", stderr(&output));
        let source =
            fs::read_to_string(dir.path().join(format!("{name}-typst/{name}.typ"))).unwrap();
        assert!(
            source.contains(&format!("linebreaks: \"{breaks}\"")),
            "{name}: {}",
            &source[source.len().saturating_sub(600)..]
        );
    }
    let output = cvpdf(dir.path(), &["render", "dense.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.path().join("dense.pdf"));
    assert_eq!(
        pdf.squashed().matches('機').count(),
        5 * 5_000_usize.div_ceil(12)
    );
}
