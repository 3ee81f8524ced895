//! Real recorded answers of the services (not in the repository: `tests/corpus/sync.tsv` says
//! where each comes from) replayed through `cvpdf sync` by a server on 127.0.0.1. Every answer
//! must end in a synced profile that `cvpdf check` accepts and that a second sync leaves byte
//! for byte, or — for the error answers — in exit 1 with an error naming the service and the
//! profile untouched. Run with `CVPDF_SYNC_CORPUS=DIR cargo test --release --test tests
//! sync::corpus -- --ignored --nocapture`.

use std::fs;
use std::path::Path;

use super::{lab, profile, sync};
use crate::common::server::{Reply, Server};
use crate::common::{cvpdf, stderr, stdout};

/// What replaying one file gave: `None` when it held, else what went wrong.
fn replay(dir: &Path, file: &str, status: u16, endpoint: &str) -> Option<String> {
    let body = fs::read(dir.join(file)).ok()?;
    let service = file.split('/').next().unwrap_or_default();
    let reply = Reply::Body {
        status,
        content_type: if file.ends_with(".html") {
            "text/html"
        } else {
            "application/json"
        },
        body,
        etag: Some("\"corpus\""),
    };
    let (sources, server) = match service {
        "dblp" => (
            "  dblp: 12/3456",
            Server::start(vec![("/pid/", vec![reply])]),
        ),
        "orcid" => (
            "  orcid: 0000-0002-1825-0097",
            Server::start(vec![("/v3.0/0000-0002-1825-0097/works", vec![reply])]),
        ),
        "crossref" => (
            "  orcid: 0000-0002-1825-0097",
            Server::start(super::orcid_routes(reply)),
        ),
        _ => (
            "  openalex: A5000000001",
            Server::start(vec![("/works", vec![reply])]),
        ),
    };
    let lab = lab(sources);
    let before = profile(lab.path());
    let first = sync(lab.path(), &server, &["p.yaml", "--timeout", "10"]);
    let code = first.status.code();
    let name = match service {
        "dblp" => "DBLP",
        "orcid" => "ORCID",
        "crossref" => "Crossref",
        _ => "OpenAlex",
    };
    match code {
        Some(0) => {}
        // An error answer, or the answer of another endpoint (one work where a list was
        // asked): an error naming the service.
        Some(1) if status != 200 || !list_endpoint(service, endpoint) => {
            let err = stderr(&first);
            if !err.contains(name) || profile(lab.path()) != before {
                return Some(format!(
                    "failed without naming {name} or not untouched: {err}"
                ));
            }
            return None;
        }
        _ => return Some(format!("exit {code:?}: {}", stderr(&first))),
    }
    let checked = cvpdf(lab.path(), &["check", "p.yaml"]);
    if !checked.status.success() {
        return Some(format!(
            "the synced profile fails check: {}",
            stderr(&checked)
        ));
    }
    let synced = profile(lab.path());
    let again = sync(lab.path(), &server, &["p.yaml"]);
    if !again.status.success() || profile(lab.path()) != synced {
        return Some(format!("a second sync changed it: {}", stdout(&again)));
    }
    println!(
        "ok   {file}: {}",
        stdout(&first)
            .lines()
            .take(2)
            .collect::<Vec<_>>()
            .join(" | ")
    );
    None
}

/// Whether `endpoint` is the one `sync` asks `service` for.
fn list_endpoint(service: &str, endpoint: &str) -> bool {
    match service {
        "orcid" => endpoint.trim_end_matches('/').ends_with("/works"),
        "openalex" => endpoint.contains("/works?"),
        _ => true,
    }
}

#[test]
#[ignore = "needs the corpus of recorded answers: CVPDF_SYNC_CORPUS=DIR"]
fn corpus_replays_cleanly() {
    let Some(dir) = std::env::var_os("CVPDF_SYNC_CORPUS") else {
        panic!("set CVPDF_SYNC_CORPUS to the directory of recorded answers");
    };
    let dir = Path::new(&dir);
    let list = fs::read_to_string(crate::common::root().join("tests/corpus/sync.tsv")).unwrap();
    let (mut held, mut failed) = (0, Vec::new());
    for line in list.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, status) = (fields[0], fields[5].parse().unwrap_or(200));
        let endpoint = fields.get(6).copied().unwrap_or_default();
        if !dir.join(file).is_file() {
            continue;
        }
        match replay(dir, file, status, endpoint) {
            None => held += 1,
            Some(why) => {
                println!("FAIL {file}: {why}");
                failed.push(file.to_string());
            }
        }
    }
    println!("{held} held, {} failed", failed.len());
    assert!(failed.is_empty(), "{failed:?}");
    assert!(
        held > 0,
        "no file of the corpus was found in {}",
        dir.display()
    );
}
