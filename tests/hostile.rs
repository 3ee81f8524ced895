//! Hostile and broken input: size and shape limits, confinement of files, output safety
//! (read-only and full disks, a directory in the way, concurrent writers, Ctrl-C), and panics.

use crate::common;

use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{cvpdf, cvpdf_bounded, root, stderr, Pdf};

/// Renders `yaml` in a fresh directory; returns (exit code, stderr, time taken).
/// Renders `yaml` within `cpu_seconds` of CPU (see `cvpdf_bounded`).
fn render_text(yaml: &str, cpu_seconds: u32) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), yaml).unwrap();
    let output = cvpdf_bounded(dir.path(), &["render", "p.yaml"], cpu_seconds);
    (output.status.code(), stderr(&output))
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
        // Refused before any real work: a few seconds of CPU at most.
        let (code, err) = render_text(&yaml, 5);
        assert_eq!(code, Some(1), "{what}: {err}");
        assert!(err.contains(message), "{what}: {message:?} not in {err}");
        assert!(!err.contains("panicked"), "{what}: {err}");
    }
}

#[test]
fn profiles_with_few_or_many_stars_read_the_same() {
    // A text with few `*` and one with more than the alias bound (100) hold no alias, so both
    // pass the bounds and read alike: the same profile, the same message for the same mistake.
    for stars in [2, 150] {
        let bio = "**b** ".repeat(stars / 4 + 1);
        let (code, err) = render_text(&format!("name: A\nbio: \"{bio}\"\n"), 10);
        assert_eq!(code, Some(0), "{stars} stars: {err}");
        let (code, err) = render_text(&format!("name: A\nbio: \"{bio}\"\nyear: [1]\n"), 10);
        assert_eq!(code, Some(1), "{stars} stars: {err}");
        assert!(
            err.contains("unknown field \"year\""),
            "{stars} stars: {err}"
        );
    }
}

#[test]
fn the_largest_accepted_profile_renders_in_bounded_time() {
    let mut yaml = String::from("name: Ada Example\npublications:\n");
    for i in 0..2_000 {
        yaml.push_str(&format!("  - {{title: Paper number {i} on predictable systems, authors: [Ada Example, Co Author], venue: Conference {i}, year: {}}}\n", 1990 + i % 35));
    }
    // About 1.2 s of CPU (the figures in docs/troubleshooting.md come from `cargo bench`); bounded at 30.
    let (code, err) = render_text(&yaml, 30);
    assert_eq!(code, Some(0), "{err}");
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
/// Mounting is tried as this user, then through `sudo -n` (CI's runner may, a developer's
/// password prompt is never waited for); where neither may, `common::require("tmpfs")` says so.
fn tmpfs(options: &str) -> Option<(tempfile::TempDir, Unmount)> {
    let dir = tempfile::tempdir().unwrap();
    let options = format!("{options},mode=1777");
    let mount = |command: &[&str]| {
        Command::new(command[0])
            .args(&command[1..])
            .args(["-t", "tmpfs", "-o", &options, "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let direct = mount(&["mount"]);
    let sudo = !direct && mount(&["sudo", "-n", "mount"]);
    let why = "writing to a full and to a read-only disk (mounted as a small tmpfs)";
    if !common::require("tmpfs", direct || sudo, why) {
        return None;
    }
    let unmount = Unmount(dir.path().to_path_buf(), sudo);
    Some((dir, unmount))
}

/// A mounted tmpfs, unmounted when dropped (through `sudo -n` when it was mounted so).
struct Unmount(std::path::PathBuf, bool);

impl Drop for Unmount {
    fn drop(&mut self) {
        let mut command = if self.1 {
            let mut sudo = Command::new("sudo");
            sudo.args(["-n", "umount"]);
            sudo
        } else {
            Command::new("umount")
        };
        let _ = command.arg(&self.0).status();
    }
}

/// A PDF an earlier run of cvpdf wrote (it names cvpdf as its creator), so it may be replaced.
const EARLIER_PDF: &[u8] = b"%PDF-1.7 /Creator(cvpdf 0.1.0) an earlier, good PDF";

/// Guards issue 47: without a tmpfs it fails under `CVPDF_REQUIRE` instead of passing unchecked.
#[test]
fn a_full_or_read_only_disk_fails_cleanly_and_keeps_the_old_pdf() {
    let profile = root().join("profiles/zili-zhang.yaml");
    // Full: 64 KiB holds the earlier tiny file but not a 90 KiB CV.
    if let Some((dir, _unmount)) = tmpfs("size=64k") {
        fs::write(dir.path().join("cv.pdf"), EARLIER_PDF).unwrap();
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
        assert_eq!(fs::read(dir.path().join("cv.pdf")).unwrap(), EARLIER_PDF);
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
        fs::write(dir.path().join("cv.pdf"), EARLIER_PDF).unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).unwrap();
        let writable = fs::write(dir.path().join("probe"), b"").is_ok(); // root ignores modes
                                                                         // As root this part cannot happen; the read-only tmpfs above (required under
                                                                         // CVPDF_REQUIRE) has then checked the refused write.
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
            assert_eq!(fs::read(dir.path().join("cv.pdf")).unwrap(), EARLIER_PDF);
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
    let out = cvpdf_bounded(
        dir.path(),
        &["render", "p.yaml", "--no-system-fonts", "-o", "out"],
        30,
    );
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

/// A PNG whose header declares `width` × `height` and whose data is cut short: all a picture
/// bomb needs to be refused is its header.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    fn crc(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(width.to_be_bytes());
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    for chunk in [ihdr, b"IDAT\x78\x9c".to_vec(), b"IEND".to_vec()] {
        out.extend((chunk.len() as u32 - 4).to_be_bytes());
        out.extend(&chunk);
        out.extend(crc(&chunk).to_be_bytes());
    }
    out
}

/// A real JPEG whose frame header is rewritten to declare 65,500 × 65,500 pixels.
fn jpeg_bomb() -> Vec<u8> {
    let mut out = fs::read(root().join("tests/fixtures/photo.jpg")).unwrap();
    let mut at = 2;
    while !matches!(out[at + 1], 0xC0..=0xC2) {
        at += 2 + usize::from(u16::from_be_bytes([out[at + 2], out[at + 3]]));
    }
    out[at + 5..at + 9].copy_from_slice(&[0xFF, 0xDC, 0xFF, 0xDC]);
    out
}

#[test]
fn picture_bombs_are_refused_at_their_line_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("bomb.jpg"), jpeg_bomb()).unwrap();
    fs::write(dir.path().join("bomb.png"), png_claiming(60_000, 60_000)).unwrap();
    fs::write(dir.path().join("a.yaml"), "name: A\nphoto: bomb.jpg\n").unwrap();
    fs::write(dir.path().join("b.yaml"), "name: B\nphoto: bomb.png\n").unwrap();
    fs::write(dir.path().join("c.yaml"), "name: C\n").unwrap();
    for command in ["render", "check"] {
        let out = cvpdf(dir.path(), &[command, "."]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        assert!(err.contains("65500 × 65500 pixels"), "{command}: {err}");
        assert!(err.contains("60000 × 60000 pixels"), "{command}: {err}");
        assert!(
            err.contains("a.yaml:2:8") && err.contains("b.yaml:2:8"),
            "{err}"
        );
    }
    assert!(dir.path().join("c.pdf").is_file(), "the batch went on");
    assert!(!dir.path().join("a.pdf").exists() && !dir.path().join("b.pdf").exists());

    // Inside an SVG logo, as a data: URI, the same bound holds, at the configuration's line.
    use base64::Engine as _;
    let data = base64::engine::general_purpose::STANDARD.encode(jpeg_bomb());
    let svg = format!(
        "<?xml version=\"1.0\"?>\n<!-- Generator: Adobe Illustrator -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><image width=\"10\" height=\"10\" href=\"data:image/jpeg;base64,{data}\"/></svg>"
    );
    fs::write(dir.path().join("logo.svg"), svg).unwrap();
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "lab:\n  name: L\n  logo: logo.svg\n",
    )
    .unwrap();
    let out = cvpdf(dir.path(), &["check", "c.yaml"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cvpdf.yaml:3:9") && err.contains("65500 × 65500"),
        "{err}"
    );
}

#[test]
fn a_large_photo_is_embedded_at_print_size() {
    let dir = tempfile::tempdir().unwrap();
    // A 4000 × 3000 photo with detail (a gradient with noise), as a phone makes.
    let mut state = 1u32;
    let photo = image::RgbImage::from_fn(4000, 3000, |x, y| {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let noise = (state >> 24) as u8 / 4;
        image::Rgb([(x / 16) as u8 ^ noise, (y / 12) as u8, noise])
    });
    photo.save(dir.path().join("phone.jpg")).unwrap();
    let size = fs::metadata(dir.path().join("phone.jpg")).unwrap().len();
    assert!(size > 1_500_000, "the photo is big: {size}");
    fs::write(dir.path().join("p.yaml"), "name: A\nphoto: phone.jpg\n").unwrap();
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = fs::metadata(dir.path().join("p.pdf")).unwrap().len();
    eprintln!("a {size}-byte 4000 × 3000 photo makes a {pdf}-byte PDF");
    assert!(
        pdf < 400_000,
        "the PDF is {pdf} bytes for a {size}-byte photo"
    );
    assert_eq!(Pdf::read(&dir.path().join("p.pdf")).images, 1);
}

#[test]
fn bibtex_loops_are_reported_not_a_stack_overflow() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: Ada Lovelace\n").unwrap();
    let cases = [
        ("strings.bib", "@string{a = b}\n@string{b = a}\n@article{x, title={T}, author={A B}, journal=a, year=2020}\n"),
        ("loop.bib", "@article{x, crossref={y}, title={T}, author={A B}, year=2020}\n@proceedings{y, crossref={x}, title={P}, year=2020}\n@article{ok, title={Fine}, author={A B}, year=2021}\n"),
        ("self.bib", "@article{x, crossref={x}, title={T}, author={A B}, year=2020}\n"),
        ("braces.bib", &format!("@article{{x, title={{{}T{}}}, author={{A B}}, year=2020}}\n", "{".repeat(100_000), "}".repeat(100_000))),
    ];
    for (name, text) in cases {
        fs::write(dir.path().join(name), text).unwrap();
        let out = cvpdf_bounded(dir.path(), &["import-bib", name, "--into", "p.yaml"], 10);
        let err = stderr(&out);
        match name {
            "strings.bib" => {
                assert_eq!(out.status.code(), Some(1), "{err}");
                // Issue 47: the place is shown as every problem's is, with the line quoted.
                assert!(
                    err.contains(
                        "the @string abbreviations refer to each other in a loop (a → b → a)"
                    ),
                    "{err}"
                );
                assert!(
                    err.contains("strings.bib:1:9") && err.contains("@string{a = b}"),
                    "{err}"
                );
            }
            "braces.bib" => {
                assert_eq!(out.status.code(), Some(1), "{err}");
                assert!(err.contains("braces nest more than 32 levels"), "{err}");
            }
            _ => {
                assert_eq!(out.status.code(), Some(0), "{name}: {err}");
                assert!(err.contains("not imported: x (at 1:1): "), "{err}");
            }
        }
    }
    let profile = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
    assert!(profile.contains("title: Fine"), "{profile}");
}

#[test]
fn imports_are_bounded_before_parsing_and_never_write_what_cvpdf_refuses() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: Ada Lovelace\n").unwrap();
    let big = "@misc{k, title = {x}}\n".repeat(250_000);
    fs::write(dir.path().join("big.bib"), &big).unwrap();
    fs::write(
        dir.path().join("big.json"),
        format!("{{\"basics\": {{\"name\": \"{}\"}}}}", "x".repeat(5 << 20)),
    )
    .unwrap();
    let out = cvpdf_bounded(
        dir.path(),
        &["import-bib", "big.bib", "--into", "p.yaml"],
        10,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("files over 4 MiB are refused"),
        "{}",
        stderr(&out)
    );
    let out = cvpdf_bounded(dir.path(), &["import", "big.json"], 10);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("files over 4 MiB are refused"),
        "{}",
        stderr(&out)
    );
    // 20,000 small entries (2 MB, under the file bound) once took 87 s to be refused.
    let many: String = (0..20_000)
        .map(|i| {
            format!("@article{{k{i}, title = {{Paper {i}}}, author = {{A B}}, year = 2020}}\n")
        })
        .collect();
    fs::write(dir.path().join("many.bib"), many).unwrap();
    let out = cvpdf_bounded(
        dir.path(),
        &["import-bib", "many.bib", "--into", "p.yaml"],
        10,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the file has 20000 entries"),
        "{}",
        stderr(&out)
    );
    // Titles of 19,000 characters: each within bounds, together over what a profile may hold.
    let profile = "name: Ada Lovelace\n";
    let mut bib = String::new();
    for i in 0..30 {
        bib.push_str(&format!(
            "@misc{{k{i}, title = {{{}{i}}}, author = {{A B}}, year = 2020}}\n",
            "t".repeat(19_000)
        ));
    }
    fs::write(dir.path().join("long.bib"), bib).unwrap();
    let out = cvpdf(dir.path(), &["import-bib", "long.bib", "--into", "p.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("characters of text in all; at most 400000"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("p.yaml")).unwrap(),
        profile
    );
    // A symlinked profile is edited where it points; the link stays a link.
    #[cfg(unix)]
    {
        fs::write(dir.path().join("one.bib"), "@misc{k, title = {One}, author = {A B}, year = 2020, url = {javascript:alert(1)}, eprint = {file:///etc/passwd}, archiveprefix = {arXiv}}\n").unwrap();
        std::os::unix::fs::symlink("p.yaml", dir.path().join("link.yaml")).unwrap();
        let out = cvpdf(
            dir.path(),
            &["import-bib", "one.bib", "--into", "link.yaml"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(fs::symlink_metadata(dir.path().join("link.yaml"))
            .unwrap()
            .file_type()
            .is_symlink());
        let text = fs::read_to_string(dir.path().join("p.yaml")).unwrap();
        assert!(text.contains("title: One"), "{text}");
        assert!(
            !text.contains("javascript") && !text.contains("file:"),
            "{text}"
        );
    }
    // A pipe given as the file to import is refused, not waited on.
    #[cfg(unix)]
    if Command::new("mkfifo")
        .arg(dir.path().join("fifo.bib"))
        .status()
        .is_ok_and(|s| s.success())
    {
        let out = cvpdf(dir.path(), &["import-bib", "fifo.bib", "--into", "p.yaml"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("not a regular file"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn outputs_never_collide_and_only_files_cvpdf_wrote_are_replaced_or_removed() {
    let dir = tempfile::tempdir().unwrap();
    for group in ["g1", "g2"] {
        fs::create_dir(dir.path().join(group)).unwrap();
        fs::write(dir.path().join(group).join("cv.yaml"), "name: A\n").unwrap();
    }
    let out = cvpdf(
        dir.path(),
        &["render", "g1/cv.yaml", "g2/cv.yaml", "-o", "out"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("g1/cv.yaml and g2/cv.yaml would both be written to out/cv.pdf"),
        "{err}"
    );
    assert!(!dir.path().join("out/cv.pdf").exists());

    // Page images: a picture of the user's named like a page is neither replaced nor removed.
    let long = format!("name: A\nbio: \"{}\"\n", "Many words here. ".repeat(900));
    fs::write(dir.path().join("p.yaml"), &long).unwrap();
    let out = cvpdf(
        dir.path(),
        &["render", "p.yaml", "-f", "png", "--ppi", "10"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        dir.path().join("p-2.png").is_file(),
        "a long CV has two pages"
    );
    // Shorter now: its second page, which cvpdf wrote, goes; a user's p-3.png stays.
    fs::write(dir.path().join("p-3.png"), b"mine").unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\n").unwrap();
    let out = cvpdf(
        dir.path(),
        &["render", "p.yaml", "-f", "png", "--ppi", "10"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dir.path().join("p-2.png").exists());
    assert_eq!(fs::read(dir.path().join("p-3.png")).unwrap(), b"mine");
    // A user's picture where a page would go is not overwritten.
    fs::write(dir.path().join("q-1.png"), b"my photo").unwrap();
    fs::write(dir.path().join("q.yaml"), "name: Q\n").unwrap();
    let out = cvpdf(dir.path(), &["render", "q.yaml", "-f", "png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("q-1.png is in the way and was not written by cvpdf"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read(dir.path().join("q-1.png")).unwrap(), b"my photo");

    // No manifest among the outputs; an output emptied after rendering is rendered again.
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains("manifest")), "{names:?}");
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert!(out.status.success());
    fs::write(dir.path().join("p.pdf"), b"").unwrap();
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(Pdf::read(&dir.path().join("p.pdf")).contains("A"));
    // A PDF that cvpdf did not write is left alone.
    fs::write(dir.path().join("r.yaml"), "name: R\n").unwrap();
    fs::write(dir.path().join("r.pdf"), b"%PDF-1.4 my own paper").unwrap();
    let out = cvpdf(dir.path(), &["render", "r.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        fs::read(dir.path().join("r.pdf")).unwrap(),
        b"%PDF-1.4 my own paper"
    );
}

#[test]
fn control_characters_and_unsafe_links_never_reach_the_pdf() {
    let (code, err) = render_text("name: \"Ada\\0\\eLovelace\"\n", 10);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("control character U+0000"), "{err}");
    assert!(err.contains("p.yaml:1:7"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\n").unwrap();
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "lab:\n  name: L\n  url: \"javascript:alert(1)\"\n",
    )
    .unwrap();
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("links with the scheme \"javascript:\" are not allowed"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("cvpdf.yaml:3:8"), "{}", stderr(&out));
    fs::remove_file(dir.path().join("cvpdf.yaml")).unwrap();
    fs::write(
        dir.path().join("p.yaml"),
        "name: A\nbio: \"see [here](file:///etc/passwd), [there](ftp://x.org) and [web](https://x.org)\"\n",
    )
    .unwrap();
    // A link to an address the link check refuses is refused at its line (it would print as
    // written); written with a backslash, it is text, and no link.
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("p.yaml:2:6"), "{}", stderr(&out));
    assert!(!dir.path().join("p.pdf").exists());
    fs::write(
        dir.path().join("p.yaml"),
        "name: A\nbio: \"see \\\\[here](file:///etc/passwd), \\\\[there](ftp://x.org) and [web](https://x.org)\"\n",
    )
    .unwrap();
    let out = cvpdf(dir.path(), &["render", "p.yaml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pdf = Pdf::read(&dir.path().join("p.pdf"));
    assert!(pdf.contains("[here](file:///etc/passwd)") && pdf.contains("there"));
    assert_eq!(pdf.links, ["https://x.org"]);
}

#[test]
fn a_new_profile_holds_the_name_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let out = cvpdf(dir.path(), &["new", "Ada {name}", "-o", "ada.yaml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = fs::read_to_string(dir.path().join("ada.yaml")).unwrap();
    assert!(text.contains("name: \"Ada {name}\"\n"), "{text}");
    assert!(!text.contains("Ada Ada"), "{text}");
    let out = cvpdf(dir.path(), &["render", "ada.yaml"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_font_path_that_is_a_whole_disk_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\n").unwrap();
    for command in ["render", "check"] {
        let out = cvpdf_bounded(dir.path(), &[command, "p.yaml", "--font-path", "/"], 20);
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("--font-path / holds more than 50000 files"),
            "{}",
            stderr(&out)
        );
    }
    assert!(!dir.path().join("p.pdf").exists());
}

#[test]
fn a_photo_named_like_cvpdfs_own_files_is_still_the_photo() {
    let dir = tempfile::tempdir().unwrap();
    // The logo is red, the photo blue: each must be drawn, neither in place of the other.
    let png = |colour: [u8; 3]| {
        let mut out = Vec::new();
        image::RgbImage::from_pixel(40, 40, image::Rgb(colour))
            .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out
    };
    fs::create_dir(dir.path().join("lab")).unwrap();
    fs::write(dir.path().join("lab/logo.png"), png([200, 0, 0])).unwrap();
    fs::write(dir.path().join("lab-logo.png"), png([0, 0, 200])).unwrap();
    fs::write(
        dir.path().join("cvpdf.yaml"),
        "lab:\n  name: L\n  logo: lab/logo.png\n",
    )
    .unwrap();
    fs::write(dir.path().join("p.yaml"), "name: A\nphoto: lab-logo.png\n").unwrap();
    let out = cvpdf(
        dir.path(),
        &["render", "p.yaml", "-f", "png", "--ppi", "100"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let page = image::open(dir.path().join("p-1.png")).unwrap().to_rgb8();
    let count = |colour: [u8; 3]| {
        page.pixels()
            .filter(|p| p.0.iter().zip(colour).all(|(a, b)| a.abs_diff(b) < 30))
            .count()
    };
    assert!(count([200, 0, 0]) > 20, "the logo is drawn");
    assert!(count([0, 0, 200]) > 20, "the photo is drawn");
}

#[test]
fn a_file_name_is_never_typst_code() {
    // Found by probing: the generated source's first comment named the profile, and a Unicode
    // line separator in the name ended the comment, so the rest of the name ran as Typst.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("sibling.txt"), "SECRET-TEXT").unwrap();
    for name in [
        "r\u{2028}#read(\"sibling.txt\")\u{2028}.yaml",
        "v\u{b}#read(\"sibling.txt\")\u{b}.yaml",
        "n\u{85}#read(\"sibling.txt\")\u{85}.yaml",
    ] {
        fs::write(dir.path().join(name), "name: Ada Lovelace\n").unwrap();
        let output = cvpdf(dir.path(), &["render", name, "-o", "out.pdf", "--force"]);
        assert!(output.status.success(), "{name:?}: {}", stderr(&output));
        let pdf = Pdf::read(&dir.path().join("out.pdf"));
        assert!(!pdf.contains("SECRET-TEXT"), "{name:?} ran as code");
        assert_eq!(pdf.pages, 1, "{name:?}");
    }
}
