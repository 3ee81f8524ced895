//! How each kind of field becomes a Typst value: rich text, dates, addresses, authors, and the
//! names of enumerations.

use super::inline;
use super::smart::{smarten, smarten_nodes, Quotes};
use super::value::Value;
use crate::profile::kinds::normalized_breaks;
use crate::profile::{
    author_marks, normalize_name, Date, EndDate, Profile, PublicationLinks, Text,
};
use crate::timestamp::Timestamp;

pub(super) fn list<T>(items: &[T], f: impl Fn(&T) -> Value) -> Value {
    Value::Array(items.iter().map(f).collect())
}

/// Profile text as the reader sees it: with smart punctuation in the CV's language.
#[derive(Clone, Copy)]
pub(super) struct Prose<'q>(pub &'q Quotes);

impl Prose<'_> {
    /// Plain text on one line (its line breaks as spaces: [`crate::profile::TextKind::Plain`]).
    pub fn text(self, text: &str) -> Value {
        Value::Str(smarten(&one_line(text, " "), self.0))
    }

    /// A value the templates know (a key they translate, an edition's number) or, where the
    /// profile wrote words of its own instead, those words: a dict of `name` and `text`, one of
    /// them none (a thesis's degree, a role, an edition).
    pub fn known_or_text(self, name: &'static str, known: Result<Value, &str>) -> Value {
        match known {
            Ok(value) => Value::Dict(vec![(name, value), ("text", Value::None)]),
            Err(text) => Value::Dict(vec![(name, Value::None), ("text", self.text(text))]),
        }
    }

    pub fn opt_text(self, text: Option<&Text>) -> Value {
        text.map_or(Value::None, |t| self.text(t))
    }

    pub fn texts(self, items: &[Text]) -> Value {
        Value::Array(items.iter().map(|t| self.text(t)).collect())
    }

    /// A postal address on one line, its lines joined by commas.
    pub fn address(self, text: Option<&Text>) -> Value {
        text.map_or(Value::None, |t| {
            Value::Str(smarten(&one_line(t, ", "), self.0))
        })
    }

    /// One line of inline markdown as content: a paragraph break (which validation refuses in
    /// such a field) is a space.
    pub fn rich(self, text: &str) -> Value {
        let nodes = inline::parse(normalized_breaks(text).trim())
            .into_iter()
            .map(|node| match node {
                inline::Node::ParBreak => inline::Node::Text(" ".into()),
                node => node,
            })
            .collect();
        self.content(nodes)
    }

    pub fn opt_rich(self, text: Option<&str>) -> Value {
        text.map_or(Value::None, |t| self.rich(t))
    }

    pub fn rich_list(self, items: &[Text]) -> Value {
        Value::Array(items.iter().map(|s| self.rich(s)).collect())
    }

    /// Paragraphs of inline markdown as content: a blank line is a paragraph break.
    pub fn paragraphs(self, text: &str) -> Value {
        self.content(inline::parse(normalized_breaks(text).trim()))
    }

    pub fn opt_paragraphs(self, text: Option<&str>) -> Value {
        text.map_or(Value::None, |t| self.paragraphs(t))
    }

    pub fn paragraph_list(self, items: &[Text]) -> Value {
        Value::Array(items.iter().map(|s| self.paragraphs(s)).collect())
    }

    fn content(self, mut nodes: Vec<inline::Node>) -> Value {
        smarten_nodes(&mut nodes, self.0);
        Value::Content(inline::to_content(&nodes))
    }
}

/// The lines of `text` joined by `joint`, blank ones left out, each trimmed.
pub(super) fn one_line(text: &str, joint: &str) -> String {
    let text = normalized_breaks(text);
    if !text.contains(['\n', '\t']) {
        return text.into_owned();
    }
    text.lines()
        .map(|line| line.replace('\t', " ").trim().to_string())
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(joint)
}

pub(super) fn date_value(d: Date) -> Value {
    let opt = |v: Option<u8>| v.map_or(Value::None, |v| Value::Int(i64::from(v)));
    Value::Dict(vec![
        ("year", Value::Int(i64::from(d.year))),
        ("month", opt(d.month)),
        ("day", opt(d.day)),
    ])
}

pub(super) fn opt_date(d: Option<Date>) -> Value {
    d.map_or(Value::None, date_value)
}

pub(super) fn opt_end(d: Option<EndDate>) -> Value {
    match d {
        None => Value::None,
        Some(EndDate::Present) => Value::str("present"),
        Some(EndDate::Date(d)) => date_value(d),
    }
}

/// A Typst `datetime(…)` for the document's date.
pub(super) fn datetime(t: Timestamp) -> Value {
    let mut fields = vec![
        ("year", Value::Int(i64::from(t.year))),
        ("month", Value::Int(i64::from(t.month))),
        ("day", Value::Int(i64::from(t.day))),
    ];
    if let Some((h, m, s)) = t.time {
        fields.extend([
            ("hour", Value::Int(i64::from(h))),
            ("minute", Value::Int(i64::from(m))),
            ("second", Value::Int(i64::from(s))),
        ]);
    }
    Value::Call("datetime", fields)
}

/// An address as a link ([`crate::link::check`]: `https://` added when it has no scheme);
/// the loader refused any other, so what fails here is kept as text only by the caller.
pub fn web_url(url: &str) -> String {
    crate::link::check(url).unwrap_or_else(|_| url.trim().to_string())
}

/// An optional address as a link; one that fails the link check is no link at all.
pub(super) fn opt_url(url: Option<&str>) -> Value {
    url.and_then(|u| crate::link::check(u).ok())
        .map_or(Value::None, Value::Str)
}

/// Publication links as addresses ([`PublicationLinks::addresses`]).
pub(super) fn publication_links(links: &PublicationLinks) -> Value {
    Value::Dict(
        links
            .addresses()
            .into_iter()
            .map(|(key, url)| (key, url.map_or(Value::None, Value::Str)))
            .collect(),
    )
}

/// The own name and its variants, normalised for matching in author lists.
pub(super) fn own_names(p: &Profile) -> Vec<String> {
    p.own_names().map(normalize_name).collect()
}

/// One author: the name without its markers, and what the markers and the own name say.
pub(super) fn author(raw: &str, own: &[String], prose: Prose) -> Value {
    let (name, equal, corresponding) = author_marks(raw);
    let me = own.contains(&normalize_name(name));
    Value::Dict(vec![
        ("name", prose.text(name)),
        ("me", Value::Bool(me)),
        ("equal", Value::Bool(equal)),
        ("corresponding", Value::Bool(corresponding)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_break_of_a_one_line_field_is_a_space() {
        assert_eq!(
            one_line("Ada\u{2028}Lovelace\rand\r\nBabbage\u{2029}x\ty", " "),
            "Ada Lovelace and Babbage x y"
        );
        assert_eq!(one_line("1 Main St\n\nLondon", ", "), "1 Main St, London");
    }
}
