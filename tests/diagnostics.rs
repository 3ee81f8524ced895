//! One diagnostic of each kind, compared whole: the exact bytes cvpdf writes to stderr, with
//! the temporary folder (and a local server's address) written as `<DIR>` (`<SERVER>`), against
//! `tests/references/diag/<name>.txt`. A check that a message *contains* a phrase lets the rest
//! of it drift (a lost caret, a doubled line, a help gone); a whole output does not.
//! `UPDATE_REFERENCES=1 cargo test --release diagnostics::` rewrites the references; read the
//! diff before committing it.

use std::fs;
use std::path::Path;
use std::process::Output;

use crate::common::server::{Reply, Server};
use crate::common::{cvpdf, root};

/// Compares `output`'s stderr, made plain, with the reference `name`, and its exit code with
/// `code`.
fn golden(name: &str, output: &Output, code: i32, plain: &[(&str, &str)]) {
    let mut said = String::from_utf8_lossy(&output.stderr).into_owned();
    for (from, to) in plain {
        said = said.replace(from, to);
    }
    let path = root().join(format!("tests/references/diag/{name}.txt"));
    if std::env::var_os("UPDATE_REFERENCES").is_some() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, &said).unwrap();
    }
    let want = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        said == want,
        "{name}: stderr differs from {} (UPDATE_REFERENCES=1 rewrites it)\n--- got\n{said}\n--- want\n{want}",
        path.display()
    );
    assert_eq!(output.status.code(), Some(code), "{name}");
}

/// Runs cvpdf in a folder holding `files`; the folder's path is made `<DIR>`.
fn run(files: &[(&str, &str)], args: &[&str]) -> (Output, String) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let output = cvpdf(dir.path(), args);
    (output, canonical(dir.path()))
}

/// The folder's path as cvpdf prints it.
fn canonical(dir: &Path) -> String {
    dir.canonicalize().unwrap().display().to_string()
}

/// Guards issue 47 (whole-output goldens): a YAML syntax error, with its line and caret.
#[test]
fn a_yaml_syntax_error() {
    let (output, dir) = run(
        &[("p.yaml", "name: [Ada Lovelace\nheadline: x\n")],
        &["check", "p.yaml"],
    );
    golden("yaml-syntax", &output, 1, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: an unknown key, with the one meant.
#[test]
fn an_unknown_key_with_a_suggestion() {
    let (output, dir) = run(
        &[("p.yaml", "name: Ada Lovelace\nheadlin: Analyst\n")],
        &["check", "p.yaml"],
    );
    golden("field-suggestion", &output, 1, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: a field's error with its help line (a text with no translation).
#[test]
fn a_field_error_with_help() {
    let (output, dir) = run(
        &[("p.yaml", "name: Ada Lovelace\nheadline: {}\n")],
        &["check", "p.yaml"],
    );
    golden("field-help", &output, 1, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: an error in a user's Typst template, as Typst reports it.
#[test]
fn a_template_error() {
    let (output, dir) = run(
        &[
            ("p.yaml", "name: Ada Lovelace\n"),
            (
                "tpl/bad.typ",
                "#let cv(profile, style) = [#profile.name #no-such-function()]\n",
            ),
        ],
        &["render", "p.yaml", "--template", "tpl/bad.typ"],
    );
    golden("template", &output, 1, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: a usage error (a flag's value that is none of its choices).
#[test]
fn a_usage_error() {
    let (output, dir) = run(
        &[("p.yaml", "name: Ada Lovelace\n")],
        &["render", "p.yaml", "--paper", "legal"],
    );
    golden("usage", &output, 2, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: an import error (a JSON Resume that is not JSON). Its text changes when
/// import's errors become problems with a source line; the reference is then rewritten.
#[test]
fn an_import_error() {
    let (output, dir) = run(
        &[("resume.json", "{\"basics\": {\"name\": \"Ada\",}\n")],
        &["import", "resume.json", "-o", "ada.yaml"],
    );
    golden("import", &output, 1, &[(&dir, "<DIR>")]);
}

/// Guards issue 47: a sync error (a service that answers 500), from a local server.
#[test]
fn a_sync_error() {
    let server = Server::start(vec![(
        "/pid/12/3456.bib",
        vec![Reply::status(500, "Internal error")],
    )]);
    let dir = crate::sync::lab("  dblp: 12/3456");
    let output = crate::sync::sync(dir.path(), &server, &["p.yaml", "--timeout", "2"]);
    let plain = [
        (canonical(dir.path()), "<DIR>".to_string()),
        (server.base.clone(), "<SERVER>".to_string()),
    ];
    let plain: Vec<(&str, &str)> = plain
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    golden("sync", &output, 1, &plain);
}

/// Guards issue 47 (`--diagnostic-format short`, for editors' problem matchers and CI): one
/// `file:line:column: severity: field: message (help: …)` line per problem of a profile, of a
/// Typst template and of an imported file, and a message without a place on one line.
#[test]
fn the_short_format_is_one_line_per_problem() {
    let files = [
        ("p.yaml", "name: ' '\nheadline: {}\n"),
        // A key with a line break: the line stays one line.
        ("q.yaml", "name: Ada\n\"a\\nb\": 1\n"),
        ("ok.yaml", "name: Ada Lovelace\n"),
        (
            "tpl/bad.typ",
            "#let cv(profile, style) = [#profile.name #no-such-function()]\n",
        ),
        ("resume.json", "{\"basics\": {\"name\": \"Ada\",}\n"),
    ];
    let commands: [&[&str]; 4] = [
        &["check", "p.yaml", "q.yaml"],
        &["render", "ok.yaml", "--template", "tpl/bad.typ"],
        &["import", "resume.json"],
        &["render", "missing.yaml"],
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let mut said = Vec::new();
    for args in commands {
        let mut args = args.to_vec();
        args.extend(["--diagnostic-format", "short"]);
        let output = cvpdf(dir.path(), &args);
        assert_ne!(output.status.code(), Some(0), "{args:?}");
        said.extend(format!("$ cvpdf {}\n", args.join(" ")).into_bytes());
        said.extend(output.stderr);
    }
    let output = Output {
        status: cvpdf(
            dir.path(),
            &["check", "ok.yaml", "--diagnostic-format", "short"],
        )
        .status,
        stdout: Vec::new(),
        stderr: said,
    };
    golden("short", &output, 0, &[(&canonical(dir.path()), "<DIR>")]);
}
