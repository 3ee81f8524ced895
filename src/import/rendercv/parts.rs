//! The parts of a RenderCV file around its sections: the header, dates, links of social
//! networks, section titles, and how warnings name sections.

use serde_json::Value;

use super::{entry_type, EntryType};
use crate::import::{link_kind, parse_date, parse_period, Tracked};
use crate::profile::*;

/// An entry of a place and a name in it (a degree at an institution, a position at a
/// company), filed where its section says: education, experience, or a section of its own.
pub(super) struct Placed {
    pub place: String,
    pub name: String,
    pub location: Option<Text>,
    pub start: Option<Date>,
    pub end: Option<EndDate>,
    pub highlights: Vec<Text>,
}

impl Placed {
    /// The entry at `e` of `place` and `name`, with its dates, location and highlights (a
    /// date RenderCV could not read kept as a highlight).
    pub fn read(
        src: &mut Tracked,
        e: &str,
        place: String,
        name: String,
        warnings: &mut Vec<String>,
    ) -> Self {
        let (start, end, free) = period(src, e, warnings);
        let mut lines = highlights(src, e);
        lines.extend(free.map(|f| format!("Date: {f}")));
        Placed {
            place,
            name,
            location: src.str(&format!("{e}.location")).map(Text::from),
            start,
            end,
            highlights: lines.into_iter().map(Text::from).collect(),
        }
    }

    /// Files the entry: education or experience when the section is one, else `custom`.
    pub fn file(self, section: Option<Section>, p: &mut Profile, custom: &mut Vec<CustomEntry>) {
        let Placed {
            place,
            name,
            location,
            start,
            end,
            highlights,
        } = self;
        match section {
            Some(Section::Education) => p.education.push(Education {
                institution: place.into(),
                degree: name.into(),
                location,
                start,
                end,
                highlights,
                ..Education::default()
            }),
            Some(Section::Experience) => p.experience.push(Experience {
                organization: place.into(),
                role: name.into(),
                location,
                start,
                end,
                mentors: Vec::new(),
                highlights,
            }),
            _ => custom.push(CustomEntry {
                title: (if name.is_empty() { place.clone() } else { name }).into(),
                subtitle: Some(place.into()),
                location,
                start,
                end,
                highlights,
                ..CustomEntry::default()
            }),
        }
    }
}

/// The header: RenderCV's own settings (said, not carried), the CV's language, the name,
/// contact details, social networks and custom connections.
pub(super) fn header(src: &mut Tracked, warnings: &mut Vec<String>) -> (Profile, String) {
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
    let (email, more_emails) = one_or_many(src, "cv.email");
    p.contact.email = email;
    let (phone, more_phones) = one_or_many(src, "cv.phone");
    p.contact.phone = phone.map(|p| p.trim_start_matches("tel:").to_string());
    let (website, more_websites) = one_or_many(src, "cv.website");
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

    (p, name)
}

/// Says that `count` entries of a section meant for one of the profile's own lists lacked
/// what it needs and are listed apart, under the section's title.
pub(super) fn apart(
    title: &str,
    section: Option<Section>,
    count: usize,
    warnings: &mut Vec<String>,
) {
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
pub(super) fn language_code(name: &str) -> Option<&'static str> {
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
pub(super) fn section_title(key: &str) -> String {
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
pub(super) fn network_url(network: &str, username: &str) -> Option<String> {
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
pub(super) fn one_or_many(src: &mut Tracked, path: &str) -> (Option<String>, Vec<String>) {
    let mut all = src.strs(path);
    if all.is_empty() {
        return (src.str(path), Vec::new());
    }
    let first = all.remove(0);
    (Some(first), all)
}

/// A RenderCV date (`2023-05`, `2023`, `present`, or free text such as `Fall 2023`).
pub(super) fn period(
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

/// The type of the entries at `at`, from the first one.
pub(super) fn lookup_first(src: &Tracked, at: &str) -> Option<EntryType> {
    src.peek(&format!("{at}[0]")).and_then(entry_type)
}

/// A custom entry that is one line of text.
pub(super) fn entry(title: String) -> CustomEntry {
    CustomEntry {
        title: title.into(),
        ..CustomEntry::default()
    }
}

/// An entry's summary (first) and highlights.
pub(super) fn highlights(src: &mut Tracked, at: &str) -> Vec<String> {
    let mut out: Vec<String> = src.str(&format!("{at}.summary")).into_iter().collect();
    out.extend(src.strs(&format!("{at}.highlights")));
    out
}

/// A publication entry; `None` (with a warning) when it has no date to give it a year.
pub(super) fn publication(
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
pub(super) fn code_like_paths(value: &Value, path: &str) -> Vec<String> {
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
pub(super) fn name_sections(path: &str, titles: &[String]) -> String {
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
