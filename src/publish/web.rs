//! The web CV as a page of the site (`cvpdf publish --html`): the CV of the web page
//! (`render -f html`) placed in the site's own layout, under front matter of the site's kind.
//!
//! The page holds the CV's element, its style sheet (every rule under `.cv`, so the site's own
//! look is untouched) and its JSON-LD; the site's layout gives the rest of the page. Front
//! matter is written by the YAML serializer and says `generator: cvpdf`, which is how a later
//! run knows the page is cvpdf's to replace.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::SiteKind;
use crate::diag::Failure;

/// The key and value of the front matter that mark a page as cvpdf's.
const MARK: &str = "generator: cvpdf";

/// The front matter of a CV page.
#[derive(Serialize)]
struct FrontMatter<'a> {
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    permalink: Option<String>,
    /// al-folio: not a page of the navigation bar.
    #[serde(skip_serializing_if = "Option::is_none")]
    nav: Option<bool>,
    generator: &'a str,
}

/// Where the CV page of `slug` goes in a site of `kind`, relative to the site.
pub(super) fn page_path(kind: SiteKind, slug: &str) -> PathBuf {
    match kind {
        // A content page of Hugo's, rendered in the theme's single-page layout.
        SiteKind::Hugo => Path::new("content/cv").join(format!("{slug}.html")),
        // al-folio's pages live in `_pages/`, each with its permalink.
        SiteKind::AlFolio => Path::new("_pages").join(format!("cv-{slug}.html")),
        // Beside the PDF, in the lab template's default layout.
        SiteKind::JekyllMembers => Path::new("cv").join(format!("{slug}.html")),
    }
}

/// The site page for the web CV `html` (a page `render -f html` wrote) of `slug`, titled
/// `title`.
pub(super) fn page(
    kind: SiteKind,
    slug: &str,
    title: &str,
    html: &[u8],
) -> Result<Vec<u8>, Failure> {
    let html = std::str::from_utf8(html)
        .map_err(|_| Failure::message("the web CV is not UTF-8 (a bug in cvpdf)"))?;
    let part = |open: &str, close: &str| -> Result<&str, Failure> {
        let start = html.find(open).ok_or_else(|| {
            Failure::message(format!("the web CV has no {open} (a bug in cvpdf)"))
        })?;
        let end = html[start..]
            .find(close)
            .map(|i| start + i + close.len())
            .ok_or_else(|| {
                Failure::message(format!("the web CV has no {close} (a bug in cvpdf)"))
            })?;
        Ok(&html[start..end])
    };
    let style = part("<style id=\"cvpdf-cv-style\">", "</style>")?;
    // The site's template language (Liquid's `{{`/`{%`, Hugo's `{{<`/`{{%`) runs over the
    // page: no `{` of the CV's may start one. In HTML a `{` is written as its character
    // reference; in the JSON-LD as a JSON escape where it would start a tag (its own braces
    // never do: a key follows each). The style sheet holds no user text.
    let data = part("<script type=\"application/ld+json\">", "</script>")?
        .replace("{{", "{\\u007b")
        .replace("{%", "\\u007b%");
    let body = part("<div class=\"cv\" id=\"cvpdf-cv\">", "\n  </body>")?
        .trim_end_matches("\n  </body>")
        // The site's layout has its own main landmark.
        .replacen("<main>", "<div class=\"main\">", 1)
        .replacen("</main>", "</div>", 1)
        .replace('{', "&#123;");
    let front = FrontMatter {
        title,
        layout: match kind {
            SiteKind::AlFolio => Some("page"),
            SiteKind::Hugo | SiteKind::JekyllMembers => None,
        },
        permalink: (kind == SiteKind::AlFolio).then(|| format!("/cv/{slug}/")),
        nav: (kind == SiteKind::AlFolio).then_some(false),
        generator: "cvpdf",
    };
    let yaml = serde_yaml::to_string(&front)
        .map_err(|e| Failure::message(format!("cannot write front matter: {e}")))?;
    Ok(format!("---\n{yaml}---\n{style}\n{data}\n{body}\n").into_bytes())
}

/// Whether `bytes` are a CV page cvpdf wrote: its front matter says so.
pub(super) fn is_cv_page(bytes: &[u8]) -> bool {
    // Also after an editor or Git gave it a byte-order mark or CRLF line endings.
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).replace("\r\n", "\n");
    let head = head.trim_start_matches('\u{feff}');
    let Some(front) = head.strip_prefix("---\n") else {
        return false;
    };
    let front = front.split("\n---\n").next().unwrap_or_default();
    front.lines().any(|line| line == MARK)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HTML: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n    <style>body { margin: 0; }</style>\n    <style id=\"cvpdf-cv-style\">.cv { color: red; }</style>\n    <script type=\"application/ld+json\">{\"a\":1}</script>\n  </head>\n  <body>\n    <div class=\"cv\" id=\"cvpdf-cv\">\n      <h1>Ada</h1>\n    </div>\n  </body>\n</html>\n";

    #[test]
    fn the_page_holds_the_cv_its_sheet_and_data_under_front_matter_that_marks_it() {
        let page = page(SiteKind::AlFolio, "ada", "Ada: \"CV\" #1", HTML.as_bytes()).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.starts_with("---\n"), "{page}");
        let front = page[4..page[4..].find("\n---\n").unwrap() + 4].to_string();
        let read: serde_yaml::Value = serde_yaml::from_str(&front).unwrap();
        assert_eq!(read["title"], "Ada: \"CV\" #1");
        assert_eq!(read["permalink"], "/cv/ada/");
        assert_eq!(read["layout"], "page");
        assert!(page.contains("<style id=\"cvpdf-cv-style\">.cv { color: red; }</style>"));
        assert!(
            !page.contains("body { margin: 0; }"),
            "the site's page is not restyled"
        );
        assert!(page.contains("{\"a\":1}"));
        assert!(page.trim_end().ends_with("</div>"), "{page}");
        assert!(is_cv_page(page.as_bytes()));
    }

    #[test]
    fn a_page_without_the_mark_in_its_front_matter_is_not_cvpdf_s() {
        assert!(!is_cv_page(b"---\ntitle: CV\n---\ngenerator: cvpdf\n"));
        assert!(!is_cv_page(b"<h1>generator: cvpdf</h1>"));
        assert!(is_cv_page(
            b"---\ntitle: CV\ngenerator: cvpdf\n---\n<div></div>"
        ));
        assert!(is_cv_page(
            "\u{feff}---\r\ntitle: CV\r\ngenerator: cvpdf\r\n---\r\n<div></div>".as_bytes()
        ));
    }

    #[test]
    fn no_text_of_the_cv_can_start_a_tag_of_the_site_s_template_language() {
        let html = HTML
            .replace(
                "<h1>Ada</h1>",
                "<h1>{{ site.title }} {% include x %} {{% md %}}</h1>",
            )
            .replace("{\"a\":1}", "{\"a\":\"{{ x }} {% y %}\"}");
        let page = page(SiteKind::JekyllMembers, "ada", "Ada", html.as_bytes()).unwrap();
        let page = String::from_utf8(page).unwrap();
        let body = &page[page.find("<div class").unwrap()..];
        assert!(!body.contains("{{") && !body.contains("{%"), "{page}");
        let start = page.find("ld+json\">").unwrap() + 9;
        let data = &page[start..page.find("</script>").unwrap()];
        assert!(!data.contains("{{") && !data.contains("{%"), "{data}");
        let read: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(read["a"], "{{ x }} {% y %}");
        assert!(
            page.contains(".cv { color: red; }"),
            "the style sheet keeps its braces"
        );
    }
}
