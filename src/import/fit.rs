//! Every imported profile passes here before it is written: each text made to fit its field
//! by the one rule of [`crate::profile::kinds`] (HTML to Markdown or text, entities decoded,
//! Markdown in plain fields reduced to its words, a blank line in a one-line field joined),
//! and contact fields reduced to what they are (the address inside an HTML `mailto:` link).
//! Whatever could not be kept is said in a warning, so a render of an import never refuses
//! what the importer wrote.

use crate::profile::contact::{check_email, check_phone, url_in, Refusal};
use crate::profile::kinds::each_text_value;
use crate::profile::markup::fit;
use crate::profile::{kind_of, Profile};

/// Makes every text of `profile` fit its field; returns what was left out or changed in a
/// way worth telling.
pub(super) fn fit_profile(profile: &mut Profile) -> Vec<String> {
    let mut warnings = Vec::new();
    each_text_value(profile, &mut |path, text| {
        let mut dropped = Vec::new();
        *text = fit(kind_of(path), text, &mut dropped);
        for url in dropped {
            warnings.push(format!(
                "{path}: the link to {url} was left out (this field is plain text)"
            ));
        }
    });
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
    warnings
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
    warnings: &mut Vec<String>,
) {
    let Some(Err(refusal)) = value.as_deref().map(check) else {
        return;
    };
    if refusal.suggestion.is_none() {
        warnings.push(format!(
            "{field}: \"{}\" was left out: {}",
            value.as_deref().unwrap_or_default(),
            refusal.message
        ));
    }
    *value = refusal.suggestion;
}
