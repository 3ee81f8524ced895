//! What probing `cvpdf sync` as a careless or hostile user found, each kept fixed.

use std::fs;

use super::{dblp_export, fixture, lab, orcid_routes, profile, sync, PROFILE};
use crate::common::server::{Reply, Server};
use crate::common::{cvpdf_env, stderr, stdout};

#[test]
fn offline_knows_what_the_services_said_they_do_not_know() {
    let server = Server::start(orcid_routes(Reply::json(&fixture("crossref-work.json"))));
    let dir = lab("  orcid: 0000-0002-1825-0097");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let asked = server.seen().len();
    // Crossref's 404 for the unknown DOI is an answer the cache keeps too.
    let output = sync(dir.path(), &server, &["p.yaml", "--offline"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(server.seen().len(), asked);
}

#[test]
fn a_record_a_profile_would_refuse_is_skipped_not_the_whole_sync() {
    let mut bib = fixture("dblp-person.bib");
    bib.extend_from_slice(
        b"\n@article{DBLP:x/Bad, author = {Josiah Carberry}, title = {Bell\x07 \xe2\x80\xae and null},\n journal = {J}, year = {2020}}\n",
    );
    let server = Server::start(vec![(
        "/pid/12/3456.bib",
        vec![Reply::Body {
            status: 200,
            content_type: "text/plain",
            body: bib,
            etag: None,
        }],
    )]);
    let dir = lab("  dblp: 12/3456");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("skipped DBLP:x/Bad"), "{out}");
    assert!(profile(dir.path()).contains("Teapots at Scale"));
}

#[test]
fn a_read_only_profile_is_left_as_it_is() {
    use std::os::unix::fs::PermissionsExt;
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let path = dir.path().join("p.yaml");
    let before = fs::read(&path).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("read-only"), "{}", stderr(&output));
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn a_doi_never_steps_out_of_the_service_s_path() {
    let works = String::from_utf8(fixture("orcid-works.json"))
        .unwrap()
        .replace("10.5555/unknown.404", "10.1/../../pid/12/3456.bib");
    let server = Server::start(vec![(
        "/v3.0/0000-0002-1825-0097/works",
        vec![Reply::json(works.as_bytes())],
    )]);
    let dir = lab("  orcid: 0000-0002-1825-0097");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let asked: Vec<String> = server.seen().into_iter().map(|s| s.target).collect();
    assert!(asked.iter().all(|t| !t.contains("/../")), "{asked:?}");
    assert!(
        asked
            .iter()
            .any(|t| t == "/works/10.1/%2E%2E/%2E%2E/pid/12/3456.bib"),
        "{asked:?}"
    );
}

#[test]
fn each_profile_has_its_own_lab_and_plain_http_stays_on_this_machine() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let broken = dir.path().join("broken");
    fs::create_dir(&broken).unwrap();
    fs::write(broken.join("cvpdf.yaml"), "lab: [\n").unwrap();
    fs::write(
        broken.join("q.yaml"),
        PROFILE.replace("{sources}", "  dblp: 12/3456"),
    )
    .unwrap();
    let output = sync(dir.path(), &server, &["broken/q.yaml", "p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("q.yaml: not synced"),
        "{}",
        stdout(&output)
    );
    assert!(
        profile(dir.path()).contains("Teapots at Scale"),
        "p.yaml was stopped"
    );
    let output = cvpdf_env(
        dir.path(),
        &["sync", "p.yaml"],
        &[("CVPDF_DBLP_URL", "http://10.255.255.1")],
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("plain http to another machine"));
}

/// `cvpdf sync p.yaml` in `dir` against `server`, started and not waited for.
fn spawn_sync(dir: &std::path::Path, server: &Server) -> std::process::Child {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_cvpdf"));
    command
        .args(["sync", "p.yaml", "--timeout", "20"])
        .current_dir(dir)
        .env("CVPDF_CACHE_DIR", dir.join(".cache"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for variable in ["CVPDF_DBLP_URL", "CVPDF_ORCID_URL", "CVPDF_OPENALEX_URL"] {
        command.env(variable, &server.base);
    }
    command.spawn().unwrap()
}

/// The names in `dir` beside the profile and the cache.
fn strays(dir: &std::path::Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "p.yaml" && n != ".cache")
        .collect()
}

#[test]
fn two_syncs_at_once_leave_one_whole_profile() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let runs = [
        spawn_sync(dir.path(), &server),
        spawn_sync(dir.path(), &server),
    ];
    for run in runs {
        let output = run.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr).into_owned();
        // Each either synced, or saw the other's write and left the file to it.
        assert!(
            output.status.success() || err.contains("changed while it was being synced"),
            "{err}"
        );
    }
    let text = profile(dir.path());
    assert_eq!(text.matches("title: Teapots at Scale").count(), 1, "{text}");
    let checked = crate::common::cvpdf(dir.path(), &["check", "p.yaml"]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(strays(dir.path()).is_empty(), "{:?}", strays(dir.path()));
}

#[test]
fn ctrl_c_while_a_service_is_silent_leaves_the_profile_as_it_was() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![Reply::Stall])]);
    let dir = lab("  dblp: 12/3456");
    let before = fs::read(dir.path().join("p.yaml")).unwrap();
    let run = spawn_sync(dir.path(), &server);
    // Wait until the request is on its way, then interrupt.
    let started = std::time::Instant::now();
    while server.seen().is_empty() && started.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    unsafe { libc::kill(run.id() as i32, libc::SIGINT) };
    let output = run.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert_eq!(fs::read(dir.path().join("p.yaml")).unwrap(), before);
    assert!(strays(dir.path()).is_empty(), "{:?}", strays(dir.path()));
}
