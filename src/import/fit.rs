//! Every imported profile passes here before it is written: each text made to fit its field
//! by the one rule of [`crate::profile::kinds`] (HTML to Markdown or text, entities decoded,
//! Markdown in plain fields reduced to its words, a blank line in a one-line field joined),
//! and contact fields reduced to what they are (the address inside an HTML `mailto:` link).
//! Whatever could not be kept is said in a warning, so a render of an import never refuses
//! what the importer wrote.

use crate::profile::contact::{check_email, check_phone};
use crate::profile::markup::fit;
use crate::profile::{kind_of, EachText, Profile};

/// Makes every text of `profile` fit its field; returns what was left out or changed in a
/// way worth telling.
pub(super) fn fit_profile(profile: &mut Profile) -> Vec<String> {
    let mut warnings = Vec::new();
    let mut fix = |path: &str, text: &mut String| {
        let mut dropped = Vec::new();
        let fitted = fit(kind_of(path), text, &mut dropped);
        for url in dropped {
            warnings.push(format!(
                "{path}: the link to {url} was left out (this field is plain text)"
            ));
        }
        *text = fitted;
    };
    fix("name", &mut profile.name);
    if let Some(native) = &mut profile.native_name {
        fix("native_name", native);
    }
    for (i, variant) in profile.name_variants.iter_mut().enumerate() {
        fix(&format!("name_variants[{i}]"), variant);
    }
    for (i, paper) in profile.publications.iter_mut().enumerate() {
        for (j, author) in paper.authors.iter_mut().enumerate() {
            fix(&format!("publications[{i}].authors[{j}]"), author);
        }
    }
    profile.each_text("", &mut |path, text| {
        let fitted = text.map_each(|lang, value| {
            let at = lang.map_or_else(|| path.to_string(), |lang| format!("{path}.{lang}"));
            let mut value = value.to_string();
            fix(&at, &mut value);
            value
        });
        *text = fitted;
    });
    let contact = &mut profile.contact;
    if let Some(email) = &contact.email {
        if let Err(refusal) = check_email(email) {
            match refusal.suggestion {
                Some(address) => contact.email = Some(address),
                None => {
                    warnings.push(format!(
                        "contact.email: \"{email}\" was left out: {}",
                        refusal.message
                    ));
                    contact.email = None;
                }
            }
        }
    }
    if let Some(phone) = &contact.phone {
        if let Err(refusal) = check_phone(phone) {
            match refusal.suggestion {
                Some(number) => contact.phone = Some(number),
                None => {
                    warnings.push(format!(
                        "contact.phone: \"{phone}\" was left out: {}",
                        refusal.message
                    ));
                    contact.phone = None;
                }
            }
        }
    }
    warnings
}
