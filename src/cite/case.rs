//! Words whose letter case is their own — `GNNs`, `GraphSAGE`, `eLife`, `mRNA`, `iPhone`,
//! `arXiv` — kept as written when a style changes the case of a title or a name of a venue.
//!
//! CSL changes the case of a word only when the word is lower case ("capitalize-first": "if the
//! word is lowercase"; title case leaves "words in mixed or uppercase" as they are), and
//! citeproc-js does so. hayagriva 0.10 does not: its title case lowers every letter after a
//! word's first ("Scaling Gnns with Graphsage on Iphones"), and "capitalize-first" raises a
//! first letter whatever follows it ("ArXiv", "Elife"). A CSL-JSON item has no way to mark
//! text as not to be recased (hayagriva reads it all as plain text), so before formatting,
//! every cased letter of such a word is replaced by a stand-in without case — a character of
//! Unicode's supplementary private use plane A, at the letter's code point from its start —
//! and [`unguarded`] gives the letters back in the formatted text.

use std::borrow::Cow;

use hayagriva::citationberg::json::{Item, Value};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The stand-in of a letter `c` of the Basic Multilingual Plane is `FIRST + c`.
const FIRST: u32 = 0xF_0000;

/// The last letter that has a stand-in (the last stand-in, U+FFFFD, is the plane's last
/// character).
const LAST_GUARDED: u32 = 0xFFFD;

/// The variables that hold a paper's own words: its title, its venue's and series' names, its
/// publisher and place. Not names (a style that sets family names in capitals means it), not
/// numbers, not addresses.
const VARIABLES: [&str; 6] = [
    "title",
    "container-title",
    "container-title-short",
    "collection-title",
    "publisher",
    "publisher-place",
];

/// Whether `item` may be guarded: no text of its already holds a character from the
/// stand-ins' range (some icon fonts put glyphs there), which would read as a stand-in.
pub(super) fn can_guard(item: &Item) -> bool {
    let is_stand_in = |c: char| (FIRST..=FIRST + LAST_GUARDED).contains(&u32::from(c));
    serde_json::to_string(item).is_ok_and(|json| !json.chars().any(is_stand_in))
}

/// `item` with the words of [`VARIABLES`] whose case is their own in stand-ins.
pub(super) fn guarded(mut item: Item) -> Item {
    for variable in VARIABLES {
        if let Some(Value::String(text)) = item.0.get_mut(variable) {
            *text = guard(text);
        }
    }
    item
}

/// `text` with each word (a run of letters, digits and marks) that has an upper-case letter after
/// its first written in stand-ins.
fn guard(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let own_case = word.chars().skip(1).any(char::is_uppercase);
        for c in word.chars() {
            let cased = c.is_uppercase() || c.is_lowercase();
            let stand_in = (own_case && cased && u32::from(c) <= LAST_GUARDED)
                .then(|| char::from_u32(FIRST + u32::from(c)))
                .flatten();
            out.push(stand_in.unwrap_or(c));
        }
        word.clear();
    };
    for c in text.chars() {
        // A combining mark (`é` written `e` + U+0301) belongs to its letter's word.
        if c.is_alphanumeric() || c.general_category_group() == GeneralCategoryGroup::Mark {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `text` with its stand-ins changed back into the letters they stand for.
pub(super) fn unguarded(text: &str) -> Cow<'_, str> {
    let letter = |c: char| {
        let code = u32::from(c)
            .checked_sub(FIRST)
            .filter(|&n| n <= LAST_GUARDED)?;
        char::from_u32(code)
    };
    if !text.chars().any(|c| letter(c).is_some()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| letter(c).unwrap_or(c)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_their_own_case_are_guarded_and_come_back() {
        let text = "Scaling GNNs with GraphSAGE on iPhones: eLife, mRNA and DNA in E. coli";
        let guarded = guard(text);
        for word in ["GNNs", "GraphSAGE", "iPhones", "eLife", "mRNA", "DNA"] {
            assert!(!guarded.contains(word), "{word} is guarded");
        }
        for word in [
            "Scaling", "with", "on", "and", "in", "E.", "coli", ": ", ", ",
        ] {
            assert!(guarded.contains(word), "{word} is left to the style");
        }
        assert_eq!(unguarded(&guarded), text);
        // What a style may do to the text leaves the guarded words alone.
        assert_eq!(
            unguarded(&guarded.to_uppercase()),
            "SCALING GNNs WITH GraphSAGE ON iPhones: eLife, mRNA AND DNA IN E. COLI"
        );
    }

    #[test]
    fn text_without_such_words_is_unchanged() {
        for text in [
            "Learning chromatin states",
            "张子立的论文",
            "",
            "Ärzte über Öl",
            "2024",
        ] {
            assert_eq!(guard(text), text);
            assert!(matches!(unguarded(text), Cow::Borrowed(_)));
        }
        // A word with a combining mark is one word: `e` + U+0301 + `Life` is guarded whole.
        assert!(!guard("e\u{301}Life").contains("Life"));
        assert_eq!(unguarded(&guard("e\u{301}Life")), "e\u{301}Life");
        // Beyond the first plane a letter has no stand-in and stays as written.
        assert_eq!(guard("𐐀𐐨𐐀"), "𐐀𐐨𐐀");
    }

    #[test]
    fn an_item_holding_the_stand_ins_own_characters_is_not_guarded() {
        let item = |title: &str| {
            let mut map = std::collections::BTreeMap::new();
            map.insert("title".to_string(), Value::String(title.to_string()));
            Item(map)
        };
        assert!(can_guard(&item("GNNs")));
        assert!(!can_guard(&item("GNNs and an icon \u{F0041}")));
    }
}
