//! Hostile and broken input: size and shape limits, confinement of files, output safety
//! (read-only and full disks, a directory in the way, concurrent writers, Ctrl-C), and panics.

mod common;

use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{cvpdf, root, stderr, Pdf};

/// Renders `yaml` in a fresh directory; returns (exit code, stderr, time taken).
fn render_text(yaml: &str) -> (Option<i32>, String, Duration) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), yaml).unwrap();
    let started = Instant::now();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    (output.status.code(), stderr(&output), started.elapsed())
}

#[test]
fn oversized_and_pathological_profiles_fail_fast_with_a_message() {
    let ten_million = format!("name: A\nbio: \"{}\"\n", "x".repeat(10_000_000));
    let deep = format!(
        "name: A\nbio: {}{}\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let mut laughs =
        String::from("name: A\nsections:\n  - title: L\n    entries:\n      - title: &a0 lol\n");
    for i in 1..=9 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        laughs.push_str(&format!(
            "      - {{title: x, highlights: &a{i} [{refs}]}}\n"
        ));
    }
    let many_aliases = format!("name: A\nhobbies: [&h x, {}]\n", vec!["*h"; 150].join(", "));
    let mut many_papers = String::from("name: A\npublications:\n");
    for i in 0..20_000 {
        many_papers.push_str(&format!(
            "  - {{title: Paper {i}, authors: [A], year: 2020}}\n"
        ));
    }
    let long_text = format!("name: A\nbio: \"{}\"\n", "word ".repeat(5_000));
    let cases = [
        (
            "a 10-million-character string",
            ten_million,
            "files over 4 MiB are refused",
        ),
        ("nesting 10,000 deep", deep, "recursion limit exceeded"),
        ("YAML alias expansion", laughs, "invalid type"),
        ("150 aliases", many_aliases, "at most 100 are accepted"),
        (
            "20,000 publications",
            many_papers,
            "this list has 20000 entries; at most 2000 are accepted",
        ),
        (
            "a 25,000-character text",
            long_text,
            "this text has 25000 characters; at most 20000 are accepted",
        ),
    ];
    for (what, yaml, message) in cases {
        let (code, err, took) = render_text(&yaml);
        assert_eq!(code, Some(1), "{what}: {err}");
        assert!(err.contains(message), "{what}: {message:?} not in {err}");
        assert!(!err.contains("panicked"), "{what}: {err}");
        assert!(took < Duration::from_secs(2), "{what} took {took:?}");
    }
}

#[test]
fn the_largest_accepted_profile_renders_in_bounded_time() {
    let mut yaml = String::from("name: Ada Example\npublications:\n");
    for i in 0..2_000 {
        yaml.push_str(&format!("  - {{title: Paper number {i} on predictable systems, authors: [Ada Example, Co Author], venue: Conference {i}, year: {}}}\n", 1990 + i % 35));
    }
    let (code, err, took) = render_text(&yaml);
    assert_eq!(code, Some(0), "{err}");
    // Measured about 1.2 s on two cores; the bound leaves room for slow machines.
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn formatting_nested_thousands_deep_renders_with_its_text() {
    // Markdown nests emphasis once per pair of asterisks; Typst's parser stops at a fixed
    // depth. Found by the markdown fuzz target (tests/fuzz-regressions/markdown/).
    let dir = tempfile::tempdir().unwrap();
    let stars = "*".repeat(3_000);
    let yaml = format!("name: A\nbio: \"{stars}deep{stars} and **bold *both* bold**\"\n");
    fs::write(dir.path().join("p.yaml"), yaml).unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = Pdf::read(&dir.path().join("p.pdf"));
    assert!(pdf.contains("deep"));
    assert!(pdf.contains("bold both bold"));
}

#[test]
fn files_outside_the_profile_and_template_directories_are_out_of_reach() {
    let dir = tempfile::tempdir().unwrap();
    let lab = dir.path().join("lab");
    let templates = dir.path().join("templates");
    fs::create_dir_all(&lab).unwrap();
    fs::create_dir_all(&templates).unwrap();
    fs::write(dir.path().join("secret.txt"), "the secret").unwrap();
    fs::write(templates.join("note.txt"), "from the template directory").unwrap();
    fs::write(lab.join("p.yaml"), "name: A\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), lab.join("link.txt")).unwrap();

    let attempt = |read: &str| {
        let template = templates.join("t.typ");
        fs::write(
            &template,
            format!("#let cv(profile, style) = [#read({read:?})]\n"),
        )
        .unwrap();
        let output = cvpdf(
            &lab,
            &["render", "p.yaml", "--template", template.to_str().unwrap()],
        );
        (output.status.code(), stderr(&output))
    };
    for path in [
        "/etc/passwd",
        "../secret.txt",
        "../../secret.txt",
        "link.txt",
    ] {
        let (code, err) = attempt(path);
        assert_eq!(code, Some(1), "{path} was readable");
        let refused = ["not found", "access denied", "escape the project root"];
        assert!(refused.iter().any(|r| err.contains(r)), "{path}: {err}");
    }
    let (code, err) = attempt("note.txt");
    assert_eq!(code, Some(0), "a template reads its own directory: {err}");
    assert!(Pdf::read(&lab.join("p.pdf")).contains("from the template directory"));
    let (code, err) = attempt("@preview/cetz:0.3.0/lib.typ");
    assert_eq!(code, Some(1), "{err}");
}

#[test]
fn images_are_checked_before_compiling() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("fake.png"), "<html>not an image</html>").unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\nphoto: fake.png\n").unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("the photo \"fake.png\" is not a PNG or JPEG image"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.path().join("p.pdf").exists());

    // A real PNG signature in front of a cut-off file gets past the check of the signature;
    // Typst's failure to decode it is still reported at the profile's photo line.
    let png = fs::read(root().join("tests/fixtures/photo.png")).unwrap();
    fs::write(dir.path().join("cut.png"), &png[..png.len() / 2]).unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\nphoto: cut.png\n").unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the photo \"cut.png\" cannot be decoded"),
        "{err}"
    );
    assert!(err.contains("p.yaml:2:8"), "{err}");
    assert!(!err.contains("common.typ"), "{err}");
    assert!(!dir.path().join("p.pdf").exists());

    // The lab logo is decoded when cvpdf.yaml loads: a cut-off PNG and an SVG that does not
    // parse are reported at the configuration's logo line; a real SVG logo is drawn.
    fs::write(dir.path().join("p.yaml"), "name: A\n").unwrap();
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#;
    fs::write(dir.path().join("good.svg"), svg).unwrap();
    fs::write(dir.path().join("bad.svg"), &svg[..svg.len() - 12]).unwrap();
    for (logo, expected) in [
        ("cut.png", "the logo \"cut.png\" cannot be used"),
        (
            "bad.svg",
            "the logo \"bad.svg\" cannot be used: it is not a PNG or JPEG image, and not a valid SVG",
        ),
        (
            "fake.png",
            "the logo \"fake.png\" cannot be used: it is not a PNG or JPEG image, and not a valid SVG",
        ),
    ] {
        let config = format!("lab:\n  name: L\n  logo: {logo}\n");
        fs::write(dir.path().join("cvpdf.yaml"), config).unwrap();
        let output = cvpdf(dir.path(), &["render", "p.yaml"]);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{err}");
        assert!(err.contains(expected), "{err}");
        assert!(err.contains("cvpdf.yaml:3:9"), "{err}");
        assert!(!dir.path().join("p.pdf").exists());
    }
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "lab:\n  name: L\n  logo: good.svg\n",
    )
    .unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dir.path().join("p.pdf").is_file());
}

/// Mounts a tmpfs of `size` with `options` at a new directory; `None` where mounting is not
/// allowed (the test then says so and checks what it can).
fn tmpfs(options: &str) -> Option<(tempfile::TempDir, Unmount)> {
    let dir = tempfile::tempdir().unwrap();
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", options, "tmpfs"])
        .arg(dir.path())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("note: cannot mount a tmpfs here; skipping that part");
        return None;
    }
    let unmount = Unmount(dir.path().to_path_buf());
    Some((dir, unmount))
}

struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_or_read_only_disk_fails_cleanly_and_keeps_the_old_pdf() {
    let profile = root().join("profiles/zili-zhang.yaml");
    // Full: 64 KiB holds the earlier tiny file but not a 90 KiB CV.
    if let Some((dir, _unmount)) = tmpfs("size=64k") {
        fs::write(dir.path().join("cv.pdf"), b"an earlier, good PDF").unwrap();
        let output = cvpdf(
            dir.path(),
            &["render", profile.to_str().unwrap(), "-o", "cv.pdf"],
        );
        assert_eq!(output.status.code(), Some(1));
        let err = stderr(&output);
        assert!(
            err.contains("cannot write") && err.contains("No space left on device"),
            "{err}"
        );
        assert_eq!(
            fs::read(dir.path().join("cv.pdf")).unwrap(),
            b"an earlier, good PDF"
        );
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["cv.pdf"], "no temporary file left");
    }
    if let Some((dir, _unmount)) = tmpfs("ro,size=64k") {
        let output = cvpdf(
            dir.path(),
            &["render", profile.to_str().unwrap(), "-o", "cv.pdf"],
        );
        assert_eq!(output.status.code(), Some(1));
        assert!(
            stderr(&output).contains("Read-only file system"),
            "{}",
            stderr(&output)
        );
    }
    // Without mounting (not root): a directory without write permission, with a good PDF.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("cv.pdf"), b"an earlier, good PDF").unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).unwrap();
        let writable = fs::write(dir.path().join("probe"), b"").is_ok(); // root ignores modes
        if !writable {
            let output = cvpdf(
                dir.path(),
                &["render", profile.to_str().unwrap(), "-o", "cv.pdf"],
            );
            let err = stderr(&output);
            assert_eq!(output.status.code(), Some(1), "{err}");
            assert!(err.contains("Permission denied"), "{err}");
            assert!(
                !err.contains(".tmp"),
                "the temporary file's name is noise: {err}"
            );
            assert_eq!(
                fs::read(dir.path().join("cv.pdf")).unwrap(),
                b"an earlier, good PDF"
            );
        }
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn a_directory_where_the_pdf_should_go_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("profiles/zhiyao-li.yaml"),
        dir.path().join("p.yaml"),
    )
    .unwrap();
    fs::create_dir(dir.path().join("p.pdf")).unwrap();
    let output = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("p.pdf is a directory"),
        "{}",
        stderr(&output)
    );
    let output = cvpdf(dir.path(), &["render", "p.yaml", "-o", "/proc/cvpdf-test/"]);
    assert_ne!(output.status.code(), Some(0));
    assert!(!stderr(&output).contains("panicked"));
}

#[test]
fn concurrent_writers_of_one_pdf_leave_one_complete_file() {
    let dir = tempfile::tempdir().unwrap();
    let profile = root().join("profiles/liangyu-zhao.yaml");
    let children: Vec<_> = (0..6)
        .map(|i| {
            let template = ["classic", "modern", "compact"][i % 3];
            Command::new(env!("CARGO_BIN_EXE_cvpdf"))
                .env("CVPDF_CACHE_DIR", common::cache_dir())
                .args([
                    "render",
                    profile.to_str().unwrap(),
                    "-o",
                    "cv.pdf",
                    "--force",
                    "--quiet",
                    "--template",
                    template,
                ])
                .current_dir(dir.path())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let pdf = Pdf::read(&dir.path().join("cv.pdf"));
    assert!(pdf.contains("Liangyu Zhao"));
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_batch_leaves_only_complete_files() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles");
    fs::create_dir(&profiles).unwrap();
    let source = fs::read_to_string(root().join("profiles/zili-zhang.yaml")).unwrap();
    for i in 0..200 {
        fs::write(profiles.join(format!("p{i:03}.yaml")), &source).unwrap();
    }
    let child = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
        .env("CVPDF_CACHE_DIR", common::cache_dir())
        .args(["render", "profiles", "-o", "out", "--quiet"])
        .current_dir(dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupt as soon as the first PDF is written, so the batch is surely under way and
    // surely not done, however fast the machine.
    let out = dir.path().join("out");
    let started = Instant::now();
    while !fs::read_dir(&out).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".pdf"))
    }) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no PDF written"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted:") && err.contains("every file written is complete"),
        "{err}"
    );
    let mut pdfs = 0;
    for entry in fs::read_dir(dir.path().join("out")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "temporary file {name} left behind");
        if name.ends_with(".pdf") {
            pdfs += 1;
            assert!(
                lopdf::Document::load_mem(&fs::read(entry.path()).unwrap()).is_ok(),
                "{name} is incomplete"
            );
        }
    }
    assert!(
        pdfs > 0 && pdfs < 200,
        "{pdfs} PDFs: the batch was neither interrupted nor started"
    );
    // The manifest remembers what was written: the rest is rendered on the next run.
    let output = cvpdf(dir.path(), &["render", "profiles", "-o", "out"]);
    assert!(
        stderr(&output).contains(&format!("{} rendered, {pdfs} unchanged", 200 - pdfs)),
        "{}",
        stderr(&output)
    );
}

#[test]
fn errors_never_show_a_backtrace() {
    // RUST_BACKTRACE set by a user must not turn an error into a stack dump.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: [").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
        .env("CVPDF_CACHE_DIR", common::cache_dir())
        .args(["render", "p.yaml"])
        .current_dir(dir.path())
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        !err.contains("stack backtrace") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn page_image_resolution_and_worker_count_are_bounded_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let profile = root().join("profiles/zhiyao-li.yaml");
    let profile = profile.to_str().unwrap();
    // Each of these once aborted, allocated terabytes, was an internal error, or wrote a
    // 1 × 1 PNG and reported success.
    for ppi in ["90000", "inf", "NaN", "0", "-5", "abc"] {
        let out = cvpdf(
            dir.path(),
            &[
                "render",
                profile,
                "-o",
                "out",
                "-f",
                "png",
                &format!("--ppi={ppi}"),
            ],
        );
        assert_eq!(out.status.code(), Some(2), "--ppi {ppi}: {}", stderr(&out));
        assert!(stderr(&out).contains("--ppi"), "{}", stderr(&out));
        assert!(
            !dir.path().join("out/zhiyao-li-1.png").exists(),
            "--ppi {ppi}"
        );
    }
    let out = cvpdf(
        dir.path(),
        &["render", profile, "-o", "out", "--jobs", "100000"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--jobs"), "{}", stderr(&out));
    let out = cvpdf(
        dir.path(),
        &[
            "render", profile, "-o", "out", "-f", "png", "--ppi", "600", "--jobs", "64",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let png = image::open(dir.path().join("out/zhiyao-li-1.png")).unwrap();
    assert!((4950..=4970).contains(&png.width()), "{}", png.width());
}

#[test]
fn thousands_of_fields_without_glyphs_warn_in_bounded_time_and_output() {
    // Each title has characters no bundled font has (runic). The warnings' positions were once
    // found by indexing the YAML again for every field (65 s for this profile), and every
    // warning was printed with its source line (megabytes of output).
    let publications: String = (0..1999)
        .map(|i| format!("  - {{title: \"Paper {i} ᚠᚢ\", authors: [A], year: 2020}}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("p.yaml"),
        format!("name: A\npublications:\n{publications}"),
    )
    .unwrap();
    let started = Instant::now();
    let out = cvpdf(
        dir.path(),
        &["render", "p.yaml", "--no-system-fonts", "-o", "out"],
    );
    let took = started.elapsed();
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("no available font has a glyph for 'ᚠ' (U+16A0)"),
        "{err}"
    );
    assert!(
        err.contains("note: 1949 more problems in p.yaml are not shown"),
        "{err}"
    );
    assert!(err.len() < 64 * 1024, "{} bytes of warnings", err.len());
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

#[test]
fn control_characters_from_files_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // A file name and a key that would retitle the terminal and clear the screen.
    let name = "evil\u{1b}]0;pwned\u{7}.yaml";
    fs::write(
        dir.path().join(name),
        "name: A\n\"bad\\e[2Jkey\": 1\nbio: \"\\e[31mred\"\n",
    )
    .unwrap();
    fs::write(dir.path().join("ok\u{1b}[2J.yaml"), "name: B\n").unwrap();
    for command in ["render", "check"] {
        let out = cvpdf(dir.path(), &[command, "."]);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stderr(&out));
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
        assert!(
            !all.contains('\u{1b}') && !all.contains('\u{7}'),
            "{command}: {all:?}"
        );
        assert!(all.contains("\\u{1b}[2Jkey"), "{command}: {all}");
        assert!(
            all.contains("evil\\u{1b}]0;pwned\\u{7}.yaml"),
            "{command}: {all}"
        );
        assert!(all.contains("ok\\u{1b}[2J"), "{command}: {all}");
    }
}
