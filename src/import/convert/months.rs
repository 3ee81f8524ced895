//! Month names and their abbreviations in the ten languages cvpdf speaks.

/// Month names and their abbreviations in the ten languages, January first.
const MONTHS: [&[&str]; 12] = [
    &[
        "january",
        "enero",
        "janvier",
        "januar",
        "jänner",
        "gennaio",
        "janeiro",
        "январ",
        "янв",
    ],
    &[
        "february",
        "febrero",
        "février",
        "fevrier",
        "februar",
        "febbraio",
        "fevereiro",
        "феврал",
        "фев",
    ],
    &[
        "march", "marzo", "mars", "märz", "maerz", "março", "marco", "март", "мар",
    ],
    &["april", "abril", "avril", "aprile", "апрел", "апр"],
    &["may", "mayo", "mai", "maggio", "maio", "мая", "май"],
    &["june", "junio", "juin", "juni", "giugno", "junho", "июн"],
    &["july", "julio", "juillet", "juli", "luglio", "julho", "июл"],
    &["august", "agosto", "août", "aout", "авг"],
    &[
        "september",
        "sept",
        "septiembre",
        "setiembre",
        "septembre",
        "settembre",
        "setembro",
        "сентябр",
        "сен",
    ],
    &[
        "october",
        "octubre",
        "octobre",
        "oktober",
        "ottobre",
        "outubro",
        "октябр",
        "окт",
    ],
    &[
        "november",
        "noviembre",
        "novembre",
        "novembro",
        "ноябр",
        "ноя",
    ],
    &[
        "december",
        "diciembre",
        "décembre",
        "decembre",
        "dezember",
        "dicembre",
        "dezembro",
        "декабр",
        "дек",
    ],
];

/// The month a word names: `4`, `04`, `apr`, `April`, `Sept`, `März`, `sept.`, `3月`, `3월`
/// (any case; a name may be cut to three letters or more).
pub(crate) fn month_number(word: &str) -> Option<u8> {
    let word = word.trim().trim_end_matches(['.', '月', '월']);
    if let Ok(n) = word.parse::<u8>() {
        return (1..=12).contains(&n).then_some(n);
    }
    let word = word.to_lowercase();
    if word.chars().count() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|names| {
            names.iter().any(|name| {
                name.starts_with(&word) || (word.starts_with(name) && name.chars().count() >= 3)
            })
        })
        .map(|i| i as u8 + 1)
}
