//! The files an earlier lab build published that this one does not: the CV, thumbnail,
//! variants and photo of a member who left (or whose photo changed). The earlier build's
//! `lab.json` says what it published; each of those files is removed only by the one rule of
//! `ownership` (a record names it and it is still what was written), so a removed member's CV
//! does not stay on the site and nothing of the user's is ever deleted.
//!
//! A member whose profile does not load now has not left: their card, as the earlier
//! `lab.json` has it, stays ([`kept_members`], marked `stale`), and with it their files and
//! their papers ([`kept_papers`]).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::ownership::{may_remove, Recorded};
use crate::pipeline::Records;

use super::{Member, VariantCv, PHOTOS};
use crate::profile::markup::escape;
use crate::profile::names::with_marks;
use crate::profile::{Publication, PublicationLinks, Text};

/// The largest earlier `lab.json` read to find what it published.
const MAX_LAB_JSON_BYTES: u64 = 64 * 1024 * 1024;

/// The site files `members` name, as `lab.json` writes them (relative, percent-encoded).
pub fn published(members: &[Member]) -> BTreeSet<String> {
    members
        .iter()
        .flat_map(|m| {
            [&m.cv, &m.cv_html, &m.thumbnail, &m.photo]
                .into_iter()
                .flatten()
                .cloned()
                .chain(m.variants.iter().map(|v| v.pdf.clone()))
                .chain(m.variants.iter().filter_map(|v| v.html.clone()))
        })
        .collect()
}

/// What the `lab.json` in `out` says was published by its members, if cvpdf wrote it;
/// nothing otherwise. The lab's own files are never a member's, whatever the file says (an old
/// build's member named `publications` listed `publications.pdf`).
pub fn published_before(out: &Path) -> BTreeSet<String> {
    let mut names = members_files_before(out);
    names.retain(|name| !super::LAB_FILES.contains(&name.as_str()));
    names
}

/// The earlier `lab.json` in `out`, if cvpdf wrote it.
fn site_before(out: &Path) -> Option<serde_json::Value> {
    let bytes = crate::input::read_bytes(&out.join("lab.json"), "file", MAX_LAB_JSON_BYTES).ok()?;
    let site = serde_json::from_slice::<serde_json::Value>(&bytes).ok()?;
    (site["generator"] == "cvpdf").then_some(site)
}

/// The cards the earlier `lab.json` in `out` has for the members `slugs` (those whose profile
/// did not load in this build), each marked stale; a slug it does not list has none.
pub fn kept_members(out: &Path, slugs: &[String]) -> Vec<Member> {
    if slugs.is_empty() {
        return Vec::new();
    }
    let Some(site) = site_before(out) else {
        return Vec::new();
    };
    site["members"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| slugs.iter().any(|s| m["slug"] == s.as_str()))
        .filter_map(|m| serde_json::from_value::<Member>(m.clone()).ok())
        .map(checked)
        .collect()
}

/// The papers the earlier `lab.json` in `out` lists for each of the members `slugs` (those
/// whose profile did not load in this build), read back as publications, so that a typo in
/// one profile does not take that member's papers out of the lab's lists; the slugs with
/// any, in the order given. Text comes back as plain text (escaped, so that it is never
/// markup), each address passes the one link check, and a paper with a control character or
/// without a title or year is left out.
pub fn kept_papers(out: &Path, slugs: &[String]) -> Vec<(String, Vec<Publication>)> {
    if slugs.is_empty() {
        return Vec::new();
    }
    let Some(site) = site_before(out) else {
        return Vec::new();
    };
    let papers = site["publications"].as_array().cloned().unwrap_or_default();
    slugs
        .iter()
        .map(|slug| {
            let of_member = papers.iter().filter(|p| {
                p["members"]
                    .as_array()
                    .is_some_and(|m| m.iter().any(|m| m == slug.as_str()))
            });
            (slug.clone(), of_member.filter_map(publication).collect())
        })
        .filter(|(_, papers): &(String, Vec<Publication>)| !papers.is_empty())
        .collect()
}

/// A paper of an earlier `lab.json` as a publication (see [`kept_papers`]).
fn publication(paper: &serde_json::Value) -> Option<Publication> {
    let clean = |s: &str| (!s.chars().any(char::is_control)).then(|| s.to_string());
    let text = |key: &str| -> Option<Option<Text>> {
        match paper[key].as_str() {
            None => Some(None),
            Some(s) => clean(s).map(|s| Some(Text::from(escape(&s)))),
        }
    };
    let mut authors = Vec::new();
    for author in paper["authors"].as_array()? {
        let name = clean(author["name"].as_str()?)?;
        let flag = |key: &str| author[key].as_bool().unwrap_or(false);
        authors.push(with_marks(&name, flag("equal"), flag("corresponding")));
    }
    let mut links = PublicationLinks::default();
    for link in paper["links"].as_array().into_iter().flatten() {
        let (Some(kind), Some(url)) = (link["kind"].as_str(), link["url"].as_str()) else {
            continue;
        };
        let url = crate::link::check(url).ok();
        if let Some((_, slot)) = links.each_mut().into_iter().find(|(k, _)| *k == kind) {
            *slot = url;
        }
    }
    // Numbers and identifiers are kept as written (they are not markup); a name or one of them
    // with a control character leaves the paper out, as text does.
    let plain = |key: &str| -> Option<Option<String>> {
        match paper[key].as_str() {
            None => Some(None),
            Some(s) => clean(s).map(Some),
        }
    };
    let mut editors = Vec::new();
    for editor in paper["editors"].as_array().into_iter().flatten() {
        editors.push(clean(editor.as_str()?)?);
    }
    Some(Publication {
        title: text("title")??,
        authors,
        venue: text("venue")?,
        venue_short: text("venue_short")?,
        year: paper["year"].as_u64().and_then(|y| u16::try_from(y).ok()),
        month: paper["month"]
            .as_u64()
            .and_then(|m| u8::try_from(m).ok())
            .filter(|m| (1..=12).contains(m)),
        kind: serde_json::from_value(paper["kind"].clone()).unwrap_or_default(),
        status: serde_json::from_value(paper["status"].clone()).unwrap_or_default(),
        editors,
        volume: plain("volume")?,
        issue: plain("issue")?,
        pages: plain("pages")?,
        edition: plain("edition")?,
        publisher: text("publisher")?,
        place: text("place")?,
        series: text("series")?,
        number: plain("report_number")?,
        isbn: plain("isbn")?,
        version: plain("version")?,
        degree: serde_json::from_value(paper["degree"].clone()).ok(),
        award: text("award")?,
        note: text("note")?,
        links,
        selected: paper["selected"].as_bool().unwrap_or(false),
    })
}

/// A member read back from a file, held to what the lab writes: each file a name in OUT (or
/// its photo folder), each address one `link::check` lets through; marked stale.
fn checked(member: Member) -> Member {
    let file = |name: Option<String>| {
        name.filter(|n| {
            let rest = n.strip_prefix(&format!("{PHOTOS}/")).unwrap_or(n);
            !rest.is_empty() && !rest.starts_with('.') && !rest.contains(['/', '\\', ':'])
        })
    };
    let address = |url: Option<String>| url.and_then(|u| crate::link::check(&u).ok());
    Member {
        cv: file(member.cv),
        cv_html: file(member.cv_html),
        thumbnail: file(member.thumbnail),
        photo: file(member.photo),
        website: address(member.website),
        links: member
            .links
            .into_iter()
            .filter(|l| crate::link::check(&l.url).is_ok())
            .collect(),
        variants: member
            .variants
            .into_iter()
            .filter(|v| file(Some(v.pdf.clone())).is_some())
            .map(|v| VariantCv {
                html: file(v.html.clone()),
                ..v
            })
            .collect(),
        stale: true,
        ..member
    }
}

/// The members' files an earlier `lab.json` in `out` lists.
fn members_files_before(out: &Path) -> BTreeSet<String> {
    let Some(site) = site_before(out) else {
        return BTreeSet::new();
    };
    let text = |v: &serde_json::Value| v.as_str().map(str::to_string);
    let mut names = BTreeSet::new();
    for member in site["members"].as_array().into_iter().flatten() {
        names.extend(
            ["cv", "cv_html", "thumbnail", "photo"]
                .iter()
                .filter_map(|k| text(&member[k])),
        );
        for variant in member["variants"].as_array().into_iter().flatten() {
            names.extend(text(&variant["pdf"]));
            names.extend(text(&variant["html"]));
        }
    }
    names
}

/// What became of the files no longer published.
#[derive(Debug, Default)]
pub struct Removed {
    /// The files removed.
    pub removed: Vec<PathBuf>,
    /// Why others were left.
    pub left: Vec<String>,
}

/// Removes from `out` each file of `stale` (names as `lab.json` writes them) that is still as
/// cvpdf wrote it; `records` are the output folder's records of what was written.
pub fn remove(out: &Path, stale: &BTreeSet<String>, records: &dyn Records) -> Removed {
    let mut done = Removed::default();
    if stale.is_empty() {
        return done;
    }
    // A name is matched against the folder's own entries, never joined to a path: whatever an
    // old lab.json says, only a file directly in OUT (or in its photo folder) can be meant.
    let entries = |dir: &Path| -> Vec<(String, PathBuf)> {
        fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (crate::link::path_segment(&name), e.path())
            })
            .collect()
    };
    let photos = out.join(PHOTOS);
    let photo_dir_is_ours = fs::symlink_metadata(&photos).is_ok_and(|m| m.file_type().is_dir());
    let mut candidates = entries(out);
    if photo_dir_is_ours {
        candidates.extend(
            entries(&photos)
                .into_iter()
                .map(|(name, path)| (format!("{PHOTOS}/{name}"), path)),
        );
    }
    for (name, path) in candidates {
        if !stale.contains(&name) {
            continue;
        }
        let recorded = records
            .get(&path)
            .map_or(Recorded::Unknown, |record| record.recorded(&path));
        if let Err(why) = may_remove(
            &path,
            recorded,
            "was published by an earlier lab build and is not now",
        ) {
            done.left.push(why.to_string());
            continue;
        }
        match fs::remove_file(&path) {
            Ok(()) => {
                records.set(&path, None);
                done.removed.push(path);
            }
            Err(err) => done
                .left
                .push(format!("cannot remove {}: {err}", path.display())),
        }
    }
    done
}

#[cfg(test)]
mod tests;
