//! The unit tests of `import/convert/links.rs`.

use super::*;

fn web(raw: &str, base: Option<&str>) -> Result<String, &'static str> {
    match address(raw, base)? {
        Address::Web(url) => Ok(url),
        Address::Mail(mail) => Ok(format!("mail {mail}")),
    }
}

#[test]
fn addresses_in_every_wrapping() {
    assert_eq!(
        web("www.linkedin.com/in/x", None).unwrap(),
        "https://www.linkedin.com/in/x"
    );
    assert_eq!(
        web("<a href=\"mailto:ada@x.org\">ada@x.org</a>", None).unwrap(),
        "mail ada@x.org"
    );
    assert_eq!(web("[site](https://x.org)", None).unwrap(), "https://x.org");
    assert_eq!(web("ada@x.org", None).unwrap(), "mail ada@x.org");
    assert!(web("/publication/", None).is_err());
    assert!(web("#contact", None).is_err());
    assert!(web("escapades/", None).is_err());
    assert_eq!(
        web("/publication/", Some("https://ada.org/")).unwrap(),
        "https://ada.org/publication/"
    );
    assert_eq!(
        web("#contact", Some("ada.org")).unwrap(),
        "https://ada.org/#contact"
    );
    assert_eq!(
        web("/post/", Some("https://ada.org/blog/?q=1#top")).unwrap(),
        "https://ada.org/post/"
    );
    assert_eq!(
        web("p.pdf", Some("https://ada.org/blog/")).unwrap(),
        "https://ada.org/blog/p.pdf"
    );
    assert!(site_base("mailto:a@b.org").is_err());
    assert!(site_base("javascript:alert(1)").is_err());
    assert!(web("javascript:alert(1)", None).is_err());
}

#[test]
fn a_base_url_with_a_password_is_refused_and_not_echoed() {
    // Issue 46: `--base-url https://user:pw@ada.org` was copied into every link.
    for base in [
        "https://user:s3cret@ada.org/",
        "http://user@ada.org",
        "https://u:p@ada.org:8080/blog/?q=a@b",
    ] {
        let err = site_base(base).unwrap_err();
        assert!(
            err.contains("user name or password") && !err.contains("s3cret"),
            "{err}"
        );
        assert!(web("/p/", Some(base)).is_err(), "{base}");
    }
    // An @ after the host is the path's, not a password.
    assert_eq!(
        site_base("https://ada.org/@ada/").unwrap(),
        "https://ada.org/@ada/"
    );
}

#[test]
fn icon_names_of_every_pack_mean_one_service() {
    for (name, service) in [
        ("github", "github"),
        ("fab fa-github", "github"),
        ("brands/github", "github"),
        ("ai-google-scholar", "google-scholar"),
        ("Google Scholar", "google-scholar"),
        ("twitter", "x"),
        ("envelope", "email"),
        ("at-symbol", "email"),
        ("globe", "website"),
        ("ORCID", "orcid"),
    ] {
        assert_eq!(super::service(name), Some(service), "{name}");
    }
    assert_eq!(super::service("chess-knight"), None);
    assert_eq!(kind("graduation-cap"), None);
}

#[test]
fn dois_and_arxiv_ids_in_any_wrapping() {
    assert_eq!(
        doi_in("doi:<a href=\"https://doi.org/10.1145/123.456\">10.1145/123.456</a>").as_deref(),
        Some("10.1145/123.456")
    );
    assert_eq!(
        doi_in("https://doi.org/10.5555/x.y.").as_deref(),
        Some("10.5555/x.y")
    );
    assert_eq!(doi_in("10.abc/x"), None);
    assert_eq!(doi_in("not a doi"), None);
    assert_eq!(
        arxiv_in("CoRR abs/2101.00001").as_deref(),
        Some("2101.00001")
    );
    assert_eq!(
        arxiv_in("https://arxiv.org/pdf/2101.00001v2.pdf").as_deref(),
        Some("2101.00001v2")
    );
    assert_eq!(arxiv_in("arXiv:cs/0101001").as_deref(), Some("cs/0101001"));
    assert_eq!(arxiv_in("abs/nonsense"), None);
}
