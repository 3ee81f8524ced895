//! A RenderCV file's header (`cv:` without its sections): the name, contact fields, the
//! social networks as links (RenderCV makes their addresses from usernames), and the
//! language the file is written in.

use super::parts::one_or_many;
use crate::import::Warning;
use crate::import::{link_kind, Tracked};
use crate::profile::*;

/// The header: RenderCV's own settings (said, not carried), the CV's language, the name,
/// contact details, social networks and custom connections.
pub(super) fn header(src: &mut Tracked, warnings: &mut Vec<Warning>) -> (Profile, String) {
    for key in [
        "design",
        "locale",
        "locale_catalog",
        "settings",
        "rendercv_settings",
    ] {
        if src.get(key).is_some() {
            src.mark(key);
            warnings.push(Warning::at(
                key,
                "RenderCV's own settings; cvpdf's are in cvpdf.yaml",
            ));
        }
    }
    // The CV's language is cvpdf's to set too: say how.
    let language = ["locale.language", "locale_catalog.language"]
        .iter()
        .find_map(|at| src.peek(at)?.as_str().map(str::to_lowercase));
    if let Some(code) = language
        .as_deref()
        .and_then(crate::template::language_code)
        .filter(|c| c != "en")
    {
        warnings.push(Warning::at(
            "locale",
            format!(
                "the CV is in {}; render it in that language with `--lang {code}` or \
             `lang: {code}` in cvpdf.yaml",
                language.as_deref().unwrap_or_default()
            ),
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
        warnings.push(Warning::at(
            "cv",
            format!("a second e-mail or phone \"{extra}\" (a profile has one)"),
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
        warnings.push(Warning::at(
            "cv.photo",
            "copy the photo next to the profile and set `photo:` to its file name",
        ));
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
            None => warnings.push(Warning::at(
                &at,
                format!("no address is known for network \"{network}\""),
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
