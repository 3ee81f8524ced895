//! Whose page is whose: a profile's page on the site is found by its file name (the slug), or
//! else by the person's name (the profile's `name` and `name_variants`, compared as
//! `normalize_name` compares names) against the name each page gives its person. A one-person
//! al-folio site is the profile's only when the owner's name in `_config.yml` is theirs.
//! A link already on a page is cvpdf's when the file it points to in the site is a CV cvpdf made.

use std::path::{Path, PathBuf};

use super::page::{front_matter, read_within, within_site};
use super::SiteKind;
use crate::diag::Failure;
use crate::ownership::{is_marked, Mark};
use crate::profile::normalize_name;

/// The most pages of one kind read to find a person by name.
const MAX_PAGES: usize = 5_000;

/// The person's page on the site: the one named by `slug`, else the one page whose person has
/// one of `names`; none when there is none (or, on al-folio, when the owner is someone else:
/// the reason is the `Err` of the inner result, for the note). Two pages with the person's
/// name are refused, naming both.
pub(super) fn person_page(
    site: &Path,
    root: &Path,
    kind: SiteKind,
    slug: &str,
    names: &[String],
) -> Result<Result<PathBuf, String>, Failure> {
    let wanted: Vec<String> = names.iter().map(|n| normalize_name(n)).collect();
    let is_theirs = |name: &str| wanted.contains(&normalize_name(name));
    if kind == SiteKind::AlFolio {
        let owner = alfolio_owner(site, root);
        return Ok(match owner {
            Some(owner) if is_theirs(&owner) => Ok(super::alfolio::cv_page(site)),
            Some(owner) => Err(format!(
                "it is {owner}'s al-folio site (_config.yml), not this profile's; add the name \
                 to the profile's name_variants if it is theirs"
            )),
            None => Err("its _config.yml names no owner (first_name, last_name)".into()),
        });
    }
    let by_slug: Vec<PathBuf> = match kind {
        SiteKind::Hugo => vec![
            site.join("content/authors").join(slug).join("_index.md"),
            site.join("content/author").join(slug).join("_index.md"),
            site.join("data/authors").join(format!("{slug}.yaml")),
        ],
        _ => vec![site.join("_members").join(format!("{slug}.md"))],
    };
    if let Some(page) = by_slug.into_iter().find(|p| p.is_file()) {
        return Ok(Ok(page));
    }
    let mut found: Vec<PathBuf> = candidates(site, kind)
        .into_iter()
        .filter(|page| page_name(root, page).is_some_and(|n| is_theirs(&n)))
        .collect();
    found.sort();
    match found.len() {
        0 => Ok(Err(format!("none of its pages names {}", names[0]))),
        1 => Ok(Ok(found.remove(0))),
        _ => Err(Failure::message(format!(
            "{} and {} both name {}; cvpdf cannot tell which page is the profile's (name the \
             page's folder or file after the profile, {slug})",
            found[0].display(),
            found[1].display(),
            names[0]
        ))),
    }
}

/// Every page of the site that is a person's.
fn candidates(site: &Path, kind: SiteKind) -> Vec<PathBuf> {
    let list = |dir: PathBuf| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .take(MAX_PAGES)
            .map(|e| e.path())
            .collect()
    };
    match kind {
        SiteKind::Hugo => ["content/authors", "content/author"]
            .iter()
            .flat_map(|d| list(site.join(d)))
            .map(|d| d.join("_index.md"))
            .chain(
                list(site.join("data/authors"))
                    .into_iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "yaml")),
            )
            .filter(|p| p.is_file())
            .collect(),
        _ => list(site.join("_members"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect(),
    }
}

/// The name a person's page gives them: `title` (Hugo's author pages) or `name` in the front
/// matter; in a Hugo Blox data file, `name` or its `display` (else `given` and `family`).
fn page_name(root: &Path, page: &Path) -> Option<String> {
    let text = read_within(root, page).ok()?;
    let fields = if page.extension().is_some_and(|e| e == "md") {
        front_matter(&text)
    } else {
        serde_yaml::from_str(&text).ok()?
    };
    let text_of = |key: &str| fields.get(key).and_then(|v| v.as_str()).map(str::to_string);
    text_of("title").or_else(|| text_of("name")).or_else(|| {
        let name = fields.get("name")?;
        let part = |k: &str| name.get(k).and_then(|v| v.as_str());
        part("display").map(str::to_string).or_else(|| {
            let parts: Vec<&str> = [part("given"), part("family")]
                .into_iter()
                .flatten()
                .collect();
            (!parts.is_empty()).then(|| parts.join(" "))
        })
    })
}

/// The owner of an al-folio site as `_config.yml` names them (`first_name`, `middle_name`,
/// `last_name`).
fn alfolio_owner(site: &Path, root: &Path) -> Option<String> {
    let config = ["_config.yml", "_config.yaml"]
        .iter()
        .map(|n| site.join(n))
        .find(|p| p.is_file())?;
    let text = read_within(root, &config).ok()?;
    let fields: serde_yaml::Mapping = serde_yaml::from_str(&text).ok()?;
    let parts: Vec<String> = ["first_name", "middle_name", "last_name"]
        .iter()
        .filter_map(|k| match fields.get(*k)? {
            serde_yaml::Value::String(s) => Some(s.trim().to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Whether the CV link `link` already on a page points to a CV cvpdf published: a file in the
/// folder publish uploads to (`static/uploads/`, `assets/pdf/`, `cv/`) that carries cvpdf's
/// mark. An address elsewhere, a file that is not there, or one elsewhere in the site (a CV
/// the person rendered with cvpdf and put in `files/` is still theirs) is not.
pub(super) fn link_is_ours(site: &Path, root: &Path, kind: SiteKind, link: &str) -> bool {
    let lower = link.to_ascii_lowercase();
    if link.starts_with("//") || lower.contains("://") || lower.starts_with("mailto:") {
        return false;
    }
    let path = link.split(['?', '#']).next().unwrap_or_default();
    let path = percent_encoding::percent_decode_str(path.trim_start_matches('/'))
        .decode_utf8_lossy()
        .into_owned();
    if path.split('/').any(|part| part == "..") {
        return false;
    }
    let file = match kind {
        SiteKind::Hugo => site.join("static").join(&path),
        SiteKind::AlFolio if !path.contains('/') => site.join(kind.uploads()).join(&path),
        _ => site.join(&path),
    };
    let uploads = site.join(kind.uploads());
    file.starts_with(&uploads)
        && within_site(root, &file).is_ok_and(|real| is_marked(&real, &Mark::Pdf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_found_by_the_person_s_name_and_two_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path();
        let root = site.canonicalize().unwrap();
        let put = |path: &str, text: &str| {
            let file = site.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        };
        put(
            "data/authors/x1.yaml",
            "name:\n  given: Zoë\n  family: Ängström\n",
        );
        put("data/authors/notes.txt", "name: Ada Lovelace\n");
        put("content/authors/b/_index.md", "---\nname: \"B: #1\"\n---\n");
        let find = |names: &[&str]| {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            person_page(site, &root, SiteKind::Hugo, "slug", &names).unwrap()
        };
        assert_eq!(
            find(&["ZOË ängström"]).unwrap(),
            site.join("data/authors/x1.yaml")
        );
        assert_eq!(
            find(&["X", "b #1"]).unwrap(),
            site.join("content/authors/b/_index.md")
        );
        assert!(find(&["Ada Lovelace"]).is_err(), "a .txt is no author file");
        put(
            "content/author/c/_index.md",
            "---\ntitle: Zoë Ängström\n---\n",
        );
        let names = vec!["Zoë Ängström".to_string()];
        let err = person_page(site, &root, SiteKind::Hugo, "slug", &names).unwrap_err();
        assert!(err.summary.contains("both name"), "{}", err.summary);
    }

    #[test]
    fn links_elsewhere_or_to_no_cv_of_cvpdf_s_are_not_its() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for link in [
            "https://x.org/cv.pdf",
            "//x.org/cv.pdf",
            "../cv.pdf",
            "files/cv.pdf",
        ] {
            assert!(
                !link_is_ours(dir.path(), &root, SiteKind::Hugo, link),
                "{link}"
            );
        }
        std::fs::create_dir_all(dir.path().join("static/uploads")).unwrap();
        std::fs::write(
            dir.path().join("static/uploads/a b.pdf"),
            b"%PDF-1.7 /Creator(cvpdf 1.0)",
        )
        .unwrap();
        assert!(link_is_ours(
            dir.path(),
            &root,
            SiteKind::Hugo,
            "/uploads/a%20b.pdf"
        ));
        // Found by probing: a CV the person rendered with cvpdf and put elsewhere in the site
        // carries the mark too, and is still theirs.
        std::fs::create_dir_all(dir.path().join("static/files")).unwrap();
        std::fs::write(
            dir.path().join("static/files/cv.pdf"),
            b"%PDF-1.7 /Creator(cvpdf 1.0)",
        )
        .unwrap();
        assert!(!link_is_ours(
            dir.path(),
            &root,
            SiteKind::Hugo,
            "files/cv.pdf"
        ));
    }
}
