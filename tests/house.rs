//! The house's shape, kept: no two files of `src/` lean on each other (no cycle in the graph of
//! which file uses which, read from `use` and the paths in code, tests left out); each room (a
//! top-level module of `src/`) uses only rooms below it in `ARCHITECTURE.md`'s table; and files
//! stay short. The length bound is a ratchet: what is over the line today is listed with its
//! size, may shrink and leave the list, and may not grow; nothing new may join.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

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

/// Files (or rooms) reachable from `from`.
fn reachable(edges: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut pending = vec![from.to_string()];
    while let Some(node) = pending.pop() {
        for next in edges.get(&node).into_iter().flatten() {
            if seen.insert(next.clone()) {
                pending.push(next.clone());
            }
        }
    }
    seen
}

/// The cycles of a graph, each as the sorted set of nodes that reach each other, with the
/// edges between them written out so a failure says where to cut.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for node in edges.keys() {
        let from = reachable(edges, node);
        if from.contains(node) {
            let cycle: Vec<String> = from
                .iter()
                .filter(|other| reachable(edges, other).contains(node))
                .cloned()
                .collect();
            found.insert(cycle);
        }
    }
    found
        .iter()
        .map(|cycle| {
            let inside: Vec<String> = cycle
                .iter()
                .flat_map(|a| {
                    edges[a]
                        .iter()
                        .filter(|b| cycle.contains(b))
                        .map(move |b| format!("{a} -> {b}"))
                })
                .collect();
            inside.join(", ")
        })
        .collect()
}

/// The room a file belongs to (`lib.rs` belongs to none: it only declares them).
fn room_of(file: &str) -> Option<String> {
    let first = file.split('/').next()?.trim_end_matches(".rs");
    (first != "lib").then(|| first.to_string())
}

/// Each room and the rooms its files use.
fn rooms() -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, uses) in files() {
        let Some(room) = room_of(&file) else {
            continue;
        };
        let entry = edges.entry(room.clone()).or_default();
        for other in uses.iter().filter_map(|f| room_of(f)) {
            if other != room {
                entry.insert(other);
            }
        }
    }
    edges
}

/// Guards issue 47: five cycles between files inside folders went unseen while only rooms
/// were checked.
#[test]
fn no_two_files_lean_on_each_other() {
    let found = cycles(&files());
    assert!(
        found.is_empty(),
        "files that lean on each other (move the shared piece down, or to a module of its own):\n{}",
        found.join("\n")
    );
}

#[test]
fn rooms_depend_on_each_other_in_one_direction() {
    let found = cycles(&rooms());
    assert!(
        found.is_empty(),
        "rooms that lean on each other:\n{}",
        found.join("\n")
    );
}

/// The levels of `ARCHITECTURE.md`'s table: each room named in a row, with the row's level.
fn levels() -> BTreeMap<String, u32> {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let mut levels = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, level, rooms, ..] = cells[..] else {
            continue;
        };
        let Ok(level) = level.parse::<u32>() else {
            continue;
        };
        for room in rooms.split(',') {
            levels.insert(room.trim().trim_matches('`').to_string(), level);
        }
    }
    levels
}

/// Guards issue 47: the table was a claim nothing checked. `ARCHITECTURE.md` says each room
/// "uses only rooms below it": a lower level, never the same one.
#[test]
fn rooms_use_only_rooms_below_them_as_architecture_md_says() {
    let levels = levels();
    let rooms = rooms();
    assert!(
        levels.len() > 20,
        "ARCHITECTURE.md's table not found: {levels:?}"
    );
    let mut problems = Vec::new();
    for room in rooms.keys() {
        if !levels.contains_key(room) {
            problems.push(format!(
                "{room}: a room ARCHITECTURE.md's table does not place"
            ));
        }
    }
    for room in levels.keys() {
        if !rooms.contains_key(room) {
            problems.push(format!(
                "{room}: in ARCHITECTURE.md's table, but no room of src/"
            ));
        }
    }
    for (room, uses) in &rooms {
        let Some(level) = levels.get(room) else {
            continue;
        };
        for other in uses {
            if let Some(theirs) = levels.get(other).filter(|theirs| *theirs >= level) {
                problems.push(format!(
                    "{room} (level {level}) uses {other} (level {theirs})"
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the rooms and ARCHITECTURE.md disagree:\n{}",
        problems.join("\n")
    );
}

/// A token of Rust source, with comments and the contents of literals gone: a word, a `::`,
/// or any other single character (a literal leaves a `"` so two paths never join across it).
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Path,
    Sym(char),
}

/// The tokens of a file. Comments go (a doc link names a module without using it), and so do
/// the insides of string and character literals (a message may quote `crate::`).
fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = string_end(&c, i + 1, 0);
            out.push(Tok::Sym('"'));
        } else if ch == '\'' {
            if at(i + 1) == '\\' || at(i + 2) == '\'' {
                // Past the opening quote and the character (both of an escape: `'\''`).
                i += if at(i + 1) == '\\' { 3 } else { 2 };
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Tok::Sym('"'));
            } else {
                // A lifetime: its name is no path.
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                out.push(Tok::Sym('\''));
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw_string = matches!(word.as_str(), "r" | "br" | "cr");
            if raw_string && (at(i) == '"' || (at(i) == '#' && matches!(at(i + 1), '"' | '#'))) {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i = string_end(&c, i + 1, hashes);
                out.push(Tok::Sym('"'));
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = string_end(&c, i + 1, 0);
                out.push(Tok::Sym('"'));
            } else if word == "r" && at(i) == '#' {
                // A raw identifier, `r#type`.
                let start = i + 1;
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                out.push(Tok::Word(c[start..i].iter().collect()));
            } else {
                out.push(Tok::Word(word));
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Sym('0'));
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok::Path);
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push(Tok::Sym(ch));
            }
            i += 1;
        }
    }
    out
}

/// Where a string literal whose text starts at `i` ends (just past its closing quote and the
/// `hashes` of a raw string); escapes count only in a string that is not raw.
fn string_end(c: &[char], mut i: usize, hashes: usize) -> usize {
    while i < c.len() {
        if c[i] == '\\' && hashes == 0 {
            i += 2;
        } else if c[i] == '"'
            && c[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        } else {
            i += 1;
        }
    }
    i
}

/// Whether `t` starts with the attribute `#[cfg(test)]`.
fn is_cfg_test(t: &[Tok]) -> bool {
    let want = [
        Tok::Sym('#'),
        Tok::Sym('['),
        Tok::Word("cfg".into()),
        Tok::Sym('('),
        Tok::Word("test".into()),
        Tok::Sym(')'),
        Tok::Sym(']'),
    ];
    t.starts_with(&want)
}

/// The code of a file without what exists only under test (`#[cfg(test)]` items: test
/// modules, inline or in their own file, and the odd helper or statement), and the names of
/// the test modules kept in their own files (`#[cfg(test)] mod tests;`), whose files are
/// then no part of the product either.
fn without_tests(t: &[Tok]) -> (Vec<Tok>, Vec<String>) {
    let mut kept = Vec::new();
    let mut test_files = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if !is_cfg_test(&t[i..]) {
            kept.push(t[i].clone());
            i += 1;
            continue;
        }
        i += 7;
        // Further attributes of the same item.
        while t.get(i) == Some(&Tok::Sym('#')) {
            i = close(t, i + 1);
        }
        let start = i;
        let is_use = t[i..].iter().take(3).any(|k| *k == Tok::Word("use".into()));
        let mut depth = 0;
        while i < t.len() {
            match &t[i] {
                Tok::Sym('(' | '[') => depth += 1,
                Tok::Sym(')' | ']') => depth -= 1,
                Tok::Sym(';') if depth == 0 => {
                    if let [.., Tok::Word(m), Tok::Word(name)] = &t[start..i] {
                        if m == "mod" {
                            test_files.push(name.clone());
                        }
                    }
                    i += 1;
                    break;
                }
                Tok::Sym('{') if depth == 0 && !is_use => {
                    i = close(t, i);
                    break;
                }
                _ => {}
            }
            i += 1;
        }
    }
    (kept, test_files)
}

/// Just past the bracket that closes the one at `i`.
fn close(t: &[Tok], mut i: usize) -> usize {
    let mut depth = 0;
    while i < t.len() {
        match t[i] {
            Tok::Sym('(' | '[' | '{') => depth += 1,
            Tok::Sym(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// A name a `use` brings into scope (`None` for a glob) and the path it stands for, as
/// written.
type Import = (Option<String>, Vec<String>);

/// The imports of one use tree starting at `i` (after `use`), behind `prefix`.
fn use_tree(t: &[Tok], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Import>) {
    let mut path = prefix;
    loop {
        match t.get(*i) {
            Some(Tok::Word(w)) => {
                path.push(w.clone());
                *i += 1;
                if t.get(*i) == Some(&Tok::Path) {
                    *i += 1;
                } else {
                    break;
                }
            }
            Some(Tok::Path) => {
                path.push("::".into());
                *i += 1;
            }
            Some(Tok::Sym('{')) => {
                *i += 1;
                while *i < t.len() && t[*i] != Tok::Sym('}') {
                    use_tree(t, i, path.clone(), out);
                    if t.get(*i) == Some(&Tok::Sym(',')) {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            Some(Tok::Sym('*')) => {
                *i += 1;
                out.push((None, path));
                return;
            }
            _ => return,
        }
    }
    if path.last().is_some_and(|w| w == "self") {
        path.pop();
    }
    let mut name = path.last().cloned();
    if t.get(*i) == Some(&Tok::Word("as".into())) {
        if let Some(Tok::Word(alias)) = t.get(*i + 1) {
            name = Some(alias.clone());
        }
        *i += 2;
    }
    out.push((name, path));
}

/// What one file holds for the graph: its module, the modules it declares, the items it
/// defines, its imports, and the other paths its code writes (`super::x::f`, `crate::a::B`,
/// `tex::arguments`).
#[derive(Debug, Default)]
struct Module {
    file: String,
    path: Vec<String>,
    children: BTreeSet<String>,
    test_children: Vec<String>,
    defines: BTreeSet<String>,
    imports: Vec<Import>,
    paths: Vec<Vec<String>>,
}

/// The module path of a file under `src/` (`import/bib/mod.rs` is `import::bib`); the
/// binary's `main.rs` stands apart as `main`.
fn module_path(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts.last().is_some_and(|p| p == "mod") || file == "lib.rs" {
        parts.pop();
    }
    parts
}

/// Reads one file for the graph.
fn module(file: &str, text: &str) -> Module {
    let (t, test_children) = without_tests(&tokens(text));
    let mut m = Module {
        file: file.to_string(),
        path: module_path(file),
        test_children,
        ..Module::default()
    };
    let mut i = 0;
    while i < t.len() {
        let prev = if i == 0 { None } else { t.get(i - 1) };
        match (&t[i], t.get(i + 1)) {
            (Tok::Word(w), Some(Tok::Word(name)))
                if matches!(
                    w.as_str(),
                    "fn" | "struct" | "enum" | "const" | "static" | "type" | "trait" | "union"
                ) =>
            {
                m.defines.insert(name.clone());
            }
            (Tok::Word(w), Some(Tok::Word(name))) if w == "mod" => {
                if t.get(i + 2) == Some(&Tok::Sym(';')) {
                    m.children.insert(name.clone());
                } else {
                    m.defines.insert(name.clone());
                }
            }
            (Tok::Word(w), _) if w == "use" => {
                i += 1;
                use_tree(&t, &mut i, Vec::new(), &mut m.imports);
                continue;
            }
            (Tok::Word(_), Some(Tok::Path)) if prev != Some(&Tok::Path) => {
                let mut path = Vec::new();
                while let Some(Tok::Word(w)) = t.get(i) {
                    path.push(w.clone());
                    if t.get(i + 1) != Some(&Tok::Path) {
                        break;
                    }
                    i += 2;
                }
                m.paths.push(path);
            }
            _ => {}
        }
        i += 1;
    }
    m
}

/// The crate's files read for the graph, the files of test modules left out.
fn modules() -> Vec<Module> {
    let mut all: Vec<Module> = sources()
        .iter()
        .map(|p| module(&relative(p), &fs::read_to_string(p).unwrap()))
        .collect();
    let tests: Vec<Vec<String>> = all
        .iter()
        .flat_map(|m| {
            m.test_children
                .iter()
                .map(|c| [m.path.clone(), vec![c.clone()]].concat())
        })
        .collect();
    all.retain(|m| !tests.iter().any(|t| m.path.starts_with(t)));
    all
}

/// The path `raw`, written in module `m`, from the crate's root; `None` when it leads to
/// another crate or to something the file itself defines.
fn absolute(raw: &[String], m: &Module, depth: usize) -> Option<Vec<String>> {
    let first = raw.first()?;
    let rest = raw[1..].to_vec();
    match first.as_str() {
        "crate" => Some(rest),
        "cvpdf" if m.path == ["main"] => Some(rest),
        "self" => Some([m.path.clone(), rest].concat()),
        "super" => {
            let mut base = m.path.clone();
            let mut rest: &[String] = raw;
            while rest.first().is_some_and(|w| w == "super") {
                base.pop();
                rest = &rest[1..];
            }
            Some([base, rest.to_vec()].concat())
        }
        name if m.children.contains(name) => Some([m.path.clone(), raw.to_vec()].concat()),
        name if depth < 4 => {
            let (_, target) = m
                .imports
                .iter()
                .find(|(n, p)| n.as_deref() == Some(name) && p.len() > 1)?;
            Some([absolute(target, m, depth + 1)?, rest].concat())
        }
        _ => None,
    }
}

/// The file that holds what an absolute path names: the deepest module on it, or, when the
/// path goes on to a name that module only imports (a re-export, or a name a child reaches
/// through `super::`), the file that name comes from.
fn resolve(
    abs: &[String],
    by_path: &BTreeMap<Vec<String>, usize>,
    all: &[Module],
    depth: usize,
) -> Option<usize> {
    let k = (0..=abs.len())
        .rev()
        .find(|k| by_path.contains_key(&abs[..*k]))?;
    let at = by_path[&abs[..k]];
    let (Some(name), m) = (abs.get(k), &all[at]) else {
        return Some(at);
    };
    if depth > 8 || m.defines.contains(name) {
        return Some(at);
    }
    let onward = |target: Vec<String>| {
        resolve(
            &[target, abs[k + 1..].to_vec()].concat(),
            by_path,
            all,
            depth + 1,
        )
    };
    for (bound, target) in &m.imports {
        let Some(target) = absolute(target, m, 0) else {
            continue;
        };
        match bound {
            Some(bound) if bound == name => return onward(target).or(Some(at)),
            None => {
                let from = by_path.get(&target).map(|&g| &all[g]);
                if from.is_some_and(|g| g.defines.contains(name)) {
                    return onward([target, vec![name.clone()]].concat()).or(Some(at));
                }
            }
            _ => {}
        }
    }
    Some(at)
}

/// Each file and the files it uses (by `use` or by a path in its code), its tests left out.
/// A module's use of its own submodules is left out too: a folder's `mod.rs` is the face of
/// the files inside it, and lists, re-exports and calls them by design; what must not happen is
/// that a file reaches back up (or sideways) into something that reaches it.
fn files() -> BTreeMap<String, BTreeSet<String>> {
    let all = modules();
    let by_path: BTreeMap<Vec<String>, usize> = all
        .iter()
        .enumerate()
        .map(|(i, m)| (m.path.clone(), i))
        .collect();
    let mut edges = BTreeMap::new();
    for (i, m) in all.iter().enumerate() {
        let written = m.imports.iter().map(|(_, p)| p).chain(&m.paths);
        let mut uses = BTreeSet::new();
        for raw in written {
            let Some(abs) = absolute(raw, m, 0) else {
                continue;
            };
            let Some(target) = resolve(&abs, &by_path, &all, 0) else {
                continue;
            };
            let below = all[target].path.starts_with(&m.path);
            if target != i && !below {
                uses.insert(all[target].file.clone());
            }
        }
        edges.insert(m.file.clone(), uses);
    }
    edges
}

/// The reader of sources itself: what it must keep and what it must drop.
#[test]
fn the_reader_keeps_code_after_a_test_module_and_drops_comments_and_literals() {
    let text = r##"
//! Links to [`crate::doc_only`] name nothing.
use super::{near::{self, Thing as Other}, far::*};
#[cfg(test)]
mod tests {
    use crate::only_tests::x;
}
#[cfg(test)]
mod more;
fn after() { let _ = ("crate::quoted", r#"crate::raw"#, '"', '\'', 'x'); crate::used::f(); }
"##;
    let m = module("a/b.rs", text);
    let paths: Vec<String> = m.paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["crate::used::f"]);
    let imports: Vec<String> = m
        .imports
        .iter()
        .map(|(n, p)| format!("{}={}", n.as_deref().unwrap_or("*"), p.join("::")))
        .collect();
    assert_eq!(
        imports,
        [
            "near=super::near",
            "Other=super::near::Thing",
            "*=super::far"
        ]
    );
    assert_eq!(m.test_children, ["more"]);
    assert!(m.defines.contains("after"));
}

/// The cycle finder itself: two files that use each other are one cycle, named with its edges;
/// a file that only uses them is not part of it.
#[test]
fn a_cycle_between_two_files_is_found_with_its_edges() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in [("a.rs", "b.rs"), ("b.rs", "a.rs"), ("c.rs", "a.rs")] {
        edges.entry(from.into()).or_default().insert(to.into());
    }
    edges.entry("d.rs".into()).or_default();
    assert_eq!(cycles(&edges), ["a.rs -> b.rs, b.rs -> a.rs"]);
    edges.get_mut("b.rs").unwrap().clear();
    assert!(cycles(&edges).is_empty());
}
