//! Checks a profile needs beyond its types: required text is not blank, periods do not end
//! before they start, the photo is a real image inside the profile's directory tree, and
//! `section_order` names sections that exist.

use std::path::Path;

use super::date::{Date, EndDate};
use super::files::resolve_photo;
use super::model::Profile;
use super::publication::Publication;

use crate::diag::Problem;

mod record;
mod whole;

/// Whether `c` overrides or isolates the direction of the text around it (U+202A–U+202E,
/// U+2066–U+2069).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The most entries any list of a profile may have: enough for a prolific career (a CV with
/// 2,000 papers is some 300 pages), small enough that every profile renders in bounded time.
pub const MAX_ENTRIES: usize = 2_000;

/// The most characters any text of a profile may have (about five pages of prose).
pub const MAX_TEXT_CHARS: usize = 20_000;

/// The most characters of text a whole profile may hold (about 250 printed pages): layout
/// time and memory grow with it, and a 3.9 MB profile within the other bounds took 14.8 s
/// and 4.2 GiB.
pub const MAX_TOTAL_CHARS: usize = 400_000;

/// The problems of one publication on its own (for importers and `sync`, which check each
/// entry before it joins a profile), found as a profile holding it would find them — its
/// fields, the markup of its texts, control characters, sizes — so that one paper a profile
/// would refuse is skipped rather than failing the whole merge; field paths start at
/// `publication`.
pub fn publication_problems(p: &Publication) -> Vec<Problem> {
    let holder = Profile {
        name: "A".into(),
        publications: vec![p.clone()],
        ..Profile::default()
    };
    validate(&holder, Path::new("."))
        .into_iter()
        .map(|mut problem| {
            if let Some(field) = &problem.field {
                problem.field = Some(field.replacen("publications[0]", "publication", 1));
            }
            problem
        })
        .collect()
}

/// Every problem of `profile`, with field paths (spans are added by the loader). `dir` is the
/// directory the profile's relative paths start from.
pub fn validate(profile: &Profile, dir: &Path) -> Vec<Problem> {
    let mut v = Checks::default();
    v.sizes(profile);
    if !v.problems.is_empty() {
        // Over a size limit: the other checks would only add noise (and time).
        return v.problems;
    }
    v.text("name", &profile.name);
    // The walks over every text take `&mut` (one walk also localises texts); they share one
    // copy of the profile rather than each making its own.
    let mut texts = profile.clone();
    v.problems
        .extend(super::check_text::text_problems(profile, &mut texts));
    for (i, a) in profile.affiliations.iter().enumerate() {
        v.text(&format!("affiliations[{i}].name"), &a.name);
        if let Some(url) = &a.url {
            v.url(&format!("affiliations[{i}].url"), url);
        }
    }
    if let Some(url) = &profile.contact.website {
        v.url("contact.website", url);
    }
    for (i, l) in profile.links.iter().enumerate() {
        v.url(&format!("links[{i}].url"), &l.url);
    }
    for (i, e) in profile.education.iter().enumerate() {
        let at = format!("education[{i}]");
        v.text(&format!("{at}.institution"), &e.institution);
        v.text(&format!("{at}.degree"), &e.degree);
        v.period(&at, e.start, e.end);
        v.expected(&at, e.expected, e.end);
    }
    for (i, e) in profile.experience.iter().enumerate() {
        let at = format!("experience[{i}]");
        v.text(&format!("{at}.organization"), &e.organization);
        v.text(&format!("{at}.role"), &e.role);
        v.period(&at, e.start, e.end);
    }
    for (i, p) in profile.publications.iter().enumerate() {
        v.publication(&format!("publications[{i}]"), p);
    }
    for (i, t) in profile.talks.iter().enumerate() {
        v.text(&format!("talks[{i}].title"), &t.title);
        for (j, e) in t.events.iter().enumerate() {
            v.text(&format!("talks[{i}].events[{j}].event"), &e.event);
        }
    }
    for (i, t) in profile.teaching.iter().enumerate() {
        v.text(&format!("teaching[{i}].course"), &t.course);
    }
    for (i, a) in profile.awards.iter().enumerate() {
        v.award(&format!("awards[{i}]"), a);
    }
    for (i, g) in profile.grants.iter().enumerate() {
        v.grant(&format!("grants[{i}]"), g);
    }
    for (i, s) in profile.supervision.iter().enumerate() {
        let at = format!("supervision[{i}]");
        v.text(&format!("{at}.name"), &s.name);
        v.period(&at, s.start, s.end);
        v.expected(&at, s.expected, s.end);
    }
    for (i, s) in profile.service.iter().enumerate() {
        v.text(&format!("service[{i}].role"), &s.role);
    }
    for (i, s) in profile.skills.iter().enumerate() {
        v.text(&format!("skills[{i}].name"), &s.name);
    }
    for (i, l) in profile.languages.iter().enumerate() {
        v.text(&format!("languages[{i}].name"), &l.name);
    }
    for (i, s) in profile.sections.iter().enumerate() {
        v.text(&format!("sections[{i}].title"), &s.title);
        for (j, e) in s.entries.iter().enumerate() {
            let at = format!("sections[{i}].entries[{j}]");
            v.text(&format!("{at}.title"), &e.title);
            v.period(&at, e.start, e.end);
        }
    }
    v.problems
        .extend(super::sources::source_problems(&profile.sources));
    v.section_order(profile);
    v.translations(&mut texts);
    v.variants(profile);
    if let Some(photo) = &profile.photo {
        if let Err(problem) = resolve_photo(dir, photo) {
            v.push(problem.at_field("photo"));
        }
    }
    v.problems
}

/// Collects problems.
#[derive(Default)]
struct Checks {
    /// What was found so far.
    problems: Vec<Problem>,
}

impl Checks {
    /// The checks of one publication, whose fields are at `at`.
    fn publication(&mut self, at: &str, p: &Publication) {
        self.text(&format!("{at}.title"), &p.title);
        if p.authors.is_empty() && p.editors.is_empty() {
            self.push(
                Problem::error("a publication needs at least one author (or, edited, an editor)")
                    .at_field(format!("{at}.authors")),
            );
        }
        for (j, author) in p.authors.iter().enumerate() {
            self.text(&format!("{at}.authors[{j}]"), author);
        }
        for (j, editor) in p.editors.iter().enumerate() {
            self.text(&format!("{at}.editors[{j}]"), editor);
        }
        match p.year {
            Some(year) if !(1000..=9999).contains(&year) => self.push(
                Problem::error(format!("year {year} is out of range (1000–9999)"))
                    .at_field(format!("{at}.year")),
            ),
            None if !p.status.excuses_no_year() => self.push(
                Problem::error("a published paper needs its year")
                    .at_field(format!("{at}.year"))
                    .with_help(
                        "write the year, or say why there is none yet: `status: accepted`, \
                         `in-press`, `submitted` or `in-preparation`",
                    ),
            ),
            _ => {}
        }
        if p.month.is_some() && p.year.is_none() {
            self.push(Problem::error("a month needs a year").at_field(format!("{at}.month")));
        }
        if let Some(month) = p.month {
            if !(1..=12).contains(&month) {
                self.push(
                    Problem::error(format!("month {month} is out of range (1–12)"))
                        .at_field(format!("{at}.month")),
                );
            }
        }
        for (name, value) in p.links.each() {
            let (Some(value), field) = (value, format!("{at}.links.{name}")) else {
                continue;
            };
            match name {
                // A DOI is an identifier, read wherever it is written (`link::doi::without_resolver`).
                "doi" => {}
                "arxiv" => self.arxiv(&field, value),
                _ => self.url(&field, value),
            }
        }
    }

    /// Adds a problem.
    fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Required text must not be blank.
    fn text(&mut self, field: &str, value: &str) {
        if value.trim().is_empty() {
            self.push(Problem::error("this field must not be empty").at_field(field));
        }
    }

    /// A link must be one address without spaces, on a scheme a PDF reader can follow safely.
    fn url(&mut self, field: &str, url: &str) {
        let url = url.trim();
        if url.is_empty() || url.contains(char::is_whitespace) || url.contains(['<', '>']) {
            let help = match super::contact::url_in(url) {
                Some(meant) => format!("write `{meant}`"),
                None => "write one address without spaces, e.g. https://example.org".into(),
            };
            self.push(
                Problem::error(format!("\"{url}\" is not a web address"))
                    .at_field(field)
                    .with_help(help),
            );
        } else if let Err(refused) = crate::link::check(url) {
            self.push(refused.problem(field, url));
        }
    }

    /// An arXiv link is an identifier (`2401.01234`, `arXiv:2401.01234v2`, `cs/0112017`) or an
    /// address that passes the same check as every other link (so `file:` or `javascript:`
    /// never becomes a clickable link in the PDF).
    fn arxiv(&mut self, field: &str, value: &str) {
        let value = value.trim();
        let id = crate::link::arxiv::without_prefix(value);
        if value.contains("://") || (id.contains(':') && id == value) {
            self.url(field, value);
        } else if !crate::link::arxiv::is_id(id) {
            self.push(
                Problem::error(format!("\"{value}\" is not an arXiv identifier"))
                    .at_field(field)
                    .with_help("write the identifier, e.g. 2401.01234, or an https://arxiv.org/abs/… address"),
            );
        }
    }

    /// An end must not come before its start.
    fn period(&mut self, at: &str, start: Option<Date>, end: Option<EndDate>) {
        if let (Some(start), Some(EndDate::Date(end))) = (start, end) {
            if end.cmp_period(&start).is_lt() {
                self.push(
                    Problem::error(format!("the end ({end}) is before the start ({start})"))
                        .at_field(format!("{at}.end")),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests;
