//! The unit tests of `import/convert/dates.rs`.

use super::*;

fn period(text: &str) -> Option<(Option<String>, Option<String>)> {
    parse_period(text).map(|(from, to)| {
        (
            from.map(|d| d.to_string()),
            to.map(|e| match e {
                EndDate::Present => "present".into(),
                EndDate::Date(d) => d.to_string(),
            }),
        )
    })
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

#[test]
fn months_are_kept_in_ranges() {
    assert_eq!(
        period("Mar 2025 – Present"),
        Some((s("2025-03"), s("present")))
    );
    assert_eq!(
        period("Jan 2019-Mar 2020"),
        Some((s("2019-01"), s("2020-03")))
    );
    assert_eq!(
        period("September 2018 to June 2020"),
        Some((s("2018-09"), s("2020-06")))
    );
    assert_eq!(period("2016-2019"), Some((s("2016"), s("2019"))));
    assert_eq!(
        period("2017-05 - 2019-04"),
        Some((s("2017-05"), s("2019-04")))
    );
    assert_eq!(
        period("desde marzo de 2021"),
        Some((s("2021-03"), s("present")))
    );
    assert_eq!(period("2020年3月 至今"), Some((s("2020-03"), s("present"))));
    assert_eq!(
        period("Okt. 2019 – heute"),
        Some((s("2019-10"), s("present")))
    );
    assert_eq!(period("soon"), None);
}

#[test]
fn lists_become_the_range_they_span_with_a_note() {
    let read = read_period("2020, 2022").unwrap();
    assert_eq!(period("2020, 2022"), Some((s("2020"), s("2022"))));
    assert!(read.note.unwrap().contains("range they span"));
}

#[test]
fn an_impossible_day_falls_back_to_its_month() {
    let read = read_date("2024-09-31").unwrap();
    assert_eq!(read.value.to_string(), "2024-09");
    assert!(read.note.unwrap().contains("no such day"));
    assert_eq!(parse_date("15 March 2020").unwrap().to_string(), "2020-03");
    assert_eq!(
        parse_date("septiembre de 2020").unwrap().to_string(),
        "2020-09"
    );
    assert_eq!(parse_date("2024-8-2").unwrap().to_string(), "2024-08-02");
    assert_eq!(parse_date("2020년 3월").unwrap().to_string(), "2020-03");
    assert_eq!(period("2021-Present"), Some((s("2021"), s("present"))));
    assert_eq!(period("06/2025-now."), Some((s("2025-06"), s("present"))));
}

#[test]
fn month_names_in_ten_languages() {
    for (word, n) in [
        ("März", 3),
        ("févr.", 2),
        ("Sept", 9),
        ("dicembre", 12),
        ("outubro", 10),
        ("мая", 5),
        ("3月", 3),
        ("11월", 11),
        ("Ma", 0),
    ] {
        assert_eq!(month_number(word).unwrap_or(0), n, "{word}");
    }
}
