//! Hugo Blox author data files (`data/authors/<slug>.yaml`, schema `hugoblox/author/v1`).

use super::super::Tracked;
use super::{dated, profile_links, shared_fields};
use crate::import::Warning;
use crate::profile::*;

/// `data/authors/<slug>.yaml` (Hugo Blox `hugoblox/author/v1`).
pub(super) fn data_file(src: &mut Tracked, warnings: &mut Vec<Warning>) -> Profile {
    src.ignore("schema");
    src.ignore("slug");
    // A résumé-style page names the author as the page does: first and last name, or title.
    let full = match (src.str("first_name"), src.str("last_name")) {
        (Some(first), Some(last)) => Some(format!("{first} {last}")),
        _ => None,
    };
    let display = src
        .str("name.display")
        .or_else(|| src.str("name"))
        .or(full)
        .or_else(|| src.str("title"))
        .unwrap_or_default();
    // A title in the researcher's own script beside a Latin name is the native name (the
    // one rule, `convert/native.rs`); the same name again is nothing new.
    let titled = src.str("title");
    let titled = titled.filter(|t| t.trim() != display.trim());
    let native_title = titled
        .as_deref()
        .and_then(|t| crate::import::convert::native::native_name(t, &display));
    if let (Some(title), None) = (&titled, &native_title) {
        warnings.push(Warning::at(
            "title",
            format!("\"{title}\" differs from the name \"{display}\"; the name is used"),
        ));
    }
    super::website_settings(src, warnings);
    let alternate = src.str("name.alternate");
    src.mark("name.given");
    src.mark("name.family");
    // The profile's `name` is the Latin-script one; the other becomes `native_name`.
    let latin = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| (c as u32) < 0x0250)
    };
    let (name, native) = match alternate {
        Some(alt) if !latin(&display) && latin(&alt) => (alt, Some(display)),
        Some(alt) if latin(&display) && !latin(&alt) => (display, Some(alt)),
        Some(alt) => {
            warnings.push(Warning::at(
                "name.alternate",
                format!("\"{alt}\" kept only as a name variant"),
            ));
            (display, None)
        }
        None => (display, native_title),
    };
    let mut p = Profile {
        name,
        native_name: native,
        ..Profile::default()
    };
    shared_fields(src, &mut p);
    p.contact.email = src.str("email");
    profile_links(src, &mut p, warnings);
    // Entries their own rules cannot take, kept with what they have.
    let (own, mut other) = (p.name.clone(), Vec::new());
    for i in 0..src.len("education") {
        let at = format!("education[{i}]");
        let degree = src
            .str(&format!("{at}.degree"))
            .or_else(|| src.str(&format!("{at}.area")));
        let (Some(degree), Some(institution)) = (degree, src.str(&format!("{at}.institution")))
        else {
            let missing = (Some(Section::Education), "degree or institution");
            super::super::entries::otherwise(src, &at, missing, &own, &mut p, &mut other, warnings);
            continue;
        };
        let (start, end, expected) = dated(src, &at, true, warnings);
        p.education.push(Education {
            institution: institution.into(),
            degree: degree.into(),
            location: (src.str(&format!("{at}.location"))).map(Text::from),
            start,
            end,
            expected,
            score: (src
                .str(&format!("{at}.score"))
                .or_else(|| src.str(&format!("{at}.gpa"))))
            .map(Text::from),
            highlights: src
                .str(&format!("{at}.summary"))
                .into_iter()
                .map(Text::from)
                .collect(),
            ..Education::default()
        });
    }
    for key in ["experience", "work"] {
        for i in 0..src.len(key) {
            let at = format!("{key}[{i}]");
            let organization = src
                .str(&format!("{at}.org"))
                .or_else(|| src.str(&format!("{at}.organization")))
                .or_else(|| src.str(&format!("{at}.company")))
                .or_else(|| src.str(&format!("{at}.company_name")));
            let (Some(organization), Some(role)) = (
                organization,
                src.str(&format!("{at}.role"))
                    .or_else(|| src.str(&format!("{at}.title")))
                    .or_else(|| src.str(&format!("{at}.position"))),
            ) else {
                let missing = (Some(Section::Experience), "organisation or role");
                let entries = &mut other;
                super::super::entries::otherwise(
                    src, &at, missing, &own, &mut p, entries, warnings,
                );
                continue;
            };
            let (start, end, _) = dated(src, &at, false, warnings);
            p.experience.push(Experience {
                organization: organization.into(),
                role: role.into(),
                location: (src.str(&format!("{at}.location"))).map(Text::from),
                start,
                end,
                mentors: Vec::new(),
                highlights: src
                    .str(&format!("{at}.summary"))
                    .into_iter()
                    .map(Text::from)
                    .collect(),
            });
        }
    }
    for i in 0..src.len("awards") {
        let at = format!("awards[{i}]");
        let Some(title) = src.str(&format!("{at}.title")) else {
            let missing = (None, "`title`");
            super::super::entries::otherwise(src, &at, missing, &own, &mut p, &mut other, warnings);
            continue;
        };
        let date = src.date(&format!("{at}.date"), warnings);
        p.awards.push(Award {
            title: title.into(),
            awarder: (src.str(&format!("{at}.awarder"))).map(Text::from),
            date,
            rank: None,
            note: (src.str(&format!("{at}.summary"))).map(Text::from),
            ..Award::default()
        });
    }
    for i in 0..src.len("skills") {
        let at = format!("skills[{i}]");
        let Some(name) = src.str(&format!("{at}.name")) else {
            let missing = (None, "`name`");
            super::super::entries::otherwise(src, &at, missing, &own, &mut p, &mut other, warnings);
            continue;
        };
        let keywords = skill_items(src, &at, warnings);
        p.skills.push(Skill {
            name: name.into(),
            keywords,
        });
    }
    for i in 0..src.len("languages") {
        let at = format!("languages[{i}]");
        let Some(name) = src.str(&format!("{at}.name")) else {
            let missing = (None, "`name`");
            super::super::entries::otherwise(src, &at, missing, &own, &mut p, &mut other, warnings);
            continue;
        };
        // `level` (data file) or `percent` (author page): a bar on the site.
        for key in ["level", "percent"] {
            if src.get(&format!("{at}.{key}")).is_some() {
                warnings.push(Warning::at(
                    format!("{at}.{key}"),
                    "a numeric level is not shown; `label` is kept as the fluency",
                ));
            }
        }
        p.languages.push(Language {
            name: name.into(),
            fluency: (src.str(&format!("{at}.label"))).map(Text::from),
        });
    }
    if !other.is_empty() {
        p.sections.push(CustomSection {
            title: "Other entries".into(),
            entries: other,
        });
    }
    for key in [
        "is_owner",
        "status",
        "postnominals",
        "avatar",
        "name.pronouns",
        "name.alternate",
    ] {
        if src.get(key).is_some_and(|v| !super::is_empty(v)) {
            src.mark(key);
            warnings.push(Warning::at(key, "a website setting, not part of a CV"));
        }
    }
    p
}

/// The items of the skill group at `at` as keywords: `label` (data file) or `name` (author
/// page), with a `description` kept beside it in parentheses. How much (`level`, `percent`:
/// bars on the site) and the site's look (`icon`, the group's `color`, `color_border`) are
/// not printed in a CV: each said once per group (issue 48: Hugo Blox's skills).
fn skill_items(src: &mut Tracked, at: &str, warnings: &mut Vec<Warning>) -> Vec<Text> {
    let mut keywords = Vec::new();
    let mut unprinted: Vec<&str> = Vec::new();
    for j in 0..src.len(&format!("{at}.items")) {
        let item = format!("{at}.items[{j}]");
        let name = src
            .str(&format!("{item}.label"))
            .or_else(|| src.str(&format!("{item}.name")));
        let description = src.str(&format!("{item}.description"));
        keywords.extend(name.map(|name| match description {
            Some(d) if !d.trim().is_empty() && d.trim() != name.trim() => {
                Text::from(format!("{name} ({})", d.trim()))
            }
            _ => Text::from(name),
        }));
        for key in ["level", "percent", "icon", "icon_pack"] {
            let path = format!("{item}.{key}");
            if src.peek(&path).is_some_and(|v| !super::is_empty(v)) {
                src.mark(&path);
                if !unprinted.contains(&key) {
                    unprinted.push(key);
                }
            }
        }
    }
    for key in unprinted {
        let what = match key {
            "level" | "percent" => "skill levels (bars on the site) are not shown in a CV",
            _ => "a skill's icon is a website setting, not shown in a CV",
        };
        warnings.push(Warning::at(format!("{at}.items[*].{key}"), what));
    }
    for key in ["color", "color_border"] {
        let path = format!("{at}.{key}");
        if src.peek(&path).is_some_and(|v| !super::is_empty(v)) {
            src.mark(&path);
            warnings.push(Warning::at(path, "a website setting, not part of a CV"));
        }
    }
    keywords
}
