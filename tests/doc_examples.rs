//! Docs that run (issue 47): every fenced code block of README.md and `docs/**/*.md` is read
//! as its info string says, and run the way a new user following the page would, so a page
//! that drifts from the program fails here, naming the page, the line and what differed.
//!
//! Each page runs in a fresh folder of its own (`work/`, with `home/` as `$HOME` and the
//! website `../lab-website` beside it) seeded by [`seed`] with what the pages assume: the
//! bundled `profiles/`, and fixtures under the names the docs use. Its blocks run in order
//! there, so a later block sees what an earlier one wrote. The kinds of block:
//!
//! - `sh`: each line is a command (a `# …` after it is a comment). `cvpdf ARGS` and
//!   `cargo run --release -- ARGS` run the real binary and must exit 0; `> FILE` takes its
//!   standard output (`~` is `$HOME`); after `|` the reader is not run (the line checks that
//!   cvpdf writes something for it). `cargo test …` lines must be the command `.ci/run` runs,
//!   and scripts (`tests/corpus/fetch`) must exist and be executable.
//! - `console`: trycmd's form. `$ cvpdf ARGS` lines, then what the terminal shows: standard
//!   output, then standard error, compared line by line, exactly; an expected exit code other
//!   than 0 is a first line `? N`; `...` inside a line stands for any text (trycmd's `[..]`),
//!   a line of only `...` for any lines.
//! - `yaml`: its first line says what it is. `# file: PATH` is a whole file (a profile, or
//!   the lab's `cvpdf.yaml`), written at PATH and checked with `cvpdf check`;
//!   `# fragment of a profile` is checked inside a profile of only a name, and
//!   `# fragment of cvpdf.yaml` as the configuration of a folder holding such a profile.
//! - `json`: must be JSON, with the keys `cvpdf check --json` writes (the only JSON the docs
//!   show is its report).
//! - `text`: not run (synopses, diagrams, output of the network). A synopsis line
//!   `cvpdf COMMAND …` must name a command whose `--help` lists every `--option` it shows.
//!
//! A block without an info string fails: each block says how it is checked. [`NOT_RUN`] lists
//! the few lines that are not run, each with its reason.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{cache_dir, root};

/// The lines that are shown in an `sh` block but not run, with why. Keep it short: every line
/// here is one the tests cannot see drift.
const NOT_RUN: &[(&str, &str)] = &[
    ("cvpdf sync", "asks DBLP, ORCID and OpenAlex over the network; tests never reach the internet (tests/sync.rs runs sync against a local server)"),
    ("tests/corpus/", "downloads the corpus from public repositories (checked to exist and be executable)"),
    ("cargo test", "would run these tests inside themselves (checked to be what .ci/run runs)"),
];

/// Lines that fail on this branch, for a reason fixed elsewhere: the test fails when one of
/// them passes, so that it is taken off this list.
const KNOWN_FAILING: &[(&str, &str)] = &[];

/// The pages whose reader starts in a folder without `profiles/`: importing is how a new user
/// gets a first profile.
const WITHOUT_PROFILES: &[&str] = &["docs/importing.md"];

/// Where a page's blocks run: `work/` is the current folder, `home/` is `$HOME`.
struct Folder {
    /// The temporary folder holding the others, removed at the end.
    _temp: tempfile::TempDir,
    /// The current folder of every command.
    work: PathBuf,
    /// `$HOME` (for `~` in redirections).
    home: PathBuf,
}

/// A fresh folder seeded with what `page` assumes is there.
fn seed(page: &str) -> Folder {
    let temp = tempfile::tempdir().unwrap();
    let work = temp.path().join("work");
    let home = temp.path().join("home");
    fs::create_dir_all(&home).unwrap();
    let fixtures = root().join("tests/fixtures");
    fs::create_dir_all(&work).unwrap();
    if !WITHOUT_PROFILES.contains(&page) {
        copy(&root().join("profiles"), &work.join("profiles"));
    }
    // docs/importing.md and the README: a JSON Resume, a Hugo author page, al-folio's cv.yml.
    copy(&fixtures.join("resume.json"), &work.join("resume.json"));
    copy(
        &fixtures.join("hugo-site/content/authors/zhiyao-li/_index.md"),
        &work.join("site/content/authors/ada/_index.md"),
    );
    copy(&fixtures.join("alfolio-cv.yml"), &work.join("_data/cv.yml"));
    // docs/styles-and-variants.md: "your profile", me.yaml.
    copy(
        &root().join("profiles/zhiyao-li.yaml"),
        &work.join("me.yaml"),
    );
    // docs/commands.md: a profile with a mistake, for `--diagnostic-format short`.
    fs::write(
        work.join("broken.yaml"),
        "name: Ada Lovelace\nheadline: {}\n",
    )
    .unwrap();
    // The pictures the YAML examples name.
    copy(&fixtures.join("photo.png"), &work.join("logo.png"));
    copy(&fixtures.join("photo.jpg"), &work.join("photos/zhiyao.jpg"));
    // docs/publishing.md: the lab's website beside the folder of profiles.
    copy(
        &fixtures.join("hugo-site"),
        &temp.path().join("lab-website"),
    );
    Folder {
        _temp: temp,
        work,
        home,
    }
}

/// Copies a file or a folder (recursively), making the parents of `to`.
fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    if from.is_dir() {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap().flatten() {
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        fs::copy(from, to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    }
}

/// One fenced code block: its page, the line of its opening fence, its info string and text.
struct Block {
    /// The page, relative to the repository.
    page: String,
    /// The 1-based line of the opening fence.
    line: usize,
    /// The info string (`sh`, `yaml`, …).
    kind: String,
    /// The lines inside the fence.
    lines: Vec<String>,
}

impl Block {
    /// Where the block's `i`-th line (0-based) is, for messages: `page:line`.
    fn at(&self, i: usize) -> String {
        format!("{}:{}", self.page, self.line + 1 + i)
    }
}

/// The fenced code blocks of a page, in order.
fn blocks(page: &str, text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                Some(block) => found.push(block),
                None => {
                    open = Some(Block {
                        page: page.to_string(),
                        line: i + 1,
                        kind: info.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
        } else if let Some(block) = &mut open {
            block.lines.push(line.to_string());
        }
    }
    found
}

/// The pages: README.md and every Markdown file under docs/, relative to the repository.
fn pages() -> Vec<String> {
    let mut found = vec!["README.md".to_string()];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let relative = path.strip_prefix(root()).unwrap();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

/// A command line split into words as a shell would (quotes, no expansion), up to a comment.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => break,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Runs the real binary with `args` in the page's folder, as the tests run cvpdf.
fn run(folder: &Folder, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cvpdf"))
        .args(args)
        .current_dir(&folder.work)
        .env_remove("SOURCE_DATE_EPOCH")
        .env("NO_COLOR", "1")
        .env("HOME", &folder.home)
        .env("CVPDF_CACHE_DIR", cache_dir())
        .output()
        .expect("cvpdf runs")
}

/// The arguments of cvpdf in a command's words (`cvpdf …` or `cargo run --release -- …`).
fn cvpdf_args(words: &[String]) -> Option<Vec<String>> {
    match words {
        [first, rest @ ..] if first == "cvpdf" => Some(rest.to_vec()),
        [cargo, run, release, dashes, rest @ ..]
            if [cargo, run, release, dashes] == ["cargo", "run", "--release", "--"] =>
        {
            Some(rest.to_vec())
        }
        _ => None,
    }
}

/// Output as text, with the page's folder written as the page would (`.`).
fn text(folder: &Folder, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.replace(&format!("{}/", folder.work.display()), "")
}

/// Runs an `sh` block's lines; the problems found.
fn run_sh(block: &Block, folder: &Folder, problems: &mut Vec<String>) {
    for (i, line) in block.lines.iter().enumerate() {
        let all = words(line);
        // `UPDATE_REFERENCES=1 cargo test …`: the command after the settings.
        let start = all.iter().take_while(|w| is_setting(w)).count();
        let command = &all[start..];
        if command.is_empty() {
            continue;
        }
        let shown = command.join(" ");
        if let Some((_, _)) = NOT_RUN.iter().find(|(prefix, _)| shown.starts_with(prefix)) {
            check_not_run(block, i, command, problems);
            continue;
        }
        let Some(mut args) = cvpdf_args(command) else {
            problems.push(format!(
                "{}: `{shown}` is no cvpdf command the docs test can run (add it to NOT_RUN with a reason)",
                block.at(i)
            ));
            continue;
        };
        // `> FILE` takes standard output; after `|` comes a reader, not run.
        let mut into = None;
        if let Some(at) = args.iter().position(|w| w == "|") {
            args.truncate(at);
        }
        if let Some(at) = args.iter().position(|w| w == ">") {
            into = args.get(at + 1).cloned();
            args.truncate(at);
        }
        let output = run(folder, &args);
        if let Some((_, why)) = KNOWN_FAILING.iter().find(|(known, _)| *known == shown) {
            if output.status.success() {
                problems.push(format!(
                    "{}: `{shown}` passes now: take it off KNOWN_FAILING ({why})",
                    block.at(i)
                ));
            }
            continue;
        }
        if !output.status.success() {
            problems.push(format!(
                "{}: `{shown}` exited {:?}:\n{}",
                block.at(i),
                output.status.code(),
                text(folder, &output.stderr)
            ));
            continue;
        }
        let piped = line.contains('|') || into.is_some();
        if piped && output.stdout.is_empty() {
            problems.push(format!(
                "{}: `{shown}` wrote nothing to standard output",
                block.at(i)
            ));
        }
        if let Some(file) = into {
            let path = match file.strip_prefix("~/") {
                Some(rest) => folder.home.join(rest),
                None => folder.work.join(file),
            };
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, &output.stdout).unwrap();
        }
    }
}

/// Whether a word is an environment setting before a command (`NAME=value`).
fn is_setting(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    })
}

/// Checks what can be checked of a line that is not run: a `cargo test` is what `.ci/run`
/// runs (with a filter at most), a script exists and is executable.
fn check_not_run(block: &Block, i: usize, command: &[String], problems: &mut Vec<String>) {
    let shown = command.join(" ");
    if shown.starts_with("cargo test") {
        let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
        let runs = ci
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with("cargo test"))
            .unwrap_or("(none)");
        if !(shown == runs || shown.starts_with(&format!("{runs} "))) {
            problems.push(format!(
                "{}: `{shown}` is not the command .ci/run runs (`{runs}`), with a filter at most",
                block.at(i)
            ));
        }
    } else if !command[0].starts_with("cvpdf") {
        use std::os::unix::fs::PermissionsExt;
        let script = root().join(&command[0]);
        let executable = fs::metadata(&script).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
        if !executable {
            problems.push(format!(
                "{}: {} is no executable script",
                block.at(i),
                command[0]
            ));
        }
    }
}

/// Runs a `console` block's commands and compares what they print; the problems found.
fn run_console(block: &Block, folder: &Folder, problems: &mut Vec<String>) {
    let mut i = 0;
    while i < block.lines.len() {
        let Some(line) = block.lines[i].strip_prefix("$ ") else {
            problems.push(format!("{}: a console block starts with `$ `", block.at(i)));
            return;
        };
        let at = i;
        let command = words(line);
        i += 1;
        let mut expected = Vec::new();
        while i < block.lines.len() && !block.lines[i].starts_with("$ ") {
            expected.push(block.lines[i].as_str());
            i += 1;
        }
        let code = match expected.first().and_then(|l| l.strip_prefix("? ")) {
            Some(code) => {
                expected.remove(0);
                code.trim().parse::<i32>().ok()
            }
            None => Some(0),
        };
        let Some(args) = cvpdf_args(&command) else {
            problems.push(format!("{}: `{line}` is no cvpdf command", block.at(at)));
            continue;
        };
        let output = run(folder, &args);
        let shown = text(folder, &output.stdout) + &text(folder, &output.stderr);
        let shown: Vec<&str> = shown.lines().collect();
        if output.status.code() != code {
            problems.push(format!(
                "{}: `{line}` exited {:?}, the page says {code:?}:\n{}",
                block.at(at),
                output.status.code(),
                shown.join("\n")
            ));
        } else if !lines_match(&expected, &shown) {
            problems.push(format!(
                "{}: `{line}` printed other than the page shows.\n--- the page:\n{}\n--- cvpdf:\n{}",
                block.at(at),
                expected.join("\n"),
                shown.join("\n")
            ));
        }
    }
}

/// Whether `shown` matches `expected`, where a line `...` stands for any lines and `...`
/// inside a line for any text.
fn lines_match(expected: &[&str], shown: &[&str]) -> bool {
    match expected.split_first() {
        None => shown.is_empty(),
        Some((&"...", rest)) => (0..=shown.len()).any(|skip| lines_match(rest, &shown[skip..])),
        Some((first, rest)) => shown
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && lines_match(rest, others)),
    }
}

/// Whether `line` matches `pattern`, where `...` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern.trim_end() == line.trim_end();
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.trim_end().ends_with(last.trim_end())
}

/// The minimal profile a fragment is checked in.
const MINIMAL: &str = "name: Ada Lovelace\n";

/// Checks a `yaml` block as its first line says; the problems found.
fn check_yaml(block: &Block, folder: &Folder, problems: &mut Vec<String>) {
    let first = block.lines.first().map(String::as_str).unwrap_or("");
    let body = block.lines.join("\n") + "\n";
    let (profile, config) = if let Some(path) = first.strip_prefix("# file: ") {
        let path = path.trim();
        let file = folder.work.join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, &body).unwrap();
        if file.file_name().is_some_and(|n| n == "cvpdf.yaml") {
            // The lab's configuration: checked with the folder's profiles.
            (path.trim_end_matches("cvpdf.yaml").to_string() + ".", None)
        } else {
            (path.to_string(), None)
        }
    } else if first == "# fragment of a profile" {
        let mut text = body.clone();
        if !block.lines.iter().any(|l| l.starts_with("name:")) {
            text = format!("{MINIMAL}{text}");
        }
        let dir = folder.work.join(format!("fragment-{}", block.line));
        fs::create_dir_all(&dir).unwrap();
        copy(&folder.work.join("logo.png"), &dir.join("logo.png"));
        fs::write(dir.join("fragment.yaml"), text).unwrap();
        (format!("fragment-{}/fragment.yaml", block.line), None)
    } else if first == "# fragment of cvpdf.yaml" {
        let dir = folder.work.join(format!("config-{}", block.line));
        fs::create_dir_all(&dir).unwrap();
        copy(&folder.work.join("logo.png"), &dir.join("logo.png"));
        fs::write(dir.join("ada.yaml"), MINIMAL).unwrap();
        (format!("config-{}/", block.line), Some(body))
    } else {
        problems.push(format!(
            "{}: a yaml block's first line says what it is: `# file: PATH`, \
             `# fragment of a profile` or `# fragment of cvpdf.yaml`",
            block.at(0)
        ));
        return;
    };
    if let Some(config) = config {
        fs::write(folder.work.join(&profile).join("cvpdf.yaml"), config).unwrap();
    }
    let output = run(folder, &["check".to_string(), profile.clone()]);
    if !output.status.success() {
        problems.push(format!(
            "{}: `cvpdf check` of this block failed:\n{}",
            block.at(0),
            text(folder, &output.stderr)
        ));
    }
}

/// Checks a `json` block: JSON, with the keys of `cvpdf check --json`'s report.
fn check_json(block: &Block, folder: &Folder, problems: &mut Vec<String>) {
    let shown: serde_json::Value = match serde_json::from_str(&block.lines.join("\n")) {
        Ok(value) => value,
        Err(e) => {
            problems.push(format!("{}: not JSON: {e}", block.at(0)));
            return;
        }
    };
    // A problem with every key: a value at a place, with a help (a photo that is not there).
    let dir = folder.work.join(format!("json-{}", block.line));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("ada.yaml"), MINIMAL).unwrap();
    fs::write(dir.join("bob.yaml"), "name: Bob\nphoto: bob.jpg\n").unwrap();
    let args = [
        "check".to_string(),
        "--json".to_string(),
        format!("json-{}/", block.line),
    ];
    let output = run(folder, &args);
    let made: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    /// The keys of an object, and of the first object in each of its lists, as paths.
    fn keys(value: &serde_json::Value, at: &str, out: &mut Vec<String>) {
        if let Some(object) = value.as_object() {
            for (key, inner) in object {
                out.push(format!("{at}.{key}"));
                keys(inner, &format!("{at}.{key}"), out);
            }
        } else if let Some(list) = value.as_array() {
            // The last entry: the one with problems.
            if let Some(last) = list.last() {
                keys(last, &format!("{at}[]"), out);
            }
        }
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    keys(&shown, "", &mut a);
    keys(&made, "", &mut b);
    a.sort();
    b.sort();
    if a != b {
        problems.push(format!(
            "{}: the keys differ from `cvpdf check --json`'s:\n  the page: {a:?}\n  cvpdf:    {b:?}",
            block.at(0)
        ));
    }
}

/// Checks a `text` block's synopsis lines against `cvpdf COMMAND --help`; the problems found.
fn check_synopsis(block: &Block, folder: &Folder, problems: &mut Vec<String>) {
    for (i, line) in block.lines.iter().enumerate() {
        let all = words(line);
        let command = match all.as_slice() {
            [cvpdf, command, ..] if cvpdf == "cvpdf" => command,
            _ => continue,
        };
        let output = run(folder, &[command.to_string(), "--help".to_string()]);
        if !output.status.success() {
            problems.push(format!("{}: there is no `cvpdf {command}`", block.at(i)));
            continue;
        }
        let help = String::from_utf8_lossy(&output.stdout);
        for option in all.iter().flat_map(|w| w.split(['[', ']', '|', '='])) {
            if option.starts_with("--") && !help.contains(option) {
                problems.push(format!(
                    "{}: `cvpdf {command} --help` has no {option}",
                    block.at(i)
                ));
            }
        }
    }
}

/// Every block of every page, checked as its kind says; all problems reported at once.
#[test]
fn every_example_in_the_readme_and_docs_runs_as_shown() {
    let mut problems = Vec::new();
    let mut counted = std::collections::BTreeMap::<String, usize>::new();
    for page in pages() {
        let text = fs::read_to_string(root().join(&page)).unwrap();
        let folder = seed(&page);
        for block in blocks(&page, &text) {
            *counted.entry(block.kind.clone()).or_default() += 1;
            match block.kind.as_str() {
                "sh" => run_sh(&block, &folder, &mut problems),
                "console" => run_console(&block, &folder, &mut problems),
                "yaml" => check_yaml(&block, &folder, &mut problems),
                "json" => check_json(&block, &folder, &mut problems),
                "text" => check_synopsis(&block, &folder, &mut problems),
                other => problems.push(format!(
                    "{}:{}: a block of kind `{other}`; say which: sh, console, yaml, json or text",
                    block.page, block.line
                )),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} examples in the docs do not run as shown:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
    // The premise: the examples were found (a parser that finds none passes vacuously).
    for kind in ["sh", "console", "yaml", "json", "text"] {
        assert!(
            counted.get(kind).is_some_and(|&n| n > 0),
            "no {kind} block found: {counted:?}"
        );
    }
}

/// Every `src/…` path that README.md, ARCHITECTURE.md and the docs name exists (contributing.md
/// named `src/world.rs` and `src/render.rs` long after they had become folders).
#[test]
fn every_source_path_the_docs_name_exists() {
    let mut pages = pages();
    pages.push("ARCHITECTURE.md".to_string());
    let mut missing = Vec::new();
    let mut seen = 0;
    for page in pages {
        let text = fs::read_to_string(root().join(&page)).unwrap();
        for (i, line) in text.lines().enumerate() {
            let mut rest = line;
            while let Some(at) = rest.find("src/") {
                // `src/` as a path's start, not inside another word (`tests/src/`… is not one).
                let before = rest[..at].chars().next_back();
                let tail = &rest[at..];
                let end = tail
                    .find(|c: char| !(c.is_alphanumeric() || matches!(c, '/' | '_' | '.' | '-')))
                    .unwrap_or(tail.len());
                let path = tail[..end].trim_end_matches('.');
                rest = &tail[end.max(4)..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '/' || c == '_') {
                    continue;
                }
                seen += 1;
                if !root().join(path).exists() {
                    missing.push(format!("{page}:{}: {path}", i + 1));
                }
            }
        }
    }
    assert!(
        seen > 10,
        "the premise: the docs name source paths ({seen} found)"
    );
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}
