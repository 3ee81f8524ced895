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
//! Unicode's supplementary private use planes, at the letter's code point from their start —
//! and [`unguarded`] gives the letters back in the formatted text. The same keeps a title's own
//! closing quotation marks and word joiners from what hayagriva and cvpdf's runs do to their
//! own.

use std::borrow::Cow;

use hayagriva::citationberg::json::{Item, Value};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Where the stand-ins are: a character `c` of the Basic Multilingual Plane stands in as
/// `c + 0xF0000` (plane 15, private use), one of the Supplementary Multilingual Plane (Deseret,
/// Adlam, Osage: scripts with case) as `c + 0xF0000` too (plane 16, private use). Each plane's
/// last two code points are not characters, so neither are the two of its stand-ins'.
const OFFSET: u32 = 0xF_0000;

/// The characters that have a stand-in: the first two planes but their last two code points.
fn has_stand_in(c: char) -> bool {
    u32::from(c) <= 0x1_FFFD && u32::from(c) & 0xFFFF <= 0xFFFD
}

/// The stand-in of `c` (one [`has_stand_in`] allows).
fn stand_in(c: char) -> char {
    char::from_u32(u32::from(c) + OFFSET).unwrap_or(c)
}

/// The character a stand-in stands for, if `c` is one.
fn stood_for(c: char) -> Option<char> {
    let code = u32::from(c).checked_sub(OFFSET)?;
    char::from_u32(code).filter(|&o| has_stand_in(o))
}

/// Closing quotation marks: one that ends a title would meet the style's own at the title's
/// end, and hayagriva takes the two for a doubled affix and prints one ("“The word “eLife”"
/// lost a mark in every style that quotes titles).
const QUOTES: [char; 6] = ['”', '’', '»', '›', '"', '\''];

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
/// stand-ins' ranges (some icon fonts put glyphs there), which would read as a stand-in.
pub(super) fn can_guard(item: &Item) -> bool {
    serde_json::to_string(item).is_ok_and(|json| !json.chars().any(|c| stood_for(c).is_some()))
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

/// `text` with each word (a run of letters, digits, marks and joiners) that has an upper-case
/// letter after its first written in stand-ins, and so are a word joiner (which cvpdf's runs
/// take out where it put one, `super::item::JOINER`) and the quotation marks that end the text.
fn guard(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let own_case = word.chars().skip(1).any(char::is_uppercase);
        for c in word.chars() {
            let cased = c.is_uppercase() || c.is_lowercase();
            let guarded = (own_case && cased) || c == super::item::JOINER;
            out.push(if guarded && has_stand_in(c) {
                stand_in(c)
            } else {
                c
            });
        }
        word.clear();
    };
    for c in text.chars() {
        // A combining mark (`é` written `e` + U+0301) and a joiner (`e` ZWJ `Life`, `GN` WJ
        // `Ns`) belong to their letters' word.
        let group = c.general_category_group();
        if c.is_alphanumeric() || matches!(group, GeneralCategoryGroup::Mark) || is_format(c) {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    let end = out.trim_end_matches(QUOTES).len();
    let quotes: String = out[end..].chars().map(stand_in).collect();
    out.truncate(end);
    out + &quotes
}

/// Whether `c` is an invisible format character (a joiner, a zero-width non-joiner).
fn is_format(c: char) -> bool {
    matches!(
        c.general_category(),
        unicode_properties::GeneralCategory::Format
    )
}

/// `text` with its stand-ins changed back into the characters they stand for.
pub(super) fn unguarded(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| stood_for(c).is_some()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| stood_for(c).unwrap_or(c)).collect())
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
        // Deseret has case, in the second plane: its words are guarded too.
        assert!(!guard("𐐀𐐨𐐀").contains('𐐨'));
        assert_eq!(unguarded(&guard("𐐀𐐨𐐀")), "𐐀𐐨𐐀");
        // A joiner belongs to its word, and is itself a stand-in (cvpdf's runs take out the
        // joiners it puts into numbers); so are the quotation marks that end a title.
        for text in [
            "GN\u{2060}Ns",
            "e\u{200D}Life",
            "The word “eLife”",
            "Is it “new!”",
        ] {
            let guarded = guard(text);
            assert!(
                !guarded.contains(['\u{2060}', '”', 'L', 'N']),
                "{text}: {guarded}"
            );
            assert_eq!(unguarded(&guarded), text);
        }
        assert_eq!(
            guard("“Quoted” words"),
            "“Quoted” words",
            "a quote inside is left"
        );
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
        assert!(!can_guard(&item("GNNs and an icon \u{100041}")));
        // The planes' last two code points are no stand-ins.
        assert!(can_guard(&item("\u{FFFFE} \u{10FFFF}")));
    }
}
