//! The document's date: `SOURCE_DATE_EPOCH` (the reproducible-builds way to fix it) or the
//! profile's `updated` day.

use crate::profile::Date;

/// A calendar date and time of day in UTC, for the PDF's creation date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timestamp {
    /// Year.
    pub year: i32,
    /// Month, 1–12.
    pub month: u8,
    /// Day, 1–31.
    pub day: u8,
    /// Hour, minute and second, when known.
    pub time: Option<(u8, u8, u8)>,
}

impl Timestamp {
    /// The UTC time `secs` seconds after 1970-01-01, for years 1970 to 9999.
    pub fn from_unix(secs: i64) -> Option<Self> {
        if secs < 0 {
            return None;
        }
        let t = time::OffsetDateTime::from_unix_timestamp(secs).ok()?;
        (t.year() <= 9999).then(|| Self {
            year: t.year(),
            month: u8::from(t.month()),
            day: t.day(),
            time: Some((t.hour(), t.minute(), t.second())),
        })
    }

    /// The start of a profile's `updated` day (first of the month or year when less precise).
    pub fn from_date(date: Date) -> Self {
        Self {
            year: i32::from(date.year),
            month: date.month.unwrap_or(1),
            day: date.day.unwrap_or(1),
            time: None,
        }
    }

    /// `SOURCE_DATE_EPOCH` (seconds since 1970) from the environment, if set.
    pub fn source_date_epoch() -> Result<Option<Self>, String> {
        match std::env::var("SOURCE_DATE_EPOCH") {
            Err(_) => Ok(None),
            Ok(value) if value.trim().is_empty() => Ok(None),
            Ok(value) => value
                .trim()
                .parse::<i64>()
                .ok()
                .and_then(Self::from_unix)
                .map(Some)
                .ok_or_else(|| {
                    format!(
                        "SOURCE_DATE_EPOCH must be a number of seconds since 1970, not \"{value}\""
                    )
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_time_converts_to_utc_calendar_time() {
        let t = Timestamp::from_unix(1_728_518_400 + 3_661).unwrap();
        assert_eq!(
            (t.year, t.month, t.day, t.time),
            (2024, 10, 10, Some((1, 1, 1)))
        );
        assert_eq!(Timestamp::from_unix(0).unwrap().year, 1970);
        assert_eq!(Timestamp::from_unix(951_782_400).unwrap().day, 29); // 2000-02-29
        assert_eq!(Timestamp::from_unix(253_402_300_799).unwrap().year, 9999);
        assert_eq!(Timestamp::from_unix(253_402_300_800), None);
        assert_eq!(Timestamp::from_unix(-1), None);
    }
}
