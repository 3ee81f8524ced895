//! The corpus of real public files: each imported and rendered as a new user would, and
//! called clean only when
//!
//! - the import and the render succeed, and the render prints no warning;
//! - every entry of a BibTeX file is in the profile or named in a warning;
//! - the PDF's text shows no markup: no HTML tag or entity, no Markdown link, no LaTeX
//!   command, no TeX math delimiters;
//! - every link annotation of the PDF is a well-formed address.
//!
//! A file that holds nothing a CV could show (all comments, or only a link to a PDF) is
//! refused, as it should be: it is counted apart, as "empty", in neither column.
//!
//! The files are people's data and stay out of the repository: `tests/corpus/SOURCES.tsv`
//! says where each one comes from, `tests/corpus/fetch` brings a copy, `tests/corpus/run`
//! runs this check over it (the ignored test below). The checker itself is tested on text of
//! our own writing, so a change that blinds it fails `cargo test`.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use std::process::{Command, Output};

use crate::common::{cvpdf, stderr, Pdf};

/// The kinds of file, as the corpus's folders are named.
const KINDS: [&str; 5] = ["bibtex", "rendercv", "alfolio", "hugo", "jsonresume"];

/// Markup a reader should never see in a CV: what the text shows that is still HTML,
/// Markdown, LaTeX or TeX math.
pub fn markup_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let snippet = |at: usize| -> String { chars[at..(at + 24).min(chars.len())].iter().collect() };
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied().unwrap_or(' ');
        let problem = match c {
            '<' if html_tag_at(&chars[i..]) => "an HTML tag",
            '&' if entity_at(&chars[i + 1..]) => "an HTML entity",
            ']' if next == '(' => "a Markdown link",
            '[' if next == '/' && chars.get(i + 2) == Some(&'/') => "a Markdown comment",
            '\\' if next.is_ascii_alphabetic() => "a LaTeX command",
            '$' if math_at(&chars, i) => "TeX math",
            _ => continue,
        };
        found.push(format!("{problem}: {:?}", snippet(i)));
    }
    found
}

/// `<b>`, `</small>`, `<br/>`, `<a href="…">`: a letter after `<` (or `</`), a name, then `>`,
/// `/>` or attributes.
fn html_tag_at(chars: &[char]) -> bool {
    let mut i = 1;
    if chars.get(i) == Some(&'/') {
        i += 1;
    }
    if !chars.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    while chars.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
        i += 1;
    }
    match chars.get(i) {
        Some('>') => true,
        Some('/') => chars.get(i + 1) == Some(&'>'),
        Some(' ') => chars[i..]
            .iter()
            .take(200)
            .take_while(|&&c| c != '<')
            .any(|&c| c == '>'),
        _ => false,
    }
}

/// `amp;`, `#39;`, `#x2014;` after an `&`.
fn entity_at(chars: &[char]) -> bool {
    let name: String = chars.iter().take_while(|c| **c != ';').take(10).collect();
    chars.get(name.chars().count()) == Some(&';')
        && !name.is_empty()
        && (name.chars().all(|c| c.is_ascii_alphanumeric())
            || name.strip_prefix('#').is_some_and(|n| {
                !n.is_empty() && n.chars().all(|c| c.is_ascii_hexdigit() || c == 'x')
            }))
}

/// `$$`, or a `$` that opens math closed by another within the line: `$x^2$` (not the two
/// prices of `$5 or $6`).
fn math_at(chars: &[char], i: usize) -> bool {
    let next = chars.get(i + 1).copied().unwrap_or(' ');
    if next == '$' {
        return true;
    }
    if next.is_whitespace() || (i > 0 && chars[i - 1] == '$') {
        return false;
    }
    let rest = &chars[i + 1..(i + 80).min(chars.len())];
    rest.iter()
        .position(|&c| c == '$' || c == '\n')
        .is_some_and(|end| rest[end] == '$' && !rest[end - 1].is_whitespace())
}

/// Whether `link` is an address a reader can follow: `http(s)://` with a host that has a dot,
/// `mailto:` with an address, `tel:` with digits; nothing with spaces.
pub fn well_formed_link(link: &str) -> bool {
    if link.chars().any(char::is_whitespace) {
        return false;
    }
    if let Some(address) = link.strip_prefix("mailto:") {
        let (local, domain) = address.split_once('@').unwrap_or(("", ""));
        return !local.is_empty() && host_ok(domain);
    }
    if let Some(number) = link.strip_prefix("tel:") {
        return number.chars().filter(char::is_ascii_digit).count() >= 3;
    }
    let Some(rest) = link
        .strip_prefix("https://")
        .or_else(|| link.strip_prefix("http://"))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    let host = match host.rsplit_once(':') {
        Some((h, port)) if port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host,
    };
    host_ok(host)
}

/// A host name with a dot and a top-level label of letters, or an IPv4 address.
fn host_ok(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let valid = |l: &&str| {
        !l.is_empty() && !l.starts_with('-') && l.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    labels.len() >= 2
        && labels.iter().all(valid)
        && labels.last().is_some_and(|tld| {
            tld.chars().all(char::is_alphabetic) && tld.chars().count() >= 2
                || labels.iter().all(|l| l.parse::<u8>().is_ok())
        })
}

/// The entries of a BibTeX file (not `@string`, `@preamble`, `@comment`).
fn bib_entries(text: &str) -> usize {
    let mut count = 0;
    for (at, _) in text.match_indices('@') {
        let kind: String = text[at + 1..]
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let after = text[at + 1 + kind.len()..].trim_start();
        let starts_line = text[..at]
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim().is_empty());
        if starts_line
            && !kind.is_empty()
            && after.starts_with(['{', '('])
            && !["string", "preamble", "comment"].contains(&kind.to_lowercase().as_str())
        {
            count += 1;
        }
    }
    count
}

/// Runs cvpdf, or the binary `$CVPDF_BIN` names (to measure another version on the corpus).
fn run(dir: &Path, args: &[&str]) -> Output {
    match std::env::var_os("CVPDF_BIN") {
        Some(bin) => Command::new(bin)
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .env("CVPDF_CACHE_DIR", crate::common::cache_dir())
            .output()
            .expect("cvpdf runs"),
        None => cvpdf(dir, args),
    }
}

/// Imports and renders one file in `dir`; `Err` with why it is not clean.
pub fn check_file(kind: &str, file: &Path, dir: &Path) -> Result<(), Vec<String>> {
    let file = file.to_str().ok_or_else(|| vec!["file name".to_string()])?;
    let mut why = Vec::new();
    if kind == "bibtex" {
        fs::write(dir.join("profile.yaml"), "name: Corpus Test\n").unwrap();
        let output = run(dir, &["import-bib", file, "--into", "profile.yaml"]);
        let err = stderr(&output);
        if !output.status.success() {
            return Err(vec![format!("import-bib failed: {}", err.trim())]);
        }
        let out = String::from_utf8_lossy(&output.stdout);
        let number = |word: &str| -> usize {
            out.split(',')
                .find_map(|part| {
                    let part = part.rsplit(": ").next()?.trim();
                    part.strip_suffix(word)?.trim().parse().ok()
                })
                .unwrap_or(0)
        };
        let hidden: usize = err
            .lines()
            .filter_map(|l| {
                l.strip_prefix("note: ")?
                    .split(' ')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .sum();
        let venues: usize = err
            .lines()
            .filter(|l| l.contains("that other entries crossref"))
            .filter_map(|l| l.split_whitespace().nth(1)?.parse::<usize>().ok())
            .sum();
        let accounted = number("added")
            + number("updated")
            + err.matches("not imported:").count()
            + err.matches("merged:").count()
            + hidden
            + venues;
        let entries = bib_entries(&fs::read_to_string(file).unwrap_or_default());
        if accounted < entries {
            why.push(format!(
                "{entries} entries, {accounted} imported or named in a warning"
            ));
        }
    } else {
        let output = run(dir, &["import", file, "-o", "profile.yaml"]);
        if !output.status.success() {
            return Err(vec![format!("import failed: {}", stderr(&output).trim())]);
        }
    }
    let output = run(dir, &["render", "profile.yaml", "-o", "out.pdf"]);
    let err = stderr(&output);
    if !output.status.success() {
        why.push(format!("render failed: {}", err.trim()));
        return Err(why);
    }
    if err.contains("warning") {
        why.push(format!("render warned: {}", err.trim()));
    }
    let pdf = Pdf::read(&dir.join("out.pdf"));
    why.extend(markup_in(&pdf.page_text.join("\n")));
    why.extend(
        pdf.links
            .iter()
            .filter(|l| !well_formed_link(l))
            .map(|l| format!("a link that is no address: {l:?}")),
    );
    if why.is_empty() {
        Ok(())
    } else {
        Err(why)
    }
}

/// Runs the corpus at `$CVPDF_CORPUS` (folders named by kind); prints each failure and the
/// clean count per kind; fails below `$CVPDF_CORPUS_MIN` percent (95) in any kind.
#[test]
#[ignore = "needs a local copy of the corpus: tests/corpus/run"]
fn corpus_is_clean() {
    let root = std::env::var("CVPDF_CORPUS").expect("CVPDF_CORPUS names the corpus folder");
    let only = std::env::var("CVPDF_CORPUS_ONLY").unwrap_or_default();
    let min: f64 = std::env::var("CVPDF_CORPUS_MIN")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(95.0);
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut empty: BTreeMap<&str, usize> = BTreeMap::new();
    for kind in KINDS {
        let Ok(dir) = fs::read_dir(Path::new(&root).join(kind)) else {
            continue;
        };
        let mut files: Vec<_> = dir.flatten().map(|e| e.path()).collect();
        files.sort();
        for file in files.iter().filter(|f| f.to_string_lossy().contains(&only)) {
            let work = tempfile::tempdir().unwrap();
            let result = check_file(kind, file, work.path());
            let name = file.file_name().unwrap().to_string_lossy();
            if let Err(why) = &result {
                if why.len() == 1 && why[0].contains("holds nothing a CV could show") {
                    *empty.entry(kind).or_default() += 1;
                    println!("empty {kind}/{name}");
                    continue;
                }
            }
            let total = totals.entry(kind).or_default();
            total.1 += 1;
            match result {
                Ok(()) => {
                    total.0 += 1;
                    println!("ok    {kind}/{name}");
                }
                Err(why) => {
                    println!("FAIL  {kind}/{name}");
                    for reason in why.iter().take(6) {
                        let reason: String = reason.chars().take(400).collect();
                        println!("        {}", reason.replace('\n', "\n        "));
                    }
                }
            }
        }
    }
    println!("\nclean per kind:");
    let mut low = Vec::new();
    for (kind, (ok, total)) in &totals {
        let percent = 100.0 * *ok as f64 / (*total).max(1) as f64;
        let refused = empty.get(kind).copied().unwrap_or(0);
        println!("  {kind:<11} {ok:>3}/{total:<3} {percent:5.1}%   ({refused} empty, refused)");
        if percent < min {
            low.push(*kind);
        }
    }
    assert!(low.is_empty(), "below {min}% clean: {low:?}");
}

#[test]
fn the_corpus_checker_sees_markup_a_reader_would_see() {
    for shown in [
        "Ph.D. <small>2019</small>",
        "Contact <a href=\"mailto:x@y.org\">me</a>",
        "Tom &amp; Jerry",
        "it&#39;s",
        "see [the paper](https://x.org)",
        "[//]: <> (hidden)",
        "the \\textbf{bold} claim",
        "circuits in $AC^0$",
        "$$\\text{x}$$",
    ] {
        assert!(!markup_in(shown).is_empty(), "{shown}");
    }
    for clean in [
        "Tom & Jerry; a < b and c > d",
        "costs $5 or $6 in [2019] (ok)",
        "AC⁰[⊕] circuits",
        "C:\\ and 100%",
    ] {
        assert!(
            markup_in(clean).is_empty(),
            "{clean}: {:?}",
            markup_in(clean)
        );
    }
    for good in [
        "https://example.org/a?b#c",
        "http://10.0.0.1:8080/x",
        "mailto:ada@example.org",
        "tel:+44-20-1234",
        "https://dépôt.fr",
    ] {
        assert!(well_formed_link(good), "{good}");
    }
    for bad in [
        "https://escapades/",
        "https://#anchor",
        "https://www.x.org/a b",
        "www.linkedin.com/in/x",
        "mailto:nobody",
        "https://x.org-/",
    ] {
        assert!(!well_formed_link(bad), "{bad}");
    }
    assert_eq!(
        bib_entries(
            "@string{a = \"b\"}\n@article{x,\n title={@misc{}}}\n  @Book(y, t=1)\n@comment{z}"
        ),
        2
    );
}
