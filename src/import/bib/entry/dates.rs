//! An entry's year and month, as BibTeX and BibLaTeX write them.

use super::Fields;
use crate::profile::PublicationStatus;

/// When an entry appeared, as far as it says.
pub(super) struct Dated {
    /// The year; none when the entry gives none.
    pub year: Option<u16>,
    /// The month.
    pub month: Option<u8>,
    /// The state a `year` with no year in it names (`year = {in press}`).
    pub said: Option<PublicationStatus>,
}

/// Year and month: from `date` (BibLaTeX, also a range: its start, said in a note) or `year`
/// and `month` (a number, a name or a macro; `day` and its ranges are not needed). `Err` for
/// a `year` that holds no year and names no state.
pub(super) fn date(fields: &mut Fields, notes: &mut Vec<String>) -> Result<Dated, String> {
    if let Some(date) = fields.verbatim("date") {
        // BibLaTeX's ranges are `start/end` (ISO 8601); its EDTF marks of an uncertain or
        // approximate date (`2020?`, `2020~`, `2020%`) qualify it without changing it. The
        // start is read by the one date reader, which says when a day is impossible.
        let start = date.split('/').next().unwrap_or("");
        let start = start.trim().trim_end_matches(['?', '~', '%']);
        if let Ok(read) = crate::import::convert::dates::read_date(start) {
            notes.extend(read.note.map(|note| format!("date: {note}")));
            if date.contains('/') {
                notes.push(format!(
                    "date \"{date}\" is a range; its start, {}, is kept",
                    read.value.year
                ));
            }
            fields.used.insert("year");
            fields.used.insert("month");
            return Ok(Dated {
                year: Some(read.value.year),
                month: read.value.month,
                said: None,
            });
        }
    }
    let Some(text) = fields.text("year") else {
        return Ok(Dated {
            year: None,
            month: None,
            said: None,
        });
    };
    let years = all_years(&text);
    let Some(&year) = years.iter().max() else {
        return match super::record::state_in(&text) {
            Some(said) => Ok(Dated {
                year: None,
                month: None,
                said: Some(said),
            }),
            None => Err(format!("year \"{text}\" has no year in it")),
        };
    };
    if years.iter().any(|&y| y != year) {
        // A paper is dated by when it appeared in its final form: a range's end (a volume of
        // `2020--2021`), the last of a list (a conference's and a journal's `2018, 2019`).
        notes.push(format!(
            "year \"{text}\" holds more than one year; {year}, the latest, is kept"
        ));
    }
    let month = match fields.text("month") {
        None => None,
        Some(text) => {
            let month = month_of(&text);
            if month.is_none() {
                notes.push(format!("month \"{text}\" is not a month; the year is kept"));
            }
            month
        }
    };
    Ok(Dated {
        year: Some(year),
        month,
        said: None,
    })
}

/// The four-digit years in `text` (`2023`, `2023a`, `{2023}`, `2016--2019`, `2018, 2019`).
fn all_years(text: &str) -> Vec<u16> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(3))
        .filter_map(|i| year_at(text, i))
        .collect()
}

/// The year that starts at byte `i` of `text`, if one does.
fn year_at(text: &str, i: usize) -> Option<u16> {
    let bytes = text.as_bytes();
    let window = bytes.get(i..i + 4)?;
    let bounded = (i == 0 || !bytes[i - 1].is_ascii_digit())
        && bytes.get(i + 4).is_none_or(|b| !b.is_ascii_digit());
    // Four ASCII digits: `i` and `i + 4` are character boundaries.
    if bounded && window.iter().all(u8::is_ascii_digit) {
        text[i..i + 4]
            .parse()
            .ok()
            .filter(|y| (1000..=9999).contains(y))
    } else {
        None
    }
}

/// A month from `4`, `04`, `apr`, `April`, `Apr.`, `Sept`, the first of `jun--jul`, or a
/// date written into the field (`2016-06-03T00:00:00`).
fn month_of(text: &str) -> Option<u8> {
    if let Some((year, rest)) = text.trim().split_once('-') {
        if year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) {
            return month_of(rest.get(..2).unwrap_or(rest));
        }
    }
    let first: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    crate::import::month_number(&first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_and_months_as_people_write_them() {
        assert_eq!(all_years("2023"), [2023]);
        assert_eq!(all_years("2023a"), [2023]);
        assert_eq!(all_years("since 2016--2019"), [2016, 2019]);
        assert_eq!(all_years("2018, 2019"), [2018, 2019]);
        assert!(all_years("20234").is_empty());
        assert!(all_years("in press").is_empty());
        assert_eq!(month_of("Apr."), Some(4));
        assert_eq!(month_of("sept"), Some(9));
        assert_eq!(month_of("June--July"), Some(6));
        assert_eq!(month_of("07"), Some(7));
        assert_eq!(month_of("21"), None);
        assert_eq!(month_of("2016-06-03T00:00:00"), Some(6));
        assert_eq!(month_of("ma"), None);
    }
}
