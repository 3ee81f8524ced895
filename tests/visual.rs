//! Visual regression: every template renders the full fixture profile into page images that
//! must match the references in `tests/references/` within a small tolerance. A mismatch writes
//! the actual page and a diff image to `target/visual-diff/` for a reviewer to look at.
//! `UPDATE_REFERENCES=1 cargo test --release visual::` rewrites the references and the
//! README's gallery (`docs/gallery/`) after an intended change.
//!
//! Layout checks: no text runs into the side margins, and no last page is left with only the
//! footer on it.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use cvpdf::profile;
use cvpdf::render::{png_pages, Renderer};
use cvpdf::style::{Overrides, Style};
use typst::layout::{Frame, FrameItem, Point};
use typst_layout::PagedDocument;

use common::{bundled_profiles, root};

/// The templates with their side and bottom margins in points.
const TEMPLATES: &[(&str, f64, f64)] = &[
    ("classic", 2.0 * CM, 2.1 * CM),
    ("modern", 1.8 * CM, 2.0 * CM),
    ("compact", 1.5 * CM, 1.5 * CM),
];
const CM: f64 = 72.0 / 2.54;
/// Resolution of the reference images: enough to see any layout change, small in the repo.
const PPI: f32 = 40.0;
/// Resolution of the gallery images in the README.
const GALLERY_PPI: f32 = 80.0;

fn compile(renderer: &Renderer, profile: &Path, template: &str, lang: &str) -> PagedDocument {
    let loaded = profile::load(profile).unwrap_or_else(|r| panic!("{}", r.short()));
    let overrides = Overrides {
        template: Some(template.into()),
        lang: Some(lang.into()),
        ..Overrides::default()
    };
    let style: Style = cvpdf::style::load_style(None, &overrides, renderer.fonts()).unwrap();
    match renderer.compile(&loaded, &style) {
        Ok(compiled) => compiled.document,
        Err(e) => panic!("{}", e.detail()),
    }
}

fn updating() -> bool {
    std::env::var_os("UPDATE_REFERENCES").is_some()
}

/// How the page `actual_png` differs from the image at `reference` (more than 0.1% of its
/// pixels).
fn compare(actual_png: &[u8], reference: &Path, name: &str) -> Option<String> {
    let actual = image::load_from_memory(actual_png).unwrap().to_rgba8();
    common::compare(&actual, reference, name, 0.001)
}

#[test]
fn templates_match_their_reference_images() {
    let renderer = common::test_renderer();
    let fixture = root().join("tests/fixtures/full.yaml");
    let mut failures = Vec::new();
    let mut cases: Vec<(&str, &str)> = TEMPLATES.iter().map(|(t, _, _)| (*t, "en")).collect();
    // A language of each kind: CJK, Latin with its own dates and quotes, Cyrillic.
    cases.extend([
        ("classic", "zh"),
        ("modern", "ja"),
        ("classic", "fr"),
        ("compact", "ru"),
    ]);
    for (template, lang) in cases {
        let document = compile(&renderer, &fixture, template, lang);
        let pages = png_pages(&document, PPI).unwrap();
        let dir = root().join("tests/references");
        let prefix = format!("{template}-{lang}");
        if updating() {
            fs::create_dir_all(&dir).unwrap();
            for old in fs::read_dir(&dir).unwrap().flatten() {
                if old
                    .file_name()
                    .to_string_lossy()
                    .starts_with(&format!("{prefix}-p"))
                {
                    fs::remove_file(old.path()).unwrap();
                }
            }
            for (i, png) in pages.iter().enumerate() {
                fs::write(dir.join(format!("{prefix}-p{}.png", i + 1)), png).unwrap();
            }
            continue;
        }
        let expected_pages = fs::read_dir(&dir)
            .map(|d| {
                d.flatten()
                    .filter(|e| {
                        e.file_name()
                            .to_string_lossy()
                            .starts_with(&format!("{prefix}-p"))
                    })
                    .count()
            })
            .unwrap_or(0);
        if expected_pages != pages.len() {
            failures.push(format!(
                "{prefix}: {} pages instead of {expected_pages}",
                pages.len()
            ));
        }
        for (i, png) in pages.iter().enumerate() {
            let name = format!("{prefix}-p{}", i + 1);
            failures.extend(compare(png, &dir.join(format!("{name}.png")), &name));
        }
    }
    assert!(
        failures.is_empty(),
        "visual differences:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_readme_gallery_shows_the_current_templates() {
    let renderer = common::test_renderer();
    let profile = root().join("profiles/zili-zhang.yaml");
    let mut failures = Vec::new();
    for (template, _, _) in TEMPLATES {
        let document = compile(&renderer, &profile, template, "en");
        let pages = png_pages(&document, GALLERY_PPI).unwrap();
        let path = root().join(format!("docs/gallery/{template}.png"));
        if updating() {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, &pages[0]).unwrap();
            continue;
        }
        failures.extend(compare(&pages[0], &path, &format!("gallery-{template}")));
    }
    assert!(
        failures.is_empty(),
        "the gallery is stale:\n{}",
        failures.join("\n")
    );
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    for (template, _, _) in TEMPLATES {
        assert!(
            readme.contains(&format!("docs/gallery/{template}.png")),
            "README does not show {template}"
        );
    }
}

#[test]
fn the_readme_shows_the_three_cvs_of_one_profile() {
    // Through the binary, as a user makes them: the full CV and the bundled lab's two variants.
    let dir = tempfile::tempdir().unwrap();
    let output = common::cvpdf(
        &root(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "--variant",
            "all",
            "-f",
            "png",
            "--ppi",
            &GALLERY_PPI.to_string(),
            "--force",
            "-o",
            dir.path().to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let mut failures = Vec::new();
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    // The full CV is the classic template's gallery image.
    for (name, image) in [
        ("zili-zhang", "classic"),
        ("zili-zhang-short", "zili-zhang-short"),
        ("zili-zhang-zh", "zili-zhang-zh"),
    ] {
        let page = fs::read(dir.path().join(format!("{name}-1.png"))).unwrap();
        let path = root().join(format!("docs/gallery/{image}.png"));
        assert!(
            readme.contains(&format!("docs/gallery/{image}.png")),
            "README does not show {name}"
        );
        if updating() {
            fs::write(&path, &page).unwrap();
            continue;
        }
        failures.extend(compare(&page, &path, &format!("gallery-{name}")));
    }
    assert!(
        failures.is_empty(),
        "the gallery is stale:\n{}",
        failures.join("\n")
    );
}

/// Every text run of a frame with its page position: (left, right, baseline) in points, and
/// its text. `right` is where the ink ends: trailing spaces are not counted, and neither is a
/// final hyphen or punctuation mark, which Typst lets hang into the margin on purpose
/// (optical margin alignment).
fn text_runs(frame: &Frame, offset: Point, out: &mut Vec<(f64, f64, f64, String)>) {
    for (pos, item) in frame.items() {
        let at = offset + *pos;
        match item {
            FrameItem::Group(group) => {
                let shifted = at + Point::new(group.transform.tx, group.transform.ty);
                text_runs(&group.frame, shifted, out);
            }
            FrameItem::Text(text) => {
                let mut right = at.x + text.width();
                for glyph in text.glyphs.iter().rev() {
                    let c = text.text[glyph.range()].chars().next().unwrap_or(' ');
                    if c.is_whitespace() || "-\u{ad}\u{2010}–—,.;:!?)\"'’”".contains(c) {
                        right -= glyph.x_advance.at(text.size);
                    } else {
                        break;
                    }
                }
                out.push((
                    at.x.to_pt(),
                    right.to_pt(),
                    at.y.to_pt(),
                    text.text.to_string(),
                ));
            }
            _ => {}
        }
    }
}

/// What the margin check finds wrong on a page.
fn margin_problems(frame: &Frame, side: f64) -> Vec<String> {
    let width = frame.width().to_pt();
    let mut runs = Vec::new();
    text_runs(frame, Point::zero(), &mut runs);
    runs.iter()
        .filter(|(left, right, _, _)| *left < side - 0.5 || *right > width - side + 0.5)
        .map(|(left, right, _, text)| {
            format!("text {text:?} from {left:.1} to {right:.1} pt leaves the {side:.1} pt margins")
        })
        .collect()
}

#[test]
fn the_margin_check_catches_an_overflowing_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.yaml");
    fs::write(
        &path,
        format!("name: A\nbio: \"{}\"\n", "0123456789".repeat(12)),
    )
    .unwrap();
    let document = compile(&common::test_renderer(), &path, "classic", "en");
    assert!(!margin_problems(&document.pages()[0].frame, 2.0 * CM).is_empty());
}

#[test]
fn no_text_overflows_the_margins_and_no_page_is_left_empty() {
    let renderer = common::test_renderer();
    let mut profiles: Vec<PathBuf> = bundled_profiles();
    profiles.push(root().join("tests/fixtures/full.yaml"));
    profiles.push(root().join("tests/fixtures/cjk.yaml"));
    let mut failures = Vec::new();
    for (template, side, bottom) in TEMPLATES {
        for lang in ["en", "zh"] {
            for profile in &profiles {
                let document = compile(&renderer, profile, template, lang);
                let name = format!(
                    "{template}/{lang}/{}",
                    profile.file_stem().unwrap().to_string_lossy()
                );
                let pages = document.pages();
                for (number, page) in pages.iter().enumerate() {
                    let height = page.frame.height().to_pt();
                    for problem in margin_problems(&page.frame, *side) {
                        failures.push(format!("{name} page {}: {problem}", number + 1));
                    }
                    let mut runs = Vec::new();
                    text_runs(&page.frame, Point::zero(), &mut runs);
                    let body = runs
                        .iter()
                        .filter(|(_, _, y, _)| *y < height - bottom)
                        .count();
                    if body == 0 {
                        failures.push(format!(
                            "{name}: page {} has nothing but its footer",
                            number + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_comparison_notices_a_changed_page() {
    let references = root().join("tests/references");
    let classic = fs::read(references.join("classic-en-p1.png")).unwrap();
    assert_eq!(
        compare(&classic, &references.join("classic-en-p1.png"), "same"),
        None
    );
    let verdict = compare(
        &classic,
        &references.join("modern-en-p1.png"),
        "control-classic-vs-modern",
    );
    assert!(verdict.is_some_and(|v| v.contains("pixels differ")));
}
