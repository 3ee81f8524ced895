//! The serde types of a profile: what a researcher writes in `profiles/<slug>.yaml`.
//!
//! Every struct refuses unknown keys, so a misspelt key is an error (with a suggestion) rather
//! than a silently missing section. Field names are the profile format's names, and these doc
//! comments their reference (`docs/reference/profile.md` is generated from them). Checks that
//! need more than types live in `validate/`; the entries of the sections in `entries.rs`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::date::Date;
use super::defaults::is_default;
use super::entries::*;
use super::publication::Publication;
use super::record::{Grant, Supervision};
use super::text::each_text_fields;
use super::text::Text;

impl Profile {
    /// Every name the researcher goes by — `name`, `native_name`, `name_variants` — as
    /// written: the one set that author lists bold, the lab matches papers to members by and
    /// `publish` finds the person's page with.
    pub fn own_names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str())
            .chain(self.native_name.as_deref())
            .chain(self.name_variants.iter().map(String::as_str))
    }
}

/// One researcher's profile. Only `name` is required.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The name as it is written in Latin script, e.g. `Zhiyao Li`.
    pub name: String,
    /// The name in the researcher's own script, shown beside `name`, e.g. `李之尧`; bolded in
    /// author lists like `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub native_name: Option<String>,
    /// Other spellings of the own name (`Z. Li`), bolded in author lists like `name`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub name_variants: Vec<String>,
    /// The current position, e.g. `Ph.D. Student, Peking University`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<Text>,
    /// Where the lab's people page (`cvpdf lab`) lists the researcher: `faculty`, `staff`,
    /// `postdoc`, `phd-student`, `masters-student`, `undergraduate`, `visitor` or `alumni`.
    /// Not shown in the CV.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<MemberGroup>,
    /// A photo, relative to the profile file and inside its directory tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo: Option<String>,
    /// About the researcher, in one or more paragraphs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bio: Option<Text>,
    /// Research interests.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interests: Vec<Text>,
    /// Current affiliations, shown in the header.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub affiliations: Vec<Affiliation>,
    /// How to reach the researcher.
    #[serde(default, skip_serializing_if = "is_default")]
    pub contact: Contact,
    /// Profiles elsewhere (GitHub, Google Scholar, ORCID, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Degrees, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub education: Vec<Education>,
    /// Positions and internships, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub experience: Vec<Experience>,
    /// Papers; cvpdf orders them newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub publications: Vec<Publication>,
    /// Grants and other funding, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Students, postdocs and visitors supervised; the CV groups them by level, current first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supervision: Vec<Supervision>,
    /// Talks, one entry per talk title with the events where it was given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub talks: Vec<Talk>,
    /// Courses taught or assisted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teaching: Vec<Teaching>,
    /// Honours and awards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awards: Vec<Award>,
    /// Reviewing, committees and other service.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub service: Vec<Service>,
    /// Skills grouped under a name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<Skill>,
    /// Spoken languages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<Language>,
    /// Hobbies and interests outside research.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hobbies: Vec<Text>,
    /// Sections the format does not know, with generic entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<CustomSection>,
    /// Section keys in the order they should appear, overriding the default order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub section_order: Vec<String>,
    /// When the profile was last brought up to date; shown in the footer and used as the PDF's
    /// date when `SOURCE_DATE_EPOCH` is not set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated: Option<Date>,
    /// This person's own variants, or changes to the lab's (`cvpdf.yaml`): the keys given here
    /// win over the lab's variant of the same name, key by key.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub variants: super::variant::Variants,
    /// Where the researcher's papers live, which `cvpdf sync` keeps `publications` current
    /// from: a DBLP person id, an ORCID iD, an OpenAlex author id. Not shown in the CV.
    #[serde(default, skip_serializing_if = "super::sources::Sources::is_empty")]
    pub sources: super::sources::Sources,
}

/// The groups of a lab's people page, in the order the page lists them.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Deserialize,
    Serialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum MemberGroup {
    /// Professors and principal investigators.
    Faculty,
    /// Research and administrative staff.
    Staff,
    /// Postdoctoral researchers.
    Postdoc,
    /// Doctoral students.
    PhdStudent,
    /// Master's students.
    MastersStudent,
    /// Undergraduate students.
    Undergraduate,
    /// Visiting researchers and students.
    Visitor,
    /// Former members.
    Alumni,
}

impl MemberGroup {
    /// Every group, in the order of the people page.
    pub const ALL: [MemberGroup; 8] = [
        MemberGroup::Faculty,
        MemberGroup::Staff,
        MemberGroup::Postdoc,
        MemberGroup::PhdStudent,
        MemberGroup::MastersStudent,
        MemberGroup::Undergraduate,
        MemberGroup::Visitor,
        MemberGroup::Alumni,
    ];

    /// The name written in a profile (`phd-student`), also the key of its title in
    /// `templates/i18n.yaml`.
    pub fn key(self) -> &'static str {
        self.into()
    }
}

/// An institution the researcher belongs to.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Affiliation {
    /// The institution's name.
    pub name: Text,
    /// Its web page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// Contact details; all optional.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// E-mail address (linked with `mailto:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Telephone number, as it should be printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// Personal home page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
    /// Postal address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<Text>,
}

/// What kind of page a [`Link`] points to; decides its default label.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum LinkKind {
    /// A GitHub profile.
    Github,
    /// A Google Scholar profile.
    GoogleScholar,
    /// An ORCID record.
    Orcid,
    /// A DBLP page.
    Dblp,
    /// A LinkedIn profile.
    Linkedin,
    /// An X (Twitter) profile.
    X,
    /// A web site.
    Website,
    /// Anything else.
    Other,
}

/// A link to one of the researcher's pages elsewhere.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// What the link points to.
    pub kind: LinkKind,
    /// The address.
    pub url: String,
    /// The text shown for it; defaults to a name for `kind`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Text>,
}

each_text_fields!(Profile: headline, bio, interests, affiliations, contact, links, education,
    experience, publications, grants, supervision, talks, teaching, awards, service, skills,
    languages, hobbies,
    sections);
each_text_fields!(Affiliation: name);
each_text_fields!(Contact: address);
each_text_fields!(Link: label);
