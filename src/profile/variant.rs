//! Variants: more CVs from one profile. A variant is a named set of style keys (any key of
//! `cvpdf.yaml`'s look: template, language, paper, …) and content keys (which publications,
//! which sections, how many pages), defined lab-wide in `cvpdf.yaml` under `variants:` and,
//! when a person needs their own, in the profile (the profile's entry of the same name wins,
//! key by key). `cvpdf render p.yaml --variant short` writes `p-short.pdf`.

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::look::{Numbering, Paper, PhotoShape};
use super::Publication;
use crate::diag::{unknown, Problem};

/// The name `--variant` gives the full CV (the profile with the lab's style and no variant).
pub const FULL: &str = "full";

/// The name `--variant` gives the full CV and every variant.
pub const ALL: &str = "all";

/// The longest variant name: it becomes part of file names.
const MAX_NAME: usize = 40;

/// The most variants a configuration or a profile may define: each is a CV rendered with
/// `--variant all`, so a file cannot ask for thousands of renders.
pub const MAX_VARIANTS: usize = 50;

/// A problem when `variants` holds more than [`MAX_VARIANTS`] entries.
pub fn count_problem(variants: &Variants) -> Option<Problem> {
    (variants.len() > MAX_VARIANTS).then(|| {
        Problem::error(format!(
            "{} variants are defined; at most {MAX_VARIANTS} are accepted",
            variants.len()
        ))
        .at_field("variants")
    })
}

/// A variant as written: every key optional; absent keys keep the lab's setting.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// A built-in template name (or, in `cvpdf.yaml`, a `.typ` path relative to it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
    /// How publications are printed: `cvpdf`, a citation style Typst ships (`apa`, `ieee`, …)
    /// or, in `cvpdf.yaml`, a `.csl` file relative to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citation_style: Option<String>,
    /// `a4` or `us-letter`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paper: Option<Paper>,
    /// The accent colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accent: Option<String>,
    /// The body font family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub font: Option<String>,
    /// The language of the CV: its own words, and the profile's text given in that language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// How publications are numbered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
    /// How photos are cropped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo: Option<PhotoShape>,
    /// Whether the header shows icons.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icons: Option<bool>,
    /// Whether a text without a translation into the CV's language is an error (otherwise
    /// a warning, and the English text is shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
    /// The most pages the CV may have: a longer one is tightened (space, then type size, then
    /// margins, within bounds) and fails if even the tightest setting is too long.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pages: Option<u16>,
    /// Which publications: `all` (default), `selected`, `{since: 2020}` or `{newest: 10}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publications: Option<PublicationFilter>,
    /// Which sections, in this order (the others are left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sections: Option<Vec<String>>,
}

impl Variant {
    /// `self` with every key `over` sets replaced by its value.
    pub fn overlaid(&self, over: &Variant) -> Variant {
        fn pick<T: Clone>(base: &Option<T>, over: &Option<T>) -> Option<T> {
            over.clone().or_else(|| base.clone())
        }
        Variant {
            template: pick(&self.template, &over.template),
            citation_style: pick(&self.citation_style, &over.citation_style),
            paper: pick(&self.paper, &over.paper),
            accent: pick(&self.accent, &over.accent),
            font: pick(&self.font, &over.font),
            lang: pick(&self.lang, &over.lang),
            numbering: pick(&self.numbering, &over.numbering),
            photo: pick(&self.photo, &over.photo),
            icons: pick(&self.icons, &over.icons),
            strict: pick(&self.strict, &over.strict),
            max_pages: pick(&self.max_pages, &over.max_pages),
            publications: pick(&self.publications, &over.publications),
            sections: pick(&self.sections, &over.sections),
        }
    }

    /// The keys this variant sets, as written (for telling where a bad value came from).
    pub fn keys(&self) -> Vec<&'static str> {
        let set = [
            ("template", self.template.is_some()),
            ("citation_style", self.citation_style.is_some()),
            ("paper", self.paper.is_some()),
            ("accent", self.accent.is_some()),
            ("font", self.font.is_some()),
            ("lang", self.lang.is_some()),
            ("numbering", self.numbering.is_some()),
            ("photo", self.photo.is_some()),
            ("icons", self.icons.is_some()),
            ("strict", self.strict.is_some()),
            ("max_pages", self.max_pages.is_some()),
            ("publications", self.publications.is_some()),
            ("sections", self.sections.is_some()),
        ];
        set.into_iter()
            .filter(|(_, s)| *s)
            .map(|(k, _)| k)
            .collect()
    }
}

/// Which publications a variant shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PublicationFilter {
    /// Every one.
    #[default]
    All,
    /// Those marked `selected: true`.
    Selected,
    /// Those of this year or later.
    Since(u16),
    /// The newest this many.
    Newest(u16),
}

impl PublicationFilter {
    /// Keeps the publications this filter shows, in their order.
    pub fn apply(self, publications: &mut Vec<Publication>) {
        match self {
            PublicationFilter::All => {}
            PublicationFilter::Selected => publications.retain(|p| p.selected),
            PublicationFilter::Since(year) => {
                publications.retain(|p| p.year.is_none_or(|y| y >= year))
            }
            PublicationFilter::Newest(n) => {
                // The same order the CV shows: newest first, undated months last in a year,
                // the profile's order among equals.
                let mut order: Vec<usize> = (0..publications.len()).collect();
                order.sort_by_key(|&i| {
                    let p = &publications[i];
                    std::cmp::Reverse(p.recency())
                });
                let keep: std::collections::HashSet<usize> =
                    order.into_iter().take(usize::from(n)).collect();
                let mut i = 0;
                publications.retain(|_| {
                    i += 1;
                    keep.contains(&(i - 1))
                });
            }
        }
    }
}

impl Serialize for PublicationFilter {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            PublicationFilter::All => serializer.serialize_str("all"),
            PublicationFilter::Selected => serializer.serialize_str("selected"),
            PublicationFilter::Since(y) | PublicationFilter::Newest(y) => {
                let key = if matches!(self, PublicationFilter::Since(_)) {
                    "since"
                } else {
                    "newest"
                };
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry(key, y)?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for PublicationFilter {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FilterVisitor;

        impl<'de> Visitor<'de> for FilterVisitor {
            type Value = PublicationFilter;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`all`, `selected`, `since: YEAR` or `newest: N`")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                match v {
                    "all" => Ok(PublicationFilter::All),
                    "selected" => Ok(PublicationFilter::Selected),
                    other => Err(E::custom(
                        unknown("publication choice", other, ["all", "selected"], || {
                            "write `all`, `selected`, `since: YEAR` or `newest: N`".into()
                        })
                        .message,
                    )),
                }
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let Some(key) = map.next_key::<String>()? else {
                    return Err(de::Error::custom(
                        "write `since: YEAR` or `newest: N` (one key)",
                    ));
                };
                let filter = match key.as_str() {
                    "since" => PublicationFilter::Since(map.next_value()?),
                    "newest" => PublicationFilter::Newest(map.next_value()?),
                    other => {
                        return Err(de::Error::custom(
                            unknown("publication choice", other, ["since", "newest"], || {
                                "write `since: YEAR` or `newest: N`".into()
                            })
                            .message,
                        ))
                    }
                };
                if map.next_key::<String>()?.is_some() {
                    return Err(de::Error::custom(
                        "write `since: YEAR` or `newest: N`, not both",
                    ));
                }
                Ok(filter)
            }
        }

        deserializer.deserialize_any(FilterVisitor)
    }
}

impl JsonSchema for PublicationFilter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PublicationFilter".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Which publications: `all`, `selected`, `{since: YEAR}` or `{newest: N}`.",
            "anyOf": [
                { "enum": ["all", "selected"] },
                { "type": "object", "properties": { "since": { "type": "integer", "minimum": 1000, "maximum": 9999 } }, "required": ["since"], "additionalProperties": false },
                { "type": "object", "properties": { "newest": { "type": "integer", "minimum": 0 } }, "required": ["newest"], "additionalProperties": false }
            ]
        })
    }
}

/// What a variant shows, resolved: which publications and sections, and the page budget.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Content {
    /// Which publications.
    pub publications: PublicationFilter,
    /// Which sections in which order (built-in keys or custom section titles), or all.
    pub sections: Option<Vec<String>>,
    /// The most pages.
    pub max_pages: Option<u16>,
}

/// Problems with a variant's name: it becomes part of file names (`cv-short.pdf`), so it is a
/// short word of lower-case letters, digits, `-` and `_`, and not `all` or `full`.
pub fn name_problem(name: &str) -> Option<Problem> {
    let ok = !name.is_empty()
        && name.len() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && name.starts_with(|c: char| c.is_ascii_alphanumeric());
    if !ok {
        return Some(
            Problem::error(format!("\"{name}\" cannot name a variant"))
                .with_help(format!("a variant's name becomes part of file names: use up to {MAX_NAME} lower-case letters, digits, - and _ (e.g. `short`, `zh`, `grant-2025`)")),
        );
    }
    if name == FULL || name == ALL {
        return Some(
            Problem::error(format!("\"{name}\" cannot name a variant"))
                .with_help(format!("`--variant {FULL}` is the full CV and `--variant {ALL}` every CV; choose another name")),
        );
    }
    None
}

/// Every CV of a profile: the full one (none), then each variant its lab or the profile
/// defines, by name, once each.
pub fn every_cv(
    lab: impl IntoIterator<Item = String>,
    own: impl IntoIterator<Item = String>,
) -> Vec<Option<String>> {
    let mut names: Vec<String> = lab.into_iter().chain(own).collect();
    names.sort();
    names.dedup();
    std::iter::once(None)
        .chain(names.into_iter().map(Some))
        .collect()
}

/// The variants a profile and its lab define, by name.
pub type Variants = BTreeMap<String, Variant>;

#[cfg(test)]
mod tests;
