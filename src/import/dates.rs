//! Dates and periods as other formats and people write them.

use crate::profile::{Date, EndDate};

/// A date from the forms other formats and people use: `2014`, `2014-06`, `2014-06-29`, an
/// ISO date-time, `2014/06`, `2014.06`, `06/2014`, `June 2014`, `Jun. 2014`; `Err` (with the
/// reason) when it is none of them.
pub(crate) fn parse_date(text: &str) -> Result<Date, String> {
    let text = text.trim();
    let date_part = text.split(['T', ' ']).next().unwrap_or(text);
    let strict = match date_part.parse::<Date>() {
        Ok(date) => return Ok(date),
        Err(e) => e.to_string(),
    };
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '.' | ','))
        .filter(|p| !p.is_empty())
        .collect();
    let year_of = |p: &str| (p.len() == 4).then(|| p.parse::<u16>().ok()).flatten();
    let (year, month) = match parts.as_slice() {
        [a, b] => match (year_of(a), year_of(b)) {
            (Some(year), None) => (year, month_number(b)),
            (None, Some(year)) => (year, month_number(a)),
            _ => return Err(strict),
        },
        _ => return Err(strict),
    };
    let month = month.ok_or(strict)?;
    format!("{year:04}-{month:02}")
        .parse::<Date>()
        .map_err(|e| e.to_string())
}

/// A period written as one text — `2016-2019`, `2019 – present`, `since 2021`,
/// `2017-05 - 2019-04`, `2019` — as start and end. A single date is when the entry ended (a
/// degree's year) unless words say it goes on; `None` when the text holds no date.
pub(crate) fn parse_period(text: &str) -> Option<(Option<Date>, Option<EndDate>)> {
    let lower = text.to_lowercase();
    let ongoing = [
        "since", "present", "now", "current", "ongoing", "today", "至今",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // Ranges are split at dashes between dates, not inside one (`2019-06` is a month).
    let mut dates: Vec<Date> = Vec::new();
    for part in text.split([' ', '–', '—', ',']) {
        let pieces: Vec<&str> = part.split('-').filter(|p| !p.is_empty()).collect();
        let candidates: Vec<String> = match pieces.as_slice() {
            [y, m] if y.len() == 4 && m.len() <= 2 => vec![format!("{y}-{m}")],
            _ => pieces.iter().map(|p| p.to_string()).collect(),
        };
        dates.extend(candidates.iter().filter_map(|c| parse_date(c).ok()));
    }
    match (dates.as_slice(), ongoing) {
        ([from, ..], true) => Some((Some(*from), Some(EndDate::Present))),
        ([one], false) => Some((None, Some(EndDate::Date(*one)))),
        ([from, to, ..], false) => Some((Some(*from), Some(EndDate::Date(*to)))),
        _ => None,
    }
}

/// An end date: a date, or `present` for words that mean it.
pub(crate) fn parse_end(text: &str) -> Result<EndDate, String> {
    let lower = text.trim().to_lowercase();
    if ["present", "now", "current", "today", "至今"].contains(&lower.as_str()) {
        return Ok(EndDate::Present);
    }
    parse_date(text).map(EndDate::Date)
}

/// The month a word names: `4`, `04`, `apr`, `April`, `Sept` (any case, at least three
/// letters of the name).
pub(crate) fn month_number(word: &str) -> Option<u8> {
    if let Ok(n) = word.parse::<u8>() {
        return (1..=12).contains(&n).then_some(n);
    }
    let word = word.to_lowercase();
    if word.chars().count() < 3 {
        return None;
    }
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    MONTHS
        .iter()
        .position(|m| m.starts_with(&word) || (word == "sept" && *m == "september"))
        .map(|i| i as u8 + 1)
}
