//! The cache of `cvpdf sync`: answers that came through a redirect are found again, and a
//! record that cannot be used is passed over with a warning and replaced, never a failure.

use std::fs;
use std::path::{Path, PathBuf};

use super::{dblp_export, lab, profile, sync};
use crate::common::server::{Reply, Server};
use crate::common::{stderr, stdout};

/// The records (`*.json`) in the lab's sync cache.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir.join(".cache/sync"))
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.extension().is_some_and(|e| e == "json"));
    found
}

#[test]
fn an_answer_that_came_through_a_relative_redirect_is_found_in_the_cache() {
    // Found by probing (issue 46): the answer was kept under the address it came from, and
    // looked up under the one asked, so `--offline` failed right after a good sync; and
    // `Location: ?v=2` was resolved as a path (`/pid/12/?v=2`), whose 404 read as "no person".
    let server = Server::start(vec![
        ("/pid/12/3456.bib?v=2", vec![dblp_export()]),
        ("/pid/12/3456.bib", vec![Reply::Redirect("?v=2")]),
    ]);
    let dir = lab("  dblp: 12/3456");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("2 added, 1 updated"),
        "{}",
        stdout(&output)
    );
    let text = profile(dir.path());
    let offline = sync(dir.path(), &server, &["--offline", "p.yaml"]);
    assert!(offline.status.success(), "{}", stderr(&offline));
    assert!(
        stdout(&offline).contains("3 unchanged"),
        "{}",
        stdout(&offline)
    );
    assert_eq!(profile(dir.path()), text);
    // Online again: asked with the ETag through the redirect, answered 304.
    let again = sync(dir.path(), &server, &["p.yaml"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stdout(&again).contains("0 of 1 answers downloaded"),
        "{}",
        stdout(&again)
    );
    let seen = server.seen();
    assert!(
        seen.iter().all(|s| !s.target.contains("/pid/12/?")),
        "{seen:?}"
    );
    assert_eq!(seen.last().unwrap().header("if-none-match"), Some("\"v1\""));
}

#[test]
fn a_damaged_cache_record_is_ignored_with_a_warning_and_replaced() {
    // Found by probing (issue 46): an ETag holding CR/LF in the cache made every later run of
    // the source fail, with an error that never named the cache.
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    assert!(sync(dir.path(), &server, &["p.yaml"]).status.success());
    let text = profile(dir.path());
    let found = records(dir.path());
    assert_eq!(found.len(), 1, "{found:?}");
    let record = &found[0];
    let good = fs::read_to_string(record).unwrap();
    let damaged = [
        good.replace("\\\"v1\\\"", "\\\"v1\\r\\nX-Injected: 1\\\""),
        good[..good.len() / 2].to_string(),
        "\u{0}\u{1}not json".to_string(),
    ];
    for bad in damaged {
        fs::write(record, &bad).unwrap();
        let output = sync(dir.path(), &server, &["p.yaml"]);
        assert!(output.status.success(), "{bad:?}: {}", stderr(&output));
        let err = stderr(&output);
        let name = record.file_name().unwrap().to_str().unwrap();
        assert!(
            err.contains("warning") && err.contains(name) && err.contains("cannot be used"),
            "{bad:?}: {err}"
        );
        assert_eq!(profile(dir.path()), text);
        // Replaced by the answer: the next run uses it again, quietly.
        let replaced = fs::read_to_string(record).unwrap();
        assert!(
            !replaced.contains('\r') && replaced.contains("\\\"v1\\\""),
            "{replaced}"
        );
        let quiet = sync(dir.path(), &server, &["--offline", "p.yaml"]);
        assert!(quiet.status.success(), "{}", stderr(&quiet));
        assert!(!stderr(&quiet).contains("warning"), "{}", stderr(&quiet));
    }
    // No request ever carried the injected header.
    assert!(server
        .seen()
        .iter()
        .all(|s| s.header("x-injected").is_none()));
}
