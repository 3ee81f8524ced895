//! JSON Resume (schema v1) → profile.
//!
//! `work` becomes experience; `volunteer`, `projects` and `certificates` become custom
//! sections; `interests` become hobbies. JSON Resume has no authors for publications, so the
//! researcher is listed as the only author (and a warning says so).

use crate::import::Warning;
use serde_json::Value;

use super::convert::dates::read_date;
use super::convert::paper_links::file_paper_link;
use super::{link_kind, Tracked};
use crate::diag::Problem;
use crate::profile::*;
use lists::{add_section, custom_section, labelled_score, otherwise, skills_languages_interests};

mod lists;

pub(super) fn convert(value: Value) -> Result<(Profile, Vec<Warning>), Problem> {
    if !value.is_object() {
        return Err(Problem::error(
            "a JSON Resume is a JSON object with `basics`, `work`, `education` …",
        ));
    }
    // The one field a CV cannot do without, in a shape that is not text: refused at its
    // place, rather than replaced by the file's name with a warning the user may not read.
    if let Some(found) = value.pointer("/basics/name").and_then(not_text) {
        return Err(Problem::error(format!(
            "the researcher's name must be text, but this is {found}"
        ))
        .at_field("basics.name")
        .with_help("write it in quotes: \"name\": \"Ada Lovelace\""));
    }
    let mut src = Tracked::new(value);
    let mut warnings = Vec::new();
    src.ignore("$schema");
    src.ignore("meta");

    let mut p = Profile {
        name: src.str("basics.name").unwrap_or_default(),
        ..Profile::default()
    };
    basics(&mut src, &mut p, &mut warnings);
    work(&mut src, &mut p, &mut warnings);
    education(&mut src, &mut p, &mut warnings);
    awards(&mut src, &mut p, &mut warnings);
    publications(&mut src, &mut p, &mut warnings);
    skills_languages_interests(&mut src, &mut p, &mut warnings);

    custom_section(
        &mut src,
        &mut p,
        &mut warnings,
        "volunteer",
        "Volunteering",
        ("organization", "position"),
    );
    custom_section(
        &mut src,
        &mut p,
        &mut warnings,
        "projects",
        "Projects",
        ("name", "description"),
    );
    custom_section(
        &mut src,
        &mut p,
        &mut warnings,
        "certificates",
        "Certificates",
        ("name", "issuer"),
    );

    for (list, section) in [
        ("work", "work"),
        ("education", "education"),
        ("volunteer", "volunteer"),
        ("projects", "projects"),
        ("awards", "awards"),
        ("publications", "publications"),
        ("certificates", "certificates"),
    ] {
        src.label_entries(list, section);
    }
    for path in src.unused() {
        warnings.push(if path.starts_with("references") {
            Warning::at(&path, "references have no place in a CV profile")
        } else {
            Warning::unused(&path)
        });
    }
    Ok((p, src.named(warnings)))
}

/// `basics`: the headline, summary, contact fields and the profiles elsewhere (a photo
/// is a file cvpdf cannot fetch, so it is named in a warning).
fn basics(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    p.headline = (src.str("basics.label")).map(Text::from);
    p.bio = (src.str("basics.summary")).map(Text::from);
    p.contact.email = src.str("basics.email");
    p.contact.phone = src.str("basics.phone");
    // Before 1.0 the address was `website` (and `picture` the photo, `gpa` the score).
    p.contact.website = src.str("basics.url").or_else(|| src.str("basics.website"));
    let address: Vec<String> = ["address", "postalCode", "city", "region", "countryCode"]
        .iter()
        .filter_map(|k| src.str(&format!("basics.location.{k}")))
        .collect();
    if !address.is_empty() {
        p.contact.address = Some((address.join(", ")).into());
    }
    if let Some(field) = ["basics.image", "basics.picture"]
        .into_iter()
        .find(|f| src.str(f).is_some())
    {
        warnings.push(Warning::at(
            field,
            "a photo must be a file next to the profile; download it and set `photo:`",
        ));
    }
    for i in 0..src.len("basics.profiles") {
        let at = format!("basics.profiles[{i}]");
        let Some(url) = src.str(&format!("{at}.url")) else {
            continue;
        };
        let network = src.str(&format!("{at}.network")).unwrap_or_default();
        let kind = link_kind(&network).unwrap_or(LinkKind::Other);
        let label = src
            .str(&format!("{at}.username"))
            .or_else(|| (kind == LinkKind::Other && !network.is_empty()).then(|| network.clone()));
        p.links.push(Link {
            kind,
            url,
            label: label.map(Text::from),
        });
    }
}

/// `work`: positions with an organisation and a role become experience; one without either
/// is kept with what it has, under "Other work".
fn work(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    let mut kept = Vec::new();
    for i in 0..src.len("work") {
        let at = format!("work[{i}]");
        let organization = src
            .str(&format!("{at}.name"))
            .or_else(|| src.str(&format!("{at}.company")));
        let role = src.str(&format!("{at}.position"));
        let (Some(organization), Some(role)) = (organization.clone(), role.clone()) else {
            let missing = match (organization, role) {
                (Some(_), _) => "position",
                (_, Some(_)) => "employer (`name`)",
                _ => "position or employer (`name`)",
            };
            let missing = (None, missing);
            otherwise(src, &at, missing, p, &mut kept, warnings);
            continue;
        };
        let (start, end) = period(src, &at, warnings);
        let mut highlights: Vec<String> = src.str(&format!("{at}.summary")).into_iter().collect();
        highlights.extend(src.str(&format!("{at}.description")));
        highlights.extend(src.strs(&format!("{at}.highlights")));
        p.experience.push(Experience {
            organization: organization.into(),
            role: role.into(),
            location: (src.str(&format!("{at}.location"))).map(Text::from),
            start,
            end,
            mentors: Vec::new(),
            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
        });
    }
    add_section(p, "Other work", kept);
}

/// `education`: degrees, with their courses as a highlight; one without an institution or a
/// degree is kept with what it has, under "Other education".
fn education(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    let mut kept = Vec::new();
    for i in 0..src.len("education") {
        let at = format!("education[{i}]");
        let degree = match (
            src.str(&format!("{at}.studyType")),
            src.str(&format!("{at}.area")),
        ) {
            (Some(kind), Some(area)) => Some(format!("{kind} in {area}")),
            (Some(one), None) | (None, Some(one)) => Some(one),
            (None, None) => None,
        };
        let institution = src.str(&format!("{at}.institution"));
        let (Some(institution), Some(degree)) = (institution.clone(), degree.clone()) else {
            let missing = match (institution, degree) {
                (Some(_), _) => "degree (`studyType`, `area`)",
                (_, Some(_)) => "institution",
                _ => "institution or degree (`studyType`, `area`)",
            };
            let missing = (None, missing);
            otherwise(src, &at, missing, p, &mut kept, warnings);
            continue;
        };
        let (from, to) = (format!("{at}.startDate"), format!("{at}.endDate"));
        let (start, end, expected) = src.period_expected(&from, &to, warnings);
        let courses = src.strs(&format!("{at}.courses"));
        // Not in the schema, but written (al-folio's resume.json): kept as written.
        let mut highlights = src.strs(&format!("{at}.highlights"));
        if !courses.is_empty() {
            highlights.push(format!("Courses: {}", courses.join(", ")));
        }
        p.education.push(Education {
            institution: institution.into(),
            degree: degree.into(),
            location: (src.str(&format!("{at}.location"))).map(Text::from),
            start,
            end,
            expected,
            advisors: Vec::new(),
            score: (src.str(&format!("{at}.score")))
                .or_else(|| src.str(&format!("{at}.gpa")))
                .map(|score| Text::from(labelled_score(&score))),
            highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
        });
    }
    add_section(p, "Other education", kept);
}

/// `awards`.
fn awards(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    let mut kept = Vec::new();
    for i in 0..src.len("awards") {
        let at = format!("awards[{i}]");
        let Some(title) = src.str(&format!("{at}.title")) else {
            otherwise(src, &at, (None, "title"), p, &mut kept, warnings);
            continue;
        };
        p.awards.push(Award {
            title: title.into(),
            awarder: (src.str(&format!("{at}.awarder"))).map(Text::from),
            date: src.date(&format!("{at}.date"), warnings),
            rank: None,
            note: (src.str(&format!("{at}.summary"))).map(Text::from),
            ..Award::default()
        });
    }
    add_section(p, "Other awards", kept);
}

/// `publications`, with the researcher as the only author (JSON Resume has no authors,
/// which a warning says).
fn publications(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    let name = p.name.clone();
    let mut authorless = 0;
    let mut kept = Vec::new();
    for i in 0..src.len("publications") {
        let at = format!("publications[{i}]");
        let Some(title) = src.str(&format!("{at}.name")) else {
            otherwise(src, &at, (None, "title (`name`)"), p, &mut kept, warnings);
            continue;
        };
        // Words that say why there is no year yet (`releaseDate: forthcoming`, `publisher:
        // Under review`) keep the paper, with that status (issue 48).
        let said = {
            let words: Vec<String> = ["releaseDate", "publisher", "summary"]
                .iter()
                .filter_map(|k| src.peek(&format!("{at}.{k}"))?.as_str().map(String::from))
                .collect();
            super::convert::status::said_status(words.iter().map(String::as_str))
        };
        let excused = said.is_some_and(PublicationStatus::excuses_no_year);
        let date_at = format!("{at}.releaseDate");
        let released = match src.peek(&date_at).and_then(Value::as_str) {
            Some(text) if excused && read_date(text).is_err() => {
                src.mark(&date_at);
                None
            }
            _ => src.date(&date_at, warnings),
        };
        if released.is_none() && !excused {
            warnings.push(Warning::at(
                format!("{at} ({title})"),
                "no releaseDate, and a publication needs a year; not imported",
            ));
            src.mark(&at);
            continue;
        }
        let mut links = PublicationLinks::default();
        let note = src.str(&format!("{at}.summary"));
        if let Some(url) = src
            .str(&format!("{at}.url"))
            .or_else(|| src.str(&format!("{at}.website")))
        {
            file_paper_link(&mut links, url);
        }
        // Not in the schema, but written by people who keep their papers here: `authors` as a
        // list, or `author` as one text.
        let mut authors = src.strs(&format!("{at}.authors"));
        if authors.is_empty() {
            authors = src
                .str(&format!("{at}.author"))
                .map(|line| super::entries::author_line(&line))
                .unwrap_or_default();
        }
        if authors.is_empty() {
            authorless += 1;
            authors = vec![name.clone()];
        }
        p.publications.push(Publication {
            title: title.into(),
            authors,
            venue: (src.str(&format!("{at}.publisher"))).map(Text::from),
            venue_short: None,
            year: released.map(|d| d.year),
            month: released.and_then(|d| d.month),
            kind: PublicationKind::Other,
            status: said.unwrap_or_default(),
            award: None,
            note: note.map(Text::from),
            links,
            selected: false,
            ..Default::default()
        });
    }
    add_section(p, "Other publications", kept);
    if authorless > 0 {
        warnings.push(Warning::at("publications", format!("JSON Resume has no authors; {authorless} publication(s) list only {name} — add the co-authors (or import a .bib with `cvpdf import-bib`)")));
    }
}

/// `startDate`/`endDate` of an entry.
pub(super) fn period(
    src: &mut Tracked,
    at: &str,
    warnings: &mut Vec<Warning>,
) -> (Option<Date>, Option<EndDate>) {
    src.period(
        &format!("{at}.startDate"),
        &format!("{at}.endDate"),
        warnings,
    )
}

/// What a value that is not text is, in words (`a number`), or `None` for text.
fn not_text(value: &Value) -> Option<&'static str> {
    match value {
        Value::String(_) | Value::Null => None,
        Value::Number(_) => Some("a number"),
        Value::Bool(_) => Some("true or false"),
        Value::Array(_) => Some("a list"),
        Value::Object(_) => Some("a mapping"),
    }
}
