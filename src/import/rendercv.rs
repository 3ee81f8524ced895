//! RenderCV input files (v1 and v2 YAML) → profile.
//!
//! `cv`'s header fields and social networks become the profile's contact details and links.
//! `cv.sections` is a map of any titles to lists of entries, all of one type per section,
//! which RenderCV tells apart by their keys; here too: education (`institution`, `area`),
//! experience (`company`, `position`), publication (`title`, `authors`), one-line (`label`,
//! `details`), bullet (`bullet`), numbered (`number`, `reversed_number`), normal (`name`) and
//! text entries (plain strings). Each goes to the profile section of the same meaning when
//! the title says which (skills, awards, …), to a custom section otherwise. `design`,
//! `locale` and the settings are RenderCV's own and are reported, not carried.

use serde_json::Value;

use super::convert::sections;
use super::entries;
use super::{link_kind, parse_date, parse_period, Tracked};
use crate::profile::*;

/// What a section's entries are, from the keys of its first entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EntryType {
    Text,
    Education,
    Experience,
    Publication,
    OneLine,
    Bullet,
    Numbered,
    ReversedNumbered,
    Normal,
}

fn entry_type(entry: &Value) -> Option<EntryType> {
    if entry.is_string() {
        return Some(EntryType::Text);
    }
    let has = |key: &str| entry.get(key).is_some();
    Some(if has("institution") && has("area") {
        EntryType::Education
    } else if has("company") && has("position") {
        EntryType::Experience
    } else if has("title") && has("authors") {
        EntryType::Publication
    } else if has("label") && has("details") {
        EntryType::OneLine
    } else if has("bullet") {
        EntryType::Bullet
    } else if has("reversed_number") {
        EntryType::ReversedNumbered
    } else if has("number") {
        EntryType::Numbered
    } else if has("name") {
        EntryType::Normal
    } else {
        return None;
    })
}

/// Says that `count` entries of a section meant for one of the profile's own lists lacked
/// what it needs and are listed apart, under the section's title.
fn apart(title: &str, section: Option<Section>, count: usize, warnings: &mut Vec<String>) {
    if let Some(
        section @ (Section::Education
        | Section::Experience
        | Section::Publications
        | Section::Awards
        | Section::Skills
        | Section::Languages),
    ) = section
    {
        warnings.push(format!(
            "section \"{title}\": {count} entr{} lack what {} needs (a name and a place, or a \
             paper's year); listed in a section of their own",
            if count == 1 { "y" } else { "ies" },
            section.key()
        ));
    }
}

/// cvpdf's code for a language RenderCV names (`korean`, `mandarin_chinese`, `pt`), if it
/// has its words.
fn language_code(name: &str) -> Option<&'static str> {
    let name = name.to_lowercase();
    [
        ("en", "english"),
        ("zh", "chinese"),
        ("de", "german"),
        ("fr", "french"),
        ("es", "spanish"),
        ("pt", "portuguese"),
        ("it", "italian"),
        ("ru", "russian"),
        ("ja", "japanese"),
        ("ko", "korean"),
    ]
    .iter()
    .find(|(code, word)| {
        name == *code || name.starts_with(&format!("{code}-")) || name.contains(word)
    })
    .map(|(code, _)| *code)
}

/// RenderCV writes section keys in snake case and prints them in title case.
fn section_title(key: &str) -> String {
    if key.contains(' ') || key.chars().any(char::is_uppercase) {
        return key.to_string();
    }
    key.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().collect::<String>() + chars.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The addresses RenderCV makes of a network's username.
fn network_url(network: &str, username: &str) -> Option<String> {
    // A user name is a name, never a path (`../../elsewhere`) or an address.
    let valid = username
        .trim_start_matches('@')
        .chars()
        .all(|c| c.is_alphanumeric() || "._-@".contains(c))
        && !username.contains("..");
    if !valid {
        return None;
    }
    let prefix = match network.to_lowercase().as_str() {
        "linkedin" => "https://linkedin.com/in/",
        "github" => "https://github.com/",
        "gitlab" => "https://gitlab.com/",
        "imdb" => "https://imdb.com/name/",
        "instagram" => "https://instagram.com/",
        "orcid" => "https://orcid.org/",
        "stackoverflow" => "https://stackoverflow.com/users/",
        "researchgate" => "https://researchgate.net/profile/",
        "youtube" => "https://youtube.com/@",
        "google scholar" => "https://scholar.google.com/citations?user=",
        "telegram" => "https://t.me/",
        "whatsapp" => "https://wa.me/",
        "leetcode" => "https://leetcode.com/u/",
        "x" | "twitter" => "https://x.com/",
        "bluesky" => "https://bsky.app/profile/",
        "reddit" => "https://reddit.com/user/",
        "mastodon" => {
            // `@user@server.social`.
            let mut parts = username.trim_start_matches('@').splitn(2, '@');
            let (user, server) = (parts.next()?, parts.next()?);
            return Some(format!("https://{server}/@{user}"));
        }
        _ => return None,
    };
    Some(format!("{prefix}{}", username.trim_start_matches('@')))
}

/// The first of a value that may be one string or a list of them, and the rest.
fn one_or_many(src: &mut Tracked, path: &str) -> (Option<String>, Vec<String>) {
    let mut all = src.strs(path);
    if all.is_empty() {
        return (src.str(path), Vec::new());
    }
    let first = all.remove(0);
    (Some(first), all)
}

/// A RenderCV date (`2023-05`, `2023`, `present`, or free text such as `Fall 2023`).
fn period(
    src: &mut Tracked,
    at: &str,
    warnings: &mut Vec<String>,
) -> (Option<Date>, Option<EndDate>, Option<String>) {
    // An end without a start is when the entry ended.
    if src.str(&format!("{at}.start_date")).is_some()
        || src.str(&format!("{at}.end_date")).is_some()
    {
        let (from, to) = src.period(
            &format!("{at}.start_date"),
            &format!("{at}.end_date"),
            warnings,
        );
        return (from, to, None);
    }
    let Some(text) = src.str(&format!("{at}.date")) else {
        return (None, None, None);
    };
    if let Ok(date) = parse_date(&text) {
        return (None, Some(EndDate::Date(date)), None);
    }
    match parse_period(&text) {
        Some((from, to)) => (from, to, None),
        // Free text the profile cannot date: kept as text by the caller.
        None => (None, None, Some(text)),
    }
}

/// Converts a RenderCV input (already parsed) into a profile.
pub(super) fn convert(value: Value) -> Result<(Profile, Vec<String>), String> {
    let Some(cv) = value.get("cv").filter(|cv| cv.is_object()) else {
        return Err("a RenderCV file has a `cv:` mapping with the name and sections".into());
    };
    // Sections become a list, so that titles with dots or brackets are not paths.
    let titles: Vec<String> = cv
        .get("sections")
        .and_then(Value::as_object)
        .map(|s| s.keys().cloned().collect())
        .unwrap_or_default();
    let mut value = value.clone();
    if let Some(sections) = value
        .get_mut("cv")
        .and_then(|cv| cv.get_mut("sections"))
        .and_then(Value::as_object_mut)
    {
        let list: Vec<Value> = std::mem::take(sections)
            .into_iter()
            .map(|(title, entries)| serde_json::json!({ "title": title, "entries": entries }))
            .collect();
        value["cv"]["sections"] = Value::Array(list);
    }
    let mut src = Tracked::new(value);
    let mut warnings = Vec::new();
    for key in [
        "design",
        "locale",
        "locale_catalog",
        "settings",
        "rendercv_settings",
    ] {
        if src.get(key).is_some() {
            src.mark(key);
            warnings.push(format!(
                "{key}: RenderCV's own settings; cvpdf's are in cvpdf.yaml"
            ));
        }
    }
    // The CV's language is cvpdf's to set too: say how.
    let language = ["locale.language", "locale_catalog.language"]
        .iter()
        .find_map(|at| src.peek(at)?.as_str().map(str::to_lowercase));
    if let Some(code) = language
        .as_deref()
        .and_then(language_code)
        .filter(|c| *c != "en")
    {
        warnings.push(format!(
            "locale: the CV is in {}; render it in that language with `--lang {code}` or \
             `lang: {code}` in cvpdf.yaml",
            language.as_deref().unwrap_or_default()
        ));
    }
    let name = src.str("cv.name").unwrap_or_default();
    let mut p = Profile {
        name: name.clone(),
        // `label` and `summary` are JSON Resume's, in al-folio's RenderCV-style cv.yml.
        headline: src
            .str("cv.headline")
            .or_else(|| src.str("cv.label"))
            .map(Text::from),
        bio: src.str("cv.summary").map(Text::from),
        ..Profile::default()
    };
    p.contact.address = (src.str("cv.location")).map(Text::from);
    let (email, more_emails) = one_or_many(&mut src, "cv.email");
    p.contact.email = email;
    let (phone, more_phones) = one_or_many(&mut src, "cv.phone");
    p.contact.phone = phone.map(|p| p.trim_start_matches("tel:").to_string());
    let (website, more_websites) = one_or_many(&mut src, "cv.website");
    p.contact.website = website;
    for extra in more_emails.iter().chain(&more_phones) {
        warnings.push(format!(
            "cv: a second e-mail or phone \"{extra}\" (a profile has one)"
        ));
    }
    for url in more_websites {
        p.links.push(Link {
            kind: LinkKind::Website,
            url,
            label: None,
        });
    }
    if src.str("cv.photo").is_some() {
        warnings.push(
            "cv.photo: copy the photo next to the profile and set `photo:` to its file name".into(),
        );
    }
    for i in 0..src.len("cv.social_networks") {
        let at = format!("cv.social_networks[{i}]");
        let (Some(network), Some(username)) = (
            src.str(&format!("{at}.network")),
            src.str(&format!("{at}.username")),
        ) else {
            continue;
        };
        match network_url(&network, &username) {
            Some(url) => {
                let kind = link_kind(&network).unwrap_or(LinkKind::Other);
                let label = (kind == LinkKind::Other).then(|| network.clone());
                p.links.push(Link {
                    kind,
                    url,
                    label: label.map(Text::from),
                });
            }
            None => warnings.push(format!(
                "{at}: no address is known for network \"{network}\""
            )),
        }
    }
    for i in 0..src.len("cv.custom_connections") {
        let at = format!("cv.custom_connections[{i}]");
        src.mark(&format!("{at}.fontawesome_icon"));
        if let Some(url) = src.str(&format!("{at}.url")) {
            let label = src.str(&format!("{at}.placeholder"));
            p.links.push(Link {
                kind: LinkKind::Other,
                url,
                label: label.map(Text::from),
            });
        }
    }

    let own = name.trim().to_string();
    // The file's language (v2 `locale.language`, v1 `locale_catalog.language`).
    let language = ["locale.language", "locale_catalog.language"]
        .iter()
        .find_map(|at| src.peek(at)?.as_str().map(str::to_lowercase))
        .unwrap_or_default();
    let english = language.is_empty() || language.starts_with("en");
    let mut filed = sections::Filed::default();
    for (s, title) in titles.iter().enumerate() {
        let at = format!("cv.sections[{s}].entries");
        src.mark(&format!("cv.sections[{s}].title"));
        let count = src.len(&at);
        let section = filed.meaning(title, &mut warnings);
        let kind = lookup_first(&src, &at);
        // Entries of a kind RenderCV does not have (al-folio's newer cv.yml mixes in JSON
        // Resume's keys), and plain named entries in a section that has its own fields: by
        // what the section means, with the fields they have.
        let generic_section = matches!(
            section,
            Some(
                Section::Languages
                    | Section::Skills
                    | Section::Publications
                    | Section::Education
                    | Section::Experience
                    | Section::Awards
            )
        );
        if kind.is_none() || (kind == Some(EntryType::Normal) && generic_section) {
            let mut entries = Vec::new();
            for i in 0..count {
                let e = format!("{at}[{i}]");
                if !entries::generic(
                    &mut src,
                    &e,
                    section,
                    &name,
                    &mut p,
                    &mut entries,
                    &mut warnings,
                ) && src.peek(&e).is_some()
                {
                    warnings.push(format!(
                        "{e}: an entry with nothing that names it; left out"
                    ));
                    src.mark(&e);
                }
            }
            if !entries.is_empty() {
                apart(title, section, entries.len(), &mut warnings);
                p.sections.push(CustomSection {
                    title: section_title(title).into(),
                    entries,
                });
            }
            continue;
        }
        let Some(kind) = kind else { continue };
        let meaning = match section {
            Some(Section::Skills) => "skills",
            Some(Section::Awards) => "awards",
            Some(Section::Languages) => "languages",
            Some(Section::Bio) => "bio",
            Some(Section::Hobbies | Section::Interests) => "hobbies",
            _ => "",
        };
        let mut custom = CustomSection {
            title: (section_title(title)).into(),
            entries: Vec::new(),
        };
        for i in 0..count {
            let e = format!("{at}[{i}]");
            // An entry of another shape than the section's first: by its own fields.
            if src.peek(&e).and_then(entry_type) != Some(kind) {
                let mut more = Vec::new();
                if entries::generic(
                    &mut src,
                    &e,
                    section,
                    &name,
                    &mut p,
                    &mut more,
                    &mut warnings,
                ) {
                    custom.entries.extend(more);
                }
                continue;
            }
            match kind {
                EntryType::Text => {
                    let Some(text) = src.str(&e) else { continue };
                    if meaning == "bio" {
                        p.bio = Some(match p.bio.take() {
                            Some(bio) => format!("{bio}\n\n{text}").into(),
                            None => text.into(),
                        });
                    } else {
                        custom.entries.push(entry(text));
                    }
                }
                EntryType::Education => {
                    let Some(institution) = src.str(&format!("{e}.institution")) else {
                        continue;
                    };
                    let area = src.str(&format!("{e}.area")).unwrap_or_default();
                    let degree = match src
                        .str(&format!("{e}.degree"))
                        .or_else(|| src.str(&format!("{e}.studyType")))
                    {
                        // A degree that names its field already (`Ph.D. in Computer Science`).
                        Some(d) if d.to_lowercase().contains(&area.to_lowercase()) => d,
                        // "in" is English: other languages (and scripts) get a comma.
                        Some(d)
                            if !area.is_empty() && english && (d.is_ascii() && area.is_ascii()) =>
                        {
                            format!("{d} in {area}")
                        }
                        Some(d) if !area.is_empty() => format!("{d}, {area}"),
                        Some(d) => d,
                        None => area,
                    };
                    let (start, end, free) = period(&mut src, &e, &mut warnings);
                    let mut highlights = highlights(&mut src, &e);
                    highlights.extend(free.map(|f| format!("Date: {f}")));
                    let location = src.str(&format!("{e}.location")).map(Text::from);
                    let highlights: Vec<Text> = highlights.into_iter().map(Text::from).collect();
                    match section {
                        Some(Section::Education) => p.education.push(Education {
                            institution: institution.into(),
                            degree: degree.into(),
                            location,
                            start,
                            end,
                            highlights,
                            ..Education::default()
                        }),
                        Some(Section::Experience) => p.experience.push(Experience {
                            organization: institution.into(),
                            role: degree.into(),
                            location,
                            start,
                            end,
                            mentors: Vec::new(),
                            highlights,
                        }),
                        _ => custom.entries.push(CustomEntry {
                            title: (if degree.is_empty() {
                                institution.clone()
                            } else {
                                degree
                            })
                            .into(),
                            subtitle: Some(institution.into()),
                            location,
                            start,
                            end,
                            highlights,
                            ..CustomEntry::default()
                        }),
                    }
                }
                EntryType::Experience => {
                    let (Some(organization), Some(role)) = (
                        src.str(&format!("{e}.company")),
                        src.str(&format!("{e}.position")),
                    ) else {
                        continue;
                    };
                    let (start, end, free) = period(&mut src, &e, &mut warnings);
                    let mut highlights = highlights(&mut src, &e);
                    highlights.extend(free.map(|f| format!("Date: {f}")));
                    let location = src.str(&format!("{e}.location")).map(Text::from);
                    let highlights: Vec<Text> = highlights.into_iter().map(Text::from).collect();
                    match section {
                        Some(Section::Experience) => p.experience.push(Experience {
                            organization: organization.into(),
                            role: role.into(),
                            location,
                            start,
                            end,
                            mentors: Vec::new(),
                            highlights,
                        }),
                        Some(Section::Education) => p.education.push(Education {
                            institution: organization.into(),
                            degree: role.into(),
                            location,
                            start,
                            end,
                            highlights,
                            ..Education::default()
                        }),
                        _ => custom.entries.push(CustomEntry {
                            title: role.into(),
                            subtitle: Some(organization.into()),
                            location,
                            start,
                            end,
                            highlights,
                            ..CustomEntry::default()
                        }),
                    }
                }
                EntryType::Publication => {
                    if let Some(publication) =
                        publication(&mut src, &e, &own, &mut p, &mut warnings)
                    {
                        p.publications.push(publication);
                    }
                }
                EntryType::OneLine => {
                    let (Some(label), Some(details)) = (
                        src.str(&format!("{e}.label")),
                        src.str(&format!("{e}.details")),
                    ) else {
                        continue;
                    };
                    if meaning == "languages" {
                        p.languages.push(Language {
                            name: label.into(),
                            fluency: Some(details.into()),
                        });
                    } else if meaning == "skills" {
                        p.skills.push(Skill {
                            name: label.into(),
                            keywords: details
                                .split([',', ';'])
                                .map(str::trim)
                                .filter(|k| !k.is_empty())
                                .map(Text::from)
                                .collect(),
                        });
                    } else {
                        custom
                            .entries
                            .push(entry(format!("**{label}:** {details}")));
                    }
                }
                EntryType::Bullet | EntryType::Numbered | EntryType::ReversedNumbered => {
                    let key = match kind {
                        EntryType::Bullet => "bullet",
                        EntryType::Numbered => "number",
                        _ => "reversed_number",
                    };
                    let Some(text) = src.str(&format!("{e}.{key}")) else {
                        continue;
                    };
                    if meaning == "awards" {
                        p.awards.push(Award {
                            title: text.into(),
                            ..Award::default()
                        });
                    } else if meaning == "hobbies" {
                        p.hobbies.push(text.into());
                    } else {
                        custom.entries.push(entry(text));
                    }
                }
                EntryType::Normal => {
                    let Some(name) = src.str(&format!("{e}.name")) else {
                        continue;
                    };
                    let (start, end, free) = period(&mut src, &e, &mut warnings);
                    let highlights = highlights(&mut src, &e);
                    if meaning == "awards" {
                        let date = match (start, &end) {
                            (Some(d), _) => Some(d),
                            (None, Some(EndDate::Date(d))) => Some(*d),
                            _ => None,
                        };
                        p.awards.push(Award {
                            title: name.into(),
                            date,
                            note: ((!highlights.is_empty()).then(|| highlights.join("; ")))
                                .map(Text::from),
                            ..Award::default()
                        });
                        continue;
                    }
                    let (date, start, end) = match (start, end) {
                        (None, Some(EndDate::Date(d))) => (Some(d), None, None),
                        (start, end) => (None, start, end),
                    };
                    custom.entries.push(CustomEntry {
                        title: name.into(),
                        subtitle: free.map(Text::from),
                        location: (src.str(&format!("{e}.location"))).map(Text::from),
                        date,
                        start,
                        end,
                        highlights: highlights.into_iter().map(Text::from).collect::<Vec<_>>(),
                    });
                }
            }
        }
        if !custom.entries.is_empty() {
            apart(title, section, custom.entries.len(), &mut warnings);
            p.sections.push(custom);
        }
    }
    // Typst or LaTeX written into the text renders as code here: say where.
    for path in code_like_paths(src.value(), "") {
        warnings.push(format!(
            "{path}: looks like Typst or LaTeX code, which cvpdf prints as text"
        ));
    }
    for (s, title) in titles.iter().enumerate() {
        src.label_entries(&format!("cv.sections[{s}].entries"), &section_title(title));
    }
    for path in src.unused() {
        warnings.push(format!("{path}: no matching field"));
    }
    let warnings = src
        .named(warnings)
        .iter()
        .map(|w| name_sections(w, &titles))
        .collect();
    Ok((p, warnings))
}

/// The type of the entries at `at`, from the first one.
fn lookup_first(src: &Tracked, at: &str) -> Option<EntryType> {
    src.peek(&format!("{at}[0]")).and_then(entry_type)
}

/// A custom entry that is one line of text.
fn entry(title: String) -> CustomEntry {
    CustomEntry {
        title: title.into(),
        ..CustomEntry::default()
    }
}

/// An entry's summary (first) and highlights.
fn highlights(src: &mut Tracked, at: &str) -> Vec<String> {
    let mut out: Vec<String> = src.str(&format!("{at}.summary")).into_iter().collect();
    out.extend(src.strs(&format!("{at}.highlights")));
    out
}

/// A publication entry; `None` (with a warning) when it has no date to give it a year.
fn publication(
    src: &mut Tracked,
    at: &str,
    own: &str,
    p: &mut Profile,
    warnings: &mut Vec<String>,
) -> Option<Publication> {
    let title = src.str(&format!("{at}.title"))?;
    let authors: Vec<String> = src
        .strs(&format!("{at}.authors"))
        .into_iter()
        .map(|author| {
            // `***John Doe***`, `**John Doe**` or `*John Doe*` is how RenderCV files mark the
            // own name; cvpdf finds it by name, so the marks go (a different spelling becomes
            // a name variant).
            let bare = author.trim().trim_matches(['*', '_']).trim().to_string();
            if bare != author.trim() && bare != own && !p.name_variants.contains(&bare) {
                p.name_variants.push(bare.clone());
            }
            bare
        })
        .collect();
    let date = src.str(&format!("{at}.date")).and_then(|d| {
        parse_date(&d).ok().or_else(|| {
            parse_period(&d).and_then(|(f, t)| {
                f.or(match t {
                    Some(EndDate::Date(d)) => Some(d),
                    _ => None,
                })
            })
        })
    });
    let Some(date) = date else {
        warnings.push(format!(
            "{at}: \"{title}\" has no date, so no year; not carried over"
        ));
        return None;
    };
    let mut links = PublicationLinks {
        doi: src.str(&format!("{at}.doi")),
        ..PublicationLinks::default()
    };
    if let Some(url) = src.str(&format!("{at}.url")) {
        if url.to_lowercase().ends_with(".pdf") {
            links.pdf = Some(url);
        } else if url.contains("arxiv.org/") {
            links.arxiv = Some(url);
        } else {
            links.web = Some(url);
        }
    }
    Some(Publication {
        title: title.into(),
        authors: if authors.is_empty() {
            vec![p.name.clone()]
        } else {
            authors
        },
        venue: (src.str(&format!("{at}.journal"))).map(Text::from),
        venue_short: None,
        year: date.year,
        month: date.month,
        kind: PublicationKind::Other,
        status: PublicationStatus::Published,
        award: None,
        note: (src.str(&format!("{at}.summary"))).map(Text::from),
        links,
        selected: false,
    })
}

/// Paths of strings that look like Typst (`#emph[…]`, `#link(…)`) or LaTeX (`\textbf{…}`).
fn code_like_paths(value: &Value, path: &str) -> Vec<String> {
    match value {
        Value::String(s) => {
            let typst = s.contains("#")
                && ["#emph[", "#strong[", "#link(", "#text(", "#h(", "#v("]
                    .iter()
                    .any(|c| s.contains(c));
            let latex = [
                "\\textbf{",
                "\\textit{",
                "\\emph{",
                "\\href{",
                "\\vspace",
                "\\hspace",
            ]
            .iter()
            .any(|c| s.contains(c));
            if typst || latex {
                vec![path.to_string()]
            } else {
                Vec::new()
            }
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .flat_map(|(i, v)| code_like_paths(v, &format!("{path}[{i}]")))
            .collect(),
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| {
                let child = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                code_like_paths(v, &child)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `cv.sections[2].entries[0].x` as `cv.sections."Honors".entries[0].x` for the user.
fn name_sections(path: &str, titles: &[String]) -> String {
    let Some(rest) = path.strip_prefix("cv.sections[") else {
        return path.to_string();
    };
    let Some((index, tail)) = rest.split_once(']') else {
        return path.to_string();
    };
    match index.parse::<usize>().ok().and_then(|i| titles.get(i)) {
        Some(title) => format!(
            "cv.sections.\"{title}\"{}",
            tail.replacen(".entries", "", 1)
        ),
        None => path.to_string(),
    }
}
