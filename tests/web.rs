//! Issue 50: the CV as a web page (`-f html`) and as CommonMark (`-f md`), made from the same
//! data as the PDF. The HTML is read as a browser would (headless Chromium at a phone's width,
//! its print preview, axe-core's WCAG checks run in the page); the Markdown by a CommonMark
//! parser; the PDF by the tests' own reader.

use std::fs;
use std::path::Path;

use pulldown_cmark::{Event, Parser};

use crate::common::browser::Browser;
use crate::common::{require, root, stderr, succeed, temp_lab, Pdf};

/// The text a reader sees in an HTML file: elements, styles and scripts taken out, the
/// character references HTML writes put back. (Typst writes these five and no others.)
fn html_text(html: &str) -> String {
    read_html(html).0
}

/// The names of the elements an HTML file opens, in order.
fn elements(html: &str) -> Vec<String> {
    read_html(html).1
}

/// A small reader of the HTML Typst writes: its text and the elements it opens. A tag ends at
/// the first `>` outside a quoted attribute value; a `style` or `script` element's text is
/// skipped to its end tag.
fn read_html(html: &str) -> (String, Vec<String>) {
    let (mut text, mut opened) = (String::new(), Vec::new());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        rest = &rest[open + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '!' || *c == '/')
            .collect();
        let mut quote = None;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match (quote, c) {
                (None, '"' | '\'') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, '>') => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &rest[end.min(rest.len())..];
        if name == "style" || name == "script" {
            let close = format!("</{name}>");
            rest = &rest[rest.find(&close).unwrap_or(rest.len())..];
        }
        if !name.starts_with(['/', '!']) {
            opened.push(name);
        }
    }
    text.push_str(rest);
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    (text, opened)
}

/// The JSON-LD block of a web CV, parsed.
fn json_ld(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/ld+json\">";
    let start = html.find(open).expect("a JSON-LD block") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("JSON-LD that parses")
}

/// The nodes of a JSON-LD graph of `kind` (`Person`, `ScholarlyArticle`).
fn nodes<'a>(ld: &'a serde_json::Value, kind: &str) -> Vec<&'a serde_json::Value> {
    ld["@graph"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["@type"] == kind)
        .collect()
}

/// Raw HTML a CommonMark reader finds in `markdown`.
fn raw_html(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Html(html) | Event::InlineHtml(html) => Some(html.to_string()),
            _ => None,
        })
        .collect()
}

/// The text a CommonMark reader shows for `markdown`.
fn markdown_text(markdown: &str) -> String {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Text(text) | Event::Code(text) => Some(text.to_string()),
            Event::SoftBreak | Event::HardBreak => Some(" ".into()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("")
}

/// Issue 50, done when: `render -f html -f md -f pdf` writes three files; every word of the PDF
/// is in the HTML; the JSON-LD parses with a Person; the Markdown starts with the name as its
/// heading and holds no raw HTML.
#[test]
fn one_render_writes_the_pdf_the_web_page_and_the_markdown_with_the_same_words() {
    let lab = temp_lab(true);
    let out = lab.path().join("out");
    let output = succeed(
        lab.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "-f",
            "html",
            "-f",
            "md",
            "-f",
            "pdf",
            "-o",
            "out",
        ],
    );
    assert_eq!(stderr(&output), "", "nothing on stderr");
    let html = fs::read_to_string(out.join("zili-zhang.html")).unwrap();
    let markdown = fs::read_to_string(out.join("zili-zhang.md")).unwrap();
    let pdf = Pdf::read(&out.join("zili-zhang.pdf"));

    // Every word of the PDF, but the page footer's "page N of M", is in the web page.
    let seen = common_squash(&html_text(&html));
    let pages = pdf.page_text.len();
    let mut missing = Vec::new();
    for (n, text) in pdf.page_text.iter().enumerate() {
        let text = text.replace(&format!("page {} of {pages}", n + 1), "");
        // The list markers (•) are the list's look; the page's lists are lists.
        for word in text.split_whitespace().filter(|w| *w != "•") {
            let word = word.trim_matches(|c: char| c.is_ascii_punctuation() && c != '*');
            if !word.is_empty() && !seen.contains(&common_squash(word)) {
                missing.push(word.to_string());
            }
        }
    }
    assert!(missing.is_empty(), "PDF words not in the HTML: {missing:?}");

    // Semantic: one h1 with the name, section headings, dates with their ISO form.
    assert_eq!(elements(&html).iter().filter(|e| *e == "h1").count(), 1);
    assert!(html.contains("<h1>Zili Zhang</h1>"), "{html}");
    assert!(html.contains("<h2>Publications</h2>"));
    assert!(html.contains("<time datetime=\"2023-09\">Sep 2023</time>"));
    assert!(
        html.contains("<strong>Zili Zhang</strong>"),
        "own name bold"
    );
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    // Self-contained: nothing is fetched (no external style sheet, script or picture).
    for attribute in ["src=\"http", "href=\"//", "<link "] {
        assert!(!html.contains(attribute), "{attribute}");
    }

    // Search engines read a Person and the papers.
    let ld = json_ld(&html);
    assert_eq!(ld["@context"], "https://schema.org");
    let person = nodes(&ld, "Person");
    assert_eq!(person.len(), 1, "{ld}");
    assert_eq!(person[0]["name"], "Zili Zhang");
    assert_eq!(person[0]["affiliation"][0]["name"], "Peking University");
    assert!(person[0]["sameAs"]
        .as_array()
        .unwrap()
        .contains(&"https://github.com/Gold-Sea".into()));
    assert!(person[0]["alumniOf"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    let papers = nodes(&ld, "ScholarlyArticle");
    assert_eq!(papers.len(), html.matches("class=\"num\"").count());
    assert!(papers.iter().all(|p| p["author"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!({"@id": "#person"}))));

    // The Markdown: the name as its first heading, no raw HTML, the own name bold.
    assert!(markdown.starts_with("# Zili Zhang\n"), "{markdown}");
    assert_eq!(raw_html(&markdown), Vec::<String>::new());
    assert!(markdown.contains("**Zili Zhang**"));
    assert!(markdown.contains("\n## Publications\n"));
    let shown = common_squash(&markdown_text(&markdown));
    for title in [
        "Jolteon: Unleashing the Promise of Serverless",
        "Peking University",
    ] {
        assert!(shown.contains(&common_squash(title)), "{title}");
    }
}

/// `s` without white space (line breaks fall anywhere in a PDF's text).
fn common_squash(s: &str) -> String {
    crate::common::squash(s)
}

/// A profile whose text holds what HTML, Markdown and JSON would read as their own syntax.
const HOSTILE: &str = r#"name: 'Ada & <Lovelace> "Q"'
native_name: 张子立
headline: 'Researcher \<script\>alert(1)\</script\> & co'
contact:
  email: ada@example.org
education:
  - institution: 'Uni & <Co> of "Things" </script'
    degree: 'PhD _nor this_ # x ~t~ [y] * &'
    start: 2020-09
publications:
  - title: 'On x < y && y > z: `code`, # hash and ~tilde~'
    authors: ['Ada & <Lovelace> "Q"', Bo Li]
    venue: 'Journal of <Things> & More'
    year: 2024
    kind: journal
"#;

/// Issue 50: a name with `&` and `<…>` is shown as written in the page, the JSON-LD and the
/// Markdown; no user text becomes an element, a script or Markdown syntax.
#[test]
fn text_that_looks_like_markup_is_shown_as_written_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ada.yaml"), HOSTILE).unwrap();
    let output = succeed(
        dir.path(),
        &["render", "ada.yaml", "-f", "html", "-f", "md"],
    );
    assert_eq!(stderr(&output), "");
    let html = fs::read_to_string(dir.path().join("ada.html")).unwrap();
    // Compared without white space: the page's elements stand between words.
    let text = common_squash(&html_text(&html));
    for shown in [
        "Ada & <Lovelace> “Q”",
        "Researcher <script>alert(1)</script> & co",
        "Uni & <Co> of “Things” </script",
        "PhD _nor this_ # x ~t~ [y] * &",
        "x < y && y > z: code, # hash and ~tilde~",
        "Journal of <Things> & More",
    ] {
        assert!(
            text.contains(&common_squash(shown)),
            "{shown:?} not shown in {text}"
        );
    }
    // One script (the JSON-LD), no element from the profile.
    let opened = elements(&html);
    assert_eq!(opened.iter().filter(|e| *e == "script").count(), 1);
    for name in &opened {
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()),
            "an element <{name}> from the profile"
        );
    }
    assert!(!opened
        .iter()
        .any(|e| e == "Lovelace" || e == "Co" || e == "Things"));
    let ld = json_ld(&html);
    assert_eq!(nodes(&ld, "Person")[0]["name"], "Ada & <Lovelace> “Q”");
    assert_eq!(
        nodes(&ld, "Person")[0]["description"],
        "Researcher <script>alert(1)</script> & co"
    );
    // The native name is marked as Chinese inside the English page.
    assert!(html.contains("<span lang=\"zh\">张子立</span>"), "{html}");

    let markdown = fs::read_to_string(dir.path().join("ada.md")).unwrap();
    assert_eq!(raw_html(&markdown), Vec::<String>::new(), "{markdown}");
    let shown = markdown_text(&markdown);
    for text in [
        "Ada & <Lovelace> “Q”",
        "Researcher <script>alert(1)</script> & co",
        "PhD _nor this_ # x ~t~ [y] * &",
        "x < y && y > z: code, # hash and ~tilde~",
    ] {
        assert!(shown.contains(text), "{text:?} not in {shown}");
    }
}

/// Issue 50: a Chinese CV's page says so (`lang="zh"`), with its words and the native name as
/// its title.
#[test]
fn a_chinese_cv_page_is_in_chinese() {
    let lab = temp_lab(true);
    succeed(
        lab.path(),
        &[
            "render",
            "profiles/zhiyao-li.yaml",
            "--lang",
            "zh",
            "-f",
            "html",
            "-o",
            "out",
        ],
    );
    let html = fs::read_to_string(lab.path().join("out/zhiyao-li.html")).unwrap();
    assert!(html.contains("<html lang=\"zh\">"), "{html}");
    assert!(html.contains("<h1>李之尧"), "the native name first");
    assert!(html.contains("<h2>教育背景</h2>"));
}

/// What the probe found in a web CV.
#[derive(Debug)]
struct Probe {
    value: serde_json::Value,
}

/// The script run in the page after axe-core: what a reader at this width meets.
const PROBE: &str = r#"
(async () => {
  const r = {
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    overflowing: [...document.querySelectorAll('body *')]
      .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map(e => e.tagName + ': ' + (e.textContent || '').slice(0, 40)),
    h1: document.querySelectorAll('h1').length,
    lang: document.documentElement.lang,
    text: document.body.innerText,
    imagesWithoutAlt: [...document.images].filter(i => !i.hasAttribute('alt')).length,
    linksWithoutText: [...document.links].filter(a => !a.textContent.trim()).length,
  };
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  });
  r.violations = result.violations.map(v =>
    v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target.join(' ')).join(', '));
  r.passes = result.passes.length;
  r.errors = window.__errors;
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
})();
"#;

/// Records errors (script errors, pictures or styles that fail to load, `console.error`) from
/// the start of the page.
const ERRORS: &str = r#"<script>
window.__errors = [];
addEventListener('error', e => window.__errors.push(String(e.message || (e.target && (e.target.src || e.target.href)) || 'error')), true);
const consoleError = console.error;
console.error = (...a) => { window.__errors.push(a.join(' ')); consoleError(...a); };
</script>"#;

impl Browser {
    /// Opens the web CV `file` at `width` with axe-core and the probe, and reads what they found.
    fn probe_web(&self, file: &Path, axe: &str, width: u32) -> Probe {
        let page = fs::read_to_string(file).unwrap();
        let probed = page
            .replacen("<head>", &format!("<head>{ERRORS}"), 1)
            .replace(
                "</body>",
                &format!("<script>{axe}</script><script>{PROBE}</script></body>"),
            );
        Probe {
            value: self.probe_json(file, &probed, width, 800),
        }
    }

    /// The page count of `file` printed to PDF (the print style sheet, the style's paper).
    fn printed_pages(&self, file: &Path) -> Pdf {
        let user = tempfile::tempdir().unwrap();
        let printed = user.path().join("printed.pdf");
        let output = self
            .command(&user.path().join("profile"), 1280, 800)
            .arg("--no-pdf-header-footer")
            .arg(format!("--print-to-pdf={}", printed.display()))
            .arg(format!("file://{}", file.display()))
            .output()
            .unwrap();
        assert!(printed.is_file(), "no print: {}", stderr(&output));
        Pdf::read(&printed)
    }
}

/// Issue 50: the web CV in a real browser fits a 360 px phone without sideways scrolling, has
/// no error in its console, passes axe-core's WCAG 2 A and AA rules, and prints (its print
/// preview, on A4) in about as many pages as the PDF.
#[test]
fn the_web_cv_fits_a_phone_passes_axe_and_prints() {
    let Some(browser) = Browser::find() else {
        return;
    };
    let axe_file = root().join("tests/oracle/node_modules/axe-core/axe.min.js");
    let why = "checks the web CV's accessibility with axe-core (tests/oracle; .ci/run installs it)";
    if !require("axe-core", axe_file.is_file(), why) {
        return;
    }
    let axe = fs::read_to_string(&axe_file).unwrap();
    let lab = temp_lab(true);
    succeed(
        lab.path(),
        &[
            "render",
            "profiles/",
            "-f",
            "html",
            "-f",
            "pdf",
            "-o",
            "out",
        ],
    );
    let out = lab.path().join("out");
    for (stem, width) in [
        ("zili-zhang", 360),
        ("zili-zhang", 1280),
        ("zhiyao-li", 360),
    ] {
        let file = out.join(format!("{stem}.html"));
        let probe = browser.probe_web(&file, &axe, width).value;
        let at = format!("{stem} at {width} px");
        assert!(
            probe["scrollWidth"].as_f64() <= probe["innerWidth"].as_f64(),
            "{at}: the page scrolls sideways: {}",
            probe["overflowing"]
        );
        assert_eq!(probe["overflowing"], serde_json::json!([]), "{at}");
        assert_eq!(
            probe["errors"],
            serde_json::json!([]),
            "{at}: console errors"
        );
        assert_eq!(probe["violations"], serde_json::json!([]), "{at}: axe-core");
        // axe-core ran its rules (a page it could not read would pass none).
        assert!(
            probe["passes"].as_u64() > Some(10),
            "{at}: {}",
            probe["passes"]
        );
        assert_eq!(probe["h1"], 1, "{at}");
        assert_eq!(probe["lang"], "en", "{at}");
        assert_eq!(probe["imagesWithoutAlt"], 0, "{at}");
        assert_eq!(probe["linksWithoutText"], 0, "{at}");
    }
    let printed = browser.printed_pages(&out.join("zili-zhang.html"));
    let pdf = Pdf::read(&out.join("zili-zhang.pdf"));
    assert!(
        (pdf.pages..=pdf.pages + 2).contains(&printed.pages),
        "printed {} pages, the PDF has {}",
        printed.pages,
        pdf.pages
    );
    assert!(printed.contains("Zili Zhang") && printed.contains("Jolteon"));
}

/// Issue 50: a variant's page holds what its PDF holds (the selected papers, its sections),
/// without its page budget; the Chinese variant's page is in Chinese.
#[test]
fn a_variant_s_page_holds_what_its_pdf_holds() {
    let lab = temp_lab(true);
    succeed(
        lab.path(),
        &[
            "render",
            "profiles/zili-zhang.yaml",
            "--variant",
            "short",
            "--variant",
            "zh",
            "-f",
            "html",
            "-f",
            "pdf",
            "-o",
            "out",
        ],
    );
    let out = lab.path().join("out");
    let short = fs::read_to_string(out.join("zili-zhang-short.html")).unwrap();
    let pdf = Pdf::read(&out.join("zili-zhang-short.pdf"));
    let sections: Vec<String> = read_html(&short)
        .1
        .iter()
        .filter(|e| *e == "h2")
        .cloned()
        .collect();
    assert_eq!(sections.len(), 4, "the variant's four sections");
    assert!(!short.contains("<h2>Teaching</h2>"));
    let papers = short.matches("class=\"num\"").count();
    assert_eq!(papers, 3, "the selected papers only");
    for title in ["Jolteon", "Fast Vector Query Processing"] {
        assert_eq!(short.contains(title), pdf.contains(title), "{title}");
    }
    let zh = fs::read_to_string(out.join("zili-zhang-zh.html")).unwrap();
    assert!(zh.contains("<html lang=\"zh\">"));
    assert!(zh.contains("<h2>教育背景</h2>"));
}

/// Issue 50, done when: `cvpdf lab profiles/ -o site/` writes a web CV per member, linked from
/// `index.html`; the page lists the papers as `publications.pdf` does (the same groups in the
/// same order, numbers counting down through them), not by year with the PDF's numbers.
#[test]
fn the_lab_site_links_every_member_s_web_cv_and_lists_papers_as_the_pdf_does() {
    let lab = temp_lab(true);
    let output = succeed(lab.path(), &["lab", "profiles", "-o", "site", "-q"]);
    assert_eq!(stderr(&output), "");
    let site = lab.path().join("site");
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(site.join("lab.json")).unwrap()).unwrap();
    for member in json["members"].as_array().unwrap() {
        let slug = member["slug"].as_str().unwrap();
        let page = format!("{slug}.html");
        assert_eq!(member["cv_html"], page.as_str(), "{member}");
        let html = fs::read_to_string(site.join(&page)).unwrap();
        assert!(html.contains(member["name"].as_str().unwrap()));
        assert!(
            index.contains(&format!("<a href=\"{page}\">")),
            "{page} not linked from index.html"
        );
    }
    // The papers: in lab.json's order, which the page follows, group by group, numbered down.
    let papers = json["publications"].as_array().unwrap();
    let numbers: Vec<u64> = papers
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (1..=papers.len() as u64).rev().collect();
    assert_eq!(numbers, expected, "numbers count down through the list");
    let mut groups: Vec<&str> = Vec::new();
    for paper in papers {
        let group = paper["group"].as_str().unwrap();
        if groups.last() != Some(&group) {
            assert!(!groups.contains(&group), "{group} split in two");
            groups.push(group);
        }
    }
    let pdf = Pdf::read(&site.join("publications.pdf"));
    let text = common_squash(&pdf.page_text.concat());
    let mut at = 0;
    for heading in [
        "Conference Papers",
        "Journal Articles",
        "Preprints & Under Review",
    ] {
        let found = text[at..].find(&common_squash(heading));
        assert!(
            found.is_some(),
            "{heading} not in order in publications.pdf"
        );
        at += found.unwrap();
        assert!(index.contains(&format!(">{}</h3>", heading.replace('&', "&amp;"))));
    }
    let page_order: Vec<usize> = [
        "Conference Papers",
        "Journal Articles",
        "Preprints &amp; Under Review",
    ]
    .iter()
    .map(|h| index.find(&format!(">{h}</h3>")).unwrap())
    .collect();
    assert!(page_order.windows(2).all(|w| w[0] < w[1]), "{page_order:?}");
}

/// Found by probing issue 50: an award's note of two paragraphs failed the web CV (and with it
/// the PDF of the same run); a name in Han characters on a Japanese page is Japanese; a
/// Markdown CV is known as cvpdf's by its own mark, without the record of the run that wrote
/// it (a fresh clone, another cache), and replaced.
#[test]
fn cases_found_by_probing_render_on_the_web() {
    let dir = tempfile::tempdir().unwrap();
    let profile = "name: Ann Tester\nnative_name: 山田太郎\nawards:\n  - title: Award\n    date: 2020\n    note: |\n      Award note one.\n\n      Award note two.\n";
    fs::write(dir.path().join("ann.yaml"), profile).unwrap();
    let args = ["render", "ann.yaml", "-f", "html", "-f", "md", "-f", "pdf"];
    let first = tempfile::tempdir().unwrap();
    let cache = first.path().to_str().unwrap();
    let output = crate::common::cvpdf_env(dir.path(), &args, &[("CVPDF_CACHE_DIR", cache)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = fs::read_to_string(dir.path().join("ann.html")).unwrap();
    let markdown = fs::read_to_string(dir.path().join("ann.md")).unwrap();
    for text in [&html, &markdown] {
        assert!(text.contains("Award note one.") && text.contains("Award note two."));
    }
    assert_eq!(raw_html(&markdown), Vec::<String>::new());

    fs::write(dir.path().join("ann.yaml"), profile.replace("Ann", "Anne")).unwrap();
    let other = tempfile::tempdir().unwrap();
    let cache = other.path().to_str().unwrap();
    let ja = [
        "render", "ann.yaml", "-f", "html", "-f", "md", "--lang", "ja",
    ];
    let output = crate::common::cvpdf_env(dir.path(), &ja, &[("CVPDF_CACHE_DIR", cache)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = fs::read_to_string(dir.path().join("ann.html")).unwrap();
    assert!(html.contains("<html lang=\"ja\">"));
    assert!(!html.contains("lang=\"zh\""), "{html}");
    assert!(fs::read_to_string(dir.path().join("ann.md"))
        .unwrap()
        .contains("Anne Tester"));
}

/// Found by probing issue 50: `-o` names a web page or Markdown file by any of their names and
/// cases (`CV.HTM`, `cv.markdown`), in a folder made for it as `-o DIR/` makes one; a name of
/// the wrong format is refused with the name as given.
#[test]
fn an_output_file_is_named_as_people_name_web_pages_and_markdown() {
    let lab = temp_lab(false);
    let profile = "profiles/zili-zhang.yaml";
    succeed(
        lab.path(),
        &["render", profile, "-f", "html", "-o", "new/CV.HTM"],
    );
    succeed(
        lab.path(),
        &["render", profile, "-f", "md", "-o", "new/cv.markdown"],
    );
    let page = fs::read_to_string(lab.path().join("new/CV.HTM")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    let markdown = fs::read_to_string(lab.path().join("new/cv.markdown")).unwrap();
    assert!(markdown.starts_with("# Zili Zhang"));
    let wrong = crate::common::cvpdf(lab.path(), &["render", profile, "-o", "x.htm"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr(&wrong).contains("names a .htm file"),
        "{}",
        stderr(&wrong)
    );
    assert!(!lab.path().join("x.htm").exists());
}

/// Issue 50, attacked: a profile whose file name holds spaces, `#`, `:` and non-ASCII gets
/// its page and Markdown beside it; a symbolic link where the page would go, leading out of
/// the folder, is refused and what it points to left as it was.
#[test]
fn odd_names_work_and_a_link_out_at_the_page_s_place_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let profile = "my cv #1: Zoë.yaml";
    fs::write(dir.path().join(profile), "name: Zoë Example\n").unwrap();
    succeed(dir.path(), &["render", profile, "-f", "html", "-f", "md"]);
    for name in ["my cv #1: Zoë.html", "my cv #1: Zoë.md"] {
        let text = fs::read_to_string(dir.path().join(name)).unwrap();
        assert!(text.contains("Zoë Example"), "{name}");
    }
    fs::write(dir.path().join("ada.yaml"), "name: Ada Example\n").unwrap();
    let target = outside.path().join("index.html");
    fs::write(&target, "<p>someone else's page</p>\n").unwrap();
    std::os::unix::fs::symlink(&target, dir.path().join("ada.html")).unwrap();
    let output = crate::common::cvpdf(dir.path(), &["render", "ada.yaml", "-f", "html"]);
    assert!(!output.status.success());
    assert_eq!(
        fs::read_to_string(&target).unwrap(),
        "<p>someone else's page</p>\n"
    );
}
