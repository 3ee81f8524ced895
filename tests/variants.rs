//! Variants: more CVs from one profile (`--variant`, `default_variants`), page budgets that
//! hold, and translated text picked by the CV's language.

use crate::common;

use std::fs;
use std::path::Path;

use common::{cvpdf, root, stderr, stdout, Pdf};

/// A lab directory with the bundled profiles and configuration in `profiles/`.
fn lab() -> tempfile::TempDir {
    common::temp_lab(true)
}

/// Runs cvpdf and insists that it worked.
fn ok(dir: &Path, args: &[&str]) -> std::process::Output {
    common::succeed(dir, args)
}

/// The PDF's text without its page footers (`footer`, and "page 1 of 3"), which come in
/// other places when the pages break elsewhere.
fn text_without_footers(pdf: &Pdf, footer: &str) -> String {
    let text = pdf.squashed().replace(&common::squash(footer), "");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("page") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 4..];
        let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
        let n = digits(after);
        if n > 0 && after[n..].starts_with("of") && digits(&after[n + 2..]) > 0 {
            rest = &after[n + 2 + digits(&after[n + 2..])..];
        } else {
            out.push_str("page");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_short_variant_keeps_its_page_budget_and_exactly_the_selected_papers() {
    let dir = lab();
    let output = ok(
        dir.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "short",
        ],
    );
    assert!(
        stdout(&output).contains("out/zili-zhang-short.pdf"),
        "{}",
        stdout(&output)
    );
    assert!(
        !dir.path().join("out/zili-zhang.pdf").exists(),
        "only the variant asked for"
    );
    let short = Pdf::read(&dir.path().join("out/zili-zhang-short.pdf"));
    assert!(short.pages <= 2, "{} pages", short.pages);
    let profile: serde_yaml::Value =
        serde_yaml::from_str(&fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap())
            .unwrap();
    let mut selected = 0;
    for paper in profile["publications"].as_sequence().unwrap() {
        let title = paper["title"].as_str().unwrap();
        // Titles are shown with smart punctuation and may be hyphenated: compare a stretch of
        // plain words.
        let words: String = title
            .split(':')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        let shown = short
            .squashed()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
            .contains(&words);
        let is_selected = paper["selected"].as_bool() == Some(true);
        selected += usize::from(is_selected);
        assert_eq!(shown, is_selected, "{title}: shown {shown}");
    }
    assert_eq!(selected, 3, "the bundled profile marks three papers");
    // Exactly the variant's sections, in its order; none of the others.
    assert_eq!(
        short.outline,
        ["Education", "Experience", "Publications", "Honors & Awards"]
    );
    assert!(
        !short.contains("Introduction to Computer System"),
        "teaching left out"
    );
}

/// A profile whose unfitted CV spills a few lines onto page `pages + 1`: liangyu-zhao with as
/// many awards added as make it one page longer, one line at a time.
fn spilling_profile(dir: &Path) -> (String, usize) {
    let base = fs::read_to_string(root().join("profiles/liangyu-zhao.yaml")).unwrap();
    let base = base.replace("\nawards:\n", "\nawards_placeholder:\n");
    assert!(
        !base.contains("awards_placeholder"),
        "liangyu-zhao has no awards"
    );
    let pages_of = |text: &str| {
        fs::write(dir.join("probe.yaml"), text).unwrap();
        ok(dir, &["render", "probe.yaml", "--force", "--quiet"]);
        Pdf::read(&dir.join("probe.pdf")).pages
    };
    let start = pages_of(&base);
    let mut awards = String::from("awards:\n");
    for i in 1..200 {
        awards.push_str(&format!(
            "  - {{title: Award number {i} for work on systems, date: {}}}\n",
            2000 + i % 20
        ));
        let text = format!("{base}{awards}");
        if pages_of(&text) > start {
            fs::remove_file(dir.join("probe.pdf")).unwrap();
            return (text, start);
        }
    }
    panic!("the awards never filled a page");
}

#[test]
fn a_cv_that_spills_onto_one_more_page_is_fitted_back_with_every_fact() {
    let dir = tempfile::tempdir().unwrap();
    let (text, budget) = spilling_profile(dir.path());
    fs::write(dir.path().join("spill.yaml"), &text).unwrap();
    fs::write(
        dir.path().join("cvpdf.yaml"),
        format!("variants:\n  fit:\n    max_pages: {budget}\n"),
    )
    .unwrap();
    let output = ok(dir.path(), &["render", "spill.yaml", "--variant", "all"]);
    let full = Pdf::read(&dir.path().join("spill.pdf"));
    let fitted = Pdf::read(&dir.path().join("spill-fit.pdf"));
    assert_eq!(full.pages, budget + 1, "the premise: it spills");
    assert_eq!(fitted.pages, budget);
    // Every fact is still there: the same text, apart from the footer's page count.
    let footer = "Liangyu Zhao — Curriculum Vitae";
    assert!(full.contains(footer));
    assert_eq!(
        text_without_footers(&fitted, footer),
        text_without_footers(&full, footer)
    );
    assert!(fitted.contains("Award number"), "the awards are there");
    // The tightening is told, and a few lines need little of it: space only.
    let line = stdout(&output)
        .lines()
        .find(|l| l.contains("spill-fit.pdf"))
        .unwrap()
        .to_string();
    assert!(line.contains("tightened to fit"), "{line}");
    assert!(line.contains("type 100%, margins 100%"), "{line}");
    let compiles: usize = line
        .split(" compiles)")
        .next()
        .and_then(|s| s.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(compiles <= 4, "{line}");
}

#[test]
fn a_long_cv_one_page_over_its_budget_loses_one_page_not_six() {
    // Issue 25, bug 14: a 24-page CV with `max_pages: 23` came out as 17 pages at the
    // tightest setting. The budget looks for the loosest setting that fits.
    let dir = tempfile::tempdir().unwrap();
    let mut profile: serde_yaml::Value =
        serde_yaml::from_str(&fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap())
            .unwrap();
    let papers = profile["publications"].as_sequence().unwrap().clone();
    let mut many = Vec::new();
    for round in 0..12 {
        for paper in &papers {
            let mut paper = paper.clone();
            let title = format!("{} ({round})", paper["title"].as_str().unwrap());
            paper["title"] = title.into();
            many.push(paper);
        }
    }
    profile["publications"] = serde_yaml::Value::Sequence(many);
    let write = |budget: usize| {
        let mut profile = profile.clone();
        profile["variants"] =
            serde_yaml::from_str(&format!("{{fit: {{max_pages: {budget}}}}}")).unwrap();
        fs::write(
            dir.path().join("long.yaml"),
            serde_yaml::to_string(&profile).unwrap(),
        )
        .unwrap();
    };
    write(100);
    ok(dir.path(), &["render", "long.yaml"]);
    let pages = Pdf::read(&dir.path().join("long.pdf")).pages;
    assert!(pages >= 8, "{pages} pages");
    for over in [1, 2] {
        write(pages - over);
        let output = ok(
            dir.path(),
            &["render", "long.yaml", "--variant", "fit", "--force"],
        );
        let fitted = Pdf::read(&dir.path().join("long-fit.pdf")).pages;
        let said = stdout(&output);
        assert_eq!(fitted, pages - over, "{said}");
        let compiles: usize = said
            .split(" compiles)")
            .next()
            .and_then(|s| s.rsplit('(').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(compiles <= 7, "{said}");
        // A page or two comes out of vertical space alone.
        assert!(said.contains("type 100%, margins 100%"), "{said}");
    }
}

#[test]
fn an_impossible_budget_fails_with_the_pages_needed_and_the_longest_sections() {
    let dir = lab();
    fs::write(
        dir.path().join("profiles/cvpdf.yaml"),
        "variants:\n  tiny:\n    max_pages: 1\n",
    )
    .unwrap();
    let output = cvpdf(
        dir.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "tiny",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(
        err.contains("(variant tiny) needs 2 pages even at the tightest setting"),
        "{err}"
    );
    assert!(err.contains("its budget is 1 (max_pages: 1)"), "{err}");
    assert!(
        err.contains("the longest sections: Publications ("),
        "{err}"
    );
    assert!(err.contains("not below 9 pt"), "{err}");
    assert!(
        !dir.path().join("out/zili-zhang-tiny.pdf").exists(),
        "nothing is written"
    );
}

/// `text` with every `{en: …, zh: …}` map replaced by its English text.
fn english_only(value: &mut serde_yaml::Value) {
    match value {
        serde_yaml::Value::Mapping(map) => {
            let is_text = map.len() == 2
                && map.contains_key("en")
                && map.contains_key("zh")
                && map.values().all(serde_yaml::Value::is_string);
            if is_text {
                *value = map["en"].clone();
            } else {
                map.values_mut().for_each(english_only);
            }
        }
        serde_yaml::Value::Sequence(items) => items.iter_mut().for_each(english_only),
        _ => {}
    }
}

#[test]
fn the_chinese_variant_is_in_chinese_and_the_english_cv_is_unchanged_byte_for_byte() {
    let dir = lab();
    ok(
        dir.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "full",
            "--variant",
            "zh",
        ],
    );
    // The English CV of the translated profile is the CV of the same profile without any
    // translation.
    let text = fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap();
    assert!(
        text.contains("zh: 北京大学"),
        "the bundled profile is translated"
    );
    let mut plain: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    english_only(&mut plain);
    let english = dir.path().join("english");
    fs::create_dir(&english).unwrap();
    // The same lab (its name is in every footer).
    fs::copy(
        dir.path().join("profiles/cvpdf.yaml"),
        english.join("cvpdf.yaml"),
    )
    .unwrap();
    fs::write(
        english.join("zili-zhang.yaml"),
        serde_yaml::to_string(&plain).unwrap(),
    )
    .unwrap();
    assert!(!fs::read_to_string(english.join("zili-zhang.yaml"))
        .unwrap()
        .contains("北京"));
    ok(dir.path(), &["render", "english/zili-zhang.yaml"]);
    assert_eq!(
        fs::read(dir.path().join("out/zili-zhang.pdf")).unwrap(),
        fs::read(english.join("zili-zhang.pdf")).unwrap(),
        "the English CV changed"
    );

    let zh = Pdf::read(&dir.path().join("out/zili-zhang-zh.pdf"));
    // The education section, in Chinese: title, institution, degree, advisor, place, dates.
    for shown in [
        "教育背景",
        "北京大学",
        "计算机科学与技术 博士研究生",
        "计算机科学与技术 工学学士",
        "金鑫 教授",
        "中国北京",
        "2023 年 9 月",
        "工作经历",
        "阿里巴巴集团",
        "北京大学校长奖学金",
    ] {
        assert!(zh.contains(shown), "{shown:?} not in the Chinese CV");
    }
    assert!(
        !zh.contains("Ph.D. in Computer Science"),
        "degrees are translated"
    );
    assert!(!zh.contains("Research Intern"), "roles are translated");
    // Papers keep their titles: they have no translation, and none is needed.
    assert!(zh.contains("RAGCache: Efficient Knowledge Caching"));
    let english_pdf = Pdf::read(&dir.path().join("out/zili-zhang.pdf"));
    assert!(english_pdf.contains("Peking University") && !english_pdf.contains("北京大学"));
}

#[test]
fn a_translated_custom_section_keeps_its_place_in_every_language() {
    // Issue 25, bug 13: listed first by its English title, it came after education in the
    // Chinese CV; listed by its Chinese title, the profile was refused.
    let dir = tempfile::tempdir().unwrap();
    for (order, name) in [("Patents", "by-en"), ("专利", "by-zh")] {
        fs::write(
            dir.path().join(format!("{name}.yaml")),
            format!(
                "name: Ada Example\neducation: [{{institution: Uni, degree: BSc, start: 2010}}]\n\
                 sections:\n  - title: {{en: Patents, zh: 专利}}\n    entries: [{{title: A Patent}}]\n\
                 section_order: [{order}]\nvariants: {{v: {{sections: [{order}, education]}}}}\n"
            ),
        )
        .unwrap();
        for (lang, section, education) in
            [("en", "Patents", "Education"), ("zh", "专利", "教育背景")]
        {
            let profile = format!("{name}.yaml");
            let render = |extra: &[&str], out: &str| {
                let mut args = vec!["render", profile.as_str(), "--lang", lang, "-o", out];
                args.extend_from_slice(extra);
                ok(dir.path(), &args);
            };
            let out = format!("{name}-{lang}.pdf");
            render(&[], &out);
            let text = Pdf::read(&dir.path().join(&out)).squashed();
            let (at, edu) = (text.find(section), text.find(education));
            assert!(
                at.is_some() && edu.is_some() && at < edu,
                "{name} {lang}: {text}"
            );
            // A variant's sections name it in either language too (the probe's bug B1).
            render(&["--variant", "v"], &format!("{name}-{lang}-x.pdf"));
            let written = dir.path().join(format!("{name}-{lang}-x-v.pdf"));
            let text = Pdf::read(&written).squashed();
            assert!(text.contains(section), "{name} {lang} v: {text}");
        }
    }
}

#[test]
fn untranslated_fields_are_one_warning_or_with_strict_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("ada.yaml"),
        "name: Ada\neducation:\n  - institution: {en: University of London, zh: 伦敦大学}\n    degree: {en: B.A. in Mathematics, de: B.A. Mathematik}\n    location: {en: London}\n",
    )
    .unwrap();
    let output = ok(dir.path(), &["render", "ada.yaml", "--lang", "zh"]);
    let err = stderr(&output);
    assert_eq!(err.matches("no zh translation").count(), 1, "{err}");
    assert!(
        err.contains("2 fields have no zh translation, shown in en: education[0].degree, education[0].location"),
        "{err}"
    );
    let pdf = Pdf::read(&dir.path().join("ada.pdf"));
    assert!(pdf.contains("伦敦大学") && pdf.contains("B.A. in Mathematics"));
    // German falls back to English too, and the German text is shown in German.
    ok(
        dir.path(),
        &["render", "ada.yaml", "--lang", "de", "-o", "de.pdf"],
    );
    assert!(Pdf::read(&dir.path().join("de.pdf")).contains("B.A. Mathematik"));

    let output = cvpdf(
        dir.path(),
        &[
            "render",
            "ada.yaml",
            "--lang",
            "zh",
            "--strict",
            "-o",
            "strict.pdf",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("this text has no zh translation"), "{err}");
    assert!(err.contains("ada.yaml:4:13"), "located at the field: {err}");
    assert!(!dir.path().join("strict.pdf").exists());
    // `check` tells the same, for the lab's language and each variant's.
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "variants:\n  zh:\n    lang: zh\n",
    )
    .unwrap();
    let output = ok(dir.path(), &["check", "ada.yaml"]);
    assert!(
        stderr(&output).contains("ada.yaml (variant zh): 2 fields have no zh translation"),
        "{}",
        stderr(&output)
    );
    let output = cvpdf(dir.path(), &["check", "ada.yaml", "--strict"]);
    assert_eq!(output.status.code(), Some(1));
    // The same from the configuration.
    fs::write(dir.path().join("cvpdf.yaml"), "lang: zh\nstrict: true\n").unwrap();
    let output = cvpdf(dir.path(), &["render", "ada.yaml", "-o", "strict.pdf"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
}

#[test]
fn an_unknown_variant_is_a_usage_error_with_a_suggestion() {
    let dir = lab();
    let output = cvpdf(
        dir.path(),
        &["render", "profiles", "-o", "out", "--variant", "shrot"],
    );
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("unknown variant \"shrot\", did you mean \"short\"?"),
        "{err}"
    );
    assert!(
        !dir.path().join("out").exists(),
        "nothing planned, nothing made"
    );
    let output = cvpdf(
        dir.path(),
        &["render", "profiles", "-o", "out", "--variant", "grant"],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("the variants are: all, full, short, zh"),
        "{}",
        stderr(&output)
    );
    // Bad definitions are errors at their line, with the rules.
    fs::write(
        dir.path().join("profiles/cvpdf.yaml"),
        "variants:\n  Short/2:\n    max_pages: 2\n  ok:\n    sections: [educaton]\n    lang: zz\ndefault_variants: [okk]\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "profiles", "-o", "out"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("\"Short/2\" cannot name a variant"), "{err}");
    assert!(err.contains("variants.ok.sections[0]"), "{err}");
    assert!(err.contains("did you mean \"education\""), "{err}");
    assert!(err.contains("variants.ok.lang"), "{err}");
    assert!(
        err.contains("unknown variant \"okk\", did you mean \"ok\"?"),
        "{err}"
    );
}

#[test]
fn a_batch_renders_the_default_variants_and_remembers_each() {
    let dir = lab();
    let config = dir.path().join("profiles/cvpdf.yaml");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(&config, format!("{text}default_variants: [short]\n")).unwrap();
    let output = ok(
        dir.path(),
        &["render", "profiles", "-o", "out", "--jobs", "2"],
    );
    let names = ["liangyu-zhao", "yihao-zhao", "zhiyao-li", "zili-zhang"];
    for name in names {
        for file in [format!("out/{name}.pdf"), format!("out/{name}-short.pdf")] {
            assert!(
                dir.path().join(&file).is_file(),
                "{file}: {}",
                stdout(&output)
            );
        }
        assert!(!dir.path().join(format!("out/{name}-zh.pdf")).exists());
    }
    // Each CV is remembered on its own: nothing to do, then only the one that went.
    let again = ok(dir.path(), &["render", "profiles", "-o", "out"]);
    assert!(
        stderr(&again).contains("0 rendered, 8 unchanged"),
        "{}",
        stderr(&again)
    );
    fs::remove_file(dir.path().join("out/yihao-zhao-short.pdf")).unwrap();
    let again = ok(dir.path(), &["render", "profiles", "-o", "out"]);
    assert!(
        stderr(&again).contains("1 rendered, 7 unchanged"),
        "{}",
        stderr(&again)
    );
    assert!(stdout(&again).contains("out/yihao-zhao-short.pdf"));
    // `all` adds every variant.
    ok(
        dir.path(),
        &["render", "profiles", "-o", "out", "--variant", "all"],
    );
    assert!(dir.path().join("out/zhiyao-li-zh.pdf").is_file());
}

#[test]
fn a_profile_changes_a_lab_variant_key_by_key_and_defines_its_own() {
    let dir = lab();
    let path = dir.path().join("profiles/zili-zhang.yaml");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(
        &path,
        format!("{text}variants:\n  short:\n    publications: {{since: 2024}}\n  de:\n    lang: de\n    template: modern\n"),
    )
    .unwrap();
    ok(
        dir.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "all",
        ],
    );
    let short = Pdf::read(&dir.path().join("out/zili-zhang-short.pdf"));
    // Its own publications (2024 onwards), the lab's sections and budget.
    assert!(
        short.contains("RLHFuse") && !short.contains("Ditto"),
        "since 2024"
    );
    assert!(short.pages <= 2);
    assert!(!short.contains("Introduction to Computer System"));
    let de = Pdf::read(&dir.path().join("out/zili-zhang-de.pdf"));
    assert_eq!(de.outline.first().map(String::as_str), Some("Ausbildung"));
    // Others in the lab have no `de`: asking for it renders only those who have it.
    let output = ok(
        dir.path(),
        &["render", "profiles", "-o", "only", "--variant", "de"],
    );
    let written: Vec<_> = fs::read_dir(dir.path().join("only")).unwrap().collect();
    assert_eq!(written.len(), 1, "{}", stdout(&output));
    // A profile's variant may not name a template file.
    fs::write(
        &path,
        format!("{text}variants:\n  mine:\n    template: ../evil.typ\n"),
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["check", "profiles/zili-zhang.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("variants.mine.template"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_variant_with_nothing_in_a_section_leaves_the_section_out() {
    let dir = lab();
    fs::write(
        dir.path().join("profiles/cvpdf.yaml"),
        "variants:\n  future:\n    publications: {since: 2090}\n  newest:\n    publications: {newest: 2}\n",
    )
    .unwrap();
    ok(
        dir.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "all",
        ],
    );
    let future = Pdf::read(&dir.path().join("out/zili-zhang-future.pdf"));
    assert!(
        !future.outline.iter().any(|t| t == "Publications"),
        "{:?}",
        future.outline
    );
    assert!(!future.contains("Conference Papers"));
    let newest = Pdf::read(&dir.path().join("out/zili-zhang-newest.pdf"));
    // The two newest: RLHFuse (Sep 2024) and DistTrain (Aug 2024), numbered 2 and 1.
    assert!(newest.contains("[2]RLHFuse") && newest.contains("[1]DistTrain"));
    assert!(!newest.contains("dLoRA"));
}

#[test]
fn a_variant_output_that_collides_with_another_profile_is_refused() {
    let dir = lab();
    fs::copy(
        root().join("profiles/liangyu-zhao.yaml"),
        dir.path().join("profiles/zili-zhang-short.yaml"),
    )
    .unwrap();
    let output = cvpdf(
        dir.path(),
        &["render", "profiles", "-o", "out", "--variant", "all"],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("would both be written to out/zili-zhang-short.pdf"),
        "{}",
        stderr(&output)
    );
}

/// Guards issue 47: each round read whole, up to the idle line watch prints.
#[test]
fn watch_renders_variants_and_follows_their_profile() {
    let dir = lab();
    let watch = crate::common::watch::Watch::with_args(
        dir.path(),
        &[
            "watch",
            "profiles/zili-zhang.yaml",
            "-o",
            "out",
            "--variant",
            "short",
            "--variant",
            "zh",
        ],
    );
    let round = || watch.idle();
    let first = round().join("\n");
    assert!(first.contains("out/zili-zhang-short.pdf"), "{first}");
    assert!(first.contains("out/zili-zhang-zh.pdf"), "{first}");
    let path = dir.path().join("profiles/zili-zhang.yaml");
    let text = fs::read_to_string(&path).unwrap();
    let temp = path.with_extension("swp");
    fs::write(&temp, text.replace("zh: 阶跃星辰", "zh: 阶跃星辰公司")).unwrap();
    fs::rename(&temp, &path).unwrap();
    let edited = round().join("\n");
    assert!(edited.contains("out/zili-zhang-zh.pdf"), "{edited}");
    drop(watch);
    assert!(Pdf::read(&dir.path().join("out/zili-zhang-zh.pdf")).contains("阶跃星辰公司"));
    assert!(!dir.path().join("out/zili-zhang.pdf").exists());
}

#[test]
fn strict_names_a_report_of_untranslated_texts_and_counts_the_rest() {
    // Issue 24, bug 10: every untranslated text was an error of its own (20,000 took 31 s).
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("name: Ada\npublications:\n");
    for i in 0..300 {
        text.push_str(&format!(
            "  - {{title: {{en: Paper {i}, fr: Papier {i}}}, authors: [Ada], year: 2020}}\n"
        ));
    }
    fs::write(dir.path().join("ada.yaml"), text).unwrap();
    let output = cvpdf(
        dir.path(),
        &["check", "ada.yaml", "--lang", "de", "--strict"],
    );
    assert!(!output.status.success());
    let err = stderr(&output);
    assert_eq!(
        err.matches("this text has no de translation").count(),
        49,
        "{err}"
    );
    assert!(
        err.contains("251 more texts have no de translation"),
        "{err}"
    );
}

#[test]
fn an_untranslated_text_is_said_to_be_shown_in_the_language_it_is_shown_in() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("ada.yaml"),
        "name: Ada\nheadline: {de: Mathematikerin}\nbio: {zh: 数学家, en: Mathematician}\n",
    )
    .unwrap();
    // Only German: shown in German, and said so (not "in en").
    let output = ok(dir.path(), &["render", "ada.yaml", "--lang", "fr"]);
    let err = stderr(&output);
    assert!(
        err.contains("2 fields have no fr translation, each shown in the language written: headline (de), bio (en)"),
        "{err}"
    );
    let output = ok(dir.path(), &["render", "ada.yaml", "--lang", "en"]);
    let err = stderr(&output);
    assert!(
        err.contains("1 field has no en translation, shown in de: headline"),
        "{err}"
    );
    assert!(Pdf::read(&dir.path().join("ada.pdf")).contains("Mathematikerin"));
}

#[test]
fn a_variant_some_profiles_lack_is_rendered_for_the_others_and_the_rest_are_named() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("ann.yaml"),
        "name: Ann\nvariants:\n  short: {max_pages: 1}\n",
    )
    .unwrap();
    fs::write(dir.path().join("bob.yaml"), "name: Bob\n").unwrap();
    fs::write(dir.path().join("cy.yaml"), "name: Cy\n").unwrap();
    let output = ok(
        dir.path(),
        &["render", ".", "--variant", "short", "-o", "out"],
    );
    let err = stderr(&output);
    assert!(
        err.contains("--variant short: 2 profiles do not define it (nor do their labs), so they get no such CV: ./bob.yaml, ./cy.yaml"),
        "{err}"
    );
    assert!(dir.path().join("out/ann-short.pdf").is_file());
    assert!(!dir.path().join("out/bob-short.pdf").exists());
}
