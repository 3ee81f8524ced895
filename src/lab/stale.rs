//! The files an earlier lab build published that this one does not: the CV, thumbnail,
//! variants and photo of a member who left (or whose photo changed). The earlier build's
//! `lab.json` says what it published; each of those files is removed only while it is what
//! cvpdf wrote (its record's digest for a CV, the photo folder's naming for a photo), so a
//! removed member's CV does not stay on the site and nothing of the user's is ever deleted.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::pipeline::Records;

use super::{Member, PHOTOS};

/// The largest earlier `lab.json` read to find what it published.
const MAX_LAB_JSON_BYTES: u64 = 64 * 1024 * 1024;

/// The site files `members` name, as `lab.json` writes them (relative, percent-encoded).
pub fn published(members: &[Member]) -> BTreeSet<String> {
    members
        .iter()
        .flat_map(|m| {
            [&m.cv, &m.thumbnail, &m.photo]
                .into_iter()
                .flatten()
                .cloned()
                .chain(m.variants.iter().map(|v| v.pdf.clone()))
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

/// The members' files an earlier `lab.json` in `out` lists.
fn members_files_before(out: &Path) -> BTreeSet<String> {
    let Ok(bytes) = crate::input::read_bytes(&out.join("lab.json"), "file", MAX_LAB_JSON_BYTES)
    else {
        return BTreeSet::new();
    };
    let Ok(site) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return BTreeSet::new();
    };
    if site["generator"] != "cvpdf" {
        return BTreeSet::new();
    }
    let text = |v: &serde_json::Value| v.as_str().map(str::to_string);
    let mut names = BTreeSet::new();
    for member in site["members"].as_array().into_iter().flatten() {
        names.extend(
            ["cv", "thumbnail", "photo"]
                .iter()
                .filter_map(|k| text(&member[k])),
        );
        for variant in member["variants"].as_array().into_iter().flatten() {
            names.extend(text(&variant["pdf"]));
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
        let is_file = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        let ours = is_file
            && if name.starts_with(&format!("{PHOTOS}/")) {
                is_photo_name(&name[PHOTOS.len() + 1..])
            } else {
                records.get(&path).is_some_and(|record| record.wrote(&path))
            };
        if !ours {
            done.left.push(format!(
                "{} was published by an earlier lab build and is not now, but it is not as \
                 cvpdf wrote it, so it is left (remove it yourself if it should go)",
                path.display()
            ));
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

/// Whether `name` is how the lab names a photo it wrote: `<slug>-<12 hex digits>.<jpg|png|svg>`.
fn is_photo_name(name: &str) -> bool {
    let Some((stem, extension)) = name.rsplit_once('.') else {
        return false;
    };
    let Some((slug, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    matches!(extension, "jpg" | "png" | "svg")
        && hash.len() == 12
        && hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        && !slug.is_empty()
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_lab_s_own_photo_names_are_photos() {
        assert!(is_photo_name("ada-lovelace-0123456789ab.jpg"));
        assert!(!is_photo_name("ada-0123456789ab.gif"));
        assert!(!is_photo_name("my-holiday.jpg"));
        assert!(!is_photo_name("ada-0123456789AB.png"));
        assert!(!is_photo_name("-0123456789ab.png"));
    }

    #[test]
    fn the_lab_s_own_files_are_never_a_member_s() {
        // Found by probing: an old lab.json naming publications.pdf as a member's CV had the
        // lab's own list removed.
        let out = tempfile::tempdir().unwrap();
        let json = r#"{"generator": "cvpdf", "members": [
            {"cv": "publications.pdf", "thumbnail": "index.html", "photo": "photos/a-0123456789ab.png",
             "variants": [{"pdf": "lab.json"}, {"pdf": "ada-short.pdf"}]}]}"#;
        fs::write(out.path().join("lab.json"), json).unwrap();
        let before = published_before(out.path());
        let names: Vec<&str> = before.iter().map(String::as_str).collect();
        assert_eq!(names, ["ada-short.pdf", "photos/a-0123456789ab.png"]);
    }
}
