//! Each check of `validate` on a small profile written for it.

use super::super::load::parse_str;
use super::*;

fn errors(text: &str) -> Vec<(String, String)> {
    match parse_str(text) {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .into_iter()
            .map(|p| (p.field.unwrap_or_default(), p.message))
            .collect(),
    }
}

#[test]
fn bidirectional_overrides_are_refused_like_control_characters() {
    // Issue 24: `"\u{202E}gnp.exe"` shows as `exe.png` in the PDF and the lab's page.
    for c in ['\u{202E}', '\u{202A}', '\u{2066}', '\u{2069}'] {
        let e = errors(&format!("name: \"Ada {c}gnp.exe\"\n"));
        assert!(
            e.iter()
                .any(|(f, m)| f == "name" && m.contains(&format!("U+{:04X}", c as u32))),
            "{e:?}"
        );
    }
    // The marks that only hint a direction stay (right-to-left names need them).
    assert!(errors("name: \"Ada \\u200F\"\n").is_empty());
}

#[test]
fn an_end_before_its_start_is_an_error() {
    let e =
        errors("name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: 2022}\n");
    assert_eq!(
        e,
        [(
            "experience[0].end".into(),
            "the end (2022) is before the start (2023-05)".into()
        )]
    );
    assert!(errors(
        "name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: 2023}\n"
    )
    .is_empty());
    assert!(errors(
        "name: A\nexperience:\n  - {organization: O, role: R, start: 2023-05, end: present}\n"
    )
    .is_empty());
}

#[test]
fn blank_required_text_is_an_error() {
    let e = errors("name: '  '\n");
    assert_eq!(e, [("name".into(), "this field must not be empty".into())]);
}

#[test]
fn section_order_names_known_sections() {
    let e = errors("name: A\nsection_order: [educaton, publications, publications]\n");
    assert_eq!(
        e[0].1,
        "unknown section \"educaton\", did you mean \"education\"?"
    );
    assert_eq!(
        e[1],
        (
            "section_order[2]".into(),
            "section \"publications\" is listed twice".into()
        )
    );
    // Issue 25, bug 13: a custom section by its title in any of its languages, once.
    let translated = "name: A\nsections: [{title: {en: Patents, zh: 专利}}]\n";
    assert!(errors(&format!("{translated}section_order: [专利, bio]\n")).is_empty());
    assert_eq!(
        errors(&format!(
            "{translated}section_order: [Patents, bio, 专利]\n"
        )),
        [(
            "section_order[2]".into(),
            "section \"专利\" is listed twice".into()
        )]
    );
    assert!(
        errors("name: A\nsections: [{title: Patents}]\nsection_order: [Patents, bio]\n").is_empty()
    );
}

#[test]
fn links_must_be_safe_addresses() {
    let e = errors("name: A\nlinks: [{kind: other, url: 'javascript:alert(1)'}]\n");
    assert!(e[0].1.contains("\"javascript:\""), "{e:?}");
    assert!(errors("name: A\nlinks: [{kind: website, url: 'www.example.org'}]\n").is_empty());
}

#[test]
fn arxiv_links_are_identifiers_or_safe_addresses() {
    let arxiv = |value: &str| {
        errors(&format!(
                "name: A\npublications: [{{title: T, authors: [A], year: 2024, links: {{arxiv: '{value}'}}}}]\n"
            ))
    };
    for good in [
        "2401.01234",
        "arXiv:2401.01234v2",
        "ARXIV: 2401.01234",
        "cs/0112017",
        "https://arxiv.org/abs/2401.01234",
    ] {
        assert!(arxiv(good).is_empty(), "{good}: {:?}", arxiv(good));
    }
    for bad in [
        "file:///etc/passwd",
        "javascript://alert(1)",
        "javascript:alert(1)",
        "2401 01234",
        "",
    ] {
        let e = arxiv(bad);
        assert_eq!(e.len(), 1, "{bad}: {e:?}");
        assert_eq!(e[0].0, "publications[0].links.arxiv", "{bad}");
    }
}

#[test]
fn expected_needs_an_end_date() {
    let e =
        errors("name: A\neducation: [{institution: I, degree: D, start: 2020, expected: true}]\n");
    assert_eq!(e[0].0, "education[0].expected");
}

#[test]
fn photos_must_stay_inside_the_profile_directory() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("lab");
    std::fs::create_dir(&inner).unwrap();
    std::fs::write(dir.path().join("secret.png"), b"\x89PNG\r\n\x1a\nrest").unwrap();
    std::fs::write(inner.join("me.png"), crate::picture::tests::png(4, 4)).unwrap();
    std::fs::write(inner.join("me.txt"), b"hello").unwrap();
    assert!(resolve_photo(&inner, "me.png").is_ok());
    assert!(resolve_photo(&inner, "../secret.png")
        .unwrap_err()
        .message
        .contains("outside"));
    assert!(resolve_photo(&inner, "/etc/passwd")
        .unwrap_err()
        .message
        .contains("outside"));
    assert!(resolve_photo(&inner, "missing.png")
        .unwrap_err()
        .message
        .contains("cannot open"));
    assert!(resolve_photo(&inner, "me.txt")
        .unwrap_err()
        .message
        .contains("not a PNG or JPEG"));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path().join("secret.png"), inner.join("link.png")).unwrap();
        assert!(resolve_photo(&inner, "link.png")
            .unwrap_err()
            .message
            .contains("symbolic link"));
    }
}

/// Issue 48: a paper may lack its year only when its status says why.
#[test]
fn a_paper_without_a_year_needs_a_status_that_says_why() {
    let paper = |extra: &str| {
        errors(&format!(
            "name: A\npublications: [{{title: T, authors: [A]{extra}}}]\n"
        ))
    };
    let e = paper("");
    assert_eq!(e[0].0, "publications[0].year", "{e:?}");
    for status in ["accepted", "in-press", "submitted", "in-preparation"] {
        assert!(paper(&format!(", status: {status}")).is_empty(), "{status}");
    }
    assert!(!paper(", status: preprint").is_empty());
    assert_eq!(
        paper(", status: submitted, month: 3")[0].0,
        "publications[0].month"
    );
    // An edited volume names editors instead of authors.
    assert!(errors(
        "name: A\npublications: [{title: T, editors: [E], kind: edited, year: 2020}]\n"
    )
    .is_empty());
    assert_eq!(
        errors("name: A\npublications: [{title: T, kind: edited, year: 2020}]\n")[0].0,
        "publications[0].authors"
    );
}

/// Issue 48: a grant's amount is money in a currency named by its code; its period holds.
#[test]
fn grants_state_money_in_a_currency() {
    let grant = |fields: &str| errors(&format!("name: A\ngrants: [{{title: G{fields}}}]\n"));
    assert!(grant(", amount: 1250000.5, currency: USD, start: 2020, end: 2024").is_empty());
    assert_eq!(grant(", amount: 5")[0].0, "grants[0].amount");
    assert_eq!(
        grant(", amount: -5, currency: EUR")[0].0,
        "grants[0].amount"
    );
    for amount in [".nan", ".inf", "1e14"] {
        let e = grant(&format!(", amount: {amount}, currency: EUR"));
        assert_eq!(e[0].0, "grants[0].amount", "{amount}");
    }
    assert_eq!(grant(", currency: usd")[0].0, "grants[0].currency");
    assert_eq!(grant(", currency: Euro")[0].0, "grants[0].currency");
    assert_eq!(grant(", start: 2024, end: 2020")[0].0, "grants[0].end");
    assert_eq!(
        grant(", start: 2024, expected: true")[0].0,
        "grants[0].expected"
    );
    // Roles: a known key or any text.
    assert!(grant(", role: co-pi").is_empty());
    assert!(grant(", role: Work package leader").is_empty());
}

/// Issue 48: people supervised have a name and a level; an award has a date or years.
#[test]
fn supervision_and_awards_of_several_years_are_checked() {
    assert!(errors(
        "name: A\nsupervision: [{name: B, level: phd, role: co-advisor, start: 2020}]\n"
    )
    .is_empty());
    assert_eq!(
        errors("name: A\nsupervision: [{name: ' ', level: phd}]\n")[0].0,
        "supervision[0].name"
    );
    assert!(!errors("name: A\nsupervision: [{name: B, level: professor}]\n").is_empty());
    assert!(errors("name: A\nawards: [{title: T, years: [2020, 2022]}]\n").is_empty());
    assert_eq!(
        errors("name: A\nawards: [{title: T, date: 2020, years: [2022]}]\n")[0].0,
        "awards[0].years"
    );
    assert_eq!(
        errors("name: A\nawards: [{title: T, years: [20]}]\n")[0].0,
        "awards[0].years[0]"
    );
}
