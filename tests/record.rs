//! The whole academic record (issue 48): a PI's grants and people supervised, and references
//! of every kind with the facts their fields print (volume, issue, pages, editors, edition,
//! publisher, place, number, version, degree), in every template and in Chinese, read back
//! from the PDFs.

use std::fs;

use crate::common::{cvpdf, root, squash, stderr, Pdf};

/// What the English CV of `tests/fixtures/pi.yaml` must show, whatever the template.
const FACTS_EN: &[&str] = &[
    // Journal article: volume(issue):pages.
    "Journal of Cell Dynamics 521(7553):436–444",
    // Book: edition, place and publisher, ISBN.
    "2nd ed.",
    "Cambridge: Riverside University Press",
    "ISBN 978-0-00-000000-2",
    // Chapter: "In" the editors' book, its edition and pages.
    "In Petra Olsen, Ravi Menon (eds.), Handbook of Epigenetics",
    "3rd ed.",
    "pp. 101–120",
    // Edited volume: its editors stand for its authors.
    "Maria Keller, Aiko Tanaka (eds.)",
    "Report TR-2024-17",
    "Institute for Cell Research",
    "Version 1.2",
    "Version 3.0.1",
    "PhD thesis",
    "University of Heidelberg",
    "in press",
    // Group titles.
    "Books",
    "Edited Volumes",
    "Book Chapters",
    "Journal Articles",
    "Reports",
    "Datasets",
    "Software",
    "Theses",
    // Grants: amounts in the language's format, roles, the expected end.
    "Grants & Funding",
    "USD 1,250,000",
    "EUR 1,499,875.50",
    "Principal Investigator",
    "Co-Principal Investigator",
    "2028 (expected)",
    // Supervision: grouped by level, current first.
    "Supervision",
    "Postdoctoral Researchers",
    "Ph.D. Students",
    "Thesis: Chromatin accessibility in development",
    "Now: Assistant Professor, Kyoto University",
    "Co-advisor",
    "2020, 2022",
];

/// Renders the fixture with `args`; the PDF's text, squashed. Nothing may be said on stderr.
fn render(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("tests/fixtures/pi.yaml"),
        dir.path().join("pi.yaml"),
    )
    .unwrap();
    let mut all = vec!["render", "pi.yaml", "-o", "out.pdf"];
    all.extend(args);
    let output = cvpdf(dir.path(), &all);
    let said = stderr(&output);
    assert!(output.status.success(), "{args:?}: {said}");
    assert!(said.is_empty(), "{args:?}: nothing on stderr: {said}");
    Pdf::read(&dir.path().join("out.pdf")).squashed()
}

/// Guards issue 48: every fact of a PI's record is on the page in each template.
#[test]
fn every_fact_of_the_record_is_printed_by_every_template() {
    for template in ["classic", "modern", "compact"] {
        let text = render(&["--template", template]);
        // Section titles may be set in capitals (modern).
        let lower = text.to_lowercase();
        for fact in FACTS_EN {
            assert!(
                lower.contains(&squash(fact).to_lowercase()),
                "{template}: {fact:?} missing from\n{text}"
            );
        }
        // Current people before former ones: Jonas (to 2027, expected) before Aiko (2022).
        let supervision = &text[text.rfind("Ph.D.Students").unwrap()..];
        let (jonas, aiko) = (
            supervision.find("JonasWeber"),
            supervision.find("AikoTanaka"),
        );
        assert!(jonas.is_some() && jonas < aiko, "{template}: current first");
        // The paper in press, with no year, comes first of its group (newest first).
        let journals = &text[text.find("JournalArticles").unwrap()..];
        let (press, dated) = (
            journals.find("CellSystemsLetters,inpress"),
            journals.find("JournalofCellDynamics"),
        );
        assert!(
            press.is_some() && press < dated,
            "{template}: in press first"
        );
    }
}

/// Guards issue 48: in Chinese the titles, roles, units and number formats are Chinese.
#[test]
fn the_record_reads_in_chinese() {
    let text = render(&["--lang", "zh"]);
    for fact in [
        "专著",
        "著作章节",
        "编著",
        "研究报告",
        "数据集",
        "软件",
        "学位论文",
        "科研项目",
        "1,250,000 USD",
        "项目负责人",
        "学生指导",
        "博士后",
        "博士研究生",
        "第2版",
        "第3版",
        "博士学位论文",
        "即将出版",
        "（编）",
    ] {
        assert!(
            text.contains(&squash(fact)),
            "zh: {fact:?} missing from\n{text}"
        );
    }
}
