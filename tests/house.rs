//! The house's shape, kept: rooms (the top-level modules of `src/`) depend on each other in
//! one direction, and files stay short. Both are ratchets: what is over the line today is
//! listed with its size, may shrink and leave the list, and may not grow; nothing new may join.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Rooms that still lean on each other: none.
const KNOWN_CYCLES: &[&[&str]] = &[];

/// The longest a source file may be.
const MAX_LINES: usize = 400;

/// The longest a command's file may be: a command parses nothing, plans, calls the library,
/// reports.
const MAX_COMMAND_LINES: usize = 200;

/// Files over their bound, with their length then: they may only shrink, and none may join.
/// Empty since issue 26; keep it so.
const OVER: &[(&str, usize)] = &[];

fn sources() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A file's path under `src/`, with `/` between parts.
fn relative(path: &Path) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let parts: Vec<String> = path
        .strip_prefix(src)
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

#[test]
fn files_stay_short() {
    let mut problems = Vec::new();
    for path in sources() {
        let name = relative(&path);
        let lines = fs::read_to_string(&path).unwrap().lines().count();
        let bound = if name.starts_with("commands/") {
            MAX_COMMAND_LINES
        } else {
            MAX_LINES
        };
        let allowed = OVER
            .iter()
            .find(|(file, _)| *file == name)
            .map_or(bound, |(_, then)| *then);
        if lines > allowed {
            problems.push(format!("src/{name}: {lines} lines (at most {allowed})"));
        }
    }
    assert!(
        problems.is_empty(),
        "files grew past their bound; split them by job:\n{}",
        problems.join("\n")
    );
}

/// Each room and the rooms its code names (`crate::room`), tests left out.
fn rooms() -> BTreeMap<String, BTreeSet<String>> {
    let files = sources();
    let room_of = |path: &Path| {
        let name = relative(path);
        let first = name.split('/').next().unwrap().to_string();
        first.trim_end_matches(".rs").to_string()
    };
    let names: BTreeSet<String> = files.iter().map(|p| room_of(p)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let room = room_of(path);
        let text = fs::read_to_string(path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut named = BTreeSet::new();
        for (at, _) in code.match_indices("crate::") {
            let word: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            named.insert(word);
        }
        // `use crate::{a, b::c}`.
        for (at, _) in code.match_indices("crate::{") {
            let inside = &code[at + 8..];
            let inside = &inside[..inside.find('}').unwrap_or(inside.len())];
            for part in inside.split(',') {
                named.insert(
                    part.trim()
                        .split("::")
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                );
            }
        }
        let entry = edges.entry(room.clone()).or_default();
        for other in named {
            if other != room && names.contains(&other) {
                entry.insert(other);
            }
        }
    }
    edges
}

/// Rooms reachable from `from`.
fn reachable(edges: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut pending = vec![from.to_string()];
    while let Some(room) = pending.pop() {
        for next in edges.get(&room).into_iter().flatten() {
            if seen.insert(next.clone()) {
                pending.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn rooms_depend_on_each_other_in_one_direction() {
    let edges = rooms();
    let mut cycles: BTreeSet<Vec<String>> = BTreeSet::new();
    for room in edges.keys() {
        let from = reachable(&edges, room);
        if from.contains(room) {
            let mut cycle: Vec<String> = from
                .iter()
                .filter(|other| reachable(&edges, other).contains(room))
                .cloned()
                .collect();
            cycle.sort();
            cycles.insert(cycle);
        }
    }
    let known: BTreeSet<Vec<String>> = KNOWN_CYCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = cycles.difference(&known).collect();
    assert!(
        new.is_empty(),
        "rooms that lean on each other (each names the others as crate::…): {new:?}"
    );
}
