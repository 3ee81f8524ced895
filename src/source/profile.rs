//! The data contract: the profile as the dictionary a template's `cv` function receives
//! (documented at the top of `templates/common.typ`).

use super::fields::*;
use super::groups::{listed, Listed};
use super::labels::{link_label, short_url};
use super::papers::paper_value;
use super::record::{grants_value, supervision_value};
use super::smart::Quotes;
use super::value::Value;
use crate::cite::{self, CitationStyle};
use crate::profile::{normalize_name, Numbering, Profile, Publication, Section};
use crate::timestamp::Timestamp;

/// The data contract: the dictionary the template's `cv` function receives. `lab_order` is
/// the lab's default section order, used when the profile gives none.
/// `photo` is the name the photo is served under, if the profile has one; `citation` the
/// citation style the papers are printed in and the CV's language, if not cvpdf's own layout.
pub fn profile_value(
    p: &Profile,
    photo: Option<&str>,
    lab_order: &[String],
    date: Option<Timestamp>,
    quotes: &Quotes,
    numbering: Numbering,
    citation: Option<(&CitationStyle, &str)>,
) -> Value {
    let t = Prose(quotes);
    let own = own_names(p);
    let mut publications: Vec<_> = p.publications.iter().enumerate().collect();
    // Newest first; a paper without a month comes after the dated ones of its year, and the
    // stable sort keeps the profile's order among equals.
    // A paper not out yet (no year) comes before every dated one.
    publications.sort_by_key(|(_, p)| std::cmp::Reverse(p.recency()));
    // Then as the list shows them: group by group, each with its number (one rule with the
    // lab's page).
    let newest_first: Vec<&Publication> = publications.iter().map(|&(_, p)| p).collect();
    let listed: Vec<(usize, &Publication, Listed)> = listed(&newest_first, numbering)
        .into_iter()
        .map(|l| (publications[l.index].0, publications[l.index].1, l))
        .collect();
    let references = citation.map(|(style, lang)| {
        let papers: Vec<_> = listed
            .iter()
            .map(|&(_, pb, _)| {
                let own_name = |name: &str| own.contains(&normalize_name(name));
                (
                    pb,
                    cite::people(&pb.authors, own_name),
                    cite::people(&pb.editors, own_name),
                )
            })
            .collect();
        cite::references(&papers, style, lang)
    });

    Value::Dict(vec![
        ("name", t.text(p.name.trim())),
        (
            "native_name",
            p.native_name.as_deref().map_or(Value::None, |n| t.text(n)),
        ),
        (
            "native_lang",
            Value::opt_str(
                p.native_name
                    .as_deref()
                    .and_then(crate::profile::script_language)
                    .map(str::to_string)
                    .as_ref(),
            ),
        ),
        ("headline", t.opt_rich(p.headline.as_deref())),
        (
            "photo",
            photo.map_or(Value::None, |name| Value::FileBytes(name.to_string())),
        ),
        ("bio", t.opt_paragraphs(p.bio.as_deref())),
        ("interests", t.texts(&p.interests)),
        (
            "affiliations",
            list(&p.affiliations, |a| {
                Value::Dict(vec![
                    ("name", t.text(&a.name)),
                    ("url", opt_url(a.url.as_deref())),
                ])
            }),
        ),
        (
            "contact",
            Value::Dict(vec![
                ("email", Value::opt_str(p.contact.email.as_ref())),
                ("phone", Value::opt_str(p.contact.phone.as_ref())),
                (
                    "phone_url",
                    p.contact
                        .phone
                        .as_deref()
                        .and_then(crate::link::tel)
                        .map_or(Value::None, Value::Str),
                ),
                ("website", opt_url(p.contact.website.as_deref())),
                (
                    "website_label",
                    p.contact
                        .website
                        .as_deref()
                        .and_then(|u| crate::link::check(u).ok())
                        .map_or(Value::None, |u| Value::Str(short_url(&u))),
                ),
                ("address", t.address(p.contact.address.as_ref())),
            ]),
        ),
        (
            "links",
            list(&p.links, |l| {
                let url = web_url(&l.url);
                let label = match &l.label {
                    Some(label) => t.text(label),
                    None => Value::Str(link_label(l.kind, None, &url)),
                };
                Value::Dict(vec![
                    ("kind", Value::str(<&str>::from(l.kind))),
                    ("url", Value::Str(url)),
                    ("label", label),
                ])
            }),
        ),
        (
            "education",
            list(&p.education, |e| {
                Value::Dict(vec![
                    ("institution", t.text(&e.institution)),
                    ("degree", t.text(&e.degree)),
                    ("location", t.opt_text(e.location.as_ref())),
                    ("start", opt_date(e.start)),
                    ("end", opt_end(e.end)),
                    ("expected", Value::Bool(e.expected)),
                    ("advisors", t.texts(&e.advisors)),
                    ("score", t.opt_rich(e.score.as_deref())),
                    ("highlights", t.paragraph_list(&e.highlights)),
                ])
            }),
        ),
        (
            "experience",
            list(&p.experience, |e| {
                Value::Dict(vec![
                    ("organization", t.text(&e.organization)),
                    ("role", t.text(&e.role)),
                    ("location", t.opt_text(e.location.as_ref())),
                    ("start", opt_date(e.start)),
                    ("end", opt_end(e.end)),
                    ("mentors", t.texts(&e.mentors)),
                    ("highlights", t.paragraph_list(&e.highlights)),
                ])
            }),
        ),
        (
            "publications",
            Value::Array(
                listed
                    .iter()
                    .enumerate()
                    .map(|(i, &(index, pb, place))| {
                        let reference = references.as_ref().map(|r| r[i].as_slice());
                        let paper = paper_value(pb, &own, t, &place, reference);
                        Value::Indexed(index, Box::new(paper))
                    })
                    .collect(),
            ),
        ),
        ("grants", grants_value(&p.grants, t)),
        ("supervision", supervision_value(&p.supervision, t)),
        (
            "talks",
            list(&p.talks, |talk| {
                Value::Dict(vec![
                    ("title", t.rich(&talk.title)),
                    (
                        "events",
                        list(&talk.events, |e| {
                            Value::Dict(vec![
                                ("event", t.text(&e.event)),
                                ("location", t.opt_text(e.location.as_ref())),
                                ("date", opt_date(e.date)),
                            ])
                        }),
                    ),
                ])
            }),
        ),
        (
            "teaching",
            list(&p.teaching, |c| {
                Value::Dict(vec![
                    ("course", t.text(&c.course)),
                    ("institution", t.opt_text(c.institution.as_ref())),
                    ("role", t.opt_text(c.role.as_ref())),
                    ("terms", t.texts(&c.terms)),
                    ("highlights", t.paragraph_list(&c.highlights)),
                ])
            }),
        ),
        (
            "awards",
            list(&p.awards, |a| {
                Value::Dict(vec![
                    ("title", t.rich(&a.title)),
                    ("awarder", t.opt_text(a.awarder.as_ref())),
                    ("date", opt_date(a.date)),
                    (
                        "years",
                        Value::Array(a.years.iter().map(|y| Value::Int(i64::from(*y))).collect()),
                    ),
                    ("rank", t.opt_text(a.rank.as_ref())),
                    ("note", t.opt_paragraphs(a.note.as_deref())),
                ])
            }),
        ),
        (
            "service",
            list(&p.service, |s| {
                Value::Dict(vec![
                    ("role", t.text(&s.role)),
                    ("venues", t.texts(&s.venues)),
                ])
            }),
        ),
        (
            "skills",
            list(&p.skills, |s| {
                Value::Dict(vec![
                    ("name", t.text(&s.name)),
                    ("keywords", t.texts(&s.keywords)),
                ])
            }),
        ),
        (
            "languages",
            list(&p.languages, |l| {
                Value::Dict(vec![
                    ("name", t.text(&l.name)),
                    ("fluency", t.opt_text(l.fluency.as_ref())),
                ])
            }),
        ),
        ("hobbies", t.rich_list(&p.hobbies)),
        (
            "sections",
            list(&p.sections, |s| {
                Value::Dict(vec![
                    ("title", t.text(&s.title)),
                    (
                        "entries",
                        list(&s.entries, |e| {
                            Value::Dict(vec![
                                ("title", t.rich(&e.title)),
                                ("subtitle", t.opt_rich(e.subtitle.as_deref())),
                                ("location", t.opt_text(e.location.as_ref())),
                                ("date", opt_date(e.date)),
                                ("start", opt_date(e.start)),
                                ("end", opt_end(e.end)),
                                ("highlights", t.paragraph_list(&e.highlights)),
                            ])
                        }),
                    ),
                ])
            }),
        ),
        ("order", section_order(p, lab_order)),
        ("updated", opt_date(p.updated)),
        ("document_date", date.map_or(Value::None, datetime)),
    ])
}

/// Which sections appear, in which order: the keys of the profile's `section_order` (or, when
/// it has none, the lab's) first, then every other non-empty section in the default order
/// (custom sections before hobbies). Custom sections are given by their index in `sections`.
fn section_order(p: &Profile, lab_order: &[String]) -> Value {
    let listed = if p.section_order.is_empty() {
        lab_order
    } else {
        &p.section_order
    };
    let has_content = |key: &str| match Section::from_key(key) {
        Some(section) => section.has_content(p),
        None => p
            .sections
            .iter()
            .any(|s| s.title == key && !s.entries.is_empty()),
    };
    let value = |key: &str| match Section::from_key(key) {
        Some(section) => Value::str(section.key()),
        None => Value::Int(
            p.sections
                .iter()
                .position(|s| s.title == key)
                .unwrap_or_default() as i64,
        ),
    };
    let mut order: Vec<Value> = listed
        .iter()
        .filter(|key| has_content(key))
        .map(|key| value(key))
        .collect();
    let defaults = Section::keys()
        .filter(|k| *k != Section::Hobbies.key())
        .map(str::to_string)
        .chain(p.sections.iter().map(|s| s.title.to_string()))
        .chain([Section::Hobbies.key().to_string()]);
    for key in defaults {
        if has_content(&key) && !listed.contains(&key) {
            order.push(value(&key));
        }
    }
    Value::Array(order)
}

#[cfg(test)]
mod tests;
