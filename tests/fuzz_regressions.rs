//! Replays the inputs the fuzz targets (`fuzz/`) once failed on, with the same checks
//! (`fuzz/checks.rs`), so a bug the fuzzer found stays fixed without running the fuzzer.
//!
//! `tests/fuzz-regressions/profile/*` are raw bytes of a profile file, `markdown/*` raw text
//! of an inline-markdown field, `pipeline/*.yaml` profiles rendered with every built-in
//! template, `yaml-edit/*` a document and a value for `publish`'s YAML editor, `lab-bib/*` a
//! paper for the lab's BibTeX writer. Add a file there for every crash a fuzzer finds (see `fuzz/README.md`).

use crate::common;

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::PathBuf;

/// The files of one target's regression directory, sorted; at least one must exist, or the
/// replay would pass without checking anything.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = common::root().join("tests/fuzz-regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

#[test]
fn profile_inputs_load_or_are_refused_with_located_problems() {
    for path in inputs("profile") {
        eprintln!("replaying {}", path.display());
        checks::profile_bytes(&std::fs::read(&path).unwrap());
    }
}

#[test]
fn markdown_inputs_give_literal_typst() {
    for path in inputs("markdown") {
        eprintln!("replaying {}", path.display());
        checks::markdown(&String::from_utf8_lossy(&std::fs::read(&path).unwrap()));
    }
}

#[test]
fn pipeline_inputs_render_every_text_with_every_template() {
    let renderer = common::test_renderer();
    for path in inputs("pipeline") {
        // Inputs that trip a debug assertion inside Typst's text shaping (an upstream bug with
        // right-to-left text and combining marks, typst/typst#8667): release builds, which
        // cvpdf ships and the README's test command uses, lay them out correctly.
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if cfg!(debug_assertions) && name.starts_with("typst-debug-assertion-") {
            eprintln!("skipping {name}: it trips a debug assertion inside Typst");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let profile = cvpdf::profile::parse(&text, &common::root())
            .unwrap_or_else(|p| panic!("{}: {:?}", path.display(), p[0]));
        for template in checks::TEMPLATES {
            eprintln!("replaying {} with {template}", path.display());
            checks::pipeline(&profile, template, &renderer);
        }
    }
}

#[test]
fn bib_inputs_import_or_are_refused_without_a_crash() {
    for file in inputs("bib") {
        // A bound on work (this thread's CPU time, which a busy machine does not stretch),
        // against inputs that once took quadratic time; not a speed target.
        let started = thread_cpu_seconds();
        checks::bib_bytes(&std::fs::read(&file).unwrap());
        assert!(
            thread_cpu_seconds() - started < 5.0,
            "{} took over 5 s of CPU",
            file.display()
        );
    }
}

#[test]
fn yaml_edit_inputs_stay_yaml_and_change_only_their_key() {
    for path in inputs("yaml-edit") {
        eprintln!("replaying {}", path.display());
        checks::yaml_edit(&std::fs::read(&path).unwrap());
    }
}

#[test]
fn lab_bib_inputs_come_back_whole() {
    for path in inputs("lab-bib") {
        eprintln!("replaying {}", path.display());
        checks::lab_bib(&std::fs::read(&path).unwrap());
    }
}

/// Issue 48: the lab's BibTeX check on papers of every kind whose whole record (volume to
/// editors) is made of the characters BibTeX and Markdown treat specially, from a fixed seed —
/// a small fuzz run that CI can afford without a nightly toolchain. Most papers must be ones a
/// profile accepts, or the run would check nothing.
#[test]
fn lab_bib_records_of_awkward_text_come_back_whole() {
    const ALPHABET: &[&str] = &[
        "a", "Z", "7", " ", "-", "--", "{", "}", "$", "&", "#", "%", "_", "^", "~", "\\", "\\&",
        "\\-", "'", "``", "é", "ß", "–", "中", ",", ".", ":", "@", "=", "\"", "and", "*",
    ];
    let mut state: u64 = 0x1ab_b1b;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let text = |next: &mut dyn FnMut(usize) -> usize| -> String {
        let len = 1 + next(6);
        (0..len).map(|_| ALPHABET[next(ALPHABET.len())]).collect()
    };
    let (mut checked, runs) = (0, 300);
    for _ in 0..runs {
        let head = format!(
            "Title {}\nVenue {}\nAda Lovelace",
            text(&mut next),
            text(&mut next)
        );
        // Ten fields, then two editors (each with a first word, so that the awkward text is a
        // family name, never a name of marks alone).
        let mut record: Vec<String> = (0..10).map(|_| text(&mut next)).collect();
        record.extend((0..2).map(|_| format!("Cy {}", text(&mut next))));
        let input = format!("{head}\0{}", record.join("\n"));
        if checks::lab_bib(input.as_bytes()) {
            checked += 1;
        }
    }
    assert!(
        checked * 2 > runs,
        "only {checked} of {runs} papers were checked"
    );
}

/// The CPU time this thread has used, in seconds.
fn thread_cpu_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for clock_gettime to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    assert!(ok, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    now.tv_sec as f64 + now.tv_nsec as f64 / 1e9
}
