//! The one list of built-in sections. Validation (`section_order`), the lab configuration, the
//! generated source (which sections appear, in which order), the words table
//! (`templates/i18n.yaml`) and the templates' walk over sections (`templates/common.typ`) all
//! follow from [`Section`]; tests check that the last two know every key.

use super::model::Profile;
use super::variant::Content;
use crate::diag::{unknown, Problem};

/// A built-in section of a CV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Section {
    /// The long biography.
    Bio,
    /// Research interests.
    Interests,
    /// Degrees.
    Education,
    /// Positions and internships.
    Experience,
    /// Papers, grouped by kind.
    Publications,
    /// Invited talks.
    Talks,
    /// Honours and awards.
    Awards,
    /// Grants and other funding.
    Grants,
    /// Courses taught.
    Teaching,
    /// Students, postdocs and visitors supervised.
    Supervision,
    /// Reviewing and committee work.
    Service,
    /// Skills by area.
    Skills,
    /// Spoken languages.
    Languages,
    /// Hobbies, always last by default (after custom sections).
    Hobbies,
}

impl Section {
    /// Every built-in section, in its default order on the page.
    pub const ALL: [Section; 14] = [
        Section::Bio,
        Section::Interests,
        Section::Education,
        Section::Experience,
        Section::Publications,
        Section::Talks,
        Section::Awards,
        Section::Grants,
        Section::Teaching,
        Section::Supervision,
        Section::Service,
        Section::Skills,
        Section::Languages,
        Section::Hobbies,
    ];

    /// The key used in profiles, `cvpdf.yaml`, the words table and the templates.
    pub fn key(self) -> &'static str {
        self.into()
    }

    /// The section with this key.
    pub fn from_key(key: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Every key, in the default order.
    pub fn keys() -> impl Iterator<Item = &'static str> + Clone {
        Section::ALL.into_iter().map(Section::key)
    }

    /// Empties this section of `profile` (a variant that does not show it).
    pub fn clear(self, p: &mut Profile) {
        match self {
            Section::Bio => p.bio = None,
            Section::Interests => p.interests.clear(),
            Section::Education => p.education.clear(),
            Section::Experience => p.experience.clear(),
            Section::Publications => p.publications.clear(),
            Section::Talks => p.talks.clear(),
            Section::Awards => p.awards.clear(),
            Section::Grants => p.grants.clear(),
            Section::Teaching => p.teaching.clear(),
            Section::Supervision => p.supervision.clear(),
            Section::Service => p.service.clear(),
            Section::Skills => p.skills.clear(),
            Section::Languages => p.languages.clear(),
            Section::Hobbies => p.hobbies.clear(),
        }
        debug_assert!(!self.has_content(p));
    }

    /// Whether `profile` has anything to show in this section.
    pub fn has_content(self, p: &Profile) -> bool {
        match self {
            Section::Bio => p.bio.is_some(),
            Section::Interests => !p.interests.is_empty(),
            Section::Education => !p.education.is_empty(),
            Section::Experience => !p.experience.is_empty(),
            Section::Publications => !p.publications.is_empty(),
            Section::Talks => !p.talks.is_empty(),
            Section::Awards => !p.awards.is_empty(),
            Section::Grants => !p.grants.is_empty(),
            Section::Teaching => !p.teaching.is_empty(),
            Section::Supervision => !p.supervision.is_empty(),
            Section::Service => !p.service.is_empty(),
            Section::Skills => !p.skills.is_empty(),
            Section::Languages => !p.languages.is_empty(),
            Section::Hobbies => !p.hobbies.is_empty(),
        }
    }
}

/// The custom section of `p` that `key` names: by its title in any of its languages.
pub fn custom_section(p: &Profile, key: &str) -> Option<usize> {
    p.sections
        .iter()
        .position(|s| s.title.texts().any(|title| title == key))
}

/// Makes the CV's order of sections (the profile's `section_order`, else the lab's
/// `lab_order`) the profile's, each custom section named by its title in `lang`: a custom
/// section may be listed in any of its languages, and keeps its place in every language's
/// CV. Called before the profile's texts are put in `lang`.
pub fn order_in(p: &mut Profile, lab_order: &[String], lang: &str) {
    let listed = if p.section_order.is_empty() {
        lab_order.to_vec()
    } else {
        std::mem::take(&mut p.section_order)
    };
    let mut order: Vec<String> = Vec::with_capacity(listed.len());
    for key in listed {
        let key = match custom_section(p, &key) {
            Some(i) if Section::from_key(&key).is_none() => {
                p.sections[i].title.pick(lang).0.to_string()
            }
            _ => key,
        };
        // One section under two of its names is shown once, where it is first named.
        if !order.contains(&key) {
            order.push(key);
        }
    }
    p.section_order = order;
}

/// Problems with a list of section keys at `field`; `custom` are further allowed keys (a
/// profile's own sections).
pub(crate) fn section_keys(keys: &[String], field: &str, custom: Option<&[&str]>) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        if Section::from_key(key).is_some() {
            continue;
        }
        let known_custom = match custom {
            Some(custom) => custom.contains(&key.as_str()),
            // The lab's configuration cannot know its profiles' custom sections: a key is
            // taken for one's title unless it is a misspelt built-in key.
            None => crate::diag::close_to(key, Section::keys()).is_none(),
        };
        if !known_custom {
            let known: Vec<String> = Section::keys()
                .map(str::to_string)
                .chain(custom.unwrap_or_default().iter().map(|c| c.to_string()))
                .collect();
            problems.push(
                unknown("section", key, known.iter().map(String::as_str), || {
                    format!("the sections are: {}", known.join(", "))
                })
                .at_field(format!("{field}[{i}]")),
            );
        }
    }
    problems
}

/// What a variant shows, applied to a profile.
impl Content {
    /// Leaves out of `profile` what this content does not show. The CV's walk then drops
    /// every section left empty, so no title stands over nothing. It lives here, beside the
    /// sections it clears, so that the variant's types need not know the profile holding them.
    pub fn select(&self, profile: &mut Profile) {
        self.publications.apply(&mut profile.publications);
        if let Some(keys) = &self.sections {
            for section in Section::ALL {
                if !keys.iter().any(|k| k == section.key()) {
                    section.clear(profile);
                }
            }
            profile
                .sections
                .retain(|s| s.title.texts().any(|title| keys.iter().any(|k| k == title)));
            // A section named twice is shown once, where it is first named.
            let mut seen = std::collections::HashSet::new();
            profile.section_order = keys
                .iter()
                .filter(|k| seen.insert(k.as_str()))
                .cloned()
                .collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_custom_section_keeps_its_place_in_every_language() {
        // Issue 25, bug 13: listed by its English title, it lost its place in Chinese.
        let yaml = "name: A\neducation: [{institution: I, degree: D}]\nsections: [{title: {en: Patents, zh: 专利}, entries: [{title: P}]}]\nsection_order: [Patents]\n";
        let mut p = crate::profile::parse(yaml, std::path::Path::new(".")).unwrap();
        order_in(&mut p, &[], "zh");
        assert_eq!(p.section_order, ["专利"]);
        let mut p = crate::profile::parse(
            &yaml.replace("[Patents]", "[专利, bio]"),
            std::path::Path::new("."),
        )
        .unwrap();
        order_in(&mut p, &[], "en");
        assert_eq!(p.section_order, ["Patents", "bio"]);
        // Without an order of its own, the lab's.
        let mut p = crate::profile::parse(
            &yaml.replace("section_order: [Patents]\n", ""),
            std::path::Path::new("."),
        )
        .unwrap();
        order_in(&mut p, &["Patents".into(), "education".into()], "zh");
        assert_eq!(p.section_order, ["专利", "education"]);
    }

    #[test]
    fn keys_round_trip() {
        for section in Section::ALL {
            assert_eq!(Section::from_key(section.key()), Some(section));
        }
        assert_eq!(Section::from_key("pubs"), None);
    }

    #[test]
    fn every_words_table_titles_every_section_and_nothing_else() {
        let tables: serde_yaml::Mapping =
            serde_yaml::from_str(include_str!("../../templates/i18n.yaml")).unwrap();
        for (lang, table) in &tables {
            let titles: Vec<&str> = table["sections"]
                .as_mapping()
                .unwrap()
                .keys()
                .map(|k| k.as_str().unwrap())
                .collect();
            assert_eq!(titles, Section::keys().collect::<Vec<_>>(), "{lang:?}");
        }
    }

    #[test]
    fn the_templates_walk_knows_every_section() {
        let common = include_str!("../../templates/common.typ");
        for key in Section::keys() {
            assert!(
                common.contains(&format!("key == \"{key}\"")),
                "templates/common.typ does not lay out the section {key:?}"
            );
        }
    }
}
