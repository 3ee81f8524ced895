//! `cvpdf sync` when services fail: the profile stays as it was, the failure names its
//! service and address, and the other profiles go on.

use std::fs;
use std::path::Path;

use super::{dblp_export, fixture, lab, orcid_routes, profile, sync, PROFILE};
use crate::common::server::{Reply, Server};
use crate::common::stderr;

#[test]
fn a_failing_service_leaves_the_profile_as_it_was_and_names_itself() {
    let bomb = vec![b' '; 64 * 1024 * 1024];
    let html = b"<!DOCTYPE html><html><body><h1>HTTP Status 500</h1></body></html>".to_vec();
    let cases: Vec<(&str, Reply, &str)> = vec![
        (
            "500",
            Reply::status(500, "Internal error"),
            "DBLP: answered 500",
        ),
        (
            "html",
            Reply::Body {
                status: 200,
                content_type: "text/html",
                body: html,
                etag: None,
            },
            "DBLP: answered a web page (HTML) where data was expected",
        ),
        ("flood", Reply::Flood(100 * 1024 * 1024), "DBLP: "),
        ("bomb", Reply::Gzip(bomb), "DBLP: "),
        (
            "http",
            Reply::Redirect("http://example.org/pid/12/3456.bib"),
            "DBLP: ",
        ),
        ("file", Reply::Redirect("file:///etc/passwd"), "DBLP: "),
        ("stall", Reply::Stall, "DBLP: "),
        (
            "404",
            Reply::status(404, "Not found"),
            "DBLP: no person with the id 12/3456",
        ),
        (
            "json",
            Reply::json(b"{\"error\": \"no such person\"}"),
            "DBLP: the answer for",
        ),
    ];
    for (name, reply, said) in cases {
        let server = Server::start(vec![("/pid/12/3456.bib", vec![reply])]);
        let dir = lab("  dblp: 12/3456");
        let before = fs::read(dir.path().join("p.yaml")).unwrap();
        let output = sync(dir.path(), &server, &["p.yaml", "--timeout", "2"]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(said), "{name}: {err}");
        assert!(
            err.contains(&server.base) || name == "404",
            "{name}: no address in {err}"
        );
        assert_eq!(
            fs::read(dir.path().join("p.yaml")).unwrap(),
            before,
            "{name}"
        );
        let beside: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "p.yaml" && n != ".cache")
            .collect();
        assert!(beside.is_empty(), "{name}: left {beside:?}");
    }
}

#[test]
fn one_failing_profile_does_not_stop_the_others_and_failures_are_lines_of_their_own() {
    let server = Server::start(vec![
        ("/pid/12/3456.bib", vec![dblp_export()]),
        (
            "/v3.0/0000-0002-1825-0097/works",
            vec![Reply::json(b"{\"group\": [ {\"work-summary\": ")],
        ),
        ("cursor=", vec![Reply::status(503, "busy")]),
    ]);
    let dir = lab("  dblp: 12/3456");
    fs::write(
        dir.path().join("q.yaml"),
        PROFILE.replace("{sources}", "  dblp: 12/3456\n  orcid: 0000-0002-1825-0097"),
    )
    .unwrap();
    fs::write(
        dir.path().join("r.yaml"),
        PROFILE.replace("{sources}", "  openalex: A5000000001"),
    )
    .unwrap();
    let q = profile_named(dir.path(), "q.yaml");
    let output = sync(dir.path(), &server, &[".", "--timeout", "5"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains("q.yaml: ORCID: the answer for") && err.contains("is not JSON"),
        "{err}"
    );
    assert!(err.contains("r.yaml: OpenAlex: answered 503"), "{err}");
    assert_eq!(
        profile_named(dir.path(), "q.yaml"),
        q,
        "a half-synced profile was written"
    );
    assert!(
        profile(dir.path()).contains("title: Teapots at Scale"),
        "p.yaml was not synced"
    );
}

/// The text of profile `name` in `dir`.
fn profile_named(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn a_rate_limit_is_waited_for() {
    let server = Server::start(vec![(
        "/pid/12/3456.bib",
        vec![Reply::TooMany(1), dblp_export()],
    )]);
    let dir = lab("  dblp: 12/3456");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(server.seen().len(), 2);
    assert!(profile(dir.path()).contains("Teapots at Scale"));
}

#[test]
fn a_failing_datacite_leaves_the_profile_as_it_was_and_names_itself() {
    // issue 48: DataCite is a service like the others: a failure there is no "unknown DOI".
    let cases: Vec<(Reply, &str)> = vec![
        (Reply::status(503, "Busy"), "DataCite: answered 503"),
        (Reply::json(b"{\"errors\": []}"), "DataCite: the answer for"),
        (Reply::json(b"not json"), "is not JSON"),
    ];
    for (reply, said) in cases {
        let mut routes = orcid_routes(Reply::json(&fixture("crossref-work.json")));
        for (route, replies) in &mut routes {
            if route.starts_with("/dois/") {
                *replies = vec![reply.clone()];
            }
        }
        let server = Server::start(routes);
        let dir = lab("  orcid: 0000-0002-1825-0097");
        let before = profile(dir.path());
        let output = sync(dir.path(), &server, &["p.yaml", "--timeout", "5"]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{said}: {err}");
        assert!(err.contains(said), "{said}: {err}");
        assert_eq!(profile(dir.path()), before, "{said}");
    }
}
