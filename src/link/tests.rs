//! The link check, phone links, path segments and the identifiers, on awkward addresses.

use super::*;

#[test]
fn file_names_become_path_segments() {
    assert_eq!(path_segment("odd: name #1?"), "odd%3A%20name%20%231%3F");
    assert_eq!(path_segment("a-b_c.d~e"), "a-b_c.d~e");
    assert_eq!(path_segment("zoë/x"), "zo%C3%AB%2Fx");
}

#[test]
fn phones_become_tel_links_from_their_digits_only() {
    assert_eq!(
        tel("+86 (10) 6275-1234").as_deref(),
        Some("tel:+861062751234")
    );
    assert_eq!(tel("010.6275.1234").as_deref(), Some("tel:01062751234"));
    assert_eq!(
        tel("+44 (0)20 7946 0958").as_deref(),
        Some("tel:+442079460958")
    );
    assert_eq!(tel("+1–555–0100").as_deref(), Some("tel:+15550100"));
    assert_eq!(
        tel("(+86) 18810396278").as_deref(),
        Some("tel:+8618810396278")
    );
    assert_eq!(
        tel("+1 617 253 1000 ext. 42").as_deref(),
        Some("tel:+16172531000;ext=42")
    );
    assert_eq!(
        tel("+1 617 253 1000 x42").as_deref(),
        Some("tel:+16172531000;ext=42")
    );
    for shown_only in [
        "call me",
        "+86 138 0000 0000 0000 0",
        "12",
        "1-800-FLOWERS",
        "+1 2+3 4567",
        "javascript:alert(1)",
        "+1 555 0100 ext.",
    ] {
        assert_eq!(tel(shown_only), None, "{shown_only}");
    }
}

#[test]
fn only_web_and_mail_addresses_are_links() {
    assert_eq!(check(" https://a.org/x ").unwrap(), "https://a.org/x");
    assert_eq!(check("HTTP://a.org").unwrap(), "HTTP://a.org");
    assert_eq!(check("mailto:me@a.org").unwrap(), "mailto:me@a.org");
    assert_eq!(check("www.a.org/me").unwrap(), "https://www.a.org/me");
    assert_eq!(check("a.org:8080/x").unwrap(), "https://a.org:8080/x");
    for bad in [
        "file:///etc/passwd",
        "javascript://%0aalert(1)",
        "JavaScript:alert(1)",
        "ftp://a.org",
        "data:text/html,x",
        "tel:123",
    ] {
        assert!(matches!(check(bad), Err(Refused::Scheme(_))), "{bad}");
    }
    for bad in ["", "a b", "https://", "http:a.org", "a\u{1b}b"] {
        assert_eq!(check(bad), Err(Refused::Malformed), "{bad:?}");
    }
    // Found by probing (issue 46): `--base-url https://user:pw@site/` put the password in
    // every link; an e-mail address without `mailto:` became `https://ada@a.org`.
    for bad in [
        "https://user:pw@a.org/x",
        "http://user@a.org",
        "ada@a.org",
        "//u:p@a.org/",
    ] {
        assert_eq!(check(bad), Err(Refused::Credentials), "{bad:?}");
        assert!(!Refused::Credentials.message(bad).contains("pw"));
    }
    assert_eq!(check("https://a.org/@ada").unwrap(), "https://a.org/@ada");
    assert_eq!(
        check("https://a.org/x?who=a@b").unwrap(),
        "https://a.org/x?who=a@b"
    );
}

/// Guards issue 47: every reading of an address or identifier goes through `link`, so one
/// table of awkward addresses pins each public entry point at once.
#[test]
fn awkward_addresses_read_one_way_everywhere() {
    // address, host, server (host and port), on arxiv.org, check passes
    type Row = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        bool,
        bool,
    );
    let table: [Row; 12] = [
        (
            "https://ArXiv.Org/abs/2401.00001",
            Some("arxiv.org"),
            Some("arxiv.org"),
            true,
            true,
        ),
        (
            "https://export.arxiv.org./abs/1",
            Some("export.arxiv.org"),
            Some("export.arxiv.org"),
            true,
            true,
        ),
        (
            "https://t.example/out?u=arxiv.org/abs/1",
            Some("t.example"),
            Some("t.example"),
            false,
            true,
        ),
        (
            "https://notarxiv.org/abs/2401.00001",
            Some("notarxiv.org"),
            Some("notarxiv.org"),
            false,
            true,
        ),
        (
            "https://arxiv.org.evil.example/abs/1",
            Some("arxiv.org.evil.example"),
            Some("arxiv.org.evil.example"),
            false,
            true,
        ),
        (
            "http://[::1]:8080/x",
            Some("[::1]"),
            Some("[::1]:8080"),
            false,
            true,
        ),
        (
            "http://[2001:db8::1]/x",
            Some("[2001:db8::1]"),
            Some("[2001:db8::1]"),
            false,
            true,
        ),
        (
            "https://user:pw@arxiv.org/abs/1",
            Some("arxiv.org"),
            Some("arxiv.org"),
            true,
            false,
        ),
        (
            "https://API.crossref.org:443/works",
            Some("api.crossref.org"),
            Some("api.crossref.org:443"),
            false,
            true,
        ),
        (
            "www.arxiv.org/abs/2401.00001",
            Some("www.arxiv.org"),
            Some("www.arxiv.org"),
            true,
            true,
        ),
        (
            "https://a.org\\@arxiv.org/",
            Some("a.org"),
            Some("a.org"),
            false,
            true,
        ),
        ("mailto:ada@arxiv.org", None, None, false, true),
    ];
    for (url, h, server, on_arxiv, passes) in table {
        assert_eq!(host::host(url).as_deref(), h, "host of {url}");
        assert_eq!(host::server(url).as_deref(), server, "server of {url}");
        assert_eq!(
            host::is_on(url, "arxiv.org"),
            on_arxiv,
            "{url} on arxiv.org"
        );
        assert_eq!(check(url).is_ok(), passes, "check of {url}");
    }
    assert_eq!(
        host::site_name("https://WWW.ResearchGate.net/x"),
        "researchgate.net"
    );
}

/// Guards issue 47: DOIs in every wrapping, and an address elsewhere is none.
#[test]
fn dois_are_found_in_every_wrapping_and_only_on_resolvers() {
    for (text, found) in [
        ("10.1145/3600006.3613165", Some("10.1145/3600006.3613165")),
        ("doi:10.1/X", Some("10.1/X")),
        ("DOI: 10.1/x", Some("10.1/x")),
        ("https://doi.org/10.5555/x.y.", Some("10.5555/x.y")),
        ("HTTP://DX.DOI.ORG/10.1/x);", Some("10.1/x")),
        ("https://t.example/out?u=10.1/x", None),
        ("https://doi.org.evil.example/10.1/x", None),
        ("https://hdl.handle.net/10125/102714", None),
        ("10.abc/x", None),
        ("not a doi", None),
    ] {
        assert_eq!(doi::find(text).as_deref(), found, "{text}");
    }
    assert_eq!(
        doi::key("https://doi.org/10.1/AbC"),
        doi::key("doi:10.1/abc")
    );
    assert_eq!(
        doi::without_resolver(" https://doi.org/10.1/AbC "),
        "10.1/AbC"
    );
    assert_eq!(doi::without_resolver("DOI:10.1/x"), "10.1/x");
    assert_eq!(doi::without_resolver("dé"), "dé");
    assert_eq!(doi::address("doi:10.1/x"), "https://doi.org/10.1/x");
    assert!(doi::is_resolver("https://dx.doi.org/10.1/x"));
    assert!(!doi::is_resolver("https://t.example/?doi.org/10.1/x"));
}

/// Guards issue 47: arXiv ids in every wrapping; a tracking link that carries arXiv's path
/// names none (the lab's BibTeX once wrote `eprint = {1}` from one).
#[test]
fn arxiv_ids_are_found_in_every_wrapping_and_only_on_arxiv() {
    for (text, found) in [
        ("2401.00001", Some("2401.00001")),
        ("arXiv:2401.00001v2", Some("2401.00001v2")),
        ("ARXIV: 2401.00001", Some("2401.00001")),
        ("CoRR abs/2101.00001", Some("2101.00001")),
        ("arXiv preprint arXiv:2101.00001.", Some("2101.00001")),
        (
            "https://arxiv.org/pdf/2101.00001v2.pdf",
            Some("2101.00001v2"),
        ),
        (
            "https://export.arxiv.org/abs/hep-th/9901001",
            Some("hep-th/9901001"),
        ),
        ("arxiv.org/abs/math.GT/0309136", Some("math.GT/0309136")),
        ("arXiv:solv-int/9901001v1", Some("solv-int/9901001v1")),
        ("https://t.example/out?u=arxiv.org/abs/1", None),
        ("https://t.example/out?u=arxiv.org/abs/2401.00001", None),
        ("https://arxiv.org/list/cs.LG/recent", None),
        ("abs/nonsense", None),
        ("1", None),
    ] {
        assert_eq!(arxiv::find(text).as_deref(), found, "{text}");
    }
    assert_eq!(
        arxiv::without_version("solv-int/9901001v3"),
        "solv-int/9901001"
    );
    assert_eq!(arxiv::without_version("2401.00001"), "2401.00001");
    assert_eq!(arxiv::without_prefix("arXiv: 2401.00001"), "2401.00001");
    assert_eq!(
        arxiv::address("arXiv:2401.00001"),
        "https://arxiv.org/abs/2401.00001"
    );
    assert_eq!(
        arxiv::of_doi("https://doi.org/10.48550/arXiv.2401.01234").as_deref(),
        Some("2401.01234")
    );
    assert_eq!(arxiv::of_doi("10.1145/2401.01234"), None);
}

/// Guards issue 47: ORCID iDs by their check digit, and only from orcid.org.
#[test]
fn orcid_ids_are_checked_and_read_only_from_orcid_org() {
    for (text, found) in [
        ("0000-0002-1825-0097", Some("0000-0002-1825-0097")),
        (
            "https://orcid.org/0000-0002-1694-233x",
            Some("0000-0002-1694-233X"),
        ),
        (
            "HTTPS://ORCID.ORG/0000-0002-1825-0097/",
            Some("0000-0002-1825-0097"),
        ),
        ("orcid.org/0000-0002-1825-0097", Some("0000-0002-1825-0097")),
        (
            "https://sandbox.orcid.org/0000-0002-1825-0097",
            Some("0000-0002-1825-0097"),
        ),
        ("https://t.example/0000-0002-1825-0097", None),
        ("0000-0002-1825-0098", None),
        ("0000000218250097", None),
    ] {
        assert_eq!(orcid::id(text).as_deref(), found, "{text}");
    }
}
