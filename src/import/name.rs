//! The researcher's name when a file has none: from the file's name or its folder.

/// A name from a file's path: its stem (`ada-lovelace.json` → `Ada Lovelace`), or its folder's
/// when the stem says only what the file is (`authors/ada/_index.md`, `_data/cv.yml`).
pub fn name_from_path(path: &std::path::Path) -> Option<String> {
    const GENERIC: &[&str] = &[
        "index",
        "_index",
        "cv",
        "resume",
        "me",
        "admin",
        "author",
        "profile",
        "data",
        "_data",
        "content",
        "authors",
        "about",
        "rendercv",
        "curriculum",
        "vitae",
    ];
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let words = |part: &str| -> Option<String> {
        let part = part.split(['.']).next().unwrap_or(part);
        let lower = part.to_ascii_lowercase();
        let cut = ["_cv", "-cv", "_resume", "-resume"]
            .iter()
            .fold(lower.as_str(), |w, suffix| {
                w.strip_suffix(suffix).unwrap_or(w)
            });
        if GENERIC.contains(&cut) || cut.ends_with(".github") || cut.is_empty() {
            return None;
        }
        let kept = &part[..cut.len()];
        let name: Vec<String> = kept
            .split(['-', '_', ' '])
            .filter(|w| !w.is_empty())
            .map(|w| {
                let mut chars = w.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_uppercase().collect::<String>() + chars.as_str()
                })
            })
            .collect();
        (!name.is_empty()).then(|| name.join(" "))
    };
    let mut parts = path.iter().rev().filter_map(|p| p.to_str());
    let stem = parts
        .next()
        .and_then(|p| words(p.rsplit_once('.').map_or(p, |(s, _)| s)));
    stem.or_else(|| parts.take(3).find_map(words))
}
