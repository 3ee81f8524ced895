//! What a principal investigator's CV adds to a student's: the grants that fund the work and
//! the people supervised. Serde types only; the words they print as are the templates'.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::date::{Date, EndDate};
use super::defaults::is_false;
use super::text::{each_text_fields, Text};

/// A grant, fellowship or contract that funds research.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    /// The project's title.
    pub title: Text,
    /// Who funds it, e.g. `National Science Foundation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub funder: Option<Text>,
    /// The funder's programme, e.g. `CAREER` or `Horizon Europe ERC Starting Grant`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<Text>,
    /// The award number, e.g. `CNS-2145678`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// The amount, a number (`1250000`), printed in the CV language's number format.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<f64>,
    /// The amount's currency, an ISO 4217 code such as `USD`, `EUR` or `CNY`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// The researcher's role: `pi`, `co-pi`, `senior-personnel`, `participant` (printed in the
    /// CV's language), or any other text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<Role<GrantRole>>,
    /// When the funding began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Date>,
    /// When it ends, or `present`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// `true` when `end` is the planned end, not yet reached.
    #[serde(default, skip_serializing_if = "is_false")]
    pub expected: bool,
    /// A remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
}

each_text_fields!(Grant: title, funder, program, note);

/// A role given by a known word (printed in the CV's language) or by free text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Role<K> {
    /// One of the known roles.
    Known(K),
    /// Any other role, as written.
    Other(String),
}

impl<K: Copy + Into<&'static str>> Role<K> {
    /// The key of a known role in the words table, or `None` for free text.
    pub fn key(&self) -> Option<&'static str> {
        match self {
            Role::Known(k) => Some((*k).into()),
            Role::Other(_) => None,
        }
    }
}

/// The roles a grant names in every language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum GrantRole {
    /// Principal investigator.
    Pi,
    /// Co-principal investigator.
    CoPi,
    /// Senior personnel (a co-investigator without the PI's responsibility).
    SeniorPersonnel,
    /// A participant or team member.
    Participant,
}

/// A student, postdoc or visitor the researcher supervised.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Supervision {
    /// The person supervised.
    pub name: Text,
    /// `postdoc`, `phd`, `masters`, `bachelors`, `intern` or `visitor`; the CV groups by it.
    pub level: Level,
    /// `advisor` (the default when left out), `co-advisor`, `mentor`, or any other text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<Role<SupervisionRole>>,
    /// When the supervision began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Date>,
    /// When it ended, or `present`; left out, the person is a current student.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDate>,
    /// `true` when `end` is the expected graduation date.
    #[serde(default, skip_serializing_if = "is_false")]
    pub expected: bool,
    /// The thesis or project title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thesis: Option<Text>,
    /// Where the person went afterwards, e.g. `Assistant Professor, ETH Zürich`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<Text>,
}

each_text_fields!(Supervision: name, thesis, now);

impl Supervision {
    /// Whether the person is still supervised: no end, `present`, or an expected end.
    pub fn is_current(&self) -> bool {
        self.expected || matches!(self.end, None | Some(EndDate::Present))
    }
}

/// The levels of people supervised, in the order a CV lists them.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Deserialize,
    Serialize,
    JsonSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Level {
    /// Postdoctoral researchers.
    Postdoc,
    /// Doctoral students.
    #[default]
    Phd,
    /// Master's students.
    Masters,
    /// Bachelor's students.
    Bachelors,
    /// Interns.
    Intern,
    /// Visiting researchers and students.
    Visitor,
}

impl Level {
    /// Every level, in the order a CV lists them.
    pub const ALL: [Level; 6] = [
        Level::Postdoc,
        Level::Phd,
        Level::Masters,
        Level::Bachelors,
        Level::Intern,
        Level::Visitor,
    ];
}

/// The roles in a supervision named in every language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum SupervisionRole {
    /// The main advisor.
    Advisor,
    /// A co-advisor.
    CoAdvisor,
    /// A mentor.
    Mentor,
}
