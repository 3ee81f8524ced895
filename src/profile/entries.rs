//! The entries of a profile's sections, as serde types: a degree, a position, a talk and
//! its events, a course, an award, a service role, a skill, a language, and the entries of
//! sections the format does not know.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::date::{Date, EndDate};
use super::defaults::is_false;
use super::text::each_text_fields;
use super::text::Text;

/// A degree.
// `Default` is for code that builds one field by field, such as the importers; a profile
// must still give `institution` and `degree`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Education {
    /// The university or school.
    pub institution: Text,
    /// The degree and field, e.g. `Ph.D. in Computer Science`.
    pub degree: Text,
    /// City and country.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Text>,
    /// When the studies began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Date>,
    /// When they ended, or `present`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// `true` when `end` is the expected graduation date.
    #[serde(default, skip_serializing_if = "is_false")]
    pub expected: bool,
    /// Advisors' names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisors: Vec<Text>,
    /// Grade, e.g. `GPA 3.71/4.0 (top 9%)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Text>,
    /// Further lines, each a bullet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlights: Vec<Text>,
}

/// A position, internship or appointment.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Experience {
    /// The employer.
    pub organization: Text,
    /// The position held.
    pub role: Text,
    /// City and country.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Text>,
    /// When it began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Date>,
    /// When it ended, or `present`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// Mentors' or supervisors' names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentors: Vec<Text>,
    /// What was done, each a bullet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlights: Vec<Text>,
}

/// A talk given at one or more events.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Talk {
    /// The talk's title.
    pub title: Text,
    /// Where and when it was given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<TalkEvent>,
}

/// One occasion a talk was given.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TalkEvent {
    /// The event, seminar or group.
    pub event: Text,
    /// The host institution or city.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Text>,
    /// When.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
}

/// A course taught or assisted.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Teaching {
    /// The course.
    pub course: Text,
    /// Where it was taught.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub institution: Option<Text>,
    /// The role, e.g. `Teaching Assistant`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<Text>,
    /// When, as free text: `Fall 2022`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<Text>,
    /// Duties, each a bullet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlights: Vec<Text>,
}

/// An honour, prize or scholarship.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Award {
    /// The award.
    pub title: Text,
    /// Who gave it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awarder: Option<Text>,
    /// When.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// The years of an award given more than once, e.g. `[2020, 2022]` (instead of `date`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub years: Vec<u16>,
    /// How selective it was, e.g. `4/200`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<Text>,
    /// A remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
}

/// A service role and where it was held.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Service {
    /// The role, e.g. `Reviewer`.
    pub role: Text,
    /// Venues, journals or committees.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub venues: Vec<Text>,
}

/// A group of skills.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// The group's name, e.g. `Programming`.
    pub name: Text,
    /// The skills.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Text>,
}

/// A spoken language.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// The language.
    pub name: Text,
    /// How well, e.g. `Native`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fluency: Option<Text>,
}

/// A section the format does not name, with generic entries.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomSection {
    /// The section's heading (and its key in `section_order`).
    pub title: Text,
    /// Its entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<CustomEntry>,
}

/// An entry of a custom section.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomEntry {
    /// The entry's heading.
    pub title: Text,
    /// A second line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<Text>,
    /// Where.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Text>,
    /// A single date (instead of `start`/`end`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// When it began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Date>,
    /// When it ended, or `present`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// Further lines, each a bullet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highlights: Vec<Text>,
}

each_text_fields!(Education: institution, degree, location, advisors, score, highlights);
each_text_fields!(Experience: organization, role, location, mentors, highlights);
each_text_fields!(Talk: title, events);
each_text_fields!(TalkEvent: event, location);
each_text_fields!(Teaching: course, institution, role, terms, highlights);
each_text_fields!(Award: title, awarder, rank, note);
each_text_fields!(Service: role, venues);
each_text_fields!(Skill: name, keywords);
each_text_fields!(Language: name, fluency);
each_text_fields!(CustomSection: title, entries);
each_text_fields!(CustomEntry: title, subtitle, location, highlights);
