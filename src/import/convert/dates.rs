//! The one reader of dates and periods for every importer, as formats and people write them:
//! ISO dates and date-times, `2014/06`, `06/2014`, `Jun. 2014`, `März 2020`, `septiembre de
//! 2020`, `2020年3月`; ranges (`2016–2019`, `Mar 2025 – Present`, `since 2021`, `2019 to
//! now`); lists of years (`2020, 2022`: the range they span, said in a note); an impossible
//! day (`2024-09-31`) falls back to its month, with a note.

pub(crate) use super::months::month_number;
use planned::NOT_MARKED;
pub use planned::{read_years, strip_expected};

mod planned;
use crate::profile::{Date, EndDate};

/// A date as read, and what was changed on the way that the user should know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read<T> {
    /// The value.
    pub value: T,
    /// Why it is not quite what was written, if it is not.
    pub note: Option<String>,
    /// Whether only part of the text was read (its year): the text may hold more.
    pub partial: bool,
    /// Whether the text said the date is planned, not reached (`2025 (expected)`); the note
    /// then says so for a reader that has no place for it ([`Read::keep_expected`] drops it).
    pub expected: bool,
}

impl<T> Read<T> {
    /// A value read whole, as written.
    fn exact(value: T) -> Self {
        Read {
            value,
            note: None,
            partial: false,
            expected: false,
        }
    }

    /// The note without what it says of an expected date, for a reader that writes
    /// `expected: true` beside the value (its own words of the rest are kept).
    pub fn keep_expected(mut self) -> Self {
        if self.expected {
            self.note = self.note.and_then(|note| {
                let rest: Vec<&str> = note
                    .split("; ")
                    .filter(|part| !part.contains(NOT_MARKED))
                    .collect();
                (!rest.is_empty()).then(|| rest.join("; "))
            });
        }
        self
    }
}

/// A period: start and end.
pub type Period = (Option<Date>, Option<EndDate>);

/// A date (see the module's forms); an impossible day is dropped silently, so importers read
/// through [`read_date`] and warn with its note: this is for tests only. `Err` with the
/// reason when the text is no date.
#[cfg(test)]
pub(crate) fn parse_date(text: &str) -> Result<Date, String> {
    read_date(text).map(|read| read.value)
}

/// The longest text read as a date, in bytes (`15 de septiembre de 2020` is 26).
const MAX_DATE: usize = 64;

/// A date, with a note when an impossible day was dropped.
pub fn read_date(text: &str) -> Result<Read<Date>, String> {
    let (bare, expected) = strip_expected(text);
    if expected {
        let mut read = read_date(&bare)?;
        read.expected = true;
        let note = format!(
            "\"{}\" is an expected date: {} {NOT_MARKED}",
            text.trim(),
            read.value
        );
        read.note = Some(match read.note {
            Some(other) => format!("{other}; {note}"),
            None => note,
        });
        return Ok(read);
    }
    let text = text.trim();
    // `2020년 3월`: the signs of year and month say it, not the space.
    let joined;
    let text = if text.contains(['年', '년']) {
        joined = text.replace(' ', "");
        joined.as_str()
    } else {
        text
    };
    // No date is longer; reading a longer text as one would only cost time.
    if text.len() > MAX_DATE {
        return Err(format!(
            "\"{}…\" is too long to be a date",
            text.chars().take(20).collect::<String>()
        ));
    }
    // A date-time (`2014-06-29T00:00:00Z`, `2014-06-29 10:00`): its date. Anything else after
    // a space (`2020 - present`) is more than a date, read by the rest.
    let date_part = match text.split_once(['T', ' ']) {
        Some((date, time))
            if time.starts_with(|c: char| c.is_ascii_digit()) && time.contains(':') =>
        {
            date
        }
        Some(_) => text,
        None => text,
    };
    let strict = match date_part.parse::<Date>() {
        Ok(date) => return Ok(Read::exact(date)),
        Err(e) => e.to_string(),
    };
    // `2024-8-2`: one digit where ISO has two.
    let numbers: Vec<&str> = date_part.split('-').collect();
    if numbers.len() > 1 && numbers[1..].iter().any(|n| n.len() == 1) {
        let padded: Vec<String> = numbers.iter().map(|n| format!("{n:0>2}")).collect();
        if let Ok(date) = padded.join("-").parse::<Date>() {
            return Ok(Read::exact(date));
        }
    }
    // `2024-09-31`: the month is right, the day is not.
    if let [year, month, day] = numbers.as_slice() {
        if let (Ok(date), true) = (
            format!("{year}-{month}").parse::<Date>(),
            day.len() <= 2 && day.bytes().all(|b| b.is_ascii_digit()),
        ) {
            return Ok(Read {
                value: date,
                note: Some(format!("{text} has no such day; the month is kept")),
                partial: false,
                expected: false,
            });
        }
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '.' | ',' | '-'))
        .filter(|p| !p.is_empty() && !["de", "del", "of", "le", "der"].contains(p))
        .collect();
    let year_of = |p: &str| (p.len() == 4).then(|| p.parse::<u16>().ok()).flatten();
    let (year, month) = match words.as_slice() {
        [a, b] => match (year_of(a), year_of(b)) {
            (Some(year), None) => (year, month_number(b)),
            (None, Some(year)) => (year, month_number(a)),
            _ => return Err(strict),
        },
        // `15 March 2020`, `March 15, 2020`: the day is not needed.
        [a, b, c] => match (year_of(a), year_of(c)) {
            (None, Some(year)) => (year, month_number(b).or_else(|| month_number(a))),
            (Some(year), None) => (year, month_number(b)),
            _ => return Err(strict),
        },
        [one] => match east_asian(one) {
            Some(date) => return Ok(Read::exact(date)),
            None => return Err(strict),
        },
        _ => return year_only(text).ok_or(strict),
    };
    let Some(month) = month else {
        return year_only(text).ok_or(strict);
    };
    let value = format!("{year:04}-{month:02}")
        .parse::<Date>()
        .map_err(|e| e.to_string())?;
    Ok(Read::exact(value))
}

/// A date whose year reads and whose rest does not (`2020-13`, `2019 (expected)`): its year,
/// with a note.
fn year_only(text: &str) -> Option<Read<Date>> {
    let year = text.get(..4)?;
    let after = text[4..].chars().next();
    if !year.bytes().all(|b| b.is_ascii_digit()) || after.is_some_and(|c| c.is_ascii_digit()) {
        return None;
    }
    let value = year.parse::<Date>().ok()?;
    Some(Read {
        value,
        note: Some(format!("only the year of \"{text}\" could be read")),
        partial: true,
        expected: false,
    })
}

/// `2020年3月`, `2020年`, `2020년 3월`, `2020.3`: year and month by their signs.
fn east_asian(text: &str) -> Option<Date> {
    let (year, rest) = text.split_once(['年', '년'])?;
    let month: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let date = if month.is_empty() {
        year.trim().to_string()
    } else {
        format!("{}-{:0>2}", year.trim(), month)
    };
    date.parse().ok()
}

/// Words that say an entry goes on, in the ten languages.
const ONGOING: &[&str] = &[
    "present",
    "now",
    "current",
    "ongoing",
    "today",
    "since",
    "till date",
    "actual",
    "presente",
    "actualidad",
    "hoy",
    "desde",
    "atual",
    "hoje",
    "o momento",
    "aujourd'hui",
    "présent",
    "en cours",
    "depuis",
    "heute",
    "jetzt",
    "laufend",
    "seit",
    "oggi",
    "in corso",
    "dal ",
    "至今",
    "现在",
    "現在",
    "今",
    "현재",
    "настоящее",
    "н.в",
    "по сей",
];

/// A period written as one text, as start and end (see the module's forms). A single date is
/// when the entry ended (a degree's year) unless words say it goes on; `None` when the text
/// holds no date. Its note is dropped, so importers read through [`read_period`]: tests only.
#[cfg(test)]
pub(crate) fn parse_period(text: &str) -> Option<Period> {
    read_period(text).map(|read| read.value)
}

/// A period, with a note when a list of years became the range it spans or a day was dropped.
pub fn read_period(text: &str) -> Option<Read<Period>> {
    if text.len() > 4 * MAX_DATE {
        return None;
    }
    let lower = text.to_lowercase();
    let ongoing = ONGOING.iter().any(|w| lower.contains(w));
    let mut dates: Vec<Date> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut expected = false;
    let mut push = |read: Read<Date>, dates: &mut Vec<Date>| {
        notes.extend(read.note);
        expected |= read.expected;
        dates.push(read.value);
    };
    let pieces = range_pieces(text);
    let list = pieces.len() == 1 && text.contains([',', ';', '&']);
    for piece in &pieces {
        match read_date(piece) {
            // A piece read only in part may hold more than one date: read word by word.
            Ok(read) if !read.partial => {
                push(read, &mut dates);
                continue;
            }
            _ => {}
        }
        // Dates among words (`since 2021`, a list `2019, 2020`): each that reads, a month
        // with the year after it.
        let words: Vec<String> = piece
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '&' | '(' | ')'))
            .filter(|w| !w.is_empty())
            .flat_map(|w| match hyphen_split(w).as_slice() {
                // `2021-Present`, `2015-now`: the date and the word apart.
                [one] if read_date(one).is_err() => one.split('-').map(String::from).collect(),
                pieces => pieces.to_vec(),
            })
            .collect();
        let mut i = 0;
        while i < words.len() {
            if let Some(next) = words.get(i + 1) {
                if month_number(&words[i]).is_some() && words[i].parse::<u16>().is_err() {
                    if let Ok(read) = read_date(&format!("{} {next}", words[i])) {
                        push(read, &mut dates);
                        i += 2;
                        continue;
                    }
                }
            }
            if let Ok(read) = read_date(&words[i]) {
                push(read, &mut dates);
            }
            i += 1;
        }
    }
    if list && dates.len() > 1 {
        dates.sort();
        let (first, last) = (dates[0], dates[dates.len() - 1]);
        notes.push(format!(
            "\"{}\" lists {} dates; the range they span, {first} to {last}, is kept",
            text.trim(),
            dates.len()
        ));
        dates = vec![first, last];
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    let value = match (dates.as_slice(), ongoing) {
        ([from, ..], true) => (Some(*from), Some(EndDate::Present)),
        ([one], false) => (None, Some(EndDate::Date(*one))),
        ([from, .., to], false) => (Some(*from), Some(EndDate::Date(*to))),
        _ => return None,
    };
    Some(Read {
        value,
        note,
        partial: false,
        expected,
    })
}

/// The parts of a range: split at dashes and words between dates (`–`, ` - `, `to`, `bis`,
/// `hasta`, `至`, `~`), not at the dash inside one date (`2019-06`).
fn range_pieces(text: &str) -> Vec<String> {
    let mut spaced = format!(" {} ", text.trim());
    for sep in ['–', '—', '‒', '−', '~', '～', '至', '到'] {
        spaced = spaced.replace(sep, " | ");
    }
    for word in [
        " - ", " to ", " until ", " till ", " bis ", " hasta ", " a ", " até ", " à ", " au ",
        " al ", " по ", " до ",
    ] {
        spaced = spaced.replace(word, " | ");
    }
    spaced
        .split('|')
        .flat_map(|piece| hyphen_split(piece.trim()))
        .filter(|p| !p.is_empty())
        .collect()
}

/// `2016-2019` and `Jan 2019-Mar 2020` as two dates; `2019-06` and `2019-06-30` as one.
fn hyphen_split(piece: &str) -> Vec<String> {
    if read_date(piece).is_ok() || !piece.contains('-') {
        return vec![piece.to_string()];
    }
    for (at, _) in piece.match_indices('-') {
        let (left, right) = (&piece[..at], &piece[at + 1..]);
        if read_date(left).is_ok() && read_date(right).is_ok() {
            return vec![left.trim().to_string(), right.trim().to_string()];
        }
    }
    vec![piece.to_string()]
}

/// An end date: a date, or `present` for words that mean it; note dropped (tests only).
#[cfg(test)]
pub(crate) fn parse_end(text: &str) -> Result<EndDate, String> {
    read_end(text).map(|read| read.value)
}

/// An end date: a date (with [`read_date`]'s note, an impossible day), or `present` for
/// words that mean it.
pub fn read_end(text: &str) -> Result<Read<EndDate>, String> {
    let lower = text.trim().to_lowercase();
    if ONGOING.iter().any(|w| lower == w.trim()) || lower == "presente" {
        return Ok(Read::exact(EndDate::Present));
    }
    read_date(text).map(|read| Read {
        value: EndDate::Date(read.value),
        note: read.note,
        partial: read.partial,
        expected: read.expected,
    })
}

#[cfg(test)]
mod tests;
