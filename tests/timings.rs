//! `cvpdf render --timings FILE`: a Chrome trace of the run, with cvpdf's stages and the
//! template calls inside the compile, written only where no one else's file is.

use std::fs;

use crate::common::{cvpdf, root, stderr};

/// The events of a trace: (name, phase, file named in its arguments).
fn events(trace: &[u8]) -> Vec<(String, String, Option<String>)> {
    let json: serde_json::Value = serde_json::from_slice(trace).expect("the trace is JSON");
    json.as_array()
        .expect("a trace is an array of events")
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["ph"].as_str().unwrap().to_string(),
                e["args"]["file"].as_str().map(str::to_string),
            )
        })
        .collect()
}

#[test]
fn a_trace_holds_cvpdf_s_stages_and_the_template_s_calls_with_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace #1.json");
    let profile = root().join("profiles/zili-zhang.yaml");
    let run = |trace: &std::path::Path| {
        cvpdf(
            dir.path(),
            &[
                "render",
                profile.to_str().unwrap(),
                "-o",
                "cv.pdf",
                "--force",
                "--timings",
                trace.to_str().unwrap(),
            ],
        )
    };
    let output = run(&trace);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dir.path().join("cv.pdf").is_file());
    let events = events(&fs::read(&trace).unwrap());
    let names: Vec<&str> = events.iter().map(|(n, _, _)| n.as_str()).collect();
    for stage in [
        "cvpdf render",
        "load profile",
        "parse YAML",
        "validate",
        "style",
        "source generation",
        "world set-up",
        "typst compile",
        "layout document",
        "PDF export",
        "write",
    ] {
        assert!(names.contains(&stage), "no {stage:?} in {names:?}");
    }
    // Every scope that starts ends.
    let starts = events.iter().filter(|(_, ph, _)| ph == "B").count();
    assert_eq!(starts * 2, events.len());
    // Template calls are named by their file, built-in ones included.
    let files: Vec<&str> = events.iter().filter_map(|(_, _, f)| f.as_deref()).collect();
    assert!(files.iter().any(|f| f.contains("classic.typ")), "{files:?}");
    assert!(files.iter().any(|f| f.contains("common.typ")), "{files:?}");
    // A second run replaces its own trace, also two at once: one whole trace, no stray file.
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| run(&trace));
        let b = s.spawn(|| run(&trace));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert!(a.status.success() && b.status.success(), "{}", stderr(&a));
    assert!(!self::events(&fs::read(&trace).unwrap()).is_empty());
    let stray: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
    // A file that is not a trace is left alone.
    let notes = dir.path().join("notes.json");
    fs::write(&notes, "{\"mine\": true}").unwrap();
    let refused = run(&notes);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("was not written by cvpdf"));
    assert_eq!(fs::read_to_string(&notes).unwrap(), "{\"mine\": true}");
    // A folder, or a place whose folder is missing, is refused before anything is rendered.
    fs::remove_file(dir.path().join("cv.pdf")).unwrap();
    fs::create_dir(dir.path().join("a folder")).unwrap();
    for (place, says) in [
        ("a folder", "is a directory"),
        ("missing/trace.json", "is not a folder"),
    ] {
        let refused = run(&dir.path().join(place));
        assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
        assert!(stderr(&refused).contains(says), "{}", stderr(&refused));
        assert!(!dir.path().join("cv.pdf").exists());
    }
    assert!(!dir.path().join("missing").exists());
}
