//! Grants, people supervised, talks and service from the entries of a foreign section whose
//! title means one of them (issue 48: a RenderCV `grants` section was merged into awards, a
//! `students_supervised` one became a generic list): the entry's name, what qualifies it and
//! its dates, read by [`super::entries::generic`], put in the fields these sections have.
//! A sum is read only when it is one sum in one currency (`$1.2M`, `€500,000`); any other is
//! kept as text in the note, and said.

use super::{Tracked, Warning};
use crate::profile::*;

/// What [`super::entries::generic`] read of an entry, for the sections of this file.
pub(super) struct Read {
    /// What names the entry (a grant's title, a student's name, a talk's title, a role).
    pub title: String,
    /// What qualifies it (the funder, the event, the venue).
    pub qualifier: Option<String>,
    /// Its start.
    pub start: Option<Date>,
    /// Its end.
    pub end: Option<EndDate>,
    /// Whether the end was written as expected.
    pub expected: bool,
    /// Its text: summary, description and highlights.
    pub text: Vec<String>,
    /// Its `amount`, `level`, `role`, `thesis`, `now`, `location` and `number` fields, as text.
    pub fields: Fields,
}

/// The fields of an entry that only these sections have, as the file writes them.
#[derive(Default)]
pub(super) struct Fields {
    /// A sum (`amount`, `funding`).
    pub amount: Option<String>,
    /// A supervised person's level (`level`, `degree`, `program`).
    pub level: Option<String>,
    /// The researcher's role.
    pub role: Option<String>,
    /// A thesis or project title.
    pub thesis: Option<String>,
    /// Where a former student went.
    pub now: Option<String>,
    /// Where a talk was given.
    pub location: Option<String>,
    /// An award number.
    pub number: Option<String>,
}

impl Fields {
    /// The fields of the entry at `at` that `section` has a place for.
    pub fn read(src: &mut Tracked, at: &str, section: Section) -> Self {
        let mut field = |keys: &[&str]| keys.iter().find_map(|k| src.str(&format!("{at}.{k}")));
        let thesis = field(&["thesis", "project", "dissertation"]);
        Fields {
            amount: field(&["amount", "funding", "budget"]),
            level: field(&["level", "degree", "program", "studyType"]),
            role: field(&["role"]),
            thesis,
            now: field(&["now", "current_position", "placement", "next"]),
            // A talk's place, or a grant's funder (RenderCV has no field for it; others do).
            location: match section {
                Section::Talks => field(&["location"]),
                Section::Grants => field(&["funder", "agency", "sponsor", "location"]),
                _ => None,
            },
            number: field(&["number", "award_number", "grant_number"]),
        }
    }
}

/// Files `read` (the entry at `at`) in `section` when it is grants, supervision, talks or
/// service; `false` for any other section.
pub(super) fn file(
    section: Section,
    read: Read,
    at: &str,
    p: &mut Profile,
    warnings: &mut Vec<Warning>,
) -> bool {
    let Read {
        title,
        qualifier,
        start,
        end,
        expected,
        mut text,
        fields,
    } = read;
    let date = start.or(match end {
        Some(EndDate::Date(d)) => Some(d),
        _ => None,
    });
    match section {
        Section::Grants => {
            let (amount, currency) = match sum(&fields.amount, &title, &text) {
                Ok(found) => found.map_or((None, None), |(a, c)| (Some(a), Some(c.to_string()))),
                Err(written) => {
                    warnings.push(Warning::at(
                        at,
                        format!(
                            "\"{written}\" is not one sum in one known currency; kept as text in \
                             the note, no amount written"
                        ),
                    ));
                    if fields.amount.is_some() {
                        text.push(written);
                    }
                    (None, None)
                }
            };
            p.grants.push(Grant {
                title: title.into(),
                funder: qualifier.or(fields.location).map(Text::from),
                number: fields.number,
                amount,
                currency,
                role: fields.role.map(grant_role),
                start,
                end,
                expected,
                note: (!text.is_empty()).then(|| text.join("; ").into()),
                ..Grant::default()
            });
        }
        Section::Supervision => {
            let words = [&fields.level, &qualifier]
                .into_iter()
                .flatten()
                .chain(text.iter())
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" ");
            let level = level(&words).unwrap_or_else(|| {
                warnings.push(Warning::at(
                    at,
                    "says no level (PhD, master's, …); written as level: phd — change it if it \
                     is another",
                ));
                Level::Phd
            });
            // A line that only names the level (`PhD`) is the level; the others say what the
            // thesis or project was, unless the entry names it.
            let lines: Vec<String> = qualifier
                .into_iter()
                .chain(text)
                .filter(|t| self::level(t).is_none() || t.split_whitespace().count() > 3)
                .collect();
            let thesis = match fields.thesis {
                Some(thesis) if lines.is_empty() => Some(thesis),
                Some(thesis) => Some(format!("{thesis}; {}", lines.join("; "))),
                None => (!lines.is_empty()).then(|| lines.join("; ")),
            };
            p.supervision.push(Supervision {
                name: title.into(),
                level,
                role: fields.role.map(supervision_role),
                start,
                end,
                expected,
                thesis: thesis.map(Text::from),
                now: fields.now.map(Text::from),
            });
        }
        Section::Talks => {
            // The event is what qualifies the talk, else its text, else its place.
            let mut location = fields.location;
            let event = qualifier
                .or_else(|| (!text.is_empty()).then(|| text.join("; ")))
                .or_else(|| location.take());
            if event.is_none() && date.is_some() {
                warnings.push(Warning::at(
                    at,
                    "a date but no event or place; the talk is kept without its date",
                ));
            }
            p.talks.push(Talk {
                title: title.into(),
                events: event
                    .map(|event| TalkEvent {
                        event: event.into(),
                        location: location.map(Text::from),
                        date,
                    })
                    .into_iter()
                    .collect(),
            });
        }
        Section::Service => p.service.push(Service {
            role: title.into(),
            venues: qualifier.into_iter().chain(text).map(Text::from).collect(),
        }),
        _ => return false,
    }
    true
}

/// The level a text names (`PhD student`, `M.Sc.`, `Postdoctoral fellow`), if one.
fn level(text: &str) -> Option<Level> {
    let t = text.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
    Some(if has(&["postdoc", "post-doc", "postdoctoral"]) {
        Level::Postdoc
    } else if has(&[
        "phd",
        "ph.d",
        "doctor",
        "doktor",
        "dottor",
        "博士",
        "박사",
        "аспирант",
    ]) {
        Level::Phd
    } else if has(&[
        "master",
        "msc",
        "m.sc",
        "m.s.",
        "mphil",
        "硕士",
        "修士",
        "석사",
        "магистр",
    ]) {
        Level::Masters
    } else if has(&[
        "bachelor",
        "undergrad",
        "bsc",
        "b.sc",
        "b.s.",
        "本科",
        "学部",
        "학부",
        "бакалавр",
    ]) {
        Level::Bachelors
    } else if has(&["intern", "praktik", "stagiaire", "实习"]) {
        Level::Intern
    } else if has(&["visiting", "visitor", "invité", "gast"]) {
        Level::Visitor
    } else {
        return None;
    })
}

/// A grant role: a known one by its usual words, any other as written.
pub(super) fn grant_role(text: String) -> Role<GrantRole> {
    let t = text.to_lowercase().replace(['.', ' ', '_'], "");
    match t.as_str() {
        "pi" | "principalinvestigator" | "leadpi" => Role::Known(GrantRole::Pi),
        "copi" | "co-pi" | "coprincipalinvestigator" | "co-principalinvestigator" => {
            Role::Known(GrantRole::CoPi)
        }
        "seniorpersonnel" => Role::Known(GrantRole::SeniorPersonnel),
        "participant" => Role::Known(GrantRole::Participant),
        _ => Role::Other(text),
    }
}

/// A supervision role: a known one by its usual words, any other as written.
fn supervision_role(text: String) -> Role<SupervisionRole> {
    match text.to_lowercase().replace([' ', '_'], "-").as_str() {
        "advisor" | "adviser" | "supervisor" | "main-advisor" => {
            Role::Known(SupervisionRole::Advisor)
        }
        "co-advisor" | "co-adviser" | "co-supervisor" | "coadvisor" => {
            Role::Known(SupervisionRole::CoAdvisor)
        }
        "mentor" => Role::Known(SupervisionRole::Mentor),
        _ => Role::Other(text),
    }
}

/// Currency signs and codes that say one currency.
const CURRENCIES: &[(&str, &str)] = &[
    ("US$", "USD"),
    ("USD", "USD"),
    ("$", "USD"),
    ("€", "EUR"),
    ("EUR", "EUR"),
    ("£", "GBP"),
    ("GBP", "GBP"),
    ("CHF", "CHF"),
    ("CAD", "CAD"),
    ("AUD", "AUD"),
    ("CNY", "CNY"),
    ("RMB", "CNY"),
    ("JPY", "JPY"),
    ("KRW", "KRW"),
    ("BRL", "BRL"),
    ("R$", "BRL"),
    ("₩", "KRW"),
];

/// The sum of an entry: its `amount` field, else the one sum written in its title or text.
/// `Ok(None)` when it names none; `Err` with what was written when that is not one sum in
/// one currency (`¥5M`, which is yuan or yen; two sums in one line).
fn sum(
    amount: &Option<String>,
    title: &str,
    text: &[String],
) -> Result<Option<(f64, &'static str)>, String> {
    if let Some(written) = amount {
        return match sums(written).as_slice() {
            [one] => Ok(Some(*one)),
            _ => Err(written.clone()),
        };
    }
    let found: Vec<(f64, &str)> = std::iter::once(title)
        .chain(text.iter().map(String::as_str))
        .flat_map(sums)
        .collect();
    match found.as_slice() {
        [one] => Ok(Some(*one)),
        // Several sums (a total and a share): which is the grant's is not said, and every
        // one stays in the note as written.
        _ => Ok(None),
    }
}

/// The sums written in `text` (`$1.2M`, `€ 500,000`, `USD 250k`, `1.5 million EUR`).
pub(super) fn sums(text: &str) -> Vec<(f64, &'static str)> {
    let mut out = Vec::new();
    for (sign, code) in CURRENCIES {
        for (at, _) in text.match_indices(sign) {
            // `US$` is not also `$`, `R$` not `$`.
            if *sign == "$" && text[..at].ends_with(['S', 'R']) {
                continue;
            }
            let after = text[at + sign.len()..].trim_start();
            if let Some(value) = number(after) {
                out.push((value, *code));
            }
        }
    }
    out
}

/// The number at the start of `text`, with `k`/`M`/`million` read as such; `None` when
/// it does not start with one.
fn number(text: &str) -> Option<f64> {
    let digits: String = text
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        .collect();
    let digits = digits.trim_end_matches(['.', ',']);
    if digits.is_empty() || digits.len() > 20 {
        return None;
    }
    // `500,000` and `1,250,000.50` use commas between thousands; `1.2` is a decimal.
    let value: f64 = digits.replace(',', "").parse().ok()?;
    let rest = text[digits.len()..].trim_start().to_lowercase();
    let factor = if rest.starts_with("million") || rest.starts_with('m') {
        1e6
    } else if rest.starts_with("billion") || rest.starts_with('b') {
        1e9
    } else if rest.starts_with('k') {
        1e3
    } else {
        1.0
    };
    Some((value * factor).round())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_48_sums_in_one_currency_only() {
        assert_eq!(sums("$1.2M over five years"), [(1_200_000.0, "USD")]);
        assert_eq!(sums("€500,000"), [(500_000.0, "EUR")]);
        assert_eq!(sums("US$ 250k"), [(250_000.0, "USD")]);
        assert!(sums("¥5M").is_empty());
        let two = Some("$1M (my share $200k)".to_string());
        assert!(sum(&two, "", &[]).is_err());
        assert_eq!(level("PhD student"), Some(Level::Phd));
        assert_eq!(level("M.Sc. thesis"), Some(Level::Masters));
        assert_eq!(level("Postdoctoral fellow"), Some(Level::Postdoc));
    }
}
