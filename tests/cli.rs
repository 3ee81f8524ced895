//! The command line's own documents, used as their readers use them: the completion script
//! loaded into bash and asked to complete, the manual pages rendered by groff, and
//! `check --json` read as JSON.

use std::fs;
use std::process::Command;

use crate::common::{self, cvpdf, root, stderr};

/// What bash's completion for cvpdf offers for `words` (the last one being completed).
fn bash_completes(script: &str, words: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cvpdf.bash");
    fs::write(&file, script).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source \"$0\"; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE=\"${{COMP_WORDS[*]}}\"; \
         COMP_POINT=${{#COMP_LINE}}; _cvpdf cvpdf \"${{COMP_WORDS[COMP_CWORD]}}\" \
         \"${{COMP_WORDS[COMP_CWORD-1]}}\"; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        quoted.join(" "),
        words.len() - 1
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(program)
        .arg(&file)
        .output()
        .expect("bash runs");
    assert!(output.status.success(), "{}", stderr(&output));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_commands_options_and_their_values() {
    let output = cvpdf(&root(), &["completions", "bash"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let script = String::from_utf8(output.stdout).unwrap();
    let commands = bash_completes(&script, &["cvpdf", "re"]);
    assert!(commands.contains(&"render".to_string()), "{commands:?}");
    assert!(!commands.contains(&"lab".to_string()), "{commands:?}");
    let options = bash_completes(&script, &["cvpdf", "render", "--pa"]);
    assert_eq!(options, ["--paper"]);
    // The values of the profile format's enums, by the format's own names.
    let papers = bash_completes(&script, &["cvpdf", "render", "--paper", ""]);
    assert_eq!(papers, ["a4", "us-letter"]);
    let numbering = bash_completes(&script, &["cvpdf", "lab", "--numbering", ""]);
    assert_eq!(numbering, ["reverse", "forward", "none"]);
    let languages = bash_completes(&script, &["cvpdf", "check", "--lang", ""]);
    assert!(languages.contains(&"zh".to_string()), "{languages:?}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let output = cvpdf(&root(), &["completions", shell]);
        assert!(output.status.success(), "{shell}: {}", stderr(&output));
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.contains("import-bib"), "{shell}");
    }
    let output = cvpdf(&root(), &["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

/// The manual page `args` prints, rendered by groff as a terminal shows it; groff must not
/// warn about it.
fn rendered_manual(args: &[&str]) -> String {
    let output = cvpdf(&root(), args);
    assert!(output.status.success(), "{}", stderr(&output));
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.1");
    fs::write(&page, &output.stdout).unwrap();
    // `-k`: the page is UTF-8, which man passes through preconv; `-ww`: every warning.
    let groff = Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-ww"])
        .arg(&page)
        .output();
    let why = "the manual page rendered by groff (checked as text only without it)";
    if !common::require("groff", groff.is_ok(), why) {
        return String::from_utf8(output.stdout).unwrap();
    }
    let groff = groff.unwrap();
    assert!(groff.status.success(), "{}", stderr(&groff));
    assert!(stderr(&groff).is_empty(), "groff warns: {}", stderr(&groff));
    // Bold and underline are drawn by overstriking; the text is what is left.
    let text = String::from_utf8_lossy(&groff.stdout).into_owned();
    let mut plain = String::new();
    for c in text.chars() {
        if c == '\u{8}' {
            plain.pop();
        } else {
            plain.push(c);
        }
    }
    plain
}

/// Guards issue 47: without groff it fails under `CVPDF_REQUIRE` instead of passing as text only.
#[test]
fn the_manual_pages_render_and_name_every_command_and_option() {
    let main = rendered_manual(&["man"]);
    for part in [
        "NAME",
        "SYNOPSIS",
        "cvpdf",
        "render",
        "import-bib",
        "publish",
    ] {
        assert!(main.contains(part), "{part} is not in cvpdf(1):\n{main}");
    }
    let render = rendered_manual(&["man", "render"]);
    for part in [
        "cvpdf-render",
        "--paper",
        "--variant",
        "--pdf-standard",
        "a4",
    ] {
        assert!(
            render.contains(part),
            "{part} is not in cvpdf-render(1):\n{render}"
        );
    }
    let output = cvpdf(&root(), &["man", "rendr"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("render"), "{}", stderr(&output));
}

#[test]
fn check_json_is_one_document_with_each_problem_placed() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("good.yaml"), "name: Ada Good\n").unwrap();
    fs::write(
        dir.path().join("bad.yaml"),
        "name: Ada Bad\neducation:\n  - {institution: \"U \\\"Q\\\"\", degree: PhD, start: 2O20}\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["check", "--json", "good.yaml", "bad.yaml"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["checked"], 2);
    assert_eq!(report["failed"], 1);
    let files = report["files"].as_array().unwrap();
    assert_eq!(files[0]["path"], "good.yaml");
    assert_eq!(files[0]["ok"], true);
    assert_eq!(files[0]["problems"].as_array().unwrap().len(), 0);
    assert_eq!(files[1]["ok"], false);
    let problem = &files[1]["problems"][0];
    assert_eq!(problem["severity"], "error");
    assert_eq!(problem["file"], "bad.yaml");
    assert_eq!(problem["line"], 3);
    assert_eq!(problem["field"], "education[0].start");
    assert!(problem["column"].as_u64().unwrap() > 1);
    assert!(problem["message"].as_str().unwrap().len() > 10);
    // All fine: exit 0, the same document.
    let output = cvpdf(dir.path(), &["check", "--json", "good.yaml"]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["failed"], 0);
    // A text without the CV's language is a warning at its line, not a sentence about it
    // (found by probing), and does not fail the file.
    fs::write(
        dir.path().join("de.yaml"),
        "name: Ada De\nheadline: {de: Professorin}\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["check", "--json", "--lang", "en", "de.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let warning = &report["files"][0]["problems"][0];
    assert_eq!(warning["severity"], "warning");
    assert_eq!(warning["field"], "headline");
    assert_eq!(warning["line"], 2);
    // A file name with a line break stays on its line in the human report.
    fs::write(dir.path().join("a\nb.yaml"), "name: Ada Newline\n").unwrap();
    let output = cvpdf(dir.path(), &["check", "a\nb.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "ok    a\\u{a}b.yaml\n"
    );
}

#[test]
fn a_reader_that_goes_away_or_a_full_disk_is_no_crash() {
    // Found by probing: `cvpdf check big-lab/ | head` and `cvpdf man > /dev/full` ended in
    // "internal error" with exit code 101.
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    // More than a pipe holds (64 KiB), so that cvpdf is still writing when the reader goes.
    let long = "a".repeat(150);
    for i in 0..600 {
        let name = format!("{long}-{i}.yaml");
        fs::write(dir.path().join(name), "name: Ada Lovelace\n").unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
        .args(["check", "."])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("ok"), "{first}");
    // The reader has gone (its end of the pipe is closed): cvpdf finishes and says nothing.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    if std::path::Path::new("/dev/full").exists() {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
            .arg("man")
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let err = stderr(&output);
        assert!(err.contains("cannot write to standard output"), "{err}");
        assert!(!err.contains("internal error"), "{err}");
        // Standard error full too (found by probing: render aborted with SIGABRT, 134).
        fs::write(dir.path().join("b.yaml"), "name: Bob\n").unwrap();
        fs::write(dir.path().join("c.yaml"), "name: [broken\n").unwrap();
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
            .args(["render", "b.yaml", "c.yaml", "-o", "out"])
            .current_dir(dir.path())
            .stderr(full)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(1),
            "b renders, c fails: exit 1, no abort"
        );
        assert!(dir.path().join("out/b.pdf").is_file());
    }
}

#[test]
fn a_dash_for_output_is_standard_output_or_refused_never_a_file_named_dash() {
    // Found by probing (issue 46): `-o -` wrote a file named `-`.
    let dir = one_profile();
    for args in [
        &["render", "p.yaml", "-o", "-"][..],
        &["lab", ".", "-o", "-"],
        &["watch", "p.yaml", "-o", "-"],
    ] {
        let output = common::cvpdf(dir.path(), args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            common::stderr(&output).contains("standard output"),
            "{args:?}"
        );
        assert!(!dir.path().join("-").exists(), "{args:?}");
    }
    // `new` and `import` print to standard output, as without -o.
    let output = common::cvpdf(dir.path(), &["new", "Ada Lovelace", "-o", "-"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert!(common::stdout(&output).contains("name: \"Ada Lovelace\""));
    assert!(!dir.path().join("-").exists());
    // A name too long for a file name gives a shorter one (it failed on the file's name).
    let long = "Ada Augusta King Countess of Lovelace ".repeat(8);
    let output = common::cvpdf(dir.path(), &["new", &long]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let made: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("ada-augusta"))
        .collect();
    assert_eq!(made.len(), 1, "{made:?}");
    assert!(made[0].len() <= 80, "{made:?}");
}

#[test]
fn one_profile_named_in_two_ways_is_rendered_once() {
    // Found by probing (issue 46): `p.yaml ./p.yaml` was refused as two CVs written to one
    // file, while `p.yaml p.yaml` was accepted.
    let dir = one_profile();
    for args in [
        &["render", "p.yaml", "./p.yaml"][..],
        &["render", "p.yaml", ".", "-o", "cv.pdf"],
        &["check", "./p.yaml", "p.yaml"],
    ] {
        let output = common::cvpdf(dir.path(), args);
        assert!(
            output.status.success(),
            "{args:?}: {}",
            common::stderr(&output)
        );
    }
    assert!(dir.path().join("p.pdf").exists() && dir.path().join("cv.pdf").exists());
}

/// A folder holding one bundled profile as `p.yaml`.
fn one_profile() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        dir.path().join("p.yaml"),
    )
    .unwrap();
    dir
}

/// Issue 47 (docs that drift): `check` and `render` of a path that names nothing exited 1, and
/// `check --json` printed a JSON report of it, where docs/commands.md promises a usage error:
/// exit 2, one message on standard error, nothing on standard output (as ripgrep does).
#[test]
fn a_missing_input_is_a_usage_error_with_nothing_on_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ada.yaml"), "name: Ada Lovelace\n").unwrap();
    for args in [
        &["check", "nothere.yaml"][..],
        &["check", "--json", "nothere.yaml"],
        &["check", "--json", "ada.yaml", "nothere.yaml"],
        &["render", "nothere.yaml"],
        &["render", "ada.yaml", "nothere/"],
    ] {
        let output = cvpdf(dir.path(), args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            output.stdout.is_empty(),
            "{args:?}: {}",
            common::stdout(&output)
        );
        assert!(
            stderr(&output).contains("nothere") && stderr(&output).contains("does not exist"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // Nothing was rendered for the profile named beside the missing one.
    assert!(!dir.path().join("ada.pdf").exists());
}

/// Issue 47: with a missing input now a usage error, `watch` must not refuse its whole session
/// when a profile it was named is deleted mid-session: that one is told once and watched for,
/// the others go on re-rendering, and it renders again when it comes back. Waits for the lines
/// the watcher prints, never for a quiet time window.
#[test]
fn watch_goes_on_when_a_named_profile_is_deleted_and_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.yaml"), "name: Ada Lovelace\n").unwrap();
    fs::write(dir.path().join("b.yaml"), "name: Bob Babbage\n").unwrap();
    let watch = crate::common::watch::Watch::with_args(
        dir.path(),
        &["watch", "a.yaml", "b.yaml", "-o", "out"],
    );
    let expect = |needle: &str| drop(watch.expect(needle));
    expect("a.yaml → out/a.pdf");
    expect("b.yaml → out/b.pdf");
    fs::remove_file(dir.path().join("a.yaml")).unwrap();
    expect("a.yaml does not exist; waiting for it");
    fs::write(dir.path().join("b.yaml"), "name: Bob Babbage Jr\n").unwrap();
    expect("b.yaml → out/b.pdf");
    fs::write(dir.path().join("a.yaml"), "name: Ada King\n").unwrap();
    expect("a.yaml → out/a.pdf");
}
