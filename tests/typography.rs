//! Typography a typesetter would sign: smart punctuation from profile text, icons in the
//! header (bundled, subset, no text of their own), phones as `tel:` links, no one-word last
//! lines in titles, and every language's words, dates and quotation marks.

use crate::common;

use std::path::Path;

use common::{bundled_profiles, cvpdf, root, squash, stderr, Pdf};

/// Renders `inputs` with `args` into a new directory.
fn render(dir: &Path, inputs: &str, args: &[&str]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let mut all = vec!["render", inputs, "-o", out.path().to_str().unwrap()];
    all.extend_from_slice(args);
    let output = cvpdf(dir, &all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    out
}

fn pdf_of(out: &Path, profile: &Path) -> Pdf {
    let stem = profile.file_stem().unwrap().to_str().unwrap();
    Pdf::read(&out.join(format!("{stem}.pdf")))
}

/// Whether the PDF embeds a subset (`ABCDEF+Name-Identity-H`) of the font `name`.
fn embeds_subset(pdf: &Pdf, name: &str) -> bool {
    !subset_tags(pdf, name).is_empty()
}

/// The subset tags (the six capitals `ABCDEF` of `ABCDEF+name`, or of
/// `ABCDEF+name-Identity-H`) of the embedded subsets of the face `name`.
fn subset_tags(pdf: &Pdf, name: &str) -> std::collections::BTreeSet<String> {
    pdf.fonts
        .iter()
        .filter_map(|f| {
            let (tag, rest) = f.split_once('+')?;
            let base = rest.strip_suffix("-Identity-H").unwrap_or(rest);
            let is_tag = tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase());
            (is_tag && base == name).then(|| tag.to_string())
        })
        .collect()
}

#[test]
fn bundled_profiles_have_smart_punctuation_icons_and_phone_links() {
    // The profiles do hold straight quotes (students', OSDI'24), so the check means something.
    let typed: String = bundled_profiles()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(typed.contains("students'") && typed.contains("OSDI'24"));

    for template in ["classic", "modern", "compact"] {
        let out = render(&root(), "profiles/", &["--template", template]);
        for profile in bundled_profiles() {
            let pdf = pdf_of(out.path(), &profile);
            let text = pdf.page_text.concat();
            let name = profile.display();
            assert!(
                !text.contains(['\'', '"']),
                "{template} {name}: a straight quote in {text:?}"
            );
            // Icons add no text: no private-use characters, nothing but white space.
            assert!(
                !text.chars().any(|c| ('\u{e000}'..='\u{f8ff}').contains(&c)),
                "{template} {name}: private-use characters in the text"
            );
            assert!(
                embeds_subset(&pdf, "cvpdfIcons"),
                "{template} {name}: no icon face in {:?}",
                pdf.fonts
            );
        }
        let zili = pdf_of(out.path(), &root().join("profiles/zili-zhang.yaml"));
        assert!(zili.contains("students’ homework") && zili.contains("OSDI’24"));
        assert!(
            zili.links.iter().any(|l| l == "tel:+8618810396278"),
            "{template}: {:?}",
            zili.links
        );
        // "(+86) 18810396278" is shown as typed.
        assert!(zili.contains("(+86) 18810396278"));
    }
}

#[test]
fn every_kind_of_link_has_its_icon() {
    let lab = tempfile::tempdir().unwrap();
    std::fs::write(
        lab.path().join("all.yaml"),
        "name: Ada O'Brien\ncontact: {email: ada@example.org, phone: +44 20 7946 0958 ext. 12, website: ada.example.org, address: London}\nlinks:\n  - {kind: github, url: https://github.com/ada}\n  - {kind: google-scholar, url: https://scholar.google.com/citations?user=x}\n  - {kind: orcid, url: https://orcid.org/0000-0002-1825-0097}\n  - {kind: dblp, url: https://dblp.org/pid/1/1}\n  - {kind: linkedin, url: https://www.linkedin.com/in/ada}\n  - {kind: x, url: https://x.com/ada}\n  - {kind: other, url: https://example.org/more, label: More}\n",
    )
    .unwrap();
    std::fs::write(
        lab.path().join("email.yaml"),
        "name: Ada O'Brien\ncontact: {email: ada@example.org}\n",
    )
    .unwrap();
    for template in ["classic", "modern", "compact"] {
        let out = render(lab.path(), "all.yaml", &["--template", template]);
        let pdf = Pdf::read(&out.path().join("all.pdf"));
        for face in ["cvpdfIcons", "Academicons"] {
            assert!(
                embeds_subset(&pdf, face),
                "{template}: {face} in {:?}",
                pdf.fonts
            );
        }
        // Font Awesome's solid and brand icons come from one face, embedded once: its subset
        // holds more than the e-mail's icon alone (the subset's tag names its glyphs).
        let tags = subset_tags(&pdf, "cvpdfIcons");
        assert_eq!(tags.len(), 1, "{template}: {:?}", pdf.fonts);
        let email = render(lab.path(), "email.yaml", &["--template", template]);
        let email = Pdf::read(&email.path().join("email.pdf"));
        assert_ne!(tags, subset_tags(&email, "cvpdfIcons"), "{template}");
        assert!(pdf.contains("Ada O’Brien"));
        assert!(
            pdf.links.iter().any(|l| l == "tel:+442079460958;ext=12"),
            "{:?}",
            pdf.links
        );
    }
}

#[test]
fn icons_carry_no_text_pass_pdf_ua_and_can_be_turned_off() {
    let lab = tempfile::tempdir().unwrap();
    let profile = std::fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap();
    std::fs::write(lab.path().join("zili.yaml"), profile).unwrap();
    let with = render(lab.path(), "zili.yaml", &["--pdf-standard", "ua-1"]);
    let with = Pdf::read(&with.path().join("zili.pdf"));
    assert!(embeds_subset(&with, "cvpdfIcons"));

    std::fs::write(lab.path().join("cvpdf.yaml"), "icons: false\n").unwrap();
    let without = render(lab.path(), "zili.yaml", &[]);
    let without = Pdf::read(&without.path().join("zili.pdf"));
    assert!(
        without.fonts.iter().all(|f| !f.contains("Icons")),
        "{:?}",
        without.fonts
    );
    // The same words either way (without icons, middle dots set the items apart): an icon is
    // decoration, not text.
    assert_eq!(with.squashed(), without.squashed().replace('·', ""));
    assert!(with.contains("zzlcs@pku.edu.cn(+86)18810396278zilizhang.siteGold-Sea"));
}

#[test]
fn titles_never_end_on_a_one_word_line() {
    // At classic's measure this title would leave "Pipelining" alone on its last line.
    let out = render(&root(), "profiles/zili-zhang.yaml", &[]);
    let pdf = Pdf::read(&out.path().join("zili-zhang.pdf"));
    let text = pdf.page_text.concat();
    let line = text
        .lines()
        .find(|l| l.contains("Pipelining"))
        .expect("the title");
    assert!(line.contains("Reordered Pipelining"), "{line:?} in\n{text}");
}

#[test]
fn every_language_renders_the_richest_profile_in_its_own_words() {
    let words: serde_yaml::Mapping = serde_yaml::from_str(cvpdf::template::I18N).unwrap();
    let lab = tempfile::tempdir().unwrap();
    std::fs::write(
        lab.path().join("q.yaml"),
        "name: Q\nbio: 'The \"best\" paper, \"Ada''s\" code -- 2019--2020...'\n",
    )
    .unwrap();
    for (lang, t) in &words {
        let lang = lang.as_str().unwrap();
        let out = render(&root(), "profiles/zili-zhang.yaml", &["--lang", lang]);
        let pdf = Pdf::read(&out.path().join("zili-zhang.pdf"));
        let word = |path: &[&str]| {
            let mut v = t;
            for key in path {
                v = &v[*key];
            }
            v.as_str().unwrap().to_string()
        };
        for section in [
            "education",
            "experience",
            "publications",
            "awards",
            "teaching",
        ] {
            let title = word(&["sections", section]);
            assert!(pdf.outline.contains(&title), "{lang}: {title}");
        }
        // "Sep 2023 – Present" as the language writes it (`sept. 2023 – aujourd’hui`).
        let month = t["months"][8].as_str().unwrap();
        let start = word(&["date_month"])
            .replace("{month}", month)
            .replace("{year}", "2023");
        let range = format!("{start}–{}", word(&["present"]));
        assert!(pdf.contains(&range), "{lang}: {range:?} not in the PDF");
        let last = format!("{}", pdf.pages);
        let footer = word(&["page"])
            .replace("{n}", &last)
            .replace("{total}", &last);
        assert!(pdf.contains(&footer), "{lang}: {footer:?}");
        // Japanese and Korean are set in the bundled CJK face, with a real bold.
        if lang == "ja" || lang == "ko" {
            assert!(
                embeds_subset(&pdf, "NotoSansCJKsc-Bold"),
                "{lang}: {:?}",
                pdf.fonts
            );
        }

        // The language's quotation marks.
        let out = render(lab.path(), "q.yaml", &["--lang", lang]);
        let pdf = Pdf::read(&out.path().join("q.pdf"));
        let q = |i: usize| t["quotes"][i].as_str().unwrap().to_string();
        let want = format!(
            "The {}best{} paper, {}Ada’s{} code – 2019–2020…",
            q(0),
            q(1),
            q(0),
            q(1)
        );
        assert!(
            pdf.contains(&want),
            "{lang}: {:?} not in {:?}",
            squash(&want),
            pdf.squashed()
        );
    }
}

#[test]
fn templates_lists_the_languages() {
    let output = cvpdf(&root(), &["templates"]);
    let out = String::from_utf8_lossy(&output.stdout);
    for line in [
        "classic",
        "fr         Français",
        "ko         한국어",
        "ru         Русский",
    ] {
        assert!(out.contains(line), "{line:?} not in\n{out}");
    }
}

#[test]
fn a_template_written_before_icons_still_renders_its_contact_line() {
    let lab = tempfile::tempdir().unwrap();
    std::fs::write(
        lab.path().join("mine.typ"),
        "#import \"common.typ\": *\n#let cv(p, style) = contact-items(p).join(\" / \")\n",
    )
    .unwrap();
    std::fs::write(
        lab.path().join("p.yaml"),
        "name: P\ncontact: {email: p@example.org, phone: \"123 456\"}\n",
    )
    .unwrap();
    let out = render(lab.path(), "p.yaml", &["--template", "mine.typ"]);
    let pdf = Pdf::read(&out.path().join("p.pdf"));
    assert!(pdf.contains("p@example.org/123 456"), "{:?}", pdf.page_text);
    assert!(pdf.fonts.iter().all(|f| !f.contains("Icons")));
}

#[test]
fn two_column_rows_keep_each_date_beside_its_title_across_pages() {
    // The templates set an entry's or an award's date beside it without a grid (each part
    // laid out once); eighty awards must cross a page break row by row, each date level with
    // its title, and a place wider than the page must wrap inside it rather than run off.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "name: Ada Example\neducation:\n  - institution: Example University\n    degree: PhD\n    start: 2019\n    end: 2024\n    location: \"",
    );
    text.push_str(&"Somewhere ".repeat(60));
    text.push_str("\"\nawards:\n");
    for i in 0..80 {
        text.push_str(&format!(
            "  - title: Award{i:02} for a rather long and descriptive achievement of the year\n    date: {}\n",
            1900 + i
        ));
    }
    std::fs::write(dir.path().join("rows.yaml"), text).unwrap();
    for template in ["classic", "compact", "modern"] {
        let out = render(dir.path(), "rows.yaml", &["--template", template]);
        let pdf = pdf_of(out.path(), Path::new("rows.yaml"));
        assert!(pdf.pages >= 2, "{template}: the awards cross a page break");
        let (width, _) = pdf.page_size;
        for run in &pdf.placed {
            assert!(
                (0.0..width).contains(&run.x),
                "{template}: {:?} starts outside the page",
                run.text
            );
        }
        assert_eq!(
            squash(&pdf.page_text.concat()).matches("Somewhere").count(),
            60,
            "{template}: every word of the place is shown"
        );
        for i in 0..80 {
            let find = |needle: &str| {
                pdf.placed
                    .iter()
                    .find(|run| run.text.contains(needle))
                    .unwrap_or_else(|| panic!("{template}: no {needle:?}"))
            };
            let (title, date) = (find(&format!("Award{i:02}")), find(&(1900 + i).to_string()));
            assert_eq!(
                title.page, date.page,
                "{template}: award {i} split over pages"
            );
            assert!(
                (title.y - date.y).abs() < 3.0,
                "{template}: award {i}'s date at {} beside its title at {}",
                date.y,
                title.y
            );
        }
    }
}
