//! `cvpdf sync` against a real HTTP server on 127.0.0.1 that answers in the services' own
//! formats (`tests/fixtures/sync/`): papers added and merged as `import-bib` merges them, a
//! second sync that changes nothing, and every failure leaving the profile as it was.

use std::fs;
use std::path::Path;

use crate::common::server::{Reply, Server};
use crate::common::{cvpdf_env, stderr, stdout};

mod cache;
mod corpus;
mod failures;
mod hostile;

/// A fixture's bytes.
pub(crate) fn fixture(name: &str) -> Vec<u8> {
    fs::read(crate::common::root().join("tests/fixtures/sync").join(name)).unwrap()
}

/// DBLP's export of the fixture person, with an ETag.
pub(crate) fn dblp_export() -> Reply {
    Reply::Body {
        status: 200,
        content_type: "application/x-bibtex; charset=utf-8",
        body: fixture("dblp-person.bib"),
        etag: Some("\"v1\""),
    }
}

/// ORCID's routes (the list of works and one whole record), Crossref's record of the
/// fixture's journal article, answered with `crossref`, and of its book chapter, and DataCite's
/// record of its Zenodo dataset.
pub(crate) fn orcid_routes(crossref: Reply) -> Vec<(&'static str, Vec<Reply>)> {
    vec![
        (
            "/v3.0/0000-0002-1825-0097/works",
            vec![Reply::json(&fixture("orcid-works.json"))],
        ),
        (
            "/v3.0/0000-0002-1825-0097/work/1002",
            vec![Reply::json(&fixture("orcid-work-1002.json"))],
        ),
        ("/works/10.5555/carberry.2023.01", vec![crossref]),
        (
            "/works/10.5555/carberry.chapter.3",
            vec![Reply::json(&fixture("crossref-chapter.json"))],
        ),
        // Crossref does not know the Zenodo DOI (404, unrouted); DataCite does.
        (
            "/dois/10.5555/zenodo.8000001",
            vec![Reply::json(&fixture("datacite-dataset.json"))],
        ),
    ]
}

/// OpenAlex's three pages of works, each at its cursor.
fn openalex_routes() -> Vec<(&'static str, Vec<Reply>)> {
    vec![
        (
            "cursor=%2A",
            vec![Reply::json(&fixture("openalex-page1.json"))],
        ),
        (
            "cursor=IlsnLUluZmluaXR5J10i",
            vec![Reply::json(&fixture("openalex-page2.json"))],
        ),
        (
            "cursor=IlsnLUluZmluaXR5JywgMl0i",
            vec![Reply::json(&fixture("openalex-page3.json"))],
        ),
    ]
}

/// A profile naming `sources` (YAML lines under `sources:`), with one paper of its own.
pub(crate) const PROFILE: &str = "name: Josiah Carberry\n# Kept as written.\nsources:\n{sources}\npublications:\n  - title: Psychoceramics of the cracked pot\n    authors: [Josiah Carberry, Ada Lovelace]\n    venue_short: JPC'23\n    year: 2023\n    selected: true\n    note: Cover article\n    links:\n      doi: 10.5555/carberry.2023.01\n      code: https://example.org/code\n";

/// A temporary lab with `p.yaml` naming `sources`.
pub(crate) fn lab(sources: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("p.yaml"),
        PROFILE.replace("{sources}", sources),
    )
    .unwrap();
    dir
}

/// Runs `cvpdf sync` in `dir` with every service at `server` and a cache of the lab's own.
pub(crate) fn sync(dir: &Path, server: &Server, args: &[&str]) -> std::process::Output {
    let cache = dir.join(".cache");
    let base = server.base.as_str();
    let mut all = vec!["sync"];
    all.extend(args);
    cvpdf_env(
        dir,
        &all,
        &[
            ("CVPDF_DBLP_URL", base),
            ("CVPDF_ORCID_URL", base),
            ("CVPDF_CROSSREF_URL", base),
            ("CVPDF_OPENALEX_URL", base),
            ("CVPDF_DATACITE_URL", base),
            ("CVPDF_CACHE_DIR", cache.to_str().unwrap()),
        ],
    )
}

/// The profile's text.
pub(crate) fn profile(dir: &Path) -> String {
    fs::read_to_string(dir.join("p.yaml")).unwrap()
}

#[test]
fn dblp_papers_are_merged_and_a_second_sync_downloads_and_changes_nothing() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = profile(dir.path());
    let out = stdout(&output);
    // The journal paper was the profile's (DOI in another case): updated, what the user
    // added kept; the preprint and the conference paper added; the broken entry named.
    assert!(
        out.contains("p.yaml: 2 added, 1 updated, 0 unchanged (written)"),
        "{out}"
    );
    assert!(out.contains("skipped DBLP:conf/crockery/Broken22"), "{out}");
    assert!(text.starts_with("name: Josiah Carberry\n# Kept as written.\n"));
    for kept in [
        "venue_short: JPC'23",
        "selected: true",
        "note: Cover article",
        "code: https://example.org/code",
        "# Added by cvpdf sync from DBLP.",
        "arxiv: '2405.00001'",
        "kind: preprint",
        "title: Teapots at Scale",
    ] {
        assert!(text.contains(kept), "{kept} missing in\n{text}");
    }
    // DBLP's math (`H\\({}_{\\mbox{2}}\\)O`) as text.
    assert!(text.contains("Teacup fragilis and H₂O at low T²"), "{text}");
    // Again: the server is asked with the ETag, answers 304, and the file stays byte for byte.
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(profile(dir.path()), text);
    assert!(
        stdout(&output).contains("0 added, 0 updated, 3 unchanged"),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("0 of 1 answers downloaded"));
    let seen = server.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[1].header("if-none-match"), Some("\"v1\""));
    let agent = seen[0].header("user-agent").unwrap();
    assert!(agent.starts_with("cvpdf/"), "{agent}");
}

#[test]
fn orcid_works_are_completed_by_crossref_and_by_orcid_s_whole_record() {
    let server = Server::start(orcid_routes(Reply::Gzip(fixture("crossref-work.json"))));
    let dir = lab("  orcid: https://orcid.org/0000-0002-1825-0097");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = profile(dir.path());
    let out = stdout(&output);
    assert!(out.contains("3 added, 1 updated"), "{out}");
    // issue 48: the journal article carries its volume, issue and pages from Crossref.
    assert!(
        text.contains("kind: journal\n    volume: '598'\n    issue: '7'\n    pages: 138-149\n"),
        "{text}"
    );
    // issue 48: Crossref's book chapter is a chapter in its book (the last container title;
    // the first is the series), with the book's editors, edition, publisher and place.
    for line in [
        "venue: Handbook of Psychoceramics\n    year: 2020\n    kind: chapter\n",
        "pages: 17-42\n    editors:\n    - Grace Hopper\n    - Alan Turing\n    edition: '2'\n",
        "publisher: Springer International Publishing\n    place: Cham\n",
        "series: Lecture Notes in Teacup Science\n",
    ] {
        assert!(text.contains(line), "{line} missing in\n{text}");
    }
    // issue 48: the Zenodo DOI Crossref does not know is DataCite's dataset, with its
    // repository and version.
    assert!(
        text.contains("kind: dataset\n    publisher: Zenodo\n    version: 1.2.0\n"),
        "{text}"
    );
    // Crossref's title, its markup made the profile's; the consortium is an author.
    assert!(
        text.contains("Psychoceramics of the Cracked Pot: *Teacup fragilis* and H₂O at low T²"),
        "{text}"
    );
    assert!(text.contains("The Teacup Consortium"), "{text}");
    // The work without a DOI: its authors from ORCID's whole record (not the editor).
    assert!(
        text.contains("title: Brownian Motion in Broken Teacups"),
        "{text}"
    );
    assert!(
        text.contains("kind: workshop") && text.contains("- Grace Hopper"),
        "{text}"
    );
    assert!(!text.contains("Some Editor"), "{text}");
    // The DOI Crossref does not know, and whose record ORCID does not have: skipped, said why.
    assert!(
        out.contains("\"A Pot That Crossref Never Heard Of\": neither Crossref nor DataCite knows its DOI 10.5555/unknown.404, and ORCID names no authors"),
        "{out}"
    );
    let asked: Vec<String> = server.seen().iter().map(|s| s.target.clone()).collect();
    assert!(
        asked.iter().any(|t| t == "/works/10.5555/carberry.2023.01"),
        "{asked:?}"
    );
    // DataCite is asked only for what Crossref does not know, after Crossref.
    let at = |target: &str| asked.iter().position(|t| t == target);
    assert!(
        at("/works/10.5555/zenodo.8000001") < at("/dois/10.5555/zenodo.8000001"),
        "{asked:?}"
    );
    assert_eq!(at("/dois/10.5555/carberry.2023.01"), None, "{asked:?}");
    let datacite = &server.seen()[at("/dois/10.5555/zenodo.8000001").unwrap()];
    assert_eq!(datacite.header("accept"), Some("application/vnd.api+json"));
}

#[test]
fn openalex_is_read_page_by_page_with_its_cursor() {
    let server = Server::start(openalex_routes());
    let dir = lab("  openalex: A5000000001");
    let output = sync(dir.path(), &server, &["p.yaml", "--since", "2022"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    // issue 48: the dataset on Zenodo is kept, not skipped as "no paper".
    assert!(out.contains("OpenAlex: 4 listed"), "{out}");
    assert!(!out.contains("not a paper"), "{out}");
    assert_eq!(server.seen().len(), 3);
    assert!(server.seen()[0]
        .target
        .contains("filter=author.id:A5000000001"));
    let text = profile(dir.path());
    // A conference paper (the default kind, so not written) in its proceedings.
    assert!(text.contains("title: Teapots at Scale"), "{text}");
    assert!(
        text.contains("venue: Proceedings of the Conference on Crockery Systems\n    year: 2022"),
        "{text}"
    );
    assert!(text.contains("arxiv: '2405.00001'"), "{text}");
    // issue 48: OpenAlex's biblio lands (first and last page as one range), and the dataset's
    // repository is its publisher.
    assert!(
        text.contains("year: 2022\n    month: 6\n    volume: '3'\n    pages: 17-29\n"),
        "{text}"
    );
    assert!(
        text.contains("kind: dataset\n    publisher: Zenodo\n"),
        "{text}"
    );
}

#[test]
fn three_sources_give_each_paper_once() {
    let mut routes = vec![("/pid/12/3456.bib", vec![dblp_export()])];
    routes.extend(orcid_routes(Reply::json(&fixture("crossref-work.json"))));
    routes.extend(openalex_routes());
    let server = Server::start(routes);
    let dir = lab("  dblp: 12/3456\n  orcid: 0000-0002-1825-0097\n  openalex: A5000000001");
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = profile(dir.path());
    for title in [
        "Psychoceramics",
        "Cracks All the Way Down",
        "Teapots at Scale",
    ] {
        let lines = text
            .lines()
            .filter(|l| l.contains("title: ") && l.contains(title));
        assert_eq!(lines.count(), 1, "{title}\n{text}");
    }
    assert!(text.contains("# Added by cvpdf sync from DBLP, ORCID, OpenAlex."));
    let before = text.clone();
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        profile(dir.path()),
        before,
        "a second sync changed the profile"
    );
}

#[test]
fn offline_and_dry_run_ask_and_write_only_what_they_say() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let before = profile(dir.path());
    // Offline with nothing cached: says which source it had no answer for.
    let output = sync(dir.path(), &server, &["p.yaml", "--offline"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("DBLP: no answer from an earlier sync in the cache"));
    assert!(server.seen().is_empty());
    // A dry run asks, says what would change, writes nothing.
    let output = sync(dir.path(), &server, &["p.yaml", "--dry-run"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("2 would be added"),
        "{}",
        stdout(&output)
    );
    assert_eq!(profile(dir.path()), before);
    // Offline now answers from the cache the dry run filled, asking no one.
    let output = sync(dir.path(), &server, &["p.yaml", "--offline"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(server.seen().len(), 1);
    assert!(profile(dir.path()).contains("Teapots at Scale"));
}

#[test]
fn the_lab_s_contact_address_goes_with_every_request_and_bad_bases_are_refused() {
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "lab:\n  name: Teacup Lab\n  contact_email: lab@example.org\n",
    )
    .unwrap();
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let agent = server.seen()[0].header("user-agent").unwrap().to_string();
    assert!(agent.ends_with("(mailto:lab@example.org)"), "{agent}");
    let output = cvpdf_env(
        dir.path(),
        &["sync", "p.yaml"],
        &[("CVPDF_DBLP_URL", "file:///etc")],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("CVPDF_DBLP_URL: \"file:///etc\" is not an http or https address")
    );
}

#[test]
fn the_marks_the_user_added_survive_every_sync() {
    // Found by probing (issue 46): an updated paper's authors came from the service alone,
    // so the weekly sync stripped the `*` and `†` again each time they were restored.
    let server = Server::start(vec![("/pid/12/3456.bib", vec![dblp_export()])]);
    let dir = lab("  dblp: 12/3456");
    let marked = profile(dir.path()).replace(
        "authors: [Josiah Carberry, Ada Lovelace]",
        "authors: [J. Carberry*†, Ada Lovelace*]",
    );
    fs::write(dir.path().join("p.yaml"), &marked).unwrap();
    let output = sync(dir.path(), &server, &["p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("1 updated"), "{}", stdout(&output));
    let text = profile(dir.path());
    assert!(
        text.contains("Josiah Carberry*†") && text.contains("Ada Lovelace*"),
        "{text}"
    );
    assert!(text.contains("selected: true") && text.contains("note: Cover article"));
}

#[test]
fn a_paper_in_press_keeps_its_status_until_its_record_is_in_an_issue() {
    // issue 48: the profile's `status: in-press` was overwritten by "published" as soon as
    // Crossref listed the paper online ahead of print (no volume, no pages yet).
    let record = String::from_utf8(fixture("crossref-work.json")).unwrap();
    let ahead_of_print = record
        .replace("\"page\": \"138-149\", ", "")
        .replace("\"volume\": \"598\", \"issue\": \"7\"", "\"issue\": \"7\"");
    assert_ne!(ahead_of_print, record);
    for (body, in_press) in [(ahead_of_print, true), (record, false)] {
        let server = Server::start(orcid_routes(Reply::json(body.as_bytes())));
        let dir = lab("  orcid: 0000-0002-1825-0097");
        let text = profile(dir.path())
            .replace("    year: 2023\n", "    year: 2023\n    status: in-press\n");
        fs::write(dir.path().join("p.yaml"), text).unwrap();
        let output = sync(dir.path(), &server, &["p.yaml"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = profile(dir.path());
        assert_eq!(text.contains("status: in-press"), in_press, "{text}");
    }
}
