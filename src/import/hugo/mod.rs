//! Hugo Academic / Wowchemy / Hugo Blox author pages → profile. Two shapes:
//!
//! - the front matter (YAML between `---`, or TOML between `+++`) of
//!   `content/authors/<slug>/_index.md`, whose Markdown body is the long biography;
//! - `data/authors/<slug>.yaml` of newer Hugo Blox sites (`schema: hugoblox/author/v1`).

use crate::import::Warning;
use serde_json::Value;

mod data;
mod page;

use super::convert::dates::read_period;
pub(super) use super::entries::is_empty;
use super::{link_kind, Tracked};
use crate::diag::Problem;
use crate::profile::*;
use data::data_file;
pub(super) use page::json_front_matter;
use page::{clean_body, split_front_matter, toml_json, yaml_front, FrontMatter};

pub(super) fn convert(text: &str) -> Result<(Profile, Vec<Warning>), Problem> {
    let (front, body) = split_front_matter(text)?;
    let mut warnings = Vec::new();
    let value = match front {
        FrontMatter::Yaml(yaml) => {
            let (value, twice) = yaml_front(text, yaml)?;
            warnings.extend(twice);
            value
        }
        FrontMatter::Toml(toml) => {
            let table: toml::Table = toml.parse().map_err(|e| {
                let at = (toml.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
                let at = if at <= text.len() { at } else { 0 };
                super::syntax::toml("the front matter is not valid TOML", &e, at)
            })?;
            toml_json(toml::Value::Table(table))
        }
        FrontMatter::Json(value) => value,
    };
    if !value.is_object() {
        return Err(Problem::error("the author page has no fields"));
    }
    let mut src = Tracked::new(value);
    // A résumé-style page (Hugo Blox's author profile without its schema line) has lists of
    // education and work, which the data file's reader knows.
    let resume = src.peek("work").is_some_and(Value::is_array)
        || src.peek("education").is_some_and(Value::is_array);
    let mut p = if src.get("name.display").is_some()
        || src.str("name").is_none() && src.get("schema").is_some()
        || resume
    {
        data_file(&mut src, &mut warnings)
    } else {
        front_matter(&mut src, &mut warnings)
    };
    let body = clean_body(body, &mut warnings);
    if !body.is_empty() {
        if let Some(short) = p.bio.replace(body.into()) {
            warnings.push(Warning::at(
                "bio",
                format!("the short biography was replaced by the page's longer text: \"{short}\""),
            ));
        }
    }
    src.label_entries("education.courses", "education");
    for path in src.unused() {
        warnings.push(Warning::unused(&path));
    }
    p.name = p.name.trim().to_string();
    Ok((p, src.named(warnings)))
}

/// `content/authors/<slug>/_index.md`.
fn front_matter(src: &mut Tracked, warnings: &mut Vec<Warning>) -> Profile {
    let title = src.str("title");
    let first = src.str("first_name");
    let last = src.str("last_name");
    // Older Academic themes keep the display name in `name`.
    let display = src.str("name");
    let name = match (&first, &last) {
        (Some(f), Some(l)) => format!("{f} {l}"),
        _ => display.clone().or(title.clone()).unwrap_or_default(),
    };
    let mut p = Profile {
        name: name.clone(),
        ..Profile::default()
    };
    // A title like "Zhiyao Li 李之尧", or "山田花子" beside a Latin first and last name,
    // carries the name in the researcher's own script.
    if let Some(title) = &title {
        let native = super::convert::native::native_name(title, &name);
        if native.is_some() {
            p.native_name = native;
        } else if title.trim() != name {
            warnings.push(Warning::at(
                "title",
                format!("\"{title}\" differs from the name \"{name}\"; the name is used"),
            ));
        }
    }
    shared_fields(src, &mut p);
    let mut kept = Vec::new();
    for i in 0..src.len("education.courses") {
        let at = format!("education.courses[{i}]");
        let (course, institution) = (
            src.str(&format!("{at}.course")),
            src.str(&format!("{at}.institution")),
        );
        let (Some(degree), Some(institution)) = (course.clone(), institution.clone()) else {
            let missing = match (course, institution) {
                (Some(_), _) => "institution",
                (_, Some(_)) => "course",
                _ => "course or institution",
            };
            let missing = (Some(Section::Education), missing);
            super::entries::otherwise(src, &at, missing, &name, &mut p, &mut kept, warnings);
            continue;
        };
        let (start, end, expected) = match src.str(&format!("{at}.year")) {
            Some(year) => year_range(&year, &format!("{at}.year"), true, warnings),
            None => (None, None, false),
        };
        p.education.push(Education {
            institution: institution.into(),
            degree: degree.into(),
            start,
            end,
            expected,
            ..Education::default()
        });
    }
    if !kept.is_empty() {
        p.sections.push(CustomSection {
            title: "Other education".into(),
            entries: kept,
        });
    }
    p.contact.email = src.str("email");
    profile_links(src, &mut p, warnings);
    website_settings(src, warnings);
    p
}

/// The fields an Academic author page and a Hugo Blox author file write alike: `role`, `bio`,
/// `interests`, and the affiliations under `affiliations` (a data file) or `organizations` (a
/// page, older or current: issue 48, a current page's were lost when it had résumé lists).
pub(super) fn shared_fields(src: &mut Tracked, p: &mut Profile) {
    p.headline = (src.str("role")).map(Text::from);
    p.bio = (src.str("bio")).map(Text::from);
    // The site prints interests as Markdown: `Control Theory \& applied math` is an `&`
    // (issue 48: the backslash was printed). Escapes the profile's Markdown needs stay.
    p.interests = (src.strs("interests"))
        .into_iter()
        .map(|i| {
            i.replace("\\&", "&")
                .replace("\\%", "%")
                .replace("\\$", "$")
        })
        .map(Text::from)
        .collect::<Vec<_>>();
    for key in ["affiliations", "organizations"] {
        for i in 0..src.len(key) {
            let at = format!("{key}[{i}]");
            if let Some(name) = src.str(&format!("{at}.name")) {
                p.affiliations.push(Affiliation {
                    name: name.into(),
                    url: src.str(&format!("{at}.url")),
                });
            }
        }
    }
}

/// The author's e-mail and accounts, in every list the themes have named them: `social`
/// (Academic, Wowchemy: `icon`, `icon_pack`, `link`), `profiles` (Hugo Blox's author page
/// since 2024: `icon` like `brands/github`, `url`, `label`; issue 48: it came in without any)
/// and `links` (its data file, same shape). Each through [`social_link`].
pub(super) fn profile_links(src: &mut Tracked, p: &mut Profile, warnings: &mut Vec<Warning>) {
    for key in ["social", "profiles", "links"] {
        for i in 0..src.len(key) {
            let at = format!("{key}[{i}]");
            let icon = src.str(&format!("{at}.icon")).unwrap_or_default();
            src.mark(&format!("{at}.icon_pack"));
            let label = src.str(&format!("{at}.label"));
            let url = src
                .str(&format!("{at}.url"))
                .or_else(|| src.str(&format!("{at}.link")));
            if let Some(url) = url {
                social_link(p, &icon, url, label, &at, warnings);
            }
        }
    }
}

/// The page's settings for the website, said as such and not listed as lost data.
pub(super) fn website_settings(src: &mut Tracked, warnings: &mut Vec<Warning>) {
    for key in [
        "authors",
        "superuser",
        "highlight_name",
        "status",
        "user_groups",
        "avatar_filename",
        "weight",
    ] {
        if src.get(key).is_some_and(|v| !is_empty(v)) {
            src.mark(key);
            warnings.push(Warning::at(key, "a website setting, not part of a CV"));
        }
    }
}

/// `start`/`end` (or `year`) of a Hugo Blox entry, and whether its end is expected (only
/// said, `keep`, by a caller that writes `expected`; a warning otherwise).
pub(super) fn dated(
    src: &mut Tracked,
    at: &str,
    keep: bool,
    warnings: &mut Vec<Warning>,
) -> (Option<Date>, Option<EndDate>, bool) {
    if let Some(year) = src.str(&format!("{at}.year")) {
        return year_range(&year, &format!("{at}.year"), keep, warnings);
    }
    // Hugo Blox writes `end: ''` for an ongoing entry: no end, so it goes on. Older résumé
    // pages call them `date_start` and `date_end`.
    let (start, end) = match src.str(&format!("{at}.date_start")) {
        Some(_) => (format!("{at}.date_start"), format!("{at}.date_end")),
        None => (format!("{at}.start"), format!("{at}.end")),
    };
    if keep {
        src.period_expected(&start, &end, warnings)
    } else {
        let (from, to) = src.period(&start, &end, warnings);
        (from, to, false)
    }
}

/// A year or a range of years as people write them in these pages (`2019`, `2016-2019`,
/// `since 2021`, …; see [`parse_period`]) as a period.
/// Whether the end is expected is said only to a caller that writes `expected` (`keep`); to
/// another, the note says it was not marked.
pub(super) fn year_range(
    text: &str,
    path: &str,
    keep: bool,
    warnings: &mut Vec<Warning>,
) -> (Option<Date>, Option<EndDate>, bool) {
    match read_period(text) {
        Some(read) => {
            let read = if keep { read.keep_expected() } else { read };
            warnings.extend(read.note.map(|note| Warning::at(path, note)));
            let (start, end) = read.value;
            (start, end, keep && read.expected)
        }
        None => {
            warnings.push(Warning::at(
                path,
                format!("\"{text}\" is not a year or a range of years"),
            ));
            (None, None, false)
        }
    }
}

/// A social icon/link of a Hugo author: e-mail goes to the contact details, known services
/// to `links`, the CV link itself is dropped (it is what cvpdf makes).
pub(super) fn social_link(
    p: &mut Profile,
    icon: &str,
    url: String,
    label: Option<String>,
    at: &str,
    warnings: &mut Vec<Warning>,
) {
    let icon_name = icon.rsplit('/').next().unwrap_or(icon).to_lowercase();
    if let Some(email) = url.strip_prefix("mailto:") {
        if p.contact.email.is_none() {
            p.contact.email = Some(email.to_string());
        }
        return;
    }
    if icon_name == "cv" || icon_name == "ai-cv" {
        warnings.push(Warning::at(
            at,
            format!("the link to the CV ({url}) is what cvpdf makes; `cvpdf publish` adds it back"),
        ));
        return;
    }
    if crate::import::convert::links::service(&icon_name) == Some("email") {
        // `icon: envelope` with `link: ada@x.org`, or `#contact`: an address, or the site's
        // contact page.
        if url.contains('@') && !url.contains('/') && p.contact.email.is_none() {
            p.contact.email = Some(url.trim().to_string());
            return;
        }
        if !url.contains("://") {
            warnings.push(Warning::at(
                at,
                format!("the e-mail link \"{url}\" holds no address; left out"),
            ));
            return;
        }
    }
    // Links within the site, links to services nothing knows: the import's link pass
    // resolves and labels them.
    let kind = link_kind(&icon_name).unwrap_or(LinkKind::Other);
    p.links.push(Link {
        kind,
        url,
        label: label.map(Text::from),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(text: &str) -> (Option<String>, Option<String>) {
        let mut warnings = Vec::new();
        let (from, to, _) = year_range(text, "year", false, &mut warnings);
        (
            from.map(|d| d.to_string()),
            to.map(|e| match e {
                EndDate::Present => "present".to_string(),
                EndDate::Date(d) => d.to_string(),
            }),
        )
    }

    #[test]
    fn years_as_author_pages_write_them() {
        let s = |v: &str| Some(v.to_string());
        assert_eq!(range("2019"), (None, s("2019")));
        assert_eq!(range("2016-2019"), (s("2016"), s("2019")));
        assert_eq!(range("2016 – 2019"), (s("2016"), s("2019")));
        assert_eq!(range("since 2021"), (s("2021"), s("present")));
        assert_eq!(range("2021 - Present"), (s("2021"), s("present")));
        assert_eq!(range("2017-05 - 2019-04"), (s("2017-05"), s("2019-04")));
        assert_eq!(range("someday"), (None, None));
    }

    #[test]
    fn older_pages_name_the_author_in_name() {
        let (p, _) = convert("+++\nname = \"Ada Lovelace\"\nrole = \"Analyst\"\n\n[[education.courses]]\ncourse = \"PhD\"\ninstitution = \"London\"\nyear = \"since 2021\"\n+++\nBio.\n").unwrap();
        assert_eq!(p.name, "Ada Lovelace");
        assert_eq!(
            p.education[0].start.map(|d| d.to_string()).as_deref(),
            Some("2021")
        );
        assert_eq!(p.education[0].end, Some(EndDate::Present));
        let (p, _) = convert("---\nname: Ada Lovelace\ntitle: Ada Lovelace 艾达\n---\n").unwrap();
        assert_eq!(p.name, "Ada Lovelace");
        assert_eq!(p.native_name.as_deref(), Some("艾达"));
    }
}
