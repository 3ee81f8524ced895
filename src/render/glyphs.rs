//! Which characters of a profile no font of the run can draw. The fonts a render uses are
//! chosen by the characters its texts hold, and each field holding one that no chosen font
//! has gets a warning naming it.

use std::sync::Arc;

use crate::diag::{Diagnostic, Problem, Report};
use crate::fonts::{needs_glyph, Fonts};
use crate::profile::LoadedProfile;
use crate::yaml;

/// The most missing characters one warning lists by name.
const MAX_LISTED_GLYPHS: usize = 20;

/// The distinct characters of `texts` that are drawn with a glyph, in code point order. A
/// profile holds thousands of characters and a few dozen distinct ones, mostly ASCII: those
/// are noted in a table, the rest sorted once.
pub(super) fn drawn_chars(texts: &[(String, String)]) -> Vec<char> {
    let mut ascii = [false; 128];
    let mut other = Vec::new();
    for c in texts.iter().flat_map(|(_, text)| text.chars()) {
        match ascii.get_mut(c as usize) {
            Some(seen) => *seen = true,
            None => other.push(c),
        }
    }
    other.sort_unstable();
    other.dedup();
    (0..128u8)
        .filter(|&b| ascii[usize::from(b)])
        .map(char::from)
        .chain(other)
        .filter(|&c| needs_glyph(c))
        .collect()
}

/// A warning for every field of `texts` holding a character of `drawn` that `fonts` cannot
/// draw; none, without looking at the fields, when they can draw all of `drawn`.
pub(super) fn warnings(
    loaded: &LoadedProfile,
    texts: &[(String, String)],
    drawn: &[char],
    fonts: &Arc<Fonts>,
) -> Vec<Diagnostic> {
    // Which characters are missing is decided once, here, for the whole profile (`drawn` is
    // sorted, and so is this); each field is then only matched against it.
    let uncovered: Vec<char> = drawn
        .iter()
        .copied()
        .filter(|&c| !fonts.covers(c))
        .collect();
    if uncovered.is_empty() {
        return Vec::new();
    }
    let mut problems = Vec::new();
    // The positions of fields, indexed once (not once per field: a profile with thousands
    // of such fields took seconds).
    let mut index = None;
    for (field, text) in texts {
        let mut missing: Vec<char> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for c in text.chars() {
            if uncovered.binary_search(&c).is_ok() && seen.insert(c) {
                missing.push(c);
            }
        }
        if missing.is_empty() {
            continue;
        }
        let mut list: Vec<String> = missing
            .iter()
            .take(MAX_LISTED_GLYPHS)
            .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
            .collect();
        if missing.len() > MAX_LISTED_GLYPHS {
            list.push(format!("{} more", missing.len() - MAX_LISTED_GLYPHS));
        }
        let mut problem = Problem::warning(format!(
            "no available font has a glyph for {}; it would print as an empty box",
            list.join(", ")
        ))
        .at_field(field.clone())
        .with_help("add a font that has it with --font-path, or allow system fonts");
        let index = index.get_or_insert_with(|| yaml::spans::SpanIndex::build(&loaded.text).ok());
        problem.span = index
            .as_ref()
            .and_then(|i| i.nearest(field))
            .map(|n| n.value.clone());
        problems.push(problem);
    }
    if problems.is_empty() {
        return Vec::new();
    }
    let report = Report::new(&loaded.path, Some(loaded.text.clone()), problems);
    vec![report.into()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(items: &[&str]) -> Vec<(String, String)> {
        items
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("f[{i}]"), t.to_string()))
            .collect()
    }

    #[test]
    fn drawn_characters_are_listed_once_in_code_point_order_without_spaces() {
        let drawn = drawn_chars(&texts(&["b a\tb", "王 a\u{200B}é", "", "é 王 ~"]));
        assert_eq!(drawn, vec!['a', 'b', '~', 'é', '王']);
    }

    #[test]
    fn no_characters_none_drawn() {
        assert!(drawn_chars(&texts(&[" \n", ""])).is_empty());
    }
}
