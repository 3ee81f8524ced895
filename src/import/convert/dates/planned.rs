//! Dates that are not plain dates: a planned one (`2025 (expected)`), and a list of years
//! (`2020, 2022`) for an award given in several.

/// Words that say a date is planned, not yet reached, in the ten languages (`2025
/// (expected)`, `exp. 2026`, `voraussichtlich 2025`, `prevista 2026`, `预计 2025`).
const EXPECTED: &[&str] = &[
    "expected",
    "anticipated",
    "exp.",
    "(exp)",
    "planned",
    "prevista",
    "previsto",
    "esperado",
    "prévu",
    "prévue",
    "attendu",
    "voraussichtlich",
    "erwartet",
    "atteso",
    "prevista",
    "预计",
    "預計",
    "予定",
    "見込",
    "예정",
    "ожида",
    "планиру",
];

/// How the note of an expected date that a reader could not mark ends; `Read::keep_expected`
/// finds it by these words.
pub(super) const NOT_MARKED: &str = "is written, not marked expected";

/// `text` without the words that say its date is expected, and whether it had them.
pub fn strip_expected(text: &str) -> (String, bool) {
    let lower = text.to_lowercase();
    let Some(word) = EXPECTED.iter().find(|w| lower.contains(*w)) else {
        return (text.to_string(), false);
    };
    // Lower-casing keeps the byte offsets of the words above in the texts people write
    // (ASCII and CJK); where it does not, the text is read as it is.
    let Some(at) = lower.find(word).filter(|_| lower.len() == text.len()) else {
        return (text.to_string(), false);
    };
    let rest = format!("{} {}", &text[..at], &text[at + word.len()..]);
    let rest = rest
        .replace(['(', ')', '[', ']'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    (
        rest.trim_matches([',', ';', ':', '-', ' ']).to_string(),
        true,
    )
}

/// A list of two or more years (`2020, 2022`, `2019 & 2021`, `2018; 2020 and 2023`), in the
/// order written, for an award given in several years (`years:`); `None` for anything else,
/// a range (`2020-2022`) included.
pub fn read_years(text: &str) -> Option<Vec<u16>> {
    if text.len() > 4 * 64 {
        return None;
    }
    let spaced = text
        .replace(" and ", ",")
        .replace(" y ", ",")
        .replace(" und ", ",");
    let years: Vec<u16> = spaced
        .split([',', ';', '&', '/'])
        .map(str::trim)
        .map(|piece| {
            (piece.len() == 4 && piece.bytes().all(|b| b.is_ascii_digit()))
                .then(|| piece.parse::<u16>().ok())
                .flatten()
        })
        .collect::<Option<_>>()?;
    (years.len() > 1).then_some(years)
}
