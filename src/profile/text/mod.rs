//! Text a profile may give in several languages: `institution: Peking University`, or
//! `institution: {en: Peking University, zh: 北京大学}`. A CV in one language shows the text
//! of that language; a field that has translations but not that one shows its English (or its
//! only, or first) text and is listed once as untranslated. Plain text is the same in every
//! language.

use std::fmt;
use std::ops::Deref;

mod format;
mod script;

pub use script::script_language;

/// `text` on one line: every run of white space (line breaks, tabs, no-break spaces) one
/// space, none at either end. The one rule for text shown where a line break means nothing (a
/// name, a label, a BibTeX value, a warning that quotes the text).
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The language a text without the CV's language falls back to.
pub const FALLBACK_LANGUAGE: &str = "en";

/// A text, plain or translated.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Text(Repr);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// The same in every language.
    Plain(String),
    /// (language, text) pairs in the order written.
    Translated(Vec<(String, String)>),
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Plain(String::new())
    }
}

impl Text {
    /// The text in `lang`, and whether it had to fall back to another language's.
    pub fn pick(&self, lang: &str) -> (&str, bool) {
        match &self.0 {
            Repr::Plain(s) => (s, false),
            Repr::Translated(pairs) => match pairs.iter().find(|(l, _)| l == lang) {
                Some((_, s)) => (s, false),
                None => (self.fallback(), true),
            },
        }
    }

    /// The text shown when the CV's language is missing: English, else the first written.
    fn fallback(&self) -> &str {
        match &self.0 {
            Repr::Plain(s) => s,
            Repr::Translated(_) => self.fallback_pair().map_or("", |(_, s)| s),
        }
    }

    /// The language of the text shown when the CV's language is missing (none for plain
    /// text, which is every language's).
    pub fn fallback_language(&self) -> Option<&str> {
        self.fallback_pair().map(|(l, _)| l)
    }

    /// The translation shown when the CV's language is missing.
    fn fallback_pair(&self) -> Option<(&str, &str)> {
        match &self.0 {
            Repr::Plain(_) => None,
            Repr::Translated(pairs) => pairs
                .iter()
                .find(|(l, _)| l == FALLBACK_LANGUAGE)
                .or(pairs.first())
                .map(|(l, s)| (l.as_str(), s.as_str())),
        }
    }

    /// The same text with `f` applied to each of its strings, given the language of each
    /// translation (none for plain text).
    pub fn map_each(&self, mut f: impl FnMut(Option<&str>, &str) -> String) -> Text {
        Text(match &self.0 {
            Repr::Plain(s) => Repr::Plain(f(None, s)),
            Repr::Translated(pairs) => Repr::Translated(
                pairs
                    .iter()
                    .map(|(lang, s)| (lang.clone(), f(Some(lang), s)))
                    .collect(),
            ),
        })
    }

    /// The translations as (language, text), or none for plain text.
    pub fn translations(&self) -> Option<&[(String, String)]> {
        match &self.0 {
            Repr::Plain(_) => None,
            Repr::Translated(pairs) => Some(pairs),
        }
    }

    /// Every text it holds: the one, or each translation.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        let (one, pairs) = match &self.0 {
            Repr::Plain(s) => (Some(s.as_str()), &[][..]),
            Repr::Translated(pairs) => (None, pairs.as_slice()),
        };
        one.into_iter().chain(pairs.iter().map(|(_, s)| s.as_str()))
    }

    /// This text made plain, in `lang` (see [`Text::pick`]).
    pub fn localized(&self, lang: &str) -> (Text, bool) {
        let (text, fell_back) = self.pick(lang);
        (Text::from(text), fell_back)
    }

    /// A text in several languages.
    pub fn translated(pairs: Vec<(String, String)>) -> Self {
        Text(Repr::Translated(pairs))
    }
}

/// The text a language-neutral reader uses: validation, section keys, importers matching
/// titles. English when there are translations.
impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        self.fallback()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text(Repr::Plain(s))
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text(Repr::Plain(s.to_string()))
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        matches!(&self.0, Repr::Plain(s) if s == other)
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

/// A part of the model that holds [`Text`]: visits each with its field path
/// (`education[1].institution`), so that one walk serves validation (languages, blank
/// translations) and the choice of a CV's language.
pub trait EachText {
    /// Calls `f` with the path and the text of every [`Text`] inside, in the order of the
    /// profile format.
    fn each_text(&mut self, at: &str, f: &mut dyn FnMut(&str, &mut Text));
}

impl EachText for Text {
    fn each_text(&mut self, at: &str, f: &mut dyn FnMut(&str, &mut Text)) {
        f(at, self);
    }
}

impl<T: EachText> EachText for Option<T> {
    fn each_text(&mut self, at: &str, f: &mut dyn FnMut(&str, &mut Text)) {
        if let Some(inner) = self {
            inner.each_text(at, f);
        }
    }
}

impl<T: EachText> EachText for Vec<T> {
    fn each_text(&mut self, at: &str, f: &mut dyn FnMut(&str, &mut Text)) {
        for (i, item) in self.iter_mut().enumerate() {
            item.each_text(&format!("{at}[{i}]"), f);
        }
    }
}

/// Implements [`EachText`] for a struct by visiting the named fields, which are all the
/// fields of the struct that hold text in several languages (directly or below).
macro_rules! each_text_fields {
    ($ty:ty: $($field:ident),+ $(,)?) => {
        impl $crate::profile::EachText for $ty {
            fn each_text(
                &mut self,
                at: &str,
                f: &mut dyn FnMut(&str, &mut $crate::profile::Text),
            ) {
                $(
                    let path = if at.is_empty() {
                        stringify!($field).to_string()
                    } else {
                        format!("{}.{}", at, stringify!($field))
                    };
                    self.$field.each_text(&path, f);
                )+
            }
        }
    };
}
pub(crate) use each_text_fields;

/// A field with translations but none in the CV's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untranslated {
    /// Where it is (`education[0].degree`).
    pub path: String,
    /// The language it is shown in instead.
    pub shown_in: String,
}

/// Every text of `item` made plain in `lang`; returns the fields that have translations but
/// none in `lang` (shown in their fallback language).
pub fn localize<T: EachText>(item: &mut T, lang: &str) -> Vec<Untranslated> {
    let mut untranslated = Vec::new();
    item.each_text("", &mut |path, text| {
        let (plain, fell_back) = text.localized(lang);
        if fell_back {
            untranslated.push(Untranslated {
                path: path.to_string(),
                shown_in: text.fallback_language().unwrap_or_default().to_string(),
            });
        }
        *text = plain;
    });
    untranslated
}

#[cfg(test)]
mod tests;
