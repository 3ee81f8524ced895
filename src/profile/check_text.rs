//! Validation of text by the one rule of [`super::kinds`]: markup a field cannot show and
//! contact fields that are not what they say are refused at their line, with what to write
//! instead.

use super::contact::{check_email, check_phone, Refusal};
use super::kinds::{each_text_value, kind_of, TextKind};
use super::markup::{fit, scan, Markup};
use super::model::Profile;
use crate::diag::Problem;

/// The longest quotation of a field's text a message holds.
const QUOTE_CHARS: usize = 60;

/// Every text of `profile` that breaks its field's rule; `texts` is a copy of it the walk may
/// borrow mutably (it changes nothing).
pub(super) fn text_problems(profile: &Profile, texts: &mut Profile) -> Vec<Problem> {
    let mut problems = Vec::new();
    each_text_value(texts, &mut |path, text| {
        if let Some(problem) = markup_problem(path, text) {
            problems.push(problem);
        }
    });
    let contact = &profile.contact;
    if let Some(Err(refusal)) = contact.email.as_deref().map(check_email) {
        problems.push(contact_problem("contact.email", refusal));
    }
    if let Some(Err(refusal)) = contact.phone.as_deref().map(check_phone) {
        problems.push(contact_problem("contact.phone", refusal));
    }
    problems
}

/// The problem of the text at `path`, if it holds markup its field cannot show.
pub fn markup_problem(path: &str, text: &str) -> Option<Problem> {
    let kind = kind_of(path);
    let (markup, fragment) = scan(kind, text)?;
    let problem = if markup == Markup::LinkWithCredentials {
        // The text is not quoted: it holds what should not be shown.
        Problem::error(markup.describe()).with_help(
            "write the address without `user:password@`; an e-mail address is written \
             [text](mailto:ada@example.org)",
        )
    } else if matches!(markup, Markup::Image | Markup::OtherLink) {
        Problem::error(format!(
            "{} (`{}`) would be printed as written",
            markup.describe(),
            quote(&fragment)
        ))
        .with_help(
            "a CV shows links written [text](https://…) to web and e-mail addresses; write the text alone, or put a backslash before the first character to print it as written",
        )
    } else if markup == Markup::BlankLine {
        Problem::error(format!(
            "a blank line starts a paragraph, and this field is {}",
            kind.name()
        ))
        .with_help(
            "join the lines; only `bio`, `highlights` and the `note` of papers and awards hold paragraphs",
        )
    } else {
        let mut dropped = Vec::new();
        let whole = fit(kind, text, &mut dropped);
        let help = if whole.chars().count() <= QUOTE_CHARS * 2 {
            format!("write `{whole}`")
        } else {
            format!(
                "write `{}` for `{}`",
                quote(&fit(kind, &fragment, &mut Vec::new())),
                quote(&fragment)
            )
        };
        let help = match (kind, markup) {
            (TextKind::Plain | TextKind::Address, Markup::Link) => {
                format!("{help}; this field cannot hold a link")
            }
            // Markdown can show markup as written: `\<s>` prints `<s>`, `1\.` prints `1.`.
            (TextKind::Paragraphs | TextKind::Inline, Markup::Html) => {
                format!(
                    "{help}, or put a backslash before its first character to print it as written"
                )
            }
            (TextKind::Paragraphs | TextKind::Inline, Markup::Block) => format!(
                "{help}, or put a backslash before the marker's mark (`\\#`, `\\-`, `1\\.`) to \
                 print it as written"
            ),
            _ => help,
        };
        Problem::error(format!(
            "{} (`{}`) would be printed as written: this field is {}",
            markup.describe(),
            quote(&fragment),
            kind.name()
        ))
        .with_help(help)
    };
    Some(problem.at_field(path))
}

/// A contact field refused.
fn contact_problem(path: &str, refusal: Refusal) -> Problem {
    let problem = Problem::error(refusal.message).at_field(path);
    match refusal.suggestion {
        Some(meant) => problem.with_help(format!("write `{meant}`")),
        None => problem,
    }
}

/// `text` cut to [`QUOTE_CHARS`] characters, on one line.
fn quote(text: &str) -> String {
    let one_line = crate::profile::one_line(text);
    if one_line.chars().count() <= QUOTE_CHARS {
        return one_line;
    }
    let cut: String = one_line.chars().take(QUOTE_CHARS - 1).collect();
    format!("{cut}…")
}
