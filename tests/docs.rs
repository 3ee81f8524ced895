//! The documentation, kept true: the README stays short and starts with the two commands a
//! newcomer needs, every relative link and anchor in it and in `docs/` leads somewhere, and the
//! profile format's reference is the one `cvpdf schema --markdown` makes from the model's doc
//! comments. `UPDATE_REFERENCES=1` rewrites the reference.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{cvpdf, root, stderr};

/// The README's length in characters, at most.
const README_LIMIT: usize = 15_000;

#[test]
fn the_readme_is_short_and_starts_with_the_two_commands() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let chars = readme.chars().count();
    assert!(chars <= README_LIMIT, "README.md has {chars} characters");
    let first_block = readme
        .split("```")
        .nth(1)
        .expect("README.md starts with a code block");
    assert!(first_block.contains("cargo run --release -- render profiles/"));
    // .ci/run runs exactly the README's test command.
    let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
    let test_command = first_block
        .lines()
        .find(|l| l.starts_with("cargo test"))
        .and_then(|l| l.split('#').next())
        .map(str::trim)
        .expect("the first block holds the test command");
    assert!(
        ci.lines().any(|l| l.trim() == test_command),
        ".ci/run does not run `{test_command}`"
    );
}

#[test]
fn the_profile_reference_is_made_from_the_schema() {
    let output = cvpdf(&root(), &["schema", "--markdown"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let made = String::from_utf8(output.stdout).unwrap();
    let path = root().join("docs/reference/profile.md");
    if std::env::var_os("UPDATE_REFERENCES").is_some() {
        fs::write(&path, &made).unwrap();
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "docs/reference/profile.md is stale: run `cvpdf schema --markdown > docs/reference/profile.md` \
         (or UPDATE_REFERENCES=1 cargo test --release docs::)"
    );
    // Every key of every type is there, with what it holds.
    for key in [
        "`name` (required)",
        "`publications`",
        "`doi`",
        "`max_pages`",
    ] {
        assert!(made.contains(key), "{key} is not in the reference");
    }
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    pages.extend(markdown_files(&root().join("docs")));
    let mut broken = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(page).unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !file.exists() {
                broken.push(format!("{}: {target} (no such file)", page.display()));
            } else if !anchor.is_empty()
                && file.extension().is_some_and(|e| e == "md")
                && !anchors(&fs::read_to_string(&file).unwrap()).contains(anchor)
            {
                broken.push(format!("{}: {target} (no such heading)", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The Markdown files under `dir`, recursively.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
    found
}

/// The targets of `[text](target)` links outside code.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // Code spans hold examples, not links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            if !target.is_empty() {
                found.push(target.to_string());
            }
            rest = &after[end..];
        }
    }
    found
}

/// The anchors GitHub gives a page's headings: lower case, spaces to `-`, punctuation other
/// than `-` and `_` dropped, repeats numbered.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut unique = slug.clone();
        let mut n = 1;
        while !found.insert(unique.clone()) {
            unique = format!("{slug}-{n}");
            n += 1;
        }
    }
    found
}
