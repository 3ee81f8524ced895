//! `cvpdf lab` keeps what it cannot rebuild: a member whose profile no longer loads keeps last
//! build's files and card, a mistyped folder removes nothing, a file the user saved over one
//! the lab wrote is never removed, and two builds into one folder do not run at once
//! (issue 46, items 2 and 3 and the lock).

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{cvpdf, stderr};

fn lab_json(out: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(out.join("lab.json")).unwrap()).unwrap()
}

/// Every file under `dir` with its bytes, sorted.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found: Vec<(PathBuf, Vec<u8>)> = crate::lab::snapshot(dir)
        .into_iter()
        .map(|(path, bytes, _)| (path, bytes))
        .collect();
    found.sort();
    found
}

/// A PNG of `width` × `height` pixels of one colour.
fn png(width: u32, height: u32, shade: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::RgbImage::from_pixel(width, height, image::Rgb([shade, 40, 90]))
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

/// A lab of two: Ann (with a photo) and a member with an odd name.
fn two_members(dir: &Path) -> PathBuf {
    let profiles = dir.join("profiles");
    fs::create_dir(&profiles).unwrap();
    fs::write(profiles.join("ann.png"), png(40, 40, 200)).unwrap();
    fs::write(
        profiles.join("ann.yaml"),
        "name: Ann Example\nphoto: ann.png\n",
    )
    .unwrap();
    fs::write(
        profiles.join("Zoë Ängström #2: x.yaml"),
        "name: Zoë Ängström\nphoto: ann.png\npublications:\n  - title: Kept Paper\n    authors: [Zoë Ängström]\n    venue: J\n    year: 2021\n    kind: journal\n",
    )
    .unwrap();
    profiles
}

#[test]
fn a_member_whose_profile_breaks_keeps_last_build_s_files_and_card() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = two_members(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let site = dir.path().join("site");
    let before = lab_json(&site);
    let photos_before = fs::read_dir(site.join("photos")).unwrap().count();
    let zoe = "Zoë Ängström #2: x";
    for file in [format!("{zoe}.pdf"), format!("{zoe}.png")] {
        assert!(site.join(&file).is_file(), "{file}");
    }

    // A typo: the profile no longer loads.
    fs::write(
        profiles.join(format!("{zoe}.yaml")),
        "name: Zoë Ängström\npublications: [unclosed\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    for file in [format!("{zoe}.pdf"), format!("{zoe}.png")] {
        assert!(site.join(&file).is_file(), "{file} removed: {said}");
    }
    let photos = |site: &Path| fs::read_dir(site.join("photos")).unwrap().count();
    assert_eq!(photos(&site), photos_before, "{said}");
    let json = lab_json(&site);
    let members = json["members"].as_array().unwrap();
    assert_eq!(members.len(), 2, "{said}");
    let kept = members
        .iter()
        .find(|m| m["name"] == "Zoë Ängström")
        .unwrap();
    let was = before["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "Zoë Ängström")
        .unwrap();
    assert_eq!(kept["stale"], true);
    for key in ["cv", "thumbnail", "photo", "slug"] {
        assert_eq!(kept[key], was[key], "{key}");
    }
    assert_eq!(
        members.iter().find(|m| m["name"] == "Ann Example").unwrap()["stale"],
        false
    );
    // The card stays on the page, and the papers in the lists.
    let page = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(page.contains("Zoë Ängström"), "{page}");
    let paper = |json: &serde_json::Value| {
        json["publications"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["title"] == "Kept Paper")
            .cloned()
    };
    let was = paper(&before).expect("listed by the first build");
    let now = paper(&json).expect("kept from the last build");
    for key in ["authors", "venue", "year", "kind", "members"] {
        assert_eq!(now[key], was[key], "{key}");
    }
    let bib = fs::read_to_string(site.join("publications.bib")).unwrap();
    assert!(bib.contains("Kept Paper"), "{bib}");
    assert!(said.contains("kept from the last build"), "{said}");
    assert!(said.contains(zoe), "{said}");
}

#[test]
fn a_mistyped_or_empty_profile_folder_removes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    two_members(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let site = dir.path().join("site");
    let before = files(&site);
    fs::create_dir(dir.path().join("empty #1")).unwrap();
    // A member's file instead of the lab's folder built a lab of one and removed the others.
    for wrong in [
        "profils",
        "empty #1",
        "no such/Zoë.yaml",
        "profiles/ann.yaml",
    ] {
        let output = cvpdf(dir.path(), &["lab", wrong, "-o", "site"]);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{wrong}: {said}");
        assert!(said.contains(wrong), "{wrong}: {said}");
        assert_eq!(files(&site), before, "{wrong}: {said}");
    }
    // Found by probing: a mistyped path to another folder of YAML files (a site's `_data`)
    // built a lab of no members and removed every CV.
    fs::create_dir(dir.path().join("_data #2")).unwrap();
    fs::write(
        dir.path().join("_data #2/config.yaml"),
        "title: my blog\nmenu: [a, b]\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["lab", "_data #2", "-o", "site"]);
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("no profile in _data #2 loads"), "{said}");
    assert_eq!(files(&site), before, "{said}");
}

#[test]
fn a_file_saved_over_a_photo_the_lab_wrote_is_never_removed() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = two_members(dir.path());
    fs::write(profiles.join("bob.png"), png(30, 30, 10)).unwrap();
    fs::write(
        profiles.join("bob.yaml"),
        "name: Bob Example\nphoto: bob.png\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let site = dir.path().join("site");
    let photo_of = |json: &serde_json::Value, name: &str| -> String {
        let m = json["members"].as_array().unwrap();
        let m = m.iter().find(|m| m["name"] == name).unwrap();
        m["photo"].as_str().unwrap().to_string()
    };
    let json = lab_json(&site);
    let (ann_old, bob_old) = (
        photo_of(&json, "Ann Example"),
        photo_of(&json, "Bob Example"),
    );
    // The user saves a picture of their own over Ann's; both change their photo.
    let mine = png(50, 50, 7);
    fs::write(site.join(&ann_old), &mine).unwrap();
    fs::write(profiles.join("ann.png"), png(40, 40, 120)).unwrap();
    fs::write(profiles.join("bob.png"), png(30, 30, 60)).unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    let json = lab_json(&site);
    assert_ne!(photo_of(&json, "Ann Example"), ann_old);
    assert_eq!(fs::read(site.join(&ann_old)).unwrap(), mine, "{said}");
    assert!(said.contains(&format!("{ann_old} was published")), "{said}");
    // Bob's old photo, still as the lab wrote it, goes.
    assert!(!site.join(&bob_old).exists(), "{said}");
}

#[test]
fn a_second_build_into_a_folder_being_built_stops_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    two_members(dir.path());
    let site = dir.path().join("site");
    fs::create_dir(&site).unwrap();
    // Another build holds the folder (the lock the kernel drops when its holder dies).
    let held = fs::File::open(&site).unwrap();
    held.try_lock().unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains("another cvpdf is building or publishing"),
        "{said}"
    );
    assert_eq!(fs::read_dir(&site).unwrap().count(), 0, "{said}");
    // Once it is let go (as when its holder is killed), a build goes ahead.
    drop(held);
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // And the lock leaves nothing in the site.
    assert!(!files(&site)
        .iter()
        .any(|(p, _)| p.to_string_lossy().contains("lock")));
}

#[test]
fn a_cv_whose_render_failed_stays_cvpdf_s_and_goes_with_its_member() {
    // Found by probing: when a member's render failed (a file of the user's in the way of its
    // thumbnail), the record of the CV written before was dropped, and once the member left,
    // their old CV stayed in the site for good.
    let dir = tempfile::tempdir().unwrap();
    let profiles = two_members(dir.path());
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let site = dir.path().join("site");
    assert!(site.join("ann.pdf").is_file());
    fs::write(site.join("ann.png"), b"my notes").unwrap();
    fs::write(
        profiles.join("ann.yaml"),
        "name: Ann Example\nphoto: ann.png\nbio: Changed.\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    assert!(!output.status.success(), "{}", stderr(&output));
    assert_eq!(fs::read(site.join("ann.png")).unwrap(), b"my notes");
    fs::remove_file(profiles.join("ann.yaml")).unwrap();
    let output = cvpdf(dir.path(), &["lab", "profiles", "-o", "site"]);
    let said = stderr(&output);
    assert!(output.status.success(), "{said}");
    assert!(!site.join("ann.pdf").exists(), "{said}");
    assert_eq!(
        fs::read(site.join("ann.png")).unwrap(),
        b"my notes",
        "{said}"
    );
}
