//! Text a profile may give in several languages: `institution: Peking University`, or
//! `institution: {en: Peking University, zh: 北京大学}`. A CV in one language shows the text
//! of that language; a field that has translations but not that one shows its English (or its
//! only, or first) text and is listed once as untranslated. Plain text is the same in every
//! language.

use std::fmt;
use std::ops::Deref;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Plain(s) => serializer.serialize_str(s),
            Repr::Translated(pairs) => {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(pairs.len()))?;
                for (lang, text) in pairs {
                    map.serialize_entry(lang, text)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;

        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string, or a map of languages to strings ({en: …, zh: …})")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text::from(v))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Text, E> {
                Ok(Text::from(v))
            }

            // A plain scalar that YAML reads as a number or a boolean (`score: 3.9`,
            // `terms: [2022]`) is text here, as it was before translations. A float comes in
            // its shortest form (`3.70` as `3.7`); the profile loader puts back what was
            // written.
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                Ok(Text::from(v.to_string()))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text::from(v.to_string()))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text::from(v.to_string()))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text::from(v.to_string()))
            }

            fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Text, A::Error> {
                Err(tagged(data))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
                let mut pairs: Vec<(String, String)> = Vec::new();
                while let Some((lang, Translation(text))) =
                    map.next_entry::<String, Translation>()?
                {
                    if pairs.iter().any(|(l, _)| *l == lang) {
                        return Err(de::Error::custom(format!(
                            "the language `{lang}` is given twice"
                        )));
                    }
                    // Bounded like every list of a profile: the text's size is checked later.
                    if pairs.len() >= MAX_TRANSLATIONS {
                        return Err(de::Error::custom(format!(
                            "more than {MAX_TRANSLATIONS} translations of one text"
                        )));
                    }
                    pairs.push((lang, text));
                }
                Ok(Text(Repr::Translated(pairs)))
            }
        }

        deserializer.deserialize_any(TextVisitor)
    }
}

/// One translation's text as a profile gives it: a string (numbers and booleans as the
/// text a plain field would make of them); a YAML null is no text and is refused, never
/// printed as the word `null` or `~`.
struct Translation(String);

impl<'de> Deserialize<'de> for Translation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TranslationVisitor;

        impl<'de> de::Visitor<'de> for TranslationVisitor {
            type Value = Translation;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string, the text in this language")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Translation, E> {
                Ok(Translation(v.to_string()))
            }

            fn visit_string<E: de::Error>(self, v: String) -> Result<Translation, E> {
                Ok(Translation(v))
            }

            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Translation, E> {
                Ok(Translation(v.to_string()))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Translation, E> {
                Ok(Translation(v.to_string()))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Translation, E> {
                Ok(Translation(v.to_string()))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Translation, E> {
                Ok(Translation(v.to_string()))
            }

            fn visit_unit<E: de::Error>(self) -> Result<Translation, E> {
                Err(E::custom(
                    "a translation without text (null); leave the language out, or write its text",
                ))
            }

            fn visit_none<E: de::Error>(self) -> Result<Translation, E> {
                self.visit_unit()
            }

            fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Translation, A::Error> {
                Err(tagged(data))
            }
        }

        deserializer.deserialize_any(TranslationVisitor)
    }
}

/// The error for a tagged value (`!include /etc/hostname`), which YAML hands over as an enum:
/// cvpdf reads no tags, and says so rather than "invalid type: enum".
fn tagged<'de, A: de::EnumAccess<'de>>(data: A) -> A::Error {
    match data.variant::<String>() {
        Ok((tag, _)) => de::Error::custom(format!(
            "`!{tag}` is a YAML tag, and cvpdf reads none; write the text itself (in quotes if \
             it starts with `!`)"
        )),
        Err(error) => error,
    }
}

/// The most translations one text may have (far more than the languages cvpdf knows).
pub const MAX_TRANSLATIONS: usize = 32;

impl JsonSchema for Text {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Text".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let languages: serde_json::Map<String, serde_json::Value> = crate::template::languages()
            .into_iter()
            .map(|lang| (lang, serde_json::json!({ "type": "string" })))
            .collect();
        schemars::json_schema!({
            "description": "Text, or the same text in several languages: `{en: Peking University, zh: 北京大学}`. A CV shows the text of its language, else the English one.",
            "anyOf": [
                { "type": "string" },
                {
                    "type": "object",
                    "properties": languages,
                    "additionalProperties": false,
                    "minProperties": 1
                }
            ]
        })
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
mod tests {
    use super::*;

    fn text(yaml: &str) -> Result<Text, String> {
        serde_yaml::from_str(yaml).map_err(|e| e.to_string())
    }

    #[test]
    fn plain_or_translated() {
        let t = text("{en: Peking University, zh: 北京大学}").unwrap();
        assert_eq!(t.pick("zh"), ("北京大学", false));
        assert_eq!(t.pick("en"), ("Peking University", false));
        assert_eq!(t.pick("de"), ("Peking University", true));
        assert_eq!(&*t, "Peking University");
        let only = text("{zh: 北京大学}").unwrap();
        assert_eq!(only.pick("en"), ("北京大学", true));
        let plain = text("Peking University").unwrap();
        assert_eq!(plain.pick("zh"), ("Peking University", false));
        assert!(text("{en: a, en: b}").is_err());
        assert!(text("{en: [a]}").unwrap_err().contains("expected a string"));
        assert!(text("[a]").unwrap_err().contains("map of languages"));
        assert_eq!(&*text("2022").unwrap(), "2022");
    }

    #[test]
    fn a_null_translation_is_no_text_never_the_word() {
        // Issue 24, bug 8: `{en: null}` printed "null", `{en: ~}` printed "~".
        for yaml in [
            "{en: null, zh: 北京}",
            "{en: ~, zh: 北京}",
            "{en: , zh: 北京}",
        ] {
            let err = serde_yaml::from_str::<Text>(yaml).unwrap_err().to_string();
            assert!(err.contains("without text (null)"), "{yaml}: {err}");
        }
        let quoted: Text = serde_yaml::from_str("{en: \"null\", zh: 北京}").unwrap();
        assert_eq!(quoted.pick("en"), ("null", false));
    }

    #[test]
    fn a_tagged_value_is_refused_by_its_tag() {
        for yaml in ["!include /etc/hostname", "{en: !include /etc/hostname}"] {
            let err = serde_yaml::from_str::<Text>(yaml).unwrap_err().to_string();
            assert!(
                err.contains("is a YAML tag, and cvpdf reads none"),
                "{yaml}: {err}"
            );
        }
    }

    #[test]
    fn serialises_as_written() {
        let t = text("{zh: 北京大学, en: Peking University}").unwrap();
        assert_eq!(
            serde_yaml::to_string(&t).unwrap(),
            "zh: 北京大学\nen: Peking University\n"
        );
        assert_eq!(serde_yaml::to_string(&Text::from("a")).unwrap(), "a\n");
    }
}
