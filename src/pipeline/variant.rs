//! From a loaded profile and a variant to what is compiled: the variant's style (the lab's with
//! the profile's own keys on top), the profile with only what the variant shows, and every
//! text in the CV's language, the fields without a translation told once.

use std::sync::Arc;

use crate::diag::{Diagnostic, Failure, Problem, Report};
use crate::profile::{localize, LoadedProfile};
use crate::style::{Style, StyleCache};

/// The most untranslated fields a warning names; the rest are counted.
const MAX_NAMED: usize = 12;

/// The style of `variant` (none: the full CV) for `loaded`.
pub fn variant_style(
    styles: &StyleCache,
    loaded: &LoadedProfile,
    variant: Option<&str>,
) -> Result<Arc<Style>, Failure> {
    let found = styles
        .for_variant(&loaded.dir, variant, &loaded.profile.variants)
        .map_err(|error| {
            let reason = "its lab configuration has errors";
            let mut diagnostics: Vec<Diagnostic> =
                error.report.into_iter().map(Diagnostic::from).collect();
            diagnostics.push(Diagnostic::error(format!(
                "{} is not rendered: {reason}",
                loaded.path.display()
            )));
            Failure {
                diagnostics,
                summary: reason.into(),
            }
        })?;
    match found {
        Some(Ok(style)) => Ok(style),
        Some(Err(problems)) => Err(profile_failure(loaded, problems)),
        None => Err(Failure::message(format!(
            "{} has no variant \"{}\": neither its lab configuration nor the profile defines it",
            loaded.path.display(),
            variant.unwrap_or_default()
        ))),
    }
}

/// The most untranslated texts `--strict` names one by one.
const MAX_STRICT_NAMED: usize = 49;

/// The profile as the CV in `style` shows it: the variant's publications and sections, every
/// text in the style's language. Fields with translations but none in that language are one
/// warning (an error with `strict`).
pub fn derive(
    loaded: &LoadedProfile,
    style: &Style,
) -> Result<(LoadedProfile, Vec<Diagnostic>), Failure> {
    let mut derived = loaded.clone();
    style.content.select(&mut derived.profile);
    crate::profile::order_in(&mut derived.profile, &style.section_order, &style.lang);
    let untranslated = localize(&mut derived.profile, &style.lang);
    if untranslated.is_empty() {
        return Ok((derived, Vec::new()));
    }
    let lang = &style.lang;
    if style.strict {
        // One error per text, as many as a report shows; the rest counted in one more, so
        // that 20,000 untranslated texts cost no more to report than 50.
        let mut problems: Vec<Problem> = untranslated
            .iter()
            .take(MAX_STRICT_NAMED)
            .map(|field| {
                Problem::error(format!("this text has no {lang} translation"))
                    .at_field(field.path.clone())
                    .with_help(format!(
                        "add `{lang}: …` beside the other languages, or render without --strict \
                         (and without `strict: true`)"
                    ))
            })
            .collect();
        let more = untranslated.len().saturating_sub(MAX_STRICT_NAMED);
        if more > 0 {
            problems.push(Problem::error(format!(
                "{more} more texts have no {lang} translation"
            )));
        }
        return Err(profile_failure(loaded, problems));
    }
    // "shown in de" when every one falls back to one language, else each field says which.
    let one_language = untranslated
        .iter()
        .all(|u| u.shown_in == untranslated[0].shown_in);
    let named: Vec<String> = untranslated
        .iter()
        .take(MAX_NAMED)
        .map(|u| {
            if one_language {
                u.path.clone()
            } else {
                format!("{} ({})", u.path, u.shown_in)
            }
        })
        .collect();
    let more = untranslated.len().saturating_sub(MAX_NAMED);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    let count = untranslated.len();
    let (fields, have) = if count == 1 {
        ("field", "has")
    } else {
        ("fields", "have")
    };
    let shown = if one_language {
        format!("shown in {}", untranslated[0].shown_in)
    } else {
        "each shown in the language written".to_string()
    };
    let warning = Diagnostic::warning(format!(
        "{}{}: {count} {fields} {have} no {lang} translation, {shown}: {}{more}",
        loaded.path.display(),
        variant_label(style),
        named.join(", "),
    ))
    .with_note("add the translations, or pass --strict to make this an error");
    Ok((derived, vec![warning]))
}

/// ` (variant short)`, or nothing for the full CV.
pub fn variant_label(style: &Style) -> String {
    style
        .variant
        .as_ref()
        .map_or_else(String::new, |v| format!(" (variant {v})"))
}

/// A failure told as problems of the profile's fields, located in its text.
fn profile_failure(loaded: &LoadedProfile, problems: Vec<Problem>) -> Failure {
    Failure::new(located(loaded, problems))
}

/// `problems` of the profile, each at its field's place in the file.
fn located(loaded: &LoadedProfile, problems: Vec<Problem>) -> Report {
    let problems = match crate::yaml::spans::SpanIndex::build(&loaded.text) {
        Ok(index) => crate::yaml::locate(problems, &index),
        Err(_) => problems,
    };
    Report::new(&loaded.path, Some(loaded.text.clone()), problems)
}

/// The texts the CV in `style` shows in another language, as warnings each at its field's
/// place (as many as a report shows, the rest counted): the form for machine-readable output,
/// where [`derive`] gives people one line.
pub fn untranslated_warnings(loaded: &LoadedProfile, style: &Style) -> Option<Diagnostic> {
    let mut derived = loaded.profile.clone();
    style.content.select(&mut derived);
    let untranslated = localize(&mut derived, &style.lang);
    if untranslated.is_empty() {
        return None;
    }
    let lang = &style.lang;
    let mut problems: Vec<Problem> = untranslated
        .iter()
        .take(MAX_STRICT_NAMED)
        .map(|u| {
            Problem::warning(format!(
                "this text has no {lang} translation{}; it is shown in {}",
                variant_label(style),
                u.shown_in
            ))
            .at_field(u.path.clone())
            .with_help(format!("add `{lang}: …` beside the other languages"))
        })
        .collect();
    let more = untranslated.len().saturating_sub(MAX_STRICT_NAMED);
    if more > 0 {
        problems.push(Problem::warning(format!(
            "{more} more texts have no {lang} translation"
        )));
    }
    Some(located(loaded, problems).into())
}
