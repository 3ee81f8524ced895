//! Calendar dates as a CV states them: a year, a month or a day, and `present` for an end.
//!
//! The model only parses and orders dates; how a date looks on the page is the templates' job.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A date with year precision, month precision or day precision.
///
/// Ordering compares the known parts first; a less precise date sorts before a more precise one
/// with the same prefix (`2023` < `2023-01`), which is what "end before start" needs: `start:
/// 2023-05, end: 2023` is accepted because the year-precision end covers the whole year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year, 1000–9999.
    pub year: u16,
    /// The month, 1–12, when known.
    pub month: Option<u8>,
    /// The day of the month, when known (only with a month).
    pub day: Option<u8>,
}

/// The end of a period: a date, or `present` for an ongoing one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndDate {
    /// The period ended (or is expected to end) on this date.
    Date(Date),
    /// The period is ongoing.
    Present,
}

/// Why a date string was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

/// The accepted forms, quoted in every date error so the fix is obvious.
const EXPECTED: &str = "a date as YYYY, YYYY-MM or YYYY-MM-DD";

impl Date {
    /// Builds a date from its parts, checking ranges and the length of the month.
    pub fn new(year: u16, month: Option<u8>, day: Option<u8>) -> Result<Self, DateError> {
        if !(1000..=9999).contains(&year) {
            return Err(DateError(format!(
                "year {year} is out of range (1000–9999)"
            )));
        }
        if let Some(m) = month {
            if !(1..=12).contains(&m) {
                return Err(DateError(format!("month {m} is out of range (1–12)")));
            }
        }
        match (month, day) {
            (None, Some(_)) => return Err(DateError("a day needs a month".into())),
            (Some(m), Some(d)) => {
                let last = time::Month::try_from(m).map_or(31, |m| m.length(i32::from(year)));
                if d == 0 || d > last {
                    return Err(DateError(format!(
                        "day {d} does not exist in {year}-{m:02} (it has {last} days)"
                    )));
                }
            }
            _ => {}
        }
        Ok(Self { year, month, day })
    }

    /// Compares two dates of possibly different precision by the period each one covers:
    /// `Less` when `self` lies wholly before `other`, `Equal` when they overlap.
    pub fn cmp_period(&self, other: &Date) -> Ordering {
        let key = |d: &Date, other: &Date| {
            // Compare only as precisely as the less precise of the two dates.
            let month = d.month.filter(|_| other.month.is_some());
            let day = d.day.filter(|_| other.day.is_some() && month.is_some());
            (d.year, month, day)
        };
        key(self, other).cmp(&key(other, self))
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let bad = || DateError(format!("invalid date \"{s}\": expected {EXPECTED}"));
        let mut parts = s.split('-');
        let year = parse_part(parts.next(), 4).ok_or_else(bad)?;
        let month = match parts.next() {
            Some(p) => Some(parse_part(Some(p), 2).ok_or_else(bad)?),
            None => None,
        };
        let day = match parts.next() {
            Some(p) => Some(parse_part(Some(p), 2).ok_or_else(bad)?),
            None => None,
        };
        if parts.next().is_some() {
            return Err(bad());
        }
        let narrow = |v: u16| u8::try_from(v).map_err(|_| bad());
        Date::new(
            year,
            month.map(narrow).transpose()?,
            day.map(narrow).transpose()?,
        )
    }
}

/// Parses one dash-separated part of a date: exactly `len` ASCII digits.
fn parse_part(part: Option<&str>, len: usize) -> Option<u16> {
    let part = part?;
    (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
        .then(|| part.parse().ok())
        .flatten()
}

impl FromStr for EndDate {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("present") {
            return Ok(EndDate::Present);
        }
        s.parse::<Date>().map(EndDate::Date).map_err(|e| {
            if s.trim().chars().any(|c| c.is_ascii_digit()) {
                e
            } else {
                DateError(format!(
                    "invalid date \"{}\": expected {EXPECTED}, or present",
                    s.trim()
                ))
            }
        })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

impl fmt::Display for EndDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndDate::Date(d) => d.fmt(f),
            EndDate::Present => f.write_str("present"),
        }
    }
}

/// Accepts a YAML integer (`2023`) or string (`"2023-09"`) and parses it with `FromStr`.
struct DateVisitor<T>(std::marker::PhantomData<T>);

impl<T> Visitor<'_> for DateVisitor<T>
where
    T: FromStr<Err = DateError>,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(EXPECTED)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        v.to_string().parse().map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        v.to_string().parse().map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(DateVisitor(std::marker::PhantomData))
    }
}

impl<'de> Deserialize<'de> for EndDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(DateVisitor(std::marker::PhantomData))
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for EndDate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl schemars::JsonSchema for Date {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Date".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A date: YYYY, YYYY-MM or YYYY-MM-DD.",
            "anyOf": [
                { "type": "integer", "minimum": 1000, "maximum": 9999 },
                { "type": "string", "pattern": "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$" }
            ]
        })
    }
}

impl schemars::JsonSchema for EndDate {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EndDate".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The end of a period: YYYY, YYYY-MM, YYYY-MM-DD, or present.",
            "anyOf": [
                { "type": "integer", "minimum": 1000, "maximum": 9999 },
                { "type": "string", "pattern": "^([0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?|[Pp]resent)$" }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().unwrap()
    }

    #[test]
    fn parses_the_three_precisions() {
        assert_eq!(
            d("2023"),
            Date {
                year: 2023,
                month: None,
                day: None
            }
        );
        assert_eq!(
            d("2023-09"),
            Date {
                year: 2023,
                month: Some(9),
                day: None
            }
        );
        assert_eq!(
            d("2024-02-29"),
            Date {
                year: 2024,
                month: Some(2),
                day: Some(29)
            }
        );
    }

    #[test]
    fn refuses_malformed_and_impossible_dates() {
        for bad in [
            "23",
            "2023-9",
            "2023-13",
            "2023-00",
            "2023-02-29",
            "1900-02-29",
            "2023/09",
            "Sep 2023",
            "",
            "2023-09-01-01",
            "20234",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad:?} was accepted");
        }
        assert!("2000-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn present_is_only_an_end() {
        assert_eq!("Present".parse::<EndDate>(), Ok(EndDate::Present));
        assert!("present".parse::<Date>().is_err());
        let msg = "soon".parse::<EndDate>().unwrap_err().to_string();
        assert!(msg.contains("or present"), "{msg}");
    }

    #[test]
    fn periods_compare_at_the_common_precision() {
        assert_eq!(d("2023-05").cmp_period(&d("2023")), Ordering::Equal);
        assert_eq!(d("2023-05").cmp_period(&d("2023-04-30")), Ordering::Greater);
        assert_eq!(d("2022-12-31").cmp_period(&d("2023")), Ordering::Less);
    }

    #[test]
    fn displays_in_iso_form() {
        assert_eq!(d("2023-09").to_string(), "2023-09");
        assert_eq!(EndDate::Present.to_string(), "present");
    }
}
