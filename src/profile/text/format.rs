//! A [`Text`] in the profile format: read from a string or a map of languages (with the
//! written form of a typed scalar kept, tags refused, languages bounded), written back the
//! same way, and described in the JSON Schema.

use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Repr, Text};

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
