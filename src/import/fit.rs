//! Every imported profile passes here before it is written, whatever format it came from:
//!
//! - each text through the conversion layer ([`convert::text::foreign`]: comments, TeX math,
//!   LaTeX commands, link targets), characters no bundled font has (emoji) left out, then
//!   made to fit its field by the one rule of [`crate::profile::kinds`];
//! - every address through the one link classifier ([`convert::links`]): a link that cannot
//!   be one is left out with a warning, a link to a service nothing knows is labelled by its
//!   host;
//! - contact fields reduced to what they are (the address inside an HTML `mailto:` link);
//! - entries made whole: an end before its start is swapped, an entry without the field its
//!   section needs goes to a section of its own.
//!
//! Whatever could not be kept is said in a warning, so a render of an import never refuses
//! what the importer wrote.

use super::convert::links::{self, Address};
use super::convert::text::{self, Context};
use crate::import::Warning;
use crate::profile::contact::{check_email, check_phone, url_in, Refusal};
use crate::profile::kinds::each_text_value;
use crate::profile::markup::fit;
use crate::profile::MAX_TEXT_CHARS;
use crate::profile::{kind_of, LinkKind, Profile, Text};

/// Makes every value of `profile` fit its field; `base_url` is the site's address for links
/// within it. Returns what was left out or changed in a way worth telling.
pub(super) fn fit_profile(profile: &mut Profile, base_url: Option<&str>) -> Vec<Warning> {
    let mut context = Context {
        base_url: base_url.map(String::from),
        ..Context::default()
    };
    let mut warnings = Vec::new();
    let mut unprintable = String::new();
    each_text_value(profile, &mut |path, value| {
        let converted = text::foreign(value, path, &mut context);
        let mut converted = without_unprintable(&converted, &mut unprintable);
        // A text longer than a profile holds is cut at a word, and said.
        if converted.chars().count() > MAX_TEXT_CHARS {
            let cut: String = converted.chars().take(MAX_TEXT_CHARS - 1).collect();
            let at = cut.rfind(char::is_whitespace).unwrap_or(cut.len());
            converted = format!("{}…", &cut[..at]);
            warnings.push(Warning::at(
                path,
                format!("longer than the {MAX_TEXT_CHARS} characters a text holds; cut short"),
            ));
        }
        let mut dropped = Vec::new();
        *value = fit(kind_of(path), &converted, &mut dropped);
        for url in dropped {
            warnings.push(Warning::at(
                path,
                format!("the link to {url} was left out (this field is plain text)"),
            ));
        }
    });
    warnings.append(&mut context.warnings);
    super::whole::capped(profile, &mut warnings);
    fit_links(profile, base_url, &mut warnings);
    let contact = &mut profile.contact;
    fit_contact(
        "contact.email",
        &mut contact.email,
        check_email,
        &mut warnings,
    );
    fit_contact(
        "contact.phone",
        &mut contact.phone,
        check_phone,
        &mut warnings,
    );
    fit_contact(
        "contact.website",
        &mut contact.website,
        check_url,
        &mut warnings,
    );
    super::whole::fit_entries(profile, &mut warnings);
    super::whole::without_blank_entries(profile, &mut warnings);
    super::whole::one_paper_each(profile, &mut warnings);
    if !context.dropped.is_empty() {
        let names: Vec<String> = context.dropped.into_iter().collect();
        warnings.push(Warning::note(format!(
            "markup cvpdf does not know was dropped, its text kept: {}",
            names.join(" ")
        )));
    }
    if !unprintable.is_empty() {
        warnings.push(Warning::note(format!(
            "characters no bundled font can print were left out: {unprintable}"
        )));
    }
    warnings
}

/// `text` without pictographs (emoji, their joiners, skin tones and variation selectors),
/// which no bundled font has; each one left out is added to `left` once.
fn without_unprintable(text: &str, left: &mut String) -> String {
    // Control characters (but line breaks and tabs) have no place in text, and no face; a
    // terminal's escape sequence goes whole.
    let controlled = super::convert::controls::without_controls(text);
    let text = controlled.as_deref().unwrap_or(text);
    let pictograph = |c: char| {
        crate::profile::is_bidi_control(c)
            || matches!(c as u32,
            0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF
            | 0xFE0F | 0x200D | 0xE0020..=0xE007F)
    };
    if controlled.is_none() && !text.chars().any(pictograph) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if pictograph(c) {
            if !matches!(c, '\u{FE0F}' | '\u{200D}')
                && !crate::profile::is_bidi_control(c)
                && !left.contains(c)
                && left.chars().count() < 40
            {
                left.push(c);
            }
        } else {
            out.push(c);
        }
    }
    // `Dog Mom 🐶, …` leaves `Dog Mom , …`: the space before the punctuation goes.
    let out = out.replace(" ,", ",").replace(" .", ".").replace("  ", " ");
    out.trim().to_string()
}

/// Every address of the profile through the link classifier; links that cannot be one are
/// left out, an e-mail among the links becomes the contact address.
fn fit_links(profile: &mut Profile, base_url: Option<&str>, warnings: &mut Vec<Warning>) {
    let mut kept = Vec::new();
    for (i, mut link) in std::mem::take(&mut profile.links).into_iter().enumerate() {
        match links::address(&link.url, base_url) {
            Ok(Address::Web(url)) => {
                link.url = url;
                if link.kind == LinkKind::Other {
                    link.kind = links::kind_of_url(&link.url);
                }
                if link.kind == LinkKind::Other && link.label.is_none() {
                    link.label = Some(Text::from(crate::link::host::site_name(&link.url)));
                }
                if !kept
                    .iter()
                    .any(|k: &crate::profile::Link| k.url == link.url)
                {
                    kept.push(link);
                }
            }
            Ok(Address::Mail(mail)) => {
                if profile.contact.email.is_none() {
                    profile.contact.email = Some(mail);
                }
            }
            Err(why) => warnings.push(Warning::at(
                format!("links[{i}]"),
                format!("the link to \"{}\" was left out ({why})", link.url),
            )),
        }
    }
    profile.links = kept;
    for (i, affiliation) in profile.affiliations.iter_mut().enumerate() {
        web_only(
            &mut affiliation.url,
            &format!("affiliations[{i}].url"),
            base_url,
            warnings,
        );
    }
    for (i, paper) in profile.publications.iter_mut().enumerate() {
        let l = &mut paper.links;
        // Identifiers, found in whatever wraps them and checked.
        for (name, slot, find) in [
            (
                "doi",
                &mut l.doi,
                links::doi_in as fn(&str) -> Option<String>,
            ),
            ("arxiv", &mut l.arxiv, links::arxiv_in),
        ] {
            if let Some(raw) = slot.take() {
                *slot = find(&raw);
                if slot.is_none() {
                    warnings.push(Warning::at(
                        format!("publications[{i}].links.{name}"),
                        format!("\"{raw}\" is not one; left out"),
                    ));
                }
            }
        }
        // Identifiers are checked as identifiers above; every other link is an address.
        for (name, slot) in l.each_mut() {
            if matches!(name, "doi" | "arxiv") {
                continue;
            }
            web_only(
                slot,
                &format!("publications[{i}].links.{name}"),
                base_url,
                warnings,
            );
        }
    }
    let website = profile.contact.website.take();
    profile.contact.website = website.map(|url| match links::address(&url, base_url) {
        Ok(Address::Web(web)) => web,
        _ => url,
    });
}

/// A field that holds a web address: the address, or nothing (with a warning).
fn web_only(
    slot: &mut Option<String>,
    field: &str,
    base: Option<&str>,
    warnings: &mut Vec<Warning>,
) {
    let Some(raw) = slot.take() else {
        return;
    };
    match links::address(&raw, base) {
        Ok(Address::Web(url)) => *slot = Some(url),
        Ok(Address::Mail(_)) => warnings.push(Warning::at(
            field,
            format!("\"{raw}\" is a mail address, not a page"),
        )),
        Err(why) => warnings.push(Warning::at(
            field,
            format!("the link to \"{raw}\" was left out ({why})"),
        )),
    }
}

/// A web address as the link check takes it, or the one address inside it (an HTML link's
/// `href`).
fn check_url(value: &str) -> Result<(), Refusal> {
    match crate::link::check(value) {
        Ok(_) if !value.contains(['<', '>', ' ']) => Ok(()),
        _ => Err(Refusal {
            message: "this is not a web address".into(),
            suggestion: url_in(value),
        }),
    }
}

/// A contact field made what it says: the value it holds when there is one (the address in
/// an HTML link), else left out with a warning.
fn fit_contact(
    field: &str,
    value: &mut Option<String>,
    check: fn(&str) -> Result<(), Refusal>,
    warnings: &mut Vec<Warning>,
) {
    let Some(Err(refusal)) = value.as_deref().map(check) else {
        return;
    };
    if refusal.suggestion.is_none() {
        warnings.push(Warning::at(
            field,
            format!(
                "\"{}\" was left out: {}",
                value.as_deref().unwrap_or_default(),
                refusal.message
            ),
        ));
    }
    *value = refusal.suggestion;
}
