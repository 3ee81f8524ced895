//! Helpers of the end-to-end tests: run the real binary, and read the PDFs it writes with an
//! independent reader (lopdf), so every assertion is about the actual output.

#![allow(dead_code)]

pub mod browser;
mod pixels;
pub mod server;
pub mod watch;

pub use pixels::compare;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use lopdf::{Document, Object};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled profiles, sorted (not the lab's `cvpdf.yaml` beside them).
pub fn bundled_profiles() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root().join("profiles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .filter(|p| p.file_name().is_some_and(|n| n != "cvpdf.yaml"))
        .collect();
    found.sort();
    found
}

/// A renderer as the tests use it in-process: bundled fonts only, no date, plain diagnostics.
pub fn test_renderer() -> cvpdf::render::Renderer {
    cvpdf::render::Renderer::new(cvpdf::render::RenderSettings::bundled_only())
}

/// Runs `cvpdf` with `args` in `dir`, with no `SOURCE_DATE_EPOCH` unless the caller sets it.
pub fn cvpdf(dir: &Path, args: &[&str]) -> Output {
    cvpdf_env(dir, args, &[])
}

/// The cache directory the tests' runs of cvpdf keep manifests in.
pub fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cvpdf-cache")
}

/// `command` in `dir` as the tests run cvpdf: no `SOURCE_DATE_EPOCH` unless the caller sets
/// it, no colours, and manifests in a cache of the tests' own, never the user's.
fn as_tests_run(mut command: Command, dir: &Path) -> Command {
    command
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .env("NO_COLOR", "1")
        .env("CVPDF_CACHE_DIR", cache_dir());
    command
}

/// Runs `cvpdf` like [`cvpdf`], with a bound on the CPU time it may use (`ulimit -t`): a run
/// past it is killed, and the test fails saying so. A bound on work against hangs and blow-ups,
/// not a speed target (those are in `cargo bench`): the process's own CPU seconds, which a
/// busy machine does not stretch as it does wall-clock time.
pub fn cvpdf_bounded(dir: &Path, args: &[&str], cpu_seconds: u32) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("ulimit -t \"$0\" && exec \"$@\"")
        .arg(cpu_seconds.to_string())
        .arg(env!("CARGO_BIN_EXE_cvpdf"))
        .args(args);
    let output = as_tests_run(command, dir).output().expect("cvpdf runs");
    use std::os::unix::process::ExitStatusExt;
    // SIGXCPU at the soft limit, SIGKILL at the hard one.
    assert!(
        !matches!(output.status.signal(), Some(24) | Some(9)),
        "cvpdf {args:?} used more than {cpu_seconds} s of CPU and was stopped"
    );
    output
}

/// Runs `cvpdf` with extra environment variables.
pub fn cvpdf_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cvpdf"));
    command.args(args);
    let mut command = as_tests_run(command, dir);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("cvpdf runs")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `cvpdf` like [`cvpdf`] and insists that it worked, showing what it said if not.
pub fn succeed(dir: &Path, args: &[&str]) -> Output {
    let output = cvpdf(dir, args);
    assert!(
        output.status.success(),
        "cvpdf {args:?}: {}{}",
        stdout(&output),
        stderr(&output)
    );
    output
}

/// Copies the bundled lab's profiles (and, with `config`, its `cvpdf.yaml`) into
/// `dir/profiles`, which it returns.
pub fn copy_bundled_lab(dir: &Path, config: bool) -> PathBuf {
    let profiles = dir.join("profiles");
    std::fs::create_dir_all(&profiles).unwrap();
    for profile in bundled_profiles() {
        std::fs::copy(&profile, profiles.join(profile.file_name().unwrap())).unwrap();
    }
    if config {
        std::fs::copy(
            root().join("profiles/cvpdf.yaml"),
            profiles.join("cvpdf.yaml"),
        )
        .unwrap();
    }
    profiles
}

/// A temporary folder holding a copy of the bundled lab in `profiles/` (see
/// [`copy_bundled_lab`]).
pub fn temp_lab(config: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_bundled_lab(dir.path(), config);
    dir
}

/// Everything a test wants to know about a PDF.
#[derive(Debug)]
pub struct Pdf {
    /// Number of pages.
    pub pages: usize,
    /// The text of each page, in content order.
    pub page_text: Vec<String>,
    /// Text runs with the base font they are set in, all pages.
    pub runs: Vec<(String, String)>,
    /// Text runs where they stand: page (from 0), and the origin of the run in points from
    /// the page's bottom left (Typst places each run with a `cm` of its own).
    pub placed: Vec<Placed>,
    /// URIs of link annotations.
    pub links: Vec<String>,
    /// The document information dictionary, decoded.
    pub info: BTreeMap<String, String>,
    /// Base font names used.
    pub fonts: Vec<String>,
    /// Number of images drawn, all pages.
    pub images: usize,
    /// Titles of the top-level bookmarks.
    pub outline: Vec<String>,
    /// Width and height of the first page, in points.
    pub page_size: (f32, f32),
}

impl Pdf {
    /// Parses the PDF at `path`.
    pub fn read(path: &Path) -> Pdf {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Pdf::parse(&bytes)
    }

    /// Parses PDF bytes.
    pub fn parse(bytes: &[u8]) -> Pdf {
        let doc = Document::load_mem(bytes).expect("a valid PDF");
        let pages = doc.get_pages();
        let mut page_text = Vec::new();
        let mut runs = Vec::new();
        let mut placed = Vec::new();
        let mut links = Vec::new();
        let mut fonts = Vec::new();
        let mut images = 0;
        for (&number, &id) in &pages {
            images += doc.get_page_images(id).map_or(0, |i| i.len());
            page_text.push(doc.extract_text(&[number]).expect("extractable text"));
            let page_fonts = doc.get_page_fonts(id).unwrap();
            let mut encodings = BTreeMap::new();
            for (name, font) in &page_fonts {
                let base = font
                    .get(b"BaseFont")
                    .and_then(|o| o.as_name())
                    .map(|n| String::from_utf8_lossy(n).into_owned())
                    .unwrap_or_default();
                if !fonts.contains(&base) {
                    fonts.push(base.clone());
                }
                encodings.insert(name.clone(), (base, font.get_font_encoding(&doc).unwrap()));
            }
            let content = lopdf::content::Content::decode(&doc.get_page_content(id)).unwrap();
            let mut current = None;
            let mut origin = (0.0, 0.0);
            for op in &content.operations {
                match op.operator.as_str() {
                    "cm" => {
                        let number = |i: usize| {
                            op.operands
                                .get(i)
                                .and_then(|o| o.as_float().ok())
                                .unwrap_or(0.0)
                        };
                        origin = (number(4), number(5));
                    }
                    "Tf" => {
                        current = op
                            .operands
                            .first()
                            .and_then(|o| o.as_name().ok())
                            .and_then(|n| encodings.get(n))
                    }
                    "Tj" | "TJ" => {
                        if let Some((base, encoding)) = current {
                            let mut text = String::new();
                            collect(&op.operands, encoding, &mut text);
                            placed.push(Placed {
                                page: page_text.len() - 1,
                                x: origin.0,
                                y: origin.1,
                                text: text.clone(),
                            });
                            runs.push((base.clone(), text));
                        }
                    }
                    _ => {}
                }
            }
            for annot in doc.get_page_annotations(id).unwrap_or_default() {
                let uri = annot
                    .get(b"A")
                    .ok()
                    .and_then(|a| match a {
                        Object::Dictionary(d) => Some(d),
                        Object::Reference(r) => doc.get_dictionary(*r).ok(),
                        _ => None,
                    })
                    .and_then(|a| a.get(b"URI").ok())
                    .and_then(|u| u.as_str().ok())
                    .map(|u| String::from_utf8_lossy(u).into_owned());
                if let Some(uri) = uri {
                    links.push(uri);
                }
            }
        }
        let mut info = BTreeMap::new();
        if let Ok(reference) = doc.trailer.get(b"Info").and_then(|o| o.as_reference()) {
            if let Ok(dict) = doc.get_dictionary(reference) {
                for (key, value) in dict.iter() {
                    if let Ok(bytes) = value.as_str() {
                        info.insert(
                            String::from_utf8_lossy(key).into_owned(),
                            decode_text_string(bytes),
                        );
                    }
                }
            }
        }
        let outline = outline_titles(&doc);
        let first = pages.values().next().copied().expect("a page");
        let media = doc
            .get_dictionary(first)
            .ok()
            .and_then(|d| d.get(b"MediaBox").ok())
            .and_then(|o| o.as_array().ok())
            .map(|a| {
                a.iter()
                    .map(|n| n.as_float().unwrap_or(0.0))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let page_size = (
            media.get(2).copied().unwrap_or(0.0),
            media.get(3).copied().unwrap_or(0.0),
        );
        Pdf {
            outline,
            page_size,
            pages: pages.len(),
            page_text,
            runs,
            placed,
            links,
            info,
            fonts,
            images,
        }
    }

    /// All text with every whitespace character removed: line breaks in a PDF are positions,
    /// not characters, so comparisons ignore white space.
    pub fn squashed(&self) -> String {
        squash(&self.page_text.concat())
    }

    /// Whether `needle` (white space ignored) occurs in the text.
    pub fn contains(&self, needle: &str) -> bool {
        self.squashed().contains(&squash(needle))
    }

    /// Whether some run set in a font whose name contains `font` contains `needle`.
    pub fn contains_in_font(&self, needle: &str, font: &str) -> bool {
        let needle = squash(needle);
        let joined: String = self
            .runs
            .iter()
            .filter(|(f, _)| f.contains(font))
            .map(|(_, t)| squash(t))
            .collect::<Vec<_>>()
            .join("|");
        joined.contains(&needle)
    }
}

/// A text run and where it stands.
#[derive(Debug, Clone)]
pub struct Placed {
    /// The page, from 0.
    pub page: usize,
    /// Distance from the page's left edge, in points.
    pub x: f32,
    /// Distance of the baseline from the page's bottom edge, in points.
    pub y: f32,
    /// The run's text.
    pub text: String,
}

/// The titles of the first level of the document outline (bookmarks).
fn outline_titles(doc: &Document) -> Vec<String> {
    fn deref<'a>(doc: &'a Document, o: &'a Object) -> Option<&'a lopdf::Dictionary> {
        match o {
            Object::Reference(r) => doc.get_dictionary(*r).ok(),
            Object::Dictionary(d) => Some(d),
            _ => None,
        }
    }
    let mut titles = Vec::new();
    let Some(outlines) = doc
        .catalog()
        .ok()
        .and_then(|c| c.get(b"Outlines").ok())
        .and_then(|o| deref(doc, o))
    else {
        return titles;
    };
    let mut item = outlines.get(b"First").ok().and_then(|o| deref(doc, o));
    while let Some(dict) = item {
        if let Ok(title) = dict.get(b"Title").and_then(|t| t.as_str()) {
            titles.push(decode_text_string(title));
        }
        item = dict.get(b"Next").ok().and_then(|o| deref(doc, o));
    }
    titles
}

fn collect(operands: &[Object], encoding: &lopdf::Encoding, out: &mut String) {
    for operand in operands {
        match operand {
            Object::String(bytes, _) => {
                if let Ok(text) = Document::decode_text(encoding, bytes) {
                    out.push_str(&text);
                }
            }
            Object::Array(items) => collect(items, encoding, out),
            _ => {}
        }
    }
}

/// A PDF text string: UTF-16BE with a byte-order mark, or (near enough) Latin-1.
pub fn decode_text_string(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = rest
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| b as char).collect()
    }
}

/// `s` without white space.
pub fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether a check that needs `tool` (a program, fonts, a kernel feature) may run: `available`
/// says whether this machine has it. When it has not, the check is skipped with a line that
/// says so, unless `CVPDF_REQUIRE` names the tool (`all`, or a comma list such as
/// `chromium,groff,dejavu,tmpfs,proc`): then the skip is a failure, so CI, which installs them
/// all (`.ci/run`), cannot pass a check that never ran. Every such skip goes through here.
///
/// The tools: `chromium` (the people page in a browser), `groff` (the manual page rendered),
/// `dejavu` (DejaVu fonts for `--font-path`), `tmpfs` (mounting a full and a read-only disk:
/// as root, or with `sudo -n`), `proc` (`/proc/PID/status`, for the memory of a watch).
pub fn require(tool: &str, available: bool, why: &str) -> bool {
    if available {
        return true;
    }
    let required = std::env::var("CVPDF_REQUIRE").unwrap_or_default();
    let named = required
        .split(',')
        .map(str::trim)
        .any(|name| name == "all" || name == tool);
    assert!(
        !named,
        "CVPDF_REQUIRE={required} requires {tool}, which this machine lacks: {why}"
    );
    eprintln!("SKIPPED (no {tool}; CVPDF_REQUIRE={tool} makes this a failure): {why}");
    false
}
